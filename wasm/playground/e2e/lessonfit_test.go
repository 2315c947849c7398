//go:build browser && !js

package e2e

import (
	"encoding/json"
	"testing"
)

// TestBrowserLessonCaptionOnScreen: in lesson 8 at 1280×800 the "Stop at
// questions" row pushed the diagram down, and at 00:00:16 the caption
// under it was below the screen's edge. At each of the lesson's moments
// (its start, the crash's two-line caption, the loss, the truncation) the
// caption is whole on the first screen, under the diagram.
func TestBrowserLessonCaptionOnScreen(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=acks1-loss")
	setPlaying(t, ctx, false)
	lines := 0
	for _, ms := range []int64{0, 16000, 19000, 40010} {
		scrubTo(t, ctx, 0, ms)
		setPlaying(t, ctx, false)
		waitFrames(t, ctx)
		raw := evalJS[string](t, ctx, `(() => {
			const c = document.getElementById("caption"), r = c.getBoundingClientRect(), d = document.getElementById("diagram").getBoundingClientRect();
			return JSON.stringify({text: c.textContent, top: r.top, bottom: r.bottom, diagram: d.bottom, scrolled: scrollY});
		})()`)
		var c struct {
			Text                 string
			Top, Bottom, Diagram float64
			Scrolled             float64
		}
		if err := json.Unmarshal([]byte(raw), &c); err != nil {
			t.Fatal(err)
		}
		if c.Text == "" || c.Scrolled != 0 || c.Bottom > 800 || c.Top < c.Diagram {
			t.Errorf("at %d ms the caption %q lies %.0f–%.0f px (the diagram ends at %.0f, the page scrolled %.0f): not whole on a 1280×800 screen under the diagram",
				ms, c.Text, c.Top, c.Bottom, c.Diagram, c.Scrolled)
		}
		lines = max(lines, int((c.Bottom-c.Top+4)/18))
	}
	if lines < 2 {
		t.Errorf("no caption took two lines: this tests too little")
	}
	screenshot(t, ctx, "kplay-lesson-caption-1280x800.png")
	noPageErrors(t, pageErrors)
}
