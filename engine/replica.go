package engine

import "slices"

// never is a lastCaughtUpTimeMs that no simulated time can be near: Kafka
// initialises it to 0, the Unix epoch, which is decades before "now".
const never Time = -1 << 60

// epochEntry is one entry of a replica's leader-epoch cache: the epoch and
// the first offset written in it (LeaderEpochFileCache). Invariant: both
// fields strictly increase along the cache.
type epochEntry struct {
	Epoch       Epoch
	StartOffset Offset
}

// remoteReplica is what a leader knows of one follower (kafka.cluster.Replica).
type remoteReplica struct {
	id BrokerID
	// leo is the fetch offset of the follower's last accepted fetch; -1 is
	// "unknown", as after a leader change (Replica.resetReplicaState).
	leo Offset
	// lastCaughtUp, lastFetchTime and lastFetchLeaderLEO drive the
	// out-of-sync rule (Replica.updateFetchStateOrThrow, docs/kafka-rules.md §2.6).
	lastCaughtUp       Time
	lastFetchTime      Time
	lastFetchLeaderLEO Offset
	// brokerEpoch is the broker epoch the follower's last accepted fetch
	// carried (FetchRequest ReplicaState.ReplicaEpoch, KIP-903), -1 until
	// the first fetch in this leader epoch (Replica.resetReplicaState sets
	// it to None for a new leader).
	brokerEpoch int64
}

// replica is one broker's copy of one partition: its log, its high
// watermark, its leader-epoch cache and, on the leader, the followers' state.
type replica struct {
	tp TopicPartition
	// log holds the records from logStart on: log[i].Offset == logStart+i.
	// Records are shared with clones; truncation clips the slice so that a
	// later append never writes into an array a clone still reads.
	log      []Record
	logStart Offset
	// hw is the high watermark. Invariant: logStart <= hw <= LEO.
	hw     Offset
	epochs []epochEntry

	// leaderEpoch and leader are the partition's leader epoch and leader as
	// this broker last learned them from metadata.
	leaderEpoch Epoch
	leader      BrokerID
	isLeader    bool
	// isr and partitionEpoch are the committed ISR and partition epoch as
	// this broker last learned them.
	isr            []BrokerID
	partitionEpoch Epoch
	// Leader-only state.
	remotes []remoteReplica
	// maximal is the ISR with an in-flight AlterPartition applied (KIP-497
	// PendingExpandIsr / PendingShrinkIsr): the old ISR plus a joining
	// replica, or still the old ISR during a shrink. nil when none is in
	// flight; alterInflight is that request's id.
	maximal       []BrokerID
	alterInflight int64
	// alterSent is the AlterPartition in flight (alterInflight), resent
	// as it is until the controller answers.
	alterSent alterRequest
	// epochStartOffset is the leader's LEO when it became leader in
	// leaderEpoch (Partition.leaderEpochStartOffsetOpt).
	epochStartOffset Offset
}

func (r *replica) clone() replica {
	d := *r
	d.log = r.log[:len(r.log):len(r.log)]
	d.epochs = slices.Clone(r.epochs)
	d.remotes = slices.Clone(r.remotes)
	d.isr = slices.Clone(r.isr)
	d.alterSent.isr = slices.Clone(r.alterSent.isr)
	d.alterSent.states = slices.Clone(r.alterSent.states)
	d.maximal = slices.Clone(r.maximal)
	return d
}

// maximalISR is the ISR the HW is computed over: the pending one while an
// AlterPartition is in flight, else the committed one.
func (r *replica) maximalISR() []BrokerID {
	if r.maximal != nil {
		return r.maximal
	}
	return r.isr
}

// leo is the log end offset: the offset the next record will get.
func (r *replica) leo() Offset { return r.logStart + Offset(len(r.log)) }

// latestEpoch is the epoch-cache's latest epoch, or -1 for an empty cache
// (UnifiedLog.latestEpoch, the LastFetchedEpoch a follower sends). It is
// usually the last batch's; a leader's new epoch counts before it writes
// (writtenEpoch leaves that entry out).
func (r *replica) latestEpoch() Epoch {
	if len(r.epochs) == 0 {
		return -1
	}
	return r.epochs[len(r.epochs)-1].Epoch
}

// readBytes returns the whole batches of [from, to) that fit in maxBytes,
// sharing the log's array (the slice is clipped, and truncation clips the
// log, so nothing ever writes into the part of the array a message holds), and the bytes the read used up
// (LogSegment.read): a batch counts RecordBatchOverhead plus its records'
// sizes; with minOne the first batch comes back even if it alone is
// larger than maxBytes (KIP-74, adjustedMaxSize = max(maxSize, first
// batch)). used is what Kafka's slice of the segment holds: the whole
// batches, plus the part of the next batch that fits, which the reader
// drops (so it is min(bytes available, the adjusted limit)). A batch is
// the records from one with OffsetDelta 0 up to the next; a read that
// starts inside a batch counts from its start offset on.
func (r *replica) readBytes(from, to Offset, maxBytes int64, minOne bool) (recs []Record, used int64) {
	if from >= to {
		return nil, 0
	}
	all := r.log[from-r.logStart : to-r.logStart]
	limit := maxBytes
	i := 0
	for i < len(all) {
		size := int64(RecordBatchOverhead) + int64(all[i].Size)
		j := i + 1
		for j < len(all) && all[j].OffsetDelta != 0 {
			size += int64(all[j].Size)
			j++
		}
		if i == 0 && minOne && size > limit {
			limit = size
		}
		if used+size > limit {
			return all[:i:i], limit
		}
		used += size
		i = j
	}
	return all[:i:i], used
}

// batchStart is the offset of the first record of the batch that holds
// offset o (o minus its OffsetDelta, and not below the log start); o itself
// at the log end.
func (r *replica) batchStart(o Offset) Offset {
	if o <= r.logStart || o >= r.leo() {
		return o
	}
	return max(r.logStart, o-Offset(r.log[o-r.logStart].OffsetDelta))
}

// appendRecords appends records whose offsets are already set and keeps the
// epoch cache (LeaderEpochFileCache.assign: a batch in a newer epoch starts a
// new entry).
func (r *replica) appendRecords(recs []Record) {
	r.log = grow(r.log, len(recs))
	for _, rec := range recs {
		if rec.Offset != r.leo() {
			panic("engine: append at offset " + itoa64(int64(rec.Offset)) + " but LEO is " + itoa64(int64(r.leo())))
		}
		r.assignEpoch(rec.LeaderEpoch, rec.Offset)
		r.log = append(r.log, rec)
	}
}

// appendAsLeader appends a produced batch at the LEO in the leader's epoch,
// as appendRecords would the batch with its offsets, epoch and offset
// deltas set (LogValidator assigns them from the LEO), without first
// copying it.
func (r *replica) appendAsLeader(recs []Record) {
	r.log = grow(r.log, len(recs))
	for i, rec := range recs {
		rec.Offset = r.leo()
		rec.LeaderEpoch = r.leaderEpoch
		rec.OffsetDelta = int32(i)
		r.assignEpoch(rec.LeaderEpoch, rec.Offset)
		r.log = append(r.log, rec)
	}
}

// assignEpoch records that epoch e starts at offset o, as
// LeaderEpochFileCache.assign does. Nothing changes when e is already the
// latest epoch and starts at or before o (isUpdateNeeded). Otherwise the
// entries at the end with an epoch >= e or a start offset >= o go first
// (maybeTruncateNonMonotonicEntries), so the cache stays strictly
// increasing in both epoch and start offset. The usual such removal is an
// entry that starts at o itself, which holds no record: a broker that
// started leader epoch e' at its log end and was replaced before it wrote,
// then, as a follower, appends the new leader's older-epoch batch there
// (Kafka warns only when an entry that held records goes, "the truncation
// is expected" otherwise).
func (r *replica) assignEpoch(e Epoch, o Offset) {
	n := len(r.epochs)
	if n > 0 && r.epochs[n-1].Epoch == e && o >= r.epochs[n-1].StartOffset {
		return
	}
	for n > 0 && (r.epochs[n-1].Epoch >= e || r.epochs[n-1].StartOffset >= o) {
		n--
	}
	r.epochs = append(r.epochs[:n], epochEntry{Epoch: e, StartOffset: o})
}

// writtenEpoch is the epoch of the latest epoch-cache entry that holds a
// record (starts below the log end), or -1 if none does. It differs from
// latestEpoch when the latest entry was started at the log end by a leader
// that wrote nothing in it.
func (r *replica) writtenEpoch() Epoch {
	for i := len(r.epochs) - 1; i >= 0; i-- {
		if r.epochs[i].StartOffset < r.leo() {
			return r.epochs[i].Epoch
		}
	}
	return -1
}

// endOffsetFor answers "where does epoch e end in this log?" as
// LeaderEpochFileCache.endOffsetFor does: the largest cached epoch <= e and
// the start offset of the next larger epoch, or the LEO if it is the latest.
// An e older than every cached epoch gets (e, first start offset). ok is
// false when the cache is empty or e is newer than... nothing can resolve it.
func (r *replica) endOffsetFor(e Epoch) (Epoch, Offset, bool) {
	if len(r.epochs) == 0 {
		return -1, -1, false
	}
	if e < r.epochs[0].Epoch {
		return e, r.epochs[0].StartOffset, true
	}
	for i := len(r.epochs) - 1; i >= 0; i-- {
		if r.epochs[i].Epoch <= e {
			if i == len(r.epochs)-1 {
				return r.epochs[i].Epoch, r.leo(), true
			}
			return r.epochs[i].Epoch, r.epochs[i+1].StartOffset, true
		}
	}
	return -1, -1, false
}

// grow returns s with room for n more elements, doubling its capacity
// when it must move: append grows a slice past 256 elements by only a
// quarter, so a log that grew to 2,000 records one batch at a time had
// been copied whole about ten times over, with the collector's write
// barrier on every record (Records hold strings), and the records logs,
// the committed and acknowledged sets and a consumer's reads all grow
// so. Doubling copies each element about once.
func grow[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	d := make([]T, len(s), max(2*cap(s), len(s)+n, 16))
	copy(d, s)
	return d
}

// remote returns the leader's state for follower id, or nil.
func (r *replica) remote(id BrokerID) *remoteReplica {
	for i := range r.remotes {
		if r.remotes[i].id == id {
			return &r.remotes[i]
		}
	}
	return nil
}
