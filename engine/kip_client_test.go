package engine_test

import (
	"slices"
	"testing"

	"kplay/engine"
)

// Tests of client-visible rules (docs/kafka-rules.md §3, §4) and of the simulator's
// network faults. Helpers are in kip_isr_test.go.

var kipP1 = engine.NodeID{Kind: engine.NodeProducer, ID: 1}

// kipUnderMinIsr is S4 up to 20.000: m0, m1 committed; B2 and B3 crash at
// 10.000 and are fenced at 19.000 (ISR 1, HW frozen at 2); at 20.000 p2's
// acks=1 m2 is appended at offset 2 and acknowledged.
func kipUnderMinIsr(t *testing.T, cfg engine.Config) *engine.Cluster {
	t.Helper()
	c := kipSetup(t, cfg, 3, 2)
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Crash{Broker: 2})
	mustApply(t, c, engine.Crash{Broker: 3})
	c.AdvanceTo(20000)
	mustApply(t, c, engine.Produce{Producer: 2, TP: kipT0, Values: []string{"m2"}, Acks: engine.AcksOne})
	c.AdvanceTo(20000)
	if r := kipReplica(t, c, 1); r.LEO != 3 || r.HW != 2 {
		t.Fatalf("precondition: B1 %d/%d, want 3/2", r.LEO, r.HW)
	}
	return c
}

// TestKIPConsumerReadsOnlyBelowHW is docs/kafka-rules.md §4.1 and invariant I16
// (FetchIsolation.HIGH_WATERMARK, LocalLog.read, §12.1): a read_uncommitted
// consumer gets only [logStart, HW); the acks=1 record above the frozen HW
// is never returned, and a fetch from an offset in [HW, LEO] is empty, not
// an error.
func TestKIPConsumerReadsOnlyBelowHW(t *testing.T) {
	c := kipUnderMinIsr(t, kipConfig())
	mustApply(t, c, engine.Consume{TP: kipT0, From: engine.OffsetEarliest})
	mustApply(t, c, engine.Consume{Consumer: 2, TP: kipT0, From: 2})
	c.AdvanceTo(40000)
	s := c.State()
	if k := s.Consumers[0]; !slices.Equal(kipValues(k.Read), []string{"m0", "m1"}) || k.Position != 2 {
		t.Fatalf("c1 read %v, position %d; want m0 m1 and position 2 (HW 2, LEO 3)", kipValues(k.Read), k.Position)
	}
	if k := s.Consumers[1]; len(k.Read) != 0 || k.Position != 2 {
		t.Fatalf("c2 read %v, position %d; want nothing at position 2", kipValues(k.Read), k.Position)
	}
	if e := kipEvents(c, engine.EvConsumerError); len(e) != 0 {
		t.Fatalf("consumer errors %v, want none for offsets in [HW, LEO]", e)
	}
}

// TestKIPOffsetOutOfRangeAutoReset is docs/kafka-rules.md §4.1 (LocalLog.read: a
// fetch offset > LEO is OFFSET_OUT_OF_RANGE (1); the consumer resets per
// auto.offset.reset, ConsumerConfig, default latest, or throws): earliest
// moves to the log start, latest to the HW (ListOffsets LATEST), none stops
// the consumer with OffsetOutOfRangeException.
func TestKIPOffsetOutOfRangeAutoReset(t *testing.T) {
	for _, tc := range []struct {
		reset string
		read  []string
		pos   engine.Offset
	}{
		{"earliest", []string{"m0", "m1", "m2", "m3", "m4"}, 5},
		{"latest", nil, 5},
		{"none", nil, 10},
	} {
		cfg := kipConfig()
		cfg.AutoOffsetReset = tc.reset
		c := kipSetup(t, cfg, 3, 5)
		c.AdvanceTo(5000)
		mustApply(t, c, engine.Consume{TP: kipT0, From: 10})
		c.AdvanceTo(10000)
		errs := kipEvents(c, engine.EvConsumerReset)
		if len(errs) != 1 || errs[0].Err != 1 {
			t.Fatalf("%s: consumer resets %v, want one after OFFSET_OUT_OF_RANGE (1)", tc.reset, errs)
		}
		k := c.State().Consumers[0]
		if !slices.Equal(kipValues(k.Read), tc.read) || k.Position != tc.pos {
			t.Fatalf("%s: read %v position %d, want %v at %d", tc.reset, kipValues(k.Read), k.Position, tc.read, tc.pos)
		}
		// After the reset the consumer keeps fetching (except with none).
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m5"}, Acks: engine.AcksAll})
		c.AdvanceTo(12000)
		k = c.State().Consumers[0]
		got := kipValues(k.Read)
		if tc.reset == "none" {
			if len(got) != 0 {
				t.Fatalf("none: the stopped consumer read %v", got)
			}
			continue
		}
		if len(got) == 0 || got[len(got)-1] != "m5" {
			t.Fatalf("%s: read %v after the reset, want m5 last", tc.reset, got)
		}
	}
}

// TestKIPFetchFromFollowerSameRack is KIP-392 (docs/kafka-rules.md §4.2,
// ReplicaManager.findPreferredReadReplica, RackAwareReplicaSelector,
// FetchCollector): with replica.selector.class=RackAwareReplicaSelector a
// consumer in rack b is told by the leader (rack a) to read from B2 (rack b,
// in the ISR); it then reads from B2 and never past B2's own HW. A consumer
// in the leader's rack, or in a rack without a replica, reads from the
// leader.
func TestKIPFetchFromFollowerSameRack(t *testing.T) {
	cfg := kipConfig()
	cfg.MinInsyncReplicas = 1
	cfg.ReplicaSelectorRackAware = true
	cfg.Racks = []string{"a", "b", "c"}
	c := kipSetup(t, cfg, 3, 3)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Consume{Consumer: 1, TP: kipT0, From: engine.OffsetEarliest, Rack: "b"})
	mustApply(t, c, engine.Consume{Consumer: 2, TP: kipT0, From: engine.OffsetEarliest, Rack: "a"})
	mustApply(t, c, engine.Consume{Consumer: 3, TP: kipT0, From: engine.OffsetEarliest, Rack: "z"})
	c1 := engine.NodeID{Kind: engine.NodeConsumer, ID: 1}
	for i := 0; i < 20; i++ {
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"x" + string(rune('a'+i))}, Acks: engine.AcksOne})
		until := c.Now() + engine.Time(137*(1+i%5))
		for {
			at, ok := c.NextAt()
			if !ok || at > until {
				break
			}
			c.Step()
			s := c.State()
			r2, _ := s.Replica(2, kipT0)
			if k := s.Consumers[0]; k.Position > r2.HW {
				t.Fatalf("at %d c1 at position %d past B2's HW %d", c.Now(), k.Position, r2.HW)
			}
		}
		c.AdvanceTo(until)
	}
	c.Advance(2000)
	red := kipEvents(c, engine.EvConsumerRedirected)
	if len(red) != 1 || red[0].Node != c1 || red[0].Peer != engine.Broker(2) {
		t.Fatalf("redirections %v, want c1 to b2 only", red)
	}
	for _, e := range kipEvents(c, engine.EvConsumerRead) {
		want := engine.Broker(1)
		if e.Node == c1 {
			want = engine.Broker(2)
		}
		if e.Peer != want {
			t.Fatalf("%v read from %v, want %v", e.Node, e.Peer, want)
		}
	}
	for i, k := range c.State().Consumers {
		if len(k.Read) != 23 {
			t.Fatalf("c%d read %d records, want all 23", i+1, len(k.Read))
		}
	}
}

// TestKIPConsumerDetectsTruncationAfterUncleanElection is reference S5 and
// §4.3 (KIP-320, SubscriptionState.maybeCompleteValidation,
// LogTruncationException; UncleanLeaderElectionTest
// .verifyUncleanLeaderElectionEnabled): "second" is committed and consumed,
// then B2, which never had it, is elected uncleanly in epoch 2. The
// consumer validates its position 2 (epoch 0) with the new leader, whose
// epoch 0 ends at offset 1: truncation detected, position moves back to 1,
// and it then reads "third" there.
func TestKIPConsumerDetectsTruncationAfterUncleanElection(t *testing.T) {
	cfg := kipConfig()
	cfg.Brokers = 2
	cfg.MinInsyncReplicas = 1
	cfg.UncleanLeaderElectionEnable = true
	cfg.AutoLeaderRebalanceEnable = false
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 2})
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"first"}, Acks: engine.AcksAll})
	mustApply(t, c, engine.Consume{TP: kipT0, From: engine.OffsetEarliest})
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Shutdown{Broker: 2})
	c.AdvanceTo(11000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"second"}, Acks: engine.AcksAll})
	c.AdvanceTo(20000)
	if k := c.State().Consumers[0]; !slices.Equal(kipValues(k.Read), []string{"first", "second"}) {
		t.Fatalf("precondition: consumer read %v, want first second", kipValues(k.Read))
	}
	mustApply(t, c, engine.Shutdown{Broker: 1})
	kipWantPart(t, c, "B1 shut down", engine.NoLeader, []engine.BrokerID{1}, 1, 2)
	c.AdvanceTo(30000)
	mustApply(t, c, engine.Restart{Broker: 2})
	c.AdvanceTo(31000)
	kipWantPart(t, c, "unclean election", 2, []engine.BrokerID{2}, 2, 3)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"third"}, Acks: engine.AcksAll})
	c.AdvanceTo(40000)
	tr := kipEvents(c, engine.EvConsumerTruncation)
	if len(tr) != 1 || tr[0].End != 2 || tr[0].Offset != 1 || tr[0].Peer != engine.Broker(2) {
		t.Fatalf("truncation detections %v, want one at b2: position 2 past the end 1 of epoch 0", tr)
	}
	if k := c.State().Consumers[0]; !slices.Equal(kipValues(k.Read), []string{"first", "second", "third"}) || k.Position != 2 {
		t.Fatalf("consumer read %v position %d, want first second third, position 2", kipValues(k.Read), k.Position)
	}
}

// TestKIPIdempotentRetryNotDuplicated is docs/kafka-rules.md §3.2 (idempotence: "a
// retried batch that is already in the leader's log (including one
// replicated before a failover — the new leader rebuilds producer state
// from its log) is recognised as a duplicate and answered with the
// original offset") and S3: acks=all m2 is committed on all three brokers
// but B1 crashes before its answer reaches the producer; the retry goes to
// the new leader B2, which finds m2 at offset 2 and does not append it
// again.
func TestKIPIdempotentRetryNotDuplicated(t *testing.T) {
	cfg := kipConfig()
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 2)
	c.AdvanceTo(10000)
	// The producer's link to B1 takes 500 ms each way: m2 reaches B1 at
	// 10.500 and is committed there at once; the answer would land at 11.000.
	mustApply(t, c, engine.Slow{A: kipP1, B: engine.Broker(1), MinLatency: 500, MaxLat: 500})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m2"}, Acks: engine.AcksAll})
	c.AdvanceTo(10500)
	if r := kipReplica(t, c, 1); r.HW != 3 || len(kipEvents(c, engine.EvProduceAcked)) != 1 {
		t.Fatalf("precondition: B1 HW %d, acks %v; want m2 committed (HW 3) and its answer still on the wire", r.HW, kipEvents(c, engine.EvProduceAcked))
	}
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(25000)
	dup := kipEvents(c, engine.EvDuplicate)
	if len(dup) != 1 || dup[0].Node != engine.Broker(2) || dup[0].Offset != 2 {
		t.Fatalf("duplicates %v, want b2 recognising m2 at offset 2", dup)
	}
	var ackOffsets []engine.Offset
	for _, e := range kipEvents(c, engine.EvProduceAcked) {
		if e.Value == "m2" {
			ackOffsets = append(ackOffsets, e.Offset)
		}
	}
	if !slices.Equal(ackOffsets, []engine.Offset{2}) {
		t.Fatalf("m2 acknowledged at %v, want once at offset 2", ackOffsets)
	}
	for _, b := range []engine.BrokerID{2, 3} {
		if got := kipValues(kipReplica(t, c, b).Log); !slices.Equal(got, []string{"m0", "m1", "m2"}) {
			t.Fatalf("B%d log %v, want m0 m1 m2 (m2 once)", b, got)
		}
	}
}

// TestKIPProducerRequestAndDeliveryTimeout is reference S4 and §3.1–3.2
// (DelayedProduce, request.timeout.ms = 30000, delivery.timeout.ms =
// 120000, Sender.canRetry): acks=all m2, appended at 11.000 while the ISR
// is about to drop below min ISR, never commits; at 41.000 (11 + 30) it gets
// REQUEST_TIMED_OUT (7), its retries get NOT_ENOUGH_REPLICAS, and at
// 131.000 (11 + 120) the producer gives up (TimeoutException).
func TestKIPProducerRequestAndDeliveryTimeout(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 2)
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Crash{Broker: 2})
	mustApply(t, c, engine.Crash{Broker: 3})
	c.AdvanceTo(11000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m2"}, Acks: engine.AcksAll})
	c.AdvanceTo(41000)
	errs := kipEvents(c, engine.EvProduceError)
	if len(errs) == 0 || errs[0].Err != 7 || errs[0].At != 41000 {
		t.Fatalf("produce errors %v, want REQUEST_TIMED_OUT (7) first, at 41000", errs)
	}
	c.AdvanceTo(130999)
	if f := kipEvents(c, engine.EvProduceFailed); len(f) != 0 {
		t.Fatalf("gave up before the delivery timeout: %v", f[0])
	}
	for _, e := range kipEvents(c, engine.EvProduceError)[1:] {
		if e.Err != engine.ErrNotEnoughReplicas {
			t.Fatalf("retry got %v, want NOT_ENOUGH_REPLICAS (min-ISR check before duplicate check)", e.Err)
		}
	}
	c.AdvanceTo(131000)
	if f := kipEvents(c, engine.EvProduceFailed); len(f) != 1 || f[0].At != 131000 || f[0].Value != "m2" {
		t.Fatalf("give-ups %v, want m2 at 131000", f)
	}
	if got := kipValues(kipReplica(t, c, 1).Log); !slices.Equal(got, []string{"m0", "m1", "m2"}) {
		t.Fatalf("B1 log %v, want m2 once (retries not appended)", got)
	}
}

// TestKIPSlowLinkOnly: engine.Slow sets the latency of one link, both ways,
// and leaves the others at the cluster's (engine/network.go; docs/kafka-rules.md §10.0
// models every other link with 0 latency).
func TestKIPSlowLinkOnly(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 1)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Slow{A: engine.Broker(1), B: engine.Broker(2), MinLatency: 40, MaxLat: 40})
	from := len(c.Events(0))
	for i := 0; i < 10; i++ {
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"v"}, Acks: engine.AcksAll})
		c.Advance(300)
	}
	b1, b2, b3 := engine.Broker(1), engine.Broker(2), engine.Broker(3)
	n12, n13 := 0, 0
	for _, e := range c.Events(from) {
		if e.Kind != engine.EvMsgSent {
			continue
		}
		d := e.DeliverAt - e.At
		on12 := (e.Node == b1 && e.Peer == b2) || (e.Node == b2 && e.Peer == b1)
		on13 := (e.Node == b1 && e.Peer == b3) || (e.Node == b3 && e.Peer == b1)
		switch {
		case on12:
			n12++
			if d != 40 {
				t.Fatalf("%v → %v latency %d, want 40", e.Node, e.Peer, d)
			}
		case d != 0:
			t.Fatalf("%v → %v latency %d, want 0 (only b1–b2 is slow)", e.Node, e.Peer, d)
		case on13:
			n13++
		}
	}
	if n12 == 0 || n13 == 0 {
		t.Fatalf("messages b1–b2 %d, b1–b3 %d; want both", n12, n13)
	}
}

// TestKIPDropAllThenHeal: engine.Drop{PerMille: 1000} loses every message on
// that link, both ways, and no other; engine.Heal restores it, after which
// the follower catches up (engine/network.go).
func TestKIPDropAllThenHeal(t *testing.T) {
	cfg := kipConfig()
	cfg.MinInsyncReplicas = 1
	c := kipSetup(t, cfg, 3, 1)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Drop{A: engine.Broker(1), B: engine.Broker(2), PerMille: 1000})
	from := len(c.Events(0))
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"a", "b"}, Acks: engine.AcksOne})
	c.AdvanceTo(5000)
	b1, b2 := engine.Broker(1), engine.Broker(2)
	sent12 := 0
	for _, e := range c.Events(from) {
		on12 := (e.Node == b1 && e.Peer == b2) || (e.Node == b2 && e.Peer == b1)
		switch {
		case e.Kind == engine.EvMsgSent && on12:
			sent12++
		case e.Kind == engine.EvMsgDelivered && on12:
			t.Fatalf("message %d delivered on the dropping link: %v", e.MsgID, e)
		case e.Kind == engine.EvMsgDropped && !on12:
			t.Fatalf("message %d dropped off the dropping link: %v", e.MsgID, e)
		}
	}
	if sent12 == 0 {
		t.Fatal("nothing was sent on b1–b2")
	}
	if r2, r3 := kipReplica(t, c, 2), kipReplica(t, c, 3); r2.LEO != 1 || r3.LEO != 3 {
		t.Fatalf("LEO B2 %d B3 %d, want 1 (cut off) and 3", r2.LEO, r3.LEO)
	}
	mustApply(t, c, engine.Heal{})
	from = len(c.Events(0))
	c.AdvanceTo(8000)
	for _, e := range c.Events(from) {
		if e.Kind == engine.EvMsgDropped {
			t.Fatalf("message dropped after heal: %v", e)
		}
	}
	if r2 := kipReplica(t, c, 2); r2.LEO != 3 {
		t.Fatalf("B2 LEO %d after heal, want 3", r2.LEO)
	}
}
