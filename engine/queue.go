package engine

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
)

// item is one entry of the schedule: a delivery or a timer. Ordered by
// (at, seq), so that ties go to the item scheduled first.
type item struct {
	at   Time
	seq  uint64
	kind itemKind
	// msg is immutable once scheduled, so clones share it.
	msg *Message
	// Timer fields.
	timer timerKind
	node  NodeID
	tp    TopicPartition
	id    int64
	// incarnation is the broker process a broker timer belongs to.
	incarnation int
}

// schedule is a binary min-heap of items on (at, seq). It is a plain slice,
// so cloning it is a slice copy.
type schedule []item

func (s schedule) less(i, j int) bool {
	if s[i].at != s[j].at {
		return s[i].at < s[j].at
	}
	return s[i].seq < s[j].seq
}

func (s *schedule) push(it item) {
	*s = append(*s, it)
	h := *s
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(i, p) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (s *schedule) pop() item {
	h := *s
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h[last] = item{}
	h = h[:last]
	i := 0
	for {
		l := 2*i + 1
		if l >= len(h) {
			break
		}
		m := l
		if r := l + 1; r < len(h) && h.less(r, l) {
			m = r
		}
		if !h.less(m, i) {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	*s = h
	return top
}
