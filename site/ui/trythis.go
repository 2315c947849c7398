package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/site"
)

// maxTries is how many suggestions the "Try this" bar offers at once.
const maxTries = 3

// renderTryThis is the "Try this" bar under the diagram: one button per
// suggestion that fits the cluster now (site.TryThis), each a single
// click, what to watch in its tooltip. It carries <div id="try-this">
// with <button data-try="crash-leader"> and so on. It is one row of a fixed
// height, there even when nothing fits, so that the diagram below it
// never moves.
func renderTryThis(s *site.Store) vecty.MarkupOrChild {
	sgs := site.TryThis(s.Player.State())
	sgs = sgs[:min(len(sgs), maxTries)]
	g := &sig{}
	for _, sg := range sgs {
		g.s(sg.Key).s(sg.Label)
	}
	return &memo{Sig: g.String(), Body: func() *vecty.HTML { return tryBar(s, sgs) }}
}

// tryBar draws the bar of renderTryThis.
func tryBar(s *site.Store, sgs []site.Suggestion) *vecty.HTML {
	items := []vecty.MarkupOrChild{
		vecty.Markup(prop.ID("try-this"), vecty.Class("try-this"), attr("role", "group"), attr("aria-labelledby", "try-h")),
		elem.Span(vecty.Markup(prop.ID("try-h"), vecty.Class("try-h")), vecty.Text("Try this:")),
	}
	if len(sgs) == 0 {
		items = append(items, elem.Span(vecty.Markup(vecty.Class("hint")), vecty.Text("click a broker or a link for its actions")))
	}
	for i, sg := range sgs {
		items = append(items, elem.Button(vecty.Markup(prop.Type(prop.TypeButton), vecty.Data("try", sg.Key),
			vecty.ClassMap{"first": i == 0}, attr("title", sg.Watch),
			event.Click(func(*vecty.Event) { site.Try(s, sg) })),
			vecty.Text(sg.Label)))
	}
	return elem.Div(items...)
}

// renderCaption is the line under the diagram that says what the current
// moment shows: <p id="caption" aria-hidden> (the narration region says
// it to screen readers).
func renderCaption(s *site.Store) vecty.MarkupOrChild {
	text, ok := s.Caption()
	if !ok {
		text = s.Manners.Narration.Current
	}
	if text == "" && s.Share.Embed != nil {
		text = "Press Play to watch the cluster replicate."
	}
	if text == "" {
		text = "Press Play, or try one of the experiments."
	}
	return &memo{Sig: text, Body: func() *vecty.HTML {
		return elem.Paragraph(vecty.Markup(prop.ID("caption"), vecty.Class("caption"), attr("aria-hidden", "true")), vecty.Text(text))
	}}
}

// renderSummary is the scenario's summary, what to watch, at the top of
// the side panel: <section id="summary">; nil if the script has none.
func renderSummary(s *site.Store) vecty.MarkupOrChild {
	text := s.Summary()
	if text == "" {
		return nil
	}
	return &memo{Sig: text, Body: func() *vecty.HTML {
		return elem.Section(vecty.Markup(prop.ID("summary"), vecty.Class("panel", "summary"), attr("aria-labelledby", "summary-h")),
			elem.Heading2(vecty.Markup(prop.ID("summary-h")), vecty.Text("What to watch")),
			elem.Paragraph(vecty.Text(text)))
	}}
}
