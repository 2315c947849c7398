package site

import (
	"slices"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/scenarios"
)

// tryScript is three brokers, one partition led by broker 1, idle.
const tryScript = "cluster brokers=3 latency=(1,1)\ncreate-topic t partitions=1 rf=3\nrun until=00:00:01.000\n"

func tryStore(t *testing.T) *Store {
	t.Helper()
	s := NewStoreFromScript("try.txt", tryScript)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	s.Player.Seek(s.Player.Scenario().Config.Start + 1000)
	return s
}

func keys(sg []Suggestion) []string {
	var out []string
	for _, g := range sg {
		out = append(out, g.Key+": "+g.Label)
	}
	return out
}

func TestTryThisHealthyCluster(t *testing.T) {
	got := keys(TryThis(tryStore(t).Player.State()))
	want := []string{
		"crash-leader: Crash the leader (broker 1)",
		"acks1-crash: Produce with acks=1, then crash the leader",
		"cut-follower: Cut broker 2 off from the leader",
	}
	if len(got) != len(want) {
		t.Fatalf("suggestions %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("suggestion %d: %q, want %q", i, got[i], want[i])
		}
	}
}

func TestTryThisBeforeAnyTopic(t *testing.T) {
	if got := TryThis(engine.State{Brokers: []engine.BrokerState{{ID: 1, Alive: true}}}); got != nil {
		t.Fatalf("suggestions %q without a partition", keys(got))
	}
}

// After the crash the first thing to try is the restart; while the dead
// leader is not yet fenced (broker.session.timeout.ms) nothing else fits.
func TestTryThisAfterTheLeaderCrashed(t *testing.T) {
	s := tryStore(t)
	Try(s, TryThis(s.Player.State())[0])
	st := s.Player.State()
	if brokerAlive(st, 1) {
		t.Fatal("crash-leader left broker 1 running")
	}
	got := keys(TryThis(st))
	if len(got) != 1 || got[0] != "restart: Restart broker 1" {
		t.Fatalf("suggestions %q right after the crash, want only the restart", got)
	}
	// Once broker 2 or 3 leads, crashing it is offered too.
	s.Player.Seek(st.Now + 12000)
	got = keys(TryThis(s.Player.State()))
	if len(got) < 2 || got[0] != "restart: Restart broker 1" || got[1][:len("crash-leader")] != "crash-leader" {
		t.Fatalf("suggestions %q after the election", got)
	}
}

// Produce with acks=1, then crash the leader: Try crashes the leader only
// once the record is acknowledged.
func TestTryAcks1ThenCrash(t *testing.T) {
	s := tryStore(t)
	var sg Suggestion
	for _, g := range TryThis(s.Player.State()) {
		if g.Key == "acks1-crash" {
			sg = g
		}
	}
	Try(s, sg)
	st := s.Player.State()
	if brokerAlive(st, 1) {
		t.Fatal("the leader is still running")
	}
	if !acked(s.Player, new(int), "order-1") {
		t.Fatal("the leader crashed before the acks=1 record order-1 was acknowledged")
	}
	leo := engine.Offset(-1)
	if r, ok := st.Replica(1, engine.TopicPartition{Topic: "t"}); ok {
		leo = r.LEO
	}
	if leo != 1 {
		t.Fatalf("broker 1's log ends at %d, want 1: the record appended before the crash", leo)
	}
}

func brokerAlive(st engine.State, id engine.BrokerID) bool {
	for _, b := range st.Brokers {
		if b.ID == id {
			return b.Alive
		}
	}
	return false
}

// presetAtTry opens preset name paused at moment at.
func presetAtTry(t *testing.T, name string, at engine.Time) *Store {
	t.Helper()
	s := OpenStartup(ParseStartup("", "?preset="+name), false)
	if s.Err != "" {
		t.Fatalf("%s: %s", name, s.Err)
	}
	s.Playing = false
	s.Player.Seek(at)
	return s
}

// eventsAfter advances s by ms and returns every event from index from,
// formatted.
func eventsAfter(s *Store, from int, ms float64) []string {
	s.Player.Advance(ms)
	var out []string
	for _, e := range s.Player.Events(from) {
		out = append(out, script.FormatEvent(e))
	}
	return out
}

// firstOffered returns the first moment from at on, by the scenario's
// own run (no later than ScenarioEnd), when preset name offers the
// suggestion of key, and false if it never does: a try whose while=
// claims do not hold yet at its line (jepsen-2013's "Force an unclean
// election now", at 12 s, waits for the partition to have no leader, at
// 14.501 s) comes later.
func firstOffered(t *testing.T, name string, at engine.Time, key string) (engine.Time, bool) {
	t.Helper()
	s := presetAtTry(t, name, at)
	end := ScenarioEnd(s.Player.Scenario())
	for s.Player.Now() <= end {
		if slices.ContainsFunc(s.Suggestions(), func(g Suggestion) bool { return g.Key == key }) {
			return s.Player.Now(), true
		}
		if !s.Player.StepOne() {
			break
		}
	}
	return 0, false
}

// TestPresetTries checks every preset's try directives: each incident
// has one to three of its own, every other preset but start-here (whose
// story is the generic suggestions, TryThis) some of its own, each is
// offered at its moment (or, for one with while= claims, once they
// hold), and each
// one-click suggestion applies without an error and does something the
// event log shows: the 10 s after it differ from the 10 s without it.
func TestPresetTries(t *testing.T) {
	for _, p := range scenarios.All() {
		sc, err := script.ParseAndCompile(p.Name, p.LearnerText()) // the page's lines
		if err != nil {
			t.Fatal(err)
		}
		incident := p.Group == scenarios.GroupFamousIncidents
		if incident && (len(sc.Tries) == 0 || len(sc.Tries) > MaxScriptTries) {
			t.Errorf("%s: %d try directives, want 1 to %d of its own", p.Name, len(sc.Tries), MaxScriptTries)
		}
		if !incident && p.Name != scenarios.Default && len(sc.Tries) == 0 {
			t.Errorf("%s: no try directive; the generic suggestions do not fit its story", p.Name)
		}
		for _, tr := range sc.Tries {
			key := "try-" + itoa(int64(tr.Line))
			at, ok := firstOffered(t, p.Name, tr.At, key)
			s := presetAtTry(t, p.Name, at)
			var sg *Suggestion
			for _, g := range s.Suggestions() {
				if g.Key == key {
					sg = &g
				}
			}
			if !ok || sg == nil || (at != tr.At && len(tr.While) == 0) {
				t.Errorf("%s: try %q is not offered at its moment %s, nor later while its claims %v hold (offered: %v)", p.Name, tr.Label, engine.FormatTime(tr.At), tr.While, keys(s.Suggestions()))
				continue
			}
			for _, g := range s.Suggestions() {
				if !strings.HasPrefix(g.Key, "try-") {
					t.Errorf("%s: a generic suggestion %q beside the scenario's own", p.Name, g.Label)
				}
			}
			from := s.Player.EventCount()
			Try(s, *sg)
			if s.Err != "" || s.Player.Err() != nil {
				t.Errorf("%s: try %q: %s %v", p.Name, tr.Label, s.Err, s.Player.Err())
				continue
			}
			with := eventsAfter(s, from, 10000)
			base := presetAtTry(t, p.Name, at)
			without := eventsAfter(base, base.Player.EventCount(), 10000)
			if slices.Equal(with, without) {
				t.Errorf("%s: try %q changes nothing in the 10 s after it: %v", p.Name, tr.Label, with)
			}
		}
	}
}

// TestSuggestionsFit checks that a scenario's try is withdrawn once its
// command no longer fits: after the reader restarts broker 1 in
// kip101-before-the-fix, "Restart broker 1" is not offered.
func TestSuggestionsFit(t *testing.T) {
	sc, _ := script.ParseAndCompile("k", mustPreset(t, "kip101-before-the-fix").LearnerText())
	s := presetAtTry(t, "kip101-before-the-fix", sc.End)
	if got := keys(s.Suggestions()); len(got) != 2 || !strings.Contains(got[0], "Restart broker 1") {
		t.Fatalf("at the end: %v, want restart 1 and a produce", got)
	}
	s.Dispatch(Act{Cmd: engine.Restart{Broker: 1}})
	if got := keys(s.Suggestions()); len(got) != 1 || strings.Contains(got[0], "Restart") {
		t.Fatalf("after the restart: %v, want only the produce", got)
	}
	// Before the try's moment nothing of the scenario's, and nothing generic.
	s = presetAtTry(t, "kip101-before-the-fix", sc.Config.Start+1000)
	if got := s.Suggestions(); len(got) != 0 {
		t.Fatalf("before the tries' moment: %v", keys(got))
	}
}

func mustPreset(t *testing.T, name string) scenarios.Preset {
	t.Helper()
	p, ok := scenarios.Get(name)
	if !ok {
		t.Fatalf("no preset %s", name)
	}
	return p
}

// TestNoGenericTryDuringALesson: lossLesson (lesson 8, acks1-loss, as a
// script) has no try directives; while its story runs in lesson mode the page offers none of
// the generic experiments ("Crash the leader"), which competed with the
// lesson's own crash; after its last moment, or with lesson mode off,
// they are back.
func TestNoGenericTryDuringALesson(t *testing.T) {
	s := NewStoreFromScript("loss.txt", lossLesson)
	if s.Err != "" || len(s.Player.Scenario().Tries) != 0 || len(s.Lesson.Asks) == 0 {
		t.Fatalf("lossLesson: %q, %d tries, %d questions", s.Err, len(s.Player.Scenario().Tries), len(s.Lesson.Asks))
	}
	start := s.Player.Scenario().Config.Start
	s.Player.Seek(start + 5000)
	if got := s.Suggestions(); len(got) != 0 {
		t.Fatalf("during the lesson: %d suggestions, first %q", len(got), got[0].Label)
	}
	s.Dispatch(ToggleLesson{})
	if got := s.Suggestions(); len(got) == 0 {
		t.Fatal("lesson mode off: no suggestions")
	}
	s.Dispatch(ToggleLesson{})
	s.Player.Seek(s.Player.lastMoment + 1)
	if got := s.Suggestions(); len(got) == 0 {
		t.Fatal("after the story: no suggestions")
	}
}

// TestNoTryWhileAQuestionWaits checks that a preset's own suggestions
// (jepsen-2013's "Send w4 …") are not offered while a question waits for
// its answer, and come back once it is answered: acting first would show
// what the question asks the reader to predict.
func TestNoTryWhileAQuestionWaits(t *testing.T) {
	s := presetStore(t, "jepsen-2013")
	if len(s.Player.Scenario().Tries) == 0 || len(s.Lesson.Asks) == 0 {
		t.Fatalf("jepsen-2013: %d tries, %d questions", len(s.Player.Scenario().Tries), len(s.Lesson.Asks))
	}
	s.Playing = true
	playUntilPaused(s, 100000)
	a, ok := s.OpenAsk()
	if !ok {
		t.Fatal("no question opened")
	}
	if got := s.Suggestions(); len(got) != 0 {
		t.Errorf("while %q waits: %d suggestions, first %q", a.Question, len(got), got[0].Label)
	}
	s.Dispatch(RevealAnswer{})
	s.Player.Seek(s.Player.Scenario().Tries[len(s.Player.Scenario().Tries)-1].At)
	if got := s.Suggestions(); len(got) == 0 {
		t.Error("after the answer: no suggestions")
	}
}

// TestTryBarInAMinimalEmbed: a minimal embed (controls=min, as "Copy
// embed code" writes it) opened paused (autoplay=0) offers the first
// thing to try, one button, and keeps it while it plays; the page and a
// full embed offer up to the bar's maximum; controls=none offers none.
func TestTryBarInAMinimalEmbed(t *testing.T) {
	for _, c := range []struct {
		query string
		embed bool
		want  int
	}{{"?preset=start-here", false, 3}, {"?preset=start-here&autoplay=0", true, 3}, {"?preset=start-here&controls=min&autoplay=0", true, 1}, {"?preset=start-here&controls=none", true, 0}} {
		s := OpenStartup(ParseStartup("", c.query), c.embed)
		if got := s.TryBarSize(3); got != c.want {
			t.Errorf("%q embed %v: %d tries, want %d", c.query, c.embed, got, c.want)
		}
		if c.want == 0 {
			continue
		}
		if c.embed && s.Playing {
			t.Errorf("%q: the embed plays, want it paused as autoplay=0 says", c.query)
		}
		if sg := s.Suggestions(); len(sg) == 0 || sg[0].Label != "Crash the leader (broker 1)" {
			t.Errorf("%q: first suggestion %+v, want to crash the leader", c.query, sg)
		}
		s.Dispatch(TogglePlay{})
		if got := s.TryBarSize(3); got != c.want {
			t.Errorf("%q playing: %d tries, want %d still", c.query, got, c.want)
		}
	}
}

// TestTryAcks1LosesAtAnyMoment: in the default scenario (start-here,
// whose producer sends an acks=all record every 500 ms and whose
// followers fetch over 30–50 ms links), "Produce with acks=1, then crash
// the leader" loses the acknowledged record whenever it is pressed: the
// leader answers acks=1 once it has appended the record (Kafka's
// Partition.appendRecordsToLeader with requiredAcks=1, no wait for the
// ISR), it crashes before any follower's fetch brings the record back,
// and the leader the controller elects from the ISR never had it
// (AcknowledgedWriteLost). Every 97 ms over the first 30 s, so that the
// press falls at every phase of the producer's 500 ms and of the fetch
// round trips. It used to wait for the producers' pending count to fall
// back, which an older acks=all record's ack, or a newer one's send,
// fooled in 22 of 619 moments.
func TestTryAcks1LosesAtAnyMoment(t *testing.T) {
	for at := engine.Time(0); at <= 30000; at += 97 {
		s := OpenStartup(ParseStartup("", ""), false)
		if s.Err != "" {
			t.Fatal(s.Err)
		}
		s.Playing = false
		s.Player.Seek(s.Player.Scenario().Config.Start + at)
		var sg Suggestion
		for _, g := range TryThis(s.Player.State()) {
			if g.Key == "acks1-crash" {
				sg = g
			}
		}
		if sg.Key == "" {
			t.Fatalf("+%d ms: no acks1-crash suggestion", at)
		}
		want, _ := s.nextProduced(sg.Actions)
		from := s.Player.EventCount()
		Try(s, sg)
		// broker.session.timeout.ms (9 s) and the election, with room.
		s.Player.Advance(12000)
		lost := false
		for _, e := range s.Player.Events(from) {
			if e.Kind == engine.EvViolation && strings.HasPrefix(e.Text, "AcknowledgedWriteLost") && strings.Contains(e.Text, want) {
				lost = true
			}
		}
		if !lost {
			t.Errorf("+%d ms: the acks=1 record %s was not lost (leader crashed at %s)", at, want, engine.FormatTime(s.Player.Now()))
		}
	}
}
