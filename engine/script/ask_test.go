package script

import (
	"errors"
	"strings"
	"testing"
)

func TestAsk(t *testing.T) {
	src := "cluster brokers=3\ncreate-topic t\nadvance 2s\n" +
		`ask "Which broker leads after broker 1 is fenced?" options=(b2, b3, nobody) answer=b2` + "\n"
	sc, err := ParseAndCompile("ask", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Asks) != 1 {
		t.Fatalf("asks = %v", sc.Asks)
	}
	a := sc.Asks[0]
	if a.Question != "Which broker leads after broker 1 is fenced?" || strings.Join(a.Options, "|") != "b2|b3|nobody" || a.Answer != "b2" || a.At != 2000 || a.Line != 4 {
		t.Errorf("ask = %+v", a)
	}
	dirs, _ := Parse("ask", src)
	var r Runner
	var out string
	for _, d := range dirs {
		if out, err = r.Exec(d); err != nil {
			t.Fatal(err)
		}
	}
	if want := "ask: Which broker leads after broker 1 is fenced? (b2 | b3 | nobody) answer: b2\n"; out != want {
		t.Errorf("run output %q, want %q", out, want)
	}
}

func TestAskErrors(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{`ask options=(a, b) answer=a`, "question in double quotes"},
		{`ask "unclosed options=(a, b) answer=a`, "no closing double quote"},
		{`ask "" options=(a, b) answer=a`, "question is empty"},
		{`ask "q?" answer=a`, "at least two choices"},
		{`ask "q?" options=(a) answer=a`, "at least two choices"},
		{`ask "q?" options=(a, b)`, "answer="},
		{`ask "q?" options=(a, b) answer=c`, `answer "c" is not one of the options`},
		{`ask "q?" options=(a, a) answer=a`, "listed twice"},
		{`ask "q?" options=(a, b) answer=a hint=x`, "not hint="},
		{`ask "q?" stray options=(a, b) answer=a`, `"stray" follows the question`},
	} {
		_, err := ParseAndCompile("ask", "cluster brokers=3\n"+c.line+"\n")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), ":2:") {
			t.Errorf("%s: err = %v, want line 2 and %q", c.line, err, c.want)
		}
	}
}

// TestAskQuestionIsText: the question may hold what would otherwise split
// into arguments (key=value, parentheses, a lone "="), and errors after it
// point at the right column.
func TestAskQuestionIsText(t *testing.T) {
	q := `With acks=1 and (min.insync.replicas = 2), who = leader?`
	sc, err := ParseAndCompile("ask", "cluster brokers=3\nask \""+q+"\" options=(b1, b2) answer=b2\n")
	if err != nil {
		t.Fatal(err)
	}
	if a := sc.Asks[0]; a.Question != q || strings.Join(a.Options, "|") != "b1|b2" || a.Answer != "b2" {
		t.Errorf("ask = %+v", a)
	}
	line := `  ask "a = (b?" options=(x, y) answer=z`
	_, err = ParseAndCompile("ask", "cluster brokers=3\n"+line+"\n")
	var e *Error
	if !errors.As(err, &e) || e.Pos.Line != 2 || e.Pos.Col != strings.Index(line, "answer=")+1 {
		t.Fatalf("err = %v, want the column of answer=z, which is not an option", err)
	}
	_, err = ParseAndCompile("ask", "cluster brokers=3\n"+`  ask "a = (b?" options=(x, y) answer=x nope=1`+"\n")
	if !errors.As(err, &e) || e.Pos.Line != 2 || e.Pos.Col != strings.Index(line, "answer=")+len("answer=x ")+1 {
		t.Fatalf("err = %v, want the column of nope=", err)
	}
}
