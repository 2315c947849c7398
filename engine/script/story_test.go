package script

import (
	"errors"
	"strings"
	"testing"

	"kplay/engine"
)

// storyScript has every story directive. The cluster starts at
// 10:00:00.000; the say stands after 2 s of advance, the
// ask after 5 s, the why's show= names 6 s.
const storyScript = `# title: the old comment title
title "acks=1 can lose a write (when the leader = gone)"
summary "The leader acknowledges before the followers copy. Watch the crash."
cluster brokers=3 start=10:00:00.000
create-topic t
say "Three brokers, one partition; b1 leads."
advance 2s
say "Now b1 crashes, acks=1."
crash 1
advance 3s
ask "Is the record still there?" options=(yes, no) answer=no
# only comments may stand between an ask and its why
why "Only b1 had it, and the new leader truncated it away." show=10:00:06.000
advance 1s
`

func TestStoryCompile(t *testing.T) {
	sc, err := ParseAndCompile("story", storyScript)
	if err != nil {
		t.Fatal(err)
	}
	if want := "acks=1 can lose a write (when the leader = gone)"; sc.Title != want {
		t.Errorf("Title = %q, want the directive %q over the comment", sc.Title, want)
	}
	if want := "The leader acknowledges before the followers copy. Watch the crash."; sc.Summary != want {
		t.Errorf("Summary = %q", sc.Summary)
	}
	want := []Caption{
		{At: 36000000, Line: 6, Text: "Three brokers, one partition; b1 leads."},
		{At: 36002000, Line: 8, Text: "Now b1 crashes, acks=1."},
	}
	if len(sc.Captions) != 2 || sc.Captions[0] != want[0] || sc.Captions[1] != want[1] {
		t.Errorf("Captions = %+v, want %+v", sc.Captions, want)
	}
	if len(sc.Asks) != 1 {
		t.Fatalf("Asks = %+v", sc.Asks)
	}
	a := sc.Asks[0]
	if a.At != 36005000 || a.Why != "Only b1 had it, and the new leader truncated it away." || a.ShowAt != 36006000 {
		t.Errorf("ask = %+v, want At 10:00:05, the why and ShowAt 10:00:06", a)
	}
	// The crash step comes from line 9, after the say at line 8 (both at 2 s).
	if len(sc.Steps) != 2 || sc.Steps[1].Line != 9 || sc.Steps[1].At != 36002000 {
		t.Errorf("steps = %+v", sc.Steps)
	}
	if Title(storyScript) != sc.Title || Summary(storyScript) != sc.Summary {
		t.Errorf("Title/Summary without compiling = %q, %q", Title(storyScript), Summary(storyScript))
	}
}

// TestStoryTitleFallback: a script with only the old "# title:" comment
// keeps that title, so old links still show theirs; a why without show=
// has ShowAt -1, as has an ask without a why.
func TestStoryTitleFallback(t *testing.T) {
	src := "# title: Old title\ncluster brokers=3\nask \"q?\" options=(a, b) answer=a\nwhy \"w\"\nask \"r?\" options=(a, b) answer=b\n"
	sc, err := ParseAndCompile("old", src)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Title != "Old title" || Title(src) != "Old title" || sc.Summary != "" || Summary(src) != "" {
		t.Errorf("title %q / %q, summary %q", sc.Title, Title(src), sc.Summary)
	}
	if sc.Asks[0].Why != "w" || sc.Asks[0].ShowAt != -1 || sc.Asks[1].Why != "" || sc.Asks[1].ShowAt != -1 {
		t.Errorf("asks = %+v", sc.Asks)
	}
}

// TestStoryTitleSkipsExpected: Title reads directive lines, not a title
// line that happens to sit in an expected output.
func TestStoryTitleSkipsExpected(t *testing.T) {
	src := "cluster brokers=3\n----\ntitle \"not this\"\n\ntitle \"this\"\n----\nok\n"
	if got := Title(src); got != "this" {
		t.Errorf("Title = %q, want this", got)
	}
}

func TestStoryErrors(t *testing.T) {
	long := strings.Repeat("x", MaxSayBytes+1)
	for _, c := range []struct {
		line string
		col  int
		want string
	}{
		{`say hello`, 1, "say needs its text in double quotes"},
		{`say "unclosed`, 1, "no closing double quote"},
		{`say ""`, 1, "text is empty"},
		{`say "` + long + `"`, 1, "601 bytes; the limit is 600"},
		{`title "` + strings.Repeat("t", MaxTitleBytes+1) + `"`, 1, "the limit is 120"},
		{`summary "` + strings.Repeat("s", MaxSummaryBytes+1) + `"`, 1, "the limit is 1000"},
		{`say "a" extra`, 9, `"extra" follows it`},
		{`why "no ask above"`, 1, "why must directly follow the ask it explains (line 2"},
		{`title "a"` + "\ntitle \"b\"", 1, "one title directive"},
		{`summary "a"` + "\nsummary \"b\"", 1, "one summary directive"},
	} {
		_, err := ParseAndCompile("story", "cluster brokers=3\n"+c.line+"\n")
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.40s: err = %v, want %q", c.line, err, c.want)
			continue
		}
		wantLine := 2 + strings.Count(c.line, "\n")
		if e.Pos.Line != wantLine || e.Pos.Col != c.col {
			t.Errorf("%.40s: at %v, want %d:%d", c.line, e.Pos, wantLine, c.col)
		}
	}
	ask := "ask \"q?\" options=(a, b) answer=a\n"
	for _, c := range []struct {
		lines string
		want  string
		at    Pos
	}{
		{ask + "advance 1s\nwhy \"late\"\n", "why must directly follow the ask it explains (line 4", Pos{4, 1}},
		{ask + "why \"one\"\nwhy \"two\"\n", "why must directly follow", Pos{4, 1}},
		{ask + "why \"w\" show=nope\n", "show:", Pos{3, 9}},
		{ask + "why \"w\" show=09:00:00.000\n", "before the cluster's start", Pos{3, 9}},
		{ask + "why \"w\" show=10:00:05.000\n", "show=10:00:05.000 is after the script's end 10:00:00.000", Pos{3, 1}},
		{ask + "why \"w\" shown=1s\n", "why takes show=, not shown=", Pos{3, 9}},
		{ask + "why \"w\" stray\n", `"stray" follows the text`, Pos{3, 9}},
	} {
		_, err := ParseAndCompile("why", "cluster brokers=3 start=10:00:00.000\n"+c.lines)
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(err.Error(), c.want) || e.Pos != c.at {
			t.Errorf("%q: err = %v, want %q at %v", c.lines, err, c.want, c.at)
		}
	}
	if _, err := ParseAndCompile("say", "say \"too early\"\ncluster brokers=3\n"); err == nil || !strings.Contains(err.Error(), "1:1: no cluster yet") {
		t.Errorf("say before the cluster: err = %v", err)
	}
}

// TestStoryRun: under the Runner (kplay run, the golden tests) every story
// directive prints ok, and the Runner makes the same order checks.
func TestStoryRun(t *testing.T) {
	dirs, err := Parse("story", storyScript)
	if err != nil {
		t.Fatal(err)
	}
	var r Runner
	for _, d := range dirs {
		out, err := r.Exec(d)
		if err != nil {
			t.Fatalf("line %d: %v", d.Pos.Line, err)
		}
		if classify(d.Cmd) == kindStory && out != "ok\n" {
			t.Errorf("line %d %s: output %q, want ok", d.Pos.Line, d.Cmd, out)
		}
	}
	dirs, err = Parse("late", "cluster brokers=3\nask \"q?\" options=(a, b) answer=a\nadvance 1s\nwhy \"w\"\n")
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunAll(dirs)
	if p, ok := ErrorPos(err); !ok || p != (Pos{4, 1}) || !strings.Contains(err.Error(), "why must directly follow") {
		t.Errorf("a late why under the Runner: err = %v", err)
	}
}

// TestSourceAndPartner: source, fixed-by and bug-in compile into the
// Scenario, may stand above the cluster, print ok in a run, and bad ones
// are errors at their position.
func TestSourceAndPartner(t *testing.T) {
	const src = `title "A follower restarts"
source "KAFKA-7128: Lagging high watermark can lead to committed data loss after ISR expansion" url=https://issues.apache.org/jira/browse/KAFKA-7128
fixed-by incident-kafka-7128-fixed
cluster brokers=3 kafka=2.0
source "KIP-101 (the wiki page)" url=https://cwiki.apache.org/confluence/display/KAFKA/KIP-101?x=1
`
	sc, err := ParseAndCompile("s", src)
	if err != nil {
		t.Fatal(err)
	}
	want := []Source{
		{"KAFKA-7128: Lagging high watermark can lead to committed data loss after ISR expansion", "https://issues.apache.org/jira/browse/KAFKA-7128"},
		{"KIP-101 (the wiki page)", "https://cwiki.apache.org/confluence/display/KAFKA/KIP-101?x=1"},
	}
	if len(sc.Sources) != 2 || sc.Sources[0] != want[0] || sc.Sources[1] != want[1] {
		t.Errorf("Sources = %+v, want %+v", sc.Sources, want)
	}
	if sc.FixedBy != "incident-kafka-7128-fixed" || sc.BugIn != "" {
		t.Errorf("FixedBy %q, BugIn %q", sc.FixedBy, sc.BugIn)
	}
	dirs, _ := Parse("s", src)
	outs, err := RunAll(dirs)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range outs {
		if o != "ok\n" {
			t.Errorf("directive %d printed %q", i+1, o)
		}
	}
	sc, err = ParseAndCompile("s", "bug-in incident-kafka-7128\ncluster brokers=3\n")
	if err != nil || sc.BugIn != "incident-kafka-7128" || sc.FixedBy != "" {
		t.Errorf("bug-in: %+v, %v", sc, err)
	}
	for _, c := range []struct{ text, msg string }{
		{`source "x"`, "1:1: source needs url=ADDRESS"},
		{`source x url=https://a.b/`, "1:1: source needs its text in double quotes"},
		{`source "x" url=javascript:alert(1)`, "1:12: url javascript:alert(1): a source's address starts with https:// or http://"},
		{`source "x" url=https:///path`, "the address names no host"},
		{`source "x" url=https://a.b/<script>`, `holds '<' at byte 13`},
		{`source "x" url=https://a.b/ url=https://c.d/`, "1:29: url is given twice"},
		{`source "x" link=https://a.b/`, "1:12: source takes url=, not link="},
		{`source "x" https://a.b/`, `"https://a.b/" follows the text`},
		{`source "` + strings.Repeat("x", MaxSourceBytes+1) + `" url=https://a.b/`, "the source text is 201 bytes; the limit is 200"},
		{`source "x" url=https://a.b/` + strings.Repeat("x", MaxSourceURLBytes), "the limit is 300"},
		{strings.Repeat("source \"x\" url=https://a.b/\n", MaxSources+1), "5:1: the script already has 4 source directives"},
		{"fixed-by", "1:1: fixed-by takes one preset name"},
		{"fixed-by a b", "1:1: fixed-by takes one preset name"},
		{"fixed-by a=b", "1:1: fixed-by takes one preset name"},
		{"bug-in Incident_7128", `1:8: preset name "Incident_7128" holds 'I'`},
		{"fixed-by " + strings.Repeat("a", MaxPresetNameBytes+1), "the preset name is 65 bytes; the limit is 64"},
		{"fixed-by a\nfixed-by b", "2:1: the script already names its partner preset"},
		{"fixed-by a\nbug-in b", "2:1: the script already names its partner preset"},
	} {
		s := c.text + "\ncluster brokers=3\n"
		if _, err := ParseAndCompile("", s); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: compile error %v, want %q", c.text, err, c.msg)
		}
		dirs, perr := Parse("", s)
		if perr != nil {
			t.Fatalf("%s: %v", c.text, perr)
		}
		if _, err := RunAll(dirs); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: run error %v, want %q", c.text, err, c.msg)
		}
	}
}

// TestRelease: Release reads kafka= from the cluster line, skipping
// expected outputs, and is Kafka 4.4 when the line names none.
func TestRelease(t *testing.T) {
	for _, c := range []struct {
		src  string
		want engine.Release
	}{
		{"cluster brokers=3 kafka=2.0\n", 200},
		{"title \"x\"\n----\nok\n\n# cluster kafka=1.0\ncluster brokers=2 kafka=3.4.1 latency=(0,0)\n", 304},
		{"log t-0\n----\ncluster kafka=2.0\n\ncluster brokers=3\n", engine.LatestRelease},
		{"cluster brokers=3 kafka=9.9\n", engine.LatestRelease},
		{"", engine.LatestRelease},
	} {
		if got := Release(c.src); got != c.want {
			t.Errorf("Release(%q) = %s, want %s", c.src, got, c.want)
		}
	}
}
