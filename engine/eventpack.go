package engine

import (
	"math"
	"slices"
)

// packedEvent is an Event as the log stores it, in 48 bytes instead of
// the Event's 168: it holds no pointer, so the Go collector marks a block
// of 1,024 of them without scanning it (in js/wasm a collection marks the
// whole heap at once, inside one animation frame: 9 brokers × 12
// partitions at the top speed hold about 40,000 events, and scanning
// their pointers was three quarters of each collection's 40 ms), and it
// is narrow, since the log's blocks were the largest thing the engine
// allocated and zeroed. Seq is not stored: it is the event's place in the
// log (eventLog.locate). The topic indexes eventTables.topics, the
// first record's value eventTables.strs; At, offsets, ids and counts are
// 32 bits wide, which every event of a simulated run fits (49 days of
// milliseconds; offsets, ids and counts of a run of hours stay far below
// 2^31); node ids, partitions, leader epochs and the topic's index are 16
// bits, and DeliverAt is stored as its distance from At, also in 16
// bits (a message's latency). At 48 bytes rather than 64 a record
// costs a quarter less to allocate, zero and fault in: the log is most
// of what a running cluster allocates, and its fresh pages were the top
// of the native profile.
//
// A Text (a command's line, mostly) goes to strs too. An event that does
// not fit otherwise (a number past its field, an error code or an ISR:
// rare) is stored whole in eventTables.wide, and its record holds only
// the index there. Every event thus unpacks to exactly the Event packed.
type packedEvent struct {
	// at is At, which is at least 0 (narrow).
	at                 uint32
	Kind               EventKind
	MsgKind            MsgKind
	NodeKind, PeerKind NodeKind
	Epoch              int16
	NodeID, PeerID     int16
	Partition          int16
	// topic indexes eventTables.topics plus one (0 is "").
	topic uint16
	// deliver is DeliverAt-At+1, or 0 for a DeliverAt of 0.
	deliver uint16
	// value indexes eventTables.strs plus one (0 is "").
	value uint32
	// ext is 0 for an event without Text that the other fields hold;
	// 2i+1 for one whose Text is strs[i-1]; 2i for one stored whole in
	// wide[i-1].
	ext              uint32
	Offset, End, LEO int32
	Count            int32
	MsgID            int32
}

// maxTopic is the most topics a record's 16-bit topic index names; an
// event of a later one is stored whole.
const maxTopic = math.MaxUint16

// eventTables holds the strings and the wide events of a log's packed
// events. All only grow; a clone shares them, clipped to their length
// (clone), so that an append on either side copies instead of writing
// where the other can see. Few events carry a string (of 29,000 events of
// a 9×12 run, 1,363 a Value, 392 a Text, and nearly all one of a few
// topics), few an ISR (16), and a string equal to one of the last few is
// reused, so the tables stay a small fraction of the log. Topics have a
// table of their own, and the one the last event named is tried first:
// nearly every event names a topic, mostly the last one's, and comparing
// strings is a call in js/wasm, where scanning one table for all three
// fields was a tenth of the engine's time.
type eventTables struct {
	topics []string
	strs   []string
	wide   []Event
	// lastTopic is the index plus one in topics of the last topic packed.
	lastTopic uint32
}

// recentEntries is how far back eventTables looks for an equal entry to
// reuse: a bounded cost per event, whatever the number of topics.
const recentEntries = 8

// str returns the index plus one of s in strs, adding it unless one of
// the last recentEntries entries equals it; 0 for "".
func (t *eventTables) str(s string) uint32 {
	if s == "" {
		return 0
	}
	for i := len(t.strs) - 1; i >= 0 && i >= len(t.strs)-recentEntries; i-- {
		if t.strs[i] == s {
			return uint32(i + 1)
		}
	}
	t.strs = append(t.strs, s)
	return uint32(len(t.strs))
}

// topic returns the index plus one of topic s in topics, as str does,
// trying the last topic packed first; 0 for "".
func (t *eventTables) topic(s string) uint32 {
	if s == "" {
		return 0
	}
	if i := t.lastTopic; i > 0 && t.topics[i-1] == s {
		return i
	}
	for i := len(t.topics) - 1; i >= 0 && i >= len(t.topics)-recentEntries; i-- {
		if t.topics[i] == s {
			t.lastTopic = uint32(i + 1)
			return t.lastTopic
		}
	}
	t.topics = append(t.topics, s)
	t.lastTopic = uint32(len(t.topics))
	return t.lastTopic
}

// fits32 reports whether v fits an int32, fits16 an int16.
func fits32[T ~int | ~int64](v T) bool { return int64(v) == int64(int32(v)) }
func fits16[T ~int32](v T) bool        { return int32(v) == int32(int16(v)) }

// atFits reports whether a record's at holds t.
func atFits(t Time) bool { return t >= 0 && t <= math.MaxUint32 }

// deliverFits reports whether a record's deliver holds deliverAt for an
// event at at.
func deliverFits(at, deliverAt Time) bool {
	return deliverAt == 0 || deliverAt >= at && deliverAt-at < math.MaxUint16
}

// narrow reports whether a packedEvent's own fields (and strs) hold e
// whole, its topic's index aside (pack checks that).
func narrow(e *Event) bool {
	return e.Err == 0 && e.ISR == nil && atFits(e.At) &&
		fits16(e.Epoch) && fits16(e.Node.ID) && fits16(e.Peer.ID) && fits16(e.TP.Partition) &&
		fits32(e.Offset) && fits32(e.End) && fits32(e.LEO) && fits32(e.Count) && fits32(e.MsgID) &&
		deliverFits(e.At, e.DeliverAt)
}

// pack stores e in p as the log stores it, adding its strings, or the
// whole event if it does not fit the record, to t. e.Seq is not stored.
// p is written in place (the log's next slot): a 64-byte result copied
// into the block was a cost of its own in js/wasm.
func (t *eventTables) pack(p *packedEvent, e *Event) {
	fits := narrow(e)
	var topic uint32
	if fits {
		topic = t.topic(e.TP.Topic)
	}
	if !fits || topic > maxTopic {
		w := *e
		w.Seq = 0
		t.wide = append(t.wide, w)
		*p = packedEvent{Kind: e.Kind, ext: uint32(len(t.wide)) << 1}
		return
	}
	*p = packedEvent{
		at: uint32(e.At), Kind: e.Kind, MsgKind: e.MsgKind, NodeKind: e.Node.Kind, PeerKind: e.Peer.Kind, Epoch: int16(e.Epoch),
		NodeID: int16(e.Node.ID), PeerID: int16(e.Peer.ID), Partition: int16(e.TP.Partition),
		topic: uint16(topic), value: t.str(e.Value),
		Offset: int32(e.Offset), End: int32(e.End), LEO: int32(e.LEO), Count: int32(e.Count), MsgID: int32(e.MsgID),
	}
	if e.DeliverAt != 0 {
		p.deliver = uint16(e.DeliverAt-e.At) + 1
	}
	if e.Text != "" {
		p.ext = t.str(e.Text)<<1 | 1
	}
}

// packMsg stores in p, as pack would, a message event: one with only
// At, Kind, Node, Peer, MsgKind, MsgID, DeliverAt and TP set, whose
// numbers msgFits, and whose topic has index topic (t.topic), at most
// maxTopic. A message's sending and delivery are two of every three
// events a cluster emits; packing them from their fields, not from an
// Event of 168 bytes built for pack to read, saves a tenth of their
// cost.
func (t *eventTables) packMsg(p *packedEvent, at Time, kind EventKind, node, peer NodeID, mk MsgKind, id int64, deliverAt Time, partition int32, topic uint32) {
	*p = packedEvent{
		at: uint32(at), Kind: kind, MsgKind: mk, NodeKind: node.Kind, PeerKind: peer.Kind,
		NodeID: int16(node.ID), PeerID: int16(peer.ID), Partition: int16(partition),
		topic: uint16(topic), MsgID: int32(id),
	}
	if deliverAt != 0 {
		p.deliver = uint16(deliverAt-at) + 1
	}
}

// msgFits reports whether a message event's numbers fit its record, as
// narrow would.
func msgFits(at Time, node, peer NodeID, id int64, deliverAt Time, partition int32) bool {
	return atFits(at) && fits16(node.ID) && fits16(peer.ID) && fits16(partition) && fits32(id) && deliverFits(at, deliverAt)
}

// unpack returns the Event p was packed from, with Seq seq. It allocates
// nothing: the strings and the ISR are the ones packed (callers must not
// modify the ISR, as with every event the log hands out).
func (t *eventTables) unpack(p *packedEvent, seq int) Event {
	if p.ext > 0 && p.ext&1 == 0 {
		e := t.wide[p.ext>>1-1]
		e.Seq = seq
		return e
	}
	e := Event{
		Seq: seq, At: Time(p.at), Kind: p.Kind, MsgKind: p.MsgKind, Epoch: Epoch(p.Epoch),
		Node: NodeID{Kind: p.NodeKind, ID: int32(p.NodeID)}, Peer: NodeID{Kind: p.PeerKind, ID: int32(p.PeerID)},
		TP:     TopicPartition{Partition: int32(p.Partition)},
		Offset: Offset(p.Offset), End: Offset(p.End), LEO: Offset(p.LEO), Count: int(p.Count), MsgID: int64(p.MsgID),
	}
	if p.deliver > 0 {
		e.DeliverAt = e.At + Time(p.deliver-1)
	}
	if p.topic > 0 {
		e.TP.Topic = t.topics[p.topic-1]
	}
	if p.value > 0 {
		e.Value = t.strs[p.value-1]
	}
	if p.ext > 0 {
		e.Text = t.strs[p.ext>>1-1]
	}
	return e
}

// clone shares the tables, clipped to their length.
func (t eventTables) clone() eventTables {
	return eventTables{topics: slices.Clip(t.topics), strs: slices.Clip(t.strs), wide: slices.Clip(t.wide), lastTopic: t.lastTopic}
}
