//go:build browser && !js

// Package e2e tests the page end to end: the built site (dist/), served
// by kplay serve's handler (cmd/kplay/siteserve), in real headless
// Chromium driven by chromedp. The tests need /usr/bin/chromium (or
// chromium on PATH); without it they fail, they never skip, because
// ./build.sh test installs it. They share one Chromium (TestMain stops
// it), each test in a window and browser context of its own. They build
// only with the tag browser:
//
//	PAGE_TAGS=kplaytest ./build.sh build
//	KPLAY_DIST=$PWD/dist go test -tags browser -count=1 ./wasm/playground/e2e
//
// KPLAY_DIST names a site that ./build.sh build wrote with the kplaytest
// hooks; without it the tests build the site into a temporary directory.
// KPLAY_SHOTS names a directory for the screenshots (default: t.TempDir()).
//
// This file is the harness: the browser, the served site, the helpers
// every test uses to open a page, evaluate and poll JavaScript in it,
// click as a mouse does and read what it logged, and openHost, a lesson
// page on a second site that holds an embed. The tests are in files named
// for what they test (crash, timeline, layout, phone, share, embedhost…).
package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"kplay/cmd/kplay/siteserve"
	"kplay/engine"
	"kplay/engine/script"
	"kplay/scenarios"
	"kplay/site"
)

// chromiumPath finds Chromium, or fails the test.
func chromiumPath(tb testing.TB) string {
	tb.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	tb.Fatal("Chromium not found: install it (apt-get install -y chromium); ./build.sh test does this")
	return ""
}

// builtSite returns the directory of a built site: $KPLAY_DIST, or a fresh
// build of wasm/playground (with the kplaytest hooks the tests drive),
// static/ and wasm_exec.js in a temporary directory.
func builtSite(tb testing.TB) string {
	tb.Helper()
	if d := os.Getenv("KPLAY_DIST"); d != "" {
		for _, f := range []string{"index.html", "app.wasm", "wasm_exec.js"} {
			if _, err := os.Stat(filepath.Join(d, f)); err != nil {
				tb.Fatalf("KPLAY_DIST=%s is not a built site: %v (run ./build.sh build)", d, err)
			}
		}
		return d
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		tb.Fatalf("go not on PATH: %v", err)
	}
	dir := tb.TempDir()
	build := exec.Command(goBin, "build", "-trimpath", "-tags", "kplaytest", "-o", filepath.Join(dir, "app.wasm"), "./wasm/playground")
	build.Dir = filepath.Join("..", "..", "..")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		tb.Fatalf("building the page: %v\n%s", err, out)
	}
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "static"))); err != nil {
		tb.Fatalf("copying static/: %v", err)
	}
	goroot, err := exec.Command(goBin, "env", "GOROOT").Output()
	if err != nil {
		tb.Fatalf("go env GOROOT: %v", err)
	}
	js, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), js, 0o644); err != nil {
		tb.Fatal(err)
	}
	return dir
}

// newBrowser opens a tab in a window of width×height in the Chromium the
// tests share, in a browser context of its own (its own cookies, storage
// and cache, as a fresh browser has), and returns it. The tab closes at
// test cleanup.
func newBrowser(tb testing.TB, width, height int) context.Context {
	tb.Helper()
	return browserFor(tb, width, height, 2*time.Minute)
}

// browserFor is newBrowser with a deadline of d for everything the tab
// does. Extra options (a Chromium flag, such as the pointing device a
// phone test wants) need a Chromium of their own: then browserFor starts
// one with them after the usual ones, and stops it at test cleanup.
func browserFor(tb testing.TB, width, height int, d time.Duration, extra ...chromedp.ExecAllocatorOption) context.Context {
	tb.Helper()
	var ctx context.Context
	if len(extra) == 0 {
		ctx = sharedTab(tb, width, height)
	} else {
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromiumOptions(chromiumPath(tb), tb.TempDir(), width, height, extra...)...)
		tb.Cleanup(cancelAlloc)
		var cancelCtx context.CancelFunc
		ctx, cancelCtx = chromedp.NewContext(actx)
		tb.Cleanup(cancelCtx)
	}
	ctx, cancelTimeout := context.WithTimeout(ctx, d)
	tb.Cleanup(cancelTimeout)
	return ctx
}

// chromiumOptions are the command line of the headless Chromium at
// execPath whose first window is width×height, with the user data
// directory userData and extra after the usual options.
func chromiumOptions(execPath, userData string, width, height int, extra ...chromedp.ExecAllocatorOption) []chromedp.ExecAllocatorOption {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(execPath),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(userData),
		chromedp.WindowSize(width, height),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	)
	return append(opts, extra...)
}

// chromium is the headless Chromium the tests share: started by the first
// test that asks for a tab, stopped by TestMain once every test has run.
// Starting Chromium for each test cost a second or more of the 2-core
// machine's time per test, and its cold start is what a test waited on.
var chromium sharedChromium

// sharedChromium starts one Chromium at most and keeps its first tab,
// whose context owns the process.
type sharedChromium struct {
	once    sync.Once
	browser context.Context
	stop    func()
	err     error
}

// TestMain runs the tests and benchmarks, then stops the shared Chromium.
// The tests call t.Parallel and ./build.sh test runs three at a time, each
// in its own tab and browser context; a test whose claim rests on the
// frame rate leaves t.Parallel out, says why, and runs alone first.
func TestMain(m *testing.M) {
	code := m.Run()
	if chromium.stop != nil {
		chromium.stop()
	}
	os.Exit(code)
}

// minWindowWidth is the narrowest window headless Chromium draws: asked
// for a narrower one (chromedp.WindowSize(390, 844)), it draws 500 CSS
// pixels wide. A tab in a window sized later would be as narrow as asked,
// so sharedTab asks for no less, and a test that wants a phone's width
// emulates it (pageAt), as with a browser of its own.
const minWindowWidth = 500

// sharedTab opens a new window of width×height in the shared Chromium, in
// a new browser context, and closes both at test cleanup. The window is
// sized as chromedp.WindowSize sizes a browser's first window.
func sharedTab(tb testing.TB, width, height int) context.Context {
	tb.Helper()
	execPath := chromiumPath(tb)
	chromium.once.Do(func() {
		// The user data directory outlives the test that starts Chromium.
		dir, err := os.MkdirTemp("", "kplay-e2e-chromium-")
		if err != nil {
			chromium.err = err
			return
		}
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromiumOptions(execPath, dir, 1280, 800)...)
		bctx, cancelBrowser := chromedp.NewContext(actx)
		chromium.browser = bctx
		chromium.stop = func() { cancelBrowser(); cancelAlloc(); os.RemoveAll(dir) }
		_, chromium.err = chromedp.Run(bctx, chromedp.Navigate("about:blank"))
	})
	if chromium.err != nil {
		tb.Fatalf("starting Chromium: %v", chromium.err)
	}
	ctx, cancel := chromedp.NewContext(chromium.browser, chromedp.WithNewBrowserContext())
	tb.Cleanup(cancel)
	w, err := chromedp.Call(ctx, browser.GetWindowForTarget, browser.GetWindowForTargetParams{})
	if err != nil {
		tb.Fatalf("opening a tab: %v", err)
	}
	if _, err := chromedp.CallBrowser(ctx, browser.SetWindowBounds, browser.SetWindowBoundsParams{WindowID: w.WindowID, Bounds: &browser.Bounds{Width: int64(max(width, minWindowWidth)), Height: int64(height)}}); err != nil {
		tb.Fatalf("sizing the window to %d×%d: %v", width, height, err)
	}
	return ctx
}

// serveSite serves dir with the kplay serve handler.
func serveSite(tb testing.TB, dir string) *httptest.Server {
	tb.Helper()
	srv := httptest.NewServer(siteserve.Handler(os.DirFS(dir)))
	tb.Cleanup(srv.Close)
	return srv
}

// readyJS is true once the page has drawn its diagram.
const readyJS = `document.body?.dataset.ready === "1" && document.querySelector("svg#diagram") !== null`

// logs is what the replica logs show: each broker's LEO and HW.
type logs struct {
	LEO1 int    `json:"leo1"`
	LEO2 int    `json:"leo2"`
	LEO3 int    `json:"leo3"`
	HW1  int    `json:"hw1"`
	HW2  int    `json:"hw2"`
	HW3  int    `json:"hw3"`
	Time string `json:"clock"`
}

const logsJS = `(() => {
	const r = {clock: (document.querySelector("#clock") || {}).textContent || ""};
	for (const b of [1, 2, 3]) {
		const l = document.querySelector('.log[data-broker="' + b + '"]');
		r["leo" + b] = l ? Number(l.dataset.leo) : -1;
		r["hw" + b] = l ? Number(l.dataset.hw) : -1;
	}
	return r;
})()`

func readLogs(t *testing.T, ctx context.Context) logs {
	t.Helper()
	l, err := chromedp.Run(ctx, chromedp.Evaluate[logs](logsJS))
	if err != nil {
		t.Fatalf("reading the logs: %v", err)
	}
	return l
}

// pageDump is the page's text, the diagram's nodes with their roles and
// the script editor's text, for failure messages.
func pageDump(ctx context.Context) string {
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText.slice(0, 3000)`))
	if err != nil {
		return "(cannot read the page: " + err.Error() + ")"
	}
	return s + "\nnodes: " + nodeRoles(ctx) + "\n#script:\n" + actText(ctx, "#script")
}

// nodeRoles lists the diagram's nodes with their role and liveness, such
// as "b1=leader/alive=true".
func nodeRoles(ctx context.Context) string {
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("g.node")].map(g => g.dataset.node + "=" + g.dataset.role + (g.dataset.alive ? "/alive=" + g.dataset.alive : "")).join(" ")`))
	return s
}

// mustJS fails the test unless the JavaScript expression js is true now.
func mustJS(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
	if err != nil || !ok {
		t.Fatalf("%s: not so (err %v)\npage text:\n%s", what, err, pageDump(ctx))
	}
}

// screenshot saves the viewport as a PNG in $KPLAY_SHOTS or a temp dir.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("KPLAY_SHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s (%d bytes)", p, len(png))
}

// noPageErrors fails t with what the page logged, if watchConsole's
// pageErrors caught any console error or uncaught exception.
func noPageErrors(t *testing.T, pageErrors func() []string) {
	t.Helper()
	if problems := pageErrors(); len(problems) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(problems, "\n"))
	}
}

// watchConsole collects the page's uncaught exceptions and console errors
// from now on; the returned function reports those seen so far.
func watchConsole(ctx context.Context) func() []string {
	var (
		mu       sync.Mutex
		problems []string
	)
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.IsException() || m.Type == chromedp.ConsoleError {
				mu.Lock()
				problems = append(problems, string(m.Type)+": "+m.Text)
				mu.Unlock()
			}
		}
	}()
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(problems)
	}
}

// waitSteady polls the logs until the leader's LEO equals its HW and both
// followers' LEOs, and nothing has changed for a second; it returns that
// state.
func waitSteady(t *testing.T, ctx context.Context) logs {
	t.Helper()
	var last logs
	same := 0
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		l := readLogs(t, ctx)
		l.Time = ""
		steady := l.LEO1 >= 0 && l.LEO1 == l.HW1 && l.LEO1 == l.LEO2 && l.LEO1 == l.LEO3
		if steady && l == last {
			same++
		} else {
			same = 0
		}
		if same >= 10 {
			return l
		}
		last = l
		if err := chromedp.Do(ctx, chromedp.Sleep(100*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("the logs never settled; last %+v\npage text:\n%s", last, pageDump(ctx))
	return logs{}
}

// steadyClickJS waits for the element %q to be in the page, scrolls it
// into view if it is not wholly on screen or in its scrolling box
// (centring it, as chromedp.Click does), waits until its box has kept the
// same place for five animation frames (content growing above it, such as
// the event log, moves it while the page plays; scroll anchoring moves it
// back a frame later) and resolves with its centre in viewport pixels as
// JSON, or rejects after 10 s.
const steadyClickJS = `new Promise((done, fail) => {
	let el = null, last = "", same = 0;
	const t0 = performance.now();
	const f = () => {
		if (performance.now() - t0 > 10000) { fail(new Error(el === null ? "not in the page" : "its box never kept still: " + last)); return; }
		if (el === null) {
			el = document.querySelector(%q);
			if (el !== null) el.scrollIntoViewIfNeeded(true);
			requestAnimationFrame(f);
			return;
		}
		const r = el.getBoundingClientRect();
		const k = r.x + "," + r.y + "," + r.width + "," + r.height;
		if (k === last) same++; else { same = 0; last = k; }
		if (same >= 5 && (r.width > 0 || r.height > 0)) { done(JSON.stringify([r.x + r.width / 2, r.y + r.height / 2])); return; }
		requestAnimationFrame(f);
	};
	requestAnimationFrame(f);
})`

// steadyClick clicks sel as a mouse does, at the centre of its box once the
// box has stopped moving: whatever lies on top there gets the click.
// chromedp.Click reads the box and then clicks, and a page that is playing
// can move the element between the two, so the click lands beside it.
func steadyClick(ctx context.Context, sel string) error {
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(steadyClickJS, sel), chromedp.EvalAwaitPromise))
	if err != nil {
		return fmt.Errorf("finding %s on screen: %w", sel, err)
	}
	var xy [2]float64
	if err := json.Unmarshal([]byte(raw), &xy); err != nil {
		return fmt.Errorf("finding %s on screen: %q: %w", sel, raw, err)
	}
	return chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1]))
}

// openHost is the harness of the embed's tests as a lesson page holds
// it: a host page on a second site (127.0.0.2, where the site is on
// 127.0.0.1; an IP address is its own site, so Chrome runs the embed in
// a process of its own, as it would a real lesson page's), holding one
// <iframe> of embed.html, sized as a teacher sizes it: a fixed 800×600
// frame, or grown to the embed's "height" messages by the script "Copy
// embed code" writes (site.EmbedCode). The host page records every
// message from the frame in window.kplayMsgs, with its origin and the
// id of the iframe that posted it, and has a
// notes field a student types in.

// hostOpts is how a host page holds its embed.
type hostOpts struct {
	// Query is the embed's query, after "embed.html?"; {host} in it
	// stands for the host page's origin, URL-escaped (origin={host}).
	Query string
	// Width and Height are the iframe's size in CSS px (800×600 when 0);
	// with Grow the height follows the embed's "height" messages.
	Width, Height int
	Grow          bool
	// Sandbox, when not "", is the iframe's sandbox attribute.
	Sandbox string
	// Above is host-page HTML before the iframe (a heading and a
	// paragraph when ""), After is HTML after it; {site} in either
	// stands for the site's origin (a second embed's src).
	Above, After string
	// Early holds host-page script run as soon as the iframe element
	// exists, before the embed has loaded (frame is the iframe).
	Early string
	// Page, when not "", is a whole lesson page of the author's own
	// (docs/examples/lesson.html), served in place of the one above with
	// {site} standing for the site's origin and the recorder added at
	// the head of its <head>.
	Page string
	// Site is the built site to serve (builtSite when "").
	Site string
	// Browser holds extra options for the browser that opens the host
	// page (a Chromium flag).
	Browser []chromedp.ExecAllocatorOption
}

// hostFrame is an embed in a host page: Top is the host page's tab,
// Site the embed's origin ("http://127.0.0.1:PORT"), Host the host
// page's.
type hostFrame struct {
	t          *testing.T
	Top        context.Context
	Site, Host string
	pageErrors func() []string
}

// hostRecorder is the host page's script that records every message
// from an embed in window.kplayMsgs: its origin, the id of the iframe it
// came from, and its data.
const hostRecorder = `<script>window.kplayMsgs=[];addEventListener("message",function(e){var d=e.data;if(d&&d.source==="kplay"){` +
	`var f=[].slice.call(document.querySelectorAll("iframe")).filter(function(f){return f.contentWindow===e.source;})[0];` +
	`window.kplayMsgs.push({origin:e.origin,frame:f?f.id:"",data:d});}});</script>`

// hostPageHTML is the lesson page: opts.Above, the iframe, the embed
// code's grow script when opts.Grow, opts.After, and the recorder.
func hostPageHTML(site, hostOrigin string, opts hostOpts) string {
	w, h := opts.Width, opts.Height
	if w == 0 {
		w = 800
	}
	if h == 0 {
		h = 600
	}
	above := strings.ReplaceAll(opts.Above, "{site}", site)
	after := strings.ReplaceAll(opts.After, "{site}", site)
	if above == "" {
		above = `<h1>A lesson on replication</h1><p>Read the scenario below, then answer its question.</p>` +
			`<label>Your notes <textarea id="notes" rows="2" cols="40"></textarea></label>`
	}
	sandbox := ""
	if opts.Sandbox != "" {
		sandbox = ` sandbox="` + html.EscapeString(opts.Sandbox) + `"`
	}
	grow := ""
	if opts.Grow {
		// The embed code's own script (site.EmbedCode), for this frame.
		grow = `<script>addEventListener("message",function(e){var f=document.getElementById("k"),d=e.data;` +
			`if(f&&e.source===f.contentWindow&&e.origin===` + jsString(site) + `&&d&&d.source==="kplay"&&d.type==="height"&&d.height>0)` +
			`f.style.height=Math.min(d.height,4000)+"px"})</script>`
	}
	if opts.Page != "" {
		return strings.Replace(strings.ReplaceAll(opts.Page, "{site}", site), "<head>", "<head>"+hostRecorder, 1)
	}
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Host lesson</title><style>body{font:16px/1.5 serif;margin:0 auto;max-width:60rem;padding:0 8px} iframe{display:block}</style>
` + hostRecorder + `
</head><body>` + above + `
<iframe id="k" src="` + html.EscapeString(site+"/embed.html?"+strings.ReplaceAll(opts.Query, "{host}", url.QueryEscape(hostOrigin))) + `" width="` + fmt.Sprint(w) + `" height="` + fmt.Sprint(h) + `" style="border:0;max-width:100%" title="kplay"` + sandbox + `></iframe>
<script>(function(){var frame=document.getElementById("k");` + opts.Early + `})();</script>
` + grow + after + `
</body></html>`
}

// openHost serves the built site on 127.0.0.1 and a host page on
// 127.0.0.2 holding the embed as opts says, opens the host page in a tab
// whose viewport is width×height, and waits for the embed's ready
// message (unless opts.Sandbox or noReady says it may never come).
func openHost(t *testing.T, width, height int, opts hostOpts, noReady ...bool) *hostFrame {
	t.Helper()
	dir := opts.Site
	if dir == "" {
		dir = builtSite(t)
	}
	site := serveSite(t, dir)
	l, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Fatalf("listening on 127.0.0.2: %v", err)
	}
	host := &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, hostPageHTML(site.URL, "http://"+r.Host, opts))
	})}}
	host.Start()
	t.Cleanup(host.Close)
	ctx := browserFor(t, width, height, 2*time.Minute, opts.Browser...)
	h := &hostFrame{t: t, Top: ctx, Site: site.URL, Host: host.URL, pageErrors: watchConsole(ctx)}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height), chromedp.EmulateScale(1))); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(host.URL+"/")); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	if len(noReady) == 0 || !noReady[0] {
		// The embed loads when it scrolls into view: the host's top is.
		h.WaitMsg("ready", 60*time.Second)
	}
	return h
}

// Frame is a context for the embed's own document, in its own process:
// the iframe target whose address is the site's embed.html. It waits up
// to 10 s for the target (a load message navigates the frame, and the
// new document is a new target).
func (h *hostFrame) Frame() context.Context {
	h.t.Helper()
	return h.FrameWith("")
}

// FrameWith is Frame for the embed whose address holds part (a second
// embed's query), when the page holds more than one.
func (h *hostFrame) FrameWith(part string) context.Context {
	h.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		infos, err := chromedp.Targets(h.Top)
		if err != nil {
			h.t.Fatalf("listing targets: %v", err)
		}
		var id target.ID
		for _, info := range infos {
			if info.Type == "iframe" && strings.HasPrefix(info.URL, h.Site+"/embed.html") && strings.Contains(info.URL, part) {
				id = info.TargetID
			}
		}
		if id != "" {
			fctx, cancel := chromedp.NewContext(h.Top, chromedp.WithTargetID(id))
			h.t.Cleanup(cancel)
			return fctx
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("no iframe target at %s/embed.html among %d targets", h.Site, len(infos))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// inFrame evaluates js in the embed's document.
func inFrame[T any](h *hostFrame, js string) T {
	h.t.Helper()
	v, err := chromedp.Run(h.Frame(), chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		h.t.Fatalf("evaluating in the embed %s: %v", js, err)
	}
	return v
}

// inHost evaluates js in the host page.
func inHost[T any](h *hostFrame, js string) T {
	h.t.Helper()
	v, err := chromedp.Run(h.Top, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		h.t.Fatalf("evaluating in the host page %s: %v", js, err)
	}
	return v
}

// PollFrame waits up to d for js to be true in the embed's document.
func (h *hostFrame) PollFrame(js string, d time.Duration, what string) {
	h.t.Helper()
	if _, err := chromedp.Run(h.Frame(), chromedp.Poll[bool](js, chromedp.WithPollingTimeout(d), chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		text, _ := chromedp.Run(h.Frame(), chromedp.Evaluate[string](`document.body.innerText.slice(0, 2000)`))
		h.t.Fatalf("%s: %v\nembed text:\n%s", what, err, text)
	}
}

// PollHost waits up to d for js to be true in the host page.
func (h *hostFrame) PollHost(js string, d time.Duration, what string) {
	h.t.Helper()
	if _, err := chromedp.Run(h.Top, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(d), chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		h.t.Fatalf("%s: %v\nmessages: %s", what, err, h.msgDump())
	}
}

// Msgs is every message the host page has received from the embed.
func (h *hostFrame) Msgs() []hostMsg {
	h.t.Helper()
	return inHost[[]hostMsg](h, `window.kplayMsgs`)
}

// MsgsOf is the messages of type typ.
func (h *hostFrame) MsgsOf(typ string) []hostMsg {
	var out []hostMsg
	for _, m := range h.Msgs() {
		if m.Data["type"] == typ {
			out = append(out, m)
		}
	}
	return out
}

func (h *hostFrame) msgDump() string {
	raw, err := chromedp.Run(h.Top, chromedp.Evaluate[string](`JSON.stringify(window.kplayMsgs.filter(m => m.data.type !== "step").slice(-30))`))
	if err != nil {
		return err.Error()
	}
	return raw
}

// WaitMsg waits up to d for a message of type typ and returns the newest.
func (h *hostFrame) WaitMsg(typ string, d time.Duration) hostMsg {
	h.t.Helper()
	h.PollHost(fmt.Sprintf(`window.kplayMsgs.some(m => m.data.type === %q)`, typ), d, "no "+typ+" message from the embed")
	ms := h.MsgsOf(typ)
	return ms[len(ms)-1]
}

// Send posts msg to the embed as the host page, with targetOrigin "*".
func (h *hostFrame) Send(msg map[string]any) {
	h.t.Helper()
	b, err := json.Marshal(msg)
	if err != nil {
		h.t.Fatal(err)
	}
	inHost[bool](h, `(document.getElementById("k").contentWindow.postMessage(`+string(b)+`, "*"), true)`)
}

// frameRect is a box in the host page's viewport, in CSS px.
type frameRect struct {
	Left   float64 `json:"left"`
	Top    float64 `json:"top"`
	Right  float64 `json:"right"`
	Bottom float64 `json:"bottom"`
}

func (r frameRect) String() string {
	return fmt.Sprintf("%.0f,%.0f–%.0f,%.0f", r.Left, r.Top, r.Right, r.Bottom)
}

// InHost is the box of the embed's element sel in the host page's
// viewport (the iframe's place plus the element's in the frame), and
// whether sel is in the embed at all.
func (h *hostFrame) InHost(sel string) (frameRect, bool) {
	h.t.Helper()
	in := inFrame[*frameRect](h, fmt.Sprintf(`(e => { if (!e) return null; const r = e.getBoundingClientRect(); if (r.width === 0 && r.height === 0) return null; return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })(document.querySelector(%q))`, sel))
	if in == nil {
		return frameRect{}, false
	}
	f := inHost[frameRect](h, `(r => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom}))(document.getElementById("k").getBoundingClientRect())`)
	return frameRect{Left: f.Left + in.Left, Top: f.Top + in.Top, Right: f.Left + in.Right, Bottom: f.Top + in.Bottom}, true
}

// Click clicks the embed's element sel as a mouse does: at its centre
// once its box keeps still (steadyClickJS), dispatched to the host page
// at that place, so that whatever lies on top there gets it.
func (h *hostFrame) Click(sel string) {
	h.t.Helper()
	raw, err := chromedp.Run(h.Frame(), chromedp.Evaluate[string](fmt.Sprintf(steadyClickJS, sel), chromedp.EvalAwaitPromise))
	if err != nil {
		h.t.Fatalf("finding %s in the embed: %v", sel, err)
	}
	var xy [2]float64
	if err := json.Unmarshal([]byte(raw), &xy); err != nil {
		h.t.Fatalf("finding %s in the embed: %q: %v", sel, raw, err)
	}
	f := inHost[frameRect](h, `(r => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom}))(document.getElementById("k").getBoundingClientRect())`)
	// A grown frame can hold sel below the host page's window: the host
	// page scrolls it into its middle first, as a reader would.
	if y := f.Top + xy[1]; y < 0 || y > inHost[float64](h, `innerHeight`) {
		f.Top -= inHost[float64](h, fmt.Sprintf(`(() => { const y = scrollY; scrollBy(0, %f - innerHeight / 2); return scrollY - y; })()`, y))
	}
	if err := chromedp.Do(h.Top, chromedp.MouseClickXY(f.Left+xy[0], f.Top+xy[1])); err != nil {
		h.t.Fatalf("clicking %s: %v", sel, err)
	}
}

// NoErrors fails the test with what the host page or the embed logged as
// errors.
func (h *hostFrame) NoErrors() {
	h.t.Helper()
	noPageErrors(h.t, h.pageErrors)
}

// actText returns the text of the element sel, "" if there is none.
func actText(ctx context.Context, sel string) string {
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(e => e ? (e.value ?? e.textContent) : "")(document.querySelector(%q))`, sel)))
	return s
}

// actScriptHas is a condition: #script holds every one of subs.
func actScriptHas(subs ...string) string {
	conds := []string{}
	for _, s := range subs {
		conds = append(conds, fmt.Sprintf(`t.includes(%q)`, s))
	}
	return `(() => { const t = (document.getElementById("script") || {}).value || ""; return ` + strings.Join(conds, " && ") + `; })()`
}

// frameCost is what one measured window of wall time cost the page's main
// thread, as shares of that wall time (0–100), and the frames it got.
type frameCost struct {
	Task, Script, Layout, Style float64
	// FPS is requestAnimationFrame callbacks per second; P50 and P95 are
	// the frame intervals' percentiles in ms.
	FPS, P50, P95 float64
	// Long counts tasks over 50 ms; Longest is the longest in ms.
	Long    int
	Longest float64
}

// rafProbeJS starts recording every long task and, when frames is true,
// every animation frame's timestamp, in window.__lt and window.__fc. The
// observer and the frame loop are installed once per page; later calls
// only empty the records, so that a second window is not measured with
// two probes running.
func rafProbeJS(frames bool) string {
	return fmt.Sprintf(`window.__fc = []; window.__lt = [];
	if (!window.__ltOn) {
		window.__ltOn = true;
		new PerformanceObserver(l => { for (const e of l.getEntries()) window.__lt.push(e.duration); }).observe({type: "longtask"});
	}
	if (%t && !window.__fcOn) {
		window.__fcOn = true;
		(function f(t){ window.__fc.push(t); requestAnimationFrame(f); })(performance.now());
	}
	true`, frames)
}

// measureFrameCost watches the page for d of wall time. Without frames it
// runs no requestAnimationFrame probe (which alone keeps a blank page's
// main thread about 1.7 % busy), so that a paused page is measured on its
// own; FPS, P50 and P95 are then zero.
func measureFrameCost(ctx context.Context, d time.Duration, frames bool) (frameCost, error) {
	if _, err := chromedp.Call(ctx, performance.Enable, performance.EnableParams{}); err != nil {
		return frameCost{}, err
	}
	metrics := func() (map[string]float64, error) {
		r, err := chromedp.Call(ctx, performance.GetMetrics, cdp.Empty{})
		m := map[string]float64{}
		for _, x := range r.Metrics {
			m[x.Name] = x.Value
		}
		return m, err
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](rafProbeJS(frames))); err != nil {
		return frameCost{}, err
	}
	a, err := metrics()
	if err != nil {
		return frameCost{}, err
	}
	time.Sleep(d) // the measured window is wall time by definition
	b, err := metrics()
	if err != nil {
		return frameCost{}, err
	}
	ts, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`window.__fc`))
	if err != nil {
		return frameCost{}, err
	}
	lt, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`window.__lt`))
	if err != nil {
		return frameCost{}, err
	}
	wall := b["Timestamp"] - a["Timestamp"]
	share := func(k string) float64 { return 100 * (b[k] - a[k]) / wall }
	c := frameCost{Task: share("TaskDuration"), Script: share("ScriptDuration"), Layout: share("LayoutDuration"), Style: share("RecalcStyleDuration"), Long: len(lt)}
	for _, x := range lt {
		c.Longest = max(c.Longest, x)
	}
	var iv []float64
	for i := 1; i < len(ts); i++ {
		iv = append(iv, ts[i]-ts[i-1])
	}
	if len(iv) > 0 {
		c.FPS = float64(len(iv)) / wall
		c.P50, c.P95 = percentile(iv, 50), percentile(iv, 95)
	}
	return c, nil
}

// report records c as the benchmark's metrics.
func (c frameCost) report(b *testing.B) {
	b.ReportMetric(c.Task, "task-pct")
	b.ReportMetric(c.Script, "script-pct")
	b.ReportMetric(c.Layout, "layout-pct")
	b.ReportMetric(c.Style, "style-pct")
	b.ReportMetric(c.FPS, "raf-per-s")
	b.ReportMetric(c.P50, "raf-p50-ms")
	b.ReportMetric(c.P95, "raf-p95-ms")
	b.ReportMetric(float64(c.Long), "long-tasks")
	b.ReportMetric(c.Longest, "longest-ms")
}

// clockMs reads the page's clock, "HH:MM:SS.mmm" (or without the
// milliseconds), as ms; -1 if it is not one.
func clockMs(s string) int {
	var h, m, sec, ms int
	if n, _ := fmt.Sscanf(s, "%d:%d:%d.%d", &h, &m, &sec, &ms); n < 3 {
		return -1
	}
	return ((h*60+m)*60+sec)*1000 + ms
}

// pageClock parses the page's clock ("10:00:09.001") into simulated ms
// (clockMs), or fails the test.
func pageClock(t *testing.T, s string) engine.Time {
	t.Helper()
	ms := clockMs(strings.TrimSpace(s))
	if ms < 0 {
		t.Fatalf("clock %q", s)
	}
	return engine.Time(ms)
}

// clockNow reads the page's clock (#clock) as simulated ms, or fails the
// test.
func clockNow(t *testing.T, ctx context.Context) engine.Time {
	t.Helper()
	return pageClock(t, evalJS[string](t, ctx, `document.getElementById("clock").textContent`))
}

// benchPage loads the site in a fresh browser and waits for the first
// drawn diagram.
func benchPage(b *testing.B) context.Context {
	b.Helper()
	srv := serveSite(b, builtSite(b))
	ctx := newBrowser(b, 1280, 800)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		b.Fatalf("navigate: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](readyJS, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		b.Fatalf("the page never drew its diagram: %v", err)
	}
	return ctx
}

// median returns the middle of xs (the mean of the middle two for an even
// count).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// percentile returns the p-th percentile of xs (0 < p <= 100) by the
// nearest-rank method: the smallest x with at least p% of xs at or below it.
func percentile(xs []float64, p float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	i := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// nineByTwelve is a scenario with 9 brokers and a topic of 12 partitions
// (rf=3), a consumer, and produces to every partition every second for
// thirty seconds.
func nineByTwelve() string {
	var s strings.Builder
	s.WriteString("# title: nine brokers, twelve partitions\ncluster brokers=9 seed=7\ncreate-topic orders partitions=12 rf=3\nconsume orders-0 from=earliest\n")
	for sec := 0; sec < 30; sec++ {
		fmt.Fprintf(&s, "run until=00:00:%02d.000\n", sec)
		for p := range 12 {
			fmt.Fprintf(&s, "produce orders-%d count=5 acks=all\n", p)
		}
	}
	return s.String()
}

// sendTo posts msg to the iframe with this id, as the host page.
func (h *hostFrame) sendTo(id string, msg map[string]any) {
	h.t.Helper()
	b, err := json.Marshal(msg)
	if err != nil {
		h.t.Fatal(err)
	}
	inHost[bool](h, fmt.Sprintf(`(document.getElementById(%q).contentWindow.postMessage(%s, "*"), true)`, id, b))
}

// embedCodeQuery is the embed code's options (site.EmbedCode).
var embedCodeQuery = "&controls=min&panels=" + url.QueryEscape(site.EmbedCodePanels)

// presetStart is preset name's learner text and its clock's start, in ms.
func presetStart(t *testing.T, name string) (string, int64) {
	t.Helper()
	p, ok := scenarios.Get(name)
	if !ok {
		t.Fatalf("no preset %s", name)
	}
	sc, err := script.ParseAndCompile(name, p.LearnerText())
	if err != nil {
		t.Fatal(err)
	}
	return p.LearnerText(), int64(sc.Config.Start)
}

// lessonEmbedQuery is the embed of lesson 8 as "Copy embed code" writes
// it, playing.
const lessonEmbedQuery = "preset=acks1-loss&controls=min&panels=log%2Cdescribe%2Cinspector&autoplay=1"

// hostSize is how a lesson page holds its embed: a window of W×H, the
// iframe FrameW wide (0: 800, as pasted, cut to the window by max-width),
// fixed at 600 px or grown to the embed's height messages.
type hostSize struct {
	name   string
	w, h   int
	frameW int
	grow   bool
}

// hostSizes are the three ways a student sees an embed: an 800×600 frame
// as pasted without the embed code's script, the same grown by it, and a
// phone's window, the frame its width less the page's margins, grown.
var hostSizes = []hostSize{
	{"fixed-800x600", 800, 600, 0, false},
	{"grown-800x600", 800, 600, 0, true},
	{"grown-390x844", 390, 844, 374, true},
}

// settledJS resolves once the embed's document has not scrolled and the
// boxes of the elements the selectors name have kept their places for
// five animation frames (a smooth scroll, a render, a seek are over).
const settledJS = `new Promise(done => {
	let last = "", same = 0;
	const f = () => {
		const k = scrollY + "|" + %s.map(s => { const e = document.querySelector(s); if (!e) return "-"; const r = e.getBoundingClientRect(); return [r.top, r.height].map(Math.round).join(","); }).join("|");
		if (k === last) { if (++same >= 5) { done(true); return; } } else { same = 0; last = k; }
		requestAnimationFrame(f);
	};
	requestAnimationFrame(f);
})`

// settle waits for the embed to keep still (settledJS) with sels.
func (h *hostFrame) settle(sels ...string) {
	h.t.Helper()
	list := "["
	for i, s := range sels {
		if i > 0 {
			list += ","
		}
		list += jsString(s)
	}
	inFrame[bool](h, fmt.Sprintf(settledJS, list+"]"))
}

// shot saves the host page's window as a PNG (screenshot), scrolled, in
// a grown frame, to put the question's card at its top, as a student
// reading it would.
func shot(t *testing.T, h *hostFrame, c hostSize, name string) {
	t.Helper()
	if a, ok := h.InHost("#ask"); ok && c.grow {
		inHost[bool](h, fmt.Sprintf(`(scrollBy(0, %f - 8), true)`, a.Top))
	}
	screenshot(t, h.Top, name)
}

// clickBoxMiddle clicks broker node's box with the mouse, as a learner
// does: halfway across, a quarter of the way down (the broker's name and
// badges, inside the box, away from its edge; a click on a record cell
// opens that record's lifecycle instead).
func clickBoxMiddle(t *testing.T, ctx context.Context, node string) {
	t.Helper()
	raw := evalJS[string](t, ctx, fmt.Sprintf(`(() => { const r = document.querySelector('svg#diagram g.node[data-node=%q] .box').getBoundingClientRect(); return JSON.stringify([r.x + r.width / 2, r.y + r.height / 4]); })()`, node))
	var xy [2]float64
	if err := json.Unmarshal([]byte(raw), &xy); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		t.Fatalf("click the middle of %s: %v", node, err)
	}
}

// roleOf is a JavaScript expression: broker node's data-role.
func roleOf(node string) string {
	return fmt.Sprintf(`document.querySelector('svg#diagram g.node[data-node=%q]').dataset.role`, node)
}

// presetAt opens preset name at size sz: the page's ?preset= or the
// embed's, paused and without lesson mode's stops.
func presetAt(t *testing.T, sz struct {
	name          string
	width, height int
	path          string
}, name string) (context.Context, func() []string) {
	t.Helper()
	path := "/?preset=" + name
	if strings.HasPrefix(sz.path, "/embed.html") {
		path = "/embed.html?autoplay=0&preset=" + name
	}
	ctx, _, pageErrors := pageAt(t, sz.width, sz.height, path)
	setPlaying(t, ctx, false)
	return ctx, pageErrors
}

// seekPaused pauses the page and seeks to ms after the scenario's start,
// as the timeline does (kplaySeekBench), and waits for the clock.
func seekPaused(t *testing.T, ctx context.Context, ms int, clock string) {
	t.Helper()
	setPlaying(t, ctx, false)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[float64](fmt.Sprintf(`window.kplaySeekBench(%d)`, ms), chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("seek to %d: %v", ms, err)
	}
	pollJS(t, ctx, `document.getElementById("clock").textContent === "`+clock+`"`, 30*time.Second, "the clock does not reach "+clock)
}

// shownJS is true once the page shows lesson 8's loss: the banner names
// AcknowledgedWriteLost and a cell is outlined red.
const shownJS = `(v => v !== null && !v.hidden && v.textContent.includes("AcknowledgedWriteLost"))(document.getElementById("violations")) &&
	document.querySelectorAll("svg#diagram .lost").length > 0`

// copied clicks the share bar's button id ("share", "copy-embed-now") and
// returns what it copied (#copied's data-text), once it holds want.
func copied(t *testing.T, ctx context.Context, id, want string) string {
	t.Helper()
	evalJS[bool](t, ctx, `(() => { document.getElementById(`+jsString(id)+`).click(); return true; })()`)
	pollJS(t, ctx, `(document.getElementById("copied")?.dataset.text || "").includes(`+jsString(want)+`)`, 5*time.Second, "#"+id+" copies nothing with "+want)
	return evalJS[string](t, ctx, `document.getElementById("copied").dataset.text`)
}

// caretTo focuses the editor with the caret skip characters into the
// first occurrence of find in its text, selecting sel characters from
// there, as a reader's click or drag would.
func caretTo(t *testing.T, ctx context.Context, find string, skip, sel int) {
	t.Helper()
	ok := evalJS[bool](t, ctx, `(() => { const s = document.getElementById("script"); const i = s.value.indexOf(`+jsString(find)+`);
		if (i < 0) return false; s.focus(); s.setSelectionRange(i + `+itoa(skip)+`, i + `+itoa(skip+sel)+`); return true; })()`)
	if !ok {
		t.Fatalf("the editor has no %q:\n%s", find, evalJS[string](t, ctx, `document.getElementById("script").value`))
	}
}

// typeText types text at the caret, through the browser's input pipeline
// (CDP Input.insertText), so the page sees the input events a keyboard
// makes.
func typeText(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text}); err != nil {
		t.Fatalf("typing %q: %v", text, err)
	}
}

func jsString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// frameSample is one animation frame as sampleFrames records it: the
// real time (performance.now(), ms) and the values of its expressions.
type frameSample struct {
	Ms   float64
	Vals []string
}

// sampleFrames starts recording, on every animation frame, the string
// values of the JavaScript expressions exprs, with performance.now(), in
// window[name]; readSamples returns them.
func sampleFrames(t *testing.T, ctx context.Context, name string, exprs ...string) {
	t.Helper()
	evalJS[bool](t, ctx, fmt.Sprintf(`(() => {
		const out = window[%q] = [];
		const f = () => { out.push([performance.now(), [%s].map(String)]); if (out.length < 200000) requestAnimationFrame(f); };
		requestAnimationFrame(f);
		return true;
	})()`, name, strings.Join(exprs, ", ")))
}

func readSamples(t *testing.T, ctx context.Context, name string) []frameSample {
	t.Helper()
	var raw [][2]json.RawMessage
	if err := json.Unmarshal([]byte(evalJS[string](t, ctx, fmt.Sprintf(`JSON.stringify(window[%q])`, name))), &raw); err != nil {
		t.Fatal(err)
	}
	out := make([]frameSample, len(raw))
	for i, r := range raw {
		if err := json.Unmarshal(r[0], &out[i].Ms); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(r[1], &out[i].Vals); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// markFitsJS is a JavaScript expression: broker 1's truncation mark,
// if drawn, lies inside its box.
const markFitsJS = `(m => { if (!m) return true; const r = m.getBoundingClientRect(), b = m.closest("g.node").querySelector(".box").getBoundingClientRect(); return r.left >= b.left && r.right <= b.right && r.bottom <= b.bottom; })(document.querySelector('svg#diagram g.node[data-node="b1"] .removed-mark'))`

// scrubTo moves the timeline's slider to ms after the start and waits for
// the clock to show it. It first waits for the slider to reach that far:
// right after kplayLoadScript the slider may still carry the previous
// scenario's max until the next frame draws it, and the browser clamps a
// value past max (CI once failed here on a busy machine, the clock never
// reaching 00:00:40.000 at 390x844 and in the embed).
func scrubTo(t *testing.T, ctx context.Context, start, ms int64) {
	t.Helper()
	pollJS(t, ctx, fmt.Sprintf(`Number(document.getElementById("timeline").max) >= %d`, ms), 30*time.Second, fmt.Sprintf("the timeline never reached %d ms", ms))
	evalJS[bool](t, ctx, fmt.Sprintf(`(() => { const tl = document.getElementById("timeline"); tl.value = "%d"; tl.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`, ms))
	pollJS(t, ctx, fmt.Sprintf(`document.getElementById("clock").textContent === %q`, engine.FormatTime(engine.Time(start+ms))), 30*time.Second, "the clock never reached "+engine.FormatTime(engine.Time(start+ms)))
}

// The three sizes a learner meets the page at: a laptop, a phone and the
// embed code's 800 × 600 iframe.
var pageSizes = []struct {
	name          string
	width, height int
	path          string
}{
	{"1280x800", 1280, 800, "/"},
	{"390x844", 390, 844, "/"},
	{"embed-800x600", 800, 600, "/embed.html?autoplay=1"},
}

// openPage opens path (such as "/?preset=acks1-loss") of the built site
// in a fresh tab whose window is width × height, and waits up to 30 s for
// the first drawn diagram. It returns the tab, the site's URL, and a
// function that reports the page's console errors and uncaught exceptions
// from the start.
func openPage(t *testing.T, width, height int, path string) (context.Context, string, func() []string) {
	t.Helper()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, width, height)
	return ctx, srv.URL, navigateReady(t, ctx, srv.URL+path)
}

// fastPage opens path as openPage does and moves the speed slider to its
// top; it returns the tab and its console errors.
func fastPage(t *testing.T, width, height int, path string) (context.Context, func() []string) {
	t.Helper()
	ctx, _, pageErrors := openPage(t, width, height, path)
	setMaxSpeed(t, ctx)
	return ctx, pageErrors
}

// pageAt opens path in a tab whose viewport is exactly width × height
// CSS pixels (a headless window of that size has a shorter viewport) and
// waits for the diagram, as openPage does.
func pageAt(t *testing.T, width, height int, path string) (context.Context, string, func() []string) {
	t.Helper()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, width, height)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height), chromedp.EmulateScale(1))); err != nil {
		t.Fatal(err)
	}
	return ctx, srv.URL, navigateReady(t, ctx, srv.URL+path)
}

// navigateReady collects the console errors of the tab ctx from now on,
// navigates it to url and waits up to 30 s for the first drawn diagram; the
// returned function reports the errors seen so far.
func navigateReady(t *testing.T, ctx context.Context, url string) func() []string {
	t.Helper()
	pageErrors := watchConsole(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	pollJS(t, ctx, readyJS, 30*time.Second, "the page never drew its diagram")
	return pageErrors
}

// momentsScript crashes the leader 5 s in and restarts it at 60 s.
const momentsScript = "# title: Moments\ncluster brokers=3\ncreate-topic m partitions=1 rf=3\nadvance 5s\ncrash 1\nadvance 55s\nrestart 1\nadvance 10s\n"

// clockNowJS is the page's clock in ms since midnight.
const clockNowJS = `(() => { const [h, m, s] = document.getElementById("clock").textContent.split(":"); return (Number(h) * 3600 + Number(m) * 60) * 1000 + Math.round(Number(s) * 1000); })()`

// banner is the banner as the reader sees it.
type banner struct {
	Top      float64 `json:"top"`
	Height   float64 `json:"height"`
	Text     string  `json:"text"`
	Expanded string  `json:"expanded"`
	// Hint is the hint's words that show (display is not none).
	Hint string `json:"hint"`
	// Fixed says the banner floats over the page.
	Fixed bool `json:"fixed"`
	// Under is the lowest bottom, in viewport px, of the page's blocks
	// that flow in it (the stage's and the side column's parts, the
	// panels, the script, "Your actions"), after a scroll to the page's
	// end.
	Under float64 `json:"under"`
}

// box is an element's bounding rectangle in CSS pixels.
type box struct{ X, Y, W, H float64 }

// frame is frameJS's answer.
type frame struct {
	Poster    string            `json:"poster"`
	Ready     bool              `json:"ready"`
	Visible   bool              `json:"visible"`
	Title     string            `json:"title"`
	H1        string            `json:"h1"`
	Partition string            `json:"partition"`
	Loading   bool              `json:"loading"`
	Roles     map[string]string `json:"roles"`
	Boxes     map[string]box    `json:"boxes"`
}

// uncoveredJS is "" when the element sel names is on screen and the
// element at its centre is it or inside it (what a tap there reaches),
// else what is wrong.
func uncoveredJS(sel string) string {
	return fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		if (!e) return "missing";
		const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
		if (r.width === 0 || r.height === 0) return "not drawn";
		if (x < 0 || x > innerWidth || y < 0 || y > innerHeight) return "off screen at " + Math.round(x) + "," + Math.round(y);
		const at = document.elementFromPoint(x, y);
		if (at && (at === e || e.contains(at))) return "";
		return "covered at " + Math.round(x) + "," + Math.round(y) + " by " + (at ? at.tagName.toLowerCase() + (at.id ? "#" + at.id : "") + "." + (at.getAttribute("class") || "").replace(/ /g, ".") +
			(at.closest("[id]") ? " in #" + at.closest("[id]").id : "") + (at.closest("[class]") ? " in ." + at.closest("[class]").getAttribute("class") : "") : "nothing");
	})()`, sel)
}

// uncovered fails t for each of sels that a tap at its centre would not reach.
func uncovered(t *testing.T, ctx context.Context, what string, sels ...string) {
	t.Helper()
	for _, sel := range sels {
		if got := evalJS[string](t, ctx, uncoveredJS(sel)); got != "" {
			t.Errorf("%s: %s is %s", what, sel, got)
		}
	}
}

// scrollStill waits until the page has not scrolled for five animation
// frames: a smooth scroll (site.Revealing) has ended.
func scrollStill(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise(done => {
		let last = -1, same = 0;
		const f = () => { if (scrollY === last) { if (++same >= 5) { done(true); return; } } else { same = 0; last = scrollY; } requestAnimationFrame(f); };
		requestAnimationFrame(f);
	})`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("waiting for the page to stop scrolling: %v", err)
	}
}

// click clicks sel as a mouse does, at its centre on screen (after
// scrolling it into view if it is not): whatever lies on top there gets
// the click.
func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if err := steadyClick(ctx, sel); err != nil {
		t.Fatalf("click %s: %v\npage text:\n%s", sel, err, pageDump(ctx))
	}
}

const (
	b1Box  = `svg#diagram g.node[data-node="b1"] .box`
	b1Name = `svg#diagram g.node[data-node="b1"] text.name`
	b1Down = `document.querySelector('#diagram g.node[data-node="b1"] [data-badge="down"]') !== null`
)

// setMaxSpeed moves the speed slider to its top.
func setMaxSpeed(t *testing.T, ctx context.Context) {
	t.Helper()
	evalJS[bool](t, ctx, `(() => {
		const s = document.getElementById("speed");
		s.value = s.max;
		s.dispatchEvent(new Event("input", {bubbles: true}));
		s.dispatchEvent(new Event("change", {bubbles: true}));
		return true;
	})()`)
}

// evalJS evaluates js in the page or fails the test.
func evalJS[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// pollJS waits up to d for js to be true. A poll that loses its page's
// execution context (a navigation the test started replaced the document
// while the poll began) starts again in the new document, within d.
func pollJS(t *testing.T, ctx context.Context, js string, d time.Duration, what string) {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(time.Until(deadline)), chromedp.WithPollingInterval(20*time.Millisecond)))
		if err == nil {
			return
		}
		if !contextLost(err) || time.Now().After(deadline) {
			t.Fatalf("%s: %v\npage text:\n%s", what, err, pageDump(ctx))
		}
	}
}

// contextLost says err is Chrome's answer to a script run in a document
// that a navigation has since replaced.
func contextLost(err error) bool {
	s := err.Error()
	return strings.Contains(s, "Cannot find context with specified id") || strings.Contains(s, "Execution context was destroyed")
}

// setPlaying presses #play if the page is not already in the wanted state.
func setPlaying(t *testing.T, ctx context.Context, on bool) {
	t.Helper()
	if evalJS[string](t, ctx, `document.getElementById("play").getAttribute("aria-pressed")`) == fmt.Sprint(on) {
		return
	}
	if err := steadyClick(ctx, "#play"); err != nil {
		t.Fatalf("click #play: %v", err)
	}
	pollJS(t, ctx, fmt.Sprintf(`document.getElementById("play").getAttribute("aria-pressed") === %q`, fmt.Sprint(on)), 15*time.Second, "play state")
}

// act opens a broker's menu and presses one of its buttons.
func act(t *testing.T, ctx context.Context, node, button string) {
	t.Helper()
	if err := steadyClick(ctx, `svg#diagram g.node[data-node="`+node+`"] .box`); err != nil {
		t.Fatalf("click %s: %v", node, err)
	}
	pollJS(t, ctx, fmt.Sprintf(`(() => { const b = document.querySelector(%q); return b !== null && !b.disabled; })()`, button), 5*time.Second, "no enabled "+button)
	if err := steadyClick(ctx, button); err != nil {
		t.Fatalf("click %s: %v", button, err)
	}
	pollJS(t, ctx, `document.querySelector(".broker-menu") === null`, 5*time.Second, "the menu stayed open after "+button)
}

// badges returns each broker's data-badge values, e.g. "b1=leader,in-isr".
func badges(t *testing.T, ctx context.Context) string {
	t.Helper()
	return evalJS[string](t, ctx, `[...document.querySelectorAll("svg#diagram g.node.broker")].map(g =>
		g.dataset.node + "=" + [...g.querySelectorAll("[data-badge]")].map(b => b.dataset.badge).join(",")).join(" ")`)
}

// waitFrames waits two animation frames, so the page has drawn what it was
// asked to.
func waitFrames(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("waiting for a frame: %v", err)
	}
}

// diagramAtJS is the diagram's place on the page, rounded to the pixel.
const diagramAtJS = `(() => { const r = document.getElementById("diagram").getBoundingClientRect(); return [r.left + scrollX, r.top + scrollY, r.width, r.height].map(Math.round).join(","); })()`
