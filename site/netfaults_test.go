package site

import (
	"testing"

	"kplay/engine"
)

// TestSlowLabel: a slowed link's label is the latency its last slow
// command set, either way round; a heal of the link, or a plain heal,
// takes it back.
func TestSlowLabel(t *testing.T) {
	s := NewStoreFromScript("slow.txt", `cluster brokers=3 latency=(0,0) start=10:00:00.000
create-topic t partitions=1 rf=3
slow 1 2 latency=(30,50)
slow 1 3 latency=(300,300)
slow 3 1 latency=(5,5)
advance 1s
`)
	s.Player.AdvanceTo(s.Player.Scenario().End)
	b := func(n int) engine.NodeID { return engine.Broker(engine.BrokerID(n)) }
	f := s.NetFaults()
	for _, c := range []struct {
		a, b int
		want string
	}{{1, 2, "30–50 ms"}, {2, 1, "30–50 ms"}, {1, 3, "5 ms"}, {2, 3, ""}} {
		if got := f.SlowLabel(b(c.a), b(c.b)); got != c.want {
			t.Errorf("SlowLabel(b%d, b%d) = %q, want %q", c.a, c.b, got, c.want)
		}
	}
	s.Dispatch(Act{Cmd: engine.Heal{A: b(2), B: b(1)}})
	if f := s.NetFaults(); f.SlowLabel(b(1), b(2)) != "" || f.SlowLabel(b(1), b(3)) != "5 ms" || len(f.Latencies) != len(f.Slowed) {
		t.Errorf("after heal 2 1: %+v", f)
	}
	s.Dispatch(Act{Cmd: engine.Heal{}})
	if f := s.NetFaults(); f.SlowLabel(b(1), b(3)) != "" {
		t.Errorf("after heal: %+v", f)
	}
}
