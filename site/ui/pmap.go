package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/event"

	"kplay/engine"
	"kplay/site"
)

// renderPartitionMaps draws, in each broker box of a cluster with more
// than one partition, a row of chips, one per partition, saying whether
// the broker leads it, follows it in sync, follows it out of sync or holds
// no replica: <g class="pmap" data-broker> with <g class="chip"
// data-tp data-chip>. Screen readers get the same in the table view, so
// the maps are hidden from them. A click on a map opens its broker's
// menu, as a click on the box does.
func renderPartitionMaps(dispatch func(site.Action), st engine.State, lay site.Layout) *vecty.HTML {
	items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("pmaps"), attr("aria-hidden", "true"))}
	if lay.PMapRows == 0 {
		return svgEl("g", items...)
	}
	for _, n := range lay.Nodes {
		chips := site.PartitionChips(st, lay, n)
		if len(chips) == 0 {
			continue
		}
		v := pmapView{Broker: n.Broker, Down: !brokerAlive(st, n.Broker), Chips: chips}
		items = append(items, viewEq(v, func(v pmapView) *vecty.HTML { return renderPartitionMap(dispatch, v.Broker, v.Down, v.Chips) }))
	}
	return svgEl("g", items...)
}

// renderPartitionMap draws broker id's partition map from its chips; a
// click dispatches site.OpenMenu.
func renderPartitionMap(dispatch func(site.Action), id engine.BrokerID, down bool, chips []site.Chip) *vecty.HTML {
	g := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("pmap"), vecty.ClassMap{"down": down},
		attr("data-broker", itoa(int64(id))),
		event.Click(func(*vecty.Event) { dispatch(site.OpenMenu{Broker: id}) }))}
	for _, c := range chips {
		r := c.Rect
		g = append(g, svgEl("g",
			vecty.Markup(vecty.Class("chip", c.Class), attr("data-tp", c.TP.String()), attr("data-chip", c.Class), translate(r.X, r.Y)),
			svgEl("title", vecty.Text(c.Title)),
			svgEl("rect", vecty.Markup(attr("width", num1(r.W)), attr("height", num1(r.H)), attr("rx", "3"))),
			svgText(r.W/2, r.H/2+3, itoa(int64(c.TP.Partition)), attr("text-anchor", "middle")),
		))
	}
	return svgEl("g", g...)
}

// pmapView is one broker's partition map (site.PartitionMapView, whose
// Equal site's tests check field by field).
type pmapView = site.PartitionMapView
