package engine_test

import (
	"slices"
	"testing"

	"kplay/engine"
)

// The tests in this file assert the worked examples of the lesson kplay
// grew from, "Leaders and followers" (its tables of fetch rounds, offsets
// and times). Their expected values are the lesson's own numbers.

var orders0 = engine.TopicPartition{Topic: "orders", Partition: 0}

func mustNew(t *testing.T, cfg engine.Config) *engine.Cluster {
	t.Helper()
	c, err := engine.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func mustApply(t *testing.T, c *engine.Cluster, cmd engine.Command) {
	t.Helper()
	if err := c.Apply(cmd); err != nil {
		t.Fatal(err)
	}
}

func clock(h, m, s, ms int) engine.Time {
	return engine.Time(h*3600000 + m*60000 + s*1000 + ms)
}

// TestLessonOrder9001: "A producer writes order-9001 to orders-0 at
// 10:00:00.000. Broker 1, the leader, appends it at offset 1204. ... By
// 10:00:00.020 all 3 replicas hold order-9001 at offset 1204, and the
// followers are asking for 1205, which does not exist yet, so the leader
// holds their requests open."
func TestLessonOrder9001(t *testing.T) {
	for seed := uint64(1); seed <= 50; seed++ {
		cfg := engine.DefaultConfig()
		cfg.Seed = seed
		cfg.Start = clock(9, 59, 59, 0)
		c := mustNew(t, cfg)
		mustApply(t, c, engine.CreateTopic{Name: "orders", Partitions: 1, ReplicationFactor: 3})
		vals := make([]string, 1204)
		for i := range vals {
			vals[i] = "earlier"
		}
		mustApply(t, c, engine.Produce{TP: orders0, Values: vals, Acks: engine.AcksAll})
		c.AdvanceTo(clock(10, 0, 0, 0))
		mustApply(t, c, engine.Produce{TP: orders0, Values: []string{"order-9001"}, Acks: engine.AcksAll})
		c.AdvanceTo(clock(10, 0, 0, 20))
		s := c.State()
		p, _ := s.Partition(orders0)
		if p.Leader != 1 {
			t.Fatalf("seed %d: leader = %d, want broker 1", seed, p.Leader)
		}
		for _, b := range []engine.BrokerID{1, 2, 3} {
			r, ok := s.Replica(b, orders0)
			if !ok || r.LEO != 1205 || r.Log[1204].Value != "order-9001" || r.Log[1204].Offset != 1204 {
				t.Fatalf("seed %d: broker %d does not hold order-9001 at offset 1204 by 10:00:00.020", seed, b)
			}
			if b != 1 && (!r.FetchParked || r.FetchOffset != 1205) {
				t.Fatalf("seed %d: broker %d's fetch is at %d (held open: %v), want 1205 held open by the leader", seed, b, r.FetchOffset, r.FetchParked)
			}
		}
		var appendedAt engine.Time = -1
		for _, e := range c.Events(0) {
			if e.Kind == engine.EvAppended && e.Node == engine.Broker(1) && e.Value == "order-9001" {
				appendedAt = e.At
				if e.Offset != 1204 {
					t.Fatalf("seed %d: broker 1 appended order-9001 at offset %d, want 1204", seed, e.Offset)
				}
			}
		}
		if appendedAt < clock(10, 0, 0, 0) {
			t.Fatalf("seed %d: broker 1 never appended order-9001", seed)
		}
	}
}

// TestLessonFetchLoopTable: the lesson's fetch-loop table, four ticks of
// (leader log end, follower asks from, leader returns, follower log end
// after): (5,3,2,5) (8,5,3,8) (8,8,0,8) (9,8,1,9).
func TestLessonFetchLoopTable(t *testing.T) {
	want := []engine.FetchRound{
		{LeaderLogEnd: 5, AskedFrom: 3, Returned: 2, LogEndAfter: 5},
		{LeaderLogEnd: 8, AskedFrom: 5, Returned: 3, LogEndAfter: 8},
		{LeaderLogEnd: 8, AskedFrom: 8, Returned: 0, LogEndAfter: 8},
		{LeaderLogEnd: 9, AskedFrom: 8, Returned: 1, LogEndAfter: 9},
	}
	for seed := uint64(1); seed <= 50; seed++ {
		cfg := engine.DefaultConfig()
		cfg.Seed = seed
		c := mustNew(t, cfg)
		mustApply(t, c, engine.CreateTopic{Name: "orders", Partitions: 1, ReplicationFactor: 3})
		produce := func(vals ...string) {
			mustApply(t, c, engine.Produce{TP: orders0, Values: vals, Acks: engine.AcksAll})
		}
		produce("m0", "m1", "m2")
		c.Advance(200)
		since := c.Now()
		produce("m3", "m4")
		c.Advance(100)
		produce("m5", "m6", "m7")
		c.Advance(700) // longer than replica.fetch.wait.max.ms: an empty round
		produce("m8")
		c.Advance(100)
		got := c.FetchRounds(orders0, 2, since)
		for i := range got {
			got[i].At = 0
		}
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d: rounds = %+v\nwant %+v", seed, got, want)
		}
	}
}

// TestLessonPlacement: "broker 1 leads orders-0, broker 2 leads orders-1,
// broker 3 leads orders-2 and broker 4 leads orders-3", with replicas
// 1,2,3 / 2,3,4 / 3,4,1 / 4,1,2 and the same ISR.
func TestLessonPlacement(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.Brokers = 4
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "orders", Partitions: 4, ReplicationFactor: 3})
	want := [][]engine.BrokerID{{1, 2, 3}, {2, 3, 4}, {3, 4, 1}, {4, 1, 2}}
	s := c.State()
	for i, w := range want {
		p, ok := s.Partition(engine.TopicPartition{Topic: "orders", Partition: int32(i)})
		if !ok {
			t.Fatalf("orders-%d missing", i)
		}
		if !slices.Equal(p.Replicas, w) || !slices.Equal(p.ISR, w) || p.Leader != w[0] {
			t.Errorf("orders-%d: leader %d replicas %v isr %v, want leader %d replicas and isr %v", i, p.Leader, p.Replicas, p.ISR, w[0], w)
		}
	}
}

// TestLessonWrongBroker: "A producer that sends a record for orders-0 to
// broker 2 gets an error, NOT_LEADER_OR_FOLLOWER, and broker 2 stores
// nothing. The producer then asks the cluster for fresh metadata, learns
// that broker 1 leads orders-0, and resends there. The same error reaches a
// consumer that fetches from the wrong broker." Kafka 4.x sends that error
// to a consumer only from a broker without a replica (broker 4 here); see
// TestFollowerServesModernConsumer.
func TestLessonWrongBroker(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.Brokers = 4
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "orders", Partitions: 4, ReplicationFactor: 3})
	mustApply(t, c, engine.Produce{TP: orders0, Values: []string{"order-1"}, Acks: engine.AcksAll, Broker: 2})
	var errAt engine.Time = -1
	for errAt < 0 && c.Step() {
		for _, e := range c.Events(0) {
			if e.Kind == engine.EvProduceError {
				if e.Err != engine.ErrNotLeaderOrFollower || e.Peer != engine.Broker(2) {
					t.Fatalf("produce error %v from %v, want NOT_LEADER_OR_FOLLOWER from b2", e.Err, e.Peer)
				}
				errAt = e.At
			}
		}
	}
	if r, _ := c.State().Replica(2, orders0); r.LEO != 0 {
		t.Fatalf("broker 2 stored %d record(s) after the error, want none", r.LEO)
	}
	c.Advance(1000)
	leaderAppends := 0
	for _, e := range c.Events(0) {
		if e.Kind == engine.EvAppended && e.Node == engine.Broker(2) && e.At <= errAt {
			t.Fatalf("broker 2 appended before the error: %v", e)
		}
		if e.Kind == engine.EvAppended && e.Node == engine.Broker(1) {
			leaderAppends++
		}
		if e.Kind == engine.EvMetadataUpdated && e.Node.Kind == engine.NodeProducer && e.Peer != engine.Broker(1) {
			t.Fatalf("producer learned leader %v, want b1", e.Peer)
		}
	}
	if r, _ := c.State().Replica(1, orders0); leaderAppends != 1 || r.LEO != 1 || r.Log[0].Value != "order-1" {
		t.Fatalf("broker 1 appends = %d, LEO %d; want order-1 once at offset 0", leaderAppends, r.LEO)
	}

	// A broker that holds no replica of orders-0 answers a consumer with
	// NOT_LEADER_OR_FOLLOWER, and the consumer moves to the leader.
	mustApply(t, c, engine.Consume{TP: orders0, From: engine.OffsetEarliest, Broker: 4})
	c.Advance(100)
	var sawErr, readFromLeader bool
	for _, e := range c.Events(0) {
		if e.Kind == engine.EvConsumerError && e.Peer == engine.Broker(4) && e.Err == engine.ErrNotLeaderOrFollower {
			sawErr = true
		}
		if e.Kind == engine.EvConsumerRead && e.Peer == engine.Broker(1) && e.Value == "order-1" {
			readFromLeader = sawErr
		}
	}
	if !sawErr || !readFromLeader {
		t.Fatalf("consumer: error from b4 = %v, then read order-1 from b1 = %v", sawErr, readFromLeader)
	}
}

// TestFollowerServesModernConsumer: a follower of the partition serves a
// consumer's Fetch v11+ (which always carries client metadata, so
// FetchParams.fetchOnlyLeader is false; KafkaApis.handleFetchRequest), up to
// the follower's own HW. This is where Kafka 4.x differs from the lesson's
// simplified "the same error reaches a consumer that fetches from the wrong
// broker": only a broker without a replica answers NOT_LEADER_OR_FOLLOWER.
func TestFollowerServesModernConsumer(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.Brokers = 4
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "orders", Partitions: 4, ReplicationFactor: 3})
	mustApply(t, c, engine.Produce{TP: orders0, Values: []string{"a", "b"}, Acks: engine.AcksAll})
	c.Advance(1000)
	mustApply(t, c, engine.Consume{TP: orders0, From: engine.OffsetEarliest, Broker: 2})
	mustApply(t, c, engine.Produce{TP: orders0, Values: []string{"c"}, Acks: engine.AcksAll})
	from := len(c.Events(0))
	for i := 0; i < 2000 && c.Step(); i++ {
		for _, e := range c.Events(from) {
			if e.Kind == engine.EvConsumerError {
				t.Fatalf("consumer got %v from %v", e.Err, e.Peer)
			}
			if e.Kind == engine.EvConsumerRead && e.Peer != engine.Broker(2) {
				t.Fatalf("consumer read from %v, want the follower b2", e.Peer)
			}
		}
		from = len(c.Events(0))
		k := c.State().Consumers[0]
		r, _ := c.State().Replica(2, orders0)
		if k.Position > r.HW {
			t.Fatalf("consumer at %d past b2's HW %d", k.Position, r.HW)
		}
	}
	if k := c.State().Consumers[0]; len(k.Read) != 3 {
		t.Fatalf("consumer read %d records from b2, want 3", len(k.Read))
	}
}
