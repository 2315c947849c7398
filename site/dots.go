package site

import (
	"math"

	"kplay/engine"
)

// This file holds the message dots' view: where each message in flight is
// drawn on a frame, as plain data the page draws and native tests check.

// Message dot geometry, in diagram units: a dot of DotR radius rides
// LaneGap to the left of its link (each direction has its own lane), and
// its label sits LabelGap further out, in MsgLabelPx text
// (static/style.css, .msg text).
const (
	DotR       = 5
	LaneGap    = 5
	LabelGap   = 11
	MsgLabelPx = TextPx
)

// Dot is one message in flight on a frame. The page draws it as a group
// moved to (X, Y) by its transform, so that a frame in which a message
// only moves changes one attribute; the group's content (DotLabel) is
// redrawn only when the label itself changes.
type Dot struct {
	// ID is the message's engine.Message.ID: the key of its element, and
	// what a click on it selects.
	ID int64
	// Class is the dot's CSS class (MsgClass) and Kind the request or
	// response kind ("Fetch", data-kind).
	Class, Kind string
	// X and Y are the dot's centre, to one decimal.
	X, Y float64
	// Label is what is drawn beside the dot.
	Label DotLabel
}

// DotLabel is a dot's label, placed relative to the dot's centre.
type DotLabel struct {
	// Text is the label (MsgLabel); empty while it would cover a box.
	Text string
	// DX and DY place the text's anchor point from the dot's centre, to
	// one decimal.
	DX, DY float64
	// Anchor is the SVG text-anchor: "start", "middle" or "end".
	Anchor string
	// Opacity fades the label at both ends of the flight (LabelOpacity),
	// in tenths: 0 to 10.
	Opacity int
}

// Dots returns the dots of the messages in flight at now (simulated ms,
// with its fraction), in the order of inflight, leaving out a message
// between nodes lay does not draw. A label that would cover a box, a
// link's mark (Layout.Marks) or the label of a message before it, or
// run out of the viewBox, is left out (its dot stays), so that labels
// never hide the nodes' names, a "slow" or each other, and are never cut.
func Dots(lay Layout, inflight []engine.Message, now float64) []Dot {
	out := make([]Dot, 0, len(inflight))
	var placed []Rect
	view := Rect{0, 0, lay.Width, lay.Height}
	for _, m := range inflight {
		r, ok := lay.Route(NodeKey(m.From), NodeKey(m.To))
		if !ok {
			continue
		}
		f := Progress(now, m.SentAt, m.DeliverAt)
		at, dir := r.At(f)
		dot := Offset(at, dir, LaneGap)
		lbl := Offset(at, dir, LaneGap+LabelGap)
		anchor := "middle"
		switch {
		case lbl.X < dot.X-2:
			anchor = "end"
		case lbl.X > dot.X+2:
			anchor = "start"
		}
		d := Dot{ID: m.ID, Class: MsgClass(m.Kind), Kind: m.Kind.String(), X: round1(dot.X), Y: round1(dot.Y)}
		text := MsgLabel(m)
		if box := LabelBox(Point{X: lbl.X, Y: lbl.Y + 3}, anchor, len([]rune(text)), MsgLabelPx); within(box, view) && !lay.Covers(box) && !overlapsAny(box, placed) {
			placed = append(placed, box)
			d.Label = DotLabel{Text: text, DX: round1(lbl.X - dot.X), DY: round1(lbl.Y + 3 - dot.Y), Anchor: anchor, Opacity: int(math.Round(LabelOpacity(f) * 10))}
		}
		out = append(out, d)
	}
	return out
}

// round1 rounds f to one decimal, so that a dot that moved less than
// that on a frame leaves its element alone.
func round1(f float64) float64 { return math.Round(f*10) / 10 }

// overlapsAny reports whether r overlaps any of boxes.
func overlapsAny(r Rect, boxes []Rect) bool {
	for _, b := range boxes {
		if Overlaps(r, b) {
			return true
		}
	}
	return false
}
