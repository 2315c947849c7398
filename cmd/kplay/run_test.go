package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kplay/engine/script"
)

// scriptFiles lists the repository's scripts: the presets and the engine's
// behaviour scripts.
func scriptFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pat := range []string{"../../scenarios/*.txt", "../../engine/testdata/*.txt"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no scripts found")
	}
	return files
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestRunOutputIsGolden checks that "kplay run" prints a golden file: for
// every script in the repository, "kplay test" of run's output passes,
// and a script with its variants' runs appended is run's output.
func TestRunOutputIsGolden(t *testing.T) {
	for _, f := range scriptFiles(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := cli([]string{"run", f}, &out, &errb); code != 0 {
				t.Fatalf("kplay run exit %d: %s", code, errb.String())
			}
			// A stripped script (the page's and links' form) runs to the
			// same golden text.
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var sout bytes.Buffer
			if code := cli([]string{"run", writeFile(t, "stripped.txt", script.StripExpected(string(src)))}, &sout, &errb); code != 0 {
				t.Fatalf("kplay run of the stripped script: exit %d: %s", code, errb.String())
			}
			if sout.String() != out.String() {
				t.Errorf("the stripped script runs to different text:\n%s", sout.String())
			}
			// A script that holds its variants' runs (a preset with vs
			// lines) holds them as kplay run prints them now, so that a
			// change in any run, and in the differences table, shows in
			// review.
			if strings.Contains(string(src), "\n"+appendixMark) && out.String() != string(src) {
				t.Errorf("the file's variant runs are not what kplay run prints; kplay run prints:\n%s", out.String())
			}
			p := writeFile(t, "out.txt", out.String())
			var tout bytes.Buffer
			if code := cli([]string{"test", p}, &tout, &errb); code != 0 {
				t.Fatalf("kplay test of run's output exit %d:\n%s", code, tout.String())
			}
		})
	}
}

const errScript = `# title: errors
cluster brokers=3
----
ok

# Comment for the next directive.
produce nosuch-0 values=(a)
----
wrong

create-topic orders partitions=1 rf=3
----
ok
`

func TestRunErrors(t *testing.T) {
	p := writeFile(t, "e.txt", errScript)
	var out, errb bytes.Buffer
	if code := cli([]string{"run", p}, &out, &errb); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if want := p + ":7:1: no topic nosuch\n"; errb.String() != want {
		t.Errorf("stderr = %q, want %q", errb.String(), want)
	}
	for _, want := range []string{
		"# title: errors\ncluster brokers=3\n----\nok\n\n",
		"# Comment for the next directive.\nproduce nosuch-0 values=(a)\n----\nerror: 7:1: no topic nosuch\n\n",
		"create-topic orders partitions=1 rf=3\n----\n00:00:00.000 controller created topic orders",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, out.String())
		}
	}

	// A parse error stops the run before anything is printed.
	p = writeFile(t, "p.txt", "cluster brokers=3\n----\nok\n\ncreate-topic orders =x\n")
	out.Reset()
	errb.Reset()
	if code := cli([]string{"run", p}, &out, &errb); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if !strings.HasPrefix(errb.String(), p+":5:") || out.Len() != 0 {
		t.Errorf("parse error: stdout %q, stderr %q", out.String(), errb.String())
	}

	// A missing file.
	errb.Reset()
	if code := cli([]string{"run", filepath.Join(t.TempDir(), "none.txt")}, &out, &errb); code != 1 {
		t.Errorf("missing file: exit %d, want 1", code)
	}
}

func TestTestReportsDiffs(t *testing.T) {
	p := writeFile(t, "e.txt", errScript)
	var out, errb bytes.Buffer
	if code := cli([]string{"test", p}, &out, &errb); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	got := out.String()
	for _, want := range []string{
		"FAIL " + p + ":7: produce nosuch-0 values=(a)\n",
		"-wrong\n+error: 7:1: no topic nosuch\n",
		"FAIL " + p + ":11: create-topic orders partitions=1 rf=3\n",
		"-ok\n+00:00:00.000 controller created topic orders",
		"1 passed, 2 failed\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}

	// The same script with its outputs fixed by run passes.
	var fixed bytes.Buffer
	cli([]string{"run", p}, &fixed, &errb)
	q := writeFile(t, "fixed.txt", fixed.String())
	out.Reset()
	if code := cli([]string{"test", q, q}, &out, &errb); code != 0 {
		t.Fatalf("fixed script: exit %d:\n%s", code, out.String())
	}
	if got := out.String(); got != "6 passed, 0 failed\n" {
		t.Errorf("fixed script: %q", got)
	}
}

func TestGoldenBlankLines(t *testing.T) {
	// An output with a blank line needs the "----" "----" form to round-trip.
	res := []result{{Dir: dirOf(t, "cluster brokers=3\n"), Out: "a\n\nb\n"}}
	var b bytes.Buffer
	if err := formatGolden(&b, res, []string{"# end"}); err != nil {
		t.Fatal(err)
	}
	want := "cluster brokers=3\n----\n----\na\n\nb\n----\n----\n\n# end\n"
	if b.String() != want {
		t.Fatalf("got %q, want %q", b.String(), want)
	}
}

func TestUsage(t *testing.T) {
	var out, errb bytes.Buffer
	for _, args := range [][]string{nil, {"bogus"}, {"run"}, {"test"}, {"serve"}, {"run", "a", "b"}} {
		if code := cli(args, &out, &errb); code != 2 {
			t.Errorf("kplay %v: exit %d, want 2", args, code)
		}
	}
}

func dirOf(t *testing.T, line string) script.Directive {
	t.Helper()
	ds, err := script.Parse("x", line)
	if err != nil || len(ds) != 1 {
		t.Fatalf("parse %q: %v", line, err)
	}
	return ds[0]
}

// TestCheckCommand runs kplay check on a few seeds: the safe mode passes
// and prints its summary; a bad flag is a usage error.
func TestCheckCommand(t *testing.T) {
	var out, errb strings.Builder
	if code := cli([]string{"check", "-seeds", "20", "-mode", "safe"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errb.String())
	}
	if !strings.Contains(out.String(), "mode safe    20 seeds, 0 with violations") {
		t.Fatalf("unexpected output:\n%s", out.String())
	}
	if code := cli([]string{"check", "-mode", "bogus"}, &out, &errb); code != 2 {
		t.Fatalf("bad mode: exit %d, want 2", code)
	}
}

// TestRunStoryDirectives: kplay run prints ok under title, summary, say
// and why (the engine never sees them), keeps their quoted text as
// written, and names the line of a why that follows no ask.
func TestRunStoryDirectives(t *testing.T) {
	src := "title \"acks=1 (one ack) can lose a write\"\n" +
		"summary \"Watch the leader crash.\"\n" +
		"cluster brokers=3\n" +
		"say \"b1 leads; acks=1 means only b1 must have it.\"\n" +
		"ask \"Lost?\" options=(yes, no) answer=yes\n" +
		"why \"Only b1 had it.\" show=0s\n"
	p := writeFile(t, "story.txt", src)
	var out, errb bytes.Buffer
	if code := cli([]string{"run", p}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want := "title \"acks=1 (one ack) can lose a write\"\n----\nok\n\n" +
		"summary \"Watch the leader crash.\"\n----\nok\n\n" +
		"cluster brokers=3\n----\nok\n\n" +
		"say \"b1 leads; acks=1 means only b1 must have it.\"\n----\nok\n\n" +
		"ask \"Lost?\" options=(yes, no) answer=yes\n----\nask: Lost? (yes | no) answer: yes\n\n" +
		"why \"Only b1 had it.\" show=0s\n----\nok\n"
	if out.String() != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out.String(), want)
	}

	p = writeFile(t, "late.txt", "cluster brokers=3\nask \"Lost?\" options=(yes, no) answer=yes\nadvance 1s\nwhy \"Only b1 had it.\"\n")
	out.Reset()
	errb.Reset()
	if code := cli([]string{"run", p}, &out, &errb); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if want := p + ":4:1: why must directly follow the ask it explains (line 4 has no ask above it)\n"; errb.String() != want {
		t.Errorf("stderr = %q, want %q", errb.String(), want)
	}
}

// TestRunKeepsQuotedText: kplay run prints a directive whose text holds
// \" and \\ as written, so that its output is a script that reads back
// the same texts, and names a bad escape's line and column.
func TestRunKeepsQuotedText(t *testing.T) {
	src := "title \"The \\\"acks=1\\\" loss\"\n" +
		"cluster brokers=3\n" +
		"say \"b1 answers \\\"OK\\\"; C:\\\\kafka is a path.\"\n" +
		"ask \"Is \\\"m2\\\" safe?\" options=(yes, not safe) answer=(not safe)\n"
	p := writeFile(t, "quoted.txt", src)
	var out, errb bytes.Buffer
	if code := cli([]string{"run", p}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want := "title \"The \\\"acks=1\\\" loss\"\n----\nok\n\n" +
		"cluster brokers=3\n----\nok\n\n" +
		"say \"b1 answers \\\"OK\\\"; C:\\\\kafka is a path.\"\n----\nok\n\n" +
		"ask \"Is \\\"m2\\\" safe?\" options=(yes, not safe) answer=(not safe)\n----\nask: Is \"m2\" safe? (yes | not safe) answer: not safe\n"
	if out.String() != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out.String(), want)
	}
	p = writeFile(t, "bad.txt", "cluster brokers=3\nsay \"C:\\kafka\"\n")
	out.Reset()
	errb.Reset()
	if code := cli([]string{"run", p}, &out, &errb); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if want := p + ":2:8: \\k is not an escape; inside double quotes write \\\" for a double quote and \\\\ for a backslash\n"; errb.String() != want {
		t.Errorf("stderr = %q, want %q", errb.String(), want)
	}
}
