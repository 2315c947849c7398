package ui

import (
	"strconv"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/site"
)

// renderRuns is a script's runs side by side (the base and its vs
// lines' variants, site.Store.RunViews) above the main diagram, on its
// clock: the Differences list first, each a button that seeks to the
// moment the runs first differed on it (site.SeekToDifference), then
// each run's diagram with its label, <section class="runs runs-N">,
// two columns (a 2×2 grid for 3 or 4 runs) on a wide page and in an
// 800-px embed, and on a phone one at a time under a row of tabs that
// name them (site.PickRunTab; static/style.css). nil without variants.
func renderRuns(runs []site.RunView, diffs site.DifferencesView, acts brokerActs) vecty.MarkupOrChild {
	if len(runs) == 0 {
		return nil
	}
	cells := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("runs-grid"))}
	tabs := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("run-tabs"), attr("role", "tablist"), attr("aria-label", "Which run to show"))}
	for i, r := range runs {
		cells = append(cells, renderRun(r, i, acts))
		idx := i
		label := r.Label
		if r.Base {
			label += " (the script)"
		}
		tabs = append(tabs, elem.Button(vecty.Markup(prop.Type(prop.TypeButton), vecty.Class("run-tab"), attr("role", "tab"),
			attr("aria-selected", strconv.FormatBool(r.Tab)), attr("aria-controls", "run-"+strconv.Itoa(i)), vecty.Data("tab", strconv.Itoa(i)),
			event.Click(func(*vecty.Event) { acts.dispatch(site.PickRunTab{Index: idx}) })),
			vecty.Text(label)))
	}
	return elem.Section(vecty.Markup(vecty.Class("runs", "runs-"+strconv.Itoa(len(runs))), attr("aria-label", "The runs side by side")),
		renderDifferences(diffs, acts.dispatch),
		elem.Div(tabs...),
		elem.Div(cells...),
	)
}

// renderDifferences is the Differences list: each difference in words
// and the moment it began, a click seeking there; while a question is
// ahead, a line saying how many it holds back (site.Store
// .DifferencesList).
func renderDifferences(v site.DifferencesView, dispatch func(site.Action)) *vecty.HTML {
	items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("differences-list"))}
	for _, d := range v.Shown {
		idx := d.Index
		// A partition's words give its values at the end: its moment is
		// where the runs began to differ on it, "since" then (a learner
		// read "the HW at the end" stamped 00:00:20.000 as wrong).
		at := engine.FormatTime(d.At)
		if !d.Record {
			at = "since " + at
		}
		items = append(items, elem.ListItem(
			elem.Button(vecty.Markup(prop.Type(prop.TypeButton), vecty.Class("difference"), vecty.Data("difference", strconv.Itoa(idx)),
				attr("title", "Go to "+engine.FormatTime(d.At)+", where the runs first differ on this"),
				event.Click(func(*vecty.Event) { dispatch(site.SeekToDifference{Index: idx}) })),
				elem.Time(vecty.Text(at)),
				elem.Span(vecty.Text(" "+d.Words)),
			)))
	}
	switch {
	case v.Held > 0:
		more := "differences"
		if v.Held == 1 {
			more = "difference"
		}
		items = append(items, elem.ListItem(vecty.Markup(vecty.Class("differences-held")),
			vecty.Text(strconv.Itoa(v.Held)+" more "+more+" to come: each shows here when the run reaches it, held back so as not to answer the question ahead.")))
	case len(v.Shown) == 0:
		items = append(items, elem.ListItem(vecty.Text("The runs end the same: no record's fate and no partition's leader, leader epoch, ISR, high watermark or broken guarantees (violations) differ.")))
	}
	return elem.Div(vecty.Markup(vecty.Class("differences"), attr("role", "region"), attr("aria-labelledby", "differences-h")),
		elem.Heading2(vecty.Markup(prop.ID("differences-h")), vecty.Text("Differences")),
		elem.OrderedList(items...),
	)
}

// renderRun is one run's diagram: its label, what differs in it so far,
// and its brokers as cards in the layout's order (site.RunBrokersHTML:
// no links or messages, the main diagram above draws the base's), set as
// HTML in one call. A click on a card, or Enter or Space on it, opens the
// broker's menu over the main diagram, where actions apply to every run
// at the same moment.
func renderRun(r site.RunView, i int, acts brokerActs) *vecty.HTML {
	label := r.Label
	if r.Base {
		label += " (the script)"
	}
	var differs vecty.MarkupOrChild
	if len(r.Differs) > 0 {
		lis := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("run-differs"))}
		for _, d := range r.Differs {
			lis = append(lis, elem.ListItem(vecty.Markup(vecty.Class("differ-"+string(d.Kind)), vecty.ClassMap{"lost": d.Kind == site.DifferLost}), vecty.Text(d.Text)))
		}
		differs = elem.UnorderedList(lis...)
	}
	var runErr vecty.MarkupOrChild
	if r.Err != "" {
		runErr = elem.Paragraph(vecty.Markup(vecty.Class("run-error"), attr("role", "status")), vecty.Text(r.Err))
	}
	return elem.Div(vecty.Markup(prop.ID("run-"+strconv.Itoa(i)), vecty.Class("run"), vecty.ClassMap{"base": r.Base, "tab-on": r.Tab}, vecty.Data("run", r.Label)),
		elem.Heading3(vecty.Markup(vecty.Class("run-label")), vecty.Text(label)),
		runErr,
		differs,
		elem.Div(vecty.Markup(vecty.Class("run-diagram"), attr("role", "group"), attr("aria-label", r.Label+": "+diagramLabel(r.St, r.Lay)),
			vecty.UnsafeHTML(site.RunBrokersHTML(r.Brokers)),
			event.Click(func(e *vecty.Event) {
				if id, ok := runBrokerOf(e); ok {
					acts.dispatch(site.ClickBroker{Broker: id})
				}
			}),
			event.KeyDown(func(e *vecty.Event) {
				switch e.Value.Get("key").String() {
				case "Enter", " ":
					if id, ok := runBrokerOf(e); ok {
						e.Value.Call("preventDefault")
						acts.dispatch(site.ClickBroker{Broker: id})
						if acts.menuOpen() {
							focus(e, ".broker-menu button:not([disabled])")
						}
					}
				case "Escape":
					if acts.menuOpen() {
						e.Value.Call("preventDefault")
						acts.dispatch(site.CloseMenu{})
					}
				}
			})),
		),
	)
}

// runBrokerOf is the broker whose card in a run's diagram an event
// happened on (its data-node, "b1"), false when it happened between
// the cards.
func runBrokerOf(e *vecty.Event) (engine.BrokerID, bool) {
	card := e.Target.Call("closest", ".rb[data-node]")
	if !card.Truthy() {
		return 0, false
	}
	id, err := strconv.Atoi(strings.TrimPrefix(card.Call("getAttribute", "data-node").String(), "b"))
	if err != nil || id <= 0 {
		return 0, false
	}
	return engine.BrokerID(id), true
}
