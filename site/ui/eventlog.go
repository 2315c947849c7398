package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/site"
)

// EventLogSize is how many events the log panel keeps on screen.
const EventLogSize = 50

// EventLog is a vecty.Component which represents the event log panel: the
// newest events as plain sentences, newest at the bottom. It carries the
// DOM contract's id="events".
type EventLog struct {
	vecty.Core

	Store *site.Store `vecty:"prop"`
	// Count, Gen and ShowNet identify what the log shows; it re-renders
	// only when one of them changes.
	Count   int  `vecty:"prop"`
	Gen     int  `vecty:"prop"`
	ShowNet bool `vecty:"prop"`
}

// SkipRender implements the vecty.RenderSkipper interface.
func (l *EventLog) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*EventLog)
	return ok && p.Store == l.Store && p.Count == l.Count && p.Gen == l.Gen && p.ShowNet == l.ShowNet
}

// Render implements the vecty.Component interface.
func (l *EventLog) Render() vecty.ComponentOrHTML {
	cats := engine.CatDefault | engine.CatCommand
	if l.ShowNet {
		cats |= engine.CatNet
	}
	lines := site.LastEvents(l.Store.Player.Recent(4096), cats, EventLogSize)
	// The rows are HTML (escaped) set in one go: when a line arrives every
	// row shifts, and reconciling fifty rows element by element (unkeyed:
	// Vecty would move every keyed row) took most of such a frame.
	rows := site.EventLinesHTML(lines)
	return elem.Section(
		vecty.Markup(vecty.Class("panel", "events-panel"), attr("aria-labelledby", "events-h")),
		elem.Div(vecty.Markup(vecty.Class("panel-head")),
			elem.Heading2(vecty.Markup(prop.ID("events-h")), vecty.Text("Events")),
			elem.Label(vecty.Markup(vecty.Class("toggle")),
				elem.Input(vecty.Markup(prop.ID("show-net"), prop.Type(prop.TypeCheckbox), prop.Checked(l.ShowNet), event.Change(l.onToggle))),
				vecty.Text(" messages"),
			),
		),
		elem.Div(vecty.Markup(vecty.Class("scroller")),
			elem.OrderedList(vecty.Markup(prop.ID("events"), attr("role", "log"), attr("aria-live", "polite"), vecty.UnsafeHTML(rows))),
		),
	)
}

func (l *EventLog) onToggle(*vecty.Event) { l.Store.Dispatch(site.ToggleNetEvents{}) }
