package site

import (
	"slices"
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

// TestCourse checks the picker's course: the lesson's nine sections
// first, numbered in the lesson's order, then the famous failures, then
// one group per incident holding the bug's preset and then its fixed
// partner (the one its fixed-by names); every preset appears once.
func TestCourse(t *testing.T) {
	c := Course()
	seen := map[string]bool{}
	var order []string
	for _, g := range c {
		if len(g.Items) == 0 {
			t.Errorf("group %q is empty", g.Label)
		}
		for _, it := range g.Items {
			if seen[it.Name] {
				t.Errorf("%s is listed twice", it.Name)
			}
			seen[it.Name] = true
			order = append(order, it.Name)
			if it.Label == "" || len(it.Label) > 90 {
				t.Errorf("%s: label %q", it.Name, it.Label)
			}
		}
	}
	var want []string
	for _, p := range scenarios.All() {
		want = append(want, p.Name)
	}
	if !slices.Equal(order, want) {
		t.Errorf("course order %v, want scenarios.All's %v", order, want)
	}
	if c[0].Label != scenarios.GroupLesson || len(c[0].Items) != 9 {
		t.Fatalf("first group %q with %d items, want the lesson's 9", c[0].Label, len(c[0].Items))
	}
	if got := c[0].Items[0].Label; got != "1. Start here: one partition, three brokers" {
		t.Errorf("first lesson %q", got)
	}
	if got := c[0].Items[8].Label; !strings.HasPrefix(got, "9. ") {
		t.Errorf("ninth lesson %q", got)
	}
	if c[1].Label != scenarios.GroupFamousFailures || len(c[1].Items) != 3 {
		t.Errorf("second group %q with %d items, want the 3 famous failures", c[1].Label, len(c[1].Items))
	}
	incidents := c[2:]
	if len(incidents) != 14 {
		t.Errorf("%d incident groups, want 14 pairs", len(incidents))
	}
	for _, g := range incidents {
		if len(g.Items) != 2 {
			t.Errorf("%s: %d presets, want the bug and its fix", g.Label, len(g.Items))
			continue
		}
		bug, _ := scenarios.Get(g.Items[0].Name)
		fix, _ := scenarios.Get(g.Items[1].Name)
		if partnerName(bug.Text, "fixed-by") != fix.Name || partnerName(fix.Text, "bug-in") != bug.Name {
			t.Errorf("%s: %s and %s are not partners", g.Label, bug.Name, fix.Name)
		}
	}
	if g := incidents[4]; g.Label != "Famous incident: KAFKA-7128" || g.Items[0].Name != "incident-kafka-7128" || g.Items[1].Name != "incident-kafka-7128-fixed" {
		t.Errorf("the fifth incident group is %+v, want KAFKA-7128's pair", g)
	}
	if g := incidents[0]; g.Label != "Famous incident: KIP-101" {
		t.Errorf("the first incident group is %q, want KIP-101", g.Label)
	}
}
