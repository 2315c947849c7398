package main

import (
	"bytes"
	"html"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"kplay/link"
	"kplay/site"
)

// teacherScript is a lesson scenario of a teacher's own, as
// docs/authoring.md writes one: CRLF line ends, a note and a question.
const teacherScript = "title \"My lesson: acks=1\"\r\n----\r\nok\r\n\r\n# a teacher's note\r\ncluster brokers=3 min.insync.replicas=2\r\n----\r\nok\r\n\r\ncreate-topic t partitions=1 rf=3\r\n----\r\n\r\nask \"Is m0 safe?\" options=(yes, no) answer=yes\r\n----\r\nask: Is m0 safe? (yes | no) answer: yes\r\n"

// kplayOut runs the kplay command line with args and returns its exit
// code and what it printed.
func kplayOut(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := cli(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestLinkRoundTrip: `kplay link FILE` prints a link whose script is the
// file byte for byte (a lesson repository builds its links in CI), for
// every preset, engine script and a teacher's file with CRLF line ends;
// -t adds the moment, -base the site.
func TestLinkRoundTrip(t *testing.T) {
	files := append(scriptFiles(t), writeFile(t, "lesson.txt", teacherScript))
	for _, f := range files {
		want, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if len(want) > link.MaxDecoded {
			continue
		}
		code, out, errOut := kplayOut("link", "-base", "https://kplay.example/", f)
		if code != 0 {
			t.Errorf("kplay link %s: exit %d: %s", f, code, errOut)
			continue
		}
		frag, ok := strings.CutPrefix(strings.TrimSuffix(out, "\n"), "https://kplay.example/#")
		if !ok {
			t.Errorf("kplay link %s printed %q, not a link to https://kplay.example/", f, out)
			continue
		}
		l, err := link.Parse(frag)
		if err != nil || l.Script != string(want) || l.HasT {
			t.Errorf("kplay link %s: the link decodes to %d bytes (t %v, %v), want the file's %d byte for byte", filepath.Base(f), len(l.Script), l.HasT, err, len(want))
		}
	}
	f := writeFile(t, "lesson.txt", teacherScript)
	_, out, _ := kplayOut("link", "-t", "00:00:05.000", f)
	l, err := link.Parse(out[strings.Index(out, "#")+1 : len(out)-1])
	if err != nil || !l.HasT || l.T != 5000 || !strings.HasPrefix(out, "http://127.0.0.1:8080/#") {
		t.Errorf("kplay link -t 00:00:05.000 printed %q: t %v %d (%v)", out, l.HasT, l.T, err)
	}
}

// TestEmbedRoundTrip: `kplay embed FILE` prints the page's own embed code
// (site.EmbedHTML) for the file, whose src carries the file byte for
// byte and the flags' options.
func TestEmbedRoundTrip(t *testing.T) {
	f := writeFile(t, "lesson.txt", teacherScript)
	code, out, errOut := kplayOut("embed", "-base", "https://kplay.example", "-panels", "log,outline", "-controls", "none", "-autoplay", "0", "-speed", "0.1", "-lesson", "week-3", "-origin", "https://school.example", f)
	if code != 0 {
		t.Fatalf("kplay embed: exit %d: %s", code, errOut)
	}
	m := regexp.MustCompile(`<iframe id="[^"]+" src="([^"]+)"[^>]* title="kplay: My lesson: acks=1"></iframe>`).FindStringSubmatch(out)
	if m == nil || !strings.Contains(out, site.EmbedGrowNote) || !strings.Contains(out, `e.origin==="https://kplay.example"`) {
		t.Fatalf("kplay embed printed no embed code for the lesson:\n%s", out)
	}
	u, err := url.Parse(html.UnescapeString(m[1]))
	if err != nil || u.Scheme+"://"+u.Host+u.Path != "https://kplay.example/embed.html" {
		t.Fatalf("src %q (%v)", m[1], err)
	}
	q := u.Query()
	for k, want := range map[string]string{"panels": "log,outline", "controls": "none", "autoplay": "0", "speed": "0.1", "lesson": "week-3", "origin": "https://school.example"} {
		if q.Get(k) != want {
			t.Errorf("%s=%q, want %q", k, q.Get(k), want)
		}
	}
	l, err := link.Parse("s=" + url.QueryEscape(q.Get("s")))
	if err != nil || l.Script != teacherScript || q.Has("t") {
		t.Errorf("the embed's script is %q (%v), t %q; want the file byte for byte, from the start", l.Script, err, q.Get("t"))
	}
	// The defaults are the page's "Copy embed code".
	_, out, _ = kplayOut("embed", f)
	if !strings.Contains(out, "&amp;controls=min&amp;panels=log%2Cdescribe%2Cinspector\"") {
		t.Errorf("kplay embed's defaults are not the page's: %s", out)
	}
}

// TestLinkRefuses: what the page would refuse or ignore is refused with
// the file, line and column, or the flag, and why; nothing is printed
// on standard output.
func TestLinkRefuses(t *testing.T) {
	ok := writeFile(t, "ok.txt", teacherScript)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"parse error", []string{"link", writeFile(t, "bad.txt", "cluster brokers=3\nsay \"unterminated\n")}, "bad.txt:2:1: the say text has no closing double quote"},
		{"refused step", []string{"link", writeFile(t, "crash9.txt", "cluster brokers=3\ncrash 9\n")}, "crash9.txt:2:1: no broker 9"},
		{"claim fails", []string{"link", writeFile(t, "claim.txt", "cluster brokers=3\ncreate-topic t partitions=1 rf=3\nrun until=00:00:01.000\nexpect leader t-0=2\n")}, "claim.txt:4: claim failed: t-0's leader is b1, not b2"},
		{"too large", []string{"link", writeFile(t, "big.txt", "cluster brokers=3\n"+strings.Repeat("# a long note\n", 6000))}, "a kplay link carries at most 65536"},
		{"no such file", []string{"link", filepath.Join(t.TempDir(), "none.txt")}, "no such file"},
		{"two files", []string{"link", ok, ok}, "give one script file"},
		{"moment not a time", []string{"link", "-t", "soon", ok}, `-t "soon"`},
		{"moment past the end", []string{"link", "-t", "23:00:00.000", ok}, "-t 23:00:00.000 is not in the scenario's run"},
		{"base not a site", []string{"link", "-base", "kplay.example", ok}, `-base "kplay.example" is not a site's address`},
		{"bad panel", []string{"embed", "-panels", "log,chat", ok}, `panels="log,chat" was ignored`},
		{"bad controls", []string{"embed", "-controls", "some", ok}, `controls="some" was ignored`},
	} {
		code, out, errOut := kplayOut(c.args...)
		if code != 1 || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 1 and %q", c.name, code, out, errOut, c.want)
		}
	}
	if code, _, _ := kplayOut("link", "-nosuchflag", ok); code != 2 {
		t.Errorf("an unknown flag: exit %d, want 2", code)
	}
}
