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
