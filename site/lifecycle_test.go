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
	if !(SelectOffsetAction{Broker: 2, Offset: 1204}).apply(s) {
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
	if !(SelectOffsetAction{Broker: 1, Offset: 1204}).apply(s) {
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

// retryAfterLeaderChange is a producer retry after a leader change: b1
// leads and appends m1 at offset 1 in leader epoch 0, but its fetch
// responses to the followers are 100 ms away when it crashes at 1.010, so
// neither follower has m1 and p1 has no answer. The controller fences b1
// at 9.001 and elects b2 in leader epoch 1; p1's retry goes to b2, which
// writes m1 again at offset 1 in leader epoch 1 and acknowledges it
// (9.539). b1 returns at 40 s and truncates its own m1, of epoch 0,
// which no one ever acknowledged.
const retryAfterLeaderChange = `cluster brokers=3 latency=(1,1) linger.ms=0 auto.leader.rebalance.enable=false
create-topic t partitions=1 rf=3 start=1
produce t-0 values=(m0) acks=all
run until=00:00:01.000
slow 1 2 latency=(100,100)
slow 1 3 latency=(100,100)
produce t-0 values=(m1) acks=all
run until=00:00:01.010
crash 1
heal
run until=00:00:40.000
restart 1
run until=00:00:45.000
`

// TestLifecycleSaysWhichCopyWasAcknowledged: the lifecycle of b1's m1 (the
// old leader's copy, leader epoch 0) does not read as an acknowledged
// write that b1 then truncates: p1's acknowledgement came from b2 and is
// for b2's m1 of leader epoch 1, and the lifecycle says so; b2's copy's
// own lifecycle has the acknowledgement, by b2.
func TestLifecycleSaysWhichCopyWasAcknowledged(t *testing.T) {
	tp := engine.TopicPartition{Topic: "t", Partition: 0}
	s := storeAt(t, retryAfterLeaderChange, at("00:00:39.000"))
	old, ok := s.Player.State().Replica(1, tp)
	if !ok || len(old.Log) != 2 || old.Log[1].Value != "m1" || old.Log[1].LeaderEpoch != 0 {
		t.Fatalf("b1 at 39 s: %+v, want m1 of leader epoch 0 at offset 1", old.Log)
	}
	s.Player.Seek(at("00:00:45.000"))
	evs := s.Player.Events(0)
	steps := Lifecycle(evs, tp, old.Log[1])
	var lines []string
	for _, st := range steps {
		lines = append(lines, engine.FormatTime(st.At)+" "+st.Kind+" "+st.Node.String()+": "+st.Text)
	}
	all := strings.Join(lines, "\n")
	var other, truncated bool
	for _, st := range steps {
		switch st.Kind {
		case StepAck:
			t.Errorf("b1's copy of m1 (leader epoch 0) reads as acknowledged: %q\n%s", st.Text, all)
		case StepAckOther:
			other = true
			for _, want := range []string{"by b2", "leader epoch 1", "not for this copy"} {
				if !strings.Contains(st.Text, want) {
					t.Errorf("the acknowledgement step %q does not say %q", st.Text, want)
				}
			}
		case StepTruncate:
			truncated = st.Node == engine.Broker(1)
		}
	}
	if !other || !truncated {
		t.Errorf("b1's copy's lifecycle: the other copy's acknowledgement %v, b1's truncation %v; want both:\n%s", other, truncated, all)
	}
	b2, _ := s.Player.State().Replica(2, tp)
	var acked bool
	for _, st := range Lifecycle(evs, tp, b2.Log[1]) {
		acked = acked || (st.Kind == StepAck && strings.Contains(st.Text, "by b2"))
	}
	if !acked {
		t.Errorf("b2's m1 (leader epoch %d) has no acknowledgement by b2 in its lifecycle", b2.Log[1].LeaderEpoch)
	}
}
