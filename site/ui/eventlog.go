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

// EventLogSize is how many rows of the log the panel holds; the log
// itself keeps the whole run (Store.LogLines).
const EventLogSize = 300

// EventLog is a vecty.Component which represents the event log panel:
// the run up to the playhead as plain sentences, newest at the bottom,
// filtered to what matters unless "show fetch chatter" is ticked. A click
// (or Enter) on a line moves the playhead to that event. It carries the
// DOM contract's id="events".
type EventLog struct {
	vecty.Core

	Store   *site.Store `vecty:"prop"`
	ShowNet bool        `vecty:"prop"`
	// Rows is what the log shows (newEventLog); it re-renders only when
	// the rows or ShowNet change, not on every frame the playhead moves.
	Rows string `vecty:"prop"`
}

// eventLogRows keeps the event log's last rows with what identifies them:
// the player, its generation (Player.Generation: each seek rebuilds), how
// many rows the log has by the playhead (Store.LogTotal) and whether the
// fetch chatter shows. The log holds the rows up to the playhead, and
// those change only with that key, so a frame in which no row was added
// (the playhead moved, or only fetch chatter happened) formats no row.
type eventLogRows struct {
	player       *site.Player
	gen, count   int
	showNet, set bool
	rows         string
	// at is the Store's PlayedMs when the rows were made: while playing,
	// new rows are added at most every site.FullRedrawMs, so that a big
	// cluster at the top speed, which adds a row on every frame, does not
	// rebuild the panel's 300 rows on every frame.
	at float64
}

// eventLog returns the event log of s at the playhead, with the fetch
// chatter if showNet, formatting its rows only when their key changed.
func (c *eventLogRows) eventLog(s *site.Store, showNet bool) *EventLog {
	pl := s.Player
	// The rows change only when a row is added: with the chatter hidden,
	// when an event that Matters happens, not on every fetch.
	n := s.LogTotal(showNet)
	fresh := !s.Playing || s.PlayedMs()-c.at >= site.FullRedrawMs
	if !c.set || c.player != pl || c.gen != pl.Generation() || (c.count != n && fresh) || c.showNet != showNet {
		// The rows are HTML (escaped) set in one go: when a line arrives
		// every row shifts, and reconciling the rows element by element
		// took most of such a frame.
		*c = eventLogRows{player: pl, gen: pl.Generation(), count: n, showNet: showNet, set: true, at: s.PlayedMs(),
			rows: site.LogLinesHTML(s.LogLines(showNet, EventLogSize))}
	}
	return &EventLog{Store: s, ShowNet: showNet, Rows: c.rows}
}

// SkipRender implements the vecty.RenderSkipper interface.
func (l *EventLog) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*EventLog)
	return ok && p.Store == l.Store && p.ShowNet == l.ShowNet && p.Rows == l.Rows
}

// Render implements the vecty.Component interface.
func (l *EventLog) Render() vecty.ComponentOrHTML {
	rows := l.Rows
	return elem.Section(
		vecty.Markup(vecty.Class("panel", "events-panel"), attr("aria-labelledby", "events-h")),
		elem.Div(vecty.Markup(vecty.Class("panel-head")),
			elem.Heading2(vecty.Markup(prop.ID("events-h")), vecty.Text("Events")),
			elem.Label(vecty.Markup(vecty.Class("toggle")),
				elem.Input(vecty.Markup(prop.ID("show-net"), prop.Type(prop.TypeCheckbox), prop.Checked(l.ShowNet), event.Change(l.onToggle))),
				vecty.Text(" show fetch chatter"),
			),
		),
		elem.Paragraph(vecty.Markup(vecty.Class("hint")), vecty.Text("Click an event to go back to it.")),
		elem.Div(vecty.Markup(vecty.Class("scroller")),
			elem.OrderedList(vecty.Markup(prop.ID("events"), attr("role", "log"), attr("aria-live", "polite"), vecty.UnsafeHTML(rows),
				event.Click(l.onPick), event.KeyDown(l.onKey))),
		),
	)
}

func (l *EventLog) onToggle(*vecty.Event) { l.Store.Dispatch(site.ToggleNetEvents{}) }

// onPick moves the playhead to the clicked line's event.
func (l *EventLog) onPick(e *vecty.Event) {
	li := e.Target.Call("closest", "li[data-at]")
	if !li.Truthy() {
		return
	}
	at, err := strconv.ParseInt(li.Call("getAttribute", "data-at").String(), 10, 64)
	if err != nil {
		return
	}
	l.Store.Dispatch(site.SeekToEvent{At: engine.Time(at)})
}

// onKey makes Enter on a focused line pick it.
func (l *EventLog) onKey(e *vecty.Event) {
	if e.Value.Get("key").String() == "Enter" {
		l.onPick(e)
	}
}
