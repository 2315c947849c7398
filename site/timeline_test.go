package site

import (
	"slices"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
)

// acks1Loss is reference scenario S2 without its expected output: an
// acks=1 record is acknowledged, the leader b1 crashes at 10.000 before a
// follower has it, b2 is elected at 19.000 and the record is lost (a
// violation); b1 restarts at 40.000.
const acks1Loss = `# title: acks=1 loss
cluster brokers=3 latency=(0,0) linger.ms=0 min.insync.replicas=2 eligible.leader.replicas.version=0
create-topic t partitions=1 rf=3
produce t-0 values=(m0, m1) acks=all
slow 1 2 latency=(1,1)
slow 1 3 latency=(1,1)
run until=00:00:10.000
produce t-0 producer=p2 values=(m2) acks=1
run until=00:00:10.000
crash 1
heal
run until=00:00:40.000
restart 1
`

func compile(t *testing.T, src string) script.Scenario {
	t.Helper()
	sc, err := script.ParseAndCompile("test.txt", src)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// wantMarkers replays p's history from the start to its horizon in one go
// and collects the markers of every event.
func wantMarkers(t *testing.T, p *Player) []Marker {
	t.Helper()
	q, err := NewPlayer(p.sc)
	if err != nil {
		t.Fatal(err)
	}
	if err := q.rebuild(); err != nil {
		t.Fatal(err)
	}
	q.user = p.UserSteps()
	q.steps = mergeSteps(q.sc.Steps, q.user)
	q.play(p.Horizon())
	var c markerCache
	c.scan(q.Events(0))
	return c.markers
}

func checkMarkers(t *testing.T, p *Player, when string) []Marker {
	t.Helper()
	got, _ := p.Markers()
	want := wantMarkers(t, p)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: markers differ from a full replay to %s:\ngot  %v\nwant %v", when, engine.FormatTime(p.Horizon()), got, want)
	}
	return got
}

func TestMarkersCoverTheWholeRun(t *testing.T) {
	p, err := NewPlayer(compile(t, acks1Loss))
	if err != nil {
		t.Fatal(err)
	}
	if h := p.Horizon(); h != 40_000 {
		t.Fatalf("horizon %s at the start, want the last step 00:00:40.000", engine.FormatTime(h))
	}
	ms := checkMarkers(t, p, "at the start")
	has := func(at engine.Time, k MarkerKind, text string) bool {
		for _, m := range ms {
			if m.At == at && m.Kind == k && strings.Contains(m.Label, text) {
				return true
			}
		}
		return false
	}
	for _, w := range []struct {
		at   engine.Time
		kind MarkerKind
		text string
	}{
		{10_000, MarkCommand, "crash 1"},
		{10_000, MarkFault, "b1 crashed"},
		{19_000, MarkLeader, "leader b2"},
		{19_000, MarkViolation, "AcknowledgedWriteLost"},
		{40_000, MarkFault, "b1 starts"},
	} {
		if !has(w.at, w.kind, w.text) {
			t.Errorf("no %s marker at %s with %q, though the playhead is at the start; markers %v", w.kind, engine.FormatTime(w.at), w.text, ms)
		}
	}
	if at, ok := p.FirstViolation(); !ok || at != 19_000 {
		t.Errorf("first violation %s %v, want 00:00:19.000", engine.FormatTime(at), ok)
	}

	// Cached: asking again changes nothing, and playing within the
	// horizon adds nothing.
	_, v1 := p.Markers()
	p.Advance(25_000)
	if _, v2 := p.Markers(); v2 != v1 {
		t.Errorf("markers changed (version %d → %d) while playing inside the horizon", v1, v2)
	}
	// Playing past the horizon extends them from the cluster's own log.
	p.Advance(300_000)
	ms = checkMarkers(t, p, "past the horizon")
	if !slices.ContainsFunc(ms, func(m Marker) bool { return m.At == 319_000 && m.Kind == MarkLeader }) {
		t.Errorf("no leader marker for the preferred election at 00:05:19.000: %v", ms)
	}
	p.Seek(5_000)
	checkMarkers(t, p, "after seeking back")
}

func TestMarkersFollowAFork(t *testing.T) {
	p, err := NewPlayer(compile(t, acks1Loss))
	if err != nil {
		t.Fatal(err)
	}
	p.Advance(60_000)
	checkMarkers(t, p, "before the fork")
	// Crash b2 before the acks=1 produce: b1's crash at 10.000 leaves
	// b3 alone, so no leader is elected and no write is lost.
	p.Seek(5_000)
	if err := p.Inject(engine.Crash{Broker: 2}); err != nil {
		t.Fatal(err)
	}
	if h := p.Horizon(); h != 40_000 {
		t.Fatalf("horizon %s after a fork at 00:00:05.000, want the last scripted step", engine.FormatTime(h))
	}
	ms := checkMarkers(t, p, "after the fork")
	if !slices.ContainsFunc(ms, func(m Marker) bool {
		return m.At == 5_000 && m.Kind == MarkCommand && strings.Contains(m.Label, "crash 2")
	}) {
		t.Errorf("no marker for the new action at 00:00:05.000: %v", ms)
	}
}
