//go:build browser && !js

// Package e2e tests the page end to end: the built site (dist/), served
// by kplay serve's handler (cmd/kplay/siteserve), in real headless
// Chromium driven by chromedp. The tests need /usr/bin/chromium (or
// chromium on PATH); without it they fail, they never skip, because
// ./build.sh test installs it. They build only with the tag browser:
//
//	PAGE_TAGS=kplaytest ./build.sh build
//	KPLAY_DIST=$PWD/dist go test -tags browser -count=1 ./wasm/playground/e2e
//
// KPLAY_DIST names a site that ./build.sh build wrote with the kplaytest
// hooks; without it the tests build the site into a temporary directory.
// KPLAY_SHOTS names a directory for the screenshots (default: t.TempDir()).
//
// This file is the harness: the browser, the served site, and the
// helpers every test uses to open a page, evaluate and poll JavaScript
// in it, click as a mouse does and read what it logged. host_test.go
// adds a lesson page that holds an embed on a second site.
package e2e

import (
	"context"
	"fmt"
	"kplay/cmd/kplay/siteserve"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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

// newBrowser starts headless Chromium with a window of width×height and
// returns a context for its first tab. Everything ends at test cleanup.
func newBrowser(tb testing.TB, width, height int) context.Context {
	tb.Helper()
	return browserFor(tb, width, height, 2*time.Minute)
}

// browserFor is newBrowser with a deadline of d for everything the tab
// does, and the extra options (a Chromium flag) after the usual ones.
func browserFor(tb testing.TB, width, height int, d time.Duration, extra ...chromedp.ExecAllocatorOption) context.Context {
	tb.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath(tb)),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(tb.TempDir()),
		chromedp.WindowSize(width, height),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	)
	opts = append(opts, extra...)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	tb.Cleanup(cancelAlloc)
	ctx, cancelCtx := chromedp.NewContext(actx)
	tb.Cleanup(cancelCtx)
	ctx, cancelTimeout := context.WithTimeout(ctx, d)
	tb.Cleanup(cancelTimeout)
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
const readyJS = `document.body.dataset.ready === "1" && document.querySelector("svg#diagram") !== null`

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

// pageDump is the page's text, for failure messages.
func pageDump(ctx context.Context) string {
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText.slice(0, 3000)`))
	if err != nil {
		return "(cannot read the page: " + err.Error() + ")"
	}
	return s
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

// TestBrowserPlayground loads the page, checks the diagram's nodes and
// roles, produces one record and watches it replicate to both followers and
// commit, then takes screenshots at desktop and phone sizes.
func TestBrowserPlayground(t *testing.T) {
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 800)

	// Collect uncaught exceptions and console errors from the start.
	pageErrors := watchConsole(ctx)

	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?preset=order-9001")); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](readyJS, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("the page never drew its diagram: %v\npage text:\n%s", err, pageDump(ctx))
	}
	firstDraw, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.kplayFirstDraw`))
	if err != nil {
		t.Errorf("window.kplayFirstDraw: %v", err)
	}
	t.Logf("first draw at %.0f ms after navigation (%.0f ms wall)", firstDraw, float64(time.Since(start).Milliseconds()))

	// The lesson's layout: the producer, the leader b1, followers b2 and b3,
	// and the consumer.
	for _, n := range [][2]string{{"producer", "producer"}, {"b1", "leader"}, {"b2", "follower"}, {"b3", "follower"}, {"consumer", "consumer"}} {
		sel := fmt.Sprintf(`svg#diagram g.node[data-node=%q][data-role=%q]`, n[0], n[1])
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector(%q) !== null`, sel)))
		if err != nil || !ok {
			roles, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("g.node")].map(g => g.dataset.node + "=" + g.dataset.role)`))
			t.Errorf("no %s (err %v); nodes: %v", sel, err, roles)
		}
	}
	for _, id := range []string{"play", "step", "produce", "speed", "clock", "events", "describe"} {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.getElementById(%q) !== null`, id)))
		if err != nil || !ok {
			t.Errorf("no #%s (err %v)", id, err)
		}
	}
	if t.Failed() {
		t.FailNow()
	}

	// Play at the top speed, and wait until the preset's own records are
	// replicated and committed and nothing has moved for a while.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		const s = document.getElementById("speed");
		s.value = s.max;
		s.dispatchEvent(new Event("input", {bubbles: true}));
		s.dispatchEvent(new Event("change", {bubbles: true}));
		return true;
	})()`)); err != nil {
		t.Fatalf("setting the speed: %v", err)
	}
	before := waitSteady(t, ctx)
	t.Logf("steady before producing: %+v", before)

	if err := steadyClick(ctx, "#produce"); err != nil {
		t.Fatalf("click #produce: %v", err)
	}
	n := before.LEO2 // the new record's offset
	done := fmt.Sprintf(`(() => {
		const l = b => document.querySelector('.log[data-broker="' + b + '"]');
		const cell = b => l(b).querySelector('.cell[data-offset="%[1]d"]') !== null;
		return Number(l(2).dataset.leo) === %[2]d && Number(l(3).dataset.leo) === %[2]d &&
			cell(2) && cell(3) && Number(l(1).dataset.hw) === %[2]d;
	})()`, n, n+1)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](done, chromedp.WithPollingTimeout(20*time.Second), chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		t.Fatalf("record at offset %d did not replicate and commit: %v\nbefore %+v\nnow    %+v\npage text:\n%s", n, err, before, readLogs(t, ctx), pageDump(ctx))
	}
	after := readLogs(t, ctx)
	t.Logf("after producing offset %d: %+v", n, after)
	if after.LEO1 != n+1 {
		t.Errorf("leader LEO %d, want %d", after.LEO1, n+1)
	}

	screenshot(t, ctx, "kplay-1280x800.png")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1), chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatalf("phone viewport: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.innerWidth === 390`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the viewport did not become 390 px wide: %v", err)
	}
	if err := chromedp.Do(ctx, chromedp.Sleep(500*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](readyJS, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("no diagram at phone size: %v", err)
	}
	screenshot(t, ctx, "kplay-390x844.png")

	noPageErrors(t, pageErrors)
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

// BenchmarkFirstDraw measures a cold load: the time from navigation to
// the page's first drawn diagram (window.kplayFirstDraw, which the page sets
// with performance.now()), each load in a fresh browser context with an
// empty cache. It reports the median as median-ms. Run it with a fixed count:
//
//	KPLAY_DIST=$PWD/dist go test -run '^$' -bench FirstDraw -benchtime 7x -tags browser ./wasm/playground/e2e
func BenchmarkFirstDraw(b *testing.B) {
	srv := serveSite(b, builtSite(b))
	browser := newBrowser(b, 1280, 800)
	if err := chromedp.Do(browser, chromedp.Navigate("about:blank")); err != nil {
		b.Fatalf("starting Chromium: %v", err)
	}
	var draws []float64
	for i := 0; i < b.N; i++ {
		ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
		err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"))
		var ms float64
		if err == nil {
			_, err = chromedp.Run(ctx, chromedp.Poll[bool](readyJS, chromedp.WithPollingTimeout(30*time.Second), chromedp.WithPollingInterval(5*time.Millisecond)))
		}
		if err == nil {
			ms, err = chromedp.Run(ctx, chromedp.Evaluate[float64](`window.kplayFirstDraw`))
		}
		cancel()
		if err != nil {
			b.Fatalf("load %d: %v", i+1, err)
		}
		draws = append(draws, ms)
	}
	b.StopTimer()
	slices.Sort(draws)
	median := draws[len(draws)/2]
	if len(draws)%2 == 0 {
		median = (draws[len(draws)/2-1] + draws[len(draws)/2]) / 2
	}
	b.Logf("first draw (ms): %v", draws)
	b.ReportMetric(median, "median-ms")
	b.ReportMetric(draws[len(draws)-1], "max-ms")
}

// TestBrowserCrashLeader acts on the cluster: it crashes the leader b1
// from its action menu, waits for the controller to elect b2 or b3, then
// restarts b1 and waits until it is alive again. The actions must show as
// script lines in #actions.
func TestBrowserCrashLeader(t *testing.T) {
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 800)

	// Collect uncaught exceptions and console errors from the start.
	pageErrors := watchConsole(ctx)

	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?preset=order-9001")); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](readyJS, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("the page never drew its diagram: %v\npage text:\n%s", err, pageDump(ctx))
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		const s = document.getElementById("speed");
		s.value = s.max;
		s.dispatchEvent(new Event("input", {bubbles: true}));
		s.dispatchEvent(new Event("change", {bubbles: true}));
		return true;
	})()`)); err != nil {
		t.Fatalf("setting the speed: %v", err)
	}
	waitSteady(t, ctx)

	nodes := func() string {
		s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("g.node")].map(g => g.dataset.node + "=" + g.dataset.role + (g.dataset.alive ? "/alive=" + g.dataset.alive : "")).join(" ")`))
		return s
	}
	b1 := `svg#diagram g.node[data-node="b1"]`
	for _, want := range []string{`[data-role="leader"][data-alive="true"][tabindex="0"][role="button"]`} {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector(%q) !== null`, b1+want)))
		if err != nil || !ok {
			t.Fatalf("no %s%s (err %v); nodes: %s", b1, want, err, nodes())
		}
	}

	// openAndAct clicks a broker box, then a menu button once it is enabled;
	// a shot name saves a screenshot of the open menu.
	openAndAct := func(node, button, shot string) {
		t.Helper()
		if err := steadyClick(ctx, `svg#diagram g.node[data-node="`+node+`"] .box`); err != nil {
			t.Fatalf("click %s: %v", node, err)
		}
		enabled := fmt.Sprintf(`(() => { const b = document.querySelector(%q); return b !== null && !b.disabled; })()`, button)
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](enabled, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
			t.Fatalf("no enabled %s after clicking %s: %v\npage text:\n%s", button, node, err, pageDump(ctx))
		}
		if shot != "" {
			screenshot(t, ctx, shot)
		}
		if err := steadyClick(ctx, button); err != nil {
			t.Fatalf("click %s: %v", button, err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector(".broker-menu") === null`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
			t.Fatalf("the menu stayed open after %s: %v", button, err)
		}
	}

	openAndAct("b1", "#act-crash", "kplay-menu-1280x800.png")
	failover := `(() => {
		const g = n => document.querySelector('svg#diagram g.node[data-node="' + n + '"]');
		const lead = n => g(n) !== null && g(n).dataset.role === "leader";
		return (lead("b2") || lead("b3")) && g("b1") !== null && g("b1").dataset.alive === "false";
	})()`
	start := time.Now()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](failover, chromedp.WithPollingTimeout(30*time.Second), chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		t.Fatalf("no failover after crashing b1: %v\nnodes: %s\npage text:\n%s", err, nodes(), pageDump(ctx))
	}
	t.Logf("failover after %.1f s wall: %s", time.Since(start).Seconds(), nodes())
	acts, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector("ol#actions") || {}).textContent || ""`))
	if err != nil || !strings.Contains(acts, "crash 1") {
		t.Errorf("#actions %q (err %v), want it to hold crash 1", acts, err)
	}
	screenshot(t, ctx, "kplay-crash-1280x800.png")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1), chromedp.EmulatePortrait)); err != nil {
		t.Fatalf("phone viewport: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.innerWidth === 390 && document.querySelector("svg#diagram.narrow") !== null`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the diagram did not stack at 390 px: %v", err)
	}
	screenshot(t, ctx, "kplay-crash-390x844.png")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1))); err != nil {
		t.Fatalf("resetting the viewport: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector("svg#diagram.narrow") === null`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the diagram did not widen again: %v", err)
	}

	openAndAct("b1", "#act-restart", "")
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.querySelector(%q) !== null`, b1+`[data-alive="true"]`), chromedp.WithPollingTimeout(30*time.Second), chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		t.Fatalf("b1 is not alive after the restart: %v\nnodes: %s", err, nodes())
	}
	acts, err = chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("ol#actions li")].map(l => l.textContent).join("\n")`))
	if err != nil || !strings.Contains(acts, "crash 1") || !strings.Contains(acts, "restart 1") {
		t.Errorf("#actions %q (err %v), want crash 1 and restart 1", acts, err)
	}
	t.Logf("actions:\n%s\nnodes: %s", acts, nodes())
	if err := chromedp.Do(ctx, chromedp.Sleep(1500*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "kplay-restart-1280x800.png")

	noPageErrors(t, pageErrors)
}

// mustRead returns the file name of the repository (a path relative to its
// root, such as "docs/embed.md"), or fails the test.
func mustRead(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
