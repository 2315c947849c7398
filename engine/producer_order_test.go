package engine_test

import (
	"slices"
	"testing"

	"kplay/engine"
)

// Tests of the producer's per-partition ordering across retries
// (RecordAccumulator.reenqueue and insertInSequenceOrder, Sender's
// guaranteeMessageOrder, ProducerAppendInfo.checkSequence,
// TransactionManager.canRetry) and of KIP-951's immediate resend.
// Helpers are in kip_isr_test.go.

// orderRace is SenderTest.testIdempotenceWithMultipleInflightsRetriedInOrder
// on a real broker: m0 is acknowledged, then r0 leaves at 1.000 over a link
// that takes 500 ms and r1 at 1.010 over a fast one, so r1 reaches the
// leader B1 first. It returns B1's log and the errors p1 saw.
func orderRace(t *testing.T, cfg engine.Config) ([]string, []engine.Event) {
	t.Helper()
	c := kipSetup(t, cfg, 3, 1)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Slow{A: kipP1, B: engine.Broker(1), MinLatency: 500, MaxLat: 500})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"r0"}, Acks: engine.AcksAll})
	c.AdvanceTo(1010)
	mustApply(t, c, engine.Slow{A: kipP1, B: engine.Broker(1), MinLatency: 0, MaxLat: 0})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"r1"}, Acks: engine.AcksAll})
	c.AdvanceTo(5000)
	return kipValues(kipReplica(t, c, 1).Log), kipEvents(c, engine.EvProduceError)
}

// TestProducerIdempotentRetriesInSequenceOrder: with idempotence, r1
// (sequence 2) reaches B1 while r0 (sequence 1) is still on the wire. B1's
// last sequence of the producer is 0 (m0), so it answers r1 with
// OUT_OF_ORDER_SEQUENCE_NUMBER (45) and appends nothing
// (ProducerAppendInfo.checkSequence). r1 is not the next sequence after the
// last acknowledged one (0), so the producer retries it without bumping
// its epoch, and only once r0 is answered (firstInFlightSequence,
// RecordAccumulator.shouldStopDrainBatchesForPartition): the log reads
// m0 r0 r1.
func TestProducerIdempotentRetriesInSequenceOrder(t *testing.T) {
	log, errs := orderRace(t, kipConfig())
	if !slices.Equal(log, []string{"m0", "r0", "r1"}) {
		t.Fatalf("B1 log %v, want m0 r0 r1", log)
	}
	if e := engine.ErrOutOfOrderSequenceNumber; e != 45 || e.String() != "OUT_OF_ORDER_SEQUENCE_NUMBER" {
		t.Fatalf("OUT_OF_ORDER_SEQUENCE_NUMBER is %d %s, want 45 (Errors.java)", e, e)
	}
	if len(errs) != 1 || errs[0].Err != engine.ErrOutOfOrderSequenceNumber {
		t.Fatalf("produce errors %v, want one OUT_OF_ORDER_SEQUENCE_NUMBER (45) for r1", errs)
	}
}

// TestProducerPlainRetriesMayReorder is max.in.flight.requests.per.connection's
// documented risk (ProducerConfig: "if this configuration is set to be
// greater than 1 and enable.idempotence is set to false, there is a risk
// of message reordering"): without sequence numbers B1 appends r1 as it
// comes, before r0. With max.in.flight.requests.per.connection=1 the
// partition is muted while r0 is in flight (Sender's guaranteeMessageOrder),
// so r1 leaves only after r0's answer and the log is in order, idempotent
// or not, with no error at all.
func TestProducerPlainRetriesMayReorder(t *testing.T) {
	cfg := kipConfig()
	cfg.EnableIdempotence = false
	if log, errs := orderRace(t, cfg); !slices.Equal(log, []string{"m0", "r1", "r0"}) || len(errs) != 0 {
		t.Fatalf("plain, 5 in flight: B1 log %v, errors %v; want m0 r1 r0 and no error", log, errs)
	}
	for _, idem := range []bool{false, true} {
		cfg := kipConfig()
		cfg.EnableIdempotence = idem
		cfg.MaxInFlightRequestsPerConnection = 1
		if log, errs := orderRace(t, cfg); !slices.Equal(log, []string{"m0", "r0", "r1"}) || len(errs) != 0 {
			t.Fatalf("idempotence %v, 1 in flight: B1 log %v, errors %v; want m0 r0 r1 and no error", idem, log, errs)
		}
	}
}

// TestProducerKIP951ResendsAtOnce is the case: r0 goes to B2, which
// only follows t-0 (stale metadata), and r1 is sent 3 ms later. B2's
// NOT_LEADER_OR_FOLLOWER carries the current leader (B1, leader epoch 0;
// ProduceResponse v10+, KIP-951). The producer takes it and resends r0 at
// once, without retry.backoff.ms, because the leader epoch it knows grew
// since r0's last attempt (RecordAccumulator.shouldBackoff,
// ProducerBatch.hasLeaderChangedForTheOngoingRetry); r1 queues behind r0.
// With 1 ms links r0 reaches B2 at 1.001, its answer the producer at 1.002,
// and B1 appends r0 at 1.003: offset 1, then r1 at offset 2. The same holds
// with idempotence off.
func TestProducerKIP951ResendsAtOnce(t *testing.T) {
	for _, idem := range []bool{true, false} {
		cfg := kipConfig()
		cfg.MinLatency, cfg.MaxLatency = 1, 1
		cfg.EnableIdempotence = idem
		c := kipSetup(t, cfg, 3, 1)
		c.AdvanceTo(1000)
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"r0"}, Acks: engine.AcksAll, Broker: 2})
		c.AdvanceTo(1003)
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"r1"}, Acks: engine.AcksAll})
		c.AdvanceTo(3000)
		errs := kipEvents(c, engine.EvProduceError)
		if len(errs) != 1 || errs[0].Err != engine.ErrNotLeaderOrFollower || errs[0].At != 1002 {
			t.Fatalf("idempotence %v: produce errors %v, want NOT_LEADER_OR_FOLLOWER from b2 at 1.002", idem, errs)
		}
		var r0At engine.Time = -1
		for _, e := range kipEvents(c, engine.EvAppended) {
			if e.Node == engine.Broker(1) && e.Value == "r0" {
				r0At = e.At
			}
		}
		if r0At != 1003 {
			t.Fatalf("idempotence %v: B1 appended r0 at %d, want 1003 (no retry.backoff.ms)", idem, r0At)
		}
		if log := kipValues(kipReplica(t, c, 1).Log); !slices.Equal(log, []string{"m0", "r0", "r1"}) {
			t.Fatalf("idempotence %v: B1 log %v, want m0 r0 r1", idem, log)
		}
	}
}

// TestProducerEpochBumpAfterLostSequence is
// SenderTest.testEpochBumpOnOutOfOrderSequenceForNextBatch after an
// unclean election: "first" (sequence 0) and "second" (sequence 1) are
// acknowledged, B2, which has only "first", becomes leader uncleanly, and
// "third" (sequence 2) reaches it. B2's last sequence of the producer is 0,
// so it answers OUT_OF_ORDER_SEQUENCE_NUMBER. "third" is the next sequence
// after the last acknowledged one (1), so the log has a real gap: the
// producer bumps its epoch, "third" starts again at sequence 0, and B2
// appends it at offset 1.
func TestProducerEpochBumpAfterLostSequence(t *testing.T) {
	cfg := kipConfig()
	cfg.Brokers = 2
	cfg.MinInsyncReplicas = 1
	cfg.UncleanLeaderElectionEnable = true
	cfg.AutoLeaderRebalanceEnable = false
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 2})
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"first"}, Acks: engine.AcksAll})
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Shutdown{Broker: 2})
	c.AdvanceTo(11000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"second"}, Acks: engine.AcksAll})
	c.AdvanceTo(20000)
	mustApply(t, c, engine.Shutdown{Broker: 1})
	c.AdvanceTo(30000)
	mustApply(t, c, engine.Restart{Broker: 2})
	c.AdvanceTo(31000)
	if p := kipPart(t, c); p.Leader != 2 {
		t.Fatalf("precondition: leader %d, want B2 elected uncleanly", p.Leader)
	}
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"third"}, Acks: engine.AcksAll})
	c.AdvanceTo(40000)
	var errs []engine.Event
	for _, e := range kipEvents(c, engine.EvProduceError) {
		if e.Err == engine.ErrOutOfOrderSequenceNumber {
			errs = append(errs, e)
		}
	}
	if len(errs) != 1 || errs[0].Peer != engine.Broker(2) {
		t.Fatalf("sequence errors %v, want one OUT_OF_ORDER_SEQUENCE_NUMBER from b2", errs)
	}
	r := kipReplica(t, c, 2)
	if !slices.Equal(kipValues(r.Log), []string{"first", "third"}) {
		t.Fatalf("B2 log %v, want first third", kipValues(r.Log))
	}
	if first, third := r.Log[0], r.Log[1]; third.Sequence != 0 || third.ProducerID == first.ProducerID {
		t.Fatalf("third carries producer %d sequence %d; want sequence 0 under a bumped producer (first was %d)", third.ProducerID, third.Sequence, first.ProducerID)
	}
}

// TestProducerRetriesZero is Sender.canRetry with retries=0 (ProducerConfig
// retries, default 2147483647): the first retriable error fails the batch
// for good. Idempotence is off, as Kafka turns it off when retries is 0
// and enable.idempotence was not set.
func TestProducerRetriesZero(t *testing.T) {
	cfg := kipConfig()
	cfg.Retries = 0
	c := kipSetup(t, cfg, 3, 1)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"r0"}, Acks: engine.AcksAll, Broker: 2})
	c.AdvanceTo(3000)
	failed := kipEvents(c, engine.EvProduceFailed)
	if len(failed) != 1 || failed[0].Err != engine.ErrNotLeaderOrFollower || len(kipEvents(c, engine.EvProduceError)) != 0 {
		t.Fatalf("failures %v, want r0 failed for good with NOT_LEADER_OR_FOLLOWER and no retry", failed)
	}
	if log := kipValues(kipReplica(t, c, 1).Log); !slices.Equal(log, []string{"m0"}) {
		t.Fatalf("B1 log %v, want m0 only", log)
	}
	if rec := kipReplica(t, c, 1).Log[0]; rec.ProducerID != 0 || rec.Sequence != -1 {
		t.Fatalf("m0 carries producer %d sequence %d, want none (idempotence off)", rec.ProducerID, rec.Sequence)
	}
}

// TestProducerOpenBatchWaitsBehindRetry is RecordAccumulator.tryAppend:
// while r1 waits for r0 (orderRace), r2 opens a new batch at 1.200, which
// cannot leave before the retry ahead of it; r3, sent at 1.300, joins that
// open batch, so B1 appends r2 and r3 with one append, after r0 and r1.
func TestProducerOpenBatchWaitsBehindRetry(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 1)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Slow{A: kipP1, B: engine.Broker(1), MinLatency: 500, MaxLat: 500})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"r0"}, Acks: engine.AcksAll})
	c.AdvanceTo(1010)
	mustApply(t, c, engine.Slow{A: kipP1, B: engine.Broker(1), MinLatency: 0, MaxLat: 0})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"r1"}, Acks: engine.AcksAll})
	c.AdvanceTo(1200)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"r2"}, Acks: engine.AcksAll})
	c.AdvanceTo(1300)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"r3"}, Acks: engine.AcksAll})
	c.AdvanceTo(5000)
	if log := kipValues(kipReplica(t, c, 1).Log); !slices.Equal(log, []string{"m0", "r0", "r1", "r2", "r3"}) {
		t.Fatalf("B1 log %v, want m0 r0 r1 r2 r3", log)
	}
	var r2 []engine.Event
	for _, e := range kipEvents(c, engine.EvAppended) {
		if e.Node == engine.Broker(1) && e.Value == "r2" {
			r2 = append(r2, e)
		}
	}
	if len(r2) != 1 || r2[0].Offset != 3 || r2[0].End != 5 {
		t.Fatalf("B1 appends of r2 %v, want one of offsets 3..4 (r2 and r3 in one batch)", r2)
	}
}

// TestProducerRequestTimeoutClosesConnection is
// NetworkClient.handleTimedOutRequests: when r0's request times out
// (request.timeout.ms = 30000 after 1.000), the client closes its
// connection to B1, so r1, sent 10 ms later on the same connection, fails
// with REQUEST_TIMED_OUT at the same moment. Both go back to the queue
// (RecordAccumulator.reenqueue): with idempotence in sequence order, so the
// log reads m0 r0 r1; without it each at the head (Deque.addFirst), so r1,
// put back last, goes first and the log reads m0 r1 r0 — the reordering
// ProducerConfig warns of for max.in.flight.requests.per.connection > 1.
func TestProducerRequestTimeoutClosesConnection(t *testing.T) {
	for _, tc := range []struct {
		idem bool
		want []string
	}{
		{true, []string{"m0", "r0", "r1"}},
		{false, []string{"m0", "r1", "r0"}},
	} {
		cfg := kipConfig()
		cfg.EnableIdempotence = tc.idem
		c := kipSetup(t, cfg, 3, 1)
		c.AdvanceTo(1000)
		mustApply(t, c, engine.Drop{A: kipP1, B: engine.Broker(1), PerMille: 1000})
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"r0"}, Acks: engine.AcksAll})
		c.AdvanceTo(1010)
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"r1"}, Acks: engine.AcksAll})
		c.AdvanceTo(20000)
		mustApply(t, c, engine.Heal{})
		c.AdvanceTo(40000)
		var at []engine.Time
		for _, e := range kipEvents(c, engine.EvProduceError) {
			if e.Err == engine.ErrRequestTimedOut {
				at = append(at, e.At)
			}
		}
		if !slices.Equal(at, []engine.Time{31000, 31000}) {
			t.Fatalf("idempotence %v: REQUEST_TIMED_OUT at %v, want both requests at 31.000", tc.idem, at)
		}
		if log := kipValues(kipReplica(t, c, 1).Log); !slices.Equal(log, tc.want) {
			t.Fatalf("idempotence %v: B1 log %v, want %v", tc.idem, log, tc.want)
		}
	}
}
