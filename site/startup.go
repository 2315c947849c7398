package site

import (
	"errors"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"kplay/engine"
	"kplay/link"
	"kplay/scenarios"
)

// Startup is what the page's address asks it to open (docs/design.md §5): a share
// link's script and playhead, a preset by name, or the default preset;
// and, for embed.html, how to lay the page out.
type Startup struct {
	// Name and Script are the scenario to load ("order-9001.txt" and the
	// preset's text, or "link" and a shared script).
	Name, Script string
	// Seek is the playhead to open at, when HasSeek (simulated ms).
	Seek    engine.Time
	HasSeek bool
	// Banner explains, in one sentence or two, why the page shows
	// something other than what the address asked for ("" if nothing):
	// the Problems' texts, joined.
	Banner string
	// Problems are what the address asked for that the page could not
	// do, one each, in the order of the address's parameters as read
	// (an embed posts each to its host as an "error" message: docs/embed.md).
	Problems []Problem
	Embed    EmbedOptions
}

// Problem is one thing the address (or, in an embed, a host's command)
// asked for that the page could not do, or did otherwise than asked.
type Problem struct {
	// Reason is the problem's kind, one of the Reason constants: what
	// an embed's "error" message carries as reason.
	Reason string
	// Param names the address's parameter at fault ("speed", "t",
	// "origin"…), "" for none.
	Param string
	// Text says in a sentence what happened and what the page did
	// instead.
	Text string
}

// The reasons of a Problem, and of an embed's "error" messages
// (docs/embed.md lists them with what each means).
const (
	// ReasonBadParameter: a parameter of the address was ignored or
	// changed (speed=1e9 lowered to the fastest, t=abc ignored).
	ReasonBadParameter = "bad-parameter"
	// ReasonUnknownPreset: preset=NAME, or a load command's preset,
	// names no preset.
	ReasonUnknownPreset = "unknown-preset"
	// ReasonBadLink: a share link (s=, t=, or a load command's link)
	// could not be read.
	ReasonBadLink = "bad-link"
	// ReasonBadSeek: a seek command's at is not a number of simulated
	// milliseconds, or lies past what the scenario may be played to.
	ReasonBadSeek = "bad-seek"
	// ReasonUnknownCommand: a command of a type the embed does not know.
	ReasonUnknownCommand = "unknown-command"
	// ReasonBadCommand: a command that is not an object with a string
	// type, whose fields are missing or of the wrong kind, or whose v is
	// not EmbedAPIVersion.
	ReasonBadCommand = "bad-command"
	// ReasonNotNow: a command that does not apply now (answer with no
	// question open, reveal of an answer already shown).
	ReasonNotNow = "not-now"
	// ReasonSnapshotFailed: the browser could not draw the diagram for a
	// snapshot command (or could not load the script that draws it).
	ReasonSnapshotFailed = "snapshot-failed"
)

// EmbedOptions are embed.html's query parameters.
type EmbedOptions struct {
	// Autoplay starts playing once the embed has loaded, which embed.js
	// does when it scrolls into view: the default, and autoplay=1.
	// autoplay=0 waits for the reader; so does an embed without autoplay=1
	// whose reader prefers reduced motion (SetReducedMotion), and a link
	// that opens at a moment (t=), which shows that moment.
	Autoplay bool
	// AutoplayAsked says the address said autoplay=1, which reduced motion
	// does not override.
	AutoplayAsked bool
	// Speed is simulated ms per real ms (speed=0.01), 0 for the default.
	Speed float64
	// Panels lists the panels to show (panels=log,describe), nil for all.
	Panels []string
	// Controls is "full" (default), "min" (play, step, speed) or "none".
	Controls string
	// Theme is "light", "dark" or "" (follow the reader's system).
	Theme string
	// LessonOff says playback does not stop at the script's questions
	// (lesson=0); lesson mode is on by default.
	LessonOff bool
	// Lesson is the lesson ID of lesson=ID (any value but 0, 1, true
	// and false, that is ValidLessonID), under which the reader's answers
	// are kept and shared by every embed of that lesson (lessonprogress.go);
	// "" for none.
	Lesson string
	// HostAsks says the page that frames the embed asks the questions
	// (questions=host): playback still stops at each, but the embed draws
	// no question card and no "Stop at questions" switch; the host reads
	// the ask message and answers with the answer, reveal and continue
	// commands (docs/embed.md). A card of the embed's own beside the
	// host's quiz asked every question twice.
	HostAsks bool
	// Origins are the origins of origin=, the only ones whose commands
	// the embed obeys and to which it posts ("https://school.example"),
	// normalised as a browser's URL.origin writes them; nil when the
	// address has no origin= (any origin). An origin= whose every entry
	// was refused leaves it empty and not nil: no origin.
	Origins []string
}

// EmbedPanels are the panel names panels= accepts.
var EmbedPanels = []string{"log", "describe", "fetch", "inspector", "lifecycle", "script", "outline"}

// ParseStartup reads the page's location: fragment is location.hash
// ("#s=1.…&t=…"), query location.search ("?s=…&autoplay=1"). A share link
// in the fragment wins over one in the query, which wins over preset=NAME.
// Nothing here fails: a broken link or parameter becomes Banner, and the
// default preset opens.
func ParseStartup(fragment, query string) Startup {
	st := Startup{Embed: EmbedOptions{Controls: "full"}}
	var notes []Problem
	q, err := url.ParseQuery(strings.TrimPrefix(query, "?"))
	if err != nil {
		notes = append(notes, Problem{ReasonBadParameter, "", "The address's parameters could not be read (" + err.Error() + ")."})
		q = url.Values{}
	}
	st.Embed, notes = parseEmbed(q, notes)

	src := strings.TrimPrefix(fragment, "#")
	if !strings.Contains(src, "s=") {
		src = ""
		if q.Has("s") {
			src = "s=" + url.QueryEscape(q.Get("s"))
			if q.Has("t") {
				src += "&t=" + url.QueryEscape(q.Get("t"))
			}
		}
	}
	if src != "" {
		l, err := link.Parse(src)
		switch {
		case err != nil:
			notes = append(notes, Problem{ReasonBadLink, linkPart(err), LinkProblem(err) + " Showing the default scenario instead."})
		case l.Script != "":
			st.Name, st.Script = "link", l.Script
			st.Seek, st.HasSeek = engine.Time(l.T), l.HasT
		}
	}
	if st.Script == "" {
		name := scenarios.Default
		if p := q.Get("preset"); p != "" {
			if _, ok := scenarios.Get(p); ok {
				name = p
			} else {
				notes = append(notes, Problem{ReasonUnknownPreset, "preset", NoPreset(p) + " Showing the default scenario instead."})
			}
		}
		p, _ := scenarios.Get(name)
		st.Name, st.Script = p.Name+".txt", p.LearnerText()
		// t= without s= opens the preset (or the default) at a moment.
		if v := q.Get("t"); src == "" && q.Has("t") {
			t, err := strconv.ParseInt(v, 10, 64)
			if err != nil || t < 0 {
				notes = append(notes, badParam(q, "t", "ignored: use a whole number of simulated milliseconds, such as t=4000"))
			} else {
				st.Seek, st.HasSeek = engine.Time(t), true
			}
		}
	}
	st.Problems = notes
	st.Banner = Banner(notes)
	return st
}

// Banner is the notice of problems: their texts, one after the other.
func Banner(ps []Problem) string {
	texts := make([]string, len(ps))
	for i, p := range ps {
		texts[i] = p.Text
	}
	return strings.Join(texts, " ")
}

// NoPreset says that there is no preset called name (quoted, clipped).
func NoPreset(name string) string {
	return "There is no preset called " + strconv.Quote(clip(name)) + "."
}

// LinkProblem says in a sentence why a share link could not be opened,
// from link.Parse's error.
func LinkProblem(err error) string {
	var le *link.Error
	switch {
	case errors.As(err, &le) && damaged(le):
		return Damaged
	case errors.As(err, &le):
		return "This link could not be opened: it " + le.Msg + " (" + partName(le.Part) + ")."
	}
	return "This link could not be opened: " + err.Error() + "."
}

// linkPart is the parameter a link error is about: "s", "t", or "" for
// the link as a whole.
func linkPart(err error) string {
	var le *link.Error
	if errors.As(err, &le) && (le.Part == "s" || le.Part == "t") {
		return le.Part
	}
	return ""
}

// badParam is the problem of parameter key's value: the page did what.
func badParam(q url.Values, key, what string) Problem {
	return Problem{ReasonBadParameter, key, "The parameter " + key + "=" + strconv.Quote(clip(q.Get(key))) + " was " + what + "."}
}

// Damaged is the banner's sentence for a link that lost characters or
// gained stray ones, which is what a link cut off or altered when it was
// copied looks like.
const Damaged = "This link is damaged, perhaps cut off when it was copied."

// damaged says the link's text is broken (its script does not decode, its
// time is not a number, its pairs do not parse), as opposed to a link that
// is whole but from a newer kplay or too long.
func damaged(e *link.Error) bool {
	return strings.Contains(e.Msg, "damaged") || e.Part == "t" || strings.Contains(e.Msg, "key=value")
}

func partName(p string) string {
	switch p {
	case "s":
		return "its scenario, s="
	case "t":
		return "its time, t="
	}
	return "the link as a whole"
}

// parseEmbed reads embed.html's parameters; a bad value is noted and left
// at its default, an out-of-range one noted and brought into range.
func parseEmbed(q url.Values, notes []Problem) (EmbedOptions, []Problem) {
	e := EmbedOptions{Controls: "full", Autoplay: true}
	bad := func(key, want string) {
		notes = append(notes, badParam(q, key, "ignored: "+want))
	}
	switch q.Get("autoplay") {
	case "":
	case "0", "false":
		e.Autoplay = false
	case "1", "true":
		e.AutoplayAsked = true
	default:
		bad("autoplay", "use autoplay=1, or autoplay=0 to wait for Play")
	}
	if v := q.Get("speed"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		switch {
		case err != nil && !math.IsInf(f, 1) || !(f > 0):
			// ParseFloat gives +Inf, with an error, for a number too
			// large for a float64: brought to the fastest below.
			bad("speed", "use a positive number, such as speed=0.01 (1/100 of real time)")
		case f > MaxSpeed:
			e.Speed = MaxSpeed
			notes = append(notes, badParam(q, "speed", "lowered to "+strconv.FormatFloat(MaxSpeed, 'g', -1, 64)+", the fastest kplay plays (simulated ms per real ms)"))
		case f < MinSpeed:
			e.Speed = MinSpeed
			notes = append(notes, badParam(q, "speed", "raised to "+strconv.FormatFloat(MinSpeed, 'g', -1, 64)+", the slowest kplay plays (simulated ms per real ms)"))
		default:
			e.Speed = f
		}
	}
	if v := q.Get("panels"); v != "" {
		for _, p := range strings.Split(v, ",") {
			p = strings.TrimSpace(p)
			if !slices.Contains(EmbedPanels, p) {
				bad("panels", "panels are "+strings.Join(EmbedPanels, ", "))
				e.Panels = nil
				break
			}
			e.Panels = append(e.Panels, p)
		}
	}
	switch v := q.Get("controls"); v {
	case "":
	case "full", "min", "none":
		e.Controls = v
	default:
		bad("controls", "use controls=full, min or none")
	}
	switch v := q.Get("theme"); v {
	case "", "light", "dark":
		e.Theme = v
	default:
		bad("theme", "use theme=light or dark")
	}
	switch v := q.Get("lesson"); v {
	case "", "1", "true":
	case "0", "false":
		e.LessonOff = true
	default:
		if ValidLessonID(v) {
			e.Lesson = v
		} else {
			bad("lesson", "use lesson=0 to play through the questions, or a lesson ID of 1 to "+strconv.Itoa(MaxLessonID)+" letters, digits, '.', '_' or '-' to keep the reader's answers")
		}
	}
	switch q.Get("questions") {
	case "", "embed":
	case "host":
		e.HostAsks = true
	default:
		bad("questions", "use questions=host for a page that asks the questions itself, or questions=embed")
	}
	if q.Has("origin") {
		e.Origins, notes = parseOrigins(q, notes)
	}
	return e, notes
}

// MaxLessonID is the longest lesson ID lesson= takes, in bytes.
const MaxLessonID = 64

// ValidLessonID says id may name a lesson (lesson=ID): 1 to MaxLessonID
// ASCII letters, digits, '.', '_' and '-', and not one of lesson='s
// switches (0, 1, true, false). Anything else is refused, so that a
// hostile ID cannot reach the storage key it names.
func ValidLessonID(id string) bool {
	switch id {
	case "0", "1", "true", "false":
		return false
	}
	if len(id) == 0 || len(id) > MaxLessonID {
		return false
	}
	for _, c := range []byte(id) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// MaxOrigins is how many origins origin= lists at most; the rest are
// refused.
const MaxOrigins = 16

// parseOrigins reads origin=, a comma-separated list of origins
// ("https://school.example,http://localhost:8000"). An origin is an http
// or https URL with a host and nothing after it but an optional "/"; it
// is kept as a browser's URL.origin writes it (scheme and host in lower
// case, no default port, no "/"), which is what a message's origin is
// compared with (static/embed.js applies the same rule). Each entry
// that is not one is refused with a problem. The list is never nil.
func parseOrigins(q url.Values, notes []Problem) ([]string, []Problem) {
	origins := []string{}
	for _, raw := range strings.Split(q.Get("origin"), ",") {
		raw = strings.TrimSpace(raw)
		if raw == "" {
			continue
		}
		o, ok := NormalOrigin(raw)
		switch {
		case !ok:
			notes = append(notes, Problem{ReasonBadParameter, "origin", "The origin " + strconv.Quote(clip(raw)) + " in origin= was ignored: write an origin as https://school.example, with no path."})
		case len(origins) == MaxOrigins:
			notes = append(notes, Problem{ReasonBadParameter, "origin", "The origin " + strconv.Quote(clip(raw)) + " in origin= was ignored: origin= lists at most " + strconv.Itoa(MaxOrigins) + " origins."})
		case !slices.Contains(origins, o):
			origins = append(origins, o)
		}
	}
	if len(origins) == 0 {
		notes = append(notes, Problem{ReasonBadParameter, "origin", "origin= names no usable origin, so this embed obeys no page's commands and tells no page what happens."})
	}
	return origins, notes
}

// NormalOrigin returns raw as a browser's URL.origin writes it, and
// whether raw is an origin at all: http:// or https://, a host (a name,
// an IPv4 address or an IPv6 one in brackets), an optional port, and
// nothing after but an optional "/". It is read by hand, not by
// net/url.Parse, whose host parsing (net/netip) would add some 40 KB of
// code to the page's wasm for this one parameter.
func NormalOrigin(raw string) (string, bool) {
	scheme, rest, ok := strings.Cut(raw, "://")
	scheme = strings.ToLower(scheme)
	if !ok || (scheme != "http" && scheme != "https") {
		return "", false
	}
	rest = strings.TrimSuffix(rest, "/")
	if rest == "" || strings.ContainsAny(rest, "/?#@\\ \t\n%") {
		return "", false
	}
	host, port, ok := splitOriginHost(rest)
	if !ok {
		return "", false
	}
	port, ok = normalPort(scheme, port)
	if !ok {
		return "", false
	}
	if port != "" {
		return scheme + "://" + host + ":" + port, true
	}
	return scheme + "://" + host, true
}

// splitOriginHost splits an origin's host and port ("school.example:8000",
// "[::1]:8000"), with the host in lower case and the port without its ':'
// (empty if none), and says whether the host is a name or IPv4 address
// (ASCII letters, digits, '-', '.' or non-ASCII), or an IPv6 address in
// brackets (hex digits, ':' and '.').
func splitOriginHost(rest string) (host, port string, ok bool) {
	if strings.HasPrefix(rest, "[") {
		return splitIPv6Host(rest)
	}
	host = rest
	if i := strings.LastIndexByte(rest, ':'); i >= 0 {
		host, port = rest[:i], rest[i+1:]
	}
	host = strings.ToLower(host)
	if host == "" {
		return "", "", false
	}
	for _, c := range host {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c >= 0x80) {
			return "", "", false
		}
	}
	return host, port, true
}

// splitIPv6Host is splitOriginHost for a host in brackets ("[::1]"): the
// closing bracket is followed by nothing or by ':' and the port, and the
// brackets hold a non-empty address.
func splitIPv6Host(rest string) (host, port string, ok bool) {
	end := strings.IndexByte(rest, ']')
	if end < 0 {
		return "", "", false
	}
	host, port = rest[:end+1], rest[end+1:]
	if port != "" && port[0] != ':' {
		return "", "", false
	}
	port = strings.TrimPrefix(port, ":")
	for _, c := range host[1:end] {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' || c == ':' || c == '.') {
			return "", "", false
		}
	}
	host = strings.ToLower(host)
	if host == "[]" {
		return "", "", false
	}
	return host, port, true
}

// normalPort returns an origin's port as URL.origin writes it: decimal
// without a sign or leading zeros, and empty when it is the scheme's
// default (80 for http, 443 for https) or absent. It says false for a
// port that is not a number from 0 to 65535.
func normalPort(scheme, port string) (string, bool) {
	if port == "" {
		return "", true
	}
	p, err := strconv.Atoi(port)
	if err != nil || p < 0 || p > 65535 || port[0] == '+' || port[0] == '-' {
		return "", false
	}
	if (scheme == "http" && p == 80) || (scheme == "https" && p == 443) {
		return "", true
	}
	return strconv.Itoa(p), true
}

// clip shortens hostile input quoted back to the reader.
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
