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
	if narrow {
		return narrowLayout(lead, rest)
	}
	return wideLayout(lead, rest)
}

func wideLayout(lead NodeBox, rest []NodeBox) Layout {
	l := Layout{CellW: wideCellW, CellH: cellH}
	colH := float64(brokerH)
	if n := len(rest); n > 0 {
		colH = float64(n)*brokerH + float64(n-1)*wideGapY
	}
	l.Height = colH + 2*margin
	midY := l.Height / 2
	x := float64(margin)
	l.Nodes = append(l.Nodes, NodeBox{Key: NodeKeyProducer, Role: RoleProducer, Rect: Rect{x, midY - clientH/2, clientW, clientH}})
	x += clientW + clientGapX
	if lead.Key != "" {
		lead.Rect = Rect{x, midY - brokerH/2, wideBrokerW, brokerH}
		lead.Cells = wideCells
		l.Nodes = append(l.Nodes, lead)
	}
	x += wideBrokerW + wideGapX
	for i, n := range rest {
		n.Rect = Rect{x, margin + float64(i)*(brokerH+wideGapY), wideBrokerW, brokerH}
		n.Cells = wideCells
		l.Nodes = append(l.Nodes, n)
	}
	x += wideBrokerW + clientGapX
	l.Nodes = append(l.Nodes, NodeBox{Key: NodeKeyConsumer, Role: RoleConsumer, Rect: Rect{x, midY - clientH/2, clientW, clientH}})
	l.Width = x + clientW + margin
	l.Links = lessonLinks(lead, rest)
	return l
}

func narrowLayout(lead NodeBox, rest []NodeBox) Layout {
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
		lead.Rect = Rect{margin, y, inner, brokerH}
		lead.Cells = cellsFor(inner, narrowCellW)
		l.Nodes = append(l.Nodes, lead)
		y += brokerH + narrowGapY
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
		n.Rect = Rect{x, y + float64(row)*(brokerH+narrowGapY/2), w, brokerH}
		n.Cells = cellsFor(w, narrowCellW)
		l.Nodes = append(l.Nodes, n)
		rows = row + 1
	}
	if rows > 0 {
		y += float64(rows)*brokerH + float64(rows-1)*narrowGapY/2
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
