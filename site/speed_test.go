package site

import (
	"testing"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/scenarios"
)

// slowestFlight is the longest one-way latency any link of sc can take:
// the cluster's latency= or a slow command's.
func slowestFlight(sc script.Scenario) engine.Time {
	mx := sc.Config.MaxLatency
	for _, st := range sc.Steps {
		if s, ok := st.Cmd.(engine.Slow); ok && s.MaxLat > mx {
			mx = s.MaxLat
		}
	}
	return mx
}

// TestPresetPace checks every preset's pace: at the speed it opens with
// (its speed directive, or DefaultSpeed), a message on its slowest link
// takes at most 5 s of real time, the default scenario's 50 ms at
// 1/100; one with a speed directive takes at least half a second, so the
// directive is not a way to hide the flight.
func TestPresetPace(t *testing.T) {
	for _, p := range scenarios.All() {
		sc, err := script.ParseAndCompile(p.Name, script.StripExpected(p.Text))
		if err != nil {
			t.Fatal(err)
		}
		speed := PaceSpeed(sc.Pace)
		wall := float64(slowestFlight(sc)) / speed // real ms
		if wall > 5000 {
			t.Errorf("%s: its slowest link's flight takes %.0f ms of real time at %s; give it a speed directive", p.Name, wall, SpeedWords(speed))
		}
		if !sc.Pace.IsZero() && wall < 500 {
			t.Errorf("%s: speed %s plays its slowest flight in %.0f ms, too fast to follow", p.Name, sc.Pace, wall)
		}
	}
}

// TestPaceFollowsScenario checks that a picked preset plays at its own
// pace until the reader sets a speed, and that the reader's speed is
// never overridden by a scenario afterwards.
func TestPaceFollowsScenario(t *testing.T) {
	s := OpenStartup(ParseStartup("", "?preset=incident-kafka-7128"), false)
	if s.Speed != 0.5 {
		t.Fatalf("incident-kafka-7128 opens at %v, want its speed 1/2", s.Speed)
	}
	s.Dispatch(PickPreset{Name: "start-here"})
	if s.Speed != DefaultSpeed {
		t.Fatalf("start-here, which has no speed directive, plays at %v, want DefaultSpeed", s.Speed)
	}
	s.Dispatch(PickPreset{Name: "incident-fenced-in-isr"})
	if s.Speed != 5 {
		t.Fatalf("incident-fenced-in-isr plays at %v, want its speed 5", s.Speed)
	}
	s.Dispatch(SetSpeed{Speed: 0.02})
	s.Dispatch(PickPreset{Name: "incident-kafka-7128"})
	if s.Speed != 0.02 || !s.SpeedChosen {
		t.Fatalf("after the reader chose 1/50 a preset set the speed to %v", s.Speed)
	}
	// The speed keys are the reader's choice too.
	s = OpenStartup(ParseStartup("", "?preset=start-here"), false)
	s.Dispatch(SpeedStep{Up: true})
	chosen := s.Speed
	s.Dispatch(PickPreset{Name: "incident-kafka-7128"})
	if s.Speed != chosen {
		t.Fatalf("after a speed key chose %v a preset set %v", chosen, s.Speed)
	}
	// An embed's speed= is the page author's choice, which the scenario
	// does not override either.
	e := OpenStartup(ParseStartup("", "?preset=incident-kafka-7128&speed=0.01"), true)
	if e.Speed != 0.01 {
		t.Fatalf("an embed with speed=0.01 plays at %v", e.Speed)
	}
	e = OpenStartup(ParseStartup("", "?preset=incident-kafka-7128"), true)
	if e.Speed != 0.5 {
		t.Fatalf("an embed without speed= plays at %v, want the preset's 1/2", e.Speed)
	}
}
