package site

import (
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/scenarios"
)

// lessonScript asks before b1 crashes and again after, at the same
// millisecond: the first pause must show b1 still up, the second b1 down.
const lessonScript = `# title: lesson
cluster brokers=3
create-topic t partitions=1 rf=3
produce t-0 values=(a) acks=all
run until=00:00:05.000
ask "b1 is about to crash. Who leads then?" options=(b1, b2, b3) answer=b2
crash 1
ask "b1 has crashed. Is it still the leader right now?" options=(yes, no) answer=yes
run until=00:00:30.000
`

func alive(s *Store, id engine.BrokerID) bool {
	for _, b := range s.Player.State().Brokers {
		if b.ID == id {
			return b.Alive
		}
	}
	return false
}

// playUntilPaused ticks until playback stops, at most n frames.
func playUntilPaused(s *Store, n int) {
	for i := 0; i < n && s.Playing; i++ {
		s.Dispatch(Tick{RealMs: 50})
	}
}

func TestLessonStopsAtAsks(t *testing.T) {
	s := NewStoreFromScript("l.txt", lessonScript)
	s.Speed = 100
	var asked []int
	var answered []string
	s.Lesson.Hooks = LessonHooks{
		Asked:    func(i int, _ script.Ask) { asked = append(asked, i) },
		Answered: func(i int, _ script.Ask, picked string) { answered = append(answered, picked) },
	}
	playUntilPaused(s, 1000)
	a, ok := s.OpenAsk()
	if !ok || s.Playing || s.Player.Now() != 5000 || a.Answer != "b2" {
		t.Fatalf("first stop: open %v playing %v at %v", ok, s.Playing, s.Player.Now())
	}
	if !alive(s, 1) {
		t.Fatal("the crash below the question has already happened")
	}
	// Play does nothing while the question waits.
	s.Dispatch(TogglePlay{})
	if s.Playing {
		t.Fatal("playback started over an unanswered question")
	}
	s.Dispatch(PickAnswer{Option: "nobody"})
	if s.Lesson.Revealed[0] {
		t.Fatal("an option the question does not offer was accepted")
	}
	s.Dispatch(PickAnswer{Option: "b3"})
	if !s.Lesson.Revealed[0] || s.Lesson.Picked[0] != "b3" {
		t.Fatalf("picked %q revealed %v", s.Lesson.Picked[0], s.Lesson.Revealed[0])
	}
	s.Dispatch(ContinueLesson{})
	playUntilPaused(s, 1000)
	a, ok = s.OpenAsk()
	if !ok || s.Lesson.Open != 1 || s.Player.Now() != 5000 || alive(s, 1) {
		t.Fatalf("second stop: open %v #%d at %v, b1 alive %v", ok, s.Lesson.Open, s.Player.Now(), alive(s, 1))
	}
	s.Dispatch(RevealAnswer{})
	s.Dispatch(TogglePlay{})
	if !s.Playing {
		t.Fatal("playback does not resume after the answer")
	}
	playUntilPaused(s, 400)
	if _, ok := s.OpenAsk(); ok || s.Player.Now() <= 5000 {
		t.Fatalf("playing on: card open %v at %v", ok, s.Player.Now())
	}
	if len(asked) != 2 || len(answered) != 2 || answered[0] != "b3" || answered[1] != "" {
		t.Errorf("hooks: asked %v answered %q", asked, answered)
	}
	// Back to the start: the questions are asked again.
	s.Dispatch(Restart{})
	s.Playing = true
	playUntilPaused(s, 1000)
	if _, ok := s.OpenAsk(); !ok || s.Lesson.Open != 0 {
		t.Fatal("playing again from the start does not ask again")
	}
}

// TestLessonHoldIsAReplay: holding at a question and playing on gives the
// events a plain replay gives.
func TestLessonHoldIsAReplay(t *testing.T) {
	s := NewStoreFromScript("l.txt", lessonScript)
	s.Dispatch(ShowAsk{Index: 0})
	s.Dispatch(ShowAsk{Index: 1})
	s.Player.AdvanceTo(20000)
	o := NewStoreFromScript("l.txt", lessonScript)
	o.Player.AdvanceTo(20000)
	got, want := s.Player.Events(0), o.Player.Events(0)
	if len(got) != len(want) {
		t.Fatalf("%d events after the hold, %d in a replay", len(got), len(want))
	}
	for i := range got {
		if got[i].String() != want[i].String() {
			t.Fatalf("event %d: %s, want %s", i, got[i], want[i])
		}
	}
}

// TestLessonOff: with lesson mode off, playback runs through.
func TestLessonOff(t *testing.T) {
	s := NewStoreFromScript("l.txt", lessonScript)
	s.Speed = 100
	s.Dispatch(ToggleLesson{})
	for range 200 {
		s.Dispatch(Tick{RealMs: 50})
	}
	if _, ok := s.OpenAsk(); ok || !s.Playing || s.Player.Now() <= 5000 {
		t.Fatalf("lesson off: open %v playing %v at %v", ok, s.Playing, s.Player.Now())
	}
}

// TestLessonScrubClosesCard: scrubbing away from a question closes it.
func TestLessonScrubClosesCard(t *testing.T) {
	s := NewStoreFromScript("l.txt", lessonScript)
	s.Dispatch(ShowAsk{Index: 0})
	if _, ok := s.OpenAsk(); !ok {
		t.Fatal("ShowAsk opens no card")
	}
	s.Dispatch(ScrubTo{At: 2000})
	if _, ok := s.OpenAsk(); ok {
		t.Fatal("the card stays open away from its moment")
	}
}

// TestPresetAsksAtTheirMoment: in the Jepsen preset, the question comes
// when broker 1 is dead and before anything is elected.
func TestPresetAsksAtTheirMoment(t *testing.T) {
	p, _ := scenarios.Get("jepsen-2013")
	s := NewStoreFromScript(p.Name+".txt", p.Text)
	if len(s.Lesson.Asks) == 0 {
		t.Fatal("the Jepsen preset has no question")
	}
	s.Speed = 1000
	playUntilPaused(s, 5000)
	a, ok := s.OpenAsk()
	if !ok || s.Player.Now() != a.At {
		t.Fatalf("open %v at %v", ok, s.Player.Now())
	}
	if alive(s, 1) {
		t.Error("broker 1 is alive when the question says it died")
	}
}

// TestCaptionWaitsForTheAnswer: a say at the moment of a question, after it
// in the script, tells what the question asks the reader to predict
// (acks1-loss's second question, "What becomes of m2 on b1?", shares
// 00:00:40 with "...so it truncates m2"). It stays back while the
// question is unanswered and shows once the answer is revealed.
func TestCaptionWaitsForTheAnswer(t *testing.T) {
	p, _ := scenarios.Get("acks1-loss")
	s := NewStoreFromScript(p.Name+".txt", p.LearnerText())
	s.Speed = 1000
	for range 2 {
		playUntilPaused(s, 5000)
		if a, ok := s.OpenAsk(); !ok || a.Answer != "b1 truncates it" {
			s.Dispatch(PickAnswer{Option: a.Answer})
			s.Dispatch(ContinueLesson{})
			continue
		}
		break
	}
	a, ok := s.OpenAsk()
	if !ok || a.Answer != "b1 truncates it" {
		t.Fatalf("the second question did not open: %v %+v", ok, a)
	}
	if text, _ := s.Caption(); strings.Contains(text, "truncate") {
		t.Fatalf("before the answer the caption says %q", text)
	}
	s.Dispatch(PickAnswer{Option: "b1 keeps it"})
	s.Dispatch(ContinueLesson{})
	playUntilPaused(s, 50)
	s.Dispatch(Seek{At: a.At})
	if text, _ := s.Caption(); !strings.Contains(text, "truncates m2") {
		t.Fatalf("after the answer the caption is %q", text)
	}
}

// TestShowMeKeepsTheCard: after question 1 of lesson 8 is answered, "Show
// me" pauses at the loss (19 s) with the card still on screen: its answer,
// its why and Continue, beside the loss it shows. Continue plays on from
// there and closes the card; a scrub away closes it too.
func TestShowMeKeepsTheCard(t *testing.T) {
	s := presetStore(t, "acks1-loss")
	s.Speed = 1000
	playUntilPaused(s, 100_000)
	if _, ok := s.OpenAsk(); !ok || s.Player.Now() != lossAsk1 {
		t.Fatalf("question 1 is not open at 10 s (at %s)", engine.FormatTime(s.Player.Now()))
	}
	s.Dispatch(PickAnswer{Option: "yes"})
	s.Dispatch(ShowAnswerMoment{})
	card, ok := s.AskCard()
	if !ok || s.Playing || s.Player.Now() != lossAt {
		t.Fatalf("Show me: card open %v, playing %v at %s; want the card, paused at 19 s", ok, s.Playing, engine.FormatTime(s.Player.Now()))
	}
	if !card.Revealed || card.Answer != "no" || card.Why == "" || !card.Showing || card.ShowAt != lossAt {
		t.Errorf("Show me: card %+v, want the answer, its why, and Showing at 19 s", card)
	}
	if got := shownLoss(s); got != wantLoss {
		t.Errorf("Show me: %+v, want the loss %+v", got, wantLoss)
	}
	if !s.mayPlay() {
		t.Error("Show me: playback may not go on")
	}
	s.Dispatch(ContinueLesson{})
	if _, open := s.OpenAsk(); open || !s.Playing {
		t.Fatalf("Continue after Show me: card open %v, playing %v", open, s.Playing)
	}
	s.Dispatch(Tick{RealMs: 50})
	if s.Player.Now() <= lossAt {
		t.Errorf("Continue after Show me: still at %s", engine.FormatTime(s.Player.Now()))
	}

	// A scrub away from the answer's moment closes the card.
	s = presetStore(t, "acks1-loss")
	s.Dispatch(ShowAsk{Index: 0})
	s.Dispatch(RevealAnswer{})
	s.Dispatch(ShowAnswerMoment{})
	if _, open := s.OpenAsk(); !open {
		t.Fatal("Show me closed the card")
	}
	s.Dispatch(ScrubTo{At: 25_000})
	if _, open := s.OpenAsk(); open {
		t.Error("the card stays open away from the answer's moment")
	}
}
