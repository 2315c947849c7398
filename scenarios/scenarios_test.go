package scenarios_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"kplay/engine/script"
	"kplay/engine/script/scripttest"
	"kplay/scenarios"
)

// TestPresets runs every preset as a golden test.
func TestPresets(t *testing.T) {
	files, err := filepath.Glob("*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no presets found: %v", err)
	}
	for _, path := range files {
		t.Run(path, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			scripttest.RunFile(t, path, string(src))
		})
	}
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

// TestEveryFileIsListed: every *.txt here is a preset, in name order, with
// the file's text.
func TestEveryFileIsListed(t *testing.T) {
	files, err := filepath.Glob("*.txt")
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	all := scenarios.All()
	var names []string
	for _, p := range all {
		names = append(names, p.Name+".txt")
	}
	if !slices.Equal(names, files) {
		t.Fatalf("presets %v, files %v: add the new file to scenarios.go", names, files)
	}
	for _, p := range all {
		b, err := os.ReadFile(p.Name + ".txt")
		if err != nil || string(b) != p.Text || !strings.HasPrefix(p.Text, "# title: "+p.Title) {
			t.Errorf("%s: the embedded text or title differs from the file (%v)", p.Name, err)
		}
	}
}
