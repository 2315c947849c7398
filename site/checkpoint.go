package site

import "kplay/engine"

// maxCheckpoints bounds how many cluster clones a Player keeps for seeking;
// when one more would exceed it, every other checkpoint is dropped and the
// spacing doubles.
const maxCheckpoints = 64

// firstCheckpointEvery is the spacing, in simulated ms, of a new player's
// checkpoints.
const firstCheckpointEvery engine.Time = 1000

// checkpoint is the player's whole state at a simulated time: a clone of
// the cluster after everything due by at has run, the index of the first
// step not yet applied, and the first error a scripted step gave.
type checkpoint struct {
	at   engine.Time
	c    *engine.Cluster
	next int
	err  error
}

// checkpoints are a Player's saved states, so that a seek replays from the
// latest one at or before its target instead of from the start.
//
// Invariant: list is sorted by at, holds at most maxCheckpoints entries,
// and each entry's at is origin plus a multiple of every (the first is at
// origin itself).
type checkpoints struct {
	origin engine.Time
	every  engine.Time
	list   []checkpoint
}

func newCheckpoints(origin engine.Time) checkpoints {
	return checkpoints{origin: origin, every: firstCheckpointEvery}
}

// due returns the next time at which a checkpoint should be taken: the
// origin if none is held yet, else the first multiple of every past both
// the latest checkpoint and after (the playhead: a checkpoint is never
// taken in the past).
func (cs *checkpoints) due(after engine.Time) engine.Time {
	n := len(cs.list)
	if n == 0 && after <= cs.origin {
		return cs.origin
	}
	if n > 0 {
		after = max(after, cs.list[n-1].at)
	}
	k := (after-cs.origin)/cs.every + 1
	return cs.origin + k*cs.every
}

// add records cp, which must be later than every checkpoint held, and
// thins the list when it grows past maxCheckpoints.
func (cs *checkpoints) add(cp checkpoint) {
	cs.list = append(cs.list, cp)
	for len(cs.list) > maxCheckpoints {
		cs.every *= 2
		keep := cs.list[:0]
		for _, c := range cs.list {
			if (c.at-cs.origin)%cs.every == 0 {
				keep = append(keep, c)
			}
		}
		clear(cs.list[len(keep):])
		cs.list = keep
	}
}

// atOrBefore returns the latest checkpoint at or before t.
func (cs *checkpoints) atOrBefore(t engine.Time) (checkpoint, bool) {
	for i := len(cs.list) - 1; i >= 0; i-- {
		if cs.list[i].at <= t {
			return cs.list[i], true
		}
	}
	return checkpoint{}, false
}

// dropAfter forgets the checkpoints later than t: after a fork at t they
// hold a future that no longer happens.
func (cs *checkpoints) dropAfter(t engine.Time) {
	n := len(cs.list)
	for n > 0 && cs.list[n-1].at > t {
		n--
	}
	clear(cs.list[n:])
	cs.list = cs.list[:n]
}

// Checkpoints returns how many checkpoints the player holds.
func (p *Player) Checkpoints() int { return len(p.cps.list) }

// restore puts the player back to cp, on a clone so that cp stays intact.
func (p *Player) restore(cp checkpoint) {
	p.c, p.playhead, p.frac, p.next, p.err = cp.c.Clone(), cp.at, 0, cp.next, cp.err
	p.gen++
}
