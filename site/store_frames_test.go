package site

import (
	"testing"

	"kplay/engine"
)

// frame is one animation frame as the page's loop runs it.
func frame(s *Store) {
	s.Dispatch(Tick{RealMs: frameMs})
	s.Dispatch(Narrate{RealMs: frameMs})
}

// settle runs frames while the Store needs them, for at most limit real
// ms, and returns the real ms it took.
func settle(t *testing.T, s *Store, limit float64) float64 {
	t.Helper()
	real := 0.0
	for s.NeedsFrames() {
		if real > limit {
			t.Fatalf("the Store still needs frames after %.0f real ms (narration queue pending)", real)
		}
		frame(s)
		real += frameMs
	}
	return real
}

// TestPausedNeedsNoFrames: a playing page needs every frame; paused, it
// needs frames only until the narrator has read the events and said what
// it queued (a sentence per NarrationGapMs), and then none: a frame would
// change nothing. Stepping, seeking and playing need frames again.
func TestPausedNeedsNoFrames(t *testing.T) {
	s := defaultStore(t)
	if !s.NeedsFrames() {
		t.Fatal("a playing page needs no frames")
	}
	for range 120 {
		frame(s)
	}
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	s.Dispatch(TogglePlay{})
	if s.Playing {
		t.Fatal("TogglePlay did not pause")
	}
	// A crash gives a handful of kinds of sentence; each waits its gap.
	settle(t, s, 10*NarrationGapMs)
	changed := 0
	s.Subscribe(func() { changed++ })
	at := s.Player.Exact()
	frame(s)
	if s.NeedsFrames() || changed != 0 || s.Player.Exact() != at {
		t.Fatalf("a settled paused frame: needs frames %v, %d changes, playhead %v → %v; want nothing", s.NeedsFrames(), changed, at, s.Player.Exact())
	}

	for _, c := range []struct {
		what string
		a    Action
	}{
		{"a step", StepOnce{}},
		{"a seek", Seek{At: s.Player.Now() + 3000}},
		{"play", TogglePlay{}},
	} {
		s.Dispatch(c.a)
		if !s.NeedsFrames() {
			t.Errorf("after %s the Store needs no frames", c.what)
		}
		if s.Playing {
			break
		}
		settle(t, s, 10*NarrationGapMs)
	}
}

// TestPausedFramesFillTheTimeline: opened paused, start-here's timeline
// has ten simulated minutes to run ahead (Player.Markers, a piece a
// frame). Paused frames carry that on, each re-rendering, and stop
// needing frames once the markers reach the horizon.
func TestPausedFramesFillTheTimeline(t *testing.T) {
	s := defaultStore(t)
	s.Dispatch(TogglePlay{})
	settle(t, s, 10*NarrationGapMs) // nothing has asked for markers yet
	s.TimelineMarkers()             // the first render
	if !s.NeedsFrames() {
		t.Fatal("with the timeline half run ahead, the paused page needs no frames")
	}
	changes := 0
	s.Subscribe(func() { changes++ })
	at := s.Player.Exact()
	settle(t, s, 100*frameMs)
	if !s.Player.markersDone() || changes == 0 || s.Player.Exact() != at {
		t.Fatalf("after the paused frames: markers done %v, %d re-renders, playhead %v → %v", s.Player.markersDone(), changes, at, s.Player.Exact())
	}
}
