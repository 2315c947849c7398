package engine

import "slices"

// partitionSeq is an idempotent producer's sequence state for one
// partition (TxnPartitionEntry): the producer id the sequences belong to,
// the next sequence to hand out and the last sequence acknowledged (-1
// if none).
type partitionSeq struct {
	tp        TopicPartition
	pid       int64
	seq       int32
	lastAcked int32
}

// seqFor returns tp's sequence state, starting it at 0 under the
// producer's current id.
func (p *producer) seqFor(tp TopicPartition) *partitionSeq {
	for i := range p.seqs {
		if p.seqs[i].tp == tp {
			return &p.seqs[i]
		}
	}
	p.seqs = append(p.seqs, partitionSeq{tp: tp, pid: p.producerID, lastAcked: -1})
	return &p.seqs[len(p.seqs)-1]
}

// assignSeq gives a new idempotent batch its sequence numbers at its first
// send; retries keep them (RecordAccumulator.drain, ProducerBatch.setProducerState).
// A partition whose sequences belong to an older producer id starts again
// at 0 under the current one (TransactionManager.maybeUpdateProducerIdAndEpoch).
func (p *producer) assignSeq(b *batch) {
	ps := p.seqFor(b.tp)
	if ps.pid != p.producerID {
		ps.pid, ps.seq, ps.lastAcked = p.producerID, 0, -1
	}
	p.stamp(b, ps.pid, ps.seq)
	ps.seq += int32(len(b.records))
}

// stamp writes a producer id and base sequence into b and its records,
// into a copy of them once the batch has been sent: a request already
// sent keeps the records it carried (b.sent). Before the first send the
// batch alone holds its records (a clone copies them), so the first
// stamp writes in place.
func (p *producer) stamp(b *batch, pid int64, base int32) {
	b.pid, b.baseSeq = pid, base
	if b.sent != nil {
		b.records = slices.Clone(b.records)
	}
	for i := range b.records {
		b.records[i].ProducerID = pid
		b.records[i].Sequence = base + int32(i)
	}
}

// maySequence reports whether an idempotent head batch may be sent now
// (RecordAccumulator.shouldStopDrainBatchesForPartition): a retry only
// when it is the partition's first in-flight sequence, so retries go one
// at a time and in order; a new batch only when no batch of an older
// producer id (epoch) is still unresolved on the partition
// (TransactionManager.hasStaleProducerIdAndEpoch).
func (p *producer) maySequence(b *batch) bool {
	for i := range p.batches {
		o := &p.batches[i]
		if o == b || o.tp != b.tp || o.baseSeq < 0 {
			continue
		}
		if b.baseSeq >= 0 && o.pid == b.pid && o.baseSeq < b.baseSeq {
			return false
		}
		if b.baseSeq < 0 && o.pid != p.producerID {
			return false
		}
	}
	return true
}

// noteAckedSeq records an acknowledged idempotent batch
// (TransactionManager.handleCompletedBatch): the partition's last
// acknowledged sequence becomes the batch's last sequence as the batch
// holds it now (maybeUpdateLastAckedSequence(tp, batch.lastSequence())),
// which after an epoch bump is the rewritten one, even when the attempt
// that was acknowledged went out under the old epoch. Kafka does the
// same, so that the next batch, which follows the rewritten sequences, is
// the next sequence: if the leader refuses it (it holds the acknowledged
// batch under the old epoch), that is a gap, and the producer bumps its
// epoch again (canRetry) instead of waiting for an earlier batch that will
// never come.
func (p *producer) noteAckedSeq(b *batch) {
	if b.baseSeq < 0 || len(b.records) == 0 {
		return
	}
	if ps := p.seqFor(b.tp); ps.pid == b.pid {
		ps.lastAcked = max(ps.lastAcked, b.baseSeq+int32(len(b.records))-1)
	}
}

// outOfOrderRetry handles OUT_OF_ORDER_SEQUENCE_NUMBER on an idempotent
// batch, which the idempotent producer always retries
// (TransactionManager.canRetry). If the batch is not the partition's next
// sequence after the last acknowledged one, an earlier batch failed and
// is retried first, so the batch just waits its turn. If it is the next
// one, or its sequence was already rewritten, the broker's log has a gap
// (it lost records it had acknowledged, or a batch failed for good): the
// producer bumps its epoch and the partition's sequences start again at 0
// (requestEpochBumpForPartition).
func (p *producer) outOfOrderRetry(b *batch) {
	ps := p.seqFor(b.tp)
	if !b.reset && b.pid == ps.pid && b.baseSeq == ps.lastAcked+1 {
		p.bumpEpoch(b.tp)
	}
}

// bumpEpoch is the idempotent producer's epoch bump
// (TransactionManager.bumpIdempotentProducerEpoch): the batches of tp that
// carry sequences and are not yet acknowledged are rewritten from sequence
// 0, in order, under the new epoch (TxnPartitionMap.startSequencesAtBeginning),
// and every other partition starts at 0 with its next new batch. kplay's
// records carry no producer epoch, so the bump takes a new producer id,
// which the leader treats alike: a producer it has no state for may start
// at any sequence (ProducerAppendInfo.checkSequence).
func (p *producer) bumpEpoch(tp TopicPartition) {
	p.producerID += producerIDStride
	var seqd []*batch
	for i := range p.batches {
		if b := &p.batches[i]; b.tp == tp && b.baseSeq >= 0 {
			seqd = append(seqd, b)
		}
	}
	slices.SortFunc(seqd, func(a, b *batch) int { return int(a.baseSeq) - int(b.baseSeq) })
	ps := p.seqFor(tp)
	ps.pid, ps.seq, ps.lastAcked = p.producerID, 0, -1
	for _, b := range seqd {
		p.stamp(b, ps.pid, ps.seq)
		b.reset = true
		ps.seq += int32(len(b.records))
	}
}

// producerIDStride separates the producer ids kplay numbers: producer n
// starts at 1000+n and each epoch bump adds the stride.
const producerIDStride = 1000

// checkSequence is the leader's sequence check for an idempotent batch
// that is not a duplicate (ProducerAppendInfo.checkSequence): if the log
// holds records of the producer id, the batch's first sequence must be the
// last one's plus one; a producer id the log does not know may start at
// any sequence. The leader rebuilds producer state from its log after a
// failover or truncation, so kplay reads the log.
func (r *replica) checkSequence(p Part) bool {
	if p.ProducerID <= 0 || p.BaseSequence < 0 {
		return true
	}
	for i := len(r.log) - 1; i >= 0; i-- {
		if rec := r.log[i]; rec.ProducerID == p.ProducerID {
			return p.BaseSequence == rec.Sequence+1
		}
	}
	return true
}
