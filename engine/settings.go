package engine

import "math"

// The vocabulary of settings: every Config field is set by exactly one row
// of settingTable, and the script parser, its error messages, the page's
// config panel and editor help, the conformance suite's translation to a
// real Kafka cluster and DefaultConfig all read this one table
// (docs/design.md §3.1). A new setting is one row here and one Config
// field.

// ValueType is how a setting's value is written in a script and held in a
// Config.
type ValueType uint8

// The value types.
const (
	// TypeInt is a whole number in Min..Max.
	TypeInt ValueType = iota + 1
	// TypeDuration is a span of milliseconds in Min..Max; a script may
	// also write 500ms, 2s, 1.5s, 1m or 1h (ParseDuration).
	TypeDuration
	// TypeSeconds is a whole number of seconds in Min..Max (Kafka's
	// *.seconds settings), held in the Config in milliseconds.
	TypeSeconds
	// TypeBool is true or false (a script may also write on, off, 1, 0).
	TypeBool
	// TypeEnum is one of Choices, or an alias of one (Aliases).
	TypeEnum
	// TypeList is a list of names, written broker.rack=(a, b).
	TypeList
	// TypeRange is two durations MIN and MAX with MIN <= MAX, written
	// latency=(1,3).
	TypeRange
	// TypeClock is a wall-clock time HH:MM:SS.mmm (ParseClock), held as
	// milliseconds since midnight.
	TypeClock
	// TypeSeed is a whole number 0..2^64-1.
	TypeSeed
)

// Scope says where a setting lives in Kafka, so that the conformance suite
// knows how to give a real cluster the same value.
type Scope uint8

// The scopes.
const (
	// ScopeKplay is kplay's own: the cluster's shape, its simulated
	// network or its random seed. Kafka has no such config.
	ScopeKplay Scope = iota + 1
	// ScopeBroker is a server property that every broker and controller
	// reads from server.properties (Kafka ignores, with a warning, a key
	// a role does not use).
	ScopeBroker
	// ScopePerBroker is a server property each broker sets for itself
	// (broker.rack): the value lists one entry per broker.
	ScopePerBroker
	// ScopeFeature is a KRaft feature level, written by kafka-storage
	// format --feature NAME=LEVEL.
	ScopeFeature
	// ScopeProducer is a producer config (ProducerConfig).
	ScopeProducer
	// ScopeConsumer is a consumer config (ConsumerConfig).
	ScopeConsumer
	// ScopeClient is a config both clients read (CommonClientConfigs).
	ScopeClient
	// ScopeHistoric replays an earlier release's behaviour; Kafka 4.x has
	// no config for it, so only its default (today's behaviour) can be
	// replayed on a real cluster.
	ScopeHistoric
)

// Setting is one row of the vocabulary: a cluster-directive key, spelt as
// Kafka spells it, with its type, unit, default, limits, source and help.
// Rows are values; a caller must not modify the Choices or Aliases it
// shares with the table.
type Setting struct {
	// Name is the key a cluster directive takes: Kafka's spelling, or
	// kplay's own for a ScopeKplay or ScopeHistoric row.
	Name string
	// Fields are the Config fields the row sets (latency sets two).
	Fields []string
	Type   ValueType
	// Unit is what a number counts: "ms", "s", "min", "bytes" or "" (none).
	Unit string
	// Default is the value of a newly created Kafka 4.x cluster (today
	// 4.4), as Value prints it; DefaultConfig is built from these.
	Default string
	// Example is a value other than Default, as Value prints it, that the
	// help shows and the tests set.
	Example string
	// Min and Max bound a TypeInt, TypeDuration or TypeSeconds value in
	// Unit; Max is MaxSettingDuration (milliseconds) for a duration with
	// no upper limit of its own.
	Min, Max int64
	// Choices are the values a TypeEnum takes, and the values the config
	// panel offers in a select for any type (nil: free text).
	Choices []string
	// Aliases maps other spellings a script may use to one of Choices.
	Aliases map[string]string
	// spell maps a spelling a script may use to one of Choices when
	// Aliases cannot list them all (a Kafka release's patch names); nil:
	// none.
	spell func(string) string
	// Unset is the value that means "not set" in Kafka (replica.selector.class
	// null): the conformance suite leaves the key out of server.properties.
	Unset string
	Scope Scope
	// Runtime says the config directive (AlterConfig) changes the setting
	// at run time; any other setting is fixed when the cluster starts.
	Runtime bool
	// Source names where the rule comes from: Kafka's config constant, a
	// KIP or "kplay".
	Source string
	// Doc is the address of Kafka's documentation of the setting ("" for
	// kplay's own).
	Doc string
	// Help is one line on what the setting does.
	Help string

	get func(Config) string
	set func(*Config, settingValue)
}

// MaxSettingDuration bounds every duration a setting takes: 2^40 ms, about
// 35 years, so that sums of timeouts cannot overflow.
const MaxSettingDuration = 1 << 40

// maxClock is the latest start a script can write, 99:59:59.999.
const maxClock = 99*3600000 + 59*60000 + 59*1000 + 999

const kafkaDocs = "https://kafka.apache.org/documentation/#"

// settingTable is the vocabulary, in the order the config panel lists it
// and a cluster line spells it. It is never written.
var settingTable = [...]Setting{
	{Name: "brokers", Fields: []string{"Brokers"}, Type: TypeInt, Default: "3", Example: "5", Min: 1, Max: MaxBrokers,
		Scope: ScopeKplay, Source: "kplay", Help: "number of brokers, with node ids 1..N",
		get: intGet(func(c *Config) *int { return &c.Brokers }), set: intSet(func(c *Config) *int { return &c.Brokers })},
	{Name: "seed", Fields: []string{"Seed"}, Type: TypeSeed, Default: "1", Example: "9001",
		Scope: ScopeKplay, Source: "kplay", Help: "seeds the cluster's one random generator: latencies, topic ids, placement",
		get: func(c Config) string { return formatUint(c.Seed) }, set: func(c *Config, v settingValue) { c.Seed = v.u }},
	{Name: "start", Fields: []string{"Start"}, Type: TypeClock, Default: "00:00:00.000", Example: "10:00:00.000", Min: 0, Max: maxClock,
		Scope: ScopeKplay, Source: "kplay", Help: "the wall-clock time the scenario starts at",
		get: func(c Config) string { return FormatTime(c.Start) }, set: func(c *Config, v settingValue) { c.Start = Time(v.n) }},
	{Name: "protocol", Fields: []string{"Protocol"}, Type: TypeEnum, Default: "current", Example: "pre-kip-101",
		Choices: []string{"current", "pre-kip-101", "pre-kip-279"}, Scope: ScopeHistoric,
		Source: "KIP-101 (Kafka 0.11), KIP-279 (Kafka 2.0)",
		Doc:    "https://cwiki.apache.org/confluence/display/KAFKA/KIP-101+-+Alter+Replication+Protocol+to+use+Leader+Epoch+rather+than+High+Watermark+for+Truncation",
		Help:   "replication protocol: current; pre-kip-101 truncates a follower to its high watermark (before 0.11); pre-kip-279 truncates once by leader epoch (0.11 to 1.x)",
		get:    func(c Config) string { return c.Protocol.String() },
		set: func(c *Config, v settingValue) {
			switch v.s {
			case "pre-kip-101":
				c.Protocol = ProtocolPreKIP101
			case "pre-kip-279":
				c.Protocol = ProtocolPreKIP279
			default:
				c.Protocol = ProtocolCurrent
			}
		}},
	{Name: "latency", Fields: []string{"MinLatency", "MaxLatency"}, Type: TypeRange, Unit: "ms", Default: "1,3", Example: "30,50",
		Min: 0, Max: MaxSettingDuration, Scope: ScopeKplay, Source: "kplay",
		Help: "every link's one-way latency: each message draws a value in MIN,MAX",
		get:  func(c Config) string { return formatInt(int64(c.MinLatency)) + "," + formatInt(int64(c.MaxLatency)) },
		set:  func(c *Config, v settingValue) { c.MinLatency, c.MaxLatency = Time(v.lo), Time(v.hi) }},
	{Name: "min.insync.replicas", Fields: []string{"MinInsyncReplicas"}, Type: TypeInt, Default: "1", Example: "2", Min: 1, Max: MaxBrokers,
		Scope: ScopeBroker, Runtime: true, Source: "ServerLogConfigs.MIN_IN_SYNC_REPLICAS_CONFIG", Doc: kafkaDocs + "brokerconfigs_min.insync.replicas",
		Help: "replicas that must have a record before an acks=all produce succeeds",
		get:  intGet(func(c *Config) *int { return &c.MinInsyncReplicas }), set: intSet(func(c *Config) *int { return &c.MinInsyncReplicas })},
	{Name: "unclean.leader.election.enable", Fields: []string{"UncleanLeaderElectionEnable"}, Type: TypeBool, Default: "false", Example: "true",
		Choices: bools, Scope: ScopeBroker, Runtime: true,
		Source: "ReplicationConfigs.UNCLEAN_LEADER_ELECTION_ENABLE_CONFIG (false since 0.11, KIP-106)", Doc: kafkaDocs + "brokerconfigs_unclean.leader.election.enable",
		Help: "let an out-of-sync replica become leader when no in-sync one is left, losing records",
		get:  boolGet(func(c *Config) *bool { return &c.UncleanLeaderElectionEnable }), set: boolSet(func(c *Config) *bool { return &c.UncleanLeaderElectionEnable })},
	{Name: "eligible.leader.replicas.version", Fields: []string{"EligibleLeaderReplicas"}, Type: TypeInt, Default: "1", Example: "0", Min: 0, Max: 1,
		Choices: []string{"1", "0"}, Scope: ScopeFeature,
		Source: "KIP-966, Features.ELIGIBLE_LEADER_REPLICAS_VERSION (level 1 by default on clusters created by 4.1+)",
		Doc:    "https://cwiki.apache.org/confluence/display/KAFKA/KIP-966%3A+Eligible+Leader+Replicas",
		Help:   "KIP-966 eligible leader replicas: 1 on, 0 off (Kafka 4.0's default)",
		get: func(c Config) string {
			if c.EligibleLeaderReplicas {
				return "1"
			}
			return "0"
		},
		set: func(c *Config, v settingValue) { c.EligibleLeaderReplicas = v.n == 1 }},
	{Name: "auto.leader.rebalance.enable", Fields: []string{"AutoLeaderRebalanceEnable"}, Type: TypeBool, Default: "true", Example: "false",
		Choices: bools, Scope: ScopeBroker, Source: "ReplicationConfigs.AUTO_LEADER_REBALANCE_ENABLE_CONFIG", Doc: kafkaDocs + "brokerconfigs_auto.leader.rebalance.enable",
		Help: "the controller moves leadership back to each partition's preferred replica",
		get:  boolGet(func(c *Config) *bool { return &c.AutoLeaderRebalanceEnable }), set: boolSet(func(c *Config) *bool { return &c.AutoLeaderRebalanceEnable })},
	{Name: "leader.imbalance.check.interval.seconds", Fields: []string{"LeaderImbalanceCheckIntervalMs"}, Type: TypeSeconds, Unit: "s",
		Default: "300", Example: "10", Min: 1, Max: 86400, Scope: ScopeBroker,
		Source: "ReplicationConfigs.LEADER_IMBALANCE_CHECK_INTERVAL_SECONDS_CONFIG (atLeast(1))", Doc: kafkaDocs + "brokerconfigs_leader.imbalance.check.interval.seconds",
		Help: "how often the controller checks leader balance",
		get:  func(c Config) string { return formatInt(int64(c.LeaderImbalanceCheckIntervalMs / 1000)) },
		set:  func(c *Config, v settingValue) { c.LeaderImbalanceCheckIntervalMs = Time(v.n * 1000) }},
	msRow("replica.lag.time.max.ms", "ReplicaLagTimeMaxMs", 30000, 5000, 1, ScopeBroker, "ReplicationConfigs.REPLICA_LAG_TIME_MAX_MS_CONFIG",
		"a follower that has not caught up with the leader for this long leaves the ISR",
		func(c *Config) *Time { return &c.ReplicaLagTimeMaxMs }),
	msRow("replica.fetch.wait.max.ms", "ReplicaFetchWaitMaxMs", 500, 100, 0, ScopeBroker, "ReplicationConfigs.REPLICA_FETCH_WAIT_MAX_MS_CONFIG",
		"how long a leader holds a follower's empty fetch open",
		func(c *Config) *Time { return &c.ReplicaFetchWaitMaxMs }),
	msRow("replica.fetch.backoff.ms", "ReplicaFetchBackoffMs", 1000, 200, 0, ScopeBroker, "ReplicationConfigs.REPLICA_FETCH_BACKOFF_MS_CONFIG (atLeast(0))",
		"a follower's pause after a fetch error for a partition",
		func(c *Config) *Time { return &c.ReplicaFetchBackoffMs }),
	msRow("replica.socket.timeout.ms", "ReplicaSocketTimeoutMs", 30000, 5000, 1, ScopeBroker, "ReplicationConfigs.REPLICA_SOCKET_TIMEOUT_MS_CONFIG",
		"how long a follower waits for a fetch response that never comes",
		func(c *Config) *Time { return &c.ReplicaSocketTimeoutMs }),
	msRow("broker.heartbeat.interval.ms", "BrokerHeartbeatIntervalMs", 2000, 500, 1, ScopeBroker, "KRaftConfigs.BROKER_HEARTBEAT_INTERVAL_MS_CONFIG",
		"how often a broker heartbeats to the controller",
		func(c *Config) *Time { return &c.BrokerHeartbeatIntervalMs }),
	msRow("broker.session.timeout.ms", "BrokerSessionTimeoutMs", 9000, 3000, 1, ScopeBroker, "KRaftConfigs.BROKER_SESSION_TIMEOUT_MS_CONFIG",
		"the controller fences a broker that has not heartbeated for this long (more than broker.heartbeat.interval.ms)",
		func(c *Config) *Time { return &c.BrokerSessionTimeoutMs }),
	{Name: "broker.rack", Fields: []string{"Racks"}, Type: TypeList, Default: "", Example: "a,b,a",
		Scope: ScopePerBroker, Source: "ServerConfigs.BROKER_RACK_CONFIG", Doc: kafkaDocs + "brokerconfigs_broker.rack",
		Help: "each broker's rack, in broker order, comma-separated (empty: none)",
		get:  func(c Config) string { return joinComma(c.Racks) },
		set:  func(c *Config, v settingValue) { c.Racks = v.list }},
	{Name: "replica.selector.class", Fields: []string{"ReplicaSelectorRackAware"}, Type: TypeEnum, Default: "null",
		Example: "org.apache.kafka.common.replica.RackAwareReplicaSelector",
		Choices: []string{"null", "org.apache.kafka.common.replica.RackAwareReplicaSelector"},
		Aliases: map[string]string{"RackAwareReplicaSelector": "org.apache.kafka.common.replica.RackAwareReplicaSelector",
			"rack-aware": "org.apache.kafka.common.replica.RackAwareReplicaSelector", "": "null"},
		Unset: "null", Scope: ScopeBroker, Source: "ReplicationConfigs.REPLICA_SELECTOR_CLASS_CONFIG (KIP-392)", Doc: kafkaDocs + "brokerconfigs_replica.selector.class",
		Help: "RackAwareReplicaSelector lets a consumer with client.rack fetch from a follower in its rack (KIP-392); null reads from the leader",
		get: func(c Config) string {
			if c.ReplicaSelectorRackAware {
				return "org.apache.kafka.common.replica.RackAwareReplicaSelector"
			}
			return "null"
		},
		set: func(c *Config, v settingValue) { c.ReplicaSelectorRackAware = v.s != "null" }},
	{Name: "enable.idempotence", Fields: []string{"EnableIdempotence"}, Type: TypeBool, Default: "true", Example: "false",
		Choices: bools, Scope: ScopeProducer, Source: "ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG (true since 3.0)", Doc: kafkaDocs + "producerconfigs_enable.idempotence",
		Help: "producer: idempotent writes (only with acks=all, retries > 0 and at most 5 requests in flight)",
		get:  boolGet(func(c *Config) *bool { return &c.EnableIdempotence }), set: boolSet(func(c *Config) *bool { return &c.EnableIdempotence })},
	msRow("linger.ms", "LingerMs", 5, 0, 0, ScopeProducer, "ProducerConfig.LINGER_MS_CONFIG (5 since 4.0, KIP-1030)",
		"producer: wait this long to fill a batch",
		func(c *Config) *Time { return &c.LingerMs }),
	{Name: "max.in.flight.requests.per.connection", Fields: []string{"MaxInFlightRequestsPerConnection"}, Type: TypeInt, Default: "5", Example: "1",
		Min: 1, Max: math.MaxInt32, Scope: ScopeProducer,
		Source: "ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION (atLeast(1))", Doc: kafkaDocs + "producerconfigs_max.in.flight.requests.per.connection",
		Help: "producer: requests sent to one broker before an answer comes (at most 5 with idempotence)",
		get:  intGet(func(c *Config) *int { return &c.MaxInFlightRequestsPerConnection }), set: intSet(func(c *Config) *int { return &c.MaxInFlightRequestsPerConnection })},
	{Name: "retries", Fields: []string{"Retries"}, Type: TypeInt, Default: "2147483647", Example: "0", Min: 0, Max: math.MaxInt32,
		Scope: ScopeProducer, Source: "ProducerConfig.RETRIES_CONFIG (between(0, Integer.MAX_VALUE))", Doc: kafkaDocs + "producerconfigs_retries",
		Help: "producer: how many times a failed batch is resent, within delivery.timeout.ms",
		get:  intGet(func(c *Config) *int { return &c.Retries }), set: intSet(func(c *Config) *int { return &c.Retries })},
	bytesRow("max.request.size", "MaxRequestSize", 1048576, 4096, ScopeProducer,
		"ProducerConfig.MAX_REQUEST_SIZE_CONFIG (atLeast(0)); KafkaProducer.ensureValidRecordSize", "producerconfigs_",
		"producer: the largest request it sends; a record bigger than this with its 61-byte batch header fails at once (RecordTooLargeException)",
		func(c *Config) *int { return &c.MaxRequestSize }),
	msRow("request.timeout.ms", "RequestTimeoutMs", 30000, 5000, 1, ScopeProducer, "ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG",
		"producer: how long to wait for a produce response; also the broker's wait for an acks=all produce",
		func(c *Config) *Time { return &c.RequestTimeoutMs }),
	msRow("retry.backoff.ms", "RetryBackoffMs", 100, 500, 0, ScopeClient, "CommonClientConfigs.RETRY_BACKOFF_MS_CONFIG",
		"clients: pause before a retry",
		func(c *Config) *Time { return &c.RetryBackoffMs }),
	msRow("delivery.timeout.ms", "DeliveryTimeoutMs", 120000, 60000, 0, ScopeProducer, "ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG",
		"producer: give up on a record after this long (at least linger.ms + request.timeout.ms)",
		func(c *Config) *Time { return &c.DeliveryTimeoutMs }),
	msRow("metadata.max.age.ms", "MetadataMaxAgeMs", 300000, 10000, 0, ScopeClient,
		"CommonClientConfigs.METADATA_MAX_AGE_CONFIG (ProducerConfig and ConsumerConfig METADATA_MAX_AGE_CONFIG, atLeast(0))",
		"clients: refresh metadata this long after the last refresh even without an error; a consumer's preferred read replica lasts as long",
		func(c *Config) *Time { return &c.MetadataMaxAgeMs }),
	{Name: "metadata.max.idle.ms", Fields: []string{"MetadataMaxIdleMs"}, Type: TypeDuration, Unit: "ms", Default: "300000", Example: "20000",
		Min: 5000, Max: MaxSettingDuration, Scope: ScopeProducer, Source: "ProducerConfig.METADATA_MAX_IDLE_CONFIG (atLeast(5000))",
		Doc: kafkaDocs + "producerconfigs_metadata.max.idle.ms", Help: "producer: a partition not sent to for this long leaves the producer's metadata at its next refresh (ProducerMetadata.retainTopic)",
		get: func(c Config) string { return formatInt(int64(c.MetadataMaxIdleMs)) },
		set: func(c *Config, v settingValue) { c.MetadataMaxIdleMs = Time(v.n) }},
	msRow("fetch.max.wait.ms", "FetchMaxWaitMs", 500, 100, 0, ScopeConsumer, "ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG",
		"consumer: how long a broker holds the consumer's empty fetch open",
		func(c *Config) *Time { return &c.FetchMaxWaitMs }),
	bytesRow("replica.fetch.max.bytes", "ReplicaFetchMaxBytes", 1048576, 4096, ScopeBroker,
		"ReplicationConfigs.REPLICA_FETCH_MAX_BYTES_CONFIG (atLeast(0); KIP-74: the first batch comes back even if larger)", "brokerconfigs_",
		"bytes a follower's fetch asks for per partition (fetch size limit); a larger first batch still comes back whole",
		func(c *Config) *int { return &c.ReplicaFetchMaxBytes }),
	bytesRow("replica.fetch.response.max.bytes", "ReplicaFetchResponseMaxBytes", 10485760, 65536, ScopeBroker,
		"ReplicationConfigs.REPLICA_FETCH_RESPONSE_MAX_BYTES_CONFIG (atLeast(0); KIP-74)", "brokerconfigs_",
		"bytes a follower's whole fetch response may hold, over all its partitions (whole batches, at least one)",
		func(c *Config) *int { return &c.ReplicaFetchResponseMaxBytes }),
	bytesRow("fetch.max.bytes", "FetchMaxBytes", 52428800, 65536, ScopeConsumer,
		"ConsumerConfig.FETCH_MAX_BYTES_CONFIG (atLeast(0); KIP-74)", "consumerconfigs_",
		"consumer: bytes one fetch response may hold, over all its partitions (whole batches, at least one)",
		func(c *Config) *int { return &c.FetchMaxBytes }),
	bytesRow("max.partition.fetch.bytes", "MaxPartitionFetchBytes", 1048576, 4096, ScopeConsumer,
		"ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG (atLeast(0); KIP-74: the first batch comes back even if larger)", "consumerconfigs_",
		"consumer: bytes one fetch asks for per partition; a larger first batch still comes back whole",
		func(c *Config) *int { return &c.MaxPartitionFetchBytes }),
	{Name: "auto.offset.reset", Fields: []string{"AutoOffsetReset"}, Type: TypeEnum, Default: "latest", Example: "earliest",
		Choices: []string{"latest", "earliest", "none"}, Scope: ScopeConsumer,
		Source: "ConsumerConfig.AUTO_OFFSET_RESET_CONFIG", Doc: kafkaDocs + "consumerconfigs_auto.offset.reset",
		Help: "consumer: where to start when its position is out of range or unknown",
		get:  func(c Config) string { return c.AutoOffsetReset }, set: func(c *Config, v settingValue) { c.AutoOffsetReset = v.s }},
	{Name: "enable.auto.commit", Fields: []string{"EnableAutoCommit"}, Type: TypeBool, Default: "true", Example: "false",
		Choices: bools, Scope: ScopeConsumer, Source: "ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG", Doc: kafkaDocs + "consumerconfigs_enable.auto.commit",
		Help: "group consumer: commit its position to the group coordinator every auto.commit.interval.ms",
		get:  boolGet(func(c *Config) *bool { return &c.EnableAutoCommit }), set: boolSet(func(c *Config) *bool { return &c.EnableAutoCommit })},
	msRow("auto.commit.interval.ms", "AutoCommitIntervalMs", 5000, 1000, 0, ScopeConsumer, "ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG (atLeast(0))",
		"group consumer: how often it commits its position when enable.auto.commit is true",
		func(c *Config) *Time { return &c.AutoCommitIntervalMs }),
	{Name: "offsets.topic.num.partitions", Fields: []string{"OffsetsTopicNumPartitions"}, Type: TypeInt, Default: "50", Example: "3", Min: 1, Max: 1000,
		Scope: ScopeBroker, Source: "GroupCoordinatorConfig.OFFSETS_TOPIC_PARTITIONS_CONFIG (atLeast(1))", Doc: kafkaDocs + "brokerconfigs_offsets.topic.num.partitions",
		Help: "partitions of __consumer_offsets; a group's coordinator leads partition abs(hash(group.id)) mod this",
		get:  intGet(func(c *Config) *int { return &c.OffsetsTopicNumPartitions }), set: intSet(func(c *Config) *int { return &c.OffsetsTopicNumPartitions })},
	{Name: "offsets.retention.minutes", Fields: []string{"OffsetsRetentionMinutes"}, Type: TypeInt, Unit: "min", Default: "10080", Example: "1", Min: 1, Max: math.MaxInt32,
		Scope: ScopeBroker, Source: "GroupCoordinatorConfig.OFFSETS_RETENTION_MINUTES_CONFIG (7 days since 2.0, KIP-186; counted from the group emptying since 2.1, KIP-211)",
		Doc:  kafkaDocs + "brokerconfigs_offsets.retention.minutes",
		Help: "an empty group's committed offsets are deleted this many minutes after its last consumer left",
		get:  intGet(func(c *Config) *int { return &c.OffsetsRetentionMinutes }), set: intSet(func(c *Config) *int { return &c.OffsetsRetentionMinutes })},
	msRow("offsets.retention.check.interval.ms", "OffsetsRetentionCheckIntervalMs", 600000, 60000, 1, ScopeBroker,
		"GroupCoordinatorConfig.OFFSETS_RETENTION_CHECK_INTERVAL_MS_CONFIG (atLeast(1))",
		"how often the group coordinator looks for expired committed offsets",
		func(c *Config) *Time { return &c.OffsetsRetentionCheckIntervalMs }),
	{Name: "log.retention.ms", Fields: []string{"LogRetentionMs"}, Type: TypeInt, Unit: "ms", Default: "604800000", Example: "60000", Min: -1, Max: MaxSettingDuration,
		Scope:  ScopeBroker,
		Source: "ServerLogConfigs.LOG_RETENTION_TIME_MILLIS_CONFIG (unset: log.retention.hours=168); topic config retention.ms",
		Doc:    kafkaDocs + "brokerconfigs_log.retention.ms",
		Help:   "delete a whole log segment once its newest record is older than this (-1: never); topics override it with retention.ms",
		get:    func(c Config) string { return formatInt(c.LogRetentionMs) }, set: func(c *Config, v settingValue) { c.LogRetentionMs = v.n }},
	{Name: "log.retention.bytes", Fields: []string{"LogRetentionBytes"}, Type: TypeInt, Unit: "bytes", Default: "-1", Example: "1000", Min: -1, Max: math.MaxInt64,
		Scope: ScopeBroker, Source: "ServerLogConfigs.LOG_RETENTION_BYTES_CONFIG; topic config retention.bytes",
		Doc:  kafkaDocs + "brokerconfigs_log.retention.bytes",
		Help: "delete the oldest whole segments while a replica's log is bigger than this (-1: no limit); a segment counts its batches, each 61 bytes plus its records' size=",
		get:  func(c Config) string { return formatInt(c.LogRetentionBytes) }, set: func(c *Config, v settingValue) { c.LogRetentionBytes = v.n }},
	{Name: "log.segment.bytes", Fields: []string{"LogSegmentBytes"}, Type: TypeInt, Unit: "bytes", Default: "1073741824", Example: "1048576", Min: LegacyMinSegmentBytes, Max: math.MaxInt32,
		Scope: ScopeBroker,
		Source: "ServerLogConfigs.LOG_SEGMENT_BYTES_CONFIG; topic config segment.bytes. LogConfig: atLeast(1048576) from Kafka 4.0 (KIP-1030), " +
			"atLeast(LegacyRecord.RECORD_OVERHEAD_V0) = 14 before",
		Doc:  kafkaDocs + "brokerconfigs_log.segment.bytes",
		Help: "a log rolls to a new segment when the next batch (61 bytes plus its records' size=) would make the active one bigger than this; at least 1048576 (1 MiB) from Kafka 4.0, KIP-1030, and 14 on kafka=3.9 or older",
		get:  func(c Config) string { return formatInt(c.LogSegmentBytes) }, set: func(c *Config, v settingValue) { c.LogSegmentBytes = v.n }},
	msRow("log.roll.ms", "LogRollMs", 604800000, 60000, 1, ScopeBroker, "ServerLogConfigs.LOG_ROLL_TIME_MILLIS_CONFIG (unset: log.roll.hours=168); topic config segment.ms",
		"a log rolls to a new segment when the active one's first record is older than this",
		func(c *Config) *Time { return &c.LogRollMs }),
	msRow("log.initial.task.delay.ms", "LogInitialTaskDelayMs", 30000, 1000, 0, ScopeBroker, "ServerLogConfigs.LOG_INITIAL_TASK_DELAY_MS_CONFIG (KafkaConfig.logInitialTaskDelayMs, default 30000)",
		"how long after start the brokers first run the log retention task",
		func(c *Config) *Time { return &c.LogInitialTaskDelayMs }),
	msRow("log.retention.check.interval.ms", "LogRetentionCheckIntervalMs", 300000, 10000, 1, ScopeBroker, "ServerLogConfigs.LOG_CLEANUP_INTERVAL_MS_CONFIG (atLeast(1))",
		"how often the brokers look for log segments to delete",
		func(c *Config) *Time { return &c.LogRetentionCheckIntervalMs }),
	{Name: "kafka", Fields: []string{"Kafka"}, Type: TypeEnum, Default: LatestRelease.String(), Example: "2.0",
		Choices: releaseNames(), spell: releaseName, Scope: ScopeHistoric, Source: "kplay's release table (versions.go): Kafka's KIPs, tickets and release notes",
		Help: "the Kafka release whose replication behaviour is replayed: every kip-/kafka- switch follows it, and so do the defaults that changed (the controller stays KRaft's)",
		get:  func(c Config) string { return c.Kafka.String() },
		set: func(c *Config, v settingValue) {
			c.Kafka, _ = ParseRelease(v.s)
		}},
	switchRow("kip-101", "KIP101", func(c *Config) *Switch { return &c.KIP101 }),
	switchRow("kip-279", "KIP279", func(c *Config) *Switch { return &c.KIP279 }),
	switchRow("kip-320", "KIP320", func(c *Config) *Switch { return &c.KIP320 }),
	switchRow("kafka-7128", "KAFKA7128", func(c *Config) *Switch { return &c.KAFKA7128 }),
	switchRow("kafka-7395", "KAFKA7395", func(c *Config) *Switch { return &c.KAFKA7395 }),
	switchRow("kip-392", "KIP392", func(c *Config) *Switch { return &c.KIP392 }),
	switchRow("kip-841", "KIP841", func(c *Config) *Switch { return &c.KIP841 }),
	switchRow("kip-903", "KIP903", func(c *Config) *Switch { return &c.KIP903 }),
	switchRow("kafka-14704", "KAFKA14704", func(c *Config) *Switch { return &c.KAFKA14704 }),
	switchRow("kafka-15021", "KAFKA15021", func(c *Config) *Switch { return &c.KAFKA15021 }),
	switchRow("kafka-15583", "KAFKA15583", func(c *Config) *Switch { return &c.KAFKA15583 }),
	switchRow("kafka-12670", "KAFKA12670", func(c *Config) *Switch { return &c.KAFKA12670 }),
	switchRow("kip-580", "KIP580", func(c *Config) *Switch { return &c.KIP580 }),
	switchRow("kip-951", "KIP951", func(c *Config) *Switch { return &c.KIP951 }),
}

var bools = []string{"true", "false"}

// msRow is a row for a Kafka setting in milliseconds, from min up to
// MaxSettingDuration, documented on Kafka's page for its scope.
func msRow(name, field string, def, example, min int64, scope Scope, source, help string, f func(*Config) *Time) Setting {
	anchor := map[Scope]string{ScopeBroker: "brokerconfigs_", ScopeProducer: "producerconfigs_", ScopeClient: "producerconfigs_", ScopeConsumer: "consumerconfigs_"}[scope]
	return Setting{Name: name, Fields: []string{field}, Type: TypeDuration, Unit: "ms", Default: formatInt(def), Example: formatInt(example),
		Min: min, Max: MaxSettingDuration, Scope: scope, Source: source, Doc: kafkaDocs + anchor + name, Help: help,
		get: func(c Config) string { return formatInt(int64(*f(&c))) },
		set: func(c *Config, v settingValue) { *f(c) = Time(v.n) }}
}

// bytesRow is a row for a Kafka INT setting in bytes, atLeast(0),
// documented on Kafka's page under anchor (brokerconfigs_,
// producerconfigs_ or consumerconfigs_).
func bytesRow(name, field string, def, example int64, scope Scope, source, anchor, help string, f func(*Config) *int) Setting {
	return Setting{Name: name, Fields: []string{field}, Type: TypeInt, Unit: "bytes", Default: formatInt(def), Example: formatInt(example),
		Min: 0, Max: math.MaxInt32, Scope: scope, Source: source, Doc: kafkaDocs + anchor + name, Help: help,
		get: intGet(f), set: intSet(f)}
}

func intGet(f func(*Config) *int) func(Config) string {
	return func(c Config) string { return formatInt(int64(*f(&c))) }
}

func intSet(f func(*Config) *int) func(*Config, settingValue) {
	return func(c *Config, v settingValue) { *f(c) = int(v.n) }
}

func boolGet(f func(*Config) *bool) func(Config) string {
	return func(c Config) string {
		if *f(&c) {
			return "true"
		}
		return "false"
	}
}

func boolSet(f func(*Config) *bool) func(*Config, settingValue) {
	return func(c *Config, v settingValue) { *f(c) = v.n == 1 }
}

// Settings returns the vocabulary's rows in the order the config panel
// lists them and a cluster line spells them. The slice is the caller's.
func Settings() []Setting {
	out := make([]Setting, len(settingTable))
	copy(out, settingTable[:])
	return out
}

// LookupSetting returns the row named name (a cluster directive's key).
func LookupSetting(name string) (Setting, bool) {
	for i := range settingTable {
		if settingTable[i].Name == name {
			return settingTable[i], true
		}
	}
	return Setting{}, false
}

// SettingNames returns every row's name in table order.
func SettingNames() []string {
	out := make([]string, len(settingTable))
	for i := range settingTable {
		out[i] = settingTable[i].Name
	}
	return out
}
