//go:build !js

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"kplay/scenarios"
)

func TestSplice(t *testing.T) {
	page := "<!doctype html>\n<html>\n<head>\n<title>x</title>\n</head>\n<body class=\"embed\">\n" + Marker + "\n<p class=\"loading\">loading…</p>\n</body>\n</html>\n"
	body := `<body class="controls-full"><main><svg id="diagram"></svg></main></body>`
	got, err := Splice(page, body)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<body class="controls-full" data-poster="` + scenarios.Default + `">` + "\n" + `<main><svg id="diagram"></svg></main>` + "\n" + `<p class="loading">`,
		`<head>` + "\n" + `<meta name="kplay-poster" content="` + scenarios.Default + `" data-narrow-below="720">`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("spliced page lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, Marker) || strings.Contains(got, `class="embed"`) {
		t.Errorf("the marker or the page's own body tag is left:\n%s", got)
	}
	for name, c := range map[string]struct{ page, body string }{
		"no marker":  {strings.Replace(page, Marker, "", 1), body},
		"two marker": {strings.Replace(page, Marker, Marker+Marker, 1), body},
		"no diagram": {page, `<body><main></main></body>`},
		"not a body": {page, `<div id="diagram"></div>`},
	} {
		if _, err := Splice(c.page, c.body); err == nil {
			t.Errorf("%s: Splice succeeded", name)
		}
	}
}

func TestJobs(t *testing.T) {
	all := scenarios.All()
	jobs := Jobs(all)
	if len(jobs) != jobsPerPreset*len(all) || jobsPerPreset != 6 {
		t.Fatalf("%d jobs for %d presets, want 6 each (page, embed, the embed code's embed; wide, narrow)", len(jobs), len(all))
	}
	files := map[string]Job{}
	for _, j := range jobs {
		files[j.File] = j
	}
	for _, p := range all {
		for _, f := range []string{"page-", "embed-"} {
			for _, suffix := range []string{".html", ".narrow.html"} {
				j, ok := files[f+p.Name+suffix]
				if !ok {
					t.Errorf("no job writes %s%s%s", f, p.Name, suffix)
					continue
				}
				if (suffix == ".html") != (j.Width >= 720) {
					t.Errorf("%s is rendered %d px wide", j.File, j.Width)
				}
				if want := "?preset=" + p.Name; (p.Name != scenarios.Default) != strings.HasSuffix(j.URL, want) {
					t.Errorf("%s renders %s", j.File, j.URL)
				}
			}
		}
		for _, suffix := range []string{".code.html", ".code.narrow.html"} {
			j, ok := files["embed-"+p.Name+suffix]
			if want := Origin + "/embed.html?preset=" + p.Name + "&controls=min&panels=log%2Cdescribe%2Cinspector"; !ok || j.URL != want {
				t.Errorf("embed-%s%s renders %q, want the embed code's address %s", p.Name, suffix, j.URL, want)
			}
		}
	}
}

// TestWrite bakes the frames into a built site ($KPLAY_DIST, or the page
// built here with static/) and checks that every preset's page and embed
// frame, wide and narrow, is there with its title and its brokers, and
// that index.html and embed.html hold the default preset's.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join("..", "..")
	if d := os.Getenv("KPLAY_DIST"); d != "" {
		for _, f := range []string{"app.wasm", "wasm_exec.js"} {
			copyFile(t, filepath.Join(d, f), filepath.Join(dir, f))
		}
	} else {
		build := exec.Command("go", "build", "-trimpath", "-o", filepath.Join(dir, "app.wasm"), "./wasm/playground")
		build.Dir = root
		build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("building the page: %v\n%s", err, out)
		}
		goroot, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			t.Fatal(err)
		}
		copyFile(t, filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"), filepath.Join(dir, "wasm_exec.js"))
	}
	for _, f := range []string{"index.html", "embed.html"} {
		copyFile(t, filepath.Join(root, "static", f), filepath.Join(dir, f))
	}
	n, err := Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	all := scenarios.All()
	if n != len(all) {
		t.Errorf("Write drew %d presets, want %d", n, len(all))
	}
	for _, p := range all {
		for _, f := range []string{"page-", "embed-"} {
			suffixes := []string{".html", ".narrow.html"}
			if f == "embed-" {
				suffixes = append(suffixes, ".code.html", ".code.narrow.html")
			}
			for _, suffix := range suffixes {
				b, err := os.ReadFile(filepath.Join(dir, "poster", f+p.Name+suffix))
				if err != nil {
					t.Error(err)
					continue
				}
				s := string(b)
				// Every preset's cluster has broker 1, drawn as a box of the
				// diagram; the header names the preset by its title.
				if !regexp.MustCompile(`<svg [^>]*\bid="diagram"`).MatchString(s) {
					t.Errorf("%s%s%s has no <svg id=\"diagram\">", f, p.Name, suffix)
				}
				for _, want := range []string{`data-node="b1"`, `<span class="title">` + htmlEscape(p.Title) + `</span>`} {
					if !strings.Contains(s, want) {
						t.Errorf("%s%s%s lacks %q", f, p.Name, suffix, want)
					}
				}
				if strings.Contains(f, "embed") != strings.Contains(s, "embedded") {
					t.Errorf("%s%s%s: the embed's body is class embedded, the page's is not", f, p.Name, suffix)
				}
			}
		}
	}
	for _, f := range []string{"index.html", "embed.html"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if s := string(b); !strings.Contains(s, `data-poster="`+scenarios.Default+`"`) || !strings.Contains(s, `data-node="b1"`) || strings.Contains(s, Marker) {
			t.Errorf("%s does not hold the default preset's frame", f)
		}
	}
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
