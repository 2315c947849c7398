package site

import (
	"strconv"
	"strings"

	"kplay/engine"
)

// Setting is one cluster setting the config panel offers, spelt as Kafka
// spells it (brokers and latency are kplay's own: the cluster's size and
// its network).
type Setting struct {
	Key string
	// Unit is what the value counts ("ms", "s", "" for none).
	Unit string
	// Help is a one-line explanation.
	Help string
	// Choices are the values a select offers; nil means free text.
	Choices []string
	// Runtime says a config directive (engine.AlterConfig) changes it at
	// the playhead; any other setting restarts the scenario.
	Runtime bool
}

// Settings returns every setting the engine supports, in the order the
// config panel lists them.
func Settings() []Setting {
	bools := []string{"true", "false"}
	return []Setting{
		{Key: "brokers", Help: "number of brokers (kplay)"},
		{Key: "latency", Unit: "ms", Help: "one-way network latency range MIN,MAX (kplay)"},
		{Key: "min.insync.replicas", Help: "replicas that must have a record before acks=all succeeds", Runtime: true},
		{Key: "unclean.leader.election.enable", Choices: bools, Help: "let an out-of-sync replica become leader", Runtime: true},
		{Key: "eligible.leader.replicas.version", Choices: []string{"1", "0"}, Help: "KIP-966 eligible leader replicas (feature level)"},
		{Key: "auto.leader.rebalance.enable", Choices: bools, Help: "move leadership back to the preferred replica"},
		{Key: "leader.imbalance.check.interval.seconds", Unit: "s", Help: "how often the controller checks leader balance"},
		{Key: "replica.lag.time.max.ms", Unit: "ms", Help: "a follower that has not caught up for this long leaves the ISR"},
		{Key: "replica.fetch.wait.max.ms", Unit: "ms", Help: "how long a leader holds a follower's empty fetch open"},
		{Key: "replica.fetch.backoff.ms", Unit: "ms", Help: "a follower's pause after a fetch error"},
		{Key: "replica.socket.timeout.ms", Unit: "ms", Help: "how long a follower waits for a fetch response"},
		{Key: "broker.heartbeat.interval.ms", Unit: "ms", Help: "how often a broker heartbeats to the controller"},
		{Key: "broker.session.timeout.ms", Unit: "ms", Help: "the controller fences a broker silent for this long"},
		{Key: "broker.rack", Help: "each broker's rack, comma-separated (empty: none)"},
		{Key: "replica.selector.class", Choices: []string{"null", "org.apache.kafka.common.replica.RackAwareReplicaSelector"}, Help: "RackAwareReplicaSelector lets consumers fetch from a follower in their rack (KIP-392)"},
		{Key: "enable.idempotence", Choices: bools, Help: "producer: idempotent writes"},
		{Key: "linger.ms", Unit: "ms", Help: "producer: wait this long to batch records"},
		{Key: "max.in.flight.requests.per.connection", Help: "producer: requests sent to one broker before an answer comes (at most 5 with idempotence)"},
		{Key: "retries", Help: "producer: how many times a failed batch is resent, within delivery.timeout.ms"},
		{Key: "request.timeout.ms", Unit: "ms", Help: "producer: how long to wait for a produce response"},
		{Key: "retry.backoff.ms", Unit: "ms", Help: "clients: pause before a retry"},
		{Key: "delivery.timeout.ms", Unit: "ms", Help: "producer: give up on a record after this long"},
		{Key: "fetch.max.wait.ms", Unit: "ms", Help: "consumer: how long a broker holds an empty fetch open"},
		{Key: "auto.offset.reset", Choices: []string{"latest", "earliest", "none"}, Help: "consumer: where to start without a valid position"},
	}
}

// TeachingScale returns the scaled-down timeouts that make failures visible
// within seconds instead of Kafka's tens of seconds.
func TeachingScale() map[string]string {
	return map[string]string{
		"replica.lag.time.max.ms":                 "5000",
		"broker.session.timeout.ms":               "3000",
		"broker.heartbeat.interval.ms":            "500",
		"leader.imbalance.check.interval.seconds": "10",
		"replica.fetch.wait.max.ms":               "500",
	}
}

// KafkaDefaults returns every Kafka setting at Kafka's default, leaving
// the cluster's shape (brokers, broker.rack, latency) alone.
func KafkaDefaults() map[string]string {
	d := engine.DefaultConfig()
	out := map[string]string{}
	for _, s := range Settings() {
		switch s.Key {
		case "brokers", "broker.rack", "latency":
			continue
		}
		out[s.Key] = ConfigValue(d, s.Key)
	}
	return out
}

// ConfigValue returns a setting's value in cfg as a cluster directive
// spells it.
func ConfigValue(cfg engine.Config, key string) string {
	ms := func(t engine.Time) string { return strconv.FormatInt(int64(t), 10) }
	b := strconv.FormatBool
	switch key {
	case "brokers":
		return strconv.Itoa(cfg.Brokers)
	case "latency":
		return ms(cfg.MinLatency) + "," + ms(cfg.MaxLatency)
	case "min.insync.replicas":
		return strconv.Itoa(cfg.MinInsyncReplicas)
	case "unclean.leader.election.enable":
		return b(cfg.UncleanLeaderElectionEnable)
	case "eligible.leader.replicas.version":
		if cfg.EligibleLeaderReplicas {
			return "1"
		}
		return "0"
	case "auto.leader.rebalance.enable":
		return b(cfg.AutoLeaderRebalanceEnable)
	case "leader.imbalance.check.interval.seconds":
		return ms(cfg.LeaderImbalanceCheckIntervalMs / 1000)
	case "enable.idempotence":
		return b(cfg.EnableIdempotence)
	case "max.in.flight.requests.per.connection":
		return strconv.Itoa(cfg.MaxInFlightRequestsPerConnection)
	case "retries":
		return strconv.Itoa(cfg.Retries)
	case "auto.offset.reset":
		return cfg.AutoOffsetReset
	case "replica.selector.class":
		if cfg.ReplicaSelectorRackAware {
			return "org.apache.kafka.common.replica.RackAwareReplicaSelector"
		}
		return "null"
	case "broker.rack":
		return strings.Join(cfg.Racks, ",")
	case "replica.fetch.wait.max.ms":
		return ms(cfg.ReplicaFetchWaitMaxMs)
	case "replica.lag.time.max.ms":
		return ms(cfg.ReplicaLagTimeMaxMs)
	case "replica.fetch.backoff.ms":
		return ms(cfg.ReplicaFetchBackoffMs)
	case "linger.ms":
		return ms(cfg.LingerMs)
	case "request.timeout.ms":
		return ms(cfg.RequestTimeoutMs)
	case "retry.backoff.ms":
		return ms(cfg.RetryBackoffMs)
	case "delivery.timeout.ms":
		return ms(cfg.DeliveryTimeoutMs)
	case "fetch.max.wait.ms":
		return ms(cfg.FetchMaxWaitMs)
	case "broker.heartbeat.interval.ms":
		return ms(cfg.BrokerHeartbeatIntervalMs)
	case "broker.session.timeout.ms":
		return ms(cfg.BrokerSessionTimeoutMs)
	case "replica.socket.timeout.ms":
		return ms(cfg.ReplicaSocketTimeoutMs)
	}
	return ""
}

// ClusterLine prints cfg as a cluster directive: brokers always, then
// every setting that differs from Kafka's default, so that compiling the
// line gives cfg back.
func ClusterLine(cfg engine.Config) string {
	return clusterLine(cfg, nil)
}

// clusterLine prints cfg as a cluster directive with the values in over
// replacing cfg's (keys as Settings spells them).
func clusterLine(cfg engine.Config, over map[string]string) string {
	d := engine.DefaultConfig()
	parts := []string{"cluster"}
	val := func(key string) string {
		if v, ok := over[key]; ok {
			if key == "latency" || key == "broker.rack" {
				return strings.ReplaceAll(v, " ", "")
			}
			return strings.TrimSpace(v)
		}
		return ConfigValue(cfg, key)
	}
	parts = append(parts, "brokers="+val("brokers"))
	if cfg.Seed != d.Seed {
		parts = append(parts, "seed="+strconv.FormatUint(cfg.Seed, 10))
	}
	if cfg.Start != d.Start {
		parts = append(parts, "start="+engine.FormatTime(cfg.Start))
	}
	if cfg.Protocol != engine.ProtocolCurrent {
		parts = append(parts, "protocol="+cfg.Protocol.String())
	}
	for _, s := range Settings() {
		if s.Key == "brokers" {
			continue
		}
		v := val(s.Key)
		if v == ConfigValue(d, s.Key) {
			continue
		}
		switch s.Key {
		case "latency", "broker.rack":
			parts = append(parts, s.Key+"=("+v+")")
		default:
			parts = append(parts, s.Key+"="+v)
		}
	}
	return strings.Join(parts, " ")
}
