//go:build !js

package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"kplay/scenarios"
	"kplay/site"
)

// renderJS is the Node program that runs the page over a recording
// document (render.mjs).
//
//go:embed render.mjs
var renderJS []byte

// Origin is the address the frames are rendered at; only its path and
// query matter to the page.
const Origin = "http://kplay.invalid"

// Width and NarrowWidth are the viewport widths the frames are rendered
// for, in CSS pixels: a desktop window, at or above site.NarrowBelow, for
// the wide layout, and a phone's, below it, for the narrow one.
const (
	Width       = 1280
	NarrowWidth = 390
)

// Job is one first frame to render: the address that opens it, the
// viewport width, and the file under DIST/poster it goes to.
type Job struct {
	URL   string `json:"url"`
	Width int    `json:"width"`
	File  string `json:"-"`
}

// jobsPerPreset is how many frames Jobs renders of each preset.
const jobsPerPreset = 6

// Jobs returns the page's and the embed's jobs for each preset, wide and
// narrow: the default preset at / and /embed.html, every other one at
// ?preset=NAME; and the embed as "Copy embed code" writes it
// (site.CodeParams: controls=min and its panels), which a lesson page
// holds, so that its reader too sees the diagram before the wasm. The
// files are page-NAME.html, embed-NAME.html and embed-NAME.code.html,
// and their .narrow.html twins.
func Jobs(presets []scenarios.Preset) []Job {
	var out []Job
	for _, p := range presets {
		q := "?preset=" + p.Name
		if p.Name == scenarios.Default {
			q = ""
		}
		code := "?" + site.CodeParams.Query("preset="+p.Name)
		for _, w := range []struct {
			px     int
			suffix string
		}{{Width, ".html"}, {NarrowWidth, ".narrow.html"}} {
			out = append(out,
				Job{URL: Origin + "/" + q, Width: w.px, File: "page-" + p.Name + w.suffix},
				Job{URL: Origin + "/embed.html" + q, Width: w.px, File: "embed-" + p.Name + w.suffix},
				Job{URL: Origin + "/embed.html" + code, Width: w.px, File: "embed-" + p.Name + ".code" + w.suffix})
		}
	}
	return out
}

// result is render.mjs's answer for one job.
type result struct {
	Body  string `json:"body"`
	Error string `json:"error"`
}

// Render runs dist's app.wasm (with dist's wasm_exec.js) in Node for every job and returns each
// job's <body> element as HTML, in order. It fails if Node or dist's
// files are missing, or if a job's render failed or has no diagram
// (<svg id="diagram">), naming the job.
func Render(dist string, jobs []Job) ([]string, error) {
	dist, err := filepath.Abs(dist)
	if err != nil {
		return nil, err
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, errors.New("node is not on PATH (apt-get install -y nodejs): the first frames are rendered by the page's own program in Node")
	}
	wasm := filepath.Join(dist, "app.wasm")
	if _, err := os.Stat(wasm); err != nil {
		return nil, fmt.Errorf("%s is not a built site: %w", dist, err)
	}
	wasmExec := filepath.Join(dist, "wasm_exec.js")
	if _, err := os.Stat(wasmExec); err != nil {
		return nil, fmt.Errorf("%s is not a built site: %w", dist, err)
	}
	tmp, err := os.MkdirTemp("", "kplay-poster")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	script := filepath.Join(tmp, "render.mjs")
	if err := os.WriteFile(script, renderJS, 0o644); err != nil {
		return nil, err
	}
	in, err := json.Marshal(jobs)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(node, script, wasmExec, wasm)
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("node render.mjs: %v\n%s", err, tail(stderr.String()))
	}
	var res []result
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		return nil, fmt.Errorf("node render.mjs printed no answer: %v\n%s", err, tail(stderr.String()))
	}
	if len(res) != len(jobs) {
		return nil, fmt.Errorf("node render.mjs answered %d jobs of %d", len(res), len(jobs))
	}
	out := make([]string, len(jobs))
	for i, r := range res {
		if r.Error != "" {
			return nil, fmt.Errorf("rendering %s: %s", jobs[i].URL, tail(r.Error))
		}
		if err := Check(r.Body); err != nil {
			return nil, fmt.Errorf("rendering %s: %w", jobs[i].URL, err)
		}
		out[i] = r.Body
	}
	return out, nil
}

// tail is the last 2,000 bytes of s.
func tail(s string) string {
	if len(s) > 2000 {
		return "…" + s[len(s)-2000:]
	}
	return s
}

// Check says body is a first frame: one <body> element holding the
// diagram.
func Check(body string) error {
	switch {
	case !strings.HasPrefix(body, "<body") || !strings.HasSuffix(body, "</body>"):
		return errors.New("the render is not a <body> element")
	case !strings.Contains(body, `id="diagram"`):
		return errors.New("the first frame has no diagram (svg#diagram)")
	}
	return nil
}

// Marker is where the frame goes in index.html and embed.html.
const Marker = "<!-- poster -->"

// bodyTag is an HTML file's <body …> opening tag.
var bodyTag = regexp.MustCompile(`<body[^>]*>`)

// Splice returns page with body, a <body> element rendered by the page,
// in place of its own: page's <body> opening tag becomes body's, marked
// data-poster (poster.css reads it), body's content goes where Marker is,
// before page's own (the loading line, scripts), and a <meta
// name="kplay-poster"> at the top of <head> names the preset baked in
// (poster.js reads it, and the width under which the page lays out
// narrow, site.NarrowBelow). It fails if page has no <head> or <body> tag or
// not one Marker, or body is not a <body> element.
func Splice(page, body string) (string, error) {
	if err := Check(body); err != nil {
		return "", err
	}
	loc := bodyTag.FindStringIndex(page)
	if loc == nil {
		return "", errors.New("no <body> tag")
	}
	if strings.Count(page, Marker) != 1 {
		return "", fmt.Errorf("want one %q marker in the body, found %d", Marker, strings.Count(page, Marker))
	}
	open := bodyTag.FindString(body)
	inner := strings.TrimSuffix(body[len(open):], "</body>")
	open = strings.TrimSuffix(open, ">") + ` data-poster="` + scenarios.Default + `">`
	out := page[:loc[0]] + open + page[loc[1]:]
	if strings.Count(out, "<head>") != 1 {
		return "", errors.New("want one <head> tag")
	}
	out = strings.Replace(out, "<head>", "<head>\n"+`<meta name="kplay-poster" content="`+scenarios.Default+`" data-narrow-below="`+strconv.Itoa(site.NarrowBelow)+`">`, 1)
	return strings.Replace(out, Marker, inner, 1), nil
}
