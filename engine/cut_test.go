package engine_test

import (
	"slices"
	"testing"

	"kplay/engine"
)

// TestCutsAddUp: cut 1 2 then cut 1 3 both hold (a second cut keeps the
// first, unlike partition), so neither follower gets m2 from leader b1,
// while the cut-off brokers still heartbeat the controller (nobody is
// fenced). heal 1 2 restores only that link: b2 catches up, b3 does not
// until a plain heal.
func TestCutsAddUp(t *testing.T) {
	cfg := kipConfig()
	cfg.MinInsyncReplicas = 1
	c := kipSetup(t, cfg, 3, 2)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Cut{A: engine.Broker(1), B: engine.Broker(2)})
	mustApply(t, c, engine.Cut{A: engine.Broker(3), B: engine.Broker(1)})
	mustApply(t, c, engine.Cut{A: engine.Broker(2), B: engine.Broker(1)}) // the same link again
	want := []engine.Cut{{A: engine.Broker(1), B: engine.Broker(2)}, {A: engine.Broker(1), B: engine.Broker(3)}}
	if got := c.State().Cuts; !slices.Equal(got, want) {
		t.Fatalf("cuts %v, want %v", got, want)
	}
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m2"}, Acks: engine.AcksOne})
	c.AdvanceTo(12000)
	for _, b := range []engine.BrokerID{2, 3} {
		if r := kipReplica(t, c, b); r.LEO != 2 {
			t.Fatalf("b%d LEO %d with its link to b1 cut, want 2", b, r.LEO)
		}
	}
	if r := kipReplica(t, c, 1); r.LEO != 3 {
		t.Fatalf("b1 LEO %d, want 3", r.LEO)
	}
	if f := kipEvents(c, engine.EvBrokerFenced); len(f) != 0 {
		t.Fatalf("fenced %v: a cut between brokers leaves the controller's links up", f)
	}

	mustApply(t, c, engine.Heal{A: engine.Broker(2), B: engine.Broker(1)})
	if got := c.State().Cuts; !slices.Equal(got, want[1:]) {
		t.Fatalf("cuts after heal 2 1: %v, want %v", got, want[1:])
	}
	c.AdvanceTo(13000)
	if r := kipReplica(t, c, 2); r.LEO != 3 {
		t.Fatalf("b2 LEO %d after heal 1 2, want 3", r.LEO)
	}
	if r := kipReplica(t, c, 3); r.LEO != 2 {
		t.Fatalf("b3 LEO %d after heal 1 2, want still 2", r.LEO)
	}
	mustApply(t, c, engine.Heal{})
	c.AdvanceTo(14000)
	if r := kipReplica(t, c, 3); r.LEO != 3 || len(c.State().Cuts) != 0 {
		t.Fatalf("b3 LEO %d, cuts %v after heal, want 3 and none", r.LEO, c.State().Cuts)
	}
}

// TestCutAndHealScriptLines: the commands print as the script lines that
// make them, and a link needs two different, existing nodes.
func TestCutAndHealScriptLines(t *testing.T) {
	for _, c := range []struct {
		cmd  engine.Command
		want string
	}{
		{engine.Cut{A: engine.Broker(1), B: engine.Broker(2)}, "cut 1 2"},
		{engine.Cut{A: engine.Controller, B: engine.Broker(3)}, "cut controller 3"},
		{engine.Heal{A: engine.Broker(2), B: engine.Broker(1)}, "heal 2 1"},
		{engine.Heal{}, "heal"},
	} {
		if got := c.cmd.(interface{ String() string }).String(); got != c.want {
			t.Errorf("%#v prints %q, want %q", c.cmd, got, c.want)
		}
	}
	c := mustNew(t, kipConfig())
	for _, cmd := range []engine.Command{
		engine.Cut{A: engine.Broker(1), B: engine.Broker(1)},
		engine.Cut{A: engine.Broker(1), B: engine.Broker(9)},
		engine.Heal{A: engine.Broker(1)},
	} {
		if err := c.Apply(cmd); err == nil {
			t.Errorf("%#v: no error", cmd)
		}
	}
}
