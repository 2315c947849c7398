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
// readers watch it from the start. v is the narrator's count and current
// sentence (Store.Manners.Narration).
func renderNarration(v narrationView) *pure[narrationView] {
	return view(v, func(v narrationView) *vecty.HTML {
		return elem.Paragraph(vecty.Markup(prop.ID("narration"), vecty.Class("visually-hidden"),
			attr("aria-live", "polite"), attr("aria-atomic", "true"), attr("data-spoken", itoa(int64(v.Spoken)))),
			vecty.Text(v.Current))
	})
}

// renderCaptionSaid is the visually hidden polite live region that says
// the script's say captions as they show, <p id="caption-said">: the
// caption over the diagram is aria-hidden, and #narration says the
// engine's events. It holds the say caption of the moment (Store.Caption)
// and nothing once the reader has acted, when the caption shows the
// narrator's sentences, which #narration says: no sentence is said twice.
// text is that caption.
func renderCaptionSaid(text string) *pure[string] {
	return view(text, func(text string) *vecty.HTML {
		return elem.Paragraph(vecty.Markup(prop.ID("caption-said"), vecty.Class("visually-hidden"),
			attr("aria-live", "polite"), attr("aria-atomic", "true")), vecty.Text(text))
	})
}

// narrationView is the narrator's region: how many sentences it has said
// (data-spoken) and the current one.
type narrationView struct {
	Spoken  int
	Current string
}

// renderInFlight is what goes under the diagram: a key to the partition
// maps when the cluster has more than one partition, and, when the user
// asks for reduced motion, the messages on the wire as a list in place of
// the moving dots (<ul id="inflight">). It is nil when neither applies.
// st is the cluster now; inFlight, called only under reduced motion, the
// messages on the wire (Player.InFlight).
func renderInFlight(st engine.State, reducedMotion bool, inFlight func() []engine.Message) vecty.MarkupOrChild {
	parts := len(st.Partitions)
	if !reducedMotion && parts <= 1 {
		return nil
	}
	var list vecty.MarkupOrChild
	if reducedMotion {
		msgs := inFlight()
		items := []vecty.MarkupOrChild{vecty.Markup(prop.ID("inflight"), attr("aria-label", "Messages on the wire"))}
		for _, m := range msgs {
			items = append(items, elem.ListItem(vecty.Markup(vecty.Key(m.ID), vecty.Class(site.MsgClass(m.Kind))),
				elem.Span(vecty.Markup(vecty.Class("swatch"), attr("aria-hidden", "true"))),
				vecty.Text(nodeName(m.From)+" → "+nodeName(m.To)+": "+site.MsgLabel(m)+", arrives "+engine.FormatTime(m.DeliverAt))))
		}
		list = elem.Div(
			elem.Heading2(vecty.Text("On the wire")),
			vecty.If(len(msgs) == 0, elem.Paragraph(vecty.Markup(vecty.Class("hint")), vecty.Text("No message in flight."))),
			elem.UnorderedList(items...),
		)
	}
	var key vecty.MarkupOrChild
	if parts > 1 {
		// A view: the key changes only with the first partition's name.
		key = view(st.Partitions[0].TP.String(), pmapKey)
	}
	return elem.Div(vecty.Markup(vecty.Class("inflight-wrap")), key, list)
}

// pmapKey explains the partition maps' chips; first names the partition
// the log strips show.
func pmapKey(first string) *vecty.HTML {
	chip := func(class, text string) *vecty.HTML {
		return elem.ListItem(elem.Span(vecty.Markup(vecty.Class("chip-swatch", class), attr("aria-hidden", "true"))), vecty.Text(text))
	}
	return elem.UnorderedList(vecty.Markup(vecty.Class("pmap-key"), attr("aria-label", "Partition map key")),
		elem.ListItem(vecty.Text("Partition map, one numbered chip per partition:")),
		chip(site.ChipLeader, "leader"),
		chip(site.ChipFollower, "in-sync follower"),
		chip(site.ChipOutOfSync, "out-of-sync follower"),
		chip(site.ChipNone, "no replica"),
		elem.ListItem(vecty.Text("(the log strips show "+first+"; the table view shows all)")),
	)
}

// nodeName names a message's end: "b1", "p1", "c1", "controller".
func nodeName(id engine.NodeID) string { return id.String() }
