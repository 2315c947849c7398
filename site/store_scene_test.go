package site

import (
	"strings"
	"testing"

	"kplay/engine"
	"kplay/scenarios"
)

// tenOClock is a scenario whose clock starts at 10:00, as the lesson's.
const tenOClock = `cluster brokers=3 start=10:00:00.000 latency=(1,3)
create-topic t partitions=1 rf=3
run until=10:00:02.000
produce t-0 values=(a) acks=all
run until=10:00:05.000
crash 1
`

// noStart is a script without start=: its clock starts at 00:00.
const noStart = `cluster brokers=3
create-topic t partitions=1 rf=3
produce t-0 values=(x) acks=all
`

func storeAt(t *testing.T, src string, at engine.Time) *Store {
	t.Helper()
	s := NewStoreFromScript("s.txt", src)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	s.Player.Seek(at)
	return s
}

func apply(t *testing.T, s *Store, src string) {
	t.Helper()
	s.Dispatch(EditScript{Text: src})
	s.Dispatch(ApplyScript{})
	if s.Edit.Dirty {
		t.Fatalf("not applied: %s", s.Edit.Status)
	}
}

// TestApplyNewScriptStartsAtItsStart is the blocker: a script without
// start= applied over a scenario at about 10:00 is a different script, so
// it plays from 00:00:00.000, not ten hours into its run.
func TestApplyNewScriptStartsAtItsStart(t *testing.T) {
	at := engine.Time(10*3600_000 + 7000)
	s := storeAt(t, tenOClock, at)
	apply(t, s, noStart)
	if got := s.Player.Now(); got != 0 {
		t.Fatalf("the new script plays at %s, want its start 00:00:00.000", engine.FormatTime(got))
	}
	if !strings.Contains(s.Edit.Status, "own start, 00:00:00.000") {
		t.Errorf("status %q does not say the script plays from its start", s.Edit.Status)
	}
	// Another start= is just as different.
	s = storeAt(t, tenOClock, at)
	apply(t, s, "cluster brokers=3 start=11:00:00.000 latency=(1,3)\ncreate-topic t partitions=1 rf=3\n")
	if got := s.Player.Now(); got != 11*3600_000 {
		t.Fatalf("a script starting at 11:00 plays at %s", engine.FormatTime(got))
	}
}

// TestApplyEditKeepsMoment: an edit below the cluster line is the same
// script, which plays on from the moment the page was at.
func TestApplyEditKeepsMoment(t *testing.T) {
	at := engine.Time(10*3600_000 + 7000)
	s := storeAt(t, tenOClock, at)
	apply(t, s, strings.Replace(tenOClock, "values=(a)", "values=(b)", 1))
	if got := s.Player.Now(); got != at {
		t.Fatalf("the edited script plays at %s, want %s", engine.FormatTime(got), engine.FormatTime(at))
	}
	if !SameScript(NewStoreFromScript("a", tenOClock).Player.Scenario(), s.Player.Scenario()) {
		t.Error("an edit below the cluster line is not the same script")
	}
	if SameScript(NewStoreFromScript("a", tenOClock).Player.Scenario(), NewStoreFromScript("b", noStart).Player.Scenario()) {
		t.Error("a script without start= is the same as one starting at 10:00")
	}
}

// TestSceneChangesKeepSession: picking a preset, applying a script and
// loading one replace the scenario, never the reader's settings.
func TestSceneChangesKeepSession(t *testing.T) {
	s := storeAt(t, tenOClock, 10*3600_000+3000)
	s.Dispatch(ToggleTheme{})
	s.Dispatch(SetReducedMotion{On: true})
	s.Dispatch(SetSpeed{Speed: 0.5})
	s.Dispatch(ToggleSkipQuiet{})
	s.Dispatch(ToggleNetEvents{})
	s.Dispatch(ToggleTable{})
	s.Dispatch(ToggleLesson{})
	s.Dispatch(Resize{Width: 390})
	want := s.Session
	check := func(what string) {
		t.Helper()
		g := s.Session
		if g.Manners.EffectiveTheme() != ThemeDark || !g.Manners.ReducedMotion || !g.Manners.TableView || g.Speed != 0.5 ||
			g.SkipQuiet || !g.ShowNet || !g.Narrow || !s.Lesson.Off || g.Speed != want.Speed {
			t.Errorf("after %s: theme %s reduced motion %v table %v speed %v skip quiet %v show net %v narrow %v lesson off %v",
				what, g.Manners.EffectiveTheme(), g.Manners.ReducedMotion, g.Manners.TableView, g.Speed, g.SkipQuiet, g.ShowNet, g.Narrow, s.Lesson.Off)
		}
	}
	s.Dispatch(PickPreset{Name: scenarios.Default})
	check("picking a preset")
	if s.Share.Preset != scenarios.Default {
		t.Errorf("preset %q", s.Share.Preset)
	}
	apply(t, s, noStart)
	check("applying a script")
	s.ReplaceScript("x.txt", tenOClock)
	check("loading a script")
}

// TestPickPresetSetsAddress: picking a preset puts ?preset=NAME in the
// address bar; applying an edit of it, which is no longer the preset,
// takes it out again.
func TestPickPresetSetsAddress(t *testing.T) {
	s := storeAt(t, noStart, 0)
	var addr []string
	s.Share.Hooks.SetAddress = func(q string) { addr = append(addr, q) }
	s.Dispatch(PickPreset{Name: scenarios.Default})
	if len(addr) == 0 || addr[len(addr)-1] != "?preset="+scenarios.Default {
		t.Fatalf("address after picking %s: %q", scenarios.Default, addr)
	}
	apply(t, s, s.EditorText()+"# the reader's note\n")
	if addr[len(addr)-1] != "" || s.Share.Preset != "" {
		t.Fatalf("address after applying an edit: %q, preset %q", addr, s.Share.Preset)
	}
}
