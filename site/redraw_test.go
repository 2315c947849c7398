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

// RedrawCounts counts each answer of NextRedraw once, by its kind.
func TestRedrawCounts(t *testing.T) {
	s := defaultStore(t)
	var want [3]int
	for i := 0; i < 120; i++ {
		s.Dispatch(Tick{RealMs: 16})
		want[s.NextRedraw()]++
	}
	full, stage, dots := s.RedrawCounts()
	if got := [3]int{dots, stage, full}; got != want {
		t.Fatalf("RedrawCounts() = %d full, %d stage, %d dots-only; NextRedraw answered %d, %d and %d", full, stage, dots, want[RedrawPage], want[RedrawStage], want[RedrawDots])
	}
	if full == 0 || dots == 0 {
		t.Errorf("120 frames of the default scenario gave %d full redraws and %d dots-only: want both kinds", full, dots)
	}
}

// A playing frame in which an event happened redraws the stage at once
// and the whole page only once FullRedrawMs has passed since it was last
// drawn in full; the frame after redraws the dots alone if nothing more
// happened. Anything but a playing Tick (here a pause) redraws the page.
func TestStageRedraw(t *testing.T) {
	s := defaultStore(t)
	if s.NextRedraw() != RedrawPage {
		t.Fatal("the first frame is not drawn in full")
	}
	stage := false
	sinceFull := 0.0
	for i := 0; i < 600 && !stage; i++ {
		n := s.Player.EventCount()
		s.Dispatch(Tick{RealMs: 16})
		sinceFull += 16
		kind := s.NextRedraw()
		switch {
		case kind == RedrawPage:
			if sinceFull < FullRedrawMs {
				t.Fatalf("frame %d: the page is redrawn in full %v ms after the last full redraw", i, sinceFull)
			}
			sinceFull = 0
		case s.Player.EventCount() != n:
			if kind != RedrawStage {
				t.Fatalf("frame %d: an event happened %v ms after the last full redraw, and NextRedraw = %d, not RedrawStage", i, sinceFull, kind)
			}
			stage = true
		case kind != RedrawDots:
			t.Fatalf("frame %d: no event, and NextRedraw = %d, not RedrawDots", i, kind)
		}
	}
	if !stage {
		t.Fatal("no frame of the default scenario redrew the stage alone")
	}
	if k := s.NextRedraw(); k != RedrawDots {
		t.Errorf("asked again with no change since, NextRedraw = %d, not RedrawDots", k)
	}
	s.Dispatch(TogglePlay{})
	if k := s.NextRedraw(); k != RedrawPage {
		t.Errorf("after a pause NextRedraw = %d, not RedrawPage", k)
	}
}

// rowsOf returns log rows with the given Seqs, each with its own text.
func rowsOf(seqs ...int) []LogLine {
	out := make([]LogLine, 0, len(seqs))
	for _, q := range seqs {
		out = append(out, LogLine{EventLine: EventLine{Seq: q, Text: "event " + itoa(int64(q))}})
	}
	return out
}

// The event log changes its rows in place only when the new rows are the
// old ones with some of the oldest gone and some added at the end;
// anything else (a seek back, the chatter toggled, a fork that rewrote a
// row) sets them all again.
func TestLogMovedOn(t *testing.T) {
	rewritten := rowsOf(3, 4, 5)
	rewritten[1].Text = "another event"
	for _, c := range []struct {
		name      string
		old, rows []LogLine
		drop      int
		ok        bool
	}{
		{"first rows", nil, rowsOf(1, 2), 0, true},
		{"rows added", rowsOf(1, 2), rowsOf(1, 2, 3), 0, true},
		{"oldest dropped, rows added", rowsOf(1, 2, 3, 4), rowsOf(3, 4, 5, 6), 2, true},
		{"oldest dropped only", rowsOf(1, 2, 3), rowsOf(2, 3), 1, true},
		{"every old row scrolled off", rowsOf(1, 2), rowsOf(7, 8), 2, true},
		{"a seek back", rowsOf(5, 6, 7), rowsOf(1, 2, 3), 0, false},
		{"a row rewritten", rowsOf(2, 3, 4, 5), rewritten, 0, false},
		{"a row missing in the middle", rowsOf(1, 2, 3, 4), rowsOf(2, 4, 5), 0, false},
		{"no rows left", rowsOf(1, 2), nil, 0, false},
		{"fewer rows than the overlap", rowsOf(1, 2, 3, 4), rowsOf(2, 3), 0, false},
	} {
		drop, ok := LogMovedOn(c.old, c.rows)
		if drop != c.drop || ok != c.ok {
			t.Errorf("%s: LogMovedOn = %d, %v; want %d, %v", c.name, drop, ok, c.drop, c.ok)
		}
	}
}
