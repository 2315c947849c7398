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

// ViolationsBanner is a vecty.Component which represents the broken
// guarantees so far, one sentence each, under a headline that calls a
// loss the settings allowed what it is (site.ViolationsHeadline). It
// carries the DOM contract's <section id="violations">, empty and hidden
// while nothing broke. On a phone (Key.Fold) it has a button,
// #violations-fold, that folds it to one line (Key.Folded,
// site.ViolationsFoldText) and unfolds it (site.ToggleViolations). It is
// drawn from its key and what Violations returns, never the Store
// (newViolationsBanner builds it).
type ViolationsBanner struct {
	vecty.Core

	// Key is what the banner redraws on (it skips a render that keeps it).
	Key violationsKey `vecty:"prop"`
	// Violations reads the violations at the playhead
	// (site.Store.Violations), only when the banner renders.
	Violations func() []engine.Event `vecty:"prop"`
	// Dispatch takes the fold button's site.ToggleViolations.
	Dispatch func(site.Action) `vecty:"prop"`
}

// violationsKey is what the banner's drawing depends on: where the event
// log stands (site.Player.LogMark: its generation and event count), and
// whether the banner can fold (site.Store.Narrow) and shows its one line
// (site.Store.ViolationsFolded).
type violationsKey struct {
	Log          site.LogMark
	Fold, Folded bool
}

// SkipRender implements the vecty.RenderSkipper interface.
func (v *ViolationsBanner) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*ViolationsBanner)
	return ok && p.Key == v.Key
}

// Render implements the vecty.Component interface.
func (v *ViolationsBanner) Render() vecty.ComponentOrHTML {
	vs := v.Violations()
	if len(vs) == 0 {
		return elem.Section(vecty.Markup(prop.ID("violations"), vecty.Class("violations", "none"), attr("hidden", true)))
	}
	head := site.ViolationsHeadline(vs)
	if v.Key.Fold && v.Key.Folded {
		return elem.Section(vecty.Markup(prop.ID("violations"), vecty.Class("violations", "folded"), attr("role", "alert"), attr("aria-label", head)),
			v.foldButton(true, site.ViolationsFoldText(vs)))
	}
	item := func(e engine.Event) *vecty.HTML {
		return elem.ListItem(vecty.Markup(attr("data-rule", site.ViolationRule(e))), vecty.Text(site.ViolationSentence(e)))
	}
	// The first stays in view; the rest fold away, so that the banner
	// does not push the diagram off the screen.
	var more vecty.MarkupOrChild
	if len(vs) > 1 {
		rest := []vecty.MarkupOrChild{}
		for _, e := range vs[1:] {
			rest = append(rest, item(e))
		}
		more = elem.Details(elem.Summary(vecty.Text(strconv.Itoa(len(vs)-1)+" more")), elem.UnorderedList(rest...))
	}
	return elem.Section(vecty.Markup(prop.ID("violations"), vecty.Class("violations"), attr("role", "alert")),
		vecty.If(v.Key.Fold, v.foldButton(false, "")),
		elem.Heading2(vecty.Text(head)),
		violationsHint(),
		elem.UnorderedList(item(vs[0])),
		more,
	)
}

// violationsHint, under the headline, says where the records involved
// are and how to learn more of one: by hovering where the reader can, by tapping where they
// cannot (static/see.css shows one of the two by the media feature
// hover), which selects the record and shows its lifecycle.
func violationsHint() *vecty.HTML {
	return elem.Paragraph(vecty.Markup(vecty.Class("hint")),
		vecty.Text("The records involved are outlined in red in the logs; "),
		elem.Span(vecty.Markup(vecty.Class("hover-hint")), vecty.Text("hover one for why")),
		elem.Span(vecty.Markup(vecty.Class("tap-hint")), vecty.Text("tap one for its lifecycle")),
	)
}

// foldButton is #violations-fold: folded, the banner's one line ("Lost,
// as acks=1 allows: AcknowledgedWriteLost: m2", its head in bold) and
// "▴ why", which unfold it; unfolded, a small "▾ less" that folds it.
func (v *ViolationsBanner) foldButton(folded bool, text string) *vecty.HTML {
	label, mark := "Fold to one line", "▾ less"
	var line vecty.MarkupOrChild
	if folded {
		label, mark = "Show what was lost and why", "▴ why"
		head, what, _ := strings.Cut(text, ": ")
		line = elem.Span(vecty.Markup(vecty.Class("fold-text")), elem.Strong(vecty.Text(head+":")), vecty.Text(" "+what))
	}
	dispatch := v.Dispatch
	return elem.Button(vecty.Markup(prop.ID("violations-fold"), vecty.Class("violations-fold"), prop.Type(prop.TypeButton),
		attr("aria-expanded", strconv.FormatBool(!folded)), attr("title", label),
		event.Click(func(*vecty.Event) { dispatch(site.ToggleViolations{}) })),
		line,
		elem.Span(vecty.Markup(vecty.Class("fold-mark"), attr("aria-hidden", "true")), vecty.Text(mark)),
	)
}
