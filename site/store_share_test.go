package site

import (
	"html"
	"strconv"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/link"
	"kplay/scenarios"
)

// TestShareRoundTrip: a share link taken mid-run, with a user's action in
// it, reopens the same scenario at the same moment, paused.
func TestShareRoundTrip(t *testing.T) {
	p, _ := scenarios.Get("acks1-loss")
	s := NewStoreFromScript(p.Name+".txt", p.Text)
	s.Player.Seek(12000)
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 3}})
	s.Player.Seek(20000)
	frag := s.ShareFragment()

	o := OpenStartup(ParseStartup("#"+frag, ""), false)
	if o.Share.Notice != "" || o.Playing || o.Player.Now() != s.Player.Now() {
		t.Fatalf("reopened: notice %q playing %v at %v, want %v", o.Share.Notice, o.Playing, o.Player.Now(), s.Player.Now())
	}
	if o.Player.Describe() != s.Player.Describe() || o.Player.EventCount() != s.Player.EventCount() {
		t.Errorf("reopened state differs:\n%s\nvs\n%s", o.Player.Describe(), s.Player.Describe())
	}
	if again := o.ShareFragment(); again != frag {
		t.Errorf("the reopened page shares a different link")
	}
}

func TestOpenStartupEmbedAndNotice(t *testing.T) {
	o := OpenStartup(ParseStartup("#s=1.%%%", "?autoplay=1&speed=0.5&theme=dark&panels=log"), true)
	if !strings.HasPrefix(o.Share.Notice, Damaged) || o.Share.Embed == nil || !o.Playing || o.Speed != 0.5 || o.Manners.Theme != "dark" {
		t.Fatalf("embed startup: %+v notice %q", o.Share.Embed, o.Share.Notice)
	}
	if !o.ShowPanel("log") || o.ShowPanel("describe") {
		t.Error("panels=log does not limit the panels")
	}
	o.Dispatch(DismissNotice{})
	if o.Share.Notice != "" {
		t.Error("the notice stays")
	}
	full := OpenStartup(ParseStartup("", ""), false)
	if full.Share.Embed != nil || !full.ShowPanel("describe") || full.Share.Preset != scenarios.Default {
		t.Errorf("full page: embed %v preset %q", full.Share.Embed, full.Share.Preset)
	}
}

func TestEmbedCodeEscapes(t *testing.T) {
	s := NewStoreFromScript("x", "# title: \"><script>alert(1)</script>\ncluster brokers=3\n")
	code := s.EmbedCode("https://kplay.example", false)
	if strings.Count(code, "<script>") != 1 || strings.Contains(code, "alert") && !strings.Contains(code, "&lt;script&gt;alert(1)&lt;/script&gt;") ||
		!strings.Contains(code, ` src="https://kplay.example/embed.html?s=1.`) || !strings.Contains(code, `e.origin==="https://kplay.example"`) {
		t.Errorf("embed code %s", code)
	}
}

// TestEmbedCodeSaysItGrows: the embed code says, in an HTML comment
// between its <iframe> and its script, that the script lets the frame grow
// to its content (an author who pasted the <iframe> alone got a 600-px
// frame cut off in the legend, with no word of why), and its panels show
// the inspector, which a click on a broker opens.
func TestEmbedCodeSaysItGrows(t *testing.T) {
	code := OpenStartup(ParseStartup("", ""), false).EmbedCode("https://kplay.example", true)
	iframe, note, script := strings.Index(code, "</iframe>"), strings.Index(code, "<!--"), strings.Index(code, "<script>")
	if iframe < 0 || note < iframe || script < note || !strings.Contains(code[note:script], "grow") || !strings.Contains(code[note:script], "-->") {
		t.Errorf("the embed code has no comment on its script between the iframe and the script:\n%s", code)
	}
	if !strings.Contains(code, "panels=log%2Cdescribe%2Cinspector") {
		t.Errorf("the embed code's panels leave out the inspector: %s", code)
	}
}

func TestPickPreset(t *testing.T) {
	s := OpenStartup(ParseStartup("", "?panels=log"), true)
	s.Dispatch(PickPreset{Name: "jepsen-2013"})
	if s.Share.Preset != "jepsen-2013" || !strings.Contains(s.Title, "Jepsen") || s.Share.Embed == nil {
		t.Fatalf("after picking: preset %q title %q embed %v", s.Share.Preset, s.Title, s.Share.Embed)
	}
	s.Dispatch(PickPreset{Name: "nope"})
	if !strings.Contains(s.Share.Notice, "no preset") {
		t.Errorf("notice %q", s.Share.Notice)
	}
}

// TestEscapeHTMLMatchesHTMLPackage keeps escapeHTML in step with
// html.EscapeString, which the page leaves out for its size.
func TestEscapeHTMLMatchesHTMLPackage(t *testing.T) {
	for _, s := range []string{"", "plain", `<a href="x?a=1&b='2'">`, "&amp; already", "kplay: a <b> \"c\" 'd' & e"} {
		if got, want := escapeHTML(s), html.EscapeString(s); got != want {
			t.Errorf("escapeHTML(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestCopiedGoesAway: the confirmation of a copy goes when its timer
// says so, unless another copy came since; the field shown when the
// browser refused the clipboard stays.
func TestCopiedGoesAway(t *testing.T) {
	s := OpenStartup(ParseStartup("", ""), false)
	s.Dispatch(Copied{What: "link", Text: "a"})
	first := s.Share.CopiedSeq
	s.Dispatch(Copied{What: "embed code", Text: "b"})
	s.Dispatch(CopyExpired{Seq: first})
	if s.Share.Copied != "embed code" {
		t.Fatalf("the first copy's timer hid the second's confirmation: %q", s.Share.Copied)
	}
	s.Dispatch(CopyExpired{Seq: s.Share.CopiedSeq})
	if s.Share.Copied != "" || s.Share.CopiedText != "" {
		t.Errorf("the confirmation stays: %q", s.Share.Copied)
	}
	s.Dispatch(Copied{What: "link", Text: "c", Failed: true})
	s.Dispatch(CopyExpired{Seq: s.Share.CopiedSeq})
	if s.Share.Copied != "link" || !s.Share.CopyFailed {
		t.Errorf("the field to copy from went away on its own: %q failed %v", s.Share.Copied, s.Share.CopyFailed)
	}
}

// TestPanelSendIsOneShortLine: the producer panel's Send of many records
// becomes one "count=N" line of the script, as a script writes it, not N
// values; up to NumberedSend records still continue the scenario's own
// numbering (m3, m4, ...); more than a produce line holds
// (script.MaxCount) is refused, saying why, and sends nothing.
func TestPanelSendIsOneShortLine(t *testing.T) {
	s := presetStore(t, "acks1-loss")
	s.Player.Seek(s.Player.Scenario().Config.Start + 12000)
	steps := len(s.Player.UserSteps())
	s.Dispatch(ProduceWith{Count: 3, Acks: engine.AcksOne})
	if !strings.Contains(s.ScriptText(), "produce t-0 values=(m3, m4, m5) acks=1") {
		t.Fatalf("a send of 3 records does not continue m0–m2:\n%s", s.ScriptText())
	}
	s.Dispatch(ProduceWith{Count: 5000, Acks: engine.AcksOne})
	text := s.ScriptText()
	if s.Err != "" || !strings.Contains(text, "produce t-0 count=5000 acks=1") || len(text) > 20000 {
		t.Fatalf("a send of 5,000 records (error %q) is a %d-byte script without count=5000", s.Err, len(text))
	}
	if why := s.ShareRefusal(s.ShareFragment()); why != "" {
		t.Fatalf("the link of a 5,000-record send is refused: %s", why)
	}
	s.Dispatch(ProduceWith{Count: 100000, Acks: engine.AcksOne})
	if fe := s.Acting.FormErr; fe.Form != FormProduce || fe.Field != "count" || !strings.Contains(fe.Text, "at most 10,000 records") || len(s.Player.UserSteps()) != steps+2 {
		t.Fatalf("a send of 100,000 records: form error %+v, %d user steps; want refused beside the count, naming the 10,000 a produce line holds", fe, len(s.Player.UserSteps())-steps)
	}
}

// TestCopyLinkRefusesALinkThePageWouldNotOpen: a script grown past 64
// KiB by the reader's actions (9,000 named values) makes a link the page
// refuses (link.MaxDecoded); "Copy link" and "Copy embed code" then copy
// nothing and say why, and never "Copied". A link that opens is handed
// to the clipboard hook as before.
func TestCopyLinkRefusesALinkThePageWouldNotOpen(t *testing.T) {
	s := presetStore(t, "acks1-loss")
	var copied []string
	s.Share.Hooks = ShareHooks{ShareLink: func(f string) { copied = append(copied, f) }, CopyEmbed: func(c string) { copied = append(copied, c) }, Origin: "https://kplay.test"}
	s.Dispatch(CopyLink{})
	if len(copied) != 1 || s.Share.Refused != "" {
		t.Fatalf("a preset's link: copied %d, refused %q", len(copied), s.Share.Refused)
	}
	vals := make([]string, 9000)
	for i := range vals {
		vals[i] = "value-" + strconv.Itoa(100000+i)
	}
	s.Player.Seek(s.Player.Scenario().Config.Start + 12000)
	s.Dispatch(ProduceWith{Values: vals, Acks: engine.AcksOne})
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	if _, err := link.Parse(s.ShareFragment()); err == nil {
		t.Fatalf("a %d-byte script made a link the page opens: the test needs one it refuses", len(s.ScriptText()))
	}
	for _, a := range []Action{CopyLink{}, CopyEmbed{}} {
		s.Dispatch(a)
		if len(copied) != 1 || s.Share.Copied != "" || !strings.HasPrefix(s.Share.Refused, "Not copied: ") || !strings.Contains(s.Share.Refused, "at most 64 KiB") {
			t.Fatalf("%T of a link over 64 KiB: copied %d, bar says copied %q, refused %q", a, len(copied)-1, s.Share.Copied, s.Share.Refused)
		}
	}
	s.Dispatch(Copied{})
	if s.Share.Refused != "" {
		t.Fatalf("the note stays after its ×: %q", s.Share.Refused)
	}
}

// TestEmbedCodeTheme: "Copy embed code" writes theme= as the reader
// picked it in the menu (light or dark, to match a lesson page), none
// for the reader's system; a value the menu does not offer is ignored.
func TestEmbedCodeTheme(t *testing.T) {
	s := presetStore(t, "acks1-loss")
	if got := s.EmbedCode("https://kplay.test", true); strings.Contains(got, "theme=") {
		t.Errorf("by default the embed code has a theme: %s", got)
	}
	s.Dispatch(PickEmbedTheme{Theme: "light"})
	if got := s.EmbedCode("https://kplay.test", true); !strings.Contains(got, "&amp;theme=light") && !strings.Contains(got, "&theme=light") {
		t.Errorf("after picking light the embed code is %s", got)
	}
	s.Dispatch(PickEmbedTheme{Theme: "<script>"})
	if s.Share.EmbedTheme != "light" {
		t.Errorf("a theme the menu does not offer was taken: %q", s.Share.EmbedTheme)
	}
	s.Dispatch(PickEmbedTheme{Theme: ""})
	if got := s.EmbedCode("https://kplay.test", true); strings.Contains(got, "theme=") {
		t.Errorf("back to the reader's system the embed code has a theme: %s", got)
	}
}
