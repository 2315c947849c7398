package scenarios_test

import (
	"testing"

	"github.com/cockroachdb/datadriven"

	"kplay/engine/script"
	"kplay/engine/script/scripttest"
	"kplay/scenarios"
)

// TestPresets runs every preset as a golden test.
func TestPresets(t *testing.T) {
	datadriven.Walk(t, ".", func(t *testing.T, path string) {
		if len(path) < 4 || path[len(path)-4:] != ".txt" {
			t.Skip("not a script")
		}
		scripttest.RunFile(t, path)
	})
}

// TestPresetsCompile checks that each preset, stripped of its expected
// output as the page loads it, compiles and has a title.
func TestPresetsCompile(t *testing.T) {
	all := scenarios.All()
	if len(all) == 0 {
		t.Fatal("no presets embedded")
	}
	for _, p := range all {
		if p.Title == "" {
			t.Errorf("%s has no # title: comment", p.Name)
		}
		if _, err := script.ParseAndCompile(p.Name, script.StripExpected(p.Text)); err != nil {
			t.Errorf("%s: %v", p.Name, err)
		}
	}
	if _, ok := scenarios.Get(scenarios.Default); !ok {
		t.Fatalf("default preset %q missing", scenarios.Default)
	}
}
