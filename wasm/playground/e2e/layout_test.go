//go:build browser && !js

package e2e

// Browser tests of a teacher's layout defects in an embedded lesson: the
// timeline's heading row that squeezed its track when it held the
// "Answer the question first" note and the jump button, and a slow
// follower whose slow disk an 800-px embed folded away while its status
// line said a fetch response was on the way.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"kplay/link"
)

// layoutSizes are the widths the timeline's heading row is checked at,
// on the page and in an embed with the embed code's controls=min.
var layoutSizes = []struct {
	name          string
	width, height int
	path          string
}{
	{"page-390x844", 390, 844, "/?preset=acks1-loss"},
	{"page-768x800", 768, 800, "/?preset=acks1-loss"},
	{"page-800x600", 800, 600, "/?preset=acks1-loss"},
	{"page-1280x800", 1280, 800, "/?preset=acks1-loss"},
	{"embed-390x844", 390, 844, "/embed.html?preset=acks1-loss&controls=min"},
	{"embed-768x600", 768, 600, "/embed.html?preset=acks1-loss&controls=min"},
	{"embed-800x600", 800, 600, "/embed.html?preset=acks1-loss&controls=min"},
	{"embed-1280x800", 1280, 800, "/embed.html?preset=acks1-loss&controls=min"},
}

// timelineRowJS reports what is wrong with the timeline's heading row
// and its track (bad), and the ◀ ▶ buttons' sizes (prev, next: "w×h").
// The track keeps a usable width: half the timeline's, or a row of its
// own under everything of the heading; no control of the row covers
// another or the track; no text of the row is cut or runs off the
// screen, and the note and the jump button are one line each; the
// questions' "?" markers keep apart.
const timelineRowJS = `(() => {
	const bad = [];
	const R = e => e.getBoundingClientRect();
	const shown = e => e !== null && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
	const name = e => e.id ? "#" + e.id : "." + [...e.classList].join(".");
	const tl = R(document.querySelector(".timeline"));
	const trackBox = document.querySelector(".timeline-track");
	const slider = R(document.getElementById("timeline"));
	const parts = [...document.querySelectorAll(".timeline-head > label, .timeline-head > .timeline-range, #moment-prev, #moment-next, #moment-why, #jump-violation, .timeline > .lesson-toggle")].filter(shown);
	const ownRow = parts.every(p => R(p).bottom <= R(trackBox).top + 0.5);
	if (!(slider.width >= tl.width / 2 - 0.5 || (ownRow && slider.width >= tl.width * 0.9))) {
		bad.push("the track is " + Math.round(slider.width) + " px of a " + Math.round(tl.width) + "-px timeline" + (ownRow ? "" : ", beside the heading"));
	}
	const over = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
	const things = parts.map(p => [name(p), R(p)]);
	things.push(["the slider", slider]);
	for (const m of document.querySelectorAll(".timeline .marker")) if (shown(m)) things.push(["marker " + (m.dataset.kind || "") + " " + (m.dataset.at || ""), R(m)]);
	for (let i = 0; i < things.length; i++) {
		for (let j = i + 1; j < things.length; j++) {
			const [a, ra] = things[i], [b, rb] = things[j];
			if (a.startsWith("marker") && b.startsWith("marker") && !(a.startsWith("marker ask") && b.startsWith("marker ask"))) continue;
			if (a.startsWith("marker") && b === "the slider" || b.startsWith("marker") && a === "the slider") continue;
			if (over(ra, rb)) bad.push(a + " covers " + b);
		}
	}
	for (const p of parts) {
		const r = R(p);
		if (p.scrollWidth > p.clientWidth + 1 || p.scrollHeight > p.clientHeight + 1) bad.push(name(p) + "'s text is cut (" + p.scrollWidth + "×" + p.scrollHeight + " in " + p.clientWidth + "×" + p.clientHeight + ")");
		if (r.left < -0.5 || r.right > innerWidth + 0.5) bad.push(name(p) + " runs off the screen (" + Math.round(r.left) + "–" + Math.round(r.right) + ")");
	}
	for (const id of ["moment-why", "jump-violation"]) {
		const e = document.getElementById(id);
		if (!shown(e)) continue;
		const lh = parseFloat(getComputedStyle(e).lineHeight) || parseFloat(getComputedStyle(e).fontSize) * 1.3;
		const lines = Math.round((R(e).height - parseFloat(getComputedStyle(e).paddingTop) - parseFloat(getComputedStyle(e).paddingBottom) - parseFloat(getComputedStyle(e).borderTopWidth) - parseFloat(getComputedStyle(e).borderBottomWidth)) / lh);
		if (lines > 1) bad.push("#" + id + " " + JSON.stringify(e.textContent) + " takes " + lines + " lines");
	}
	const size = id => { const r = R(document.getElementById(id)); return Math.round(r.width) + "×" + Math.round(r.height); };
	return {bad, prev: size("moment-prev"), next: size("moment-next")};
})()`

type timelineRow struct {
	Bad  []string `json:"bad"`
	Prev string   `json:"prev"`
	Next string   `json:"next"`
}

// answerAndPlayOn picks the option labelled answer of the open question,
// continues, and plays on at the top speed.
func answerAndPlayOn(t *testing.T, ctx context.Context, answer string) {
	t.Helper()
	pick := fmt.Sprintf(`[...document.querySelectorAll("#ask .ask-option")].find(b => b.textContent === %q)`, answer)
	pollJS(t, ctx, pick+` !== undefined`, 10*time.Second, "no option "+answer)
	evalJS[bool](t, ctx, `(`+pick+`.click(), true)`)
	pollJS(t, ctx, `document.getElementById("ask-continue") !== null`, 10*time.Second, "no Continue after the answer")
	evalJS[bool](t, ctx, `(document.getElementById("ask-continue").click(), true)`)
	pollJS(t, ctx, `document.getElementById("ask-continue") === null`, 10*time.Second, "Continue stays")
	waitFrames(t, ctx)
	setMaxSpeed(t, ctx)
	setPlaying(t, ctx, true)
}

// TestBrowserTimelineHeadingKeepsItsTrack: acks1-loss played to its
// second question (00:00:40), its first answered, puts the "Answer the
// question first" note and the "Jump to the first broken guarantee"
// button in the timeline's heading row. On the page and in an embed
// with controls=min, at 390, 768, 800 and 1280 px, the track keeps half
// the row or a row of its own (at 768 px it had shrunk to 25 px, the
// "?" markers on top of each other), the ◀ ▶ buttons keep the size they
// had on the first screen (a phone's note wrapped to four lines and
// stretched them into tall boxes), no control covers another (a phone's
// jump button covered the track) and no text is cut.
func TestBrowserTimelineHeadingKeepsItsTrack(t *testing.T) {
	for _, sz := range layoutSizes {
		t.Run(sz.name, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, sz.path)
			setPlaying(t, ctx, false)
			waitFrames(t, ctx)
			first := evalJS[timelineRow](t, ctx, timelineRowJS)
			if len(first.Bad) > 0 {
				t.Errorf("on the first screen:\n%s", strings.Join(first.Bad, "\n"))
			}
			setMaxSpeed(t, ctx)
			setPlaying(t, ctx, true)
			pollJS(t, ctx, `(document.getElementById("ask-q") || {}).textContent === "p2 holds an acknowledgement for m2 (acks=1), and b1 is about to crash. Is m2 safe?"`, 60*time.Second, "the first question never came")
			waitFrames(t, ctx)
			if q1 := evalJS[timelineRow](t, ctx, timelineRowJS); len(q1.Bad) > 0 || q1.Prev != first.Prev || q1.Next != first.Next {
				t.Errorf("at the first question (◀ %s ▶ %s, first %s %s):\n%s", q1.Prev, q1.Next, first.Prev, first.Next, strings.Join(q1.Bad, "\n"))
			}
			answerAndPlayOn(t, ctx, "no")
			pollJS(t, ctx, `(document.getElementById("ask-q") || {textContent: ""}).textContent.startsWith("b1 is about to return with m2")`, 60*time.Second, "the second question never came")
			pollJS(t, ctx, `document.getElementById("moment-why") !== null && document.getElementById("jump-violation") !== null`, 10*time.Second, "the heading row does not hold both the note and the jump button")
			waitFrames(t, ctx)
			got := evalJS[timelineRow](t, ctx, timelineRowJS)
			if len(got.Bad) > 0 {
				t.Errorf("at the second question:\n%s", strings.Join(got.Bad, "\n"))
			}
			if got.Prev != first.Prev || got.Next != first.Next {
				t.Errorf("the ◀ ▶ buttons are %s and %s at the question, %s and %s on the first screen", got.Prev, got.Next, first.Prev, first.Next)
			}
			// An embed scrolls its own document to the card: the shot
			// shows the timeline.
			evalJS[bool](t, ctx, `(scrollTo(0, 0), true)`)
			waitFrames(t, ctx)
			screenshot(t, ctx, "kplay-timeline-row-"+sz.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}

// slowFollowerLink is a teacher's lesson (site/testdata/slow-follower.txt)
// as a share link's fragment: three brokers, min.insync.replicas=2,
// replica.lag.time.max.ms=10000, broker 3's disk 20 s an append from 3 s,
// a question at 4 s.
func slowFollowerLink(t *testing.T) string {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("..", "..", "..", "site", "testdata", "slow-follower.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return link.Encode(link.Link{Script: string(text)})
}

// slowFollowerSizes are where the teacher's lesson is checked: the embed
// code's frame as the teacher embedded it, a phone's, and the page.
func slowFollowerSizes(t *testing.T) []struct {
	name          string
	width, height int
	path          string
} {
	frag := slowFollowerLink(t)
	embed := "/embed.html?" + frag + "&autoplay=0&controls=min&panels=log%2Cdescribe%2Cinspector"
	return []struct {
		name          string
		width, height int
		path          string
	}{
		{"embed-800x600", 800, 600, embed},
		{"embed-390x844", 390, 844, embed},
		{"page-1280x800", 1280, 800, "/?autoplay=0#" + frag},
	}
}

// boxClashJS lists every badge (g.badge, the "+N" fold among them) of a
// broker box that lies outside its box or over anything else the box
// draws: another badge, its name, its role pill, its countdown's ring or
// words, the labels over and under its log strip (LEO, HW, log start),
// the strip's cells, its status line; and says what broker 3's badges and
// status line read.
const boxClashJS = `(() => {
	const bad = [];
	const over = (r, r2) => r.left < r2.right - 0.5 && r2.left < r.right - 0.5 && r.top < r2.bottom - 0.5 && r2.top < r.bottom - 0.5;
	let b3 = [], status = "";
	for (const g of document.querySelectorAll("#diagram g.node.broker")) {
		const box = g.querySelector("rect.box").getBoundingClientRect();
		const badges = [...g.querySelectorAll(":scope > g.badge")].map(b => [b.dataset.badge + " " + JSON.stringify(b.querySelector("text").textContent), b.querySelector("rect").getBoundingClientRect()]);
		const others = [];
		for (const [sel, what] of [[":scope > text.name", "name"], [":scope > g.role-badge rect", "role pill"], ["g.timer circle", "countdown ring"], ["g.timer text", "countdown"],
			["g.leo-mark text", "LEO label"], ["g.hw-mark text", "HW label"], ["g.logstart-mark text", "log start label"], ["g.log rect", "strip"], [":scope > text.status, :scope > text.note", "status line"]]) {
			for (const e of g.querySelectorAll(sel)) others.push([what + " " + JSON.stringify(e.textContent || ""), e.getBoundingClientRect()]);
		}
		if (g.dataset.node === "b3") {
			b3 = badges.map(([k]) => k);
			const s = g.querySelector(":scope > text.status");
			status = s ? s.textContent : "";
		}
		badges.forEach(([k, r], i) => {
			if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) bad.push(g.dataset.node + " " + k + " outside its box");
			for (const [k2, r2] of badges.slice(0, i).concat(others)) if (over(r, r2)) bad.push(g.dataset.node + " " + k + " over " + k2);
		});
	}
	return {bad, b3, status};
})()`

type boxClash struct {
	Bad    []string `json:"bad"`
	B3     []string `json:"b3"`
	Status string   `json:"status"`
}

// TestBrowserSlowFollowerShowsItsDisk: in the teacher's slow-follower
// lesson, while broker 3 counts down to leaving the ISR (8 s) and once it
// is out of sync (15.1 s), its box draws its slow disk (an 800×600 embed
// had folded it into "+1", which touched the "LEO 1" label) at every
// size, and its status line says it is writing m1 to a slow disk (it
// said "fetch response on the way" for 20 s); no badge or fold of any
// box covers anything else the box draws.
func TestBrowserSlowFollowerShowsItsDisk(t *testing.T) {
	for _, sz := range slowFollowerSizes(t) {
		t.Run(sz.name, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, sz.path)
			setPlaying(t, ctx, false)
			want := "writing m1 to a slow disk, then fetch @2"
			if sz.width == 800 {
				want = "writing m1 to a slow disk"
			}
			for _, ms := range []int64{8000, 15100} {
				scrubTo(t, ctx, 0, ms)
				pollJS(t, ctx, `document.querySelector('#diagram g.node[data-node="b3"] > text.status') !== null`, 10*time.Second, "broker 3 has no status line")
				waitFrames(t, ctx)
				r := evalJS[boxClash](t, ctx, boxClashJS)
				if len(r.Bad) > 0 {
					t.Errorf("at %d ms:\n%s", ms, strings.Join(r.Bad, "\n"))
				}
				if !slices.ContainsFunc(r.B3, func(b string) bool { return strings.HasPrefix(b, `slow-disk "slow disk`) }) {
					t.Errorf("at %d ms broker 3's box does not show its slow disk: %v", ms, r.B3)
				}
				if r.Status != want {
					t.Errorf("at %d ms broker 3's status line says %q, want %q", ms, r.Status, want)
				}
				evalJS[bool](t, ctx, `(document.getElementById("diagram").scrollIntoView({block: "start"}), true)`)
				waitFrames(t, ctx)
				screenshot(t, ctx, fmt.Sprintf("kplay-slow-follower-%s-%05d.png", sz.name, ms))
			}
			noPageErrors(t, pageErrors)
		})
	}
}

// clientTimerJS lists what is wrong with the clients' countdowns (g.timer
// outside a broker box): the label or the ring outside the diagram, over
// a box, or crossed by a link's line (sampled every 2 px on screen); and
// says what the producer's reads and its tooltip.
const clientTimerJS = `(() => {
	const bad = [];
	const svg = document.getElementById("diagram"), view = svg.getBoundingClientRect();
	const over = (r, r2) => r.left < r2.right - 0.5 && r2.left < r.right - 0.5 && r.top < r2.bottom - 0.5 && r2.top < r.bottom - 0.5;
	const boxes = [...svg.querySelectorAll("g.node > rect.box")].map(b => [b.closest("g.node").dataset.node, b.getBoundingClientRect()]);
	const lines = [];
	for (const pl of svg.querySelectorAll("g.links polyline")) {
		const m = pl.getScreenCTM(), pts = [...pl.points].map(p => new DOMPoint(p.x, p.y).matrixTransform(m));
		for (let i = 1; i < pts.length; i++) {
			const a = pts[i - 1], b = pts[i], n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 2));
			for (let k = 0; k <= n; k++) lines.push([a.x + (b.x - a.x) * k / n, a.y + (b.y - a.y) * k / n]);
		}
	}
	let label = "", title = "";
	for (const g of svg.querySelectorAll("g.timer:not(.idle)")) {
		if (g.closest("g.node.broker")) continue;
		const t = g.querySelector("text.timer-label");
		label = t.textContent;
		title = g.querySelector("title").textContent;
		for (const [what, r] of [["words " + JSON.stringify(label), t.getBoundingClientRect()], ["ring", g.querySelector("circle.ring-track").getBoundingClientRect()]]) {
			if (r.left < view.left - 0.5 || r.right > view.right + 0.5 || r.top < view.top - 0.5 || r.bottom > view.bottom + 0.5) bad.push("the countdown's " + what + " run out of the diagram (" + Math.round(r.left - view.left) + "–" + Math.round(r.right - view.left) + " of " + Math.round(view.width) + ")");
			for (const [node, b] of boxes) if (over(r, b)) bad.push("the countdown's " + what + " lie over " + node);
			if (lines.some(([x, y]) => x > r.left - 1 && x < r.right + 1 && y > r.top - 1 && y < r.bottom + 1)) bad.push("a link crosses the countdown's " + what);
		}
	}
	return {bad, label, title};
})()`

type clientTimerReport struct {
	Bad   []string `json:"bad"`
	Label string   `json:"label"`
	Title string   `json:"title"`
}

// TestBrowserProducerCountdownFits: in the teacher's slow-follower
// lesson at 8 s the producer waits for m1's answer. Its countdown lies
// inside the diagram, over no box and crossed by no link (in an 800×600
// embed it read "…es out in 26.0 s", cut at the diagram's left edge and
// across the producer's link to the leader; on a phone "…nes out in"):
// the sentence where there is room, the time alone on a phone, the
// sentence in the ring's tooltip.
func TestBrowserProducerCountdownFits(t *testing.T) {
	for _, sz := range slowFollowerSizes(t) {
		t.Run(sz.name, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, sz.path)
			setPlaying(t, ctx, false)
			scrubTo(t, ctx, 0, 8000)
			pollJS(t, ctx, `document.querySelector("#diagram g.timer-request") !== null`, 10*time.Second, "the producer shows no countdown at 8 s")
			waitFrames(t, ctx)
			r := evalJS[clientTimerReport](t, ctx, clientTimerJS)
			if len(r.Bad) > 0 {
				t.Errorf("the producer's countdown:\n%s", strings.Join(r.Bad, "\n"))
			}
			want := "times out in 26.0 s"
			if sz.width < 720 {
				want = "26.0 s"
			}
			if r.Label != want || !strings.Contains(r.Title, "request.timeout.ms (30000 ms)") {
				t.Errorf("the producer's countdown reads %q (tooltip %q), want %q and the sentence in its tooltip", r.Label, r.Title, want)
			}
			evalJS[bool](t, ctx, `(document.getElementById("diagram").scrollIntoView({block: "start"}), true)`)
			waitFrames(t, ctx)
			screenshot(t, ctx, "kplay-producer-countdown-"+sz.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}
