package engine

import "testing"

// sizedLog is a replica whose log holds one batch per entry of batches,
// each of that many records of recSize bytes (OffsetDelta 0 starts a batch).
func sizedLog(recSize int32, batches ...int) *replica {
	r := &replica{}
	for _, n := range batches {
		for i := 0; i < n; i++ {
			r.log = append(r.log, Record{Offset: r.leo(), Size: recSize, OffsetDelta: int32(i)})
		}
	}
	return r
}

// TestReadBytesKIP74: a read returns whole batches while their bytes (61
// bytes of header, DefaultRecordBatch.RECORD_BATCH_OVERHEAD, plus the
// records) fit in the limit, and with minOneMessage the first batch even
// when it alone is larger (KIP-74; LogSegment.read: adjustedMaxSize =
// max(maxSize, first batch)). used is what Kafka's slice holds: the whole
// batches, or the adjusted limit when a partial batch follows them.
func TestReadBytesKIP74(t *testing.T) {
	r := sizedLog(1000, 5, 1, 1, 1) // batches of 5061, 1061, 1061, 1061 bytes
	for _, tc := range []struct {
		name     string
		from     Offset
		max      int64
		minOne   bool
		wantN    int
		wantUsed int64
	}{
		{"first batch larger than the limit comes back whole", 0, 3000, true, 5, 3000 + 2061},
		{"two 1061-byte batches fit in 3000, a third would not", 5, 3000, true, 2, 3000},
		{"the last batch", 7, 3000, true, 1, 1061},
		{"everything fits in the default 1 MiB", 0, 1 << 20, true, 8, 5061 + 3*1061},
		{"without minOneMessage a too-large first batch gives nothing", 5, 1000, false, 0, 1000},
		{"a zero limit reads nothing", 5, 0, false, 0, 0},
		{"exactly the limit fits", 5, 2122, false, 2, 2122},
	} {
		recs, used := r.readBytes(tc.from, r.leo(), tc.max, tc.minOne)
		if len(recs) != tc.wantN || used != tc.wantUsed {
			t.Errorf("%s: read from %d max %d: %d records, %d bytes; want %d, %d", tc.name, tc.from, tc.max, len(recs), used, tc.wantN, tc.wantUsed)
		}
		if len(recs) > 0 && recs[0].Offset != tc.from {
			t.Errorf("%s: first record %d, want %d", tc.name, recs[0].Offset, tc.from)
		}
	}
}

// TestFetchBudgetResponseLimit: over a fetch's partitions the response
// limit (replica.fetch.response.max.bytes) is spent in order, and only the
// first partition that returns data may exceed it (ReplicaManager
// .readFromLog: minOneMessage goes false once a partition returned bytes,
// limitBytes shrinks by each partition's bytes).
func TestFetchBudgetResponseLimit(t *testing.T) {
	cfg := DefaultConfig()
	cfg.ReplicaFetchResponseMaxBytes = 3000
	c := &Cluster{cfg: cfg}
	a := sizedLog(1000, 1, 1)    // 1061 + 1061 = 2122 bytes
	b := sizedLog(1000, 1, 1, 1) // its first batch, 1061, exceeds the 878 left
	fb := c.fetchBudget(true)
	if recs, used := fb.read(a, 0, a.leo()); len(recs) != 2 || used != 2122 {
		t.Fatalf("partition a: %d records, %d bytes; want 2, 2122", len(recs), used)
	}
	if recs, used := fb.read(b, 0, b.leo()); len(recs) != 0 || used != 878 {
		t.Fatalf("partition b: %d records, %d bytes; want 0 (its 1061-byte batch is past the 878 left), 878", len(recs), used)
	}
	if fb.left != 0 {
		t.Fatalf("left %d, want 0", fb.left)
	}

	// A first partition with nothing to return leaves minOneMessage on
	// for the next: an empty read does not spend it.
	fb = c.fetchBudget(true)
	fb.left = 500
	empty := sizedLog(1000)
	if recs, used := fb.read(empty, 0, 0); recs != nil || used != 0 {
		t.Fatalf("empty partition: %d records, %d bytes", len(recs), used)
	}
	if recs, _ := fb.read(b, 0, b.leo()); len(recs) != 1 {
		t.Fatalf("first partition with data: %d records, want its first batch (1) past the 500-byte limit", len(recs))
	}
}

// TestConsumerFetchBudget: a consumer's fetch spends fetch.max.bytes and
// max.partition.fetch.bytes (ConsumerConfig), not the replica settings.
func TestConsumerFetchBudget(t *testing.T) {
	cfg := DefaultConfig()
	cfg.FetchMaxBytes, cfg.MaxPartitionFetchBytes = 7000, 2200
	cfg.ReplicaFetchMaxBytes, cfg.ReplicaFetchResponseMaxBytes = 1, 1
	c := &Cluster{cfg: cfg}
	fb := c.fetchBudget(false)
	if fb.left != 7000 || fb.perPartition != 2200 || !fb.minOne {
		t.Fatalf("consumer budget %+v, want left 7000, per partition 2200, minOne", fb)
	}
	r := sizedLog(1000, 1, 1, 1)
	if recs, _ := fb.read(r, 0, r.leo()); len(recs) != 2 {
		t.Fatalf("%d records, want 2 (2122 <= 2200 < 3183)", len(recs))
	}
}
