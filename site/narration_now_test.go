//go:build !js

package site

import (
	"testing"

	"kplay/engine"
)

// TestActionIsSaidAtOnce checks that the caption tells what the reader's
// own action did in the frames right after it, not the sentence before
// it for a second (the narrator's gap between sentences): a crash of the
// leader a moment after the page opens reads "Broker 1 crashed." within
// a few frames.
func TestActionIsSaidAtOnce(t *testing.T) {
	s := presetStore(t, "start-here")
	if !s.Playing {
		s.Dispatch(TogglePlay{})
	}
	frame := func() {
		s.Dispatch(Tick{RealMs: 16})
		s.Dispatch(Narrate{RealMs: 16})
	}
	for range 30 {
		frame()
	}
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	for range 5 {
		frame()
	}
	if got := s.MomentCaption(); got != "Broker 1 crashed." {
		t.Errorf("five frames after the crash the caption reads %q", got)
	}
}
