package engine_test

import (
	"runtime"
	"testing"

	"kplay/engine"
)

// BenchmarkEngine measures the simulator's throughput in events per second
// (docs/design.md §7: at least 2,000,000 natively, and at least 0.4× that in wasm)
// on a steady workload: a 3-broker cluster, one topic of 3 partitions with
// replication factor 3, a consumer, and every 5 simulated ms one produce of
// one record (acks=all) to each partition. One op is one such 5 ms round.
// The cluster is replaced every 2,000 rounds (10 simulated seconds) so that
// its event log and record logs stay small.
//
// It drives the engine as the page does. Every yieldEvery rounds it yields
// to the Go scheduler, as the page returns to the browser after each
// animation frame: Go's garbage collector does its marking then. In
// js/wasm (one thread, no preemption) a loop that never yields leaves the
// collector nothing but allocation assists, so a mark phase lasted seconds
// with write barriers on and the heap swelled past 100 MB, which the page
// never sees. Natively a yield costs next to nothing. And one cluster's
// worth of rounds runs untimed first, as a warm-up: a fresh Node process
// runs wasm in V8's baseline compiler until the hot functions have been
// recompiled, which made the first of build.sh's three runs measure the
// compiler more than the engine.
func BenchmarkEngine(b *testing.B) {
	const (
		roundsPerCluster = 2000
		// yieldEvery rounds are 160 simulated ms: what one animation frame
		// plays at the page's top speed (10 simulated ms per real ms).
		yieldEvery = 32
	)
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
	round := func() {
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
		if rounds%yieldEvery == 0 {
			runtime.Gosched()
		}
	}
	for range roundsPerCluster {
		round()
	}
	events, c, rounds = 0, newCluster(), 0
	b.ReportAllocs()
	for b.Loop() {
		round()
	}
	events += c.EventCount()
	if events == 0 {
		b.Fatal("the workload produced no events")
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64(events)/float64(b.N), "events/op")
}
