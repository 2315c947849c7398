package site

import (
	"slices"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
)

// runScript plays a script to its end and returns the cluster.
func runScript(t *testing.T, src string) *engine.Cluster {
	t.Helper()
	dirs, err := script.Parse("test", src)
	if err != nil {
		t.Fatal(err)
	}
	var r script.Runner
	for _, d := range dirs {
		if _, err := r.Exec(d); err != nil {
			t.Fatal(err)
		}
	}
	return r.Cluster()
}

// TestConsumerRowsShowTheGroup: the consumer panel's rows name a group
// consumer's group and the committed offset with its leader epoch
// (KIP-320: the epoch of the last record consumed, 0 here), and leave a
// consumer without a group.id as it was.
func TestConsumerRowsShowTheGroup(t *testing.T) {
	c := runScript(t, `cluster brokers=3 latency=(1,1) linger.ms=0 auto.offset.reset=earliest
create-topic t partitions=1 rf=3
produce t-0 count=3 acks=all
consume t-0 group.id=app
consume t-0 consumer=c2 from=0
advance 6s
`)
	rows := ConsumerRows(c.State())
	if len(rows) != 2 {
		t.Fatalf("rows %v, want 2", rows)
	}
	g := rows[0]
	if g.ID != "c1" || g.Group != "app" || g.Committed != 3 || g.CommittedEpoch != 0 {
		t.Fatalf("group row %+v, want c1 of app committed 3 in epoch 0", g)
	}
	if want := "c1 in group app at offset 3, 3 read; its committed offset (the group's saved place) is 3, leader epoch 0"; g.Text != want {
		t.Fatalf("group row text %q, want %q", g.Text, want)
	}
	if p := rows[1]; p.Group != "" || p.Text != "c2 at offset 3, 3 read" {
		t.Fatalf("plain row %+v", p)
	}
}

// TestStripDrawsDeletedOffsets: below a replica's log start offset the
// strip's cells are CellDeleted, with a tooltip that says log retention
// deleted them, and the strip carries the log start offset; the window
// still starts at 0 when the log is short. Each produce is one batch of
// two 300000-byte records, 61 + 600000 = 600061 bytes
// (DefaultRecordBatch.RECORD_BATCH_OVERHEAD is 61), one segment of
// segment.bytes=1048576 (Kafka 4.0's minimum, KIP-1030); with
// retention.bytes=600061 the retention task at 1 s deletes [0,2), since
// the log less it stays at 600061 (deleteRetentionSizeBreachedSegments).
func TestStripDrawsDeletedOffsets(t *testing.T) {
	c := runScript(t, `cluster brokers=3 latency=(1,1) linger.ms=0 log.retention.check.interval.ms=1000 log.initial.task.delay.ms=1000
create-topic t partitions=1 rf=3 segment.bytes=1048576 retention.bytes=600061
produce t-0 values=(a, b) size=300000 acks=all
advance 10ms
produce t-0 values=(c, d) size=300000 acks=all
advance 2s
`)
	st := c.State()
	r, _ := st.Replica(1, engine.TopicPartition{Topic: "t", Partition: 0})
	if r.LogStart != 2 {
		t.Fatalf("log start %d, want 2 (retention.bytes=600061 keeps one 600061-byte segment)", r.LogStart)
	}
	part, _ := FirstPartition(st)
	s := stripOf(r, BrokerInputs{Part: part, HasPart: true, From: 0, To: 5, CellW: 10, CellH: 10}, 100)
	if s.LogStart != 2 {
		t.Fatalf("strip log start %d, want 2", s.LogStart)
	}
	if len(s.Segments) != 0 {
		t.Fatalf("segment marks %v, want none: [2,4) is the only segment left", s.Segments)
	}
	for _, cell := range s.Cells {
		deleted := cell.Kind == CellDeleted
		if deleted != (cell.Offset < 2) {
			t.Fatalf("offset %d: kind %v", cell.Offset, cell.Kind)
		}
		if deleted && !strings.Contains(cell.Tip, "deleted by log retention") {
			t.Fatalf("offset %d tip %q", cell.Offset, cell.Tip)
		}
	}
	if from, _ := LogWindow(4, 0, 10); from != 0 {
		t.Fatalf("window from %d, want 0", from)
	}
}

// TestNarrateResetAndRetention: an auto.offset.reset jump and a
// retention deletion are said in plain words; a follower following the
// leader's log start offset is not said again.
func TestNarrateResetAndRetention(t *testing.T) {
	tp := engine.TopicPartition{Topic: "t", Partition: 0}
	reset := engine.Event{Kind: engine.EvConsumerReset, Node: engine.NodeID{Kind: engine.NodeConsumer, ID: 1}, TP: tp, Offset: 2, End: 6,
		Text: "lost its place on t-0: its committed offset 2 is gone from b1's log (OFFSET_OUT_OF_RANGE), so it jumps to the earliest offset 6 (auto.offset.reset=earliest)"}
	s, ok := NarrateEvent(reset)
	if want := "Consumer c1 lost its place on t-0: its committed offset 2 is gone from b1's log (OFFSET_OUT_OF_RANGE), so it jumps to the earliest offset 6 (auto.offset.reset=earliest)."; !ok || s.Text != want {
		t.Fatalf("reset: %q, want %q", s.Text, want)
	}
	del := engine.Event{Kind: engine.EvLogStartMoved, Node: engine.Broker(1), TP: tp, Offset: 0, End: 4, Count: 2}
	if s, ok := NarrateEvent(del); !ok || s.Text != "Broker 1 deleted the oldest 2 segment(s) of t-0 (log retention): its log now starts at offset 4." {
		t.Fatalf("deletion: %q", s.Text)
	}
	del.Count = 0
	if _, ok := NarrateEvent(del); ok {
		t.Fatal("a follower following the leader's log start offset is narrated")
	}
	if !Matters(engine.EvConsumerReset) || !Matters(engine.EvLogStartMoved) {
		t.Fatal("the event log hides resets or deletions by default")
	}
}

// TestStripMarksSegments: the strip marks where each segment after the
// first starts, within its window, and nothing for a log without segment
// information (the defaults).
func TestStripMarksSegments(t *testing.T) {
	tp := engine.TopicPartition{Topic: "t", Partition: 0}
	var log []engine.Record
	for o := engine.Offset(0); o < 6; o++ {
		log = append(log, engine.Record{Offset: o, Value: "v"})
	}
	r := engine.ReplicaState{TP: tp, Broker: 1, LEO: 6, HW: 6, Log: log,
		Segments: []engine.Segment{{Base: 0, End: 2}, {Base: 2, End: 4}, {Base: 4, End: 6}}}
	in := BrokerInputs{Part: engine.PartitionState{TP: tp}, HasPart: true, From: 1, To: 7, CellW: 10, CellH: 10}
	if s := stripOf(r, in, 100); !slices.Equal(s.Segments, []engine.Offset{2, 4}) {
		t.Fatalf("segment marks %v, want [2 4]", s.Segments)
	}
	in.From = 3
	if s := stripOf(r, in, 100); !slices.Equal(s.Segments, []engine.Offset{4}) {
		t.Fatalf("segment marks from 3: %v, want [4]", s.Segments)
	}
	r.Segments = nil
	if s := stripOf(r, in, 100); s.Segments != nil {
		t.Fatalf("segment marks without segments: %v", s.Segments)
	}
}

// TestConsumerStallSaysWhyTheConsumerWaits: after its leader crashes, the
// consumer's row and box say that the broker it fetches from is down and
// that it retries (a crash resets its connection: NETWORK_EXCEPTION at
// once); once the controller has fenced b1 (broker.session.timeout.ms
// 9 s after its last heartbeat at 0) and the consumer's next reconnect
// (9.5 s) has brought metadata naming b2, it fetches from b2 and the row
// is plain again. Over a cut link the row says its fetch waits for
// request.timeout.ms instead.
func TestConsumerStallSaysWhyTheConsumerWaits(t *testing.T) {
	const setup = `cluster brokers=3 latency=(0,0) linger.ms=0 min.insync.replicas=2
create-topic t partitions=1 rf=3
consume t-0 from=earliest
produce t-0 values=(m0) acks=all
advance 1s
`
	c := runScript(t, setup+"crash 1\nadvance 2s\n")
	st := c.State()
	short, why := ConsumerStall(st, st.Consumers[0])
	if short != "b1 down: retrying" {
		t.Errorf("short %q, want %q", short, "b1 down: retrying")
	}
	want := "c1 at offset 1, 1 read; b1, which it fetches from, is down: it reconnects and asks for fresh metadata until a new leader is elected (NETWORK_EXCEPTION)"
	if rows := ConsumerRows(st); len(rows) != 1 || rows[0].Text != want || !strings.HasSuffix(want, why) {
		t.Errorf("rows %+v, want one with %q", rows, want)
	}

	c = runScript(t, setup+"crash 1\nadvance 9s\n") // 10 s: after the 9.5-s reconnect
	st = c.State()
	if k := st.Consumers[0]; k.Broker != 2 {
		t.Fatalf("c1 fetches from b%d at 10 s, want b2, the new leader", k.Broker)
	}
	if short, why := ConsumerStall(st, st.Consumers[0]); short != "" || why != "" {
		t.Errorf("stall %q / %q after the failover, want none", short, why)
	}
	if rows := ConsumerRows(st); rows[0].Text != "c1 at offset 1, 1 read" {
		t.Errorf("row %q after the failover, want %q", rows[0].Text, "c1 at offset 1, 1 read")
	}

	c = runScript(t, setup+"cut c1 1\nadvance 2s\n")
	st = c.State()
	if short, why := ConsumerStall(st, st.Consumers[0]); short != "b1 cut: waiting" || !strings.Contains(why, "request.timeout.ms") {
		t.Errorf("stall %q / %q over a cut link, want b1 cut: waiting and request.timeout.ms", short, why)
	}
}
