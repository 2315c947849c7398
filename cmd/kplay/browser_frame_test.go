//go:build !js

package main

import (
	"strings"
	"testing"
	"time"

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
	const seen = new Set([...document.querySelectorAll("#diagram g.msg")].map(g => g.dataset.msg));
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
	mo.observe(document.getElementById("diagram"), {subtree: true, childList: true, attributes: true, attributeFilter: ["transform"]});
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
	pollJS(t, ctx, `document.querySelectorAll("#diagram g.msg").length > 0`, 20*time.Second, "no message dot is drawn")
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
	if problems := pageErrors(); len(problems) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(problems, "\n"))
	}
}
