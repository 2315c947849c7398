package site

import (
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/scenarios"
)

// actPresetStore returns a Store playing a preset, paused.
func actPresetStore(t *testing.T, name string) *Store {
	t.Helper()
	p, ok := scenarios.Get(name)
	if !ok {
		t.Fatalf("no preset %s", name)
	}
	s := NewStoreFromScript(p.Name+".txt", p.Text)
	if s.Err != "" {
		t.Fatalf("preset %s: %s", name, s.Err)
	}
	s.Playing = false
	return s
}

// checkFaithful runs the script view's text (with a final run to the
// playhead) with script.Runner and compares it with the Player.
func checkFaithful(t *testing.T, s *Store) string {
	t.Helper()
	p := s.Player
	text := ScriptText(s.Acting.Source, p.Scenario(), p.UserSteps(), p.Now())
	if _, err := script.ParseAndCompile("generated", text); err != nil {
		t.Fatalf("the generated script does not compile: %v\n%s", err, text)
	}
	dirs, err := script.Parse("generated", text)
	if err != nil {
		t.Fatal(err)
	}
	var r script.Runner
	for _, d := range dirs {
		if _, err := r.Exec(d); err != nil {
			t.Fatalf("running the generated script: %v\n%s", err, text)
		}
	}
	got, err := r.Cluster().Describe("")
	if err != nil {
		t.Fatal(err)
	}
	if want := p.Describe(); got != want {
		t.Errorf("describe differs\nscript:\n%s\nplayer:\n%s\ntext:\n%s", got, want, text)
	}
	if got, want := r.Cluster().EventCount(), p.EventCount(); got != want {
		t.Errorf("the script gives %d events, the player %d\ntext:\n%s", got, want, text)
	}
	if got, want := script.StateText(r.Cluster().State(), nil), script.StateText(p.State(), nil); got != want {
		t.Errorf("state differs\nscript:\n%s\nplayer:\n%s", got, want)
	}
	return text
}

func TestScriptTextReproducesThePlayer(t *testing.T) {
	s := actPresetStore(t, lessonPreset)
	end := s.Player.Scenario().End
	// Act inside the scenario, between its steps, then after its end.
	s.Player.AdvanceTo(s.Player.Scenario().Config.Start + 300)
	s.Dispatch(ProduceWith{Values: []string{"early"}, Acks: engine.AcksOne})
	s.Dispatch(Act{Cmd: engine.Partition{Groups: [][]engine.NodeID{{engine.Broker(1)}, {engine.Broker(3)}}}})
	s.Player.Advance(2000)
	s.Dispatch(Act{Cmd: engine.Heal{}})
	s.Player.AdvanceTo(end + 100)
	s.Dispatch(Act{Cmd: engine.Slow{A: engine.Broker(1), B: engine.Broker(2), MinLatency: 50, MaxLat: 50}})
	s.Dispatch(ProduceWith{Count: 2, Key: "k1", Acks: engine.AcksNone})
	s.Dispatch(StartConsumer{From: engine.OffsetEarliest})
	s.Dispatch(ApplyConfig{Values: map[string]string{"min.insync.replicas": "2"}})
	s.Dispatch(ProduceWith{Values: []string{"a b"}})
	if fe := s.Acting.FormErr; fe.Form != FormProduce || fe.Field != "values" || !strings.Contains(fe.Text, "script line") {
		t.Errorf("a value with a space gave the producer form's error %+v", fe)
	}
	s.Player.Advance(700)
	if s.Err != "" {
		t.Fatalf("an action failed: %s", s.Err)
	}
	if n := len(s.Player.UserSteps()); n != 7 {
		t.Fatalf("%d user steps, want 7", n)
	}
	text := checkFaithful(t, s)
	for _, want := range []string{"produce orders-0 values=(early) acks=1", "partition g1=(1) g2=(3)", "slow 1 2 latency=(50, 50)", "key=k1", "consume orders-0 consumer=c2 from=earliest", "config min.insync.replicas=2"} {
		if !strings.Contains(text, want) {
			t.Errorf("the script lacks %q:\n%s", want, text)
		}
	}
	// The scenario's title and comments stay.
	if !strings.Contains(text, `title "`+s.Title+`"`) || !strings.Contains(text, "\n# A producer writes order-9001 to orders-0") {
		t.Errorf("the script lost the scenario's title or comments:\n%s", text)
	}
}

func TestScriptTextWithoutSource(t *testing.T) {
	s := actPresetStore(t, "the-isr")
	s.Acting.Source = ""
	s.Player.Advance(1500)
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 2}})
	// The comparison holds at or after the scenario's end: before it, the
	// script goes on past the playhead.
	s.Player.AdvanceTo(s.Player.Scenario().End + 4000)
	checkFaithful(t, s)
}

func TestRateProducesAtSimulatedTimes(t *testing.T) {
	s := actPresetStore(t, lessonPreset)
	s.Player.AdvanceTo(s.Player.Scenario().End)
	start := s.Player.Now()
	s.Dispatch(StartRate{PerSec: 4, Acks: engine.AcksOne})
	s.Playing, s.SkipQuiet, s.Speed = true, false, 1
	for range 20 {
		s.Dispatch(Tick{RealMs: 70}) // 1400 simulated ms in frames that miss the sends
	}
	var ats []engine.Time
	for _, st := range s.Player.UserSteps() {
		pr, ok := st.Cmd.(engine.Produce)
		if !ok || pr.Acks != engine.AcksOne {
			t.Fatalf("unexpected step %v", st.Cmd)
		}
		ats = append(ats, st.At-start)
	}
	if want := []engine.Time{250, 500, 750, 1000, 1250}; !equalTimes(ats, want) {
		t.Errorf("sends at %v after the start, want %v", ats, want)
	}
	s.Dispatch(StopRate{})
	s.Dispatch(Tick{RealMs: 500})
	if n := len(s.Player.UserSteps()); n != 5 {
		t.Errorf("%d sends after stopping, want 5", n)
	}
	checkFaithful(t, s)
}

func equalTimes(a, b []engine.Time) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestRateAtSlowSpeedLandsOnItsTimes(t *testing.T) {
	s := actPresetStore(t, lessonPreset)
	s.Player.AdvanceTo(s.Player.Scenario().End)
	start := s.Player.Now()
	s.Dispatch(StartRate{PerSec: 10, Acks: engine.AcksAll})
	s.Playing, s.SkipQuiet, s.Speed = true, false, 0.5
	for range 500 {
		s.Dispatch(Tick{RealMs: 1.6}) // 0.8 simulated ms a frame: frames land on the sends
	}
	steps := s.Player.UserSteps()
	if len(steps) != 4 {
		t.Fatalf("%d sends in 400 ms at 10/s, want 4 (at 100, 200, 300 and 400 ms)", len(steps))
	}
	for i, st := range steps {
		if want := start + engine.Time(100*(i+1)); st.At != want {
			t.Errorf("send %d at %s, want %s", i, engine.FormatTime(st.At), engine.FormatTime(want))
		}
	}
	checkFaithful(t, s)
}

func TestScriptTextLeavesOutSteps(t *testing.T) {
	s := NewStoreFromScript("steps.txt", `cluster brokers=3 latency=(1,1)
create-topic t
produce t-0 count=3
step n=4
advance 2s
produce t-0 values=(x)
advance 1s
`)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	s.Player.AdvanceTo(s.Player.Scenario().Config.Start + 500)
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 3}})
	s.Player.AdvanceTo(s.Player.Scenario().End + 1000)
	text := checkFaithful(t, s)
	if !strings.Contains(text, "# step n=4  (the page plays by time") || !strings.Contains(text, "run until=00:00:00.500\n"+ReaderMark+"\ncrash 3\nrun until=00:00:02.000\n") {
		t.Errorf("unexpected script:\n%s", text)
	}
}
