package site

import (
	"strings"
	"testing"

	"kplay/engine"
)

// TestFollowerSaysItsLeaderIsDown: between the leader's crash and the
// election that follows its fence (broker.session.timeout.ms, 9 s after
// its last heartbeat), a follower's box says its leader is down and its
// fetches fail, not "fetch response on the way": the crashed process's
// connections are reset, so no response can come, and the fetcher retries
// every replica.fetch.backoff.ms (AbstractFetcherThread
// .handlePartitionsWithErrors). Once another broker leads, it says no
// such thing.
func TestFollowerSaysItsLeaderIsDown(t *testing.T) {
	const src = `cluster brokers=3 seed=1 min.insync.replicas=2
create-topic orders partitions=1 rf=3
run until=00:00:01.000
crash 1
run until=00:00:15.000
`
	s := NewStoreFromScript("leaderdown.txt", src)
	status := func(at engine.Time, b engine.BrokerID) string {
		s.Player.AdvanceTo(at)
		st := s.Player.State()
		p, _ := FirstPartition(st)
		for _, n := range ComputeLayout(st, false).Nodes {
			if n.Broker == b && n.Key == BrokerKey(b) {
				return BrokerViewOf(st, n, BrokerInputs{Part: p, HasPart: true}).Status
			}
		}
		t.Fatalf("no box for b%d", b)
		return ""
	}
	for _, b := range []engine.BrokerID{2, 3} {
		got := status(5000, b)
		if got != LeaderDownStatus(1, false) && got != LeaderDownStatus(1, true) {
			t.Errorf("b%d at 5 s, b1 down and not yet fenced: status %q, want %q", b, got, LeaderDownStatus(1, false))
		}
	}
	s.Player.AdvanceTo(15000)
	p, _ := FirstPartition(s.Player.State())
	if p.Leader == 1 || p.Leader == engine.NoLeader {
		t.Fatalf("at 15 s the leader is %d, want b2 or b3 elected after b1's fence", p.Leader)
	}
	for _, b := range []engine.BrokerID{2, 3} {
		if b == p.Leader {
			continue
		}
		if got := status(15000, b); strings.Contains(got, "down") {
			t.Errorf("b%d at 15 s, following b%d: status %q still says a leader is down", b, p.Leader, got)
		}
	}
}
