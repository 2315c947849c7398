package engine

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestSettingsCoverConfig: every Config field is set by exactly one row of
// the settings table, every field a row names exists, and setting a row to
// its Example changes exactly the fields it names.
func TestSettingsCoverConfig(t *testing.T) {
	typ := reflect.TypeOf(Config{})
	owner := map[string]string{}
	names := map[string]bool{}
	for _, s := range Settings() {
		if names[s.Name] {
			t.Errorf("two rows are named %s", s.Name)
		}
		names[s.Name] = true
		if len(s.Fields) == 0 {
			t.Errorf("%s sets no Config field", s.Name)
		}
		for _, f := range s.Fields {
			if _, ok := typ.FieldByName(f); !ok {
				t.Errorf("%s names Config.%s, which does not exist", s.Name, f)
			}
			if o, ok := owner[f]; ok {
				t.Errorf("Config.%s is set by both %s and %s", f, o, s.Name)
			}
			owner[f] = s.Name
		}
	}
	for i := 0; i < typ.NumField(); i++ {
		if f := typ.Field(i).Name; owner[f] == "" {
			t.Errorf("Config.%s has no row in the settings table", f)
		}
	}

	for _, s := range Settings() {
		if s.Example == s.Default {
			t.Errorf("%s: Example %q is its default", s.Name, s.Example)
			continue
		}
		c := DefaultConfig()
		if err := s.Set(&c, exampleValues(s)); err != nil {
			t.Errorf("%s: Example %q: %v", s.Name, s.Example, err)
			continue
		}
		if got := s.Value(c); got != s.Example {
			t.Errorf("%s: set to %q reads back %q", s.Name, s.Example, got)
		}
		d := reflect.ValueOf(DefaultConfig())
		v := reflect.ValueOf(c)
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i).Name
			changed := !reflect.DeepEqual(d.Field(i).Interface(), v.Field(i).Interface())
			if changed != slices.Contains(s.Fields, f) {
				t.Errorf("%s=%s: Config.%s changed %v, want %v (the row names %v)", s.Name, s.Example, f, changed, !changed, s.Fields)
			}
		}
	}
}

// exampleValues splits a row's Example as a script writes it.
func exampleValues(s Setting) []string {
	if s.Type == TypeList || s.Type == TypeRange {
		return strings.Split(s.Example, ",")
	}
	return []string{s.Example}
}

// TestDefaultConfigIsKafkas: DefaultConfig, built from the table's
// defaults, is a newly created Kafka 4.4 cluster. The expected values are
// Kafka's, from its config definitions: ReplicationConfigs
// (REPLICA_LAG_TIME_MAX_MS_DEFAULT 30000, REPLICA_FETCH_WAIT_MAX_MS_DEFAULT
// 500, REPLICA_FETCH_BACKOFF_MS_DEFAULT 1000, REPLICA_SOCKET_TIMEOUT_MS_DEFAULT
// 30000, AUTO_LEADER_REBALANCE_ENABLE_DEFAULT true,
// LEADER_IMBALANCE_CHECK_INTERVAL_SECONDS_DEFAULT 300, unclean false since
// KIP-106, replica.selector.class null), ServerLogConfigs
// (MIN_IN_SYNC_REPLICAS_DEFAULT 1), KRaftConfigs
// (BROKER_HEARTBEAT_INTERVAL_MS_DEFAULT 2000, BROKER_SESSION_TIMEOUT_MS_DEFAULT
// 9000), ProducerConfig (linger.ms 5 since KIP-1030, request.timeout.ms
// 30000, delivery.timeout.ms 120000, enable.idempotence true,
// max.in.flight.requests.per.connection 5, retries Integer.MAX_VALUE,
// max.request.size 1024 * 1024),
// CommonClientConfigs (retry.backoff.ms 100), ConsumerConfig
// (fetch.max.wait.ms 500, auto.offset.reset latest, enable.auto.commit
// true, auto.commit.interval.ms 5000, DEFAULT_FETCH_MAX_BYTES 50 MiB,
// DEFAULT_MAX_PARTITION_FETCH_BYTES 1 MiB), ReplicationConfigs'
// REPLICA_FETCH_MAX_BYTES_DEFAULT 1 MiB and
// REPLICA_FETCH_RESPONSE_MAX_BYTES_DEFAULT 10 MiB, GroupCoordinatorConfig
// (offsets.topic.num.partitions 50, offsets.retention.minutes 7*24*60,
// offsets.retention.check.interval.ms 600000), ServerLogConfigs and
// LogConfig (log.retention.hours 168, log.retention.bytes -1,
// log.segment.bytes 1 GiB, log.roll.hours 168, log.initial.task.delay.ms
// 30000, log.retention.check.interval.ms 5 min) and KIP-966 (ELR on for
// clusters created by 4.1+); kplay's own: 3 brokers, seed 1, 1–3 ms links.
func TestDefaultConfigIsKafkas(t *testing.T) {
	want := Config{
		Seed: 1, Brokers: 3, MinLatency: 1, MaxLatency: 3,
		ReplicaFetchWaitMaxMs: 500, ReplicaLagTimeMaxMs: 30000, ReplicaFetchBackoffMs: 1000, MinInsyncReplicas: 1,
		LingerMs: 5, RequestTimeoutMs: 30000, RetryBackoffMs: 100, DeliveryTimeoutMs: 120000, FetchMaxWaitMs: 500, MetadataMaxAgeMs: 300000, MetadataMaxIdleMs: 300000,
		BrokerHeartbeatIntervalMs: 2000, BrokerSessionTimeoutMs: 9000,
		EligibleLeaderReplicas: true, AutoLeaderRebalanceEnable: true, LeaderImbalanceCheckIntervalMs: 300000,
		ReplicaSocketTimeoutMs: 30000, EnableIdempotence: true, MaxInFlightRequestsPerConnection: 5,
		Retries: math.MaxInt32, MaxRequestSize: 1024 * 1024, AutoOffsetReset: "latest", Kafka: 404,
		ReplicaFetchMaxBytes: 1024 * 1024, ReplicaFetchResponseMaxBytes: 10 * 1024 * 1024,
		FetchMaxBytes: 50 * 1024 * 1024, MaxPartitionFetchBytes: 1024 * 1024,
		EnableAutoCommit: true, AutoCommitIntervalMs: 5000,
		OffsetsTopicNumPartitions: 50, OffsetsRetentionMinutes: 7 * 24 * 60, OffsetsRetentionCheckIntervalMs: 600000,
		LogRetentionMs: 168 * 3600 * 1000, LogRetentionBytes: -1, LogSegmentBytes: 1 << 30, LogRollMs: 168 * 3600 * 1000,
		LogInitialTaskDelayMs: 30000, LogRetentionCheckIntervalMs: 5 * 60 * 1000,
	}
	got := DefaultConfig()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("DefaultConfig()\n got %+v\nwant %+v", got, want)
	}
	for _, s := range Settings() {
		if v := s.Value(got); v != s.Default {
			t.Errorf("%s: DefaultConfig holds %q, the row's Default is %q", s.Name, v, s.Default)
		}
	}
	if err := got.Validate(); err != nil {
		t.Errorf("DefaultConfig is not valid: %v", err)
	}
}

// TestSettingRowsAreDocumented: every row has help, a source, and, unless
// it is kplay's own or an old release's behaviour, Kafka's documentation
// address for that key.
func TestSettingRowsAreDocumented(t *testing.T) {
	for _, s := range Settings() {
		if s.Help == "" || s.Source == "" || s.Range() == "" {
			t.Errorf("%s: help %q source %q range %q", s.Name, s.Help, s.Source, s.Range())
		}
		switch s.Scope {
		case ScopeKplay:
			if s.Doc != "" {
				t.Errorf("%s is kplay's own but links %s", s.Name, s.Doc)
			}
		case ScopeBroker, ScopePerBroker, ScopeProducer, ScopeConsumer, ScopeClient:
			if !strings.HasPrefix(s.Doc, "https://kafka.apache.org/documentation/#") || !strings.HasSuffix(s.Doc, "_"+s.Name) {
				t.Errorf("%s: doc %q is not Kafka's page for the key", s.Name, s.Doc)
			}
		default:
			// An old release's behaviour links its KIP or KAFKA ticket;
			// kafka= itself is kplay's table of them.
			kip := strings.HasPrefix(s.Doc, "https://cwiki.apache.org/confluence/display/KAFKA/KIP-")
			ticket := strings.HasPrefix(s.Doc, "https://issues.apache.org/jira/browse/KAFKA-")
			if !kip && !ticket && (s.Doc != "" || !strings.HasPrefix(s.Source, "kplay")) {
				t.Errorf("%s: doc %q is not a KIP or a KAFKA ticket", s.Name, s.Doc)
			}
		}
		if s.Type == TypeEnum && !slices.Contains(s.Choices, s.Default) {
			t.Errorf("%s: default %q is not one of %v", s.Name, s.Default, s.Choices)
		}
	}
}

// TestSettingSetExplains: a bad value is refused with the range and the
// unit; a good one in another spelling is read as Kafka's.
func TestSettingSetExplains(t *testing.T) {
	for _, tc := range []struct {
		name string
		vals []string
		want string // error text, or the value read back
		ok   bool
	}{
		{"replica.lag.time.max.ms", []string{"0"}, `"0" is out of range; it takes at least 1 ms`, false},
		{"replica.lag.time.max.ms", []string{"5s"}, "5000", true},
		{"replica.lag.time.max.ms", []string{"soon"}, `"soon" is not a duration (try 500ms, 2s or 1.5s)`, false},
		{"leader.imbalance.check.interval.seconds", []string{"0"}, `"0" is not a whole number in 1..86400 s`, false},
		{"leader.imbalance.check.interval.seconds", []string{"10"}, "10", true},
		{"brokers", []string{"65"}, `"65" is not a whole number in 1..64`, false},
		{"eligible.leader.replicas.version", []string{"2"}, `"2" is not a whole number in 0..1`, false},
		{"auto.offset.reset", []string{"smallest"}, `"smallest" is not latest, earliest or none`, false},
		{"replica.selector.class", []string{"rack-aware"}, "org.apache.kafka.common.replica.RackAwareReplicaSelector", true},
		{"unclean.leader.election.enable", []string{"on"}, "true", true},
		{"unclean.leader.election.enable", []string{"maybe"}, `"maybe" is not true or false`, false},
		{"latency", []string{"5", "2"}, "(5,2) is not a range of milliseconds MIN,MAX with MIN <= MAX", false},
		{"latency", []string{"1"}, "takes a range MIN,MAX in ms with MIN <= MAX, such as latency=(1,3)", false},
		{"min.insync.replicas", []string{"1", "2"}, "takes one value, got 2", false},
	} {
		s, ok := LookupSetting(tc.name)
		if !ok {
			t.Fatalf("no row %s", tc.name)
		}
		got, err := s.Canonical(tc.vals)
		switch {
		case tc.ok && (err != nil || got != tc.want):
			t.Errorf("%s=%v: %q, %v; want %q", tc.name, tc.vals, got, err, tc.want)
		case !tc.ok && (err == nil || err.Error() != tc.want):
			t.Errorf("%s=%v: error %v, want %q", tc.name, tc.vals, err, tc.want)
		}
	}
}

// TestValidateUsesTheTable: a Config built in Go is held to the same
// limits as a script, with the key and its range in the message.
func TestValidateUsesTheTable(t *testing.T) {
	for _, tc := range []struct {
		edit func(*Config)
		want string
	}{
		{func(c *Config) { c.Brokers = 0 }, "engine: brokers must be 1..64, got 0"},
		{func(c *Config) { c.ReplicaLagTimeMaxMs = 0 }, "engine: replica.lag.time.max.ms must be at least 1 ms, got 0"},
		{func(c *Config) { c.LeaderImbalanceCheckIntervalMs = 500 }, "engine: leader.imbalance.check.interval.seconds must be 1..86400 s, got 0"},
		{func(c *Config) { c.AutoOffsetReset = "smallest" }, `engine: auto.offset.reset must be latest, earliest or none, got "smallest"`},
		{func(c *Config) { c.MinLatency, c.MaxLatency = 5, 2 }, "engine: latency range 5..2 ms is not a range"},
		{func(c *Config) { c.BrokerSessionTimeoutMs = 2000 }, "engine: broker.session.timeout.ms must be greater than broker.heartbeat.interval.ms"},
		{func(c *Config) { c.DeliveryTimeoutMs = 1000 }, "engine: delivery.timeout.ms must be >= linger.ms + request.timeout.ms"},
		{func(c *Config) { c.Racks = []string{"a", "b", "c", "d"} }, "engine: more racks than brokers"},
	} {
		c := DefaultConfig()
		tc.edit(&c)
		if err := c.Validate(); err == nil || err.Error() != tc.want {
			t.Errorf("Validate: %v, want %q", err, tc.want)
		}
	}
}
