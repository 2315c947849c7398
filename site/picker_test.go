package site

import (
	"strings"
	"testing"

	"kplay/scenarios"
)

// TestPickerLabel: the picker names a link's scenario by its title, an
// edited preset by the preset, and an edited link as the reader's edit of
// it; a preset as it is needs no label.
func TestPickerLabel(t *testing.T) {
	def, _ := scenarios.Get(scenarios.Default)
	s := OpenStartup(ParseStartup("", ""), false)
	if got := s.PickerLabel(); got != "" {
		t.Errorf("the default preset: %q, want no label", got)
	}

	// The reader edits the preset's cluster line and applies it.
	edited := strings.Replace(def.LearnerText(), "cluster ", "cluster fetch.max.wait.ms=400 ", 1)
	if edited == def.LearnerText() {
		t.Fatal("the default preset has no cluster line to edit")
	}
	s.Dispatch(EditScript{Text: edited})
	s.Dispatch(ApplyScript{})
	if s.Err != "" {
		t.Fatalf("applying the edit: %s", s.Err)
	}
	if got, want := s.PickerLabel(), "Your edit of "+def.Title; got != want {
		t.Errorf("an edited preset: %q, want %q", got, want)
	}

	// Shared, it reopens as the link's scenario under its title.
	o := OpenStartup(ParseStartup("#"+s.ShareFragment(), ""), false)
	if got, want := o.PickerLabel(), "Shared: "+def.Title; got != want {
		t.Errorf("a link: %q, want %q", got, want)
	}
	o.Dispatch(EditScript{Text: "# title: Two brokers\ncluster brokers=2\n"})
	o.Dispatch(ApplyScript{})
	if got, want := o.PickerLabel(), "Your edit of the shared “Two brokers”"; got != want {
		t.Errorf("an edited link: %q, want %q", got, want)
	}

	// A script of the reader's own, over a preset, is theirs.
	s.Dispatch(PickPreset{Name: scenarios.Default})
	if got := s.PickerLabel(); got != "" {
		t.Errorf("the preset picked again: %q", got)
	}
	s.Dispatch(EditScript{Text: "# title: My cluster\ncluster brokers=5\n"})
	s.Dispatch(ApplyScript{})
	if got, want := s.PickerLabel(), "Your script: My cluster"; got != want {
		t.Errorf("a new script: %q, want %q", got, want)
	}
	// Picking a preset after a link forgets the link.
	o.Dispatch(PickPreset{Name: "jepsen-2013"})
	if got := o.PickerLabel(); got != "" || o.Share.Shared {
		t.Errorf("a preset after a link: %q, shared %v", got, o.Share.Shared)
	}
}

// TestLinkOfAPresetIsThePreset: a link whose script is a preset's as it
// is (what the address bar holds once the reader pauses a preset) opens
// as that preset, at the link's moment, and the picker shows the preset.
func TestLinkOfAPresetIsThePreset(t *testing.T) {
	p, _ := scenarios.Get("jepsen-2013")
	s := NewStoreFromScript(p.Name+".txt", p.LearnerText())
	s.Player.Seek(s.Player.Scenario().Config.Start + 5000)
	o := OpenStartup(ParseStartup("#"+s.ShareFragment(), ""), false)
	if o.Share.Preset != p.Name || o.Share.Shared || o.PickerLabel() != "" {
		t.Errorf("preset %q shared %v label %q, want the preset %s", o.Share.Preset, o.Share.Shared, o.PickerLabel(), p.Name)
	}
	if o.Player.Now() != s.Player.Now() {
		t.Errorf("opened at %v, want %v", o.Player.Now(), s.Player.Now())
	}
}
