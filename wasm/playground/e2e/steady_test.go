//go:build browser && !js

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// haloJS samples the leader's halo (g.leader-mark) on each of n animation
// frames and returns the frames on which it was drawn anywhere but around
// a broker's box: the halo is the box grown by 5 viewBox units on each
// side (renderLeaderMark), so each edge must be within 2 px of that. want
// names the broker it must be around ("" for any broker). It also returns
// how many frames showed the halo.
const haloJS = `new Promise(done => {
	const bad = []; let seen = 0, frames = 0;
	const look = () => {
		const svg = document.getElementById("diagram");
		const h = svg && svg.querySelector("g.leader-mark rect");
		if (h) {
			seen++;
			const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
			const r = h.getBoundingClientRect();
			const near = b => Math.abs(r.left - (b.left - 5 * k)) <= 2 && Math.abs(r.top - (b.top - 5 * k)) <= 2 &&
				Math.abs(r.right - (b.right + 5 * k)) <= 2 && Math.abs(r.bottom - (b.bottom + 5 * k)) <= 2;
			const boxes = [...svg.querySelectorAll("g.node.broker")].filter(g => %q === "" || g.dataset.node === %q)
				.map(g => g.querySelector("rect.box").getBoundingClientRect());
			if (!boxes.some(near) && bad.length < 5) bad.push(document.getElementById("clock").textContent + ": halo at " +
				[r.left, r.top, r.width, r.height].map(Math.round).join(","));
		}
		if (++frames < %d) requestAnimationFrame(look); else done({seen, bad});
	};
	requestAnimationFrame(look);
})`

type haloReport struct {
	Seen int      `json:"seen"`
	Bad  []string `json:"bad"`
}

func sampleHalo(t *testing.T, ctx context.Context, want string, frames int) haloReport {
	t.Helper()
	r, err := chromedp.Run(ctx, chromedp.Evaluate[haloReport](fmt.Sprintf(haloJS, want, want, frames), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestBrowserLeaderMarkInPlace: in the KIP-101 preset the partition has
// no leader from 11 s (both brokers fenced, "Leader: none") until the
// controller elects broker 2 at 14.7 s; the leader's mark must appear on
// broker 2's box, never slide in from the corner of the diagram. A rewind
// by clicking the first election in the event log must show it on broker
// 1 at once, not sliding back across the diagram from broker 2.
func TestBrowserLeaderMarkInPlace(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=kip101-before-the-fix")
	// Half a second before the election, at the top speed.
	evalJS[bool](t, ctx, `(() => {
		const s = document.getElementById("speed"); s.value = s.max; s.dispatchEvent(new Event("input", {bubbles: true}));
		const tl = document.getElementById("timeline"); tl.value = 14200;
		tl.dispatchEvent(new Event("input", {bubbles: true})); tl.dispatchEvent(new Event("change", {bubbles: true}));
		return true;
	})()`)
	pollJS(t, ctx, `document.getElementById("clock").textContent.startsWith("00:00:14.2")`, 10*time.Second, "the scrub to 14.2 s")
	pollJS(t, ctx, `document.querySelector("#diagram g.leader-mark") === null`, 5*time.Second, "a halo drawn while the partition has no leader")
	setPlaying(t, ctx, true)
	r := sampleHalo(t, ctx, "", 150)
	if r.Seen == 0 {
		t.Fatalf("no halo in 150 frames after the election; clock %s", evalJS[string](t, ctx, `document.getElementById("clock").textContent`))
	}
	if len(r.Bad) > 0 {
		t.Errorf("the halo was away from every broker box on %d frames, e.g.:\n%s", len(r.Bad), strings.Join(r.Bad, "\n"))
	}
	if got := evalJS[string](t, ctx, `document.querySelector('#diagram g.node[data-role="leader"]').dataset.node`); got != "b2" {
		t.Fatalf("leader %s after 14.7 s, want b2", got)
	}
	screenshot(t, ctx, "kplay-halo-elected.png")
	setPlaying(t, ctx, false)
	evalJS[bool](t, ctx, `(() => { [...document.querySelectorAll("#events li[data-at]")].find(li => li.textContent.includes("leader b1 in leader epoch 0")).click(); return true; })()`)
	r = sampleHalo(t, ctx, "b1", 60)
	if r.Seen < 55 {
		t.Errorf("the halo showed on %d of 60 frames after the rewind, want every one but the first", r.Seen)
	}
	if len(r.Bad) > 0 {
		t.Errorf("after the rewind the halo was away from broker 1's box:\n%s", strings.Join(r.Bad, "\n"))
	}
	screenshot(t, ctx, "kplay-halo-rewound.png")
	noPageErrors(t, pageErrors)
}

// boxesJS is every broker box's place on the page (document coordinates,
// rounded to the pixel), e.g. "b1 8,512,320,120 b2 …".
const boxesJS = `[...document.querySelectorAll("#diagram g.node.broker")].map(g => {
	const r = g.querySelector("rect.box").getBoundingClientRect();
	return g.dataset.node + " " + [r.left + scrollX, r.top + scrollY, r.width, r.height].map(Math.round).join(",");
}).join(" ")`

// TestBrowserBoxesStayPutThroughCaptions: on a phone and in an 800-px
// embed the caption sits above the diagram; it said four lines (two in
// the embed) before a crash and one after, which moved every broker box
// up by the difference. Through a crash of the leader and the election
// that follows, the boxes keep their places to the pixel.
func TestBrowserBoxesStayPutThroughCaptions(t *testing.T) {
	for _, sz := range pageSizes[1:] {
		t.Run(sz.name, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, sz.path)
			setPlaying(t, ctx, false)
			waitFrames(t, ctx)
			before := evalJS[string](t, ctx, boxesJS)
			caption := evalJS[string](t, ctx, `document.getElementById("caption").textContent`)
			screenshot(t, ctx, "kplay-steady-before-"+sz.name+".png")
			// "Try this: Crash the leader (broker 1)", the learner's click.
			evalJS[bool](t, ctx, `(() => { [...document.querySelectorAll(".try-this button")].find(b => b.textContent.startsWith("Crash the leader")).click(); return true; })()`)
			pollJS(t, ctx, `document.querySelector('#diagram g.node[data-node="b1"]').dataset.alive === "false"`, 10*time.Second, "broker 1 did not crash")
			evalJS[bool](t, ctx, `(() => { const s = document.getElementById("speed"); if (s) { s.value = s.max; s.dispatchEvent(new Event("input", {bubbles: true})); } return true; })()`)
			setPlaying(t, ctx, true)
			pollJS(t, ctx, `(() => { const g = document.querySelector('#diagram g.node[data-role="leader"]'); return g !== null && g.dataset.node !== "b1"; })()`, 60*time.Second, "no election after the crash")
			setPlaying(t, ctx, false)
			waitFrames(t, ctx)
			if c := evalJS[string](t, ctx, `document.getElementById("caption").textContent`); c == caption {
				t.Fatalf("the caption did not change (%q), so this tests nothing", c)
			}
			if after := evalJS[string](t, ctx, boxesJS); after != before {
				t.Errorf("the broker boxes moved:\nbefore %s\nafter  %s", before, after)
			}
			screenshot(t, ctx, "kplay-steady-after-"+sz.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}

// waitFrames waits two animation frames, so the page has drawn what it was
// asked to.
func waitFrames(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("waiting for a frame: %v", err)
	}
}

// diagramAtJS is the diagram's place on the page, rounded to the pixel.
const diagramAtJS = `(() => { const r = document.getElementById("diagram").getBoundingClientRect(); return [r.left + scrollX, r.top + scrollY, r.width, r.height].map(Math.round).join(","); })()`

// TestBrowserQuestionBesideTheDiagram: at 1280×800 a lesson's question
// opened above the diagram and pushed it 200–300 px down, broker 3 off
// the screen while the learner answered a question about it. The card is
// in the side column now: the diagram is where it was while the question
// shows, and after the answer, and the card is on screen.
func TestBrowserQuestionBesideTheDiagram(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=acks1-loss")
	setPlaying(t, ctx, false)
	waitFrames(t, ctx)
	before := evalJS[string](t, ctx, diagramAtJS)
	evalJS[bool](t, ctx, `(() => { document.querySelector(".marker-ask").click(); return true; })()`)
	pollJS(t, ctx, `document.querySelector("#ask .ask-option") !== null`, 10*time.Second, "the first question never opened")
	waitFrames(t, ctx)
	if at := evalJS[string](t, ctx, diagramAtJS); at != before {
		t.Errorf("the question moved the diagram: %s before, %s while it shows", before, at)
	}
	if !evalJS[bool](t, ctx, `document.getElementById("ask").closest("aside.side") !== null`) {
		t.Error("the question card is not in the side column")
	}
	if got := evalJS[string](t, ctx, `(() => { const r = document.getElementById("ask").getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight ? "" : Math.round(r.top) + "–" + Math.round(r.bottom); })()`); got != "" {
		t.Errorf("the question card is not on the first screen: %s", got)
	}
	screenshot(t, ctx, "kplay-question-1280x800.png")
	evalJS[bool](t, ctx, `(() => { document.querySelector("#ask .ask-option").click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("ask-answer") !== null`, 5*time.Second, "no answer after picking an option")
	waitFrames(t, ctx)
	if at := evalJS[string](t, ctx, diagramAtJS); at != before {
		t.Errorf("the answer moved the diagram: %s before, %s with the answer", before, at)
	}
	// "Show me" is styled like the page's buttons, not the browser's grey.
	if bg := evalJS[string](t, ctx, `(() => { const b = document.getElementById("ask-show"); return b ? getComputedStyle(b).backgroundColor : "none"; })()`); bg == "rgb(239, 239, 239)" || bg == "rgb(240, 240, 240)" {
		t.Errorf("Show me has the native button background %s", bg)
	}
	screenshot(t, ctx, "kplay-answer-1280x800.png")
	noPageErrors(t, pageErrors)
}

// TestBrowserEmbedQuestionInView: an 800×600 embed that does not grow to
// its content (opened by itself, or framed at a fixed height) shows a
// lesson's question on its screen when playback stops for it. It sat in the
// side column, 200 px below the frame's bottom, and the stopped lesson
// looked frozen to a learner.
func TestBrowserEmbedQuestionInView(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 800, 600, "/embed.html?preset=acks1-loss&controls=min")
	setPlaying(t, ctx, true)
	pollJS(t, ctx, `document.querySelector("#ask .ask-option") !== null`, 60*time.Second, "playback never stopped at the first question")
	waitFrames(t, ctx)
	if got := evalJS[string](t, ctx, `(() => { const r = document.getElementById("ask").getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1 ? "" : Math.round(r.top) + "–" + Math.round(r.bottom); })()`); got != "" {
		t.Errorf("the question card is not in the 800×600 frame: %s", got)
	}
	screenshot(t, ctx, "kplay-embed-question-800x600.png")
	noPageErrors(t, pageErrors)
}

// TestBrowserCopyFallbackFloats: when the browser refuses the clipboard,
// "Copy link" shows a field to select the link from; it floats under the
// buttons and moves nothing on the page (it took a row of its own and
// pushed the page down 30 px), and its × closes it.
func TestBrowserCopyFallbackFloats(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/")
	setPlaying(t, ctx, false)
	waitFrames(t, ctx)
	before := evalJS[string](t, ctx, diagramAtJS)
	evalJS[bool](t, ctx, `(() => {
		Object.defineProperty(navigator, "clipboard", {configurable: true, value: {writeText: () => Promise.reject(new DOMException("blocked", "NotAllowedError"))}});
		document.getElementById("share").click();
		return true;
	})()`)
	pollJS(t, ctx, `(() => { const i = document.querySelector("#copied input"); return i !== null && i.value.includes("#s=1."); })()`, 10*time.Second, "no fallback field with the link")
	waitFrames(t, ctx)
	if at := evalJS[string](t, ctx, diagramAtJS); at != before {
		t.Errorf("the fallback field moved the page: the diagram at %s before, %s after", before, at)
	}
	if got := evalJS[string](t, ctx, `(() => { const r = document.getElementById("copied").getBoundingClientRect(), b = document.getElementById("share").getBoundingClientRect();
		return r.top >= b.bottom - 1 && r.top < b.bottom + 40 && r.right <= innerWidth ? "" : [r.left, r.top, r.right, b.bottom].map(Math.round).join(","); })()`); got != "" {
		t.Errorf("the fallback field is not just under the buttons: %s", got)
	}
	screenshot(t, ctx, "kplay-copy-fallback-1280x800.png")
	evalJS[bool](t, ctx, `(() => { document.getElementById("copied-close").click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("copied") === null`, 5*time.Second, "the × does not close the fallback")
	noPageErrors(t, pageErrors)
}

// TestBrowserPhoneReadingOrder: on a phone "What to watch" (the preset's
// introduction) comes right under the diagram, before the legend (it was
// some 1,300 px down, under a twelve-row legend); and the settings table
// wraps a setting's name only at its dots, never inside a word.
func TestBrowserPhoneReadingOrder(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 390, 844, "/")
	setPlaying(t, ctx, false)
	got := evalJS[string](t, ctx, `(() => {
		const y = sel => { const e = document.querySelector(sel); return e ? e.getBoundingClientRect().top + scrollY : NaN; };
		const wrap = document.querySelector(".diagram-wrap").getBoundingClientRect().bottom + scrollY;
		const sum = y("#summary"), leg = y("ul.legend");
		return sum > wrap && sum < wrap + 40 && leg > sum ? "" : "diagram ends " + Math.round(wrap) + ", What to watch at " + Math.round(sum) + ", legend at " + Math.round(leg);
	})()`)
	if got != "" {
		t.Errorf("phone order: %s", got)
	}
	evalJS[bool](t, ctx, `(() => { document.getElementById("summary").scrollIntoView(); return true; })()`)
	screenshot(t, ctx, "kplay-phone-order-390x844.png")
	pollJS(t, ctx, `document.querySelector("#config-panel details") !== null`, 10*time.Second, "no settings table")
	evalJS[bool](t, ctx, `(() => { const d = document.querySelector("#config-panel details"); d.open = true; d.scrollIntoView(); return true; })()`)
	waitFrames(t, ctx)
	bad := evalJS[[]string](t, ctx, `(() => {
		const bad = [];
		for (const c of document.querySelectorAll(".cfg-table td:first-child code")) {
			for (const n of c.childNodes) {
				if (n.nodeType !== Node.TEXT_NODE) continue;
				const r = document.createRange(); r.selectNodeContents(n);
				const tops = new Set([...r.getClientRects()].map(q => Math.round(q.top)));
				if (tops.size > 1) bad.push(c.textContent + ": " + JSON.stringify(n.textContent) + " wraps");
			}
		}
		return bad;
	})()`)
	if len(bad) > 0 {
		t.Errorf("setting names wrap inside a word:\n%s", strings.Join(bad, "\n"))
	}
	if n := evalJS[int](t, ctx, `document.querySelectorAll(".cfg-table td:first-child code").length`); n == 0 {
		t.Fatal("no setting names in the table")
	}
	screenshot(t, ctx, "kplay-phone-settings-390x844.png")
	noPageErrors(t, pageErrors)
}
