//go:build browser && !js

package e2e

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/layertree"
	"github.com/chromedp/chromedp"
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
	for _, sz := range pageSizes {
		t.Run(sz.name, func(t *testing.T) {
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
