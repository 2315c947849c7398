package engine

// partChunk is how many Parts one block of a partArena holds.
const partChunk = 64

// maxReused is the longest Parts slice a partArena keeps for reuse: a
// message names a few partitions at most, but for a fetch of every
// partition a follower follows.
const maxReused = partChunk / 4

// partArena hands out the Parts slices of the messages a cluster sends,
// carved from blocks of partChunk so that a message costs no allocation
// of its own: a 3-partition workload sends about 25 messages per 5
// simulated ms, and their one-off []Part were two thirds of the engine's
// allocations. Every slice handed out is clipped (cap == len), so an
// append to it copies, exactly as for a slice of its own, and a message's
// Parts stay immutable while it is scheduled (see schedule).
//
// The Parts of a message that is done with go back to free, by length,
// and alloc hands them out again before it carves new ones: at 184 bytes
// a Part, carving alone was still a quarter of the bytes the engine
// allocated, and they hold pointers, so each one cost the collector a
// scan too. A message is done with once its receiver has handled it
// without keeping it (Cluster.Step, held) or once a parked fetch or a
// delayed produce that kept it is answered. Nothing outside the cluster
// may then hold its Parts: a clone copies the Parts of every message it
// holds (Cluster.ownParts), and InFlight returns copies. The arena belongs to
// one Cluster; a clone starts with none, or both would carve the same
// free tail and reuse the same slices.
type partArena struct {
	// block is the current block, of which the first used Parts are
	// handed out.
	block []Part
	used  int
	// free[n] holds zeroed slices of n Parts to hand out again.
	free [maxReused + 1][][]Part
}

// alloc returns n zeroed Parts, clipped to n.
func (a *partArena) alloc(n int) []Part {
	if n > maxReused {
		return make([]Part, n)
	}
	if f := a.free[n]; len(f) > 0 {
		p := f[len(f)-1]
		f[len(f)-1] = nil
		a.free[n] = f[:len(f)-1]
		return p
	}
	if len(a.block)-a.used < n {
		a.block, a.used = make([]Part, partChunk), 0
	}
	p := a.block[a.used : a.used+n : a.used+n]
	a.used += n
	return p
}

// reuse takes back p, the Parts of a message that nothing holds any
// more, for alloc to hand out again. It clears them at once, so that the
// records and ISRs they point to are not kept alive meanwhile.
func (a *partArena) reuse(p []Part) {
	if n := len(p); n > 0 && n <= maxReused && cap(p) == n {
		clear(p)
		a.free[n] = append(a.free[n], p)
	}
}

// release gives back p, the slice alloc returned last, when nothing will
// ever hold it (a fetch that parks instead of answering).
func (a *partArena) release(p []Part) {
	if n := len(p); n > 0 && a.used >= n && &a.block[a.used-n] == &p[0] {
		clear(p)
		a.used -= n
		return
	}
	a.reuse(p)
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
