package site

import (
	"strings"
	"testing"

	"kplay/engine"
)

// sessionScript crashes the leader at 1 s with the defaults
// broker.heartbeat.interval.ms=2000 and broker.session.timeout.ms=9000,
// and restarts it at 15 s.
const sessionScript = `cluster brokers=3 latency=(1,1)
create-topic t partitions=1 rf=3
run until=00:00:01.000
crash 1
run until=00:00:15.000
restart 1
run until=00:00:30.000
`

func scriptStore(t *testing.T, src string) *Store {
	t.Helper()
	s := NewStoreFromScript("t.txt", src)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	return s
}

func sessionOf(lines []SessionLine, b engine.BrokerID) SessionLine {
	for _, l := range lines {
		if l.Broker == b {
			return l
		}
	}
	return SessionLine{}
}

// The controller strip and the session ring tell the truth through a
// crash: heartbeating; no heartbeat since T, fenced in (T + 9 s − now);
// fenced at about T + 9 s; registered again after the restart.
func TestSessionTimerThroughACrash(t *testing.T) {
	s := scriptStore(t, sessionScript)
	start := s.Player.Scenario().Config.Start
	cfg := s.Player.Scenario().Config

	s.Player.Seek(start + 900)
	st := s.Player.State()
	if got := ControllerSummary(SessionLines(st, cfg)); got != "every broker registered and heartbeating" {
		t.Fatalf("before the crash the strip says %q", got)
	}
	if tm := Timers(st, cfg); len(tm) != 0 {
		t.Fatalf("timers %v before the crash", tm)
	}

	s.Player.Seek(start + 4000)
	st = s.Player.State()
	l := sessionOf(SessionLines(st, cfg), 1)
	var last engine.Time = -1
	for _, b := range st.Brokers {
		if b.ID == 1 {
			last = b.Reg.LastHeartbeat
		}
	}
	// The last heartbeat came at most one interval before the crash.
	if last > start+1000 || last < start+1000-2000 {
		t.Fatalf("b1's last heartbeat at %s, want within 2 s before the crash at +1 s", engine.FormatTime(last))
	}
	left := last + 9000 - st.Now
	if l.State != SessionMissed || !strings.Contains(l.Text, "no heartbeat since "+engine.FormatTime(last)) || !strings.Contains(l.Text, "fenced in "+Seconds(left)) {
		t.Fatalf("b1's line %+v at +4 s, want missed since %s, fenced in %s", l, engine.FormatTime(last), Seconds(left))
	}
	tm := Timers(st, cfg)
	if len(tm) != 1 || tm[0].Node != "b1" || tm[0].Kind != TimerSession || tm[0].Left != left || tm[0].Total != 9000 {
		t.Fatalf("timers %+v, want b1's session with %d ms of 9000 left", tm, left)
	}
	if f := tm[0].Fraction(); f <= 0 || f >= 1 || !near(f, float64(left)/9000) {
		t.Fatalf("fraction %v, want %v", f, float64(left)/9000)
	}

	s.Player.Seek(start + 12000)
	st = s.Player.State()
	l = sessionOf(SessionLines(st, cfg), 1)
	if l.State != SessionFenced || !strings.Contains(l.Text, "fenced at ") {
		t.Fatalf("b1's line %+v after the timeout", l)
	}
	if tm := Timers(st, cfg); len(tm) != 0 {
		t.Fatalf("timers %v after the fencing", tm)
	}
	if ls := LookOf(st, 1); !hasBadge(ls, "fenced") || !hasBadge(ls, "down") || ls.Role == "follower" {
		t.Fatalf("b1 looks %+v once fenced", ls)
	}

	s.Player.Seek(start + 15100)
	st = s.Player.State()
	if l = sessionOf(SessionLines(st, cfg), 1); l.State != SessionCatchingUp && l.State != SessionHeartbeating {
		t.Fatalf("b1's line %+v right after the restart", l)
	}
	s.Player.Seek(start + 30000)
	if got := ControllerSummary(SessionLines(s.Player.State(), cfg)); got != "every broker registered and heartbeating" {
		t.Fatalf("after the restart the strip says %q", got)
	}
}

// cutFollower cuts b2 off from the leader b1 at +1 s while a record
// arrives, with replica.lag.time.max.ms at 10 s: b2 last caught up at
// about +0.5 s, so it has lagged longer than replica.lag.time.max.ms from
// about +10.5 s, and the leader's ISR check, every 5 s from its start
// (ReplicaManager.startup schedules maybeShrinkIsr with period
// replicaLagTimeMaxMs / 2), drops it at +15 s.
const cutFollower = `cluster brokers=3 latency=(1,1) replica.lag.time.max.ms=10000
create-topic t partitions=1 rf=3
run until=00:00:01.000
cut 1 2
produce t-0 values=(a) acks=1
run until=00:00:20.000
`

// lagTimer is the lag timer Timers draws at the playhead, if any.
func lagTimer(s *Store) (Timer, bool) {
	for _, tm := range Timers(s.Player.State(), s.Player.Scenario().Config) {
		if tm.Kind == TimerLag {
			return tm, true
		}
	}
	return Timer{}, false
}

// A follower cut off from its leader while records arrive shows the
// leader's out-of-sync countdown, to the ISR check that drops it.
func TestLagTimerOfACutFollower(t *testing.T) {
	s := scriptStore(t, cutFollower)
	start := s.Player.Scenario().Config.Start
	s.Player.Seek(start + 6000)
	lag, ok := lagTimer(s)
	if !ok || lag.Node != "b2" {
		t.Fatalf("timers %+v at +6 s, want b2's lag timer", Timers(s.Player.State(), s.Player.Scenario().Config))
	}
	// The check at +15 s, 9 s away; the ring started full when b2 last
	// caught up, about 14.5 s before the check.
	if lag.Left != 9000 || lag.Total < 14000 || lag.Total > 15000 {
		t.Fatalf("b2 leaves the ISR in %d ms of %d at +6 s, want 9000 (the check at +15 s) of about 14500", lag.Left, lag.Total)
	}
	if !strings.HasPrefix(lag.Label, "leaves the ISR in ") || !strings.Contains(lag.Title, "the leader's next ISR check (every 5000 ms) drops it from the ISR, at 00:00:15.000") {
		t.Fatalf("label %q, title %q", lag.Label, lag.Title)
	}
	// Past replica.lag.time.max.ms (about +10.5 s) b2 is out of sync but
	// still in the ISR until the check: the ring still runs.
	s.Player.Seek(start + 13000)
	if lag, ok = lagTimer(s); !ok || lag.Left != 2000 || lag.Label != "leaves the ISR in 2.0 s" {
		t.Fatalf("at +13 s the lag timer is %+v, want 2 s left to the check at +15 s", lag)
	}
	s.Player.Seek(start + 20000)
	if lag, ok = lagTimer(s); ok {
		t.Fatalf("lag timer %+v after b2 left the ISR", lag)
	}
}

// TestLagRingRunsOutAtTheShrink: played frame by frame (16 ms of
// simulated time each, real time at 60 frames a second), the lag ring's
// time left reaches zero at the frame where the leader proposes the ISR
// shrink, within one frame; it ran out up to replica.lag.time.max.ms / 2
// before it, at ShrinkAt, when the follower was still in the ISR.
func TestLagRingRunsOutAtTheShrink(t *testing.T) {
	const frame = 16
	s := scriptStore(t, cutFollower)
	start := s.Player.Scenario().Config.Start
	s.Player.Seek(start + 5000)
	zero, shrink := engine.Time(-1), engine.Time(-1)
	for s.Player.Now() < start+20000 && (zero < 0 || shrink < 0) {
		from := s.Player.EventCount()
		s.Player.Advance(frame)
		if lag, ok := lagTimer(s); zero < 0 && (!ok || lag.Left == 0) {
			zero = s.Player.Now()
		}
		for _, e := range s.Player.Events(from) {
			if e.Kind == engine.EvISRShrinkProposed && shrink < 0 {
				shrink = e.At
			}
		}
	}
	if zero < 0 || shrink < 0 {
		t.Fatalf("the ring ran out at %d, the shrink came at %d", zero, shrink)
	}
	if d := zero - shrink; d < 0 || d >= frame {
		t.Fatalf("the ring ran out at %s, the shrink was proposed at %s: %d ms apart, more than a frame", engine.FormatTime(zero), engine.FormatTime(shrink), d)
	}
}

// A Produce to a leader that cannot answer shows request.timeout.ms
// running down on the producer.
func TestRequestTimerOfAnUnansweredProduce(t *testing.T) {
	s := scriptStore(t, `cluster brokers=3 latency=(1,1) request.timeout.ms=6000
create-topic t partitions=1 rf=3 min.insync.replicas=2
run until=00:00:01.000
cut 1 2
cut 1 3
produce t-0 values=(a) acks=all
run until=00:00:04.000
`)
	start := s.Player.Scenario().Config.Start
	cfg := s.Player.Scenario().Config
	s.Player.Seek(start + 3000)
	var rq *Timer
	for _, tm := range Timers(s.Player.State(), cfg) {
		if tm.Kind == TimerRequest {
			rq = &tm
		}
	}
	if rq == nil || rq.Node != NodeKeyProducer || rq.Total != 6000 {
		t.Fatalf("timers %+v, want the producer's request timer of 6000 ms", Timers(s.Player.State(), cfg))
	}
	// Sent at about +1 s, so about 4 s of 6 are left at +3 s.
	if rq.Left > 4100 || rq.Left < 3900 {
		t.Fatalf("%d ms left, want about 4000", rq.Left)
	}
}

func TestSeconds(t *testing.T) {
	for d, want := range map[engine.Time]string{0: "0.0 s", 6290: "6.2 s", 9000: "9.0 s", 99: "0.0 s", -5: "0.0 s", 12345: "12.3 s"} {
		if got := Seconds(d); got != want {
			t.Errorf("Seconds(%d) = %q, want %q", d, got, want)
		}
	}
}

func hasBadge(l BrokerLook, key string) bool {
	for _, b := range l.Badges {
		if b.Key == key {
			return true
		}
	}
	return false
}
