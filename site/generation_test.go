package site

import (
	"testing"

	"kplay/scenarios"
)

// TestGenerationRunsOnAcrossScenarios: the violations banner and the
// fetch-rounds table skip a render while the event count and the
// player's generation are those they last drew (site/ui). A new
// scenario's player started its generations at 1 again, so after a preset
// pick at the same event count either showed the previous scenario's
// guarantees or rounds. Each pick (and a return to the first preset) must
// give a generation that none before had.
func TestGenerationRunsOnAcrossScenarios(t *testing.T) {
	p, ok := scenarios.Get("acks1-loss")
	if !ok {
		t.Fatal("no preset acks1-loss")
	}
	s := NewStoreFromScript(p.Name+".txt", p.LearnerText())
	s.Player.Seek(s.Player.Scenario().Config.Start + 20000) // past the loss at 19 s
	seen := map[int]string{s.Player.Generation(): "acks1-loss after a seek"}
	for _, name := range []string{"order-9001", "start-here", "acks1-loss"} {
		s.Dispatch(PickPreset{Name: name})
		g := s.Player.Generation()
		if was, dup := seen[g]; dup {
			t.Errorf("picking %s gives generation %d, which %s had", name, g, was)
		}
		seen[g] = name
	}
}
