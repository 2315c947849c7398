package engine

import "slices"

// handleProduce appends a producer's batch on the leader
// (ReplicaManager.appendRecords, Partition.appendRecordsToLeader) and
// answers according to acks (docs/kafka-rules.md §3.1):
//   - a broker that does not lead the partition answers
//     NOT_LEADER_OR_FOLLOWER and stores nothing;
//   - acks=all with the ISR below min(min.insync.replicas, RF) answers
//     NOT_ENOUGH_REPLICAS and appends nothing;
//   - an idempotent retry already in the log is answered with its offset,
//     and an idempotent batch whose sequence does not follow the
//     producer's last one gets OUT_OF_ORDER_SEQUENCE_NUMBER
//     (UnifiedLog.analyzeAndValidateProducerState, ProducerAppendInfo);
//   - acks=0 gets no answer, acks=1 an answer right after the local append,
//     and acks=all an answer once the high watermark has passed the batch or
//     REQUEST_TIMED_OUT after request.timeout.ms.
//
// On a slow disk the produce waits for its write first (queueOnDisk).
func (c *Cluster) handleProduce(b *broker, m *Message) {
	if c.queueOnDisk(b, m, produceWrites(b, m)) {
		return
	}
	c.produceNow(b, m)
}

// produceNow is handleProduce once the broker's disk has written the batch.
func (c *Cluster) produceNow(b *broker, m *Message) {
	p := m.Parts[0]
	resp := Part{TP: p.TP, BaseOffset: -1, Leader: NoLeader}
	r := b.replica(p.TP)
	switch {
	case r == nil || !r.isLeader:
		resp.Err = ErrNotLeaderOrFollower
		// ProduceResponse v10+ carries the current leader (KIP-951).
		if r != nil {
			resp.Leader, resp.LeaderEpoch = r.leader, r.leaderEpoch
		}
	case p.Acks == AcksAll && len(r.isr) < c.effectiveMinISR(p.TP):
		// Checked before the duplicate check (docs/kafka-rules.md §3.2).
		resp.Err = ErrNotEnoughReplicas
	}
	if resp.Err != ErrNone {
		if p.Acks != AcksNone {
			c.reply(b, m, MsgProduceResponse, resp)
		}
		return
	}
	if base, ok := r.duplicate(p); ok {
		// An idempotent retry of a batch already in the log: answered with
		// its original offset (ProducerStateManager, DUPLICATE_SEQUENCE_NUMBER
		// is success to the client).
		resp.BaseOffset = base
		c.emit(Event{Kind: EvDuplicate, Node: b.node(), Peer: m.From, TP: p.TP, Offset: base, End: base + Offset(len(p.Records)), Count: len(p.Records)})
		c.answerAppended(b, r, m, resp, base+Offset(len(p.Records)))
		return
	}
	if !r.checkSequence(p) {
		resp.Err = ErrOutOfOrderSequenceNumber
		if p.Acks != AcksNone {
			c.reply(b, m, MsgProduceResponse, resp)
		}
		return
	}
	base := r.leo()
	r.appendAsLeader(p.Records)
	c.emit(Event{Kind: EvAppended, Node: b.node(), TP: p.TP, Offset: base, End: r.leo(), Epoch: r.leaderEpoch, Value: p.Records[0].Value, Count: len(p.Records)})
	resp.BaseOffset = base
	// New data completes parked follower fetches (DelayedFetch case G), and
	// with ISR = {leader} the HW moves at once.
	c.tryCompleteParked(b, p.TP)
	c.maybeIncrementHW(b, r)
	c.answerAppended(b, r, m, resp, r.leo())
}

// answerAppended answers a produce whose records end at offset end: acks=0
// not at all, acks=1 at once, acks=all once the HW reaches end or after the
// request's timeout.
func (c *Cluster) answerAppended(b *broker, r *replica, m *Message, resp Part, end Offset) {
	switch m.Parts[0].Acks {
	case AcksNone:
	case AcksOne:
		resp.HW = r.hw
		c.reply(b, m, MsgProduceResponse, resp)
	default:
		if r.hw >= end {
			// Partition.checkEnoughReplicasReachOffset, as for a delayed one.
			resp.HW = r.hw
			if len(r.maximalISR()) < c.effectiveMinISR(r.tp) {
				resp.Err = ErrNotEnoughReplicasAfterAppend
			}
			c.checkAckReplicated(b, r, resp, end)
			c.reply(b, m, MsgProduceResponse, resp)
			return
		}
		b.delayed = append(b.delayed, delayedProduce{req: *m, tp: r.tp, base: resp.BaseOffset, required: end})
		c.held = true
		c.timer(c.now+c.cfg.RequestTimeoutMs, timerProduceExpire, b.node(), r.tp, m.ID)
	}
}

// duplicate finds an idempotent batch already in the log: a batch of the
// same producer id with the same first and the same last sequence
// (ProducerStateEntry.findDuplicateBatch, batchWithSequenceRange). A batch
// that only starts at the same sequence is not a duplicate: it goes on to
// the sequence check. The leader rebuilds producer state from its log
// after a failover, so the log is the truth; kplay looks through the whole
// log where Kafka keeps the producer's last five batches
// (ProducerStateEntry.NUM_BATCHES_TO_RETAIN).
func (r *replica) duplicate(p Part) (Offset, bool) {
	if p.ProducerID <= 0 || p.BaseSequence < 0 || len(p.Records) == 0 {
		return 0, false
	}
	last := p.BaseSequence + int32(len(p.Records)) - 1
	for i := len(r.log) - 1; i >= 0; i-- {
		rec := r.log[i]
		if rec.ProducerID != p.ProducerID {
			continue
		}
		if rec.Sequence < p.BaseSequence {
			return 0, false // sequences only grow: nothing older can match
		}
		if rec.Sequence != p.BaseSequence || rec.OffsetDelta != 0 {
			continue
		}
		j := i // the batch's last record
		for j+1 < len(r.log) && r.log[j+1].OffsetDelta == r.log[j].OffsetDelta+1 {
			j++
		}
		if r.log[j].Sequence == last {
			return rec.Offset, true
		}
		return 0, false
	}
	return 0, false
}

// completeDelayedProduces answers the acks=all produces on tp that the high
// watermark has now passed (DelayedProduce.tryComplete,
// Partition.checkEnoughReplicasReachOffset).
func (c *Cluster) completeDelayedProduces(b *broker, tp TopicPartition) {
	r := b.replica(tp)
	kept := b.delayed[:0]
	var buf [4]delayedProduce // on the stack: usually one or two are done
	done := buf[:0]
	for _, d := range b.delayed {
		if d.tp == tp && r != nil && r.hw >= d.required {
			done = append(done, d)
			continue
		}
		kept = append(kept, d)
	}
	b.delayed = kept
	for _, d := range done {
		resp := Part{TP: tp, BaseOffset: d.base, HW: r.hw}
		if len(r.maximalISR()) < c.effectiveMinISR(tp) {
			resp.Err = ErrNotEnoughReplicasAfterAppend
		}
		c.checkAckReplicated(b, r, resp, d.required)
		c.reply(b, &d.req, MsgProduceResponse, resp)
		// Answered and out of the purgatory: done with.
		c.partArena.reuse(d.req.Parts)
	}
}

// failDelayedProduces answers every waiting produce on tp with
// NOT_LEADER_OR_FOLLOWER: the broker stopped leading it
// (ReplicaManager.completeDelayedOperationsWhenNotPartitionLeader).
func (c *Cluster) failDelayedProduces(b *broker, tp TopicPartition) {
	kept := b.delayed[:0]
	var failed []delayedProduce
	for _, d := range b.delayed {
		if d.tp == tp {
			failed = append(failed, d)
			continue
		}
		kept = append(kept, d)
	}
	b.delayed = kept
	r := b.replica(tp)
	for _, d := range failed {
		c.reply(b, &d.req, MsgProduceResponse, Part{TP: tp, BaseOffset: -1, Err: ErrNotLeaderOrFollower, Leader: r.leader, LeaderEpoch: r.leaderEpoch})
	}
}

// expireDelayedProduce answers an acks=all produce that waited
// request.timeout.ms with REQUEST_TIMED_OUT (DelayedProduce.onExpiration).
func (c *Cluster) expireDelayedProduce(b *broker, reqID int64) {
	for i, d := range b.delayed {
		if d.req.ID == reqID {
			b.delayed = slices.Delete(b.delayed, i, i+1)
			c.reply(b, &d.req, MsgProduceResponse, Part{TP: d.tp, BaseOffset: -1, Err: ErrRequestTimedOut, Leader: NoLeader})
			return
		}
	}
}

// reply sends a one-partition response to request m.
func (c *Cluster) reply(b *broker, m *Message, kind MsgKind, p Part) {
	c.send(Message{Kind: kind, Request: m.ID, From: Broker(b.id), To: m.From, Parts: c.partArena.one(p)})
}

// handleMetadata answers a client's Metadata request with the partition's
// leader and leader epoch from this broker's metadata image
// (KRaftMetadataCache.getPartitionMetadata); a partition without a leader
// answers LEADER_NOT_AVAILABLE.
func (c *Cluster) handleMetadata(b *broker, m *Message) {
	p := m.Parts[0]
	resp := Part{TP: p.TP, Leader: NoLeader}
	if reg := c.partition(p.TP); reg == nil {
		resp.Err = ErrUnknownTopicOrPartition
	} else if r := b.replica(p.TP); r != nil && !c.net.talksToController(b.node()) {
		// A broker cut off from the controller answers from its stale image.
		resp.Leader, resp.LeaderEpoch = r.leader, r.leaderEpoch
	} else {
		resp.Leader, resp.LeaderEpoch = reg.leader, reg.leaderEpoch
	}
	if resp.Err == ErrNone && resp.Leader == NoLeader {
		resp.Err = ErrLeaderNotAvailable
	}
	c.send(Message{Kind: MsgMetadataResponse, Request: m.ID, From: Broker(b.id), To: m.From, Parts: []Part{resp}})
}
