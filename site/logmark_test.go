package site

import (
	"testing"

	"kplay/scenarios"
)

// TestLogMarkSince: the rule every reader of the event log follows. A
// reader at the log's own mark has nothing to read; events after it
// are read on from its Count; another generation (a seek rebuilds) or
// fewer events than it read is a log it must read again from the start.
func TestLogMarkSince(t *testing.T) {
	for _, c := range []struct {
		now, was LogMark
		want     LogChange
	}{
		{LogMark{Gen: 3, Count: 40}, LogMark{Gen: 3, Count: 40}, LogSame},
		{LogMark{Gen: 3, Count: 41}, LogMark{Gen: 3, Count: 40}, LogGrew},
		{LogMark{Gen: 3, Count: 39}, LogMark{Gen: 3, Count: 40}, LogRewound},
		{LogMark{Gen: 4, Count: 40}, LogMark{Gen: 3, Count: 40}, LogRewound},
		{LogMark{Gen: 4, Count: 90}, LogMark{Gen: 3, Count: 40}, LogRewound},
		{LogMark{Gen: 1, Count: 5}, LogMark{}, LogRewound},
	} {
		if got := c.now.Since(c.was); got != c.want {
			t.Errorf("%+v.Since(%+v) = %d, want %d", c.now, c.was, got, c.want)
		}
	}
}

// TestPlayerLogMark: the Player's mark grows as it plays, is rewound by a
// seek back, and after a preset pick is one no reader of the last
// scenario's log holds.
func TestPlayerLogMark(t *testing.T) {
	p, ok := scenarios.Get("acks1-loss")
	if !ok {
		t.Fatal("no preset acks1-loss")
	}
	s := NewStoreFromScript(p.Name+".txt", p.LearnerText())
	pl := s.Player
	m0 := pl.LogMark()
	if m0.Gen != pl.Generation() || m0.Count != pl.EventCount() {
		t.Fatalf("LogMark %+v, want generation %d and %d events", m0, pl.Generation(), pl.EventCount())
	}
	pl.Advance(2000)
	m1 := pl.LogMark()
	if got := m1.Since(m0); got != LogGrew {
		t.Errorf("after 2 s of play: %d, want LogGrew (%+v since %+v)", got, m1, m0)
	}
	if got := pl.LogMark().Since(m1); got != LogSame {
		t.Errorf("without play: %d, want LogSame", got)
	}
	pl.Seek(pl.Scenario().Config.Start + 500)
	if got := pl.LogMark().Since(m1); got != LogRewound {
		t.Errorf("after a seek back: %d, want LogRewound", got)
	}
	m2 := pl.LogMark()
	s.Dispatch(PickPreset{Name: "order-9001"})
	if got := s.Player.LogMark().Since(m2); got != LogRewound {
		t.Errorf("after a preset pick: %d, want LogRewound", got)
	}
}
