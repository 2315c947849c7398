package ui

import (
	"strconv"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/site"
)

// field reads the value of the control named name in the panel (the
// closest [data-panel]) that holds e's target.
func field(e *vecty.Event, name string) string {
	panel := e.Target.Call("closest", "[data-panel]")
	if !panel.Truthy() {
		return ""
	}
	el := panel.Call("querySelector", `[name="`+name+`"]`)
	if !el.Truthy() {
		return ""
	}
	return el.Get("value").String()
}

// labelled is a label with a control inside, so that the two need no ids.
func labelled(text string, control *vecty.HTML, hint string) *vecty.HTML {
	return elem.Label(vecty.Markup(vecty.Class("act-field")),
		elem.Span(vecty.Markup(vecty.Class("act-label")), vecty.Text(text)),
		control,
		vecty.If(hint != "", elem.Span(vecty.Markup(vecty.Class("act-hint")), vecty.Text(hint))),
	)
}

// option is an <option> of a select, selected when sel.
//
// The value is an attribute, not the value property: an <option> without
// a value attribute has its text as its value, and the patched Vecty
// sets a property only where it differs from the element's, which for a
// new option with no text yet is "" (so option("", "the leader") read
// "the leader", and the consumer panel sent that as its client.rack).
func option(value, text string, sel bool) *vecty.HTML {
	return elem.Option(vecty.Markup(attr("value", value), vecty.Property("selected", sel)), vecty.Text(text))
}

// acksSelect is the acks control: all, 1 or 0.
func acksSelect() *vecty.HTML {
	return elem.Select(vecty.Markup(attr("name", "acks")),
		option("all", "all", true), option("1", "1", false), option("0", "0", false))
}

// parseAcks reads the acks control's value.
func parseAcks(v string) engine.Acks {
	switch v {
	case "1":
		return engine.AcksOne
	case "0":
		return engine.AcksNone
	}
	return engine.AcksAll
}

// renderProducerPanel is the producer panel (#producer-panel): records
// as a count or explicit values, a key, acks, and a rate in records per
// simulated second that the Store turns into one produce command per
// interval. It is drawn from its view, the rate's state and the script's
// own rate producers, so that a frame does not rebuild the panel.
func renderProducerPanel(v producerView, dispatch func(site.Action)) *pure[producerView] {
	return view(v, func(v producerView) *vecty.HTML { return producerPanel(dispatch, v) })
}

// producerView is the producer panel's state: whether a rate started
// here runs, the status line (that rate, and the script's own rate
// producers), and the complaint of its send or rate form.
type producerView struct {
	On     bool
	Status string
	Err    site.FormError
}

// producerPanel draws the producer panel v (see renderProducerPanel);
// its buttons dispatch.
func producerPanel(dispatch func(site.Action), v producerView) *vecty.HTML {
	r := v
	send := func(e *vecty.Event) {
		var vals []string
		for _, v := range strings.Split(field(e, "values"), ",") {
			if v = strings.TrimSpace(v); v != "" {
				vals = append(vals, v)
			}
		}
		n, _ := strconv.Atoi(strings.TrimSpace(field(e, "count")))
		dispatch(site.ProduceWith{Values: vals, Count: max(n, 1), Key: strings.TrimSpace(field(e, "key")), Acks: parseAcks(field(e, "acks"))})
	}
	start := func(e *vecty.Event) {
		n, err := strconv.Atoi(strings.TrimSpace(field(e, "rate")))
		if err != nil {
			n = 0
		}
		dispatch(site.StartRate{PerSec: n, Key: strings.TrimSpace(field(e, "key")), Acks: parseAcks(field(e, "acks"))})
	}
	status := v.Status
	// A field at fault is marked, and described by its form's complaint.
	bad := func(form, name string) vecty.Applyer {
		id := "pp-error"
		if form == site.FormRate {
			id = "pp-rate-error"
		}
		return invalidMarks(v.Err.Form == form && v.Err.Field == name, id)
	}
	errOf := func(form string) site.FormError {
		if v.Err.Form == form {
			return v.Err
		}
		return site.FormError{}
	}
	// Two forms, so that Enter sends from the records' fields and starts
	// the rate from its own; both read the key and acks (field looks in
	// the whole panel). novalidate: the panel's complaints, not the
	// browser's, say what a field takes.
	return elem.Section(
		vecty.Markup(prop.ID("producer-panel"), vecty.Class("act-panel"), attr("data-panel", "producer"), attr("aria-labelledby", "producer-panel-h")),
		elem.Heading2(vecty.Markup(prop.ID("producer-panel-h")), vecty.Text("Producer")),
		elem.Paragraph(vecty.Markup(vecty.Class("act-hint")), vecty.Text("p1 sends to the first partition's leader.")),
		elem.Form(vecty.Markup(prop.ID("pp-send-form"), attr("novalidate", true), event.Submit(send).PreventDefault()),
			elem.Div(vecty.Markup(vecty.Class("act-row")),
				labelled("records (count)", elem.Input(vecty.Markup(attr("name", "count"), prop.Type(prop.TypeNumber), attr("min", "1"), attr("max", strconv.Itoa(script.MaxCount)), attr("value", "1"),
					attr("title", "Up to "+strconv.Itoa(site.NumberedSend)+" records are numbered on from the scenario's own; more go as one count= line, named m0, m1, … as a script names them (at most "+strconv.Itoa(script.MaxCount)+")"),
					bad(site.FormProduce, "count"))), ""),
				labelled("or values", elem.Input(vecty.Markup(attr("name", "values"), prop.Type(prop.TypeText), prop.Placeholder("a, b, c"), attr("size", "12"), bad(site.FormProduce, "values"))), ""),
			),
			elem.Div(vecty.Markup(vecty.Class("act-row")),
				labelled("key", elem.Input(vecty.Markup(attr("name", "key"), prop.Type(prop.TypeText), attr("size", "8"), prop.Placeholder("none"),
					bad(site.FormProduce, "key"), bad(site.FormRate, "key"))), ""),
				labelled("acks", acksSelect(), ""),
				elem.Button(vecty.Markup(prop.ID("pp-send"), prop.Type(prop.TypeSubmit), vecty.Class("accent")), vecty.Text("Send")),
			),
			formError("pp-error", errOf(site.FormProduce)),
		),
		elem.Form(vecty.Markup(prop.ID("pp-rate-form"), attr("novalidate", true), event.Submit(start).PreventDefault()),
			elem.Div(vecty.Markup(vecty.Class("act-row")),
				labelled("rate (records per simulated s)", elem.Input(vecty.Markup(attr("name", "rate"), prop.Type(prop.TypeNumber), attr("min", "1"), attr("max", "100"), attr("value", "2"), bad(site.FormRate, "rate"))), ""),
			),
			elem.Div(vecty.Markup(vecty.Class("act-row")),
				elem.Button(vecty.Markup(prop.ID("pp-rate-start"), prop.Type(prop.TypeSubmit), prop.Disabled(r.On)), vecty.Text("Start")),
				elem.Button(vecty.Markup(prop.ID("pp-rate-stop"), prop.Type(prop.TypeButton), prop.Disabled(!r.On),
					event.Click(func(*vecty.Event) { dispatch(site.StopRate{}) })), vecty.Text("Stop")),
			),
			formError("pp-rate-error", errOf(site.FormRate)),
		),
		elem.Paragraph(vecty.Markup(prop.ID("pp-rate-status"), vecty.Class("act-hint"), attr("aria-live", "polite")), vecty.Text(status)),
	)
}
