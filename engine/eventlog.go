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

// each calls f for every event in order.
func (l *eventLog) each(f func(Event)) {
	for _, b := range l.blocks {
		for _, e := range b {
			f(e)
		}
	}
}

// clone shares the full blocks and copies the last, partial one, so that
// appends to either log never reach the other.
func (l eventLog) clone() eventLog {
	l.blocks = slices.Clone(l.blocks)
	if n := len(l.blocks); n > 0 {
		last := make([]Event, len(l.blocks[n-1]), eventChunk)
		copy(last, l.blocks[n-1])
		l.blocks[n-1] = last
	}
	return l
}
