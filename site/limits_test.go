package site

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/link"
)

// tenHours is the script: nine brokers, twelve partitions, ten
// simulated hours, one advance (script.MaxSpan) at a time; line 7 is the
// advance past the first hour.
func tenHours() string {
	var b strings.Builder
	b.WriteString("cluster brokers=9 seed=7\ncreate-topic orders partitions=12 rf=3\nconsume orders-0 from=earliest\n")
	for h := range 10 {
		fmt.Fprintf(&b, "produce orders-%d count=5 acks=all\nadvance 1h\n", h)
	}
	return b.String()
}

// measured returns what f allocated, in bytes, and how long it took.
func measured(f func()) (uint64, time.Duration) {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	t0 := time.Now()
	f()
	d := time.Since(t0)
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc, d
}

// liveHeap returns the Go heap in use after a collection, in bytes.
func liveHeap() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestTenHoursRefusedByThePage: the script, opened from a link
// or applied in the editor, is refused at once at line 7 with the limit
// named, and the reader's text is kept; before, it built 11.6 million
// events and a 2 GB allocation in the timeline's markers.
func TestTenHoursRefusedByThePage(t *testing.T) {
	src := tenHours()
	var s *Store
	bytes, took := measured(func() {
		s = OpenStartup(ParseStartup("#"+link.Encode(link.Link{Script: src}), ""), false)
		s.Player.fillMarkers()
	})
	t.Logf("a link with the script: refused in %v, allocating %d KB", took, bytes>>10)
	if bytes > 8<<20 {
		t.Errorf("refusing the link allocated %d MB", bytes>>20)
	}
	p := s.EditorProblem()
	if p == nil || p.Line != 7 || !strings.Contains(p.Msg, "a script spans at most 1h of simulated time (kplay's limit, MaxScriptSpan)") {
		t.Fatalf("problem %+v, want line 7 and the span's limit", p)
	}
	if s.EditorText() != src || !strings.Contains(s.Err, "MaxScriptSpan") {
		t.Fatalf("the text is not kept (%d bytes) or the error not shown (%q)", len(s.EditorText()), s.Err)
	}
	// Applied in the editor over a playing scenario: not applied, the same
	// line marked, the draft kept.
	s = defaultStore(t)
	s.Dispatch(EditScript{Text: src})
	bytes, took = measured(func() { s.Dispatch(ApplyScript{}) })
	t.Logf("applied in the editor: refused in %v, allocating %d KB", took, bytes>>10)
	if !strings.HasPrefix(s.Edit.Status, "Not applied: line 7") || s.EditorText() != src || !s.Edit.Dirty {
		t.Fatalf("status %q, draft kept %v", s.Edit.Status, s.EditorText() == src)
	}
}

// TestHugeTOpensAtTheEnd: an embed's t= far past its scenario (31 years)
// opens at the scenario's end under a notice, as the share link's does,
// and costs what opening at the end costs: the same events replayed.
func TestHugeTOpensAtTheEnd(t *testing.T) {
	q := "?s=" + strings.TrimPrefix(link.Encode(link.Link{Script: crashScript}), "s=")
	end := OpenStartup(ParseStartup("", q+"&t=302000"), true)
	huge := OpenStartup(ParseStartup("", q+"&t=999999999999"), true)
	if huge.Player.Now() != end.Player.Now() || huge.Player.Now() != ScenarioEnd(huge.Player.Scenario()) {
		t.Fatalf("opened at %s, want the end %s", engine.FormatTime(huge.Player.Now()), engine.FormatTime(end.Player.Now()))
	}
	if !strings.Contains(huge.Share.Notice, "opens at the scenario's end, 00:05:02.000") || end.Share.Notice != "" {
		t.Fatalf("notices %q and %q", huge.Share.Notice, end.Share.Notice)
	}
	if huge.Player.EventCount() != end.Player.EventCount() || huge.Player.replayed != end.Player.replayed {
		t.Fatalf("a huge t played %d events (%d replayed), the end %d (%d)", huge.Player.EventCount(), huge.Player.replayed, end.Player.EventCount(), end.Player.replayed)
	}
	// The player itself never plays past MaxPlaySpan, whatever it is asked.
	p, err := NewPlayer(compile(t, "cluster brokers=1\n"))
	if err != nil {
		t.Fatal(err)
	}
	p.Seek(1 << 50)
	if p.Now() != MaxPlaySpan {
		t.Fatalf("Seek(2^50) went to %s, want %s", engine.FormatTime(p.Now()), engine.FormatTime(MaxPlaySpan))
	}
}

// TestPlaySpanStopsPlayback: a history stops at MaxPlaySpan with the
// limit in Err; a seek back clears it and plays again.
func TestPlaySpanStopsPlayback(t *testing.T) {
	p, err := NewPlayer(compile(t, "cluster brokers=1\n"))
	if err != nil {
		t.Fatal(err)
	}
	for range 26 {
		p.Advance(3_600_000)
	}
	var le *LimitError
	if p.Now() != MaxPlaySpan || !errors.As(p.Err(), &le) || !strings.Contains(le.Msg, "at most 24h of simulated time past the scenario's start (MaxPlaySpan), so playback stops at 24:00:00.000") {
		t.Fatalf("at %s, Err %v", engine.FormatTime(p.Now()), p.Err())
	}
	if p.StepOne() || p.Inject(engine.Crash{Broker: 1}) == nil {
		t.Fatal("a stopped history still steps or takes commands")
	}
	p.Seek(3_600_000)
	if p.Err() != nil || p.Now() != 3_600_000 {
		t.Fatalf("after a seek back: at %s, Err %v", engine.FormatTime(p.Now()), p.Err())
	}
	p.Advance(1000)
	if p.Now() != 3_601_000 {
		t.Fatalf("does not play on after the seek back: at %s", engine.FormatTime(p.Now()))
	}
}

// TestScriptEventLimitStopsThePlayer: a script within its span that makes
// more than script.MaxScriptEvents (twelve rate producers on nine
// brokers, 99,360 records, some 2.5 million events in 23 minutes) stops there, with the
// limit and the line of its last command played in Err, found by the
// timeline's run ahead before the playhead gets there; and, its log
// windowed, the page holds the newest 32k events whole, not two
// million (some 380 MB).
func TestScriptEventLimitStopsThePlayer(t *testing.T) {
	var b strings.Builder
	b.WriteString("cluster brokers=9 seed=7\ncreate-topic orders partitions=12 rf=3\n")
	for part := range 12 {
		fmt.Fprintf(&b, "produce orders-%d rate=6/s for=23m acks=all\n", part)
	}
	b.WriteString("advance 23m\n")
	p, err := NewPlayer(compile(t, b.String()))
	if err != nil {
		t.Fatal(err)
	}
	before := liveHeap()
	bytes, took := measured(p.fillMarkers)
	t.Logf("the run ahead met the limit in %v, allocating %d MB", took, bytes>>20)
	var se *StepError
	if !errors.As(p.Err(), &se) || se.Line < 3 || se.Line > 14 || !strings.Contains(se.Err.Error(), "the script has made more than 2,000,000 events by 00:1") ||
		!strings.Contains(se.Err.Error(), "(MaxScriptEvents)") {
		t.Fatalf("Err %v before the playhead moved, want the script's event limit on a produce line", p.Err())
	}
	if p.Now() != p.sc.Config.Start {
		t.Fatal("the run ahead moved the playhead")
	}
	bytes, took = measured(func() { p.AdvanceTo(p.sc.End) })
	t.Logf("playing to the limit took %v, allocating %d MB", took, bytes>>20)
	if !errors.As(p.Err(), &se) || p.limit == nil || p.Now() >= p.sc.End || p.EventCount() > script.MaxScriptEvents+1000 {
		t.Fatalf("at %s with %d events, limit %v", engine.FormatTime(p.Now()), p.EventCount(), p.limit)
	}
	held := p.EventCount() - p.c.FirstEvent()
	heap := liveHeap()
	t.Logf("at the limit: %d events, %d held whole, %d kept, %d checkpoints, live heap %d MB (%d MB before)", p.EventCount(), held, p.c.KeptEvents(), p.Checkpoints(), heap>>20, before>>20)
	// Two million events whole would be some 380 MB; what is left is the
	// cluster's own state (99,360 records on three replicas, the
	// invariants' record of them, 123 checkpoints' schedules).
	if held > eventWindow+4*1024 || heap > before+300<<20 {
		t.Fatalf("the log holds %d events whole and the heap grew by %d MB", held, (heap-before)>>20)
	}
}

// TestSeekReplaysOneSpacing: wherever a seek lands in a played run (on a
// checkpoint, just before one, far back, near the furthest moment), it
// restores one checkpoint and replays at most the spacing and one
// moment's events, counted. The run is long enough for dozens of
// checkpoints at the default spacing, 16,384 events.
func TestSeekReplaysOneSpacing(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	p.Advance(60 * 60_000)
	if p.Checkpoints() < 8 || p.cps.every != firstCheckpointEvery {
		t.Fatalf("%d checkpoints %d events apart", p.Checkpoints(), p.cps.every)
	}
	moment := biggestMoment(t, p)
	start, end := p.sc.Config.Start, p.Now()
	var targets []engine.Time
	for i := range 40 {
		targets = append(targets, start+(end-start)*engine.Time(i)/39)
	}
	for _, cp := range p.cps.list {
		targets = append(targets, cp.at, cp.at-1, cp.at+1)
	}
	most := 0
	for _, to := range targets {
		p.Seek(to)
		most = max(most, p.replayed)
		if p.replayed > p.cps.every+moment {
			t.Fatalf("a seek to %s replayed %d events, more than %d + %d", engine.FormatTime(to), p.replayed, p.cps.every, moment)
		}
	}
	t.Logf("%d seeks over %d events: at most %d replayed", len(targets), p.EventCount(), most)
}

// TestLongSessionStaysBounded: nine brokers and twelve partitions with
// records in them, played for three simulated hours (about three million
// events, what an hour of wall time at the top speed plays in a third of
// its time), hold a bounded log and bounded checkpoints; after a seek
// back the filtered event log, the timeline's markers and a fresh replay
// agree.
func TestLongSessionStaysBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("plays three simulated hours of 9x12")
	}
	s := NewStoreFromScript("nine.txt", "cluster brokers=9 seed=7\ncreate-topic orders partitions=12 rf=3\nconsume orders-0 from=earliest\nproduce orders-0 count=5 acks=all\nadvance 10s\ncrash 1\nadvance 20s\nrestart 1\n")
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	p := s.Player
	before := liveHeap()
	var peakHeld, peakKept int
	t0 := time.Now()
	for range 3 * 60 {
		p.Advance(60_000)
		peakHeld = max(peakHeld, p.EventCount()-p.c.FirstEvent())
		peakKept = max(peakKept, p.c.KeptEvents())
		s.LogLines(false, 200)
	}
	heap := liveHeap()
	t.Logf("3 simulated hours in %v: %d events, at most %d held whole, %d kept, %d checkpoints %d events apart, live heap %d MB (%d MB before)",
		time.Since(t0), p.EventCount(), peakHeld, peakKept, p.Checkpoints(), p.cps.every, heap>>20, before>>20)
	if peakHeld > eventWindow+4*1024 || peakKept > maxKeptEvents+1024 || p.Checkpoints() > maxCheckpoints {
		t.Fatalf("held %d, kept %d, %d checkpoints", peakHeld, peakKept, p.Checkpoints())
	}
	if heap > before+64<<20 {
		t.Fatalf("the heap grew by %d MB", (heap-before)>>20)
	}
	// The election after the crash, three hours back, is still in the
	// filtered log, and seeking there and back costs one spacing.
	lines := s.LogLines(false, 1<<20)
	found := false
	for _, l := range lines {
		found = found || strings.Contains(l.Text, "(b1 was fenced")
	}
	if !found && !strings.Contains(fmt.Sprint(lines), "leader b") {
		t.Fatalf("the filtered log lost the elections: %d lines", len(lines))
	}
	p.Seek(p.sc.Config.Start + 15_000)
	if p.replayed > p.cps.every+biggestMoment(t, p) {
		t.Fatalf("seeking back three hours replayed %d events", p.replayed)
	}
	checkMarkers(t, p, "after three hours")
	to := p.sc.Config.Start + 2*3_600_000 + 17
	p.Seek(to)
	if got, want := seekAndReplay(t, p, to); got != want {
		t.Fatalf("seek two hours in differs from a replay: %s", firstDiff(got, want))
	}
}
