//go:build !js

// Command poster writes the page's and the embed's first frames into a
// built site, so that a reader sees the real diagram before app.wasm has
// arrived (docs/design.md §6, "The first frame").
//
//	go run ./site/poster DIST
//
// DIST is a directory ./build.sh build wrote: app.wasm, wasm_exec.js,
// index.html and embed.html. For the default preset and every other one,
// it runs the page's own program (app.wasm) in Node over a small document
// (render.mjs) at the address that opens that preset, and keeps the
// <body> its first render builds: the same Vecty components, Store and
// engine as in the browser, so nothing is drawn twice. The default
// preset's page and embed bodies go into index.html and embed.html, in
// place of their "<!-- poster -->" marker; every preset's, the default's
// too, into DIST/poster/page-NAME.html and DIST/poster/embed-NAME.html,
// which poster.js fetches for a ?preset=NAME address, and each preset's
// narrow (phone) frame into page-NAME.narrow.html and
// embed-NAME.narrow.html, which it fetches for a window under
// site.NarrowBelow.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"kplay/scenarios"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./site/poster DIST")
		os.Exit(2)
	}
	n, err := Write(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "poster:", err)
		os.Exit(1)
	}
	fmt.Printf("poster: the first frame of %d presets, page, embed and the embed code's embed, wide and narrow, in %s\n", n, filepath.Join(os.Args[1], "poster"))
}

// Write renders every preset's first frame from dist's app.wasm and writes
// it into dist (see the package comment). It returns the number of
// presets drawn, or the first error: dist not a built site, Node missing,
// a render that failed or did not draw the diagram.
func Write(dist string) (int, error) {
	jobs := Jobs(scenarios.All())
	bodies, err := Render(dist, jobs)
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(filepath.Join(dist, "poster"), 0o755); err != nil {
		return 0, err
	}
	for i, j := range jobs {
		if err := os.WriteFile(filepath.Join(dist, "poster", j.File), []byte(bodies[i]+"\n"), 0o644); err != nil {
			return 0, err
		}
	}
	for _, f := range []struct{ html, file string }{{"index.html", "page-" + scenarios.Default + ".html"}, {"embed.html", "embed-" + scenarios.Default + ".html"}} {
		i := indexOf(jobs, f.file)
		if err := spliceFile(filepath.Join(dist, f.html), bodies[i]); err != nil {
			return 0, err
		}
	}
	return len(jobs) / jobsPerPreset, nil
}

// spliceFile puts body into the HTML file at path (Splice).
func spliceFile(path, body string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	out, err := Splice(string(b), body)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, []byte(out), 0o644)
}

func indexOf(jobs []Job, file string) int {
	for i, j := range jobs {
		if j.File == file {
			return i
		}
	}
	panic("poster: no job writes " + file) // Jobs makes one for the default preset
}
