package engine

import "slices"

// broker is one Kafka broker: its replicas (sorted by partition), its
// replica fetchers (one per source broker, num.replica.fetchers = 1), and
// the requests it holds in purgatory.
type broker struct {
	id       BrokerID
	alive    bool
	replicas []replica
	fetchers []fetcher
	// parked are fetches held open (DelayedFetch), delayed are acks=all
	// produces waiting for the high watermark (DelayedProduce).
	parked  []parkedFetch
	delayed []delayedProduce
}

// fetcher is a follower's fetch session with one leader broker
// (AbstractFetcherThread): one Fetch in flight at a time, carrying every
// partition this broker follows on that leader.
type fetcher struct {
	leader BrokerID
	parts  []TopicPartition
	// inflight is the id of the outstanding Fetch, 0 if none.
	inflight int64
	// backoffUntil delays the next fetch after an error
	// (replica.fetch.backoff.ms).
	backoffUntil Time
}

// parkedFetch is a fetch held in the fetch purgatory until data arrives or
// its MaxWaitMs passes (DelayedFetch).
type parkedFetch struct {
	req      Message
	deadline Time
}

// delayedProduce is an acks=all produce waiting until the high watermark
// passes its last record (DelayedProduce).
type delayedProduce struct {
	req      Message
	tp       TopicPartition
	base     Offset
	required Offset // the HW that completes it: last offset + 1
	value    string
}

func (b *broker) clone() broker {
	d := *b
	d.replicas = make([]replica, len(b.replicas))
	for i := range b.replicas {
		d.replicas[i] = b.replicas[i].clone()
	}
	d.fetchers = make([]fetcher, len(b.fetchers))
	for i, f := range b.fetchers {
		f.parts = slices.Clone(f.parts)
		d.fetchers[i] = f
	}
	d.parked = slices.Clone(b.parked)
	d.delayed = slices.Clone(b.delayed)
	return d
}

// replica returns the broker's replica of tp, or nil if it holds none.
func (b *broker) replica(tp TopicPartition) *replica {
	i, ok := slices.BinarySearchFunc(b.replicas, tp, cmpReplicaTP)
	if !ok {
		return nil
	}
	return &b.replicas[i]
}

func cmpReplicaTP(r replica, tp TopicPartition) int {
	switch {
	case r.tp.Less(tp):
		return -1
	case tp.Less(r.tp):
		return 1
	}
	return 0
}

// ensureReplica returns the broker's replica of tp, creating an empty one.
func (b *broker) ensureReplica(tp TopicPartition) *replica {
	i, ok := slices.BinarySearchFunc(b.replicas, tp, cmpReplicaTP)
	if !ok {
		b.replicas = slices.Insert(b.replicas, i, replica{tp: tp, leader: NoLeader})
	}
	return &b.replicas[i]
}

func (b *broker) fetcher(leader BrokerID) *fetcher {
	for i := range b.fetchers {
		if b.fetchers[i].leader == leader {
			return &b.fetchers[i]
		}
	}
	return nil
}

// makeLeader makes b the leader of reg.tp in reg.leaderEpoch
// (Partition.makeLeader): the epoch cache gets (epoch, LEO) at once, that LEO
// becomes the leader-epoch start offset, and every follower's state resets:
// LEO unknown, lastCaughtUpTimeMs = now for ISR members and "never" for the
// rest (Replica.resetReplicaState).
func (c *Cluster) makeLeader(b *broker, reg partitionReg) {
	r := b.ensureReplica(reg.tp)
	newEpoch := !r.isLeader || r.leaderEpoch != reg.leaderEpoch
	r.isLeader = true
	r.leader = b.id
	r.leaderEpoch = reg.leaderEpoch
	if newEpoch {
		r.assignEpoch(reg.leaderEpoch, r.leo())
		r.epochStartOffset = r.leo()
		r.remotes = r.remotes[:0:0]
		for _, id := range reg.replicas {
			if id == b.id {
				continue
			}
			rr := remoteReplica{id: id, leo: -1, lastCaughtUp: never, lastFetchTime: never, lastFetchLeaderLEO: -1}
			if slices.Contains(reg.isr, id) {
				rr.lastCaughtUp = c.now
			}
			r.remotes = append(r.remotes, rr)
		}
	}
	c.maybeIncrementHW(b, r)
}

// makeFollower makes b a follower of reg.tp under reg.leader
// (Partition.makeFollower): the fetcher for that leader takes the partition
// and starts from the local LEO with the latest local epoch
// (ReplicaManager.initialFetchOffset).
func (c *Cluster) makeFollower(b *broker, reg partitionReg) {
	r := b.ensureReplica(reg.tp)
	r.isLeader = false
	r.remotes = nil
	r.leader = reg.leader
	r.leaderEpoch = reg.leaderEpoch
	if reg.leader == NoLeader {
		return
	}
	f := b.fetcher(reg.leader)
	if f == nil {
		b.fetchers = append(b.fetchers, fetcher{leader: reg.leader})
		slices.SortFunc(b.fetchers, func(x, y fetcher) int { return cmpInt(int64(x.leader), int64(y.leader)) })
		f = b.fetcher(reg.leader)
	}
	if !slices.Contains(f.parts, reg.tp) {
		f.parts = append(f.parts, reg.tp)
		slices.SortFunc(f.parts, func(x, y TopicPartition) int {
			if x.Less(y) {
				return -1
			}
			if y.Less(x) {
				return 1
			}
			return 0
		})
	}
	c.maybeSendFetch(b, reg.leader)
}

// setHW moves a replica's high watermark and records the change.
func (c *Cluster) setHW(b *broker, r *replica, hw Offset) {
	if hw == r.hw {
		return
	}
	old := r.hw
	r.hw = hw
	c.emit(Event{Kind: EvHWChanged, Node: Broker(b.id), TP: r.tp, Offset: old, End: hw})
}

// maybeIncrementHW recomputes the leader's high watermark
// (Partition.maybeIncrementLeaderHW, reference §1.3): it stays frozen while
// the ISR is smaller than min(min.insync.replicas, RF) (KAFKA-15583, 3.7+);
// otherwise it is the minimum LEO over the leader and every follower that is
// in the ISR, or caught up and eligible; and it never moves backwards
// (UnifiedLog.maybeIncrementHighWatermark). When it moves, delayed produces
// and consumer fetches waiting on it are completed.
func (c *Cluster) maybeIncrementHW(b *broker, r *replica) {
	reg := c.partition(r.tp)
	if len(reg.isr) < c.effectiveMinISR(r.tp) {
		return
	}
	leo := r.leo()
	cand := leo
	for _, rr := range r.remotes {
		inISR := slices.Contains(reg.isr, rr.id)
		caughtUp := rr.leo == leo || c.now-rr.lastCaughtUp <= c.cfg.ReplicaLagTimeMaxMs
		if rr.leo < cand && (inISR || (caughtUp && c.brokerEligible(rr.id))) {
			cand = rr.leo
		}
	}
	if cand <= r.hw {
		return
	}
	c.setHW(b, r, cand)
	c.completeDelayedProduces(b, r.tp)
	c.tryCompleteParked(b, r.tp)
}

// brokerEligible reports whether a broker may count toward the HW or join
// the ISR (Partition.isReplicaIsrEligible: unfenced, not shutting down).
func (c *Cluster) brokerEligible(id BrokerID) bool { return c.broker(id).alive }
