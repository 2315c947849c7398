package site

import (
	"reflect"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
)

// TestSettingsListTheProducerRetrySettings: the config panel offers the
// producer's max.in.flight.requests.per.connection and retries as free
// numbers that restart the scenario (a producer setting, not a dynamic
// broker config), at Kafka's defaults 5 and 2147483647 (ProducerConfig:
// MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION default 5, RETRIES_CONFIG default
// Integer.MAX_VALUE), and a changed value survives the cluster line.
func TestSettingsListTheProducerRetrySettings(t *testing.T) {
	want := map[string]string{"max.in.flight.requests.per.connection": "5", "retries": "2147483647"}
	found := 0
	for _, s := range Settings() {
		if _, ok := want[s.Key]; !ok {
			continue
		}
		found++
		if s.Unit != "" || s.Choices != nil || s.Runtime || s.Help == "" {
			t.Errorf("%s: unit %q choices %v runtime %v help %q, want a free number without unit that restarts the scenario, with help",
				s.Key, s.Unit, s.Choices, s.Runtime, s.Help)
		}
	}
	if found != len(want) {
		t.Fatalf("Settings lists %d of %v", found, want)
	}
	defaults := KafkaDefaults()
	for k, v := range want {
		if defaults[k] != v {
			t.Errorf("Kafka default of %s is %q, want %q", k, defaults[k], v)
		}
	}

	cfg := engine.DefaultConfig()
	cfg.MaxInFlightRequestsPerConnection, cfg.Retries = 1, 0
	line := ClusterLine(cfg)
	if line != "cluster brokers=3 max.in.flight.requests.per.connection=1 retries=0" {
		t.Fatalf("cluster line %q, want both settings spelt as Kafka spells them", line)
	}
	sc, err := script.ParseAndCompile("x", line+"\n")
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	if got := sc.Config; got.MaxInFlightRequestsPerConnection != 1 || got.Retries != 0 {
		t.Errorf("compiled max.in.flight.requests.per.connection %d retries %d, want 1 and 0", got.MaxInFlightRequestsPerConnection, got.Retries)
	}
}

// TestSettingsAreTheEngineTable: the config panel lists exactly the
// engine's settings table, in its order, with its defaults, and a cluster
// line printed from the panel's values compiles back to the same Config.
func TestSettingsAreTheEngineTable(t *testing.T) {
	rows := engine.Settings()
	sets := Settings()
	if len(sets) != len(rows) {
		t.Fatalf("the panel lists %d settings, the table has %d", len(sets), len(rows))
	}
	d := engine.DefaultConfig()
	for i, s := range sets {
		if s.Key != rows[i].Name || s.Default != ConfigValue(d, s.Key) || s.Help == "" || s.Range == "" {
			t.Errorf("panel row %d: %+v, table row %s", i, s, rows[i].Name)
		}
	}
	cfg := d
	cfg.Protocol, cfg.Start, cfg.Seed, cfg.Racks = engine.ProtocolPreKIP279, 36000000, 5, []string{"x", "y"}
	line := ClusterLine(cfg)
	if line != "cluster brokers=3 seed=5 start=10:00:00.000 protocol=pre-kip-279 broker.rack=(x,y)" {
		t.Errorf("cluster line %q", line)
	}
	sc, err := script.ParseAndCompile("x", line+"\n")
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	if got := ClusterLine(sc.Config); got != line {
		t.Errorf("round trip %q, want %q", got, line)
	}
}

// TestTimingScale: the panel can say which timing scale is in effect.
// Kafka's defaults are ReplicationConfigs' and KRaftConfigs' (30000, 9000,
// 2000 ms, 300 s); the teaching scale is kplay's (5000, 3000, 500 ms, 10 s).
func TestTimingScale(t *testing.T) {
	cur := map[string]string{}
	for _, s := range Settings() {
		cur[s.Key] = s.Default
	}
	if got := TimingScale(cur); got != ScaleKafka {
		t.Errorf("at Kafka's defaults: %s", got)
	}
	if cur["replica.lag.time.max.ms"] != "30000" || cur["broker.session.timeout.ms"] != "9000" || cur["leader.imbalance.check.interval.seconds"] != "300" {
		t.Errorf("Kafka defaults %v", cur)
	}
	for k, v := range TeachingScale() {
		cur[k] = v
	}
	if got := TimingScale(cur); got != ScaleTeaching {
		t.Errorf("at teaching scale: %s", got)
	}
	cur["replica.lag.time.max.ms"] = "7000"
	if got := TimingScale(cur); got != ScaleCustom {
		t.Errorf("with one timeout changed: %s", got)
	}
	for k := range KafkaDefaults() {
		switch k {
		case "brokers", "seed", "start", "latency", "broker.rack":
			t.Errorf("Kafka defaults change kplay's own %s", k)
		}
	}
}

// TestKafkaChanges: the panel names the Kafka settings that differ from
// Kafka's defaults (min.insync.replicas' default is 1, ServerLogConfigs),
// never kplay's own, and leaves out the keys it is told to.
func TestKafkaChanges(t *testing.T) {
	cur := map[string]string{}
	for _, s := range Settings() {
		cur[s.Key] = s.Default
	}
	cur["min.insync.replicas"], cur["seed"], cur["replica.lag.time.max.ms"] = "2", "9001", "5000"
	got := KafkaChanges(cur, TeachingScale())
	if len(got) != 1 || got[0] != "min.insync.replicas=2 (Kafka: 1)" {
		t.Errorf("KafkaChanges %v, want only min.insync.replicas=2 (Kafka: 1)", got)
	}
	if got := KafkaChanges(cur, nil); len(got) != 2 || got[1] != "replica.lag.time.max.ms=5000 (Kafka: 30000)" {
		t.Errorf("KafkaChanges without exceptions %v", got)
	}
}

// TestClusterLineUnderAnOldRelease: under kafka=2.0 the line leaves out
// 2.0's defaults (retries=0, KIP-91 came in 2.1) and keeps today's default
// when the script wrote it, so that the line compiles back to the same
// cluster.
func TestClusterLineUnderAnOldRelease(t *testing.T) {
	for _, c := range []struct{ line, want, not string }{
		{"cluster brokers=3 kafka=2.0", "kafka=2.0", "retries="},
		{"cluster brokers=3 kafka=2.0 retries=2147483647", "retries=2147483647", ""},
	} {
		sc, err := script.ParseAndCompile("c.txt", c.line+"\n")
		if err != nil {
			t.Fatal(err)
		}
		got := ClusterLine(sc.Config)
		if !strings.Contains(got, c.want) || (c.not != "" && strings.Contains(got, c.not)) {
			t.Fatalf("%s: ClusterLine %q", c.line, got)
		}
		back, err := script.ParseAndCompile("c.txt", got+"\n")
		if err != nil || !reflect.DeepEqual(back.Config, sc.Config) {
			t.Fatalf("%s: %q compiles to another cluster (%v)", c.line, got, err)
		}
	}
}
