package engine

import (
	"encoding/base64"
	"fmt"
	"slices"
	"strconv"
)

// topicReg is the controller's record of a topic (TopicRecord).
type topicReg struct {
	name       string
	id         string // Kafka's Uuid.toString(): 22 base64url characters
	partitions int
	rf         int
	// minISR is the topic's min.insync.replicas override; 0 = cluster default.
	minISR int
	// unclean is the topic's unclean.leader.election.enable: 1 on, -1 off,
	// 0 the cluster default.
	unclean int8
	// logConfigs are the topic's retention and segment overrides
	// (retention.go), in the order given.
	logConfigs []TopicConfig
}

// partitionReg is the controller's registration of one partition
// (PartitionRegistration): assignment, ISR, leader and the two epochs.
type partitionReg struct {
	tp       TopicPartition
	replicas []BrokerID
	// isr is in stored order (docs/kafka-rules.md §2.7). Invariant: isr ⊆ replicas.
	isr    []BrokerID
	leader BrokerID
	// leaderEpoch goes up on every leader change; partitionEpoch on every
	// change at all (PartitionRegistration.merge).
	leaderEpoch    Epoch
	partitionEpoch Epoch
	// elr and lastKnownElr are KIP-966's eligible leader replicas and the
	// last known leader; empty unless Config.EligibleLeaderReplicas.
	elr          []BrokerID
	lastKnownElr []BrokerID
	// unclean says the current leader came from an unclean election (or
	// KIP-966's last-known-leader election); the next leader change that is
	// clean clears it.
	unclean bool
}

func (p partitionReg) clone() partitionReg {
	p.replicas = slices.Clone(p.replicas)
	p.isr = slices.Clone(p.isr)
	p.elr = slices.Clone(p.elr)
	p.lastKnownElr = slices.Clone(p.lastKnownElr)
	return p
}

// topic returns the registered topic name, or nil. The searches here
// look at the sorted registry in place, as sort.Search does, rather than
// through slices.BinarySearchFunc, whose comparison takes each entry by
// value: copying a topicReg or partitionReg per probe was 3 % of
// BenchmarkEngine.
func (c *Cluster) topic(name string) *topicReg {
	lo, hi := 0, len(c.topics)
	for lo < hi {
		if m := int(uint(lo+hi) >> 1); c.topics[m].name < name {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == len(c.topics) || c.topics[lo].name != name {
		return nil
	}
	return &c.topics[lo]
}

// partition returns the registered partition tp, or nil.
func (c *Cluster) partition(tp TopicPartition) *partitionReg {
	lo, hi := 0, len(c.parts)
	for lo < hi {
		if m := int(uint(lo+hi) >> 1); c.parts[m].tp.Less(tp) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == len(c.parts) || c.parts[lo].tp != tp {
		return nil
	}
	return &c.parts[lo]
}

// effectiveMinISR is min(min.insync.replicas, replication factor)
// (Partition.effectiveMinIsr; ReplicationControlManager.getTopicEffectiveMinIsr).
// With kafka-15583 off (before Kafka 3.7) it is min.insync.replicas as set,
// even above the replication factor (KAFKA-15583).
func (c *Cluster) effectiveMinISR(tp TopicPartition) int {
	t := c.topic(tp.Topic)
	m := c.cfg.MinInsyncReplicas
	if t.minISR > 0 {
		m = t.minISR
	}
	if !c.cfg.kafka15583() {
		return m
	}
	return min(m, t.rf)
}

// MaxPartitions bounds a topic's partition count so that scripts stay
// drawable.
const MaxPartitions = 256

// CreateTopic creates a topic the way the KRaft controller does
// (ReplicationControlManager.createTopic with StripedReplicaPlacer).
type CreateTopic struct {
	Name              string
	Partitions        int
	ReplicationFactor int
	// StartBroker is the broker that gets partition 0's first replica.
	// Kafka draws this start at random for each request; 0 means broker 1,
	// which gives the lesson's layout.
	StartBroker BrokerID
	// MinInsyncReplicas overrides min.insync.replicas for the topic; 0 keeps
	// the cluster default. A set value shows under Configs in describe.
	MinInsyncReplicas int
	// Configs are topic-level retention and segment overrides
	// (retention.ms, retention.bytes, segment.bytes, segment.ms;
	// retention.go), shown under Configs in describe.
	Configs []TopicConfig
	// Assignment, when set, is the explicit replica assignment of
	// kafka-topics.sh --create --replica-assignment 1:2:3,2:3:1 (AdminClient
	// NewTopic with replicasAssignments): Assignment[p] is partition p's
	// replicas in order, its first the preferred leader. Partitions and
	// ReplicationFactor must equal its length and its rows' length; every
	// row has the same length, no broker twice, only registered brokers
	// (ReplicationControlManager.validateManualPartitionAssignment). The
	// placer and StartBroker are then not used.
	Assignment [][]BrokerID
}

// String prints the command as a kplay script line.
func (c CreateTopic) String() string {
	s := "create-topic " + c.Name + " partitions=" + itoa(c.Partitions) + " rf=" + itoa(c.ReplicationFactor)
	if c.StartBroker > 1 {
		s += " start=" + itoa(int(c.StartBroker))
	}
	if c.Assignment != nil {
		s += " assignment=("
		for p, reps := range c.Assignment {
			if p > 0 {
				s += ", "
			}
			for j, id := range reps {
				if j > 0 {
					s += ":"
				}
				s += itoa(int(id))
			}
		}
		s += ")"
	}
	if c.MinInsyncReplicas > 0 {
		s += " min.insync.replicas=" + itoa(c.MinInsyncReplicas)
	}
	for _, tc := range c.Configs {
		s += " " + tc.Key + "=" + strconv.FormatInt(tc.Value, 10)
	}
	return s
}

func (cmd CreateTopic) check(c *Cluster) error {
	switch {
	case cmd.Name == "":
		return fmt.Errorf("engine: topic name is empty")
	case !validTopicName(cmd.Name):
		// Topic.validate: legal characters are ASCII alphanumerics, '.', '_' and '-'.
		return fmt.Errorf("engine: topic name %q contains a character other than ASCII alphanumerics, '.', '_' and '-'", cmd.Name)
	case c.topic(cmd.Name) != nil:
		return fmt.Errorf("engine: topic %s already exists", cmd.Name)
	case cmd.Partitions < 1 || cmd.Partitions > MaxPartitions:
		return fmt.Errorf("engine: partitions must be 1..%d, got %d", MaxPartitions, cmd.Partitions)
	case cmd.ReplicationFactor < 1:
		return fmt.Errorf("engine: replication factor must be at least 1, got %d", cmd.ReplicationFactor)
	case cmd.Assignment != nil:
		if err := cmd.checkAssignment(c); err != nil {
			return err
		}
	case cmd.ReplicationFactor > c.liveBrokers():
		// StripedReplicaPlacer: "The target replication factor of N cannot be
		// reached because only M broker(s) are registered."
		return fmt.Errorf("engine: replication factor %d cannot be reached because only %d broker(s) are registered", cmd.ReplicationFactor, c.liveBrokers())
	case cmd.StartBroker != 0 && !c.validBroker(cmd.StartBroker):
		return fmt.Errorf("engine: no broker %d", cmd.StartBroker)
	case cmd.MinInsyncReplicas < 0:
		return fmt.Errorf("engine: min.insync.replicas must be >= 1")
	}
	for _, tc := range cmd.Configs {
		if err := CheckTopicConfig(tc, c.cfg.Kafka); err != nil {
			return err
		}
	}
	return nil
}

// checkAssignment refuses an explicit replica assignment as Kafka does.
// TopicCommand.parseReplicaAssignment: "Partition replica lists may not
// contain duplicate entries" and "Partition N has different replication
// factor"; ReplicationControlManager.validateManualPartitionAssignment:
// "The manual partition assignment includes broker N, but no such broker
// is registered"; ReplicationControlManager.createTopic: "All brokers
// specified in the manual partition assignment for partition N are fenced
// or in controlled shutdown" (INVALID_REPLICA_ASSIGNMENT).
func (cmd CreateTopic) checkAssignment(c *Cluster) error {
	if len(cmd.Assignment) != cmd.Partitions {
		return fmt.Errorf("engine: the replica assignment has %d partitions, not %d", len(cmd.Assignment), cmd.Partitions)
	}
	for p, reps := range cmd.Assignment {
		if len(reps) != cmd.ReplicationFactor {
			return fmt.Errorf("engine: partition %d has different replication factor: %d replicas, not %d", p, len(reps), cmd.ReplicationFactor)
		}
		active := 0
		for j, id := range reps {
			if !c.validBroker(id) {
				return fmt.Errorf("engine: the manual partition assignment includes broker %d, but no such broker is registered", id)
			}
			if slices.Contains(reps[:j], id) {
				return fmt.Errorf("engine: partition %d's replica list may not contain duplicate entries: broker %d twice", p, id)
			}
			if c.activeBroker(id) {
				active++
			}
		}
		if active == 0 {
			return fmt.Errorf("engine: all brokers specified in the manual partition assignment for partition %d are fenced or in controlled shutdown", p)
		}
	}
	return nil
}

// activeBroker says broker id is registered, unfenced and not in
// controlled shutdown (ClusterControlManager.isActive).
func (c *Cluster) activeBroker(id BrokerID) bool {
	for _, r := range c.ctrl.regs {
		if r.id == id {
			return !r.fenced && !r.shuttingDown
		}
	}
	return false
}

func validTopicName(s string) bool {
	if len(s) > 249 || s == "." || s == ".." {
		return false
	}
	for _, r := range s {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-'
		if !ok {
			return false
		}
	}
	return true
}

// liveBrokers counts the registered, unfenced brokers: the ones a new topic
// is placed on.
func (c *Cluster) liveBrokers() int {
	n := 0
	for _, r := range c.ctrl.regs {
		if !r.fenced && !r.shuttingDown {
			n++
		}
	}
	return n
}

// place assigns replicas the way KRaft's StripedReplicaPlacer does for a
// single rack: the live brokers sorted by id, and partition p gets the RF
// consecutive brokers starting at index (start + p) mod n, wrapping; after
// every n partitions the list is reshuffled (docs/kafka-rules.md §8.2;
// StripedReplicaPlacerTest.testSuccessfulPlacement). Kafka draws start at
// random per request; kplay takes it from the command so that presets read
// as the lesson does.
func (c *Cluster) place(cmd CreateTopic) [][]BrokerID {
	var live []BrokerID
	for _, r := range c.ctrl.regs {
		if !r.fenced && !r.shuttingDown {
			live = append(live, r.id)
		}
	}
	n := len(live)
	start := 0
	if cmd.StartBroker != 0 {
		start = max(0, slices.Index(live, cmd.StartBroker))
	}
	out := make([][]BrokerID, cmd.Partitions)
	for p := 0; p < cmd.Partitions; p++ {
		if p > 0 && p%n == 0 {
			// Fisher–Yates with the cluster's PRNG.
			for i := n - 1; i > 0; i-- {
				j := c.rng.Intn(i + 1)
				live[i], live[j] = live[j], live[i]
			}
		}
		first := (start + p) % n
		reps := make([]BrokerID, cmd.ReplicationFactor)
		for j := range reps {
			reps[j] = live[(first+j)%n]
		}
		out[p] = reps
	}
	return out
}

// topicID draws a random version-4 UUID from the cluster's PRNG and prints it
// as Kafka's Uuid.toString does (base64url, no padding). Like
// Uuid.randomUuid, it never returns an id that starts with '-'.
func (c *Cluster) topicID() string {
	for {
		var b [16]byte
		for i := 0; i < 16; i += 8 {
			v := c.rng.Uint64()
			for j := 0; j < 8; j++ {
				b[i+j] = byte(v >> (56 - 8*j))
			}
		}
		b[6] = b[6]&0x0f | 0x40 // version 4
		b[8] = b[8]&0x3f | 0x80 // IETF variant
		s := base64.RawURLEncoding.EncodeToString(b[:])
		if s[0] != '-' {
			return s
		}
	}
}

// apply registers the topic and its partitions and tells the replicas.
// At creation the ISR is the assigned replicas on unfenced brokers and the
// leader is its first member, in leader epoch 0 and partition epoch 0
// (ReplicationControlManager.buildPartitionRegistration). Metadata reaches
// the brokers at once (docs/kafka-rules.md §5.1: propagation ≈ 0).
// A topic with retention overrides may start the retention task
// (maybeArmRetention).
func (cmd CreateTopic) apply(c *Cluster) {
	t := topicReg{name: cmd.Name, id: c.topicID(), partitions: cmd.Partitions, rf: cmd.ReplicationFactor, minISR: cmd.MinInsyncReplicas,
		logConfigs: slices.Clone(cmd.Configs)}
	i, _ := slices.BinarySearchFunc(c.topics, t.name, func(x topicReg, n string) int {
		if x.name < n {
			return -1
		}
		return 1
	})
	c.topics = slices.Insert(c.topics, i, t)
	c.emit(Event{Kind: EvTopicCreated, Node: Controller, TP: TopicPartition{Topic: t.name}, Text: t.id})
	assignment := cmd.Assignment
	if assignment == nil {
		assignment = c.place(cmd)
	}
	for p, reps := range assignment {
		reps = slices.Clone(reps)
		// ISR: the assigned replicas on active brokers, in assignment
		// order; leader: its first (ReplicationControlManager.createTopic,
		// buildPartitionRegistration). The placer uses active brokers only.
		var isr []BrokerID
		for _, id := range reps {
			if c.activeBroker(id) {
				isr = append(isr, id)
			}
		}
		reg := partitionReg{
			tp:       TopicPartition{Topic: cmd.Name, Partition: int32(p)},
			replicas: reps,
			isr:      isr,
			leader:   isr[0],
		}
		j, _ := slices.BinarySearchFunc(c.parts, reg.tp, func(x partitionReg, tp TopicPartition) int {
			if x.tp.Less(tp) {
				return -1
			}
			return 1
		})
		c.parts = slices.Insert(c.parts, j, reg)
		c.emit(Event{Kind: EvLeaderElected, Node: Controller, Peer: Broker(reg.leader), TP: reg.tp, Epoch: reg.leaderEpoch, ISR: slices.Clone(reg.isr)})
		c.publish(reg.tp)
	}
	c.controllerWrote()
	c.maybeArmRetention()
}

// publish applies a partition's registration on every replica broker that
// is running and can reach the controller: the metadata log reaching each
// broker (docs/kafka-rules.md §5.1: propagation ≈ 0). A broker cut off from the
// controller keeps its stale view until it can reach it again.
func (c *Cluster) publish(tp TopicPartition) {
	reg := c.partition(tp).clone()
	for _, id := range reg.replicas {
		b := c.broker(id)
		if !b.alive || !c.net.talksToController(b.node()) {
			continue
		}
		c.applyRegistration(b, reg)
	}
}

// catchUp brings one broker's view of every partition it replicates up to
// date, as replaying the metadata log does after a restart or a healed
// network.
func (c *Cluster) catchUp(b *broker) {
	if !b.alive || !c.net.talksToController(b.node()) {
		return
	}
	for _, p := range c.parts {
		if slices.Contains(p.replicas, b.id) {
			c.applyRegistration(b, p.clone())
		}
	}
}
