// Package engine simulates Apache Kafka partition replication
// deterministically.
//
// # Model
//
// A Cluster is a closed world: brokers, one KRaft controller (shown as a single
// node), clients (producers and consumers), a network and a clock. Inputs
// arrive as Commands through Apply; time moves only through Step, Advance and
// AdvanceTo. Everything the UI and the tests need comes out as data: the
// append-only Events log, a deep State snapshot, the messages InFlight, and
// Clone for checkpoints.
//
// Every Kafka behaviour names its source (a KIP, a Kafka class or config) in
// the comment where it is implemented. The rules themselves are collected in
// docs/kafka-rules.md.
//
// # Determinism contract
//
//  1. Time is an integer number of milliseconds (Time). Timers are entries in
//     one min-heap ordered by (at, seq). Advance(a) then Advance(b) equals
//     Advance(a+b): nothing happens "at the end of an advance".
//  2. Randomness comes from one splitmix64 generator (internal/rng) held by
//     value in the Cluster and seeded from Config.Seed, never from math/rand.
//  3. Brokers are iterated by ascending id. No map is ever iterated on a path
//     that reaches output; the engine keeps sorted slices instead.
//  4. No floats: probabilities are per-mille integers, latencies are integer
//     ranges.
//  5. No goroutines, channels, sync, time, os or syscall/js. A test enforces it.
//  6. Three kinds of error: invalid input returns an error ("engine: no broker
//     7"); a broken Kafka guarantee that a scenario means to show is a
//     Violation event; only a "can't happen" panics.
//
// The same Config and the same calls produce the same Events, byte for byte,
// natively and in WebAssembly.
//
// # Driving loop
//
//	c, err := engine.New(cfg)
//	err = c.Apply(engine.CreateTopic{Name: "orders", Partitions: 1, ReplicationFactor: 3})
//	err = c.Apply(engine.Produce{TP: engine.TopicPartition{Topic: "orders"}, Values: []string{"a"}})
//	c.Advance(20)
//	for _, e := range c.Events(0) { fmt.Println(e) }
package engine
