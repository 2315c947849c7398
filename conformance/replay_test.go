//go:build !js

package conformance

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"kplay/conformance/kafkacluster"
	"kplay/engine"
)

// TestClusterSpecTakesEverySetting: every row of the settings table set
// to its Example reaches the real cluster (server.properties, a feature
// level, the Spec's brokers and racks, or the oracle's clients), or the
// scenario is refused as untranslatable; none is dropped silently. Only
// kplay's own model settings (seed, start, latency) have no Kafka side.
func TestClusterSpecTakesEverySetting(t *testing.T) {
	has := func(kvs []kafkacluster.KV, k, v string) bool {
		return slices.Contains(kvs, kafkacluster.KV{Key: k, Value: v})
	}
	for _, s := range engine.Settings() {
		cfg := engine.DefaultConfig()
		vals := []string{s.Example}
		if s.Type == engine.TypeList || s.Type == engine.TypeRange {
			vals = strings.Split(s.Example, ",")
		}
		if s.Name == "broker.rack" {
			vals = vals[:cfg.Brokers]
		}
		if err := s.Set(&cfg, vals); err != nil {
			t.Fatalf("%s=%s: %v", s.Name, s.Example, err)
		}
		spec, err := clusterSpec(&Plan{Config: cfg})
		v := s.Value(cfg)
		switch {
		case errors.Is(err, ErrUntranslatable):
			if s.Scope != engine.ScopeHistoric && (slices.Contains(clientSettings, s.Name) || s.Scope == engine.ScopeBroker) {
				t.Errorf("%s=%s refused though it can be passed on: %v", s.Name, v, err)
			}
		case err != nil:
			t.Errorf("%s=%s: %v", s.Name, v, err)
		case s.Scope == engine.ScopeBroker:
			if want := s.Unset == "" || v != s.Unset; want != has(spec.Config, s.Name, v) {
				t.Errorf("%s=%s: in server.properties %v, want %v: %v", s.Name, v, !want, want, spec.Config)
			}
		case s.Scope == engine.ScopeFeature:
			if !has(spec.Features, s.Name, v) {
				t.Errorf("%s=%s is not a feature level of the cluster: %v", s.Name, v, spec.Features)
			}
		case s.Name == "brokers":
			if spec.Brokers != cfg.Brokers {
				t.Errorf("brokers=%s: Spec has %d", v, spec.Brokers)
			}
		case s.Name == "broker.rack":
			if !slices.Equal(spec.Racks, cfg.Racks) {
				t.Errorf("broker.rack=%s: Spec racks %v", v, spec.Racks)
			}
		case s.Scope == engine.ScopeProducer || s.Scope == engine.ScopeConsumer || s.Scope == engine.ScopeClient:
			if !slices.Contains(clientSettings, s.Name) {
				t.Errorf("%s=%s accepted though the oracle's clients do not take it", s.Name, v)
			}
		case s.Scope == engine.ScopeKplay && (s.Name == "seed" || s.Name == "start" || s.Name == "latency"):
		default:
			t.Errorf("%s=%s (scope %d) has no Kafka side and is not refused", s.Name, v, s.Scope)
		}
	}
	// The defaults translate: every broker setting is pinned, ELR at level 1.
	spec, err := clusterSpec(&Plan{Config: engine.DefaultConfig()})
	if err != nil || !has(spec.Config, "replica.lag.time.max.ms", "30000") || !has(spec.Features, "eligible.leader.replicas.version", "1") ||
		has(spec.Config, "replica.selector.class", "null") {
		t.Errorf("default spec %+v, %v", spec, err)
	}
}
