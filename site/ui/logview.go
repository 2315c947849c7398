package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/event"

	"kplay/engine"
	"kplay/site"
)

// renderStrip draws a replica's log strip (site.StripView): a row of
// offset cells with the records it holds filled and coloured by leader
// epoch, truncated records struck through, the rest as empty slots, and
// the HW and LEO markers. Offsets below the log start offset, which log
// retention deleted, are drawn as gone (a faint dashed slot, "deleted"),
// with a "start" marker at the log start offset. The group carries the DOM
// contract's class="log" data-broker data-leo data-hw, and
// data-log-start. Each cell is drawn from its own view, so
// that when a record arrives the other cells stay as they were (and keep
// their colour transitions). A click on a record dispatches its
// selection (dispatch; nil for a static drawing, whose cells are no click
// targets).
func renderStrip(dispatch func(site.Action), v site.StripView) *vecty.HTML {
	items := []vecty.MarkupOrChild{vecty.Markup(
		vecty.Class("log"),
		attr("data-broker", itoa(int64(v.Broker))),
		attr("data-leo", itoa(int64(v.LEO))),
		attr("data-hw", itoa(int64(v.HW))),
		attr("data-log-start", itoa(int64(v.LogStart))),
	)}
	size := cellSize{W: v.CellW, H: v.CellH}
	for _, c := range v.Cells {
		cv := cellView{CellView: c, cellSize: size, Broker: v.Broker, TP: v.TP}
		items = append(items, view(cv, func(cv cellView) *vecty.HTML { return renderCell(dispatch, cv) }))
	}
	w := float64(v.To-v.From) * v.CellW
	x := func(o int64) float64 { return float64(o-int64(v.From)) * v.CellW }
	if v.From > 0 {
		// The strip shows the newest offsets only: say so at its left
		// edge, or offset 11 passes for the start of the log.
		items = append(items, svgEl("g", vecty.Markup(vecty.Class("strip-more")),
			svgEl("title", vecty.Text("Offsets 0 to "+itoa(int64(v.From-1))+" are to the left, not drawn: the strip shows the newest offsets.")),
			svgText(-3, v.CellH/2+3, "…", attr("text-anchor", "end"))))
	}
	items = append(items, marker("leo-mark", "LEO "+itoa(int64(v.LEO)), x(int64(v.LEO)), w, -7, v.CellH))
	hw := "HW " + itoa(int64(v.HW))
	if v.HW < v.From {
		hw = "◀ " + hw // the HW is off the strip's left edge, not at its first cell
	}
	items = append(items, marker("hw-mark", hw, x(int64(max(v.HW, v.From))), w, v.CellH+15, v.CellH))
	for _, base := range v.Segments {
		// A segment boundary: retention deletes whole segments.
		items = append(items, svgEl("line", vecty.Markup(vecty.Class("seg-mark"), attr("data-segment", itoa(int64(base))),
			attr("x1", num1(x(int64(base)))), attr("x2", num1(x(int64(base)))), attr("y1", "-2"), attr("y2", num1(v.CellH+2))),
			svgEl("title", vecty.Text("a new log segment starts at offset "+itoa(int64(base))+" (segment.bytes, segment.ms); retention deletes whole segments"))))
	}
	if v.LogStart > 0 && v.LogStart >= v.From && v.LogStart < v.LEO {
		// Drawn above the strip, beside the LEO: the HW's label is below.
		items = append(items, marker("logstart-mark", "start "+itoa(int64(v.LogStart)), x(int64(v.LogStart)), w, -7, v.CellH))
	}
	return svgEl("g", items...)
}

// cellSize is a strip's cell size in viewBox units.
type cellSize struct{ W, H float64 }

// cellView is what one cell draws: its view, the strip's cell size, and
// whose replica of which partition it belongs to (for a click's
// selection).
type cellView struct {
	site.CellView
	cellSize
	Broker engine.BrokerID
	TP     engine.TopicPartition
}

// renderCell draws one cell: a record, a truncated record (struck
// through) or an empty slot, outlined in red where a broken guarantee
// lost a record.
func renderCell(dispatch func(site.Action), c cellView) *vecty.HTML {
	o := c.Offset
	if c.Kind == site.CellDeleted {
		return svgEl("g", vecty.Markup(vecty.Class("slot", "deleted"), attr("data-offset", itoa(int64(o)))), svgEl("title", vecty.Text(c.Tip)),
			svgEl("rect", vecty.Markup(attr("x", num1(c.X+1)), attr("y", "1"), attr("width", num1(c.W-2)), attr("height", num1(c.H-2)), attr("rx", "3"))),
			svgEl("line", vecty.Markup(vecty.Class("strike"), attr("x1", num1(c.X+3)), attr("x2", num1(c.X+c.W-3)), attr("y1", num1(c.H-3)), attr("y2", "3"))))
	}
	if c.Kind == site.CellEmpty {
		rect := svgEl("rect", vecty.Markup(attr("x", num1(c.X+1)), attr("y", "1"), attr("width", num1(c.W-2)), attr("height", num1(c.H-2)), attr("rx", "3")))
		if c.Lost {
			return svgEl("g", vecty.Markup(vecty.Class("slot", "lost"), attr("data-offset", itoa(int64(o)))), svgEl("title", vecty.Text(c.Tip)), rect)
		}
		return svgEl("rect", vecty.Markup(vecty.Class("slot"),
			attr("x", num1(c.X+1)), attr("y", "1"), attr("width", num1(c.W-2)), attr("height", num1(c.H-2)), attr("rx", "3")))
	}
	ghost := c.Kind == site.CellGhost
	cls := vecty.ClassMap{"cell": true, c.EpochClass: true, "truncated": ghost, "committed": c.Committed && !ghost, "fresh": c.Fresh && !ghost, "selected": c.Selected, "lost": c.Lost, "duplicate": c.Duplicate && !ghost}
	items := []vecty.MarkupOrChild{
		vecty.Markup(cls, attr("data-offset", itoa(int64(o))), attr("data-epoch", itoa(int64(c.Record.LeaderEpoch))), translate(c.X, 0),
			selectRecord(dispatch, c, ghost)),
		svgEl("title", vecty.Text(c.Tip)),
		svgEl("rect", vecty.Markup(attr("x", "1"), attr("y", "1"), attr("width", num1(c.W-2)), attr("height", num1(c.H-2)), attr("rx", "3"))),
		cellNumber(c.cellSize, int64(o)),
	}
	if c.Duplicate && !ghost {
		// A second outline inside the first: the record is in the log
		// twice (site.Duplicates).
		items = append(items, svgEl("rect", vecty.Markup(vecty.Class("dup-mark"), attr("data-dup-of", itoa(int64(c.DupOf))),
			attr("x", "4"), attr("y", "4"), attr("width", num1(c.W-8)), attr("height", num1(c.H-8)), attr("rx", "2"))))
	}
	if ghost {
		items = append(items, svgEl("line", vecty.Markup(vecty.Class("strike"), attr("x1", "3"), attr("x2", num1(c.W-3)), attr("y1", num1(c.H/2)), attr("y2", num1(c.H/2)))))
	}
	return svgEl("g", items...)
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

// selectRecord makes a cell a click target that shows its record in the
// inspector and the lifecycle panel. It does not open the broker's menu,
// as a click anywhere else on the box does: the reader asked about the
// record, and the menu would cover the lifecycle it opens. The broker
// itself is not selected, so that the record stays in the inspector.
// Without a dispatch function (a static drawing) a cell is no click
// target.
func selectRecord(dispatch func(site.Action), c cellView, ghost bool) vecty.Applyer {
	if dispatch == nil {
		return nil
	}
	b, tp, rec := c.Broker, c.TP, c.Record
	return event.Click(func(*vecty.Event) {
		dispatch(site.Select{Target: site.Selection{Kind: site.SelRecord, Broker: b, TP: tp, Record: rec, Ghost: ghost}})
	}).StopPropagation()
}

// cellNumber is a cell's offset at the diagram's site.TextPx, squeezed to
// the cell's width when its digits are wider (three or more), so that it
// stays legible and inside its cell.
func cellNumber(size cellSize, o int64) *vecty.HTML {
	text := itoa(o)
	if site.TextW(len(text), site.TextPx) <= size.W-4 {
		return svgText(size.W/2, size.H/2+4, text, attr("text-anchor", "middle"))
	}
	return svgText(size.W/2, size.H/2+4, text, attr("text-anchor", "middle"),
		attr("textLength", num1(size.W-4)), attr("lengthAdjust", "spacingAndGlyphs"))
}
