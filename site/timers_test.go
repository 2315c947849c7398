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

// A follower cut off from its leader while records arrive shows the
// leader's out-of-sync countdown, replica.lag.time.max.ms from the last
// time it caught up, until it leaves the ISR.
func TestLagTimerOfACutFollower(t *testing.T) {
	s := scriptStore(t, `cluster brokers=3 latency=(1,1) replica.lag.time.max.ms=10000
create-topic t partitions=1 rf=3
run until=00:00:01.000
cut 1 2
produce t-0 values=(a) acks=1
run until=00:00:20.000
`)
	start := s.Player.Scenario().Config.Start
	cfg := s.Player.Scenario().Config
	s.Player.Seek(start + 6000)
	st := s.Player.State()
	var lag *Timer
	for _, tm := range Timers(st, cfg) {
		if tm.Kind == TimerLag {
			lag = &tm
		}
	}
	if lag == nil || lag.Node != "b2" || lag.Total != 10000 {
		t.Fatalf("timers %+v at +6 s, want b2's lag timer of 10000 ms", Timers(st, cfg))
	}
	// b2 last caught up at or before the cut at +1 s.
	if lag.Left > 5000 || lag.Left < 5000-1000 {
		t.Fatalf("b2 leaves the ISR in %d ms at +6 s, want about 5000 (10 s after it last caught up at about +1 s)", lag.Left)
	}
	if !strings.HasPrefix(lag.Label, "leaves the ISR in ") {
		t.Fatalf("label %q", lag.Label)
	}
	// Past replica.lag.time.max.ms (about +11 s) b2 is out of sync but
	// still in the ISR until the leader's next check, which runs every
	// replica.lag.time.max.ms / 2 (ReplicaManager.maybeShrinkIsr: +15 s).
	s.Player.Seek(start + 13000)
	lag = nil
	for _, tm := range Timers(s.Player.State(), cfg) {
		if tm.Kind == TimerLag {
			lag = &tm
		}
	}
	if lag == nil || lag.Left != 0 || lag.Label != "leaving the ISR" || !strings.Contains(lag.Title, "leaves the ISR at the leader's next check (every 5000 ms)") {
		t.Fatalf("at +13 s the lag timer is %+v, want one run out, leaving the ISR, whose tooltip says b2 leaves at the next check", lag)
	}
	s.Player.Seek(start + 20000)
	for _, tm := range Timers(s.Player.State(), cfg) {
		if tm.Kind == TimerLag {
			t.Fatalf("lag timer %+v after b2 left the ISR", tm)
		}
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
