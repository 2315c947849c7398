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
	q.steps = mergeSteps(q.scripted, q.user)
	q.play(p.Horizon())
	var c markerCache
	c.scan(q.c, p.lines)
	return c.markers
}

func checkMarkers(t *testing.T, p *Player, when string) []Marker {
	t.Helper()
	p.fillMarkers()
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

// TestRateProducerIsOneMarker: the default scenario's producer, produce
// rate=2/s for=10m, is one script line expanded into a record every
// 500 ms: 1,200 records from 10:00:00.000 to 10:09:59.500. They are one
// command marker, not 1,200; the set-up commands at the start (the topic,
// three slow links, the consumer) are another.
func TestRateProducerIsOneMarker(t *testing.T) {
	s := defaultStore(t)
	s.Player.fillMarkers()
	ms, _ := s.Player.Markers()
	var commands []Marker
	for _, m := range ms {
		if m.Kind == MarkCommand {
			commands = append(commands, m)
		}
	}
	if len(commands) != 2 {
		t.Fatalf("%d command markers, want 2 (the set-up and the producer): %v", len(commands), commands)
	}
	setup, rate := commands[0], commands[1]
	if setup.At != at("10:00:00.000") || setup.Count != 5 || !strings.Contains(setup.Label, "create-topic orders") {
		t.Errorf("set-up marker %+v, want the 5 commands at 10:00:00.000", setup)
	}
	if rate.At != at("10:00:00.000") || rate.Until != at("10:09:59.500") || rate.Count != 1200 || rate.More() != 1197 ||
		!strings.HasPrefix(rate.Label, "> produce orders-0") || strings.Count(rate.Label, "\n") != labelLines-1 {
		t.Errorf("producer marker %+v, want 1200 records from 10:00:00.000 to 10:09:59.500 labelled by the first 3", rate)
	}
	shown, _ := s.TimelineMarkers()
	if len(shown) > 4 {
		t.Errorf("the timeline draws %d markers at the start, want at most 4: %v", len(shown), shown)
	}
}

// TestFitMarkersBoundsTheTrack: markers of one kind closer than a slot
// fold into the first of them, each kept marker opening a slot of its
// own; other kinds are kept apart.
func TestFitMarkersBoundsTheTrack(t *testing.T) {
	cmd := func(at engine.Time, label string) Marker {
		return Marker{At: at, Until: at, Kind: MarkCommand, Label: label, Count: 1}
	}
	in := []Marker{cmd(0, "a"), cmd(5, "b"), {At: 5, Until: 5, Kind: MarkFault, Label: "f", Count: 1},
		cmd(9, "c"), cmd(9, "d"), cmd(10, "e"), cmd(25, "g")}
	got := fitMarkers(in, 10)
	want := []Marker{
		{At: 0, Until: 9, Kind: MarkCommand, Label: "a\nb\nc", Count: 4},
		{At: 5, Until: 5, Kind: MarkFault, Label: "f", Count: 1},
		{At: 10, Until: 10, Kind: MarkCommand, Label: "e", Count: 1},
		{At: 25, Until: 25, Kind: MarkCommand, Label: "g", Count: 1},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("fitted\n got  %v\n want %v", got, want)
	}
	if got := fitMarkers(in, 1); !slices.Equal(got, in) {
		t.Errorf("a 1 ms slot changed the markers: %v", got)
	}

	// 5,000 commands, one every 7 ms over 35 s: at most one per slot of
	// 35,000/MarkerSlots ms, none lost from the counts.
	const n, every = 5000, 7
	many := make([]Marker, n)
	for i := range many {
		many[i] = cmd(engine.Time(i*every), "x")
	}
	slot := engine.Time(n*every) / MarkerSlots
	fitted := fitMarkers(many, slot)
	if len(fitted) > MarkerSlots+1 {
		t.Errorf("%d markers for %d slots", len(fitted), MarkerSlots)
	}
	total := 0
	for i, m := range fitted {
		total += m.Count
		if i > 0 && m.At-fitted[i-1].At < slot {
			t.Errorf("markers at %d and %d are closer than a slot (%d ms)", fitted[i-1].At, m.At, slot)
		}
	}
	if total != n {
		t.Errorf("the fitted markers count %d commands, want %d", total, n)
	}
}

// TestMarkersFillOverFrames: start-here's timeline runs ten simulated
// minutes ahead (some 40,000 events), more than one frame should play, so
// Markers plays at most about aheadEvents of them a call, and in a few
// dozen calls has them all, the same as a replay in one go.
func TestMarkersFillOverFrames(t *testing.T) {
	s := defaultStore(t)
	p := s.Player
	p.Markers()
	if p.markersDone() {
		t.Fatal("the first call ran the whole ten minutes ahead")
	}
	calls := 1
	for !p.markersDone() {
		before := p.marks.ahead.EventCount()
		p.Markers()
		calls++
		if p.marks.ahead != nil {
			if added := p.marks.ahead.EventCount() - before; added > 2*aheadEvents {
				t.Fatalf("call %d ran %d events ahead; want about %d at most", calls, added, aheadEvents)
			}
		}
		if calls > 100 {
			t.Fatalf("the markers still end at %s after %d calls", engine.FormatTime(p.marks.upto), calls)
		}
	}
	checkMarkers(t, p, "filled over frames")
}

// TestRenderRunsAheadOnce: the reads of one render (the timeline's
// markers, the first violation, the markers again) run the timeline's
// clone ahead once, not once each; the next turn of the Store (a frame's
// Tick) runs it on.
func TestRenderRunsAheadOnce(t *testing.T) {
	s := defaultStore(t)
	s.Dispatch(TogglePlay{}) // paused, so that only the run ahead moves
	s.TimelineMarkers()
	first := s.Player.marks.n
	if first == 0 || s.Player.markersDone() {
		t.Fatalf("start-here's timeline: %d events scanned, done %v; want a part of its ten minutes", first, s.Player.markersDone())
	}
	s.FirstViolation()
	s.TimelineMarkers()
	if n := s.Player.marks.n; n != first {
		t.Fatalf("one render scanned %d events, then %d: it ran ahead again", first, n)
	}
	s.Dispatch(Tick{RealMs: frameMs})
	s.TimelineMarkers()
	if n := s.Player.marks.n; n <= first {
		t.Fatalf("the next frame scanned %d events, no more than the first render's %d", n, first)
	}
}
