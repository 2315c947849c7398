package engine

import (
	"fmt"
	"slices"

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
	sched  schedule
	events []Event

	// brokers[i] is broker i+1.
	brokers []broker
	// topics and parts are the controller's metadata (the __cluster_metadata
	// image), sorted by name and by partition.
	topics []topicReg
	parts  []partitionReg

	// producers[i] is p(i+1); consumers[i] is c(i+1).
	producers []producer
	consumers []consumer
}

// New returns a cluster of cfg.Brokers live brokers at time cfg.Start, or
// the error that makes cfg invalid.
func New(cfg Config) (*Cluster, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	c := &Cluster{cfg: cfg, now: cfg.Start, rng: rng.New(cfg.Seed)}
	c.brokers = make([]broker, cfg.Brokers)
	for i := range c.brokers {
		c.brokers[i] = broker{id: BrokerID(i + 1), alive: true}
	}
	return c, nil
}

// Config returns the configuration the cluster was created with.
func (c *Cluster) Config() Config { return c.cfg }

// Now returns the current simulated time in milliseconds.
func (c *Cluster) Now() Time { return c.now }

// Apply performs cmd at the current time. It returns an error, and changes
// nothing, if cmd is invalid ("engine: no topic orders").
func (c *Cluster) Apply(cmd Command) error {
	var err error
	switch cmd := cmd.(type) {
	case CreateTopic:
		err = c.checkCreateTopic(cmd)
		if err == nil {
			c.emit(Event{Kind: EvCommand, Text: cmd.String()})
			c.createTopic(cmd)
		}
	case Produce:
		err = c.checkProduce(cmd)
		if err == nil {
			c.emit(Event{Kind: EvCommand, Text: cmd.String()})
			c.produce(cmd)
		}
	case Consume:
		err = c.checkConsume(cmd)
		if err == nil {
			c.emit(Event{Kind: EvCommand, Text: cmd.String()})
			c.consume(cmd)
		}
	default:
		err = fmt.Errorf("engine: unknown command %T", cmd)
	}
	return err
}

// NextAt returns the time of the next scheduled delivery or timer, and false
// if nothing is scheduled.
func (c *Cluster) NextAt() (Time, bool) {
	if len(c.sched) == 0 {
		return 0, false
	}
	return c.sched[0].at, true
}

// Step processes exactly one scheduled item (one message delivery or one
// timer), moving the clock to its time. It returns false if nothing is
// scheduled.
func (c *Cluster) Step() bool {
	if len(c.sched) == 0 {
		return false
	}
	it := c.sched.pop()
	if it.at > c.now {
		c.now = it.at
	}
	switch it.kind {
	case itemDeliver:
		c.deliver(it.msg)
	case itemTimer:
		c.fire(it)
	}
	return true
}

// AdvanceTo processes every item scheduled at or before t, then sets the
// clock to t. A t in the past does nothing.
func (c *Cluster) AdvanceTo(t Time) {
	for len(c.sched) > 0 && c.sched[0].at <= t {
		c.Step()
	}
	if t > c.now {
		c.now = t
	}
}

// Advance is AdvanceTo(Now()+d); d is in milliseconds.
func (c *Cluster) Advance(d Time) { c.AdvanceTo(c.now + d) }

// Events returns the events with Seq >= from, oldest first. The slice is
// shared with the cluster's log; callers must not modify it.
func (c *Cluster) Events(from int) []Event {
	if from < 0 {
		from = 0
	}
	if from >= len(c.events) {
		return nil
	}
	return c.events[from:len(c.events):len(c.events)]
}

// InFlight returns the messages on the wire (sent, not yet delivered or
// dropped), ordered by send time and then id.
func (c *Cluster) InFlight() []Message {
	var out []Message
	for _, it := range c.sched {
		if it.kind == itemDeliver {
			out = append(out, it.msg)
		}
	}
	slices.SortFunc(out, func(a, b Message) int {
		if a.SentAt != b.SentAt {
			return cmpInt(int64(a.SentAt), int64(b.SentAt))
		}
		return cmpInt(a.ID, b.ID)
	})
	return out
}

// Clone returns an independent deep copy: a checkpoint for time travel.
// Records and events are immutable values, so clones share their backing
// arrays; every slice that either copy can change is copied.
func (c *Cluster) Clone() *Cluster {
	d := *c
	d.sched = slices.Clone(c.sched)
	d.events = c.events[:len(c.events):len(c.events)]
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
	return &d
}

// emit appends e to the event log, stamping its sequence number and time.
func (c *Cluster) emit(e Event) {
	e.Seq = len(c.events)
	e.At = c.now
	c.events = append(c.events, e)
}

// newID returns a fresh message or request id.
func (c *Cluster) newID() int64 {
	c.nextID++
	return c.nextID
}

// timer schedules a timer of kind k for node at time at.
func (c *Cluster) timer(at Time, k timerKind, node NodeID, tp TopicPartition, id int64) {
	c.seq++
	c.sched.push(item{at: at, seq: c.seq, kind: itemTimer, timer: k, node: node, tp: tp, id: id})
}

// send puts m on the wire from m.From to m.To with a latency drawn from the
// link's range, and returns its id.
func (c *Cluster) send(m Message) int64 {
	m.ID = c.newID()
	m.SentAt = c.now
	m.DeliverAt = c.now + Time(c.rng.Range(int64(c.cfg.MinLatency), int64(c.cfg.MaxLatency)))
	c.seq++
	c.sched.push(item{at: m.DeliverAt, seq: c.seq, kind: itemDeliver, msg: m})
	c.emit(Event{Kind: EvMsgSent, Node: m.From, Peer: m.To, MsgKind: m.Kind, MsgID: m.ID, DeliverAt: m.DeliverAt, TP: firstTP(m)})
	return m.ID
}

func firstTP(m Message) TopicPartition {
	if len(m.Parts) > 0 {
		return m.Parts[0].TP
	}
	return TopicPartition{}
}

// deliver hands a message to its receiver.
func (c *Cluster) deliver(m Message) {
	if m.To.Kind == NodeBroker && !c.broker(BrokerID(m.To.ID)).alive {
		c.emit(Event{Kind: EvMsgDropped, Node: m.To, Peer: m.From, MsgKind: m.Kind, MsgID: m.ID, TP: firstTP(m)})
		return
	}
	c.emit(Event{Kind: EvMsgDelivered, Node: m.To, Peer: m.From, MsgKind: m.Kind, MsgID: m.ID, TP: firstTP(m)})
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
	default:
		panic("engine: unknown message kind " + m.Kind.String())
	}
}

// fire runs a timer.
func (c *Cluster) fire(it item) {
	switch it.timer {
	case timerFetchExpire:
		c.expireParkedFetch(c.broker(BrokerID(it.node.ID)), it.id)
	case timerProduceExpire:
		c.expireDelayedProduce(c.broker(BrokerID(it.node.ID)), it.id)
	case timerLinger:
		c.lingerExpired(c.producerByID(it.node.ID), it.tp, it.id)
	case timerRetry:
		switch it.node.Kind {
		case NodeProducer:
			c.producerRetry(c.producerByID(it.node.ID), it.id)
		case NodeConsumer:
			c.consumerRetry(c.consumerByID(it.node.ID))
		}
	case timerFetcherBackoff:
		c.fetcherBackoffDone(c.broker(BrokerID(it.node.ID)), BrokerID(it.id))
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
