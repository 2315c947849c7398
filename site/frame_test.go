package site

import (
	"testing"

	"kplay/engine"
)

// TestRateMovesOnlyForward: a frame that passes the producer panel's
// sends plays up to each one, produces and plays on; it never seeks back
// to a send and replays (a seek rebuilds the cluster from a checkpoint
// and starts a new generation, Player.Generation). The sends land on their
// times (TestRateProducesAtSimulatedTimes).
func TestRateMovesOnlyForward(t *testing.T) {
	s := actPresetStore(t, lessonPreset)
	s.Player.AdvanceTo(s.Player.Scenario().End)
	start := s.Player.Now()
	s.Dispatch(StartRate{PerSec: 4, Acks: engine.AcksOne})
	s.Playing, s.SkipQuiet, s.Speed = true, false, 1
	gen := s.Player.Generation()
	for range 20 {
		s.Dispatch(Tick{RealMs: 70})
	}
	if n := len(s.Player.UserSteps()); n != 5 {
		t.Fatalf("%d sends in 1400 ms at 4/s, want 5", n)
	}
	if g := s.Player.Generation(); g != gen {
		t.Errorf("generation %d after the frames, was %d: a frame went back to a send", g, gen)
	}
	if got := s.Player.Now() - start; got != 1400 {
		t.Errorf("playhead %d ms after the start, want 1400", got)
	}
}

// TestClickBrokerIsOneAction: a click on a broker's box opens its menu
// and selects it (folded: the menu is what a tap is mostly for) in one
// action, so the page is notified once; a second click closes the menu
// and keeps the broker selected.
func TestClickBrokerIsOneAction(t *testing.T) {
	s := actPresetStore(t, lessonPreset)
	calls := 0
	s.Subscribe(func() { calls++ })
	s.Dispatch(ClickBroker{Broker: 2})
	if calls != 1 {
		t.Errorf("one click notified %d times, want 1", calls)
	}
	if !s.MenuOpen || s.Menu != 2 {
		t.Errorf("menu open %v on broker %d, want broker 2's open", s.MenuOpen, s.Menu)
	}
	if sel := s.See.Sel; sel.Kind != SelBroker || sel.Broker != 2 || !s.See.Folded {
		t.Errorf("selection %+v folded %v, want broker 2, folded", sel, s.See.Folded)
	}
	s.Dispatch(ClickBroker{Broker: 2})
	if s.MenuOpen || s.See.Sel.Kind != SelBroker || s.See.Sel.Broker != 2 {
		t.Errorf("after a second click menu open %v, selection %+v; want the menu closed, broker 2 selected", s.MenuOpen, s.See.Sel)
	}
}
