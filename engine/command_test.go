package engine_test

import (
	"testing"

	"kplay/engine"
)

// TestApplyNilCommand: Apply of a nil Command is an error, as an invalid
// command is (doc.go: invalid input returns an error, only a "can't
// happen" panics), and it changes nothing: no event, no new Version.
// Every command checks and applies itself, so Apply must not call a
// method on nil.
func TestApplyNilCommand(t *testing.T) {
	c := mustNew(t, kipConfig())
	events, version := c.EventCount(), c.Version()
	err := c.Apply(nil)
	if err == nil || err.Error() != "engine: unknown command <nil>" {
		t.Fatalf("Apply(nil) = %v, want engine: unknown command <nil>", err)
	}
	if c.EventCount() != events || c.Version() != version {
		t.Fatalf("Apply(nil) changed the cluster: events %d → %d, version %d → %d", events, c.EventCount(), version, c.Version())
	}
}

// TestApplyInvalidChangesNothing: a command its check refuses emits no
// EvCommand and leaves the cluster as it was, for a command of each
// concept's file (topics, producer, consumer, lifecycle, network,
// election, alterconfig, disk).
func TestApplyInvalidChangesNothing(t *testing.T) {
	for _, cmd := range []engine.Command{
		engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 3},
		engine.Produce{TP: engine.TopicPartition{Topic: "none"}, Values: []string{"a"}, Acks: engine.AcksAll},
		engine.Consume{TP: engine.TopicPartition{Topic: "none"}},
		engine.Restart{Broker: 1},
		engine.Cut{A: engine.Broker(1), B: engine.Broker(1)},
		engine.ElectLeaders{TP: engine.TopicPartition{Topic: "none"}},
		engine.AlterConfig{Key: "retention.ms", Value: "1"},
		engine.SlowDisk{Broker: 9, Latency: 1},
	} {
		c := kipSetup(t, kipConfig(), 3, 1)
		events, version := c.EventCount(), c.Version()
		if err := c.Apply(cmd); err == nil {
			t.Errorf("Apply(%s) = nil, want an error", cmd)
			continue
		}
		if c.EventCount() != events || c.Version() != version {
			t.Errorf("Apply(%s) refused but changed the cluster: events %d → %d, version %d → %d", cmd, events, c.EventCount(), version, c.Version())
		}
	}
}
