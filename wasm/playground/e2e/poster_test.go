//go:build browser && !js

package e2e

// Browser tests of the first frame baked in at build time (site/poster,
// static/poster.js): with app.wasm held back by the server, the page and
// the embed show the real diagram; released, the wasm takes over without
// moving the boxes. A clicked embed fetches its wasm at once.

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"kplay/cmd/kplay/siteserve"
	"kplay/scenarios"
	kplaysite "kplay/site"
)

// TestBrowserEmbedFetchesWasmAtOnce opens the embed with wasm_exec.js and
// app.wasm both held back by the server: app.wasm must be asked for while
// wasm_exec.js has not arrived (embed.js starts the wasm's fetch beside the
// scripts that run it, not after them, which on a slow link cost a round
// trip or two), and only once: boot.js takes the preloaded response
// instead of fetching the 1.5 MB again.
func TestBrowserEmbedFetchesWasmAtOnce(t *testing.T) {
	t.Parallel()
	gate := make(chan struct{})
	var once sync.Once
	release := func() { once.Do(func() { close(gate) }) }
	var wasmAsked atomic.Int32
	asked := make(chan struct{}, 1)
	h := siteserve.Handler(os.DirFS(builtSite(t)))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		wasm := strings.HasSuffix(r.URL.Path, "/app.wasm")
		if wasm && wasmAsked.Add(1) == 1 {
			asked <- struct{}{}
		}
		if wasm || strings.HasSuffix(r.URL.Path, "/wasm_exec.js") {
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(release)

	ctx := newBrowser(t, 900, 800)
	pageErrors := watchConsole(ctx)
	goTo(t, ctx, srv.URL+"/embed.html")
	select {
	case <-asked:
	case <-time.After(30 * time.Second):
		t.Fatalf("app.wasm was not asked for while wasm_exec.js was held back: the embed waits for its scripts before fetching the wasm")
	}
	release()
	if err := pollLoaded(ctx, `document.body?.dataset.ready === "1" && document.querySelector("svg#diagram") !== null`, 60*time.Second); err != nil {
		t.Fatalf("the embed did not draw after the release: %v\npage text:\n%s", err, pageDump(ctx))
	}
	entries, err := chromedp.Run(ctx, chromedp.Evaluate[int](`performance.getEntriesByType("resource").filter(e => e.name.endsWith("/app.wasm")).length`))
	if err != nil {
		t.Fatal(err)
	}
	if n := wasmAsked.Load(); n != 1 || entries != 1 {
		t.Errorf("app.wasm was asked for %d times (%d resource entries), want once: boot.js did not take the preloaded response", n, entries)
	}
	if problems := pageErrors(); len(problems) > 0 {
		t.Errorf("the embed logged errors:\n%s", strings.Join(problems, "\n"))
	}
}

// heldSite serves dir as serveSite does, except that every request for
// app.wasm waits until release is called; served counts the app.wasm
// responses begun.
type heldSite struct {
	*httptest.Server
	release func()
	served  *atomic.Int32
}

func serveHeld(tb testing.TB, dir string) heldSite {
	tb.Helper()
	gate := make(chan struct{})
	var once sync.Once
	release := func() { once.Do(func() { close(gate) }) }
	var served atomic.Int32
	h := siteserve.Handler(os.DirFS(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/app.wasm") {
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
			served.Add(1)
		}
		h.ServeHTTP(w, r)
	}))
	// Cleanups run last in, first out: release the held requests first, so
	// that Close does not wait for them.
	tb.Cleanup(srv.Close)
	tb.Cleanup(release)
	return heldSite{Server: srv, release: release, served: &served}
}

// goTo starts loading url without waiting for the load event, which a
// held app.wasm (the page preloads it) would keep from firing.
func goTo(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: url}); err != nil {
		t.Fatalf("navigate to %s: %v", url, err)
	}
}

// pollLoaded polls cond as chromedp.Poll does, within timeout, on a page
// that goTo started loading: a poll begun before the new document's
// context exists fails with "Cannot find context", and is begun again.
func pollLoaded(ctx context.Context, cond string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(time.Until(deadline))))
		if err == nil || !strings.Contains(err.Error(), "Cannot find context") || time.Now().After(deadline) {
			return err
		}
	}
}

// frameJS describes the diagram as the reader sees it: each node's
// role and bounding rectangle, the title, the controller bar's partition
// line, how many log cells the first broker's strip has, whether the
// diagram is visible, and whether the body is still the baked frame.
const frameJS = `(() => {
	const svg = document.querySelector("svg#diagram");
	const r = {poster: document.body?.dataset.poster || "", ready: document.body?.dataset.ready === "1",
		visible: !!svg && svg.getBoundingClientRect().width > 100 && getComputedStyle(svg).visibility === "visible" && svg.checkVisibility(),
		title: (document.querySelector("header.top .title") || {}).textContent || "",
		h1: (document.querySelector("header.top h1") || {}).textContent || "",
		partition: (document.querySelector("#partition-state") || {}).textContent || "",
		loading: !!document.querySelector("body > .loading") && document.querySelector("body > .loading").checkVisibility(),
		roles: {}, boxes: {}};
	for (const g of document.querySelectorAll("svg#diagram g.node[data-node]")) {
		r.roles[g.dataset.node] = g.dataset.role;
		const b = g.querySelector("rect.box").getBoundingClientRect();
		r.boxes[g.dataset.node] = {X: b.x, Y: b.y, W: b.width, H: b.height};
	}
	return r;
})()`

func readFrame(t *testing.T, ctx context.Context) frame {
	t.Helper()
	f, err := chromedp.Run(ctx, chromedp.Evaluate[frame](frameJS))
	if err != nil {
		t.Fatalf("reading the diagram: %v", err)
	}
	return f
}

// checkTakeover releases app.wasm, waits for the page's own first draw
// to replace the baked frame, and checks that no box moved by more than
// 1.5 px and that the page answers a click on Play/Pause.
func checkTakeover(t *testing.T, ctx context.Context, site heldSite, before frame) {
	t.Helper()
	site.release()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.body && document.body?.dataset.ready === "1" && !document.body.hasAttribute("data-poster") && document.querySelector("svg#diagram") !== null`,
		chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Fatalf("the wasm never took over: %v\npage text:\n%s", err, pageDump(ctx))
	}
	after := readFrame(t, ctx)
	if len(after.Boxes) != len(before.Boxes) {
		t.Errorf("the wasm drew %d nodes, the baked frame %d: %v vs %v", len(after.Boxes), len(before.Boxes), after.Roles, before.Roles)
	}
	for k, b := range before.Boxes {
		a, ok := after.Boxes[k]
		if !ok {
			t.Errorf("node %s is gone after the takeover", k)
			continue
		}
		if d := max(math.Abs(a.X-b.X), math.Abs(a.Y-b.Y), math.Abs(a.W-b.W), math.Abs(a.H-b.H)); d > 1.5 {
			t.Errorf("node %s moved at the takeover: %+v, then %+v (%.1f px)", k, b, a, d)
		}
		if after.Roles[k] != before.Roles[k] {
			t.Errorf("node %s was %s in the baked frame, %s after the takeover", k, before.Roles[k], after.Roles[k])
		}
	}
	// Interactive: Play/Pause answers.
	label := `document.getElementById("play").textContent.trim()`
	was, err := chromedp.Run(ctx, chromedp.Evaluate[string](label))
	if err != nil {
		t.Fatal(err)
	}
	if err := steadyClick(ctx, "#play"); err != nil {
		t.Fatalf("click #play: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`%s !== %q`, label, was), chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Errorf("#play still says %q after a click: the page is not interactive: %v", was, err)
	}
}

// waitFrame waits until the baked frame of preset shows its diagram, and
// returns it; app.wasm must still be held back.
func waitFrame(t *testing.T, ctx context.Context, site heldSite, preset string) frame {
	t.Helper()
	if err := pollLoaded(ctx, fmt.Sprintf(`document.body && document.body?.dataset.poster === %q && !document.documentElement.classList.contains("poster-off") && document.querySelector("svg#diagram g.node") !== null`, preset),
		30*time.Second); err != nil {
		t.Fatalf("no baked frame of %s: %v\npage text:\n%s", preset, err, pageDump(ctx))
	}
	f := readFrame(t, ctx)
	if n := site.served.Load(); n != 0 {
		t.Fatalf("app.wasm was served %d times while held back", n)
	}
	if f.Ready {
		t.Errorf("the body says data-ready before the wasm ran")
	}
	if !f.Visible {
		t.Errorf("the baked diagram is not visible")
	}
	if f.Loading {
		t.Errorf("the loading line shows over the baked frame")
	}
	return f
}

// TestBrowserPosterPage opens the page with app.wasm held back: the
// default preset's diagram shows (the heading saying what kplay is, the
// preset's title, broker 1 leading orders-0 with brokers 2 and 3
// following, the controller bar); then the wasm takes over in place.
func TestBrowserPosterPage(t *testing.T) {
	// It runs alone (no t.Parallel), as every test of the takeover does
	// (checkTakeover): beside two other tabs the start-here embed's boxes
	// once moved 86 px down when the wasm took over from the baked frame.
	site := serveHeld(t, builtSite(t))
	ctx := newBrowser(t, 1280, 800)
	pageErrors := watchConsole(ctx)
	goTo(t, ctx, site.URL+"/")
	f := waitFrame(t, ctx, site, scenarios.Default)
	p, _ := scenarios.Get(scenarios.Default)
	if !strings.HasPrefix(f.H1, "kplay") || !strings.Contains(f.H1, "Kafka replication") {
		t.Errorf("heading %q, want kplay and what it is", f.H1)
	}
	if f.Title != p.Title {
		t.Errorf("title %q, want the preset's %q", f.Title, p.Title)
	}
	// start-here.txt: three brokers, orders with rf=3; the controller
	// makes broker 1, the first replica, the leader (KRaft's first
	// assignment), with the ISR all three.
	for k, role := range map[string]string{"b1": "leader", "b2": "follower", "b3": "follower"} {
		if f.Roles[k] != role {
			t.Errorf("node %s is %q in the baked frame, want %q (nodes %v)", k, f.Roles[k], role, f.Roles)
		}
	}
	if !strings.Contains(f.Partition, "orders-0") || !strings.Contains(f.Partition, "leader broker 1") || !strings.Contains(f.Partition, "ISR 1,2,3") {
		t.Errorf("controller bar says %q, want orders-0 led by broker 1 with ISR 1,2,3", f.Partition)
	}
	// Each replica's log strip, with its LEO and HW marks: at the start
	// nothing is produced yet, so every log ends at offset 0.
	for _, b := range []string{"1", "2", "3"} {
		leo, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('svg#diagram .log[data-broker="`+b+`"]') || {dataset: {}}).dataset.leo || "none"`))
		if err != nil || leo != "0" {
			t.Errorf("broker %s's log strip: LEO %q, want 0 (err %v)", b, leo, err)
		}
	}
	screenshot(t, ctx, "poster-page-held.png")
	checkTakeover(t, ctx, site, f)
	noPageErrors(t, pageErrors)
}

// TestBrowserPosterEmbed opens the embed, the default and another preset,
// with app.wasm held back: each shows its own preset's diagram (the
// preset's title; order-9001.txt's producer and consumer beside the three
// brokers), then the wasm takes over in place.
func TestBrowserPosterEmbed(t *testing.T) {
	// It runs alone (no t.Parallel), as every test of the takeover does
	// (checkTakeover): beside two other tabs the start-here embed's boxes
	// once moved 86 px down when the wasm took over from the baked frame.
	for _, name := range []string{scenarios.Default, "order-9001"} {
		t.Run(name, func(t *testing.T) {
			site := serveHeld(t, builtSite(t))
			ctx := newBrowser(t, 900, 800)
			pageErrors := watchConsole(ctx)
			q := ""
			if name != scenarios.Default {
				q = "?preset=" + name
			}
			goTo(t, ctx, site.URL+"/embed.html"+q)
			f := waitFrame(t, ctx, site, name)
			p, _ := scenarios.Get(name)
			if f.Title != p.Title {
				t.Errorf("title %q, want the preset's %q", f.Title, p.Title)
			}
			want := map[string]string{"b1": "leader", "b2": "follower", "b3": "follower"}
			if name == "order-9001" {
				want["producer"], want["consumer"] = "producer", "consumer"
			}
			for k, role := range want {
				if f.Roles[k] != role {
					t.Errorf("node %s is %q in the baked frame, want %q (nodes %v)", k, f.Roles[k], role, f.Roles)
				}
			}
			placeholder, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("poster").checkVisibility()`))
			if err != nil || placeholder {
				t.Errorf("the placeholder poster shows over the frame (err %v)", err)
			}
			screenshot(t, ctx, "poster-embed-"+name+"-held.png")
			checkTakeover(t, ctx, site, f)
			if problems := pageErrors(); len(problems) > 0 {
				t.Errorf("the embed logged errors:\n%s", strings.Join(problems, "\n"))
			}
		})
	}
}

// TestBrowserPosterEmbedCode: the embed at the address "Copy embed code"
// and `kplay embed` write (controls=min, their panels, a lesson ID),
// which is what a lesson page holds, shows its baked first frame while
// app.wasm is held back, wide and on a phone, and the wasm takes over in
// place. A teacher's students saw a 320-px "kplay loading…" card in its
// place for 8.5 s on a slow link: every parameter but preset= turned
// the frame off.
func TestBrowserPosterEmbedCode(t *testing.T) {
	// It runs alone (no t.Parallel), as every test of the takeover does
	// (checkTakeover): beside two other tabs the start-here embed's boxes
	// once moved 86 px down when the wasm took over from the baked frame.
	for _, c := range []struct {
		preset string
		w, h   int
	}{{scenarios.Default, 900, 800}, {"acks1-loss", 900, 800}, {"acks1-loss", 390, 844}} {
		t.Run(c.preset+"-"+strconv.Itoa(c.w), func(t *testing.T) {
			site := serveHeld(t, builtSite(t))
			ctx := newBrowser(t, c.w, c.h)
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(c.w), int64(c.h), chromedp.EmulateScale(1))); err != nil {
				t.Fatal(err)
			}
			pageErrors := watchConsole(ctx)
			goTo(t, ctx, site.URL+"/embed.html?"+kplaysite.CodeParams.Query("preset="+c.preset)+"&lesson=unit-3")
			f := waitFrame(t, ctx, site, c.preset)
			if p, _ := scenarios.Get(c.preset); f.Title != p.Title {
				t.Errorf("title %q, want the preset's %q", f.Title, p.Title)
			}
			if got := evalJS[string](t, ctx, `document.body.className`); !strings.Contains(got, "controls-min") {
				t.Errorf("the baked frame is not the embed code's (controls=min): body class %q", got)
			}
			checkTakeover(t, ctx, site, f)
			noPageErrors(t, pageErrors)
		})
	}
}

// TestBrowserPosterOther opens addresses whose first frame was not baked:
// a share link and an embed with autoplay=1. Neither may show the
// default preset's frame; the page shows its loading line, the embed its
// placeholder, until the wasm draws.
func TestBrowserPosterOther(t *testing.T) {
	t.Parallel()
	site := serveHeld(t, builtSite(t))
	hidden := `!document.querySelector("svg#diagram").checkVisibility()`
	for _, c := range []struct{ path, shows, what string }{
		{"/#s=1.damaged", `document.querySelector("body > .loading").checkVisibility()`, "the loading line"},
		{"/embed.html?preset=" + scenarios.Default + "&autoplay=1", `document.getElementById("poster").checkVisibility()`, "the placeholder"},
	} {
		ctx := newBrowser(t, 1280, 800)
		goTo(t, ctx, site.URL+c.path)
		if err := pollLoaded(ctx, `document.readyState !== "loading" && `+hidden+` && `+c.shows, 30*time.Second); err != nil {
			t.Errorf("%s: the baked frame shows, or %s does not: %v\n%s", c.path, c.what, err, pageDump(ctx))
		}
	}
}

// TestBrowserPosterNarrow opens the page in a phone's viewport with
// app.wasm held back: poster.js puts the narrow frame (the diagram laid
// out narrow, svg.narrow) in place of the wide one, and the wasm takes
// over without moving a box.
func TestBrowserPosterNarrow(t *testing.T) {
	// It runs alone (no t.Parallel), as every test of the takeover does
	// (checkTakeover): beside two other tabs the start-here embed's boxes
	// once moved 86 px down when the wasm took over from the baked frame.
	site := serveHeld(t, builtSite(t))
	ctx := newBrowser(t, 390, 844)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1), chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatalf("phone viewport: %v", err)
	}
	goTo(t, ctx, site.URL+"/")
	f := waitFrame(t, ctx, site, scenarios.Default)
	narrow, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.innerWidth < 720 && document.querySelector("svg#diagram").classList.contains("narrow")`))
	if err != nil || !narrow {
		t.Errorf("the baked frame in a %d px window is not the narrow layout (err %v)", 390, err)
	}
	screenshot(t, ctx, "poster-page-narrow-held.png")
	checkTakeover(t, ctx, site, f)
}

// startProbeJS runs before the page's scripts: it notes, in
// window.kplayStartedWhile, document.readyState when the page's program
// first runs (its frame loop sets window.kplayFrames, kplaytest), and sets
// window.kplayInstantiated once app.wasm is instantiated.
const startProbeJS = `(() => {
	let frames;
	Object.defineProperty(window, "kplayFrames", {configurable: true, get: () => frames, set: v => {
		if (window.kplayStartedWhile === undefined) { window.kplayStartedWhile = document.readyState; }
		frames = v;
	}});
	const inst = WebAssembly.instantiateStreaming;
	WebAssembly.instantiateStreaming = function () {
		return inst.apply(this, arguments).then(r => { window.kplayInstantiated = true; return r; });
	};
})()`

// TestBrowserPosterSlowDocument holds back the end of index.html, after
// boot.js, until app.wasm is instantiated: the document is still loading
// when the program could start. The program must wait for the document
// (boot.js), or its first frame would find the baked diagram, mark that
// body drawn, and lose the mark when Vecty replaced it.
func TestBrowserPosterSlowDocument(t *testing.T) {
	t.Parallel()
	dir := builtSite(t)
	html, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	cut := strings.Index(string(html), `<script src="boot.js"></script>`)
	if cut < 0 {
		t.Fatal("index.html has no boot.js script")
	}
	cut += len(`<script src="boot.js"></script>`)
	tail := make(chan struct{})
	var once sync.Once
	release := func() { once.Do(func() { close(tail) }) }
	h := siteserve.Handler(os.DirFS(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			h.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(html[:cut])
		w.(http.Flusher).Flush()
		select {
		case <-tail:
		case <-r.Context().Done():
			return
		}
		w.Write(html[cut:])
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(release)

	ctx := newBrowser(t, 1280, 800)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: startProbeJS}); err != nil {
		t.Fatal(err)
	}
	goTo(t, ctx, srv.URL+"/")
	if err := pollLoaded(ctx, `window.kplayInstantiated === true && document.readyState === "loading"`, 60*time.Second); err != nil {
		t.Fatalf("app.wasm was not instantiated while the document loaded: %v", err)
	}
	release()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.body && document.body?.dataset.ready === "1" && !document.body.hasAttribute("data-poster")`, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Errorf("the page never marked its own first draw: %v\npage text:\n%s", err, pageDump(ctx))
	}
	while, err := chromedp.Run(ctx, chromedp.Evaluate[string](`String(window.kplayStartedWhile)`))
	if err != nil || while == "loading" {
		t.Errorf("the program started while the document was %q (err %v), want after it was parsed", while, err)
	}
}
