package engine_test

import (
	"testing"

	"kplay/engine"
)

// diskConfig is kipConfig with acks=1 produces in mind: zero latency,
// linger.ms 0, min.insync.replicas 1.
func diskConfig() engine.Config {
	cfg := kipConfig()
	cfg.MinInsyncReplicas = 1
	return cfg
}

// eventTimes lists when events of kind k happened on node n (any node if
// n is zero), oldest first.
func eventTimes(c *engine.Cluster, k engine.EventKind, n engine.NodeID) []engine.Time {
	var out []engine.Time
	for _, e := range c.Events(0) {
		if e.Kind == k && (n == engine.NodeID{} || e.Node == n) {
			out = append(out, e.At)
		}
	}
	return out
}

// TestSlowDiskDelaysAcksOne: acks=1 is answered after the leader's local
// append (ReplicaManager.appendRecords → UnifiedLog.append), so a 40 ms
// disk on the leader delays the append and the ack by 40 ms; two produces
// that arrive together queue on the one disk, 40 and 80 ms.
func TestSlowDiskDelaysAcksOne(t *testing.T) {
	c := mustNew(t, diskConfig())
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 3})
	c.AdvanceTo(100)
	mustApply(t, c, engine.SlowDisk{Broker: 1, Latency: 40})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"a"}, Acks: engine.AcksOne})
	mustApply(t, c, engine.Produce{Producer: 2, TP: kipT0, Values: []string{"b"}, Acks: engine.AcksOne})
	if s := c.State().Brokers[0]; s.DiskLatency != 40 {
		t.Fatalf("b1 DiskLatency %d, want 40", s.DiskLatency)
	}
	c.AdvanceTo(110)
	// Zero-latency links: both producers fetch metadata and send at 100.
	if s := c.State().Brokers[0]; s.DiskWaiting != 2 {
		t.Fatalf("b1 has %d writes waiting at 110, want 2", s.DiskWaiting)
	}
	c.AdvanceTo(1000)
	appends := eventTimes(c, engine.EvAppended, engine.Broker(1))
	acks := eventTimes(c, engine.EvProduceAcked, engine.NodeID{})
	if len(appends) != 2 || appends[0] != 140 || appends[1] != 180 {
		t.Fatalf("b1 appends at %v, want [140 180]", appends)
	}
	if len(acks) != 2 || acks[0] != 140 || acks[1] != 180 {
		t.Fatalf("acks at %v, want [140 180]", acks)
	}
}

// TestSlowDiskFollowerLeavesAndRejoins: with replica.lag.time.max.ms 1000
// and a 3000 ms disk on b3, b3 appends the record produced at 100 only at
// 3100, so its next fetch comes then. Its last caught-up fetch was its
// first, at 0 (Replica.updateFetchStateOrThrow: the fetch offset reached
// the leader's log end). The isr-expiration task runs every
// replica.lag.time.max.ms / 2 = 500 ms; the first run with
// now - 0 > 1000 is at 1500, when b3 leaves the ISR (Partition
// .maybeShrinkIsr); it rejoins at 3100, when its fetch from offset 1
// reaches the HW (Partition.maybeExpandIsr). b2, on a healthy disk, stays.
func TestSlowDiskFollowerLeavesAndRejoins(t *testing.T) {
	cfg := diskConfig()
	cfg.ReplicaLagTimeMaxMs = 1000
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 3})
	mustApply(t, c, engine.SlowDisk{Broker: 3, Latency: 3000})
	c.AdvanceTo(100)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"a"}, Acks: engine.AcksOne})
	c.AdvanceTo(5000)
	var changes []string
	var at []engine.Time
	for _, e := range kipEvents(c, engine.EvISRChanged) {
		changes = append(changes, e.Text)
		at = append(at, e.At)
	}
	if len(changes) != 2 || changes[0] != "ISR 1,2,3 → 1,2" || changes[1] != "ISR 1,2 → 1,2,3" || at[0] != 1500 || at[1] != 3100 {
		t.Fatalf("ISR changes %q at %v, want [ISR 1,2,3 → 1,2, ISR 1,2 → 1,2,3] at [1500 3100]", changes, at)
	}
	if got := eventTimes(c, engine.EvAppended, engine.Broker(3)); len(got) != 1 || got[0] != 3100 {
		t.Fatalf("b3 appends at %v, want [3100]", got)
	}
}

// TestSlowDiskWritingInState: State names the records a slow disk is
// writing, per replica, so that the page can say what the broker is
// doing. With a 3000 ms disk on b3, the record produced at 100 reaches
// b3 in a fetch response at once (zero-latency links) and waits for the
// disk until 3100 (ReplicaFetcherThread.processPartitionData appends it
// before the next fetch): at 200 b3's replica is writing "a" at offset 0,
// done at 3100, and has no fetch in flight; b1's and b2's write nothing.
// A slow leader's produce is a write too (ReplicaManager.appendRecords),
// whose offset comes at the append. At 3100 the write is done.
func TestSlowDiskWritingInState(t *testing.T) {
	c := mustNew(t, diskConfig())
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 3})
	mustApply(t, c, engine.SlowDisk{Broker: 3, Latency: 3000})
	c.AdvanceTo(100)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"a"}, Acks: engine.AcksOne})
	c.AdvanceTo(200)
	st := c.State()
	for _, b := range []engine.BrokerID{1, 2} {
		if r, _ := st.Replica(b, kipT0); len(r.Writing) != 0 {
			t.Errorf("b%d is writing %+v on a healthy disk", b, r.Writing)
		}
	}
	r, _ := st.Replica(3, kipT0)
	if len(r.Writing) != 1 || r.Writing[0].Done != 3100 || r.Writing[0].Produce || len(r.Writing[0].Records) != 1 ||
		r.Writing[0].Records[0].Value != "a" || r.Writing[0].Records[0].Offset != 0 {
		t.Fatalf("b3 writing %+v at 200, want record a at offset 0 from a fetch response, done at 3100", r.Writing)
	}
	if r.FetchOffset != -1 {
		t.Errorf("b3 has a fetch @%d in flight while it writes what it fetched", r.FetchOffset)
	}
	r.Writing[0].Records[0].Value = "changed"
	if again, _ := c.State().Replica(3, kipT0); again.Writing[0].Records[0].Value != "a" {
		t.Error("State's Writing shares its records with the engine")
	}
	c.AdvanceTo(3100)
	if r, _ := c.State().Replica(3, kipT0); len(r.Writing) != 0 || r.LEO != 1 {
		t.Errorf("at 3100 b3 writes %+v, LEO %d; want nothing waiting and LEO 1", r.Writing, r.LEO)
	}

	mustApply(t, c, engine.SlowDisk{Broker: 1, Latency: 500})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"b"}, Acks: engine.AcksOne})
	c.AdvanceTo(3200)
	if r, _ := c.State().Replica(1, kipT0); len(r.Writing) != 1 || !r.Writing[0].Produce || r.Writing[0].Done != 3600 || r.Writing[0].Records[0].Value != "b" {
		t.Errorf("slow leader b1 writing %+v at 3200, want the produce of b, done at 3600", r.Writing)
	}
}

// TestSlowDiskCrashLosesQueuedWrites: a crash kills the requests the
// broker was handling, so a produce waiting for the disk is never
// appended, and the restarted broker's disk starts empty (its latency, a
// property of the disk, stays).
func TestSlowDiskCrashLosesQueuedWrites(t *testing.T) {
	c := mustNew(t, diskConfig())
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 3})
	c.AdvanceTo(100)
	mustApply(t, c, engine.SlowDisk{Broker: 1, Latency: 500})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"a"}, Acks: engine.AcksOne})
	c.AdvanceTo(200)
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(700)
	if got := eventTimes(c, engine.EvAppended, engine.Broker(1)); len(got) != 0 {
		t.Fatalf("b1 appended at %v after crashing with the write queued", got)
	}
	if s := c.State().Brokers[0]; s.DiskWaiting != 0 || s.DiskLatency != 500 {
		t.Fatalf("crashed b1: %d writes waiting, latency %d; want 0 and 500", s.DiskWaiting, s.DiskLatency)
	}
}

// TestSlowDiskCommand: the command prints as its script line, and refuses
// a broker that does not exist and a latency outside 0..1 h.
func TestSlowDiskCommand(t *testing.T) {
	if got := (engine.SlowDisk{Broker: 2, Latency: 50}).String(); got != "slow-disk 2 latency=50ms" {
		t.Fatalf("String %q", got)
	}
	c := mustNew(t, diskConfig())
	for _, bad := range []engine.SlowDisk{{Broker: 9, Latency: 50}, {Broker: 1, Latency: -1}, {Broker: 1, Latency: engine.MaxDiskLatency + 1}} {
		if err := c.Apply(bad); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
	mustApply(t, c, engine.SlowDisk{Broker: 1, Latency: 0})
	if e := kipEvents(c, engine.EvDisk); len(e) != 1 || e[0].Kind.Category() != engine.CatFault {
		t.Fatalf("events %v, want one EvDisk (a fault)", e)
	}
}
