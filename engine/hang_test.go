package engine_test

import (
	"slices"
	"testing"

	"kplay/engine"
)

// hangRegistration is the controller's view of broker b.
func hangRegistration(t *testing.T, c *engine.Cluster, b engine.BrokerID) engine.BrokerState {
	t.Helper()
	for _, x := range c.State().Brokers {
		if x.ID == b {
			return x
		}
	}
	t.Fatalf("no broker %d", b)
	return engine.BrokerState{}
}

// TestHangKeepsTheBrokerRegistered: a hung broker's heartbeats still reach
// the controller (BrokerLifecycleManager runs apart from the request
// handlers), so 20 s into a hang of every request it is not fenced, while
// a crashed broker is fenced once broker.session.timeout.ms (9000) passes
// (BrokerHeartbeatManager).
func TestHangKeepsTheBrokerRegistered(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 0)
	mustApply(t, c, engine.Hang{Broker: 2, Requests: engine.HangAll})
	mustApply(t, c, engine.Crash{Broker: 3})
	c.AdvanceTo(20000)
	if b := hangRegistration(t, c, 2); b.Reg.Fenced || !b.Alive || b.Hung != engine.HangAll || b.HungSince != 0 {
		t.Errorf("hung b2 %+v, want alive, hung for all since 0, not fenced", b)
	}
	if b := hangRegistration(t, c, 3); !b.Reg.Fenced {
		t.Errorf("crashed b3 %+v, want fenced", b)
	}
}

// TestHangClientsHoldsTheProduce: a leader hung for clients keeps serving
// its followers but leaves a produce unanswered: the producer times it out
// after request.timeout.ms (30000) with REQUEST_TIMED_OUT and retries; on
// resume the queued produce and its retry are handled in arrival order, and
// the idempotent retry is a duplicate, so the record is in the log once.
func TestHangClientsHoldsTheProduce(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 1) // m0 committed at 0
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Hang{Broker: 1, Requests: engine.HangClients})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m1"}, Acks: engine.AcksAll})
	c.AdvanceTo(40000)
	if r := kipReplica(t, c, 1); r.LEO != 1 {
		t.Fatalf("b1 LEO %d while hung for clients, want 1 (m1 waits in the queue)", r.LEO)
	}
	var timedOut []engine.Time
	for _, e := range kipEvents(c, engine.EvProduceError) {
		if e.Err == engine.ErrRequestTimedOut {
			timedOut = append(timedOut, e.At)
		}
	}
	if len(timedOut) == 0 || timedOut[0] != 31000 {
		t.Fatalf("REQUEST_TIMED_OUT at %v, want first at 31000 (sent at 1000 + request.timeout.ms)", timedOut)
	}
	if p := kipPart(t, c); !slices.Equal(p.ISR, []engine.BrokerID{1, 2, 3}) {
		t.Errorf("ISR %v, want 1,2,3: the followers are still served", p.ISR)
	}
	mustApply(t, c, engine.Resume{Broker: 1})
	c.AdvanceTo(45000)
	for _, b := range []engine.BrokerID{1, 2, 3} {
		if r := kipReplica(t, c, b); !slices.Equal(kipValues(r.Log), []string{"m0", "m1"}) || r.HW != 2 {
			t.Errorf("b%d log %v HW %d after resume, want m0 m1 once, HW 2", b, kipValues(r.Log), r.HW)
		}
	}
	if n := len(kipEvents(c, engine.EvDuplicate)); n == 0 {
		t.Error("no duplicate: the retry of m1, queued behind it, should be one")
	}
	if n := len(kipEvents(c, engine.EvProduceAcked)); n != 2 {
		t.Errorf("%d acks, want 2 (m0, then m1 once)", n)
	}
}

// TestCrashEndsAHang: a hung broker that crashes closes its connections, so
// each queued request's sender sees a disconnect (NETWORK_EXCEPTION), and
// the restarted broker serves normally: resume is then refused.
func TestCrashEndsAHang(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 1)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Hang{Broker: 1, Requests: engine.HangClients})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m1"}, Acks: engine.AcksAll})
	c.AdvanceTo(2000)
	if b := hangRegistration(t, c, 1); b.Queued != 1 {
		t.Fatalf("b1 queue %d, want the produce waiting", b.Queued)
	}
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(2000)
	found := false
	for _, e := range kipEvents(c, engine.EvProduceError) {
		found = found || e.Err == engine.ErrNetworkException && e.At == 2000
	}
	if !found {
		t.Errorf("produce errors %v, want NETWORK_EXCEPTION at 2000", kipEvents(c, engine.EvProduceError))
	}
	mustApply(t, c, engine.Restart{Broker: 1})
	if b := hangRegistration(t, c, 1); b.Hung != 0 {
		t.Errorf("restarted b1 hung %v", b.Hung)
	}
	if err := c.Apply(engine.Resume{Broker: 1}); err == nil {
		t.Error("resume of a broker that is not hung was accepted")
	}
}

// TestHangIsCloned: a clone's hang and queue are its own (time travel).
func TestHangIsCloned(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 0)
	mustApply(t, c, engine.Hang{Broker: 1, Requests: engine.HangClients})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m0"}, Acks: engine.AcksAll})
	c.AdvanceTo(100)
	d := c.Clone()
	mustApply(t, d, engine.Resume{Broker: 1})
	d.AdvanceTo(200)
	if b := hangRegistration(t, c, 1); b.Hung != engine.HangClients || b.Queued != 1 {
		t.Errorf("original after the clone resumed: %+v, want still hung with one queued", b)
	}
	if r := kipReplica(t, d, 1); r.LEO != 1 {
		t.Errorf("clone's b1 LEO %d after resume, want 1", r.LEO)
	}
}

// TestOneWayCutFromController: with only the controller's messages to b2
// lost, b2's heartbeats still arrive and the controller keeps it unfenced
// for as long as the cut lasts; but b2 pulls the metadata log with Fetch
// requests whose answers are lost, so it does not learn that b1, which
// crashed, was replaced as leader (KRaft brokers are observers of the
// metadata quorum). Heal of the link lets it catch up.
func TestOneWayCutFromController(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 0)
	mustApply(t, c, engine.Cut{A: engine.Controller, B: engine.Broker(3), OneWay: true})
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(30000)
	if b := hangRegistration(t, c, 3); b.Reg.Fenced {
		t.Errorf("b3 fenced though its heartbeats arrive: %+v", b.Reg)
	}
	kipWantPart(t, c, "after b1's fencing", 2, []engine.BrokerID{2, 3}, 1, 1)
	if r := kipReplica(t, c, 3); r.LeaderEpoch != 0 {
		t.Errorf("b3's leader epoch %d, want 0: the new metadata cannot reach it", r.LeaderEpoch)
	}
	mustApply(t, c, engine.Heal{A: engine.Broker(3), B: engine.Controller})
	if r := kipReplica(t, c, 3); r.LeaderEpoch != 1 {
		t.Errorf("b3's leader epoch %d after heal, want 1", r.LeaderEpoch)
	}
}
