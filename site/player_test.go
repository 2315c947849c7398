package site

import (
	"fmt"
	"slices"
	"sort"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/scenarios"
)

// lesson compiles the default preset the way the page does.
func lesson(t *testing.T) script.Scenario {
	t.Helper()
	p, ok := scenarios.Get(lessonPreset)
	if !ok {
		t.Fatalf("no preset %s", lessonPreset)
	}
	sc, err := script.ParseAndCompile(p.Name, script.StripExpected(p.Text))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func at(s string) engine.Time {
	var h, m, sec, ms int64
	if _, err := fmt.Sscanf(s, "%d:%d:%d.%d", &h, &m, &sec, &ms); err != nil {
		panic(err)
	}
	return engine.Time(((h*60+m)*60+sec)*1000 + ms)
}

func replica(t *testing.T, p *Player, b engine.BrokerID) engine.ReplicaState {
	t.Helper()
	st := p.State()
	part, ok := FirstPartition(st)
	if !ok {
		t.Fatal("no partition")
	}
	r, ok := st.Replica(b, part.TP)
	if !ok {
		t.Fatalf("b%d holds no replica", b)
	}
	return r
}

func TestNewPlayerAppliesStepsAtStart(t *testing.T) {
	sc := lesson(t)
	p, err := NewPlayer(sc)
	if err != nil {
		t.Fatal(err)
	}
	if p.Now() != sc.Config.Start {
		t.Fatalf("playhead %s, want %s", engine.FormatTime(p.Now()), engine.FormatTime(sc.Config.Start))
	}
	st := p.State()
	if len(st.Partitions) != 1 || st.Partitions[0].Leader != 1 {
		t.Fatalf("partitions %+v, want orders-0 led by b1", st.Partitions)
	}
	if p.Err() != nil {
		t.Fatal(p.Err())
	}
}

// TestLessonStory plays the lesson to 10:00:00.020 and checks the golden
// state: every replica holds order-9001 at offset 1204.
func TestLessonStory(t *testing.T) {
	p, err := NewPlayer(lesson(t))
	if err != nil {
		t.Fatal(err)
	}
	p.Seek(at("10:00:00.020"))
	for b := engine.BrokerID(1); b <= 3; b++ {
		r := replica(t, p, b)
		if r.LEO != 1205 {
			t.Errorf("b%d LEO %d, want 1205", b, r.LEO)
		}
		if got := r.Log[1204-r.LogStart].Value; got != "order-9001" {
			t.Errorf("b%d offset 1204 holds %q", b, got)
		}
	}
	if hw := replica(t, p, 1).HW; hw != 1205 {
		t.Errorf("leader HW %d, want 1205", hw)
	}
}

// TestAdvanceMatchesSeek: playing in small slices, fractions included,
// reaches the same state as one seek.
func TestAdvanceMatchesSeek(t *testing.T) {
	sc := lesson(t)
	a, _ := NewPlayer(sc)
	b, _ := NewPlayer(sc)
	target := at("10:00:01.000")
	for a.Now() < target {
		a.Advance(0.37)
	}
	b.Seek(a.Now())
	if a.Now() != b.Now() {
		t.Fatalf("playheads %d and %d", a.Now(), b.Now())
	}
	if a.EventCount() != b.EventCount() {
		t.Fatalf("events %d and %d", a.EventCount(), b.EventCount())
	}
	for i, e := range a.Events(0) {
		if e.String() != b.Events(0)[i].String() || e.At != b.Events(0)[i].At {
			t.Fatalf("event %d: %s vs %s", i, e, b.Events(0)[i])
		}
	}
}

func TestAdvanceKeepsFraction(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	start := p.Now()
	for range 10 {
		p.Advance(0.25) // 1/4 ms per frame: 100× slower at 40 ms frames
	}
	if got := p.Now() - start; got != 2 {
		t.Fatalf("10 × 0.25 ms moved %d ms, want 2", got)
	}
	if f := p.Exact() - float64(p.Now()); f < 0.49 || f > 0.51 {
		t.Fatalf("fraction %v, want 0.5", f)
	}
	p.Advance(-1)
	p.Advance(0)
	if p.Now()-start != 2 {
		t.Fatal("a non-positive advance moved the clock")
	}
}

func TestPlaybackContinuesPastEnd(t *testing.T) {
	sc := lesson(t)
	p, _ := NewPlayer(sc)
	p.Seek(sc.End + 2000)
	if p.Now() != sc.End+2000 {
		t.Fatalf("playhead %d, want %d", p.Now(), sc.End+2000)
	}
	// The fetch loop keeps running: followers' fetches are held open.
	if r := replica(t, p, 2); r.FetchOffset != 1209 {
		t.Fatalf("b2 fetch offset %d, want 1209", r.FetchOffset)
	}
	if _, ok := p.NextActivity(); !ok {
		t.Fatal("nothing scheduled past the end")
	}
}

func TestStepOneProcessesOneEvent(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	n := p.EventCount()
	next, ok := p.NextActivity()
	if !ok {
		t.Fatal("nothing scheduled")
	}
	if !p.StepOne() {
		t.Fatal("StepOne did nothing")
	}
	if p.Now() != next {
		t.Fatalf("playhead %d, want %d", p.Now(), next)
	}
	if p.EventCount() <= n {
		t.Fatal("no event happened")
	}
}

// TestStepOneRunsStepsOnTime: stepping through the lesson never skips a
// scripted command: the produce at 10:00:00.000 happens at that time.
func TestStepOneRunsStepsOnTime(t *testing.T) {
	sc := lesson(t)
	p, _ := NewPlayer(sc)
	target := at("10:00:00.001")
	for p.Now() < target && p.StepOne() {
	}
	var found bool
	for _, e := range p.Events(0) {
		if e.Kind == engine.EvCommand && e.Text == "produce orders-0 values=(order-9001) acks=all" {
			found = true
			if e.At != at("10:00:00.000") {
				t.Fatalf("order-9001 produced at %s", engine.FormatTime(e.At))
			}
		}
	}
	if !found {
		t.Fatal("order-9001 was never produced")
	}
	ref, _ := NewPlayer(sc)
	ref.Seek(p.Now())
	if got, want := replica(t, p, 1).LEO, replica(t, ref, 1).LEO; got != want {
		t.Fatalf("stepping gave leader LEO %d, seeking %d", got, want)
	}
}

func TestInjectIsReplayed(t *testing.T) {
	sc := lesson(t)
	p, _ := NewPlayer(sc)
	p.Seek(at("10:00:05.000"))
	cmd := engine.Produce{TP: engine.TopicPartition{Topic: "orders"}, Values: []string{"order-9006"}, Acks: engine.AcksAll}
	if err := p.Inject(cmd); err != nil {
		t.Fatal(err)
	}
	p.Advance(50)
	for b := engine.BrokerID(1); b <= 3; b++ {
		if r := replica(t, p, b); r.LEO != 1210 {
			t.Fatalf("b%d LEO %d after the injected produce, want 1210", b, r.LEO)
		}
	}
	if hw := replica(t, p, 1).HW; hw != 1210 {
		t.Fatalf("leader HW %d, want 1210", hw)
	}
	live := p.Events(0)
	// A seek back before the injection and forward again replays it.
	p.Seek(sc.Config.Start)
	if r := replica(t, p, 1); r.LEO != 0 {
		t.Fatalf("after seeking to the start, leader LEO %d", r.LEO)
	}
	p.Seek(at("10:00:05.050"))
	if r := replica(t, p, 1); r.LEO != 1210 {
		t.Fatalf("replay lost the injected record: leader LEO %d", r.LEO)
	}
	replay := p.Events(0)
	if len(live) != len(replay) {
		t.Fatalf("live run has %d events, replay %d", len(live), len(replay))
	}
	for i := range live {
		if live[i].At != replay[i].At || live[i].String() != replay[i].String() {
			t.Fatalf("event %d differs: %s / %s", i, live[i], replay[i])
		}
	}
	if got := p.UserSteps(); len(got) != 1 || got[0].At != at("10:00:05.000") {
		t.Fatalf("user steps %+v", got)
	}
}

func TestInjectInThePastForks(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	tp := engine.TopicPartition{Topic: "orders"}
	p.Seek(at("10:00:05.000"))
	if err := p.Inject(engine.Produce{TP: tp, Values: []string{"late"}, Acks: engine.AcksAll}); err != nil {
		t.Fatal(err)
	}
	p.Seek(at("10:00:03.000"))
	if err := p.Inject(engine.Produce{TP: tp, Values: []string{"early"}, Acks: engine.AcksAll}); err != nil {
		t.Fatal(err)
	}
	steps := p.UserSteps()
	if len(steps) != 1 || steps[0].At != at("10:00:03.000") {
		t.Fatalf("user steps after a fork: %+v", steps)
	}
}

func TestInjectInvalidChangesNothing(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	n := p.EventCount()
	err := p.Inject(engine.Produce{TP: engine.TopicPartition{Topic: "nope"}, Values: []string{"x"}, Acks: engine.AcksAll})
	if err == nil {
		t.Fatal("a produce to a missing topic was accepted")
	}
	if p.EventCount() != n || len(p.UserSteps()) != 0 {
		t.Fatal("a failed injection changed the player")
	}
}

func TestSeekBeforeStartClamps(t *testing.T) {
	sc := lesson(t)
	p, _ := NewPlayer(sc)
	p.Seek(0)
	if p.Now() != sc.Config.Start {
		t.Fatalf("playhead %d, want the start %d", p.Now(), sc.Config.Start)
	}
	g := p.Generation()
	p.Seek(sc.Config.Start + 10)
	if p.Generation() == g {
		t.Fatal("Seek did not count a rebuild")
	}
}

func TestMergeStepsScriptFirstAtTies(t *testing.T) {
	s := []script.Step{{At: 1, Line: 1}, {At: 5, Line: 2}}
	u := []script.Step{{At: 5, Line: -1}, {At: 3, Line: -2}}
	got := mergeSteps(s, u)
	var lines []int
	for _, st := range got {
		lines = append(lines, st.Line)
	}
	if want := []int{1, -2, 2, -1}; !slices.Equal(lines, want) {
		t.Fatalf("merged lines %v, want %v", lines, want)
	}
}

// TestPlayerMatchesRunner: the page plays every preset exactly as kplay run
// and the golden tests do, event for event, so that what a learner sees is
// what the tests assert.
func TestPlayerMatchesRunner(t *testing.T) {
	for _, p := range scenarios.All() {
		dirs, err := script.Parse(p.Name, p.Text)
		if err != nil {
			t.Fatal(err)
		}
		var r script.Runner
		for _, d := range dirs {
			if _, err := r.Exec(d); err != nil {
				t.Fatalf("%s: %v", p.Name, err)
			}
		}
		sc, err := script.ParseAndCompile(p.Name, script.StripExpected(p.Text))
		if err != nil {
			t.Fatal(err)
		}
		pl, err := NewPlayer(sc)
		if err != nil {
			t.Fatal(err)
		}
		pl.AdvanceTo(sc.End)
		want, got := r.Cluster().Events(0), pl.Events(0)
		// The player also runs what is due at the end instant after the
		// script's last command; the runner stops there.
		if len(got) < len(want) {
			t.Fatalf("%s: runner has %d events, player only %d", p.Name, len(want), len(got))
		}
		for i := range want {
			if script.FormatEvent(want[i]) != script.FormatEvent(got[i]) {
				t.Fatalf("%s: event %d differs:\nrunner %s\nplayer %s", p.Name, i, script.FormatEvent(want[i]), script.FormatEvent(got[i]))
			}
		}
	}
}

// TestRecent: Recent(n) yields what RecentEvents(n) holds, newest first,
// across the log's blocks, and stops when yield says so.
func TestRecent(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	p.Seek(p.Scenario().Config.Start + 60000)
	if p.EventCount() < 2100 {
		t.Fatalf("only %d events; the test wants several blocks", p.EventCount())
	}
	for _, n := range []int{0, 1, 50, 1023, 1024, 1025, 4096, p.EventCount(), p.EventCount() + 7} {
		var got []engine.Event
		for e := range p.Recent(n) {
			got = append(got, *e)
		}
		slices.Reverse(got)
		if want := p.RecentEvents(n); !slices.EqualFunc(got, want, func(a, b engine.Event) bool { return a.Seq == b.Seq && a.String() == b.String() }) {
			t.Fatalf("Recent(%d): %d events, RecentEvents: %d", n, len(got), len(want))
		}
	}
	k := 0
	for range p.Recent(100) {
		k++
		if k == 3 {
			break
		}
	}
	if k != 3 {
		t.Fatalf("stopped after %d", k)
	}
}

// TestRecentFetchRounds: RecentFetchRounds gives FetchRounds' length and
// tail as the playhead moves forward, and after a seek back.
func TestRecentFetchRounds(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	tp := engine.TopicPartition{Topic: "orders"}
	check := func() {
		t.Helper()
		for _, f := range []engine.BrokerID{2, 3} {
			all := p.FetchRounds(tp, f)
			total, last := p.RecentFetchRounds(tp, f, 4)
			if total != len(all) || !slices.Equal(last, all[max(0, len(all)-4):]) {
				t.Fatalf("at %d, b%d: %d rounds, last %v; FetchRounds has %d, ending %v", p.Now(), f, total, last, len(all), all[max(0, len(all)-4):])
			}
			if got, want := LastFetchRoundRows(total, last), FetchRoundRows(all, 4); !slices.Equal(got, want) {
				t.Fatalf("rows %v, want %v", got, want)
			}
		}
	}
	start := p.Scenario().Config.Start
	for _, ms := range []engine.Time{0, 5, 11, 20, 400, 3000, 20000} {
		p.AdvanceTo(start + ms)
		check()
	}
	p.Seek(start + 700)
	check()
	p.AdvanceTo(start + 9000)
	check()
}

// TestMergeStepsMatchesAStableSort: the one-pass merge gives what a
// stable sort of the scripted steps followed by the user's gives, for
// steps in time order or not.
func TestMergeStepsMatchesAStableSort(t *testing.T) {
	x := uint32(7)
	next := func(n uint32) engine.Time { x = x*1664525 + 1013904223; return engine.Time(x >> 16 % n) }
	for round := range 20 {
		var s, u []script.Step
		for i := range 200 {
			s = append(s, script.Step{At: next(50), Line: i + 1})
		}
		for i := range 30 {
			u = append(u, script.Step{At: next(50), Line: -i - 1})
		}
		if round%2 == 0 {
			s, u = byTime(s), byTime(u)
		}
		want := append(slices.Clone(s), u...)
		sort.SliceStable(want, func(i, j int) bool { return want[i].At < want[j].At })
		if got := mergeSteps(s, u); !slices.EqualFunc(got, want, func(a, b script.Step) bool { return a.At == b.At && a.Line == b.Line }) {
			t.Fatalf("round %d: merged %v, want %v", round, got, want)
		}
	}
}

// TestActionsFollowTheHistory: the reader's actions, built once per
// history, follow a new action, a fork and its undo.
func TestActionsFollowTheHistory(t *testing.T) {
	s := defaultStore(t)
	s.Dispatch(Seek{At: at("10:00:02.000")})
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	s.Dispatch(Seek{At: at("10:00:04.000")})
	s.Dispatch(Act{Cmd: engine.Restart{Broker: 1}})
	want := []string{"10:00:02.000 crash 1", "10:00:04.000 restart 1"}
	if got := s.Actions(); !slices.Equal(got, want) {
		t.Fatalf("actions %q, want %q", got, want)
	}
	s.Dispatch(Seek{At: at("10:00:03.000")})
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 2}})
	if got, want := s.Actions(), []string{"10:00:02.000 crash 1", "10:00:03.000 crash 2"}; !slices.Equal(got, want) {
		t.Fatalf("after acting in the past: actions %q, want %q", got, want)
	}
	s.Dispatch(UndoFork{})
	if got := s.Actions(); !slices.Equal(got, want) {
		t.Fatalf("after the undo: actions %q, want %q", got, want)
	}
}
