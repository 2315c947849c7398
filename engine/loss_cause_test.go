package engine_test

import (
	"strings"
	"testing"

	"kplay/engine"
)

// TestLossCauseUnflushedTail: an acks=1 record that every replica held
// and that was committed (HW 1 on all three) is lost only because every
// broker crashed and dropped its unflushed tail (crash lose-unflushed=1;
// Kafka's log.flush.interval.messages defaults to Long.MAX_VALUE, so an
// acknowledged record may sit only in the page cache). The violation must
// name that cause, not "acks=1 was answered before any follower had the
// record". An acks=1 record lost the classic way (leader crash before any
// follower fetched it) keeps the acks=1 explanation.
func TestLossCauseUnflushedTail(t *testing.T) {
	cfg := kipConfig()
	cfg.MinInsyncReplicas = 1
	cfg.AutoLeaderRebalanceEnable = false
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 3})
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m0"}, Acks: engine.AcksOne})
	c.AdvanceTo(5000)
	for _, b := range []engine.BrokerID{1, 2, 3} {
		if r := kipReplica(t, c, b); r.LEO != 1 || r.HW != 1 {
			t.Fatalf("precondition: B%d LEO %d HW %d, want m0 committed everywhere (1/1)", b, r.LEO, r.HW)
		}
	}
	for _, b := range []engine.BrokerID{1, 2, 3} {
		mustApply(t, c, engine.Crash{Broker: b, LoseUnflushed: 1})
	}
	c.AdvanceTo(10000)
	for _, b := range []engine.BrokerID{1, 2, 3} {
		mustApply(t, c, engine.Restart{Broker: b})
	}
	c.AdvanceTo(30000)
	var lost []string
	for _, e := range kipEvents(c, engine.EvViolation) {
		if strings.HasPrefix(e.Text, "AcknowledgedWriteLost") {
			lost = append(lost, e.Text)
		}
	}
	if len(lost) != 1 || !strings.Contains(lost[0], "unflushed tail") || strings.Contains(lost[0], "before any follower") {
		t.Fatalf("lost-write violations %q, want one naming the dropped unflushed tail", lost)
	}
}

// TestLossCauseAcksOne is the classic acks=1 loss (reference S5 style): the
// leader answers m2 right after its local append and crashes before any
// follower fetched it; the new leader lacks it, and the violation says
// acks=1 was answered before any follower had the record.
func TestLossCauseAcksOne(t *testing.T) {
	cfg := kipConfig()
	cfg.MinInsyncReplicas = 1
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 2)
	c.AdvanceTo(5000)
	// Followers fetch every replica.fetch.wait.max.ms at most; cut them
	// off from B1 so that m2 stays on B1 alone.
	mustApply(t, c, engine.Cut{A: engine.Broker(1), B: engine.Broker(2)})
	mustApply(t, c, engine.Cut{A: engine.Broker(1), B: engine.Broker(3)})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m2"}, Acks: engine.AcksOne})
	c.AdvanceTo(5100)
	if len(kipEvents(c, engine.EvProduceAcked)) != 2 {
		t.Fatalf("precondition: acks %v, want m0 m1 and m2 acknowledged", kipEvents(c, engine.EvProduceAcked))
	}
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(30000)
	var lost []string
	for _, e := range kipEvents(c, engine.EvViolation) {
		if strings.HasPrefix(e.Text, "AcknowledgedWriteLost") {
			lost = append(lost, e.Text)
		}
	}
	if len(lost) != 1 || !strings.Contains(lost[0], "m2") || !strings.HasSuffix(lost[0], ": acks=1 was answered before any follower had the record") {
		t.Fatalf("lost-write violations %q, want m2's, explained by acks=1", lost)
	}
}
