package site

import (
	"os"
	"slices"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/scenarios"
)

// vsScript reads testdata/vs-acks-short.txt, cmd/kplay/testdata/vs-acks.txt's
// scenario shortened, which the page's browser test plays too: acks=all
// beside acks=1 and acks=0 on a 3-broker cluster with
// min.insync.replicas=2. m2 is acknowledged by b1 alone with acks=1,
// whose followers are 1 ms behind, and b1 crashes at 10 s.
func vsScript(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/vs-acks-short.txt")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sameClock fails t unless every variant's playhead is the base's, to
// the fraction of a millisecond.
func sameClock(t *testing.T, s *Store, when string) {
	t.Helper()
	for _, v := range s.Variants {
		if v.Player.Exact() != s.Player.Exact() {
			t.Errorf("%s: variant %q at %v, the base at %v", when, v.Label, v.Player.Exact(), s.Player.Exact())
		}
	}
}

// TestVariantsShareTheClock: a script with two vs lines plays three
// runs, and play (frames at any speed), a step, a seek back, a seek
// forward and a restart leave every variant at the base's playhead.
func TestVariantsShareTheClock(t *testing.T) {
	s := NewStoreFromScript("vs.txt", vsScript(t))
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	if len(s.Variants) != 2 || s.Variants[0].Label != "acks=1" || s.Variants[1].Label != "acks=0" {
		t.Fatalf("variants %+v, want acks=1 and acks=0", s.Variants)
	}
	s.Dispatch(SetSpeed{Speed: 0.37})
	for range 20 {
		s.Dispatch(Tick{RealMs: 16.7})
	}
	if s.Player.Exact() == float64(s.Player.Scenario().Config.Start) {
		t.Fatal("the base did not play")
	}
	sameClock(t, s, "playing")
	s.Dispatch(StepOnce{})
	sameClock(t, s, "a step")
	s.Dispatch(Seek{At: 12_000})
	sameClock(t, s, "a seek forward")
	s.Dispatch(Seek{At: 3_000})
	sameClock(t, s, "a seek back")
	s.Dispatch(Restart{})
	sameClock(t, s, "a restart")
}

// TestVariantsTakeTheReadersCrash: a crash the reader clicks at 5 s
// lands in every variant at 5 s (its event log says b2 crashed then),
// and a seek back before it and forward again replays it there; a
// restart takes it out of every run.
func TestVariantsTakeTheReadersCrash(t *testing.T) {
	s := NewStoreFromScript("vs.txt", vsScript(t))
	s.Dispatch(TogglePlay{})
	s.Dispatch(Seek{At: 5_000})
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 2}})
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	crashedAt := func(p *Player) []engine.Time {
		var at []engine.Time
		for _, e := range p.Events(0) {
			if strings.Contains(script.FormatEvent(e), "b2 crashed") {
				at = append(at, e.At)
			}
		}
		return at
	}
	check := func(when string) {
		t.Helper()
		for _, v := range s.Variants {
			got := crashedAt(v.Player)
			if len(got) != 1 || got[0] != 5_000 {
				t.Errorf("%s: variant %q has b2 crashed at %v, want once at 5000", when, v.Label, got)
			}
			if len(v.Player.UserSteps()) != 1 {
				t.Errorf("%s: variant %q holds %d commands of the reader's, want 1", when, v.Label, len(v.Player.UserSteps()))
			}
		}
	}
	check("at once")
	s.Dispatch(Seek{At: 20_000})
	check("after playing on")
	s.Dispatch(Seek{At: 1_000})
	s.Dispatch(Seek{At: 30_000})
	check("after a seek back and forward")
	sameClock(t, s, "after the crash")
	s.Dispatch(Restart{})
	for _, v := range s.Variants {
		if n := len(v.Player.UserSteps()); n != 0 {
			t.Errorf("after a restart, variant %q holds %d commands of the reader's, want none", v.Label, n)
		}
	}
}

// TestVariantRunIsKplayRun: each variant the page plays ends as kplay
// run's run of it (script.Runner over script.ApplyVariant's lines): the
// same cluster state and the same outcome, no difference between them.
func TestVariantRunIsKplayRun(t *testing.T) {
	s := NewStoreFromScript("vs.txt", vsScript(t))
	dirs, err := script.Parse("vs.txt", vsScript(t))
	if err != nil {
		t.Fatal(err)
	}
	base, scs, err := script.CompileVariants(dirs)
	if err != nil {
		t.Fatal(err)
	}
	s.Dispatch(Seek{At: 60_000})
	for i, v := range base.Variants {
		vd, err := script.ApplyVariant(dirs, v)
		if err != nil {
			t.Fatal(err)
		}
		r := script.Runner{Variant: v.Label}
		for _, d := range vd {
			if _, err := r.Exec(d); err != nil {
				t.Fatalf("variant %q: %v", v.Label, err)
			}
		}
		c := r.Cluster()
		p := s.Variants[i].Player
		if p.Now() != c.Now() {
			t.Fatalf("variant %q: the page at %d, kplay run ends at %d", v.Label, p.Now(), c.Now())
		}
		if got, want := script.StateText(p.State(), nil), script.StateText(c.State(), nil); got != want {
			t.Errorf("variant %q: the page's state\n%s\nkplay run's\n%s", v.Label, got, want)
		}
		pc := p.c
		if d := script.Differences([]script.Outcome{script.OutcomeOf(scs[i], pc), script.OutcomeOf(scs[i], c)}); len(d) != 0 {
			t.Errorf("variant %q: the page's run and kplay run's differ: %+v", v.Label, d)
		}
	}
}

// TestDifferencesInWords: vsScript's runs differ on m2, which p2 sends
// to b1 at 10 s just before b1 crashes with its followers 1 ms behind.
// With acks=all the producer is told nothing until the record is on
// min.insync.replicas=2 replicas, so it retries at the new leader and m2
// is kept; with acks=1 b1's own append acknowledges it and the election
// of a follower that never fetched it loses it (Kafka's docs, acks: "the
// record will be lost" if the leader fails before the followers
// replicate); with acks=0 the producer never hears and m2 is not on the
// new leader. The base is named by its own acks, all (KIP-679's
// default). A click on the difference pauses every run at 10 s.
func TestDifferencesInWords(t *testing.T) {
	s := NewStoreFromScript("vs.txt", vsScript(t))
	if got := s.BaseLabel(); got != "acks=all" {
		t.Errorf("BaseLabel = %q, want acks=all", got)
	}
	ds := s.Differences()
	if len(ds) == 0 {
		t.Fatal("no differences")
	}
	m2 := ds[0]
	want := "m2 (on t-0): acknowledged with acks=all; acknowledged, then lost with acks=1; sent without waiting (acks=0), not on the leader with acks=0"
	if m2.Words != want || m2.At != 10_000 || !m2.Record || m2.Value != "m2" || m2.TP.Topic != "t" {
		t.Errorf("first difference %+v\nwant words %q at 10000", m2, want)
	}
	if &s.Differences()[0] != &ds[0] {
		t.Error("Differences computed again: it is once per history of the reader's commands")
	}
	s.Dispatch(SeekToDifference{Index: 0})
	if s.Playing || s.Player.Now() != 10_000 {
		t.Errorf("after SeekToDifference: playing %v at %d, want paused at 10000", s.Playing, s.Player.Now())
	}
	sameClock(t, s, "after SeekToDifference")
	if s2 := NewStoreFromScript("plain.txt", "cluster brokers=3\n"); s2.Differences() != nil || len(s2.Variants) != 0 {
		t.Error("a script without vs lines has variants or differences")
	}
}

// TestRunViewsMarkTheLostRecord: the runs drawn side by side are the
// base (labelled by its acks=all) and each variant, each with its three
// brokers in the same places; at 20 s, after b2's election, the acks=1
// run outlines m2 on b1's log as lost (CellView.Lost, the diagram's mark
// of a lost write) and says so, and the base marks nothing lost.
func TestRunViewsMarkTheLostRecord(t *testing.T) {
	s := NewStoreFromScript("vs.txt", vsScript(t))
	s.Dispatch(Seek{At: 20_000})
	runs := s.RunViews()
	if len(runs) != 3 || runs[0].Label != "acks=all" || !runs[0].Base || runs[1].Label != "acks=1" {
		t.Fatalf("runs %d, labels %q %q", len(runs), runs[0].Label, runs[1].Label)
	}
	lost := func(r RunView) []string {
		var out []string
		for _, b := range r.Brokers {
			for _, c := range b.Strip.Cells {
				if c.Lost && c.Record.Value != "" {
					out = append(out, b.Node.Key+" "+c.Record.Value)
				}
			}
		}
		return out
	}
	if got := lost(runs[1]); len(got) != 1 || got[0] != "b1 m2" {
		t.Errorf("acks=1 outlines %q lost, want b1 m2", got)
	}
	if got := lost(runs[0]); len(got) != 0 {
		t.Errorf("the base outlines %q lost, want none", got)
	}
	if !slices.Contains(runs[1].Differs, RunDiffer{Text: "m2 (on t-0): acknowledged, then lost", Kind: DifferLost}) {
		t.Errorf("acks=1 says %q", runs[1].Differs)
	}
	for i, r := range runs[1:] {
		for j, b := range r.Brokers {
			if b.Node.Rect != runs[0].Brokers[j].Node.Rect {
				t.Errorf("run %d draws %s at %+v, the base at %+v", i+1, b.Node.Key, b.Node.Rect, runs[0].Brokers[j].Node.Rect)
			}
		}
	}
}

// TestRunViewsMarkWhatIsSoNow: a run's marks say what a difference is
// at the playhead, not how the run ends. With acks=1, b1 acknowledges m2
// at 10 s on its own append (ProducerConfig acks=1: "the leader will
// write the record to its local log but will respond without awaiting
// full acknowledgement from all followers") and crashes; until the
// controller fences it (broker.session.timeout.ms, 9 s) and elects a
// follower that never fetched m2, m2 is acknowledged and not yet lost,
// so at 15 s nothing is outlined; at 20 s it is lost and outlined.
func TestRunViewsMarkWhatIsSoNow(t *testing.T) {
	s := NewStoreFromScript("vs.txt", vsScript(t))
	s.Dispatch(Seek{At: 15_000})
	runs := s.RunViews()
	acks1 := runs[1]
	for _, b := range acks1.Brokers {
		for _, c := range b.Strip.Cells {
			if c.Lost {
				t.Errorf("at 15 s acks=1 outlines %s's %q as lost before the election", b.Node.Key, c.Record.Value)
			}
		}
	}
	if !slices.Contains(acks1.Differs, RunDiffer{Text: "m2 (on t-0): acknowledged", Kind: DifferOther}) {
		t.Errorf("at 15 s acks=1 says %+v, want m2 acknowledged", acks1.Differs)
	}
	s.Dispatch(Seek{At: 20_000})
	if got := s.RunViews()[1].Differs; !slices.Contains(got, RunDiffer{Text: "m2 (on t-0): acknowledged, then lost", Kind: DifferLost}) {
		t.Errorf("at 20 s acks=1 says %+v, want m2 lost", got)
	}
}

// TestDifferencesFollowTheReader: the differences are those of the runs
// with the reader's commands in them: after a crash of broker 2 at 5 s on
// the page they are the differences of the script with that crash
// written in at 5 s, computed again when the command comes and not
// before.
func TestDifferencesFollowTheReader(t *testing.T) {
	src := vsScript(t)
	s := NewStoreFromScript("vs.txt", src)
	before := s.Differences()
	s.Dispatch(Seek{At: 5_000})
	if &s.Differences()[0] != &before[0] {
		t.Error("a seek alone computed the differences again")
	}
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 2}})
	got := s.Differences()
	const at = "run until=00:00:10.000 events=none\n"
	i := strings.Index(src, at)
	if i < 0 {
		t.Fatal("the fixture has no run until=00:00:10.000 line")
	}
	written := src[:i] + "run until=00:00:05.000 events=none\ncrash 2\n" + src[i:]
	w := NewStoreFromScript("vs-crash.txt", written)
	if w.Err != "" {
		t.Fatal(w.Err)
	}
	want := w.Differences()
	words := func(ds []RunDiff) []string {
		var out []string
		for _, d := range ds {
			out = append(out, engine.FormatTime(d.At)+" "+d.Words)
		}
		return out
	}
	if !slices.Equal(words(got), words(want)) {
		t.Errorf("after the reader's crash:\n%s\nthe script with the crash written in:\n%s", strings.Join(words(got), "\n"), strings.Join(words(want), "\n"))
	}
	if slices.Equal(words(got), words(before)) {
		t.Errorf("the reader's crash of broker 2 changed no difference: %q", words(got))
	}
}

// TestDifferencesHeldWhileAQuestionIsAhead: while a question is ahead
// (lesson mode, HideOutcome) the Differences list names only what the
// playhead has reached and counts the rest, so the list does not answer
// the question; without a question it names every difference.
func TestDifferencesHeldWhileAQuestionIsAhead(t *testing.T) {
	src := strings.Replace(vsScript(t), "crash 1\n", "crash 1\nask \"Is m2 kept with acks=1?\" options=(yes, no) answer=no\n", 1)
	s := NewStoreFromScript("vs-ask.txt", src)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	all := len(s.Differences())
	s.Dispatch(Seek{At: 1_000})
	if !s.HideOutcome() {
		t.Fatal("no question ahead at 1 s")
	}
	v := s.DifferencesList()
	if all == 0 || len(v.Shown) != 0 || v.Held != all {
		t.Errorf("at 1 s with a question ahead: %d shown, %d held; want 0 and %d", len(v.Shown), v.Held, all)
	}
	s.Dispatch(ToggleLesson{})
	if s.HideOutcome() {
		t.Fatal("lesson mode off, and the outcome still hidden")
	}
	if v := s.DifferencesList(); len(v.Shown) != all || v.Held != 0 || v.Shown[0].Index != 0 {
		t.Errorf("lesson mode off: %d shown, %d held; want all %d", len(v.Shown), v.Held, all)
	}
}

// TestRunViewsSayWhereACommandFailed: the reader's crash of broker 4 on
// a 4-broker cluster lands in a variant with brokers=3 too, where there
// is no broker 4; that run says its command did not apply, and the base,
// where it did, says nothing.
func TestRunViewsSayWhereACommandFailed(t *testing.T) {
	src := "cluster brokers=4 latency=(0,0)\nvs \"3 brokers\" brokers=3\ncreate-topic t partitions=1 rf=3\nproduce t-0 values=(m0)\nrun until=00:00:20.000 events=none\n"
	s := NewStoreFromScript("vs-brokers.txt", src)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	s.Dispatch(Seek{At: 5_000})
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 4}})
	if s.Err != "" {
		t.Fatalf("the base refused the crash: %s", s.Err)
	}
	runs := s.RunViews()
	if runs[0].Err != "" {
		t.Errorf("the base says %q", runs[0].Err)
	}
	if !strings.HasPrefix(runs[1].Err, "A command did not apply in this run: ") || !strings.Contains(runs[1].Err, "4") {
		t.Errorf("the 3-broker run says %q, want its crash of broker 4 refused", runs[1].Err)
	}
}

// TestBaseLabelInWords: the base is labelled by the values its variants
// change, as a vs line's label would say them: a topic's
// min.insync.replicas without the script's @t, the values joined by
// commas (which-cluster-accepts: acks=all with min.insync.replicas=2
// beside acks=1 and min.insync.replicas 1 and 3).
func TestBaseLabelInWords(t *testing.T) {
	src := "cluster brokers=3 latency=(0,0)\nvs \"acks=1\" acks=1\nvs \"min.insync.replicas=1\" min.insync.replicas@t=1\ncreate-topic t partitions=1 rf=3 min.insync.replicas=2\nproduce t-0 values=(m0)\nrun until=00:00:05.000 events=none\n"
	s := NewStoreFromScript("label.txt", src)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	if got, want := s.BaseLabel(), "acks=all, min.insync.replicas=2"; got != want {
		t.Errorf("BaseLabel = %q, want %q", got, want)
	}
}

// TestRunTabs: on a phone the runs take tabs, starting at the first
// variant (the main diagram draws the base); a pick shows another, and
// a pick out of range changes nothing.
func TestRunTabs(t *testing.T) {
	s := NewStoreFromScript("vs.txt", vsScript(t))
	tabs := func() []int {
		var on []int
		for i, r := range s.RunViews() {
			if r.Tab {
				on = append(on, i)
			}
		}
		return on
	}
	if got := tabs(); !slices.Equal(got, []int{1}) {
		t.Errorf("tabs on %v at the start, want [1]", got)
	}
	s.Dispatch(PickRunTab{Index: 0})
	if got := tabs(); !slices.Equal(got, []int{0}) {
		t.Errorf("tabs on %v after picking the base, want [0]", got)
	}
	s.Dispatch(PickRunTab{Index: 3})
	if got := tabs(); !slices.Equal(got, []int{0}) {
		t.Errorf("tabs on %v after picking run 3 of 3, want [0]", got)
	}
}

// TestDifferencesListInTimeOrder: the page lists the differences in the
// order the runs came apart, and a partition's words say its values are
// the end's. which-cluster-accepts: m2 is refused with
// min.insync.replicas=3 at 20 s, and the high watermark first differs
// then too; m3 at 35 s; the HW ends 2, 3 with min.insync.replicas=1
// (m3 committed by an ISR of one) and 1 with min.insync.replicas=3.
func TestDifferencesListInTimeOrder(t *testing.T) {
	pre, ok := scenarios.Get("which-cluster-accepts")
	if !ok {
		t.Fatal("no which-cluster-accepts")
	}
	s := NewStoreFromScript(pre.Name, pre.Text)
	s.Dispatch(ToggleLesson{})
	v := s.DifferencesList()
	for i := 1; i < len(v.Shown); i++ {
		if v.Shown[i].At < v.Shown[i-1].At {
			t.Errorf("difference %d at %d listed after one at %d", i, v.Shown[i].At, v.Shown[i-1].At)
		}
	}
	var hw string
	for _, d := range v.Shown {
		if strings.HasSuffix(d.Key, " HW") {
			hw = d.Words
		}
	}
	if !strings.HasPrefix(hw, "t-0's high watermark (HW) at the end: ") || !strings.Contains(hw, "3 with acks=all, min.insync.replicas=1") {
		t.Errorf("the HW's words %q", hw)
	}
}

// TestVariantsSeekForward: a jump of the playhead forward over history
// the runs have played (the timeline clicked ahead after a seek back)
// moves each variant from its checkpoint, as the base's seek does, not by
// playing the whole span again; a frame's small step plays on.
func TestVariantsSeekForward(t *testing.T) {
	p, ok := scenarios.Get("start-here")
	if !ok {
		t.Fatal("no start-here")
	}
	i := strings.Index(p.Text, "\ncluster ")
	j := strings.Index(p.Text[i+1:], "\n")
	src := p.Text[:i+j+2] + "vs \"min.insync.replicas=1\" min.insync.replicas=1\n" + p.Text[i+j+2:]
	s := NewStoreFromScript("sh.txt", src)
	if s.Err != "" || len(s.Variants) != 1 {
		t.Fatalf("%q, %d variants", s.Err, len(s.Variants))
	}
	start := s.Player.Scenario().Config.Start
	s.Dispatch(ScrubTo{At: start + 600_000})
	s.Dispatch(ScrubTo{At: start + 60_000})
	v := s.Variants[0].Player
	v.replayed = -1
	s.Dispatch(ScrubTo{At: start + 590_000})
	sameClock(t, s, "after the jump forward")
	if v.replayed < 0 || v.replayed > 2*firstCheckpointEvery {
		t.Errorf("the jump from 60 s to 590 s replayed %d events in the variant (-1: played the span on), want at most %d", v.replayed, 2*firstCheckpointEvery)
	}
	if !s.Playing {
		s.Dispatch(TogglePlay{})
	}
	v.replayed = -1
	at := s.Player.Exact()
	s.Dispatch(Tick{RealMs: 16.7})
	sameClock(t, s, "after a frame")
	if s.Player.Exact() == at {
		t.Fatal("the frame did not play")
	}
	if v.replayed != -1 {
		t.Errorf("a frame's step seeked the variant (%d events replayed)", v.replayed)
	}
}

// TestDifferencesWaitForTheirQuestion: which-cluster-accepts asks which
// clusters accept m2 at 20 s, the moment m2 is sent, where the runs first
// differ on it (refused with min.insync.replicas=3). Stopped at the
// question, the playhead stands before that moment's steps: neither the
// Differences list nor any run names m2's fate, and the list names no
// partition's end (the HW at the end answers question 4); once the
// answer is given and the moment has played, m2's fate shows.
func TestDifferencesWaitForTheirQuestion(t *testing.T) {
	pre, ok := scenarios.Get("which-cluster-accepts")
	if !ok {
		t.Fatal("no which-cluster-accepts")
	}
	s := NewStoreFromScript(pre.Name, pre.LearnerText())
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	s.Speed = 1000
	var a script.Ask
	for range 4 {
		playUntilPaused(s, 5000)
		if a, ok = s.OpenAsk(); !ok || strings.Contains(a.Question, "sends m2") {
			break
		}
		s.Dispatch(PickAnswer{Option: a.Answer})
		s.Dispatch(ContinueLesson{})
	}
	if !ok || !strings.Contains(a.Question, "sends m2") || s.Player.Now() != 20_000 || !s.HideOutcome() {
		t.Fatalf("at %d the question open is %v %q; want m2's at 20 s", s.Player.Now(), ok, a.Question)
	}
	for _, d := range s.DifferencesList().Shown {
		if strings.Contains(d.Words, "m2") || !d.Record {
			t.Errorf("at the question about m2 the list names %q", d.Words)
		}
	}
	for _, r := range s.RunViews() {
		for _, d := range r.Differs {
			if strings.HasPrefix(d.Text, "m2") {
				t.Errorf("at the question about m2 run %q says %q", r.Label, d.Text)
			}
		}
	}
	s.Dispatch(PickAnswer{Option: a.Answer})
	s.Dispatch(ContinueLesson{})
	playUntilPaused(s, 5000)
	found := false
	for _, r := range s.RunViews() {
		for _, d := range r.Differs {
			found = found || strings.HasPrefix(d.Text, "m2 (on t-0): refused")
		}
	}
	if !found {
		t.Errorf("after the answer, at %d, no run says m2 was refused", s.Player.Now())
	}
}
