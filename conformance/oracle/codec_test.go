//go:build conformance && !js

package oracle

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"slices"
	"testing"
	"time"
)

// TestJavaHashMapOrder checks the HashMap model against what OpenJDK 21
// printed for the same keys put in this order into a new HashMap and
// iterated with values() (Kafka 4.4 topic config names, plus two keys
// with equal hashes and a non-ASCII one).
func TestJavaHashMapOrder(t *testing.T) {
	names := []string{"compression.type", "remote.log.delete.on.disable", "leader.replication.throttled.replicas", "remote.storage.enable", "message.downconversion.enable", "min.insync.replicas", "segment.jitter.ms", "remote.log.copy.disable", "local.retention.ms", "cleanup.policy", "flush.ms", "follower.replication.throttled.replicas", "compression.lz4.level", "segment.bytes", "retention.ms", "flush.messages", "compression.gzip.level", "message.format.version", "max.compaction.lag.ms", "file.delete.delay.ms", "max.message.bytes", "min.compaction.lag.ms", "message.timestamp.type", "local.retention.bytes", "preallocate", "index.interval.bytes", "min.cleanable.dirty.ratio", "unclean.leader.election.enable", "retention.bytes", "delete.retention.ms", "message.timestamp.after.max.ms", "message.timestamp.before.max.ms", "segment.ms", "message.timestamp.difference.max.ms", "segment.index.bytes", "compression.zstd.level", "Aa", "BB", "ünïcödé"}
	want := []int{0, 36, 37, 1, 2, 3, 38, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 15, 35, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34}
	if got := javaHashMapOrder(names); !slices.Equal(got, want) {
		t.Errorf("order\n got %v\nwant %v", got, want)
	}
	for s, h := range map[string]int32{"Aa": 2112, "BB": 2112, "ünïcödé": -609221899, "min.insync.replicas": 268940301} {
		if got := int32(javaStringHash(s)); got != h {
			t.Errorf("hash(%q) = %d, want %d", s, got, h)
		}
	}
}

// TestBatchRoundTrip checks that a batch RawProduce would send decodes to
// its record, that a torn tail batch is ignored, and that a CRC mismatch
// or compression is reported.
func TestBatchRoundTrip(t *testing.T) {
	b := encodeBatch("hello", time.UnixMilli(1700000000000))
	recs, next, err := decodeBatches(b)
	if err != nil || next != 1 || len(recs) != 1 || recs[0] != (Record{Offset: 0, Value: "hello", LeaderEpoch: -1}) {
		t.Fatalf("decode = %v, %d, %v", recs, next, err)
	}
	two := append(slices.Clone(b), b[:len(b)-3]...)
	if recs, next, err := decodeBatches(two); err != nil || next != 1 || len(recs) != 1 {
		t.Errorf("torn tail: %v, %d, %v", recs, next, err)
	}
	bad := slices.Clone(b)
	bad[len(bad)-1] ^= 1
	if _, _, err := decodeBatches(bad); err == nil {
		t.Error("CRC mismatch not reported")
	}
	gz := slices.Clone(b)
	gz[22] |= 1 // attributes low byte: gzip
	binary.BigEndian.PutUint32(gz[17:21], crc32.Checksum(gz[21:], crc32.MakeTable(crc32.Castagnoli)))
	if _, _, err := decodeBatches(gz); !errors.Is(err, errCompressed) {
		t.Errorf("compressed batch: %v", err)
	}
}
