package site

import (
	"slices"

	"kplay/engine"
)

// NetFaults is the network damage the commands run so far have done:
// isolated nodes, the partition's groups and slowed links, as the engine
// keeps them (a partition replaces the last one; heal undoes everything).
type NetFaults struct {
	Isolated []engine.NodeID
	Groups   [][]engine.NodeID
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
			f = NetFaults{}
		case engine.Isolate:
			f.Isolated = append(f.Isolated, c.Node)
		case engine.Partition:
			f.Groups = c.Groups
		case engine.Slow:
			f.Slowed = append(f.Slowed, [2]engine.NodeID{c.A, c.B})
		}
	}
	return f
}

// Cut says a and b cannot talk: one is isolated, or both are in the
// partition's groups but not in the same one.
func (f NetFaults) Cut(a, b engine.NodeID) bool {
	if slices.Contains(f.Isolated, a) || slices.Contains(f.Isolated, b) {
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
func (f NetFaults) Slow(a, b engine.NodeID) bool {
	return slices.Contains(f.Slowed, [2]engine.NodeID{a, b}) || slices.Contains(f.Slowed, [2]engine.NodeID{b, a})
}
