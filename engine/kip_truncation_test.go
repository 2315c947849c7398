package engine_test

import (
	"slices"
	"strings"
	"testing"

	"kplay/engine"
)

// Tests of log truncation (docs/kafka-rules.md §6). Helpers are in kip_isr_test.go.

// kipSameLog reports whether two replicas hold the same records (offset,
// leader epoch, value) in the same order.
func kipSameLog(a, b []engine.Record) bool {
	return slices.EqualFunc(a, b, func(x, y engine.Record) bool {
		return x.Offset == y.Offset && x.LeaderEpoch == y.LeaderEpoch && x.Value == y.Value
	})
}

// kipViolations lists the texts of the violation events that start with
// prefix.
func kipViolations(c *engine.Cluster, prefix string) []string {
	var out []string
	for _, e := range kipEvents(c, engine.EvViolation) {
		if strings.HasPrefix(e.Text, prefix) {
			out = append(out, e.Text)
		}
	}
	return out
}

// TestKIPReturningLeaderTruncatesByDivergingEpoch is reference S2 and §6.5–6.6
// (AbstractFetcherThread.truncateOnFetchResponse, Partition.readRecords,
// LeaderEpochFileCache.endOffsetFor; KAFKA-10554): the old leader B1 acked
// m2 with acks=1 and crashed before any follower got it. B2 leads in epoch 1
// and appends m3 at offset 2. When B1 returns, its fetch (offset 3, last
// fetched epoch 0) gets DivergingEpoch(0, 2): it truncates m2 (offset 2),
// copies m3, and ends with the same log as B2 and B3. No committed record
// is lost.
func TestKIPReturningLeaderTruncatesByDivergingEpoch(t *testing.T) {
	cfg := kipConfig()
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 2)
	c.AdvanceTo(10000)
	// Hold B1's fetch responses on the wire so that m2 reaches no follower.
	mustApply(t, c, engine.Slow{A: engine.Broker(1), B: engine.Broker(2), MinLatency: 100, MaxLat: 100})
	mustApply(t, c, engine.Slow{A: engine.Broker(1), B: engine.Broker(3), MinLatency: 100, MaxLat: 100})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m2"}, Acks: engine.AcksOne})
	c.AdvanceTo(10000)
	acked := false
	for _, e := range kipEvents(c, engine.EvProduceAcked) {
		if e.Value == "m2" && e.Offset == 2 {
			acked = true
		}
	}
	if r := kipReplica(t, c, 1); !acked || r.LEO != 3 || r.HW != 2 {
		t.Fatalf("precondition: m2 acked %v, B1 %d/%d, want acked at offset 2 and 3/2", acked, r.LEO, r.HW)
	}
	mustApply(t, c, engine.Crash{Broker: 1})
	mustApply(t, c, engine.Heal{})
	c.AdvanceTo(19000)
	kipWantPart(t, c, "B1 fenced", 2, []engine.BrokerID{2, 3}, 1, 1)
	c.AdvanceTo(30000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m3"}, Acks: engine.AcksAll})
	c.AdvanceTo(40000)
	mustApply(t, c, engine.Restart{Broker: 1})
	c.AdvanceTo(41000)
	var tr []engine.Event
	for _, e := range kipEvents(c, engine.EvTruncated) {
		if e.Node == engine.Broker(1) {
			tr = append(tr, e)
		}
	}
	if len(tr) != 1 || tr[0].Offset != 2 || tr[0].End != 3 || tr[0].Value != "m2" {
		t.Fatalf("B1 truncations %v, want one from log end 3 to 2 removing m2", tr)
	}
	r1, r2, r3 := kipReplica(t, c, 1), kipReplica(t, c, 2), kipReplica(t, c, 3)
	if got := kipValues(r1.Log); !slices.Equal(got, []string{"m0", "m1", "m3"}) {
		t.Fatalf("B1 log %v, want m0 m1 m3", got)
	}
	if !kipSameLog(r1.Log, r2.Log) || !kipSameLog(r3.Log, r2.Log) {
		t.Fatalf("logs differ: B1 %v B2 %v B3 %v", r1.Log, r2.Log, r3.Log)
	}
	if r1.Log[2].LeaderEpoch != 1 {
		t.Fatalf("B1's m3 in epoch %d, want 1", r1.Log[2].LeaderEpoch)
	}
	// 1,2,3, not the reference's 2,3,1: Kafka 4.4.0's leader sends the ISR in
	// broker id order (kafka.cluster.Partition.prepareIsrExpand).
	kipWantPart(t, c, "B1 rejoined", 2, []engine.BrokerID{1, 2, 3}, 1, 2)
	if v := kipViolations(c, "CommittedDurability"); len(v) != 0 {
		t.Fatalf("committed record lost: %v", v)
	}
}

// kipKIP101Scenario1 runs KIP-101's scenario 1 (docs/kafka-rules.md §6.2,
// EpochDrivenReplicationProtocolAcceptanceTest): B1 (leader "B") and B2
// (follower "A") both hold m0 and m1; B1's HW is 2 (m1 committed and
// acked) but B2's is 1, its next fetch being parked. B2 restarts, then B1
// dies and B2 becomes leader.
//
// B2's new incarnation is refused (DUPLICATE_BROKER_REGISTRATION,
// ClusterControlManager.registerBroker) while its old registration's
// session is valid, so B2 cannot lead until it registers again. Both
// sessions end at 19 s (last heartbeat before the crash at 10 s, plus
// broker.session.timeout.ms 9000). The controller fences one stale broker
// at a time (BrokerHeartbeatManager.findOneStaleBroker): first B1, so the
// ISR shrinks to 2 and the old B2 registration is named leader (leader
// epoch 1, partition epoch 1), then B2, leaving no leader (leader epoch 2,
// partition epoch 2; without ELR the last ISR member stays listed). When
// B2's retried registration is accepted and B2 is unfenced, the controller
// elects it from the ISR in leader epoch 3 (partition epoch 3).
func kipKIP101Scenario1(t *testing.T, proto engine.Protocol) *engine.Cluster {
	t.Helper()
	cfg := kipConfig()
	cfg.Brokers = 2
	cfg.MinInsyncReplicas = 1
	cfg.AutoLeaderRebalanceEnable = false
	cfg.Protocol = proto
	c := kipSetup(t, cfg, 2, 1)
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m1"}, Acks: engine.AcksAll})
	c.AdvanceTo(10000)
	r1, r2 := kipReplica(t, c, 1), kipReplica(t, c, 2)
	if r1.LEO != 2 || r1.HW != 2 || r2.LEO != 2 || r2.HW != 1 {
		t.Fatalf("%v: precondition B1 %d/%d B2 %d/%d, want 2/2 and 2/1", proto, r1.LEO, r1.HW, r2.LEO, r2.HW)
	}
	mustApply(t, c, engine.Crash{Broker: 2})
	mustApply(t, c, engine.Restart{Broker: 2})
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(18999)
	kipWantPart(t, c, proto.String()+": both sessions still valid", 1, []engine.BrokerID{1, 2}, 0, 0)
	c.AdvanceTo(19000)
	kipWantPart(t, c, proto.String()+": both sessions expired", engine.NoLeader, []engine.BrokerID{2}, 2, 2)
	c.AdvanceTo(30000)
	kipWantPart(t, c, proto.String()+": B2 registered again", 2, []engine.BrokerID{2}, 3, 3)
	if n := len(kipEvents(c, engine.EvRegistrationRefused)); n != 1 {
		t.Fatalf("%v: %d registration-refused events, want 1 (the first refusal of B2's new incarnation)", proto, n)
	}
	return c
}

// TestKIP101Scenario1PreKIP101LosesCommitted is KIP-101 scenario 1 under the
// old protocol (docs/kafka-rules.md §6.1–6.2, §11 "Expected violations": I13 fails
// under the legacy HW-truncation protocol): B2 truncates to its own HW 1 on
// restart, so the committed m1 is gone when it becomes leader.
func TestKIP101Scenario1PreKIP101LosesCommitted(t *testing.T) {
	c := kipKIP101Scenario1(t, engine.ProtocolPreKIP101)
	if got := kipValues(kipReplica(t, c, 2).Log); !slices.Equal(got, []string{"m0"}) {
		t.Fatalf("new leader B2 log %v, want m0 only (m1 truncated with the HW)", got)
	}
	if v := kipViolations(c, "CommittedDurability"); len(v) == 0 {
		t.Fatal("no CommittedDurability violation for the lost committed m1")
	}
}

// TestKIP101Scenario1CurrentProtocolKeepsCommitted is the same schedule with
// leader-epoch truncation (docs/kafka-rules.md §6.2 "Fix": "scenario 1 keeps m2"; §6.5):
// B2 does not truncate on restart and leads with m0 and m1.
func TestKIP101Scenario1CurrentProtocolKeepsCommitted(t *testing.T) {
	c := kipKIP101Scenario1(t, engine.ProtocolCurrent)
	if got := kipValues(kipReplica(t, c, 2).Log); !slices.Equal(got, []string{"m0", "m1"}) {
		t.Fatalf("new leader B2 log %v, want m0 m1", got)
	}
	if v := kipViolations(c, "CommittedDurability"); len(v) != 0 {
		t.Fatalf("violations %v, want none", v)
	}
}
