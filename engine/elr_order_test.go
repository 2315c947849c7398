package engine_test

import (
	"slices"
	"testing"

	"kplay/engine"
)

// TestElrAscendingBrokerID: Kafka builds the ELR in
// PartitionChangeBuilder.maybePopulateTargetElr from a
// java.util.HashSet<Integer> (candidateSet.stream()), which iterates small
// broker ids in ascending order; PartitionChangeBuilderTest
// .testEligibleLeaderReplicas_IsrShrinkBelowMinISR expects the record's
// ELR as exactly [3, 4]. Here B3 joins the ELR first (B2 and B3 fenced
// while B1 leads, min.insync.replicas=2) and B1 second (the leader fenced
// last): Kafka stores and describes the ELR as 1,3, not in the order the
// members joined (3,1). LastKnownElr is the last leader, 1
// (maybeUpdateLastKnownLeader).
func TestElrAscendingBrokerID(t *testing.T) {
	cfg := kipConfig()
	cfg.EligibleLeaderReplicas = true
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 2)
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Crash{Broker: 2})
	mustApply(t, c, engine.Crash{Broker: 3})
	c.AdvanceTo(19000)
	if p := kipPart(t, c); !slices.Equal(p.ELR, []engine.BrokerID{3}) {
		t.Fatalf("after B2, B3 fenced: ELR %v, want [3]", p.ELR)
	}
	c.AdvanceTo(20000)
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(29000)
	if p := kipPart(t, c); !slices.Equal(p.ELR, []engine.BrokerID{1, 3}) || !slices.Equal(p.LastKnownELR, []engine.BrokerID{1}) {
		t.Errorf("after B1 fenced: ELR %v LastKnownELR %v, want [1 3] and [1]", p.ELR, p.LastKnownELR)
	}
	want := "\tTopic: t\tPartition: 0\tLeader: none\tReplicas: 1,2,3\tIsr: \tElr: 1,3\tLastKnownElr: 1"
	if l := kipDescribeLine(t, c); l != want {
		t.Errorf("describe:\n%q\nwant\n%q", l, want)
	}
	ch := kipEvents(c, engine.EvISRChanged)
	if last := ch[len(ch)-1]; !slices.Equal(last.ISR, nil) || last.String() != "controller: t-0 ISR 1 → (empty), ELR 1,3 (partition epoch 3, leader epoch 1)" {
		t.Errorf("last ISR change %q, want ISR 1 → (empty), ELR 1,3 in partition epoch 3 (B2, B3, B1 fenced: three changes)", last.String())
	}
}
