package engine_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"kplay/engine"
)

// Tests of Kafka's ISR rules. Expected values come from
// docs/kafka-rules.md (section numbers below), never from
// the engine's own output. Times follow docs/kafka-rules.md §10.0 timing model:
// latency 0, linger.ms 0, brokers heartbeat at start, start+2000, ...,
// isr-expiration ticks every replica.lag.time.max.ms / 2 from broker start.

// kipT0 is partition 0 of topic t, the reference scenarios' partition p.
var kipT0 = engine.TopicPartition{Topic: "t", Partition: 0}

// kipConfig is the docs/kafka-rules.md §10.0 setup: Kafka 4.x defaults, zero latency,
// linger.ms 0, min.insync.replicas=2, ELR and unclean election off. §10.0
// defines its scenarios with "ELR disabled (4.0 default)", while a new 4.1+
// cluster, and so DefaultConfig, has ELR on (§5.6): the ELR tests turn it
// back on themselves.
func kipConfig() engine.Config {
	cfg := engine.DefaultConfig()
	cfg.MinLatency, cfg.MaxLatency = 0, 0
	cfg.LingerMs = 0
	cfg.MinInsyncReplicas = 2
	cfg.EligibleLeaderReplicas = false
	return cfg
}

// kipSetup creates t (one partition, RF 3 unless rf says otherwise) and
// produces count records m0.. with acks=all at t = 0.
func kipSetup(t *testing.T, cfg engine.Config, rf, count int) *engine.Cluster {
	t.Helper()
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: rf})
	if count > 0 {
		vals := make([]string, count)
		for i := range vals {
			vals[i] = "m" + strconv.Itoa(i)
		}
		mustApply(t, c, engine.Produce{TP: kipT0, Values: vals, Acks: engine.AcksAll})
	}
	return c
}

// kipPart is the controller's registration of t-0.
func kipPart(t *testing.T, c *engine.Cluster) engine.PartitionState {
	t.Helper()
	p, ok := c.State().Partition(kipT0)
	if !ok {
		t.Fatal("t-0 is not registered")
	}
	return p
}

// kipReplica is broker b's replica of t-0.
func kipReplica(t *testing.T, c *engine.Cluster, b engine.BrokerID) engine.ReplicaState {
	t.Helper()
	r, ok := c.State().Replica(b, kipT0)
	if !ok {
		t.Fatalf("broker %d holds no replica of t-0", b)
	}
	return r
}

// kipEvents lists the events of kind k, oldest first.
func kipEvents(c *engine.Cluster, k engine.EventKind) []engine.Event {
	var out []engine.Event
	for _, e := range c.Events(0) {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// kipValues lists a log's values in offset order.
func kipValues(log []engine.Record) []string {
	out := make([]string, len(log))
	for i, r := range log {
		out[i] = r.Value
	}
	return out
}

// kipDescribeLine is the partition line of kafka-topics.sh --describe for
// t-0 (docs/kafka-rules.md §8.1), without its trailing newline.
func kipDescribeLine(t *testing.T, c *engine.Cluster) string {
	t.Helper()
	out, err := c.Describe("t")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("describe t printed %d lines, want a topic line and one partition line:\n%s", len(lines), out)
	}
	return lines[1]
}

// kipWantPart checks the registration of t-0.
func kipWantPart(t *testing.T, c *engine.Cluster, when string, leader engine.BrokerID, isr []engine.BrokerID, leaderEpoch, partEpoch engine.Epoch) {
	t.Helper()
	p := kipPart(t, c)
	if p.Leader != leader || !slices.Equal(p.ISR, isr) || p.LeaderEpoch != leaderEpoch || p.PartitionEpoch != partEpoch {
		t.Fatalf("%s: leader %d ISR %v E%d PE%d, want leader %d ISR %v E%d PE%d",
			when, p.Leader, p.ISR, p.LeaderEpoch, p.PartitionEpoch, leader, isr, leaderEpoch, partEpoch)
	}
}

// TestKIPIsrShrinkStuckFollowerAtExpirationTick is reference scenario S10
// and §2.6 (Partition.maybeShrinkIsr / getOutOfSyncReplicas,
// Replica.isCaughtUp, ReplicaManager's isr-expiration task every
// replica.lag.time.max.ms / 2 from broker start; PartitionTest.testMaybeShrinkIsr):
// a follower that is alive (it keeps heartbeating, so it is never fenced)
// but cut off from the leader leaves the ISR only at an isr-expiration tick
// where now − lastCaughtUp > replica.lag.time.max.ms, strictly. The shrink
// keeps the leader epoch and bumps the partition epoch by one (KAFKA-15021,
// §1.6–1.7); the HW then passes the record the stuck follower held back.
func TestKIPIsrShrinkStuckFollowerAtExpirationTick(t *testing.T) {
	cfg := kipConfig()
	c := kipSetup(t, cfg, 3, 10)
	const cut engine.Time = 15000
	c.AdvanceTo(cut)
	// B3's last fetch that reached B1 before the cut: each was caught up
	// (fetch offset = leader LEO 10), so lastCaughtUp(B3) is its time.
	lastCaughtUp := engine.Time(-1)
	for _, e := range c.Events(0) {
		if e.Kind == engine.EvMsgDelivered && e.MsgKind == engine.MsgFetch && e.Node == engine.Broker(1) && e.Peer == engine.Broker(3) {
			lastCaughtUp = e.At
		}
	}
	if lastCaughtUp < 0 {
		t.Fatal("B3 never fetched from B1")
	}
	mustApply(t, c, engine.Partition{Groups: [][]engine.NodeID{{engine.Broker(1)}, {engine.Broker(3)}}})
	c.AdvanceTo(16000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m10"}, Acks: engine.AcksAll})

	// First isr-expiration tick (k * 15000) after the leader's LEO moved
	// past B3's with now − lastCaughtUp > 30000.
	tick := cfg.ReplicaLagTimeMaxMs / 2
	want := tick
	for want <= 16000 || want-lastCaughtUp <= cfg.ReplicaLagTimeMaxMs {
		want += tick
	}
	t.Logf("lastCaughtUp(B3) = %d, shrink expected at the tick %d", lastCaughtUp, want)
	c.AdvanceTo(want - 1)
	if n := len(kipEvents(c, engine.EvISRShrinkProposed)); n != 0 {
		t.Fatalf("ISR shrink proposed before %d (lastCaughtUp %d): %v", want, lastCaughtUp, kipEvents(c, engine.EvISRShrinkProposed)[0])
	}
	kipWantPart(t, c, "before the tick", 1, []engine.BrokerID{1, 2, 3}, 0, 0)
	if r := kipReplica(t, c, 1); r.HW != 10 {
		t.Fatalf("B1 HW %d while B3 (LEO 10) is in the ISR, want 10", r.HW)
	}
	c.AdvanceTo(want)
	shr := kipEvents(c, engine.EvISRShrinkProposed)
	if len(shr) != 1 || shr[0].At != want || shr[0].Peer != engine.Broker(3) {
		t.Fatalf("shrink proposals %v, want one for b3 at %d", shr, want)
	}
	kipWantPart(t, c, "after the tick", 1, []engine.BrokerID{1, 2}, 0, 1)
	if r := kipReplica(t, c, 1); r.HW != 11 || r.LeaderEpoch != 0 {
		t.Fatalf("B1 after the shrink: HW %d epoch %d, want HW 11 in epoch 0", r.HW, r.LeaderEpoch)
	}
	if s := kipEvents(c, engine.EvISRChanged); len(s) != 1 || s[0].Epoch != 0 || s[0].Offset != 1 {
		t.Fatalf("ISR changes %v, want one in leader epoch 0, partition epoch 1", s)
	}
}

// TestKIPIsrNoShrinkWhenFollowerAtLogEnd is
// PartitionTest.testShouldNotShrinkIsrIfFollowerCaughtUpToLogEnd (reference
// §2.6, §12.5): a follower that stopped fetching is never out of sync while
// nothing new is written, because its LEO equals the leader's.
func TestKIPIsrNoShrinkWhenFollowerAtLogEnd(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 10)
	c.AdvanceTo(15000)
	mustApply(t, c, engine.Partition{Groups: [][]engine.NodeID{{engine.Broker(1)}, {engine.Broker(3)}}})
	c.AdvanceTo(300000)
	if s := kipEvents(c, engine.EvISRShrinkProposed); len(s) != 0 {
		t.Fatalf("shrink proposed with equal LEOs: %v", s[0])
	}
	kipWantPart(t, c, "after 300 s idle", 1, []engine.BrokerID{1, 2, 3}, 0, 0)
}

// TestKIPIsrExpandNeedsEpochStartOffset is docs/kafka-rules.md §2.7 rule 2 and
// PartitionTest.testFollowerDoesNotJoinISRUntilCaughtUpToOffsetWithinCurrentLeaderEpoch
// ([TLA] Kip320.tla rule 4): a follower rejoins only once its LEO is ≥ the
// leader's HW and ≥ the leader-epoch start offset. Here B2 becomes leader in
// epoch 1 with LEO 6 (epoch start offset 6) but HW 5, frozen because its ISR
// {2} is below min.insync.replicas=2 (§1.3). B3 returns with LEO 5: LEO ≥ HW
// alone does not admit it; it is proposed only with LEO 6.
func TestKIPIsrExpandNeedsEpochStartOffset(t *testing.T) {
	cfg := kipConfig()
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 5)
	c.AdvanceTo(2000)
	mustApply(t, c, engine.Crash{Broker: 3}) // right after its heartbeat at 2000
	c.AdvanceTo(12000)
	kipWantPart(t, c, "B3 fenced at 11000", 1, []engine.BrokerID{1, 2}, 0, 1)
	// acks=1 m5: B2 fetches it, B1's HW → 6, B2 learns HW 6 only a fetch later.
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m5"}, Acks: engine.AcksOne})
	c.AdvanceTo(12000)
	if r1, r2 := kipReplica(t, c, 1), kipReplica(t, c, 2); r1.LEO != 6 || r1.HW != 6 || r2.LEO != 6 || r2.HW != 5 {
		t.Fatalf("precondition: B1 %d/%d B2 %d/%d, want 6/6 and 6/5 (§1.4)", r1.LEO, r1.HW, r2.LEO, r2.HW)
	}
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(21000)
	kipWantPart(t, c, "B1 fenced at 21000", 2, []engine.BrokerID{2}, 1, 2)
	if r2 := kipReplica(t, c, 2); r2.HW != 5 || r2.LEO != 6 {
		t.Fatalf("new leader B2 %d/%d, want 6/5: HW starts at its own and is frozen under min ISR", r2.LEO, r2.HW)
	}
	c.AdvanceTo(22000)
	mustApply(t, c, engine.Restart{Broker: 3})
	c.AdvanceTo(23000)
	exp := kipEvents(c, engine.EvISRExpandProposed)
	if len(exp) != 1 || exp[0].Peer != engine.Broker(3) || exp[0].Offset < 6 {
		t.Fatalf("expansions %v, want one for b3 with log end ≥ 6 (the epoch start offset)", exp)
	}
	kipWantPart(t, c, "B3 rejoined", 2, []engine.BrokerID{2, 3}, 1, 3)
	if r2 := kipReplica(t, c, 2); r2.HW != 6 {
		t.Fatalf("B2 HW %d with ISR 2,3, want 6", r2.HW)
	}
}

// TestKIPIsrExpandBrokerIDOrder is reference S11 (§2.7 "ISR list order")
// corrected by Kafka 4.4.0: the reference says the leader proposes
// currentIsr + newReplica, so a returning broker is listed last (Isr:
// 2,3,1), but real Kafka 4.4.0 shows Isr: 1,2,3. Its
// kafka.cluster.Partition.prepareIsrExpand (and prepareIsrShrink) builds the
// AlterPartition ISR as a Scala 2.13 mutable.HashSet (+ newReplica) and
// sends .toList, which for broker ids below 16 is ascending order; the
// controller stores it as sent. The source is the better authority here.
// It also checks §2.7 rule 2: B1 returns with a log that lost its unflushed
// tail (LEO 3 < HW 5) and is proposed only once its LEO reaches the HW.
func TestKIPIsrExpandBrokerIDOrder(t *testing.T) {
	cfg := kipConfig()
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 5)
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Crash{Broker: 1, LoseUnflushed: 2})
	c.AdvanceTo(19000)
	kipWantPart(t, c, "B1 fenced", 2, []engine.BrokerID{2, 3}, 1, 1)
	c.AdvanceTo(70000)
	mustApply(t, c, engine.Restart{Broker: 1})
	c.AdvanceTo(71000)
	exp := kipEvents(c, engine.EvISRExpandProposed)
	if len(exp) != 1 || exp[0].Peer != engine.Broker(1) || exp[0].Offset < 5 {
		t.Fatalf("expansions %v, want one for b1 with log end ≥ HW 5", exp)
	}
	if !slices.Equal(exp[0].ISR, []engine.BrokerID{1, 2, 3}) {
		t.Fatalf("proposed ISR %v, want 1,2,3 (broker id order)", exp[0].ISR)
	}
	kipWantPart(t, c, "B1 rejoined", 2, []engine.BrokerID{1, 2, 3}, 1, 2)
	if l := kipDescribeLine(t, c); !strings.Contains(l, "\tLeader: 2\tReplicas: 1,2,3\tIsr: 1,2,3\t") {
		t.Fatalf("describe: %q, want Leader: 2 Replicas: 1,2,3 Isr: 1,2,3", l)
	}
}

// TestKIPHwFrozenBelowMinIsr is KAFKA-15583 (Partition.maybeIncrementLeaderHW,
// docs/kafka-rules.md §1.3 rule 1, §5.5(b), §12.1, scenario S4): while the committed
// ISR is smaller than min(min.insync.replicas, RF) the leader's HW does not
// move, even for acks=1 records, which are acknowledged but invisible; once
// a follower rejoins (S4 recovery variant) the HW passes them.
func TestKIPHwFrozenBelowMinIsr(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 2)
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Crash{Broker: 2})
	mustApply(t, c, engine.Crash{Broker: 3})
	c.AdvanceTo(19000)
	kipWantPart(t, c, "B2, B3 fenced", 1, []engine.BrokerID{1}, 0, 2)
	c.AdvanceTo(20000)
	mustApply(t, c, engine.Produce{Producer: 2, TP: kipT0, Values: []string{"m4"}, Acks: engine.AcksOne})
	c.AdvanceTo(20000)
	var acked bool
	for _, e := range kipEvents(c, engine.EvProduceAcked) {
		if e.Value == "m4" && e.Offset == 2 && e.At == 20000 {
			acked = true
		}
	}
	if !acked {
		t.Fatalf("acks=1 m4 not acknowledged at offset 2 at 20000: %v", kipEvents(c, engine.EvProduceAcked))
	}
	c.AdvanceTo(59999)
	if r := kipReplica(t, c, 1); r.LEO != 3 || r.HW != 2 {
		t.Fatalf("B1 %d/%d under min ISR, want 3/2 (HW frozen)", r.LEO, r.HW)
	}
	for _, e := range kipEvents(c, engine.EvHWChanged) {
		if e.Node == engine.Broker(1) && e.At >= 19000 {
			t.Fatalf("leader HW moved under min ISR: %v", e)
		}
	}
	c.AdvanceTo(60000)
	mustApply(t, c, engine.Restart{Broker: 2})
	c.AdvanceTo(61000)
	kipWantPart(t, c, "B2 rejoined", 1, []engine.BrokerID{1, 2}, 0, 3)
	if r := kipReplica(t, c, 1); r.HW != 3 {
		t.Fatalf("B1 HW %d after the ISR recovered, want 3", r.HW)
	}
}

// TestKIPAcksAllNotEnoughReplicas is docs/kafka-rules.md §3.1 and S4
// (Partition.appendRecordsToLeader, invariant I15 MinIsrGate,
// ProducerFailureHandlingTest.testNotEnoughReplicasAfterBrokerShutdown): an
// acks=all produce while the committed ISR is below min.insync.replicas
// gets NOT_ENOUGH_REPLICAS (19) and nothing is appended, on every retry; an
// acks=1 produce at the same time is appended.
func TestKIPAcksAllNotEnoughReplicas(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 2)
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Crash{Broker: 2})
	mustApply(t, c, engine.Crash{Broker: 3})
	c.AdvanceTo(19100)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m3"}, Acks: engine.AcksAll})
	c.AdvanceTo(19100)
	errs := kipEvents(c, engine.EvProduceError)
	if len(errs) != 1 || errs[0].Err != 19 || errs[0].At != 19100 {
		t.Fatalf("produce errors %v, want NOT_ENOUGH_REPLICAS (19) at 19100", errs)
	}
	c.AdvanceTo(20000)
	mustApply(t, c, engine.Produce{Producer: 2, TP: kipT0, Values: []string{"m4"}, Acks: engine.AcksOne})
	c.AdvanceTo(30000)
	errs = kipEvents(c, engine.EvProduceError)
	if len(errs) < 3 {
		t.Fatalf("acks=all m3 retried %d time(s) by 30000, want several", len(errs))
	}
	for _, e := range errs {
		if e.Err != engine.ErrNotEnoughReplicas {
			t.Fatalf("retry got %v, want NOT_ENOUGH_REPLICAS every time", e.Err)
		}
	}
	for _, e := range kipEvents(c, engine.EvAppended) {
		if e.Value == "m3" {
			t.Fatalf("m3 appended under min ISR: %v", e)
		}
	}
	if got := kipValues(kipReplica(t, c, 1).Log); !slices.Equal(got, []string{"m0", "m1", "m4"}) {
		t.Fatalf("B1 log %v, want m0 m1 m4 (acks=1 appended, acks=all not)", got)
	}
}
