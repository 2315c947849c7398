package engine_test

import (
	"reflect"
	"testing"

	"kplay/engine"
)

// elections keeps the events a long run must not lose in these tests.
func elections(e *engine.Event) bool {
	return e.Kind == engine.EvLeaderElected || e.Kind == engine.EvCommand
}

// TestForgettingChangesNothingTheClusterDoes: a cluster that forgets its
// old events as it goes makes, after that, the same events as one that
// keeps them all; what it still holds is those events, byte for byte,
// plus the kept ones of the forgotten stretch, with their own Seq.
func TestForgettingChangesNothingTheClusterDoes(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.Seed = 5
	whole, _ := engine.New(cfg)
	windowed, _ := engine.New(cfg)
	windowed.KeepEvents(elections, 1<<20)
	workload(t, whole, 9, 10_000)
	workload(t, windowed, 9, 10_000)
	all := whole.Events(0)
	if len(all) < 5*1024 {
		t.Fatalf("only %d events: the test needs several blocks", len(all))
	}
	windowed.ForgetEventsBefore(len(all) - 1500)
	first := windowed.FirstEvent()
	// Whole blocks go, never the newest: 1,500 before the end keeps the
	// block holding it and everything after.
	if first%1024 != 0 || first > len(all)-1500 || first <= len(all)-1500-1024 {
		t.Fatalf("FirstEvent %d for a log of %d told to forget before %d", first, len(all), len(all)-1500)
	}
	var want []engine.Event
	for _, e := range all {
		if e.Seq >= first || elections(&e) {
			want = append(want, e)
		}
	}
	if got := windowed.Events(0); !reflect.DeepEqual(got, want) {
		t.Fatalf("Events(0) after forgetting: %d events, want %d", len(got), len(want))
	}
	var each []engine.Event
	windowed.EachEvent(0, func(e *engine.Event) bool { each = append(each, *e); return true })
	if !reflect.DeepEqual(each, want) {
		t.Fatalf("EachEvent(0): %d events, want %d", len(each), len(want))
	}
	if windowed.EventCount() != len(all) {
		t.Fatalf("EventCount %d, want %d", windowed.EventCount(), len(all))
	}
	// EventsBefore: whole runs where the blocks remain, the kept event alone
	// before them, nothing for a forgotten event that was not kept.
	if run := windowed.EventsBefore(len(all)); len(run) == 0 || run[len(run)-1].Seq != len(all)-1 {
		t.Fatalf("EventsBefore(EventCount) = %d events", len(run))
	}
	for _, e := range all[:first] {
		run := windowed.EventsBefore(e.Seq + 1)
		switch {
		case elections(&e) && (len(run) != 1 || !reflect.DeepEqual(run[0], e)):
			t.Fatalf("EventsBefore(%d) of a kept event: %v", e.Seq+1, run)
		case !elections(&e) && len(run) != 0:
			t.Fatalf("EventsBefore(%d) of a forgotten event: %v", e.Seq+1, run)
		}
	}
	// A clone forgets on its own; both go on making the events the whole
	// log makes.
	clone := windowed.Clone()
	clone.ForgetEventsBefore(clone.EventCount())
	for _, c := range []*engine.Cluster{whole, windowed, clone} {
		mustApply(t, c, engine.Crash{Broker: 1})
		c.Advance(20_000)
	}
	tail := whole.Events(len(all))
	for name, c := range map[string]*engine.Cluster{"windowed": windowed, "clone": clone} {
		if got := c.Events(len(all)); !reflect.DeepEqual(got, tail) {
			t.Fatalf("%s: %d events after the crash, want %d the same", name, len(got), len(tail))
		}
	}
	if got := windowed.Events(0); !reflect.DeepEqual(got[:len(want)], want) {
		t.Fatal("the clone's forgetting reached the original's log")
	}
}

// TestKeptEventsAreBounded: of the events KeepEvents chooses, a long run
// keeps the newest maxKept, give or take one block of 1,024.
func TestKeptEventsAreBounded(t *testing.T) {
	c, _ := engine.New(engine.DefaultConfig())
	c.KeepEvents(func(*engine.Event) bool { return true }, 2048)
	workload(t, c, 3, 3_000)
	c.ForgetEventsBefore(c.EventCount())
	if k := c.KeptEvents(); k < 2048 || k >= 2048+1024 {
		t.Fatalf("%d events kept, want 2,048 to 3,071", k)
	}
	evs := c.Events(0)
	if len(evs) < 2048 || evs[len(evs)-1].Seq != c.EventCount()-1 {
		t.Fatalf("Events(0) holds %d events ending at %d", len(evs), evs[len(evs)-1].Seq)
	}
	for i := 1; i < len(evs); i++ {
		if evs[i].Seq != evs[i-1].Seq+1 {
			t.Fatalf("kept events not the newest in a row: %d then %d", evs[i-1].Seq, evs[i].Seq)
		}
	}
}

// TestEventAndEachEventBefore: Event(seq) is the seq-th event of the whole
// log where the log holds it, kept or not yet forgotten, and nothing where
// it forgot it; EachEventBefore walks back over what it holds whole,
// newest first, and stops when told.
func TestEventAndEachEventBefore(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.Seed = 3
	whole, _ := engine.New(cfg)
	windowed, _ := engine.New(cfg)
	windowed.KeepEvents(elections, 1<<20)
	workload(t, whole, 4, 8_000)
	workload(t, windowed, 4, 8_000)
	all := whole.Events(0)
	windowed.ForgetEventsBefore(len(all) - 2500)
	first := windowed.FirstEvent()
	for _, e := range all {
		got, ok := windowed.Event(e.Seq)
		switch {
		case e.Seq >= first || elections(&e):
			if !ok || !reflect.DeepEqual(got, e) {
				t.Fatalf("Event(%d) = %v, %t; want %v", e.Seq, got, ok, e)
			}
		case ok:
			t.Fatalf("Event(%d) of a forgotten event = %v", e.Seq, got)
		}
	}
	for _, seq := range []int{-1, len(all), len(all) + 5} {
		if got, ok := windowed.Event(seq); ok {
			t.Fatalf("Event(%d) of no event = %v", seq, got)
		}
	}
	var back []engine.Event
	windowed.EachEventBefore(len(all)-7, func(e *engine.Event) bool { back = append(back, *e); return true })
	if len(back) != len(all)-7-first {
		t.Fatalf("EachEventBefore walked %d events, want %d", len(back), len(all)-7-first)
	}
	for i, e := range back {
		if want := all[len(all)-8-i]; !reflect.DeepEqual(e, want) {
			t.Fatalf("EachEventBefore's %dth event is %v, want %v", i, e, want)
		}
	}
	n := 0
	windowed.EachEventBefore(len(all), func(*engine.Event) bool { n++; return n < 3 })
	if n != 3 {
		t.Fatalf("EachEventBefore went on after false: %d calls", n)
	}
	windowed.EachEventBefore(first, func(e *engine.Event) bool { t.Fatalf("EachEventBefore(FirstEvent) gave %v", e); return true })
}
