package ui

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/site"
)

// renderTableView shows the cluster as HTML tables for screen readers
// and for clusters too large to read in the diagram: one table per
// partition, one row per replica with its role, LEO, HW, leader epoch and
// ISR membership. It carries the DOM contract's <section id="table-view">
// with <tr data-tp data-broker data-leo data-hw>; nil while it is off
// (on false). st is the cluster now; its × dispatches site.ToggleTable.
func renderTableView(on bool, st engine.State, dispatch func(site.Action)) vecty.MarkupOrChild {
	if !on {
		return nil
	}
	items := []vecty.MarkupOrChild{
		vecty.Markup(prop.ID("table-view"), vecty.Class("panel", "table-view"), attr("aria-labelledby", "table-view-h")),
		elem.Button(vecty.Markup(vecty.Class("detail-close"), prop.Type(prop.TypeButton), attr("aria-label", "Close the tables"),
			event.Click(func(*vecty.Event) { dispatch(site.ToggleTable{}) })), vecty.Text("×")),
		elem.Heading2(vecty.Markup(prop.ID("table-view-h")), vecty.Text("Cluster as tables")),
	}
	if len(st.Partitions) == 0 {
		items = append(items, elem.Paragraph(vecty.Markup(vecty.Class("hint")), vecty.Text("No topic yet.")))
	}
	items = append(items, elem.Paragraph(vecty.Markup(vecty.Class("hint")), vecty.Text(brokersLine(st))))
	for _, p := range st.Partitions {
		items = append(items, elem.Div(vecty.Markup(vecty.Class("table-wrap")), partitionTable(st, p)))
	}
	return elem.Section(items...)
}

// brokersLine says which brokers are up: "Brokers: b1 down, b2 up, b3 up."
func brokersLine(st engine.State) string {
	out := "Brokers:"
	for i, b := range st.Brokers {
		if i > 0 {
			out += ","
		}
		state := "up"
		if !b.Alive {
			state = "down"
		}
		out += " " + site.BrokerKey(b.ID) + " " + state
	}
	return out + "."
}

// partitionTable is one partition's replicas.
func partitionTable(st engine.State, p engine.PartitionState) *vecty.HTML {
	leader := "no leader"
	if p.Leader != engine.NoLeader {
		leader = "leader " + site.BrokerKey(p.Leader)
	}
	caption := p.TP.String() + ": " + leader + ", leader epoch " + itoa(int64(p.LeaderEpoch)) + ", ISR " + engine.JoinIDs(p.ISR)
	th := func(s string) *vecty.HTML { return elem.TableHeader(vecty.Markup(attr("scope", "col")), vecty.Text(s)) }
	rows := []vecty.MarkupOrChild{}
	for _, r := range site.TableOf(st, p) {
		inISR, state := "no", "up"
		if r.InISR {
			inISR = "yes"
		}
		if r.BrokerDown {
			state = "down"
		}
		rows = append(rows, elem.TableRow(
			vecty.Markup(attr("data-tp", p.TP.String()), attr("data-broker", itoa(int64(r.Broker))),
				attr("data-leo", itoa(int64(r.LEO))), attr("data-hw", itoa(int64(r.HW))), attr("data-role", r.Role)),
			elem.TableHeader(vecty.Markup(attr("scope", "row")), vecty.Text("broker "+itoa(int64(r.Broker)))),
			elem.TableData(vecty.Text(r.Role)),
			elem.TableData(vecty.Text(strconv.FormatInt(int64(r.LEO), 10))),
			elem.TableData(vecty.Text(strconv.FormatInt(int64(r.HW), 10))),
			elem.TableData(vecty.Text(site.LeaderEpochText(r.LeaderEpoch))),
			elem.TableData(vecty.Text(inISR)),
			elem.TableData(vecty.Text(state)),
		))
	}
	return elem.Table(
		vecty.Markup(attr("data-tp", p.TP.String())),
		elem.Caption(vecty.Text(caption)),
		elem.TableHead(elem.TableRow(th("Replica"), th("Role"), th("LEO"), th("HW"), th("Leader epoch"), th("In ISR"), th("Broker"))),
		elem.TableBody(rows...),
	)
}
