package site

import (
	"fmt"
	"testing"

	"kplay/engine"
)

// manyScript is nine brokers and a topic of twelve partitions.
const manyScript = "# title: nine brokers, twelve partitions\ncluster brokers=9\ncreate-topic t partitions=12 rf=3\n"

func manyState(t *testing.T) engine.State {
	t.Helper()
	s := NewStoreFromScript("many.txt", manyScript)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	s.Player.Seek(s.Player.Scenario().Config.Start + 2000)
	st := s.Player.State()
	if len(st.Brokers) != 9 || len(st.Partitions) != 12 {
		t.Fatalf("%d brokers, %d partitions", len(st.Brokers), len(st.Partitions))
	}
	return st
}

func overlap(a, b Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

func inside(in, out Rect) bool {
	return in.X >= out.X && in.Y >= out.Y && in.X+in.W <= out.X+out.W && in.Y+in.H <= out.Y+out.H
}

// checkLegible asserts that no two nodes overlap, every node lies in the
// viewBox with its minimum size, each broker's strip and partition map fit
// its box, and the chips do not overlap and are wide enough for their
// numbers.
func checkLegible(t *testing.T, st engine.State, l Layout, everyBrokerLeads bool) {
	t.Helper()
	view := Rect{0, 0, l.Width, l.Height}
	brokers := 0
	for i, a := range l.Nodes {
		if !inside(a.Rect, view) {
			t.Errorf("%s %v lies outside the viewBox %v×%v", a.Key, a.Rect, l.Width, l.Height)
		}
		for _, b := range l.Nodes[i+1:] {
			if overlap(a.Rect, b.Rect) {
				t.Errorf("%s %v overlaps %s %v", a.Key, a.Rect, b.Key, b.Rect)
			}
		}
		if a.Broker == 0 {
			if a.Rect.W < clientW || a.Rect.H < clientH {
				t.Errorf("client %s is %v×%v", a.Key, a.Rect.W, a.Rect.H)
			}
			continue
		}
		brokers++
		if a.Rect.W < 160 || a.Rect.H < brokerH {
			t.Errorf("broker %s is %v×%v, below 160×%d", a.Key, a.Rect.W, a.Rect.H, brokerH)
		}
		if a.Cells < 3 || float64(a.Cells)*l.CellW > a.Rect.W-2*stripPad+1e-9 {
			t.Errorf("broker %s's strip of %d cells does not fit its width %v", a.Key, a.Cells, a.Rect.W)
		}
		chips := PartitionChips(st, l, a)
		if want := len(st.Partitions); len(chips) != want && (want > 1 || len(chips) != 0) {
			t.Fatalf("broker %s has %d chips for %d partitions", a.Key, len(chips), len(st.Partitions))
		}
		leads := 0
		for j, c := range chips {
			if !inside(c.Rect, a.Rect) || c.Rect.Y < a.Rect.Y+pmapTop {
				t.Errorf("%s chip %s %v is not in the box's map area %v", a.Key, c.TP, c.Rect, a.Rect)
			}
			if c.Rect.W < minChipW-2 || c.Rect.H < chipH {
				t.Errorf("%s chip %s is %v×%v", a.Key, c.TP, c.Rect.W, c.Rect.H)
			}
			for _, d := range chips[j+1:] {
				if overlap(c.Rect, d.Rect) {
					t.Errorf("%s chips %s and %s overlap", a.Key, c.TP, d.TP)
				}
			}
			if c.Class == ChipLeader {
				leads++
			}
		}
		if everyBrokerLeads && leads == 0 {
			t.Errorf("broker %s leads no partition in its map", a.Key)
		}
	}
	if brokers != len(st.Brokers) {
		t.Errorf("%d broker boxes for %d brokers", brokers, len(st.Brokers))
	}
}

func TestLayoutNineBrokersTwelvePartitionsWide(t *testing.T) {
	st := manyState(t)
	l := ComputeLayout(st, false)
	checkLegible(t, st, l, true)
	// At 1280×800 the diagram gets about 1248×496 CSS pixels (62vh): its
	// scale there must keep 11 px text at 9 px or more.
	scale := min(1248/l.Width, 496/l.Height)
	if scale < 0.82 {
		t.Errorf("viewBox %v×%v scales to %.2f at 1280×800", l.Width, l.Height, scale)
	}
	// Every broker leads some partition (rf=3 over 9 brokers spreads 12
	// leaderships), and the map agrees with the state.
	for _, p := range st.Partitions {
		n, ok := l.Node(BrokerKey(p.Leader))
		if !ok {
			t.Fatalf("no box for leader %d", p.Leader)
		}
		for _, c := range PartitionChips(st, l, n) {
			if c.TP == p.TP && c.Class != ChipLeader {
				t.Errorf("%s's chip on its leader b%d is %q", p.TP, p.Leader, c.Class)
			}
		}
	}
}

func TestLayoutNineBrokersTwelvePartitionsNarrow(t *testing.T) {
	st := manyState(t)
	l := ComputeLayout(st, true)
	checkLegible(t, st, l, true)
	if l.Width > 420 {
		t.Errorf("narrow layout %v wide", l.Width)
	}
}

func TestLayoutOnePartitionHasNoMap(t *testing.T) {
	l := ComputeLayout(lessonState(t), false)
	if l.PMapRows != 0 {
		t.Fatalf("%d partition map rows for one partition", l.PMapRows)
	}
	for _, n := range l.Nodes {
		if n.PMap != (Rect{}) || n.Broker != 0 && n.Rect.H != brokerH {
			t.Fatalf("%s has a partition map %v or a tall box %v", n.Key, n.PMap, n.Rect)
		}
	}
}

func TestChipRoles(t *testing.T) {
	p := engine.PartitionState{TP: engine.TopicPartition{Topic: "t", Partition: 3}, Replicas: []engine.BrokerID{1, 2, 3}, ISR: []engine.BrokerID{1, 2}, Leader: 1}
	for b, want := range map[engine.BrokerID]string{1: ChipLeader, 2: ChipFollower, 3: ChipOutOfSync, 4: ChipNone} {
		if got, title := chipRole(p, b); got != want || title == "" {
			t.Errorf("broker %d: %q (%q), want %q", b, got, title, want)
		}
	}
}

// TestLayoutEverySize: from one to nine brokers and one to twelve
// partitions, both layouts keep every box apart, inside the viewBox and at
// its minimum size.
func TestLayoutEverySize(t *testing.T) {
	for brokers := 1; brokers <= 9; brokers++ {
		for _, parts := range []int{1, 2, 5, 12} {
			rf := min(3, brokers)
			src := fmt.Sprintf("cluster brokers=%d\ncreate-topic t partitions=%d rf=%d\n", brokers, parts, rf)
			s := NewStoreFromScript("size.txt", src)
			if s.Err != "" {
				t.Fatalf("%d brokers, %d partitions: %s", brokers, parts, s.Err)
			}
			s.Player.Seek(s.Player.Scenario().Config.Start + 1000)
			st := s.Player.State()
			for _, narrow := range []bool{false, true} {
				t.Run(fmt.Sprintf("b%d-p%d-narrow=%v", brokers, parts, narrow), func(t *testing.T) {
					checkLegible(t, st, ComputeLayout(st, narrow), false)
				})
			}
		}
	}
}

// TestDotLabelsStayInTheViewBox: a message's label that would run out of
// the diagram's viewBox is left out, as one that would cover a box is
// (on a phone, nine brokers' producer sent "ProduceResp @0" off the left
// edge, read "uceResp @0"). Every label of two seconds of nine brokers
// and twelve partitions, narrow and wide, lies inside the viewBox.
func TestDotLabelsStayInTheViewBox(t *testing.T) {
	src := "cluster brokers=9 seed=7\ncreate-topic orders partitions=12 rf=3\nconsume orders-0 from=earliest\n"
	for sec := range 2 {
		src += fmt.Sprintf("run until=00:00:%02d.000\n", sec)
		for p := range 12 {
			src += fmt.Sprintf("produce orders-%d count=5 acks=all\n", p)
		}
	}
	for _, narrow := range []bool{true, false} {
		s := NewStoreFromScript("nine.txt", src)
		if s.Err != "" {
			t.Fatal(s.Err)
		}
		labels := 0
		for now := s.Player.Scenario().Config.Start; now < s.Player.Scenario().Config.Start+2000; now += 7 {
			s.Player.AdvanceTo(now)
			lay := ComputeLayout(s.Player.State(), narrow)
			for _, d := range Dots(lay, s.Player.InFlight(), float64(now)) {
				if d.Label.Text == "" {
					continue
				}
				labels++
				box := LabelBox(Point{d.X + d.Label.DX, d.Y + d.Label.DY}, d.Label.Anchor, len([]rune(d.Label.Text)), MsgLabelPx)
				if !within(box, Rect{0, 0, lay.Width, lay.Height}) {
					t.Fatalf("narrow=%v at %s: %q at %v leaves the %v × %v viewBox", narrow, engine.FormatTime(now), d.Label.Text, box, lay.Width, lay.Height)
				}
			}
		}
		if labels == 0 {
			t.Fatalf("narrow=%v: no label in two seconds", narrow)
		}
	}
}
