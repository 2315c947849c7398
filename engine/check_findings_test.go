package engine_test

import (
	"slices"
	"testing"

	"kplay/engine"
)

// noViolations fails the test with every Violation event c holds.
func noViolations(t *testing.T, c *engine.Cluster) {
	t.Helper()
	for _, e := range kipEvents(c, engine.EvViolation) {
		t.Errorf("violation at %s: %s", engine.FormatTime(e.At), e.Text)
	}
}

// TestHwOfALeaderCutOffFromTheController is issue 15's finding 1: I9
// HwFrozenUnderMinIsr judged the leader's HW by the controller's ISR. B1
// leads t-0 and cannot reach the controller; B2 and B3 shut down (the
// controller takes them out of the ISR at once: ISR 1, below
// min.insync.replicas=2), restart and fetch from B1 again, which still
// holds its committed ISR 1,2,3 (it never heard of the shrink). Kafka's
// leader freezes its HW only when its own committed ISR is below the
// minimum (Partition.isUnderMinIsr reads partitionState.isr) and otherwise
// moves it to the smallest log end over its maximal ISR
// (Partition.maybeIncrementLeaderHW): m0 and m1, on all three, are
// committed at HW 2 while the controller's ISR is 1. Nothing is lost and
// no invariant is broken. Before the fix the checker reported
// HwFrozenUnderMinIsr.
func TestHwOfALeaderCutOffFromTheController(t *testing.T) {
	cfg := kipConfig()
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 0)
	mustApply(t, c, engine.Cut{A: engine.Broker(1), B: engine.Controller})
	mustApply(t, c, engine.Shutdown{Broker: 2})
	mustApply(t, c, engine.Shutdown{Broker: 3})
	c.AdvanceTo(100)
	mustApply(t, c, engine.Restart{Broker: 2})
	mustApply(t, c, engine.Restart{Broker: 3})
	c.AdvanceTo(2000)
	if p := kipPart(t, c); p.Leader != 1 || !slices.Equal(p.ISR, []engine.BrokerID{1}) {
		t.Fatalf("controller: leader %d ISR %v, want b1 with ISR 1 (b2, b3 shut down)", p.Leader, p.ISR)
	}
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m0", "m1"}, Acks: engine.AcksAll})
	c.AdvanceTo(3000)
	if p := kipPart(t, c); !slices.Equal(p.ISR, []engine.BrokerID{1}) {
		t.Fatalf("controller ISR %v when b1 commits, want 1 (b1 cannot ask to expand it)", p.ISR)
	}
	if r1 := kipReplica(t, c, 1); !r1.Leader || r1.HW != 2 {
		t.Fatalf("b1: leader %v HW %d, want the leader with HW 2", r1.Leader, r1.HW)
	}
	for _, b := range []engine.BrokerID{2, 3} {
		if got := kipValues(kipReplica(t, c, b).Log); !slices.Equal(got, []string{"m0", "m1"}) {
			t.Fatalf("b%d holds %v, want m0 m1", b, got)
		}
	}
	noViolations(t, c)
}

// TestRestartedLeaderThatLostItsTailIsNotJudged is issue 15's finding 3
// (check/dead-leader-durability-seed480.txt): B1 leads t-0, m0..m2 are
// committed on B1, B2, B3; B1 loses its page cache in a power loss and
// restarts at once. Its new process's registration is refused
// (DUPLICATE_BROKER_REGISTRATION) until the old session ends 9 s after its
// last heartbeat, so it serves nothing (BrokerServer.startup), and the
// controller still names the old process leader. The records are on B2
// and B3, in the ISR: when the session ends the controller elects one of
// them (PartitionChangeBuilder, from the ISR) and nothing is lost. Before
// the fix the checker reported CommittedDurability and
// AcknowledgedWriteLost against B1's emptied log at once.
func TestRestartedLeaderThatLostItsTailIsNotJudged(t *testing.T) {
	cfg := kipConfig()
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 3)
	c.AdvanceTo(1000)
	for _, b := range []engine.BrokerID{1, 2, 3} {
		if r := kipReplica(t, c, b); r.LEO != 3 {
			t.Fatalf("b%d LEO %d before the crash, want 3", b, r.LEO)
		}
	}
	mustApply(t, c, engine.Crash{Broker: 1, LoseUnflushed: 2})
	mustApply(t, c, engine.Restart{Broker: 1})
	mustApply(t, c, engine.Heal{})
	c.AdvanceTo(8000)
	if p := kipPart(t, c); p.Leader != 1 {
		t.Fatalf("leader %d before b1's old session ends, want 1 (the old process)", p.Leader)
	}
	noViolations(t, c)
	c.AdvanceTo(70000)
	p := kipPart(t, c)
	if p.Leader != 2 && p.Leader != 3 {
		t.Fatalf("leader %d after b1's session ended, want b2 or b3", p.Leader)
	}
	if got := kipValues(kipReplica(t, c, p.Leader).Log); !slices.Equal(got, []string{"m0", "m1", "m2"}) {
		t.Fatalf("leader b%d holds %v, want m0 m1 m2", p.Leader, got)
	}
	noViolations(t, c)
}

// TestRegistrationLostInAnIsolationIsSentAgain is issue 15's finding 4
// (check/restart-while-isolated.txt): B3 crashes and restarts while
// isolated at 0, so its BrokerRegistration is lost. Kafka's broker gives
// the request up after its lifecycle channel's retry timeout,
// broker.session.timeout.ms / 2 = 4.5 s (BrokerServer, KAFKA-14392;
// NodeToControllerRequestThread.generateRequests calls onTimeout), and
// sends it again after ExponentialBackoff(100 ms, x2, session timeout)
// (BrokerLifecycleManager.scheduleNextCommunicationAfterFailure): at 4.600
// (lost too: the network heals at 5.000) and, after another 4.5 s and
// 200 ms, at 9.300. The old registration's session ran out at 9.000 (its
// last heartbeat was at 0), so that one is accepted, and B3 is unfenced
// and rejoins the ISR. Before the fix B3 never sent it again and stayed
// out of the ISR for good.
func TestRegistrationLostInAnIsolationIsSentAgain(t *testing.T) {
	cfg := kipConfig()
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 0)
	mustApply(t, c, engine.Isolate{Node: engine.Broker(3)})
	mustApply(t, c, engine.Crash{Broker: 3})
	mustApply(t, c, engine.Restart{Broker: 3})
	c.AdvanceTo(5000)
	mustApply(t, c, engine.Heal{})
	c.AdvanceTo(20000)
	var sentAt []engine.Time
	for _, e := range kipEvents(c, engine.EvMsgSent) {
		if e.MsgKind == engine.MsgBrokerRegistration && e.Node == engine.Broker(3) {
			sentAt = append(sentAt, e.At)
		}
	}
	if want := []engine.Time{0, 4600, 9300}; !slices.Equal(sentAt, want) {
		t.Errorf("b3 sent its registration at %v, want %v", sentAt, want)
	}
	if reg := c.State().Brokers[2].Reg; reg.Fenced || reg.LastHeartbeat < 9300 {
		t.Errorf("b3's registration %+v, want unfenced and heard from after 9.300", reg)
	}
	if p := kipPart(t, c); !slices.Equal(p.ISR, []engine.BrokerID{1, 2, 3}) {
		t.Errorf("ISR %v, want 1,2,3 (b3 back)", p.ISR)
	}
}
