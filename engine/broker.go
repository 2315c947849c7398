package engine

import (
	"slices"
	"sort"
)

// broker is one Kafka broker process: its replicas (sorted by partition),
// its replica fetchers (one per source broker, num.replica.fetchers = 1),
// and the requests it holds in purgatory.
type broker struct {
	id    BrokerID
	alive bool
	// incarnation counts process starts; timers of an older one are void.
	incarnation int
	// brokerEpoch is the epoch the controller gave this incarnation at
	// registration (0 until the registration response arrives).
	brokerEpoch int64
	// nextBeat is when the periodic heartbeat timer fires next. regRetryAt
	// is when a refused or unanswered registration is sent again (-1: none
	// waiting), regFailures counts the refusals and time-outs since the
	// last success (BrokerLifecycleManager.failedAttempts), and regInflight
	// is the id of the registration sent and not yet answered (0: none).
	nextBeat   Time
	regRetryAt Time
	// nextIsrCheck is when this process's isr-expiration task runs next
	// (scheduleIsrExpiration).
	nextIsrCheck Time
	regFailures  int
	regInflight  int64
	// shuttingDown is set once a controlled shutdown was asked for;
	// cleanShutdown says the last process ended by one.
	shuttingDown  bool
	cleanShutdown bool
	replicas      []replica
	fetchers      []fetcher
	// parked are fetches held open (DelayedFetch), delayed are acks=all
	// produces waiting for the high watermark (DelayedProduce).
	parked  []parkedFetch
	delayed []delayedProduce
	// diskLatency is the time every append to this broker's logs takes
	// (SlowDisk, 0: a healthy disk); disk holds the writes waiting for it
	// in order, and diskFree is when the last of them is done (disk.go).
	diskLatency Time
	diskFree    Time
	disk        []diskOp
}

// fetcher is a follower's fetch session with one leader broker
// (AbstractFetcherThread): one Fetch in flight at a time, carrying every
// partition this broker follows on that leader that is not backing off.
type fetcher struct {
	leader BrokerID
	parts  []fetchPart
	// inflight is the id of the outstanding Fetch, 0 if none, and deadline
	// when it times out (replica.socket.timeout.ms past the long poll);
	// armed says the fetcher's timeout timer is scheduled.
	inflight int64
	deadline Time
	armed    bool
	// truncating holds the divergences of an answered Fetch that wait for
	// the fetcher's truncation step (before Kafka 3.5, KAFKA-14704:
	// truncateOnDivergenceLater); while it is not empty the fetcher sends
	// nothing.
	truncating []divergence
}

// divergence is a partition's DivergingEpoch from a fetch response
// (FetchResponseData.EpochEndOffset): the leader's end offset End for
// leader epoch Epoch.
type divergence struct {
	tp    TopicPartition
	epoch Epoch
	end   Offset
}

// fetchPart is one partition of a fetcher; after an error it waits until
// delayUntil (replica.fetch.backoff.ms, AbstractFetcherThread.delayPartitions).
type fetchPart struct {
	tp         TopicPartition
	delayUntil Time
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
		f.truncating = slices.Clone(f.truncating)
		d.fetchers[i] = f
	}
	// The requests and writes it holds get Parts of their own in
	// Cluster.Clone (ownParts).
	d.parked = slices.Clone(b.parked)
	d.delayed = slices.Clone(b.delayed)
	d.disk = slices.Clone(b.disk)
	return d
}

// replica returns the broker's replica of tp, or nil if it holds none.
func (b *broker) replica(tp TopicPartition) *replica {
	if len(b.replicas) <= 16 {
		// A broker holds few replicas: equality beats two ordered string
		// comparisons per binary-search step.
		for i := range b.replicas {
			if b.replicas[i].tp == tp {
				return &b.replicas[i]
			}
		}
		return nil
	}
	i, ok := slices.BinarySearchFunc(b.replicas, tp, cmpReplicaTP)
	if !ok {
		return nil
	}
	return &b.replicas[i]
}

func cmpReplicaTP(r replica, tp TopicPartition) int { return cmpTP(r.tp, tp) }

func cmpTP(a, b TopicPartition) int {
	switch {
	case a.Less(b):
		return -1
	case b.Less(a):
		return 1
	}
	return 0
}

// ensureReplica returns the broker's replica of tp, creating an empty one.
func (b *broker) ensureReplica(tp TopicPartition) *replica {
	i, ok := slices.BinarySearchFunc(b.replicas, tp, cmpReplicaTP)
	if !ok {
		b.replicas = slices.Insert(b.replicas, i, replica{tp: tp, leader: NoLeader, partitionEpoch: -1, leaderEpoch: -1})
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

// node is the broker's NodeID.
func (b *broker) node() NodeID { return Broker(b.id) }

// applyRegistration brings broker b's view of one partition up to the
// controller's registration reg (Partition.makeLeader / makeFollower). A
// registration with an older partition epoch than b knows is ignored.
func (c *Cluster) applyRegistration(b *broker, reg partitionReg) {
	r := b.ensureReplica(reg.tp)
	if reg.partitionEpoch < r.partitionEpoch {
		return
	}
	if reg.leader == b.id {
		c.makeLeader(b, r, reg)
	} else {
		c.makeFollower(b, r, reg)
	}
}

// makeLeader makes b the leader of reg.tp (Partition.makeLeader). In a new
// leader epoch the epoch cache gets (epoch, LEO) at once, that LEO becomes
// the leader-epoch start offset, and every follower's state resets: LEO
// unknown, lastCaughtUpTimeMs = now for ISR members and "never" for the rest
// (Replica.resetReplicaState). The committed ISR is the registration's.
func (c *Cluster) makeLeader(b *broker, r *replica, reg partitionReg) {
	newEpoch := !r.isLeader || r.leaderEpoch != reg.leaderEpoch
	r.isLeader = true
	r.leader = b.id
	r.leaderEpoch = reg.leaderEpoch
	r.partitionEpoch = reg.partitionEpoch
	r.isr = slices.Clone(reg.isr)
	r.maximal = nil
	r.alterInflight = 0
	c.stopFetching(b, r.tp)
	if newEpoch {
		r.assignEpoch(reg.leaderEpoch, r.leo())
		r.epochStartOffset = r.leo()
		r.remotes = r.remotes[:0:0]
		for _, id := range reg.replicas {
			if id == b.id {
				continue
			}
			rr := remoteReplica{id: id, leo: -1, lastCaughtUp: never, lastFetchTime: never, lastFetchLeaderLEO: -1, brokerEpoch: -1}
			if slices.Contains(reg.isr, id) {
				rr.lastCaughtUp = c.now
			}
			r.remotes = append(r.remotes, rr)
		}
	}
	c.maybeIncrementHW(b, r)
}

// makeFollower makes b a follower of reg.tp under reg.leader
// (Partition.makeFollower). If it led the partition, its waiting produces
// and fetches complete with NOT_LEADER_OR_FOLLOWER
// (completeDelayedOperationsWhenNotPartitionLeader). If the leader epoch
// changed, the fetcher restarts against the new leader from the local LEO
// with the latest local epoch (ReplicaManager.initialFetchOffset); under
// protocol pre-kip-101 the follower first truncates to its own HW.
func (c *Cluster) makeFollower(b *broker, r *replica, reg partitionReg) {
	wasLeader := r.isLeader
	// Before Kafka 2.1 (kafka-7395=off) only a new leader made a new
	// leadership (Partition.makeFollower compared the leader alone), so a
	// leader epoch bumped under the same leader left the follower as it
	// was; since, the epoch counts too.
	newEpoch := r.leader != reg.leader || r.leaderEpoch != reg.leaderEpoch && c.cfg.kafka7395()
	r.isLeader = false
	r.remotes = nil
	r.leader = reg.leader
	r.leaderEpoch = reg.leaderEpoch
	r.partitionEpoch = reg.partitionEpoch
	r.isr = slices.Clone(reg.isr)
	r.maximal = nil
	r.alterInflight = 0
	if wasLeader {
		c.failDelayedProduces(b, r.tp)
		c.tryCompleteParked(b, r.tp)
	}
	if !newEpoch && !wasLeader {
		if reg.leader != NoLeader {
			c.maybeSendFetch(b, reg.leader) // e.g. the broker has just registered
		}
		return
	}
	c.stopFetching(b, r.tp)
	if c.cfg.truncation() == ProtocolPreKIP101 {
		c.truncateTo(b, r, r.hw, removedPreKIP101, "truncates to its high watermark on becoming a follower (before KIP-101)")
	}
	if reg.leader == NoLeader {
		return
	}
	f := b.fetcher(reg.leader)
	if f == nil {
		b.fetchers = append(b.fetchers, fetcher{leader: reg.leader})
		// sort.Slice, not slices.SortFunc, here and for the other sorts
		// the page runs: one copy of the algorithm for every element type
		// keeps the page's wasm small (docs/design.md §7). Each order is total, so
		// the result is the same.
		sort.Slice(b.fetchers, func(i, j int) bool { return b.fetchers[i].leader < b.fetchers[j].leader })
		f = b.fetcher(reg.leader)
	}
	f.parts = append(f.parts, fetchPart{tp: reg.tp})
	sort.Slice(f.parts, func(i, j int) bool { return cmpTP(f.parts[i].tp, f.parts[j].tp) < 0 })
	c.maybeSendFetch(b, reg.leader)
}

// stopFetching removes tp from whichever fetcher holds it.
func (c *Cluster) stopFetching(b *broker, tp TopicPartition) {
	for i := range b.fetchers {
		f := &b.fetchers[i]
		f.parts = slices.DeleteFunc(f.parts, func(p fetchPart) bool { return p.tp == tp })
	}
}

// setHW moves a replica's high watermark and records the change. A
// follower's HW that rises over a record the partition's leader does not
// hold at that offset says so in its event (hwOverForeign).
func (c *Cluster) setHW(b *broker, r *replica, hw Offset) {
	if hw == r.hw {
		return
	}
	old := r.hw
	r.hw = hw
	e := Event{Kind: EvHWChanged, Node: b.node(), TP: r.tp, Offset: old, End: hw}
	if hw > old && !r.isLeader {
		c.hwOverForeign(b, r, old, hw, &e)
	}
	c.emit(e)
	c.checkHW(b, r, old)
}

// hwOverForeign fills e, the event of follower r's HW rising from old to
// hw on broker b, with the first record in [old, hw) that the partition's
// leader (as the controller has it) does not hold at the same offset:
// Peer the leader, LEO the offset, Value and Epoch the record's. A
// follower's HW marks what a consumer reading from it may read (KIP-392);
// over such a record it exposes one that was never committed and is about
// to be truncated (KAFKA-14704, before Kafka 3.5: the HW is taken from a
// response that names a diverging epoch before the truncation). It costs
// one comparison per offset passed.
func (c *Cluster) hwOverForeign(b *broker, r *replica, old, hw Offset, e *Event) {
	p := c.partition(r.tp)
	if p == nil || p.leader == NoLeader || p.leader == b.id {
		return
	}
	l := c.broker(p.leader).replica(r.tp)
	if l == nil {
		return
	}
	for o := max(old, r.logStart, l.logStart); o < hw; o++ {
		rec := r.log[o-r.logStart]
		if o >= l.leo() || l.log[o-l.logStart] != rec {
			e.Peer, e.LEO, e.Value, e.Epoch = Broker(p.leader), o, rec.Value, rec.LeaderEpoch
			return
		}
	}
}

// maybeIncrementHW recomputes the leader's high watermark
// (Partition.maybeIncrementLeaderHW, docs/kafka-rules.md §1.3): it stays frozen while
// the committed ISR is smaller than min(min.insync.replicas, RF)
// (KAFKA-15583, 3.7+; not before, kafka-15583=off); otherwise it is the
// minimum LEO over the leader and every follower that is in the maximal
// ISR, or caught up and eligible (any caught-up follower before 3.6,
// kafka-15021=off); and
// it never moves backwards (UnifiedLog.maybeIncrementHighWatermark). When it
// moves, delayed produces and consumer fetches waiting on it complete.
func (c *Cluster) maybeIncrementHW(b *broker, r *replica) {
	if !r.isLeader || (c.cfg.kafka15583() && len(r.isr) < c.effectiveMinISR(r.tp)) {
		return
	}
	leo := r.leo()
	cand := leo
	maximal := r.maximalISR()
	for _, rr := range r.remotes {
		inISR := slices.Contains(maximal, rr.id)
		caughtUp := rr.leo == leo || c.now-rr.lastCaughtUp <= c.cfg.ReplicaLagTimeMaxMs
		if rr.leo < cand && (inISR || (caughtUp && (!c.cfg.kafka15021() || c.isrEligible(rr.id)))) {
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

// isrEligible reports whether a broker may count toward the HW or join an
// ISR (Partition.isReplicaIsrEligible: registered, unfenced and not in
// controlled shutdown, as the leader's metadata shows; KIP-841). Metadata
// reaches brokers at once in kplay, so the controller's view is used.
// Before Kafka 3.3 (kip-841=off) every replica is eligible.
func (c *Cluster) isrEligible(id BrokerID) bool {
	if !c.cfg.kip841() {
		return true
	}
	reg := c.ctrl.reg(id)
	return !reg.fenced && !reg.shuttingDown
}
