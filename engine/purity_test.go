package engine_test

import (
	"errors"
	"fmt"
	"go/build"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// This file enforces docs/design.md §1's import rules, for both the native and the
// js/wasm build graphs, from the source files themselves (go/build, no go
// command), so that it runs natively and under js/wasm in Node alike:
//
//   - the engine (kplay/engine and its internal packages) imports only the
//     standard library, and never the clock, randomness, I/O, networking,
//     goroutine synchronisation, syscall/js or unsafe;
//   - engine/script imports the engine, kplay/link and the standard library,
//     and its dependency graph never contains testing (the page links it);
//   - kplay/link (the share-link format) imports only the standard library,
//     so the Worker can validate links without the engine;
//   - nothing outside wasm/ imports syscall/js or honnef.co/go/js/dom/v2
//     directly; site in particular;
//   - the engine never depends on site; the Worker never depends on the engine;
//   - only tests use engine/script/scripttest, and neither site nor wasm/
//     imports testing.

const module = "kplay"

// graph resolves and caches packages for one build context.
type graph struct {
	ctx  build.Context
	root string // the module's directory
	pkgs map[string]*build.Package
}

func newGraph(t *testing.T, goos, goarch string) *graph {
	t.Helper()
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH = goos, goarch
	ctx.CgoEnabled = false
	ctx.BuildTags = nil
	if ctx.GOROOT == "" {
		t.Fatal("go/build has no GOROOT")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found: %v", err)
	}
	return &graph{ctx: ctx, root: root, pkgs: map[string]*build.Package{}}
}

// isStd reports whether an import path names a standard-library package.
func isStd(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".") && first != module
}

func isModule(p string) bool { return p == module || strings.HasPrefix(p, module+"/") }

// load returns the non-test package at import path p, or nil for a package
// outside the module and the standard library (a leaf here: it cannot
// import this module), or for a directory with no files for this target.
func (g *graph) load(t *testing.T, p string) *build.Package {
	t.Helper()
	if pkg, ok := g.pkgs[p]; ok {
		return pkg
	}
	var dirs []string
	switch {
	case p == "C":
	case isModule(p):
		dirs = []string{filepath.Join(g.root, filepath.FromSlash(strings.TrimPrefix(strings.TrimPrefix(p, module), "/")))}
	case isStd(p):
		src := filepath.Join(g.ctx.GOROOT, "src")
		dirs = []string{filepath.Join(src, filepath.FromSlash(p)), filepath.Join(src, "vendor", filepath.FromSlash(p))}
	}
	var pkg *build.Package
	for _, d := range dirs {
		if _, err := os.Stat(d); err != nil {
			continue
		}
		bp, err := g.ctx.ImportDir(d, 0)
		var noGo *build.NoGoError
		switch {
		case errors.As(err, &noGo):
		case err != nil:
			t.Fatalf("%s/%s: %s: %v", g.ctx.GOOS, g.ctx.GOARCH, p, err)
		default:
			pkg = bp
		}
		break
	}
	if pkg == nil && isStd(p) && p != "C" && len(dirs) > 0 {
		if _, err := os.Stat(dirs[0]); err != nil {
			if _, err := os.Stat(dirs[1]); err != nil {
				t.Fatalf("%s/%s: cannot find standard package %s under %s", g.ctx.GOOS, g.ctx.GOARCH, p, g.ctx.GOROOT)
			}
		}
	}
	g.pkgs[p] = pkg
	return pkg
}

// deps returns the transitive non-test imports of p, p excluded, sorted.
func (g *graph) deps(t *testing.T, p string) []string {
	t.Helper()
	seen := map[string]bool{}
	var walk func(string)
	walk = func(q string) {
		pkg := g.load(t, q)
		if pkg == nil {
			return
		}
		for _, imp := range pkg.Imports {
			if !seen[imp] {
				seen[imp] = true
				walk(imp)
			}
		}
	}
	walk(p)
	out := make([]string, 0, len(seen))
	for q := range seen {
		out = append(out, q)
	}
	slices.Sort(out)
	return out
}

// modulePackages lists the import paths of every directory of the module
// that holds Go files, skipping testdata, build output and hidden folders.
func (g *graph) modulePackages(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(g.root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if p != g.root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "node_modules" || name == "dist" || name == "bin") {
			return filepath.SkipDir
		}
		if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil && p != g.root {
			return filepath.SkipDir // a module of its own (third_party/vecty), not this one's
		}
		if m, _ := filepath.Glob(filepath.Join(p, "*.go")); len(m) > 0 {
			rel, err := filepath.Rel(g.root, p)
			if err != nil {
				return err
			}
			out = append(out, path.Join(module, filepath.ToSlash(rel)))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func under(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }

func TestImportRules(t *testing.T) {
	// The third target is the page's test build (./build.sh test), whose
	// hooks live in files under the kplaytest tag.
	for _, target := range [][3]string{{"linux", "amd64"}, {"js", "wasm"}, {"js", "wasm", "kplaytest"}} {
		t.Run(strings.Trim(strings.Join(target[:], "_"), "_"), func(t *testing.T) {
			g := newGraph(t, target[0], target[1])
			if target[2] != "" {
				g.ctx.BuildTags = []string{target[2]}
			}
			checked := 0
			for _, p := range g.modulePackages(t) {
				pkg := g.load(t, p)
				if pkg == nil {
					continue // no files for this target (e.g. //go:build js && wasm)
				}
				checked++
				checkPackage(t, g, p, pkg, t.Errorf)
			}
			if checked < 3 {
				t.Fatalf("checked only %d packages; the walk is broken", checked)
			}
			if d := g.deps(t, "kplay/engine/script"); !slices.Contains(d, "kplay/engine") || !slices.Contains(d, "unicode/utf8") {
				t.Fatalf("engine/script's graph %v lacks kplay/engine or unicode/utf8; the walk is broken", d)
			}
		})
	}
}

// checkPackage reports through errorf every rule that package p breaks.
func checkPackage(t *testing.T, g *graph, p string, pkg *build.Package, errorf func(format string, args ...any)) {
	t.Helper()
	target := g.ctx.GOOS + "/" + g.ctx.GOARCH
	// The packages the engine must not import directly, and the prefixes
	// of their subpackages (net/http, sync/atomic, ...).
	forbiddenInEngine := []string{"time", "math/rand", "math/rand/v2", "crypto/rand", "os", "net", "net/http", "sync", "syscall", "syscall/js", "log", "unsafe"}
	forbiddenPrefixes := []string{"net/", "os/", "sync/", "log/", "syscall/"}
	isEngine := under(p, "kplay/engine") && !under(p, "kplay/engine/script")
	for _, imp := range pkg.Imports {
		switch {
		case isEngine && !isStd(imp) && !under(imp, "kplay/engine/internal"):
			errorf("%s: %s imports %s; the engine imports only the standard library", target, p, imp)
		case isEngine && (slices.Contains(forbiddenInEngine, imp) || slices.ContainsFunc(forbiddenPrefixes, func(pre string) bool { return strings.HasPrefix(imp, pre) })):
			errorf("%s: %s imports %s; the engine has no clock, randomness, I/O, goroutine sync, syscall/js or unsafe", target, p, imp)
		case p == "kplay/engine/script" && !isStd(imp) && imp != "kplay/engine" && imp != "kplay/link" && !under(imp, "kplay/engine/internal"):
			errorf("%s: %s imports %s; engine/script imports only the engine, kplay/link and the standard library", target, p, imp)
		case p == "kplay/link" && !isStd(imp):
			errorf("%s: %s imports %s; the link format imports only the standard library, so the Worker can use it", target, p, imp)
		case imp == "syscall/js" && !under(p, "kplay/wasm"):
			errorf("%s: %s imports syscall/js; only wasm/* may touch the browser", target, p)
		case under(imp, "honnef.co/go/js/dom") && !under(p, "kplay/wasm"):
			errorf("%s: %s imports %s; only wasm/* may touch the browser", target, p, imp)
		case imp == "kplay/engine/script/scripttest":
			errorf("%s: %s imports scripttest outside a _test.go file; it links the testing package", target, p)
		case imp == "testing" && (under(p, "kplay/site") || under(p, "kplay/wasm") || p == "kplay/engine/script" || isEngine):
			errorf("%s: %s imports testing outside a _test.go file", target, p)
		}
	}
	var deps []string
	if under(p, "kplay/engine") || under(p, "kplay/wasm/worker") || p == "kplay/link" {
		deps = g.deps(t, p)
	}
	if isEngine || p == "kplay/engine/script" {
		for _, d := range deps {
			if under(d, "kplay/site") || under(d, "kplay/wasm") || under(d, "kplay/scenarios") || under(d, "kplay/cmd") {
				errorf("%s: %s depends on %s; the engine never depends on the page", target, p, d)
			}
		}
	}
	if p == "kplay/engine/script" && slices.Contains(deps, "testing") {
		errorf("%s: engine/script's dependency graph contains testing; the page would link it", target)
	}
	if under(p, "kplay/wasm/worker") && slices.ContainsFunc(deps, func(d string) bool { return under(d, "kplay/engine") }) {
		errorf("%s: %s depends on the engine; the Worker stays small", target, p)
	}
}

// TestImportRulesCatch makes sure the checks can fail: a fake engine
// package and a fake site package that break the rules must be reported
// for each of them.
func TestImportRulesCatch(t *testing.T) {
	g := newGraph(t, "js", "wasm")
	fake := &build.Package{ImportPath: "kplay/engine/fake", Imports: []string{"fmt", "kplay/site", "syscall/js", "time", "testing"}}
	g.pkgs[fake.ImportPath] = fake
	var got []string
	checkPackage(t, g, fake.ImportPath, fake, func(format string, args ...any) {
		got = append(got, fmt.Sprintf(format, args...))
	})
	page := &build.Package{ImportPath: "kplay/site/fake", Imports: []string{"honnef.co/go/js/dom/v2", "syscall/js"}}
	g.pkgs[page.ImportPath] = page
	checkPackage(t, g, page.ImportPath, page, func(format string, args ...any) {
		got = append(got, fmt.Sprintf(format, args...))
	})
	for _, want := range []string{
		"kplay/site/fake imports honnef.co/go/js/dom/v2; only wasm/* may touch the browser",
		"kplay/site/fake imports syscall/js; only wasm/* may touch the browser",
		"imports kplay/site; the engine imports only the standard library",
		"imports syscall/js; the engine has no clock",
		"imports time; the engine has no clock",
		"imports testing outside a _test.go file",
		"depends on kplay/site; the engine never depends on the page",
	} {
		if !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, want) }) {
			t.Errorf("no report containing %q; got:\n%s", want, strings.Join(got, "\n"))
		}
	}
}

// TestNoTestHooksInProductionPage: the window hooks the browser tests and
// benchmarks drive are compiled into the page only under the kplaytest
// build tag (docs/design.md §5, the page's window API). No file of
// wasm/playground that the production build (js/wasm, no tags) compiles
// names one; the kplaytest build does, so the check can see them.
func TestNoTestHooksInProductionPage(t *testing.T) {
	hooks := []string{"kplayFrames", "kplayFirstDraw", "kplaySeekBench", "kplaySeekParts", "kplayFrameBench", "kplayLoadScript", "kplayCrash", "kplayMemStats"}
	named := func(tags []string) map[string][]string {
		g := newGraph(t, "js", "wasm")
		g.ctx.BuildTags = tags
		pkg := g.load(t, "kplay/wasm/playground")
		if pkg == nil {
			t.Fatalf("wasm/playground has no files for js/wasm with tags %v", tags)
		}
		out := map[string][]string{}
		for _, f := range pkg.GoFiles {
			src, err := os.ReadFile(filepath.Join(pkg.Dir, f))
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range hooks {
				if strings.Contains(string(src), `"`+h+`"`) {
					out[h] = append(out[h], f)
				}
			}
		}
		return out
	}
	for h, files := range named(nil) {
		t.Errorf("the production page names the test hook %s in %v; put it under //go:build kplaytest", h, files)
	}
	test := named([]string{"kplaytest"})
	for _, h := range hooks {
		if len(test[h]) == 0 {
			t.Errorf("the kplaytest build of the page does not set window.%s; the browser tests need it", h)
		}
	}
}
