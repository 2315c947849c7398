package engine

// The producer's record accumulator as Kafka's RecordAccumulator keeps it:
// one queue (a deque) per partition, of which only the head can be sent.
// A batch that fails with a retriable error goes back to the head of its
// partition's queue (RecordAccumulator.reenqueue), so no later batch of
// that partition overtakes it while it waits retry.backoff.ms.

// idempotentBatch reports whether b carries sequence numbers: the producer
// has a producer id (enable.idempotence with retries > 0 and
// max.in.flight.requests.per.connection <= 5) and the batch is sent with
// acks=all, without which Kafka turns idempotence off
// (ProducerConfig.postProcessAndValidateIdempotenceConfigs).
func (p *producer) idempotentBatch(b *batch) bool {
	return p.producerID > 0 && b.acks == AcksAll
}

// queuedBefore orders two queued batches of one partition as the deque
// holds them: batches that already carry a sequence number (retries) in
// sequence order ahead of the rest (RecordAccumulator.insertInSequenceOrder),
// then the others by rank: creation order, except that a retried batch
// without a sequence is put at the head (Deque.addFirst in reenqueue).
func queuedBefore(a, b *batch) bool {
	as, bs := a.baseSeq >= 0, b.baseSeq >= 0
	switch {
	case as != bs:
		return as
	case as && a.baseSeq != b.baseSeq:
		return a.baseSeq < b.baseSeq
	}
	return a.rank < b.rank
}

// head is the first batch of tp's queue, or nil: a batch is queued until
// it is sent (in flight) and again after a retriable failure.
func (p *producer) head(tp TopicPartition) *batch {
	var h *batch
	for i := range p.batches {
		b := &p.batches[i]
		if b.tp != tp || b.state == batchInflight {
			continue
		}
		if h == nil || queuedBefore(b, h) {
			h = b
		}
	}
	return h
}

// inflightTo counts the produce requests in flight to broker id, and
// inflightOn those for tp.
func (p *producer) inflightTo(id BrokerID) int {
	n := 0
	for i := range p.batches {
		if p.batches[i].state == batchInflight && p.batches[i].sentTo == id {
			n++
		}
	}
	return n
}

func (p *producer) inflightOn(tp TopicPartition) bool {
	for i := range p.batches {
		if p.batches[i].state == batchInflight && p.batches[i].tp == tp {
			return true
		}
	}
	return false
}

// reenqueue puts a failed batch back in its partition's queue to wait
// retry.backoff.ms (RecordAccumulator.reenqueue): a batch with a sequence
// takes its place in sequence order, any other goes to the head.
func (p *producer) reenqueue(b *batch) {
	b.state = batchBackoff
	if b.baseSeq < 0 {
		p.front++
		b.rank = -p.front
	}
}

// drain sends every partition's head batch that may go now
// (RecordAccumulator.ready and drain, Sender.sendProducerData), partition
// by partition in the order their first batches were made.
//
// Only a ready batch or one backing off can go (drainHead), so a drain
// that finds none does nothing: half the drains of a busy producer come
// with an acknowledgement while the other batches linger or are in
// flight, and walked every partition's queue for nothing. (drainHead's
// metaFor adds no entry: produce made the partition's before its first
// batch, and entries stay.)
func (c *Cluster) drain(p *producer) {
	if !p.anyMayGo() {
		return
	}
	var buf [8]TopicPartition
	tps := buf[:0]
	for i := range p.batches {
		tp := p.batches[i].tp
		seen := false
		for _, t := range tps {
			if t == tp {
				seen = true
				break
			}
		}
		if !seen {
			tps = append(tps, tp)
		}
	}
	for _, tp := range tps {
		for c.drainHead(p, tp) {
		}
	}
}

// anyMayGo reports whether a batch is ready or backing off: one drainHead
// may send.
func (p *producer) anyMayGo() bool {
	for i := range p.batches {
		if st := p.batches[i].state; st == batchReady || st == batchBackoff {
			return true
		}
	}
	return false
}

// drainHead sends tp's head batch if it may go, and reports whether it
// did. The head goes when
//   - its linger.ms has passed, or its retry.backoff.ms has, or the
//     partition's leader epoch has grown since its last attempt: KIP-951
//     resends at once to the leader a NOT_LEADER_OR_FOLLOWER answer named
//     (RecordAccumulator.shouldBackoff,
//     ProducerBatch.hasLeaderChangedForTheOngoingRetry);
//   - the client knows the partition's leader (else it asks for metadata);
//   - with max.in.flight.requests.per.connection=1, no batch of the
//     partition is in flight (Sender's guaranteeMessageOrder mutes it);
//   - fewer than max.in.flight.requests.per.connection requests are in
//     flight to the leader (InFlightRequests.canSendMore);
//   - for an idempotent retry, no batch with a lower sequence is still in
//     flight, and for a new idempotent batch, no batch of an older producer
//     id (epoch) is unresolved
//     (RecordAccumulator.shouldStopDrainBatchesForPartition).
func (c *Cluster) drainHead(p *producer, tp TopicPartition) bool {
	b := p.head(tp)
	if b == nil {
		return false
	}
	m := p.metaFor(tp)
	switch b.state {
	case batchReady:
	case batchBackoff:
		// Before Kafka 3.7 (kip-951=off) a retry always waits out its
		// backoff.
		if !c.cfg.kip951() || !m.known || m.leader == NoLeader || m.epoch <= b.leaderEpoch {
			return false
		}
	default:
		return false
	}
	if !m.known || m.leader == NoLeader {
		b.state = batchAwaitMetadata
		c.requestMetadata(NodeID{Kind: NodeProducer, ID: p.id}, m)
		return false
	}
	switch {
	case c.cfg.MaxInFlightRequestsPerConnection == 1 && p.inflightOn(tp):
		return false
	case p.inflightTo(m.leader) >= c.cfg.MaxInFlightRequestsPerConnection:
		return false
	case p.idempotentBatch(b) && !p.maySequence(b):
		return false
	}
	c.sendBatch(p, b)
	return true
}
