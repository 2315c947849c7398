package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/site"
)

// renderNarration is the visually hidden aria-live region that speaks the
// narrator's sentence: the DOM contract's <p id="narration"
// aria-live="polite">. It is always in the document, so that screen
// readers watch it from the start.
func renderNarration(s *site.Store) *vecty.HTML {
	n := s.Manners.Narration
	return elem.Paragraph(vecty.Markup(prop.ID("narration"), vecty.Class("visually-hidden"),
		attr("aria-live", "polite"), attr("aria-atomic", "true"), attr("data-spoken", itoa(int64(n.Spoken)))),
		vecty.Text(n.Current))
}

// renderInFlight lists the messages on the wire when the user asks for
// reduced motion, in place of the moving dots: <ul id="inflight">; nil
// otherwise.
func renderInFlight(s *site.Store) vecty.MarkupOrChild {
	if !s.Manners.ReducedMotion {
		return nil
	}
	msgs := s.Player.InFlight()
	items := []vecty.MarkupOrChild{vecty.Markup(prop.ID("inflight"), attr("aria-label", "Messages on the wire"))}
	for _, m := range msgs {
		items = append(items, elem.ListItem(vecty.Markup(vecty.Key(m.ID), vecty.Class(site.MsgClass(m.Kind))),
			elem.Span(vecty.Markup(vecty.Class("swatch"), attr("aria-hidden", "true"))),
			vecty.Text(nodeName(m.From)+" → "+nodeName(m.To)+": "+site.MsgLabel(m)+", arrives "+engine.FormatTime(m.DeliverAt))))
	}
	return elem.Div(vecty.Markup(vecty.Class("inflight-wrap")),
		elem.Heading2(vecty.Text("On the wire")),
		vecty.If(len(msgs) == 0, elem.Paragraph(vecty.Markup(vecty.Class("hint")), vecty.Text("No message in flight."))),
		elem.UnorderedList(items...),
	)
}

// nodeName names a message's end: "b1", "p1", "c1", "controller".
func nodeName(id engine.NodeID) string { return id.String() }
