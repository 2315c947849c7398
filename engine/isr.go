package engine

import "slices"

// isrExpiration is the leader's periodic isr-expiration task
// (ReplicaManager.maybeShrinkIsr every replica.lag.time.max.ms / 2): for
// each partition it leads, followers in the ISR that are out of sync leave it
// through an AlterPartition (Partition.maybeShrinkIsr).
func (c *Cluster) isrExpiration(b *broker) {
	c.scheduleIsrExpiration(b)
	for i := range b.replicas {
		r := &b.replicas[i]
		if !r.isLeader || r.alterInflight != 0 {
			continue
		}
		out := c.outOfSync(r)
		if len(out) == 0 {
			continue
		}
		newISR := proposedISR(slices.DeleteFunc(slices.Clone(r.isr), func(x BrokerID) bool { return slices.Contains(out, x) }))
		for _, id := range out {
			rr := r.remote(id)
			c.emit(Event{Kind: EvISRShrinkProposed, Node: b.node(), Peer: Broker(id), TP: r.tp, ISR: newISR,
				Offset: Offset(c.now - rr.lastCaughtUp), Text: "no caught-up fetch for more than replica.lag.time.max.ms"})
		}
		c.alterPartition(b, r, newISR, slices.Clone(r.isr))
	}
}

// scheduleIsrExpiration schedules b's next isr-expiration run,
// replica.lag.time.max.ms / 2 from now (ReplicaManager.startup schedules
// maybeShrinkIsr with period config.replicaLagTimeMaxMs / 2), and notes
// when it is (broker.nextIsrCheck), for the out-of-sync countdowns.
func (c *Cluster) scheduleIsrExpiration(b *broker) {
	b.nextIsrCheck = c.now + c.cfg.ReplicaLagTimeMaxMs/2
	c.timer(b.nextIsrCheck, timerIsrExpiration, b.node(), TopicPartition{}, 0)
}

// outOfSync lists the ISR followers whose LEO differs from the leader's and
// that have not been caught up for more than replica.lag.time.max.ms
// (Partition.getOutOfSyncReplicas, Replica.isCaughtUp; strict >).
func (c *Cluster) outOfSync(r *replica) []BrokerID {
	var out []BrokerID
	for _, id := range r.isr {
		if id == r.leader {
			continue
		}
		rr := r.remote(id)
		if rr == nil {
			continue
		}
		if rr.leo != r.leo() && c.now-rr.lastCaughtUp > c.cfg.ReplicaLagTimeMaxMs {
			out = append(out, id)
		}
	}
	return out
}

// maybeExpandISR adds a follower that has caught up to the ISR
// (Partition.maybeExpandIsr): no AlterPartition in flight, not in the ISR,
// LEO >= HW and >= the leader-epoch start offset (KIP-320 rule 4;
// KAFKA-7128, Kafka 2.1), and eligible: unfenced and not shutting down
// (KIP-841, 3.3), with the broker epoch of its last fetch equal to its
// registration's (KIP-903, 3.5; Partition.isReplicaIsrEligible /
// isBrokerEpochIsrEligible). Each of the three is left out when its switch
// is off (versions.go). The lag time is not required.
func (c *Cluster) maybeExpandISR(b *broker, r *replica, id BrokerID) {
	if r.alterInflight != 0 || slices.Contains(r.isr, id) {
		return
	}
	rr := r.remote(id)
	if rr == nil || rr.leo < r.hw || (c.cfg.kafka7128() && rr.leo < r.epochStartOffset) || !c.isrEligible(id) {
		return
	}
	if c.cfg.kip903() && rr.brokerEpoch != -1 && rr.brokerEpoch != c.ctrl.reg(id).epoch {
		return
	}
	newISR := proposedISR(append(slices.Clone(r.isr), id))
	c.emit(Event{Kind: EvISRExpandProposed, Node: b.node(), Peer: Broker(id), TP: r.tp, ISR: newISR, Offset: rr.leo,
		Text: "caught up to the high watermark"})
	c.alterPartition(b, r, newISR, newISR)
}

// proposedISR puts the ISR of a leader's AlterPartition (shrink or expand)
// in the order Kafka 4.4.0's leader sends it: ascending broker id.
// kafka.cluster.Partition.prepareIsrExpand and prepareIsrShrink (checked
// with javap on the 4.4.0 jar) build it from partitionState.isr, a
// java.util.Set, as .asScala.map(identity), a Scala 2.13
// mutable.HashSet[Int], then "+ newReplica" (expand) or "diff outOfSync"
// (shrink), then .toList. That HashSet iterates its table in bucket order,
// bucket = (h ^ (h >>> 16)) & (capacity - 1) with h the Integer's value and
// initial capacity 16, which is ascending order only for ids below 16;
// kplay's broker ids are 1..9, so ascending order is exact here. The
// controller writes the requested ISR as given
// (PartitionChangeBuilder.setTargetIsrWithBrokerStates), so a rejoining
// broker is not listed last (Isr: 1,2,3, not 2,3,1) as an older reading
// of Kafka ("currentIsr + newReplica") had it. Controller-initiated changes
// (fencing, controlled shutdown, elections, ELR) keep the existing order
// (Replicas.copyWithout) and do not come through here.
func proposedISR(isr []BrokerID) []BrokerID {
	slices.Sort(isr)
	return isr
}

// alterPartition sends the controller an AlterPartition for r's ISR and
// counts the maximal ISR meanwhile (AlterPartitionManager, KIP-497). Each
// ISR member goes with a broker epoch (NewIsrWithEpochs, AlterPartition v3+,
// KIP-903; Partition.addBrokerEpochToIsr): the leader's own, and for a
// follower the one its last fetch carried, -1 if none has arrived in this
// leader epoch. Before Kafka 3.5 (kip-903=off) the request lists ids only
// (AlterPartition v2), as -1 here.
func (c *Cluster) alterPartition(b *broker, r *replica, newISR, maximal []BrokerID) {
	r.maximal = maximal
	states := make([]brokerState, len(newISR))
	for i, id := range newISR {
		states[i] = brokerState{id: id, epoch: -1}
		if !c.cfg.kip903() {
			continue
		}
		if id == b.id {
			states[i].epoch = b.brokerEpoch
		} else if rr := r.remote(id); rr != nil {
			states[i].epoch = rr.brokerEpoch
		}
	}
	r.alterSent = alterRequest{isr: newISR, states: states, leaderEpoch: r.leaderEpoch, partitionEpoch: r.partitionEpoch, brokerEpoch: b.brokerEpoch, at: c.now}
	c.sendAlterPartition(b, r)
	c.maybeIncrementHW(b, r)
}

// alterRequest is the AlterPartition a leader has in flight for one
// partition, kept so that it can be sent again unchanged.
type alterRequest struct {
	isr                         []BrokerID
	states                      []brokerState
	leaderEpoch, partitionEpoch Epoch
	brokerEpoch                 int64
	// at is when the leader proposed it.
	at Time
}

// sendAlterPartition puts r's AlterPartition (r.alterSent) on the wire and
// arms its retry after request.timeout.ms.
func (c *Cluster) sendAlterPartition(b *broker, r *replica) {
	a := r.alterSent
	r.alterInflight = c.send(Message{Kind: MsgAlterPartition, From: b.node(), To: Controller, BrokerEpoch: a.brokerEpoch,
		Parts: []Part{{TP: r.tp, ISR: a.isr, LeaderEpoch: a.leaderEpoch, PartitionEpoch: a.partitionEpoch}}})
	c.ctrl.putAlterStates(c, r.alterInflight, slices.Clone(a.states))
	c.timer(c.now+c.cfg.RequestTimeoutMs, timerAlterPartitionTimeout, b.node(), r.tp, r.alterInflight)
}

// handleAlterPartitionResponse commits the controller's answer
// (Partition.handleAlterPartitionUpdate / handleAlterPartitionError):
// INELIGIBLE_REPLICA reverts to the committed ISR; a stale epoch waits for
// newer metadata; other errors are retried.
func (c *Cluster) handleAlterPartitionResponse(b *broker, m *Message) {
	p := m.Parts[0]
	r := b.replica(p.TP)
	if r == nil || r.alterInflight != m.Request {
		return
	}
	r.alterInflight = 0
	switch p.Err {
	case ErrNone:
		if p.PartitionEpoch >= r.partitionEpoch && p.Leader == b.id {
			r.isr, r.partitionEpoch = slices.Clone(p.ISR), p.PartitionEpoch
		}
		r.maximal = nil
		c.maybeIncrementHW(b, r)
	case ErrIneligibleReplica:
		r.maximal = nil
	case ErrFencedLeaderEpoch, ErrInvalidUpdateVersion, ErrUnknownTopicOrPartition, ErrInvalidRequest:
		// Stay pending until newer metadata arrives (applyRegistration clears it).
		r.alterInflight = -1
	default:
		r.maximal = nil
	}
}

// alterPartitionTimeout sends an unanswered AlterPartition again, as it
// was, and keeps the maximal ISR meanwhile. Kafka never times an
// AlterPartition out: AlterPartitionManager.sendRequest lets it "retry
// indefinitely until a response is received, or a new LeaderAndIsr
// overwrites the existing isrState", and NodeToControllerRequestThread
// puts a request whose connection dropped or timed out (after
// controller.socket.timeout.ms, 30 s, here request.timeout.ms) back at the
// head of its queue (handleResponse, wasDisconnected). So a leader whose
// answers from the controller are lost stays in PendingExpandIsr or
// PendingShrinkIsr, and its high watermark keeps counting the maximal ISR,
// until an answer or newer metadata (makeLeader, makeFollower) arrives.
// Falling back to its last committed ISR instead would let it advance the
// high watermark without a replica the controller has in the ISR, and a
// later election of that replica would lose acknowledged records (kplay
// check, safe mode, seed 95503).
func (c *Cluster) alterPartitionTimeout(b *broker, tp TopicPartition, id int64) {
	if r := b.replica(tp); r != nil && r.alterInflight == id && r.isLeader {
		c.sendAlterPartition(b, r)
	}
}
