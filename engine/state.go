package engine

import "slices"

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
}

// BrokerState is one broker and its replicas, sorted by partition.
type BrokerState struct {
	ID       BrokerID
	Alive    bool
	Replicas []ReplicaState
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
}

// ProducerState is one producer client.
type ProducerState struct {
	ID NodeID
	// Pending counts records sent or batched but not yet acknowledged.
	Pending int
}

// ConsumerState is one consumer client.
type ConsumerState struct {
	ID       NodeID
	TP       TopicPartition
	Position Offset
	// Broker is the broker the consumer fetches from (its metadata's leader).
	Broker BrokerID
	// Read is every record the consumer has received, in order.
	Read []Record
}

// State returns a snapshot of the cluster.
func (c *Cluster) State() State {
	s := State{Now: c.now, Start: c.cfg.Start}
	for _, b := range c.brokers {
		bs := BrokerState{ID: b.id, Alive: b.alive}
		for _, r := range b.replicas {
			rs := ReplicaState{TP: r.tp, Broker: b.id, Leader: r.isLeader, LogStart: r.logStart, LEO: r.leo(), HW: r.hw,
				LeaderEpoch: r.leaderEpoch, Log: r.log[:len(r.log):len(r.log)], FetchOffset: -1}
			if !r.isLeader && r.leader != NoLeader {
				rs.FetchOffset, rs.FetchParked = c.pendingFetch(b.id, r.leader, r.tp)
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
		s.Topics = append(s.Topics, ts)
	}
	for _, p := range c.parts {
		s.Partitions = append(s.Partitions, PartitionState{TP: p.tp, Replicas: slices.Clone(p.replicas), ISR: slices.Clone(p.isr),
			ELR: slices.Clone(p.elr), LastKnownELR: slices.Clone(p.lastKnownElr),
			Leader: p.leader, LeaderEpoch: p.leaderEpoch, PartitionEpoch: p.partitionEpoch})
	}
	for _, p := range c.producers {
		ps := ProducerState{ID: NodeID{Kind: NodeProducer, ID: p.id}}
		for _, b := range p.batches {
			ps.Pending += len(b.records)
		}
		s.Producers = append(s.Producers, ps)
	}
	for _, k := range c.consumers {
		s.Consumers = append(s.Consumers, ConsumerState{ID: NodeID{Kind: NodeConsumer, ID: k.id}, TP: k.tp, Position: k.position, Broker: k.meta.leader, Read: k.consumed()})
	}
	return s
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
	for _, k := range c.sched.keys {
		it := &c.sched.items[k.idx]
		if it.kind != itemDeliver {
			continue
		}
		if m := c.sched.message(it); m.ID == f.inflight {
			for _, p := range m.Parts {
				if p.TP == tp {
					return p.FetchOffset, false
				}
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
