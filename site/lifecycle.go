package site

import (
	"slices"
	"sort"
	"strings"

	"kplay/engine"
)

// This file follows one record through the cluster, from the engine's
// event log: produce → append on the leader → each follower's fetch that
// copied it → the HW passing it on each replica → the ack to the producer
// → each consumer read (and, if it comes to that, its truncation). The
// record is one copy: an acknowledgement for another copy at its offset
// (a retry another leader wrote) is said to be that copy's.

// The kinds of LifeStep.
const (
	StepProduce  = "produce"
	StepSend     = "send"
	StepAppend   = "append"
	StepCopy     = "copy"
	StepHW       = "hw"
	StepAck      = "ack"
	StepAckOther = "ack-other" // the producer's ack of another copy at this offset: a retry another leader wrote
	StepRead     = "read"
	StepTruncate = "truncate"
	StepLost     = "lost"
)

// LifeStep is one moment of a record's life.
type LifeStep struct {
	At   engine.Time
	Kind string
	// Node is who acted: the producer, a broker, a consumer.
	Node engine.NodeID
	// Text is the step as one plain-language sentence, without its time.
	Text string
}

// lifeBuilder builds a record's lifecycle from events fed in order. The
// record is identified by its offset and leader epoch (and its value where
// an event names it).
type lifeBuilder struct {
	tp  engine.TopicPartition
	rec engine.Record

	// player and read say which run and how much of its log the
	// lifecycle was built from (Store.Lifecycle); Lifecycle leaves them
	// zero.
	player *Player
	read   LogMark
	out    []LifeStep
	// leader is the broker that appended the record first; zero before.
	leader engine.NodeID
	// holds says which brokers hold the record now.
	holds map[engine.NodeID]bool
	// copied is the index in out of each broker's copy step, until its
	// fetch round (same event batch) adds the fetch details.
	copied map[engine.NodeID]int
	// sent and lastProduce trace the Produce request that carried it.
	sent        map[int64]engine.Event
	lastProduce map[engine.NodeID]int64
	// other is the leader epoch of the other record each broker holds at
	// this record's offset, from its append there; an acknowledgement
	// that such a broker sends is for that record, not this one.
	other map[engine.NodeID]engine.Epoch
}

func newLifeBuilder(tp engine.TopicPartition, rec engine.Record) *lifeBuilder {
	return &lifeBuilder{tp: tp, rec: rec, holds: map[engine.NodeID]bool{}, copied: map[engine.NodeID]int{},
		sent: map[int64]engine.Event{}, lastProduce: map[engine.NodeID]int64{}, other: map[engine.NodeID]engine.Epoch{}}
}

// Lifecycle returns the lifecycle of rec, a record of tp, from events.
func Lifecycle(evs []engine.Event, tp engine.TopicPartition, rec engine.Record) []LifeStep {
	lb := newLifeBuilder(tp, rec)
	for _, e := range evs {
		lb.feed(e)
	}
	return lb.steps()
}

// covers reports whether [from, end) holds the record's offset.
func (lb *lifeBuilder) covers(from, end engine.Offset) bool {
	return lb.rec.Offset >= from && lb.rec.Offset < end
}

// isOurs reports whether an append event of tp is of this record.
func (lb *lifeBuilder) isOurs(e engine.Event) bool {
	if e.TP != lb.tp || !lb.covers(e.Offset, e.End) || e.Epoch != lb.rec.LeaderEpoch {
		return false
	}
	return e.Offset != lb.rec.Offset || lb.rec.Value == "" || e.Value == lb.rec.Value
}

func (lb *lifeBuilder) add(e engine.Event, kind string, node engine.NodeID, text string) {
	lb.out = append(lb.out, LifeStep{At: e.At, Kind: kind, Node: node, Text: text})
}

// feed takes the next event, handing it to the step of the record's life
// its kind may add.
func (lb *lifeBuilder) feed(e engine.Event) {
	switch e.Kind {
	case engine.EvCommand:
		lb.onCommand(e)
	case engine.EvMsgSent, engine.EvMsgDelivered:
		lb.onProduceRequest(e)
	case engine.EvAppended:
		lb.onAppended(e)
	case engine.EvFetchRound:
		lb.onFetchRound(e)
	case engine.EvHWChanged:
		lb.onHWChanged(e)
	case engine.EvProduceAcked:
		lb.onProduceAcked(e)
	case engine.EvConsumerRead:
		lb.onConsumerRead(e)
	case engine.EvTruncated:
		lb.onTruncated(e)
	case engine.EvViolation:
		lb.onViolation(e)
	}
}

// onCommand adds the produce step: the script's produce command that asked
// the record's producer, at its produce time, to send it.
func (lb *lifeBuilder) onCommand(e engine.Event) {
	r := lb.rec
	if lb.leader.Kind == engine.NodeNone && r.Producer.Kind == engine.NodeProducer && e.At == r.ProducedAt &&
		strings.HasPrefix(e.Text, "produce "+lb.tp.String()) && !lb.has(StepProduce) &&
		(strings.Contains(e.Text, r.Value) || strings.Contains(e.Text, "count=")) {
		lb.add(e, StepProduce, r.Producer, r.Producer.String()+" is asked to send "+recordName(r)+": "+e.Text)
	}
}

// onProduceRequest traces the Produce requests sent and delivered until
// the record's first append, so that the append can name the request that
// carried it (the send step).
func (lb *lifeBuilder) onProduceRequest(e engine.Event) {
	if e.MsgKind != engine.MsgProduce || lb.leader.Kind != engine.NodeNone {
		return
	}
	if e.Kind == engine.EvMsgSent {
		lb.sent[e.MsgID] = e
		return
	}
	lb.lastProduce[e.Node] = e.MsgID
}

// onAppended decides what an append over the record's offset is: another
// record overwriting this copy (a truncate step), the leader's first
// append of it (send and append steps), or a follower's copy.
func (lb *lifeBuilder) onAppended(e engine.Event) {
	r := lb.rec
	if e.TP != lb.tp || !lb.covers(e.Offset, e.End) {
		return
	}
	if !lb.isOurs(e) {
		lb.other[e.Node] = e.Epoch
		if lb.holds[e.Node] {
			lb.holds[e.Node] = false
			lb.add(e, StepTruncate, e.Node, e.Node.String()+" overwrites offset "+itoa(int64(r.Offset))+" with a record of leader epoch "+itoa(int64(e.Epoch)))
		}
		return
	}
	lb.holds[e.Node] = true
	delete(lb.other, e.Node)
	if lb.leader.Kind == engine.NodeNone {
		lb.onLeaderAppend(e)
		return
	}
	lb.copied[e.Node] = len(lb.out)
	lb.add(e, StepCopy, e.Node, e.Node.String()+" copies it into its log")
}

// onLeaderAppend records the record's first append: its broker is the
// leader, and the Produce request last delivered to it is the one that
// carried the record.
func (lb *lifeBuilder) onLeaderAppend(e engine.Event) {
	r := lb.rec
	lb.leader = e.Node
	if s, ok := lb.sent[lb.lastProduce[e.Node]]; ok {
		lb.out = append(lb.out, LifeStep{At: s.At, Kind: StepSend, Node: s.Node,
			Text: s.Node.String() + " sends the Produce request to " + s.Peer.String() + ", arriving at " + engine.FormatTime(s.DeliverAt)})
	}
	lb.sent, lb.lastProduce = nil, nil
	lb.add(e, StepAppend, e.Node, e.Node.String()+" (leader) appends "+recordName(r)+" at offset "+itoa(int64(r.Offset))+" in leader epoch "+itoa(int64(r.LeaderEpoch)))
}

// onFetchRound gives a follower's copy step the details of the fetch that
// copied the record.
func (lb *lifeBuilder) onFetchRound(e engine.Event) {
	i, ok := lb.copied[e.Node]
	if !ok || e.TP != lb.tp {
		return
	}
	delete(lb.copied, e.Node)
	lb.out[i].Text = e.Node.String() + " copies it: its fetch from offset " + itoa(int64(e.Offset)) + " to " + e.Peer.String() +
		" got " + engine.ReturnsPhrase(e.Offset, e.Count) + ", log end now " + itoa(int64(e.End))
}

// onHWChanged adds a step when a replica holding the record moves its high
// watermark past it; on the leader, that commits it.
func (lb *lifeBuilder) onHWChanged(e engine.Event) {
	if e.TP != lb.tp || !lb.holds[e.Node] || !lb.covers(e.Offset, e.End) {
		return
	}
	what := ""
	if e.Node == lb.leader {
		what = ": committed"
	}
	lb.add(e, StepHW, e.Node, e.Node.String()+"'s high watermark passes it ("+itoa(int64(e.Offset))+" → "+itoa(int64(e.End))+")"+what)
}

// onProduceAcked decides whose copy an acknowledgement over the record's
// offset is for.
//
// The broker that answers (Peer) is the leader that wrote the acknowledged
// records: the acknowledgement is this record's only if that broker holds
// this copy. After a leader change a retry can be written again, in a new
// leader epoch, at the same offset (the old leader's copy, never
// acknowledged, is truncated when it returns): that acknowledgement is the
// other copy's.
func (lb *lifeBuilder) onProduceAcked(e engine.Event) {
	r := lb.rec
	if e.TP != lb.tp || lb.leader.Kind == engine.NodeNone || !lb.covers(e.Offset, e.End) ||
		(r.Producer.Kind != engine.NodeNone && e.Node != r.Producer) {
		return
	}
	at := " at offset " + itoa(int64(r.Offset))
	if lb.holds[e.Peer] {
		lb.add(e, StepAck, e.Node, e.Node.String()+"'s produce is acknowledged by "+e.Peer.String()+at)
		return
	}
	if ep, ok := lb.other[e.Peer]; ok {
		lb.add(e, StepAckOther, e.Node, e.Node.String()+"'s produce is acknowledged by "+e.Peer.String()+at+", for the record "+e.Peer.String()+
			" wrote there in leader epoch "+itoa(int64(ep))+", not for this copy (leader epoch "+itoa(int64(r.LeaderEpoch))+")")
	}
}

// onConsumerRead adds a step when a consumer reads the record from a
// broker that holds this copy.
func (lb *lifeBuilder) onConsumerRead(e engine.Event) {
	if e.TP != lb.tp || !lb.holds[e.Peer] || !lb.covers(e.Offset, e.End) {
		return
	}
	lb.add(e, StepRead, e.Node, e.Node.String()+" reads it from "+e.Peer.String())
}

// onTruncated adds a step when a broker holding the record truncates it.
func (lb *lifeBuilder) onTruncated(e engine.Event) {
	if e.TP != lb.tp || !lb.holds[e.Node] || !lb.covers(e.Offset, e.End) {
		return
	}
	lb.holds[e.Node] = false
	lb.add(e, StepTruncate, e.Node, e.Node.String()+" truncates it: "+e.Text)
}

// onViolation adds the lost step when a guarantee the record had is
// broken: the checker names it by its offset and value.
func (lb *lifeBuilder) onViolation(e engine.Event) {
	r := lb.rec
	if e.TP != lb.tp || e.Offset != r.Offset || e.Value == "" || e.Value != r.Value || lb.leader.Kind == engine.NodeNone {
		return
	}
	lb.add(e, StepLost, engine.Controller, ViolationRule(e)+": "+RuleSentence(e))
}

func (lb *lifeBuilder) has(kind string) bool {
	return slices.ContainsFunc(lb.out, func(s LifeStep) bool { return s.Kind == kind })
}

// steps returns the lifecycle so far, in time order.
func (lb *lifeBuilder) steps() []LifeStep {
	out := slices.Clone(lb.out)
	sort.SliceStable(out, func(i, j int) bool { return out[i].At < out[j].At }) // see mergeSteps on sort.SliceStable
	return out
}

// recordName says "order-9001" or "the record at offset 3".
func recordName(r engine.Record) string {
	if r.Value == "" {
		return "the record"
	}
	return r.Value
}
