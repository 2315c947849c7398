package site

import (
	"testing"

	"kplay/engine"
)

func TestKeyActions(t *testing.T) {
	cases := []struct {
		key      string
		want     Action
		anywhere bool
	}{
		{" ", TogglePlay{}, false},
		{"ArrowRight", StepOnce{}, false},
		{"ArrowLeft", StepBack{}, false},
		{",", StepMoment{Forward: false}, false},
		{".", StepMoment{Forward: true}, false},
		{"[", SpeedStep{Up: false}, false},
		{"]", SpeedStep{Up: true}, false},
		{"p", ProduceRecord{}, false},
		{"1", OpenBrokerMenu{Broker: 1}, false},
		{"9", OpenBrokerMenu{Broker: 9}, false},
		{"t", ToggleTheme{}, false},
		{"v", ToggleTable{}, false},
		{"?", ToggleHelp{}, false},
		{"Escape", Dismiss{}, true},
	}
	for _, c := range cases {
		a, anywhere, ok := KeyAction(c.key)
		if !ok || a != c.want || anywhere != c.anywhere {
			t.Errorf("KeyAction(%q) = %#v, %v, %v; want %#v, %v", c.key, a, anywhere, ok, c.want, c.anywhere)
		}
	}
	for _, k := range []string{"0", "x", "Enter", "ArrowUp", "P"} {
		if a, _, ok := KeyAction(k); ok {
			t.Errorf("KeyAction(%q) = %#v, want no shortcut", k, a)
		}
	}
}

func TestShortcutsAreDocumentedOnce(t *testing.T) {
	seen := map[string]string{}
	for _, s := range Shortcuts() {
		if s.Label == "" || s.Help == "" || len(s.Keys) == 0 || s.action == nil {
			t.Errorf("incomplete shortcut %+v", s)
		}
		for _, k := range s.Keys {
			if prev, dup := seen[k]; dup {
				t.Errorf("key %q is both %q and %q", k, prev, s.Label)
			}
			seen[k] = s.Label
		}
	}
}

func TestStepBackSeeksToThePreviousEvent(t *testing.T) {
	s := lessonStore(t)
	s.Player.Seek(at("10:00:00.020"))
	evs := s.Player.Events(0)
	want := PreviousEventTime(evs, s.Player.Scenario().Config.Start, s.Player.Now())
	if want >= at("10:00:00.020") || want < s.Player.Scenario().Config.Start {
		t.Fatalf("previous event time %v", engine.FormatTime(want))
	}
	s.Dispatch(StepBack{})
	if s.Playing {
		t.Fatal("StepBack did not pause")
	}
	if s.Player.Now() != want {
		t.Fatalf("after StepBack at %s, want %s", engine.FormatTime(s.Player.Now()), engine.FormatTime(want))
	}
	// Again and again: it keeps going back until the start.
	for range 200 {
		s.Dispatch(StepBack{})
	}
	if s.Player.Now() != s.Player.Scenario().Config.Start {
		t.Fatalf("after many StepBacks at %s", engine.FormatTime(s.Player.Now()))
	}
}

func TestSpeedStepWalksTheLadder(t *testing.T) {
	s := lessonStore(t)
	s.Dispatch(SpeedStep{Up: true})
	if s.Speed != 0.02 {
		t.Fatalf("one up from 1/100: %v", s.Speed)
	}
	s.Dispatch(SpeedStep{Up: false})
	s.Dispatch(SpeedStep{Up: false})
	if s.Speed != 0.005 {
		t.Fatalf("two down from 1/50: %v", s.Speed)
	}
	if NextSpeed(MaxSpeed, true) != MaxSpeed || NextSpeed(MinSpeed, false) != MinSpeed {
		t.Fatal("the ladder's ends do not hold")
	}
	if NextSpeed(0.03, true) != 0.05 || NextSpeed(0.03, false) != 0.02 {
		t.Fatal("an off-ladder speed does not step to its neighbours")
	}
}

func TestHelpThemeTableAndDismiss(t *testing.T) {
	s := lessonStore(t)
	s.Dispatch(ToggleHelp{})
	s.Dispatch(OpenMenu{Broker: 2})
	if !s.Manners.HelpOpen || !s.MenuOpen {
		t.Fatal("help or menu not open")
	}
	s.Dispatch(Dismiss{})
	if s.Manners.HelpOpen || !s.MenuOpen {
		t.Fatal("Escape should close the help first")
	}
	s.Dispatch(Dismiss{})
	if s.MenuOpen {
		t.Fatal("Escape should then close the menu")
	}
	s.Acting.Link, s.Acting.LinkOpen = "b1-b2", true
	s.Dispatch(OpenMenu{Broker: 1})
	s.Dispatch(Dismiss{})
	if s.Acting.LinkOpen || !s.MenuOpen {
		t.Fatal("Escape should close the link menu before the broker menu")
	}

	if s.Manners.EffectiveTheme() != ThemeLight {
		t.Fatal("the default theme is not light")
	}
	s.Dispatch(SetSystemDark{Dark: true})
	if s.Manners.EffectiveTheme() != ThemeDark {
		t.Fatal("the system's dark preference is not followed")
	}
	s.Dispatch(ToggleTheme{})
	if s.Manners.Theme != ThemeLight || s.Manners.EffectiveTheme() != ThemeLight {
		t.Fatal("the toggle did not override a dark system with light")
	}
	s.Dispatch(SetSystemDark{Dark: false})
	s.Dispatch(ToggleTheme{})
	if s.Manners.EffectiveTheme() != ThemeDark {
		t.Fatal("the toggle did not switch to dark")
	}

	s.Dispatch(ToggleTable{})
	if !s.Manners.TableView {
		t.Fatal("no table view")
	}
	s.Dispatch(SetReducedMotion{On: true})
	if !s.Manners.ReducedMotion {
		t.Fatal("reduced motion not set")
	}
}

func TestOpenBrokerMenuNeedsTheBroker(t *testing.T) {
	s := lessonStore(t)
	n := 0
	s.Subscribe(func() { n++ })
	s.Dispatch(OpenBrokerMenu{Broker: 7})
	if s.MenuOpen || n != 0 {
		t.Fatal("a menu opened for a broker the lesson does not have")
	}
	s.Dispatch(OpenBrokerMenu{Broker: 3})
	if !s.MenuOpen || s.Menu != 3 || n != 1 {
		t.Fatal("broker 3's menu did not open")
	}
	s.Dispatch(OpenBrokerMenu{Broker: 3})
	if s.MenuOpen {
		t.Fatal("the same key did not close it")
	}
}
