package site

import (
	"slices"

	"kplay/engine"
)

// NetFaults is the network damage the commands run so far have done, as
// the engine keeps it: isolated nodes, the partition's groups (a
// partition replaces the last one), cut links (cuts add up, engine.Cut),
// directions cut one way (OneWay: {from, to}, from's messages to to are
// lost) and slowed links. A heal of one link (engine.Heal with A and B)
// takes back that link's cut, both one-way cuts and slowing; a plain heal
// undoes everything.
type NetFaults struct {
	Isolated []engine.NodeID
	Groups   [][]engine.NodeID
	Cuts     [][2]engine.NodeID
	OneWay   [][2]engine.NodeID
	Slowed   [][2]engine.NodeID
	// Latencies are the slowed links' latencies, in Slowed's order: the
	// MIN and MAX of each slow command's latency=(MIN, MAX), in ms.
	Latencies [][2]engine.Time
}

// NetFaults returns the network damage at the playhead, from the scripted
// and the user's commands.
func (s *Store) NetFaults() NetFaults {
	p := s.Player
	var f NetFaults
	for _, st := range p.steps { // scripted and user steps, merged
		if st.At > p.Now() {
			break
		}
		switch c := st.Cmd.(type) {
		case engine.Heal:
			if c.A == (engine.NodeID{}) && c.B == (engine.NodeID{}) {
				f = NetFaults{}
				break
			}
			f.Cuts = dropPair(f.Cuts, c.A, c.B)
			f.OneWay = dropPair(f.OneWay, c.A, c.B)
			for i := len(f.Slowed) - 1; i >= 0; i-- {
				if p := f.Slowed[i]; p == [2]engine.NodeID{c.A, c.B} || p == [2]engine.NodeID{c.B, c.A} {
					f.Slowed = slices.Delete(f.Slowed, i, i+1)
					f.Latencies = slices.Delete(f.Latencies, i, i+1)
				}
			}
		case engine.Isolate:
			f.Isolated = append(f.Isolated, c.Node)
		case engine.Partition:
			f.Groups = c.Groups
		case engine.Cut:
			if c.OneWay {
				if d := [2]engine.NodeID{c.A, c.B}; !slices.Contains(f.OneWay, d) {
					f.OneWay = append(f.OneWay, d)
				}
				break
			}
			if !hasPair(f.Cuts, c.A, c.B) {
				f.Cuts = append(f.Cuts, [2]engine.NodeID{c.A, c.B})
			}
		case engine.Slow:
			f.Slowed = append(f.Slowed, [2]engine.NodeID{c.A, c.B})
			f.Latencies = append(f.Latencies, [2]engine.Time{c.MinLatency, c.MaxLat})
		}
	}
	return f
}

// hasPair says pairs holds the link between a and b, either way round.
func hasPair(pairs [][2]engine.NodeID, a, b engine.NodeID) bool {
	return slices.Contains(pairs, [2]engine.NodeID{a, b}) || slices.Contains(pairs, [2]engine.NodeID{b, a})
}

// dropPair removes the link between a and b, either way round, from pairs.
func dropPair(pairs [][2]engine.NodeID, a, b engine.NodeID) [][2]engine.NodeID {
	return slices.DeleteFunc(pairs, func(p [2]engine.NodeID) bool {
		return p == [2]engine.NodeID{a, b} || p == [2]engine.NodeID{b, a}
	})
}

// Cut says a and b cannot talk: one is isolated, their link is cut, or
// both are in the partition's groups but not in the same one.
func (f NetFaults) Cut(a, b engine.NodeID) bool {
	if slices.Contains(f.Isolated, a) || slices.Contains(f.Isolated, b) || hasPair(f.Cuts, a, b) {
		return true
	}
	ga, gb := -1, -1
	for i, g := range f.Groups {
		if slices.Contains(g, a) {
			ga = i
		}
		if slices.Contains(g, b) {
			gb = i
		}
	}
	return ga >= 0 && gb >= 0 && ga != gb
}

// Healable says the link between a and b has damage of its own that a
// heal of that link (engine.Heal with A and B) takes back: a cut, a
// one-way cut either way, or a slowing. An isolation or a partition is
// not the link's: only a plain heal undoes it.
func (f NetFaults) Healable(a, b engine.NodeID) bool {
	return hasPair(f.Cuts, a, b) || hasPair(f.OneWay, a, b) || hasPair(f.Slowed, a, b)
}

// Slow says the link between a and b has a latency of its own.
func (f NetFaults) Slow(a, b engine.NodeID) bool { return hasPair(f.Slowed, a, b) }

// SlowLabel is the mark of a slowed link between a and b: its latency
// as the last slow command set it ("30–50 ms", "300 ms"), or "" for a
// link no slow command changed.
func (f NetFaults) SlowLabel(a, b engine.NodeID) string {
	for i := len(f.Slowed) - 1; i >= 0; i-- {
		if p := f.Slowed[i]; p == [2]engine.NodeID{a, b} || p == [2]engine.NodeID{b, a} {
			l := f.Latencies[i]
			if l[0] == l[1] {
				return itoa(int64(l[0])) + " ms"
			}
			return itoa(int64(l[0])) + "–" + itoa(int64(l[1])) + " ms"
		}
	}
	return ""
}

// OneWayCut says from's messages to to are lost by a one-way cut while
// the link is not down both ways (Cut is false): to's still reach from.
func (f NetFaults) OneWayCut(from, to engine.NodeID) bool {
	return slices.Contains(f.OneWay, [2]engine.NodeID{from, to}) && !f.Cut(from, to)
}

// OneWayArrow is the arrowhead the diagram draws on a link path p cut one
// way: a triangle 12 units long, two thirds of the way towards the node
// whose incoming messages are lost (toEnd: the path's end, else its
// start), pointing at it. The points are its tip and its two back corners.
func OneWayArrow(p Path, toEnd bool) [3]Point {
	f := 2.0 / 3
	if !toEnd {
		f = 1.0 / 3
	}
	at, dir := p.At(f)
	if !toEnd {
		dir = Point{-dir.X, -dir.Y}
	}
	const length, half = 12, 6
	tip := Point{at.X + dir.X*length/2, at.Y + dir.Y*length/2}
	back := Point{at.X - dir.X*length/2, at.Y - dir.Y*length/2}
	return [3]Point{tip, {back.X - dir.Y*half, back.Y + dir.X*half}, {back.X + dir.Y*half, back.Y - dir.X*half}}
}
