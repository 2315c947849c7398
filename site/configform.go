package site

import (
	"strings"

	"kplay/engine"
)

// Setting is one cluster setting the config panel offers: a row of the
// engine's settings table (engine.Settings), spelt as Kafka spells it
// (brokers, seed, start, latency and protocol are kplay's own).
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
	// Default is Kafka 4.4's (or kplay's) default, as ConfigValue spells it.
	Default string
	// Range says what values the setting takes ("at least 1 ms").
	Range string
	// Doc is the address of Kafka's documentation ("" for kplay's own).
	Doc string
	// Kplay says the setting is kplay's own, not Kafka's: the cluster's
	// shape, network or seed. Kafka defaults leave these alone.
	Kplay bool
	// List says the value is a comma-separated list written in
	// parentheses in a cluster line (latency=(1,3), broker.rack=(a, b)).
	List bool
}

// Settings returns every setting the engine supports, in the order the
// config panel lists them: the engine's settings table.
func Settings() []Setting {
	rows := engine.Settings()
	out := make([]Setting, len(rows))
	for i, r := range rows {
		out[i] = Setting{Key: r.Name, Unit: r.Unit, Help: r.Help, Choices: r.Choices, Runtime: r.Runtime,
			Default: r.Default, Range: r.Range(), Doc: r.Doc,
			Kplay: r.Scope == engine.ScopeKplay || r.Scope == engine.ScopePerBroker,
			List:  r.Type == engine.TypeList || r.Type == engine.TypeRange}
	}
	return out
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
// kplay's own (brokers, seed, start, latency) and the cluster's racks
// alone.
func KafkaDefaults() map[string]string {
	out := map[string]string{}
	for _, s := range Settings() {
		if !s.Kplay {
			out[s.Key] = s.Default
		}
	}
	return out
}

// Timing scales: which timeouts are in effect.
const (
	ScaleKafka    = "kafka"    // every TeachingScale key at Kafka's default
	ScaleTeaching = "teaching" // every TeachingScale key at its scaled value
	ScaleCustom   = "custom"   // anything else
)

// TimingScale says which timing scale the settings' values cur (keyed as
// Settings spells them) are at: ScaleKafka, ScaleTeaching or ScaleCustom.
func TimingScale(cur map[string]string) string {
	kafka, teaching := true, true
	for k, v := range TeachingScale() {
		s, _ := engine.LookupSetting(k)
		kafka = kafka && normal(k, cur[k]) == s.Default
		teaching = teaching && normal(k, cur[k]) == v
	}
	switch {
	case teaching && !kafka:
		return ScaleTeaching
	case kafka:
		return ScaleKafka
	}
	return ScaleCustom
}

// KafkaChanges lists, in table order, the Kafka settings (not kplay's own)
// whose value in cur differs from Kafka's default and that are not keys of
// except, each as "key=value (Kafka: default)".
func KafkaChanges(cur, except map[string]string) []string {
	var out []string
	for _, s := range Settings() {
		if _, skip := except[s.Key]; skip || s.Kplay {
			continue
		}
		if v := normal(s.Key, cur[s.Key]); v != s.Default {
			out = append(out, s.Key+"="+v+" (Kafka: "+s.Default+")")
		}
	}
	return out
}

// ConfigValue returns a setting's value in cfg as a cluster directive
// spells it ("" for a key that is no setting).
func ConfigValue(cfg engine.Config, key string) string {
	s, ok := engine.LookupSetting(key)
	if !ok {
		return ""
	}
	return s.Value(cfg)
}

// ClusterLine prints cfg as a cluster directive: brokers always, then
// every setting that differs from Kafka's default, so that compiling the
// line gives cfg back.
func ClusterLine(cfg engine.Config) string {
	return clusterLine(cfg, nil)
}

// clusterLine prints cfg as a cluster directive with the values in over
// replacing cfg's (keys as Settings spells them), in the settings table's
// order.
func clusterLine(cfg engine.Config, over map[string]string) string {
	parts := []string{"cluster"}
	rel := cfg.Kafka
	if o, ok := over["kafka"]; ok {
		if r, ok := engine.ParseRelease(normal("kafka", o)); ok {
			rel = r
		}
	}
	for _, s := range engine.Settings() {
		v := s.Value(cfg)
		if o, ok := over[s.Name]; ok {
			v = normal(s.Name, o)
		}
		def := s.Default
		if old, ok := engine.ReleaseDefault(rel, s.Name); ok {
			// Under an older kafka= the line leaves out that release's
			// default, and writes out today's, which the release did
			// not have.
			def = old
		}
		if s.Name != "brokers" && v == def {
			continue
		}
		parts = append(parts, s.Arg(v))
	}
	return strings.Join(parts, " ")
}
