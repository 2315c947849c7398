package site

import (
	"strings"
	"testing"

	"kplay/engine"
)

// TestLifecycleOrder9001 follows order-9001 through the lesson's preset:
// produced at 10:00:00.000, appended by the leader b1 at offset 1204 at
// .006, copied by b3 (.008) and b2 (.009) so that every replica holds it by
// 10:00:00.020, committed when b1's HW passes it at .012, acknowledged and
// read at .015; the followers' HWs pass it when their parked fetches return.
func TestLifecycleOrder9001(t *testing.T) {
	s := lessonStore(t)
	s.Player.Seek(at("10:00:02.000"))
	if !s.see(SelectOffsetAction{Broker: 2, Offset: 1204}) {
		t.Fatal("no record at offset 1204 on b2")
	}
	if v := s.See.Sel.Record.Value; v != "order-9001" {
		t.Fatalf("selected %q, want order-9001", v)
	}
	steps := s.Lifecycle()
	var lines []string
	for _, st := range steps {
		lines = append(lines, engine.FormatTime(st.At)+" "+st.Kind+" "+st.Node.String()+": "+st.Text)
	}
	t.Logf("lifecycle:\n%s", strings.Join(lines, "\n"))

	find := func(kind string, node engine.NodeID) LifeStep {
		t.Helper()
		for _, st := range steps {
			if st.Kind == kind && st.Node == node {
				return st
			}
		}
		t.Fatalf("no %s step by %s in\n%s", kind, node, strings.Join(lines, "\n"))
		return LifeStep{}
	}
	p1, c1 := engine.NodeID{Kind: engine.NodeProducer, ID: 1}, engine.NodeID{Kind: engine.NodeConsumer, ID: 1}
	b := engine.Broker
	want := []struct {
		kind string
		node engine.NodeID
		at   string
	}{
		{StepProduce, p1, "10:00:00.000"},
		{StepSend, p1, "10:00:00.005"},
		{StepAppend, b(1), "10:00:00.006"},
		{StepCopy, b(3), "10:00:00.008"},
		{StepCopy, b(2), "10:00:00.009"},
		{StepHW, b(1), "10:00:00.012"},
		{StepAck, p1, "10:00:00.015"},
		{StepRead, c1, "10:00:00.015"},
	}
	for _, w := range want {
		if got := find(w.kind, w.node); got.At != at(w.at) {
			t.Errorf("%s by %s at %s, want %s", w.kind, w.node, engine.FormatTime(got.At), w.at)
		}
	}
	// Every replica holds it by 10:00:00.020, as the lesson says.
	for _, id := range []engine.BrokerID{2, 3} {
		if st := find(StepCopy, b(id)); st.At > at("10:00:00.020") || !strings.Contains(st.Text, "fetch from offset 1204") {
			t.Errorf("b%d's copy %q at %s", id, st.Text, engine.FormatTime(st.At))
		}
	}
	// The followers learn the HW later, from the leader's next response.
	for _, id := range []engine.BrokerID{2, 3} {
		if st := find(StepHW, b(id)); st.At <= at("10:00:00.012") {
			t.Errorf("b%d's HW passed it at %s, before the leader's", id, engine.FormatTime(st.At))
		}
	}
	for i := 1; i < len(steps); i++ {
		if steps[i].At < steps[i-1].At {
			t.Fatalf("steps out of time order at %d", i)
		}
	}
	if got := find(StepAppend, b(1)).Text; !strings.Contains(got, "offset 1204") || !strings.Contains(got, "order-9001") {
		t.Errorf("append step %q", got)
	}
}

// TestLifecycleFollowsPlayback checks the incremental lifecycle against one
// built from the whole event log, and that a seek back shortens it.
func TestLifecycleFollowsPlayback(t *testing.T) {
	s := lessonStore(t)
	s.Player.Seek(at("10:00:00.007"))
	if !s.see(SelectOffsetAction{Broker: 1, Offset: 1204}) {
		t.Fatal("no record at offset 1204 on b1")
	}
	early := len(s.Lifecycle())
	s.Player.AdvanceTo(at("10:00:01.000"))
	got := s.Lifecycle()
	full := Lifecycle(s.Player.Events(0), s.See.Sel.TP, s.See.Sel.Record)
	if len(got) != len(full) || len(got) <= early {
		t.Fatalf("incremental %d steps, whole log %d, early %d", len(got), len(full), early)
	}
	for i := range got {
		if got[i] != full[i] {
			t.Fatalf("step %d: %+v vs %+v", i, got[i], full[i])
		}
	}
	s.Player.Seek(at("10:00:00.007"))
	if n := len(s.Lifecycle()); n != early {
		t.Fatalf("after seeking back %d steps, want %d", n, early)
	}
}
