package site

import (
	"testing"

	"kplay/engine"
)

// momentsStore is a three-broker cluster whose script crashes the leader
// 5 s in and restarts it at 60 s: the crash, the controller's
// election once broker.session.timeout.ms (9 s by default) has passed
// without a heartbeat, and the restart are moments.
func momentsStore(t *testing.T) *Store {
	t.Helper()
	s := NewStoreFromScript("m.txt", "cluster brokers=3\ncreate-topic t partitions=1 rf=3\nadvance 5s\ncrash 1\nadvance 55s\nrestart 1\nadvance 10s\n")
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	s.Player.fillMarkers()
	return s
}

// TestStepMomentWalksTheRun: from the start, the next moment is the
// first leader election, then the crash at 10:00:05, then the election
// that follows it (after the session timeout), then the restart; and back
// again, paused.
func TestStepMomentWalksTheRun(t *testing.T) {
	s := momentsStore(t)
	var forward []engine.Time
	for i := 0; i < 20; i++ {
		before := s.Player.Now()
		s.Dispatch(StepMoment{Forward: true})
		if s.Player.Now() == before {
			break
		}
		if s.Playing {
			t.Fatal("a step to a moment leaves the page playing")
		}
		forward = append(forward, s.Player.Now())
	}
	start := s.Player.Scenario().Config.Start
	crash, restart := start+5000, start+60000
	has := func(ts []engine.Time, want engine.Time) bool {
		for _, x := range ts {
			if x == want {
				return true
			}
		}
		return false
	}
	if !has(forward, crash) || !has(forward, restart) {
		t.Fatalf("moments %v miss the crash %v or the restart %v", fmtTimes(forward), engine.FormatTime(crash), engine.FormatTime(restart))
	}
	// The election after the crash comes once the session timeout
	// (broker.session.timeout.ms = 9000) has run from the broker's last
	// heartbeat, which came at most broker.heartbeat.interval.ms (2000)
	// before the crash.
	elected := false
	for _, x := range forward {
		elected = elected || x >= crash+9000-2000 && x <= crash+9000+500
	}
	if !elected {
		t.Errorf("moments %v have no election between the session timeout and the restart", fmtTimes(forward))
	}
	for i := 1; i < len(forward); i++ {
		if forward[i] <= forward[i-1] {
			t.Fatalf("moments out of order: %v", fmtTimes(forward))
		}
	}
	for i := len(forward) - 2; i >= 0; i-- {
		s.Dispatch(StepMoment{Forward: false})
		if s.Player.Now() != forward[i] {
			t.Fatalf("back from %v: at %v, want %v", engine.FormatTime(forward[i+1]), engine.FormatTime(s.Player.Now()), engine.FormatTime(forward[i]))
		}
	}
}

// TestScrubSnapsToAMoment: a scrub that lands within the slider's few
// pixels of a moment stops on it; one farther away stays where it is.
func TestScrubSnapsToAMoment(t *testing.T) {
	s := momentsStore(t)
	crash := s.Player.Scenario().Config.Start + 5000
	s.Dispatch(ScrubNear{At: crash + 700, Within: 1000})
	if s.Player.Now() != crash || s.Playing {
		t.Errorf("near the crash: at %v playing %v, want %v", engine.FormatTime(s.Player.Now()), s.Playing, engine.FormatTime(crash))
	}
	s.Dispatch(ScrubNear{At: crash + 3000, Within: 1000})
	if s.Player.Now() != crash+3000 {
		t.Errorf("far from any moment: at %v, want %v", engine.FormatTime(s.Player.Now()), engine.FormatTime(crash+3000))
	}
	if got := s.SnapToMoment(crash-400, 0); got != crash-400 {
		t.Errorf("no snapping room still snapped to %v", engine.FormatTime(got))
	}
}

// TestMomentsKeepTheOutcomeHidden: a violation is no moment while a
// question waits for its answer, and a rate producer's line of records is
// not one either.
func TestMomentsKeepTheOutcomeHidden(t *testing.T) {
	if isMoment(Marker{Kind: MarkViolation, Count: 1}, true) || !isMoment(Marker{Kind: MarkViolation, Count: 1}, false) {
		t.Error("a violation's moment does not follow the hidden outcome")
	}
	if isMoment(Marker{Kind: MarkCommand, Count: 1200}, false) || !isMoment(Marker{Kind: MarkCommand, Count: 1}, false) {
		t.Error("a rate producer's line is a moment, or one command is not")
	}
	if !isMoment(Marker{Kind: MarkFault, Count: 2}, false) || !isMoment(Marker{Kind: MarkLeader, Count: 3}, false) {
		t.Error("a fault or a leader change is not a moment")
	}
}

func fmtTimes(ts []engine.Time) []string {
	out := make([]string, len(ts))
	for i, x := range ts {
		out[i] = engine.FormatTime(x)
	}
	return out
}

// TestNextMomentStopsAtAQuestion: the next-moment button stops at an
// unanswered question on the way, opens it and goes no further until it
// is answered, as playing there would; with lesson mode off, or once the
// question is answered, it steps past.
func TestNextMomentStopsAtAQuestion(t *testing.T) {
	const src = `cluster brokers=3 latency=(1,1) start=10:00:00.000
create-topic t partitions=1 rf=3
advance 1s
crash 1
ask "Who leads next?" options=(b2, b3) answer=b2
advance 10s
restart 1
advance 5s
`
	s := NewStoreFromScript("ask.txt", src)
	if len(s.Lesson.Asks) != 1 {
		t.Fatalf("%d questions, want 1", len(s.Lesson.Asks))
	}
	q := s.Lesson.Asks[0].At
	for i := 0; i < 6; i++ {
		s.Dispatch(StepMoment{Forward: true})
	}
	if now := s.Player.Now(); now != q || !s.Lesson.IsOpen {
		t.Fatalf("after six next moments: at %s, question open %v; want held at the question's %s",
			engine.FormatTime(now), s.Lesson.IsOpen, engine.FormatTime(q))
	}
	s.Lesson.Revealed[0] = true
	s.Dispatch(StepMoment{Forward: true})
	if now := s.Player.Now(); now <= q {
		t.Errorf("after the answer the next moment stays at %s", engine.FormatTime(now))
	}
}

// TestNextMomentReachesTheElectionAfterTheLastCommand: KIP-101's "before
// the fix" issues its last command at 00:00:02 (broker 1 crashes); the
// controller fences broker 1 and elects broker 2 once
// broker.session.timeout.ms (9 s) has run out, at 00:00:11, and accepts
// broker 2's retried registration at 00:00:14.700 (the preset's own
// expected events). The next-moment button must get there, not stay at
// 00:00:02, and every press must move the playhead.
func TestNextMomentReachesTheElectionAfterTheLastCommand(t *testing.T) {
	s := presetStore(t, "kip101-before-the-fix")
	start := s.Player.Scenario().Config.Start
	var seen []engine.Time
	for i := 0; i < 12 && s.NextMomentBlocked() == ""; i++ {
		before := s.Player.Now()
		s.Dispatch(StepMoment{Forward: true})
		if s.Player.Now() <= before {
			t.Fatalf("press %d left the playhead at %v", i+1, engine.FormatTime(before))
		}
		seen = append(seen, s.Player.Now()-start)
	}
	want := map[engine.Time]bool{2000: false, 11000: false, 14700: false}
	for _, x := range seen {
		if _, ok := want[x]; ok {
			want[x] = true
		}
	}
	for at, ok := range want {
		if !ok {
			t.Errorf("the moments %v miss %v", fmtTimes(seen), engine.FormatTime(start+at))
		}
	}
	if p, _ := FirstPartition(s.Player.State()); s.NextMomentBlocked() == "" && p.Leader != 2 {
		t.Errorf("after the presses the leader is b%d, want b2", p.Leader)
	}
}

// TestNextMomentWaitsForTheAnswer: at acks1-loss's first question the
// next-moment button is disabled with its reason, and a press does not
// move the playhead; once answered it moves on.
func TestNextMomentWaitsForTheAnswer(t *testing.T) {
	s := presetStore(t, "acks1-loss")
	for i := 0; i < 20; i++ {
		if _, open := s.OpenAsk(); open {
			break
		}
		s.Dispatch(StepMoment{Forward: true})
	}
	if _, open := s.OpenAsk(); !open {
		t.Fatal("the presses never reached the question")
	}
	if got := s.NextMomentBlocked(); got != "Answer the question first" {
		t.Fatalf("at the question the button's reason is %q", got)
	}
	at := s.Player.Now()
	s.Dispatch(StepMoment{Forward: true})
	if s.Player.Now() != at {
		t.Fatalf("a press at the question moved to %v", engine.FormatTime(s.Player.Now()))
	}
	s.Dispatch(PickAnswer{Option: "no"})
	if got := s.NextMomentBlocked(); got != "" {
		t.Fatalf("after the answer the button's reason is %q", got)
	}
	s.Dispatch(StepMoment{Forward: true})
	if s.Player.Now() <= at {
		t.Fatal("after the answer a press does not move")
	}
}

// TestMomentBackSkipsRetries checks that "◀ moment" steps back from
// after the election to the election itself, not through the producer's
// retries of "refreshing metadata" every retry.backoff.ms.
func TestMomentBackSkipsRetries(t *testing.T) {
	s := presetStore(t, "start-here")
	start := s.Player.Scenario().Config.Start
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	s.Player.AdvanceTo(start + 10000)
	s.Dispatch(StepMoment{Forward: false})
	// broker.session.timeout.ms is 9 s in start-here: the fence, the
	// election and the ISR change are at 9.000.
	if got := s.Player.Now() - start; got != 9000 {
		t.Errorf("one step back from 10 s lands at %s, want 00:00:09.000", engine.FormatTime(got))
	}
}

// TestNextMomentTellsTheStory: on start-here's first screen, where
// nothing has happened yet but the steady producer, a press goes to the
// story's next caption (its say lines), not to the end of the run ten
// simulated minutes and 1,200 records on, and the presses visit every
// caption in order.
func TestNextMomentTellsTheStory(t *testing.T) {
	s := presetStore(t, "start-here")
	var want []engine.Time
	for _, c := range s.Player.Scenario().Captions {
		if c.At > s.Player.Now() && (len(want) == 0 || c.At > want[len(want)-1]) {
			want = append(want, c.At)
		}
	}
	if len(want) < 2 {
		t.Fatalf("start-here has captions at %v: fewer than two after its first screen", fmtTimes(want))
	}
	for i, w := range want {
		s.Dispatch(StepMoment{Forward: true})
		if got := s.Player.Now(); got != w {
			t.Fatalf("press %d: at %v, want the caption at %v (captions %v)", i+1, engine.FormatTime(got), engine.FormatTime(w), fmtTimes(want))
		}
	}
}

// TestNextMomentFindsWhatComesLater: broker 3 hangs for its followers'
// fetches 5 s in (hang requests=replicas: it stays registered and
// leads its partitions, but answers no follower), and it drops its
// followers from the ISRs of the partitions it leads at its first ISR
// check (every replica.lag.time.max.ms / 2, ReplicaManager's
// isr-expiration task) after replica.lag.time.max.ms (30 s by default)
// without a fetch from them: an ISR change that no command or leader
// change marks. A busy producer's records fill more than one look ahead
// (worthAheadEvents) before it. The presses stop at it: none passes over
// it to the run's end, as they did when a look ahead ran out.
func TestNextMomentFindsWhatComesLater(t *testing.T) {
	s := NewStoreFromScript("later.txt", "cluster brokers=3\ncreate-topic t partitions=3 rf=3\nproduce t-0 rate=90/s for=3m acks=all\nproduce t-1 rate=90/s for=3m acks=all\nproduce t-2 rate=90/s for=3m acks=all\nadvance 5s\nhang 3 requests=replicas\nrun until=00:03:00.000\n")
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	start := s.Player.Scenario().Config.Start
	var seen []engine.Time
	for i := 0; i < 50 && s.NextMomentBlocked() == ""; i++ {
		before := s.Player.Now()
		s.Dispatch(StepMoment{Forward: true})
		if s.Player.Now() <= before {
			t.Fatalf("press %d left the playhead at %v", i+1, engine.FormatTime(before))
		}
		seen = append(seen, s.Player.Now())
		for _, p := range s.Player.State().Partitions {
			if p.Leader != 3 || len(p.ISR) != 1 {
				continue
			}
			// The press stopped at the shrink: at the first ISR check
			// (every 15 s) once 30 s had passed since the followers'
			// last fetch, which came at most a fetch's wait
			// (replica.fetch.wait.max.ms, 500 ms) before the hang.
			if at := s.Player.Now() - start; at < 5000+30000-500 || at > 5000+30000+15000 {
				t.Fatalf("%v's ISR is %v first at %v (presses at %v)", p.TP, p.ISR, engine.FormatTime(s.Player.Now()), fmtTimes(seen))
			}
			return
		}
	}
	t.Fatalf("the presses never stopped where broker 3 shrank its ISRs: %v", fmtTimes(seen))
}

// TestCaptionsAreNoMomentsOnceActed: after the reader crashes the leader
// on start-here's first screen, the captions after the crash are not
// shown (Caption), and the moment buttons do not stop at them: a step
// back from the election lands on what happened, not on 10:00:08.000 with
// the caption still "Broker 1 crashed.".
func TestCaptionsAreNoMomentsOnceActed(t *testing.T) {
	s := presetStore(t, "start-here")
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	crashed := s.Player.Now()
	caps := map[engine.Time]bool{}
	for _, c := range s.Player.Scenario().Captions {
		if c.At > crashed {
			caps[c.At] = true
		}
	}
	if len(caps) == 0 {
		t.Fatal("start-here has no caption after its first screen: this tests nothing")
	}
	var seen []engine.Time
	for i := 0; i < 6 && s.NextMomentBlocked() == ""; i++ {
		s.Dispatch(StepMoment{Forward: true})
		seen = append(seen, s.Player.Now())
		if caps[s.Player.Now()] {
			t.Fatalf("a press stopped at a hidden caption's %v (presses %v)", engine.FormatTime(s.Player.Now()), fmtTimes(seen))
		}
	}
	for range seen {
		s.Dispatch(StepMoment{Forward: false})
		if caps[s.Player.Now()] {
			t.Fatalf("a press back stopped at a hidden caption's %v", engine.FormatTime(s.Player.Now()))
		}
	}
}
