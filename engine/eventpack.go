package engine

import "slices"

// packedEvent is an Event as the log stores it: the same fields, with the
// four that point (the topic, the ISR, Value and Text) replaced by indexes
// into the log's eventTables. It holds no pointer, so the Go collector
// marks a block of 1,024 of them without scanning it. In js/wasm a
// collection marks the whole heap at once, inside one animation frame
// (one thread, no preemption): 9 brokers × 12 partitions at the top speed
// hold about 40,000 events, and scanning their pointers was three
// quarters of each collection's 40 ms.
type packedEvent struct {
	Seq       int
	At        Time
	Kind      EventKind
	MsgKind   MsgKind
	Err       ErrorCode
	Epoch     Epoch
	Node      NodeID
	Peer      NodeID
	Partition int32
	// topic, value and text index eventTables.strs plus one (0 is "");
	// isr indexes eventTables.isrs plus one (0 is a nil ISR).
	topic, value, text, isr uint32
	Offset                  Offset
	End                     Offset
	LEO                     Offset
	Count                   int
	MsgID                   int64
	DeliverAt               Time
}

// eventTables holds the strings and ISRs of a log's packed events. Both
// only grow; a clone shares them, clipped to their length (clone), so
// that an append on either side copies instead of writing where the
// other can see. Few events carry them (of 29,000 events of a 9×12 run,
// 1,363 a Value, 392 a Text, 16 an ISR, and nearly all one of a few
// topics), and an entry equal to one of the last few is reused, so the
// tables stay a small fraction of the log.
type eventTables struct {
	strs []string
	isrs [][]BrokerID
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

// isr returns the index plus one of ids in isrs, as str does; 0 for nil.
// An empty, non-nil ISR stays empty and non-nil.
func (t *eventTables) isr(ids []BrokerID) uint32 {
	if ids == nil {
		return 0
	}
	for i := len(t.isrs) - 1; i >= 0 && i >= len(t.isrs)-recentEntries; i-- {
		if slices.Equal(t.isrs[i], ids) {
			return uint32(i + 1)
		}
	}
	t.isrs = append(t.isrs, ids)
	return uint32(len(t.isrs))
}

// pack returns e as the log stores it, adding its strings and ISR to t.
func (t *eventTables) pack(e *Event) packedEvent {
	return packedEvent{
		Seq: e.Seq, At: e.At, Kind: e.Kind, MsgKind: e.MsgKind, Err: e.Err, Epoch: e.Epoch,
		Node: e.Node, Peer: e.Peer, Partition: e.TP.Partition,
		topic: t.str(e.TP.Topic), value: t.str(e.Value), text: t.str(e.Text), isr: t.isr(e.ISR),
		Offset: e.Offset, End: e.End, LEO: e.LEO, Count: e.Count, MsgID: e.MsgID, DeliverAt: e.DeliverAt,
	}
}

// unpack returns the Event p was packed from. It allocates nothing: the
// strings and the ISR are the ones packed (callers must not modify the
// ISR, as with every event the log hands out).
func (t *eventTables) unpack(p *packedEvent) Event {
	e := Event{
		Seq: p.Seq, At: p.At, Kind: p.Kind, MsgKind: p.MsgKind, Err: p.Err, Epoch: p.Epoch,
		Node: p.Node, Peer: p.Peer, TP: TopicPartition{Partition: p.Partition},
		Offset: p.Offset, End: p.End, LEO: p.LEO, Count: p.Count, MsgID: p.MsgID, DeliverAt: p.DeliverAt,
	}
	if p.topic > 0 {
		e.TP.Topic = t.strs[p.topic-1]
	}
	if p.value > 0 {
		e.Value = t.strs[p.value-1]
	}
	if p.text > 0 {
		e.Text = t.strs[p.text-1]
	}
	if p.isr > 0 {
		e.ISR = t.isrs[p.isr-1]
	}
	return e
}

// clone shares both tables, clipped to their length.
func (t eventTables) clone() eventTables {
	return eventTables{strs: slices.Clip(t.strs), isrs: slices.Clip(t.isrs)}
}
