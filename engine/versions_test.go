package engine_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kplay/engine"
)

// Tests of the release table (versions.go): each behaviour switch, off,
// does what the release before its change did, and on (today's default)
// what Kafka does since. Helpers are in kip_isr_test.go.

// TestReleaseSwitchesFollowKafka: a switch left at "release" is on exactly
// from the release its row names, read from Kafka's repository (git tag
// --contains on the fixing commit): KIP-101 in 0.11.0.0, KAFKA-6361 (KIP-279)
// in 2.0.0, KAFKA-7128 in 2.1.0, KAFKA-7395 (KIP-320's fencing: on trunk
// first tagged 2.2.0, and in 2.1.0's Partition.makeFollower), KAFKA-7747 (KIP-320's consumer check) in
// 2.3.0, KAFKA-8443 (KIP-392) in 2.4.0, KAFKA-13916 (KIP-841) in 3.3.0,
// KAFKA-14617 (KIP-903) and KAFKA-14704 in 3.5.0, KAFKA-15021 in 3.6.0, and KAFKA-15583,
// KAFKA-9800 (KIP-580) and KAFKA-15627 (KIP-951) in 3.7.0, and
// KAFKA-12670 in 3.9.0. KAFKA-12670 changed KRaft's controller, which came
// in 2.8: before that the ZooKeeper controller behaved as 3.9 does, so the
// switch is off only from 2.8 to 3.8. A switch set on or off overrides the
// release.
func TestReleaseSwitchesFollowKafka(t *testing.T) {
	since := map[string]string{
		"kip-101": "0.11", "kip-279": "2.0", "kafka-7128": "2.1", "kafka-7395": "2.1", "kip-320": "2.3", "kip-392": "2.4",
		"kip-841": "3.3", "kip-903": "3.5", "kafka-14704": "3.5", "kafka-15021": "3.6", "kafka-15583": "3.7", "kip-580": "3.7", "kip-951": "3.7", "kafka-12670": "3.9",
	}
	rels := engine.Releases()
	n := 0
	for _, ch := range engine.VersionChanges() {
		if ch.Kind != engine.ChangeBehaviour {
			continue
		}
		n++
		want, ok := since[ch.Name]
		if !ok || ch.Since.String() != want {
			t.Errorf("%s: since %s, want %s", ch.Name, ch.Since, want)
			continue
		}
		for i, r := range rels {
			cfg := engine.DefaultConfig()
			cfg.Kafka = r
			want := r >= ch.Since || r < ch.From
			if on := cfg.Enabled(ch.Name); on != want {
				t.Errorf("%s at kafka=%s: on %v, want %v", ch.Name, r, on, want)
			}
			if i == 0 {
				s, _ := engine.LookupSetting(ch.Name)
				if err := s.Set(&cfg, []string{"on"}); err != nil || !cfg.Enabled(ch.Name) {
					t.Errorf("%s=on at kafka=%s: %v, on %v", ch.Name, r, err, cfg.Enabled(ch.Name))
				}
			}
		}
		cfg := engine.DefaultConfig()
		s, _ := engine.LookupSetting(ch.Name)
		if err := s.Set(&cfg, []string{"off"}); err != nil || cfg.Enabled(ch.Name) {
			t.Errorf("%s=off at kafka=4.4: %v, on %v", ch.Name, err, cfg.Enabled(ch.Name))
		}
	}
	if n != len(since) {
		t.Errorf("%d behaviour switches, want %d", n, len(since))
	}
}

// TestProtocolIsTheKIP101AndKIP279Switches: protocol=pre-kip-101 is
// kip-101 off (and so kip-279 off), pre-kip-279 is kip-279 off, and a
// switch set on its own wins over protocol=.
func TestProtocolIsTheKIP101AndKIP279Switches(t *testing.T) {
	cases := []struct {
		proto          engine.Protocol
		kip101, kip279 engine.Switch
		kafka          engine.Release
		want101        bool
		want279        bool
	}{
		{engine.ProtocolCurrent, engine.SwitchRelease, engine.SwitchRelease, 404, true, true},
		{engine.ProtocolPreKIP101, engine.SwitchRelease, engine.SwitchRelease, 404, false, false},
		{engine.ProtocolPreKIP279, engine.SwitchRelease, engine.SwitchRelease, 404, true, false},
		{engine.ProtocolCurrent, engine.SwitchRelease, engine.SwitchRelease, 10, false, false},
		{engine.ProtocolCurrent, engine.SwitchRelease, engine.SwitchRelease, 101, true, false},
		{engine.ProtocolPreKIP101, engine.SwitchOn, engine.SwitchOn, 404, true, true},
		{engine.ProtocolCurrent, engine.SwitchRelease, engine.SwitchOn, 101, true, true},
	}
	for _, tc := range cases {
		cfg := engine.DefaultConfig()
		cfg.Protocol, cfg.KIP101, cfg.KIP279, cfg.Kafka = tc.proto, tc.kip101, tc.kip279, tc.kafka
		if cfg.Enabled("kip-101") != tc.want101 || cfg.Enabled("kip-279") != tc.want279 {
			t.Errorf("protocol=%s kip-101=%s kip-279=%s kafka=%s: kip-101 %v kip-279 %v, want %v %v",
				tc.proto, tc.kip101, tc.kip279, tc.kafka, cfg.Enabled("kip-101"), cfg.Enabled("kip-279"), tc.want101, tc.want279)
		}
	}
}

// TestKIP101SwitchLosesCommittedLikeTheOldProtocol: KIP-101's scenario 1
// (kipKIP101Scenario1's schedule) under kip-101=off loses the committed
// m1 exactly as protocol=pre-kip-101 does: B2 truncates to its own HW 1
// on restart (KIP-101, "Scenario 1: High Watermark Truncation followed by
// Immediate Leader Election").
func TestKIP101SwitchLosesCommittedLikeTheOldProtocol(t *testing.T) {
	for _, off := range []func(*engine.Config){
		func(c *engine.Config) { c.KIP101 = engine.SwitchOff },
		func(c *engine.Config) { c.Kafka = 10 },
	} {
		cfg := kipConfig()
		cfg.Brokers = 2
		cfg.MinInsyncReplicas = 1
		cfg.AutoLeaderRebalanceEnable = false
		off(&cfg)
		c := kipSetup(t, cfg, 2, 1)
		c.AdvanceTo(10000)
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m1"}, Acks: engine.AcksAll})
		c.AdvanceTo(10000)
		mustApply(t, c, engine.Crash{Broker: 2})
		mustApply(t, c, engine.Restart{Broker: 2})
		mustApply(t, c, engine.Crash{Broker: 1})
		c.AdvanceTo(30000)
		kipWantPart(t, c, "B2 registered again", 2, []engine.BrokerID{2}, 3, 3)
		if got := kipValues(kipReplica(t, c, 2).Log); !slices.Equal(got, []string{"m0"}) {
			t.Fatalf("kafka=%s kip-101=%s: new leader B2 log %v, want m0 only (m1 truncated with the HW)", cfg.Kafka, cfg.KIP101, got)
		}
	}
}

// TestKAFKA7128OffJoinsBelowEpochStart is
// TestKIPIsrExpandNeedsEpochStartOffset's schedule before Kafka 2.1: B2
// leads in epoch 1 from offset 6 with HW 5; B3 returns with LEO 5. Before
// KAFKA-7128 a follower was in sync once its LEO reached the leader's HW
// (Partition.maybeExpandIsr compared with leaderHW only), so B3 is
// proposed with LEO 5, below the epoch start offset 6; since 2.1 it waits
// until it reaches 6.
func TestKAFKA7128OffJoinsBelowEpochStart(t *testing.T) {
	for _, sw := range []engine.Switch{engine.SwitchOff, engine.SwitchRelease} {
		cfg := kipConfig()
		cfg.AutoLeaderRebalanceEnable = false
		cfg.KAFKA7128 = sw
		c := kipSetup(t, cfg, 3, 5)
		c.AdvanceTo(2000)
		mustApply(t, c, engine.Crash{Broker: 3})
		c.AdvanceTo(12000)
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m5"}, Acks: engine.AcksOne})
		c.AdvanceTo(12000)
		mustApply(t, c, engine.Crash{Broker: 1})
		c.AdvanceTo(22000)
		mustApply(t, c, engine.Restart{Broker: 3})
		c.AdvanceTo(23000)
		exp := kipEvents(c, engine.EvISRExpandProposed)
		want := engine.Offset(6)
		if sw == engine.SwitchOff {
			want = 5
		}
		if len(exp) == 0 || exp[0].Peer != engine.Broker(3) || exp[0].Offset != want {
			t.Fatalf("kafka-7128=%s: expansions %v, want the first for b3 at log end %d", sw, exp, want)
		}
	}
}

// TestKAFKA15583OffMinIsrAboveRF is ProducerFailureHandlingTest
// .testNotEnoughReplicas, which KAFKA-15583 deleted: with
// min.insync.replicas = replicas + 1 an acks=all produce fails with
// NOT_ENOUGH_REPLICAS (19) before Kafka 3.7; since, the effective
// min.insync.replicas is capped at the replication factor
// (Partition.effectiveMinIsr) and the produce succeeds.
func TestKAFKA15583OffMinIsrAboveRF(t *testing.T) {
	for _, sw := range []engine.Switch{engine.SwitchOff, engine.SwitchRelease} {
		cfg := kipConfig()
		cfg.MinInsyncReplicas = 4
		cfg.KAFKA15583 = sw
		c := kipSetup(t, cfg, 3, 0)
		c.AdvanceTo(1000)
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"key"}, Acks: engine.AcksAll})
		c.AdvanceTo(1500)
		errs, acks := kipEvents(c, engine.EvProduceError), kipEvents(c, engine.EvProduceAcked)
		if sw == engine.SwitchOff {
			if len(errs) == 0 || errs[0].Err != engine.ErrNotEnoughReplicas || len(acks) != 0 {
				t.Fatalf("kafka-15583=off: errors %v acks %v, want NOT_ENOUGH_REPLICAS and no ack", errs, acks)
			}
		} else if len(acks) != 1 || len(errs) != 0 {
			t.Fatalf("kafka-15583 on: errors %v acks %v, want one ack", errs, acks)
		}
	}
}

// TestKAFKA15583OffHwMovesUnderMinIsr is TestKIPHwFrozenBelowMinIsr's
// schedule before Kafka 3.7: with the ISR down to the leader alone
// (below min.insync.replicas=2), an acks=1 record is committed at once,
// the HW being the minimum LEO over the ISR {1}
// (Partition.maybeIncrementLeaderHW had no under-min-ISR check before
// KAFKA-15583's commit edc7e10a74 added it).
func TestKAFKA15583OffHwMovesUnderMinIsr(t *testing.T) {
	cfg := kipConfig()
	cfg.KAFKA15583 = engine.SwitchOff
	c := kipSetup(t, cfg, 3, 2)
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Crash{Broker: 2})
	mustApply(t, c, engine.Crash{Broker: 3})
	c.AdvanceTo(19000)
	kipWantPart(t, c, "B2, B3 fenced", 1, []engine.BrokerID{1}, 0, 2)
	c.AdvanceTo(20000)
	mustApply(t, c, engine.Produce{Producer: 2, TP: kipT0, Values: []string{"m4"}, Acks: engine.AcksOne})
	c.AdvanceTo(20000)
	if r := kipReplica(t, c, 1); r.LEO != 3 || r.HW != 3 {
		t.Fatalf("B1 %d/%d under min ISR, want 3/3 (HW advances with ISR 1 before 3.7)", r.LEO, r.HW)
	}
	if v := kipViolations(c, "HwFrozenUnderMinIsr"); len(v) != 0 {
		t.Fatalf("violations %v: the rule did not exist before 3.7", v)
	}
}

// TestKAFKA15021OffBumpsEpochOnShrink: when the controller fences a
// follower the ISR shrinks from 1,2,3 to 1,2. Before Kafka 3.6 that bumped
// the leader epoch too (PartitionChangeBuilder.triggerLeaderEpochBumpIfNeeded:
// "the new ISR does not contain all the nodes that the old ISR did");
// since KAFKA-15021 only the partition epoch moves.
func TestKAFKA15021OffBumpsEpochOnShrink(t *testing.T) {
	for _, sw := range []engine.Switch{engine.SwitchOff, engine.SwitchRelease} {
		cfg := kipConfig()
		cfg.AutoLeaderRebalanceEnable = false
		cfg.KAFKA15021 = sw
		c := kipSetup(t, cfg, 3, 5)
		c.AdvanceTo(2000)
		mustApply(t, c, engine.Crash{Broker: 3})
		c.AdvanceTo(12000)
		epoch := engine.Epoch(0)
		if sw == engine.SwitchOff {
			epoch = 1
		}
		kipWantPart(t, c, "kafka-15021="+sw.String()+": B3 fenced", 1, []engine.BrokerID{1, 2}, epoch, 1)
		if r := kipReplica(t, c, 2); r.LeaderEpoch != epoch {
			t.Fatalf("kafka-15021=%s: follower B2 in leader epoch %d, want %d", sw, r.LeaderEpoch, epoch)
		}
	}
}

// TestKIP841OffFencedReplicaRejoins is KIP-841's motivation: B3 loses its
// link to the controller but not to the leader. The controller fences it
// (no heartbeat for broker.session.timeout.ms) and takes it out of the ISR,
// yet B3 keeps fetching and is caught up. Before Kafka 3.3 the leader
// proposed it again and the controller took it, so a fenced broker was in
// the ISR; since KAFKA-13916 the leader does not propose it
// (Partition.isReplicaIsrEligible) and the controller would answer
// INELIGIBLE_REPLICA.
func TestKIP841OffFencedReplicaRejoins(t *testing.T) {
	for _, sw := range []engine.Switch{engine.SwitchOff, engine.SwitchRelease} {
		cfg := kipConfig()
		cfg.AutoLeaderRebalanceEnable = false
		cfg.KIP841 = sw
		c := kipSetup(t, cfg, 3, 2)
		c.AdvanceTo(10000)
		mustApply(t, c, engine.Cut{A: engine.Broker(3), B: engine.Controller})
		c.AdvanceTo(30000)
		p := kipPart(t, c)
		fenced := c.State().Brokers[2].Reg.Fenced
		if !fenced {
			t.Fatalf("kip-841=%s: B3 not fenced by 30000", sw)
		}
		want := []engine.BrokerID{1, 2}
		if sw == engine.SwitchOff {
			want = []engine.BrokerID{1, 2, 3}
		}
		if !slices.Equal(p.ISR, want) {
			t.Fatalf("kip-841=%s: ISR %v with B3 fenced, want %v", sw, p.ISR, want)
		}
	}
}

// TestKIP903OffStaleReplicaJoins is TestKIP903StaleAlterPartitionAfterRestart's
// schedule before Kafka 3.5 (KIP-903's scenario): the AlterPartition that
// adds B2 carries no broker epochs (AlterPartition v2), so the controller
// accepts it although B2 restarted with an empty log meanwhile; the empty
// B2 is in the ISR and, elected when B1 dies, loses the 100 committed
// records.
func TestKIP903OffStaleReplicaJoins(t *testing.T) {
	cfg := kipConfig()
	cfg.Brokers = 2
	cfg.MinInsyncReplicas = 1
	cfg.AutoLeaderRebalanceEnable = false
	cfg.KIP903 = engine.SwitchOff
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 2})
	mustApply(t, c, engine.Cut{A: engine.Broker(1), B: engine.Broker(2)})
	vals := make([]string, 100)
	for i := range vals {
		vals[i] = "m" + strconv.Itoa(i)
	}
	mustApply(t, c, engine.Produce{TP: kipT0, Values: vals, Acks: engine.AcksOne})
	c.AdvanceTo(46000)
	kipWantPart(t, c, "B2 cut off", 1, []engine.BrokerID{1}, 0, 1)
	staleBrokerEpochSchedule(t, c, 100)
	if rej := kipEvents(c, engine.EvAlterPartitionRejected); len(rej) != 0 {
		t.Fatalf("rejections %v, want none before KIP-903", rej)
	}
	kipWantPart(t, c, "after the stale AlterPartition", 1, []engine.BrokerID{1, 2}, 0, 2)
	if r := kipReplica(t, c, 2); r.LEO != 0 {
		t.Fatalf("B2 LEO %d, want 0: it is in the ISR with an empty log", r.LEO)
	}
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(c.Now() + 20000)
	if p := kipPart(t, c); p.Leader != 2 {
		t.Fatalf("after B1 died: leader %d, want B2 (a clean election from the ISR)", p.Leader)
	}
	if v := kipViolations(c, "CommittedDurability"); len(v) == 0 {
		t.Fatal("no CommittedDurability violation for the 100 committed records B2 never had")
	}
}

// TestKIP392OffHasNoSelector: before Kafka 2.4 there is no
// replica.selector.class, so asking for the rack-aware selector with
// kip-392 off (or kafka=2.3) is refused with the KIP named.
func TestKIP392OffHasNoSelector(t *testing.T) {
	for _, off := range []func(*engine.Config){
		func(c *engine.Config) { c.KIP392 = engine.SwitchOff },
		func(c *engine.Config) { c.Kafka = 203 },
	} {
		cfg := engine.DefaultConfig()
		cfg.ReplicaSelectorRackAware, cfg.EligibleLeaderReplicas = true, false
		cfg.Racks = []string{"a", "b", "c"}
		off(&cfg)
		if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), "KIP-392") {
			t.Errorf("kafka=%s kip-392=%s: %v, want an error naming KIP-392", cfg.Kafka, cfg.KIP392, err)
		}
	}
	cfg := engine.DefaultConfig()
	cfg.ReplicaSelectorRackAware, cfg.Kafka, cfg.EligibleLeaderReplicas = true, 204, false
	if err := cfg.Validate(); err != nil {
		t.Errorf("kafka=2.4 with the selector: %v", err)
	}
}

// TestKIP580OffConstantBackoff: an acks=all produce under min ISR is
// retried on NOT_ENOUGH_REPLICAS. Since Kafka 3.7 (KIP-580) the waits
// double from retry.backoff.ms (100) up to retry.backoff.max.ms (1000):
// 100, 200, 400, 800, 1000; before, every wait is retry.backoff.ms
// (Sender/RecordAccumulator used retryBackoffMs as is).
func TestKIP580OffConstantBackoff(t *testing.T) {
	for _, sw := range []engine.Switch{engine.SwitchOff, engine.SwitchRelease} {
		cfg := kipConfig()
		cfg.KIP580 = sw
		c := kipSetup(t, cfg, 3, 2)
		c.AdvanceTo(10000)
		mustApply(t, c, engine.Crash{Broker: 2})
		mustApply(t, c, engine.Crash{Broker: 3})
		c.AdvanceTo(19100)
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m3"}, Acks: engine.AcksAll})
		c.AdvanceTo(22000)
		errs := kipEvents(c, engine.EvProduceError)
		var gaps []engine.Time
		for i := 1; i < len(errs) && i <= 5; i++ {
			gaps = append(gaps, errs[i].At-errs[i-1].At)
		}
		want := []engine.Time{100, 200, 400, 800, 1000}
		if sw == engine.SwitchOff {
			want = []engine.Time{100, 100, 100, 100, 100}
		}
		if !slices.Equal(gaps, want) {
			t.Fatalf("kip-580=%s: gaps between NOT_ENOUGH_REPLICAS answers %v, want %v", sw, gaps, want)
		}
	}
}

// TestKIP951OffWaitsForMetadata is TestControlledShutdownAnswersPendingProduce's
// schedule: b1, in controlled shutdown, answers the held produce with
// NOT_LEADER_OR_FOLLOWER. Since Kafka 3.7 the answer names the new leader
// b2 and its epoch (KIP-951 CurrentLeader), and the producer resends there
// at once, without retry.backoff.ms (RecordAccumulator.shouldBackoff);
// before, it learned the leader from a metadata refresh and resent after
// retry.backoff.ms (100 ms).
func TestKIP951OffWaitsForMetadata(t *testing.T) {
	var ackAt [2]engine.Time
	for i, sw := range []engine.Switch{engine.SwitchOff, engine.SwitchRelease} {
		cfg := kipConfig()
		cfg.MinLatency, cfg.MaxLatency = 10, 10
		cfg.AutoLeaderRebalanceEnable = false
		cfg.KIP951 = sw
		c := kipSetup(t, cfg, 3, 0)
		c.AdvanceTo(1000)
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m0"}, Acks: engine.AcksAll})
		var at engine.Time
		for at = 1001; at < 1100; at++ {
			c.AdvanceTo(at)
			if r := kipReplica(t, c, 1); r.LEO == 1 && r.HW == 0 {
				break
			}
		}
		mustApply(t, c, engine.Shutdown{Broker: 1})
		c.AdvanceTo(at + 1000)
		errs := kipEvents(c, engine.EvProduceError)
		if len(errs) == 0 || errs[0].Err != engine.ErrNotLeaderOrFollower {
			t.Fatalf("kip-951=%s: errors %v, want NOT_LEADER_OR_FOLLOWER first", sw, errs)
		}
		if named := strings.Contains(errs[0].Text, "KIP-951"); named != (sw == engine.SwitchRelease) {
			t.Fatalf("kip-951=%s: error reads %q", sw, errs[0].Text)
		}
		acks := kipEvents(c, engine.EvProduceAcked)
		if len(acks) != 1 {
			t.Fatalf("kip-951=%s: acks %v, want one", sw, acks)
		}
		ackAt[i] = acks[0].At - errs[0].At
	}
	t.Logf("ack after the error: %d ms without KIP-951, %d ms with it", ackAt[0], ackAt[1])
	if ackAt[0] < ackAt[1]+100-20 {
		t.Fatalf("ack %d ms after the error without KIP-951, %d ms with it: want the old one later by retry.backoff.ms (100) less a metadata round trip (20)", ackAt[0], ackAt[1])
	}
}

// TestKIP320OffNoTruncationDetection is
// TestKIPConsumerDetectsTruncationAfterUncleanElection's schedule, with the
// consumer cut off from B2 while B2, elected uncleanly without "second",
// appends "third" and "fourth" at offsets 1 and 2. When the link heals the
// consumer is at position 2 (after "second", epoch 0). Since Kafka 2.3
// (KAFKA-7747, KIP-320's consumer side) it first asks B2 where epoch 0
// ends (offset 1), sees that its position is past it, moves back to 1 and
// reads "third" and "fourth". Before, it fetched on from 2: the position
// is inside B2's log, so no error; it reads "fourth" and never sees
// "third" or learns that "second" was truncated (KIP-320, "Motivation").
func TestKIP320OffNoTruncationDetection(t *testing.T) {
	for _, sw := range []engine.Switch{engine.SwitchOff, engine.SwitchRelease} {
		cfg := kipConfig()
		cfg.Brokers = 2
		cfg.MinInsyncReplicas = 1
		cfg.UncleanLeaderElectionEnable = true
		cfg.AutoLeaderRebalanceEnable = false
		cfg.KIP320 = sw
		c := mustNew(t, cfg)
		c1 := engine.NodeID{Kind: engine.NodeConsumer, ID: 1}
		mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 2})
		c.AdvanceTo(1000)
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"first"}, Acks: engine.AcksAll})
		mustApply(t, c, engine.Consume{TP: kipT0, From: engine.OffsetEarliest})
		c.AdvanceTo(10000)
		mustApply(t, c, engine.Shutdown{Broker: 2})
		c.AdvanceTo(11000)
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"second"}, Acks: engine.AcksAll})
		c.AdvanceTo(20000)
		mustApply(t, c, engine.Cut{A: c1, B: engine.Broker(2)})
		mustApply(t, c, engine.Shutdown{Broker: 1})
		c.AdvanceTo(30000)
		mustApply(t, c, engine.Restart{Broker: 2})
		c.AdvanceTo(31000)
		kipWantPart(t, c, "unclean election", 2, []engine.BrokerID{2}, 2, 3)
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"third", "fourth"}, Acks: engine.AcksAll})
		c.AdvanceTo(35000)
		if got := kipValues(kipReplica(t, c, 2).Log); !slices.Equal(got, []string{"first", "third", "fourth"}) {
			t.Fatalf("kip-320=%s: B2 log %v, want first third fourth", sw, got)
		}
		mustApply(t, c, engine.Heal{A: c1, B: engine.Broker(2)})
		c.AdvanceTo(60000)
		tr := kipEvents(c, engine.EvConsumerTruncation)
		k := c.State().Consumers[0]
		want := []string{"first", "second", "fourth"}
		if sw == engine.SwitchRelease {
			want = []string{"first", "second", "third", "fourth"}
			if len(tr) != 1 || tr[0].Offset != 1 || tr[0].End != 2 {
				t.Fatalf("kip-320 on: truncation detections %v, want one from position 2 back to 1", tr)
			}
		} else if len(tr) != 0 {
			t.Fatalf("kip-320=off: truncation detections %v, want none", tr)
		}
		if !slices.Equal(kipValues(k.Read), want) || k.Position != 3 {
			t.Fatalf("kip-320=%s: consumer read %v position %d, want %v position 3", sw, kipValues(k.Read), k.Position, want)
		}
	}
}

// TestKAFKA14704OffHwPassesDivergedRecords is
// TestKIPReturningLeaderTruncatesByDivergingEpoch's schedule: the old
// leader B1 returns with m2 at offset 2 (epoch 0, never committed; LEO 3,
// HW 2) while the leader B2 holds m3 there (epoch 1) with HW 3. B2
// answers B1's fetch with DivergingEpoch(0, 2) and its HW 3. Before Kafka
// 3.5 B1 processed the partition data first, taking HW min(3, LEO 3) = 3,
// which covers its own m2, and then truncated to 2, the HW falling back
// to 2 (KAFKA-14704: "Truncating ... below high watermark",
// "Non-monotonic update of high watermark"). Since 3.5 it truncates first
// and its HW goes straight from 2 to 3 once it holds m3
// (AbstractFetcherThreadTest.testTruncateOnFetchDoesNotProcessPartitionData:
// no partition data processed on the truncating fetch).
func TestKAFKA14704OffHwPassesDivergedRecords(t *testing.T) {
	for _, sw := range []engine.Switch{engine.SwitchOff, engine.SwitchRelease} {
		cfg := kipConfig()
		cfg.AutoLeaderRebalanceEnable = false
		cfg.KAFKA14704 = sw
		c := kipSetup(t, cfg, 3, 2)
		c.AdvanceTo(10000)
		mustApply(t, c, engine.Slow{A: engine.Broker(1), B: engine.Broker(2), MinLatency: 100, MaxLat: 100})
		mustApply(t, c, engine.Slow{A: engine.Broker(1), B: engine.Broker(3), MinLatency: 100, MaxLat: 100})
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m2"}, Acks: engine.AcksOne})
		c.AdvanceTo(10000)
		mustApply(t, c, engine.Crash{Broker: 1})
		mustApply(t, c, engine.Heal{})
		c.AdvanceTo(30000)
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m3"}, Acks: engine.AcksAll})
		c.AdvanceTo(40000)
		start := c.Now()
		mustApply(t, c, engine.Restart{Broker: 1})
		c.AdvanceTo(41000)
		var moves []string
		for _, e := range kipEvents(c, engine.EvHWChanged) {
			if e.Node == engine.Broker(1) && e.At >= start {
				moves = append(moves, strconv.Itoa(int(e.Offset))+"→"+strconv.Itoa(int(e.End)))
			}
		}
		want := []string{"2→3"}
		if sw == engine.SwitchOff {
			want = []string{"2→3", "3→2", "2→3"}
		}
		if !slices.Equal(moves, want) {
			t.Fatalf("kafka-14704=%s: B1's HW moves %v, want %v", sw, moves, want)
		}
		if got := kipValues(kipReplica(t, c, 1).Log); !slices.Equal(got, []string{"m0", "m1", "m3"}) {
			t.Fatalf("kafka-14704=%s: B1 log %v, want m0 m1 m3", sw, got)
		}
	}
}

// TestKAFKA14704WindowLastsATick: before Kafka 3.5 the follower's HW
// stays over the records it is about to truncate until the fetcher has
// processed the whole response (AbstractFetcherThread.processFetchRequest
// calls truncateOnFetchResponse after the loop over its partitions;
// KAFKA-14704: "a fetch requests coming at the right time to the
// follower could read those records"). kplay gives that window one
// millisecond: at 40000, once B1 has restarted and fetched, its HW is 3
// over its own m2 (leader epoch 0) while the leader B2 holds m3 there, and
// the HW event says so; at 40001 it has truncated m2 and holds m3. Since
// 3.5 there is no window: at 40000 B1 already holds m3 with HW 3, and no
// HW event names a record the leader lacks.
func TestKAFKA14704WindowLastsATick(t *testing.T) {
	for _, sw := range []engine.Switch{engine.SwitchOff, engine.SwitchRelease} {
		cfg := kipConfig()
		cfg.AutoLeaderRebalanceEnable = false
		cfg.KAFKA14704 = sw
		c := kipSetup(t, cfg, 3, 2)
		c.AdvanceTo(10000)
		mustApply(t, c, engine.Slow{A: engine.Broker(1), B: engine.Broker(2), MinLatency: 100, MaxLat: 100})
		mustApply(t, c, engine.Slow{A: engine.Broker(1), B: engine.Broker(3), MinLatency: 100, MaxLat: 100})
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m2"}, Acks: engine.AcksOne})
		c.AdvanceTo(10000)
		mustApply(t, c, engine.Crash{Broker: 1})
		mustApply(t, c, engine.Heal{})
		c.AdvanceTo(30000)
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m3"}, Acks: engine.AcksAll})
		c.AdvanceTo(40000)
		mustApply(t, c, engine.Restart{Broker: 1})
		c.AdvanceTo(40000)
		b1 := kipReplica(t, c, 1)
		got := fmt.Sprintf("HW %d, log %v", b1.HW, kipValues(b1.Log))
		var over []string
		for _, e := range kipEvents(c, engine.EvHWChanged) {
			if e.Peer.Kind != engine.NodeNone {
				over = append(over, e.String())
			}
		}
		if sw == engine.SwitchRelease {
			if want := "HW 3, log [m0 m1 m3]"; got != want || len(over) != 0 {
				t.Fatalf("kafka-14704 on, at 40000: B1 %s, HW events over foreign records %q; want %s and none", got, over, want)
			}
			continue
		}
		if want := "HW 3, log [m0 m1 m2]"; got != want || b1.Log[2].LeaderEpoch != 0 || !b1.Truncating {
			t.Fatalf("kafka-14704 off, at 40000: B1 %s, truncating next %v; want %s (m2 of leader epoch 0 under the HW), truncating next", got, b1.Truncating, want)
		}
		if want := []string{"b1 t-0 high watermark 2 → 3, over offset 2 (m2) of leader epoch 0, which leader b2 does not have"}; !slices.Equal(over, want) {
			t.Fatalf("kafka-14704 off: HW events over foreign records %q, want %q", over, want)
		}
		c.AdvanceTo(40000 + 1)
		b1 = kipReplica(t, c, 1)
		if got, want := fmt.Sprintf("HW %d, log %v", b1.HW, kipValues(b1.Log)), "HW 3, log [m0 m1 m3]"; got != want || b1.Truncating {
			t.Fatalf("kafka-14704 off, at 40001: B1 %s, truncating next %v; want %s, done", got, b1.Truncating, want)
		}
	}
}

// TestLossCauseNamesOldISRRules: a committed record lost because kip-903
// was off is explained by the switch, not left without a cause.
func TestLossCauseNamesOldISRRules(t *testing.T) {
	cfg := kipConfig()
	cfg.Brokers = 2
	cfg.MinInsyncReplicas = 1
	cfg.AutoLeaderRebalanceEnable = false
	cfg.KIP903 = engine.SwitchOff
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 2})
	mustApply(t, c, engine.Cut{A: engine.Broker(1), B: engine.Broker(2)})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m0"}, Acks: engine.AcksOne})
	c.AdvanceTo(46000)
	staleBrokerEpochSchedule(t, c, 1)
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(c.Now() + 20000)
	v := kipViolations(c, "CommittedDurability")
	if len(v) == 0 || !strings.Contains(v[0], "the rules before kip-903") {
		t.Fatalf("violations %v, want a CommittedDurability naming kip-903", v)
	}
}

// TestKAFKA12670OffKRaftIgnoresUnclean is
// TestKIPConsumerDetectsTruncationAfterUncleanElection's failure with
// unclean.leader.election.enable=true: B2 shuts down, B1 takes "second"
// alone and shuts down too, then B2, which never had "second", returns.
// Since Kafka 3.9 the KRaft controller honours the setting and elects B2
// uncleanly (leader epoch 2); from 2.8 to 3.8 it ignored it (KAFKA-12670:
// "Previously in KRaft mode, we could request an unclean leader election
// for a specific topic using the electLeaders API" only), so the partition
// stays leaderless until elect-leaders type=unclean; a ZooKeeper release
// (kafka=2.4) honoured it.
func TestKAFKA12670OffKRaftIgnoresUnclean(t *testing.T) {
	for _, tc := range []struct {
		kafka  engine.Release
		elects bool
	}{{308, false}, {300, false}, {309, true}, {404, true}, {204, true}} {
		cfg := kipConfig()
		cfg.Brokers = 2
		cfg.MinInsyncReplicas = 1
		cfg.UncleanLeaderElectionEnable = true
		cfg.AutoLeaderRebalanceEnable = false
		cfg.Kafka = tc.kafka
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
		// Before 3.6 an ISR shrink also bumped the leader epoch
		// (kafka-15021), so only the leader and the ISR are compared.
		want := func(when string, leader engine.BrokerID, isr ...engine.BrokerID) {
			t.Helper()
			if p := kipPart(t, c); p.Leader != leader || !slices.Equal(p.ISR, isr) {
				t.Fatalf("kafka=%s, %s: leader %d ISR %v, want leader %d ISR %v", tc.kafka, when, p.Leader, p.ISR, leader, isr)
			}
		}
		if !tc.elects {
			want("B2 back, the setting ignored", engine.NoLeader, 1)
			c.AdvanceTo(31000 + 600000)
			want("ten minutes later", engine.NoLeader, 1)
			mustApply(t, c, engine.ElectLeaders{Unclean: true, All: true})
			c.AdvanceTo(c.Now() + 1000)
			want("after elect-leaders type=unclean", 2, 2)
			continue
		}
		want("unclean election", 2, 2)
	}
}

// staleBrokerEpochSchedule is KIP-903's schedule from 46 s on: the
// leader's link to the controller slows in three steps, the cut heals,
// broker 2 loses its last loseUnflushed records to a power loss and comes
// back cut off from the leader, and 18 s pass.
func staleBrokerEpochSchedule(t *testing.T, c *engine.Cluster, loseUnflushed int) {
	t.Helper()
	for i, lat := range []engine.Time{6000, 12000, 18000} {
		c.AdvanceTo(engine.Time(46000 + 7000*i))
		mustApply(t, c, engine.Slow{A: engine.Broker(1), B: engine.Controller, MinLatency: lat, MaxLat: lat})
	}
	c.AdvanceTo(61000)
	mustApply(t, c, engine.Heal{A: engine.Broker(1), B: engine.Broker(2)})
	c.AdvanceTo(61001)
	mustApply(t, c, engine.Crash{Broker: 2, LoseUnflushed: loseUnflushed})
	mustApply(t, c, engine.Cut{A: engine.Broker(1), B: engine.Broker(2)})
	mustApply(t, c, engine.Restart{Broker: 2})
	c.AdvanceTo(61001 + 18000)
}

// TestKAFKA7395OffFollowerKeepsItsLog: before Kafka 2.1 a follower told
// of a new leader epoch under the same leader went on as it was: Kafka
// 0.10.0.0 to 2.0.0's Partition.makeFollower returns false when
// leaderReplicaIdOpt already names the new leader, and
// ReplicaManager.makeFollowers truncates only the partitions it returned
// true for. On kafka=0.10 (pre-KIP-101: a new leadership truncates to the
// HW) broker 3 crashes while p1 sends acks=1 records; the HW stays at
// broker 3's log end, and when the controller drops broker 3 from the ISR
// with a new leader epoch (leader still broker 1), broker 2 keeps the
// records above its HW. With kafka-7395=on (2.1's rule) it truncates them
// all, to fetch them again.
func TestKAFKA7395OffFollowerKeepsItsLog(t *testing.T) {
	for _, sw := range []engine.Switch{engine.SwitchRelease, engine.SwitchOn} {
		cfg := kipConfig()
		cfg.Kafka, _ = engine.ParseRelease("0.10")
		cfg.MinLatency, cfg.MaxLatency = 5, 5
		cfg.KAFKA7395 = sw
		c := kipSetup(t, cfg, 3, 0)
		for i := range 400 {
			if i == 200 {
				mustApply(t, c, engine.Crash{Broker: 3})
			}
			mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m" + strconv.Itoa(i)}, Acks: engine.AcksOne})
			c.AdvanceTo(c.Now() + 5)
		}
		before := kipReplica(t, c, 2).LEO
		epoch := kipPart(t, c).LeaderEpoch
		c.AdvanceTo(15_000)
		if p := kipPart(t, c); p.Leader != 1 || p.LeaderEpoch != epoch+1 || slices.Contains(p.ISR, 3) {
			t.Fatalf("kafka-7395=%s: t-0 leader %d epoch %d ISR %v; want broker 1 in epoch %d without broker 3", sw, p.Leader, p.LeaderEpoch, p.ISR, epoch+1)
		}
		var cut []string
		for _, e := range kipEvents(c, engine.EvTruncated) {
			if e.Node == engine.Broker(2) {
				cut = append(cut, strconv.Itoa(int(e.End))+"→"+strconv.Itoa(int(e.Offset)))
			}
		}
		switch {
		case sw == engine.SwitchRelease && len(cut) != 0:
			t.Errorf("kafka=0.10: broker 2 truncated %v at the ISR change, want nothing (its leader did not change)", cut)
		case sw == engine.SwitchOn && len(cut) != 1:
			t.Errorf("kafka-7395=on: broker 2 truncated %v, want once, to its HW", cut)
		}
		if sw == engine.SwitchRelease && kipReplica(t, c, 2).LEO < before {
			t.Errorf("kafka=0.10: broker 2's log end went from %d to %d", before, kipReplica(t, c, 2).LEO)
		}
	}
}

// TestZooKeeperLeaderShrinkKeepsItsEpoch: before KRaft (releases before
// 2.8) a leader that dropped a follower from the ISR wrote the new ISR
// under its own leader epoch (2.0's Partition.updateIsr:
// LeaderAndIsr(localBrokerId, leaderEpoch, …); AlterIsr from 2.7 the
// same), while KRaft's controller bumped the leader epoch on every shrink
// until 3.6 (KAFKA-15021). A follower cut off for longer than
// replica.lag.time.max.ms leaves the ISR at its leader's request: on
// kafka=2.4 the leader epoch stays 0; on 3.5 it becomes 1; with
// kafka-15021=off set by hand on 2.4, KRaft's rule, 1 too.
func TestZooKeeperLeaderShrinkKeepsItsEpoch(t *testing.T) {
	for _, c := range []struct {
		kafka string
		sw    engine.Switch
		want  engine.Epoch
	}{
		{"2.4", engine.SwitchRelease, 0},
		{"3.5", engine.SwitchRelease, 1},
		{"2.4", engine.SwitchOff, 1},
	} {
		cfg := kipConfig()
		cfg.Kafka, _ = engine.ParseRelease(c.kafka)
		cfg.KAFKA15021 = c.sw
		cl := kipSetup(t, cfg, 3, 1)
		mustApply(t, cl, engine.Cut{A: engine.Broker(1), B: engine.Broker(3)})
		cl.AdvanceTo(60_000)
		p := kipPart(t, cl)
		if slices.Contains(p.ISR, 3) || p.Leader != 1 {
			t.Fatalf("kafka=%s: leader %d ISR %v; want broker 1 without broker 3", c.kafka, p.Leader, p.ISR)
		}
		if p.LeaderEpoch != c.want {
			t.Errorf("kafka=%s kafka-15021=%s: leader epoch %d after the leader's shrink, want %d", c.kafka, c.sw, p.LeaderEpoch, c.want)
		}
	}
}
