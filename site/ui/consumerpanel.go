package ui

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/site"
)

// renderConsumerPanel is the consumer panel (#consumer-panel): start a new
// consumer of the first partition reading from the leader or, when the
// cluster has racks and the RackAwareReplicaSelector, from a follower in
// the consumer's rack (client.rack), at earliest, latest or an offset.
//
// It is a memo of the racks and the consumers' positions, so that a frame
// rebuilds it only when those change.
func renderConsumerPanel(s *site.Store) *memo {
	cfg := s.Player.Scenario().Config
	g := (&sig{}).t(s.HasRacks())
	for _, r := range cfg.Racks {
		g.s(r)
	}
	for _, k := range s.Player.State().Consumers {
		g.i(int64(k.ID.ID)).i(int64(k.Position)).i(int64(len(k.Read)))
	}
	return &memo{Sig: g.String(), Body: func() *vecty.HTML { return consumerPanel(s) }}
}

// consumerPanel draws the consumer panel (see renderConsumerPanel).
func consumerPanel(s *site.Store) *vecty.HTML {
	cfg := s.Player.Scenario().Config
	from := []vecty.MarkupOrChild{vecty.Markup(attr("name", "rack")), option("", "the leader", true)}
	var racks []string
	if s.HasRacks() {
		for _, r := range cfg.Racks {
			if r == "" || slices.Contains(racks, r) {
				continue
			}
			racks = append(racks, r)
			var ids []string
			for i, r2 := range cfg.Racks {
				if r2 == r {
					ids = append(ids, itoa(int64(i+1)))
				}
			}
			from = append(from, option(r, "a replica in rack "+r+" (client.rack="+r+", brokers "+strings.Join(ids, ", ")+")", false))
		}
	}
	start := func(e *vecty.Event) {
		pos := engine.OffsetEarliest
		switch v := field(e, "from"); v {
		case "latest":
			pos = engine.OffsetLatest
		case "offset":
			n, err := strconv.ParseInt(strings.TrimSpace(field(e, "offset")), 10, 64)
			if err != nil || n < 0 {
				s.Dispatch(site.ShowError{Text: "the offset must be a whole number, 0 or more"})
				return
			}
			pos = engine.Offset(n)
		}
		s.Dispatch(site.StartConsumer{From: pos, Rack: field(e, "rack")})
	}
	note := "This scenario's brokers have no broker.rack (or replica.selector.class is not the RackAwareReplicaSelector), so a consumer reads from the leader only. Set both in the config panel to fetch from a follower (KIP-392)."
	if len(racks) > 0 {
		note = "With client.rack the leader sends the consumer to a replica in its rack (RackAwareReplicaSelector, KIP-392); it reads up to that replica's high watermark."
	}
	var list []string
	for _, k := range s.Player.State().Consumers {
		list = append(list, k.ID.String()+" at offset "+itoa(int64(k.Position))+", "+itoa(int64(len(k.Read)))+" read")
	}
	return elem.Section(
		vecty.Markup(prop.ID("consumer-panel"), vecty.Class("act-panel"), attr("data-panel", "consumer"), attr("aria-labelledby", "consumer-panel-h")),
		elem.Heading2(vecty.Markup(prop.ID("consumer-panel-h")), vecty.Text("Consumer")),
		elem.Div(vecty.Markup(vecty.Class("act-row")),
			labelled("read from", elem.Select(from...), ""),
		),
		elem.Div(vecty.Markup(vecty.Class("act-row")),
			labelled("position", elem.Select(vecty.Markup(attr("name", "from")),
				option("earliest", "earliest", true), option("latest", "latest", false), option("offset", "offset…", false)), ""),
			labelled("offset", elem.Input(vecty.Markup(attr("name", "offset"), prop.Type(prop.TypeNumber), attr("min", "0"), attr("value", "0"))), ""),
			elem.Button(vecty.Markup(prop.ID("cp-start"), prop.Type(prop.TypeButton), vecty.Class("accent"), event.Click(start)), vecty.Text("Start consumer")),
		),
		elem.Paragraph(vecty.Markup(vecty.Class("act-hint")), vecty.Text(note)),
		vecty.If(len(list) > 0, elem.Paragraph(vecty.Markup(prop.ID("cp-consumers"), vecty.Class("act-hint")), vecty.Text(strings.Join(list, "; ")))),
	)
}
