package site

import (
	"strings"
	"testing"

	"kplay/engine"
	"kplay/link"
)

// lossLesson is acks=1 losing a record: b1 acknowledges m2 before either
// follower has it (their links take 1 ms), then crashes; the controller
// fences it when its session runs out and elects b2, whose log has no m2.
// The question comes before the crash, so the loss is the answer.
const lossLesson = `cluster brokers=3 latency=(0,0) linger.ms=0 min.insync.replicas=2 eligible.leader.replicas.version=0
create-topic t partitions=1 rf=3
produce t-0 values=(m0, m1) acks=all
slow 1 2 latency=(1,1)
slow 1 3 latency=(1,1)
run until=00:00:10.000
produce t-0 producer=p2 values=(m2) acks=1
run until=00:00:10.000
ask "b1 is about to crash. Is m2 safe?" options=(yes, no) answer=no
why "No follower had fetched m2 when b1 crashed, so b2, the new leader, has no m2." show=00:00:19.000
crash 1
run until=00:00:40.000
restart 1
run until=00:00:45.000
`

// TestLessonHidesOutcome: while the question waits, nothing reveals the
// loss that the rest of the run holds; after the answer the card says why
// and "Show me" goes to the moment of the election.
func TestLessonHidesOutcome(t *testing.T) {
	s := storeAt(t, lossLesson, 0)
	if at, ok := s.Player.FirstViolation(); !ok || at < 19_000 {
		t.Fatalf("the run loses no acknowledged record after the crash (first violation %v %v): the test shows nothing", at, ok)
	}
	if !s.HideOutcome() {
		t.Fatal("the outcome shows before the question")
	}
	for range 200 {
		s.Dispatch(Tick{RealMs: 100})
		if _, open := s.OpenAsk(); open {
			break
		}
	}
	card, ok := s.AskCard()
	if !ok || s.Player.Now() != 10_000 || card.Revealed || card.Answer != "" || card.Why != "" || card.CanShow {
		t.Fatalf("at the question: card %+v open %v at %s", card, ok, engine.FormatTime(s.Player.Now()))
	}
	if !s.HideOutcome() || len(s.Violations()) != 0 || len(s.Lost()) != 0 {
		t.Fatal("the question's card is open, yet the outcome shows")
	}
	s.Dispatch(JumpToViolation{})
	if s.Player.Now() != 10_000 {
		t.Fatalf("Jump to first violation moved to %s before the answer", engine.FormatTime(s.Player.Now()))
	}
	s.Dispatch(PickAnswer{Option: "yes"})
	card, _ = s.AskCard()
	if !card.Revealed || card.Correct || card.Answer != "no" || card.Picked != "yes" || !card.CanShow || card.ShowAt != 19_000 ||
		card.Why != "No follower had fetched m2 when b1 crashed, so b2, the new leader, has no m2." {
		t.Fatalf("after a wrong pick: %+v", card)
	}
	if s.HideOutcome() {
		t.Error("the outcome is still hidden after the answer")
	}
	s.Dispatch(ShowAnswerMoment{})
	if s.Playing || s.Player.Now() != 19_000 {
		t.Fatalf("Show me: playing %v at %s, want paused at 00:00:19.000", s.Playing, engine.FormatTime(s.Player.Now()))
	}
	s.Dispatch(Seek{At: 45_000})
	if len(s.Violations()) == 0 || len(s.Lost()) == 0 {
		t.Error("after the answer the loss is not shown")
	}
	// With lesson mode off nothing is hidden.
	s = storeAt(t, lossLesson, 0)
	s.Dispatch(ToggleLesson{})
	if s.HideOutcome() {
		t.Error("lesson mode is off, yet the outcome is hidden")
	}
}

// TestTimelineHidesViolationMarkers: the timeline's markers leave out the
// loss until the question is answered and playback has reached the loss
// (at 19 s, when the controller elects broker 2 without m2), with another
// version, so that the markers re-render when it shows.
func TestTimelineHidesViolationMarkers(t *testing.T) {
	s := storeAt(t, lossLesson, 0)
	kinds := func() (violations int, version int) {
		ms, v := s.TimelineMarkers()
		for _, m := range ms {
			if m.Kind == MarkViolation {
				violations++
			}
		}
		return violations, v
	}
	hidden, v1 := kinds()
	if _, ok := s.FirstViolation(); hidden != 0 || ok {
		t.Fatalf("before the answer: %d violation markers, first violation shown %v", hidden, ok)
	}
	s.Dispatch(ShowAsk{Index: 0})
	s.Dispatch(RevealAnswer{})
	if early, _ := kinds(); early != 0 {
		t.Fatalf("answered, before the loss: %d violation markers", early)
	}
	if _, ok := s.FirstViolation(); ok {
		t.Fatal("answered, before the loss: the jump button shows")
	}
	s.Dispatch(Seek{At: 25_000})
	shown, v2 := kinds()
	if at, ok := s.FirstViolation(); shown == 0 || !ok || at < 19_000 || v2 == v1 {
		t.Fatalf("after the answer: %d violation markers, first at %v %v, versions %d %d", shown, at, ok, v1, v2)
	}
}

// TestTimelineHidesWhatFollowsTheQuestion: before the answer no leader
// change or fault from the question on has a marker (the election at 19 s
// says who leads without m2), while the script's commands keep theirs and
// the markers before the question stay; after the answer they all show.
func TestTimelineHidesWhatFollowsTheQuestion(t *testing.T) {
	s := storeAt(t, lossLesson, 0)
	count := func(after engine.Time) (events, commands int) {
		ms, _ := s.TimelineMarkers()
		for _, m := range ms {
			switch {
			case m.Kind == MarkCommand && m.At >= after:
				commands++
			case m.Kind != MarkCommand && m.Until >= after:
				events++
			}
		}
		return events, commands
	}
	if ev, cmds := count(10_000); ev != 0 || cmds == 0 {
		t.Errorf("before the answer, from the question on: %d event markers (want 0), %d command markers (want some)", ev, cmds)
	}
	if ev, _ := count(0); ev == 0 {
		t.Error("before the answer the markers before the question are gone too (the first leader at the start has one)")
	}
	s.Dispatch(ShowAsk{Index: 0})
	s.Dispatch(RevealAnswer{})
	if ev, _ := count(10_000); ev == 0 {
		t.Error("after the answer the leader change and the crash after the question have no marker")
	}
}

// TestControls: the toolbar is full on the page; an embed's controls=min
// or none trims it.
func TestControls(t *testing.T) {
	for _, c := range []struct {
		query string
		embed bool
		want  string
	}{{"", false, "full"}, {"?controls=min", false, "full"}, {"", true, "full"}, {"?controls=min", true, "min"}, {"?controls=none", true, "none"}, {"?controls=tiny", true, "full"}} {
		if got := OpenStartup(ParseStartup("", c.query), c.embed).Controls(); got != c.want {
			t.Errorf("%q embed %v: controls %q, want %q", c.query, c.embed, got, c.want)
		}
	}
}

// TestLinkAtAQuestionAsksIt: a link copied while a question waited opens
// at its moment with the question asked again, paused.
func TestLinkAtAQuestionAsksIt(t *testing.T) {
	at := int64(10_000) // the ask's moment: run until=00:00:10.000
	s := OpenStartup(ParseStartup("#"+link.Encode(link.Link{Script: lossLesson, T: at, HasT: true}), ""), false)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	if !s.Lesson.IsOpen || s.Playing || int64(s.Player.Now()) != at {
		t.Errorf("open %v, playing %v at %d; want the question open, paused at %d", s.Lesson.IsOpen, s.Playing, s.Player.Now(), at)
	}
}

// TestNoViolationAheadOfPlayback: in the sandbox (start-here, no
// questions, a producer sending for ten minutes, so the timeline runs
// ahead of the playhead) "Produce with acks=1, then crash the leader" loses the record
// only when the controller fences broker 1 and elects a follower without
// it, broker.session.timeout.ms (9 s) after broker 1's last heartbeat.
// Until playback gets there, neither a violation marker nor the jump
// button shows; from then on both do.
func TestNoViolationAheadOfPlayback(t *testing.T) {
	s := presetStore(t, "start-here")
	s.Player.Seek(s.Player.Scenario().Config.Start + 25)
	var sg Suggestion
	for _, g := range s.Suggestions() {
		if g.Key == "acks1-crash" {
			sg = g
		}
	}
	if sg.Key == "" {
		t.Fatal("no acks1-crash suggestion")
	}
	Try(s, sg)
	crashed := s.Player.Now()
	s.Player.fillMarkers()
	violations := func() int {
		n := 0
		ms, _ := s.TimelineMarkers()
		for _, m := range ms {
			if m.Kind == MarkViolation {
				n++
			}
		}
		return n
	}
	ahead, _ := s.Player.FirstViolation()
	if ahead <= crashed {
		t.Fatalf("the run ahead finds no later violation (first at %s, crash at %s)", engine.FormatTime(ahead), engine.FormatTime(crashed))
	}
	if n := violations(); n != 0 {
		t.Fatalf("%d violation markers right after the crash, the loss comes at %s", n, engine.FormatTime(ahead))
	}
	if _, ok := s.FirstViolation(); ok {
		t.Fatal("the jump button shows right after the crash")
	}
	s.Dispatch(Seek{At: ahead})
	if n := violations(); n == 0 {
		t.Fatal("no violation marker once playback reached the loss")
	}
	if got, ok := s.FirstViolation(); !ok || got != ahead {
		t.Fatalf("at the loss the jump button goes to %s %v", engine.FormatTime(got), ok)
	}
}

// TestAskMarkersAreNeutral: acks1-loss's second question says "b2 leads
// in epoch 1 without it", the answer to its first; the timeline's
// question markers' tooltips carry only the number and the time.
func TestAskMarkersAreNeutral(t *testing.T) {
	s := presetStore(t, "acks1-loss")
	asks := s.Lesson.Asks
	if len(asks) < 2 {
		t.Fatalf("acks1-loss has %d questions", len(asks))
	}
	for i, a := range asks {
		got := AskMarkerTitle(i, a.At)
		if want := "Question " + itoa(int64(i+1)) + " · " + engine.FormatTime(a.At); got != want {
			t.Errorf("question %d's marker title %q, want %q", i+1, got, want)
		}
		if strings.Contains(got, "b2") || strings.Contains(got, a.Question) {
			t.Errorf("question %d's marker title %q tells its text", i+1, got)
		}
	}
}

// TestLessonShowsAnAnsweredLoss: in lesson 8 (acks1-loss) question 1, at
// 10 s, asks whether m2 is safe; the loss (AcknowledgedWriteLost) comes
// at 19 s, when the controller elects broker 2 without m2; question 2
// waits at 40 s. Once question 1 is answered and playback has passed
// 19 s, the page shows the loss as the sandbox does (the banner's
// violations, the lost record's outlines, the jump button), although
// question 2 still waits; while question 1 waits on screen it shows none
// of it, not even with the run already played past the loss.
func TestLessonShowsAnAnsweredLoss(t *testing.T) {
	s := presetStore(t, "acks1-loss")
	start := s.Player.Scenario().Config.Start
	if len(s.Lesson.Asks) < 2 {
		t.Fatal("acks1-loss has fewer than two questions")
	}
	s.Dispatch(Seek{At: start + 25_000}) // the run has been past the loss
	s.Dispatch(ShowAsk{Index: 0})
	if _, ok := s.FirstViolation(); len(s.Violations()) != 0 || len(s.Lost()) != 0 || ok {
		t.Fatal("question 1 waits on screen, yet the loss shows")
	}
	s.Dispatch(PickAnswer{Option: "no"})
	s.Dispatch(Seek{At: start + 25_000})
	if !s.HideOutcome() {
		t.Fatal("question 2 is no longer waiting")
	}
	if len(s.Violations()) == 0 {
		t.Error("answered and past the loss: no violation in the banner")
	}
	if len(s.Lost()) == 0 {
		t.Error("answered and past the loss: no lost record outlined")
	}
	if at, ok := s.FirstViolation(); !ok || at != start+19_000 {
		t.Errorf("answered and past the loss: jump button to %s %v", engine.FormatTime(at), ok)
	}
}
