package site

import (
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
