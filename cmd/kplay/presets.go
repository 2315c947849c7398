package main

import (
	"fmt"
	"io"

	"kplay/engine/script"
	"kplay/scenarios"
)

// presetsMain is `kplay presets`: one line per preset, in the page's
// course order, with its name (what preset=NAME takes), how many
// questions it asks and its title, so that a teacher can pick one to
// embed without the page.
func presetsMain(stdout io.Writer) int {
	fmt.Fprintf(stdout, "%-40s %-9s %s\n", "preset=", "questions", "title")
	for _, p := range scenarios.All() {
		sc, err := script.ParseAndCompile(p.Name, p.LearnerText())
		if err != nil {
			panic("kplay: preset " + p.Name + " does not compile: " + err.Error()) // can't happen: scenarios' tests compile every preset
		}
		fmt.Fprintf(stdout, "%-40s %-9d %s\n", p.Name, len(sc.Asks), p.Title)
	}
	return 0
}
