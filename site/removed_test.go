package site

import (
	"strings"
	"testing"

	"kplay/engine"
)

// returningLeader plays start-here to the moment broker 1 comes back: the
// reader tries "Produce with acks=1, then crash the leader" (broker 1
// alone holds the record), waits for another broker to lead, and
// restarts broker 1, all at speed. It returns the Store playing, with the
// narrator caught up.
func returningLeader(t *testing.T, speed float64) *Store {
	t.Helper()
	s := presetStore(t, "start-here")
	s.Dispatch(SetSpeed{Speed: speed})
	frame := func() {
		s.Dispatch(Tick{RealMs: narrFrameMs})
		s.Dispatch(Narrate{RealMs: narrFrameMs})
	}
	frame()
	var try Suggestion
	for _, sg := range s.Suggestions() {
		if sg.CrashAfterAck {
			try = sg
		}
	}
	Try(s, try)
	s.Dispatch(SetSpeed{Speed: MaxSpeed})
	for range 10000 {
		if p, ok := FirstPartition(s.Player.State()); ok && p.Leader != engine.NoLeader && p.Leader != 1 {
			break
		}
		frame()
	}
	if p, _ := FirstPartition(s.Player.State()); p.Leader == engine.NoLeader || p.Leader == 1 {
		t.Fatalf("no other leader after the crash: %+v", p)
	}
	s.Dispatch(SetSpeed{Speed: speed})
	s.Dispatch(Act{Cmd: engine.Restart{Broker: 1}})
	if !s.Playing {
		s.Dispatch(TogglePlay{})
	}
	return s
}

// truncationSeen plays frames until broker 1's truncation is in the event
// log and returns it.
func truncationSeen(t *testing.T, s *Store, frame func()) engine.Event {
	t.Helper()
	for range 20000 {
		var cut engine.Event
		found := false
		s.Player.c.EachEvent(0, func(e *engine.Event) bool {
			if e.Kind == engine.EvTruncated && e.Node == engine.Broker(1) {
				cut, found = *e, true
				return false
			}
			return true
		})
		if found {
			return cut
		}
		frame()
	}
	t.Fatal("broker 1 never truncated")
	return engine.Event{}
}

// TestTruncationStaysMarked is the learner's run at 6× slower: broker 1
// returned, showed "LEO 0" with its record struck through for less than
// 0.4 s, copied 32 records 0.3 s later, and the caption named the
// truncation only after that. Now its box marks the removed record for
// TruncationHoldMs of real time, well after the catch-up overwrote its
// offset, the strip draws the log as it is, quiet time is not skipped
// meanwhile, and the caption names the truncation while it is marked,
// for at least NarrationStoryMs.
func TestTruncationStaysMarked(t *testing.T) {
	s := returningLeader(t, 1.0/6)
	frame := func() {
		s.Dispatch(Tick{RealMs: narrFrameMs})
		s.Dispatch(Narrate{RealMs: narrFrameMs})
	}
	cut := truncationSeen(t, s, frame)
	if cut.Text != "diverged from the leader at leader epoch 0" {
		t.Fatalf("the truncation's reason: %q", cut.Text)
	}
	markedMs, captionedMs, overwritten := 0.0, 0.0, false
	for markedMs < 2*TruncationHoldMs {
		v := brokerView(t, s, 1)
		if !v.Removed.On {
			break
		}
		if v.Removed.Offset != cut.Offset || v.Removed.Count != cut.Count || !strings.Contains(v.Removed.Text, "removed") {
			t.Fatalf("the mark %+v does not say what the truncation %v removed", v.Removed, cut)
		}
		if r, _ := s.Player.State().Replica(1, cut.TP); r.LEO > cut.Offset {
			overwritten = true
			for _, c := range v.Strip.Cells {
				if c.Offset == cut.Offset && (c.Kind != CellRecord || c.Record.LeaderEpoch == 0) {
					t.Errorf("offset %d is not drawn as the leader's record after the catch-up: %+v", cut.Offset, c)
				}
			}
		}
		if strings.Contains(s.MomentCaption(), "Broker 1 truncated orders-0 to offset 0") {
			captionedMs += narrFrameMs
		}
		if s.Skipping() {
			t.Errorf("quiet time skipped %.0f ms after the truncation", markedMs)
		}
		frame()
		markedMs += narrFrameMs
	}
	if markedMs < TruncationHoldMs-2*narrFrameMs || markedMs > TruncationHoldMs+2*narrFrameMs {
		t.Errorf("the truncation stayed marked %.0f real ms, want %d", markedMs, TruncationHoldMs)
	}
	if !overwritten {
		t.Error("the catch-up never overwrote the removed offset while the mark stood: the test shows nothing at 6× slower")
	}
	if captionedMs < NarrationStoryMs-narrFrameMs {
		t.Errorf("the caption named the truncation for %.0f real ms while it was marked, want at least NarrationStoryMs", captionedMs)
	}
}

// TestTruncationMarkWords: the mark says which record went and why, in
// the box's width, and the tooltip says it whole.
func TestTruncationMarkWords(t *testing.T) {
	c := Cut{Seq: 9, At: 15543, Broker: 1, TP: engine.TopicPartition{Topic: "orders"}, Records: []engine.Record{{Offset: 0, Value: "m0"}},
		Why: "diverged from the leader at leader epoch 0"}
	for _, x := range []struct {
		w    float64
		want string
	}{{330, "m0 removed: diverged at leader epoch 0"}, {280, "m0 removed: diverged at epoch 0"}, {150, "m0 removed"}, {60, "removed"}} {
		m := RemovedMarkOf(c, x.w)
		if !m.On || m.Text != x.want || m.Offset != 0 || m.Count != 1 {
			t.Errorf("in a box %v wide: %+v, want %q", x.w, m, x.want)
		}
		if !strings.Contains(m.Tip, "removing offset 0 (m0): diverged from the leader at leader epoch 0") {
			t.Errorf("tooltip %q", m.Tip)
		}
	}
	c.Records = append(c.Records, engine.Record{Offset: 1}, engine.Record{Offset: 2})
	if m := RemovedMarkOf(c, 330); m.Text != "3 records removed: diverged at epoch 0" || !strings.Contains(m.Tip, "offsets 0 to 2 (m0 and 2 more)") {
		t.Errorf("three records: %+v", m)
	}
}

// TestTruncationMarkIsNotHistory: a seek back before the truncation
// drops its mark, and a seek to after it does not raise one (what the
// reader did not watch live is the strip's ghost's to show).
func TestTruncationMarkIsNotHistory(t *testing.T) {
	s := returningLeader(t, DefaultSpeed)
	frame := func() {
		s.Dispatch(Tick{RealMs: narrFrameMs})
		s.Dispatch(Narrate{RealMs: narrFrameMs})
	}
	cut := truncationSeen(t, s, frame)
	if !brokerView(t, s, 1).Removed.On {
		t.Fatal("no mark right after the truncation")
	}
	s.Dispatch(ScrubTo{At: cut.At - 1})
	if v := brokerView(t, s, 1); v.Removed.On {
		t.Errorf("before the truncation the mark reads %+v", v.Removed)
	}
	s.Dispatch(ScrubTo{At: cut.At + 1})
	if v := brokerView(t, s, 1); v.Removed.On {
		t.Errorf("a seek past the truncation raised the mark %+v", v.Removed)
	}
}
