package engine

import "slices"

// handleProduce appends a producer's batch on the leader
// (ReplicaManager.appendRecords, Partition.appendRecordsToLeader) and
// answers according to acks (reference §3.1):
//   - a broker that does not lead the partition answers
//     NOT_LEADER_OR_FOLLOWER and stores nothing;
//   - acks=all with the ISR below min(min.insync.replicas, RF) answers
//     NOT_ENOUGH_REPLICAS and appends nothing;
//   - acks=0 gets no answer, acks=1 an answer right after the local append,
//     and acks=all an answer once the high watermark has passed the batch or
//     REQUEST_TIMED_OUT after request.timeout.ms.
func (c *Cluster) handleProduce(b *broker, m Message) {
	p := m.Parts[0]
	resp := Part{TP: p.TP, BaseOffset: -1, Leader: NoLeader}
	r := b.replica(p.TP)
	reg := c.partition(p.TP)
	switch {
	case r == nil || !r.isLeader:
		resp.Err = ErrNotLeaderOrFollower
		// ProduceResponse v10+ carries the current leader (KIP-951).
		resp.Leader, resp.LeaderEpoch = reg.leader, reg.leaderEpoch
	case p.Acks == AcksAll && len(reg.isr) < c.effectiveMinISR(p.TP):
		resp.Err = ErrNotEnoughReplicas
	}
	if resp.Err != ErrNone {
		if p.Acks != AcksNone {
			c.reply(b, m, MsgProduceResponse, resp)
		}
		return
	}
	base := r.leo()
	recs := slices.Clone(p.Records)
	for i := range recs {
		recs[i].Offset = base + Offset(i)
		recs[i].LeaderEpoch = r.leaderEpoch
	}
	r.appendRecords(recs)
	c.emit(Event{Kind: EvAppended, Node: Broker(b.id), TP: p.TP, Offset: base, End: r.leo(), Epoch: r.leaderEpoch, Value: recs[0].Value, Count: len(recs)})
	resp.BaseOffset = base
	// New data completes parked follower fetches (DelayedFetch case G), and
	// with ISR = {leader} the HW moves at once.
	c.tryCompleteParked(b, p.TP)
	c.maybeIncrementHW(b, r)
	switch p.Acks {
	case AcksNone:
	case AcksOne:
		resp.HW = r.hw
		c.reply(b, m, MsgProduceResponse, resp)
	default:
		required := r.leo()
		if r.hw >= required {
			resp.HW = r.hw
			c.reply(b, m, MsgProduceResponse, resp)
			return
		}
		b.delayed = append(b.delayed, delayedProduce{req: m, tp: p.TP, base: base, required: required, value: recs[0].Value})
		c.timer(c.now+c.cfg.RequestTimeoutMs, timerProduceExpire, Broker(b.id), p.TP, m.ID)
	}
}

// completeDelayedProduces answers the acks=all produces on tp that the high
// watermark has now passed (DelayedProduce.tryComplete,
// Partition.checkEnoughReplicasReachOffset).
func (c *Cluster) completeDelayedProduces(b *broker, tp TopicPartition) {
	r := b.replica(tp)
	kept := b.delayed[:0]
	var done []delayedProduce
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
		if len(c.partition(tp).isr) < c.effectiveMinISR(tp) {
			resp.Err = ErrNotEnoughReplicasAfterAppend
		}
		c.reply(b, d.req, MsgProduceResponse, resp)
	}
}

// expireDelayedProduce answers an acks=all produce that waited
// request.timeout.ms with REQUEST_TIMED_OUT (DelayedProduce.onExpiration).
func (c *Cluster) expireDelayedProduce(b *broker, reqID int64) {
	for i, d := range b.delayed {
		if d.req.ID == reqID {
			b.delayed = slices.Delete(b.delayed, i, i+1)
			c.reply(b, d.req, MsgProduceResponse, Part{TP: d.tp, BaseOffset: -1, Err: ErrRequestTimedOut})
			return
		}
	}
}

// reply sends a one-partition response to request m.
func (c *Cluster) reply(b *broker, m Message, kind MsgKind, p Part) {
	c.send(Message{Kind: kind, Request: m.ID, From: Broker(b.id), To: m.From, Parts: []Part{p}})
}

// handleMetadata answers a client's Metadata request with the partition's
// leader and leader epoch from this broker's metadata image
// (KRaftMetadataCache.getPartitionMetadata); a partition without a leader
// answers LEADER_NOT_AVAILABLE.
func (c *Cluster) handleMetadata(b *broker, m Message) {
	p := m.Parts[0]
	resp := Part{TP: p.TP, Leader: NoLeader}
	if reg := c.partition(p.TP); reg == nil {
		resp.Err = ErrUnknownTopicOrPartition
	} else {
		resp.Leader, resp.LeaderEpoch = reg.leader, reg.leaderEpoch
		if reg.leader == NoLeader {
			resp.Err = ErrLeaderNotAvailable
		}
	}
	c.send(Message{Kind: MsgMetadataResponse, Request: m.ID, From: Broker(b.id), To: m.From, Parts: []Part{resp}})
}
