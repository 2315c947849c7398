//go:build browser && !js

package e2e

// Browser tests of the diagram's layout: labels, badges and countdowns
// stay in their boxes and off each other, text is readable, a slow
// follower shows its disk, and the boxes, the leader's mark, the message
// dots and the controller strip keep their places while the page plays.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/layertree"
	"github.com/chromedp/chromedp"

	"kplay/link"
)

// dotChurn is what dotChurnJS saw over its frames: transform writes on the
// dots (they moved), dots added for the first time, and dots added again
// that were already in the diagram (a re-insertion).
type dotChurn struct {
	Moved      int `json:"moved"`
	Added      int `json:"added"`
	Reinserted int `json:"reinserted"`
}

// dotChurnJS watches the diagram for 180 animation frames, and longer
// until a new dot has been drawn.
const dotChurnJS = `(async () => {
	const seen = new Set([...document.querySelectorAll("#dots g.msg")].map(g => g.dataset.msg));
	const r = {moved: 0, added: 0, reinserted: 0};
	const mo = new MutationObserver(l => {
		for (const m of l) {
			if (m.type === "attributes" && m.target.matches("g.msg")) r.moved++;
			for (const n of m.addedNodes) {
				if (!n.dataset || n.dataset.msg === undefined) continue;
				if (seen.has(n.dataset.msg)) r.reinserted++; else { seen.add(n.dataset.msg); r.added++; }
			}
		}
	});
	mo.observe(document.getElementById("dots"), {subtree: true, childList: true, attributes: true, attributeFilter: ["transform"]});
	// At least 180 frames, and on until a new dot has appeared (a message
	// on a 30-50 ms link takes seconds at the default speed), at most 1,800.
	await new Promise(done => { let n = 0; (function f() { n++; if ((n >= 180 && r.added > 0) || n >= 1800) done(); else requestAnimationFrame(f); })(); });
	mo.disconnect();
	return r;
})()`

// TestBrowserDotsStayPut: while the default scenario plays, a message dot
// that moves keeps its element: a frame writes its transform and never
// takes it out of the diagram and puts it back. Vecty v0.6.0's keyed
// reconciler appended the first keyed child at the end, and so every
// other after it, on every render (third_party/vecty/PATCHES.md, 3): the
// browser then rebuilt each dot's layout and shaped its label again on
// every frame (docs/design.md §7).
func TestBrowserDotsStayPut(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/")
	setPlaying(t, ctx, true)
	pollJS(t, ctx, `document.querySelectorAll("#dots g.msg").length > 0`, 20*time.Second, "no message dot is drawn")
	r, err := chromedp.Run(ctx, chromedp.Evaluate[dotChurn](dotChurnJS, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if r.Moved == 0 || r.Added == 0 {
		t.Fatalf("over up to 1,800 frames the dots moved %d times and %d were new: the page did not play", r.Moved, r.Added)
	}
	if r.Reinserted > 0 {
		t.Errorf("over the frames watched %d dots were taken out and put back (%d moves, %d new dots)", r.Reinserted, r.Moved, r.Added)
	}
	noPageErrors(t, pageErrors)
}

// dotsLayerJS compares the dots' <svg id="dots"> with the diagram under
// it on each of 60 animation frames: the same viewBox, the same box on
// screen and the same mapping from diagram units to screen pixels
// (getScreenCTM), so that each dot is drawn where it was when it was a
// child of the diagram. It also asks the browser what a click lands on:
// at the centre of a broker's box, the diagram (the layer lets clicks
// through); at a dot's centre, that dot.
const dotsLayerJS = `new Promise(done => {
	const bad = new Set(); let frames = 0, dots = 0, brokers = 0;
	const near = (a, b) => Math.abs(a - b) < 0.01;
	const look = () => {
		const d = document.getElementById("diagram"), o = document.getElementById("dots");
		if (!d || !o) { bad.add("no #diagram or no #dots"); }
		else {
			if (d.getAttribute("viewBox") !== o.getAttribute("viewBox")) bad.add("viewBox " + d.getAttribute("viewBox") + " vs " + o.getAttribute("viewBox"));
			const r = d.getBoundingClientRect(), q = o.getBoundingClientRect();
			for (const k of ["left", "top", "width", "height"]) if (!near(r[k], q[k])) bad.add("box " + k + " " + r[k] + " vs " + q[k]);
			const m = d.getScreenCTM(), n = o.getScreenCTM();
			for (const k of ["a", "b", "c", "d", "e", "f"]) if (!near(m[k], n[k])) bad.add("screen CTM " + k + " " + m[k] + " vs " + n[k]);
			for (const c of o.querySelectorAll("g.msg circle")) {
				const b = c.getBoundingClientRect(), x = b.left + b.width / 2, y = b.top + b.height / 2;
				if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
				const hit = document.elementFromPoint(x, y);
				if (hit && hit.closest("#dots")) { dots++; if (!hit.closest("g.msg")) bad.add("a click on a dot lands on " + hit.tagName); }
			}
			for (const b of d.querySelectorAll("g.node.broker > rect.box")) {
				const p = b.getBoundingClientRect(), x = p.left + p.width / 2, y = p.top + p.height / 2;
				if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
				const hit = document.elementFromPoint(x, y);
				if (hit && hit.closest("#dots g.msg")) continue; // a dot passing over the box
				brokers++;
				if (!hit || !hit.closest("#diagram")) bad.add("a click on a broker's box lands on " + (hit ? hit.tagName + (hit.id ? "#" + hit.id : "") : "nothing"));
			}
		}
		if (++frames < 60) requestAnimationFrame(look); else done({dots, brokers, bad: [...bad]});
	};
	requestAnimationFrame(look);
})`

// TestBrowserDotsLayerOverDiagram: at each size, while the default
// scenario plays, the message dots' own layer (docs/design.md §7) is a
// compositing layer of Chrome's (LayerTree) and lies exactly over the
// diagram: it has the same viewBox, box and screen mapping, a click on a
// dot reaches the dot and a click on a broker's box reaches the broker.
func TestBrowserDotsLayerOverDiagram(t *testing.T) {
	t.Parallel()
	for _, sz := range pageSizes {
		t.Run(sz.name, func(t *testing.T) {
			t.Parallel()
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, sz.path)
			setPlaying(t, ctx, true)
			pollJS(t, ctx, `document.querySelectorAll("#dots g.msg").length > 0`, 20*time.Second, "no message dot is drawn")
			type report struct {
				Dots, Brokers int
				Bad           []string
			}
			if !composited(t, ctx, "#dots") {
				t.Error("#dots is not a compositing layer of its own: a frame that moves a dot repaints the page's layer")
			}
			r, err := chromedp.Run(ctx, chromedp.Evaluate[report](dotsLayerJS, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Bad) > 0 {
				t.Errorf("over 60 frames:\n%s", strings.Join(r.Bad, "\n"))
			}
			if r.Dots == 0 || r.Brokers == 0 {
				t.Errorf("over 60 frames %d clicks were tried on dots and %d on brokers: nothing was checked", r.Dots, r.Brokers)
			}
			noPageErrors(t, pageErrors)
		})
	}
}

// composited reports whether the element sel names has a compositing
// layer of its own in Chrome's layer tree, waiting up to 5 s for the tree.
func composited(t *testing.T, ctx context.Context, sel string) bool {
	t.Helper()
	doc, err := chromedp.Call(ctx, dom.GetDocument, dom.GetDocumentParams{})
	if err != nil {
		t.Fatal(err)
	}
	q, err := chromedp.Call(ctx, dom.QuerySelector, dom.QuerySelectorParams{NodeID: doc.Root.NodeID, Selector: sel})
	if err != nil || q.NodeID == 0 {
		t.Fatalf("no %s: %v", sel, err)
	}
	d, err := chromedp.Call(ctx, dom.DescribeNode, dom.DescribeNodeParams{NodeID: q.NodeID})
	if err != nil {
		t.Fatal(err)
	}
	want := d.Node.BackendNodeID
	var mu sync.Mutex
	found, trees := false, 0
	lctx, stop := context.WithCancel(ctx)
	defer stop()
	if err := chromedp.Listen(lctx, func(e any) {
		if e, ok := e.(*layertree.EventLayerTreeDidChange); ok {
			mu.Lock()
			defer mu.Unlock()
			trees++
			for _, l := range e.Layers {
				if l.BackendNodeID == want && l.DrawsContent {
					found = true
				}
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, layertree.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	defer chromedp.Call(ctx, layertree.Disable, cdp.Empty{})
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		mu.Lock()
		f, n := found, trees
		mu.Unlock()
		if f {
			return true
		}
		if n >= 3 {
			return false
		}
	}
	t.Fatal("Chrome sent no layer tree in 5 s")
	return false
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
	t.Parallel()
	for _, sz := range slowFollowerSizes(t) {
		t.Run(sz.name, func(t *testing.T) {
			t.Parallel()
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
	t.Parallel()
	for _, sz := range slowFollowerSizes(t) {
		t.Run(sz.name, func(t *testing.T) {
			t.Parallel()
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

// timerWordsJS lists every countdown label (g.timer text.timer-label) of
// a broker box that is not inside the box, or that overlaps one of the
// box's badges, and says what the labels read.
const timerWordsJS = `(() => {
	const bad = [], seen = [];
	const over = (r, r2) => r.left < r2.right - 0.5 && r2.left < r.right - 0.5 && r.top < r2.bottom - 0.5 && r2.top < r.bottom - 0.5;
	for (const g of document.querySelectorAll("#diagram g.node.broker")) {
		const box = g.querySelector("rect.box").getBoundingClientRect();
		const l = g.querySelector("g.timer text.timer-label");
		if (!l) continue;
		seen.push(g.dataset.node + ": " + l.textContent);
		const r = l.getBoundingClientRect();
		if (r.left < box.left || r.right > box.right || r.top < box.top || r.bottom > box.bottom) {
			bad.push(g.dataset.node + "'s countdown " + JSON.stringify(l.textContent) + " spills out of its box (" + Math.round(r.left) + "–" + Math.round(r.right) + " in " + Math.round(box.left) + "–" + Math.round(box.right) + ")");
		}
		for (const b of g.querySelectorAll(":scope > g.badge rect")) {
			if (over(r, b.getBoundingClientRect())) bad.push(g.dataset.node + "'s countdown covers its badge " + b.parentNode.dataset.badge);
		}
	}
	return {bad, seen};
})()`

type timerWords struct {
	Bad  []string `json:"bad"`
	Seen []string `json:"seen"`
}

// TestBrowserCountdownWordsStayInTheirBox: in
// incident-isr-shrinks-on-a-hiccup at 00:00:14.621 broker 3 has lagged
// past replica.lag.time.max.ms and waits for the leader's next ISR check,
// at 00:00:15.000: its ring counts down to that check ("leaves the ISR in
// 0.3 s", or the time alone in a narrow box), its tooltip naming it; at
// 00:00:15.005 the check has asked the controller to drop it and the box
// says "leaving the ISR" (the sentence is the ring's tooltip). At
// 1280×800, 390×844 and in an 800×600 embed the words and every badge lie
// inside the box, none over another, at both moments.
func TestBrowserCountdownWordsStayInTheirBox(t *testing.T) {
	t.Parallel()
	label := `(document.querySelector('#diagram g.node[data-node="b3"] g.timer-lag text.timer-label') || {}).textContent`
	for _, sz := range pageSizes {
		t.Run(sz.name, func(t *testing.T) {
			t.Parallel()
			ctx, pageErrors := presetAt(t, sz, "incident-isr-shrinks-on-a-hiccup")
			check := func(at string) {
				t.Helper()
				w := evalJS[timerWords](t, ctx, timerWordsJS)
				if len(w.Bad) > 0 {
					t.Errorf("at %s countdowns out of place (%v):\n%s", at, w.Seen, strings.Join(w.Bad, "\n"))
				}
				if r := evalJS[badgeReport](t, ctx, badgesJS); len(r.Bad) > 0 {
					t.Errorf("at %s badges out of place:\n%s", at, strings.Join(r.Bad, "\n"))
				}
			}
			scrubTo(t, ctx, 0, 14621)
			pollJS(t, ctx, label+` === "leaves the ISR in 0.3 s" || `+label+` === "0.3 s"`, 10*time.Second, "broker 3 does not count down to the leader's check at 15 s")
			if title := evalJS[string](t, ctx, `document.querySelector('#diagram g.node[data-node="b3"] g.timer-lag title').textContent`); !strings.Contains(title, "the leader's next ISR check (every 5000 ms) drops it from the ISR, at 00:00:15.000") {
				t.Errorf("the ring's tooltip %q does not say when broker 3 leaves the ISR", title)
			}
			check("14.621")
			scrubTo(t, ctx, 0, 15005)
			pollJS(t, ctx, label+` === "leaving the ISR"`, 10*time.Second, "broker 3 does not say it is leaving the ISR")
			check("15.005")
			screenshot(t, ctx, "kplay-countdown-words-"+sz.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}

// quietBrokersScript leaves the controller something to say about every
// broker by 00:00:12: broker 1 crashed at 2 s and was fenced at 9 s
// (broker.session.timeout.ms after its last heartbeat, at 0), broker 3
// crashed at 8 s and has missed its heartbeats since, and broker 2
// heartbeats.
const quietBrokersScript = `title "quiet brokers"
cluster brokers=3
create-topic t partitions=1 rf=3
run until=00:00:02.000
crash 1
run until=00:00:08.000
crash 3
run until=00:00:12.000
`

// TestBrowserControllerStripShowsEveryBroker: with broker 1 fenced and
// broker 3 silent, the controller strip names both, and on a phone and
// in an 800-px embed every broker's part is drawn inside the strip, none
// cut off (the strip wraps between brokers).
func TestBrowserControllerStripShowsEveryBroker(t *testing.T) {
	t.Parallel()
	for _, sz := range pageSizes[1:] {
		t.Run(sz.name, func(t *testing.T) {
			path := "/?autoplay=0#" + link.Encode(link.Link{Script: quietBrokersScript, T: 12000, HasT: true})
			if strings.HasPrefix(sz.path, "/embed.html") {
				path = "/embed.html?autoplay=0&" + link.Encode(link.Link{Script: quietBrokersScript, T: 12000, HasT: true})
			}
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, path)
			setPlaying(t, ctx, false)
			pollJS(t, ctx, `document.getElementById("clock").textContent === "00:00:12.000"`, 10*time.Second, "the link did not open at 00:00:12")
			pollJS(t, ctx, `(() => { const s = document.getElementById("controller-state").textContent; return s.includes("broker 1: fenced at") && s.includes("broker 3: no heartbeat since"); })()`, 10*time.Second, "the strip does not name broker 1 fenced and broker 3 silent")
			bad := evalJS[string](t, ctx, `(() => {
				const out = [];
				const bar = document.querySelector(".controller-bar").getBoundingClientRect();
				const st = document.getElementById("controller-state");
				if (st.scrollWidth > st.clientWidth + 1) out.push("the strip's text is " + st.scrollWidth + " px wide in " + st.clientWidth);
				for (const p of st.querySelectorAll(".session")) {
					for (const r of p.getClientRects()) {
						if (r.left < bar.left - 0.5 || r.right > bar.right + 0.5 || r.bottom > bar.bottom + 0.5) out.push(JSON.stringify(p.textContent) + " drawn outside the strip");
					}
				}
				const px = parseFloat(getComputedStyle(st).fontSize);
				if (px < 10) out.push("the strip's text is " + px + " px");
				return out.join("\n");
			})()`)
			if bad != "" {
				t.Errorf("controller strip:\n%s", bad)
			}
			screenshot(t, ctx, "kplay-controller-strip-"+sz.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}

// TestBrowserProducerLabelFits: lesson 8 (acks1-loss) has producers p1
// and p2; at 1280×800, 390×844 and in the 800-px embed each has a line
// of its own inside the producer box, and the box's tooltip names both.
func TestBrowserProducerLabelFits(t *testing.T) {
	t.Parallel()
	for _, sz := range []struct {
		name          string
		width, height int
		path          string
	}{{"page", 1280, 800, "/"}, {"phone", 390, 844, "/"}, {"embed", 800, 600, "/embed.html"}} {
		t.Run(sz.name, func(t *testing.T) {
			t.Parallel()
			ctx, pageErrors := presetAt(t, sz, "acks1-loss")
			seekPaused(t, ctx, 40000, "00:00:40.000")
			got := evalJS[string](t, ctx, `(() => {
				const g = document.querySelector('#diagram g.node[data-node="producer"]');
				const box = g.querySelector("rect.box").getBoundingClientRect();
				const out = [];
				for (const s of g.querySelectorAll("text.sub")) {
					if (!s.textContent) continue;
					const r = s.getBoundingClientRect();
					out.push(s.textContent + (r.left < box.left || r.right > box.right ? " (spills out)" : ""));
				}
				const tip = g.querySelector("title");
				out.push(tip ? tip.textContent : "no tooltip");
				return out.join(" // ");
			})()`)
			if !strings.Contains(got, "p1 · ") || !strings.Contains(got, "p2 · ") || strings.Contains(got, "spills out") || strings.Contains(got, "…") ||
				!strings.Contains(got, "Producers, with the records each has sent and not yet had acknowledged: p1 · ") {
				t.Errorf("the producer box at %dx%d: %s", sz.width, sz.height, got)
			}
			screenshot(t, ctx, fmt.Sprintf("kplay-learnP-producer-%dx%d.png", sz.width, sz.height))
			noPageErrors(t, pageErrors)
		})
	}
}

// smallestTextJS measures every text of the diagram as drawn (the boxes'
// in svg#diagram and the message labels in svg#dots, which has its
// viewBox): its computed font size times the SVG's scale (its box over
// its viewBox), and returns the smallest with its text and class, and
// the scale, as JSON.
const smallestTextJS = `(() => {
	let min = {px: 1e9, text: "", cls: "", scale: 0};
	for (const svg of [document.getElementById("diagram"), document.getElementById("dots")]) {
		if (!svg) continue;
		const vb = svg.viewBox.baseVal, r = svg.getBoundingClientRect();
		const scale = Math.min(r.width / vb.width, r.height / vb.height);
		for (const t of svg.querySelectorAll("text")) {
			if (t.textContent.trim() === "" || t.getBoundingClientRect().width === 0) continue;
			const px = parseFloat(getComputedStyle(t).fontSize) * scale;
			if (px < min.px) min = {px: Math.round(px * 100) / 100, text: t.textContent.slice(0, 30),
				cls: t.getAttribute("class") || t.parentNode.getAttribute("class") || "", scale: Math.round(scale * 1000) / 1000};
		}
	}
	return JSON.stringify(min);
})()`

type smallestText struct {
	Px    float64 `json:"px"`
	Text  string  `json:"text"`
	Cls   string  `json:"cls"`
	Scale float64 `json:"scale"`
}

// TestBrowserDiagramTextAtLeast11px: with four brokers (wrong-broker,
// every-broker-leads) the full page drew the diagram's column at 0.6 of
// its size, its offsets at 6 px. At 1280×800, in an 800×600 embed and at
// 390×844, for those presets and the default three-broker one, no text
// of the diagram (nor a message's label) is drawn smaller than 11 px.
func TestBrowserDiagramTextAtLeast11px(t *testing.T) {
	t.Parallel()
	for _, preset := range []string{"wrong-broker", "every-broker-leads", ""} {
		for _, at := range []struct {
			w, h int
			page string
		}{{1280, 800, "/"}, {800, 600, "/embed.html"}, {390, 844, "/"}} {
			name := preset
			if name == "" {
				name = "default"
			}
			t.Run(fmt.Sprintf("%s-%s%dx%d", name, strings.Trim(at.page, "/."), at.w, at.h), func(t *testing.T) {
				path := at.page
				if preset != "" {
					path += "?preset=" + preset
				}
				ctx, _, pageErrors := pageAt(t, at.w, at.h, path)
				waitFrames(t, ctx)
				var got smallestText
				if err := json.Unmarshal([]byte(evalJS[string](t, ctx, smallestTextJS)), &got); err != nil {
					t.Fatal(err)
				}
				if got.Px < 11 {
					screenshot(t, ctx, fmt.Sprintf("kplay-text-%s-%dx%d.png", name, at.w, at.h))
					t.Errorf("%q (%s) is drawn at %.2f px (the diagram at %.3f of its viewBox), want 11 px or more", got.Text, got.Cls, got.Px, got.Scale)
				}
				noPageErrors(t, pageErrors)
			})
		}
	}
}

// coveredNamesJS lists, as drawn on screen, every broker box whose name
// a badge, the role pill or a partition chip covers, or that runs out of
// its box.
const coveredNamesJS = `(() => {
	const ov = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
	const out = [];
	for (const g of document.querySelectorAll("svg#diagram g.node.broker")) {
		const key = g.dataset.node, name = g.querySelector("text.name"), box = g.querySelector("rect.box").getBoundingClientRect();
		const n = name.getBoundingClientRect();
		if (n.right > box.right || n.left < box.left) out.push(key + "'s name " + JSON.stringify(name.textContent) + " runs out of its box");
		for (const b of g.querySelectorAll("[data-badge]")) if (ov(n, b.getBoundingClientRect())) out.push(JSON.stringify(b.textContent) + " covers " + JSON.stringify(name.textContent));
		const map = document.querySelector('svg#diagram g.pmap[data-broker="' + key.slice(1) + '"]');
		if (map) for (const c of map.querySelectorAll("g.chip")) if (ov(n, c.getBoundingClientRect())) out.push("chip " + c.dataset.tp + " covers " + JSON.stringify(name.textContent));
	}
	return out;
})()`

// TestBrowserNoBadgeCoversABrokersName: nine brokers and twelve
// partitions (nineByTwelve) on a phone: the "no replica" pill covered
// "broker 4". At 390×844 and 1280×800, and with four brokers at 1280×800
// and in an embed, no badge, role pill or partition chip covers a
// broker's name, and no name runs out of its box; the 9×12 page shows
// them on the first frame and after ten simulated seconds.
func TestBrowserNoBadgeCoversABrokersName(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		w, h   int
		path   string
		script string
	}{{390, 844, "/", nineByTwelve()}, {1280, 800, "/", nineByTwelve()}, {1280, 800, "/?preset=wrong-broker", ""}, {800, 600, "/embed.html?preset=every-broker-leads", ""}} {
		t.Run(fmt.Sprintf("%dx%d%s", c.w, c.h, strings.ReplaceAll(c.path, "/", "-")), func(t *testing.T) {
			t.Parallel()
			ctx, _, pageErrors := pageAt(t, c.w, c.h, c.path)
			brokers := 4
			if c.script != "" {
				brokers = 9
				if msg := evalJS[string](t, ctx, fmt.Sprintf(`window.kplayLoadScript(%q)`, c.script)); msg != "" {
					t.Fatal(msg)
				}
			}
			pollJS(t, ctx, fmt.Sprintf(`document.querySelectorAll("svg#diagram g.node.broker").length === %d`, brokers), 10*time.Second, "the brokers are not drawn")
			for _, ms := range []int{0, 10000} {
				if ms > 0 {
					seekPaused(t, ctx, ms, "00:00:10.000")
				}
				waitFrames(t, ctx)
				if bad := evalJS[[]string](t, ctx, coveredNamesJS); len(bad) > 0 {
					evalJS[bool](t, ctx, `(document.getElementById("diagram").scrollIntoView(), true)`)
					screenshot(t, ctx, fmt.Sprintf("kplay-names-%dx%d.png", c.w, c.h))
					t.Errorf("at %d ms: %s", ms, strings.Join(bad, "; "))
				}
			}
			noPageErrors(t, pageErrors)
		})
	}
}

// manyBadgesScript puts broker 3 in five states at once by 00:00:40: a
// slow disk, a one-way cut of its heartbeats to the controller (so the
// controller fences it after broker.session.timeout.ms and it leaves the
// ISR: out of sync) and hung, serving no requests.
const manyBadgesScript = `title "many badges"
cluster brokers=3
create-topic t partitions=1 rf=3
produce t-0 rate=5/s for=1m acks=all
slow-disk 3 latency=50ms
cut 3 controller one-way
run until=00:00:01.000
hang 3 requests=all
run until=00:00:40.000
`

// badgesJS lists every badge (g.badge in a broker box) whose rectangle is
// not inside its box's, or overlaps another badge of the box or the label
// over its log strip (the LEO's), and counts broker 3's badges and reads
// its fold's tooltip.
const badgesJS = `(() => {
	const bad = [];
	let b3 = 0, fold = "";
	const over = (r, r2) => r.left < r2.right - 0.5 && r2.left < r.right - 0.5 && r.top < r2.bottom - 0.5 && r2.top < r.bottom - 0.5;
	for (const g of document.querySelectorAll("#diagram g.node.broker")) {
		const box = g.querySelector("rect.box").getBoundingClientRect();
		const bs = [...g.querySelectorAll(":scope > g.badge")].map(b => [b.dataset.badge, b.querySelector("rect").getBoundingClientRect()]);
		const ls = [...g.querySelectorAll("g.leo-mark text, g.logstart-mark text")].map(l => [l.textContent, l.getBoundingClientRect()]);
		if (g.dataset.node === "b3") {
			b3 = bs.length;
			const f = g.querySelector(":scope > g.badge-more title");
			fold = f ? f.textContent : "";
		}
		bs.forEach(([k, r], i) => {
			if (r.left < box.left || r.right > box.right || r.top < box.top || r.bottom > box.bottom) {
				bad.push(g.dataset.node + " " + k + " outside its box");
			}
			for (const [k2, r2] of bs.slice(0, i).concat(ls)) {
				if (over(r, r2)) bad.push(g.dataset.node + " " + k + " over " + k2);
			}
		});
	}
	return {bad, b3, fold};
})()`

type badgeReport struct {
	Bad  []string `json:"bad"`
	B3   int      `json:"b3"`
	Fold string   `json:"fold"`
}

// TestBrowserBadgesStayInTheirBox: broker 3 out of sync, fenced, with a
// slow disk, hung and cut from the controller shows every state (or folds
// the rest into "+N", naming them), and at 1280×800, 390×844 and in an
// 800×600 embed every badge lies inside its box, none over another.
func TestBrowserBadgesStayInTheirBox(t *testing.T) {
	t.Parallel()
	for _, sz := range pageSizes {
		t.Run(sz.name, func(t *testing.T) {
			t.Parallel()
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, sz.path)
			setPlaying(t, ctx, false)
			if e := evalJS[string](t, ctx, fmt.Sprintf(`window.kplayLoadScript(%q)`, manyBadgesScript)); e != "" {
				t.Fatalf("script: %s", e)
			}
			setPlaying(t, ctx, false)
			scrubTo(t, ctx, 0, 40000)
			pollJS(t, ctx, `document.querySelector('#diagram g.node[data-node="b3"] g.badge-fenced, #diagram g.node[data-node="b3"] g.badge-more') !== null`, 10*time.Second, "broker 3 never showed its states")
			r := evalJS[badgeReport](t, ctx, badgesJS)
			if len(r.Bad) > 0 {
				t.Errorf("badges out of place:\n%s", strings.Join(r.Bad, "\n"))
			}
			if r.B3 < 3 {
				t.Errorf("broker 3 shows %d badges, want its five states or a fold", r.B3)
			}
			for _, want := range []string{"out of sync", "fenced", "slow disk", "hung", "controller"} {
				shown := evalJS[string](t, ctx, `[...document.querySelectorAll('#diagram g.node[data-node="b3"] > g.badge text')].map(x => x.textContent).join("|")`)
				if !strings.Contains(shown, want) && !strings.Contains(r.Fold, want) {
					t.Errorf("broker 3's %q is neither shown (%s) nor in the fold's tooltip (%q)", want, shown, r.Fold)
				}
			}
			screenshot(t, ctx, "kplay-badges-"+sz.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}

// labelsJS samples the diagram on each of n animation frames and returns
// how many labels it saw and every label that covered a box or another
// label: the message dots' labels and the links' marks ("slow", "✕"),
// against the client and broker boxes, as drawn on screen.
const labelsJS = `new Promise(done => {
	const bad = new Set(); let seen = 0, frames = 0;
	const ov = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
	const look = () => {
		const svg = document.getElementById("diagram");
		if (svg) {
			const boxes = [...svg.querySelectorAll("g.node > rect.box")].map(r => [r.closest("g.node").dataset.node, r.getBoundingClientRect()]);
			const labels = [...document.querySelectorAll("#dots g.msg text, #diagram text.link-mark")]
				.filter(t => t.textContent !== "" && Number(t.getAttribute("opacity") ?? "1") > 0)
				.map(t => [t.textContent, t.getBoundingClientRect()]);
			seen += labels.length;
			labels.forEach(([text, r], i) => {
				for (const [node, b] of boxes) if (ov(r, b)) bad.add(JSON.stringify(text) + " over " + node);
				for (const [other, q] of labels.slice(i + 1)) if (ov(r, q)) bad.add(JSON.stringify(text) + " over " + JSON.stringify(other));
			});
		}
		if (++frames < %d) requestAnimationFrame(look); else done({seen, bad: [...bad]});
	};
	requestAnimationFrame(look);
})`

type labelReport struct {
	Seen int      `json:"seen"`
	Bad  []string `json:"bad"`
}

// TestBrowserLabelsKeepApart: at each size, while the default scenario
// plays (its links are slowed to 30–50 ms, so each carries a "slow"), no
// message label and no link mark covers a box or another label.
func TestBrowserLabelsKeepApart(t *testing.T) {
	// It runs alone (no t.Parallel): it samples 180 frames, and with
	// three other tabs playing, a frame once drew a message's label over
	// a box (the dots layer a frame behind the diagram under that load).
	for _, sz := range pageSizes {
		t.Run(sz.name, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, sz.path)
			setPlaying(t, ctx, true)
			pollJS(t, ctx, `document.querySelectorAll("#diagram text.link-mark").length > 0 && document.querySelectorAll("#dots g.msg text").length > 0`, 20*time.Second, "no link mark or message label is drawn")
			r, err := chromedp.Run(ctx, chromedp.Evaluate[labelReport](fmt.Sprintf(labelsJS, 180), chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			if r.Seen == 0 {
				t.Fatal("no label was on screen in 180 frames")
			}
			if len(r.Bad) > 0 {
				t.Errorf("%d labels over 180 frames; these covered something:\n%s", r.Seen, strings.Join(r.Bad, "\n"))
			}
			screenshot(t, ctx, "kplay-labels-"+sz.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}

// TestBrowserTableViewFits: at each size the table view shows every
// column of every partition's table inside its panel and the window. The
// embed has no table view (only the full page draws it), so the third
// size is the full page in a window as wide as the embed.
func TestBrowserTableViewFits(t *testing.T) {
	t.Parallel()
	for _, sz := range []struct {
		name          string
		width, height int
	}{{"1280x800", 1280, 800}, {"390x844", 390, 844}, {"800x600", 800, 600}} {
		t.Run(sz.name, func(t *testing.T) {
			t.Parallel()
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, "/")
			if err := chromedp.Do(ctx, chromedp.KeyEvent("v")); err != nil {
				t.Fatal(err)
			}
			pollJS(t, ctx, `document.querySelector("#table-view table") !== null`, 10*time.Second, "v does not open the table view")
			got := evalJS[string](t, ctx, `(() => {
				const out = [], view = document.getElementById("table-view"), vr = view.getBoundingClientRect();
				if (vr.right > innerWidth + 1 || vr.left < -1) out.push("the panel spans " + Math.round(vr.left) + "–" + Math.round(vr.right) + " of " + innerWidth);
				for (const w of view.querySelectorAll(".table-wrap")) {
					if (w.scrollWidth > w.clientWidth + 1) out.push("a table is " + w.scrollWidth + " px in " + w.clientWidth);
					for (const c of w.querySelectorAll("th, td")) {
						const r = c.getBoundingClientRect();
						if (r.right > vr.right + 1 || r.right > innerWidth + 1) { out.push(JSON.stringify(c.textContent) + " ends at " + Math.round(r.right)); break; }
					}
				}
				return out.join("; ");
			})()`)
			if got != "" {
				t.Errorf("the table view clips: %s", got)
			}
			if cols := evalJS[int](t, ctx, `document.querySelectorAll("#table-view thead th").length`); cols != 7 {
				t.Errorf("%d columns, want 7", cols)
			}
			screenshot(t, ctx, "kplay-table-"+sz.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}

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
	t.Parallel()
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
	t.Parallel()
	for _, sz := range pageSizes[1:] {
		t.Run(sz.name, func(t *testing.T) {
			t.Parallel()
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

// twoQuietScript has the controller strip say more and more: every broker
// heartbeating at 1 s, broker 1 silent from 2 s, and broker 3 too from 3
// s, both counting down to their fencing at 5 s (at 1280 px the two
// sentences took a second line).
const twoQuietScript = `title "two quiet brokers"
cluster brokers=3
create-topic t partitions=1 rf=3
run until=00:00:02.000
crash 1
run until=00:00:03.000
crash 3
run until=00:00:06.000
`

// TestBrowserBoxesStayPutAsTheStripGrows: the controller strip says one
// thing per broker that is not heartbeating; when a second broker went
// quiet it wrapped onto a second line at 1280×800 and every box under it
// jumped 15 px down (a third line on a phone). At every size the strip
// keeps its height, so the boxes keep their places to the pixel, whatever
// it says.
func TestBrowserBoxesStayPutAsTheStripGrows(t *testing.T) {
	t.Parallel()
	for _, sz := range pageSizes {
		t.Run(sz.name, func(t *testing.T) {
			l := link.Encode(link.Link{Script: twoQuietScript, T: 1000, HasT: true})
			path := "/?autoplay=0#" + l
			if strings.HasPrefix(sz.path, "/embed.html") {
				path = "/embed.html?autoplay=0&" + l
			}
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, path)
			setPlaying(t, ctx, false)
			var places, strips []string
			for _, m := range []struct {
				ms    int
				clock string
			}{{1000, "00:00:01.000"}, {2500, "00:00:02.500"}, {5000, "00:00:05.000"}} {
				seekPaused(t, ctx, m.ms, m.clock)
				waitFrames(t, ctx)
				places = append(places, evalJS[string](t, ctx, boxesJS))
				strips = append(strips, evalJS[string](t, ctx, `document.getElementById("controller-state").textContent`))
			}
			if !strings.Contains(strips[0], "every broker registered and heartbeating") ||
				strings.Count(strips[1], "no heartbeat since") != 1 || strings.Count(strips[2], "no heartbeat since") != 2 {
				t.Fatalf("the strip did not grow as the script has it: %q", strips)
			}
			for i := 1; i < len(places); i++ {
				if places[i] != places[0] {
					t.Errorf("the boxes moved when the strip said %q:\nbefore %s\nafter  %s", strips[i], places[0], places[i])
				}
			}
			screenshot(t, ctx, "kplay-strip-two-quiet-"+sz.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}
