package site

import (
	"net/url"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/link"
)

// TestEmbedCodeFromTheStart: "Copy embed code" offers the embed from the
// scenario's start, with no t= (a teacher who paused to copy got an
// embed frozen at that moment), and at this moment, with t=; a preset
// the reader has not changed is embedded by its name, preset=NAME, so
// that the embed follows the preset as kplay improves it and its
// address says what it is.
func TestEmbedCodeFromTheStart(t *testing.T) {
	s := OpenStartup(ParseStartup("", "?preset=acks1-loss"), false)
	s.Dispatch(Seek{At: 4000})
	src := func(code string) url.Values {
		t.Helper()
		i := strings.Index(code, `src="`)
		j := strings.Index(code[i+5:], `"`)
		u, err := url.Parse(strings.ReplaceAll(code[i+5:i+5+j], "&amp;", "&"))
		if err != nil {
			t.Fatal(err)
		}
		return u.Query()
	}
	start := src(s.EmbedCode("https://kplay.example", true))
	if start.Get("preset") != "acks1-loss" || start.Has("t") || start.Has("s") {
		t.Errorf("from the start, unedited: %v; want preset=acks1-loss and no t= or s=", start)
	}
	now := src(s.EmbedCode("https://kplay.example", false))
	if now.Get("preset") != "acks1-loss" || now.Get("t") != "4000" {
		t.Errorf("at this moment, unedited: %v; want preset=acks1-loss&t=4000", now)
	}
	// The address opens where it says.
	st := ParseStartup("", "?"+now.Encode())
	if st.Banner != "" || !st.HasSeek || st.Seek != 4000 || st.Name != "acks1-loss.txt" {
		t.Errorf("preset=acks1-loss&t=4000 opens %s at %v (%v), banner %q", st.Name, st.Seek, st.HasSeek, st.Banner)
	}
	if st := ParseStartup("", "?preset=acks1-loss&t=abc"); st.HasSeek || !strings.Contains(st.Banner, "t=") {
		t.Errorf("preset=acks1-loss&t=abc: seek %v, banner %q; want no seek and a banner naming t=", st.HasSeek, st.Banner)
	}

	// The reader's action makes it their scenario: a link, from the start
	// or at the moment, whose script holds the action.
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	for _, fromStart := range []bool{true, false} {
		q := src(s.EmbedCode("https://kplay.example", fromStart))
		if q.Has("preset") || !q.Has("s") || q.Has("t") != !fromStart {
			t.Errorf("after a crash, from the start %v: %v", fromStart, q)
			continue
		}
		l, err := link.Parse("s=" + url.QueryEscape(q.Get("s")))
		if err != nil || !strings.Contains(l.Script, "crash 1") {
			t.Errorf("after a crash, the embed's script %q (%v) has no crash 1", l.Script, err)
		}
	}
}

// TestEmbedParamsQuery: every option is written once, escaped, in a
// fixed order, and an empty one is left out.
func TestEmbedParamsQuery(t *testing.T) {
	p := EmbedParams{Panels: "log,outline", Controls: "min", Autoplay: "0", Speed: "0.1", Theme: "dark", Lesson: "week 3", Origin: "https://a.example,https://b.example"}
	got := p.Query("preset=x")
	want := "preset=x&controls=min&panels=log%2Coutline&autoplay=0&speed=0.1&theme=dark&lesson=week+3&origin=https%3A%2F%2Fa.example%2Chttps%3A%2F%2Fb.example"
	if got != want {
		t.Errorf("Query = %s\nwant    %s", got, want)
	}
	if got := (EmbedParams{}).Query("preset=x"); got != "preset=x" {
		t.Errorf("no options: %s", got)
	}
}
