package engine

import (
	"reflect"
	"testing"
)

// TestPackedEventHoldsNoPointer: the log's blocks are allocated without
// pointers, so that the collector does not scan them (packedEvent's doc).
// A field that points would bring the scan back without changing a
// single event.
func TestPackedEventHoldsNoPointer(t *testing.T) { checkNoPointer(t, reflect.TypeOf(packedEvent{})) }

// TestPackedEventIs48Bytes: the record's size is what its doc promises; a
// field added or widened shows here rather than as a slower benchmark.
func TestPackedEventIs48Bytes(t *testing.T) {
	if n := reflect.TypeOf(packedEvent{}).Size(); n != 48 {
		t.Fatalf("a packedEvent takes %d bytes, want 48", n)
	}
}

// TestScheduleItemHoldsNoPointer: the schedule's arena of items is
// neither scanned nor moved with write barriers (schedule's doc).
func TestScheduleItemHoldsNoPointer(t *testing.T) {
	checkNoPointer(t, reflect.TypeOf(item{}))
	checkNoPointer(t, reflect.TypeOf(schedKey{}))
}

// checkNoPointer fails t for every field of ty, however deep, that the
// collector would scan.
func checkNoPointer(t *testing.T, ty reflect.Type) {
	t.Helper()
	root := ty.Name()
	var check func(reflect.Type, string)
	check = func(ty reflect.Type, path string) {
		switch ty.Kind() {
		case reflect.Struct:
			for i := range ty.NumField() {
				check(ty.Field(i).Type, path+"."+ty.Field(i).Name)
			}
		case reflect.Array:
			check(ty.Elem(), path+"[]")
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		default:
			t.Errorf("%s%s is a %s, which the collector scans", root, path, ty.Kind())
		}
	}
	check(ty, "")
}

// TestPackRoundTrip: unpack gives back the event packed, field for field
// (Seq from its place), a nil ISR nil and an empty one empty, numbers past
// 32 bits and the rare fields whole; and a clone's tables do not see what
// the original adds after it.
func TestPackRoundTrip(t *testing.T) {
	var tab eventTables
	evs := []Event{
		{Seq: 0, Kind: EvLeaderElected, TP: TopicPartition{Topic: "orders", Partition: 2}, ISR: []BrokerID{1, 2, 3}, Text: "preferred", Epoch: 4},
		{Seq: 1, Kind: EvAppended, TP: TopicPartition{Topic: "orders"}, Value: "v1", Offset: 5, End: 7, Node: Broker(2), Peer: NodeID{Kind: NodeProducer, ID: 1}},
		{Seq: 2, Kind: EvISRChanged, TP: TopicPartition{Topic: "audit"}, ISR: []BrokerID{}},
		{Seq: 3, Kind: EvCommand, Text: "crash 1"},
		{Seq: 4, Kind: EvLeaderElected, TP: TopicPartition{Topic: "orders", Partition: 2}, ISR: []BrokerID{1, 2, 3}},
		{Seq: 5, At: 40, Kind: EvMsgSent, MsgKind: MsgFetch, MsgID: 99, DeliverAt: 40, TP: TopicPartition{Topic: "orders"}},
		{Seq: 6, At: 40, Kind: EvMsgSent, MsgID: 1 << 40, DeliverAt: 41},
		{Seq: 7, At: 1 << 40, Kind: EvMsgSent, DeliverAt: 1<<40 + 1<<33},
		{Seq: 8, At: 50, Kind: EvMsgSent, DeliverAt: 49},
		{Seq: 9, Kind: EvHWChanged, Offset: -1, End: 1<<31 - 1, LEO: -1 << 31, Count: -3},
		{Seq: 10, Kind: EvHWChanged, Offset: 1 << 31},
		{Seq: 11, Kind: EvHWChanged, LEO: -1<<31 - 1},
		{Seq: 12, Kind: EvFetchRound, Count: 1 << 32},
		{Seq: 13, Kind: EvProduceError, Err: ErrNotLeaderOrFollower},
		{Seq: 14, At: 1 << 40, Kind: EvConsumerRead, Offset: 3},
		{Seq: 15, At: 1<<32 - 1, Kind: EvConsumerRead, Offset: 3, Epoch: 1<<15 - 1, Node: NodeID{Kind: NodeConsumer, ID: -1 << 15}, TP: TopicPartition{Topic: "orders", Partition: 1<<15 - 1}},
		{Seq: 16, At: -1, Kind: EvConsumerRead},
		{Seq: 17, Kind: EvLeaderElected, Epoch: 1 << 15},
		{Seq: 18, Kind: EvMsgSent, Peer: NodeID{Kind: NodeProducer, ID: 1 << 15}},
		{Seq: 19, Kind: EvHWChanged, TP: TopicPartition{Topic: "orders", Partition: -1<<15 - 1}},
		{Seq: 20, At: 7, Kind: EvMsgSent, DeliverAt: 7 + 1<<16 - 2},
		{Seq: 21, At: 7, Kind: EvMsgSent, DeliverAt: 7 + 1<<16 - 1},
	}
	narrow := map[int]bool{1: true, 3: true, 5: true, 9: true, 15: true, 20: true}
	packed := make([]packedEvent, len(evs))
	for i := range evs {
		tab.pack(&packed[i], &evs[i])
		if got := packed[i].ext&1 == 1 || packed[i].ext == 0; got != narrow[i] {
			t.Errorf("event %d: stored narrow %v, want %v", i, got, narrow[i])
		}
	}
	for i := range evs {
		if got := tab.unpack(&packed[i], i); !reflect.DeepEqual(got, evs[i]) {
			t.Fatalf("event %d: unpacked %#v, want %#v", i, got, evs[i])
		}
	}
	if got := tab.unpack(&packed[2], 2); got.ISR == nil {
		t.Fatal("an empty ISR came back nil")
	}
	if len(tab.topics) != 1 || len(tab.strs) != 2 || len(tab.wide) != len(evs)-len(narrow) {
		t.Fatalf("tables hold %d topics, %d strings and %d wide events, want 1, 2 (repeats reused) and %d", len(tab.topics), len(tab.strs), len(tab.wide), len(evs)-len(narrow))
	}
	cl := tab.clone()
	var pe, ce packedEvent
	tab.pack(&pe, &Event{Text: "restart 1"})
	cl.pack(&ce, &Event{Text: "heal"})
	if tab.unpack(&pe, 0).Text != "restart 1" || cl.unpack(&ce, 0).Text != "heal" {
		t.Fatal("a clone's table and the original's wrote over each other")
	}
}

// TestPackKeepsEveryField: each field of Event, however deep, set alone to
// a small value that the narrow record can hold, comes back from pack and
// unpack. A field added to Event but not to packedEvent, narrow and
// unpack fails here by name, before any golden shows it.
func TestPackKeepsEveryField(t *testing.T) {
	var tab eventTables
	var set func(v reflect.Value, path string)
	check := func(e Event, path string) {
		var p packedEvent
		tab.pack(&p, &e)
		if got := tab.unpack(&p, e.Seq); !reflect.DeepEqual(got, e) {
			t.Errorf("Event%s set alone: unpacked %#v, want %#v", path, got, e)
		}
	}
	var root Event
	set = func(v reflect.Value, path string) {
		switch v.Kind() {
		case reflect.Struct:
			for i := range v.NumField() {
				set(v.Field(i), path+"."+v.Type().Field(i).Name)
			}
			return
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			if path == ".Seq" {
				return // Seq is the event's place, not stored: TestPackRoundTrip
			}
			old := v.Int()
			v.SetInt(3)
			check(root, path)
			v.SetInt(old)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			old := v.Uint()
			v.SetUint(3)
			check(root, path)
			v.SetUint(old)
		case reflect.String:
			v.SetString("x")
			check(root, path)
			v.SetString("")
		case reflect.Slice:
			v.Set(reflect.Append(reflect.MakeSlice(v.Type(), 0, 1), reflect.ValueOf(BrokerID(3)).Convert(v.Type().Elem())))
			check(root, path)
			v.Set(reflect.Zero(v.Type()))
		default:
			t.Errorf("Event%s is a %s: teach this test (and pack) about it", path, v.Kind())
		}
	}
	set(reflect.ValueOf(&root).Elem(), "")
}

// TestPackMsgIsPack: a message event packed from its fields (emitMsg's
// fast path) is the record pack makes of the whole Event, byte for byte,
// with the same tables after it, whenever msgFits says it fits; and
// msgFits says so exactly when narrow does.
func TestPackMsgIsPack(t *testing.T) {
	topics := []string{"", "orders", "audit"}
	nodes := []NodeID{{}, Broker(1), Broker(3), {Kind: NodeProducer, ID: 2}, {Kind: NodeConsumer, ID: 1}, Controller, {Kind: NodeConsumer, ID: 1 << 15}}
	ids := []int64{0, 1, 99, 1<<31 - 1, 1 << 31, -1 << 31, -1<<31 - 1, 1 << 40}
	ats := []Time{0, 40, 1<<32 - 1, 1 << 32, -1, 1 << 40}
	delivers := []Time{0, -1, 0, 1, 7, 1<<16 - 2, 1<<16 - 1, 1<<32 - 1, 1 << 32}
	var a, b eventTables
	n := 0
	for _, topic := range topics {
		for _, node := range nodes {
			for _, id := range ids {
				for _, at := range ats {
					for _, d := range delivers {
						deliverAt := Time(0)
						if d != 0 {
							deliverAt = at + d
						}
						for _, kind := range []EventKind{EvMsgSent, EvMsgDelivered} {
							tp := TopicPartition{Topic: topic, Partition: int32(n % 5)}
							e := Event{At: at, Kind: kind, Node: node, Peer: nodes[n%len(nodes)], MsgKind: MsgKind(n % 7), MsgID: id, DeliverAt: deliverAt, TP: tp}
							n++
							fits := msgFits(at, e.Node, e.Peer, id, deliverAt, tp.Partition)
							if fits != narrow(&e) {
								t.Fatalf("%+v: msgFits %v, narrow %v", e, fits, narrow(&e))
							}
							if !fits {
								continue
							}
							var pa, pb packedEvent
							a.pack(&pa, &e)
							b.packMsg(&pb, e.At, e.Kind, e.Node, e.Peer, e.MsgKind, e.MsgID, e.DeliverAt, e.TP.Partition, b.topic(e.TP.Topic))
							if pa != pb {
								t.Fatalf("%+v: packMsg gave\n%+v, pack\n%+v", e, pb, pa)
							}
						}
					}
				}
			}
		}
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("the tables differ: pack's %+v, packMsg's %+v", a, b)
	}
}

// TestPackPastMaxTopic: once the topic table has grown past what a
// record's 16-bit index names, an event of a new topic is stored whole
// and comes back as it was, and so does a message event emitted there.
func TestPackPastMaxTopic(t *testing.T) {
	c, err := New(DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	tab := &c.events.tab
	for i := range maxTopic {
		tab.topics = append(tab.topics, "t"+itoa(i))
	}
	e := Event{Kind: EvHWChanged, TP: TopicPartition{Topic: "late", Partition: 1}, Offset: 4}
	var p packedEvent
	tab.pack(&p, &e)
	if p.ext == 0 || p.ext&1 == 1 {
		t.Fatalf("an event of topic %d was stored narrow: %+v", len(tab.topics), p)
	}
	if got := tab.unpack(&p, 0); !reflect.DeepEqual(got, e) {
		t.Fatalf("unpacked %+v, want %+v", got, e)
	}
	n := c.EventCount()
	c.emitMsg(EvMsgSent, Broker(1), Broker(2), MsgFetch, 12, c.now+3, TopicPartition{Topic: "later", Partition: 2})
	want := Event{Seq: n, At: c.now, Kind: EvMsgSent, Node: Broker(1), Peer: Broker(2), MsgKind: MsgFetch, MsgID: 12, DeliverAt: c.now + 3, TP: TopicPartition{Topic: "later", Partition: 2}}
	if got, ok := c.Event(n); !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("emitted %+v, got back %+v", want, got)
	}
}
