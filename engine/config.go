package engine

import (
	"errors"
	"fmt"
)

// Config is a cluster's setup and its Kafka settings. Every field that is a
// Kafka setting names the key it stands for; DefaultConfig gives Kafka 4.x's
// defaults (reference §9, ReplicationConfigs.java, KRaftConfigs.java,
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
}

// DefaultConfig returns a 3-broker cluster with Kafka 4.x's defaults and a
// network latency of 1–3 ms per message.
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
	}
	return nil
}
