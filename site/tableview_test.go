package site

import (
	"testing"

	"kplay/engine"
)

// tableRoles returns the table view's role of each replica of the first
// partition, by broker.
func tableRoles(t *testing.T, s *Store) map[engine.BrokerID]string {
	t.Helper()
	st := s.Player.State()
	p, ok := FirstPartition(st)
	if !ok {
		t.Fatal("no partition")
	}
	out := map[engine.BrokerID]string{}
	for _, r := range TableOf(st, p) {
		out[r.Broker] = r.Role
	}
	return out
}

// TestTableSaysWhatTheDiagramSays crashes the leader: until the
// controller fences it (broker.session.timeout.ms, 9 s, after its last
// heartbeat) the controller still names broker 1 leader, so the table
// says "leader (down)" where the diagram's pill says "leader"; once
// another broker is elected, broker 1's row is "replica (down)", as the
// pill's "replica", and the new leader's row is "leader".
func TestTableSaysWhatTheDiagramSays(t *testing.T) {
	s := lessonStore(t)
	s.Player.Seek(at("10:00:03.000"))
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	roles := tableRoles(t, s)
	if roles[1] != "leader (down)" || roles[2] != "follower" || roles[3] != "follower" {
		t.Fatalf("roles right after the crash %v", roles)
	}
	if l := LookOf(s.Player.State(), 1); l.Role != "leader" {
		t.Fatalf("the diagram's pill for b1 reads %q", l.Role)
	}
	// The inspector's replica table names the same role.
	if in := InspectBroker(s.Player.State(), 1, false); len(in.Table) == 0 || in.Table[0][1] != "leader (down)" {
		t.Fatalf("the inspector of b1 right after the crash: %v", in.Table)
	}
	s.Player.AdvanceTo(at("10:00:30.000"))
	st := s.Player.State()
	p, _ := FirstPartition(st)
	if p.Leader == 1 || p.Leader == engine.NoLeader {
		t.Fatalf("leader after failover %v", p.Leader)
	}
	roles = tableRoles(t, s)
	if roles[1] != "replica (down)" || roles[p.Leader] != "leader" {
		t.Fatalf("roles after failover %v (leader b%d)", roles, p.Leader)
	}
	for _, b := range []engine.BrokerID{1, 2, 3} {
		look := LookOf(st, b).Role
		if got := roles[b]; got != look && got != look+" (down)" {
			t.Errorf("b%d: table %q, diagram %q", b, got, look)
		}
	}
}
