// Package scenarios is kplay's preset library: curated scripts, each with a
// title and a short narrative in its comments. Every preset is also a golden
// test (scenarios_test.go), and the page offers them in its picker.
package scenarios

import (
	"embed"
	"io/fs"
	"slices"
	"strings"

	"kplay/engine/script"
)

//go:embed *.txt
var files embed.FS

// Preset is one scenario script as shipped.
type Preset struct {
	// Name is the file name without ".txt", used in URLs ("order-9001").
	Name string
	// Title is the script's "# title:" comment.
	Title string
	// Text is the full script, expected outputs included.
	Text string
}

// Default is the preset the page opens with: the lesson's order-9001.
const Default = "order-9001"

// All returns every preset, sorted by name.
func All() []Preset {
	names, err := fs.Glob(files, "*.txt")
	if err != nil {
		panic("scenarios: " + err.Error()) // can't happen: the pattern is valid
	}
	slices.Sort(names)
	out := make([]Preset, 0, len(names))
	for _, n := range names {
		b, err := files.ReadFile(n)
		if err != nil {
			panic("scenarios: " + err.Error()) // can't happen: the file is embedded
		}
		text := string(b)
		out = append(out, Preset{Name: strings.TrimSuffix(n, ".txt"), Title: script.Title(text), Text: text})
	}
	return out
}

// Get returns the preset called name.
func Get(name string) (Preset, bool) {
	for _, p := range All() {
		if p.Name == name {
			return p, true
		}
	}
	return Preset{}, false
}
