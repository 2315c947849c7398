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

// renderConsumerPanel is the consumer panel (#consumer-panel): start a new
// consumer of the first partition reading from the leader or, when the
// cluster has racks and the RackAwareReplicaSelector, from a follower in
// the consumer's rack (client.rack), at earliest, latest or an offset.
//
// It is drawn from its view, so that a frame rebuilds it only when the
// racks or the consumers' positions change. Its button dispatches.
func renderConsumerPanel(v consumerView, dispatch func(site.Action)) *pureEq[consumerView] {
	return viewEq(v, func(v consumerView) *vecty.HTML { return consumerPanel(dispatch, v) })
}

// consumerView is the consumer panel's state (site.ConsumerFormView,
// whose Equal site's tests check field by field).
type consumerView = site.ConsumerFormView

// consumerPanel draws the consumer panel v (see renderConsumerPanel); its
// button dispatches to s.
func consumerPanel(dispatch func(site.Action), v consumerView) *vecty.HTML {
	from := []vecty.MarkupOrChild{vecty.Markup(attr("name", "rack")), option("", "the leader", true)}
	for i, r := range v.Racks {
		from = append(from, option(r, v.RackLabels[i], false))
	}
	start := func(e *vecty.Event) {
		pos := engine.OffsetEarliest
		switch v := field(e, "from"); v {
		case "latest":
			pos = engine.OffsetLatest
		case "offset":
			n, err := strconv.ParseInt(strings.TrimSpace(field(e, "offset")), 10, 64)
			if err != nil || n < 0 {
				dispatch(site.ShowError{Text: "the offset must be a whole number, 0 or more"})
				return
			}
			pos = engine.Offset(n)
		}
		dispatch(site.StartConsumer{From: pos, Rack: field(e, "rack"), Group: strings.TrimSpace(field(e, "group"))})
	}
	note := "This scenario's brokers have no broker.rack (or replica.selector.class is not the RackAwareReplicaSelector), so a consumer reads from the leader only. Set both in the config panel to fetch from a follower (KIP-392)."
	if len(v.Racks) > 0 {
		note = "With client.rack the leader sends the consumer to a replica in its rack (RackAwareReplicaSelector, KIP-392); it reads up to that replica's high watermark."
	}
	var rows []vecty.MarkupOrChild
	rows = append(rows, vecty.Markup(prop.ID("cp-consumers"), vecty.Class("act-hint")))
	for _, r := range v.Consumers {
		rows = append(rows, elem.ListItem(vecty.Markup(attr("data-consumer", r.ID), attr("data-group", r.Group),
			attr("data-committed", itoa(int64(r.Committed))), attr("data-committed-epoch", itoa(int64(r.CommittedEpoch)))), vecty.Text(r.Text)))
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
		elem.Div(vecty.Markup(vecty.Class("act-row")),
			labelled("group (group.id)", elem.Input(vecty.Markup(attr("name", "group"), prop.Type(prop.TypeText), attr("placeholder", "none"), attr("maxlength", "249"))), ""),
		),
		elem.Paragraph(vecty.Markup(vecty.Class("act-hint")), vecty.Text(note)),
		elem.Paragraph(vecty.Markup(vecty.Class("act-hint")), vecty.Text("A consumer in a group saves its place, the committed offset, with the group coordinator and starts from it next time; without one it starts as auto.offset.reset says.")),
		vecty.If(len(v.Consumers) > 0, elem.UnorderedList(rows...)),
	)
}
