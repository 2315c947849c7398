package engine

import (
	"slices"
	"sort"
)

// eventChunk is how many events one block of the log holds. Blocks never
// move once allocated, so the log grows without copying what it holds.
const eventChunk = 1024

// eventLog is the append-only event log, stored in blocks that each hold
// the events of one multiple of eventChunk, of which a long run may keep
// only the newest (ForgetEventsBefore): the events before first are
// forgotten. The events a keep function chooses (KeepEvents) are also
// copied into kept as they happen, so that forgetting does not lose them.
//
// Invariant: blocks[i] holds the events from max(first, (first/eventChunk
// + i)*eventChunk) to the next multiple of eventChunk, or to n for the
// last block (block(i) slices it to them); first == n when blocks is
// empty; kept holds, in Seq order, the newest of the events keep chose
// (at most about maxKept).
//
// The last block is allocated at its full length, to the next multiple
// of eventChunk, and tail is that block, of which pos records are
// written: next, which every event calls, then only writes the record
// at pos and counts, where reslicing the block and storing its header
// back into blocks was a write with a barrier per event. A clone's tail
// is clipped to pos, so that its first next copies it (nextBlock).
type eventLog struct {
	blocks  [][]packedEvent
	tail    []packedEvent
	pos     int
	first   int
	n       int
	kept    keptEvents
	keep    func(*Event) bool
	maxKept int
	// tab holds the strings and wide events of the events in blocks and
	// kept.
	tab eventTables
	// scratch is the event append shows keep.
	scratch Event
}

func (l *eventLog) len() int { return l.n }

// start returns the Seq of block bi's first event.
func (l *eventLog) start(bi int) int {
	return max(l.first, (l.first/eventChunk+bi)*eventChunk)
}

// block returns block bi, holding the events it has so far: the last
// one is longer, to its end (see eventLog).
func (l *eventLog) block(bi int) []packedEvent {
	if bi == len(l.blocks)-1 {
		return l.tail[:l.pos]
	}
	return l.blocks[bi]
}

// locate returns the block and index of event s, which the blocks hold.
func (l *eventLog) locate(s int) (int, int) {
	bi := s/eventChunk - l.first/eventChunk
	return bi, s - l.start(bi)
}

func (l *eventLog) append(e *Event) {
	pe := l.next()
	l.tab.pack(pe, e)
	if l.keep != nil {
		// keep gets a pointer to the log's own scratch event: a pointer to
		// e would move every emitted event to the heap.
		l.scratch = *e
		if l.keep(&l.scratch) {
			l.kept.add(keptEvent{Seq: e.Seq, p: *pe})
		}
	}
}

// next adds a record to the log and returns it, for the caller to pack
// the event into in place: pack and packMsg write the whole record.
func (l *eventLog) next() *packedEvent {
	if l.pos == len(l.tail) {
		l.nextBlock()
	}
	p := &l.tail[l.pos]
	l.pos++
	l.n++
	return p
}

// nextBlock gives the log a tail with room for event n: a new block when
// there is none or the last is full, else a copy of a clone's clipped
// last block, to the block's end (see clone).
func (l *eventLog) nextBlock() {
	room := eventChunk - int(uint(l.n)%eventChunk)
	if len(l.blocks) == 0 || room == eventChunk {
		l.tail, l.pos = make([]packedEvent, room), 0
		l.blocks = append(l.blocks, l.tail)
		return
	}
	nb := make([]packedEvent, l.pos+room)
	copy(nb, l.tail[:l.pos])
	l.tail = nb
	l.blocks[len(l.blocks)-1] = nb
}

// appendBlock appends e to the last block of blocks, or to a new one when
// it holds eventChunk events.
func appendBlock[T any](blocks [][]T, e T) [][]T {
	if len(blocks) == 0 || len(blocks[len(blocks)-1]) == eventChunk {
		blocks = append(blocks, make([]T, 0, eventChunk))
	}
	last := len(blocks) - 1
	if b := blocks[last]; len(b) == cap(b) {
		// A clone's last block is clipped (see clone): give it room of its
		// own before the first append.
		nb := make([]T, len(b), eventChunk)
		copy(nb, b)
		blocks[last] = nb
	}
	blocks[last] = append(blocks[last], e)
	return blocks
}

// cloneBlocks shares every block, the last, partial one clipped to its
// length (see appendBlock).
func cloneBlocks[T any](blocks [][]T) [][]T {
	blocks = slices.Clone(blocks)
	if n := len(blocks); n > 0 {
		k := len(blocks[n-1])
		blocks[n-1] = blocks[n-1][:k:k]
	}
	return blocks
}

// keptEvents are the events a forgotten stretch of the log kept, in Seq
// order, in blocks of eventChunk events (the first may be short once the
// oldest are dropped), so that clones share them as they share the log.
type keptEvents struct {
	blocks [][]keptEvent
	n      int
}

// keptEvent is a kept event and its Seq, which the log's blocks imply by
// place but a kept block cannot.
type keptEvent struct {
	Seq int
	p   packedEvent
}

// add appends e, whose Seq is later than every kept event's.
func (k *keptEvents) add(e keptEvent) {
	k.blocks = appendBlock(k.blocks, e)
	k.n++
}

// search returns the block and index of the first kept event with
// Seq >= seq (len(blocks), 0 if there is none).
func (k *keptEvents) search(seq int) (int, int) {
	bi := sort.Search(len(k.blocks), func(i int) bool { b := k.blocks[i]; return b[len(b)-1].Seq >= seq })
	if bi == len(k.blocks) {
		return bi, 0
	}
	b := k.blocks[bi]
	return bi, sort.Search(len(b), func(i int) bool { return b[i].Seq >= seq })
}

// from calls f with every kept event with seq <= Seq < end, unpacked
// from t, until f returns false, and reports whether f never did.
func (k *keptEvents) from(t *eventTables, seq, end int, f func(*Event) bool) bool {
	bi, i := k.search(seq)
	var e Event // one variable for every call of f: &e escapes
	for ; bi < len(k.blocks); bi, i = bi+1, 0 {
		b := k.blocks[bi]
		for ; i < len(b); i++ {
			if b[i].Seq >= end {
				return true
			}
			if e = t.unpack(&b[i].p, b[i].Seq); !f(&e) {
				return false
			}
		}
	}
	return true
}

// trim drops the oldest blocks while more than max events would still
// be kept without them.
func (k *keptEvents) trim(max int) {
	drop := 0
	for drop < len(k.blocks)-1 && k.n-len(k.blocks[drop]) >= max {
		k.n -= len(k.blocks[drop])
		drop++
	}
	if drop > 0 {
		k.blocks = slices.Clone(k.blocks[drop:])
	}
}

// slice returns a new slice of the events with Seq >= from: the kept
// ones before the blocks, then [max(from, first), n).
func (l *eventLog) slice(from int) []Event {
	if from >= l.n {
		return nil
	}
	out := make([]Event, 0, l.n-max(from, l.first))
	l.from(from, func(e *Event) bool { out = append(out, *e); return true })
	return out
}

// beforeRun is the most events before returns: a caller that walks back
// from the end a run at a time unpacks a few more than it needs, not a
// block of 1,024.
const beforeRun = 64

// before returns, in a new slice, up to beforeRun events up to end from
// the block holding event end-1: a run [from, end) with from < end when
// first < end <= n. For an end-1 the blocks no longer hold it is the kept
// event end-1 alone, or nothing if that event was not kept.
func (l *eventLog) before(end int) []Event {
	end = min(end, l.n)
	if end <= 0 {
		return nil
	}
	if end-1 < l.first {
		kb, ki := l.kept.search(end - 1)
		if kb < len(l.kept.blocks) && l.kept.blocks[kb][ki].Seq == end-1 {
			k := &l.kept.blocks[kb][ki]
			return []Event{l.tab.unpack(&k.p, k.Seq)}
		}
		return nil
	}
	bi, i := l.locate(end - 1)
	lo := max(0, i+1-beforeRun)
	b := l.block(bi)[lo : i+1]
	seq := l.start(bi) + lo
	out := make([]Event, len(b))
	for j := range b {
		out[j] = l.tab.unpack(&b[j], seq+j)
	}
	return out
}

// each calls f for every event in order, the kept ones first.
func (l *eventLog) each(f func(Event)) {
	l.from(0, func(e *Event) bool { f(*e); return true })
}

// from calls f for every event with Seq >= from, in order, the kept ones
// first, until f returns false. It allocates nothing: f gets each event
// unpacked into one variable, valid until f returns.
func (l *eventLog) from(from int, f func(*Event) bool) {
	if !l.kept.from(&l.tab, from, l.first, f) || from >= l.n {
		return
	}
	bi, off := l.locate(max(from, l.first))
	var e Event // one variable for every call of f: &e escapes
	for ; bi < len(l.blocks); bi, off = bi+1, 0 {
		b, seq := l.block(bi), l.start(bi)
		for i := off; i < len(b); i++ {
			if e = l.tab.unpack(&b[i], seq+i); !f(&e) {
				return
			}
		}
	}
}

// forget drops the blocks that hold only events before before (the last
// too when before >= n), and the oldest kept events past maxKept.
func (l *eventLog) forget(before int) {
	l.kept.trim(l.maxKept)
	k := 0
	for k < len(l.blocks) && l.start(k)+len(l.block(k)) <= before && (k < len(l.blocks)-1 || before >= l.n) {
		k++
	}
	if k == 0 {
		return
	}
	first := l.n
	if k < len(l.blocks) {
		first = l.start(k)
	}
	l.first = first
	// A new array of blocks, so that the forgotten ones are freed (clones
	// may still hold them).
	l.blocks = slices.Clone(l.blocks[k:])
	if len(l.blocks) == 0 {
		l.tail, l.pos = nil, 0
	}
}

// clone shares every block, the last, partial one clipped to its length:
// the original appends past that length, where the clone cannot see, and
// the clone's first append copies the block (see nextBlock), so appends
// to either log never reach the other. A checkpoint thus costs no copy of
// events at all. The kept events are shared the same way.
func (l eventLog) clone() eventLog {
	l.blocks = slices.Clone(l.blocks)
	if n := len(l.blocks); n > 0 {
		l.tail = l.tail[:l.pos:l.pos]
		l.blocks[n-1] = l.tail
	}
	l.kept.blocks = cloneBlocks(l.kept.blocks)
	l.tab = l.tab.clone()
	return l
}

// KeepEvents makes the log keep apart, from now on and of the events it
// holds already, every event for which keep returns true, the newest
// maxKept of them (about: whole blocks of 1,024 go at a time), so that
// ForgetEventsBefore does not lose them. keep must be a pure function of
// the event; it changes nothing the cluster does, only what its log
// remembers. A clone keeps the same events.
func (c *Cluster) KeepEvents(keep func(*Event) bool, maxKept int) {
	l := &c.events
	l.keep, l.maxKept, l.kept = keep, max(0, maxKept), keptEvents{}
	if keep == nil {
		return
	}
	var e Event
	for bi := range l.blocks {
		b, seq := l.block(bi), l.start(bi)
		for i := range b {
			if e = l.tab.unpack(&b[i], seq+i); keep(&e) {
				l.kept.add(keptEvent{Seq: seq + i, p: b[i]})
			}
		}
	}
}

// ForgetEventsBefore lets the log free the events with Seq < before, in
// whole blocks of 1,024 (the newest too when before >= EventCount), so
// that a cluster run
// for hours holds only its recent events and those KeepEvents chose.
// After it, Events(from) for a forgotten from returns the kept events from
// there and then every event the log still holds; EventsBefore(end) for a
// forgotten end-1 returns that event alone if it was kept, else nothing;
// FetchRounds and EachEvent see only what is left. EventCount and every
// event's Seq are unchanged, and so is everything the cluster does next:
// the log is only read, never replayed. Clones made before keep their own
// view.
func (c *Cluster) ForgetEventsBefore(before int) { c.events.forget(before) }

// FirstEvent returns the Seq of the oldest event the log holds whole:
// 0 unless ForgetEventsBefore has dropped some. Every event from it up to
// EventCount is there.
func (c *Cluster) FirstEvent() int { return c.events.first }

// KeptEvents returns how many events KeepEvents has kept apart.
func (c *Cluster) KeptEvents() int { return c.events.kept.n }

// EachEvent calls f with every event with Seq >= from that the log holds
// (the kept ones of a forgotten stretch, then the rest), oldest first,
// until f returns false. It allocates nothing: f gets each event in one
// variable, valid until f returns, so f must not keep the pointer.
func (c *Cluster) EachEvent(from int, f func(*Event) bool) { c.events.from(max(0, from), f) }

// Event returns the event with Seq seq and true, if the log holds it (in
// its blocks, or kept by KeepEvents), else false. It unpacks that one
// event only.
func (c *Cluster) Event(seq int) (Event, bool) {
	l := &c.events
	if seq < 0 || seq >= l.n {
		return Event{}, false
	}
	if seq < l.first {
		kb, ki := l.kept.search(seq)
		if kb < len(l.kept.blocks) && l.kept.blocks[kb][ki].Seq == seq {
			k := &l.kept.blocks[kb][ki]
			return l.tab.unpack(&k.p, k.Seq), true
		}
		return Event{}, false
	}
	bi, i := l.locate(seq)
	return l.tab.unpack(&l.block(bi)[i], seq), true
}

// EachEventBefore calls f with the events before end that the log holds
// whole (from FirstEvent on; not the kept ones of a forgotten stretch),
// newest first, until f returns false. Like EachEvent it allocates
// nothing, and f must not keep the pointer: a view that wants the last
// few events of a long run reads them in place.
func (c *Cluster) EachEventBefore(end int, f func(*Event) bool) {
	l := &c.events
	end = min(end, l.n)
	if end <= l.first {
		return
	}
	bi, i := l.locate(end - 1)
	var e Event // one variable for every call of f: &e escapes
	for ; bi >= 0; bi-- {
		b, seq := l.block(bi), l.start(bi)
		if i < 0 {
			i = len(b) - 1
		}
		for ; i >= 0; i-- {
			if e = l.tab.unpack(&b[i], seq+i); !f(&e) {
				return
			}
		}
	}
}
