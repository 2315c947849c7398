package engine

import (
	"maps"
	"slices"
)

// itemKind says whether a scheduled item delivers a message or fires a timer.
type itemKind uint8

const (
	itemDeliver itemKind = iota + 1
	itemTimer
	// itemLocal hands a message to its receiver without the network.
	itemLocal
)

// timerKind names what a timer does when it fires.
type timerKind uint8

const (
	// timerFetchExpire completes a parked fetch (ID = request id) on Node.
	timerFetchExpire timerKind = iota + 1
	// timerProduceExpire times out a delayed acks=all produce (ID = request id).
	timerProduceExpire
	// timerLinger sends a producer's batch for TP once linger.ms has passed.
	timerLinger
	// timerRetry resends a producer's or consumer's request after a backoff.
	timerRetry
	// timerFetcherBackoff resumes a follower's fetch from a leader (ID).
	timerFetcherBackoff
	// timerFetchTimeout gives up on a follower fetch (ID) after
	// replica.socket.timeout.ms.
	timerFetchTimeout
	// timerHeartbeat sends a broker's next BrokerHeartbeat.
	timerHeartbeat
	// timerIsrExpiration runs a broker's isr-expiration task.
	timerIsrExpiration
	// timerAlterPartitionTimeout resends an unanswered AlterPartition (ID).
	timerAlterPartitionTimeout
	// timerFenceCheck runs the controller's stale-broker check (ID = generation).
	timerFenceCheck
	// timerRebalance runs the controller's preferred-leader check (ID = generation).
	timerRebalance
	// timerRequestTimeout expires a client request (ID) after request.timeout.ms.
	timerRequestTimeout
	// timerDeliveryTimeout fails a producer batch (ID) after delivery.timeout.ms.
	timerDeliveryTimeout
	// timerRegistrationTimeout gives up on a broker's unanswered
	// BrokerRegistration (ID = request id).
	timerRegistrationTimeout
	// timerDiskDone runs the handler of a broker's oldest write waiting for
	// its slow disk (ID = the message's id, disk.go).
	timerDiskDone
	// timerAutoCommit runs a group consumer's auto commit (ID = its
	// generation, group.go).
	timerAutoCommit
	// timerRetentionCheck runs every broker's log retention task
	// (retention.go).
	timerRetentionCheck
	// timerTruncateOnFetch runs a follower's truncation of the partitions
	// an answered Fetch (from leader ID) said diverge, before Kafka 3.5
	// (fetch.go, truncateOnDivergenceLater).
	timerTruncateOnFetch
)

// item is one entry of the schedule: a delivery or a timer. Ordered by
// (at, seq), so that ties go to the item scheduled first.
type item struct {
	at   Time
	seq  uint64
	kind itemKind
	// msg is the index in the schedule's message arena of the message a
	// delivery carries.
	msg int32
	// Timer fields. tp is the timer's partition, as an index plus one
	// into the schedule's tps (0 for none), so that an item holds no
	// pointer (see schedule).
	timer timerKind
	node  NodeID
	tp    int32
	id    int64
	// incarnation is the broker process a broker timer belongs to.
	incarnation int32
}

// schedule orders the items by (at, seq): Step takes the earliest, and
// of items due at the same time the one scheduled first.
//
// Most items are timers far ahead that are pushed in the order they fall
// due: each produce arms request.timeout.ms (30 s) on both client and
// leader, and a busy cluster holds thousands of them, nearly all answered
// long before they fire. Such an item (at least farAhead past the last
// popped one) goes to the end of a run, a FIFO queue whose items are in
// (at, seq) order, if it is later than that run's last item; the rest go
// to a binary min-heap, which thus stays small. The earliest item is then
// the least of the heap's top and the runs' heads, in the same (at, seq)
// order as one heap of everything. Of the runs an item fits, it goes to
// the one whose last item is latest, so that each timeout's stream keeps
// to a run of its own (patience sorting's best fit).
//
// Heap and runs hold pointer-free keys; the items themselves stay put in
// an arena, so moving a key is 24 bytes and runs no write barriers, and
// a freed slot is reused by the next push. The items hold no pointer
// either (a timer's partition is an index into tps, each partition
// listed once), so the arena of a busy cluster's thousands of timers is
// not scanned by the collector. The messages that deliveries carry live
// in an arena of their own, by value, so that sending one allocates
// nothing and the far more numerous timers stay small; its blocks never
// move, so that a receiver's handler reads its message in place
// (pushMsg).
//
// The item arena and the runs grow in blocks (of itemChunk items,
// runChunk keys) rather than as one slice each: a run of
// request.timeout.ms timers holds 30 s of produces, 12,000 keys at the
// benchmark's rate, and doubling it (and the arena of as many items)
// copied and zeroed every key again at each step, a sixth of all the
// bytes the engine allocated. A full block never moves, so growing past
// one copies nothing; a run's
// drained front block goes to spare, where the next block any run needs
// comes from, so a cluster whose timers fire as fast as they are armed
// allocates none at all. A clone copies what is live, at its length, so
// that a checkpoint of a small cluster stays small.
type schedule struct {
	heap []schedKey
	runs []schedRun
	// minRun is one plus the index of the run whose head is earliest, 0
	// when there are no runs.
	minRun int
	n      int
	last   Time
	// items holds the items in blocks of itemChunk: item idx is
	// items[idx/itemChunk][idx%itemChunk]; nItems slots have been used.
	items  [][]item
	nItems int32
	free   []int32
	// msgs holds the messages deliveries carry, in blocks of msgChunk
	// that never move: message idx is msgs[idx/msgChunk][idx%msgChunk];
	// nMsgs slots have been used, freeMsgs lists the empty ones.
	msgs     [][]Message
	nMsgs    int32
	freeMsgs []int32
	// spare holds emptied run blocks (length 0, capacity runChunk) for
	// the next run that needs one.
	spare [][]schedKey
	// tps lists every partition a timer has named, once: tpIndex maps
	// each to its index in tps.
	tps     []TopicPartition
	tpIndex map[TopicPartition]int32
}

// tpScan is how many partitions tpRef compares one by one before it
// asks the map: hashing a topic name per produce showed in the profile,
// and most clusters time a handful of partitions.
const tpScan = 16

// farAhead is how far past the last popped item an item must fall due to
// go to a run; maxRuns bounds the runs, so a pop compares at most
// maxRuns+1 keys.
const (
	farAhead = 100
	maxRuns  = 8
)

// itemChunk is how many items one block of the schedule's arena holds
// (56 KB); runChunk how many keys one block of a run holds (6 KB).
const (
	itemChunk = 1024
	runChunk  = 256
)

// schedRun is one run: the keys blocks[0][head:], then those of the
// following blocks, in (at, seq) order; never empty. A block holds at
// most runChunk keys, and a new one starts when the last holds that
// many; a clone's blocks are copies at their length, the last growing
// by append from there.
type schedRun struct {
	blocks [][]schedKey
	head   int
}

// front is the run's earliest key.
func (r *schedRun) front() schedKey { return r.blocks[0][r.head] }

// back is the run's latest key.
func (r *schedRun) back() schedKey {
	b := r.blocks[len(r.blocks)-1]
	return b[len(b)-1]
}

// each calls f with every key of the run, in order.
func (r *schedRun) each(f func(schedKey)) {
	for i, b := range r.blocks {
		if i == 0 {
			b = b[r.head:]
		}
		for _, k := range b {
			f(k)
		}
	}
}

// block returns an empty run block: a spare one if there is one.
func (s *schedule) block() []schedKey {
	if n := len(s.spare); n > 0 {
		b := s.spare[n-1]
		s.spare[n-1] = nil
		s.spare = s.spare[:n-1]
		return b
	}
	return make([]schedKey, 0, runChunk)
}

// pushBack appends k, later than every key of r, to r.
func (s *schedule) pushBack(r *schedRun, k schedKey) {
	if n := len(r.blocks); n == 0 || len(r.blocks[n-1]) == runChunk {
		r.blocks = append(r.blocks, s.block())
	}
	last := len(r.blocks) - 1
	r.blocks[last] = append(r.blocks[last], k)
}

// popFront removes r's earliest key, and reports whether r is now empty;
// a drained block goes to spare.
func (s *schedule) popFront(r *schedRun) bool {
	r.head++
	if r.head < len(r.blocks[0]) {
		return false
	}
	s.spare = append(s.spare, r.blocks[0][:0])
	r.head = 0
	n := copy(r.blocks, r.blocks[1:])
	r.blocks[n] = nil
	r.blocks = r.blocks[:n]
	return n == 0
}

// firstItems is the room the arena's first block starts with: a small
// cluster, or a clone's, does not need a whole block.
const firstItems = 32

// addItem appends it to the arena: to the last block, which grows by
// doubling up to itemChunk (the first starts at firstItems, a clone's
// last is clipped), or to a new one of itemChunk when that is full.
func (s *schedule) addItem(it item) {
	n := len(s.items)
	if n == 0 || len(s.items[n-1]) == itemChunk {
		room := itemChunk
		if n == 0 {
			room = firstItems
		}
		s.items = append(s.items, make([]item, 0, room))
		n++
	}
	b := s.items[n-1]
	if len(b) == cap(b) {
		nb := make([]item, len(b), min(max(2*cap(b), firstItems), itemChunk))
		copy(nb, b)
		b = nb
	}
	s.items[n-1] = append(b, it)
}

// msgChunk is how many messages one block of the schedule's message
// arena holds (10 KB): a busy cluster has a few dozen on the wire.
const msgChunk = 64

// item returns the arena's item idx.
func (s *schedule) item(idx int32) *item {
	return &s.items[uint32(idx)/itemChunk][uint32(idx)%itemChunk]
}

type schedKey struct {
	at  Time
	seq uint64
	idx int32
}

func (s *schedule) clone() schedule {
	d := *s
	d.heap, d.free = slices.Clone(s.heap), slices.Clone(s.free)
	d.items = carve(s.items, 0)
	d.freeMsgs = slices.Clone(s.freeMsgs)
	// A clone's message blocks are copied whole, at their full capacity,
	// so that they never move either (see pushMsg).
	d.msgs = make([][]Message, len(s.msgs))
	for i, b := range s.msgs {
		d.msgs[i] = append(make([]Message, 0, msgChunk), b...)
	}
	d.tps, d.tpIndex = slices.Clip(s.tps), maps.Clone(s.tpIndex)
	d.spare = nil
	d.runs = make([]schedRun, len(s.runs))
	for i, r := range s.runs {
		d.runs[i] = schedRun{blocks: carve(r.blocks, r.head)}
	}
	return d
}

// carve copies blocks, the first from head on, into one new array, cut
// into blocks of the same lengths, each clipped to its own part (so an
// append to one copies), with one allocation in all.
func carve[T any](blocks [][]T, head int) [][]T {
	n := 0
	for _, b := range blocks {
		n += len(b)
	}
	all := make([]T, 0, n-head)
	out := make([][]T, len(blocks))
	for i, b := range blocks {
		if i == 0 {
			b = b[head:]
		}
		all = append(all, b...)
		out[i] = all[len(all)-len(b) : len(all) : len(all)]
	}
	return out
}

// len is the number of scheduled items.
func (s *schedule) len() int { return s.n }

// first returns the run whose head is the earliest item, -1 for the
// heap's top; the schedule must not be empty.
func (s *schedule) first() int {
	if s.minRun == 0 {
		return -1
	}
	if len(s.heap) > 0 && s.heap[0].less(s.runs[s.minRun-1].front()) {
		return -1
	}
	return s.minRun - 1
}

// findMinRun sets minRun after a run's head has changed.
func (s *schedule) findMinRun() {
	s.minRun = 0
	for i := range s.runs {
		if s.minRun == 0 || s.runs[i].front().less(s.runs[s.minRun-1].front()) {
			s.minRun = i + 1
		}
	}
}

// nextAt is the time of the earliest item; the schedule must not be empty.
func (s *schedule) nextAt() Time {
	if r := s.first(); r >= 0 {
		return s.runs[r].front().at
	}
	return s.heap[0].at
}

// each calls f for every scheduled item, in no particular order.
func (s *schedule) each(f func(*item)) {
	for _, k := range s.heap {
		f(s.item(k.idx))
	}
	for i := range s.runs {
		s.runs[i].each(func(k schedKey) { f(s.item(k.idx)) })
	}
}

// find returns the first item, in no particular order, for which f
// returns true, or nil.
func (s *schedule) find(f func(*item) bool) *item {
	for _, k := range s.heap {
		if it := s.item(k.idx); f(it) {
			return it
		}
	}
	var found *item
	for i := range s.runs {
		s.runs[i].each(func(k schedKey) {
			if it := s.item(k.idx); found == nil && f(it) {
				found = it
			}
		})
		if found != nil {
			return found
		}
	}
	return nil
}

// tpRef returns what an item stores for partition tp: 0 for none, else
// its index in tps plus one, adding it to tps the first time.
func (s *schedule) tpRef(tp TopicPartition) int32 {
	if tp == (TopicPartition{}) {
		return 0
	}
	if len(s.tps) <= tpScan {
		for i, t := range s.tps {
			if t.Partition == tp.Partition && t.Topic == tp.Topic {
				return int32(i + 1)
			}
		}
	} else if i, ok := s.tpIndex[tp]; ok {
		return i + 1
	}
	if s.tpIndex == nil {
		s.tpIndex = make(map[TopicPartition]int32)
	}
	i := int32(len(s.tps))
	s.tps = append(s.tps, tp)
	s.tpIndex[tp] = i
	return i + 1
}

// tp returns the partition of timer it.
func (s *schedule) tp(it *item) TopicPartition {
	if it.tp == 0 {
		return TopicPartition{}
	}
	return s.tps[it.tp-1]
}

// message is the message that delivery it carries.
func (s *schedule) message(it *item) *Message { return s.msg(it.msg) }

// msg returns the arena's message idx.
func (s *schedule) msg(idx int32) *Message {
	return &s.msgs[uint32(idx)/msgChunk][uint32(idx)%msgChunk]
}

// pushMsg schedules the delivery (kind itemDeliver or itemLocal) of a
// copy of *m at m.DeliverAt.
//
// The message stays in its arena slot until Step has run its receiver's
// handler, which reads it there through a pointer (freeMsg frees the slot
// after): passing a 160-byte Message by value down deliver, receive and
// the handler was a copy at every call, and moving it out of the arena
// a copy with write barriers. The arena grows by whole blocks of
// msgChunk that never move, so the pointer stays good while the handler
// sends messages of its own.
func (s *schedule) pushMsg(seq uint64, kind itemKind, m *Message) {
	var idx int32
	if n := len(s.freeMsgs); n > 0 {
		idx = s.freeMsgs[n-1]
		s.freeMsgs = s.freeMsgs[:n-1]
		*s.msg(idx) = *m
	} else {
		idx = s.nMsgs
		s.nMsgs++
		if idx%msgChunk == 0 {
			s.msgs = append(s.msgs, make([]Message, 0, msgChunk))
		}
		last := len(s.msgs) - 1
		s.msgs[last] = append(s.msgs[last], *m)
	}
	s.push(item{at: m.DeliverAt, seq: seq, kind: kind, msg: idx})
}

// freeMsg empties the slot of a popped delivery whose message has been
// handled, and frees it.
func (s *schedule) freeMsg(idx int32) {
	*s.msg(idx) = Message{}
	s.freeMsgs = append(s.freeMsgs, idx)
}

func (h schedKey) less(o schedKey) bool {
	if h.at != o.at {
		return h.at < o.at
	}
	return h.seq < o.seq
}

// run returns the run that key k may end: of the runs whose last key is
// before k the one whose last key is latest, else a new run while there
// are fewer than maxRuns; -1 for none.
func (s *schedule) run(k schedKey) int {
	best := -1
	for i := range s.runs {
		t := s.runs[i].back()
		if t.less(k) && (best < 0 || s.runs[best].back().less(t)) {
			best = i
		}
	}
	if best < 0 && len(s.runs) < maxRuns {
		s.runs = append(s.runs, schedRun{})
		best = len(s.runs) - 1
	}
	return best
}

func (s *schedule) push(it item) {
	var idx int32
	if n := len(s.free); n > 0 {
		idx = s.free[n-1]
		s.free = s.free[:n-1]
		*s.item(idx) = it
	} else {
		idx = s.nItems
		s.nItems++
		s.addItem(it)
	}
	s.n++
	k := schedKey{at: it.at, seq: it.seq, idx: idx}
	if it.at-s.last >= farAhead {
		if r := s.run(k); r >= 0 {
			s.pushBack(&s.runs[r], k)
			if len(s.runs[r].blocks) == 1 && len(s.runs[r].blocks[0]) == 1 {
				// A new run: its head is k.
				s.findMinRun()
			}
			return
		}
	}
	s.heap = append(s.heap, k)
	h := s.heap
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h[i].less(h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (s *schedule) pop() item {
	var top schedKey
	if ri := s.first(); ri >= 0 {
		r := &s.runs[ri]
		top = r.front()
		if s.popFront(r) {
			// Empty: the run goes (runs are in no particular order).
			last := len(s.runs) - 1
			s.runs[ri] = s.runs[last]
			s.runs[last] = schedRun{}
			s.runs = s.runs[:last]
		}
		s.findMinRun()
	} else {
		top = s.popHeap()
	}
	s.n--
	s.last = top.at
	p := s.item(top.idx)
	it := *p
	*p = item{}
	s.free = append(s.free, top.idx)
	return it
}

// popHeap removes and returns the heap's top.
func (s *schedule) popHeap() schedKey {
	h := s.heap
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	i := 0
	for {
		l := 2*i + 1
		if l >= len(h) {
			break
		}
		m := l
		if r := l + 1; r < len(h) && h[r].less(h[l]) {
			m = r
		}
		if !h[m].less(h[i]) {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	s.heap = h
	return top
}
