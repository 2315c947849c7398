package site

import (
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/link"
	"kplay/scenarios"
)

// Sharing is the share bar's state and, in embed.html, the embed's options.
type Sharing struct {
	// Notice explains why the page shows something other than what its
	// address asked for (a broken link); "" once dismissed.
	Notice string
	// Embed holds embed.html's options; nil on the full page.
	Embed *EmbedOptions
	// Problems are what the address asked for that the page could not
	// do (Startup.Problems, and a moment past the scenario's end), which
	// an embed posts to its host as "error" messages.
	Problems []Problem
	// Preset is the name of the preset playing, "" for a shared script.
	Preset string
	// autoStarted says an embed started playing by default (no
	// autoplay=), which a reader's preference for reduced motion stops.
	autoStarted bool
	// Shared says the scenario came from a share link; From names the
	// preset it was picked as before the reader changed it ("" if none);
	// Edited says the reader has changed what came (an applied script, a
	// restart with a new cluster). PickerLabel words them.
	Shared bool
	From   string
	Edited bool
	// Copied says what the last copy put on the clipboard ("link",
	// "short link", "embed code"), for the bar's confirmation.
	Copied string
	// CopiedText is the text of the last copy; CopyFailed says the
	// browser refused the clipboard, so the bar shows the text instead.
	CopiedText string
	CopyFailed bool
	// CopiedSeq counts the copies, so that the timer that hides one
	// confirmation (CopyExpired) leaves a later one alone.
	CopiedSeq int
	// Recording says a clip of the diagram is being recorded (Recording).
	Recording bool
	// Refused says why the last "Copy link" or "Copy embed code" copied
	// nothing: the page would not open that link (ShareRefusal). "" when
	// the last copy went through, or the reader closed the note.
	Refused string
	// EmbedTheme is the colours the embed code asks for (theme=): ""
	// follows the reader's system, as an embed does by default; "light"
	// or "dark" to match the lesson page (PickEmbedTheme).
	EmbedTheme string
	// Hooks reach the browser (set by wasm/playground; nil in tests).
	Hooks ShareHooks
}

// ShareHooks are the browser services the share bar needs. ShareLink is
// given a link fragment: it asks the Worker's /api/links for a short link,
// falls back to the long link when there is no Worker (kplay serve), puts
// it on the clipboard and dispatches Copied. CopyEmbed copies embed code.
// Origin is the page's scheme and host.
//
// SetAddress, when set (the full page; an embed's address holds its
// options and is left alone), is given the query the address bar should
// show for what the page plays: "?preset=NAME" for a preset, "" for a
// script of the reader's. It replaces the address without a fragment and
// without a history entry (history.replaceState).
//
// Export saves the diagram at this moment for slides: "svg" or "png"; or
// records a clip of it playing, "clip" (ClipMs of WebM), and "stop" ends
// the clip early.
type ShareHooks struct {
	ShareLink  func(fragment string)
	CopyEmbed  func(code string)
	SetAddress func(query string)
	Export     func(what string)
	Origin     string
}

// DismissNotice hides the notice banner.
type DismissNotice struct{}

// PickPreset replaces the scenario with the named preset, from its start.
type PickPreset struct{ Name string }

// Copied records what the page copied (What: "link", "short link",
// "embed code"; Text: the text itself; Failed: the browser refused the
// clipboard), for the bar's confirmation.
type Copied struct {
	What, Text string
	Failed     bool
}

// CopyLink is the share bar's "Copy link": the share link of what the
// page shows (ShareFragment) goes to Hooks.ShareLink, unless the page
// would refuse to open it (ShareRefusal), which Sharing.Refused then
// says instead: the bar never says "Copied" for a link that does not
// open.
type CopyLink struct{}

// CopyEmbed is the share bar's "Copy embed code" (Store.EmbedCode), from
// the scenario's start when FromStart, else at this moment, with the same
// check of the link the embed code carries.
type CopyEmbed struct{ FromStart bool }

// PickEmbedTheme is the Embed & export menu's choice of colours for the
// embed code it copies: Theme "" (the reader's system), "light" or
// "dark"; any other value is ignored. A teacher found the embed dark in
// a light lesson page for a reader whose system was dark, with nothing in
// the menu to say theme= exists.
type PickEmbedTheme struct{ Theme string }

func (a PickEmbedTheme) apply(s *Store) bool {
	switch a.Theme {
	case "", "light", "dark":
		s.Share.EmbedTheme = a.Theme
		return true
	}
	return false
}

// CopyExpired is an action from the page's timer, CopiedShowMs after the
// copy numbered Seq (Sharing.CopiedSeq): the confirmation "Copied the
// link." goes away on its own if no copy came since. The field to select
// the text from, when the browser refused the clipboard, stays until its
// × closes it.
type CopyExpired struct{ Seq int }

// CopiedShowMs is how long, in real ms, the page shows that it copied.
const CopiedShowMs = 4000

func (DismissNotice) apply(s *Store) bool {
	if s.Share.Notice == "" {
		return false
	}
	s.Share.Notice = ""
	return true
}

func (a PickPreset) apply(s *Store) bool {
	p, ok := scenarios.Get(a.Name)
	if !ok {
		s.Share.Notice = "There is no preset called " + strconv.Quote(clip(a.Name)) + "."
		return true
	}
	s.ReplaceScript(p.Name+".txt", p.LearnerText())
	s.Share.Preset, s.Share.Shared, s.Share.From, s.Share.Edited = p.Name, false, "", false
	if h := s.Share.Hooks.SetAddress; h != nil {
		h(PresetQuery(p.Name))
	}
	return true
}

// PresetQuery is the address's query that opens preset name:
// "?preset=NAME".
func PresetQuery(name string) string { return "?preset=" + url.QueryEscape(name) }

// leavePreset records that the page no longer plays a preset as it is (a
// script replaced it, or the reader's edit): the share bar forgets the
// preset and its last copy, and the address bar loses ?preset=.
func (s *Store) leavePreset() {
	was := s.Share.Preset
	s.Share.Preset, s.Share.Copied, s.Share.CopiedText, s.Share.CopyFailed = "", "", "", false
	s.Share.Edited = true
	if was != "" {
		s.Share.From = was
	}
	if h := s.Share.Hooks.SetAddress; h != nil && was != "" {
		h("")
	}
}

func (a Copied) apply(s *Store) bool {
	s.Share.Copied, s.Share.CopiedText, s.Share.CopyFailed = a.What, a.Text, a.Failed
	s.Share.Refused = ""
	s.Share.CopiedSeq++
	return true
}

func (CopyLink) apply(s *Store) bool {
	frag := s.ShareFragment()
	if s.refuseCopy("link", frag) {
		return true
	}
	if h := s.Share.Hooks.ShareLink; h != nil {
		h(frag)
	}
	return true
}

func (a CopyEmbed) apply(s *Store) bool {
	h := s.Share.Hooks
	if s.refuseCopy("embed code's link", s.ShareFragment()) {
		return true
	}
	if h.CopyEmbed != nil {
		h.CopyEmbed(s.EmbedCode(h.Origin, a.FromStart))
	}
	return true
}

// refuseCopy records, and reports, that the page would not open the link
// fragment, which what names ("link"): the bar then says why and copies
// nothing.
func (s *Store) refuseCopy(what, fragment string) bool {
	why := s.ShareRefusal(fragment)
	s.Share.Refused = ""
	if why == "" {
		return false
	}
	s.Share.Copied, s.Share.CopiedText, s.Share.CopyFailed = "", "", false
	s.Share.Refused = "Not copied: the " + what + " " + why
	return true
}

// ShareRefusal says why the page would not open the share link fragment
// (ShareFragment gives it), "" if it would: it reads the link as the page
// does when it opens (ParseStartup: link.Parse, which refuses a script
// over link.MaxDecoded bytes, 64 KiB, once decoded) and compiles its
// script (a script that does not compile opens as an empty cluster with
// the error). The reader's actions are part of the script, so a long
// session, or a send of many named values, can outgrow a link. It costs
// one inflate of at most 64 KiB and one compile.
func (s *Store) ShareRefusal(fragment string) string {
	l, err := link.Parse(fragment)
	var le *link.Error
	switch {
	case errors.As(err, &le) && le.TooLarge:
		return "would carry " + kib(len(s.ScriptText())) + " of script, and a kplay link holds at most " + kib(link.MaxDecoded) +
			", so the page would refuse to open it. Your actions are part of the link: a send of many named values takes room, count= records do not."
	case err != nil:
		return "could not be read back (" + err.Error() + "), so the page would refuse to open it."
	}
	if _, err := script.ParseAndCompile("link", script.StripExpected(l.Script)); err != nil {
		return "would open on a script the page cannot play (" + err.Error() + ")."
	}
	return ""
}

// kib says n bytes in KiB, rounded up: "812 KiB".
func kib(n int) string { return thousands((n+1023)/1024) + " KiB" }

func (a CopyExpired) apply(s *Store) bool {
	sh := &s.Share
	if a.Seq != sh.CopiedSeq || sh.Copied == "" || sh.CopyFailed {
		return false
	}
	sh.Copied, sh.CopiedText = "", ""
	return true
}

// OpenStartup builds the Store for what the page's address asks for
// (ParseStartup): the scenario, paused at the link's playhead when it has
// one, the notice, and for an embed its options.
func OpenStartup(st Startup, embed bool) *Store {
	s := NewStoreFromScript(st.Name, st.Script)
	s.Share.Notice = st.Banner
	s.Share.Problems = slices.Clone(st.Problems)
	s.Lesson.Off = st.Embed.LessonOff
	if p, ok := scenarios.Get(trimTxt(st.Name)); ok && st.Name != "link" {
		s.Share.Preset = p.Name
	}
	s.Share.Shared = st.Name == "link"
	if s.Share.Shared {
		// A link of a preset as it is (the address bar follows the
		// reader, so a paused preset's reload comes as one) is that
		// preset, at the link's moment.
		for _, p := range scenarios.All() {
			if p.LearnerText() == st.Script {
				s.Share.Preset, s.Share.Shared = p.Name, false
				break
			}
		}
	}
	if embed {
		e := st.Embed
		s.Share.Embed = &e
		s.Playing = e.Autoplay
		s.Share.autoStarted = e.Autoplay && !e.AutoplayAsked
		if e.Speed > 0 {
			s.Speed, s.SpeedChosen = e.Speed, true
		}
		if e.Theme != "" {
			s.Manners.Theme = e.Theme
		}
	}
	if st.HasSeek {
		at := st.Seek
		if end := ScenarioEnd(s.Player.Scenario()); at > end {
			at = end
			note := "This link's moment is later than its scenario runs, so the page opens at the scenario's end, " + engine.FormatTime(end) + "."
			s.Share.Notice = strings.TrimSpace(s.Share.Notice + " " + note)
			s.Share.Problems = append(s.Share.Problems, Problem{ReasonBadParameter, "t", note})
		}
		s.Player.Seek(at)
		s.Playing, s.Share.autoStarted = false, false
		// A link copied while a question waited opens at its moment: the
		// question is asked again (the link carries no answers).
		s.stopAtAsk(at)
	}
	if s.syncErr(); s.Err != "" && !s.Edit.Dirty && st.Name == "link" {
		// The link's script compiles but stops with an error on the way
		// to its moment (a step the cluster refuses): the editor holds the
		// text as it came, expected outputs and all, marked at the line.
		s.Edit = Editing{Draft: st.Script, Dirty: true, Base: s.ScriptText(), Problem: s.EditorProblem(), Hooks: s.Edit.Hooks,
			Status: "This link's script stops with an error; your text is kept as it came, so fix it and apply."}
	}
	return s
}

// EndMargin is how long, in simulated ms, a scenario runs on after its
// last scripted step, for ScenarioEnd: five minutes, time enough for every
// timeout the lessons show to run out after the last command (the broker
// session timeout, broker.session.timeout.ms, 9 s; a follower's
// replica.lag.time.max.ms, 30 s; a producer's delivery.timeout.ms, 120 s).
const EndMargin engine.Time = 5 * 60 * 1000

// ScenarioEnd is the latest moment, in simulated ms on the scenario's
// clock, that a link or an applied script may open sc at: the time its
// last directive reaches (script.Scenario.End, which covers its steps,
// questions and captions), plus EndMargin. It bounds what
// opening a moment can cost: a link's t is the reader's to write, and
// playing ten simulated hours of a big cluster to reach it would exhaust
// the page's memory.
func ScenarioEnd(sc script.Scenario) engine.Time {
	last := max(sc.Config.Start, sc.End)
	for _, st := range sc.Steps {
		last = max(last, st.At)
	}
	for _, a := range sc.Asks {
		last = max(last, a.At)
	}
	return last + EndMargin
}

func trimTxt(name string) string {
	if len(name) > 4 && name[len(name)-4:] == ".txt" {
		return name[:len(name)-4]
	}
	return name
}

// ShareFragment is the share link's fragment for what the page shows now:
// the script with the user's actions (ScriptText) and the playhead.
func (s *Store) ShareFragment() string {
	return link.Encode(link.Link{Script: s.ScriptText(), T: int64(s.Player.Now()), HasT: true})
}

// escapeHTML escapes the five characters html.EscapeString does, to the
// same entities. The html package itself would add its table of 2,231
// named entities, about 31 KB of brotli, to the page.
func escapeHTML(s string) string {
	var b strings.Builder
	writeEscaped(&b, s)
	return b.String()
}

// Controls says how much of the toolbar to draw: "full" on the full page
// and by default; in an embed, its controls= ("min": play, step and speed;
// "none": nothing, the host page drives it through postMessage).
func (s *Store) Controls() string {
	if e := s.Share.Embed; e != nil && (e.Controls == "min" || e.Controls == "none") {
		return e.Controls
	}
	return "full"
}

// ShowPanel says whether the panel called name is shown: always on the
// full page; in an embed, when panels= lists it (or lists nothing).
func (s *Store) ShowPanel(name string) bool {
	e := s.Share.Embed
	if e == nil || e.Panels == nil {
		return true
	}
	for _, p := range e.Panels {
		if p == name {
			return true
		}
	}
	return false
}
