package engine_test

import (
	"encoding/base64"
	"slices"
	"strings"
	"testing"

	"kplay/engine"
)

// One test per Kafka rule the engine implements, each citing its source.

// TestPlacementStriped follows StripedReplicaPlacerTest.testSuccessfulPlacement:
// 4 brokers, RF 3, starting at the third broker, the first partitions get
// consecutive brokers [2,3,0] [3,0,1] [0,1,2] [1,2,3] (0-based ids there; 1
// higher here), and every later partition still gets RF distinct brokers.
func TestPlacementStriped(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.Brokers = 4
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 9, ReplicationFactor: 3, StartBroker: 3})
	want := [][]engine.BrokerID{{3, 4, 1}, {4, 1, 2}, {1, 2, 3}, {2, 3, 4}}
	s := c.State()
	for i, p := range s.Partitions {
		if i < len(want) && !slices.Equal(p.Replicas, want[i]) {
			t.Errorf("t-%d replicas %v, want %v", i, p.Replicas, want[i])
		}
		seen := map[engine.BrokerID]bool{}
		for _, b := range p.Replicas {
			if seen[b] {
				t.Errorf("t-%d has broker %d twice: %v", i, b, p.Replicas)
			}
			seen[b] = true
		}
		if p.Leader != p.Replicas[0] || p.LeaderEpoch != 0 || p.PartitionEpoch != 0 {
			t.Errorf("t-%d: leader %d epoch %d pe %d, want first replica in epoch 0 (ReplicationControlManager)", i, p.Leader, p.LeaderEpoch, p.PartitionEpoch)
		}
	}
}

// TestTopicIdFormat: Kafka prints a Uuid as 22 base64url characters without
// padding, and Uuid.randomUuid never yields one starting with '-'.
func TestTopicIdFormat(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		cfg := engine.DefaultConfig()
		cfg.Seed = seed
		c := mustNew(t, cfg)
		mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 1})
		id := c.State().Topics[0].ID
		b, err := base64.RawURLEncoding.DecodeString(id)
		if err != nil || len(id) != 22 || len(b) != 16 || id[0] == '-' {
			t.Fatalf("seed %d: topic id %q is not a Kafka Uuid string", seed, id)
		}
		if b[6]>>4 != 4 || b[8]>>6 != 2 {
			t.Fatalf("seed %d: topic id %q is not a version-4 UUID", seed, id)
		}
	}
}

// TestFollowerLearnsHWOneFetchLater is reference scenario S1 (§1.4,
// KAFKA-9952): the leader's HW moves when both followers have fetched past
// the record, but a follower learns it only from its next fetch response,
// which on an idle partition is the parked fetch expiring 500 ms later.
func TestFollowerLearnsHWOneFetchLater(t *testing.T) {
	c := mustNew(t, engine.DefaultConfig())
	mustApply(t, c, engine.CreateTopic{Name: "orders", Partitions: 1, ReplicationFactor: 3})
	c.Advance(1000)
	mustApply(t, c, engine.Produce{TP: orders0, Values: []string{"m0"}, Acks: engine.AcksAll})
	var leaderHW engine.Time = -1
	for leaderHW < 0 && c.Step() {
		if r, _ := c.State().Replica(1, orders0); r.HW == 1 {
			leaderHW = c.Now()
		}
	}
	c.AdvanceTo(leaderHW + 400)
	acked := false
	for _, e := range c.Events(0) {
		if e.Kind == engine.EvProduceAcked && e.Offset == 0 {
			acked = true
			if e.At < leaderHW {
				t.Fatalf("acks=all acknowledged at %d before the HW passed the record at %d", e.At, leaderHW)
			}
		}
	}
	if !acked {
		t.Fatal("acks=all produce never acknowledged")
	}
	for _, b := range []engine.BrokerID{2, 3} {
		if r, _ := c.State().Replica(b, orders0); r.HW != 0 || r.LEO != 1 {
			t.Fatalf("broker %d at HW+400ms: LEO %d HW %d, want LEO 1 and HW still 0", b, r.LEO, r.HW)
		}
	}
	c.AdvanceTo(leaderHW + 500 + 2*c.Config().MaxLatency)
	for _, b := range []engine.BrokerID{2, 3} {
		if r, _ := c.State().Replica(b, orders0); r.HW != 1 {
			t.Fatalf("broker %d: HW %d after its parked fetch expired, want 1", b, r.HW)
		}
	}
}

// TestEmptyFetchHeldForFetchWaitMax: an empty follower fetch is parked and
// answered after replica.fetch.wait.max.ms (DelayedFetch; docs/kafka-rules.md §2.4),
// and the follower fetches again at once (AbstractFetcherThread).
func TestEmptyFetchHeldForFetchWaitMax(t *testing.T) {
	for _, wait := range []engine.Time{500, 100} {
		cfg := engine.DefaultConfig()
		cfg.ReplicaFetchWaitMaxMs = wait
		c := mustNew(t, cfg)
		mustApply(t, c, engine.CreateTopic{Name: "orders", Partitions: 1, ReplicationFactor: 2})
		c.Advance(10 * wait)
		rounds := c.FetchRounds(orders0, 2, 0)
		if len(rounds) < 5 {
			t.Fatalf("wait %d: only %d rounds in %d ms", wait, len(rounds), 10*wait)
		}
		for i := 1; i < len(rounds); i++ {
			gap := rounds[i].At - rounds[i-1].At
			if rounds[i].Returned != 0 || gap < wait || gap > wait+2*cfg.MaxLatency {
				t.Fatalf("wait %d: round %d came %d ms after the previous, want %d..%d", wait, i, gap, wait, wait+2*cfg.MaxLatency)
			}
		}
	}
}

// TestConsumerSeesOnlyBelowHW: a read_uncommitted consumer is given only
// records below the HW of the replica serving it (docs/kafka-rules.md §4.1, invariant
// I16, FetchIsolation.HIGH_WATERMARK).
func TestConsumerSeesOnlyBelowHW(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		cfg := engine.DefaultConfig()
		cfg.Seed = seed
		c := mustNew(t, cfg)
		mustApply(t, c, engine.CreateTopic{Name: "orders", Partitions: 1, ReplicationFactor: 3})
		mustApply(t, c, engine.Consume{TP: orders0, From: engine.OffsetEarliest})
		hw := engine.Offset(0)
		n := 0
		for i := 0; i < 40; i++ {
			mustApply(t, c, engine.Produce{TP: orders0, Values: []string{"v"}, Acks: engine.AcksOne})
			target := c.Now() + engine.Time(1+i%7)
			for {
				at, ok := c.NextAt()
				if !ok || at > target {
					break
				}
				from := len(c.Events(0))
				c.Step()
				for _, e := range c.Events(from) {
					switch {
					case e.Kind == engine.EvHWChanged && e.Node == engine.Broker(1):
						hw = e.End
					case e.Kind == engine.EvConsumerRead:
						n += e.Count
						if e.End > hw {
							t.Fatalf("seed %d: consumer read up to %d while the leader's HW was %d", seed, e.End, hw)
						}
					}
				}
			}
			c.AdvanceTo(target)
		}
		c.Advance(1000)
		if k := c.State().Consumers[0]; len(k.Read) != 40 {
			t.Fatalf("seed %d: consumer read %d records, want all 40", seed, len(k.Read))
		}
	}
}

// TestAcksSemantics: acks=1 is answered right after the leader's append,
// before any follower has the record; acks=all only once the HW has passed
// it (docs/kafka-rules.md §3.1, Partition.appendRecordsToLeader, DelayedProduce).
func TestAcksSemantics(t *testing.T) {
	for _, acks := range []engine.Acks{engine.AcksOne, engine.AcksAll} {
		cfg := engine.DefaultConfig()
		cfg.MinLatency, cfg.MaxLatency = 5, 5
		c := mustNew(t, cfg)
		mustApply(t, c, engine.CreateTopic{Name: "orders", Partitions: 1, ReplicationFactor: 3})
		c.Advance(1000)
		mustApply(t, c, engine.Produce{TP: orders0, Values: []string{"m0"}, Acks: acks})
		c.Advance(200)
		var ackAt, hwAt, followerAt engine.Time = -1, -1, -1
		for _, e := range c.Events(0) {
			switch {
			case e.Kind == engine.EvProduceAcked:
				ackAt = e.At
			case e.Kind == engine.EvHWChanged && e.Node == engine.Broker(1) && e.End == 1:
				hwAt = e.At
			case e.Kind == engine.EvAppended && e.Node != engine.Broker(1) && followerAt < 0:
				followerAt = e.At
			}
		}
		if ackAt < 0 || hwAt < 0 || followerAt < 0 {
			t.Fatalf("acks=%v: ack %d, HW %d, follower append %d", acks, ackAt, hwAt, followerAt)
		}
		// With a fixed 5 ms latency: linger 5, produce arrives at +10 and is
		// appended; the acks=1 response lands at +15, while the HW moves
		// only after the followers' next fetches reach the leader.
		if acks == engine.AcksOne && ackAt >= hwAt {
			t.Errorf("acks=1 acknowledged at %d, not before the HW moved at %d", ackAt, hwAt)
		}
		if acks == engine.AcksAll && ackAt < hwAt+5 {
			t.Errorf("acks=all acknowledged at %d, want one latency after the HW moved at %d", ackAt, hwAt)
		}
	}
}

// TestLingerMs: the producer holds a batch for linger.ms (5 ms since Kafka
// 4.0, KIP-1030) before sending it, and records sent meanwhile join it.
func TestLingerMs(t *testing.T) {
	cfg := engine.DefaultConfig()
	if cfg.LingerMs != 5 {
		t.Fatalf("default linger.ms = %d, want 5 (KIP-1030)", cfg.LingerMs)
	}
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "orders", Partitions: 1, ReplicationFactor: 1})
	mustApply(t, c, engine.Consume{TP: orders0, From: engine.OffsetEarliest})
	c.Advance(100) // the producer's metadata is not needed yet; the consumer settles
	mustApply(t, c, engine.Produce{TP: orders0, Values: []string{"a"}})
	c.Advance(100) // first send waits for metadata, then linger
	t0 := c.Now()
	mustApply(t, c, engine.Produce{TP: orders0, Values: []string{"b"}})
	c.Advance(2)
	mustApply(t, c, engine.Produce{TP: orders0, Values: []string{"c"}})
	c.Advance(100)
	var sends []engine.Time
	for _, e := range c.Events(0) {
		if e.Kind == engine.EvMsgSent && e.MsgKind == engine.MsgProduce && e.At >= t0 {
			sends = append(sends, e.At)
		}
	}
	if len(sends) != 1 || sends[0] != t0+5 {
		t.Fatalf("produce requests sent at %v, want one batch at %d (linger.ms after the first send)", sends, t0+5)
	}
}

// TestMaxRequestSize: KafkaProducer.ensureValidRecordSize rejects a record
// whose serialized size (the 61-byte batch header plus the record) is
// larger than max.request.size (1048576 by default,
// ProducerConfig.MAX_REQUEST_SIZE_CONFIG) with a RecordTooLargeException:
// no produce request carries it. A record of max.request.size - 61 bytes
// still goes.
func TestMaxRequestSize(t *testing.T) {
	cfg := engine.DefaultConfig()
	if cfg.MaxRequestSize != 1<<20 {
		t.Fatalf("default max.request.size = %d, want 1048576", cfg.MaxRequestSize)
	}
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "orders", Partitions: 1, ReplicationFactor: 1})
	fits := int32(cfg.MaxRequestSize - engine.RecordBatchOverhead)
	mustApply(t, c, engine.Produce{TP: orders0, Values: []string{"fits"}, Acks: engine.AcksAll, Size: fits})
	mustApply(t, c, engine.Produce{TP: orders0, Values: []string{"big"}, Acks: engine.AcksAll, Size: fits + 1})
	c.Advance(100)
	sent := 0
	var acked, failed []string
	for _, e := range c.Events(0) {
		switch {
		case e.Kind == engine.EvMsgSent && e.MsgKind == engine.MsgProduce:
			sent++
		case e.Kind == engine.EvProduceAcked:
			acked = append(acked, e.Value)
		case e.Kind == engine.EvProduceFailed && strings.HasPrefix(e.Text, "RecordTooLargeException"):
			failed = append(failed, e.Value)
		}
	}
	if sent != 1 || !slices.Equal(acked, []string{"fits"}) || !slices.Equal(failed, []string{"big"}) {
		t.Fatalf("produce requests %d, acknowledged %v, too large %v; want 1, [fits], [big]", sent, acked, failed)
	}
}
