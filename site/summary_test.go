package site

import (
	"regexp"
	"strings"
	"testing"

	"kplay/scenarios"
)

// TestSummaryNamesProducersOnScreen: lesson 8's "What to watch" began
// "Producer p2 sends m2" while its producer box read only "p1 · all
// acked": p2 first produces at 10 s. A producer a preset's summary names
// is in the opening picture, or the summary says when it comes ("at 10
// s").
func TestSummaryNamesProducersOnScreen(t *testing.T) {
	named := regexp.MustCompile(`\bp[0-9]+\b`)
	when := regexp.MustCompile(`\bat [0-9]+(\.[0-9]+)? s\b`)
	checked := 0
	for _, p := range scenarios.All() {
		s := NewStoreFromScript(p.Name, p.Text)
		if s.Err != "" {
			t.Fatalf("%s: %s", p.Name, s.Err)
		}
		sc := s.Player.Scenario()
		shown := map[string]bool{}
		for _, pr := range s.Player.State().Producers {
			shown[pr.ID.String()] = true
		}
		for _, sentence := range strings.SplitAfter(sc.Summary, ". ") {
			for _, id := range named.FindAllString(sentence, -1) {
				checked++
				if !shown[id] && !when.MatchString(sentence) {
					t.Errorf("%s: the summary names %s, which the opening picture does not show, without saying when it comes: %q", p.Name, id, sentence)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no summary names a producer: this tests nothing")
	}
}
