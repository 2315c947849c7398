package engine_test

import (
	"testing"

	"kplay/engine"
)

// BenchmarkEngine measures the simulator's throughput in events per second
// (DESIGN §7: at least 2,000,000 natively, and at least 0.4× that in wasm)
// on a steady workload: a 3-broker cluster, one topic of 3 partitions with
// replication factor 3, a consumer, and every 5 simulated ms one produce of
// one record (acks=all) to each partition. One op is one such 5 ms round.
// The cluster is replaced every 2,000 rounds (10 simulated seconds) so that
// its event log and record logs stay small.
func BenchmarkEngine(b *testing.B) {
	const roundsPerCluster = 2000
	tps := []engine.TopicPartition{{Topic: "orders", Partition: 0}, {Topic: "orders", Partition: 1}, {Topic: "orders", Partition: 2}}
	values := []string{"order-9001"}
	newCluster := func() *engine.Cluster {
		c, err := engine.New(engine.DefaultConfig())
		if err != nil {
			b.Fatal(err)
		}
		if err := c.Apply(engine.CreateTopic{Name: "orders", Partitions: len(tps), ReplicationFactor: 3}); err != nil {
			b.Fatal(err)
		}
		if err := c.Apply(engine.Consume{TP: tps[0], From: engine.OffsetEarliest}); err != nil {
			b.Fatal(err)
		}
		return c
	}
	events := 0
	c := newCluster()
	rounds := 0
	b.ReportAllocs()
	for b.Loop() {
		if rounds == roundsPerCluster {
			events += c.EventCount()
			c, rounds = newCluster(), 0
		}
		for _, tp := range tps {
			if err := c.Apply(engine.Produce{TP: tp, Values: values, Acks: engine.AcksAll}); err != nil {
				b.Fatal(err)
			}
		}
		c.Advance(5)
		rounds++
	}
	events += c.EventCount()
	if events == 0 {
		b.Fatal("the workload produced no events")
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64(events)/float64(b.N), "events/op")
}
