package engine_test

import (
	"slices"
	"strings"
	"testing"

	"kplay/engine"
)

// TestRestartWithinSessionIsRefusedUntilFenced: ClusterControlManager
// .registerBroker refuses a registration from a new incarnation while the
// previous registration's session is valid
// (BrokerHeartbeatManager.hasValidSession), with
// DUPLICATE_BROKER_REGISTRATION: "If the broker was recently restarted
// this should self-resolve once the heartbeat manager expires the broker's
// session". BrokerLifecycleManager sends it again after
// ExponentialBackoff(100 ms, x2, broker.session.timeout.ms) — 100, 200,
// 400, 800, 1600, 3200, 6400 ms (kplay leaves out the 2% jitter;
// BrokerLifecycleManagerTest.testRegistrationTimeout resends after 100 ms).
// B3 crashes right after its heartbeat at 10.000 and restarts at 10.001:
// refused at 10.001, 10.101, 10.301, 10.701, 11.501, 13.101 and 16.301;
// its old session ends at 19.000 (10.000 + 9000 ms), when the controller
// fences it and it leaves the ISR; the attempt at 22.701 registers it under
// a new broker epoch (the cluster's fourth), and it catches up and rejoins.
func TestRestartWithinSessionIsRefusedUntilFenced(t *testing.T) {
	cfg := kipConfig()
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 2)
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Crash{Broker: 3})
	c.AdvanceTo(10001)
	mustApply(t, c, engine.Restart{Broker: 3})
	c.AdvanceTo(30000)

	var sentAt []engine.Time
	for _, e := range kipEvents(c, engine.EvMsgSent) {
		if e.MsgKind == engine.MsgBrokerRegistration && e.Node == engine.Broker(3) {
			sentAt = append(sentAt, e.At)
		}
	}
	want := []engine.Time{10001, 10101, 10301, 10701, 11501, 13101, 16301, 22701}
	if !slices.Equal(sentAt, want) {
		t.Errorf("b3 sent its registration at %v, want %v (the last one accepted)", sentAt, want)
	}
	// One event for the series of refusals, at the first.
	ref := kipEvents(c, engine.EvRegistrationRefused)
	if len(ref) != 1 || ref[0].At != 10001 || ref[0].Err != engine.ErrDuplicateBrokerRegistration || ref[0].Peer != engine.Broker(3) {
		t.Fatalf("refusal events %v, want one DUPLICATE_BROKER_REGISTRATION for b3 at 10001", ref)
	}
	if s := ref[0].String(); !strings.Contains(s, "valid session until 00:00:19.000") || !strings.Contains(s, "tries again at 00:00:10.101") {
		t.Errorf("refusal reads %q, want the session's end 19.000 and the retry at 10.101", s)
	}
	fenced := kipEvents(c, engine.EvBrokerFenced)
	if len(fenced) != 1 || fenced[0].Peer != engine.Broker(3) || fenced[0].At != 19000 {
		t.Fatalf("fencings %v, want b3 at 19000", fenced)
	}
	ch := kipEvents(c, engine.EvISRChanged)
	if len(ch) < 1 || ch[0].At != 19000 || !slices.Equal(ch[0].ISR, []engine.BrokerID{1, 2}) {
		t.Fatalf("ISR changes %v, want 1,2 at 19000 first", ch)
	}
	reg := c.State().Brokers[2].Reg
	if reg.BrokerEpoch != 4 || reg.Fenced || reg.LastHeartbeat < 22701 {
		t.Errorf("b3's registration %+v, want broker epoch 4, unfenced, registered at 22701", reg)
	}
	if last := ch[len(ch)-1]; last.At < 22701 || !slices.Equal(last.ISR, []engine.BrokerID{1, 2, 3}) {
		t.Errorf("last ISR change %q, want b3 back in the ISR after 22.701", last.String())
	}
}

// TestImmediateRestartOfLastISRMemberIsFencedFirst: B1, the leader and the
// only ISR member, crashes and restarts at once, while B2 is alive but out
// of sync, with unclean.leader.election.enable on and ELR off. In Kafka
// 4.4.0 B1's new incarnation cannot register while its old session is valid
// (ClusterControlManager.registerBroker), so the controller fences the old
// registration when the session runs out
// (ReplicationControlManager.handleBrokerFenced →
// generateLeaderAndIsrUpdates, which sets Election.UNCLEAN when the topic
// allows it) and elects B2 uncleanly in leader epoch 1 there. B1 then
// registers and follows B2. Re-registering at once would have kept B1 the
// leader in leader epoch 0, one leader epoch fewer than Kafka.
func TestImmediateRestartOfLastISRMemberIsFencedFirst(t *testing.T) {
	cfg := kipConfig()
	cfg.Brokers = 2
	cfg.MinInsyncReplicas = 1
	cfg.UncleanLeaderElectionEnable = true
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 2, 1)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Cut{A: engine.Broker(1), B: engine.Broker(2)})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m1"}, Acks: engine.AcksOne})
	c.AdvanceTo(46000)
	kipWantPart(t, c, "B2 out of sync", 1, []engine.BrokerID{1}, 0, 1)
	mustApply(t, c, engine.Heal{A: engine.Broker(1), B: engine.Broker(2)})
	mustApply(t, c, engine.Crash{Broker: 1})
	mustApply(t, c, engine.Restart{Broker: 1})
	// B1's last heartbeat was at 46.000: its session ends at 55.000.
	c.AdvanceTo(54999)
	kipWantPart(t, c, "before B1's old session ends", 1, []engine.BrokerID{1}, 0, 1)
	c.AdvanceTo(55000)
	kipWantPart(t, c, "B1 fenced", 2, []engine.BrokerID{2}, 1, 2)
	if p := kipPart(t, c); !p.Unclean {
		t.Errorf("B2's election at the fencing is not marked unclean")
	}
	c.AdvanceTo(70000)
	kipWantPart(t, c, "B1 registered again", 2, []engine.BrokerID{1, 2}, 1, 3)
}
