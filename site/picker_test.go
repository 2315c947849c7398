package site

import (
	"slices"
	"strconv"
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

// TestCourse checks the picker's course: three groups whose headings
// carry the numbers of their entries (the lesson's nine sections, then
// the three famous failures, then the incidents), every entry numbered in
// course order; each incident's entry leads with its report's name and is
// followed by its fixed partner (the one its fixed-by names), marked ↳;
// every preset appears once.
func TestCourse(t *testing.T) {
	c := Course()
	seen := map[string]bool{}
	var order []string
	n := 0
	for _, g := range c {
		if len(g.Items) == 0 {
			t.Errorf("group %q is empty", g.Label)
		}
		for _, it := range g.Items {
			n++
			if seen[it.Name] {
				t.Errorf("%s is listed twice", it.Name)
			}
			seen[it.Name] = true
			order = append(order, it.Name)
			if !strings.HasPrefix(it.Label, strconv.Itoa(n)+". ") || len([]rune(it.Label)) > 85 {
				t.Errorf("%s: label %q, want it numbered %d and short", it.Name, it.Label, n)
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
	if len(c) != 3 {
		t.Fatalf("%d groups, want 3", len(c))
	}
	if c[0].Label != "1–11 · "+scenarios.GroupLesson || len(c[0].Items) != 11 {
		t.Fatalf("first group %q with %d items, want the lesson's 11", c[0].Label, len(c[0].Items))
	}
	if got := c[0].Items[0].Label; got != "1. Start here: one partition, three brokers" {
		t.Errorf("first lesson %q", got)
	}
	if c[1].Label != "12–14 · "+scenarios.GroupFamousFailures || len(c[1].Items) != 3 {
		t.Errorf("second group %q with %d items, want the 3 famous failures", c[1].Label, len(c[1].Items))
	}
	inc := c[2]
	if inc.Label != "15–42 · Famous incidents: each report, then today's Kafka" || len(inc.Items) != 28 {
		t.Fatalf("third group %q with %d items, want the 14 incident pairs", inc.Label, len(inc.Items))
	}
	for i := 0; i+1 < len(inc.Items); i += 2 {
		bug, _ := scenarios.Get(inc.Items[i].Name)
		fix, _ := scenarios.Get(inc.Items[i+1].Name)
		if partnerName(bug.Text, "fixed-by") != fix.Name || partnerName(fix.Text, "bug-in") != bug.Name {
			t.Errorf("%s and %s are not partners", bug.Name, fix.Name)
		}
		report := reportName(bug)
		if !strings.Contains(inc.Items[i].Label, ". "+report+" · ") || !strings.Contains(inc.Items[i+1].Label, ". ↳ ") || strings.Contains(inc.Items[i+1].Label, report) {
			t.Errorf("pair %q, %q: want the bug's led by %s and its partner marked ↳ without it", inc.Items[i].Label, inc.Items[i+1].Label, report)
		}
	}
	if got := inc.Items[0].Label; got != "15. KIP-101 · before the fix: a follower restarts" {
		t.Errorf("first incident %q", got)
	}
	if got := inc.Items[8].Label + " | " + inc.Items[9].Label; got != "23. KAFKA-7128 · Kafka 2.0: the preferred leader returns with an old high watermark | 24. ↳ Kafka 4.4: the same preferred leader returns today" {
		t.Errorf("KAFKA-7128's pair %q", got)
	}
}
