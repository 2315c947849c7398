package ui

import (
	"slices"
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
	// Rows is what the log shows (eventLogRows.eventLog); it re-renders
	// only when the rows or ShowNet change, not on every frame the
	// playhead moves.
	Rows []site.LogLine `vecty:"prop"`
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
	rows         []site.LogLine
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
		*c = eventLogRows{player: pl, gen: pl.Generation(), count: n, showNet: showNet, set: true, at: s.PlayedMs(),
			rows: s.LogLines(showNet, EventLogSize)}
	}
	return &EventLog{Store: s, ShowNet: showNet, Rows: c.rows}
}

// SkipRender implements the vecty.RenderSkipper interface.
func (l *EventLog) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*EventLog)
	return ok && p.Store == l.Store && p.ShowNet == l.ShowNet && sameLines(p.Rows, l.Rows)
}

// sameLines reports whether a and b hold the same rows: at once when they
// are the same slice (eventLogRows keeps it from frame to frame), else
// row by row.
func sameLines(a, b []site.LogLine) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 || &a[0] == &b[0] {
		return true
	}
	return slices.Equal(a, b)
}

// Render implements the vecty.Component interface.
func (l *EventLog) Render() vecty.ComponentOrHTML {
	// The rows are a keyed list (by the event's Seq) of components that
	// skip their render when unchanged, so that when lines arrive the
	// browser appends them and drops the oldest, and the rest cost
	// neither a DOM write nor a new element tree. Setting the rows as one HTML string, as the log did,
	// parsed, laid out and shaped the text of all of its 300 rows again
	// each time a line arrived (at 9 brokers × 12 partitions at the top
	// speed, ten times a second: most of the text shaping of a frame).
	items := make([]vecty.MarkupOrChild, 0, len(l.Rows)+1)
	items = append(items, vecty.Markup(prop.ID("events"), attr("role", "log"), attr("aria-live", "polite"),
		event.Click(l.onPick), event.KeyDown(l.onKey)))
	for _, ln := range l.Rows {
		items = append(items, keyedView(ln.Seq, ln, logRow))
	}
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
			elem.OrderedList(items...),
		),
	)
}

// logRow is one row of the event log (keyed by its event's Seq): the
// event's time and its sentence, with the time to seek to on a click
// (data-at). Its text is a text node, so a record value cannot inject
// markup.
func logRow(ln site.LogLine) *vecty.HTML {
	return elem.ListItem(vecty.Markup(attr("tabindex", "0"), attr("class", ln.Class), attr("data-at", itoa(int64(ln.At)))),
		elem.Time(vecty.Text(ln.Time)), vecty.Text(" "+ln.Text))
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
