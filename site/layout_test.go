package site

import (
	"math"
	"strings"
	"testing"

	"kplay/engine"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func lessonState(t *testing.T) engine.State {
	t.Helper()
	p, err := NewPlayer(lesson(t))
	if err != nil {
		t.Fatal(err)
	}
	p.Seek(at("10:00:00.020"))
	return p.State()
}

func TestLayoutWideIsTheLessonsPicture(t *testing.T) {
	l := ComputeLayout(lessonState(t), false)
	keys := []string{}
	for _, n := range l.Nodes {
		keys = append(keys, n.Key+":"+n.Role)
	}
	want := []string{"producer:producer", "b1:leader", "b2:follower", "b3:follower", "consumer:consumer"}
	if strings.Join(keys, " ") != strings.Join(want, " ") {
		t.Fatalf("nodes %v, want %v", keys, want)
	}
	get := func(k string) Rect { n, _ := l.Node(k); return n.Rect }
	prod, b1, b2, b3, cons := get("producer"), get("b1"), get("b2"), get("b3"), get("consumer")
	if !(prod.X+prod.W < b1.X && b1.X+b1.W < cons.X) {
		t.Fatal("not left to right: producer, brokers, consumer")
	}
	if b1.X != b2.X || b2.X != b3.X || b1.Y+b1.H >= b2.Y || b2.Y+b2.H >= b3.Y {
		t.Fatal("brokers are not one column in id order")
	}
	if !near(prod.Center().Y, l.Height/2) || !near(cons.Center().Y, l.Height/2) || !near(b2.Center().Y, l.Height/2) {
		t.Fatal("the clients and the middle broker are not centred")
	}
	for _, n := range l.Nodes {
		r := n.Rect
		if r.X < 0 || r.Y < 0 || r.X+r.W > l.Width || r.Y+r.H > l.Height {
			t.Fatalf("%s lies outside the viewBox", n.Key)
		}
	}
	links := map[Link]bool{}
	for _, k := range l.Links {
		links[k] = true
	}
	for _, k := range []Link{{"producer", "b1"}, {"b1", "b2"}, {"b1", "b3"}, {"b1", "consumer"}} {
		if !links[k] {
			t.Fatalf("missing link %v in %v", k, l.Links)
		}
	}
	if len(l.Links) != 4 {
		t.Fatalf("links %v", l.Links)
	}
	// b1 → b3 would cross b2: it runs down the lane right of the column.
	if r, _ := l.Route("b1", "b3"); len(r) != 4 || r[1].X <= b2.X+b2.W || r[1].X >= cons.X {
		t.Fatalf("b1 → b3 runs %v, want down the lane between the column and the consumer", r)
	}
	if r, _ := l.Route("b1", "b2"); len(r) != 2 {
		t.Fatalf("b1 → b2 runs %v, want a straight line", r)
	}
}

func TestLayoutNarrowStacks(t *testing.T) {
	l := ComputeLayout(lessonState(t), true)
	var keys []string
	for _, n := range l.Nodes {
		keys = append(keys, n.Key)
	}
	if strings.Join(keys, " ") != "producer b1 b2 b3 consumer" {
		t.Fatalf("node order %v", keys)
	}
	if !l.Narrow || l.Width > 420 {
		t.Fatalf("narrow layout %v wide", l.Width)
	}
	get := func(k string) Rect { n, _ := l.Node(k); return n.Rect }
	prod, b1, b2, b3, cons := get("producer"), get("b1"), get("b2"), get("b3"), get("consumer")
	if !(prod.Y == cons.Y && prod.X+prod.W < cons.X && prod.Y+prod.H < b1.Y && b1.Y+b1.H < b2.Y && b2.Y+b2.H < b3.Y && b1.X == b3.X) {
		t.Fatal("not top to bottom: producer and consumer, then the brokers in id order")
	}
	for _, n := range l.Nodes {
		r := n.Rect
		if r.X < 0 || r.X+r.W > l.Width || r.Y+r.H > l.Height {
			t.Fatalf("%s lies outside the viewBox", n.Key)
		}
		if n.Broker != 0 && float64(n.Cells)*l.CellW > r.W {
			t.Fatalf("%s's strip of %d cells is wider than its box", n.Key, n.Cells)
		}
	}
}

func TestLayoutBeforeAnyTopic(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	st := p.State()
	st.Partitions = nil
	l := ComputeLayout(st, false)
	if len(l.Nodes) != 5 {
		t.Fatalf("%d nodes", len(l.Nodes))
	}
	if n, _ := l.Node("b1"); n.Role != RoleBroker {
		t.Fatalf("b1 role %q without a partition", n.Role)
	}
	// Without a partition there is no leader to link to.
	if len(l.Links) != 0 {
		t.Fatalf("links %v", l.Links)
	}
}

// failoverScript crashes the leader, lets the controller fence it and
// elect broker 2, restarts it and moves leadership back with a preferred
// election: every role change a learner makes with the obvious clicks.
const failoverScript = `cluster brokers=3 latency=(1,1)
create-topic t partitions=1 rf=3
produce t-0 values=(a, b) acks=all
run until=00:00:01.000
crash 1
advance 12s
restart 1
advance 12s
elect-leaders type=preferred t-0
advance 2s
`

// TestLayoutBoxesStayPutThroughFailover: crash the leader, elect another,
// restart it and return leadership to it; no box moves in either layout,
// while the roles (and the links) follow the leader.
func TestLayoutBoxesStayPutThroughFailover(t *testing.T) {
	s := NewStoreFromScript("failover.txt", failoverScript)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	start := s.Player.Scenario().Config.Start
	for _, narrow := range []bool{false, true} {
		s.Player.Seek(start + 1000)
		before := ComputeLayout(s.Player.State(), narrow)
		leaders := map[string]bool{}
		for _, ms := range []engine.Time{1000, 1500, 5000, 13000, 14000, 20000, 25000, 27000} {
			s.Player.Seek(start + ms)
			l := ComputeLayout(s.Player.State(), narrow)
			if l.Width != before.Width || l.Height != before.Height || len(l.Nodes) != len(before.Nodes) {
				t.Fatalf("narrow=%v at +%dms: viewBox %v×%v with %d nodes, was %v×%v with %d", narrow, ms, l.Width, l.Height, len(l.Nodes), before.Width, before.Height, len(before.Nodes))
			}
			for i, n := range l.Nodes {
				if n.Key != before.Nodes[i].Key || n.Rect != before.Nodes[i].Rect {
					t.Errorf("narrow=%v at +%dms: %s at %v, was %s at %v", narrow, ms, n.Key, n.Rect, before.Nodes[i].Key, before.Nodes[i].Rect)
				}
				if n.Role == RoleLeader {
					leaders[n.Key] = true
				}
			}
		}
		// b1 leads first and last, b2 (the first in the ISR after b1) in between.
		if !leaders["b1"] || !leaders["b2"] {
			t.Errorf("narrow=%v: leaders seen %v, want b1 and b2", narrow, leaders)
		}
	}
	s.Player.Seek(start + 13000)
	l := ComputeLayout(s.Player.State(), false)
	if n, _ := l.Node("b2"); n.Role != RoleLeader {
		t.Fatalf("b2 is %s after b1's crash", n.Role)
	}
	if l.Links[0] != (Link{NodeKeyProducer, "b2"}) {
		t.Fatalf("links %v do not follow the new leader b2", l.Links)
	}
}

// TestLayoutNoLinkCrossesABox: whichever broker leads, no link of a
// cluster of up to four brokers passes through a box other than its ends,
// in either layout.
func TestLayoutNoLinkCrossesABox(t *testing.T) {
	for brokers := 1; brokers <= 4; brokers++ {
		st := engine.State{}
		p := engine.PartitionState{TP: engine.TopicPartition{Topic: "t"}}
		for id := engine.BrokerID(1); id <= engine.BrokerID(brokers); id++ {
			st.Brokers = append(st.Brokers, engine.BrokerState{ID: id, Alive: true})
			p.Replicas = append(p.Replicas, id)
		}
		for lead := engine.BrokerID(1); lead <= engine.BrokerID(brokers); lead++ {
			p.Leader = lead
			st.Partitions = []engine.PartitionState{p}
			for _, narrow := range []bool{false, true} {
				l := ComputeLayout(st, narrow)
				if len(l.Links) != brokers+1 {
					t.Fatalf("%d brokers, leader %d: links %v", brokers, lead, l.Links)
				}
				for _, k := range l.Links {
					r, ok := l.Route(k.From, k.To)
					if !ok || len(r) < 2 {
						t.Fatalf("no route for %v", k)
					}
					if l.crosses(r, k.From, k.To) {
						t.Errorf("%d brokers, leader %d, narrow=%v: %v runs %v through a box", brokers, lead, narrow, k, r)
					}
					for _, pt := range r {
						if pt.X < 0 || pt.Y < 0 || pt.X > l.Width || pt.Y > l.Height {
							t.Errorf("%v leaves the viewBox at %v", k, pt)
						}
					}
				}
			}
		}
	}
}

func TestPathAt(t *testing.T) {
	p := Path{{0, 0}, {30, 0}, {30, 40}}
	for _, c := range []struct {
		f       float64
		pt, dir Point
	}{
		{0, Point{0, 0}, Point{1, 0}},
		{0.3, Point{21, 0}, Point{1, 0}},
		{0.5, Point{30, 5}, Point{0, 1}},
		{1, Point{30, 40}, Point{0, 1}},
		{2, Point{30, 40}, Point{0, 1}},
	} {
		pt, dir := p.At(c.f)
		if !near(pt.X, c.pt.X) || !near(pt.Y, c.pt.Y) || !near(dir.X, c.dir.X) || !near(dir.Y, c.dir.Y) {
			t.Errorf("At(%v) = %v, %v; want %v, %v", c.f, pt, dir, c.pt, c.dir)
		}
	}
	if !near(p.Length(), 70) {
		t.Errorf("length %v, want 70", p.Length())
	}
}

func TestSegmentHitsRect(t *testing.T) {
	r := Rect{10, 10, 20, 20}
	for _, c := range []struct {
		a, b Point
		want bool
	}{
		{Point{0, 20}, Point{40, 20}, true},
		{Point{0, 0}, Point{40, 0}, false},
		{Point{0, 10}, Point{40, 10}, false}, // along the border
		{Point{0, 0}, Point{9, 9}, false},
		{Point{15, 15}, Point{16, 16}, true},
		{Point{0, 40}, Point{40, 0}, true},
	} {
		if got := segmentHitsRect(c.a, c.b, r); got != c.want {
			t.Errorf("segment %v–%v: %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestEdgePoint(t *testing.T) {
	r := Rect{0, 0, 100, 50}
	for _, c := range []struct {
		to   Point
		want Point
	}{
		{Point{200, 25}, Point{100, 25}},
		{Point{-200, 25}, Point{0, 25}},
		{Point{50, 500}, Point{50, 50}},
		{Point{150, 75}, Point{100, 50}}, // through the corner
		{Point{75, 125}, Point{56.25, 50}},
		{Point{50, 25}, Point{50, 25}},
	} {
		got := EdgePoint(r, c.to)
		if !near(got.X, c.want.X) || !near(got.Y, c.want.Y) {
			t.Errorf("EdgePoint toward %v = %v, want %v", c.to, got, c.want)
		}
	}
}

func TestProgress(t *testing.T) {
	for _, c := range []struct {
		now        float64
		sent, dlvr engine.Time
		want       float64
	}{
		{10, 10, 12, 0},
		{11, 10, 12, 0.5},
		{11.5, 10, 12, 0.75},
		{12, 10, 12, 1},
		{9, 10, 12, 0},
		{20, 10, 12, 1},
		{10, 10, 10, 1},
	} {
		if got := Progress(c.now, c.sent, c.dlvr); !near(got, c.want) {
			t.Errorf("Progress(%v, %d, %d) = %v, want %v", c.now, c.sent, c.dlvr, got, c.want)
		}
	}
}

func TestLaneSeparatesDirections(t *testing.T) {
	a, b := Point{0, 0}, Point{100, 0}
	mid := Lerp(a, b, 0.5)
	there, back := Lane(a, b, mid, 5), Lane(b, a, mid, 5)
	if !near(there.Y, -5) || !near(back.Y, 5) || !near(there.X, 50) {
		t.Fatalf("lanes %v and %v", there, back)
	}
}

func TestLogWindow(t *testing.T) {
	for _, c := range []struct {
		leo, start engine.Offset
		n          int
		from, to   engine.Offset
	}{
		{1209, 0, 10, 1200, 1210},
		{0, 0, 10, 0, 1},
		{3, 0, 10, 0, 4},
		{1209, 1205, 10, 1205, 1210},
	} {
		from, to := LogWindow(c.leo, c.start, c.n)
		if from != c.from || to != c.to {
			t.Errorf("LogWindow(%d, %d, %d) = [%d, %d), want [%d, %d)", c.leo, c.start, c.n, from, to, c.from, c.to)
		}
	}
}

// TestReplicaWindow: a replica whose log reaches the shared window keeps
// it; one far behind (LEO 11 while the leader's log ends at 29, the
// window 20–30 of 10 cells) shows its own newest offsets, 2–12, so its
// records, its LEO and HW and a truncated record at offset 10 are drawn.
func TestReplicaWindow(t *testing.T) {
	for _, c := range []struct {
		from, to, own, start engine.Offset
		n                    int
		wantFrom, wantTo     engine.Offset
	}{
		{20, 30, 29, 0, 10, 20, 30},
		{20, 30, 20, 0, 10, 20, 30},
		{20, 30, 11, 0, 10, 2, 12},
		{20, 30, 3, 0, 10, 0, 4},
		{20, 30, 11, 5, 10, 5, 12},
	} {
		from, to := ReplicaWindow(c.from, c.to, c.own, c.start, c.n)
		if from != c.wantFrom || to != c.wantTo {
			t.Errorf("ReplicaWindow(%d, %d, %d, %d, %d) = [%d, %d), want [%d, %d)", c.from, c.to, c.own, c.start, c.n, from, to, c.wantFrom, c.wantTo)
		}
	}
}

func TestNodeKey(t *testing.T) {
	for _, c := range []struct {
		id   engine.NodeID
		want string
	}{
		{engine.NodeID{Kind: engine.NodeProducer, ID: 1}, "producer"},
		{engine.NodeID{Kind: engine.NodeProducer, ID: 2}, "producer"},
		{engine.NodeID{Kind: engine.NodeConsumer, ID: 1}, "consumer"},
		{engine.Broker(3), "b3"},
		{engine.Controller, ""},
	} {
		if got := NodeKey(c.id); got != c.want {
			t.Errorf("NodeKey(%v) = %q, want %q", c.id, got, c.want)
		}
	}
}

// A message label that would sit on a box is detected, one in the gap
// between boxes is not.
func TestLabelBoxCovers(t *testing.T) {
	l := ComputeLayout(lessonState(t), false)
	b1, _ := l.Node("b1")
	b2, _ := l.Node("b2")
	onTitle := LabelBox(Point{b2.Rect.X + 20, b2.Rect.Y + 22}, "start", 8, 11)
	if !l.Covers(onTitle) {
		t.Fatalf("a label on broker 2's title %v is not seen as covering it", onTitle)
	}
	gapY := (b1.Rect.Y + b1.Rect.H + b2.Rect.Y) / 2
	inGap := LabelBox(Point{b1.Rect.X + b1.Rect.W + 30, gapY + 5}, "start", 8, 11)
	if l.Covers(inGap) {
		t.Fatalf("a label in the gap %v is seen as covering a box", inGap)
	}
	if r := LabelBox(Point{100, 50}, "end", 10, 10); !near(r.X, 100-10*10*labelEm) || !near(r.W, 10*10*labelEm) || !near(r.Y, 40) {
		t.Fatalf("LabelBox end-anchored = %v", r)
	}
}

// TestFourBrokersStandInARow: four brokers (wrong-broker,
// every-broker-leads) stood in a column 772 units tall, which a 1280×800
// page drew at 0.6 of its size in its 464 px. On the full page as in an
// embed they stand in a row under the clients, at most 340 units tall
// with four partitions and 842 wide (the page's diagram box), each box
// wide enough for "broker N" beside the widest role pill (TitleW).
func TestFourBrokersStandInARow(t *testing.T) {
	s := NewStoreFromScript("four.txt", "cluster brokers=4\ncreate-topic orders partitions=4 rf=3\n")
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	s.Player.Seek(s.Player.Scenario().Config.Start + 1000)
	st := s.Player.State()
	for _, compact := range []bool{false, true} {
		l := ComputeLayoutFor(st, false, compact)
		if !l.Row || l.Grid || l.Height > 340 || l.Width > 842 {
			t.Errorf("compact=%v: Row=%v Grid=%v, %v × %v units", compact, l.Row, l.Grid, l.Width, l.Height)
		}
		for _, n := range l.Nodes {
			if n.Broker != 0 && (n.Rect.W < TitleW(4) || n.Name != BrokerName(n.Broker, false)) {
				t.Errorf("compact=%v: %s is %v wide, named %q", compact, n.Key, n.Rect.W, n.Name)
			}
		}
		checkLegible(t, st, l, false)
	}
	// Three brokers keep the lesson's column on the full page.
	if l := ComputeLayout(columnState(3, 1), false); l.Row || l.Grid {
		t.Errorf("three brokers: Row=%v Grid=%v", l.Row, l.Grid)
	}
}

// TestRolePillNeverCoversTheName: in every layout of one to nine
// brokers, a box's role pill, whichever the role, starts past its name
// (BrokerName, as the layout names it) and ends inside the box; every
// role but the rare "leader on record" is whole.
func TestRolePillNeverCoversTheName(t *testing.T) {
	for brokers := 1; brokers <= 9; brokers++ {
		st := columnState(brokers, 1)
		for _, k := range []struct {
			name            string
			narrow, compact bool
		}{{"wide", false, false}, {"narrow", true, false}, {"embed", false, true}} {
			l := ComputeLayoutFor(st, k.narrow, k.compact)
			for _, n := range l.Nodes {
				if n.Broker == 0 {
					continue
				}
				nameEnd := BadgePad + TextW(len(n.Name), NamePx)
				for _, role := range []string{"leader", "follower", "replica", "no replica", "leader on record"} {
					p := RolePillOf(role, n.Name, n.Rect.W)
					if p.X < nameEnd+titleGap-1e-9 || p.X+p.W > n.Rect.W-BadgePad+1e-9 || p.W <= rolePillPad {
						t.Errorf("%s, %d brokers: %s %q (%v wide) pill %q at %v..%v, name ends at %v", k.name, brokers, n.Key, n.Name, n.Rect.W, p.Text, p.X, p.X+p.W, nameEnd)
					}
					if role != "leader on record" && p.Text != role {
						t.Errorf("%s, %d brokers: %s's pill %q cut to %q", k.name, brokers, n.Key, role, p.Text)
					}
				}
			}
		}
	}
}
