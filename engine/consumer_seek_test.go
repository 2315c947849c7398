package engine_test

import (
	"strings"
	"testing"

	"kplay/engine"
)

// TestSeekNeedsAssignment: KafkaConsumer.seek throws IllegalStateException
// ("No current assignment for partition") for a partition the consumer is
// not assigned to, and IllegalArgumentException for a negative offset.
func TestSeekNeedsAssignment(t *testing.T) {
	cfg := kipConfig()
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 2, ReplicationFactor: 3})
	t1 := engine.TopicPartition{Topic: "t", Partition: 1}
	for _, tc := range []struct {
		cmd  engine.Consume
		want string
	}{
		{engine.Consume{TP: kipT0, From: 1, Seek: true}, "no consumer c1 assigned to t-0"},
	} {
		if err := c.Apply(tc.cmd); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Fatalf("%s: error %v, want %q", tc.cmd, err, tc.want)
		}
	}
	mustApply(t, c, engine.Consume{TP: t1, From: engine.OffsetEarliest})
	for _, tc := range []struct {
		cmd  engine.Consume
		want string
	}{
		{engine.Consume{TP: kipT0, From: 1, Seek: true}, "no consumer c1 assigned to t-0"},
		{engine.Consume{TP: t1, From: -1, Seek: true}, "seek offset must not be negative"},
		{engine.Consume{TP: t1, From: 1, Seek: true, Broker: 2}, "seek takes no broker"},
	} {
		if err := c.Apply(tc.cmd); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Fatalf("%s: error %v, want %q", tc.cmd, err, tc.want)
		}
	}
	mustApply(t, c, engine.Consume{TP: t1, From: 0, Seek: true})
}

// TestSeekKeepsPreferredReadReplica is KIP-392 with KafkaConsumer.seek
// (SubscriptionState.seekUnvalidated leaves the preferred read replica
// alone): c1 in rack b reads from B2 and its state names B2; after a seek
// back to 0 it reads m0..m2 again from B2, with no new redirect, while a
// consume from=0 starts over at the leader, which redirects it again.
func TestSeekKeepsPreferredReadReplica(t *testing.T) {
	cfg := kipConfig()
	cfg.MinLatency, cfg.MaxLatency = 1, 1
	cfg.MinInsyncReplicas = 1
	cfg.ReplicaSelectorRackAware = true
	cfg.Racks = []string{"a", "b", "c"}
	c := kipSetup(t, cfg, 3, 3)
	mustApply(t, c, engine.Consume{TP: kipT0, From: engine.OffsetEarliest, Rack: "b"})
	c.AdvanceTo(2000)
	k := c.State().Consumers[0]
	if k.Broker != 2 || k.Position != 3 {
		t.Fatalf("c1 fetches from b%d at position %d, want its preferred read replica b2 at 3", k.Broker, k.Position)
	}
	redirects := len(kipEvents(c, engine.EvConsumerRedirected))
	mustApply(t, c, engine.Consume{TP: kipT0, From: 0, Seek: true})
	c.AdvanceTo(4000)
	var froms []engine.NodeID
	for _, e := range kipEvents(c, engine.EvConsumerRead) {
		froms = append(froms, e.Peer)
	}
	if len(froms) != 2 || froms[1] != engine.Broker(2) || len(kipEvents(c, engine.EvConsumerRedirected)) != redirects {
		t.Fatalf("reads from %v, redirects %d (was %d); want the second read from b2 and no new redirect", froms, len(kipEvents(c, engine.EvConsumerRedirected)), redirects)
	}
	if k := c.State().Consumers[0]; len(k.Read) != 6 || k.Position != 3 || k.Broker != 2 {
		t.Fatalf("c1 read %d records, position %d, fetching from b%d; want 6, 3, b2", len(k.Read), k.Position, k.Broker)
	}
	mustApply(t, c, engine.Consume{TP: kipT0, From: 0, Rack: "b"})
	if k := c.State().Consumers[0]; k.Broker != 1 {
		t.Fatalf("after consume from=0, c1 fetches from b%d, want the leader b1 until it is redirected", k.Broker)
	}
	c.AdvanceTo(6000)
	if n := len(kipEvents(c, engine.EvConsumerRedirected)); n != redirects+1 {
		t.Fatalf("redirects %d, want %d: consume from=0 forgets the preferred read replica", n, redirects+1)
	}
}
