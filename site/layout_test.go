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
	if len(keys) != len(want) {
		t.Fatalf("nodes %v", keys)
	}
	for i := range want {
		if keys[i] != want[i] {
			t.Fatalf("nodes %v, want %v", keys, want)
		}
	}
	get := func(k string) Rect { n, _ := l.Node(k); return n.Rect }
	prod, b1, b2, b3, cons := get("producer"), get("b1"), get("b2"), get("b3"), get("consumer")
	if !(prod.X+prod.W < b1.X && b1.X+b1.W < b2.X && b2.X+b2.W < cons.X) {
		t.Fatal("not left to right: producer, leader, followers, consumer")
	}
	if b2.X != b3.X || b2.Y+b2.H >= b3.Y {
		t.Fatal("followers are not stacked in one column")
	}
	if !near(b1.Center().Y, l.Height/2) || !near(cons.Center().Y, l.Height/2) {
		t.Fatal("leader and consumer are not centred")
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
	if !(prod.Y == cons.Y && prod.X+prod.W < cons.X && prod.Y+prod.H < b1.Y && b1.Y+b1.H < b2.Y && b2.Y == b3.Y) {
		t.Fatal("not top to bottom: producer and consumer, leader, followers side by side")
	}
	if b2.X+b2.W >= b3.X {
		t.Fatal("followers overlap")
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
	// Without a partition there are no followers to link to.
	if len(l.Links) != 2 {
		t.Fatalf("links %v", l.Links)
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
