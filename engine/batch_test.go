package engine

import "testing"

// idemBatch is one idempotent batch of n records from producer id pid,
// sequences base.., as the leader appends it (appendAsLeader sets the
// offsets and the offset deltas 0..n-1).
func idemBatch(pid int64, base int32, n int) []Record {
	recs := make([]Record, n)
	for i := range recs {
		recs[i] = Record{Value: "v" + itoa(int(base)+i), ProducerID: pid, Sequence: base + int32(i)}
	}
	return recs
}

// TestDuplicateMatchesFirstAndLastSequence: the leader answers a produce
// as a duplicate only when a batch of the same producer with the same
// first and the same last sequence is in its log
// (ProducerStateEntry.findDuplicateBatch → batchWithSequenceRange: "firstSeq
// == metadata.firstSeq() && lastSeq == metadata.lastSeq"). A batch that only
// starts at the same sequence, as a batch whose tail a crash dropped, is not
// one: it goes to the sequence check, which refuses it
// (ProducerAppendInfo.checkSequence: the first sequence must follow the
// last one in the log).
func TestDuplicateMatchesFirstAndLastSequence(t *testing.T) {
	r := &replica{leaderEpoch: 0}
	r.appendAsLeader(idemBatch(1001, 0, 2)) // offsets 0..1, sequences 0..1
	r.appendAsLeader(idemBatch(1001, 2, 3)) // offsets 2..4, sequences 2..4
	for _, tc := range []struct {
		base  int32
		n     int
		dup   bool
		at    Offset
		inSeq bool
	}{
		{base: 0, n: 2, dup: true, at: 0},
		{base: 2, n: 3, dup: true, at: 2},
		{base: 0, n: 1},              // first sequence of a batch, not its last
		{base: 0, n: 3},              // runs past the batch's last sequence
		{base: 2, n: 2},              // the second batch without its tail
		{base: 1, n: 1},              // inside a batch
		{base: 5, n: 1, inSeq: true}, // the next batch
	} {
		p := Part{ProducerID: 1001, BaseSequence: tc.base, Records: idemBatch(1001, tc.base, tc.n)}
		at, dup := r.duplicate(p)
		if dup != tc.dup || (dup && at != tc.at) {
			t.Errorf("sequences %d..%d: duplicate %v at %d, want %v at %d", tc.base, tc.base+int32(tc.n)-1, dup, at, tc.dup, tc.at)
		}
		if !tc.dup && r.checkSequence(p) != tc.inSeq {
			t.Errorf("sequences %d..%d: in sequence %v, want %v", tc.base, tc.base+int32(tc.n)-1, !tc.inSeq, tc.inSeq)
		}
	}
}

// TestDuplicateAfterSplitBatch is the split batch of issue 15's finding 2
// (kplay check -mode unflushed -from 1): a log that holds only the first
// record of a two-record batch (sequence 0, then another producer's
// records) must not answer the retry of the whole batch (sequences 0..1)
// as a duplicate at offset 0: the producer would be told its second record
// is at offset 1, which holds another producer's record. Before the fix
// replica.duplicate matched the base sequence alone.
func TestDuplicateAfterSplitBatch(t *testing.T) {
	r := &replica{}
	r.appendAsLeader(idemBatch(1003, 0, 2)[:1]) // v0 alone: its batch's tail is gone
	r.appendAsLeader(idemBatch(1002, 0, 2))     // another producer at offsets 1..2
	if at, dup := r.duplicate(Part{ProducerID: 1003, BaseSequence: 0, Records: idemBatch(1003, 0, 2)}); dup {
		t.Errorf("the retry of sequences 0..1 is a duplicate at offset %d of a log that holds sequence 0 alone", at)
	}
}

// TestPowerLossCutsAtBatchStart: crash lose-unflushed=K drops the last K
// records and the rest of the batch the first of them is in, since
// recovery checks a batch whole and truncates a partly written one away
// (LogSegment.recover, LogLoader.recoverSegment: a batch that fails
// validation is cut at its start). Batches [0..1] and [2..4]: losing 1 or
// 3 records leaves offsets 0..1 (LEO 2); losing 4 leaves nothing (the
// first lost record, offset 1, is in the first batch).
func TestPowerLossCutsAtBatchStart(t *testing.T) {
	for _, tc := range []struct {
		lose int
		leo  Offset
	}{{0, 5}, {1, 2}, {3, 2}, {4, 0}, {5, 0}, {9, 0}} {
		c, err := New(DefaultConfig())
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Apply(CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 3}); err != nil {
			t.Fatal(err)
		}
		tp := TopicPartition{Topic: "t"}
		b := c.broker(2)
		r := b.replica(tp)
		r.appendAsLeader(idemBatch(1001, 0, 2))
		r.appendAsLeader(idemBatch(1001, 2, 3))
		if err := c.Apply(Crash{Broker: 2, LoseUnflushed: tc.lose}); err != nil {
			t.Fatal(err)
		}
		if got := r.leo(); got != tc.leo {
			t.Errorf("lose-unflushed=%d on batches 0..1 and 2..4: LEO %d, want %d", tc.lose, got, tc.leo)
		}
	}
}

// TestAckedSequenceIsTheBatchsNow is TransactionManager.handleCompletedBatch
// after an epoch bump (KIP-360): the bump rewrote an in-flight batch's
// sequences under the new epoch (TxnPartitionMap.startSequencesAtBeginning),
// and its answer, to the attempt sent under the old one, then sets the
// partition's last acknowledged sequence to the batch's last sequence as
// the batch holds it now (maybeUpdateLastAckedSequence(tp,
// batch.lastSequence())). The next batch is then the next sequence: an
// OUT_OF_ORDER_SEQUENCE_NUMBER for it is a gap and bumps the epoch again
// (canRetry: no unresolved sequence and isNextSequence). Before the fix the
// answer counted for the old producer id only, the last acknowledged
// sequence stayed behind, and the next batch waited for an earlier one
// that never came, until delivery.timeout.ms (the second half of issue
// 15's FuzzCommands finding e24a21eb35d1ad8b).
func TestAckedSequenceIsTheBatchsNow(t *testing.T) {
	tp := TopicPartition{Topic: "t"}
	p := &producer{id: 2, producerID: 1002}
	p.batches = []batch{{id: 1, tp: tp, records: idemBatch(0, 0, 1), baseSeq: -1}}
	p.assignSeq(&p.batches[0]) // sequence 0 under 1002
	b := &p.batches[0]
	b.sent = b.records
	p.bumpEpoch(tp) // rewritten to sequence 0 under 2002, sent once under 1002
	if b.pid != 2002 || b.baseSeq != 0 || b.sent[0].ProducerID != 1002 {
		t.Fatalf("after the bump the batch is %d/%d, sent as %d, want 2002/0 sent as 1002", b.pid, b.baseSeq, b.sent[0].ProducerID)
	}
	p.noteAckedSeq(b)
	ps := p.seqFor(tp)
	if ps.pid != 2002 || ps.lastAcked != 0 || ps.seq != 1 {
		t.Fatalf("last acknowledged %d of %d (next %d), want 0 of 2002 (next 1)", ps.lastAcked, ps.pid, ps.seq)
	}
	p.batches = append(p.batches[:0], batch{id: 2, tp: tp, records: idemBatch(0, 0, 1), baseSeq: -1})
	next := &p.batches[0]
	p.assignSeq(next) // sequence 1 under 2002: the next one
	p.outOfOrderRetry(next)
	if p.producerID != 3002 || next.pid != 3002 || next.baseSeq != 0 {
		t.Errorf("OUT_OF_ORDER_SEQUENCE_NUMBER on the next sequence: producer id %d, batch %d/%d, want a bump to 3002 and sequence 0", p.producerID, next.pid, next.baseSeq)
	}
}
