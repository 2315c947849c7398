package engine

import (
	"errors"
	"fmt"
	"math"
)

// Config is a cluster's setup and its Kafka settings. Every field that is a
// Kafka setting names the key it stands for; DefaultConfig gives Kafka 4.x's
// defaults (docs/kafka-rules.md §9, ReplicationConfigs.java, KRaftConfigs.java,
// ProducerConfig.java, ConsumerConfig.java).
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
	// AutoOffsetReset is the consumer's auto.offset.reset: "latest"
	// (default), "earliest" or "none".
	AutoOffsetReset string
	// ReplicaSelectorRackAware sets replica.selector.class to
	// org.apache.kafka.common.replica.RackAwareReplicaSelector (KIP-392);
	// the default null means consumers always read from the leader.
	ReplicaSelectorRackAware bool
	// Racks[i] is broker i+1's broker.rack ("" = none).
	Racks []string
	// Protocol replays an old replication protocol so that its famous
	// failures can be taught: ProtocolCurrent, ProtocolPreKIP101 or
	// ProtocolPreKIP279.
	Protocol Protocol
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
// of 1–3 ms per message.
func DefaultConfig() Config {
	return Config{
		Seed:                  1,
		Brokers:               3,
		MinLatency:            1,
		MaxLatency:            3,
		ReplicaFetchWaitMaxMs: 500,
		ReplicaLagTimeMaxMs:   30000,
		ReplicaFetchBackoffMs: 1000,
		MinInsyncReplicas:     1,
		LingerMs:              5,
		RequestTimeoutMs:      30000,
		RetryBackoffMs:        100,
		DeliveryTimeoutMs:     120000,
		FetchMaxWaitMs:        500,

		BrokerHeartbeatIntervalMs:      2000,
		BrokerSessionTimeoutMs:         9000,
		AutoLeaderRebalanceEnable:      true,
		LeaderImbalanceCheckIntervalMs: 300000,
		ReplicaSocketTimeoutMs:         30000,
		EligibleLeaderReplicas:         true,
		EnableIdempotence:              true,
		AutoOffsetReset:                "latest",

		MaxInFlightRequestsPerConnection: 5,
		Retries:                          math.MaxInt32,
	}
}

// MaxBrokers bounds Config.Brokers so that a hostile script cannot ask for a
// cluster the page cannot draw.
const MaxBrokers = 64

// Validate reports the first setting that cannot be simulated.
func (c Config) Validate() error {
	switch {
	case c.Brokers < 1 || c.Brokers > MaxBrokers:
		return fmt.Errorf("engine: brokers must be 1..%d, got %d", MaxBrokers, c.Brokers)
	case c.MinLatency < 0 || c.MaxLatency < c.MinLatency:
		return fmt.Errorf("engine: latency range %d..%d ms is not a range", c.MinLatency, c.MaxLatency)
	case c.ReplicaFetchWaitMaxMs < 0:
		return errors.New("engine: replica.fetch.wait.max.ms must be >= 0")
	case c.ReplicaLagTimeMaxMs <= 0:
		return errors.New("engine: replica.lag.time.max.ms must be > 0")
	case c.ReplicaFetchBackoffMs < 0:
		return errors.New("engine: replica.fetch.backoff.ms must be >= 0")
	case c.MinInsyncReplicas < 1:
		return errors.New("engine: min.insync.replicas must be >= 1")
	case c.LingerMs < 0:
		return errors.New("engine: linger.ms must be >= 0")
	case c.RequestTimeoutMs <= 0:
		return errors.New("engine: request.timeout.ms must be > 0")
	case c.RetryBackoffMs < 0:
		return errors.New("engine: retry.backoff.ms must be >= 0")
	case c.DeliveryTimeoutMs < c.LingerMs+c.RequestTimeoutMs:
		// ProducerConfig: delivery.timeout.ms should be >= linger.ms + request.timeout.ms.
		return errors.New("engine: delivery.timeout.ms must be >= linger.ms + request.timeout.ms")
	case c.FetchMaxWaitMs < 0:
		return errors.New("engine: fetch.max.wait.ms must be >= 0")
	case c.Start < 0:
		return errors.New("engine: start must not be negative")
	case c.BrokerHeartbeatIntervalMs <= 0:
		return errors.New("engine: broker.heartbeat.interval.ms must be > 0")
	case c.BrokerSessionTimeoutMs <= c.BrokerHeartbeatIntervalMs:
		return errors.New("engine: broker.session.timeout.ms must be greater than broker.heartbeat.interval.ms")
	case c.LeaderImbalanceCheckIntervalMs <= 0:
		return errors.New("engine: leader.imbalance.check.interval.seconds must be > 0")
	case c.ReplicaSocketTimeoutMs <= 0:
		return errors.New("engine: replica.socket.timeout.ms must be > 0")
	case c.AutoOffsetReset != "latest" && c.AutoOffsetReset != "earliest" && c.AutoOffsetReset != "none":
		return errors.New("engine: auto.offset.reset must be latest, earliest or none")
	case c.MaxInFlightRequestsPerConnection < 1:
		return errors.New("engine: max.in.flight.requests.per.connection must be >= 1")
	case c.Retries < 0 || c.Retries > math.MaxInt32:
		return errors.New("engine: retries must be 0..2147483647")
	case len(c.Racks) > c.Brokers:
		return errors.New("engine: more racks than brokers")
	}
	return nil
}
