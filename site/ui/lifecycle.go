package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/site"
)

// renderLifecycle is the selected record's lifecycle: produce, append on
// the leader, each follower's copy, the HW passing it, the ack and each
// consumer read, with their simulated times (site.Store.LifecycleView).
// It carries the DOM contract's <section id="lifecycle">. It is drawn from
// its view, so that a frame that changes neither the record nor its steps
// leaves the panel alone.
func renderLifecycle(v site.LifecycleView) *pureEq[site.LifecycleView] {
	return viewEq(v, lifecyclePanel)
}

// lifecyclePanel draws the lifecycle v of the selected record.
func lifecyclePanel(v site.LifecycleView) *vecty.HTML {
	steps := v.Steps
	body := []vecty.MarkupOrChild{
		vecty.Markup(prop.ID("lifecycle"), vecty.Class("panel", "lifecycle-panel"), attr("aria-labelledby", "lifecycle-h"), attr("aria-live", "polite")),
		elem.Heading2(vecty.Markup(prop.ID("lifecycle-h")), vecty.Text("Record lifecycle")),
	}
	if !v.Has {
		// "idle": a phone's drawer and an embed's card leave out the
		// hint, which a selected broker's facts do not need under them.
		body[0] = vecty.Markup(prop.ID("lifecycle"), vecty.Class("panel", "lifecycle-panel", "idle"), attr("aria-labelledby", "lifecycle-h"), attr("aria-live", "polite"))
		return elem.Section(append(body, elem.Paragraph(vecty.Markup(vecty.Class("hint")), vecty.Text("Click a record cell in a log to follow it from produce to consume.")))...)
	}
	name := v.Record.Value
	if name == "" {
		name = "the record"
	}
	body = append(body, elem.Paragraph(vecty.Markup(vecty.Class("life-of")),
		vecty.Text(name+" at offset "+itoa(int64(v.Record.Offset))+" of "+v.TP.String()+", leader epoch "+itoa(int64(v.Record.LeaderEpoch)))))
	if v.Dup != "" {
		body = append(body, elem.Paragraph(vecty.Markup(vecty.Class("life-dup")), vecty.Text(v.Dup)))
	}
	items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("life-steps"))}
	for _, st := range steps {
		items = append(items, elem.ListItem(vecty.Markup(vecty.Class("step-"+st.Kind), attr("data-step", st.Kind), attr("data-node", st.Node.String())),
			elem.Time(vecty.Text(engine.FormatTime(st.At))), vecty.Text(" "+st.Text)))
	}
	if len(steps) == 0 {
		items = append(items, elem.ListItem(vecty.Text("Nothing has happened to it yet at the playhead.")))
	}
	return elem.Section(append(body, elem.OrderedList(items...))...)
}
