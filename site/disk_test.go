package site

import (
	"os"
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

// slowFollowerStore is a teacher's lesson (testdata/slow-follower.txt):
// three brokers, min.insync.replicas=2, replica.lag.time.max.ms=10000;
// broker 3's disk takes 20 s an append from 3 s, and p1 sends m1 with
// acks=all at 4 s. Broker 3 fetches m1 at once and writes it until about
// 24 s; broker 1 drops it from the ISR at 15 s and adds it back once it
// has written m1.
func slowFollowerStore(t *testing.T) *Store {
	t.Helper()
	text, err := os.ReadFile("testdata/slow-follower.txt")
	if err != nil {
		t.Fatal(err)
	}
	s := NewStoreFromScript("slow-follower", string(text))
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	return s
}

// TestSlowFollowerShowsItsDisk: in the slow-follower lesson, broker 3's
// box shows its slow disk at every size the page draws (the page at
// 1280 px, a phone, an 800-px embed), also while it counts down to
// leaving the ISR (the embed folded it into "+1"), in full where there is
// room and as "slow disk" where there is not, its tooltip keeping the
// latency; and its status line says what it does from the moment m1
// reaches it until m1 is on its disk: it writes m1 to a slow disk
// (engine.DiskWrite), its next fetch after (ReplicaFetcherThread appends
// before it fetches again), not "fetch response on the way". Once the
// write is done it fetches again.
func TestSlowFollowerShowsItsDisk(t *testing.T) {
	s := slowFollowerStore(t)
	cfg := s.Player.Scenario().Config
	for _, at := range []engine.Time{4100, 8000, 12000, 14000, 15100, 20000} {
		s.Player.Seek(at)
		st := s.Player.State()
		for _, size := range []struct {
			name            string
			narrow, compact bool
			status          string
		}{
			{"page", false, false, "writing m1 to a slow disk, then fetch @2"},
			{"phone", true, false, "writing m1 to a slow disk, then fetch @2"},
			{"embed", false, true, "writing m1 to a slow disk"},
		} {
			var v BrokerView
			for _, b := range s.BrokerViews(st, ComputeLayoutFor(st, size.narrow, size.compact), Timers(st, cfg)) {
				if b.Node.Broker == 3 {
					v = b
				}
			}
			where := engine.FormatTime(at) + " (" + size.name + ")"
			disk := -1
			for i, b := range v.Badges {
				if b.Key == "slow-disk" {
					disk = i
				}
			}
			if disk < 0 {
				t.Errorf("%s: broker 3's box shows no slow disk: %+v", where, v.Badges)
			} else if b := v.Badges[disk]; (b.Label != "slow disk +20000 ms" && b.Label != "slow disk") || !strings.Contains(b.Title, "20000 ms") {
				t.Errorf("%s: broker 3's disk badge reads %q (tooltip %q)", where, b.Label, b.Title)
			}
			if v.Status != size.status {
				t.Errorf("%s: broker 3's status line %q, want %q", where, v.Status, size.status)
			}
		}
	}
	s.Player.Seek(25000)
	if r, _ := s.Player.State().Replica(3, engine.TopicPartition{Topic: "orders", Partition: 0}); r.LEO != 2 || len(r.Writing) != 0 {
		t.Fatalf("at 25 s broker 3 has LEO %d, writing %+v; want m1 written", r.LEO, r.Writing)
	}
}

// TestWritingLine: the status line's words for what a slow disk writes.
func TestWritingLine(t *testing.T) {
	rec := func(v string, o engine.Offset) engine.Record { return engine.Record{Value: v, Offset: o} }
	for _, c := range []struct {
		ws   []engine.DiskWrite
		want string
	}{
		{nil, ""},
		{[]engine.DiskWrite{{Records: []engine.Record{rec("m1", 1)}}}, "writing m1 to a slow disk"},
		{[]engine.DiskWrite{{Records: []engine.Record{rec("m1", 1)}}, {Records: []engine.Record{rec("m2", 2)}}}, "writing m1 and m2 to a slow disk"},
		{[]engine.DiskWrite{{Records: []engine.Record{rec("m1", 1), rec("m2", 2), rec("m3", 3)}}}, "writing m1 and 2 more to a slow disk"},
		{[]engine.DiskWrite{{Records: []engine.Record{rec("", 0)}}}, "writing the record to a slow disk"},
		{[]engine.DiskWrite{{Records: []engine.Record{rec(strings.Repeat("x", 500), 0)}}}, "writing " + strings.Repeat("x", 15) + "… to a slow disk"},
	} {
		if got := WritingLine(c.ws); got != c.want {
			t.Errorf("WritingLine(%v) = %q, want %q", c.ws, got, c.want)
		}
	}
	// A slow leader says what it writes, and its ISR where there is room.
	p := engine.PartitionState{ISR: []engine.BrokerID{1, 2}, Leader: 1}
	r := engine.ReplicaState{Leader: true, Writing: []engine.DiskWrite{{Records: []engine.Record{rec("m5", 0)}, Produce: true}}}
	if got := ReplicaStatus(p, r, false); got != "writing m5 to a slow disk · ISR 1,2" {
		t.Errorf("slow leader: %q", got)
	}
	if got := ReplicaStatus(p, r, true); got != "writing m5 to a slow disk" {
		t.Errorf("slow leader, narrow box: %q", got)
	}
}
