package site

import (
	"slices"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
)

// slowDiskScript is a follower with a 50 ms disk under a rate producer
// whose 1000-byte records outrun three batches a fetch
// (replica.fetch.max.bytes=4096): b3 falls behind and leaves the ISR at
// 3 s (engine/testdata/slow_disk_isr.txt works the times out).
const slowDiskScript = `cluster brokers=3 latency=(1,1) replica.lag.time.max.ms=2000 replica.fetch.max.bytes=4096 eligible.leader.replicas.version=0
create-topic t partitions=1 rf=3
slow-disk 3 latency=50ms
produce t-0 rate=100/s for=6s acks=1 size=1000
run until=00:00:12.000
`

func slowDiskPlayer(t *testing.T) *Player {
	t.Helper()
	sc, err := script.ParseAndCompile("slow-disk", slowDiskScript)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := NewPlayer(sc)
	if err != nil {
		t.Fatal(err)
	}
	return pl
}

// TestSlowDiskBadge: the broker with the slow disk carries a
// "slow disk +50 ms" badge (data-badge slow-disk) with a tooltip naming
// the ISR and replica.lag.time.max.ms, and once it has fallen behind also
// "out of sync"; the healthy brokers carry no disk badge.
func TestSlowDiskBadge(t *testing.T) {
	pl := slowDiskPlayer(t)
	st := firstMoment(t, pl, "b3 out of the ISR", func(_ engine.State, p engine.PartitionState) bool {
		return !slices.Contains(p.ISR, 3)
	})
	// The controller commits the shrink at 3.001; the 50 ms steps see it
	// first at 3.050.
	if st.Now != 3050 {
		t.Fatalf("b3 first seen out of the ISR at %s, want 00:00:03.050", engine.FormatTime(st.Now))
	}
	l := LookOf(st, 3)
	var keys []string
	for _, b := range l.Badges {
		keys = append(keys, b.Key)
	}
	if !slices.Equal(keys, []string{"out-of-sync", "slow-disk"}) {
		t.Fatalf("b3 badges %v, want [out-of-sync slow-disk]", keys)
	}
	d := l.Badges[1]
	if d.Text != "slow disk +50 ms" {
		t.Fatalf("badge text %q", d.Text)
	}
	if title := BadgeTitle(d); !strings.Contains(title, "takes 50 ms") || !strings.Contains(title, "in-sync replicas (ISR)") || !strings.Contains(title, "replica.lag.time.max.ms") {
		t.Fatalf("badge title %q", title)
	}
	for _, id := range []engine.BrokerID{1, 2} {
		for _, b := range LookOf(st, id).Badges {
			if b.Key == "slow-disk" {
				t.Errorf("healthy b%d has a slow-disk badge", id)
			}
		}
	}
	if BadgeTitle(Badge{"in-isr", "in ISR"}) != "" {
		t.Error("in-isr badge has a title")
	}
	if got := BrokerBadges(st, 3, false); len(got) != 2 || got[1] != d {
		t.Errorf("inspector badges %v, want out of sync and %v", got, d)
	}
}

// TestSlowDiskInspector: the inspector's disk row says the latency and
// the writes waiting, and that a follower on it can leave the ISR; a
// healthy broker's says so.
func TestSlowDiskInspector(t *testing.T) {
	pl := slowDiskPlayer(t)
	pl.Seek(2000)
	st := pl.State()
	row := func(b engine.BrokerID) string {
		for _, r := range InspectBroker(st, b, false).Rows {
			if r.Label == "disk" {
				return r.Value
			}
		}
		t.Fatalf("b%d has no disk row", b)
		return ""
	}
	if got := row(3); !strings.HasPrefix(got, "slow: every append takes 50 ms") || !strings.Contains(got, "ISR") {
		t.Fatalf("b3 disk row %q", got)
	}
	if got := row(2); got != "healthy: appends take no time" {
		t.Fatalf("b2 disk row %q", got)
	}
	bs := engine.BrokerState{ID: 3, DiskLatency: 50, DiskWaiting: 2}
	if got := DiskRow(bs).Value; !strings.Contains(got, "2 writes waiting") {
		t.Fatalf("row %q", got)
	}
}

// TestSlowDiskNarration: the slow-disk command and its undoing are spoken
// as faults, in plain words with the ISR named.
func TestSlowDiskNarration(t *testing.T) {
	s, ok := NarrateEvent(engine.Event{Kind: engine.EvDisk, Node: engine.Broker(3), End: 50})
	if !ok || s.Priority != PrioFault || s.Text != "Broker 3's disk is slow: every append takes 50 ms, so as a follower it fetches late and may leave the in-sync replicas (ISR)." {
		t.Fatalf("sentence %+v, %v", s, ok)
	}
	s, ok = NarrateEvent(engine.Event{Kind: engine.EvDisk, Node: engine.Broker(3), End: 0})
	if !ok || s.Text != "Broker 3's disk is healthy again." {
		t.Fatalf("sentence %+v, %v", s, ok)
	}
}
