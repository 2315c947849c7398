package site

import (
	"math"
	"slices"

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
	// Name is a broker box's title: "broker 4", or "b4" (the event log's
	// name) in every box of a layout whose boxes are too narrow for
	// "broker 4" beside the widest role pill (TitleW), so that no pill
	// covers a name; "" for a client.
	Name string
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
	// Grid says the brokers are in a grid (more than ColumnMax of them).
	Grid bool
	// Row says the brokers stand side by side under the clients: the
	// compact layout of an embed (ComputeLayoutFor), which keeps a whole
	// three-broker cluster within an 800 × 600 iframe, and of four
	// brokers on the full page.
	Row bool
	// PMapRows is how many rows of partition chips each broker's PMap
	// holds, 0 without a partition map.
	PMapRows int
	// brokerLane and clientLane are the x of the lanes beside a column of
	// brokers that links between boxes that are not neighbours run down
	// (0: no lane); clientGapY is the y of the row between the clients
	// and a phone's column. The wide column has a lane for each client
	// instead: producerLane left of it, consumerLane right of it.
	brokerLane, clientLane, clientGapY float64
	producerLane, consumerLane         float64
	// rowLaneY is the y of the lane under a Row layout's brokers that a
	// link between two brokers that are not neighbours runs along (0: no
	// such lane); a client's link that would cross a box runs along the
	// row at clientGapY instead.
	rowLaneY float64
	// Marks are the marked links' labels ("slow", "✕"), placed by
	// PlaceMarks clear of the boxes and of each other; a message's label
	// that would cover one is left out (Covers).
	Marks []LinkMark
	// Reserved are more boxes that labels placed later keep off
	// (Covers): the clients' countdowns (PlaceClientTimer).
	Reserved []Rect
}

// Geometry of the two layouts, in viewBox units.
const (
	margin      = 16
	clientW     = 136
	clientH     = 64
	brokerH     = 138
	wideBrokerW = 300
	wideCells   = 10
	wideCellW   = 26
	wideGapX    = 110
	// clientGapX leaves room between a client and the leader for labels.
	clientGapX  = 124
	narrowW     = 400
	narrowGapY  = 52
	narrowGapX  = 30
	narrowCellW = 24
	cellH       = 26
	stripPad    = 12
	// columnGapY is the gap between two boxes of the wide column, and
	// laneGapX how far right of the column its lane runs.
	columnGapY = 36
	laneGapX   = 40
	// narrowLaneW is the room for a lane on either side of a phone's
	// column, narrowColGapY the gap between its boxes.
	narrowLaneW   = 22
	narrowColW    = narrowW - 2*margin - 2*narrowLaneW
	narrowColGapY = 28
	// ColumnMax is the most brokers the one-column layouts hold: with
	// more, the wide layout puts the clients in one column on the left and
	// the brokers in a grid of gridRows rows of narrower boxes, so that
	// nine brokers fit a laptop screen at a legible scale; a phone puts
	// them two to a row.
	ColumnMax   = 4
	gridRows    = 3
	gridBrokerW = 240
	gridGap     = 20
	gridClientX = 80
	// A partition map row: chips chipH tall, pmapGap apart, below the
	// box's status line.
	chipH      = 16
	pmapRowGap = 4
	pmapTop    = 134
	// minChipW is the narrowest chip that still holds a two-digit number.
	minChipW = 18
	// The compact row layout of an embed: rowW wide, the brokers rowGapX
	// apart and no wider than wideBrokerW, rowGapY below the clients,
	// with a lane rowLaneGap under them.
	rowW         = 800
	rowGapX      = 36
	rowTightGapX = 20
	rowGapY      = 44
	rowLaneGap   = 16
	// rowUnderLane is the room under the lane for a message's label or a
	// link's mark (PlaceMarks) beside it.
	rowUnderLane = 2 * (LaneGap + DotR + markClear)
	// rowClientIn is how far from a broker's centre a client's link along
	// the row comes down into it: the producer's left of it, the
	// consumer's right, so that the two do not share a line.
	rowClientIn = 40
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

// brokersByID lists every broker in broker id order with its role for the
// first partition: RoleLeader, RoleFollower (a replica that does not lead)
// or RoleBroker (no replica of it). The order never depends on the roles,
// so a box keeps its place when its broker crashes, loses or wins an
// election, or restarts.
func brokersByID(s engine.State) []NodeBox {
	p, ok := FirstPartition(s)
	out := make([]NodeBox, 0, len(s.Brokers))
	for _, b := range s.Brokers {
		role := RoleBroker
		if ok {
			for _, id := range p.Replicas {
				if id == b.ID {
					role = RoleFollower
				}
			}
			if p.Leader == b.ID {
				role = RoleLeader
			}
		}
		out = append(out, NodeBox{Key: BrokerKey(b.ID), Role: role, Broker: b.ID})
	}
	slices.SortFunc(out, func(a, b NodeBox) int { return int(a.Broker) - int(b.Broker) })
	return out
}

// ComputeLayout places every broker by its id, never by its role: with up
// to three brokers, one column of boxes between the producer on the left
// and the consumer on the right; four (ColumnMax) in a row under the
// clients (see ComputeLayoutFor); with more, a grid beside the clients.
// Narrow (a phone) puts the clients on top and up to ColumnMax brokers in
// a column below them, more in two columns. The links follow the first
// partition's current leader.
func ComputeLayout(s engine.State, narrow bool) Layout {
	return ComputeLayoutFor(s, narrow, false)
}

// ComputeLayoutFor is ComputeLayout, and with compact (an embed, whose
// iframe is commonly 800 × 600) a wide layout of up to ColumnMax brokers
// puts them in one row under the clients (Row) instead of a column
// between them: the default scenario's three brokers then take some 300
// px of height instead of 500, so the whole cluster and its caption fit
// the iframe's first screen. Four brokers (ColumnMax) take the row on
// the full page too: their column was 772 units tall, drawn at 0.6 of
// its size in a 1280×800 page's 464 px, its text at 6 px; the row is
// about 340 units tall, drawn whole at its size.
func ComputeLayoutFor(s engine.State, narrow, compact bool) Layout {
	brokers := brokersByID(s)
	parts := len(s.Partitions)
	var l Layout
	switch {
	case !narrow && (compact && len(brokers) <= ColumnMax || len(brokers) == ColumnMax):
		l = rowLayout(brokers, parts)
	case narrow && len(brokers) <= ColumnMax:
		l = narrowColumn(brokers, boxHeight(parts, narrowColW))
	case narrow:
		w := (float64(narrowW-2*margin) - narrowGapX) / 2
		l = narrowGrid(brokers, boxHeight(parts, w))
		l.Grid = true
	case len(brokers) > ColumnMax:
		l = gridLayout(brokers, boxHeight(parts, gridBrokerW))
		l.Grid = true
	default:
		l = wideLayout(brokers, boxHeight(parts, wideBrokerW))
	}
	if rows := pmapRows(parts, narrowestBroker(l)); rows > 0 {
		l.PMapRows = rows
		for i := range l.Nodes {
			if n := &l.Nodes[i]; n.Broker != 0 {
				n.PMap = Rect{n.Rect.X + stripPad, n.Rect.Y + pmapTop, n.Rect.W - 2*stripPad, float64(rows)*(chipH+pmapRowGap) - pmapRowGap}
			}
		}
	}
	short := narrowestBroker(l) < TitleW(len(brokers))
	for i := range l.Nodes {
		if n := &l.Nodes[i]; n.Broker != 0 {
			n.Name = BrokerName(n.Broker, short)
		}
	}
	l.Links = lessonLinks(brokers)
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
// consumer in a column on the left and the brokers, by id, in a grid of
// gridRows rows, column by column.
func gridLayout(brokers []NodeBox, bh float64) Layout {
	l := Layout{CellW: wideCellW, CellH: cellH}
	rows := min(gridRows, len(brokers))
	cols := (len(brokers) + rows - 1) / rows
	colH := float64(rows)*bh + float64(rows-1)*gridGap
	l.Height = colH + 2*margin
	cells := cellsFor(gridBrokerW, wideCellW)
	l.Nodes = append(l.Nodes, NodeBox{Key: NodeKeyProducer, Role: RoleProducer, Rect: Rect{margin, gridClientY(l.Height, NodeKeyProducer), clientW, clientH}})
	x := float64(margin + clientW + gridClientX)
	for i, n := range brokers {
		col, row := i/rows, i%rows
		n.Rect = Rect{x + float64(col)*(gridBrokerW+gridGap), margin + float64(row)*(bh+gridGap), gridBrokerW, bh}
		n.Cells = cells
		l.Nodes = append(l.Nodes, n)
	}
	l.Width = x + float64(cols)*gridBrokerW + float64(cols-1)*gridGap + margin
	// The consumer comes last in the DOM, as in the other layouts.
	l.Nodes = append(l.Nodes, NodeBox{Key: NodeKeyConsumer, Role: RoleConsumer, Rect: Rect{margin, gridClientY(l.Height, NodeKeyConsumer), clientW, clientH}})
	return l
}

// wideLayout puts the brokers, by id, in one column between the producer
// and the consumer. A link between two brokers that are not neighbours
// runs down the lane right of the column (see Layout.Route).
func wideLayout(brokers []NodeBox, bh float64) Layout {
	l := Layout{CellW: wideCellW, CellH: cellH}
	colH := bh
	if n := len(brokers); n > 0 {
		colH = float64(n)*bh + float64(n-1)*columnGapY
	}
	l.Height = colH + 2*margin
	midY := l.Height / 2
	x := float64(margin)
	l.Nodes = append(l.Nodes, NodeBox{Key: NodeKeyProducer, Role: RoleProducer, Rect: Rect{x, midY - clientH/2, clientW, clientH}})
	x += clientW + clientGapX
	for i, n := range brokers {
		n.Rect = Rect{x, margin + float64(i)*(bh+columnGapY), wideBrokerW, bh}
		n.Cells = wideCells
		l.Nodes = append(l.Nodes, n)
	}
	l.producerLane = x - clientGapX/2
	l.brokerLane = x + wideBrokerW + laneGapX
	l.consumerLane = x + wideBrokerW + clientGapX - laneGapX
	x += wideBrokerW + clientGapX
	l.Nodes = append(l.Nodes, NodeBox{Key: NodeKeyConsumer, Role: RoleConsumer, Rect: Rect{x, midY - clientH/2, clientW, clientH}})
	l.Width = x + clientW + margin
	return l
}

// DiagramLayout is the layout the page draws st with: narrow on a phone
// (Session.Narrow), the compact row in an embed (Sharing.Embed).
func (s *Store) DiagramLayout(st engine.State) Layout {
	return ComputeLayoutFor(st, s.Narrow, s.Share.Embed != nil)
}

// rowLayout is an embed's compact layout for a few brokers: the producer
// top left and the consumer top right, and the brokers, by id, side by
// side below them, centred. Neighbours' links are straight; a link that
// would cross a box runs along the row between the clients and the
// brokers (a client's) or along the lane under the brokers (a broker's),
// see Layout.Route.
//
// Boxes too narrow for a name and the widest role pill side by side
// (TitleW: four brokers in 800 units) stand rowTightGapX apart in a row
// as much wider as that needs: four brokers' row is 832 units, drawn at
// 0.91 of its size in an 800-px embed and at its size in a 1280×800 page.
func rowLayout(brokers []NodeBox, parts int) Layout {
	k := max(1, len(brokers))
	gap, w := float64(rowGapX), float64(rowW)
	bw := min(wideBrokerW, (w-2*margin-float64(k-1)*gap)/float64(k))
	if need := TitleW(len(brokers)); bw < need {
		gap, bw = rowTightGapX, need
		w = 2*margin + float64(k)*bw + float64(k-1)*gap
	}
	l := Layout{Width: w, CellW: wideCellW, CellH: cellH, Row: true}
	bh := boxHeight(parts, bw)
	y := float64(margin)
	l.Nodes = append(l.Nodes, NodeBox{Key: NodeKeyProducer, Role: RoleProducer, Rect: Rect{margin, y, clientW, clientH}})
	consumer := NodeBox{Key: NodeKeyConsumer, Role: RoleConsumer, Rect: Rect{w - margin - clientW, y, clientW, clientH}}
	l.clientGapY = y + clientH + rowGapY/2
	y += clientH + rowGapY
	x := (w - (float64(k)*bw + float64(k-1)*gap)) / 2
	for i, n := range brokers {
		n.Rect = Rect{x + float64(i)*(bw+gap), y, bw, bh}
		n.Cells = cellsFor(bw, wideCellW)
		l.Nodes = append(l.Nodes, n)
	}
	l.Nodes = append(l.Nodes, consumer)
	if len(brokers) > 0 {
		l.rowLaneY = y + bh + rowLaneGap
		y = l.rowLaneY + rowUnderLane
	}
	l.Height = y + margin
	return l
}

// narrowColumn is the phone's layout for a few brokers: the producer and
// the consumer side by side on top, as in the lesson, and the brokers, by
// id, in one column below, narrower than the screen so that a link to a
// broker that is not next in line runs down a lane beside the column: the
// clients' lane on the right, the brokers' on the left.
func narrowColumn(brokers []NodeBox, bh float64) Layout {
	l := Layout{Width: narrowW, CellW: narrowCellW, CellH: cellH, Narrow: true}
	cw := clientW * 1.2
	y := float64(margin)
	l.Nodes = append(l.Nodes, NodeBox{Key: NodeKeyProducer, Role: RoleProducer, Rect: Rect{margin, y, cw, clientH}})
	consumer := NodeBox{Key: NodeKeyConsumer, Role: RoleConsumer, Rect: Rect{narrowW - margin - cw, y, cw, clientH}}
	y += clientH + narrowGapY
	x := float64(margin + narrowLaneW)
	for i, n := range brokers {
		n.Rect = Rect{x, y + float64(i)*(bh+narrowColGapY), narrowColW, bh}
		n.Cells = cellsFor(narrowColW, narrowCellW)
		l.Nodes = append(l.Nodes, n)
	}
	if k := len(brokers); k > 0 {
		y += float64(k)*bh + float64(k-1)*narrowColGapY
	} else {
		y -= narrowGapY
	}
	l.Nodes = append(l.Nodes, consumer)
	l.Height = y + margin
	l.brokerLane = x - narrowLaneW/2
	l.clientLane = x + narrowColW + narrowLaneW/2
	l.clientGapY = margin + clientH + narrowGapY/2
	return l
}

// narrowGrid is the phone's layout for many brokers: the clients on top
// and the brokers, by id, two to a row.
func narrowGrid(brokers []NodeBox, bh float64) Layout {
	l := Layout{Width: narrowW, CellW: narrowCellW, CellH: cellH, Narrow: true}
	inner := float64(narrowW - 2*margin)
	cw := clientW * 1.2
	y := float64(margin)
	l.Nodes = append(l.Nodes, NodeBox{Key: NodeKeyProducer, Role: RoleProducer, Rect: Rect{margin, y, cw, clientH}})
	consumer := NodeBox{Key: NodeKeyConsumer, Role: RoleConsumer, Rect: Rect{narrowW - margin - cw, y, cw, clientH}}
	y += clientH + narrowGapY
	colW := (inner - narrowGapX) / 2
	rows := 0
	for i, n := range brokers {
		col, row := i%2, i/2
		n.Rect = Rect{margin + float64(col)*(colW+narrowGapX), y + float64(row)*(bh+narrowGapY/2), colW, bh}
		n.Cells = cellsFor(colW, narrowCellW)
		l.Nodes = append(l.Nodes, n)
		rows = row + 1
	}
	y += float64(rows)*bh + float64(rows-1)*narrowGapY/2
	l.Nodes = append(l.Nodes, consumer)
	l.Height = y + margin
	return l
}

// cellsFor returns how many cells of width cw fit in a box of width w.
func cellsFor(w, cw float64) int {
	n := int((w - 2*stripPad) / cw)
	return max(n, 3)
}

// lessonLinks are the lesson's lines for the first partition's current
// leader: producer → leader, leader → each follower, leader → consumer;
// none while the partition has no leader.
func lessonLinks(brokers []NodeBox) []Link {
	lead := ""
	for _, n := range brokers {
		if n.Role == RoleLeader {
			lead = n.Key
		}
	}
	if lead == "" {
		return nil
	}
	links := []Link{{NodeKeyProducer, lead}}
	for _, n := range brokers {
		if n.Role == RoleFollower {
			links = append(links, Link{lead, n.Key})
		}
	}
	return append(links, Link{lead, NodeKeyConsumer})
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

// ReplicaWindow returns the offsets [from, to) that one replica's strip of
// n cells shows. Strips share the window [from, to) of the longest log, so
// that one offset sits at one place in every box; but a replica whose own
// log (its log end offset, or its last truncated ghost, whichever is
// later: own) ends before that window would show only empty cells, its
// LEO marker and its truncated records off the strip. Such a replica (far
// behind, or just back from a crash) shows its own newest offsets instead,
// never before its logStart.
func ReplicaWindow(from, to, own, logStart engine.Offset, n int) (engine.Offset, engine.Offset) {
	if own >= from {
		return from, to
	}
	return LogWindow(own, logStart, n)
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

// Path is the line a link is drawn along and its messages travel, from
// the sending box's edge to the receiving box's edge: two points for a
// straight link, more for one that runs down a lane around other boxes.
type Path []Point

// Length is the path's length in viewBox units.
func (p Path) Length() float64 {
	d := 0.0
	for i := 1; i < len(p); i++ {
		d += math.Hypot(p[i].X-p[i-1].X, p[i].Y-p[i-1].Y)
	}
	return d
}

// At returns the point a fraction f (clamped to [0, 1]) of the path's
// length along it, and the unit direction of the segment it lies on.
func (p Path) At(f float64) (pt, dir Point) {
	if len(p) == 0 {
		return Point{}, Point{1, 0}
	}
	if len(p) == 1 {
		return p[0], Point{1, 0}
	}
	rest := math.Max(0, math.Min(1, f)) * p.Length()
	for i := 1; i < len(p); i++ {
		a, b := p[i-1], p[i]
		d := math.Hypot(b.X-a.X, b.Y-a.Y)
		if d == 0 {
			continue
		}
		dir = Point{(b.X - a.X) / d, (b.Y - a.Y) / d}
		if rest <= d || i == len(p)-1 {
			t := math.Min(1, rest/d)
			return Lerp(a, b, t), dir
		}
		rest -= d
	}
	return p[len(p)-1], dir
}

// Offset returns pt moved d units to the left of direction dir, so that
// requests and responses on one link travel on two lanes.
func Offset(pt, dir Point, d float64) Point {
	return Point{pt.X + dir.Y*d, pt.Y - dir.X*d}
}

// Reversed returns the path from its end to its start.
func (p Path) Reversed() Path {
	out := make(Path, len(p))
	for i, q := range p {
		out[len(p)-1-i] = q
	}
	return out
}

// Route returns the path from node from to node to: the straight line
// between their edges, or, when that line would cross another box and the
// layout has a lane for it, a path down the lane beside the column. It
// returns false if either node is missing.
func (l Layout) Route(from, to string) (Path, bool) {
	a, okA := l.Node(from)
	b, okB := l.Node(to)
	if !okA || !okB {
		return nil, false
	}
	p, q := LinkEnds(a.Rect, b.Rect)
	straight := Path{p, q}
	if !l.crosses(straight, a.Key, b.Key) {
		return straight, true
	}
	if l.Row {
		return l.rowRoute(a, b), true
	}
	if a.Broker == 0 && b.Broker != 0 {
		if r, ok := l.clientRoute(a, b); ok {
			return r, true
		}
	}
	if b.Broker == 0 && a.Broker != 0 {
		if r, ok := l.clientRoute(b, a); ok {
			return r.Reversed(), true
		}
	}
	if a.Broker != 0 && b.Broker != 0 && l.brokerLane != 0 {
		edge := func(r Rect) float64 {
			if l.brokerLane > r.X {
				return r.X + r.W
			}
			return r.X
		}
		ya, yb := a.Rect.Center().Y, b.Rect.Center().Y
		return Path{{edge(a.Rect), ya}, {l.brokerLane, ya}, {l.brokerLane, yb}, {edge(b.Rect), yb}}, true
	}
	return straight, true
}

// rowRoute is a Row layout's path from a to b when the straight line
// would cross a box: a client's link runs down from the client to the row
// between the clients and the brokers, along it, and down into the
// broker rowClientIn left (producer) or right (consumer) of its centre; a
// link between two brokers runs down from a's bottom to the lane under
// the row, along it, and up into b.
func (l Layout) rowRoute(a, b NodeBox) Path {
	client := func(c, br NodeBox) Path {
		in := float64(-rowClientIn)
		if c.Key == NodeKeyConsumer {
			in = rowClientIn
		}
		cx, bx := c.Rect.Center().X, br.Rect.Center().X+in
		return Path{{cx, c.Rect.Y + c.Rect.H}, {cx, l.clientGapY}, {bx, l.clientGapY}, {bx, br.Rect.Y}}
	}
	switch {
	case a.Broker == 0:
		return client(a, b)
	case b.Broker == 0:
		return client(b, a).Reversed()
	}
	ax, bx := a.Rect.Center().X, b.Rect.Center().X
	return Path{{ax, a.Rect.Y + a.Rect.H}, {ax, l.rowLaneY}, {bx, l.rowLaneY}, {bx, b.Rect.Y + b.Rect.H}}
}

// clientRoute is the path from client c to broker b down a lane: on a
// phone from the top row down the clients' lane, in the wide column along
// the client's own lane; false without a lane.
func (l Layout) clientRoute(c, b NodeBox) (Path, bool) {
	lane := l.producerLane
	if c.Key == NodeKeyConsumer {
		lane = l.consumerLane
	}
	if l.clientLane == 0 && lane != 0 {
		cy, by := c.Rect.Center().Y, b.Rect.Center().Y
		cx, bx := c.Rect.X+c.Rect.W, b.Rect.X
		if lane > b.Rect.X {
			cx, bx = c.Rect.X, b.Rect.X+b.Rect.W
		}
		return Path{{cx, cy}, {lane, cy}, {lane, by}, {bx, by}}, true
	}
	if l.clientLane == 0 {
		return nil, false
	}
	x := c.Rect.Center().X
	y := b.Rect.Center().Y
	return Path{{x, c.Rect.Y + c.Rect.H}, {x, l.clientGapY}, {l.clientLane, l.clientGapY}, {l.clientLane, y}, {b.Rect.X + b.Rect.W, y}}, true
}

// crosses reports whether path p passes through any box but those of
// nodes skipA and skipB.
func (l Layout) crosses(p Path, skipA, skipB string) bool {
	for _, n := range l.Nodes {
		if n.Key == skipA || n.Key == skipB {
			continue
		}
		for i := 1; i < len(p); i++ {
			if segmentHitsRect(p[i-1], p[i], n.Rect) {
				return true
			}
		}
	}
	return false
}

// segmentHitsRect reports whether the segment a–b passes through the
// inside of r (touching its border does not count), by clipping the
// segment to r's slabs (Liang–Barsky).
func segmentHitsRect(a, b Point, r Rect) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := b.X-a.X, b.Y-a.Y
	clip := func(p, q float64) bool {
		if p == 0 {
			return q > 0
		}
		t := q / p
		if p < 0 {
			if t > t1 {
				return false
			}
			t0 = math.Max(t0, t)
		} else {
			if t < t0 {
				return false
			}
			t1 = math.Min(t1, t)
		}
		return true
	}
	const in = 1 // shrink r by 1 unit so that a touch is not a crossing
	if !clip(-dx, a.X-(r.X+in)) || !clip(dx, (r.X+r.W-in)-a.X) || !clip(-dy, a.Y-(r.Y+in)) || !clip(dy, (r.Y+r.H-in)-a.Y) {
		return false
	}
	return t0 < t1
}

// LabelBox is the box a one-line label of n characters takes at font size
// px when drawn at p (its baseline) with SVG text-anchor anchor ("start",
// "middle", "end"), estimating a character at labelEm.
func LabelBox(p Point, anchor string, n int, px float64) Rect {
	w := float64(n) * px * labelEm
	x := p.X - w/2
	switch anchor {
	case "start":
		x = p.X
	case "end":
		x = p.X - w
	}
	return Rect{x, p.Y - px, w, px * 1.25}
}

// labelEm is a label's mean character width, in em: the diagram's labels
// are semibold (static/style.css, .msg text), and in the sans-serif fonts
// a browser falls back to ("FetchResp 0" in DejaVu Sans Bold measures
// 0.63 em a character) 0.56 em let a label's end reach into the box
// beside it.
const labelEm = 0.66

// Covers reports whether r overlaps any node's box, any link's mark
// (Marks) or a reserved box (Reserved: a client's countdown), so that a
// message's label that would sit on a box (over a broker's name or log),
// on a link's "slow" or on the producer's countdown is left out.
func (l Layout) Covers(r Rect) bool {
	for _, n := range l.Nodes {
		if Overlaps(r, n.Rect) {
			return true
		}
	}
	for _, m := range l.Marks {
		if Overlaps(r, m.Box) {
			return true
		}
	}
	for _, b := range l.Reserved {
		if Overlaps(r, b) {
			return true
		}
	}
	return false
}

// Overlaps reports whether boxes a and b share any area (touching edges
// do not).
func Overlaps(a, b Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// LinkMark is the label of a link the network has changed: where it is
// drawn and the box it takes, in viewBox units.
type LinkMark struct {
	Link Link
	// Cut, OneWay and Slow say what the network does to the link: cut
	// both ways, cut in one direction, or slowed (a cut wins over the
	// rest, a one-way cut over a slowing).
	Cut, OneWay, Slow bool
	// Text is "✕" for a cut, "✕ one way" for a one-way cut, and for a
	// slowed link its latency ("30–50 ms"), on the page and in the
	// embed alike.
	Text string
	// At is the text's anchor point (its baseline's middle: SVG
	// text-anchor middle) and Box the box the text takes.
	At  Point
	Box Rect
}

// MarkFor is what the network does to a link, for its mark (PlaceMarks):
// cut both ways, cut one way, or slowed with the latency Slow says
// ("30–50 ms"; "" for a link not slowed).
type MarkFor struct {
	Cut, OneWay bool
	Slow        string
}

// Link marks' font sizes (static/act.css, .link-mark) and how far beyond
// the dots' lanes (LaneGap + DotR) a mark keeps from its link.
const (
	CutMarkPx  = 14
	SlowMarkPx = TextPx
	markClear  = 3
)

// markFractions are the places along a link, as fractions of its length,
// tried in turn for its mark: its middle first, then ever further from it
// on either side, a twentieth at a time.
var markFractions = [...]float64{0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65, 0.3, 0.7, 0.25, 0.75, 0.2, 0.8, 0.15, 0.85, 0.1, 0.9, 0.05, 0.95}

// PlaceMarks places a mark on each of the lesson's links that state
// says the network changed (MarkFor), in Links order:
// beside the link's line, clear of the dots that ride on either side of
// every link's line (LaneGap + DotR), of every box and of the marks
// placed before it, inside the viewBox; at its middle, first on the left
// of the line and then on the right, else further along it. Where the
// links crowd (a phone's one broker under its two clients) it keeps off
// its own link's dots only, and a link with no such place at all has its
// mark on the line at its middle. Message labels
// then keep off the marks (Covers).
func (l *Layout) PlaceMarks(state func(Link) MarkFor) {
	l.Marks = l.Marks[:0]
	routes := make([]Path, 0, len(l.Links))
	for _, k := range l.Links {
		if r, ok := l.Route(k.From, k.To); ok {
			routes = append(routes, r)
		}
	}
	for _, k := range l.Links {
		want := state(k)
		if !want.Cut && !want.OneWay && want.Slow == "" {
			continue
		}
		r, ok := l.Route(k.From, k.To)
		if !ok {
			continue
		}
		m := LinkMark{Link: k}
		switch {
		case want.Cut:
			m.Cut, m.Text = true, "✕"
			m.At, m.Box, _ = l.placeMark(r, routes, 1, CutMarkPx)
		case want.OneWay:
			m.OneWay, m.Text = true, "✕ one way"
			m.At, m.Box, _ = l.placeMark(r, routes, len([]rune(m.Text)), SlowMarkPx)
		default:
			m.Slow, m.Text = true, want.Slow
			var clear bool
			m.At, m.Box, clear = l.placeMark(r, routes, len([]rune(m.Text)), SlowMarkPx)
			if !clear {
				// The latency does not fit beside the link (the embed's
				// short link between two boxes in a row): it goes further
				// off the link's middle, above or below the gap, rather
				// than becoming a word without its number. The page and
				// the embed then say the same "30–50 ms".
				if at, box, ok := l.placeMarkFar(r, routes, len([]rune(m.Text)), SlowMarkPx); ok {
					m.At, m.Box = at, box
				}
			}
		}
		l.Marks = append(l.Marks, m)
	}
}

// placeMarkFar is placeMark's last resort for a mark of n characters at
// px on path r: at the path's middle and then further along it, ever
// further off the line (up to 160 units, past a row of boxes), on either side, clear of every
// box, of the marks placed before, and of every route's dots; false when
// no such place is.
func (l *Layout) placeMarkFar(r Path, routes []Path, n int, px float64) (Point, Rect, bool) {
	w, h := float64(n)*px*labelEm, px*1.25
	view := Rect{0, 0, l.Width, l.Height}
	const lanes = LaneGap + DotR + markClear - 0.5
	for _, f := range markFractions {
		at, dir := r.At(f)
		base := LaneGap + DotR + markClear + math.Abs(dir.Y)*w/2 + math.Abs(dir.X)*h/2
		for extra := 4.0; extra <= 160; extra += 4 {
			for _, side := range [...]float64{1, -1} {
				c := Offset(at, dir, side*(base+extra))
				box := Rect{c.X - w/2, c.Y - h/2, w, h}
				if within(box, view) && !l.Covers(box) && !nearAny(box, routes, lanes) {
					return Point{c.X, box.Y + px}, box, true
				}
			}
		}
	}
	return Point{}, Rect{}, false
}

// placeMark finds where a mark of n characters at px goes along path r,
// off every one of routes' dot lanes (see PlaceMarks): its anchor point
// and its box, and whether that place is clear (false: no place was, and
// the mark sits on the line at its middle).
func (l *Layout) placeMark(r Path, routes []Path, n int, px float64) (Point, Rect, bool) {
	w, h := float64(n)*px*labelEm, px*1.25
	view := Rect{0, 0, l.Width, l.Height}
	// lanes is how far a mark keeps from a line (a hair under the gap it
	// is placed at, for rounding).
	const lanes = LaneGap + DotR + markClear - 0.5
	// The first pass keeps off every link's dots, the second (a crowded
	// corner) off its own link's only.
	total := r.Length()
	// The places tried: markFractions, then the middle of each of the
	// path's segments (a lane's short ends), as fractions of its length.
	fracs := append(make([]float64, 0, len(markFractions)+len(r)), markFractions[:]...)
	if total > 0 {
		d := 0.0
		for i := 1; i < len(r); i++ {
			seg := math.Hypot(r[i].X-r[i-1].X, r[i].Y-r[i-1].Y)
			fracs = append(fracs, (d+seg/2)/total)
			d += seg
		}
	}
	for _, avoid := range [...][]Path{routes, {r}} {
		for _, f := range fracs {
			at, dir := r.At(f)
			// How far the box's centre must sit from the line for the box
			// to clear the dots: its half extent across the line, plus the
			// lanes.
			gap := LaneGap + DotR + markClear + math.Abs(dir.Y)*w/2 + math.Abs(dir.X)*h/2
			for _, side := range [...]float64{1, -1} {
				c := Offset(at, dir, side*gap)
				box := Rect{c.X - w/2, c.Y - h/2, w, h}
				if !within(box, view) || l.Covers(box) || nearAny(box, avoid, lanes) {
					continue
				}
				return Point{c.X, box.Y + px}, box, true
			}
		}
	}
	mid, _ := r.At(0.5)
	return Point{mid.X, mid.Y + px/2 - 1}, Rect{mid.X - w/2, mid.Y - px/2 - 1, w, h}, false
}

// nearAny reports whether box comes within d of any segment of paths.
func nearAny(box Rect, paths []Path, d float64) bool {
	for _, p := range paths {
		for i := 1; i < len(p); i++ {
			if segmentRectDist(p[i-1], p[i], box) < d {
				return true
			}
		}
	}
	return false
}

// segmentRectDist is the distance between segment a–b and box r: 0 when
// the segment passes through the box, else the least of its ends'
// distances to the box and the box's corners' distances to it.
func segmentRectDist(a, b Point, r Rect) float64 {
	grown := Rect{r.X - 1, r.Y - 1, r.W + 2, r.H + 2} // segmentHitsRect shrinks by 1
	if segmentHitsRect(a, b, grown) {
		return 0
	}
	toBox := func(p Point) float64 {
		dx := math.Max(0, math.Max(r.X-p.X, p.X-(r.X+r.W)))
		dy := math.Max(0, math.Max(r.Y-p.Y, p.Y-(r.Y+r.H)))
		return math.Hypot(dx, dy)
	}
	toSeg := func(p Point) float64 {
		dx, dy := b.X-a.X, b.Y-a.Y
		t := 0.0
		if n := dx*dx + dy*dy; n > 0 {
			t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/n))
		}
		return math.Hypot(p.X-(a.X+t*dx), p.Y-(a.Y+t*dy))
	}
	d := math.Min(toBox(a), toBox(b))
	for _, c := range [...]Point{{r.X, r.Y}, {r.X + r.W, r.Y}, {r.X, r.Y + r.H}, {r.X + r.W, r.Y + r.H}} {
		d = math.Min(d, toSeg(c))
	}
	return d
}

// within reports whether box in lies wholly within box out.
func within(in, out Rect) bool {
	return in.X >= out.X && in.Y >= out.Y && in.X+in.W <= out.X+out.W && in.Y+in.H <= out.Y+out.H
}
