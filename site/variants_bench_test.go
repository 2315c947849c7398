package site

import (
	"strings"
	"testing"

	"kplay/engine"
	"kplay/scenarios"
)

// fourRunsStartHere is the default preset with three vs lines: four runs
// of its ten-minute steady producer.
func fourRunsStartHere(b *testing.B) string {
	p, ok := scenarios.Get("start-here")
	if !ok {
		b.Fatal("no start-here")
	}
	i := strings.Index(p.Text, "\ncluster ")
	j := strings.Index(p.Text[i+1:], "\n")
	at := i + 1 + j + 1
	return p.Text[:at] + "vs \"min.insync.replicas=1\" min.insync.replicas=1\nvs \"min.insync.replicas=3\" min.insync.replicas=3\nvs \"Kafka 3.6\" kafka=3.6\n" + p.Text[at:]
}

// BenchmarkSeekFourRuns: a seek of four runs of the default preset and
// the views of their diagrams (RunViews), the Go half of
// BenchmarkSeek10MinFourRuns, natively.
func BenchmarkSeekFourRuns(b *testing.B) {
	s := NewStoreFromScript("four.txt", fourRunsStartHere(b))
	if s.Err != "" || len(s.Variants) != 3 {
		b.Fatalf("%q, %d variants", s.Err, len(s.Variants))
	}
	start := s.Player.Scenario().Config.Start
	s.Dispatch(ScrubTo{At: start + 600_000})
	s.RunViews()
	b.Run("seek", func(b *testing.B) {
		for i := range b.N {
			s.Dispatch(ScrubTo{At: start + engine.Time(i*7919%600_000)})
		}
	})
	b.Run("runviews", func(b *testing.B) {
		for range b.N {
			s.RunViews()
		}
	})
}
