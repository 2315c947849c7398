package engine

import (
	"errors"
	"fmt"
)

// Config is a cluster's setup and its Kafka settings. Every field is set by
// exactly one row of the settings table (settings.go: the key a script
// writes, its type, unit, default, limits and Kafka source), and
// DefaultConfig gives every row's default, Kafka 4.x's (docs/kafka-rules.md
// §9, ReplicationConfigs.java, KRaftConfigs.java, ProducerConfig.java,
// ConsumerConfig.java). A new setting is one row and one field.
type Config struct {
	// Seed seeds the cluster's one PRNG (latencies, topic ids, placement).
	Seed uint64
	// Brokers is the number of brokers, with ids 1..Brokers. At most 64.
	Brokers int
	// Start is the wall-clock time the scenario starts at, in milliseconds
	// since midnight (0 = 00:00:00.000).
	Start Time

	// MinLatency and MaxLatency bound every link's one-way latency in
	// milliseconds; each message draws a value in [MinLatency, MaxLatency].
	MinLatency, MaxLatency Time

	// ReplicaFetchWaitMaxMs is replica.fetch.wait.max.ms (500): how long a
	// leader holds a follower's empty fetch open.
	ReplicaFetchWaitMaxMs Time
	// ReplicaLagTimeMaxMs is replica.lag.time.max.ms (30000).
	ReplicaLagTimeMaxMs Time
	// ReplicaFetchBackoffMs is replica.fetch.backoff.ms (1000): a follower's
	// pause after a fetch error for a partition.
	ReplicaFetchBackoffMs Time
	// MinInsyncReplicas is the cluster default of min.insync.replicas (1).
	MinInsyncReplicas int

	// LingerMs is the producer's linger.ms (5 since Kafka 4.0, KIP-1030).
	LingerMs Time
	// RequestTimeoutMs is the producer's request.timeout.ms (30000), also the
	// broker-side wait of an acks=all produce.
	RequestTimeoutMs Time
	// RetryBackoffMs is the clients' retry.backoff.ms (100).
	RetryBackoffMs Time
	// DeliveryTimeoutMs is the producer's delivery.timeout.ms (120000).
	DeliveryTimeoutMs Time
	// FetchMaxWaitMs is the consumer's fetch.max.wait.ms (500).
	FetchMaxWaitMs Time
	// ReplicaFetchMaxBytes is replica.fetch.max.bytes (1048576) and
	// ReplicaFetchResponseMaxBytes replica.fetch.response.max.bytes
	// (10485760): the bytes a follower's fetch asks for per partition and
	// in all. FetchMaxBytes (52428800) and MaxPartitionFetchBytes
	// (1048576) are the consumer's fetch.max.bytes and
	// max.partition.fetch.bytes. A fetch returns whole batches within
	// them, and at least one batch (KIP-74, ReplicaManager.readFromLog).
	ReplicaFetchMaxBytes         int
	ReplicaFetchResponseMaxBytes int
	FetchMaxBytes                int
	MaxPartitionFetchBytes       int
	// MetadataMaxAgeMs is the clients' metadata.max.age.ms (300000): a
	// producer refreshes a partition's metadata this long after its last
	// successful refresh even without an error, and a consumer forgets its
	// preferred read replica after it (KIP-392).
	MetadataMaxAgeMs Time
	// MetadataMaxIdleMs is the producer's metadata.max.idle.ms (300000): a
	// partition the producer has not sent to for this long leaves its
	// metadata at the next refresh, and is no longer refreshed.
	MetadataMaxIdleMs Time

	// BrokerHeartbeatIntervalMs is broker.heartbeat.interval.ms (2000) and
	// BrokerSessionTimeoutMs broker.session.timeout.ms (9000), KRaftConfigs.
	BrokerHeartbeatIntervalMs Time
	BrokerSessionTimeoutMs    Time
	// UncleanLeaderElectionEnable is unclean.leader.election.enable (false
	// since 0.11, KIP-106).
	UncleanLeaderElectionEnable bool
	// EligibleLeaderReplicas is KIP-966's eligible leader replicas (ELR),
	// the feature eligible.leader.replicas.version: true is level 1, false
	// level 0. It defaults to true, as on a newly created Kafka 4.1+
	// cluster: Kafka 4.0 shipped ELR off, and 4.1 enabled it by default for
	// new clusters (Kafka 4.1 release notes; KIP-966;
	// kafka.apache.org/41/operations/eligible-leader-replicas), while an
	// upgraded cluster keeps its feature level. Kafka 4.4.0's
	// `kafka-storage format` writes
	// FeatureLevelRecord(name='eligible.leader.replicas.version',
	// featureLevel=1) into the bootstrap metadata by default. Reference §5.6
	// and §9. Scripts set it with eligible.leader.replicas.version=0|1; the
	// reference scenarios S1–S5 and S10–S12 (§10.0: "ELR disabled (4.0
	// default)") and the KIP-101 and KIP-279 replays set it to 0.
	EligibleLeaderReplicas bool
	// AutoLeaderRebalanceEnable is auto.leader.rebalance.enable (true) and
	// LeaderImbalanceCheckIntervalMs is
	// leader.imbalance.check.interval.seconds (300) in milliseconds.
	AutoLeaderRebalanceEnable      bool
	LeaderImbalanceCheckIntervalMs Time
	// ReplicaSocketTimeoutMs is replica.socket.timeout.ms (30000): how long
	// a follower waits for a fetch response that never comes.
	ReplicaSocketTimeoutMs Time
	// EnableIdempotence is the producer's enable.idempotence (true since 3.0).
	// A batch is idempotent only when it is also sent with acks=all, with
	// Retries > 0 and with MaxInFlightRequestsPerConnection <= 5: Kafka
	// turns idempotence off otherwise when it was not set explicitly
	// (ProducerConfig.postProcessAndValidateIdempotenceConfigs), and kplay
	// takes acks per produce command.
	EnableIdempotence bool
	// MaxInFlightRequestsPerConnection is the producer's
	// max.in.flight.requests.per.connection (5): how many produce requests
	// it sends to one broker before an answer comes. At 1 a partition's
	// next batch waits for the previous answer (Sender's
	// guaranteeMessageOrder, RecordAccumulator.mutePartition).
	MaxInFlightRequestsPerConnection int
	// Retries is the producer's retries (2147483647): how many times a
	// batch is resent after a retriable error (Sender.canRetry), within
	// delivery.timeout.ms.
	Retries int
	// MaxRequestSize is the producer's max.request.size (1048576, 1 MiB;
	// ProducerConfig.MAX_REQUEST_SIZE_CONFIG, atLeast(0)): the largest
	// request it sends, and so a cap on one record's size. KafkaProducer
	// rejects a record whose serialized size, the 61-byte batch header
	// plus the record (AbstractRecords.estimateSizeInBytesUpperBound), is
	// larger, with a RecordTooLargeException, before it reaches the
	// accumulator (KafkaProducer.ensureValidRecordSize).
	MaxRequestSize int
	// AutoOffsetReset is the consumer's auto.offset.reset: "latest"
	// (default), "earliest" or "none".
	AutoOffsetReset string
	// EnableAutoCommit and AutoCommitIntervalMs are a group consumer's
	// enable.auto.commit (true) and auto.commit.interval.ms (5000).
	EnableAutoCommit     bool
	AutoCommitIntervalMs Time
	// OffsetsTopicNumPartitions is offsets.topic.num.partitions (50): it
	// picks a group's __consumer_offsets partition and so its coordinator.
	// OffsetsRetentionMinutes is offsets.retention.minutes (10080, 7 days)
	// and OffsetsRetentionCheckIntervalMs
	// offsets.retention.check.interval.ms (600000).
	OffsetsTopicNumPartitions       int
	OffsetsRetentionMinutes         int
	OffsetsRetentionCheckIntervalMs Time
	// The brokers' log retention defaults (retention.go), each overridden
	// per topic by create-topic: log.retention.ms (7 days; -1 keeps
	// records for ever), log.retention.bytes (-1: no size limit),
	// log.segment.bytes (1 GiB), log.roll.ms (7 days), and the retention
	// task's log.initial.task.delay.ms (30000) and
	// log.retention.check.interval.ms (300000).
	LogRetentionMs              int64
	LogRetentionBytes           int64
	LogSegmentBytes             int64
	LogRollMs                   Time
	LogInitialTaskDelayMs       Time
	LogRetentionCheckIntervalMs Time
	// ReplicaSelectorRackAware sets replica.selector.class to
	// org.apache.kafka.common.replica.RackAwareReplicaSelector (KIP-392);
	// the default null means consumers always read from the leader.
	ReplicaSelectorRackAware bool
	// Racks[i] is broker i+1's broker.rack ("" = none).
	Racks []string
	// Protocol replays an old replication protocol so that its famous
	// failures can be taught: ProtocolCurrent, ProtocolPreKIP101 or
	// ProtocolPreKIP279. It is the older spelling of the kip-101 and
	// kip-279 switches, which override it when set (versions.go).
	Protocol Protocol

	// Kafka is the release whose replication behaviour is replayed
	// (kafka=, versions.go): each switch below left at SwitchRelease is on
	// when the release has its change. LatestRelease (4.4) by default.
	Kafka Release
	// The behaviour switches of the release table (versions.go), each
	// named by its KIP or KAFKA ticket: SwitchRelease follows Kafka,
	// SwitchOn and SwitchOff override it.
	KIP101, KIP279, KIP320, KAFKA7128, KAFKA7395, KIP392, KIP841, KIP903 Switch
	KAFKA12670, KAFKA14704, KAFKA15021, KAFKA15583, KIP580, KIP951       Switch
}

// Protocol selects the truncation protocol a follower uses.
type Protocol uint8

// The protocols.
const (
	// ProtocolCurrent truncates on fetch by DivergingEpoch (KIP-595 fetch,
	// KAFKA-10554, Kafka 2.8+), iterating as KIP-279 does.
	ProtocolCurrent Protocol = iota
	// ProtocolPreKIP101 truncates a follower to its own high watermark when
	// it restarts or becomes a follower (Kafka before 0.11).
	ProtocolPreKIP101
	// ProtocolPreKIP279 truncates by leader epoch, but the leader answers
	// with an end offset only and the follower truncates once, without
	// checking that the epochs agree (KIP-101 v0, Kafka 0.11–1.x).
	ProtocolPreKIP279
)

// String prints the protocol as the script spells it.
func (p Protocol) String() string {
	switch p {
	case ProtocolPreKIP101:
		return "pre-kip-101"
	case ProtocolPreKIP279:
		return "pre-kip-279"
	}
	return "current"
}

// DefaultConfig returns a 3-broker cluster with the defaults of a newly
// created Kafka 4.x cluster (today 4.4, so ELR is on) and a network latency
// of 1–3 ms per message: every row of the settings table (settings.go) at
// its Default.
func DefaultConfig() Config {
	var c Config
	for i := range settingTable {
		s := &settingTable[i]
		if err := s.Set(&c, s.defaultValues()); err != nil {
			panic("engine: the settings table's default " + s.Name + "=" + s.Default + " does not parse: " + err.Error())
		}
	}
	return c
}

// MaxBrokers bounds Config.Brokers so that a hostile script cannot ask for a
// cluster the page cannot draw.
const MaxBrokers = 64

// Validate reports the first setting that cannot be simulated: a value
// outside its row's limits in the settings table, settings that do not
// fit together, or one the release (Kafka) does not take, such as a
// log.segment.bytes below 1 MiB from Kafka 4.0 (KIP-1030).
func (c Config) Validate() error {
	for i := range settingTable {
		s := &settingTable[i]
		if err := s.check(c); err != nil {
			return fmt.Errorf("engine: %s %v", s.Name, err)
		}
	}
	switch {
	case c.DeliveryTimeoutMs < c.LingerMs+c.RequestTimeoutMs:
		// ProducerConfig: delivery.timeout.ms should be >= linger.ms + request.timeout.ms.
		return errors.New("engine: delivery.timeout.ms must be >= linger.ms + request.timeout.ms")
	case c.BrokerSessionTimeoutMs <= c.BrokerHeartbeatIntervalMs:
		return errors.New("engine: broker.session.timeout.ms must be greater than broker.heartbeat.interval.ms")
	case len(c.Racks) > c.Brokers:
		return errors.New("engine: more racks than brokers")
	}
	if msg := c.CheckRelease(); msg != "" {
		return errors.New("engine: " + msg)
	}
	if err := checkSegmentBytes("log.segment.bytes", c.LogSegmentBytes, c.Kafka); err != nil {
		return fmt.Errorf("engine: %v", err)
	}
	return nil
}
