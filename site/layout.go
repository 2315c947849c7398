package site

import (
	"math"

	"kplay/engine"
)

// Point is a position in the diagram's viewBox units.
type Point struct{ X, Y float64 }

// Rect is an axis-aligned box in viewBox units; X and Y are its top-left
// corner.
type Rect struct{ X, Y, W, H float64 }

// Center returns the middle of r.
func (r Rect) Center() Point { return Point{r.X + r.W/2, r.Y + r.H/2} }

// Roles a node can play in the diagram; they are also the data-role values
// of the page's DOM contract.
const (
	RoleProducer = "producer"
	RoleLeader   = "leader"
	RoleFollower = "follower"
	RoleConsumer = "consumer"
	// RoleBroker is a broker that holds no replica of the first partition.
	RoleBroker = "broker"
)

// NodeBox is one node of the diagram: a client or a broker, where it sits
// and what it does for the first partition.
type NodeBox struct {
	// Key is the data-node value: "producer", "consumer", or "b1", "b2"...
	Key  string
	Role string
	// Broker is the broker's id, 0 for a client.
	Broker engine.BrokerID
	Rect   Rect
	// Cells is how many offsets the broker's log strip shows.
	Cells int
	// PMap is where the broker's partition map goes (one chip per
	// partition, see PartitionChips), in viewBox units; zero when the
	// cluster has a single partition.
	PMap Rect
}

// Link is one line of the lesson's picture, from the node that sends the
// data to the node that receives it.
type Link struct{ From, To string }

// Layout is the diagram's geometry: the viewBox size, the nodes and the
// lesson's links. It is computed from State alone, so it is plain data that
// tests can check without a browser.
type Layout struct {
	Width, Height float64
	Nodes         []NodeBox
	Links         []Link
	// CellW and CellH are the size of one offset cell of a log strip.
	CellW, CellH float64
	// Narrow says the layout stacks vertically for a phone.
	Narrow bool
	// PMapRows is how many rows of partition chips each broker's PMap
	// holds, 0 without a partition map.
	PMapRows int
}

// Geometry of the two layouts, in viewBox units.
const (
	margin      = 16
	clientW     = 124
	clientH     = 64
	brokerH     = 124
	wideBrokerW = 300
	wideCells   = 10
	wideCellW   = 26
	wideGapX    = 110
	// clientGapX leaves room between a client and the leader for labels.
	clientGapX  = 124
	wideGapY    = 64
	narrowW     = 400
	narrowGapY  = 52
	narrowGapX  = 30
	narrowCellW = 24
	cellH       = 26
	stripPad    = 12
	// With more than gridAbove brokers besides the leader, the wide layout
	// puts the clients in one column on the left and the other brokers in a
	// grid of gridRows rows of narrower boxes, so that nine brokers fit a
	// laptop screen at a legible scale.
	gridAbove   = 3
	gridRows    = 3
	gridBrokerW = 240
	gridGap     = 20
	gridClientX = 80
	gridLeadGap = 64
	// A partition map row: chips chipH tall, pmapGap apart, below the
	// box's status line.
	chipH      = 16
	pmapRowGap = 4
	pmapTop    = 120
	// minChipW is the narrowest chip that still holds a two-digit number.
	minChipW = 18
)

// NodeKeyProducer and NodeKeyConsumer are the data-node values of the two
// client nodes. All producers share one node, and so do all consumers.
const (
	NodeKeyProducer = "producer"
	NodeKeyConsumer = "consumer"
)

// BrokerKey returns the data-node value of broker b: "b1".
func BrokerKey(b engine.BrokerID) string { return engine.Broker(b).String() }

// FirstPartition returns the partition whose roles the diagram shows, and
// false before any topic exists.
func FirstPartition(s engine.State) (engine.PartitionState, bool) {
	if len(s.Partitions) == 0 {
		return engine.PartitionState{}, false
	}
	return s.Partitions[0], true
}

// brokerOrder splits the brokers into the one drawn in the leader's place
// and the rest, in the first partition's replica order, then brokers that
// hold no replica of it. Without a partition or a leader, the first broker
// takes the leader's place with the role RoleBroker or RoleFollower.
func brokerOrder(s engine.State) (lead NodeBox, rest []NodeBox) {
	p, ok := FirstPartition(s)
	seen := map[engine.BrokerID]bool{}
	var order []NodeBox
	if ok {
		for _, id := range p.Replicas {
			role := RoleFollower
			if id == p.Leader {
				role = RoleLeader
			}
			order = append(order, NodeBox{Key: BrokerKey(id), Role: role, Broker: id})
			seen[id] = true
		}
	}
	for _, b := range s.Brokers {
		if !seen[b.ID] {
			order = append(order, NodeBox{Key: BrokerKey(b.ID), Role: RoleBroker, Broker: b.ID})
		}
	}
	if len(order) == 0 {
		return NodeBox{}, nil
	}
	li := 0
	for i, n := range order {
		if n.Role == RoleLeader {
			li = i
			break
		}
	}
	lead = order[li]
	rest = append(rest, order[:li]...)
	rest = append(rest, order[li+1:]...)
	return lead, rest
}

// ComputeLayout places the producer on the left, the first partition's
// leader next, its followers stacked to the leader's right and the consumer
// on the right; narrow stacks the same picture top to bottom for a phone.
func ComputeLayout(s engine.State, narrow bool) Layout {
	lead, rest := brokerOrder(s)
	parts := len(s.Partitions)
	var l Layout
	switch {
	case narrow:
		w := float64(narrowW - 2*margin)
		if len(rest) > 1 {
			w = (w - narrowGapX) / 2
		}
		l = narrowLayout(lead, rest, boxHeight(parts, w))
	case len(rest) > gridAbove:
		l = gridLayout(lead, rest, boxHeight(parts, gridBrokerW))
	default:
		l = wideLayout(lead, rest, boxHeight(parts, wideBrokerW))
	}
	if rows := pmapRows(parts, narrowestBroker(l)); rows > 0 {
		l.PMapRows = rows
		for i := range l.Nodes {
			if n := &l.Nodes[i]; n.Broker != 0 {
				n.PMap = Rect{n.Rect.X + stripPad, n.Rect.Y + pmapTop, n.Rect.W - 2*stripPad, float64(rows)*(chipH+pmapRowGap) - pmapRowGap}
			}
		}
	}
	return l
}

// pmapRows is how many rows of chips a partition map of parts partitions
// needs in a box w wide; 0 for a single partition, which needs no map.
func pmapRows(parts int, w float64) int {
	if parts <= 1 || w <= 0 {
		return 0
	}
	perRow := max(1, int((w-2*stripPad)/minChipW))
	return (parts + perRow - 1) / perRow
}

// boxHeight is a broker box's height with room for its partition map.
func boxHeight(parts int, w float64) float64 {
	rows := pmapRows(parts, w)
	if rows == 0 {
		return brokerH
	}
	return pmapTop + float64(rows)*(chipH+pmapRowGap) + pmapRowGap
}

// narrowestBroker is the width of the narrowest broker box, 0 if none.
func narrowestBroker(l Layout) float64 {
	w := 0.0
	for _, n := range l.Nodes {
		if n.Broker != 0 && (w == 0 || n.Rect.W < w) {
			w = n.Rect.W
		}
	}
	return w
}

// gridClientY places the producer a third and the consumer two thirds of
// the way down a grid layout of height h.
func gridClientY(h float64, key string) float64 {
	if key == NodeKeyProducer {
		return h/3 - clientH/2
	}
	return 2*h/3 - clientH/2
}

// gridLayout is the wide layout for many brokers: the producer and the
// consumer in a column on the left, the leader next, and the other brokers
// in a grid of gridRows rows, column by column.
func gridLayout(lead NodeBox, rest []NodeBox, bh float64) Layout {
	l := Layout{CellW: wideCellW, CellH: cellH}
	rows := min(gridRows, len(rest))
	cols := (len(rest) + rows - 1) / rows
	colH := float64(rows)*bh + float64(rows-1)*gridGap
	l.Height = colH + 2*margin
	midY := l.Height / 2
	cells := cellsFor(gridBrokerW, wideCellW)
	l.Nodes = append(l.Nodes, NodeBox{Key: NodeKeyProducer, Role: RoleProducer, Rect: Rect{margin, gridClientY(l.Height, NodeKeyProducer), clientW, clientH}})
	x := float64(margin + clientW + gridClientX)
	if lead.Key != "" {
		lead.Rect = Rect{x, midY - bh/2, gridBrokerW, bh}
		lead.Cells = cells
		l.Nodes = append(l.Nodes, lead)
	}
	x += gridBrokerW + gridLeadGap
	for i, n := range rest {
		col, row := i/rows, i%rows
		n.Rect = Rect{x + float64(col)*(gridBrokerW+gridGap), margin + float64(row)*(bh+gridGap), gridBrokerW, bh}
		n.Cells = cells
		l.Nodes = append(l.Nodes, n)
	}
	l.Width = x + float64(cols)*gridBrokerW + float64(cols-1)*gridGap + margin
	// The consumer comes last in the DOM, as in the other layouts.
	l.Nodes = append(l.Nodes, NodeBox{Key: NodeKeyConsumer, Role: RoleConsumer, Rect: Rect{margin, gridClientY(l.Height, NodeKeyConsumer), clientW, clientH}})
	l.Links = lessonLinks(lead, rest)
	return l
}

func wideLayout(lead NodeBox, rest []NodeBox, bh float64) Layout {
	l := Layout{CellW: wideCellW, CellH: cellH}
	colH := bh
	if n := len(rest); n > 0 {
		colH = float64(n)*bh + float64(n-1)*wideGapY
	}
	l.Height = colH + 2*margin
	midY := l.Height / 2
	x := float64(margin)
	l.Nodes = append(l.Nodes, NodeBox{Key: NodeKeyProducer, Role: RoleProducer, Rect: Rect{x, midY - clientH/2, clientW, clientH}})
	x += clientW + clientGapX
	if lead.Key != "" {
		lead.Rect = Rect{x, midY - bh/2, wideBrokerW, bh}
		lead.Cells = wideCells
		l.Nodes = append(l.Nodes, lead)
	}
	x += wideBrokerW + wideGapX
	for i, n := range rest {
		n.Rect = Rect{x, margin + float64(i)*(bh+wideGapY), wideBrokerW, bh}
		n.Cells = wideCells
		l.Nodes = append(l.Nodes, n)
	}
	x += wideBrokerW + clientGapX
	l.Nodes = append(l.Nodes, NodeBox{Key: NodeKeyConsumer, Role: RoleConsumer, Rect: Rect{x, midY - clientH/2, clientW, clientH}})
	l.Width = x + clientW + margin
	l.Links = lessonLinks(lead, rest)
	return l
}

func narrowLayout(lead NodeBox, rest []NodeBox, bh float64) Layout {
	l := Layout{Width: narrowW, CellW: narrowCellW, CellH: cellH, Narrow: true}
	inner := float64(narrowW - 2*margin)
	// The clients share the top row, producer left and consumer right as in
	// the lesson, so that no link crosses a broker.
	cw := clientW * 1.2
	y := float64(margin)
	l.Nodes = append(l.Nodes, NodeBox{Key: NodeKeyProducer, Role: RoleProducer, Rect: Rect{margin, y, cw, clientH}})
	consumer := NodeBox{Key: NodeKeyConsumer, Role: RoleConsumer, Rect: Rect{narrowW - margin - cw, y, cw, clientH}}
	y += clientH + narrowGapY
	if lead.Key != "" {
		lead.Rect = Rect{margin, y, inner, bh}
		lead.Cells = cellsFor(inner, narrowCellW)
		l.Nodes = append(l.Nodes, lead)
		y += bh + narrowGapY
	}
	colW := (inner - narrowGapX) / 2
	rows := 0
	for i, n := range rest {
		col, row := i%2, i/2
		w := colW
		x := margin + float64(col)*(colW+narrowGapX)
		if len(rest) == 1 {
			w, x = inner, margin
		}
		n.Rect = Rect{x, y + float64(row)*(bh+narrowGapY/2), w, bh}
		n.Cells = cellsFor(w, narrowCellW)
		l.Nodes = append(l.Nodes, n)
		rows = row + 1
	}
	if rows > 0 {
		y += float64(rows)*bh + float64(rows-1)*narrowGapY/2
	} else {
		y -= narrowGapY
	}
	// The consumer comes last in the DOM, as in the wide layout.
	l.Nodes = append(l.Nodes, consumer)
	l.Height = y + margin
	l.Links = lessonLinks(lead, rest)
	return l
}

// cellsFor returns how many cells of width cw fit in a box of width w.
func cellsFor(w, cw float64) int {
	n := int((w - 2*stripPad) / cw)
	return max(n, 3)
}

// lessonLinks are the lesson's lines: producer → leader, leader → each
// follower, leader → consumer.
func lessonLinks(lead NodeBox, rest []NodeBox) []Link {
	if lead.Key == "" {
		return nil
	}
	links := []Link{{NodeKeyProducer, lead.Key}}
	for _, n := range rest {
		if n.Role == RoleFollower {
			links = append(links, Link{lead.Key, n.Key})
		}
	}
	return append(links, Link{lead.Key, NodeKeyConsumer})
}

// Node returns the node with data-node key, and false if there is none.
func (l Layout) Node(key string) (NodeBox, bool) {
	for _, n := range l.Nodes {
		if n.Key == key {
			return n, true
		}
	}
	return NodeBox{}, false
}

// NodeKey returns the diagram node that stands for an engine node: every
// producer is "producer", every consumer "consumer", a broker "b<id>".
// The controller has no node and gives "".
func NodeKey(id engine.NodeID) string {
	switch id.Kind {
	case engine.NodeProducer:
		return NodeKeyProducer
	case engine.NodeConsumer:
		return NodeKeyConsumer
	case engine.NodeBroker:
		return BrokerKey(engine.BrokerID(id.ID))
	}
	return ""
}

// EdgePoint returns where the line from r's centre toward p leaves r.
func EdgePoint(r Rect, p Point) Point {
	c := r.Center()
	dx, dy := p.X-c.X, p.Y-c.Y
	if dx == 0 && dy == 0 {
		return c
	}
	t := math.Inf(1)
	if dx != 0 {
		t = math.Min(t, (r.W/2)/math.Abs(dx))
	}
	if dy != 0 {
		t = math.Min(t, (r.H/2)/math.Abs(dy))
	}
	return Point{c.X + dx*t, c.Y + dy*t}
}

// LinkEnds returns the two ends of the line between boxes a and b: each
// where the centre-to-centre line crosses the box's edge.
func LinkEnds(a, b Rect) (Point, Point) {
	return EdgePoint(a, b.Center()), EdgePoint(b, a.Center())
}

// Progress returns how far along its link a message is at time now:
// (now − sentAt) / (deliverAt − sentAt), clamped to [0, 1].
func Progress(now float64, sentAt, deliverAt engine.Time) float64 {
	d := float64(deliverAt - sentAt)
	if d <= 0 {
		return 1
	}
	f := (now - float64(sentAt)) / d
	return math.Max(0, math.Min(1, f))
}

// Lerp returns the point a fraction f of the way from a to b.
func Lerp(a, b Point, f float64) Point {
	return Point{a.X + (b.X-a.X)*f, a.Y + (b.Y-a.Y)*f}
}

// Lane returns p moved d units to the left of the direction a → b, so
// that requests and responses on one link travel on two lanes.
func Lane(a, b, p Point, d float64) Point {
	dx, dy := b.X-a.X, b.Y-a.Y
	n := math.Hypot(dx, dy)
	if n == 0 {
		return p
	}
	return Point{p.X + dy/n*d, p.Y - dx/n*d}
}

// LogWindow returns the offsets [from, to) that a strip of n cells shows
// when the longest replica's log ends at maxLEO: the newest offsets plus
// one empty slot for the next record, never before logStart.
func LogWindow(maxLEO, logStart engine.Offset, n int) (from, to engine.Offset) {
	to = maxLEO + 1
	from = max(to-engine.Offset(n), logStart)
	return from, to
}

// Chip classes: a broker's part in one partition.
const (
	ChipLeader    = "leader"
	ChipFollower  = "follower"
	ChipOutOfSync = "out-of-sync"
	ChipNone      = "none"
)

// Chip is one partition in a broker's partition map.
type Chip struct {
	Rect Rect
	TP   engine.TopicPartition
	// Class is ChipLeader, ChipFollower (in the ISR), ChipOutOfSync (a
	// replica outside the ISR) or ChipNone (no replica on this broker).
	Class string
	// Title words the chip for a tooltip: "t-3: leader, ISR 1,2,3".
	Title string
}

// maxChipW keeps chips of a few partitions from stretching across a box.
const maxChipW = 30

// PartitionChips lays out broker n's partition map: one chip per
// partition, in PMapRows balanced rows within n.PMap, each saying what n
// is for that partition. It returns nil when n has no map.
func PartitionChips(s engine.State, l Layout, n NodeBox) []Chip {
	parts := len(s.Partitions)
	if l.PMapRows == 0 || n.Broker == 0 || parts == 0 {
		return nil
	}
	perRow := (parts + l.PMapRows - 1) / l.PMapRows
	w := min(maxChipW, n.PMap.W/float64(perRow))
	out := make([]Chip, 0, parts)
	for i, p := range s.Partitions {
		row, col := i/perRow, i%perRow
		c := Chip{
			Rect: Rect{n.PMap.X + float64(col)*w, n.PMap.Y + float64(row)*(chipH+pmapRowGap), w - 2, chipH},
			TP:   p.TP,
		}
		c.Class, c.Title = chipRole(p, n.Broker)
		out = append(out, c)
	}
	return out
}

// chipRole says what broker b is for partition p, as a chip class and a
// tooltip.
func chipRole(p engine.PartitionState, b engine.BrokerID) (class, title string) {
	isr := ", ISR " + engine.JoinIDs(p.ISR)
	inISR := false
	for _, id := range p.ISR {
		inISR = inISR || id == b
	}
	hasReplica := false
	for _, id := range p.Replicas {
		hasReplica = hasReplica || id == b
	}
	switch {
	case !hasReplica:
		return ChipNone, p.TP.String() + ": no replica here"
	case p.Leader == b:
		return ChipLeader, p.TP.String() + ": leader in leader epoch " + itoa(int64(p.LeaderEpoch)) + isr
	case inISR:
		return ChipFollower, p.TP.String() + ": follower, in sync" + isr
	}
	return ChipOutOfSync, p.TP.String() + ": follower, out of sync" + isr
}
