package ui

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/site"
)

// maxShownMarkers bounds how many markers the track draws; beyond it,
// command markers closer than a 400th of the track to the previous one of
// their kind are left out (faults, leader changes and violations never).
const maxShownMarkers = 160

// Timeline is a vecty.Component which represents the scrubbable timeline:
// the DOM contract's <input type=range id="timeline"> over the scenario's
// range (site.ScrubRange: from its start to a little after its last
// moment or the furthest played), markers for commands, faults, leader changes and
// violations that seek when clicked, and the #jump-violation button.
type Timeline struct {
	vecty.Core

	View timelineView `vecty:"prop"`
	// Dispatch takes the slider's, the markers' and the buttons' actions.
	Dispatch func(site.Action) `vecty:"prop"`
}

// timelineView is what the timeline draws (timelineViewOf).
type timelineView struct {
	Start engine.Time
	Now   engine.Time
	// End is the slider's end (site.ScrubRange.To).
	End engine.Time
	// Player tells one scenario's markers from another's (picking a
	// preset or applying a script starts a new player, whose Version
	// starts over); Markers and Version are its markers as the track
	// draws them (site.Store.TimelineMarkers).
	Player  *site.Player
	Markers []site.Marker
	Version int
	// AskAt is the time of each of the scenario's questions, and Asks
	// says which are answered, one character each ("-" open, "+"
	// answered), for the ask markers.
	AskAt []engine.Time
	Asks  string
	// Lesson says the timeline holds the lesson-mode switch (a scenario
	// with questions, on a page with a side column), at the end of its
	// heading's row (static/timeline.css), instead of a row of its own
	// under it that pushed the diagram and its caption down; Switch is
	// that switch.
	Lesson bool
	Switch lessonSwitch
	// Head is the heading row (head).
	Head timelineHead
}

// The Timeline has no SkipRender: it renders on every frame. Vecty sets
// the slider's value property before its max attribute, so while the
// horizon grows the browser clamps the value to the old max, and only the
// next render puts it right; a timeline that skipped that render when
// paused kept its slider a frame behind the clock. (Its markers are a
// component of their own that does skip.)

// Render implements the vecty.Component interface.
func (t *Timeline) Render() vecty.ComponentOrHTML {
	v := &t.View
	span := site.ScrubRange{From: v.Start, To: v.End}.Span()
	return elem.Div(
		vecty.Markup(vecty.Class("timeline"), vecty.ClassMap{"with-lesson": v.Lesson}, attr("role", "group"), attr("aria-label", "Timeline"),
			vecty.Style("--span", itoa(int64(span)))),
		t.head(),
		vecty.If(v.Lesson, lessonToggle(v.Switch, t.Dispatch)),
		// With questions the track has a row of its own for their "?"
		// above the markers, under the heading (static/timeline.css), so
		// that no "?" covers the word "Timeline" at any width.
		elem.Div(vecty.Markup(vecty.Class("timeline-track"), vecty.ClassMap{"with-asks": len(v.AskAt) > 0}),
			&timelineMarkers{Dispatch: t.Dispatch, Player: v.Player, Start: v.Start, Span: span, Version: v.Version, Markers: v.Markers},
			t.askMarkers(),
			elem.Input(vecty.Markup(
				prop.ID("timeline"), prop.Type(prop.TypeRange),
				attr("min", "0"), attr("max", itoa(int64(span))), attr("step", "1"),
				prop.Value(itoa(int64(v.Now-v.Start))),
				attr("aria-valuetext", engine.FormatTime(v.Now)),
				attr("aria-keyshortcuts", "ArrowLeft ArrowRight"),
				event.Input(t.onInput),
				event.Change(t.onChange),
				event.KeyDown(t.onKey),
			)),
		),
	)
}

// head is the timeline's heading row: its label, its range and the
// #jump-violation button (hidden while the outcome is). It is drawn
// from its view: it changes only when the horizon moves or the first
// violation comes.
func (t *Timeline) head() *pure[timelineHead] {
	dispatch := t.Dispatch
	return view(t.View.Head, func(v timelineHead) *vecty.HTML {
		rng, hasViolation, jumpTitle := v.Range, v.HasViolation, v.JumpTitle
		return elem.Div(vecty.Markup(vecty.Class("timeline-head")),
			elem.Label(vecty.Markup(prop.For("timeline")), vecty.Text("Timeline")),
			elem.Span(vecty.Markup(vecty.Class("timeline-range")), vecty.Text(rng)),
			elem.Span(vecty.Markup(vecty.Class("moment-nav"), attr("role", "group"), attr("aria-label", "Moments")),
				elem.Button(vecty.Markup(prop.ID("moment-prev"), prop.Type(prop.TypeButton), attr("aria-label", "Previous moment"), attr("aria-keyshortcuts", ","),
					attr("title", "Back to the previous moment on the timeline: a crash or restart, a new leader, a command (,)"),
					event.Click(func(*vecty.Event) { dispatch(site.StepMoment{Forward: false}) })), vecty.Text("◀"), elem.Span(vecty.Markup(vecty.Class("word")), vecty.Text(" moment"))),
				elem.Button(vecty.Markup(prop.ID("moment-next"), prop.Type(prop.TypeButton), attr("aria-label", "Next moment"), attr("aria-keyshortcuts", "."),
					attr("title", nextTitle(v.NextBlocked)), prop.Disabled(v.NextBlocked != ""),
					vecty.MarkupIf(v.NextBlocked != "", attr("aria-describedby", "moment-why")),
					event.Click(func(*vecty.Event) { dispatch(site.StepMoment{Forward: true}) })), elem.Span(vecty.Markup(vecty.Class("word")), vecty.Text("moment ")), vecty.Text("▶")),
				// Why the button is disabled, in words beside it: a
				// press that silently did nothing left the learner stuck.
				vecty.If(v.NextBlocked != "", elem.Span(vecty.Markup(prop.ID("moment-why"), vecty.Class("hint", "moment-why")), vecty.Text(v.NextBlocked))),
			),
			// Shown only once a guarantee is broken: a greyed-out button
			// naming violations on the first screen puzzled newcomers.
			// (FirstViolation already waits for playback and for the
			// questions asked before it.)
			vecty.If(hasViolation, elem.Button(vecty.Markup(prop.ID("jump-violation"), prop.Type(prop.TypeButton),
				attr("title", jumpTitle), event.Click(t.onJump)),
				vecty.Text(v.JumpLabel))),
		)
	})
}

// timelineHead is the timeline's heading row: the range it spans, whether
// the outcome is hidden (a question waits), whether a guarantee broke,
// and the jump button's tooltip.
type timelineHead struct {
	Range              string
	Hide, HasViolation bool
	// JumpTitle and JumpLabel are the jump button's tooltip and words
	// (site.JumpWords).
	JumpTitle, JumpLabel string
	// NextBlocked is why the next-moment button is disabled, "" when it
	// is not (site.Store.NextMomentBlocked).
	NextBlocked string
}

// nextTitle is the next-moment button's tooltip: what it does, or why it
// cannot.
func nextTitle(blocked string) string {
	if blocked != "" {
		return blocked
	}
	return "On to the next thing that happens: a crash or restart, a fence, an election, an ISR change, a truncation, a command (.)"
}

// askMarkers draws a marker for each of the scenario's questions, which
// goes to the question and opens it; nil without questions. Questions
// asked at the same moment stand side by side (--stack), not one on
// another: a teacher counted three marks for "Question 1 of 4".
func (t *Timeline) askMarkers() vecty.MarkupOrChild {
	v := &t.View
	if len(v.AskAt) == 0 {
		return nil
	}
	items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("timeline-asks"), attr("aria-label", "Questions on the timeline"))}
	stack := 0 // earlier questions at the same moment: this one's "?" stands beside theirs
	for i, at := range v.AskAt {
		if i > 0 && v.AskAt[i-1] == at {
			stack++
		} else {
			stack = 0
		}
		answered := i < len(v.Asks) && v.Asks[i] == '+'
		label := "question " + strconv.Itoa(i+1) + " at " + engine.FormatTime(at)
		items = append(items, elem.ListItem(elem.Button(vecty.Markup(
			vecty.ClassMap{"marker": true, "marker-ask": true, "answered": answered}, prop.Type(prop.TypeButton),
			vecty.Style("--at", itoa(int64(at-v.Start))), vecty.Style("--stack", strconv.Itoa(stack)), vecty.Data("at", engine.FormatTime(at)), vecty.Data("kind", "ask"),
			attr("title", site.AskMarkerTitle(i, at)), attr("aria-label", label),
			event.Click(func(*vecty.Event) { t.Dispatch(site.ShowAsk{Index: i}) })),
			vecty.Text("?"))))
	}
	return elem.UnorderedList(items...)
}

func (t *Timeline) onJump(*vecty.Event) { t.Dispatch(site.JumpToViolation{}) }

// snapPx is how close, in CSS pixels of the slider, a scrub must end to
// a moment to stop on it.
const snapPx = 6

// onInput scrubs to the slider's value as it is dragged, exactly.
func (t *Timeline) onInput(e *vecty.Event) {
	v, err := strconv.ParseInt(e.Target.Get("value").String(), 10, 64)
	if err != nil {
		return
	}
	t.Dispatch(site.ScrubTo{At: t.View.Start + engine.Time(v)})
}

// onChange ends a scrub (the pointer let go): within snapPx of a moment
// it stops on it (site.ScrubNear), since on a long track a crash
// and the election after it are a few pixels apart.
func (t *Timeline) onChange(e *vecty.Event) {
	v, err := strconv.ParseInt(e.Target.Get("value").String(), 10, 64)
	if err != nil {
		return
	}
	within := engine.Time(0)
	if w := e.Target.Get("offsetWidth").Float(); w > 0 {
		within = engine.Time(float64(site.ScrubRange{From: t.View.Start, To: t.View.End}.Span()) * snapPx / w)
	}
	t.Dispatch(site.ScrubNear{At: t.View.Start + engine.Time(v), Within: within})
}

// onKey makes ← and → on the focused slider go to the previous and next
// moment: the slider's own step is a millisecond of a long track.
// Home, End and Page Up/Down keep their own meaning.
func (t *Timeline) onKey(e *vecty.Event) {
	switch e.Value.Get("key").String() {
	case "ArrowLeft", "ArrowDown":
		e.Value.Call("preventDefault")
		t.Dispatch(site.StepMoment{Forward: false})
	case "ArrowRight", "ArrowUp":
		e.Value.Call("preventDefault")
		t.Dispatch(site.StepMoment{Forward: true})
	}
}

// timelineMarkers is a vecty.Component which represents the markers above
// the timeline's track. It re-renders only when the markers change: each
// one is placed by CSS from its --at and the track's --span.
type timelineMarkers struct {
	vecty.Core

	Dispatch func(site.Action) `vecty:"prop"`
	// Player tells one scenario's markers from another's (picking a
	// preset or applying a script starts a new player, whose Version
	// starts over).
	Player  *site.Player  `vecty:"prop"`
	Start   engine.Time   `vecty:"prop"`
	Span    engine.Time   `vecty:"prop"`
	Version int           `vecty:"prop"`
	Markers []site.Marker `vecty:"prop"`
}

// SkipRender implements the vecty.RenderSkipper interface.
func (m *timelineMarkers) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*timelineMarkers)
	return ok && p.Player == m.Player && p.Start == m.Start && p.Span == m.Span && p.Version == m.Version
}

// Render implements the vecty.Component interface.
func (m *timelineMarkers) Render() vecty.ComponentOrHTML {
	items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("timeline-markers"), attr("aria-label", "Events on the timeline"))}
	gap := engine.Time(0)
	if len(m.Markers) > maxShownMarkers {
		gap = m.Span / 400
	}
	var lastCommand engine.Time = -1
	for _, mk := range m.Markers {
		if mk.Kind == site.MarkCommand && gap > 0 && lastCommand >= 0 && mk.At-lastCommand < gap {
			continue
		}
		if mk.Kind == site.MarkCommand {
			lastCommand = mk.At
		}
		items = append(items, view(markerView{Marker: mk, Start: m.Start}, func(v markerView) *vecty.HTML { return elem.ListItem(m.marker(v)) }))
	}
	return elem.UnorderedList(items...)
}

// markerView is one marker as drawn: the marker, and the timeline's start
// it is placed from. A marker redraws only when it changes, so that a
// marker added at the end of a long run (at the top speed, several a
// second) does not rebuild the other 159 and their click handlers.
type markerView struct {
	site.Marker
	Start engine.Time
}

// markerName is a kind as the page names it.
func markerName(k site.MarkerKind) string {
	if k == site.MarkLeader {
		return "leader change"
	}
	return k.String()
}

// marker draws one marker: a button that seeks to its time, its events
// as the tooltip (as text, never markup).
func (m *timelineMarkers) marker(v markerView) *vecty.HTML {
	mk := v.Marker
	title := engine.FormatTime(mk.At) + "\n" + mk.Label
	if more := mk.More(); more > 0 {
		title += "\n(+" + strconv.Itoa(more) + " more)"
	}
	at := mk.At
	return elem.Button(
		vecty.Markup(vecty.Class("marker", "marker-"+mk.Kind.String(), mk.Kind.String()), prop.Type(prop.TypeButton),
			vecty.Style("--at", itoa(int64(mk.At-v.Start))),
			vecty.Data("at", engine.FormatTime(mk.At)), vecty.Data("kind", mk.Kind.String()),
			attr("title", title), attr("aria-label", markerName(mk.Kind)+" at "+engine.FormatTime(mk.At)),
			event.Click(func(*vecty.Event) { m.Dispatch(site.ScrubTo{At: at}) })),
	)
}
