package site

import "testing"

// A playing frame in which nothing happens redraws only the dots, until
// FullRedrawMs of real time has passed; an event, an action or a seek
// redraws the page at once.
func TestFullRedraw(t *testing.T) {
	s := defaultStore(t)
	if !s.FullRedraw() {
		t.Fatal("the first frame is not drawn in full")
	}
	if s.FullRedraw() {
		t.Fatal("a frame with no change since is drawn in full")
	}
	// Find a frame with no event: at the default speed most frames are.
	quiet := false
	for i := 0; i < 600 && !quiet; i++ {
		n := s.Player.EventCount()
		s.Dispatch(Tick{RealMs: 16})
		full := s.FullRedraw()
		if s.Player.EventCount() != n {
			if !full {
				t.Fatalf("frame %d: an event happened, and only the dots are redrawn", i)
			}
			continue
		}
		quiet = !full
	}
	if !quiet {
		t.Fatal("no frame of the default scenario redraws only the dots")
	}
	// Quiet frames add up to a full redraw within FullRedrawMs.
	full := false
	for real := 0.0; real <= FullRedrawMs+16 && !full; real += 16 {
		s.Dispatch(Tick{RealMs: 16})
		full = s.FullRedraw()
	}
	if !full {
		t.Errorf("no full redraw within %d ms of real time", FullRedrawMs)
	}
	s.FullRedraw()
	s.Dispatch(ToggleSkipQuiet{})
	if !s.FullRedraw() {
		t.Error("an action of the reader does not redraw the page")
	}
	s.Dispatch(Seek{At: s.Player.Now() + 5000})
	if !s.FullRedraw() {
		t.Error("a seek does not redraw the page")
	}
}

// RedrawCounts counts each answer of FullRedraw once, by its kind.
func TestRedrawCounts(t *testing.T) {
	s := defaultStore(t)
	wantFull, wantDots := 0, 0
	for i := 0; i < 120; i++ {
		s.Dispatch(Tick{RealMs: 16})
		if s.FullRedraw() {
			wantFull++
		} else {
			wantDots++
		}
	}
	full, dots := s.RedrawCounts()
	if full != wantFull || dots != wantDots {
		t.Fatalf("RedrawCounts() = %d full, %d dots-only; FullRedraw answered %d and %d", full, dots, wantFull, wantDots)
	}
	if full == 0 || dots == 0 {
		t.Errorf("120 frames of the default scenario gave %d full redraws and %d dots-only: want both kinds", full, dots)
	}
}
