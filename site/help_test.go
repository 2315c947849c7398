package site

import "testing"

// TestHelpPausesPlayback: opening the help dialog ("Words on the page")
// pauses playback and says so; closing it, by its button, Escape or a
// click beside it (each ToggleHelp or Dismiss), resumes only what opening
// it paused. A page the reader had paused stays paused, and says so.
func TestHelpPausesPlayback(t *testing.T) {
	s := defaultStore(t)
	if !s.Playing {
		t.Fatal("the default store does not play")
	}
	for _, closeWith := range []Action{ToggleHelp{}, Dismiss{}} {
		s.Dispatch(ToggleHelp{})
		if !s.Manners.HelpOpen || s.Playing || !s.HelpPaused() {
			t.Fatalf("help open while playing: open %v playing %v paused-by-help %v", s.Manners.HelpOpen, s.Playing, s.HelpPaused())
		}
		before := s.Player.Now()
		s.Dispatch(Tick{RealMs: 500})
		if s.Player.Now() != before {
			t.Errorf("the clock ran behind the help dialog: %d → %d", before, s.Player.Now())
		}
		s.Dispatch(closeWith)
		if s.Manners.HelpOpen || !s.Playing {
			t.Errorf("closed with %T: open %v playing %v, want closed and playing again", closeWith, s.Manners.HelpOpen, s.Playing)
		}
	}
	s.Dispatch(TogglePlay{})
	s.Dispatch(ToggleHelp{})
	if s.HelpPaused() || s.Playing {
		t.Errorf("help over a paused page: paused-by-help %v playing %v", s.HelpPaused(), s.Playing)
	}
	s.Dispatch(ToggleHelp{})
	if s.Playing {
		t.Error("closing the help dialog played a page the reader had paused")
	}
	if HelpPauseNote(true) == HelpPauseNote(false) {
		t.Error("the dialog says the same of a page it paused and one already paused")
	}
}
