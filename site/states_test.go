package site

import (
	"slices"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/scenarios"
)

// presetPlayer plays preset name the way the page does.
func presetPlayer(t *testing.T, name string) *Player {
	t.Helper()
	p, ok := scenarios.Get(name)
	if !ok {
		t.Fatalf("no preset %s", name)
	}
	sc, err := script.ParseAndCompile(p.Name, script.StripExpected(p.Text))
	if err != nil {
		t.Fatal(err)
	}
	pl, err := NewPlayer(sc)
	if err != nil {
		t.Fatal(err)
	}
	return pl
}

// firstMoment seeks pl in 50 ms steps to the first moment cond holds of
// the first partition, up to its horizon, and fails if there is none.
func firstMoment(t *testing.T, pl *Player, what string, cond func(engine.State, engine.PartitionState) bool) engine.State {
	t.Helper()
	start := pl.Scenario().Config.Start
	for at := start; at <= pl.Horizon(); at += 50 {
		pl.Seek(at)
		st := pl.State()
		if p, ok := FirstPartition(st); ok && cond(st, p) {
			return st
		}
	}
	t.Fatalf("no moment when %s", what)
	return engine.State{}
}

// In jepsen-2013 the partition goes offline with the dead broker 1 as its
// ELR: the line says "Leader: none", and broker 1 is not called a
// follower.
func TestStatesOfflineWithELR(t *testing.T) {
	pl := presetPlayer(t, "jepsen-2013")
	st := firstMoment(t, pl, "jepsen-0 has no leader", func(_ engine.State, p engine.PartitionState) bool { return p.Leader == engine.NoLeader })
	line, ok := PartitionLineOf(st)
	if !ok || line.Key != "offline" || !strings.Contains(line.Text, "Leader: none — partition offline") {
		t.Fatalf("line %+v while the partition has no leader", line)
	}
	p, _ := FirstPartition(st)
	for _, b := range st.Brokers {
		l := LookOf(st, b.ID)
		if l.RoleKey == RoleLeader {
			t.Errorf("broker %d is drawn as leader of a partition with none", b.ID)
		}
		if !b.Alive && l.Role == "follower" {
			t.Errorf("dead broker %d is called a follower", b.ID)
		}
	}
	for _, id := range p.ELR {
		if !hasBadge(LookOf(st, id), "elr") || !strings.Contains(line.Text, "ELR "+engine.JoinIDs(p.ELR)) {
			t.Errorf("ELR member %d has no ELR badge or the line %q does not list the ELR", id, line.Text)
		}
	}
}

// An unclean election marks its leader: "elected uncleanly: data may be
// lost".
func TestStatesUncleanLeader(t *testing.T) {
	pl := presetPlayer(t, "unclean-election")
	st := firstMoment(t, pl, "an unclean leader leads", func(_ engine.State, p engine.PartitionState) bool { return p.Unclean && p.Leader != engine.NoLeader })
	p, _ := FirstPartition(st)
	l := LookOf(st, p.Leader)
	if l.RoleKey != RoleLeader || !hasBadge(l, "unclean") || l.Note != "elected uncleanly: data may be lost" {
		t.Fatalf("unclean leader %d looks %+v", p.Leader, l)
	}
	if line, _ := PartitionLineOf(st); line.Key != "unclean" {
		t.Fatalf("line %+v", line)
	}
}

// A healthy partition: the leader, followers in the ISR, nothing else.
func TestStatesHealthy(t *testing.T) {
	st := lessonState(t)
	line, _ := PartitionLineOf(st)
	if line.Key != "ok" || !strings.Contains(line.Text, "leader broker 1 · leader epoch 0 · ISR 1,2,3") {
		t.Fatalf("line %+v", line)
	}
	for id, want := range map[engine.BrokerID]string{1: "leader", 2: "follower", 3: "follower"} {
		l := LookOf(st, id)
		if l.Role != want || len(l.Badges) != 1 || l.Badges[0].Key != "in-isr" {
			t.Errorf("broker %d looks %+v, want %s in the ISR", id, l, want)
		}
	}
}

// A controlled shutdown is badged on its broker; once the process has
// stopped (in the engine, at the moment the controller accepts it), the
// badge says it ended cleanly, not that it is still going on beside
// "down".
func TestStatesControlledShutdown(t *testing.T) {
	s := scriptStore(t, "cluster brokers=3 latency=(1,1)\ncreate-topic t partitions=1 rf=3\nrun until=00:00:01.000\nshutdown 1\nrun until=00:00:02.000\n")
	s.Player.Seek(s.Player.Scenario().Config.Start + 2000)
	st := s.Player.State()
	l := LookOf(st, 1)
	if !slices.Contains(l.Badges, Badge{"shutting-down", "shut down cleanly"}) || !hasBadge(l, "down") || l.RoleKey == RoleLeader {
		t.Fatalf("broker 1 after its controlled shutdown looks %+v", l)
	}
	if got := sessionOf(SessionLines(st, s.Player.Scenario().Config), 1); got.State != SessionShutdown {
		t.Fatalf("controller strip says %+v", got)
	}
}
