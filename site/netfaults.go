package site

import (
	"slices"

	"kplay/engine"
)

// NetFaults is the network damage the commands run so far have done, as
// the engine keeps it: isolated nodes, the partition's groups (a
// partition replaces the last one), cut links (cuts add up, engine.Cut)
// and slowed links. A heal of one link (engine.Heal with A and B) takes
// back that link's cut and slowing; a plain heal undoes everything.
type NetFaults struct {
	Isolated []engine.NodeID
	Groups   [][]engine.NodeID
	Cuts     [][2]engine.NodeID
	Slowed   [][2]engine.NodeID
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
			f.Slowed = dropPair(f.Slowed, c.A, c.B)
		case engine.Isolate:
			f.Isolated = append(f.Isolated, c.Node)
		case engine.Partition:
			f.Groups = c.Groups
		case engine.Cut:
			if !hasPair(f.Cuts, c.A, c.B) {
				f.Cuts = append(f.Cuts, [2]engine.NodeID{c.A, c.B})
			}
		case engine.Slow:
			f.Slowed = append(f.Slowed, [2]engine.NodeID{c.A, c.B})
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

// Slow says the link between a and b has a latency of its own.
func (f NetFaults) Slow(a, b engine.NodeID) bool { return hasPair(f.Slowed, a, b) }
