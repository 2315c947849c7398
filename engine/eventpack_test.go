package engine

import (
	"reflect"
	"testing"
)

// TestPackedEventHoldsNoPointer: the log's blocks are allocated without
// pointers, so that the collector does not scan them (packedEvent's doc).
// A field that points would bring the scan back without changing a
// single event.
func TestPackedEventHoldsNoPointer(t *testing.T) {
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
			t.Errorf("packedEvent%s is a %s, which the collector scans", path, ty.Kind())
		}
	}
	check(reflect.TypeOf(packedEvent{}), "")
}

// TestPackRoundTrip: unpack gives back the event packed, field for field,
// a nil ISR nil and an empty one empty, and a clone's tables do not see
// what the original adds after it.
func TestPackRoundTrip(t *testing.T) {
	var tab eventTables
	evs := []Event{
		{Seq: 1, Kind: EvLeaderElected, TP: TopicPartition{Topic: "orders", Partition: 2}, ISR: []BrokerID{1, 2, 3}, Text: "preferred", Epoch: 4},
		{Seq: 2, Kind: EvAppended, TP: TopicPartition{Topic: "orders"}, Value: "v1", Offset: 5, End: 7},
		{Seq: 3, Kind: EvISRChanged, TP: TopicPartition{Topic: "audit"}, ISR: []BrokerID{}},
		{Seq: 4, Kind: EvCommand, Text: "crash 1"},
		{Seq: 5, Kind: EvLeaderElected, TP: TopicPartition{Topic: "orders", Partition: 2}, ISR: []BrokerID{1, 2, 3}},
	}
	packed := make([]packedEvent, len(evs))
	for i := range evs {
		packed[i] = tab.pack(&evs[i])
	}
	for i := range evs {
		if got := tab.unpack(&packed[i]); !reflect.DeepEqual(got, evs[i]) {
			t.Fatalf("event %d: unpacked %#v, want %#v", i, got, evs[i])
		}
	}
	if got := tab.unpack(&packed[2]); got.ISR == nil {
		t.Fatal("an empty ISR came back nil")
	}
	if len(tab.strs) != 5 || len(tab.isrs) != 2 {
		t.Fatalf("tables hold %d strings and %d ISRs, want 5 and 2 (repeats reused)", len(tab.strs), len(tab.isrs))
	}
	cl := tab.clone()
	e := Event{Text: "restart 1"}
	pe := tab.pack(&e)
	ce := cl.pack(&Event{Text: "heal"})
	if tab.unpack(&pe).Text != "restart 1" || cl.unpack(&ce).Text != "heal" {
		t.Fatal("a clone's table and the original's wrote over each other")
	}
}
