package engine_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"kplay/engine"
)

// TestKIP903StaleAlterPartitionAfterRestart is KIP-903 (Kafka 3.5+): an
// AlterPartition carries each new ISR member's broker epoch
// (NewIsrWithEpochs; Partition.addBrokerEpochToIsr takes a follower's from
// its last fetch), and the controller rejects a member whose registration
// has a different one with INELIGIBLE_REPLICA
// (ReplicationControlManager.ineligibleReplicasForIsr,
// ReplicationControlManagerTest.testAlterPartitionShouldRejectBrokersWithStaleEpoch).
// The scenario of the KIP: B2 catches up and leader B1 asks to add it over
// a slow link; before the request arrives B2 crashes, loses its unflushed
// log and registers again under a new broker epoch. The controller must
// refuse, or the empty B2 would be in the ISR, and electing it when B1
// dies would lose 100 committed records. Refused, the ISR stays 1 and, with
// unclean election off, the partition goes offline instead.
func TestKIP903StaleAlterPartitionAfterRestart(t *testing.T) {
	cfg := kipConfig()
	cfg.Brokers = 2
	cfg.MinInsyncReplicas = 1
	cfg.AutoLeaderRebalanceEnable = false
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 2})
	mustApply(t, c, engine.Cut{A: engine.Broker(1), B: engine.Broker(2)})
	vals := make([]string, 100)
	for i := range vals {
		vals[i] = "m" + strconv.Itoa(i)
	}
	mustApply(t, c, engine.Produce{TP: kipT0, Values: vals, Acks: engine.AcksOne})
	// B2 has fetched nothing since 0: the isr-expiration run at 45.000
	// (every replica.lag.time.max.ms / 2) finds it more than 30 s behind.
	c.AdvanceTo(46000)
	kipWantPart(t, c, "B2 cut off", 1, []engine.BrokerID{1}, 0, 1)
	if hw := kipReplica(t, c, 1).HW; hw != 100 {
		t.Fatalf("leader HW %d, want 100 with ISR 1", hw)
	}
	// Slow B1's link to the controller in steps of 6 s, so that no gap
	// between two heartbeats reaches broker.session.timeout.ms (9 s).
	for i, lat := range []engine.Time{6000, 12000, 18000} {
		c.AdvanceTo(engine.Time(46000 + 7000*i))
		mustApply(t, c, engine.Slow{A: engine.Broker(1), B: engine.Controller, MinLatency: lat, MaxLat: lat})
	}
	c.AdvanceTo(61000)
	mustApply(t, c, engine.Heal{A: engine.Broker(1), B: engine.Broker(2)})
	c.AdvanceTo(61001)
	if ex := kipEvents(c, engine.EvISRExpandProposed); len(ex) != 1 || ex[0].Peer != engine.Broker(2) || !slices.Equal(ex[0].ISR, []engine.BrokerID{1, 2}) {
		t.Fatalf("expansions proposed %v, want B1 asking for ISR 1,2", ex)
	}
	epochBefore := c.State().Brokers[1].Reg.BrokerEpoch
	mustApply(t, c, engine.Crash{Broker: 2, LoseUnflushed: 100})
	mustApply(t, c, engine.Cut{A: engine.Broker(1), B: engine.Broker(2)})
	mustApply(t, c, engine.Restart{Broker: 2})
	c.AdvanceTo(61001 + 18000)
	if e := c.State().Brokers[1].Reg.BrokerEpoch; e == epochBefore {
		t.Fatalf("B2 has not registered again by the time the AlterPartition arrives (broker epoch still %d)", e)
	}
	rej := kipEvents(c, engine.EvAlterPartitionRejected)
	if len(rej) != 1 || rej[0].Err != engine.ErrIneligibleReplica || rej[0].Peer != engine.Broker(1) || !slices.Equal(rej[0].ISR, []engine.BrokerID{1, 2}) {
		t.Fatalf("rejections %v, want one INELIGIBLE_REPLICA for B1's ISR 1,2", rej)
	}
	if s := rej[0].String(); !strings.Contains(s, "INELIGIBLE_REPLICA") || !strings.Contains(s, "b2 restarted") {
		t.Errorf("rejection reads %q, want it to say INELIGIBLE_REPLICA and that b2 restarted", s)
	}
	kipWantPart(t, c, "after the stale AlterPartition", 1, []engine.BrokerID{1}, 0, 1)

	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(c.Now() + 20000)
	p := kipPart(t, c)
	if p.Leader != engine.NoLeader || !slices.Equal(p.ISR, []engine.BrokerID{1}) {
		t.Errorf("after B1 died: leader %d ISR %v, want no leader, ISR 1 (unclean election off)", p.Leader, p.ISR)
	}
	if v := kipViolations(c, ""); len(v) != 0 {
		t.Errorf("violations %v, want none: no committed record may be lost", v[0])
	}
}
