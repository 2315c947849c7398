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

// renderInspector is the inspector: what the user clicked last — a
// broker and its replicas, a record, or a message — with its facts
// (site.Store.InspectorView). It carries the DOM contract's <section
// id="inspector">. It is drawn from its view, so that a frame that changes
// nothing in it leaves the panel alone; its × dispatches.
func renderInspector(v site.InspectorView, dispatch func(site.Action)) *pureEq[site.InspectorView] {
	return viewEq(v, func(v site.InspectorView) *vecty.HTML { return inspectorPanel(dispatch, v.In, v.OK) })
}

// inspectorPanel draws the inspector for in (ok false: nothing selected);
// its × dispatches site.ClearSelection.
func inspectorPanel(dispatch func(site.Action), in site.Inspection, ok bool) *vecty.HTML {
	body := []vecty.MarkupOrChild{
		vecty.Markup(prop.ID("inspector"), vecty.Class("panel", "inspector-panel"), attr("aria-labelledby", "inspector-h"), attr("aria-live", "polite")),
	}
	if !ok {
		return elem.Section(append(body,
			elem.Heading2(vecty.Markup(prop.ID("inspector-h")), vecty.Text("Inspector")),
			elem.Paragraph(vecty.Markup(vecty.Class("hint")), vecty.Text("Click a broker, a record cell or a message dot to inspect it.")))...)
	}
	body = append(body, elem.Div(vecty.Markup(vecty.Class("panel-head")),
		elem.Heading2(vecty.Markup(prop.ID("inspector-h")), vecty.Text("Inspector: "+in.Title)),
		elem.Button(vecty.Markup(vecty.Class("clear"), prop.Type(prop.TypeButton), attr("aria-label", "Clear the inspector"),
			event.Click(func(*vecty.Event) { dispatch(site.ClearSelection{}) })), vecty.Text("×")),
	))
	dl := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("facts"))}
	for _, r := range in.Rows {
		dl = append(dl, elem.DefinitionTerm(vecty.Text(r.Label)), elem.Description(vecty.Text(r.Value)))
	}
	body = append(body, elem.DescriptionList(dl...))
	if len(in.Head) > 0 {
		head := make(vecty.List, 0, len(in.Head))
		for _, h := range in.Head {
			head = append(head, elem.TableHeader(vecty.Text(h)))
		}
		rows := make(vecty.List, 0, len(in.Table))
		for _, row := range in.Table {
			tds := make(vecty.List, 0, len(row))
			for _, c := range row {
				tds = append(tds, elem.TableData(vecty.Text(c)))
			}
			rows = append(rows, elem.TableRow(tds))
		}
		if len(in.Table) == 0 {
			rows = append(rows, elem.TableRow(elem.TableData(vecty.Markup(attr("colspan", itoa(int64(len(in.Head))))), vecty.Text("no replicas"))))
		}
		body = append(body, elem.Div(vecty.Markup(vecty.Class("table-wrap")),
			elem.Table(elem.Caption(vecty.Text("replicas")), elem.TableHead(elem.TableRow(head)), elem.TableBody(rows))))
	}
	return elem.Section(body...)
}

// selectMessage selects message m for the inspector.
func selectMessage(dispatch func(site.Action), m engine.Message) {
	dispatch(site.Select{Target: site.Selection{Kind: site.SelMessage, Msg: m}})
}

// selectMessageIn is the diagram's click listener for the message dots: a
// click on a dot (an element inside g.msg[data-msg]) selects that message
// among those in flight, and goes no further up the page; a click
// anywhere else goes on as usual. inFlight is the messages on the wire
// when clicked (Player.InFlight).
func selectMessageIn(inFlight func() []engine.Message, dispatch func(site.Action)) vecty.Applyer {
	return event.Click(func(e *vecty.Event) {
		g := e.Target.Call("closest", "g.msg[data-msg]")
		if !g.Truthy() {
			return
		}
		id, err := strconv.ParseInt(g.Call("getAttribute", "data-msg").String(), 10, 64)
		if err != nil {
			return
		}
		for _, m := range inFlight() {
			if m.ID == id {
				e.Value.Call("stopPropagation")
				selectMessage(dispatch, m)
				return
			}
		}
	})
}
