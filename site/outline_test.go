package site

import (
	"strings"
	"testing"

	"kplay/link"
	"kplay/scenarios"
)

// outlineKinds is v's lines as "say@10000" and so on.
func outlineKinds(v OutlineView) string {
	var b []string
	for _, it := range v.Items {
		k := [...]string{"say", "ask", "try"}[it.Kind]
		b = append(b, k+"@"+itoa(int64(it.At)))
	}
	return strings.Join(b, " ")
}

// TestOutlineOfALesson: acks1-loss's outline is its say, ask and try
// lines in the script's order, with their moments (the script: two
// captions at 10 s, then question 1 at 10 s; then a caption, a try, a
// caption at 19 s, two tries, question 2 at 40 s and a caption). In
// lesson mode what comes after question 1 waits for its answer: the
// caption at 19 s says what question 1 asks ("a record the producer
// was told is written is gone"), and question 2's own text answers
// question 1.
func TestOutlineOfALesson(t *testing.T) {
	s := OpenStartup(ParseStartup("", "?preset=acks1-loss"), false)
	v := s.Outline()
	if got, want := outlineKinds(v), "say@10000 say@10000 ask@10000"; got != want {
		t.Errorf("before question 1: %s, want %s", got, want)
	}
	if v.Held != 7 || v.HeldAsk != 0 || v.Current != -1 {
		t.Errorf("before question 1: held %d after question %d, current %d; want 7 after question 0, none current", v.Held, v.HeldAsk, v.Current)
	}
	for _, it := range v.Items {
		if strings.Contains(it.Text, "truncates") || strings.Contains(it.Text, "gone") {
			t.Errorf("the outline gives an answer away: %q", it.Text)
		}
	}

	// Playing to question 1 stops there; its answer lets the outline on,
	// up to question 2.
	s.Dispatch(Seek{At: 9999})
	if !s.Playing {
		s.Dispatch(TogglePlay{})
	}
	playUntilPaused(s, 1000)
	if !s.Lesson.IsOpen {
		t.Fatal("playback did not stop at question 1")
	}
	s.Dispatch(PickAnswer{Option: "no"})
	v = s.Outline()
	if got, want := outlineKinds(v), "say@10000 say@10000 ask@10000 say@10000 try@10000 say@19000 try@19000 try@19000 ask@40000"; got != want {
		t.Errorf("after question 1: %s, want %s", got, want)
	}
	if v.Held != 1 || v.HeldAsk != 1 || v.Items[2].Ask != 0 || !v.Items[2].Answered || v.Items[8].Ask != 1 || v.Items[8].Answered {
		t.Errorf("after question 1: %+v", v)
	}
	if v.Current != 2 {
		t.Errorf("at question 1, answered, the current line is %d, want 2: broker 1 has not crashed yet (line 3 says it does)", v.Current)
	}

	// With lesson mode off nothing waits.
	off := OpenStartup(ParseStartup("", "?preset=acks1-loss&lesson=0"), true)
	if v := off.Outline(); len(v.Items) != 10 || v.Held != 0 {
		t.Errorf("lesson mode off: %d lines, %d held; want 10 and none", len(v.Items), v.Held)
	}
}

// TestGoToOutline: a click on a caption goes to its moment as the script
// tells it: "Producer p2 sends m2" is said at 10 s before broker 1
// crashes at 10 s, so broker 1 is up with m2 at offset 2 and that
// caption shows, not the crash's; a click on a question opens its card
// at its moment; a line that is not there does nothing.
func TestGoToOutline(t *testing.T) {
	s := OpenStartup(ParseStartup("", "?preset=acks1-loss&lesson=0"), true)
	s.Dispatch(GoToOutline{Index: 1})
	if s.Playing || s.Player.Now() != 10000 {
		t.Fatalf("the caption's line went to %v (playing %v), want 10000 paused", s.Player.Now(), s.Playing)
	}
	b1 := s.Player.State().Brokers[0]
	if b1.ID != 1 || !b1.Alive {
		t.Errorf("at the caption's moment broker 1 is %+v, want up", b1.ID)
	}
	if c, _ := s.Caption(); !strings.HasPrefix(c, "Producer p2 sends m2") {
		t.Errorf("at the caption's moment the caption is %q", c)
	}
	if v := s.Outline(); v.Current != 1 {
		t.Errorf("at the caption's moment the current line is %d, want 1", v.Current)
	}
	s.Dispatch(GoToOutline{Index: 3})
	if c, _ := s.Caption(); !strings.HasPrefix(c, "Broker 1 crashes") {
		t.Errorf("at the crash's caption the caption is %q", c)
	}
	if s.Player.State().Brokers[0].Alive {
		t.Error("at the crash's caption broker 1 is up")
	}
	s.Dispatch(GoToOutline{Index: 8})
	if a, open := s.OpenAsk(); !open || s.Player.Now() != 40000 || !strings.Contains(a.Question, "b1 is about to return") {
		t.Errorf("question 2's line: open %v at %v", open, s.Player.Now())
	}
	before := s.Player.Now()
	s.Dispatch(GoToOutline{Index: 99})
	if s.Player.Now() != before {
		t.Error("a line that is not there moved the playhead")
	}
}

// TestOutlinePastASkippedQuestion: a link opened past both of
// acks1-loss's questions (at 47 s) shows their answers on the diagram;
// the outline held its lines back anyway ("7 more lines come after you
// answer question 1"), contradicting the picture. A question behind the
// playhead, skipped, holds nothing back, as HideOutcome has it.
func TestOutlinePastASkippedQuestion(t *testing.T) {
	p, _ := scenarios.Get("acks1-loss")
	st := ParseStartup(link.Encode(link.Link{Script: p.LearnerText(), T: 47000, HasT: true}), "")
	s := OpenStartup(st, false)
	if v := s.Outline(); len(v.Items) != 10 || v.Held != 0 {
		t.Errorf("at 47 s, past both questions: %d lines, %d held; want all 10 and none held", len(v.Items), v.Held)
	}
	s.Dispatch(Seek{At: 5000})
	if v := s.Outline(); v.Held != 7 {
		t.Errorf("back at 5 s, before question 1: %d held, want 7", v.Held)
	}
}
