package script

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"kplay/link"
)

// escapedScript writes a double quote and a backslash in every text
// directive: there was no way to write a " inside a quoted text.
const escapedScript = `title "The \"acks=1\" loss"
summary "Watch b1's log under C:\\kafka."
source "KAFKA-0000: \"lost\" write" url=https://issues.apache.org/jira/browse/KAFKA-7128
cluster brokers=3
create-topic t
say "b1 answers \"OK\"; a \\ is a backslash."
try "Crash \"the\" leader" crash 1
ask "Is \"m2\" safe?" options=(yes, not safe) answer=(not safe)
why "Only b1 had \"m2\"." show=0s
`

// TestQuotedTextEscapes: in a quoted text, \" is a double quote and \\ a
// backslash, for every directive that takes one, and for the readers that
// find a title or summary without compiling (the page's tab, a share
// link's preview).
func TestQuotedTextEscapes(t *testing.T) {
	sc, err := ParseAndCompile("", escapedScript)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ got, want string }{
		{sc.Title, `The "acks=1" loss`},
		{sc.Summary, `Watch b1's log under C:\kafka.`},
		{sc.Sources[0].Text, `KAFKA-0000: "lost" write`},
		{sc.Captions[0].Text, `b1 answers "OK"; a \ is a backslash.`},
		{sc.Tries[0].Label, `Crash "the" leader`},
		{sc.Asks[0].Question, `Is "m2" safe?`},
		{sc.Asks[0].Answer, "not safe"},
		{sc.Asks[0].Why, `Only b1 had "m2".`},
		{Title(escapedScript), `The "acks=1" loss`},
		{link.Title(escapedScript), `The "acks=1" loss`},
		{Summary(escapedScript), `Watch b1's log under C:\kafka.`},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	dirs, err := Parse("", escapedScript)
	if err != nil {
		t.Fatal(err)
	}
	outs, err := RunAll(dirs)
	if err != nil {
		t.Fatal(err)
	}
	if want := "ask: Is \"m2\" safe? (yes | not safe) answer: not safe\n"; outs[7] != want {
		t.Errorf("kplay run prints the ask as %q, want %q", outs[7], want)
	}
}

// TestQuotedTextBadEscapes: a backslash before anything but " or \ is an
// error at the backslash's line and column, from Parse, so the page marks
// it and kplay run names it.
func TestQuotedTextBadEscapes(t *testing.T) {
	for src, want := range map[string]string{
		"cluster brokers=3\nsay \"a \\n b\"\n":                         `2:8: \n is not an escape; inside double quotes write \" for a double quote and \\ for a backslash`,
		"cluster brokers=3\n  say \"a\\tb\"\n":                         `2:9: \t is not an escape`,
		"ask \"é \\q\" options=(a, b) answer=a\n":                      `1:8: \q is not an escape`,
		"cluster brokers=3\ntry \"C:\\kafka\" crash 1\n":               `2:8: \k is not an escape`,
		"title \"x\"\ncluster brokers=3\nwhy \"a\\\\ \\ b\" show=1s\n": `3:10: a backslash before a space is not an escape`,
	} {
		_, err := Parse("", src)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q:\n got %v\nwant %s", src, err, want)
		}
	}
	// A text whose last quote is escaped is never closed.
	if _, err := ParseAndCompile("", "cluster brokers=3\nsay \"ends \\\"\n"); err == nil || err.Error() != "2:1: the say text has no closing double quote" {
		t.Errorf("an escaped last quote: %v", err)
	}
}

// FuzzQuotedTextRoundTrip: a text written with link.Quote (what a
// formatter writes) reads back as the same text in a say, an ask, a
// title and a try, byte for byte, and the directive line keeps it as
// written (the page's ScriptText, a share link and kplay run copy lines).
func FuzzQuotedTextRoundTrip(f *testing.F) {
	for _, s := range []string{"Broker 1 crashed.", `He said "hi"`, `C:\kafka\`, `\"`, `a "b" \ c`, "acks=1 (one = ack)", "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if text == "" || !utf8.ValidString(text) || strings.TrimSpace(text) != text || len(text) > MaxTryBytes || strings.ContainsFunc(text, unicode.IsControl) {
			return // a script is UTF-8; its texts are trimmed, bounded, one line
		}
		q := link.Quote(text)
		src := "title " + q + "\ncluster brokers=1\ncreate-topic t\nsay " + q + "\nask " + q + " options=(a, b) answer=a\ntry " + q + " crash 1\n"
		dirs, err := Parse("", src)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		sc, err := Compile(dirs)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		for _, got := range []string{sc.Title, sc.Captions[0].Text, sc.Asks[0].Question, sc.Tries[0].Label, Title(src), link.Title(src)} {
			if got != text {
				t.Fatalf("%q reads back as %q", text, got)
			}
		}
		if dirs[3].Line != "say "+q {
			t.Fatalf("the say line is kept as %q, want %q", dirs[3].Line, "say "+q)
		}
	})
}
