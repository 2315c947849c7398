package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/event"

	"kplay/engine"
	"kplay/site"
)

// strip is what one broker's log strip needs to draw.
type strip struct {
	r          engine.ReplicaState
	from, to   engine.Offset
	cellW      float64
	cellH      float64
	fresh      [2]engine.Offset
	freshValid bool
	// store receives a clicked cell's selection; tp is the strip's
	// partition, ghosts the records this replica truncated that nothing
	// has overwritten yet, lost the records violations name.
	store  *site.Store
	tp     engine.TopicPartition
	ghosts []engine.Record
	lost   []site.LostRecord
}

// renderStrip draws a replica's log as a row of offset cells from s.from to
// s.to, with the records it holds filled and coloured by leader epoch, the
// rest as empty slots, and the HW and LEO markers. The group carries the
// DOM contract's class="log" data-broker data-leo data-hw.
func renderStrip(s strip) *vecty.HTML {
	r := s.r
	items := []vecty.MarkupOrChild{vecty.Markup(
		vecty.Class("log"),
		attr("data-broker", itoa(int64(r.Broker))),
		attr("data-leo", itoa(int64(r.LEO))),
		attr("data-hw", itoa(int64(r.HW))),
	)}
	x := func(o engine.Offset) float64 { return float64(o-s.from) * s.cellW }
	for o := s.from; o < s.to; o++ {
		if o < r.LogStart || o >= r.LEO {
			if g, ok := ghostAt(s.ghosts, o); ok {
				items = append(items, renderGhost(s, g, x(o)))
				continue
			}
			items = append(items, renderSlot(s, o, x(o)))
			continue
		}
		rec := r.Log[o-r.LogStart]
		cls := []string{"cell", epochClass(rec.LeaderEpoch)}
		if o < r.HW {
			cls = append(cls, "committed")
		}
		if s.freshValid && o >= s.fresh[0] && o < s.fresh[1] {
			cls = append(cls, "fresh")
		}
		tip := "offset " + itoa(int64(o)) + ": " + rec.Value
		if rec.Key != "" {
			tip = "offset " + itoa(int64(o)) + ": " + rec.Key + "=" + rec.Value
		}
		if selected(s, rec) {
			cls = append(cls, "selected")
		}
		if l, ok := site.LostAt(s.lost, s.tp, o); ok && l.Value == rec.Value {
			cls = append(cls, "lost")
			tip += "\n" + l.Title
		}
		items = append(items, recordCell(s, rec, o, x(o), cls, tip))
	}
	w := float64(s.to-s.from) * s.cellW
	items = append(items, marker("leo-mark", "LEO "+itoa(int64(r.LEO)), x(r.LEO), w, -7, s.cellH))
	items = append(items, marker("hw-mark", "HW "+itoa(int64(r.HW)), x(max(r.HW, s.from)), w, s.cellH+15, s.cellH))
	return svgEl("g", items...)
}

// recordCell draws the record rec at offset o, x from the strip's start,
// with classes cls and tooltip tip. It is a memo of those inputs and the
// strip's cell size, broker and partition: when a record arrives, the
// broker re-renders, but its other cells stay as they were (and keep
// their colour transitions).
func recordCell(s strip, rec engine.Record, o engine.Offset, x float64, cls []string, tip string) *memo {
	g := &sig{}
	g.i(int64(o)).f(x).f(s.cellW).f(s.cellH).s(tip).record(rec).i(int64(s.r.Broker)).tp(s.tp).t(s.store != nil)
	for _, c := range cls {
		g.s(c)
	}
	return &memo{Sig: g.String(), Body: func() *vecty.HTML {
		return svgEl("g",
			vecty.Markup(vecty.Class(cls...), attr("data-offset", itoa(int64(o))), attr("data-epoch", itoa(int64(rec.LeaderEpoch))), translate(x, 0),
				selectRecord(s, rec, false)),
			svgEl("title", vecty.Text(tip)),
			svgEl("rect", vecty.Markup(attr("x", "1"), attr("y", "1"), attr("width", num1(s.cellW-2)), attr("height", num1(s.cellH-2)), attr("rx", "3"))),
			cellNumber(s, o),
		)
	}}
}

// marker draws a vertical tick across the strip at x with a label above
// (labelY < 0) or below it, kept inside [0, w].
func marker(class, label string, x, w, labelY, h float64) *vecty.HTML {
	anchor := "middle"
	switch {
	case x < 18:
		anchor = "start"
	case x > w-18:
		anchor = "end"
	}
	y1, y2 := -4.0, h+4
	return svgEl("g", vecty.Markup(vecty.Class("marker", class)),
		svgEl("line", vecty.Markup(attr("x1", num1(x)), attr("x2", num1(x)), attr("y1", num1(y1)), attr("y2", num1(y2)))),
		svgText(x, labelY, label, attr("text-anchor", anchor)),
	)
}

// epochClass is a cell's colour class: one of six, cycling per leader
// epoch ("ep0" … "ep5").
func epochClass(e engine.Epoch) string { return "ep" + itoa(int64(e)%6) }

// ghostAt finds the ghost at offset o.
func ghostAt(gs []engine.Record, o engine.Offset) (engine.Record, bool) {
	for _, g := range gs {
		if g.Offset == o {
			return g, true
		}
	}
	return engine.Record{}, false
}

// selectRecord makes a cell a click target that shows its record in the
// inspector and the lifecycle panel. It does not open the broker's menu,
// as a click anywhere else on the box does: the reader asked about the
// record, and the menu would cover the lifecycle it opens. The broker
// itself is not selected, so that the record stays in the inspector.
func selectRecord(s strip, rec engine.Record, ghost bool) vecty.Applyer {
	if s.store == nil {
		return nil
	}
	st, b, tp := s.store, s.r.Broker, s.tp
	return event.Click(func(*vecty.Event) {
		st.Dispatch(site.Select{Target: site.Selection{Kind: site.SelRecord, Broker: b, TP: tp, Record: rec, Ghost: ghost}})
	}).StopPropagation()
}

// renderGhost draws a truncated record after the log end: its epoch's
// colour, struck through, until a new record takes its offset.
func renderGhost(s strip, g engine.Record, x float64) *vecty.HTML {
	cls := []string{"cell", "truncated", epochClass(g.LeaderEpoch)}
	if selected(s, g) {
		cls = append(cls, "selected")
	}
	name := g.Value
	if name == "" {
		name = "a record"
	}
	tip := "offset " + itoa(int64(g.Offset)) + ": " + name + " — truncated from broker " + itoa(int64(s.r.Broker)) + "'s log"
	if l, ok := site.LostAt(s.lost, s.tp, g.Offset); ok && (g.Value == "" || l.Value == g.Value) {
		cls = append(cls, "lost")
		tip += "\n" + l.Title
	}
	return svgEl("g",
		vecty.Markup(vecty.Class(cls...), attr("data-offset", itoa(int64(g.Offset))), attr("data-epoch", itoa(int64(g.LeaderEpoch))), translate(x, 0),
			selectRecord(s, g, true)),
		svgEl("title", vecty.Text(tip)),
		svgEl("rect", vecty.Markup(attr("x", "1"), attr("y", "1"), attr("width", num1(s.cellW-2)), attr("height", num1(s.cellH-2)), attr("rx", "3"))),
		cellNumber(s, g.Offset),
		svgEl("line", vecty.Markup(vecty.Class("strike"), attr("x1", "3"), attr("x2", num1(s.cellW-3)), attr("y1", num1(s.cellH/2)), attr("y2", num1(s.cellH/2)))),
	)
}

// renderSlot draws an empty offset; where a violation lost a record at
// that offset, the slot is outlined in red and says why.
func renderSlot(s strip, o engine.Offset, x float64) *vecty.HTML {
	rect := svgEl("rect", vecty.Markup(attr("x", num1(x+1)), attr("y", "1"), attr("width", num1(s.cellW-2)), attr("height", num1(s.cellH-2)), attr("rx", "3")))
	if l, ok := site.LostAt(s.lost, s.tp, o); ok {
		return svgEl("g", vecty.Markup(vecty.Class("slot", "lost"), attr("data-offset", itoa(int64(o)))),
			svgEl("title", vecty.Text("offset "+itoa(int64(o))+": "+l.Value+" is not here\n"+l.Title)), rect)
	}
	return svgEl("rect", vecty.Markup(vecty.Class("slot"),
		attr("x", num1(x+1)), attr("y", "1"), attr("width", num1(s.cellW-2)), attr("height", num1(s.cellH-2)), attr("rx", "3")))
}

// selected reports whether rec, on this strip's replica, is the record the
// inspector shows.
func selected(s strip, rec engine.Record) bool {
	if s.store == nil {
		return false
	}
	sel := s.store.See.Sel
	return sel.Kind == site.SelRecord && sel.Broker == s.r.Broker && sel.TP == s.tp && sel.Record == rec
}

// cellNumber is a cell's offset, squeezed to the cell's width when it has
// four digits or more, so that it stays legible and inside its cell.
func cellNumber(s strip, o engine.Offset) *vecty.HTML {
	text := itoa(int64(o))
	if len(text) < 4 {
		return svgText(s.cellW/2, s.cellH/2+4, text, attr("text-anchor", "middle"))
	}
	return svgText(s.cellW/2, s.cellH/2+4, text, attr("text-anchor", "middle"),
		attr("textLength", num1(s.cellW-4)), attr("lengthAdjust", "spacingAndGlyphs"))
}
