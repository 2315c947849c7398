package site

import (
	"testing"

	"kplay/engine"
)

// tryScript is three brokers, one partition led by broker 1, idle.
const tryScript = "cluster brokers=3 latency=(1,1)\ncreate-topic t partitions=1 rf=3\nrun until=00:00:01.000\n"

func tryStore(t *testing.T) *Store {
	t.Helper()
	s := NewStoreFromScript("try.txt", tryScript)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	s.Player.Seek(s.Player.Scenario().Config.Start + 1000)
	return s
}

func keys(sg []Suggestion) []string {
	var out []string
	for _, g := range sg {
		out = append(out, g.Key+": "+g.Label)
	}
	return out
}

func TestTryThisHealthyCluster(t *testing.T) {
	got := keys(TryThis(tryStore(t).Player.State()))
	want := []string{
		"crash-leader: Crash the leader (broker 1)",
		"acks1-crash: Produce with acks=1, then crash the leader",
		"cut-follower: Cut broker 2 off from the leader",
	}
	if len(got) != len(want) {
		t.Fatalf("suggestions %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("suggestion %d: %q, want %q", i, got[i], want[i])
		}
	}
}

func TestTryThisBeforeAnyTopic(t *testing.T) {
	if got := TryThis(engine.State{Brokers: []engine.BrokerState{{ID: 1, Alive: true}}}); got != nil {
		t.Fatalf("suggestions %q without a partition", keys(got))
	}
}

// After the crash the first thing to try is the restart; while the dead
// leader is not yet fenced (broker.session.timeout.ms) nothing else fits.
func TestTryThisAfterTheLeaderCrashed(t *testing.T) {
	s := tryStore(t)
	Try(s, TryThis(s.Player.State())[0])
	st := s.Player.State()
	if brokerAlive(st, 1) {
		t.Fatal("crash-leader left broker 1 running")
	}
	got := keys(TryThis(st))
	if len(got) != 1 || got[0] != "restart: Restart broker 1" {
		t.Fatalf("suggestions %q right after the crash, want only the restart", got)
	}
	// Once broker 2 or 3 leads, crashing it is offered too.
	s.Player.Seek(st.Now + 12000)
	got = keys(TryThis(s.Player.State()))
	if len(got) < 2 || got[0] != "restart: Restart broker 1" || got[1][:len("crash-leader")] != "crash-leader" {
		t.Fatalf("suggestions %q after the election", got)
	}
}

// Produce with acks=1, then crash the leader: Try crashes the leader only
// once the record is acknowledged.
func TestTryAcks1ThenCrash(t *testing.T) {
	s := tryStore(t)
	var sg Suggestion
	for _, g := range TryThis(s.Player.State()) {
		if g.Key == "acks1-crash" {
			sg = g
		}
	}
	Try(s, sg)
	st := s.Player.State()
	if brokerAlive(st, 1) {
		t.Fatal("the leader is still running")
	}
	if n := pending(st); n != 0 {
		t.Fatalf("%d records unacknowledged when the leader crashed", n)
	}
	leo := engine.Offset(-1)
	if r, ok := st.Replica(1, engine.TopicPartition{Topic: "t"}); ok {
		leo = r.LEO
	}
	if leo != 1 {
		t.Fatalf("broker 1's log ends at %d, want 1: the record appended before the crash", leo)
	}
}

func brokerAlive(st engine.State, id engine.BrokerID) bool {
	for _, b := range st.Brokers {
		if b.ID == id {
			return b.Alive
		}
	}
	return false
}
