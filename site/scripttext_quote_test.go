package site

import (
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/link"
)

// quotedLines are story lines with \" and \\ in their texts.
const quotedLines = `title "The \"acks=1\" loss"
say "b1 answers \"OK\"; C:\\kafka is a path."
ask "Is \"m2\" safe?" options=(yes, not safe) answer=(not safe)
why "Only b1 had \"m2\"." show=0s
try "Crash \"the\" leader" crash 1
`

// TestScriptTextKeepsQuotedText: a text with a double quote or a
// backslash (written \" and \\) survives what the page does with a
// script byte for byte: ScriptText, which merges the reader's actions
// in, a share link, and a link's preview title.
func TestScriptTextKeepsQuotedText(t *testing.T) {
	src := "cluster brokers=3\ncreate-topic t\nproduce t-0 values=(m1)\nadvance 1s\n" + quotedLines + "advance 2s\n"
	s := NewStoreFromScript("quoted.txt", src)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	s.Playing = false
	s.Player.Advance(2500)
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 2}})
	p := s.Player
	text := ScriptText(s.Acting.Source, p.Scenario(), p.UserSteps(), p.Now())
	if !strings.Contains(text, ReaderMark+"\ncrash 2\n") {
		t.Fatalf("ScriptText did not merge the reader's crash in:\n%s", text)
	}
	for _, line := range strings.Split(strings.TrimSuffix(quotedLines, "\n"), "\n") {
		if !strings.Contains(text, "\n"+line+"\n") {
			t.Errorf("ScriptText lost the line %s:\n%s", line, text)
		}
	}
	sc, err := script.ParseAndCompile("", text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if sc.Title != `The "acks=1" loss` || sc.Captions[0].Text != `b1 answers "OK"; C:\kafka is a path.` ||
		sc.Asks[0].Question != `Is "m2" safe?` || sc.Asks[0].Why != `Only b1 had "m2".` || sc.Tries[0].Label != `Crash "the" leader` {
		t.Errorf("the texts read back as %q, %q, %q, %q, %q", sc.Title, sc.Captions[0].Text, sc.Asks[0].Question, sc.Asks[0].Why, sc.Tries[0].Label)
	}
	l, err := link.Parse("#" + link.Encode(link.Link{Script: text}))
	if err != nil || l.Script != text {
		t.Fatalf("the share link does not carry the text byte for byte: %v", err)
	}
	if got := link.Title(l.Script); got != `The "acks=1" loss` {
		t.Errorf("the link's preview title is %q", got)
	}
}
