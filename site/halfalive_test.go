package site

import (
	"math"
	"slices"
	"strings"
	"testing"

	"kplay/engine"
)

// halfAliveScript cuts b1's link to b2 one way, b3's heartbeats to the
// controller one way, and hangs b2 for followers' fetches.
const halfAliveScript = `cluster brokers=3 latency=(0,0) start=10:00:00.000
create-topic t partitions=1 rf=3
advance 1s
cut 1 2 one-way
cut 3 controller one-way
hang 2 requests=replicas
advance 1s
`

// TestNetFaultsOneWay: a one-way cut is one direction (from's messages to
// to lost), not a two-way cut; heal of the link takes it back in either
// spelling, and a plain heal clears everything.
func TestNetFaultsOneWay(t *testing.T) {
	s := NewStoreFromScript("one-way.txt", halfAliveScript)
	s.Player.AdvanceTo(s.Player.Scenario().End)
	b := func(n int) engine.NodeID { return engine.Broker(engine.BrokerID(n)) }
	f := s.NetFaults()
	if !f.OneWayCut(b(1), b(2)) || f.OneWayCut(b(2), b(1)) || f.Cut(b(1), b(2)) {
		t.Errorf("after cut 1 2 one-way: %+v, want 1→2 cut one way only", f)
	}
	if !f.OneWayCut(b(3), engine.Controller) || f.OneWayCut(engine.Controller, b(3)) {
		t.Errorf("after cut 3 controller one-way: %+v", f)
	}
	s.Dispatch(Act{Cmd: engine.Heal{A: b(2), B: b(1)}})
	if f := s.NetFaults(); f.OneWayCut(b(1), b(2)) || !f.OneWayCut(b(3), engine.Controller) {
		t.Errorf("after heal 2 1: %+v, want only 3→controller left", f)
	}
	s.Player.Advance(10)
	s.Dispatch(Act{Cmd: engine.Heal{}})
	if f := s.NetFaults(); len(f.OneWay) != 0 {
		t.Errorf("after heal: %+v", f)
	}
}

// TestLookOfHalfAliveBroker: a hung broker is running (not "down"),
// registered (not "fenced") and carries the hourglass badge that says
// what it no longer answers; a broker whose heartbeats are cut one way
// carries "↛ controller"; the healthy b1 carries neither.
func TestLookOfHalfAliveBroker(t *testing.T) {
	s := NewStoreFromScript("one-way.txt", halfAliveScript)
	s.Player.AdvanceTo(s.Player.Scenario().End)
	st := s.Player.State()
	keys := func(l BrokerLook) []string {
		var out []string
		for _, b := range l.Badges {
			out = append(out, b.Key)
		}
		return out
	}
	l2 := LookOf(st, 2)
	if l2.Hung != engine.HangReplicas || !slices.Contains(keys(l2), "hung") || slices.Contains(keys(l2), "down") || slices.Contains(keys(l2), "fenced") {
		t.Fatalf("b2 look %+v, want hung for replicas, not down or fenced", l2)
	}
	for _, b := range l2.Badges {
		if b.Key == "hung" {
			if b.Text != "hung: no fetches" || !strings.Contains(BadgeTitle(b), "registered and heartbeating") || !strings.Contains(BadgeTitle(b), "followers' fetches") {
				t.Errorf("hung badge %q, title %q", b.Text, BadgeTitle(b))
			}
		}
	}
	if l3 := LookOf(st, 3); !slices.Contains(keys(l3), "cut-to-controller") || l3.Hung != 0 {
		t.Errorf("b3 look %+v, want the ↛ controller badge and no hang", l3)
	}
	if l1 := LookOf(st, 1); l1.Hung != 0 || slices.ContainsFunc(l1.Badges, func(b Badge) bool { return strings.HasPrefix(b.Key, "cut-") || b.Key == "hung" }) {
		t.Errorf("b1 look %+v, want no fault badge", l1)
	}
	in := InspectBroker(st, 2, false)
	if !slices.ContainsFunc(in.Rows, func(r InspectRow) bool { return strings.Contains(r.Value, "half-alive") }) {
		t.Errorf("inspector rows %+v say nothing of the hang", in.Rows)
	}
	// A crash ends the hang: the look is "down", without the hourglass.
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 2}})
	if l := LookOf(s.Player.State(), 2); l.Hung != 0 || !slices.Contains(keys(l), "down") || slices.Contains(keys(l), "hung") {
		t.Errorf("b2 after crash %+v, want down and not hung", l)
	}
}

// TestOneWayArrow: the arrowhead lies on the link, two thirds of the way
// towards the node whose incoming messages are lost, and points at it.
func TestOneWayArrow(t *testing.T) {
	p := Path{{0, 0}, {90, 0}}
	a := OneWayArrow(p, true)
	if a[0] != (Point{66, 0}) || a[1].X != 54 || a[2].X != 54 || math.Abs(a[1].Y) != 6 || a[1].Y != -a[2].Y {
		t.Errorf("arrow towards the end %v, want tip (66,0) and back corners at x 54, y ±6", a)
	}
	b := OneWayArrow(p, false)
	if b[0] != (Point{24, 0}) || b[1].X != 36 || b[2].X != 36 {
		t.Errorf("arrow towards the start %v, want tip (24,0) and back corners at x 36", b)
	}
}

// TestNarrateHalfAlive: the hang and the resume are said aloud in plain
// words with the Kafka state (half-alive, queue).
func TestNarrateHalfAlive(t *testing.T) {
	s, ok := NarrateEvent(engine.Event{Kind: engine.EvBrokerHung, Node: engine.Broker(2), Text: "stops answering followers' fetches; it stays registered and keeps heartbeating to the controller"})
	if !ok || s.Priority != PrioFault || s.Text != "Broker 2 is half-alive (hung): it stops answering followers' fetches; it stays registered and keeps heartbeating to the controller." {
		t.Errorf("hang sentence %+v", s)
	}
	s, ok = NarrateEvent(engine.Event{Kind: engine.EvBrokerResumed, Node: engine.Broker(2), Count: 4})
	if !ok || s.Text != "Broker 2 resumed and answers the 4 request(s) that waited in its queue." {
		t.Errorf("resume sentence %+v", s)
	}
}

// TestHalfAliveInTheLogAndTimeline: the hang and the resume are events the
// page's log shows without the chatter toggle and fault marks on the
// timeline, as a crash and a restart are.
func TestHalfAliveInTheLogAndTimeline(t *testing.T) {
	for _, k := range []engine.EventKind{engine.EvBrokerHung, engine.EvBrokerResumed} {
		if !Matters(k) || markerKind(k) != MarkFault {
			t.Errorf("event kind %d: Matters %v, marker %v; want shown and a fault mark", k, Matters(k), markerKind(k))
		}
	}
}

// TestCutLinkOneWay: the link menu's one-way cut is one cut A B one-way
// per pair of the link's nodes, from its first node to its second.
func TestCutLinkOneWay(t *testing.T) {
	s := NewStoreFromScript("one-way.txt", "cluster brokers=3\ncreate-topic t partitions=1 rf=3\nadvance 1s\n")
	s.Player.AdvanceTo(s.Player.Scenario().End)
	b := func(n int) engine.NodeID { return engine.Broker(engine.BrokerID(n)) }
	s.Dispatch(CutLink{From: []engine.NodeID{b(1)}, To: []engine.NodeID{b(2)}, OneWay: true})
	steps := s.Player.UserSteps()
	if len(steps) != 1 || steps[0].Cmd.String() != "cut 1 2 one-way" {
		t.Fatalf("user steps %+v, want cut 1 2 one-way", steps)
	}
	if f := s.NetFaults(); !f.OneWayCut(b(1), b(2)) || f.OneWayCut(b(2), b(1)) {
		t.Errorf("net faults %+v, want 1→2 cut one way", f)
	}
}
