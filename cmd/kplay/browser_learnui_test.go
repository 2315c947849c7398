//go:build !js

package main

import (
	"strings"
	"testing"
	"time"
)

// This file holds the browser tests of the learner's defects met on the
// full page (index.html): the link menu's cuts, the inspector after a
// rewind, the forms' errors and Apply, and the diagram's text and badges
// with four and nine brokers.

// TestBrowserInspectorAfterRewind: in lesson 8 (acks1-loss) a learner
// clicks m2's struck-through cell on broker 1 at 41 s, after broker 1
// truncated it (40.002), then seeks back to 10.005, when broker 1 holds
// m2 above its HW 2. The inspector kept "truncated from broker 1's log",
// m2's future; it shows m2 as it is at the playhead (not committed yet,
// sent by p2 at 10.000), the lifecycle tells nothing later than the
// clock, and the cell stays marked as the selection.
func TestBrowserInspectorAfterRewind(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=acks1-loss")
	cell := `svg#diagram g.node[data-node="b1"] .cell[data-offset="2"]`
	seekPaused(t, ctx, 41000, "00:00:41.000")
	waitFrames(t, ctx)
	click(t, ctx, cell+".truncated")
	pollJS(t, ctx, `(document.getElementById("inspector")?.textContent || "").includes("truncated from broker 1's log")`, 5*time.Second, "the inspector does not say m2 is truncated at 41 s")

	seekPaused(t, ctx, 10005, "00:00:10.005")
	waitFrames(t, ctx)
	insp := evalJS[string](t, ctx, `document.getElementById("inspector").innerText`)
	if strings.Contains(insp, "truncated") || !strings.Contains(insp, "not yet: at or above broker 1's HW 2") || !strings.Contains(insp, "p2") {
		t.Errorf("at 10.005 the inspector reads:\n%s\nwant m2 not committed yet, above broker 1's HW 2, from p2", insp)
	}
	later := evalJS[[]string](t, ctx, `[...document.querySelectorAll("#lifecycle li time")].map(e => e.textContent).filter(t => t > "00:00:10.005")`)
	if len(later) > 0 {
		t.Errorf("at 10.005 the lifecycle tells steps at %v", later)
	}
	if !evalJS[bool](t, ctx, `document.querySelector(`+jsString(cell)+`)?.classList.contains("selected") ?? false`) {
		t.Errorf("at 10.005 broker 1's m2 is not marked selected")
	}
	screenshot(t, ctx, "kplay-inspector-rewind-1280x800.png")
	noPageErrors(t, pageErrors)
}
