package ui

import (
	"slices"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/site"
)

// LifecyclePanel is a vecty.Component which represents the selected
// record's lifecycle: produce, append on the leader, each follower's copy,
// the HW passing it, the ack and each consumer read, with their simulated
// times. It carries the DOM contract's <section id="lifecycle">.
type LifecyclePanel struct {
	vecty.Core

	Store *site.Store `vecty:"prop"`
	Count int         `vecty:"prop"`
	Gen   int         `vecty:"prop"`
}

// Render implements the vecty.Component interface. It returns a view of
// the selected record and its steps, so that a frame that changes neither
// leaves the panel alone.
func (l *LifecyclePanel) Render() vecty.ComponentOrHTML {
	s := l.Store
	sel := s.See.Sel
	v := lifecycleView{}
	if sel.Kind == site.SelRecord {
		v.Has, v.TP, v.Record, v.Steps = true, sel.TP, sel.Record, s.Lifecycle()
		if first, ok := s.SelectedDuplicate(); ok {
			name := sel.Record.Value
			if name == "" {
				name = "the record"
			}
			v.Dup = "duplicate: " + site.DuplicateSentence(name, sel.Record.Offset, first)
		}
	}
	return viewEq(v, func(v lifecycleView) *vecty.HTML { return lifecyclePanel(v) })
}

// lifecyclePanel draws the lifecycle of the selected record sel, which
// went through steps.
func lifecyclePanel(v lifecycleView) *vecty.HTML {
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

// lifecycleView is what the lifecycle panel shows: whether a record is
// selected, which (on which partition), and the steps it went through.
type lifecycleView struct {
	Has    bool
	TP     engine.TopicPartition
	Record engine.Record
	Steps  []site.LifeStep
	// Dup says the record is a second append of a retry, "" if not
	// (site.DuplicateSentence).
	Dup string
}

// Equal reports whether v and w show the same.
func (v lifecycleView) Equal(w lifecycleView) bool {
	return v.Has == w.Has && v.TP == w.TP && v.Record == w.Record && v.Dup == w.Dup && slices.Equal(v.Steps, w.Steps)
}
