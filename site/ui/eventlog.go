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

	// Dispatch takes the toggle's and the rows' actions.
	Dispatch func(site.Action) `vecty:"prop"`
	ShowNet  bool              `vecty:"prop"`
	// Rows is what the log shows (eventLogRows.eventLog); it re-renders
	// only when the rows or ShowNet change, not on every frame the
	// playhead moves.
	Rows []site.LogLine `vecty:"prop"`

	// shown is what the list's element holds, and list and html the
	// list as last rendered and the HTML it was first given (Render).
	shown []site.LogLine
	list  *vecty.HTML
	html  string
}

// eventLogRows keeps the event log's last rows with what identifies them:
// the log's mark when they were made (site.Player.LogMark: a seek or a
// new scenario rewinds it), how many rows the log has by the playhead
// (Store.LogTotal) and whether the fetch chatter shows. The log holds the rows up to the playhead, and
// those change only with that key, so a frame in which no row was added
// (the playhead moved, or only fetch chatter happened) formats no row.
type eventLogRows struct {
	mark         site.LogMark
	count        int
	showNet, set bool
	// later is the Store's LaterKey: the lesson's question that bounds
	// the rows after the playhead, which an answer lifts.
	later engine.Time
	rows  []site.LogLine
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
	n, later := s.LogTotal(showNet), s.LaterKey()
	fresh := !s.Playing || s.PlayedMs()-c.at >= site.FullRedrawMs
	m := pl.LogMark()
	if !c.set || m.Since(c.mark) == site.LogRewound || (c.count != n && fresh) || c.showNet != showNet || c.later != later {
		*c = eventLogRows{mark: m, count: n, showNet: showNet, set: true, at: s.PlayedMs(), later: later,
			rows: s.LogLines(showNet, EventLogSize)}
	}
	return &EventLog{Dispatch: s.Dispatch, ShowNet: showNet, Rows: c.rows}
}

// SkipRender implements the vecty.RenderSkipper interface.
func (l *EventLog) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*EventLog)
	return ok && p.ShowNet == l.ShowNet && sameRows(p.Rows, l.Rows)
}

// sameRows reports whether a and b are the same rows: at once when they
// are the same slice (eventLogRows keeps it from frame to frame), else
// row by row.
func sameRows(a, b []site.LogLine) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 || &a[0] == &b[0] {
		return true
	}
	return slices.Equal(a, b)
}

// update brings the list's element from l.shown to l.Rows in place: the
// oldest rows it no longer has removed, the new ones appended as HTML
// (escaped) in one call, or, when the log did not just move on, all of
// them set again. Setting all 300 rows whenever a line arrived made the
// browser parse, style, lay out and shape every row again: at 9 brokers
// × 12 partitions at the top speed, ten times a second, 110–345 row
// nodes added or removed per frame (docs/design.md §7).
func (l *EventLog) update() {
	node := l.list.Node()
	drop, ok := site.LogMovedOn(l.shown, l.Rows)
	switch {
	case !ok || drop >= len(l.shown):
		node.Set("innerHTML", site.LogLinesHTML(l.Rows))
	default:
		if drop > 0 {
			r := node.Get("ownerDocument").Call("createRange")
			r.Call("setStartBefore", node.Get("firstElementChild"))
			r.Call("setEndAfter", node.Get("children").Call("item", drop-1))
			r.Call("deleteContents")
		}
		if add := l.Rows[len(l.shown)-drop:]; len(add) > 0 {
			node.Call("insertAdjacentHTML", "beforeend", site.LogLinesHTML(add))
		}
	}
	l.shown = l.Rows
	l.showNow()
}

// showNow scrolls the list, when it has rows after the playhead (the
// reader went back), so that the row at the playhead shows with the next
// two under it; the list otherwise keeps to its newest row at the bottom
// (static/style.css's .scroller), which would be the last later one. It
// scrolls only the list, never the page.
func (l *EventLog) showNow() {
	if l.list == nil || len(l.Rows) == 0 || !l.Rows[len(l.Rows)-1].Later {
		return
	}
	node := l.list.Node()
	if !node.Truthy() {
		return
	}
	last := node.Call("querySelector", "li.now")
	if !last.Truthy() {
		return
	}
	for range 2 {
		if next := last.Get("nextElementSibling"); next.Truthy() {
			last = next
		}
	}
	box := node.Get("parentElement")
	d := last.Call("getBoundingClientRect").Get("bottom").Float() - box.Call("getBoundingClientRect").Get("bottom").Float()
	box.Set("scrollTop", box.Get("scrollTop").Float()+d)
}

// Mount implements the vecty.Mounter interface: a log first drawn after a
// seek back shows its row at the playhead.
func (l *EventLog) Mount() { l.showNow() }

// Render implements the vecty.Component interface.
func (l *EventLog) Render() vecty.ComponentOrHTML {
	// The list's element keeps its rows from render to render: Vecty
	// sees the HTML it was first given on every render (so it never sets
	// it again), and update changes the rows in place.
	if l.list == nil {
		l.html, l.shown = site.LogLinesHTML(l.Rows), l.Rows
	} else if !sameRows(l.shown, l.Rows) {
		l.update()
	}
	l.list = elem.OrderedList(vecty.Markup(prop.ID("events"), attr("role", "log"), attr("aria-live", "polite"), vecty.UnsafeHTML(l.html),
		event.Click(l.onPick), event.KeyDown(l.onKey)))
	return elem.Section(
		vecty.Markup(vecty.Class("panel", "events-panel"), attr("aria-labelledby", "events-h")),
		elem.Div(vecty.Markup(vecty.Class("panel-head")),
			elem.Heading2(vecty.Markup(prop.ID("events-h")), vecty.Text("Events")),
			elem.Label(vecty.Markup(vecty.Class("toggle")),
				elem.Input(vecty.Markup(prop.ID("show-net"), prop.Type(prop.TypeCheckbox), prop.Checked(l.ShowNet), event.Change(l.onToggle))),
				vecty.Text(" show fetch chatter"),
			),
		),
		elem.Paragraph(vecty.Markup(vecty.Class("hint")), vecty.Text(logHint(l.Rows))),
		elem.Div(vecty.Markup(vecty.Class("scroller")),
			l.list,
		),
	)
}

// logHint says what a click on a row does: it goes back, or with rows
// after the playhead (greyed), forward too.
func logHint(rows []site.LogLine) string {
	if len(rows) > 0 && rows[len(rows)-1].Later {
		return "Click an event to go to it; the greyed ones come later."
	}
	return "Click an event to go back to it."
}

func (l *EventLog) onToggle(*vecty.Event) { l.Dispatch(site.ToggleNetEvents{}) }

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
	l.Dispatch(site.SeekToEvent{At: engine.Time(at)})
}

// onKey makes Enter on a focused line pick it.
func (l *EventLog) onKey(e *vecty.Event) {
	if e.Value.Get("key").String() == "Enter" {
		l.onPick(e)
	}
}
