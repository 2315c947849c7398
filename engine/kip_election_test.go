package engine_test

import (
	"slices"
	"strings"
	"testing"

	"kplay/engine"
)

// Tests of fencing, leader election, ELR, controlled shutdown and preferred
// leader election. Helpers (kipConfig, kipSetup, kipPart, ...) are in
// kip_isr_test.go; expected values come from
// docs/kafka-rules.md.

// TestKIPFencedSessionTimeoutAfterLastHeartbeat is docs/kafka-rules.md §5.1
// (BrokerHeartbeatManager.hasValidSession, broker.session.timeout.ms = 9000,
// broker.heartbeat.interval.ms = 2000) and §10.0: a broker that crashes right
// after its heartbeat at 10.000 is fenced at exactly 19.000, and one that
// crashes at 11.000 (last heartbeat 10.000) too. Fencing a follower takes it
// out of the ISR (handleBrokerFenced) without a leader-epoch bump
// (KAFKA-15021), partition epoch +1.
func TestKIPFencedSessionTimeoutAfterLastHeartbeat(t *testing.T) {
	for _, crashAt := range []engine.Time{10000, 11000} {
		cfg := kipConfig()
		cfg.MinInsyncReplicas = 1
		c := kipSetup(t, cfg, 3, 2)
		c.AdvanceTo(crashAt)
		mustApply(t, c, engine.Crash{Broker: 3})
		c.AdvanceTo(18999)
		if f := kipEvents(c, engine.EvBrokerFenced); len(f) != 0 {
			t.Fatalf("crash at %d: fenced before 19000: %v", crashAt, f[0])
		}
		kipWantPart(t, c, "before the session ran out", 1, []engine.BrokerID{1, 2, 3}, 0, 0)
		c.AdvanceTo(19000)
		f := kipEvents(c, engine.EvBrokerFenced)
		if len(f) != 1 || f[0].At != 19000 || f[0].Peer != engine.Broker(3) {
			t.Fatalf("crash at %d: fencings %v, want b3 at 19000", crashAt, f)
		}
		kipWantPart(t, c, "after fencing b3", 1, []engine.BrokerID{1, 2}, 0, 1)
	}
}

// TestKIPFenceStaleBrokersOneAtATime is docs/kafka-rules.md §5.1
// (ReplicationControlManager.maybeFenceOneStaleBroker: one stale broker per
// controller event) and S4 ("fence one (say B2) → ISR [1,3] (PE1); fence the
// other → ISR [1] (PE2)"; ties broken by lower id first): B3 crashes before
// B2 in the same millisecond, both after the heartbeat at 10.000; at 19.000
// B2 is fenced first, then B3, each in its own ISR change, leader epoch 0.
func TestKIPFenceStaleBrokersOneAtATime(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 2)
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Crash{Broker: 3})
	mustApply(t, c, engine.Crash{Broker: 2})
	c.AdvanceTo(19000)
	f := kipEvents(c, engine.EvBrokerFenced)
	if len(f) != 2 || f[0].Peer != engine.Broker(2) || f[1].Peer != engine.Broker(3) || f[0].At != 19000 || f[1].At != 19000 {
		t.Fatalf("fencings %v, want b2 then b3 at 19000", f)
	}
	ch := kipEvents(c, engine.EvISRChanged)
	if len(ch) != 2 || !slices.Equal(ch[0].ISR, []engine.BrokerID{1, 3}) || ch[0].Offset != 1 ||
		!slices.Equal(ch[1].ISR, []engine.BrokerID{1}) || ch[1].Offset != 2 || ch[0].Epoch != 0 || ch[1].Epoch != 0 {
		t.Fatalf("ISR changes %v, want 1,3 (PE1) then 1 (PE2), leader epoch 0", ch)
	}
	kipWantPart(t, c, "both fenced", 1, []engine.BrokerID{1}, 0, 2)
}

// TestKIPElectionAssignmentOrder is docs/kafka-rules.md §5.2 step 2 and §12.3
// (PartitionChangeBuilder.electAnyLeader): the new leader is the first
// replica in assignment order that is in the ISR and acceptable, not the
// first in ISR order; the leader epoch goes up by one (§1.6). Assignment
// 2,3,1 (start broker 2); B1 crashes and rejoins, which makes the ISR 1,2,3
// (a leader's AlterPartition lists the ISR in broker id order in Kafka
// 4.4.0: kafka.cluster.Partition.prepareIsrExpand builds it in a Scala
// mutable.HashSet; the reference's "listed last" 2,3,1 is wrong there).
// With leader B2 dead, B3 is elected (assignment order), not B1 (ISR
// order); the controller's removal of B2 keeps the ISR's order: 1,3.
func TestKIPElectionAssignmentOrder(t *testing.T) {
	cfg := kipConfig()
	cfg.AutoLeaderRebalanceEnable = false
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 3, StartBroker: 2})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m0", "m1", "m2", "m3", "m4"}, Acks: engine.AcksAll})
	kipWantPart(t, c, "created", 2, []engine.BrokerID{2, 3, 1}, 0, 0)
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(70000)
	mustApply(t, c, engine.Restart{Broker: 1})
	c.AdvanceTo(80000)
	kipWantPart(t, c, "B1 rejoined", 2, []engine.BrokerID{1, 2, 3}, 0, 2)
	mustApply(t, c, engine.Crash{Broker: 2})
	c.AdvanceTo(89000)
	kipWantPart(t, c, "B2 fenced", 3, []engine.BrokerID{1, 3}, 1, 3)
}

// TestKIPNoEligibleLeaderUncleanOff is docs/kafka-rules.md §5.2 step 5, §5.7 and S5's
// disabled variant (UncleanLeaderElectionTest.verifyUncleanLeaderElectionDisabled:
// "leader should be NO_LEADER(-1) and the ISR should have only old
// leaderId"): when the last ISR member dies and unclean election is off,
// describe shows Leader: none with the ISR still listing it, E+1; a
// returning out-of-sync replica is not elected; the old leader leads again
// when it returns.
func TestKIPNoEligibleLeaderUncleanOff(t *testing.T) {
	cfg := kipConfig()
	cfg.MinInsyncReplicas = 1
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 2)
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Crash{Broker: 2})
	mustApply(t, c, engine.Crash{Broker: 3})
	c.AdvanceTo(20000)
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(29000)
	kipWantPart(t, c, "B1 fenced", engine.NoLeader, []engine.BrokerID{1}, 1, 3)
	want := "\tTopic: t\tPartition: 0\tLeader: none\tReplicas: 1,2,3\tIsr: 1\tElr: \tLastKnownElr: "
	if l := kipDescribeLine(t, c); l != want {
		t.Fatalf("describe:\n%q\nwant\n%q", l, want)
	}
	c.AdvanceTo(30000)
	mustApply(t, c, engine.Restart{Broker: 2})
	c.AdvanceTo(40000)
	kipWantPart(t, c, "B2 back, unclean off", engine.NoLeader, []engine.BrokerID{1}, 1, 3)
	mustApply(t, c, engine.Restart{Broker: 1})
	c.AdvanceTo(41000)
	if p := kipPart(t, c); p.Leader != 1 || p.LeaderEpoch != 2 {
		t.Fatalf("B1 back: leader %d E%d, want B1 in E2", p.Leader, p.LeaderEpoch)
	}
}

// TestKIPUncleanElectionFirstLiveInAssignmentOrder is docs/kafka-rules.md §5.2 step 4,
// §5.4 and §12.3: with unclean.leader.election.enable the controller picks
// the first acceptable replica in assignment order (not the lowest id, not
// the most up to date) and cuts the ISR to it. Assignment 2,3,1 (start
// broker 2); B3 and B1 are alive but out of the ISR (stuck behind a network
// split, §2.6), leader B2 dies: B3 is elected, ISR [3], E1.
func TestKIPUncleanElectionFirstLiveInAssignmentOrder(t *testing.T) {
	cfg := kipConfig()
	cfg.MinInsyncReplicas = 1
	cfg.UncleanLeaderElectionEnable = true
	cfg.AutoLeaderRebalanceEnable = false
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 3, StartBroker: 2})
	if p := kipPart(t, c); !slices.Equal(p.Replicas, []engine.BrokerID{2, 3, 1}) || p.Leader != 2 {
		t.Fatalf("precondition: replicas %v leader %d, want 2,3,1 led by 2", p.Replicas, p.Leader)
	}
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m0", "m1"}, Acks: engine.AcksAll})
	c.AdvanceTo(15000)
	mustApply(t, c, engine.Partition{Groups: [][]engine.NodeID{{engine.Broker(2)}, {engine.Broker(1), engine.Broker(3)}}})
	c.AdvanceTo(16000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m2"}, Acks: engine.AcksOne})
	c.AdvanceTo(62000)
	kipWantPart(t, c, "followers out of sync", 2, []engine.BrokerID{2}, 0, 1)
	mustApply(t, c, engine.Crash{Broker: 2})
	c.AdvanceTo(71000)
	var el []engine.Event
	for _, e := range kipEvents(c, engine.EvLeaderElected) {
		if e.At >= 62000 {
			el = append(el, e)
		}
	}
	if len(el) != 1 || el[0].At != 71000 || el[0].Peer != engine.Broker(3) || el[0].Epoch != 1 || !slices.Equal(el[0].ISR, []engine.BrokerID{3}) {
		t.Fatalf("elections after B2's crash %v, want b3 at 71000 in E1 with ISR 3", el)
	}
	// B1, alive and caught up with B3, may then rejoin (§2.7); B3's
	// AlterPartition then lists the ISR in broker id order, 1,3 (Kafka
	// 4.4.0's kafka.cluster.Partition.prepareIsrExpand, not the reference's
	// "listed last", which would give 3,1).
	if p := kipPart(t, c); p.Leader != 3 || p.LeaderEpoch != 1 ||
		!slices.Equal(p.ISR, []engine.BrokerID{3}) && !slices.Equal(p.ISR, []engine.BrokerID{1, 3}) {
		t.Fatalf("after the unclean election: leader %d E%d ISR %v, want leader 3 in E1, ISR 3 or 1,3", p.Leader, p.LeaderEpoch, p.ISR)
	}
}

// kipDescribeFields splits a describe partition line into its fields
// (docs/kafka-rules.md §8.1: TAB-separated, leading TAB).
func kipDescribeFields(t *testing.T, line string) map[string]string {
	t.Helper()
	if !strings.HasPrefix(line, "\t") {
		t.Fatalf("partition line %q does not start with a TAB", line)
	}
	out := map[string]string{}
	for _, f := range strings.Split(line[1:], "\t") {
		k, v, ok := strings.Cut(f, ": ")
		if !ok {
			t.Fatalf("field %q of %q is not \"Key: value\"", f, line)
		}
		out[k] = v
	}
	return out
}

// kipSameSet compares a comma list with a set of ids, ignoring order (ELR
// order is unspecified, docs/kafka-rules.md §5.6).
func kipSameSet(list string, want ...string) bool {
	got := []string{}
	if list != "" {
		got = strings.Split(list, ",")
	}
	slices.Sort(got)
	w := slices.Clone(want)
	slices.Sort(w)
	return slices.Equal(got, w)
}

// TestKIPElrLastReplicaStanding is KIP-966 (docs/kafka-rules.md §5.6, S4's ELR
// variant, §5.7, §8.1; PartitionChangeBuilder.maybePopulateTargetElr /
// maybeUpdateLastKnownLeader). With min.insync.replicas=2, after B2 then B3
// are fenced the partition line is "Isr: 1\tElr: 3\tLastKnownElr: " — only
// B3 left while the ISR dropped below min ISR. When the leader B1 is fenced
// too ("last replica standing") the ISR becomes empty, ELR = {1,3}
// ((ELR ∪ previous ISR) − target ISR), LastKnownElr = [1] (the last leader)
// and Leader: none. B1 crashed, so when it registers again it leaves the
// ELR (an unclean shutdown may have lost unflushed records; docs/kafka-rules.md §5.6,
// KAFKA-18635), and it is not elected as the last known leader either: that
// step needs both the ISR and the ELR empty (docs/kafka-rules.md §5.2 step 3,
// PartitionChangeBuilder.canElectLastKnownLeader), and B3 is still in the
// ELR. The partition stays without a leader: Elr 3, LastKnownElr 1.
func TestKIPElrLastReplicaStanding(t *testing.T) {
	cfg := kipConfig()
	cfg.EligibleLeaderReplicas = true
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 2)
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Crash{Broker: 2})
	mustApply(t, c, engine.Crash{Broker: 3})
	c.AdvanceTo(19000)
	want := "\tTopic: t\tPartition: 0\tLeader: 1\tReplicas: 1,2,3\tIsr: 1\tElr: 3\tLastKnownElr: "
	if l := kipDescribeLine(t, c); l != want {
		t.Errorf("after B2, B3 fenced, describe:\n%q\nwant\n%q", l, want)
	}
	if p := kipPart(t, c); !slices.Equal(p.ELR, []engine.BrokerID{3}) || len(p.LastKnownELR) != 0 {
		t.Errorf("State: ELR %v LastKnownELR %v, want [3] and []", p.ELR, p.LastKnownELR)
	}

	c.AdvanceTo(20000)
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(29000)
	f := kipDescribeFields(t, kipDescribeLine(t, c))
	if f["Leader"] != "none" || f["Isr"] != "" || !kipSameSet(f["Elr"], "1", "3") || f["LastKnownElr"] != "1" {
		t.Errorf("after B1 fenced, describe fields %q, want Leader none, Isr empty, Elr {1,3}, LastKnownElr 1", f)
	}
	if p := kipPart(t, c); p.Leader != engine.NoLeader || len(p.ISR) != 0 || p.LeaderEpoch != 1 || !slices.Equal(p.LastKnownELR, []engine.BrokerID{1}) {
		t.Errorf("State after B1 fenced: leader %d ISR %v E%d LastKnownELR %v, want none, [], E1, [1]", p.Leader, p.ISR, p.LeaderEpoch, p.LastKnownELR)
	}

	c.AdvanceTo(30000)
	mustApply(t, c, engine.Restart{Broker: 1})
	c.AdvanceTo(31000)
	f = kipDescribeFields(t, kipDescribeLine(t, c))
	if f["Leader"] != "none" || f["Isr"] != "" || f["Elr"] != "3" || f["LastKnownElr"] != "1" {
		t.Errorf("after B1 returned, describe fields %q, want Leader none, Isr empty, Elr 3, LastKnownElr 1", f)
	}
	if p := kipPart(t, c); p.Leader != engine.NoLeader || p.LeaderEpoch != 1 {
		t.Errorf("after B1 returned: leader %d E%d, want none in E1", p.Leader, p.LeaderEpoch)
	}
}

// TestKIPElrUncleanElectionClearsElr is KIP-966 with an unclean election
// (docs/kafka-rules.md §5.4, §5.6; PartitionChangeBuilder.maybeUpdateRecordElr:
// "Clean the ELR related fields if it is an unclean election"): two
// brokers, min.insync.replicas=1, unclean election on. B2 is fenced first
// (ISR 1, still >= min ISR, so no ELR); then the leader B1 is fenced: the
// ISR empties, ELR = [1], LastKnownElr = [1], Leader: none. B2 returns and
// is elected uncleanly (B1, the only ELR member, is down; the last known
// leader needs an empty ELR): ISR := [2], and the ELR and LastKnownElr are
// cleared, since B2's log is now the truth and B1 no longer holds every
// committed record. An ELR left at [1] beside ISR [2] would also break
// ElrOnlyBelowMinIsr (§11 I4).
func TestKIPElrUncleanElectionClearsElr(t *testing.T) {
	cfg := kipConfig()
	cfg.Brokers = 2
	cfg.MinInsyncReplicas = 1
	cfg.EligibleLeaderReplicas = true
	cfg.UncleanLeaderElectionEnable = true
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 2, 2)
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Crash{Broker: 2})
	c.AdvanceTo(19000)
	kipWantPart(t, c, "B2 fenced", 1, []engine.BrokerID{1}, 0, 1)
	c.AdvanceTo(20000)
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(29000)
	kipWantPart(t, c, "B1 fenced", engine.NoLeader, nil, 1, 2)
	if p := kipPart(t, c); !slices.Equal(p.ELR, []engine.BrokerID{1}) || !slices.Equal(p.LastKnownELR, []engine.BrokerID{1}) {
		t.Fatalf("after B1 fenced: ELR %v LastKnownELR %v, want [1] and [1]", p.ELR, p.LastKnownELR)
	}
	c.AdvanceTo(30000)
	mustApply(t, c, engine.Restart{Broker: 2})
	c.AdvanceTo(31000)
	kipWantPart(t, c, "unclean election", 2, []engine.BrokerID{2}, 2, 3)
	want := "\tTopic: t\tPartition: 0\tLeader: 2\tReplicas: 1,2\tIsr: 2\tElr: \tLastKnownElr: "
	if l := kipDescribeLine(t, c); l != want {
		t.Errorf("after the unclean election, describe:\n%q\nwant\n%q", l, want)
	}
	if v := kipViolations(c, "ElrOnlyBelowMinIsr"); len(v) != 0 {
		t.Errorf("violations %v, want none", v)
	}
}

// TestKIPControlledShutdownMovesLeadershipAtOnce is docs/kafka-rules.md §5.1
// (ReplicationControlManager.handleBrokerInControlledShutdown, [OPS]
// "Graceful shutdown"): a controlled shutdown removes the broker from every
// ISR and moves its leaderships in the same millisecond, not after the
// session timeout. The leader's shutdown elects B2 (E+1); a follower's
// shutdown only shrinks the ISR (E unchanged, PE+1).
func TestKIPControlledShutdownMovesLeadershipAtOnce(t *testing.T) {
	cfg := kipConfig()
	cfg.MinInsyncReplicas = 1
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 2)
	c.AdvanceTo(5000)
	mustApply(t, c, engine.Shutdown{Broker: 1})
	kipWantPart(t, c, "B1 shut down", 2, []engine.BrokerID{2, 3}, 1, 1)
	var elected bool
	for _, e := range kipEvents(c, engine.EvLeaderElected) {
		if e.Peer == engine.Broker(2) && e.At == 5000 && e.Epoch == 1 {
			elected = true
		}
	}
	if !elected {
		t.Fatalf("no election of b2 in epoch 1 at 5000: %v", kipEvents(c, engine.EvLeaderElected))
	}
	c.AdvanceTo(6000)
	mustApply(t, c, engine.Shutdown{Broker: 3})
	kipWantPart(t, c, "B3 shut down", 2, []engine.BrokerID{2}, 1, 2)
}

// TestKIPAutoPreferredLeaderRebalance is reference S11 and §7
// (QuorumController.maybeScheduleNextBalancePartitionLeaders,
// ReplicationControlManager.maybeBalancePartitionLeaders,
// auto.leader.rebalance.enable=true, leader.imbalance.check.interval.seconds
// = 300): the partition becomes imbalanced at 19.000, so a PREFERRED
// election runs at 319.000 and, B1 being back in the ISR, makes it leader
// in E2, PE3, ISR unchanged (1,2,3). If B1 has not rejoined by then nothing
// changes and the next check is 300 s later. The reference's S11 has
// Isr: 2,3,1 (B1 "listed last"); Kafka 4.4.0 shows 1,2,3, because
// kafka.cluster.Partition.prepareIsrExpand builds the AlterPartition ISR in
// a Scala mutable.HashSet, which iterates ids below 16 in ascending order.
func TestKIPAutoPreferredLeaderRebalance(t *testing.T) {
	for _, restartAt := range []engine.Time{70000, 400000} {
		c := kipSetup(t, kipConfig(), 3, 5)
		c.AdvanceTo(10000)
		mustApply(t, c, engine.Crash{Broker: 1})
		c.AdvanceTo(restartAt)
		mustApply(t, c, engine.Restart{Broker: 1})
		c.AdvanceTo(restartAt + 1000)
		kipWantPart(t, c, "B1 rejoined", 2, []engine.BrokerID{1, 2, 3}, 1, 2)
		electAt := engine.Time(319000)
		if restartAt > electAt {
			electAt += 300000
		}
		c.AdvanceTo(electAt - 1)
		kipWantPart(t, c, "before the check", 2, []engine.BrokerID{1, 2, 3}, 1, 2)
		c.AdvanceTo(electAt)
		kipWantPart(t, c, "at the check", 1, []engine.BrokerID{1, 2, 3}, 2, 3)
		if l := kipDescribeLine(t, c); !strings.Contains(l, "\tLeader: 1\tReplicas: 1,2,3\tIsr: 1,2,3\t") {
			t.Fatalf("describe %q, want Leader: 1 Replicas: 1,2,3 Isr: 1,2,3", l)
		}
	}
}

// TestKIPManualPreferredElection is reference S11's last paragraph and §7
// (LeaderElectionCommand, ReplicationControlManager.electLeader): with
// auto.leader.rebalance.enable=false leader B2 stays; kafka-leader-election.sh
// --election-type preferred prints "Successfully completed leader election
// (PREFERRED) for partitions t-0" and makes B1 leader (E+1); running it again
// prints "Valid replica already elected for partitions t-0"
// (ELECTION_NOT_NEEDED) and changes nothing.
func TestKIPManualPreferredElection(t *testing.T) {
	cfg := kipConfig()
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 5)
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(70000)
	mustApply(t, c, engine.Restart{Broker: 1})
	c.AdvanceTo(700000)
	kipWantPart(t, c, "no auto rebalance", 2, []engine.BrokerID{1, 2, 3}, 1, 2)
	from := len(c.Events(0))
	mustApply(t, c, engine.ElectLeaders{TP: kipT0})
	var texts []string
	for _, e := range c.Events(from) {
		if e.Kind == engine.EvElection {
			texts = append(texts, e.Text)
		}
	}
	if !slices.Equal(texts, []string{"Successfully completed leader election (PREFERRED) for partitions t-0"}) {
		t.Fatalf("tool output %q", texts)
	}
	kipWantPart(t, c, "after the election", 1, []engine.BrokerID{1, 2, 3}, 2, 3)
	from = len(c.Events(0))
	mustApply(t, c, engine.ElectLeaders{TP: kipT0})
	texts = nil
	for _, e := range c.Events(from) {
		if e.Kind == engine.EvElection {
			texts = append(texts, e.Text)
		}
	}
	if !slices.Equal(texts, []string{"Valid replica already elected for partitions t-0"}) {
		t.Fatalf("second run output %q", texts)
	}
	kipWantPart(t, c, "after the second run", 1, []engine.BrokerID{1, 2, 3}, 2, 3)
}
