package engine

// partChunk is how many Parts one block of a partArena holds.
const partChunk = 64

// partArena hands out the Parts slices of the messages a cluster sends,
// carved from blocks of partChunk so that a message costs no allocation
// of its own: a 3-partition workload sends about 25 messages per 5
// simulated ms, and their one-off []Part were two thirds of the engine's
// allocations. A block is never reused: every slice handed out is clipped
// (cap == len), so an append to it copies, exactly as for a slice of its
// own, and a message's Parts stay immutable once sent (see schedule), so
// clones may share them. A block lives as long as any message cut from
// it. The arena belongs to one Cluster; a clone starts with none (Clone),
// or both would carve the same free tail.
type partArena struct {
	// block is the current block, of which the first used Parts are
	// handed out.
	block []Part
	used  int
}

// alloc returns n zeroed Parts, clipped to n.
func (a *partArena) alloc(n int) []Part {
	if n > partChunk/4 {
		return make([]Part, n)
	}
	if len(a.block)-a.used < n {
		a.block, a.used = make([]Part, partChunk), 0
	}
	p := a.block[a.used : a.used+n : a.used+n]
	a.used += n
	return p
}

// release gives back p, the slice alloc returned last, when nothing will
// ever hold it (a fetch that parks instead of answering); any other p is
// left alone.
func (a *partArena) release(p []Part) {
	if n := len(p); n > 0 && a.used >= n && &a.block[a.used-n] == &p[0] {
		clear(p)
		a.used -= n
	}
}

// one returns a slice holding p alone.
func (a *partArena) one(p Part) []Part {
	s := a.alloc(1)
	s[0] = p
	return s
}

// from returns a copy of ps.
func (a *partArena) from(ps []Part) []Part {
	s := a.alloc(len(ps))
	copy(s, ps)
	return s
}
