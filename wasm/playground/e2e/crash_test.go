//go:build browser && !js

package e2e

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kplay/cmd/kplay/siteserve"
	"kplay/link"
)

// crashScript is the scenario both crash tests open, by link.
const crashScript = "# title: Crash test\ncluster brokers=3\ncreate-topic c partitions=1 rf=3\nproduce c-0 values=(x1, x2)\nadvance 5s\ncrash 2\n"

// TestBrowserCrashBanner: when the page's Go program panics (the kplaytest
// hook kplayCrash, on an animation frame, as a bug in a frame would), the
// page shows a banner that says so and names the panic, with a "reload at
// this moment" link that is the page's own share link of the playhead; the
// reader's unapplied draft is in localStorage, and following the link
// reopens that moment with the draft restored.
func TestBrowserCrashBanner(t *testing.T) {
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 900)
	frag := link.Encode(link.Link{Script: crashScript, T: 3000, HasT: true})
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/#"+frag)); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, readyJS+` && document.getElementById("clock").textContent === "00:00:03.000" && document.getElementById("script") !== null`, 30*time.Second, "the link opens at 00:00:03.000, paused")
	if evalJS[bool](t, ctx, `typeof window.kplayCrash !== "function"`) {
		t.Fatal("window.kplayCrash is missing: KPLAY_DIST must be built with the kplaytest tag (PAGE_TAGS=kplaytest ./build.sh build)")
	}
	// Move the playhead, then take the page's own share link of it.
	evalJS[bool](t, ctx, `(() => { const tl = document.getElementById("timeline"); tl.value = "4000"; tl.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `document.getElementById("clock").textContent === "00:00:04.000"`, 5*time.Second, "the timeline moves the playhead to 00:00:04.000")
	evalJS[bool](t, ctx, `(() => { document.getElementById("share").click(); return true; })()`)
	pollJS(t, ctx, `location.hash.startsWith("#s=1.") && location.hash.endsWith("&t=4000")`, 5*time.Second, "the share link of 00:00:04.000 is in the address bar")
	shared := evalJS[string](t, ctx, `location.hash`)

	// An unapplied draft.
	caretTo(t, ctx, "crash 2\n", len("crash 2\n"), 0)
	typeText(t, ctx, "# kept through a crash\n")
	pollJS(t, ctx, `(localStorage.getItem("kplay.editor.draft") || "").includes("# kept through a crash")`, 5*time.Second, "the draft is saved as it is typed")

	evalJS[bool](t, ctx, `window.kplayCrash("panic") ?? true`)
	pollJS(t, ctx, `document.getElementById("crash") !== null`, 10*time.Second, "the banner shows after the panic")
	got := evalJS[[]string](t, ctx, `[...document.querySelectorAll("#crash p")].map(p => p.textContent)`)
	if len(got) != 3 || got[0] != "kplay stopped: it hit a bug." || !strings.HasPrefix(got[1], "panic: kplayCrash: the test's panic") ||
		got[2] != "Your unapplied edits are kept in this browser and come back when you reload. Reload at this moment" {
		t.Errorf("the banner says %q", got)
	}
	if role := evalJS[string](t, ctx, `document.getElementById("crash").getAttribute("role")`); role != "alert" {
		t.Errorf("the banner's role is %q, want alert", role)
	}
	if !evalJS[bool](t, ctx, `document.body.classList.contains("crashed") && getComputedStyle(document.querySelector("main, .app, body > :not(.crash)")).pointerEvents === "none"`) {
		t.Error("the dead page under the banner still takes clicks")
	}
	href := evalJS[string](t, ctx, `document.getElementById("crash-reload").href`)
	u, err := url.Parse(href)
	if err != nil {
		t.Fatalf("the reload link %q: %v", href, err)
	}
	if "#"+u.Fragment != shared || u.Path != "/" {
		t.Errorf("the reload link is %q, want the page's share link /%s", href, shared)
	}
	if d := evalJS[string](t, ctx, `localStorage.getItem("kplay.editor.draft") || ""`); !strings.Contains(d, "# kept through a crash") {
		t.Errorf("the draft in localStorage after the crash: %q", d)
	}
	screenshot(t, ctx, "crash-banner.png")

	// Following the link reopens the moment, with the draft.
	evalJS[bool](t, ctx, `(() => { window.kplayBeforeReload = true; document.getElementById("crash-reload").click(); return true; })()`)
	pollAcrossLoad(t, ctx, `!window.kplayBeforeReload && `+readyJS+` && document.getElementById("crash") === null && document.getElementById("clock").textContent === "00:00:04.000" && document.getElementById("script").value.includes("# kept through a crash")`,
		30*time.Second, "the reload link reopens 00:00:04.000 with the draft")
	if s := evalJS[string](t, ctx, `document.getElementById("script-status").textContent`); !strings.Contains(s, "Restored") {
		t.Errorf("the editor's status after the reload: %q", s)
	}
}

// pollAcrossLoad waits up to d for js to be true while the page loads
// again: an evaluation that the navigation cuts off is tried again.
func pollAcrossLoad(t *testing.T, ctx context.Context, js string, d time.Duration, what string) {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s (last error: %v)\npage text:\n%s", what, err, pageDump(ctx))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestBrowserCrashEmbed: an embed whose Go program runs out of memory (the
// kplaytest hook asks for a block wasm32 cannot hold, so the runtime dies
// of "fatal error: out of memory") shows the banner in its frame and posts
// {v: 1, type: "error", reason: "crashed", fatal: true, ...} to its parent, with a reload link that
// reopens the embed, its options kept, at the playhead.
func TestBrowserCrashEmbed(t *testing.T) {
	dir := builtSite(t)
	frag := link.Encode(link.Link{Script: crashScript, T: 2000, HasT: true})
	site := siteserve.Handler(os.DirFS(dir))
	// The host page is on the embed's origin, so that the test can reach
	// the frame's hook; the embed's messages are what any host receives.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/host.html" {
			site.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!doctype html><html><head><meta charset="utf-8"><title>Host</title></head><body>
<script>window.kplayEvents = []; addEventListener("message", e => { if (e.data && e.data.source === "kplay") kplayEvents.push(e.data); });</script>
<iframe src="/embed.html?`+frag+`&controls=min" width="800" height="600"></iframe>
</body></html>`)
	}))
	t.Cleanup(srv.Close)
	ctx := newBrowser(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/host.html")); err != nil {
		t.Fatal(err)
	}
	const frame = `document.querySelector("iframe").contentWindow`
	pollJS(t, ctx, `kplayEvents.some(m => m.type === "ready")`, 30*time.Second, "the embed loads and says ready")
	if evalJS[bool](t, ctx, `typeof `+frame+`.kplayCrash !== "function"`) {
		t.Fatal("the embed has no kplayCrash: KPLAY_DIST must be built with the kplaytest tag (PAGE_TAGS=kplaytest ./build.sh build)")
	}
	evalJS[bool](t, ctx, frame+`.kplayCrash("oom") ?? true`)
	pollJS(t, ctx, `kplayEvents.some(m => m.type === "error")`, 20*time.Second, "the embed posts an error to its parent")
	type errorMsg struct {
		V      int    `json:"v"`
		Reason string `json:"reason"`
		Fatal  bool   `json:"fatal"`
		Text   string `json:"text"`
		Detail string `json:"detail"`
		Reload string `json:"reload"`
	}
	m := evalJS[errorMsg](t, ctx, `kplayEvents.find(m => m.type === "error")`)
	if !m.Fatal || m.V != 1 || m.Reason != "crashed" || m.Text != "kplay stopped: it ran out of memory." || !strings.HasPrefix(m.Detail, "runtime: out of memory: cannot allocate") {
		t.Errorf("the error message: %+v", m)
	}
	u, err := url.Parse(m.Reload)
	if err != nil || u.Path != "/embed.html" || u.Query().Get("controls") != "min" {
		t.Fatalf("the error's reload link %q does not reopen the embed with its options (%v)", m.Reload, err)
	}
	l, err := link.Parse("s=" + u.Query().Get("s") + "&t=" + u.Query().Get("t"))
	if err != nil || !strings.Contains(l.Script, "crash 2") || !l.HasT || l.T != 2000 {
		t.Errorf("the reload link %q does not carry the scenario at 2000 ms: %+v %v", m.Reload, l, err)
	}
	banner := evalJS[string](t, ctx, frame+`.document.getElementById("crash")?.textContent || ""`)
	if !strings.HasPrefix(banner, "kplay stopped: it ran out of memory.runtime: out of memory: cannot allocate") || !strings.HasSuffix(banner, "Reload at this moment") {
		t.Errorf("the embed's banner says %q", banner)
	}
	if href := evalJS[string](t, ctx, frame+`.document.getElementById("crash-reload").href`); href != m.Reload {
		t.Errorf("the banner's link %q differs from the message's %q", href, m.Reload)
	}
}
