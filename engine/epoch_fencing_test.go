package engine

import "testing"

// TestFetchEpochFencing: a fetch whose CurrentLeaderEpoch is older than the
// broker's gets FENCED_LEADER_EPOCH (74), a newer one UNKNOWN_LEADER_EPOCH
// (75), and -1 skips the check (Partition.checkCurrentLeaderEpoch, KIP-320,
// docs/kafka-rules.md §1.6 and S12's consumer variant).
func TestFetchEpochFencing(t *testing.T) {
	cfg := DefaultConfig()
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	tp := TopicPartition{Topic: "t"}
	if err := c.Apply(CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 3}); err != nil {
		t.Fatal(err)
	}
	c.Advance(100)
	// Move leadership to broker 2 in leader epoch 1.
	c.changePartition(c.partition(tp), []BrokerID{2, 3}, electOnline)
	c.fence(1)
	if p := c.partition(tp); p.leader != 2 || p.leaderEpoch != 1 {
		t.Fatalf("leader %d in epoch %d, want 2 in 1", p.leader, p.leaderEpoch)
	}
	for _, tc := range []struct {
		epoch Epoch
		want  ErrorCode
	}{{0, ErrFencedLeaderEpoch}, {2, ErrUnknownLeaderEpoch}, {1, ErrNone}, {-1, ErrNone}} {
		m := Message{ID: c.newID(), Kind: MsgFetch, From: NodeID{Kind: NodeConsumer, ID: 9}, To: Broker(2), ReplicaID: ConsumerReplicaID,
			Parts: []Part{{TP: tp, FetchOffset: 0, CurrentLeaderEpoch: tc.epoch, LastFetchedEpoch: -1}}}
		c.handleFetch(c.broker(2), &m)
		var got *Message
		c.sched.each(func(it *item) {
			if it.kind == itemDeliver && c.sched.message(it).Request == m.ID {
				got = c.sched.message(it)
			}
		})
		if tc.want == ErrNone {
			if got != nil && got.Parts[0].Err != ErrNone {
				t.Errorf("epoch %d: %v, want no error", tc.epoch, got.Parts[0].Err)
			}
			continue
		}
		if got == nil || got.Parts[0].Err != tc.want {
			t.Errorf("epoch %d: response %v, want %v", tc.epoch, got, tc.want)
		}
	}
}
