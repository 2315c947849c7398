package engine_test

import (
	"reflect"
	"slices"
	"strconv"
	"testing"

	"kplay/engine"
	"kplay/engine/internal/rng"
)

// workload drives a cluster with a pseudo-random mix of produces and
// consumers over simTime ms; the same seed gives the same calls.
func workload(t *testing.T, c *engine.Cluster, seed uint64, simTime engine.Time) {
	t.Helper()
	r := rng.New(seed)
	mustApply(t, c, engine.CreateTopic{Name: "orders", Partitions: 3, ReplicationFactor: 3})
	mustApply(t, c, engine.Consume{TP: orders0, From: engine.OffsetEarliest})
	end := c.Now() + simTime
	n := 0
	for c.Now() < end {
		tp := engine.TopicPartition{Topic: "orders", Partition: int32(r.Intn(3))}
		acks := []engine.Acks{engine.AcksAll, engine.AcksOne, engine.AcksNone}[r.Intn(3)]
		vals := make([]string, 1+r.Intn(3))
		for i := range vals {
			n++
			vals[i] = "v" + strconv.Itoa(n)
		}
		mustApply(t, c, engine.Produce{TP: tp, Values: vals, Acks: acks, Producer: int32(1 + r.Intn(2))})
		c.Advance(engine.Time(r.Intn(40)))
	}
}

// TestSameSeedSameEvents: the determinism contract (doc.go) — the same
// config and the same calls give identical events.
func TestSameSeedSameEvents(t *testing.T) {
	run := func() []engine.Event {
		cfg := engine.DefaultConfig()
		cfg.Seed = 77
		c := mustNew(t, cfg)
		workload(t, c, 5, 3000)
		return c.Events(0)
	}
	a, b := run(), run()
	if len(a) < 1000 {
		t.Fatalf("workload too small: %d events", len(a))
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two runs of the same seed differ")
	}
	cfg := engine.DefaultConfig()
	cfg.Seed = 78
	c := mustNew(t, cfg)
	workload(t, c, 5, 3000)
	if reflect.DeepEqual(a, c.Events(0)) {
		t.Fatal("a different seed gave the same run; latencies are not drawn from the seed")
	}
}

// TestAdvanceIsAdditive: Advance(a) then Advance(b) equals Advance(a+b);
// nothing happens "at the end of an advance" (doc.go rule 1).
func TestAdvanceIsAdditive(t *testing.T) {
	mk := func() *engine.Cluster {
		c := mustNew(t, engine.DefaultConfig())
		workload(t, c, 9, 500)
		return c
	}
	a, b := mk(), mk()
	a.Advance(1234)
	for i := 0; i < 1234; i += 17 {
		b.Advance(min(17, engine.Time(1234-i)))
	}
	if a.Now() != b.Now() || !reflect.DeepEqual(a.Events(0), b.Events(0)) || !reflect.DeepEqual(a.State(), b.State()) {
		t.Fatal("stepwise advance differs from one advance")
	}
}

// TestCloneIsIndependent: a clone continues exactly as the original would,
// and changes to either never reach the other (Clone is the checkpoint of
// time travel).
func TestCloneIsIndependent(t *testing.T) {
	c := mustNew(t, engine.DefaultConfig())
	workload(t, c, 3, 800)
	snap := c.State()
	d := c.Clone()
	nEvents := len(c.Events(0))
	events := slices.Clone(c.Events(0))

	mustApply(t, c, engine.Produce{TP: orders0, Values: []string{"only-in-original"}, Acks: engine.AcksOne})
	c.Advance(2000)
	if !reflect.DeepEqual(d.State(), snap) || !reflect.DeepEqual(d.Events(0), events) {
		t.Fatal("advancing the original changed the clone")
	}

	e := d.Clone()
	d.Advance(2000)
	e.Advance(2000)
	if !reflect.DeepEqual(d.Events(0), e.Events(0)) || !reflect.DeepEqual(d.State(), e.State()) {
		t.Fatal("two clones of one checkpoint diverged")
	}
	if !reflect.DeepEqual(c.Events(0)[:nEvents], events) {
		t.Fatal("advancing the clones changed the original's events")
	}
	for _, ev := range d.Events(0) {
		if ev.Value == "only-in-original" {
			t.Fatal("the clone saw a record produced only in the original")
		}
	}
}

// TestCloneContinuesAsOriginal: a clone taken at any moment, with
// messages on the wire, fetches parked, acks=all produces waiting, writes
// waiting for a slow disk and requests queued at a hung broker, plays on
// exactly as the original does from there, event for event, whichever
// of the two runs first; so do InFlight's messages taken at that moment.
// The cluster reuses a message's Parts once it is done with it
// (partArena): a clone or an InFlight result that shared them with the
// original would see them change.
func TestCloneContinuesAsOriginal(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		c := mustNew(t, engine.DefaultConfig())
		workload(t, c, seed, 300)
		mustApply(t, c, engine.SlowDisk{Broker: 2, Latency: 30})
		mustApply(t, c, engine.Hang{Broker: 3, Requests: engine.HangAll})
		for i := range 20 {
			tp := engine.TopicPartition{Topic: "orders", Partition: int32(i % 3)}
			mustApply(t, c, engine.Produce{TP: tp, Values: []string{"h" + strconv.Itoa(i)}, Acks: engine.AcksAll, Producer: int32(1 + i%2)})
			c.Advance(engine.Time(7 + int(seed)))
		}
		for round := range 6 {
			d := c.Clone()
			from := c.EventCount()
			inflight := c.InFlight()
			want := slices.Clone(inflight)
			for i := range want {
				want[i].Parts = slices.Clone(want[i].Parts)
			}
			run := func(c *engine.Cluster) []engine.Event {
				if round == 3 {
					mustApply(t, c, engine.Resume{Broker: 3})
				}
				mustApply(t, c, engine.Produce{TP: orders0, Values: []string{"r" + strconv.Itoa(round)}, Acks: engine.AcksAll})
				c.Advance(engine.Time(37 * (round + 1)))
				return c.Events(from)
			}
			var got, orig []engine.Event
			if round%2 == 0 {
				orig, got = run(c), run(d)
			} else {
				got, orig = run(d), run(c)
			}
			if len(orig) == 0 || !reflect.DeepEqual(got, orig) {
				t.Fatalf("seed %d, round %d: the clone's %d events differ from the original's %d", seed, round, len(got), len(orig))
			}
			if !reflect.DeepEqual(inflight, want) {
				t.Fatalf("seed %d, round %d: the messages InFlight returned changed as the cluster ran on", seed, round)
			}
			if round%2 == 1 {
				c = d // play on from the clone
			}
		}
	}
}

// TestEventsBefore: walking back from EventCount with EventsBefore reads
// the whole log, newest piece first, each piece ending where the last
// began.
func TestEventsBefore(t *testing.T) {
	c := mustNew(t, engine.DefaultConfig())
	workload(t, c, 5, 3000)
	all := c.Events(0)
	if len(all) < 3000 {
		t.Fatalf("only %d events; the test wants several blocks", len(all))
	}
	var back []engine.Event
	for end := c.EventCount(); end > 0; {
		run := c.EventsBefore(end)
		if len(run) == 0 || run[len(run)-1].Seq != end-1 {
			t.Fatalf("EventsBefore(%d) gave %d events", end, len(run))
		}
		back = append(slices.Clone(run), back...)
		end -= len(run)
	}
	if !reflect.DeepEqual(back, all) {
		t.Fatal("the pieces differ from Events(0)")
	}
	if len(c.EventsBefore(0)) != 0 || len(c.EventsBefore(-1)) != 0 {
		t.Fatal("EventsBefore(0) is not empty")
	}
}

// TestInvariantsHoldUnderWorkload checks docs/kafka-rules.md §11 invariants that apply
// without faults after every step: I7 HwBounds, I8 LeaderHwMonotonic, I10
// HwCoveredByIsr, I1 LeaderInIsr, I3 MembershipSets, and log matching (I21).
func TestInvariantsHoldUnderWorkload(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.Seed = 11
	c := mustNew(t, cfg)
	workload(t, c, 11, 200)
	lastHW := map[engine.TopicPartition]engine.Offset{}
	for i := 0; i < 20000 && c.Step(); i++ {
		s := c.State()
		for _, p := range s.Partitions {
			leader, _ := s.Replica(p.Leader, p.TP)
			if !contains(p.ISR, p.Leader) {
				t.Fatalf("%s: leader %d not in ISR %v (I1)", p.TP, p.Leader, p.ISR)
			}
			if leader.HW < lastHW[p.TP] {
				t.Fatalf("%s: leader HW went back %d → %d (I8)", p.TP, lastHW[p.TP], leader.HW)
			}
			lastHW[p.TP] = leader.HW
			for _, id := range p.Replicas {
				r, _ := s.Replica(id, p.TP)
				if r.HW < r.LogStart || r.HW > r.LEO {
					t.Fatalf("%s b%d: HW %d outside [%d, %d] (I7)", p.TP, id, r.HW, r.LogStart, r.LEO)
				}
				if contains(p.ISR, id) && leader.HW > r.LEO {
					t.Fatalf("%s: leader HW %d above ISR member b%d's LEO %d (I10)", p.TP, leader.HW, id, r.LEO)
				}
				for o := range r.Log {
					if o < len(leader.Log) && r.Log[o] != leader.Log[o] {
						t.Fatalf("%s b%d: offset %d differs from the leader's (I21)", p.TP, id, o)
					}
				}
			}
		}
	}
}

func contains(ids []engine.BrokerID, id engine.BrokerID) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
