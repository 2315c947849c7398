package site

import (
	"strings"
	"testing"

	"kplay/engine"
	"kplay/scenarios"
)

// dupStore is preset name played to at, with lesson mode as lesson says.
func dupStore(t *testing.T, name string, at engine.Time, lesson bool) *Store {
	t.Helper()
	s := presetStore(t, name)
	if s.Lesson.Off == lesson {
		s.Dispatch(ToggleLesson{})
	}
	s.Dispatch(Seek{At: at})
	return s
}

// TestDuplicateOfARetryIsMarked: Kafka 2.8's producer is not idempotent
// by default (enable.idempotence=false until KIP-679, Kafka 3.0), so the
// retry of m2 after NOT_LEADER_OR_FOLLOWER is appended again on the new
// leader b2: offset 2 holds a second m2 (the script's own `log t-0` shows
// 1:m2 2:m2). Its cell is marked a duplicate of offset 1 on b2 and b3,
// which copied it; offset 1 is the original and is not marked. The
// inspector and the lifecycle say so when the cell is selected.
func TestDuplicateOfARetryIsMarked(t *testing.T) {
	s := dupStore(t, "incident-duplicate-on-retry", at("00:00:04.000"), false)
	for _, b := range []engine.BrokerID{2, 3} {
		v := brokerView(t, s, b)
		orig, dup := cellAt(t, v, 1), cellAt(t, v, 2)
		if orig.Record.Value != "m2" || dup.Record.Value != "m2" {
			t.Fatalf("b%d: offsets 1 and 2 hold %q and %q, want m2 twice", b, orig.Record.Value, dup.Record.Value)
		}
		if orig.Duplicate || !dup.Duplicate || dup.DupOf != 1 {
			t.Errorf("b%d: offset 1 duplicate=%v, offset 2 duplicate=%v of %d; want only offset 2, of offset 1", b, orig.Duplicate, dup.Duplicate, dup.DupOf)
		}
		if !strings.Contains(dup.Tip, "a retry appended m2 again") {
			t.Errorf("b%d: offset 2's tooltip %q does not say a retry appended m2 again", b, dup.Tip)
		}
		if c := cellAt(t, v, 0); c.Duplicate {
			t.Errorf("b%d: m1 at offset 0 marked a duplicate", b)
		}
	}
	// b1 shut down before the retry: one m2, nothing marked.
	for _, c := range brokerView(t, s, 1).Strip.Cells {
		if c.Duplicate {
			t.Errorf("b1: offset %d marked a duplicate", c.Offset)
		}
	}

	v := brokerView(t, s, 2)
	s.Dispatch(Select{Target: Selection{Kind: SelRecord, Broker: 2, TP: v.Strip.TP, Record: cellAt(t, v, 2).Record}})
	if first, ok := s.SelectedDuplicate(); !ok || first != 1 {
		t.Fatalf("selected offset 2: SelectedDuplicate %d, %v; want 1, true", first, ok)
	}
	in, _ := s.Inspect()
	found := false
	for _, r := range in.Rows {
		found = found || r.Label == "duplicate" && strings.Contains(r.Value, "a retry appended m2 again") && strings.Contains(r.Value, "enable.idempotence")
	}
	if !found {
		t.Errorf("the inspector does not say offset 2 is a duplicate: %+v", in.Rows)
	}
	s.Dispatch(Select{Target: Selection{Kind: SelRecord, Broker: 2, TP: v.Strip.TP, Record: cellAt(t, v, 1).Record}})
	if _, ok := s.SelectedDuplicate(); ok {
		t.Error("the original m2 at offset 1 is called a duplicate")
	}
}

// TestIdempotentRetryMarksNothing: on Kafka 4.4 the producer is idempotent
// (KIP-679), so the leader recognises the resent m2 by its producer id and
// sequence (ProducerStateManager) and appends nothing: no cell anywhere
// is a duplicate.
func TestIdempotentRetryMarksNothing(t *testing.T) {
	s := dupStore(t, "incident-duplicate-on-retry-fixed", at("00:00:04.000"), false)
	for _, b := range []engine.BrokerID{1, 2, 3} {
		for _, c := range brokerView(t, s, b).Strip.Cells {
			if c.Duplicate {
				t.Errorf("b%d: offset %d (%s) marked a duplicate", b, c.Offset, c.Record.Value)
			}
		}
	}
}

// TestDuplicatesHiddenBeforeTheAnswer: in lesson mode, while a question
// still ahead of the playhead waits for its answer (HideOutcome), no cell
// is marked a duplicate, as no lost record is outlined: the mark would
// answer a question on how many copies a retry leaves.
func TestDuplicatesHiddenBeforeTheAnswer(t *testing.T) {
	p, _ := scenarios.Get("incident-duplicate-on-retry")
	src := p.Text + "\nrun until=00:00:05.000\n\nask \"How many copies of m2 does broker 2 hold now?\" options=(one, two) answer=two\n"
	s := NewStoreFromScript("dup-ask.txt", src)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	if s.Lesson.Off {
		s.Dispatch(ToggleLesson{})
	}
	s.Dispatch(Seek{At: at("00:00:04.000")})
	if !s.HideOutcome() {
		t.Fatal("a question at 00:00:05 waits, yet the outcome is not hidden at 00:00:04")
	}
	v := brokerView(t, s, 2)
	if c := cellAt(t, v, 2); c.Record.Value != "m2" || c.Duplicate {
		t.Errorf("offset 2 holds %q, duplicate=%v; want m2, unmarked before the answer", c.Record.Value, c.Duplicate)
	}
	s.Dispatch(Select{Target: Selection{Kind: SelRecord, Broker: 2, TP: v.Strip.TP, Record: cellAt(t, v, 2).Record}})
	if _, ok := s.SelectedDuplicate(); ok {
		t.Error("the inspector calls offset 2 a duplicate before the answer")
	}
}

// TestDuplicatesIdentifyTheSend: two records with the same value sent
// apart, or in one batch at two places, are not duplicates; the same
// record appended twice is, of its first copy, and only within the
// window asked.
func TestDuplicatesIdentifyTheSend(t *testing.T) {
	p := engine.NodeID{Kind: engine.NodeProducer, ID: 1}
	rec := func(o engine.Offset, at engine.Time, v string, delta int32) engine.Record {
		return engine.Record{Offset: o, Value: v, Producer: p, ProducedAt: at, Sequence: -1, OffsetDelta: delta}
	}
	log := []engine.Record{rec(10, 5, "a", 0), rec(11, 5, "a", 1), rec(12, 9, "a", 0), rec(13, 5, "a", 0), rec(14, 5, "a", 1)}
	got := Duplicates(log, 10, 10, 15)
	if len(got) != 2 || got[13] != 10 || got[14] != 11 {
		t.Errorf("duplicates %v, want 13 of 10 and 14 of 11", got)
	}
	if got := Duplicates(log, 10, 10, 13); got != nil {
		t.Errorf("window 10–13 holds no second copy, got %v", got)
	}
	idem := append([]engine.Record(nil), log...)
	for i := range idem {
		idem[i].ProducerID, idem[i].Sequence = 7, int32(i)
	}
	if got := Duplicates(idem, 10, 10, 15); got != nil {
		t.Errorf("an idempotent producer's records: %v, want none", got)
	}
}
