package engine

import (
	"slices"
	"sort"

	"kplay/engine/internal/rng"
)

// Cluster is the simulated world. Create one with New; drive it with Apply,
// Step, Advance and AdvanceTo; read it with Events, State, InFlight,
// Describe and FetchRounds. A Cluster is not safe for concurrent use (the
// engine starts no goroutines and needs no locks).
type Cluster struct {
	cfg Config
	now Time
	rng rng.Rand
	// seq numbers scheduled items, nextID messages and requests.
	seq    uint64
	nextID int64
	// version counts changes: applied commands, steps and clock moves.
	version uint64
	sched   schedule
	events  eventLog

	// brokers[i] is broker i+1.
	brokers []broker
	// topics and parts are the controller's metadata (the __cluster_metadata
	// image), sorted by name and by partition.
	topics []topicReg
	parts  []partitionReg

	// producers[i] is p(i+1); consumers[i] is c(i+1).
	producers []producer
	consumers []consumer
	// groups are the consumer groups' committed offsets, sorted by name
	// (group.go).
	groups []group
	// retentionArmed is set once the log retention task is scheduled
	// (retention.go).
	retentionArmed bool

	ctrl controller
	net  network
	// uncleanElections counts unclean and last-known-leader elections by
	// what allowed each (uncleanKind), so that invariant checks know
	// whether a run is "clean" (docs/kafka-rules.md §11); a loss's
	// explanation reads each election from the partition's removals
	// (lossCause).
	uncleanElections [uncleanKinds]int
	// lostUnflushed is set once a crash lost a log's unflushed tail.
	lostUnflushed bool
	// inv is the state the invariant checker keeps between steps.
	inv invariantState
	// hangs are the half-alive brokers (hang.go), sorted by broker id.
	hangs []hang

	// partArena hands out the Parts of sent messages (partarena.go);
	// partScratch is where maybeSendFetch gathers a fetch's parts first.
	partArena   partArena
	partScratch []Part
	// held is set by a handler that keeps the message it was handed (a
	// parked fetch, a delayed produce, a write waiting for a slow disk,
	// a hung broker's queue), so that Step does not reuse its Parts.
	held bool
	// produceTexts holds the script lines of recent produce commands
	// (producetext.go).
	produceTexts produceTexts
}

// New returns a cluster of cfg.Brokers live brokers at time cfg.Start, or
// the error that makes cfg invalid.
func New(cfg Config) (*Cluster, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	c := &Cluster{cfg: cfg, now: cfg.Start, rng: rng.New(cfg.Seed)}
	c.brokers = make([]broker, cfg.Brokers)
	c.ctrl.regs = make([]brokerReg, cfg.Brokers)
	for i := range c.brokers {
		id := BrokerID(i + 1)
		c.brokers[i] = broker{id: id, alive: true, incarnation: 1}
		// The initial brokers are registered and unfenced at the start, with
		// broker epochs 1..n as a fresh KRaft cluster would give them.
		c.ctrl.nextBrokerEpoch++
		c.ctrl.regs[i] = brokerReg{id: id, epoch: c.ctrl.nextBrokerEpoch, lastContact: c.now, fencedAt: -1}
		c.brokers[i].brokerEpoch = c.ctrl.nextBrokerEpoch
		c.startBrokerTimers(&c.brokers[i])
	}
	c.scheduleFenceCheck()
	c.maybeArmRetention()
	return c, nil
}

// Config returns the configuration the cluster was created with.
func (c *Cluster) Config() Config { return c.cfg }

// Now returns the current simulated time in milliseconds.
func (c *Cluster) Now() Time { return c.now }

// Version counts the changes to the cluster so far: every command applied,
// every step and every move of the clock. Two reads of one cluster with
// the same Version see the same State, so a view may cache what it drew
// from it. A clone starts with its original's Version.
func (c *Cluster) Version() uint64 { return c.version }

// NextAt returns the time of the next scheduled delivery or timer, and false
// if nothing is scheduled.
func (c *Cluster) NextAt() (Time, bool) {
	if c.sched.len() == 0 {
		return 0, false
	}
	return c.sched.nextAt(), true
}

// Step processes exactly one scheduled item (one message delivery or one
// timer), moving the clock to its time. It returns false if nothing is
// scheduled.
func (c *Cluster) Step() bool {
	if c.sched.len() == 0 {
		return false
	}
	c.version++
	it := c.sched.pop()
	if it.at > c.now {
		c.now = it.at
	}
	switch it.kind {
	case itemDeliver, itemLocal:
		// The handler reads the message in its arena slot (pushMsg).
		m := c.sched.msg(it.msg)
		c.held = false
		if it.kind == itemDeliver {
			c.deliver(m)
		} else {
			c.receive(m)
		}
		if !c.held {
			c.partArena.reuse(m.Parts)
		}
		c.sched.freeMsg(it.msg)
	case itemTimer:
		c.fire(it)
	}
	c.check()
	return true
}

// AdvanceTo processes every item scheduled at or before t, then sets the
// clock to t. A t in the past does nothing.
func (c *Cluster) AdvanceTo(t Time) {
	for c.sched.len() > 0 && c.sched.nextAt() <= t {
		c.Step()
	}
	if t > c.now {
		c.now = t
		c.version++
	}
}

// Advance is AdvanceTo(Now()+d); d is in milliseconds.
func (c *Cluster) Advance(d Time) { c.AdvanceTo(c.now + d) }

// Events returns the events with Seq >= from, oldest first, in a new
// slice (the log stores events packed; see packedEvent). Their ISRs are
// the log's: callers must not modify them.
func (c *Cluster) Events(from int) []Event {
	if from < 0 {
		from = 0
	}
	return c.events.slice(from)
}

// EventsBefore returns the newest events before end that the log holds in
// one piece, oldest first: events [from, end) for some from < end whenever
// 0 < end <= EventCount (at most 64 of them), and none otherwise. A view
// that wants only the last few events of a long run walks back from
// EventCount a piece at a time and stops when it has seen enough.
func (c *Cluster) EventsBefore(end int) []Event { return c.events.before(end) }

// EventCount returns the number of events so far: the Seq the next one
// will get.
func (c *Cluster) EventCount() int { return c.events.len() }

// InFlight returns the messages on the wire (sent, not yet delivered or
// dropped), ordered by send time and then id, in a new slice: the caller
// may keep them.
func (c *Cluster) InFlight() []Message {
	var out []Message
	c.sched.each(func(it *item) {
		if it.kind == itemDeliver {
			out = append(out, *c.sched.message(it))
		}
	})
	// The Parts are copied, into one array: the cluster reuses a
	// message's Parts once it is delivered (partArena).
	n := 0
	for _, m := range out {
		n += len(m.Parts)
	}
	parts := make([]Part, 0, n)
	for i := range out {
		if ps := out[i].Parts; ps != nil {
			parts = append(parts, ps...)
			out[i].Parts = parts[len(parts)-len(ps) : len(parts) : len(parts)]
		}
	}
	sort.Slice(out, func(i, j int) bool { // a total order (ids are unique); see broker.go on sort.Slice
		a, b := out[i], out[j]
		if a.SentAt != b.SentAt {
			return a.SentAt < b.SentAt
		}
		return a.ID < b.ID
	})
	return out
}

// Clone returns an independent deep copy: a checkpoint for time travel.
// Records and events are immutable values, so clones share their backing
// arrays; every slice that either copy can change is copied.
func (c *Cluster) Clone() *Cluster {
	d := *c
	d.sched = c.sched.clone()
	d.events = c.events.clone()
	d.brokers = make([]broker, len(c.brokers))
	for i := range c.brokers {
		d.brokers[i] = c.brokers[i].clone()
	}
	d.topics = slices.Clone(c.topics)
	d.parts = make([]partitionReg, len(c.parts))
	for i, p := range c.parts {
		d.parts[i] = p.clone()
	}
	d.producers = make([]producer, len(c.producers))
	for i := range c.producers {
		d.producers[i] = c.producers[i].clone()
	}
	d.consumers = make([]consumer, len(c.consumers))
	for i := range c.consumers {
		d.consumers[i] = c.consumers[i].clone()
	}
	d.groups = cloneGroups(c.groups)
	d.ctrl = c.ctrl.clone()
	d.net = c.net.clone()
	d.inv = c.inv.clone()
	d.hangs = cloneHangs(c.hangs)
	// The clone carves its own Parts: sharing the free tail would let one
	// copy's next message overwrite the other's.
	d.partArena, d.partScratch = partArena{}, nil
	d.held = false
	d.ownParts()
	return &d
}

// ownParts gives every message the cluster holds (on the wire, parked,
// delayed, waiting for a disk or queued at a hung broker) a copy of its
// Parts, all carved from one new array: a clone calls it, as the cluster
// it was copied from reuses a message's Parts once it is done with it
// (partArena).
func (c *Cluster) ownParts() {
	n := 0
	c.eachHeldMessage(func(m *Message) { n += len(m.Parts) })
	buf := make([]Part, 0, n)
	c.eachHeldMessage(func(m *Message) {
		if ps := m.Parts; ps != nil {
			buf = append(buf, ps...)
			m.Parts = buf[len(buf)-len(ps) : len(buf) : len(buf)]
		}
	})
}

// eachHeldMessage calls f with every message the cluster holds, and
// with the schedule's free message slots, which are empty (freeMsg).
func (c *Cluster) eachHeldMessage(f func(*Message)) {
	for _, b := range c.sched.msgs {
		for i := range b {
			f(&b[i])
		}
	}
	for i := range c.brokers {
		b := &c.brokers[i]
		for j := range b.parked {
			f(&b.parked[j].req)
		}
		for j := range b.delayed {
			f(&b.delayed[j].req)
		}
		for j := range b.disk {
			f(&b.disk[j].msg)
		}
	}
	for i := range c.hangs {
		for j := range c.hangs[i].queue {
			f(&c.hangs[i].queue[j])
		}
	}
}

// emit appends e to the event log, stamping its sequence number and time.
func (c *Cluster) emit(e Event) {
	e.Seq = c.events.len()
	e.At = c.now
	c.events.append(&e)
}

// emitMsg is emit for a message event (EvMsgSent, EvMsgDelivered) with
// those fields, packed straight into the log's next record
// (eventTables.packMsg). A log that keeps events (KeepEvents) gets the
// whole Event, as keep needs one, and so does an event whose numbers do
// not fit the record.
func (c *Cluster) emitMsg(kind EventKind, node, peer NodeID, mk MsgKind, id int64, deliverAt Time, tp TopicPartition) {
	if l := &c.events; l.keep == nil && msgFits(c.now, node, peer, id, deliverAt, tp.Partition) {
		if topic := l.tab.topic(tp.Topic); topic <= maxTopic {
			l.tab.packMsg(l.next(), c.now, kind, node, peer, mk, id, deliverAt, tp.Partition, topic)
			return
		}
	}
	c.emit(Event{Kind: kind, Node: node, Peer: peer, MsgKind: mk, MsgID: id, DeliverAt: deliverAt, TP: tp})
}

// newID returns a fresh message or request id.
func (c *Cluster) newID() int64 {
	c.nextID++
	return c.nextID
}

// timer schedules a timer of kind k for node at time at. A broker's timer
// belongs to its current incarnation.
func (c *Cluster) timer(at Time, k timerKind, node NodeID, tp TopicPartition, id int64) {
	c.seq++
	var inc int32
	if node.Kind == NodeBroker {
		inc = int32(c.broker(BrokerID(node.ID)).incarnation)
	}
	c.sched.push(item{at: at, seq: c.seq, kind: itemTimer, timer: k, node: node, tp: c.sched.tpRef(tp), id: id, incarnation: inc})
}

// send puts m on the wire from m.From to m.To with a latency drawn from the
// link's range, and returns its id.
func (c *Cluster) send(m Message) int64 {
	m.ID = c.newID()
	m.SentAt = c.now
	m.DeliverAt = c.now + c.latency(m.From, m.To)
	m.Dropped = c.dropped(m.From, m.To)
	if m.From.Kind == NodeBroker {
		m.FromIncarnation = c.broker(BrokerID(m.From.ID)).incarnation
	}
	c.seq++
	c.sched.pushMsg(c.seq, itemDeliver, &m)
	c.emitMsg(EvMsgSent, m.From, m.To, m.Kind, m.ID, m.DeliverAt, firstTP(&m))
	return m.ID
}

// local hands m to its receiver after delay without crossing the network:
// how a client learns that its connection broke.
func (c *Cluster) local(m Message, delay Time) {
	m.ID = c.newID()
	m.SentAt = c.now
	m.DeliverAt = c.now + delay
	c.seq++
	c.sched.pushMsg(c.seq, itemLocal, &m)
}

func firstTP(m *Message) TopicPartition {
	if len(m.Parts) > 0 {
		return m.Parts[0].TP
	}
	return TopicPartition{}
}

// alive reports whether node n's process is running.
func (c *Cluster) alive(n NodeID) bool {
	if n.Kind == NodeBroker {
		return c.broker(BrokerID(n.ID)).alive
	}
	return true
}

// deliver hands a message that crossed the network to its receiver, or
// loses it: the link is down, the message was dropped, or the receiver is
// dead. A request that reaches a dead broker's host is refused at once, so
// its sender learns of it one latency later (NETWORK_EXCEPTION, the Java
// client's disconnect).
func (c *Cluster) deliver(m *Message) {
	if m.From.Kind == NodeBroker && c.broker(BrokerID(m.From.ID)).incarnation != m.FromIncarnation {
		// The sender's process died with the message in its socket.
		c.emit(Event{Kind: EvMsgDropped, Node: m.To, Peer: m.From, MsgKind: m.Kind, MsgID: m.ID, TP: firstTP(m)})
		return
	}
	if m.Dropped || !c.net.connected(m.From, m.To) || !c.accepts(m) {
		c.emit(Event{Kind: EvMsgDropped, Node: m.To, Peer: m.From, MsgKind: m.Kind, MsgID: m.ID, TP: firstTP(m)})
		if !m.Dropped && c.net.connected(m.From, m.To) && !c.accepts(m) && c.alive(m.From) {
			c.refuse(m)
		}
		return
	}
	c.emitMsg(EvMsgDelivered, m.To, m.From, m.Kind, m.ID, 0, firstTP(m))
	c.receive(m)
}

// accepts reports whether m's receiver takes it: it is alive and, for a
// request to a broker, the broker's process has registered. A restarted
// broker serves no request until the controller has accepted its
// registration (BrokerServer.startup enables request processing only once
// BrokerLifecycleManager's initial catch-up completes), so while its
// registration is refused (DUPLICATE_BROKER_REGISTRATION) a request to it
// is refused as by a host with nothing listening.
func (c *Cluster) accepts(m *Message) bool {
	if !c.alive(m.To) {
		return false
	}
	if m.To.Kind == NodeBroker && responseKind(m.Kind) != 0 && c.broker(BrokerID(m.To.ID)).brokerEpoch == 0 {
		return false
	}
	return true
}

// refuse answers request m, whose receiver is dead or not yet serving, with NETWORK_EXCEPTION
// in every partition, delivered locally to the sender.
func (c *Cluster) refuse(m *Message) {
	rk := responseKind(m.Kind)
	if rk == 0 || (m.Kind == MsgProduce && m.Parts[0].Acks == AcksNone) {
		return
	}
	c.local(Message{Kind: rk, Request: m.ID, From: m.To, To: m.From, ReplicaID: m.ReplicaID, Parts: disconnected(m.Parts)}, c.latency(m.To, m.From))
}

// disconnected answers every partition of parts with NETWORK_EXCEPTION.
func disconnected(parts []Part) []Part {
	out := make([]Part, len(parts))
	for i, p := range parts {
		out[i] = Part{TP: p.TP, FetchOffset: p.FetchOffset, Err: ErrNetworkException, HW: -1, BaseOffset: -1, Leader: NoLeader, PreferredReadReplica: NoLeader}
	}
	return out
}

// receive runs the receiver's handler for m.
func (c *Cluster) receive(m *Message) {
	if !c.alive(m.To) || c.holdRequest(m) {
		return
	}
	switch m.Kind {
	case MsgProduce:
		c.handleProduce(c.broker(BrokerID(m.To.ID)), m)
	case MsgFetch:
		c.handleFetch(c.broker(BrokerID(m.To.ID)), m)
	case MsgMetadata:
		c.handleMetadata(c.broker(BrokerID(m.To.ID)), m)
	case MsgFetchResponse:
		switch m.To.Kind {
		case NodeBroker:
			c.handleFollowerFetchResponse(c.broker(BrokerID(m.To.ID)), m)
		case NodeConsumer:
			c.consumerFetchResponse(c.consumerByID(m.To.ID), m)
		}
	case MsgProduceResponse:
		c.producerResponse(c.producerByID(m.To.ID), m)
	case MsgMetadataResponse:
		switch m.To.Kind {
		case NodeProducer:
			c.producerMetadata(c.producerByID(m.To.ID), m)
		case NodeConsumer:
			c.consumerMetadata(c.consumerByID(m.To.ID), m)
		}
	case MsgBrokerRegistration:
		c.handleRegistration(m)
	case MsgBrokerRegistrationResponse:
		c.handleRegistrationResponse(c.broker(BrokerID(m.To.ID)), m)
	case MsgBrokerHeartbeat:
		c.handleHeartbeat(m)
	case MsgAlterPartition:
		c.handleAlterPartition(m)
	case MsgAlterPartitionResponse:
		c.handleAlterPartitionResponse(c.broker(BrokerID(m.To.ID)), m)
	case MsgOffsetsForLeaderEpoch:
		c.handleOffsetsForLeaderEpoch(c.broker(BrokerID(m.To.ID)), m)
	case MsgOffsetsForLeaderEpochResponse:
		c.consumerValidated(c.consumerByID(m.To.ID), m)
	case MsgOffsetCommit:
		c.handleOffsetCommit(c.broker(BrokerID(m.To.ID)), m)
	case MsgOffsetFetch:
		c.handleOffsetFetch(c.broker(BrokerID(m.To.ID)), m)
	case MsgOffsetCommitResponse:
		c.consumerCommitted(c.consumerByID(m.To.ID), m)
	case MsgOffsetFetchResponse:
		c.consumerOffsetFetched(c.consumerByID(m.To.ID), m)
	case MsgListOffsets:
		c.handleListOffsets(c.broker(BrokerID(m.To.ID)), m)
	case MsgListOffsetsResponse:
		c.consumerListedOffsets(c.consumerByID(m.To.ID), m)
	default:
		panic("engine: unknown message kind " + m.Kind.String())
	}
}

// fire runs a timer. Timers of a broker that has crashed since they were
// set (another incarnation) are void.
func (c *Cluster) fire(it item) {
	if it.node.Kind == NodeBroker {
		b := c.broker(BrokerID(it.node.ID))
		if !b.alive || int32(b.incarnation) != it.incarnation {
			return
		}
	}
	switch it.timer {
	case timerFetchExpire:
		c.expireParkedFetch(c.broker(BrokerID(it.node.ID)), it.id)
	case timerProduceExpire:
		c.expireDelayedProduce(c.broker(BrokerID(it.node.ID)), it.id)
	case timerLinger:
		c.lingerExpired(c.producerByID(it.node.ID), c.sched.tp(&it), it.id)
	case timerRetry:
		switch it.node.Kind {
		case NodeProducer:
			c.producerRetry(c.producerByID(it.node.ID), it.id)
		case NodeConsumer:
			c.consumerRetry(c.consumerByID(it.node.ID), it.id)
		}
	case timerFetcherBackoff:
		c.maybeSendFetch(c.broker(BrokerID(it.node.ID)), BrokerID(it.id))
	case timerFetchTimeout:
		c.followerFetchTimeout(c.broker(BrokerID(it.node.ID)), BrokerID(it.id))
	case timerHeartbeat:
		c.sendHeartbeat(c.broker(BrokerID(it.node.ID)))
	case timerRegistrationTimeout:
		c.registrationTimedOut(c.broker(BrokerID(it.node.ID)), it.id)
	case timerIsrExpiration:
		c.isrExpiration(c.broker(BrokerID(it.node.ID)))
	case timerAlterPartitionTimeout:
		c.alterPartitionTimeout(c.broker(BrokerID(it.node.ID)), c.sched.tp(&it), it.id)
	case timerDiskDone:
		c.diskDone(c.broker(BrokerID(it.node.ID)), it.id)
	case timerFenceCheck:
		c.fenceCheck(it.id)
	case timerRebalance:
		c.rebalanceCheck(it.id)
	case timerRequestTimeout:
		switch it.node.Kind {
		case NodeProducer:
			c.producerRequestTimeout(c.producerByID(it.node.ID), it.id)
		case NodeConsumer:
			c.consumerRequestTimeout(c.consumerByID(it.node.ID), it.id)
		}
	case timerDeliveryTimeout:
		c.deliveryTimeout(c.producerByID(it.node.ID), it.id)
	case timerAutoCommit:
		c.autoCommit(c.consumerByID(it.node.ID), it.id)
	case timerRetentionCheck:
		c.retentionCheck(it.id)
	case timerTruncateOnFetch:
		c.truncateOnDivergenceLater(c.broker(BrokerID(it.node.ID)), BrokerID(it.id))
	default:
		panic("engine: unknown timer")
	}
}

// broker returns broker id, which the caller has checked exists.
func (c *Cluster) broker(id BrokerID) *broker { return &c.brokers[id-1] }

func (c *Cluster) validBroker(id BrokerID) bool {
	return id >= 1 && int(id) <= len(c.brokers)
}

func cmpInt[T ~int64 | ~int](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
