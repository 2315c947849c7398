package engine

import (
	"cmp"
	"slices"
	"testing"

	"kplay/engine/internal/rng"
)

// TestScheduleOrder checks that the schedule hands out items in (at, seq)
// order, the order of one heap of everything, whatever mix of near items
// (heap) and far timers (runs) it holds, and that a clone taken midway
// hands out the same rest as the original.
func TestScheduleOrder(t *testing.T) {
	for seed := uint64(1); seed <= 200; seed++ {
		r := rng.New(seed)
		var s schedule
		var want []schedKey // every pushed key not yet popped
		var seq uint64
		now := Time(0)
		// Far timers come in a few streams with fixed delays, as timeouts
		// do, and near items at random.
		delays := []Time{30000, 30500, 500, 120000, farAhead}
		push := func() {
			seq++
			at := now + Time(r.Range(0, 50))
			if r.Intn(3) > 0 {
				at = now + delays[r.Intn(len(delays))]
			}
			s.push(item{at: at, seq: seq, kind: itemTimer, id: int64(seq)})
			want = append(want, schedKey{at: at, seq: seq})
		}
		pop := func(s *schedule, want []schedKey) []schedKey {
			i := slices.IndexFunc(want, func(k schedKey) bool {
				return !slices.ContainsFunc(want, func(o schedKey) bool { return o.less(k) })
			})
			if got := s.nextAt(); got != want[i].at {
				t.Fatalf("seed %d: nextAt %d, want %d", seed, got, want[i].at)
			}
			it := s.pop()
			if it.at != want[i].at || it.seq != want[i].seq || it.id != int64(want[i].seq) {
				t.Fatalf("seed %d: popped (%d, %d), want (%d, %d)", seed, it.at, it.seq, want[i].at, want[i].seq)
			}
			return slices.Delete(want, i, i+1)
		}
		for step := 0; step < 3000; step++ {
			if s.len() != len(want) {
				t.Fatalf("seed %d: len %d, want %d", seed, s.len(), len(want))
			}
			if len(want) == 0 || r.Intn(2) == 0 {
				push()
				continue
			}
			now = s.nextAt()
			want = pop(&s, want)
			if step == 1500 {
				// The clone's rest and the original's are the same.
				d := s.clone()
				dw := slices.Clone(want)
				for len(dw) > 0 {
					dw = pop(&d, dw)
				}
			}
		}
		var seen []uint64
		s.each(func(it *item) { seen = append(seen, it.seq) })
		slices.Sort(seen)
		keys := slices.Clone(want)
		slices.SortFunc(keys, func(a, b schedKey) int { return cmp.Compare(a.seq, b.seq) })
		if len(seen) != len(keys) {
			t.Fatalf("seed %d: each saw %d items, want %d", seed, len(seen), len(keys))
		}
		for i := range keys {
			if seen[i] != keys[i].seq {
				t.Fatalf("seed %d: each saw seq %d, want %d", seed, seen[i], keys[i].seq)
			}
		}
	}
}

// TestScheduleTopicPartitions: a timer's partition comes back as named,
// below and past the partitions tpRef compares one by one, the same
// partition always under the same index, and a clone's additions stay
// its own.
func TestScheduleTopicPartitions(t *testing.T) {
	var s schedule
	if s.tpRef(TopicPartition{}) != 0 {
		t.Fatal("no partition got an index")
	}
	var refs []int32
	for round := range 2 {
		for i := range 3 * tpScan {
			tp := TopicPartition{Topic: []string{"orders", "audit"}[i%2], Partition: int32(i / 2)}
			ref := s.tpRef(tp)
			if round == 0 {
				refs = append(refs, ref)
			} else if ref != refs[i] {
				t.Fatalf("%v: index %d, earlier %d", tp, ref, refs[i])
			}
			if got := s.tp(&item{tp: ref}); got != tp {
				t.Fatalf("index %d of %v came back %v", ref, tp, got)
			}
		}
	}
	if len(s.tps) != 3*tpScan {
		t.Fatalf("%d partitions listed, want %d", len(s.tps), 3*tpScan)
	}
	d := s.clone()
	a, b := TopicPartition{Topic: "a"}, TopicPartition{Topic: "b"}
	ra, rb := s.tpRef(a), d.tpRef(b)
	if s.tp(&item{tp: ra}) != a || d.tp(&item{tp: rb}) != b {
		t.Fatal("a clone's partitions and the original's wrote over each other")
	}
}
