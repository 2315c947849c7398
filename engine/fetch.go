package engine

import "slices"

// handleFetch serves a Fetch from a follower (ReplicaID >= 1) or a consumer
// (ReplicaID = -1), in the order of Partition.fetchRecords (docs/kafka-rules.md §2.3):
//  1. a follower's fetch needs the leader; a consumer's (Fetch v11+, which
//     always carries client metadata) may be served by any replica
//     (FetchParams.fetchOnlyLeader); a broker holding no replica answers
//     NOT_LEADER_OR_FOLLOWER; the requester's leader epoch must match
//     (FENCED_LEADER_EPOCH / UNKNOWN_LEADER_EPOCH);
//  2. the HW is read before the follower's position is recorded;
//  3. a follower whose LastFetchedEpoch diverges gets DivergingEpoch and its
//     position is not recorded;
//  4. offsets outside [logStart, LEO] get OFFSET_OUT_OF_RANGE;
//  5. followers read up to the LEO, consumers up to the serving replica's HW;
//  6. a follower's position and lastCaughtUpTimeMs are updated, then the ISR
//     may expand and the HW move.
//
// A fetch that finds nothing and no error is parked for MaxWaitMs
// (ReplicaManager.fetchMessages, DelayedFetch).
func (c *Cluster) handleFetch(b *broker, m *Message) {
	resp := c.partArena.alloc(len(m.Parts))
	respondNow := m.MaxWaitMs <= 0
	budget := c.fetchBudget(m.ReplicaID != ConsumerReplicaID)
	for i := range m.Parts {
		var now bool
		resp[i], now = c.fetchPartition(b, m, &m.Parts[i], &budget)
		respondNow = respondNow || now
	}
	if respondNow {
		c.send(Message{Kind: MsgFetchResponse, Request: m.ID, From: b.node(), To: m.From, ReplicaID: m.ReplicaID, Parts: resp})
		return
	}
	c.partArena.release(resp)
	c.parkFetch(b, m)
}

// fetchPartition serves one partition p of fetch m from broker b, spending
// budget, in handleFetch's order, and reports whether it must be answered
// now: with an error, a divergence, a redirection or records.
func (c *Cluster) fetchPartition(b *broker, m *Message, p *Part, budget *fetchBudget) (out Part, respondNow bool) {
	follower := m.ReplicaID != ConsumerReplicaID
	out = Part{TP: p.TP, FetchOffset: p.FetchOffset, HW: -1, Leader: NoLeader, PreferredReadReplica: NoLeader}
	r := b.replica(p.TP)
	out.Err = c.fetchError(b, m, p, r)
	if r != nil {
		out.Leader, out.LeaderEpoch = r.leader, r.leaderEpoch
	}
	if out.Err != ErrNone {
		return out, true
	}
	hw := r.hw
	leo := r.leo()
	out.LeaderLEO = leo
	out.LogStartOffset = r.logStart
	if !follower && r.isLeader {
		if pr := c.preferredReadReplica(r, m.Rack, p.FetchOffset); pr != NoLeader && pr != b.id {
			// KIP-392: redirect at once, without records.
			out.PreferredReadReplica, out.HW = pr, hw
			return out, true
		}
	}
	if follower && p.LastFetchedEpoch >= 0 && c.fetchDiverges(r, p, hw, &out) {
		return out, true
	}
	if p.FetchOffset < r.logStart || p.FetchOffset > leo {
		out.Err = ErrOffsetOutOfRange
		return out, true
	}
	limit := leo
	if !follower {
		limit = hw // read_uncommitted consumers see [logStart, HW) (FetchIsolation.HIGH_WATERMARK)
	}
	var used int64
	out.Records, used = budget.read(r, p.FetchOffset, limit)
	out.HW = hw
	if follower {
		c.updateFollowerFetchState(b, r, m.ReplicaID, m.BrokerEpoch, p.FetchOffset)
	}
	return out, used > 0 // fetch.min.bytes / replica.fetch.min.bytes is 1
}

// fetchError is the error broker b answers partition p of fetch m with
// before reading (step 1 of handleFetch), ErrNone if it may be served; r
// is b's replica of p, nil if it holds none.
func (c *Cluster) fetchError(b *broker, m *Message, p *Part, r *replica) ErrorCode {
	follower := m.ReplicaID != ConsumerReplicaID
	switch {
	case r == nil || (follower && !r.isLeader):
		return ErrNotLeaderOrFollower
	case p.CurrentLeaderEpoch >= 0 && p.CurrentLeaderEpoch < r.leaderEpoch:
		return ErrFencedLeaderEpoch
	case p.CurrentLeaderEpoch > r.leaderEpoch:
		return ErrUnknownLeaderEpoch
	case follower && r.remote(m.ReplicaID) == nil:
		return ErrUnknownLeaderEpoch // not in the assignment (Partition.fetchRecords)
	case follower && c.cfg.kip903() && m.BrokerEpoch != c.ctrl.reg(m.ReplicaID).epoch:
		return ErrNotLeaderOrFollower // stale broker epoch (KIP-903, Kafka 3.5)
	}
	return ErrNone
}

// fetchDiverges checks a follower's LastFetchedEpoch against leader
// replica r's epochs (step 3 of handleFetch) and reports whether the fetch
// is answered now without records: OFFSET_OUT_OF_RANGE if r knows no such
// epoch, or DivergingEpoch (with hw) if the follower's log goes past where
// that epoch ends on r. out gets the answer.
func (c *Cluster) fetchDiverges(r *replica, p *Part, hw Offset, out *Part) bool {
	e, end, ok := r.endOffsetFor(p.LastFetchedEpoch)
	diverges := ok && (e < p.LastFetchedEpoch || end < p.FetchOffset)
	if c.cfg.truncation() == ProtocolPreKIP279 {
		// KIP-101 v0 compared offsets only (docs/kafka-rules.md §6.3).
		diverges = ok && end < p.FetchOffset
	}
	if !ok {
		out.Err = ErrOffsetOutOfRange
		return true
	}
	if diverges {
		out.HasDiverging, out.DivergingEpoch, out.DivergingEnd = true, e, end
		out.HW = hw
		return true
	}
	return false
}

// parkFetch holds fetch m open at broker b for its MaxWaitMs
// (DelayedFetch): nothing to return yet.
func (c *Cluster) parkFetch(b *broker, m *Message) {
	b.parked = append(b.parked, parkedFetch{req: *m, deadline: c.now + m.MaxWaitMs})
	c.held = true
	c.timer(c.now+m.MaxWaitMs, timerFetchExpire, b.node(), TopicPartition{}, m.ID)
	for k := range m.Parts {
		p := &m.Parts[k]
		c.emit(Event{Kind: EvFetchParked, Node: b.node(), Peer: m.From, TP: p.TP, Offset: p.FetchOffset})
	}
}

// fetchBudget (docs/kafka-rules.md §2.8) is what is left of one fetch's byte limits as
// ReplicaManager.readFromLog spends them over its partitions: each
// partition reads at most min(its own limit, what the response has left),
// the first partition that returns anything may exceed both with its
// first batch (minOneMessage, KIP-74: Fetch v3+ sets no hard limit), and
// the bytes it read come off what is left.
type fetchBudget struct {
	left, perPartition int64
	minOne             bool
}

// fetchBudget returns a fresh budget for a follower's fetch
// (replica.fetch.response.max.bytes, replica.fetch.max.bytes) or a
// consumer's (fetch.max.bytes, max.partition.fetch.bytes). The request
// carries the limits in Kafka (FetchRequest MaxBytes and each partition's
// PartitionMaxBytes); kplay's brokers and consumers share one Config, so
// the leader reads them from it.
func (c *Cluster) fetchBudget(follower bool) fetchBudget {
	if follower {
		return fetchBudget{left: int64(c.cfg.ReplicaFetchResponseMaxBytes), perPartition: int64(c.cfg.ReplicaFetchMaxBytes), minOne: true}
	}
	return fetchBudget{left: int64(c.cfg.FetchMaxBytes), perPartition: int64(c.cfg.MaxPartitionFetchBytes), minOne: true}
}

// read reads r's whole batches in [from, to) within the budget and spends
// it (ReplicaManager.readFromLog's loop body); used is the bytes Kafka's
// read would return, which is above zero also when only part of a batch
// fit (the reader drops that part).
func (fb *fetchBudget) read(r *replica, from, to Offset) (recs []Record, used int64) {
	recs, used = r.readBytes(from, to, min(fb.perPartition, fb.left), fb.minOne)
	if used > 0 {
		fb.minOne = false
	}
	fb.left = max(0, fb.left-used)
	return recs, used
}

// preferredReadReplica picks the replica a consumer in rack should read
// from (ReplicaManager.findPreferredReadReplica with RackAwareReplicaSelector,
// KIP-392): no selector or no rack → the leader; the leader if it is in the
// rack; else the in-sync replica in the rack whose log covers the offset,
// most caught up first (highest LEO, then lowest id); none → the leader.
func (c *Cluster) preferredReadReplica(r *replica, rack string, offset Offset) BrokerID {
	if !c.cfg.ReplicaSelectorRackAware || !c.cfg.kip392() || rack == "" || c.rack(r.leader) == rack {
		return NoLeader
	}
	best, bestLEO := NoLeader, Offset(-1)
	for _, rr := range r.remotes {
		if !slices.Contains(r.isr, rr.id) || c.rack(rr.id) != rack || rr.leo < offset {
			continue
		}
		if rr.leo > bestLEO {
			best, bestLEO = rr.id, rr.leo
		}
	}
	return best
}

// rack is broker id's broker.rack.
func (c *Cluster) rack(id BrokerID) string {
	if int(id) >= 1 && int(id) <= len(c.cfg.Racks) {
		return c.cfg.Racks[id-1]
	}
	return ""
}

// updateFollowerFetchState records a follower's accepted fetch at offset f
// and the broker epoch it carried (Replica.updateFetchStateOrThrow), then
// lets the ISR expand and the high watermark move.
func (c *Cluster) updateFollowerFetchState(b *broker, r *replica, id BrokerID, brokerEpoch int64, f Offset) {
	rr := r.remote(id)
	leo := r.leo()
	switch {
	case f >= leo:
		rr.lastCaughtUp = max(rr.lastCaughtUp, c.now)
	case f >= rr.lastFetchLeaderLEO:
		rr.lastCaughtUp = max(rr.lastCaughtUp, rr.lastFetchTime)
	}
	rr.lastFetchLeaderLEO = max(leo, rr.lastFetchLeaderLEO)
	rr.lastFetchTime = c.now
	rr.brokerEpoch = brokerEpoch
	moved := rr.leo != f
	rr.leo = f
	c.maybeExpandISR(b, r, id)
	if moved {
		c.maybeIncrementHW(b, r)
	}
}

// tryCompleteParked completes the parked fetches that tp can now answer
// (DelayedFetch.tryComplete): a follower's once the leader's log has records
// past its fetch offset, a consumer's once the serving replica's HW has, and
// any fetch whose broker no longer leads the partition.
func (c *Cluster) tryCompleteParked(b *broker, tp TopicPartition) {
	var buf [4]parkedFetch // on the stack: usually one or two are ready
	ready := buf[:0]
	// Walked in place and moved only when an earlier one left: this runs
	// at every append and high-watermark move, and copying each 170-byte
	// parked request (with write barriers) per look was a cost of its own.
	kept := 0
	for i := range b.parked {
		pf := &b.parked[i]
		if c.parkedCanComplete(b, pf, tp) {
			ready = append(ready, *pf)
			continue
		}
		if kept != i {
			b.parked[kept] = *pf
		}
		kept++
	}
	clear(b.parked[kept:])
	b.parked = b.parked[:kept]
	for i := range ready {
		c.completeParked(b, &ready[i])
	}
}

func (c *Cluster) parkedCanComplete(b *broker, pf *parkedFetch, tp TopicPartition) bool {
	consumer := pf.req.ReplicaID == ConsumerReplicaID
	for i := range pf.req.Parts {
		p := &pf.req.Parts[i]
		if p.TP != tp {
			continue
		}
		r := b.replica(tp)
		if r == nil || (!consumer && !r.isLeader) || r.leaderEpoch != p.CurrentLeaderEpoch && p.CurrentLeaderEpoch >= 0 {
			return true
		}
		limit := r.leo()
		if consumer {
			limit = r.hw
		}
		if limit > p.FetchOffset {
			return true
		}
	}
	return false
}

// expireParkedFetch answers a parked fetch whose MaxWaitMs has passed.
func (c *Cluster) expireParkedFetch(b *broker, reqID int64) {
	for i, pf := range b.parked {
		if pf.req.ID == reqID {
			b.parked = slices.Delete(b.parked, i, i+1)
			c.completeParked(b, &pf)
			return
		}
	}
}

// completeParked answers a parked fetch by reading the log again, with the
// HW as it is now and without recording the follower's position again
// (DelayedFetch.onComplete).
func (c *Cluster) completeParked(b *broker, pf *parkedFetch) {
	m := &pf.req
	consumer := m.ReplicaID == ConsumerReplicaID
	resp := c.partArena.alloc(len(m.Parts))
	budget := c.fetchBudget(!consumer)
	for i := range m.Parts {
		p := &m.Parts[i]
		out := Part{TP: p.TP, FetchOffset: p.FetchOffset, HW: -1, Leader: NoLeader, PreferredReadReplica: NoLeader}
		r := b.replica(p.TP)
		switch {
		case r == nil || (!consumer && !r.isLeader):
			out.Err = ErrNotLeaderOrFollower
		case p.CurrentLeaderEpoch >= 0 && p.CurrentLeaderEpoch < r.leaderEpoch:
			out.Err = ErrFencedLeaderEpoch
		case p.FetchOffset < r.logStart || p.FetchOffset > r.leo():
			out.Err = ErrOffsetOutOfRange
		}
		if r != nil {
			out.Leader, out.LeaderEpoch = r.leader, r.leaderEpoch
		}
		if out.Err == ErrNone {
			limit := r.leo()
			if consumer {
				limit = r.hw
			}
			out.LeaderLEO = r.leo()
			out.LogStartOffset = r.logStart
			out.HW = r.hw
			out.Records, _ = budget.read(r, p.FetchOffset, limit)
		}
		resp[i] = out
	}
	c.send(Message{Kind: MsgFetchResponse, Request: m.ID, From: b.node(), To: m.From, ReplicaID: m.ReplicaID, Parts: resp})
	// The request is answered and out of the purgatory: done with.
	c.partArena.reuse(m.Parts)
}

// maybeSendFetch sends the follower's next Fetch to leader if none is in
// flight and no truncation waits (truncateOnDivergenceLater): every partition it follows there that is not backing off, each
// from its LEO with its last fetched epoch (AbstractFetcherThread,
// RemoteLeaderEndPoint.buildFetch). If every partition is backing off, it
// waits for the earliest.
func (c *Cluster) maybeSendFetch(b *broker, leader BrokerID) {
	f := b.fetcher(leader)
	if f == nil || f.inflight != 0 || len(f.truncating) > 0 || len(f.parts) == 0 || !b.alive || b.brokerEpoch == 0 {
		return
	}
	parts := c.partScratch[:0]
	wake := Time(-1)
	for _, fp := range f.parts {
		if fp.delayUntil > c.now {
			if wake < 0 || fp.delayUntil < wake {
				wake = fp.delayUntil
			}
			continue
		}
		r := b.replica(fp.tp)
		last := r.latestEpoch()
		if c.cfg.truncation() == ProtocolPreKIP101 {
			last = -1 // no leader epochs before KIP-101
		}
		parts = append(parts, Part{TP: fp.tp, FetchOffset: r.leo(), CurrentLeaderEpoch: r.leaderEpoch, LastFetchedEpoch: last})
	}
	if len(parts) == 0 {
		c.timer(wake, timerFetcherBackoff, b.node(), TopicPartition{}, int64(leader))
		return
	}
	c.partScratch = parts
	f.inflight = c.send(Message{Kind: MsgFetch, From: b.node(), To: Broker(leader), ReplicaID: b.id, BrokerEpoch: b.brokerEpoch,
		MaxWaitMs: c.cfg.ReplicaFetchWaitMaxMs, Parts: c.partArena.from(parts)})
	f.deadline = c.now + c.cfg.ReplicaSocketTimeoutMs + c.cfg.ReplicaFetchWaitMaxMs
	if !f.armed {
		// One timer per fetcher, re-armed when it fires, instead of one per
		// fetch: a busy follower sends thousands of fetches in 30 s.
		f.armed = true
		c.timer(f.deadline, timerFetchTimeout, b.node(), TopicPartition{}, int64(leader))
	}
}

// followerFetchTimeout gives up on a fetch that got no answer by its
// deadline (a lost message): every partition in it backs off, then the loop
// resumes. A fetch still within its deadline re-arms the timer.
func (c *Cluster) followerFetchTimeout(b *broker, leader BrokerID) {
	f := b.fetcher(leader)
	if f == nil {
		return
	}
	f.armed = false
	switch {
	case f.inflight == 0:
	case c.now < f.deadline:
		f.armed = true
		c.timer(f.deadline, timerFetchTimeout, b.node(), TopicPartition{}, int64(leader))
	default:
		f.inflight = 0
		for j := range f.parts {
			f.parts[j].delayUntil = c.now + c.cfg.ReplicaFetchBackoffMs
		}
		c.maybeSendFetch(b, f.leader)
	}
}

// handleFollowerFetchResponse processes a leader's answer on the follower
// (AbstractFetcherThread.processFetchRequest,
// ReplicaFetcherThread.processPartitionData): records are appended at the
// leader's offsets and the HW becomes min(response HW, own LEO); a
// DivergingEpoch truncates the log (docs/kafka-rules.md §6.5); OFFSET_OUT_OF_RANGE
// truncates to the leader's end (§6.7); other errors delay the partition by
// replica.fetch.backoff.ms. Then it fetches again at once.
//
// On a slow disk a response with records waits for its write first
// (queueOnDisk): the fetcher thread is busy appending and sends nothing
// meanwhile, so no socket timeout runs for the answered fetch.
func (c *Cluster) handleFollowerFetchResponse(b *broker, m *Message) {
	f := b.fetcher(BrokerID(m.From.ID))
	if f == nil || f.inflight != m.Request {
		return // a response to a fetch this fetcher no longer waits for
	}
	if c.queueOnDisk(b, m, fetchResponseWrites(m)) {
		f.deadline = max(f.deadline, b.diskFree+1)
		return
	}
	c.followerFetchResponse(b, m)
}

// followerFetchResponse is handleFollowerFetchResponse once the broker's
// disk has written the records.
func (c *Cluster) followerFetchResponse(b *broker, m *Message) {
	leader := BrokerID(m.From.ID)
	f := b.fetcher(leader)
	if f == nil || f.inflight != m.Request {
		return // a response to a fetch this fetcher no longer waits for
	}
	f.inflight = 0
	for k := range m.Parts {
		p := &m.Parts[k]
		r := b.replica(p.TP)
		j := slices.IndexFunc(f.parts, func(fp fetchPart) bool { return fp.tp == p.TP })
		if r == nil || r.isLeader || r.leader != leader || j < 0 {
			continue
		}
		switch {
		case p.Err == ErrOffsetOutOfRange && p.LeaderLEO >= 0 && p.LeaderLEO < r.leo():
			c.truncateTo(b, r, p.LeaderLEO, removedFollowing, "truncates to the leader's log end after OFFSET_OUT_OF_RANGE")
		case p.Err == ErrOffsetOutOfRange && p.LogStartOffset > r.leo():
			c.truncateFullyAndStartAt(b, r, p.LogStartOffset, "that is below the leader's log start offset: it truncates fully and starts there")
		case p.Err != ErrNone:
			f.parts[j].delayUntil = c.now + c.cfg.ReplicaFetchBackoffMs
		case p.HasDiverging && !c.cfg.kafka14704():
			// Before Kafka 3.5 the partition data, and with it the
			// leader's HW, was processed before the divergence, so the
			// HW could pass records about to be truncated (KAFKA-14704);
			// the truncation waits for the rest of the response
			// (truncationWindowMs) when there is something to see.
			c.setHW(b, r, min(max(p.HW, r.logStart), r.leo()))
			if r.hw > c.truncationPoint(r, p.DivergingEpoch, p.DivergingEnd) {
				f.truncating = append(f.truncating, divergence{tp: p.TP, epoch: p.DivergingEpoch, end: p.DivergingEnd})
				continue
			}
			c.truncateOnDivergence(b, r, p.DivergingEpoch, p.DivergingEnd)
		case p.HasDiverging:
			c.truncateOnDivergence(b, r, p.DivergingEpoch, p.DivergingEnd)
		default:
			if len(p.Records) > 0 && p.Records[0].Offset != r.leo() {
				continue // stale data for an offset no longer asked for
			}
			before := r.leo()
			if len(p.Records) > 0 {
				c.checkEpochsMonotonic(b, r, p.Records)
				r.appendRecords(p.Records)
				c.emit(Event{Kind: EvAppended, Node: b.node(), TP: p.TP, Offset: before, End: r.leo(), Epoch: p.Records[0].LeaderEpoch, Value: p.Records[0].Value, Count: len(p.Records)})
			}
			c.emit(Event{Kind: EvFetchRound, Node: b.node(), Peer: m.From, TP: p.TP, Offset: p.FetchOffset, LEO: p.LeaderLEO, Count: len(p.Records), End: r.leo()})
			old := r.hw
			c.setHW(b, r, min(max(p.HW, r.logStart), r.leo()))
			c.followLeaderLogStart(b, r, p.LogStartOffset)
			if r.hw > old {
				// Consumers reading from this follower (KIP-392) wait on its
				// HW (AbstractFetcherThread: completeDelayedFetchRequests for
				// partitions with a new high watermark).
				c.tryCompleteParked(b, p.TP)
			}
		}
	}
	if len(f.truncating) > 0 {
		c.timer(c.now+truncationWindowMs, timerTruncateOnFetch, b.node(), TopicPartition{}, int64(leader))
		return
	}
	c.maybeSendFetch(b, leader)
}

// truncationWindowMs is how long, before Kafka 3.5, a follower's high
// watermark taken from a fetch response that names a diverging epoch
// stays over the records it is about to truncate: one millisecond,
// kplay's clock tick. AbstractFetcherThread.processFetchRequest (3.4)
// processes every partition of the response, each partition's data
// setting its HW (ReplicaFetcherThread.processPartitionData), and only
// then calls truncateOnFetchResponse for the partitions that diverged.
// KAFKA-14704: "The time window is short but a fetch request coming at
// the right time to the follower could read those records." In Kafka the
// window is as long as the rest of the response takes, microseconds or
// more; here it lasts one tick so that it exists at all: the page can
// stop in it and a fetch from the follower can fall into it. It is given
// that tick only when the HW taken passes the truncation point, the
// records the truncation removes: a window with nothing in it to see
// would only shift the rest of the schedule by a millisecond, so then
// the truncation follows in the same step.
const truncationWindowMs = 1

// truncateOnDivergenceLater is the fetcher's truncation step after a
// response from leader that named diverging epochs, before Kafka 3.5
// (AbstractFetcherThread.truncateOnFetchResponse): each partition still
// fetched from leader is truncated (only those the fetcher still owns,
// KAFKA-13207), and the fetcher fetches again.
func (c *Cluster) truncateOnDivergenceLater(b *broker, leader BrokerID) {
	f := b.fetcher(leader)
	if f == nil || len(f.truncating) == 0 {
		return
	}
	pending := f.truncating
	f.truncating = nil
	for _, d := range pending {
		r := b.replica(d.tp)
		owned := slices.ContainsFunc(f.parts, func(fp fetchPart) bool { return fp.tp == d.tp })
		if r == nil || r.isLeader || r.leader != leader || !owned {
			continue
		}
		c.truncateOnDivergence(b, r, d.epoch, d.end)
	}
	c.maybeSendFetch(b, leader)
}

// truncateOnDivergence truncates a follower's log after a DivergingEpoch
// (AbstractFetcherThread.truncateOnFetchResponse / getOffsetTruncationState,
// KIP-279): if the follower has the leader's epoch, it truncates to
// min(leader's end, its own end for that epoch, LEO) and is done; otherwise
// to the end of its largest epoch below, and the next fetch asks again.
// Under protocol pre-kip-279 it truncates once to min(leader's end, LEO).
func (c *Cluster) truncateOnDivergence(b *broker, r *replica, epoch Epoch, leaderEnd Offset) {
	c.truncateTo(b, r, c.truncationPoint(r, epoch, leaderEnd), removedFollowing, "diverged from the leader at leader epoch "+itoa(int(epoch)))
}

// truncationPoint is where truncateOnDivergence cuts r's log for the
// leader's DivergingEpoch epoch ending at leaderEnd.
func (c *Cluster) truncationPoint(r *replica, epoch Epoch, leaderEnd Offset) Offset {
	to := min(leaderEnd, r.leo())
	if c.cfg.truncation() != ProtocolPreKIP279 {
		if e, end, ok := r.endOffsetFor(epoch); ok {
			if e == epoch {
				to = min(end, leaderEnd, r.leo())
			} else {
				to = min(end, r.leo())
			}
		}
	}
	return to
}

// truncateTo cuts a replica's log to end at offset to (UnifiedLog.truncateTo):
// epoch-cache entries at or after it go, and the HW is capped at the new LEO.
// rule is what made it truncate, remembered for loss explanations
// (noteRemoval); why is the event's reason.
func (c *Cluster) truncateTo(b *broker, r *replica, to Offset, rule removalRule, why string) {
	if to >= r.leo() {
		// UnifiedLog.truncateTo: "Always truncate epoch cache since we may
		// have a conflicting epoch entry at the end of the log from the
		// leader" — one a former leader inserted and never wrote to.
		for len(r.epochs) > 0 && r.epochs[len(r.epochs)-1].StartOffset >= r.leo() {
			r.epochs = r.epochs[:len(r.epochs)-1]
		}
		return
	}
	if to < r.logStart {
		// UnifiedLog.truncateTo: a target below the first segment
		// truncates fully and starts the log there (retention moved the
		// log start past where the leader's log now ends).
		c.truncateFullyAndStartAt(b, r, to, "truncates fully to "+itoa64(int64(to))+", below its log start offset: "+why)
		return
	}
	from := r.leo()
	first := r.log[to-r.logStart].Value
	n := int(to - r.logStart)
	r.log = r.log[:n:n]
	for len(r.epochs) > 0 && r.epochs[len(r.epochs)-1].StartOffset >= to {
		r.epochs = r.epochs[:len(r.epochs)-1]
	}
	c.emit(Event{Kind: EvTruncated, Node: b.node(), TP: r.tp, Offset: to, End: from, Count: int(from - to), Value: first, Text: why})
	c.noteRemoval(r.tp, removal{rule: rule, broker: b.id, from: to, to: from, other: r.leader})
	c.markDirty(r.tp)
	if r.hw > to {
		c.setHW(b, r, to)
	}
}
