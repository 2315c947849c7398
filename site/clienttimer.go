package site

import "unicode/utf8"

// This file places a client's countdown (the producer's request timer,
// Timers) beside its box, where a broker's sits inside its own: the
// client boxes hold their title and two lines, and no more. The
// countdown's words keep to the rule a broker box's follow (FitTimer):
// the sentence where it fits, else the time left alone, the ring's
// tooltip keeping the sentence. Here "fits" means inside the diagram,
// over no box, no link's mark and no link with its messages' lanes: the
// producer's "times out in 28.9 s" had been drawn under its box centred
// on a point 30 units right of the box's middle, so that in an 800-px
// embed and on a phone it ran off the diagram's left edge ("…es out in
// 28.9 s") and across the producer's link to the leader.

// ClientTimer is a client's countdown as the diagram draws it: the timer
// with the label drawn (Timer.Label: its sentence or its time alone), the
// ring's centre, and the box that the label (left of the ring, ending
// RingR+4 before its centre, as on a broker box) and the ring take
// together, in viewBox units.
type ClientTimer struct {
	Timer Timer
	Ring  Point
	Box   Rect
}

// clientTimerGap is how far a client's countdown keeps from its box.
const clientTimerGap = 6

// ClientTimerBox is the box a countdown labelled label takes with its
// ring's centre at ring: the label at TextPx (TextW, which errs wide),
// then 4 units, then the ring, and a unit of margin round both.
func ClientTimerBox(ring Point, label string) Rect {
	lw := TextW(utf8.RuneCountInString(label), TextPx)
	left := ring.X - RingR - 4 - lw
	return Rect{left - 1, ring.Y - RingR - 2, ring.X + RingR + 2 - (left - 1), 2*RingR + 4}
}

// PlaceClientTimer places countdown t of client node key beside its box:
// under it flush with its left edge or with its right, right of it, above
// it, or left of it, in that order, first with its sentence (t.Label) and
// then with its time alone (t.Short), at the first place whose box lies
// inside the diagram and clear of every node's box, every link's mark
// (Marks), the boxes already reserved (Reserved) and every link's line
// with the lanes its messages ride on. Where none is clear it draws the
// time alone under the box, inside the diagram. False when key is not a
// node or t is no countdown.
func (l Layout) PlaceClientTimer(key string, t Timer) (ClientTimer, bool) {
	n, ok := l.Node(key)
	if !ok || t.Kind == "" {
		return ClientTimer{}, false
	}
	r := n.Rect
	var routes []Path
	for _, k := range l.Links {
		if p, ok := l.Route(k.From, k.To); ok {
			routes = append(routes, p)
		}
	}
	view := Rect{0, 0, l.Width, l.Height}
	const lanes = LaneGap + DotR + markClear - 0.5
	// ringAt is where the ring goes for a unit whose left edge is at x
	// and whose middle is at y.
	ringAt := func(label string, x, y float64) Point {
		return Point{x + ClientTimerBox(Point{}, label).W - RingR - 2, y}
	}
	places := func(label string) []Point {
		w := ClientTimerBox(Point{}, label).W
		below := r.Y + r.H + clientTimerGap + RingR + 2
		above := r.Y - clientTimerGap - RingR - 2
		mid := r.Y + r.H/2
		return []Point{
			ringAt(label, r.X, below),
			ringAt(label, r.X+r.W-w, below),
			ringAt(label, r.X+r.W+clientTimerGap, mid),
			ringAt(label, r.X, above),
			ringAt(label, r.X+r.W-w, above),
			ringAt(label, r.X-clientTimerGap-w, mid),
		}
	}
	labels := []string{t.Label}
	if t.Short != "" && t.Short != t.Label {
		labels = append(labels, t.Short)
	}
	for _, label := range labels {
		for _, ring := range places(label) {
			box := ClientTimerBox(ring, label)
			if within(box, view) && !l.Covers(box) && !nearAny(box, routes, lanes) {
				t.Label = label
				return ClientTimer{Timer: t, Ring: ring, Box: box}, true
			}
		}
	}
	// No clear place: the time alone under the box, moved inside the
	// diagram.
	if t.Short != "" {
		t.Label = t.Short
	}
	ring := places(t.Label)[0]
	box := ClientTimerBox(ring, t.Label)
	if d := box.X + box.W - l.Width; d > 0 {
		ring.X -= d
	}
	if box.X < 0 {
		ring.X -= box.X
	}
	return ClientTimer{Timer: t, Ring: ring, Box: ClientTimerBox(ring, t.Label)}, true
}
