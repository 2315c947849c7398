package engine

import "slices"

// eventChunk is how many events one block of the log holds. Blocks never
// move once allocated, so the log grows without copying what it holds.
const eventChunk = 1024

// eventLog is the append-only event log, stored in fixed-size blocks.
// Invariant: every block but the last is full, and block i holds events
// i*eventChunk onwards.
type eventLog struct {
	blocks [][]Event
	n      int
}

func (l *eventLog) len() int { return l.n }

func (l *eventLog) append(e Event) {
	if len(l.blocks) == 0 || len(l.blocks[len(l.blocks)-1]) == eventChunk {
		l.blocks = append(l.blocks, make([]Event, 0, eventChunk))
	}
	last := len(l.blocks) - 1
	if b := l.blocks[last]; len(b) == cap(b) {
		// A clone's last block is clipped (see clone): give it room of its
		// own before the first append.
		nb := make([]Event, len(b), eventChunk)
		copy(nb, b)
		l.blocks[last] = nb
	}
	l.blocks[last] = append(l.blocks[last], e)
	l.n++
}

// slice returns events [from, n). Within one block it shares the block;
// across blocks it copies.
func (l *eventLog) slice(from int) []Event {
	if from >= l.n {
		return nil
	}
	bi, off := from/eventChunk, from%eventChunk
	if bi == len(l.blocks)-1 {
		b := l.blocks[bi]
		return b[off:len(b):len(b)]
	}
	out := make([]Event, 0, l.n-from)
	out = append(out, l.blocks[bi][off:]...)
	for _, b := range l.blocks[bi+1:] {
		out = append(out, b...)
	}
	return out
}

// before returns the events of the block holding event end-1, up to end:
// a run [from, end) with from < end when 0 < end <= n, sharing the block.
func (l *eventLog) before(end int) []Event {
	end = min(end, l.n)
	if end <= 0 {
		return nil
	}
	bi := (end - 1) / eventChunk
	k := end - bi*eventChunk
	return l.blocks[bi][:k:k]
}

// each calls f for every event in order.
func (l *eventLog) each(f func(Event)) {
	for _, b := range l.blocks {
		for _, e := range b {
			f(e)
		}
	}
}

// clone shares every block, the last, partial one clipped to its length:
// the original appends past that length, where the clone cannot see, and
// the clone's first append copies the block (see append), so appends to
// either log never reach the other. A checkpoint thus costs no copy of
// events at all.
func (l eventLog) clone() eventLog {
	l.blocks = slices.Clone(l.blocks)
	if n := len(l.blocks); n > 0 {
		k := len(l.blocks[n-1])
		l.blocks[n-1] = l.blocks[n-1][:k:k]
	}
	return l
}
