package engine

import "slices"

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
	// Timer fields.
	timer timerKind
	node  NodeID
	tp    TopicPartition
	id    int64
	// incarnation is the broker process a broker timer belongs to.
	incarnation int32
}

// schedule is a binary min-heap of items on (at, seq). The heap holds
// small pointer-free keys; the items themselves stay put in an arena, so
// sifting moves 24 bytes and never runs the GC's write barriers, and a
// freed slot is reused by the next push. The messages that deliveries
// carry live in an arena of their own, by value, so that sending one
// allocates nothing and the far more numerous timers stay small. Every
// slice is a plain value (a message's Parts are immutable once scheduled,
// so clones share them), so cloning is a few slice copies.
type schedule struct {
	keys     []schedKey
	items    []item
	free     []int32
	msgs     []Message
	freeMsgs []int32
}

type schedKey struct {
	at  Time
	seq uint64
	idx int32
}

func (s *schedule) clone() schedule {
	return schedule{keys: slices.Clone(s.keys), items: slices.Clone(s.items), free: slices.Clone(s.free),
		msgs: slices.Clone(s.msgs), freeMsgs: slices.Clone(s.freeMsgs)}
}

// len is the number of scheduled items.
func (s *schedule) len() int { return len(s.keys) }

// nextAt is the time of the earliest item; the schedule must not be empty.
func (s *schedule) nextAt() Time { return s.keys[0].at }

// each calls f for every scheduled item, in no particular order.
func (s *schedule) each(f func(*item)) {
	for _, k := range s.keys {
		f(&s.items[k.idx])
	}
}

// message is the message that delivery it carries.
func (s *schedule) message(it *item) *Message { return &s.msgs[it.msg] }

// pushMsg schedules the delivery (kind itemDeliver or itemLocal) of m at
// m.DeliverAt.
func (s *schedule) pushMsg(seq uint64, kind itemKind, m Message) {
	var idx int32
	if n := len(s.freeMsgs); n > 0 {
		idx = s.freeMsgs[n-1]
		s.freeMsgs = s.freeMsgs[:n-1]
		s.msgs[idx] = m
	} else {
		idx = int32(len(s.msgs))
		s.msgs = append(s.msgs, m)
	}
	s.push(item{at: m.DeliverAt, seq: seq, kind: kind, msg: idx})
}

// takeMsg returns the message of a popped delivery and frees its slot.
func (s *schedule) takeMsg(it item) Message {
	m := s.msgs[it.msg]
	s.msgs[it.msg] = Message{}
	s.freeMsgs = append(s.freeMsgs, it.msg)
	return m
}

func (h schedKey) less(o schedKey) bool {
	if h.at != o.at {
		return h.at < o.at
	}
	return h.seq < o.seq
}

func (s *schedule) push(it item) {
	var idx int32
	if n := len(s.free); n > 0 {
		idx = s.free[n-1]
		s.free = s.free[:n-1]
		s.items[idx] = it
	} else {
		idx = int32(len(s.items))
		s.items = append(s.items, it)
	}
	s.keys = append(s.keys, schedKey{at: it.at, seq: it.seq, idx: idx})
	h := s.keys
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
	h := s.keys
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
	s.keys = h
	it := s.items[top.idx]
	s.items[top.idx] = item{}
	s.free = append(s.free, top.idx)
	return it
}
