package site

import (
	"errors"
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
	// something other than what the address asked for ("" if nothing).
	Banner string
	Embed  EmbedOptions
}

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
	var notes []string
	q, err := url.ParseQuery(strings.TrimPrefix(query, "?"))
	if err != nil {
		notes = append(notes, "The address's parameters could not be read ("+err.Error()+").")
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
		var le *link.Error
		switch {
		case err != nil && errors.As(err, &le) && damaged(le):
			notes = append(notes, Damaged+" Showing the default scenario instead.")
		case err != nil && errors.As(err, &le):
			notes = append(notes, "This link could not be opened: it "+le.Msg+" ("+partName(le.Part)+"). Showing the default scenario instead.")
		case err != nil:
			notes = append(notes, "This link could not be opened: "+err.Error()+". Showing the default scenario instead.")
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
				notes = append(notes, "There is no preset called "+strconv.Quote(clip(p))+". Showing the default scenario instead.")
			}
		}
		p, _ := scenarios.Get(name)
		st.Name, st.Script = p.Name+".txt", p.LearnerText()
		// preset=NAME&t=MS opens the preset at a moment, as "Copy embed
		// code" writes it for a preset the reader has not changed.
		if v, ok := q["t"]; ok && name == q.Get("preset") {
			if t, err := strconv.ParseInt(v[0], 10, 64); err == nil && t >= 0 && len(v) == 1 {
				st.Seek, st.HasSeek = engine.Time(t), true
			} else {
				notes = append(notes, "The parameter t="+strconv.Quote(clip(v[0]))+" was ignored: use the moment in simulated milliseconds, such as t=19000.")
			}
		}
	}
	st.Banner = strings.Join(notes, " ")
	return st
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
// at its default.
func parseEmbed(q url.Values, notes []string) (EmbedOptions, []string) {
	e := EmbedOptions{Controls: "full", Autoplay: true}
	bad := func(key, want string) {
		notes = append(notes, "The parameter "+key+"="+strconv.Quote(clip(q.Get(key)))+" was ignored: "+want+".")
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
		if err != nil || !(f > 0) {
			bad("speed", "use a positive number, such as speed=0.01 (1/100 of real time)")
		} else {
			e.Speed = ClampSpeed(f)
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
	switch q.Get("lesson") {
	case "", "1", "true":
	case "0", "false":
		e.LessonOff = true
	default:
		bad("lesson", "use lesson=0 to play through the questions")
	}
	return e, notes
}

// clip shortens hostile input quoted back to the reader.
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
