package engine

import (
	"strings"
	"testing"
)

// TestStrongIsrCheckedBesideAFault: I11 StrongIsr is checked on a
// partition that had no fault of its own in a run whose other partition
// lost records in a crash, and skipped on the partition whose ISR may
// legitimately lack records. Topic a lives on brokers 1 and 2, topic b on
// broker 3 alone, so broker 3's crash with crash lose-unflushed=1 drops b-0's last record and touches nothing of
// a-0 (the run is no longer clean, docs/kafka-rules.md §11). A follower
// of a-0 that holds another record at the leader's HW - 1 than the leader
// is a broken StrongIsr whatever happened to b-0; the checker, called as
// on a leader's HW move, must say so. Before, it checked clean runs only
// and said nothing. On b-0 itself the check is skipped (partFaulted).
func TestStrongIsrCheckedBesideAFault(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MinLatency, cfg.MaxLatency = 0, 0
	cfg.LingerMs = 0
	cfg.MinInsyncReplicas = 1
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a0, b0 := TopicPartition{Topic: "a"}, TopicPartition{Topic: "b"}
	for _, cmd := range []Command{
		CreateTopic{Name: "a", Partitions: 1, ReplicationFactor: 2, Assignment: [][]BrokerID{{1, 2}}},
		CreateTopic{Name: "b", Partitions: 1, ReplicationFactor: 1, Assignment: [][]BrokerID{{3}}},
		Produce{TP: a0, Values: []string{"a0"}, Acks: AcksAll},
		Produce{TP: b0, Values: []string{"b0"}, Acks: AcksAll},
	} {
		if err := c.Apply(cmd); err != nil {
			t.Fatal(err)
		}
	}
	c.AdvanceTo(2000)
	if err := c.Apply(Crash{Broker: 3, LoseUnflushed: 1}); err != nil {
		t.Fatal(err)
	}
	if c.clean() || c.broker(3).replica(b0).leo() != 0 {
		t.Fatalf("precondition: run clean %v, b-0 log end %d on b3; want b0 lost in the crash", c.clean(), c.broker(3).replica(b0).leo())
	}
	b1, b2 := c.broker(1), c.broker(2)
	l, f := b1.replica(a0), b2.replica(a0)
	if !l.isLeader || l.hw != 1 || f.leo() != 1 {
		t.Fatalf("precondition: a-0 on b1 leader %v HW %d, b2 LEO %d; want b1 leading with a0 committed on both", l.isLeader, l.hw, f.leo())
	}
	f.log[0].Value = "other" // a follower holding another record: the bug I11 exists to catch
	c.checkStrongIsr(b1, l)
	var got []string
	for _, e := range c.Events(0) {
		if e.Kind == EvViolation && strings.HasPrefix(e.Text, "StrongIsr") {
			got = append(got, e.Text)
		}
	}
	if want := "StrongIsr: b1 leads a-0 with HW 1 but ISR member b2 does not hold a0 at offset 0"; len(got) != 1 || got[0] != want {
		t.Fatalf("StrongIsr violations %q, want %q", got, want)
	}
}
