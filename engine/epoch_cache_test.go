package engine

import (
	"slices"
	"testing"
)

// TestAssignEpochAsLeaderEpochFileCache checks the epoch cache against
// Kafka's LeaderEpochFileCacheTest, whose expected entries come from
// LeaderEpochFileCache.assign: an update is needed unless the epoch is the
// latest one and starts no earlier (isUpdateNeeded), and before it the
// entries at the end with an epoch >= the new one or a start offset >= the
// new one go (maybeTruncateNonMonotonicEntries). Before issue 15's sixth
// fix the engine ignored any epoch older than, or equal to, its latest
// and never removed an entry, which fails every case but the first.
func TestAssignEpochAsLeaderEpochFileCache(t *testing.T) {
	for _, tc := range []struct {
		name   string
		assign []epochEntry
		want   []epochEntry
	}{
		// shouldNotOverwriteLogEndOffsetForALeaderEpochOnceItHasBeenAssigned.
		{"same epoch later offset", []epochEntry{{2, 9}, {2, 10}}, []epochEntry{{2, 9}}},
		// shouldEnforceMonotonicallyIncreasingStartOffsets.
		{"new epoch same offset", []epochEntry{{2, 9}, {3, 9}}, []epochEntry{{3, 9}}},
		// shouldEnforceOffsetsIncreaseMonotonically.
		{"new epoch earlier offset", []epochEntry{{2, 6}, {3, 5}}, []epochEntry{{3, 5}}},
		// shouldEnforceMonotonicallyIncreasingEpochs.
		{"older epoch later offset", []epochEntry{{1, 5}, {2, 6}, {1, 7}}, []epochEntry{{1, 7}}},
		// shouldTruncateIfMatchingEpochButEarlierStartingOffset.
		{"latest epoch earlier offset", []epochEntry{{5, 11}, {6, 12}, {7, 13}, {7, 12}}, []epochEntry{{5, 11}, {7, 12}}},
	} {
		r := &replica{}
		for _, e := range tc.assign {
			r.assignEpoch(e.Epoch, e.StartOffset)
		}
		if !slices.Equal(r.epochs, tc.want) {
			t.Errorf("%s: assign %v gives %v, want %v", tc.name, tc.assign, r.epochs, tc.want)
		}
	}
}

// TestFollowerAppendReplacesAnEmptyLeaderEntry is issue 15's sixth
// finding (engine/testdata/finding_epoch_cache_empty_leader_entry.txt): b3
// lost its whole log of t-0 in a power loss, and its new process, named
// leader in epoch 1 by the metadata it replays, started epoch 1 at its log
// end 0
// (Partition.makeLeader → maybeAssignEpochStartOffset). Then, as b1's
// follower, it fetches b1's records from offset 0: v11 of epoch 0, v19 of
// epoch 1. LeaderEpochFileCache.assign(0, 0) removes the entry (1, 0), as
// its start offset is >= 0, without a warning ("no data has been written
// and the truncation is expected"), and assign(1, 1) adds epoch 1 again,
// so the cache is b1's: (0, 0), (1, 1), and epoch 0 ends at 1. Before the
// fix the cache stayed (1, 0), so epoch 0 seemed to end at 0, and I20
// reported the append as EpochCacheMonotonic.
func TestFollowerAppendReplacesAnEmptyLeaderEntry(t *testing.T) {
	c, err := New(DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	tp := TopicPartition{Topic: "t", Partition: 0}
	r := &replica{tp: tp}
	r.assignEpoch(1, r.leo())
	if got := r.writtenEpoch(); got != -1 {
		t.Errorf("writtenEpoch of an empty log with entry (1, 0): %d, want -1", got)
	}
	recs := []Record{{Value: "v11", Offset: 0, LeaderEpoch: 0}, {Value: "v19", Offset: 1, LeaderEpoch: 1}}
	c.checkEpochsMonotonic(c.broker(3), r, recs)
	r.appendRecords(recs)
	if want := []epochEntry{{0, 0}, {1, 1}}; !slices.Equal(r.epochs, want) {
		t.Errorf("epoch cache %v, want %v", r.epochs, want)
	}
	if e, end, ok := r.endOffsetFor(0); !ok || e != 0 || end != 1 {
		t.Errorf("endOffsetFor(0) = (%d, %d, %v), want (0, 1, true)", e, end, ok)
	}
	for _, ev := range c.Events(0) {
		if ev.Kind == EvViolation {
			t.Errorf("violation: %s", ev.Text)
		}
	}

	// An older-epoch batch after a record of a newer epoch is still a
	// violation: Kafka's follower truncates to the divergence point first
	// (KIP-279), so it never appends one there, and the cache would lose an
	// entry that holds a record (maybeTruncateNonMonotonicEntries warns).
	c.checkEpochsMonotonic(c.broker(3), r, []Record{{Value: "late", Offset: 2, LeaderEpoch: 0}})
	n := 0
	for _, ev := range c.Events(0) {
		if ev.Kind == EvViolation {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d violations after an epoch-0 batch over epoch 1's record, want 1 (I20)", n)
	}
}
