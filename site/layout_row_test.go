package site

import (
	"fmt"
	"testing"

	"kplay/engine"
)

// columnState is a cluster of n brokers, all alive, with one partition
// replicated on every one of them and led by lead.
func columnState(n int, lead engine.BrokerID) engine.State {
	st := engine.State{}
	p := engine.PartitionState{TP: engine.TopicPartition{Topic: "t"}, Leader: lead}
	for id := engine.BrokerID(1); id <= engine.BrokerID(n); id++ {
		st.Brokers = append(st.Brokers, engine.BrokerState{ID: id, Alive: true})
		p.Replicas = append(p.Replicas, id)
		p.ISR = append(p.ISR, id)
	}
	st.Partitions = []engine.PartitionState{p}
	return st
}

// TestLayoutRowFitsAnEmbed: an embed's compact layout puts the lesson's
// three brokers side by side under the clients, so that the diagram drawn
// 768 px wide (an 800 px iframe less its padding) is at most 320 px tall
// and leaves room for the caption and the controls in 600 px.
func TestLayoutRowFitsAnEmbed(t *testing.T) {
	st := lessonState(t)
	l := ComputeLayoutFor(st, false, true)
	if !l.Row || l.Narrow || l.Grid {
		t.Fatalf("compact layout is Row=%v Narrow=%v Grid=%v", l.Row, l.Narrow, l.Grid)
	}
	checkLegible(t, st, l, false)
	if l.Width != rowW {
		t.Errorf("width %v, want %v", l.Width, rowW)
	}
	if h := l.Height * 768 / l.Width; h > 320 {
		t.Errorf("drawn 768 px wide the diagram is %.0f px tall, want at most 320", h)
	}
	var y float64
	for i, n := range l.Nodes {
		if n.Broker == 0 {
			continue
		}
		if y == 0 {
			y = n.Rect.Y
		}
		if n.Rect.Y != y {
			t.Errorf("%s at y %v, not in the row at %v", n.Key, n.Rect.Y, y)
		}
		if i > 1 && l.Nodes[i-1].Broker != 0 && l.Nodes[i-1].Rect.X >= n.Rect.X {
			t.Errorf("%s is not right of %s", n.Key, l.Nodes[i-1].Key)
		}
	}
	// A phone-sized embed keeps the phone's layout, and more brokers
	// than a row holds keep the grid.
	if l := ComputeLayoutFor(st, true, true); !l.Narrow || l.Row {
		t.Errorf("a narrow embed: Narrow=%v Row=%v", l.Narrow, l.Row)
	}
	if l := ComputeLayoutFor(columnState(ColumnMax+1, 1), false, true); !l.Grid || l.Row {
		t.Errorf("%d brokers in an embed: Grid=%v Row=%v", ColumnMax+1, l.Grid, l.Row)
	}
}

// TestLayoutRowNoLinkCrossesABox: whichever broker leads, no link of the
// compact layout runs through a box or leaves the viewBox, and the boxes
// keep their places.
func TestLayoutRowNoLinkCrossesABox(t *testing.T) {
	for brokers := 1; brokers <= ColumnMax; brokers++ {
		first := ComputeLayoutFor(columnState(brokers, 1), false, true)
		for lead := engine.BrokerID(1); lead <= engine.BrokerID(brokers); lead++ {
			l := ComputeLayoutFor(columnState(brokers, lead), false, true)
			for i, n := range l.Nodes {
				if n.Rect != first.Nodes[i].Rect {
					t.Errorf("%d brokers, leader %d: %s moved from %v to %v", brokers, lead, n.Key, first.Nodes[i].Rect, n.Rect)
				}
			}
			if len(l.Links) != brokers+1 {
				t.Fatalf("%d brokers, leader %d: links %v", brokers, lead, l.Links)
			}
			for _, k := range l.Links {
				r, ok := l.Route(k.From, k.To)
				if !ok || len(r) < 2 {
					t.Fatalf("no route for %v", k)
				}
				if l.crosses(r, k.From, k.To) {
					t.Errorf("%d brokers, leader %d: %v runs %v through a box", brokers, lead, k, r)
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

// TestLayoutRowEverySize: the compact layout keeps every box apart, in
// the viewBox and at its minimum size, from one to ColumnMax brokers and
// one to twelve partitions.
func TestLayoutRowEverySize(t *testing.T) {
	for brokers := 1; brokers <= ColumnMax; brokers++ {
		for _, parts := range []int{1, 2, 5, 12} {
			src := fmt.Sprintf("cluster brokers=%d\ncreate-topic t partitions=%d rf=%d\n", brokers, parts, min(3, brokers))
			s := NewStoreFromScript("size.txt", src)
			if s.Err != "" {
				t.Fatalf("%d brokers, %d partitions: %s", brokers, parts, s.Err)
			}
			s.Player.Seek(s.Player.Scenario().Config.Start + 1000)
			st := s.Player.State()
			t.Run(fmt.Sprintf("b%d-p%d", brokers, parts), func(t *testing.T) {
				checkLegible(t, st, ComputeLayoutFor(st, false, true), false)
			})
		}
	}
}

// TestDiagramLayoutFollowsTheSession: the page draws the phone's layout
// when narrow and the row in an embed.
func TestDiagramLayoutFollowsTheSession(t *testing.T) {
	s := NewStoreFromScript("lesson.txt", "cluster brokers=3\ncreate-topic orders partitions=1 rf=3\n")
	s.Player.Seek(s.Player.Scenario().Config.Start + 1000)
	st := s.Player.State()
	if l := s.DiagramLayout(st); l.Row || l.Narrow {
		t.Errorf("full page: Row=%v Narrow=%v", l.Row, l.Narrow)
	}
	s.Share.Embed = &EmbedOptions{}
	if l := s.DiagramLayout(st); !l.Row {
		t.Errorf("embed: Row=%v", l.Row)
	}
	s.Narrow = true
	if l := s.DiagramLayout(st); !l.Narrow {
		t.Errorf("narrow embed: Narrow=%v", l.Narrow)
	}
}

// everyLayout is the three layouts of brokers brokers led by lead: wide,
// narrow and the compact row.
func everyLayout(brokers int, lead engine.BrokerID) map[string]Layout {
	st := columnState(brokers, lead)
	return map[string]Layout{"wide": ComputeLayoutFor(st, false, false), "narrow": ComputeLayoutFor(st, true, false), "row": ComputeLayoutFor(st, false, true)}
}

// TestPlaceMarksKeepClear: with every link slowed (and then every link
// cut), each mark lies in the viewBox clear of every box and of the other
// marks, and off its link's line by more than the dots' lanes, in all
// three layouts, whichever broker leads.
func TestPlaceMarksKeepClear(t *testing.T) {
	for _, cut := range []bool{false, true} {
		for brokers := 1; brokers <= ColumnMax; brokers++ {
			for lead := engine.BrokerID(1); lead <= engine.BrokerID(brokers); lead++ {
				for name, l := range everyLayout(brokers, lead) {
					l.PlaceMarks(func(Link) MarkFor { return MarkFor{Cut: cut, Slow: map[bool]string{false: "30–50 ms"}[cut]} })
					if len(l.Marks) != len(l.Links) {
						t.Fatalf("%s: %d marks for %d links", name, len(l.Marks), len(l.Links))
					}
					where := fmt.Sprintf("%s, %d brokers, leader %d, cut=%v", name, brokers, lead, cut)
					for i, m := range l.Marks {
						if want := map[bool]string{true: "✕", false: "30–50 ms"}[cut]; m.Text != want || m.Cut != cut || m.Slow == cut {
							t.Errorf("%s: mark %q cut=%v slow=%v", where, m.Text, m.Cut, m.Slow)
						}
						if !within(m.Box, Rect{0, 0, l.Width, l.Height}) {
							t.Errorf("%s: %v's mark %v leaves the viewBox", where, m.Link, m.Box)
						}
						for _, n := range l.Nodes {
							if Overlaps(m.Box, n.Rect) {
								t.Errorf("%s: %v's mark %v covers %s %v", where, m.Link, m.Box, n.Key, n.Rect)
							}
						}
						for _, o := range l.Marks[i+1:] {
							if Overlaps(m.Box, o.Box) {
								t.Errorf("%s: the marks of %v and %v overlap", where, m.Link, o.Link)
							}
						}
						r, _ := l.Route(m.Link.From, m.Link.To)
						for f := 0.0; f <= 1; f += 0.01 {
							at, dir := r.At(f)
							for _, side := range []float64{1, -1} {
								dot := Offset(at, dir, side*LaneGap)
								// The dot's circle reaches the box when the box's
								// nearest point is within DotR of its centre.
								nx, ny := max(m.Box.X, min(dot.X, m.Box.X+m.Box.W)), max(m.Box.Y, min(dot.Y, m.Box.Y+m.Box.H))
								if (nx-dot.X)*(nx-dot.X)+(ny-dot.Y)*(ny-dot.Y) < DotR*DotR {
									t.Fatalf("%s: %v's mark %v is on the dots' lane at %v", where, m.Link, m.Box, dot)
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestDotsLabelsKeepApart: on a slowed link crowded with messages, no
// message's label covers a box, the link's mark or another label.
func TestDotsLabelsKeepApart(t *testing.T) {
	for name, l := range everyLayout(3, 1) {
		l.PlaceMarks(func(Link) MarkFor { return MarkFor{Slow: "30–50 ms"} })
		var msgs []engine.Message
		for i := range 40 {
			from, to := engine.Broker(2), engine.Broker(1)
			if i%2 == 1 {
				from, to = to, from
			}
			msgs = append(msgs, engine.Message{ID: int64(i + 1), Kind: engine.MsgFetch, From: from, To: to, SentAt: engine.Time(i), DeliverAt: engine.Time(i + 40)})
			msgs = append(msgs, engine.Message{ID: int64(100 + i), Kind: engine.MsgProduce, From: engine.NodeID{Kind: engine.NodeProducer, ID: 1}, To: engine.Broker(1), SentAt: engine.Time(i), DeliverAt: engine.Time(i + 40)})
		}
		dots := Dots(l, msgs, 40)
		shown := 0
		var boxes []Rect
		for _, d := range dots {
			if d.Label.Text == "" {
				continue
			}
			shown++
			box := LabelBox(Point{d.X + d.Label.DX, d.Y + d.Label.DY}, d.Label.Anchor, len([]rune(d.Label.Text)), MsgLabelPx)
			for _, n := range l.Nodes {
				if Overlaps(box, n.Rect) {
					t.Errorf("%s: label %q %v covers %s", name, d.Label.Text, box, n.Key)
				}
			}
			for _, m := range l.Marks {
				if Overlaps(box, m.Box) {
					t.Errorf("%s: label %q %v covers %v's mark %v", name, d.Label.Text, box, m.Link, m.Box)
				}
			}
			for _, b := range boxes {
				if Overlaps(box, b) {
					t.Errorf("%s: label %q %v covers another label %v", name, d.Label.Text, box, b)
				}
			}
			boxes = append(boxes, box)
		}
		if shown == 0 {
			t.Errorf("%s: no label shown at all", name)
		}
	}
}
