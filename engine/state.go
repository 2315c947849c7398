package engine

import (
	"cmp"
	"slices"
)

// State is a deep, sorted, read-only snapshot of the cluster for rendering.
// Slices are sorted by id or partition; nothing in it aliases mutable engine
// state (record slices share immutable Records).
type State struct {
	// Now is the simulated time, Start the scenario's first instant (ms).
	Now, Start Time
	Brokers    []BrokerState
	Topics     []TopicState
	Partitions []PartitionState
	Producers  []ProducerState
	Consumers  []ConsumerState
	// Groups are the consumer groups with their committed offsets, sorted
	// by name (group.go).
	Groups []GroupState
	// Cuts are the links that cut commands took down and no heal has
	// restored: first those cut both ways, each with its lower node first
	// (brokers before the controller and clients, then by id), sorted;
	// then the directions cut one way (OneWay set, A the sender whose
	// messages are lost), sorted by (A, B).
	Cuts []Cut
}

// BrokerState is one broker and its replicas, sorted by partition.
type BrokerState struct {
	ID    BrokerID
	Alive bool
	// Serving says the process serves requests: it is alive and the
	// controller accepted its registration. A restarted broker serves
	// none before (BrokerServer.startup), so while the controller refuses
	// it (DUPLICATE_BROKER_REGISTRATION) requests to it are refused.
	Serving bool
	// Hung is what the broker stops answering while half-alive (hang:
	// registered and heartbeating, its request handlers stuck), 0 when it
	// serves normally; HungSince is when the hang began and Queued how
	// many requests wait in its queue (engine/hang.go).
	Hung      HangScope
	HungSince Time
	Queued    int
	Replicas  []ReplicaState
	// DiskLatency is the time in milliseconds each append to the
	// broker's logs takes (a slow disk, SlowDisk; 0: healthy), and
	// DiskWaiting the writes (produces it leads, fetched records) queued
	// for its disk now.
	DiskLatency Time
	DiskWaiting int
	// Reg is the controller's view of the broker.
	Reg RegistrationState
}

// RegistrationState is the KRaft controller's record of one broker: its
// registration (ClusterControlManager's BrokerRegistration) and its session
// (BrokerHeartbeatManager.BrokerHeartbeatState). Times are simulated
// milliseconds.
type RegistrationState struct {
	// Registered says the broker has registered with the controller at
	// least once (every broker of a new cluster is).
	Registered bool
	// Fenced brokers lead nothing and join no ISR (KIP-841). A broker that
	// has just registered is fenced until a heartbeat shows it caught up
	// (BrokerHeartbeatManager.calculateNextBrokerState).
	Fenced bool
	// ShuttingDown says the broker asked for a controlled shutdown in a
	// heartbeat (BrokerHeartbeatRequest.WantShutDown) and the controller
	// moved its leaderships away (ReplicationControlManager
	// .handleBrokerInControlledShutdown). kplay completes a controlled
	// shutdown at once, so the broker is stopped and fenced while this is
	// set; it stays set until the broker registers again.
	ShuttingDown bool
	// BrokerEpoch is the epoch of the broker's current registration, new at
	// each registration (ClusterControlManager.registerBroker).
	BrokerEpoch int64
	// LastHeartbeat is when the controller last heard from the broker: a
	// heartbeat or its registration (BrokerHeartbeatManager.touch).
	LastHeartbeat Time
	// SessionExpires is LastHeartbeat + broker.session.timeout.ms: the
	// moment the controller fences an unfenced broker that has not
	// heartbeated since (QuorumController.maybeFenceStaleBroker). While the
	// broker heartbeats every broker.heartbeat.interval.ms it moves ahead.
	SessionExpires Time
	// FencedAt is when the controller fenced the broker (its session ran
	// out, EvBrokerFenced, or it completed a controlled shutdown); -1 if it
	// is not fenced, or has been fenced only by its registration since it
	// last registered.
	FencedAt Time
}

// ReplicaState is one broker's replica of one partition.
type ReplicaState struct {
	TP     TopicPartition
	Broker BrokerID
	Leader bool
	// LEO and HW in offsets; Invariant: LogStart <= HW <= LEO.
	LogStart, LEO, HW Offset
	// LeaderEpoch is the partition's leader epoch as this broker knows it.
	LeaderEpoch Epoch
	// Log is the replica's records, LogStart first.
	Log []Record
	// FetchOffset is the offset of this follower's fetch in flight or held
	// open at the leader, -1 if none; FetchParked says the leader holds it.
	FetchOffset Offset
	FetchParked bool
	// Truncating says this follower holds a fetch response's diverging
	// epoch and truncates next: before Kafka 3.5 the truncation comes a
	// tick after the HW the response carried (KAFKA-14704, fetch.go
	// truncationWindowMs).
	Truncating bool
	// Segments are the log's segments, oldest first, the last one active
	// (retention.go); nil unless a retention or segment setting differs
	// from Kafka's defaults.
	Segments []Segment
	// Writing holds this partition's writes waiting for the broker's slow
	// disk (DiskWrite, disk.go), oldest first: records the replica will
	// append once each is done. Nil on a healthy disk, or with nothing
	// queued.
	Writing []DiskWrite
}

// TopicState is a topic as kafka-topics.sh --describe heads it.
type TopicState struct {
	Name string
	// ID is the TopicId, as Kafka prints a Uuid.
	ID                            string
	Partitions, ReplicationFactor int
	// Configs lists the non-default topic configs ("min.insync.replicas=2").
	Configs []string
}

// PartitionState is a partition's controller registration.
type PartitionState struct {
	TP       TopicPartition
	Replicas []BrokerID
	ISR      []BrokerID
	// ELR and LastKnownELR are KIP-966's eligible leader replicas and the
	// last known leader; always empty when Config.EligibleLeaderReplicas is
	// off (eligible.leader.replicas.version=0).
	ELR, LastKnownELR []BrokerID
	// Leader is NoLeader (-1) when the partition has none.
	Leader                      BrokerID
	LeaderEpoch, PartitionEpoch Epoch
	// Unclean says the current leader came from an unclean election
	// (unclean.leader.election.enable, an elect-leaders type=unclean, or
	// KIP-966's election of the last known leader): it may lack records the
	// old ISR had acknowledged. The next clean leader change clears it.
	Unclean bool
	// Lag is how the leader sees each follower in the ISR as the leader
	// last learned it, sorted by broker id; empty when the partition has no
	// leader, the leader is down or it has not yet learned that it leads.
	Lag []FollowerLag
}

// FollowerLag is the leader's out-of-sync clock for one ISR follower
// (kafka.cluster.Replica's lastCaughtUpTimeMs, Partition
// .getOutOfSyncReplicas). Times are simulated milliseconds.
type FollowerLag struct {
	Broker BrokerID
	// LastCaughtUp is the last time the follower's fetch reached the
	// leader's log end as it was at the follower's previous fetch
	// (Replica.updateFetchStateOrThrow).
	LastCaughtUp Time
	// ShrinkAt is LastCaughtUp + replica.lag.time.max.ms. Once now is past
	// it (strictly), the leader's next isr-expiration run, every
	// replica.lag.time.max.ms / 2, proposes an ISR without the follower
	// through AlterPartition (ReplicaManager.maybeShrinkIsr) — unless
	// AtLogEnd.
	ShrinkAt Time
	// ShrinkCheckAt is the leader's isr-expiration run at which the
	// follower leaves the ISR unless a fetch catches it up first: the
	// first run of the leader's own schedule strictly after ShrinkAt (a
	// run while an AlterPartition is in flight skips the partition, and
	// the next one counts), or, once that run has asked the controller to
	// drop it (Leaving), the time it did.
	ShrinkCheckAt Time
	// Leaving says the leader has asked the controller, in the
	// AlterPartition in flight, for an ISR without the follower.
	Leaving bool
	// AtLogEnd says the follower's log end equals the leader's: such a
	// follower is caught up whatever ShrinkAt says (Replica.isCaughtUp), as
	// a follower that crashed on an idle partition.
	AtLogEnd bool
}

// ProducerState is one producer client.
type ProducerState struct {
	ID NodeID
	// Pending counts records sent or batched but not yet acknowledged.
	Pending int
	// Failed counts the records the producer gave up on (refused for
	// good, timed out, too large): the application was told they are not
	// written.
	Failed int
	// Requests are the produce requests sent and not yet answered, sorted
	// by SentAt (ties in the order the producer made their batches).
	Requests []ProduceRequestState
}

// ProduceRequestState is one Produce request in flight: one batch of the
// producer's record accumulator sent to the leader its metadata names
// (Sender.sendProduceRequest). acks=0 batches never appear: they are done
// once sent.
type ProduceRequestState struct {
	TP     TopicPartition
	Broker BrokerID
	Acks   Acks
	// Records is the batch's record count.
	Records int
	// SentAt is when this attempt was sent; Deadline is SentAt +
	// request.timeout.ms, when the client gives up on the answer with
	// REQUEST_TIMED_OUT and retries (NetworkClient's request timeout).
	SentAt, Deadline Time
}

// ConsumerState is one consumer client.
type ConsumerState struct {
	ID       NodeID
	TP       TopicPartition
	Position Offset
	// Broker is the broker the consumer fetches from: its preferred read
	// replica while that is valid (KIP-392), else its metadata's leader.
	Broker BrokerID
	// Read is every record the consumer has received, in order.
	Read []Record
	// Group is the consumer's group.id ("" for none); Committed and
	// CommittedEpoch are the last committed offset and its leader epoch
	// the consumer knows (-1: none). Closed says it was closed.
	Group          string
	Committed      Offset
	CommittedEpoch Epoch
	Closed         bool
	// Resetting says a ListOffsets is resolving the position
	// (auto.offset.reset or from=earliest|latest); Position is -1 while a
	// group consumer still waits for its committed offset.
	Resetting bool
}

// State returns a snapshot of the cluster.
func (c *Cluster) State() State {
	s := State{Now: c.now, Start: c.cfg.Start, Cuts: append(slices.Clone(c.net.cuts), c.net.oneWay...)}
	for _, b := range c.brokers {
		bs := BrokerState{ID: b.id, Alive: b.alive, Serving: b.alive && b.brokerEpoch > 0, Reg: c.registrationState(b.id),
			DiskLatency: b.diskLatency, DiskWaiting: b.diskWaiting()}
		if h := c.hangOf(b.id); h != nil {
			bs.Hung, bs.HungSince, bs.Queued = h.scope, h.since, len(h.queue)
		}
		for _, r := range b.replicas {
			rs := ReplicaState{TP: r.tp, Broker: b.id, Leader: r.isLeader, LogStart: r.logStart, LEO: r.leo(), HW: r.hw,
				LeaderEpoch: r.leaderEpoch, Log: r.log[:len(r.log):len(r.log)], FetchOffset: -1}
			if c.retentionArmed {
				rs.Segments = c.replicaSegments(&r)
			}
			if len(b.disk) > 0 {
				rs.Writing = b.diskWrites(r.tp)
			}
			if !r.isLeader && r.leader != NoLeader {
				rs.FetchOffset, rs.FetchParked = c.pendingFetch(b.id, r.leader, r.tp)
				if f := b.fetcher(r.leader); f != nil {
					rs.Truncating = slices.ContainsFunc(f.truncating, func(d divergence) bool { return d.tp == r.tp })
				}
			}
			bs.Replicas = append(bs.Replicas, rs)
		}
		s.Brokers = append(s.Brokers, bs)
	}
	for _, t := range c.topics {
		ts := TopicState{Name: t.name, ID: t.id, Partitions: t.partitions, ReplicationFactor: t.rf}
		if t.minISR > 0 {
			ts.Configs = append(ts.Configs, "min.insync.replicas="+itoa(t.minISR))
		}
		for _, tc := range t.logConfigs {
			ts.Configs = append(ts.Configs, tc.Key+"="+formatInt(tc.Value))
		}
		slices.Sort(ts.Configs) // kplay lists a topic's overrides by name
		s.Topics = append(s.Topics, ts)
	}
	for _, p := range c.parts {
		s.Partitions = append(s.Partitions, PartitionState{TP: p.tp, Replicas: slices.Clone(p.replicas), ISR: slices.Clone(p.isr),
			ELR: slices.Clone(p.elr), LastKnownELR: slices.Clone(p.lastKnownElr),
			Leader: p.leader, LeaderEpoch: p.leaderEpoch, PartitionEpoch: p.partitionEpoch, Unclean: p.unclean, Lag: c.followerLag(&p)})
	}
	for _, p := range c.producers {
		ps := ProducerState{ID: NodeID{Kind: NodeProducer, ID: p.id}, Failed: p.failed}
		for _, b := range p.batches {
			ps.Pending += len(b.records)
			if b.state == batchInflight {
				ps.Requests = append(ps.Requests, ProduceRequestState{TP: b.tp, Broker: b.sentTo, Acks: b.acks, Records: len(b.records),
					SentAt: b.sentAt, Deadline: b.sentAt + c.cfg.RequestTimeoutMs})
			}
		}
		slices.SortStableFunc(ps.Requests, func(a, b ProduceRequestState) int { return cmp.Compare(a.SentAt, b.SentAt) })
		s.Producers = append(s.Producers, ps)
	}
	for _, k := range c.consumers {
		s.Consumers = append(s.Consumers, ConsumerState{ID: NodeID{Kind: NodeConsumer, ID: k.id}, TP: k.tp, Position: k.position, Broker: k.readsFrom(c.now), Read: k.consumed(),
			Group: k.group, Committed: k.committed, CommittedEpoch: k.committedEpoch, Closed: k.closed, Resetting: k.reset != 0})
	}
	s.Groups = c.groupStates()
	return s
}

// registrationState is the controller's record of broker id.
func (c *Cluster) registrationState(id BrokerID) RegistrationState {
	r := c.ctrl.reg(id)
	return RegistrationState{Registered: r.epoch > 0, Fenced: r.fenced, ShuttingDown: r.shuttingDown, BrokerEpoch: r.epoch,
		LastHeartbeat: r.lastContact, SessionExpires: r.lastContact + c.cfg.BrokerSessionTimeoutMs, FencedAt: r.fencedAt}
}

// followerLag reads the out-of-sync clocks of p's ISR followers from the
// leader's replica, or nil if p has no live leader that knows it leads.
func (c *Cluster) followerLag(p *partitionReg) []FollowerLag {
	if p.leader == NoLeader {
		return nil
	}
	b := c.broker(p.leader)
	if !b.alive {
		return nil
	}
	r := b.replica(p.tp)
	if r == nil || !r.isLeader {
		return nil
	}
	var out []FollowerLag
	for _, id := range r.isr {
		rr := r.remote(id)
		if id == r.leader || rr == nil {
			continue
		}
		lg := FollowerLag{Broker: id, LastCaughtUp: rr.lastCaughtUp, ShrinkAt: rr.lastCaughtUp + c.cfg.ReplicaLagTimeMaxMs, AtLogEnd: rr.leo == r.leo()}
		lg.ShrinkCheckAt = c.shrinkCheckAt(b, lg.ShrinkAt)
		if r.alterInflight != 0 && r.alterSent.isr != nil && !slices.Contains(r.alterSent.isr, id) {
			lg.Leaving, lg.ShrinkCheckAt = true, r.alterSent.at
		}
		out = append(out, lg)
	}
	slices.SortFunc(out, func(a, b FollowerLag) int { return cmp.Compare(a.Broker, b.Broker) })
	return out
}

// shrinkCheckAt is the first run of leader b's isr-expiration task
// strictly after shrinkAt (Partition.getOutOfSyncReplicas: lagging longer
// than replica.lag.time.max.ms, strictly), from the run b has scheduled
// next (broker.nextIsrCheck) on, every replica.lag.time.max.ms / 2.
func (c *Cluster) shrinkCheckAt(b *broker, shrinkAt Time) Time {
	next, period := b.nextIsrCheck, c.cfg.ReplicaLagTimeMaxMs/2
	if next > shrinkAt || period <= 0 {
		return max(next, shrinkAt)
	}
	return next + ((shrinkAt-next)/period+1)*period
}

// pendingFetch finds follower's fetch of tp from leader: on the wire or
// parked at the leader.
func (c *Cluster) pendingFetch(follower, leader BrokerID, tp TopicPartition) (Offset, bool) {
	f := c.broker(follower).fetcher(leader)
	if f == nil || f.inflight == 0 {
		return -1, false
	}
	for _, pf := range c.broker(leader).parked {
		if pf.req.ID == f.inflight {
			for _, p := range pf.req.Parts {
				if p.TP == tp {
					return p.FetchOffset, true
				}
			}
		}
	}
	// Message ids are unique: at most one item carries f.inflight.
	if it := c.sched.find(func(it *item) bool { return it.kind == itemDeliver && c.sched.message(it).ID == f.inflight }); it != nil {
		for _, p := range c.sched.message(it).Parts {
			if p.TP == tp {
				return p.FetchOffset, false
			}
		}
	}
	return -1, false
}

// Partition returns the registration of tp, and false if there is none.
func (s State) Partition(tp TopicPartition) (PartitionState, bool) {
	for _, p := range s.Partitions {
		if p.TP == tp {
			return p, true
		}
	}
	return PartitionState{}, false
}

// Replica returns broker b's replica of tp, and false if it holds none.
func (s State) Replica(b BrokerID, tp TopicPartition) (ReplicaState, bool) {
	for _, bs := range s.Brokers {
		if bs.ID != b {
			continue
		}
		for _, r := range bs.Replicas {
			if r.TP == tp {
				return r, true
			}
		}
	}
	return ReplicaState{}, false
}
