package engine_test

import (
	"slices"
	"testing"

	"kplay/engine"
)

// Tests of the timer and partition-state fields of State: the controller's
// session clock per broker, the leader's out-of-sync clock per follower,
// the unclean flag and the producer's requests in flight. Expected values
// follow Kafka's rules (broker.session.timeout.ms 9000 and
// broker.heartbeat.interval.ms 2000 from the broker's start,
// replica.lag.time.max.ms 30000, request.timeout.ms 30000), with the
// kipConfig timing: latency 0, linger.ms 0.

// brokerReg is the controller's view of broker b.
func brokerReg(t *testing.T, c *engine.Cluster, b engine.BrokerID) engine.RegistrationState {
	t.Helper()
	for _, bs := range c.State().Brokers {
		if bs.ID == b {
			return bs.Reg
		}
	}
	t.Fatalf("no broker %d", b)
	return engine.RegistrationState{}
}

// TestStateRegistrationSessionClock: broker 3 heartbeats at 0, 2000, ...,
// 10000 and crashes at 11000. The controller's session for it then expires
// at its last heartbeat + broker.session.timeout.ms = 19000, when
// EvBrokerFenced fires and FencedAt says so. A restart registers it with
// the next broker epoch (4, after the first brokers' 1..3), fenced until
// its first heartbeat, so FencedAt is -1 again.
func TestStateRegistrationSessionClock(t *testing.T) {
	cfg := kipConfig()
	c := kipSetup(t, cfg, 3, 2)
	for id := engine.BrokerID(1); id <= 3; id++ {
		r := brokerReg(t, c, id)
		if !r.Registered || r.Fenced || r.ShuttingDown || r.BrokerEpoch != int64(id) || r.FencedAt != -1 || r.SessionExpires != r.LastHeartbeat+9000 {
			t.Fatalf("broker %d at the start: %+v, want registered, unfenced, epoch %d", id, r, id)
		}
	}
	c.AdvanceTo(11000)
	mustApply(t, c, engine.Crash{Broker: 3})
	r := brokerReg(t, c, 3)
	if r.LastHeartbeat != 10000 || r.SessionExpires != 19000 || r.Fenced || r.FencedAt != -1 {
		t.Fatalf("b3 just after its crash: %+v, want last heartbeat 10000, session expiring 19000, not fenced", r)
	}
	c.AdvanceTo(18999)
	if r := brokerReg(t, c, 3); r.Fenced || r.SessionExpires != 19000 {
		t.Fatalf("b3 at 18999: %+v, want still unfenced with the same deadline", r)
	}
	if r := brokerReg(t, c, 2); r.LastHeartbeat != 18000 || r.SessionExpires != 27000 {
		t.Fatalf("live b2 at 18999: %+v, want its heartbeat of 18000 and a session to 27000", r)
	}
	c.AdvanceTo(19000)
	fenced := kipEvents(c, engine.EvBrokerFenced)
	if len(fenced) != 1 || fenced[0].Peer != engine.Broker(3) {
		t.Fatalf("fencings %v, want one of b3", fenced)
	}
	if r := brokerReg(t, c, 3); !r.Fenced || r.FencedAt != fenced[0].At || r.FencedAt != 19000 {
		t.Fatalf("b3 after fencing: %+v, want fenced at %d", r, fenced[0].At)
	}
	c.AdvanceTo(25000)
	mustApply(t, c, engine.Restart{Broker: 3})
	c.AdvanceTo(25000)
	r = brokerReg(t, c, 3)
	if !r.Registered || r.BrokerEpoch != 4 || r.FencedAt != -1 || r.LastHeartbeat != 25000 {
		t.Fatalf("b3 after its restart: %+v, want registered again in broker epoch 4 at 25000, FencedAt -1", r)
	}
	if r.Fenced {
		t.Errorf("b3 is still fenced after its first heartbeat with latency 0: %+v", r)
	}
}

// TestStateRegistrationControlledShutdown: a controlled shutdown moves the
// broker's leaderships away and fences it at once, so the controller's
// view says ShuttingDown and FencedAt is the shutdown's time.
func TestStateRegistrationControlledShutdown(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 2)
	c.AdvanceTo(5000)
	mustApply(t, c, engine.Shutdown{Broker: 1})
	r := brokerReg(t, c, 1)
	if !r.ShuttingDown || !r.Fenced || r.FencedAt != 5000 || r.LastHeartbeat != 5000 {
		t.Fatalf("b1 after its controlled shutdown at 5000: %+v", r)
	}
}

// TestStateFollowerLagShrinkAt: b3 stops reaching the leader b1 at 15000
// and a record arrives at 16000. Its ShrinkAt is its last caught-up fetch
// + 30000, and the leader proposes the shrink at the first isr-expiration
// tick (every 15000 ms from the start) strictly after ShrinkAt. Before the
// record, b3 is at the leader's log end and so in sync whatever ShrinkAt
// says (Replica.isCaughtUp).
func TestStateFollowerLagShrinkAt(t *testing.T) {
	cfg := kipConfig()
	c := kipSetup(t, cfg, 3, 10)
	c.AdvanceTo(15000)
	lastCaughtUp := engine.Time(-1)
	for _, e := range c.Events(0) {
		if e.Kind == engine.EvMsgDelivered && e.MsgKind == engine.MsgFetch && e.Node == engine.Broker(1) && e.Peer == engine.Broker(3) {
			lastCaughtUp = e.At
		}
	}
	mustApply(t, c, engine.Partition{Groups: [][]engine.NodeID{{engine.Broker(1)}, {engine.Broker(3)}}})
	lag := kipPart(t, c).Lag
	if len(lag) != 2 || lag[0].Broker != 2 || lag[1].Broker != 3 {
		t.Fatalf("lag %+v, want b2 and b3 in broker order", lag)
	}
	if b3 := lag[1]; b3.LastCaughtUp != lastCaughtUp || b3.ShrinkAt != lastCaughtUp+30000 || !b3.AtLogEnd {
		t.Fatalf("b3 %+v, want last caught up %d, shrink at %d, at the log end", b3, lastCaughtUp, lastCaughtUp+30000)
	}
	c.AdvanceTo(16000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m10"}, Acks: engine.AcksOne})
	c.AdvanceTo(16000)
	lag = kipPart(t, c).Lag
	if b3 := lag[1]; b3.ShrinkAt != lastCaughtUp+30000 || b3.AtLogEnd {
		t.Fatalf("b3 after m10: %+v, want shrink at %d, behind the log end", b3, lastCaughtUp+30000)
	}
	if b2 := lag[0]; !b2.AtLogEnd || b2.LastCaughtUp < 16000 || b2.ShrinkAt != b2.LastCaughtUp+30000 {
		t.Fatalf("b2 after m10: %+v, want caught up at 16000 or later", b2)
	}
	shrinkAt := lag[1].ShrinkAt
	c.AdvanceTo(shrinkAt)
	if n := len(kipEvents(c, engine.EvISRShrinkProposed)); n != 0 {
		t.Fatalf("shrink proposed at or before ShrinkAt %d", shrinkAt)
	}
	c.AdvanceTo(shrinkAt + cfg.ReplicaLagTimeMaxMs/2)
	shr := kipEvents(c, engine.EvISRShrinkProposed)
	if len(shr) != 1 || shr[0].Peer != engine.Broker(3) || shr[0].At <= shrinkAt || shr[0].At%(cfg.ReplicaLagTimeMaxMs/2) != 0 {
		t.Fatalf("shrinks %v, want b3's at the first isr-expiration tick after %d", shr, shrinkAt)
	}
	if lag := kipPart(t, c).Lag; len(lag) != 1 || lag[0].Broker != 2 {
		t.Fatalf("lag after the shrink %+v, want b2 only", lag)
	}
	mustApply(t, c, engine.Crash{Broker: 1})
	if lag := kipPart(t, c).Lag; len(lag) != 0 {
		t.Fatalf("lag with the leader down %+v, want none", lag)
	}
}

// TestStateFollowerLagShrinkCheckAt: the out-of-sync countdown ends at
// the leader's isr-expiration run that drops the follower, not at
// ShrinkAt: b3, cut off from the leader b1 at 17000, lags past ShrinkAt
// (its last caught-up fetch + 30000) between two runs, which come every
// 15000 ms from b1's start (ReplicaManager.startup: maybeShrinkIsr every
// replica.lag.time.max.ms / 2). ShrinkCheckAt is the first run after
// ShrinkAt, read from b1's own schedule, and the shrink is proposed then;
// while its AlterPartition is in flight the follower is Leaving, its
// ShrinkCheckAt the proposal's time.
func TestStateFollowerLagShrinkCheckAt(t *testing.T) {
	cfg := kipConfig()
	c := kipSetup(t, cfg, 3, 10)
	c.AdvanceTo(17000)
	mustApply(t, c, engine.Partition{Groups: [][]engine.NodeID{{engine.Broker(1)}, {engine.Broker(3)}}})
	c.AdvanceTo(18000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m10"}, Acks: engine.AcksOne})
	c.AdvanceTo(18000)
	b3 := kipPart(t, c).Lag[1]
	if b3.ShrinkAt%15000 == 0 {
		t.Fatalf("ShrinkAt %d falls on a run: the schedule does not test the wait for the next one", b3.ShrinkAt)
	}
	want := (b3.ShrinkAt/15000 + 1) * 15000
	if b3.ShrinkCheckAt != want || b3.Leaving {
		t.Fatalf("b3 at 18000: %+v, want its shrink at b1's first run after %d, %d", b3, b3.ShrinkAt, want)
	}
	c.AdvanceTo(want - 1)
	if n := len(kipEvents(c, engine.EvISRShrinkProposed)); n != 0 {
		t.Fatalf("shrink proposed before ShrinkCheckAt %d", want)
	}
	c.AdvanceTo(want)
	shr := kipEvents(c, engine.EvISRShrinkProposed)
	if len(shr) != 1 || shr[0].At != want || shr[0].Peer != engine.Broker(3) {
		t.Fatalf("shrinks %v, want b3's at ShrinkCheckAt %d", shr, want)
	}
	if lag := kipPart(t, c).Lag; len(lag) == 2 && (!lag[1].Leaving || lag[1].ShrinkCheckAt != want) {
		t.Fatalf("b3 at its shrink: %+v, want Leaving since %d", lag[1], want)
	}
}

// TestStateUncleanFlag: with unclean.leader.election.enable off, b1 alone
// in the ISR crashes and the partition has no leader; an unclean
// elect-leaders makes out-of-sync b2 leader (Unclean). When b2 crashes in
// turn and the controller fences it, b3, which has rejoined b2's ISR,
// takes over cleanly and the flag clears.
func TestStateUncleanFlag(t *testing.T) {
	cfg := kipConfig()
	cfg.MinInsyncReplicas = 1
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 2)
	c.AdvanceTo(15000)
	mustApply(t, c, engine.Partition{Groups: [][]engine.NodeID{{engine.Broker(1)}, {engine.Broker(2), engine.Broker(3)}}})
	c.AdvanceTo(16000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m2"}, Acks: engine.AcksOne})
	c.AdvanceTo(62000)
	if p := kipPart(t, c); !slices.Equal(p.ISR, []engine.BrokerID{1}) || p.Unclean {
		t.Fatalf("before the crash: ISR %v unclean %v, want ISR 1, clean", p.ISR, p.Unclean)
	}
	mustApply(t, c, engine.Crash{Broker: 1})
	mustApply(t, c, engine.Heal{})
	c.AdvanceTo(72000)
	if p := kipPart(t, c); p.Leader != engine.NoLeader || p.Unclean {
		t.Fatalf("after b1 is fenced: leader %d unclean %v, want none and not unclean", p.Leader, p.Unclean)
	}
	mustApply(t, c, engine.ElectLeaders{TP: kipT0, Unclean: true})
	c.AdvanceTo(73000)
	p := kipPart(t, c)
	if p.Leader != 2 || !p.Unclean {
		t.Fatalf("after the unclean election: leader %d unclean %v, want b2, unclean", p.Leader, p.Unclean)
	}
	if !slices.Contains(p.ISR, 3) {
		t.Fatalf("b3 has not rejoined b2's ISR by 73000: %v", p.ISR)
	}
	mustApply(t, c, engine.Crash{Broker: 2})
	c.AdvanceTo(90000)
	p = kipPart(t, c)
	if p.Leader != 3 || p.Unclean {
		t.Fatalf("after b2 is fenced: leader %d unclean %v, want b3 elected cleanly", p.Leader, p.Unclean)
	}
}

// TestStateProduceRequests: with both followers down, an acks=all produce
// at 11000 waits at the leader; the producer's request is in flight with a
// deadline of 11000 + request.timeout.ms = 41000, when the client times it
// out (REQUEST_TIMED_OUT) and retries. An acks=0 produce is never listed,
// and an acks=1 answer with latency 0 leaves nothing in flight.
func TestStateProduceRequests(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 2)
	c.AdvanceTo(10000)
	mustApply(t, c, engine.Crash{Broker: 2})
	mustApply(t, c, engine.Crash{Broker: 3})
	c.AdvanceTo(11000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m2", "m3"}, Acks: engine.AcksAll})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"z"}, Acks: engine.AcksNone, Producer: 2})
	c.AdvanceTo(20000)
	var p1, p2 engine.ProducerState
	for _, p := range c.State().Producers {
		switch p.ID.ID {
		case 1:
			p1 = p
		case 2:
			p2 = p
		}
	}
	want := engine.ProduceRequestState{TP: kipT0, Broker: 1, Acks: engine.AcksAll, Records: 2, SentAt: 11000, Deadline: 41000}
	if len(p1.Requests) != 1 || p1.Requests[0] != want {
		t.Fatalf("p1 requests %+v, want %+v", p1.Requests, want)
	}
	if len(p2.Requests) != 0 {
		t.Fatalf("p2 (acks=0) requests %+v, want none", p2.Requests)
	}
	c.AdvanceTo(41000)
	if errs := kipEvents(c, engine.EvProduceError); len(errs) == 0 || errs[0].At != want.Deadline {
		t.Fatalf("produce errors %v, want the first at the deadline %d", errs, want.Deadline)
	}
	c.AdvanceTo(45000)
	for _, p := range c.State().Producers {
		for _, r := range p.Requests {
			if r.SentAt <= 41000 || r.Deadline != r.SentAt+30000 {
				t.Fatalf("retry in flight %+v, want sent after 41000 with a 30000 ms deadline", r)
			}
		}
	}
	c2 := kipSetup(t, kipConfig(), 3, 0)
	mustApply(t, c2, engine.Produce{TP: kipT0, Values: []string{"a"}, Acks: engine.AcksOne})
	c2.AdvanceTo(1000)
	for _, p := range c2.State().Producers {
		if len(p.Requests) != 0 {
			t.Fatalf("acks=1 with latency 0: %+v still in flight", p.Requests)
		}
	}
}
