package ui

import (
	"github.com/hexops/vecty"

	"kplay/engine"
)

// strip is what one broker's log strip needs to draw.
type strip struct {
	r          engine.ReplicaState
	from, to   engine.Offset
	cellW      float64
	cellH      float64
	fresh      [2]engine.Offset
	freshValid bool
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
			items = append(items, svgEl("rect", vecty.Markup(vecty.Class("slot"),
				attr("x", num1(x(o)+1)), attr("y", "1"), attr("width", num1(s.cellW-2)), attr("height", num1(s.cellH-2)), attr("rx", "3"))))
			continue
		}
		rec := r.Log[o-r.LogStart]
		cls := []string{"cell", "ep" + itoa(int64(rec.LeaderEpoch)%6)}
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
		items = append(items, svgEl("g",
			vecty.Markup(vecty.Class(cls...), attr("data-offset", itoa(int64(o))), translate(x(o), 0)),
			svgEl("title", vecty.Text(tip)),
			svgEl("rect", vecty.Markup(attr("x", "1"), attr("y", "1"), attr("width", num1(s.cellW-2)), attr("height", num1(s.cellH-2)), attr("rx", "3"))),
			svgText(s.cellW/2, s.cellH/2+3.5, itoa(int64(o)), attr("text-anchor", "middle")),
		))
	}
	w := float64(s.to-s.from) * s.cellW
	items = append(items, marker("leo-mark", "LEO "+itoa(int64(r.LEO)), x(r.LEO), w, -7, s.cellH))
	items = append(items, marker("hw-mark", "HW "+itoa(int64(r.HW)), x(max(r.HW, s.from)), w, s.cellH+15, s.cellH))
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
