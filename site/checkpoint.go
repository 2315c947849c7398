package site

import (
	"sort"

	"kplay/engine"
)

// maxCheckpoints bounds how many cluster clones a Player keeps for seeking;
// when one more would exceed it, the spacing doubles and the checkpoints
// off its grid go. With MaxPlayEvents that bounds the spacing: 256
// checkpoints 1,024 events apart (firstCheckpointEvery) cover 262,144
// events, 16,384 apart 4.2 million (four hours of nine brokers and twelve
// partitions), 131,072 apart 33.6 million, more than a history may make;
// so a seek replays at most 131,072 events (plus the events of one
// simulated millisecond, which a checkpoint cannot split), at most 16,384
// in any history of fewer than 4.2 million, and at most 1,024 in one of
// fewer than 262,144. The bound on the count, not the spacing, bounds
// the memory. BenchmarkSoak weighed 512 against 256: over ten
// simulated hours of nine brokers and twelve partitions the page's memory
// peaked at 360 MB against 324 MB, for seeks of 34 ms against 50 ms
// (median).
const maxCheckpoints = 256

// firstCheckpointEvery is the spacing, in events, of a new player's
// checkpoints. 1,024 rather than 16,384 (issue 28): a script with vs
// lines seeks up to four runs at once, and each replays at most a
// sixteenth as much; the default preset's ten minutes (some 40,000
// events) keep 40 checkpoints instead of 3. BenchmarkSeek10MinFourRuns:
// the four runs' seeks alone (seek-go-median-ms) 4.8 ms against 10.5 ms
// at 4,096, for 30.7 MB of live heap against 26.2 MB.
const firstCheckpointEvery = 1024

// checkpoint is the player's whole state at a simulated time: a clone of
// the cluster after everything due by at has run, the index of the first
// step not yet applied, the first error a scripted step gave, the
// cluster's EventCount, and the multiple of the spacing that count passed
// (mark).
type checkpoint struct {
	at     engine.Time
	c      *engine.Cluster
	next   int
	err    error
	events int
	mark   int
}

// checkpoints are a Player's saved states, so that a seek replays from the
// latest one at or before its target instead of from the start. The first
// is at the origin (the scenario's start); each later one is taken at the
// first moment that completes once the event count has passed the next
// multiple of every (Player.clockTo), so that a seek replays at most
// every events and one moment's, however quiet or busy the run, and
// however long.
//
// Invariant: list is sorted by at and by events, holds at most
// maxCheckpoints entries, each entry's mark is a multiple of every (the
// first's is 0) with mark <= events < mark + every while a moment makes
// fewer than every events, and consecutive entries are at most every
// events apart, plus one moment's events. every is 0 for a player that
// takes none (Player.runAhead).
type checkpoints struct {
	origin engine.Time
	every  int
	list   []checkpoint
}

func newCheckpoints(origin engine.Time) checkpoints {
	return checkpoints{origin: origin, every: firstCheckpointEvery}
}

// nextMark returns the event count at which the next checkpoint comes due.
func (cs *checkpoints) nextMark() int {
	if n := len(cs.list); n > 0 {
		return cs.list[n-1].mark + cs.every
	}
	return 0
}

// add records cp, which must be later than every checkpoint held, with
// its mark, and thins the list when it grows past maxCheckpoints: the
// spacing doubles, and the checkpoints whose mark is a multiple of it
// stay, so that the gaps stay at most the spacing plus one moment.
func (cs *checkpoints) add(cp checkpoint) {
	if cs.every > 0 {
		cp.mark = cp.events / cs.every * cs.every
	}
	if len(cs.list) == 0 {
		cp.mark = 0
	}
	cs.list = append(cs.list, cp)
	for len(cs.list) > maxCheckpoints {
		cs.every *= 2
		keep := cs.list[:0]
		for i, c := range cs.list {
			if i == 0 || c.mark%cs.every == 0 {
				keep = append(keep, c)
			}
		}
		clear(cs.list[len(keep):])
		cs.list = keep
	}
}

// atOrBefore returns the latest checkpoint at or before t.
func (cs *checkpoints) atOrBefore(t engine.Time) (checkpoint, bool) {
	i := sort.Search(len(cs.list), func(i int) bool { return cs.list[i].at > t })
	if i == 0 {
		return checkpoint{}, false
	}
	return cs.list[i-1], true
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
	p.c, p.playhead, p.frac, p.next, p.err, p.limit = cp.c.Clone(), cp.at, 0, cp.next, cp.err, nil
	p.gen++
}
