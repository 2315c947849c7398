package site

import (
	"testing"

	"kplay/engine"
	"kplay/scenarios"
)

// requestTimer is a producer's countdown as Timers words it.
var requestTimer = Timer{Node: NodeKeyProducer, Kind: TimerRequest, Left: 28900, Total: 30000, Label: "times out in 28.9 s", Short: "28.9 s", Title: "p1's Produce …"}

// clientTimerClear reports what is wrong with ct in lay: its box (the
// label and the ring) outside the diagram, over a box or a link's mark,
// or on a link's line or its messages' lanes.
func clientTimerClear(lay Layout, ct ClientTimer) string {
	if !within(ct.Box, Rect{0, 0, lay.Width, lay.Height}) {
		return "outside the diagram"
	}
	for _, n := range lay.Nodes {
		if Overlaps(ct.Box, n.Rect) {
			return "over " + n.Key
		}
	}
	for _, m := range lay.Marks {
		if Overlaps(ct.Box, m.Box) {
			return "over the mark " + m.Text
		}
	}
	for _, k := range lay.Links {
		if p, ok := lay.Route(k.From, k.To); ok && nearAny(ct.Box, []Path{p}, LaneGap+DotR) {
			return "on the link " + k.From + "→" + k.To
		}
	}
	return ""
}

// TestProducerCountdownFits: in the teacher's slow-follower lesson at 8 s
// the producer waits for m1's acks=all answer. Its countdown lies inside
// the diagram, over no box and off every link (its sentence had run off
// the left edge of an 800-px embed and a phone, and across the link to
// the leader): the sentence where there is room (the page, the embed,
// right of the producer's box), the time alone on a phone, whose
// producer sits between the consumer and its link to the leader.
func TestProducerCountdownFits(t *testing.T) {
	s := slowFollowerStore(t)
	s.Player.Seek(8000)
	st := s.Player.State()
	tm := TimerOn(Timers(st, s.Player.Scenario().Config), NodeKeyProducer)
	if tm.Kind != TimerRequest || tm.Label != "times out in 26.0 s" || tm.Short != "26.0 s" {
		t.Fatalf("the producer's countdown at 8 s: %+v", tm)
	}
	for _, c := range []struct {
		name            string
		narrow, compact bool
		label           string
	}{{"page", false, false, "times out in 26.0 s"}, {"phone", true, false, "26.0 s"}, {"embed", false, true, "times out in 26.0 s"}} {
		lay := ComputeLayoutFor(st, c.narrow, c.compact)
		ct, ok := lay.PlaceClientTimer(NodeKeyProducer, tm)
		if !ok {
			t.Fatalf("%s: no countdown placed", c.name)
		}
		if bad := clientTimerClear(lay, ct); bad != "" {
			t.Errorf("%s: the countdown %q at %+v is %s", c.name, ct.Timer.Label, ct.Box, bad)
		}
		if ct.Timer.Label != c.label || ct.Timer.Title != tm.Title {
			t.Errorf("%s: the countdown reads %q (tooltip %q), want %q with the sentence in its tooltip", c.name, ct.Timer.Label, ct.Timer.Title, c.label)
		}
	}
}

// TestClientCountdownsFitEveryPreset: in every preset, at moments
// through its run, laid out as the page, a phone and an embed lay it
// out, a producer's countdown (sentence or time alone) finds a clear
// place (clientTimerClear).
func TestClientCountdownsFitEveryPreset(t *testing.T) {
	for _, p := range scenarios.All() {
		s := NewStoreFromScript(p.Name, p.Text)
		if s.Err != "" {
			t.Fatalf("%s: %s", p.Name, s.Err)
		}
		r := s.ScrubRange()
		for i := range engine.Time(8) {
			at := r.From + r.Span()*i/7
			s.Player.Seek(at)
			st := s.Player.State()
			for _, size := range []struct {
				name            string
				narrow, compact bool
			}{{"page", false, false}, {"phone", true, false}, {"embed", false, true}} {
				lay := ComputeLayoutFor(st, size.narrow, size.compact)
				ct, ok := lay.PlaceClientTimer(NodeKeyProducer, requestTimer)
				if !ok {
					t.Fatalf("%s: no producer node", p.Name)
				}
				if bad := clientTimerClear(lay, ct); bad != "" {
					t.Errorf("%s at %s (%s): the countdown %q at %+v is %s", p.Name, engine.FormatTime(at), size.name, ct.Timer.Label, ct.Box, bad)
				}
			}
		}
	}
}

// TestPlaceClientTimerNeedsATimer: no countdown, or no such node, places
// nothing.
func TestPlaceClientTimerNeedsATimer(t *testing.T) {
	lay := ComputeLayout(lessonState(t), false)
	if _, ok := lay.PlaceClientTimer(NodeKeyProducer, Timer{}); ok {
		t.Error("placed a countdown that is not running")
	}
	if _, ok := lay.PlaceClientTimer("b9", requestTimer); ok {
		t.Error("placed a countdown on a node that is not drawn")
	}
}
