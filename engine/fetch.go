package engine

import "slices"

// handleFetch serves a Fetch on the leader, from a follower (ReplicaID >= 1)
// or a consumer (ReplicaID = -1), in the order of Partition.fetchRecords
// (reference §2.3):
//  1. the broker must lead the partition (else NOT_LEADER_OR_FOLLOWER) in the
//     requester's epoch (FENCED_LEADER_EPOCH / UNKNOWN_LEADER_EPOCH);
//  2. the HW is read before the follower's position is recorded;
//  3. a follower whose LastFetchedEpoch diverges gets DivergingEpoch and its
//     position is not recorded;
//  4. offsets outside [logStart, LEO] get OFFSET_OUT_OF_RANGE;
//  5. followers read up to the LEO, consumers up to the HW;
//  6. a follower's position and lastCaughtUpTimeMs are updated, then the HW.
//
// A fetch that finds nothing to return and no error is parked for MaxWaitMs
// (ReplicaManager.fetchMessages, DelayedFetch).
func (c *Cluster) handleFetch(b *broker, m Message) {
	resp := make([]Part, len(m.Parts))
	respondNow := m.MaxWaitMs <= 0
	follower := m.ReplicaID != ConsumerReplicaID
	for i, p := range m.Parts {
		out := Part{TP: p.TP, FetchOffset: p.FetchOffset, HW: -1, Leader: NoLeader}
		r := b.replica(p.TP)
		switch {
		case r == nil || !r.isLeader:
			out.Err = ErrNotLeaderOrFollower
			if reg := c.partition(p.TP); reg != nil {
				out.Leader, out.LeaderEpoch = reg.leader, reg.leaderEpoch
			}
		case p.CurrentLeaderEpoch >= 0 && p.CurrentLeaderEpoch < r.leaderEpoch:
			out.Err = ErrFencedLeaderEpoch
		case p.CurrentLeaderEpoch > r.leaderEpoch:
			out.Err = ErrUnknownLeaderEpoch
		}
		if out.Err != ErrNone {
			resp[i] = out
			respondNow = true
			continue
		}
		out.Leader, out.LeaderEpoch = b.id, r.leaderEpoch
		hw := r.hw
		leo := r.leo()
		out.LeaderLEO = leo
		if follower && p.LastFetchedEpoch >= 0 {
			e, end, ok := r.endOffsetFor(p.LastFetchedEpoch)
			if !ok {
				out.Err = ErrOffsetOutOfRange
				resp[i] = out
				respondNow = true
				continue
			}
			if e < p.LastFetchedEpoch || end < p.FetchOffset {
				out.HasDiverging, out.DivergingEpoch, out.DivergingEnd = true, e, end
				out.HW = hw
				resp[i] = out
				respondNow = true
				continue
			}
		}
		if p.FetchOffset < r.logStart || p.FetchOffset > leo {
			out.Err = ErrOffsetOutOfRange
			resp[i] = out
			respondNow = true
			continue
		}
		limit := leo
		if !follower {
			limit = hw // read_uncommitted consumers see [logStart, HW) (FetchIsolation.HIGH_WATERMARK)
		}
		out.Records = r.read(p.FetchOffset, limit)
		out.HW = hw
		if len(out.Records) > 0 {
			respondNow = true
		}
		resp[i] = out
		if follower {
			c.updateFollowerFetchState(b, r, m.ReplicaID, p.FetchOffset)
		}
	}
	if respondNow {
		c.send(Message{Kind: MsgFetchResponse, Request: m.ID, From: Broker(b.id), To: m.From, ReplicaID: m.ReplicaID, Parts: resp})
		return
	}
	b.parked = append(b.parked, parkedFetch{req: m, deadline: c.now + m.MaxWaitMs})
	c.timer(c.now+m.MaxWaitMs, timerFetchExpire, Broker(b.id), TopicPartition{}, m.ID)
	for _, p := range m.Parts {
		c.emit(Event{Kind: EvFetchParked, Node: Broker(b.id), Peer: m.From, TP: p.TP, Offset: p.FetchOffset})
	}
}

// updateFollowerFetchState records a follower's accepted fetch at offset f
// (Replica.updateFetchStateOrThrow, reference §2.6), then re-evaluates the
// high watermark if the follower's LEO moved.
func (c *Cluster) updateFollowerFetchState(b *broker, r *replica, id BrokerID, f Offset) {
	rr := r.remote(id)
	if rr == nil {
		return
	}
	leo := r.leo()
	switch {
	case f >= leo:
		rr.lastCaughtUp = max(rr.lastCaughtUp, c.now)
	case f >= rr.lastFetchLeaderLEO:
		rr.lastCaughtUp = max(rr.lastCaughtUp, rr.lastFetchTime)
	}
	rr.lastFetchLeaderLEO = max(leo, rr.lastFetchLeaderLEO)
	rr.lastFetchTime = c.now
	moved := rr.leo != f
	rr.leo = f
	if moved {
		c.maybeIncrementHW(b, r)
	}
}

// tryCompleteParked completes the parked fetches that tp can now answer
// (DelayedFetch.tryComplete): a follower's once the leader's log has records
// past its fetch offset, a consumer's once the HW has, and any fetch whose
// broker no longer leads the partition.
func (c *Cluster) tryCompleteParked(b *broker, tp TopicPartition) {
	var ready []parkedFetch
	kept := b.parked[:0]
	for _, pf := range b.parked {
		if c.parkedCanComplete(b, pf, tp) {
			ready = append(ready, pf)
			continue
		}
		kept = append(kept, pf)
	}
	b.parked = kept
	for _, pf := range ready {
		c.completeParked(b, pf)
	}
}

func (c *Cluster) parkedCanComplete(b *broker, pf parkedFetch, tp TopicPartition) bool {
	for _, p := range pf.req.Parts {
		if p.TP != tp {
			continue
		}
		r := b.replica(tp)
		if r == nil || !r.isLeader {
			return true
		}
		limit := r.leo()
		if pf.req.ReplicaID == ConsumerReplicaID {
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
			c.completeParked(b, pf)
			return
		}
	}
}

// completeParked answers a parked fetch by reading the log again, with the
// HW as it is now and without recording the follower's position again
// (DelayedFetch.onComplete).
func (c *Cluster) completeParked(b *broker, pf parkedFetch) {
	m := pf.req
	resp := make([]Part, len(m.Parts))
	for i, p := range m.Parts {
		out := Part{TP: p.TP, FetchOffset: p.FetchOffset, HW: -1, Leader: NoLeader}
		r := b.replica(p.TP)
		if r == nil || !r.isLeader {
			out.Err = ErrNotLeaderOrFollower
			if reg := c.partition(p.TP); reg != nil {
				out.Leader, out.LeaderEpoch = reg.leader, reg.leaderEpoch
			}
			resp[i] = out
			continue
		}
		out.Leader, out.LeaderEpoch = b.id, r.leaderEpoch
		limit := r.leo()
		if m.ReplicaID == ConsumerReplicaID {
			limit = r.hw
		}
		out.LeaderLEO = r.leo()
		out.HW = r.hw
		if p.FetchOffset >= r.logStart && p.FetchOffset <= r.leo() {
			out.Records = r.read(p.FetchOffset, limit)
		} else {
			out.Err = ErrOffsetOutOfRange
		}
		resp[i] = out
	}
	c.send(Message{Kind: MsgFetchResponse, Request: m.ID, From: Broker(b.id), To: m.From, ReplicaID: m.ReplicaID, Parts: resp})
}

// maybeSendFetch sends the follower's next Fetch to leader if none is in
// flight and the fetcher is not backing off. The follower asks for every
// partition it follows there, each from its LEO with its last fetched epoch
// (AbstractFetcherThread, RemoteLeaderEndPoint.buildFetch).
func (c *Cluster) maybeSendFetch(b *broker, leader BrokerID) {
	f := b.fetcher(leader)
	if f == nil || f.inflight != 0 || len(f.parts) == 0 || !b.alive {
		return
	}
	if f.backoffUntil > c.now {
		return
	}
	parts := make([]Part, 0, len(f.parts))
	for _, tp := range f.parts {
		r := b.replica(tp)
		parts = append(parts, Part{TP: tp, FetchOffset: r.leo(), CurrentLeaderEpoch: r.leaderEpoch, LastFetchedEpoch: r.latestEpoch()})
	}
	f.inflight = c.send(Message{Kind: MsgFetch, From: Broker(b.id), To: Broker(leader), ReplicaID: b.id, MaxWaitMs: c.cfg.ReplicaFetchWaitMaxMs, Parts: parts})
}

// handleFollowerFetchResponse processes a leader's answer on the follower
// (AbstractFetcherThread.processFetchRequest,
// ReplicaFetcherThread.processPartitionData): records are appended at the
// leader's offsets and the HW becomes min(response HW, own LEO); a
// DivergingEpoch truncates the log (KIP-595 fetch, reference §6.5); an error
// backs the fetcher off for replica.fetch.backoff.ms. Then it fetches again
// at once.
func (c *Cluster) handleFollowerFetchResponse(b *broker, m Message) {
	leader := BrokerID(m.From.ID)
	f := b.fetcher(leader)
	if f == nil || f.inflight != m.Request {
		return // a response to a fetcher that has since been removed
	}
	f.inflight = 0
	backoff := false
	for _, p := range m.Parts {
		r := b.replica(p.TP)
		if r == nil || r.isLeader || r.leader != leader || !slices.Contains(f.parts, p.TP) {
			continue
		}
		switch {
		case p.Err != ErrNone:
			backoff = true
		case p.HasDiverging:
			c.truncateOnDivergence(b, r, p)
		default:
			if len(p.Records) > 0 && p.Records[0].Offset != r.leo() {
				continue // stale data for an offset we no longer ask for
			}
			before := r.leo()
			if len(p.Records) > 0 {
				r.appendRecords(p.Records)
				c.emit(Event{Kind: EvAppended, Node: Broker(b.id), TP: p.TP, Offset: before, End: r.leo(), Epoch: p.Records[0].LeaderEpoch, Value: p.Records[0].Value, Count: len(p.Records)})
			}
			c.emit(Event{Kind: EvFetchRound, Node: Broker(b.id), Peer: m.From, TP: p.TP, Offset: p.FetchOffset, LEO: p.LeaderLEO, Count: len(p.Records), End: r.leo()})
			c.setHW(b, r, min(max(p.HW, r.logStart), r.leo()))
		}
	}
	if backoff {
		f.backoffUntil = c.now + c.cfg.ReplicaFetchBackoffMs
		c.timer(f.backoffUntil, timerFetcherBackoff, Broker(b.id), TopicPartition{}, int64(leader))
		return
	}
	c.maybeSendFetch(b, leader)
}

// fetcherBackoffDone resumes a fetcher after replica.fetch.backoff.ms.
func (c *Cluster) fetcherBackoffDone(b *broker, leader BrokerID) {
	c.maybeSendFetch(b, leader)
}

// truncateOnDivergence truncates a follower's log after a DivergingEpoch
// (AbstractFetcherThread.truncateOnFetchResponse / getOffsetTruncationState,
// KIP-279): if the follower has the leader's epoch, it truncates to
// min(leader's end, its own end for that epoch, LEO) and is done; otherwise
// to the end of its largest epoch below, and the next fetch asks again.
func (c *Cluster) truncateOnDivergence(b *broker, r *replica, p Part) {
	e, end, ok := r.endOffsetFor(p.DivergingEpoch)
	to := r.leo()
	switch {
	case !ok:
		to = min(p.DivergingEnd, r.leo())
	case e == p.DivergingEpoch:
		to = min(end, p.DivergingEnd, r.leo())
	default:
		to = min(end, r.leo())
	}
	c.truncateTo(b, r, to)
}

// truncateTo cuts a replica's log to end at offset to (UnifiedLog.truncateTo):
// epoch-cache entries at or after it go, and the HW is capped at the new LEO.
func (c *Cluster) truncateTo(b *broker, r *replica, to Offset) {
	if to >= r.leo() {
		return
	}
	n := int(to - r.logStart)
	r.log = r.log[:n:n]
	for len(r.epochs) > 0 && r.epochs[len(r.epochs)-1].StartOffset >= to {
		r.epochs = r.epochs[:len(r.epochs)-1]
	}
	if r.hw > to {
		c.setHW(b, r, to)
	}
}
