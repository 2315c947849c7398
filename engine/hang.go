package engine

import "slices"

// A half-alive broker (the commands hang and resume, in lifecycle.go): its
// process runs, it stays registered and heartbeats to the controller, but
// the requests it is sent wait unanswered, as when every thread of its
// request handler pool (KafkaRequestHandler, num.io.threads) is stuck:
// blocked on a full or failing disk, on a lock, in a long GC pause of those
// threads alone.
//
// What kplay models as stopped, and what keeps running:
//
//   - Stopped: the request handler threads, for the requests the hang
//     covers (HangScope). A request of that kind that reaches the broker
//     is read off the socket by the network threads (SocketServer's
//     Processor) and waits in the request queue (RequestChannel) in
//     arrival order. Nothing answers it, so its sender's own timeout
//     decides: a follower's fetch gives up at the fetcher's deadline
//     (engine/fetch.go: replica.socket.timeout.ms past the long poll; in
//     Kafka the fetcher's NetworkClient times a request out after the
//     broker's request.timeout.ms, BrokerBlockingSender, 30000 like
//     replica.socket.timeout.ms by default), a producer's request after
//     request.timeout.ms and its records after delivery.timeout.ms, a
//     consumer's request after request.timeout.ms.
//   - Running: the broker's heartbeats (BrokerLifecycleManager's own event
//     thread), so the controller keeps it registered and unfenced
//     (BrokerHeartbeatManager sees heartbeats in time); its own replica
//     fetcher threads, so as a follower it keeps fetching from its leaders
//     and appending; the ISR expiration task on the broker's scheduler
//     (ReplicaManager's isr-expiration, Partition.maybeShrinkIsr), so as a
//     leader whose followers cannot fetch it drops them from the ISR after
//     replica.lag.time.max.ms by its own rule and tells the controller
//     (AlterPartitionManager's own channel); and the purgatories' expiration
//     reapers, so a fetch or acks=all produce already held open
//     (DelayedFetch, DelayedProduce) is still answered when its wait runs
//     out.
//
// When the broker resumes, the handler threads work through the queue in
// arrival order, as Kafka's do: a request whose sender has already timed
// out is still executed (a produce is appended, and an idempotent producer's
// retry of it is then a duplicate), and only its answer is ignored by the
// client, which no longer waits for it. A crash ends the hang: the queued
// requests' connections close (their senders see a disconnect), and the
// restarted process serves normally.
//
// Kafka bounds the queue at queued.max.requests (500) and then stops
// reading sockets; kplay keeps every queued request, which is the same for
// their senders, since each waits either way.

// HangScope says which requests a half-alive broker stops answering.
type HangScope uint8

// The scopes of a hang.
const (
	// HangReplicas stops the answers to other brokers' follower fetches
	// (Fetch with a replica id): its followers stop catching up.
	HangReplicas HangScope = 1 << iota
	// HangClients stops the answers to clients: Produce, Metadata, a
	// consumer's Fetch and OffsetsForLeaderEpoch.
	HangClients
	// HangAll stops both.
	HangAll = HangReplicas | HangClients
)

// String names the scope as a script writes it: replicas, clients or all.
func (s HangScope) String() string {
	switch s {
	case HangReplicas:
		return "replicas"
	case HangClients:
		return "clients"
	case HangAll:
		return "all"
	}
	return "none"
}

// Phrase says in plain words which requests the scope leaves unanswered.
func (s HangScope) Phrase() string {
	switch s {
	case HangReplicas:
		return "followers' fetches"
	case HangClients:
		return "clients' requests (produce, metadata, consumer fetches)"
	case HangAll:
		return "every request, from followers and from clients"
	}
	return "nothing"
}

// hang is one half-alive broker: the incarnation that hangs, the requests
// it holds back and, in arrival order, the requests waiting in its queue.
type hang struct {
	broker BrokerID
	scope  HangScope
	since  Time
	queue  []Message
}

func cloneHangs(hs []hang) []hang {
	out := slices.Clone(hs)
	for i := range out {
		out[i].queue = slices.Clone(out[i].queue)
	}
	return out
}

// hangOf returns broker b's hang, or nil if it serves normally.
func (c *Cluster) hangOf(b BrokerID) *hang {
	for i := range c.hangs {
		if c.hangs[i].broker == b {
			return &c.hangs[i]
		}
	}
	return nil
}

// hangCovers reports whether a hang of scope s holds request m back.
func hangCovers(s HangScope, m *Message) bool {
	switch m.Kind {
	case MsgFetch:
		if m.ReplicaID >= 0 && m.From.Kind == NodeBroker {
			return s&HangReplicas != 0
		}
		return s&HangClients != 0
	case MsgProduce, MsgMetadata, MsgOffsetsForLeaderEpoch:
		return s&HangClients != 0
	}
	return false
}

// holdRequest queues request m, just delivered to a hung broker, if the
// hang covers it, and reports whether it did.
func (c *Cluster) holdRequest(m *Message) bool {
	if m.To.Kind != NodeBroker || len(c.hangs) == 0 {
		return false
	}
	h := c.hangOf(BrokerID(m.To.ID))
	if h == nil || !hangCovers(h.scope, m) {
		return false
	}
	h.queue = append(h.queue, *m)
	c.held = true
	return true
}

// endHang forgets broker b's hang and its queue.
func (c *Cluster) endHang(b BrokerID) {
	c.hangs = slices.DeleteFunc(c.hangs, func(h hang) bool { return h.broker == b })
}

// dropHang ends the hang of a broker whose process stops: the queued
// requests' connections close, and each sender sees a disconnect
// (NETWORK_EXCEPTION), as for the requests it held in purgatory.
func (c *Cluster) dropHang(b *broker) {
	h := c.hangOf(b.id)
	if h == nil {
		return
	}
	q := h.queue
	c.endHang(b.id)
	for _, m := range q {
		c.refuse(&m)
	}
}
