package engine_test

import (
	"slices"
	"testing"

	"kplay/engine"
)

// TestOffsetsPartitionFor checks the __consumer_offsets partition of a group
// against Java: Utils.abs(groupId.hashCode()) % offsets.topic.num.partitions
// (GroupCoordinatorService.partitionFor). String.hashCode is
// s[0]*31^(n-1) + ... + s[n-1] (its Javadoc): "hello".hashCode() is
// 99162322 and "polygenelubricants".hashCode() is Integer.MIN_VALUE, which
// Utils.abs maps to 0 ("if the number is Integer.MIN_VALUE return 0"; it
// is n & 0x7fffffff). "g1" is 103*31 + 49 = 3242.
func TestOffsetsPartitionFor(t *testing.T) {
	for _, tc := range []struct {
		group      string
		partitions int
		want       int
	}{
		{"hello", 50, 99162322 % 50},
		{"polygenelubricants", 50, 0},
		{"g1", 50, 3242 % 50},
		{"g1", 1, 0},
		// A non-BMP rune is two UTF-16 units: U+1F600 is D83D DE00, so
		// the hash is 0xD83D*31 + 0xDE00 = 55357*31 + 56832 = 1772899.
		{"\U0001F600", 1000, 1772899 % 1000},
	} {
		if got := engine.OffsetsPartitionFor(tc.group, tc.partitions); got != tc.want {
			t.Errorf("OffsetsPartitionFor(%q, %d) = %d, want %d", tc.group, tc.partitions, got, tc.want)
		}
	}
}

// TestAutoCommitEveryInterval: with enable.auto.commit=true a group
// consumer commits its position every auto.commit.interval.ms (5000 by
// default, ConsumerConfig) from its start (ConsumerCoordinator's
// nextAutoCommitTimer), and each commit carries the leader epoch of the
// last record consumed (KIP-320). With enable.auto.commit=false nothing is
// committed until commit.
func TestAutoCommitEveryInterval(t *testing.T) {
	cfg := kipConfig()
	cfg.AutoOffsetReset = "earliest"
	c := kipSetup(t, cfg, 3, 3)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Consume{TP: kipT0, From: engine.OffsetEarliest, Group: "app"})
	c.AdvanceTo(16500)
	var at []engine.Time
	for _, e := range kipEvents(c, engine.EvOffsetCommitted) {
		if e.Offset != 3 || e.Epoch != 0 || e.Err != engine.ErrNone {
			t.Fatalf("commit %+v, want offset 3 in leader epoch 0", e)
		}
		at = append(at, e.At)
	}
	// Zero latency: each commit is stored when it is sent.
	if want := []engine.Time{6000, 11000, 16000}; !slices.Equal(at, want) {
		t.Fatalf("commits at %v, want %v", at, want)
	}
	k := c.State().Consumers[0]
	if k.Group != "app" || k.Committed != 3 || k.CommittedEpoch != 0 {
		t.Fatalf("consumer state %+v, want group app committed 3 in epoch 0", k)
	}

	cfg.EnableAutoCommit = false
	c = kipSetup(t, cfg, 3, 3)
	mustApply(t, c, engine.Consume{TP: kipT0, From: engine.OffsetEarliest, Group: "app"})
	c.AdvanceTo(20000)
	if n := len(kipEvents(c, engine.EvOffsetCommitted)); n != 0 {
		t.Fatalf("enable.auto.commit=false: %d commits, want 0", n)
	}
	mustApply(t, c, engine.Consume{TP: kipT0, Commit: true})
	c.AdvanceTo(20001)
	if e := kipEvents(c, engine.EvOffsetCommitted); len(e) != 1 || e[0].Offset != 3 {
		t.Fatalf("after commit: %v, want one commit of offset 3", e)
	}
}

// TestGroupCommandsChecked: commit needs a group.id
// (InvalidGroupIdException) and a position; a group consumer takes no
// from=; close and commit need a consumer assigned to the partition.
func TestGroupCommandsChecked(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 1)
	for _, tc := range []struct {
		cmd  engine.Consume
		want string
	}{
		{engine.Consume{TP: kipT0, Commit: true}, "engine: no consumer c1 assigned to t-0 to commit (start it with consume)"},
		{engine.Consume{TP: kipT0, Close: true}, "engine: no consumer c1 assigned to t-0 to close (start it with consume)"},
		{engine.Consume{TP: kipT0, From: 5, Group: "app"}, "engine: a group consumer starts from its group's committed offset, or by auto.offset.reset without one; it takes no from= (move it with seek)"},
	} {
		if err := c.Apply(tc.cmd); err == nil || err.Error() != tc.want {
			t.Errorf("%v: error %v, want %q", tc.cmd, err, tc.want)
		}
	}
	mustApply(t, c, engine.Consume{TP: kipT0, From: 0})
	if err := c.Apply(engine.Consume{TP: kipT0, Commit: true}); err == nil {
		t.Error("commit without a group.id: no error")
	}
	mustApply(t, c, engine.Consume{TP: kipT0, Close: true})
	if err := c.Apply(engine.Consume{TP: kipT0, Close: true}); err == nil {
		t.Error("close of a closed consumer: no error")
	}
}

// TestRetentionSegments cuts a log into segments by segment.bytes and
// deletes by retention.bytes as UnifiedLog.deleteRetentionSizeBreachedSegments
// does. A batch is 61 bytes (DefaultRecordBatch.RECORD_BATCH_OVERHEAD)
// plus its records' sizes, and LogSegment.shouldRoll rolls when the
// active segment's size plus the next batch's would pass segment.bytes.
// Five one-record batches of 400000-byte records are 400061 bytes each;
// with segment.bytes=1048576 (Kafka 4.0's minimum, KIP-1030) they make
// [0,2) [2,4) of 800122 bytes and [4,5) of 400061 (a third batch would
// make 1200183 > 1048576), 2000305 bytes. With retention.bytes=1048576
// the excess is 951729: [0,2) goes (951729 - 800122 = 151607 >= 0) and
// [2,4) stays (151607 - 800122 < 0), so the log start offset becomes 2
// on every replica.
func TestRetentionSegments(t *testing.T) {
	cfg := kipConfig()
	cfg.LogRetentionCheckIntervalMs = 1000
	cfg.LogInitialTaskDelayMs = 1000
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 3,
		Configs: []engine.TopicConfig{{Key: "segment.bytes", Value: 1048576}, {Key: "retention.bytes", Value: 1048576}}})
	for i := 0; i < 5; i++ {
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"v"}, Acks: engine.AcksAll, Size: 400000})
		c.Advance(100)
	}
	r := kipReplica(t, c, 1)
	want := []engine.Segment{{Base: 0, End: 2, Bytes: 800122}, {Base: 2, End: 4, Bytes: 800122}, {Base: 4, End: 5, Bytes: 400061}}
	if len(r.Segments) != len(want) {
		t.Fatalf("segments %+v, want %+v", r.Segments, want)
	}
	for i, s := range r.Segments {
		if s.Base != want[i].Base || s.End != want[i].End || s.Bytes != want[i].Bytes {
			t.Fatalf("segment %d is [%d,%d) of %d bytes, want [%d,%d) of %d", i, s.Base, s.End, s.Bytes, want[i].Base, want[i].End, want[i].Bytes)
		}
	}
	c.AdvanceTo(1000)
	for _, b := range []engine.BrokerID{1, 2, 3} {
		if r := kipReplica(t, c, b); r.LogStart != 2 || len(r.Log) != 3 {
			t.Fatalf("b%d: log start %d with %d records, want 2 with 3", b, r.LogStart, len(r.Log))
		}
	}
}

// TestSegmentBytesMinimumByRelease: Kafka 4.0 raised the minimum of
// segment.bytes and log.segment.bytes from 14 bytes
// (LegacyRecord.RECORD_OVERHEAD_V0) to 1048576 (KIP-1030; LogConfig
// atLeast(1048576) in the 4.x jars). On Kafka 4.4 a topic or a broker
// setting below 1 MiB is refused, naming the rule; on kafka=3.9 a
// 300-byte segment is taken, and 13 bytes is still refused. A 300-byte
// segment on 3.9 holds two 100-byte records in one batch (61 + 200 = 261;
// a second batch would make 522 > 300), so segments roll every batch.
func TestSegmentBytesMinimumByRelease(t *testing.T) {
	c := mustNew(t, kipConfig())
	err := c.Apply(engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 1, Configs: []engine.TopicConfig{{Key: "segment.bytes", Value: 1048575}}})
	if want := "engine: topic config segment.bytes=1048575 is below Kafka 4.0's minimum of 1048576 bytes (KIP-1030); kafka=3.9 or older takes 14"; err == nil || err.Error() != want {
		t.Fatalf("segment.bytes=1048575 on 4.4: %v, want %q", err, want)
	}
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 1, Configs: []engine.TopicConfig{{Key: "segment.bytes", Value: 1048576}}})
	bad := kipConfig()
	bad.LogSegmentBytes = 300
	if _, err := engine.New(bad); err == nil || err.Error() != "engine: log.segment.bytes=300 is below Kafka 4.0's minimum of 1048576 bytes (KIP-1030); kafka=3.9 or older takes 14" {
		t.Fatalf("log.segment.bytes=300 on 4.4: %v", err)
	}

	old := kipConfig()
	old.Kafka = 309
	old.LogSegmentBytes = 300
	c = mustNew(t, old)
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 3, Configs: []engine.TopicConfig{{Key: "segment.bytes", Value: 300}}})
	if err := c.Apply(engine.CreateTopic{Name: "u", Partitions: 1, ReplicationFactor: 1, Configs: []engine.TopicConfig{{Key: "segment.bytes", Value: 13}}}); err == nil {
		t.Fatal("segment.bytes=13 on 3.9: no error (LogConfig: atLeast(LegacyRecord.RECORD_OVERHEAD_V0 = 14))")
	}
	for i := 0; i < 3; i++ {
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"a", "b"}, Acks: engine.AcksAll, Size: 100})
		c.Advance(100)
	}
	var bases []engine.Offset
	for _, s := range kipReplica(t, c, 1).Segments {
		bases = append(bases, s.Base)
		if s.Bytes != 261 {
			t.Errorf("segment at %d holds %d bytes, want 261", s.Base, s.Bytes)
		}
	}
	if want := []engine.Offset{0, 2, 4}; !slices.Equal(bases, want) {
		t.Fatalf("segments on 3.9 start at %v, want %v", bases, want)
	}
}

// TestListOffsetsNotAvailable is KIP-207 on a new leader
// (Partition.fetchOffsetForTimestamp): while its HW is below the start
// offset of its leader epoch it answers LATEST with OFFSET_NOT_AVAILABLE,
// and EARLIEST with the log start offset.
func TestListOffsetsNotAvailable(t *testing.T) {
	cfg := kipConfig()
	cfg.MinLatency, cfg.MaxLatency = 1, 1
	cfg.MinInsyncReplicas = 1
	cfg.AutoOffsetReset = "latest"
	c := kipSetup(t, cfg, 3, 2)
	c.AdvanceTo(1000)
	// b3's first fetch from b2 takes 600 ms, so b2's HW lags its epoch start.
	mustApply(t, c, engine.Slow{A: engine.Broker(2), B: engine.Broker(3), MinLatency: 300, MaxLat: 300})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m2", "m3"}, Acks: engine.AcksOne})
	c.AdvanceTo(1100)
	mustApply(t, c, engine.Shutdown{Broker: 1})
	mustApply(t, c, engine.Consume{TP: kipT0, From: engine.OffsetEarliest, Group: "g2"})
	c.AdvanceTo(3000)
	lo := kipEvents(c, engine.EvListOffsets)
	if len(lo) == 0 || lo[0].Err != engine.ErrOffsetNotAvailable {
		t.Fatalf("ListOffsets events %v, want OFFSET_NOT_AVAILABLE first", lo)
	}
	resets := kipEvents(c, engine.EvConsumerReset)
	if len(resets) != 1 || resets[0].End != 4 {
		t.Fatalf("resets %v, want one to the new leader's HW 4", resets)
	}
}
