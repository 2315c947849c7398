package site

import (
	"math"
	"slices"
	"strings"
	"testing"

	"kplay/engine/script"
	"kplay/link"
	"kplay/scenarios"
)

// The fuzz targets here feed the page's inputs end to end, as the browser
// hands them over: a share link's whole fragment, embed.html's query
// string, and a script applied in the editor. Each input must open or be
// refused without a panic, at a bounded cost, keeping the reader's text
// and saying why whatever was refused was refused. `go test` runs their
// seed corpora (testdata/fuzz and the f.Add seeds); the long runs are
// described in docs/design.md, "Fuzzing and checking at scale".

// fuzzEventBudget is the most events opening one fuzzed input may make: a
// script stops at script.MaxScriptEvents and a link's playhead at the
// scenario's end (ScenarioEnd), so a page input that makes more is
// unbounded work. The slack covers the events of the step that crosses
// the limit.
const fuzzEventBudget = script.MaxScriptEvents + 100_000

// fuzzScripts are seed scripts: every preset, and hostile ones (a big
// cluster simulated far ahead, a far start, broken syntax).
func fuzzScripts() []string {
	var out []string
	for _, p := range scenarios.All() {
		out = append(out, p.Text)
	}
	return append(out,
		"cluster brokers=9\ncreate-topic t partitions=12 rf=3\nproduce t-0 rate=100/s for=10m\nadvance 59m\nadvance 59m\n",
		"cluster brokers=3 start=23:59:59.000\ncreate-topic t\nadvance 1h\n",
		"cluster brokers=3\ncreate-topic t\nproduce t-0 count=10000\nadvance 10s\nask \"?\" options=(a, b) answer=a\n",
		"cluster brokers=3\ncreate-topic t\ncrash 1 lose-unflushed=999999999\nrestart 1\nadvance 1s\n",
		"cluster brokers=3\nproduce t-9 values=(\"unterminated\n",
		"cluster brokers=64 latency=(0,0)\n",
		"",
	)
}

// checkOpened holds for every Store the page opens from an address:
// something plays, the work was bounded, the playhead is within the
// scenario, a script that does not compile is in the editor as it came,
// and a notice says why the page shows something else than asked.
func checkOpened(t *testing.T, st Startup, s *Store) {
	t.Helper()
	if s == nil || s.Player == nil {
		t.Fatal("no store")
	}
	if n := s.Player.EventCount(); n > fuzzEventBudget {
		t.Fatalf("opening made %d events, over the page's bound of %d", n, fuzzEventBudget)
	}
	if end := ScenarioEnd(s.Player.Scenario()); s.Player.Now() > end {
		t.Fatalf("opened at %d, past the scenario's end %d", s.Player.Now(), end)
	}
	if st.Name == "link" && s.Err != "" && (s.EditorText() != st.Script || s.EditorProblem() == nil) {
		t.Fatalf("a link whose script fails (%s) lost it from the editor or does not mark it", s.Err)
	}
}

// FuzzOpenLink opens a share link (location.hash) as the page does:
// ParseStartup then OpenStartup. The link is built from a script and a
// playhead and then cut or extended by tail, the way a copy damages it;
// raw uses tail alone as the fragment.
func FuzzOpenLink(f *testing.F) {
	// Small playheads keep each run short, so that the fuzzer spends its
	// time on the link's text; a mutated t past the end costs one replay
	// to ScenarioEnd.
	for i, src := range fuzzScripts() {
		f.Add(src, int64(i%4)*1500, "", false)
	}
	f.Add("cluster brokers=3\n", int64(999_999_999_999), "", false)
	f.Add("cluster brokers=3\n", int64(-1), "", false)
	f.Add("cluster brokers=3\n", int64(0), "&t=12&t=x&s=2.AAAA", false)
	f.Add("", int64(0), "#s=1.!!!&t=99999999999999999999", true)
	f.Add("", int64(0), "s=1."+strings.Repeat("A", 100), true)
	f.Fuzz(func(t *testing.T, src string, at int64, tail string, raw bool) {
		frag := "#" + link.Encode(link.Link{Script: src, T: at, HasT: true}) + tail
		if raw {
			frag = tail
		}
		st := ParseStartup(frag, "")
		if st.Script == "" {
			t.Fatal("nothing to open")
		}
		// A link with an empty script opens the default preset quietly.
		if st.Name != "link" && src != "" && st.Banner == "" && !raw {
			t.Fatalf("the link was not opened and no notice says why")
		}
		s := OpenStartup(st, false)
		checkOpened(t, st, s)
		if st.HasSeek && st.Seek > ScenarioEnd(s.Player.Scenario()) && !strings.Contains(s.Share.Notice, "later than its scenario runs") {
			t.Fatalf("t=%d past the end opened without the notice: %q", st.Seek, s.Share.Notice)
		}
	})
}

// FuzzOpenEmbed opens embed.html's address: a share link in the query
// followed by the reader's (or a lesson author's) parameters.
func FuzzOpenEmbed(f *testing.F) {
	l := link.Encode(link.Link{Script: "cluster brokers=3\ncreate-topic t\n", T: 1500, HasT: true})
	for _, q := range []string{
		"autoplay=1&speed=0.01&panels=log,describe&controls=min&theme=dark",
		"autoplay=2&speed=NaN&panels=log,,nope&controls=max&theme=blue&lesson=7",
		"speed=1e308&t=999999999999",
		"speed=-0&lesson=0&preset=jepsen-2013",
		"panels=" + strings.Repeat("log,", 500),
		"%zz&autoplay=%",
		"preset=" + strings.Repeat("x", 100),
	} {
		f.Add(l, q)
		f.Add("", q)
	}
	f.Fuzz(func(t *testing.T, share, params string) {
		q := "?" + share
		if params != "" {
			q += "&" + params
		}
		st := ParseStartup("", q)
		s := OpenStartup(st, true)
		checkOpened(t, st, s)
		e := s.Share.Embed
		if e == nil {
			t.Fatal("an embed without its options")
		}
		if !(s.Speed > 0) || math.IsInf(s.Speed, 0) || s.Speed != ClampSpeed(s.Speed) {
			t.Fatalf("speed %v is not a playable speed", s.Speed)
		}
		if c := s.Controls(); c != "full" && c != "min" && c != "none" {
			t.Fatalf("controls %q", c)
		}
		if e.Theme != "" && e.Theme != "light" && e.Theme != "dark" {
			t.Fatalf("theme %q", e.Theme)
		}
		for _, p := range e.Panels {
			if !slices.Contains(EmbedPanels, p) {
				t.Fatalf("panel %q is not one of %v", p, EmbedPanels)
			}
		}
		if len(st.Banner) > 4096 {
			t.Fatalf("the notice is %d bytes: hostile input is quoted back unclipped", len(st.Banner))
		}
	})
}

// FuzzApplyScript types a script into the editor of the default preset
// and applies it (EditScript, ApplyScript), then steps once. A draft that
// does not compile stays in the editor with its problem marked and a
// "Not applied" status; one that compiles plays, at a bounded cost.
func FuzzApplyScript(f *testing.F) {
	for _, src := range fuzzScripts() {
		f.Add(src)
	}
	p, _ := scenarios.Get(scenarios.Default)
	f.Add(p.Text + "crash 1\nadvance 30s\nrestart 1\n")
	f.Add(p.Text + "\n----\nexpected output\n")
	f.Add(strings.Repeat("x", MaxScript+1))
	f.Fuzz(func(t *testing.T, draft string) {
		s := NewStoreFromScript(p.Name+".txt", p.Text)
		s.Dispatch(EditScript{Text: draft})
		s.Dispatch(ApplyScript{})
		if s.Edit.Dirty {
			if s.EditorText() != draft {
				t.Fatal("the draft was changed or dropped")
			}
			if s.Edit.Problem == nil || !strings.HasPrefix(s.Edit.Status, "Not applied") {
				t.Fatalf("a draft kept unapplied without its reason: problem %v status %q", s.Edit.Problem, s.Edit.Status)
			}
			if s.Edit.Problem.Msg == "" {
				t.Fatal("a problem without a message")
			}
		} else if draft != s.ScriptText() && !strings.HasPrefix(s.Edit.Status, "Applied") && draft != p.Text {
			t.Fatalf("the draft left the editor but was not applied: status %q", s.Edit.Status)
		}
		s.Dispatch(StepOnce{})
		if n := s.Player.EventCount(); n > fuzzEventBudget {
			t.Fatalf("applying made %d events, over the page's bound of %d", n, fuzzEventBudget)
		}
		if end := ScenarioEnd(s.Player.Scenario()); s.Player.Now() > end {
			t.Fatalf("playhead %d past the scenario's end %d", s.Player.Now(), end)
		}
	})
}
