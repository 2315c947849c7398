package site

import (
	"testing"

	"kplay/engine"
	"kplay/link"
)

// This file tests which questions hide a broken guarantee: the one on
// screen and those still ahead of the playhead, never one the playhead
// passed without asking it (a link opened past it, a scrub or an event
// click past it).

// The acks1-loss preset (lesson 8) as its tests read it: question 1 at
// 10 s asks whether m2 is safe; the loss (AcknowledgedWriteLost) comes at
// 19 s, when the controller fences broker 1 after broker.session.timeout.ms
// (9 s) and elects broker 2, which never had m2; question 2 waits at 40 s,
// where broker 1 returns and truncates m2.
const (
	lossAsk1 engine.Time = 10_000
	lossAt   engine.Time = 19_000
	lossAsk2 engine.Time = 40_000
)

// lossShown reports what the page shows of the acks1-loss loss: the
// banner's violations, the outlined records, the jump button's target and
// the timeline's violation markers.
type lossShown struct {
	Violations int
	Rule       string
	Lost       int
	LostValue  string
	Jump       engine.Time
	JumpOK     bool
	Markers    int
}

func shownLoss(s *Store) lossShown {
	var l lossShown
	vs := s.Violations()
	l.Violations = len(vs)
	if len(vs) > 0 {
		l.Rule = ViolationRule(vs[0])
	}
	lost := s.Lost()
	l.Lost = len(lost)
	if len(lost) > 0 {
		l.LostValue = lost[0].Value
	}
	l.Jump, l.JumpOK = s.FirstViolation()
	ms, _ := s.TimelineMarkers()
	for _, m := range ms {
		if m.Kind == MarkViolation {
			l.Markers++
		}
	}
	return l
}

// wantLoss is what the sandbox shows at and after the loss: one
// AcknowledgedWriteLost naming m2, outlined, the jump button to 19 s and a
// red marker.
var wantLoss = lossShown{Violations: 1, Rule: "AcknowledgedWriteLost", Lost: 1, LostValue: "m2", Jump: lossAt, JumpOK: true, Markers: 1}

// openLossLink opens acks1-loss from a share link at moment at, as a new
// reader does: on the page, or in an embed with the options "Copy embed
// code" writes.
func openLossLink(t *testing.T, at engine.Time, embed bool) *Store {
	t.Helper()
	p := mustPreset(t, "acks1-loss")
	query := ""
	if embed {
		query = "?controls=min&panels=log,describe"
	}
	s := OpenStartup(ParseStartup("#"+link.Encode(link.Link{Script: p.LearnerText(), T: int64(at), HasT: true}), query), embed)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	if s.Player.Now() != at || s.Playing || s.Lesson.Off {
		t.Fatalf("the link opens at %s, playing %v, lesson off %v; want paused at %s in lesson mode",
			engine.FormatTime(s.Player.Now()), s.Playing, s.Lesson.Off, engine.FormatTime(at))
	}
	return s
}

// TestLinkPastAQuestionShowsTheLoss: a link to lesson 8 at 00:00:19.000,
// copied after the loss, opens past question 1, which the new reader
// never saw: the page and an embed show the loss as the sandbox does,
// although neither question is answered, while question 2, still ahead,
// keeps hiding what follows it (broker 1's truncation at 40 s).
func TestLinkPastAQuestionShowsTheLoss(t *testing.T) {
	for _, embed := range []bool{false, true} {
		s := openLossLink(t, lossAt, embed)
		if _, open := s.OpenAsk(); open {
			t.Errorf("embed %v: a question is open at 19 s, none is asked there", embed)
		}
		if got := shownLoss(s); got != wantLoss {
			t.Errorf("embed %v: the link past question 1 shows %+v, want %+v", embed, got, wantLoss)
		}
		if !s.HideOutcome() {
			t.Errorf("embed %v: question 2, at 40 s, no longer hides its outcome", embed)
		}
		ms, _ := s.TimelineMarkers()
		for _, m := range ms {
			if m.Kind != MarkCommand && m.Until >= lossAsk2 {
				t.Errorf("embed %v: a %v marker at %s gives question 2's answer away", embed, m.Kind, engine.FormatTime(m.At))
			}
		}
	}
}

// TestSkippedQuestionIsAskedWhenPlayedTo: a question skipped by the link
// is behind the playhead only while it is: scrubbed back before it, the
// loss is ahead again and hidden; played on from there, the question is
// asked, and the loss stays hidden until it is answered.
func TestSkippedQuestionIsAskedWhenPlayedTo(t *testing.T) {
	s := openLossLink(t, lossAt, false)
	s.Dispatch(ScrubTo{At: 5_000})
	if got := shownLoss(s); got != (lossShown{}) {
		t.Fatalf("scrubbed back to 5 s, before question 1: %+v, want nothing", got)
	}
	s.Dispatch(TogglePlay{})
	playUntilPaused(s, 100_000)
	card, ok := s.AskCard()
	if !ok || card.Index != 0 || card.Revealed || s.Player.Now() != lossAsk1 {
		t.Fatalf("played from 5 s: card %+v open %v at %s, want question 1 asked at 10 s", card, ok, engine.FormatTime(s.Player.Now()))
	}
	if got := shownLoss(s); got != (lossShown{}) {
		t.Fatalf("question 1 on screen: %+v, want nothing", got)
	}
	s.Dispatch(PickAnswer{Option: "no"})
	s.Dispatch(ContinueLesson{})
	for s.Playing && s.Player.Now() < lossAt+1_000 {
		s.Dispatch(Tick{RealMs: 50})
	}
	if got := shownLoss(s); got != wantLoss {
		t.Fatalf("answered and played past the loss: %+v, want %+v", got, wantLoss)
	}
}

// TestScrubPastAnOpenQuestionSkipsIt: question 1 waits on screen; the
// reader clicks an event at 25 s (or scrubs there) instead of answering.
// The card closes, and the question, now behind the playhead and off
// screen, hides nothing: the loss shows.
func TestScrubPastAnOpenQuestionSkipsIt(t *testing.T) {
	for _, a := range []Action{SeekToEvent{At: 25_000}, ScrubTo{At: 25_000}} {
		s := presetStore(t, "acks1-loss")
		s.Dispatch(ShowAsk{Index: 0})
		if got := shownLoss(s); got != (lossShown{}) {
			t.Fatalf("question 1 on screen: %+v, want nothing", got)
		}
		s.Dispatch(a)
		if _, open := s.OpenAsk(); open {
			t.Fatalf("%T to 25 s leaves question 1's card open", a)
		}
		if got := shownLoss(s); got != wantLoss {
			t.Errorf("%T past question 1 to 25 s: %+v, want %+v", a, got, wantLoss)
		}
	}
}

// questionAtTheLoss asks about the loss at its own moment, after the
// election that loses m2 (19 s) is in the log: the question on screen must
// hide a loss at its moment, and one scrubbed past must not.
const questionAtTheLoss = `cluster brokers=3 latency=(0,0) linger.ms=0 min.insync.replicas=2 eligible.leader.replicas.version=0
create-topic t partitions=1 rf=3
produce t-0 values=(m0, m1) acks=all
slow 1 2 latency=(1,1)
slow 1 3 latency=(1,1)
run until=00:00:10.000
produce t-0 producer=p2 values=(m2) acks=1
run until=00:00:10.000
crash 1
run until=00:00:19.000
ask "Broker 2 now leads. Is m2 in its log?" options=(yes, no) answer=no
run until=00:00:30.000
`

// TestQuestionOnScreenHidesALossAtItsMoment: a question asked at the
// moment of a loss already in the log hides it while it is on screen
// (it is the answer), shows it once answered, and, skipped by a scrub
// past it, shows it too.
func TestQuestionOnScreenHidesALossAtItsMoment(t *testing.T) {
	s := NewStoreFromScript("q.txt", questionAtTheLoss)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	s.Speed = 1000
	playUntilPaused(s, 100_000)
	if _, ok := s.OpenAsk(); !ok || s.Player.Now() != lossAt {
		t.Fatalf("no question open at 19 s (at %s)", engine.FormatTime(s.Player.Now()))
	}
	if len(Violations(s.Player.Events(0))) == 0 {
		t.Fatal("the loss is not in the log at the question: the test shows nothing")
	}
	if got := shownLoss(s); got != (lossShown{}) {
		t.Fatalf("the question on screen at the loss's moment: %+v, want nothing", got)
	}
	s.Dispatch(ScrubTo{At: 25_000})
	if got := shownLoss(s); got != wantLoss {
		t.Errorf("scrubbed past the question to 25 s: %+v, want %+v", got, wantLoss)
	}
	s.Dispatch(ShowAsk{Index: 0})
	if got := shownLoss(s); got != (lossShown{}) {
		t.Fatalf("the question back on screen: %+v, want nothing", got)
	}
	s.Dispatch(RevealAnswer{})
	if got := shownLoss(s); got != wantLoss {
		t.Errorf("the question answered: %+v, want %+v", got, wantLoss)
	}
}
