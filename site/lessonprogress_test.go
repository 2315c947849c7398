package site

import (
	"strconv"
	"strings"
	"testing"
)

func TestLessonProgressRoundTrip(t *testing.T) {
	var p LessonProgress
	a := Answer{Lesson: "unit-1", Scenario: ScenarioKey("acks1-loss", ""), Index: 0, Question: QuestionHash("Is m2 safe?"), Picked: `say "no"`, Correct: true}
	b := Answer{Lesson: "unit-1", Scenario: ScenarioKey("", "cluster brokers=3\n"), Index: 2, Question: QuestionHash("q"), Picked: ""}
	p.Record(a)
	p.Record(b)
	p.Record(Answer{Lesson: "other", Scenario: a.Scenario, Index: 0, Question: a.Question, Picked: "x"})
	back := ParseLessonProgress(p.String())
	if got := back.Of("unit-1"); len(got) != 2 || got[0] != a || got[1] != b {
		t.Fatalf("round trip of %q: %+v", p.String(), got)
	}
	if b.Scenario != "script:"+b.Scenario[7:] || len(b.Scenario) != 7+16 || a.Scenario != "preset:acks1-loss" {
		t.Errorf("scenario keys %q %q", a.Scenario, b.Scenario)
	}
	// A new answer to the same question replaces the old one, as the newest.
	a2 := a
	a2.Picked, a2.Correct = "yes", false
	back.Record(a2)
	if got := back.Of("unit-1"); len(got) != 2 || got[0] != b || got[1] != a2 {
		t.Errorf("after answering again: %+v", got)
	}
	back.Forget("unit-1", b.Scenario)
	if got := back.Of("unit-1"); len(got) != 1 || got[0] != a2 {
		t.Errorf("after forgetting one scenario: %+v", got)
	}
}

// TestLessonProgressBounds: what is kept stays small whatever the
// lessons, the answers or the stored text say.
func TestLessonProgressBounds(t *testing.T) {
	var p LessonProgress
	for l := range MaxProgressLessons + 5 {
		for i := range 40 {
			for sc := range 5 {
				p.Record(Answer{Lesson: "l" + strconv.Itoa(l), Scenario: "preset:p" + strconv.Itoa(sc), Index: i, Question: "0000000a", Picked: "x"})
			}
		}
	}
	lessons := 0
	for l := range MaxProgressLessons + 5 {
		n := len(p.Of("l" + strconv.Itoa(l)))
		if n > MaxLessonAnswers {
			t.Errorf("lesson %d keeps %d answers", l, n)
		}
		if n > 0 {
			lessons++
			if l < 5 {
				t.Errorf("lesson %d, written least recently, is kept", l)
			}
		}
	}
	if lessons != MaxProgressLessons {
		t.Errorf("%d lessons kept, want %d", lessons, MaxProgressLessons)
	}
	if n := len(p.String()); n > 200<<10 {
		t.Errorf("the stored text is %d bytes", n)
	}
	// Answers no embed would write are not kept.
	for _, a := range []Answer{
		{Lesson: "../x", Scenario: "preset:a", Question: "0000000a"},
		{Lesson: "1", Scenario: "preset:a", Question: "0000000a"},
		{Lesson: "l", Scenario: "preset:A B", Question: "0000000a"},
		{Lesson: "l", Scenario: "script:xyz", Question: "0000000a"},
		{Lesson: "l", Scenario: "preset:a", Question: "0000000a", Index: -1},
		{Lesson: "l", Scenario: "preset:a", Question: "zz"},
		{Lesson: "l", Scenario: "preset:a", Question: "0000000a", Picked: strings.Repeat("x", MaxPickedLen+1)},
	} {
		var q LessonProgress
		q.Record(a)
		if len(q.answers) != 0 {
			t.Errorf("kept %+v", a)
		}
	}
	// Stored text of another format, too long or damaged gives what it can.
	for text, want := range map[string]int{
		"": 0, "kplay-lessons 2\nl preset:a 0 0000000a 1 \"x\"": 0,
		progressHeader + "\nl preset:a 0 0000000a 1 \"x\"\nl preset:a 1 0000000a 2 \"x\"\nl preset:a x 0000000a 1 \"x\"\nl preset:a 3 0000000a 0 x\n\n": 1,
		progressHeader + "\n" + strings.Repeat("l preset:a 0 0000000a 1 \"x\"\n", MaxProgressText/20):                                                   0,
	} {
		if got := len(ParseLessonProgress(text).Of("l")); got != want {
			t.Errorf("%.60q: %d answers, want %d", text, got, want)
		}
	}
}

func FuzzLessonProgress(f *testing.F) {
	f.Add(progressHeader + "\nl preset:a 0 0000000a 1 \"x\"")
	f.Fuzz(func(t *testing.T, text string) {
		p := ParseLessonProgress(text)
		again := ParseLessonProgress(p.String())
		if again.String() != p.String() {
			t.Fatalf("%q: %q then %q", text, p.String(), again.String())
		}
	})
}
