package engine_test

import (
	"slices"
	"testing"

	"kplay/engine"
)

// TestShutdownOfABrokerThatLeadsNothing: BrokerHeartbeatManager
// .calculateNextBrokerState answers an unfenced broker that asks to shut
// down and leads no partition with SHUTDOWN_NOW, not CONTROLLED_SHUTDOWN,
// so the controller fences it (a FenceBrokerRecord: fenced, never "in
// controlled shutdown") and takes it out of the ISR. (The process still
// ends cleanly, so with ELR it keeps its ELR membership across a restart:
// the last-replica-standing-elr preset shows it.) A leader's shutdown is
// still a controlled one.
func TestShutdownOfABrokerThatLeadsNothing(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 0)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Shutdown{Broker: 3})
	c.AdvanceTo(1100)
	var reg engine.RegistrationState
	for _, b := range c.State().Brokers {
		if b.ID == 3 {
			reg = b.Reg
		}
	}
	if !reg.Fenced || reg.ShuttingDown {
		t.Errorf("b3 after asking to shut down while leading nothing: fenced %v, in controlled shutdown %v; want fenced, never in controlled shutdown", reg.Fenced, reg.ShuttingDown)
	}
	if p := kipPart(t, c); slices.Contains(p.ISR, 3) || p.Leader != 1 {
		t.Errorf("after b3's shutdown: leader %d ISR %v, want b1 leading without b3", p.Leader, p.ISR)
	}
	if n := len(kipEvents(c, engine.EvControlledShutdown)); n != 0 {
		t.Errorf("%d controlled-shutdown events for a broker that led nothing", n)
	}
	if n := len(kipEvents(c, engine.EvBrokerFenced)); n != 1 {
		t.Errorf("%d fence events, want the one for b3", n)
	}
	// The leader's own shutdown moves its leadership: a controlled one.
	mustApply(t, c, engine.Shutdown{Broker: 1})
	c.AdvanceTo(1200)
	if n := len(kipEvents(c, engine.EvControlledShutdown)); n != 1 {
		t.Errorf("%d controlled-shutdown events after the leader's shutdown, want 1", n)
	}
}

// TestRefusedBrokerServesNothing: a broker restarted while its old
// session is valid is refused (DUPLICATE_BROKER_REGISTRATION) and, its
// registration not accepted, serves no request: BrokerServer.startup
// enables request processing only after BrokerLifecycleManager's initial
// catch-up. So its followers' fetches to it are refused and State says it
// is alive but not serving, until its registration is accepted after the
// old session ran out.
func TestRefusedBrokerServesNothing(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 1)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(1500)
	mustApply(t, c, engine.Restart{Broker: 1})
	c.AdvanceTo(3000)
	serving := func() (alive, serving bool) {
		for _, b := range c.State().Brokers {
			if b.ID == 1 {
				return b.Alive, b.Serving
			}
		}
		return false, false
	}
	if a, s := serving(); !a || s {
		t.Fatalf("b1 refused: alive %v serving %v, want alive and not serving", a, s)
	}
	refused := 0
	for _, e := range c.Events(0) {
		if e.Kind == engine.EvMsgDropped && e.MsgKind == engine.MsgFetch && e.Node == engine.Broker(1) && e.At > 1500 {
			refused++
		}
	}
	if refused == 0 {
		t.Error("no follower fetch to the refused b1 was refused")
	}
	c.AdvanceTo(30000)
	if a, s := serving(); !a || !s {
		t.Errorf("after its old session ran out and it registered: alive %v serving %v, want both", a, s)
	}
}
