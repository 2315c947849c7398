//go:build browser && !js

package e2e

// Browser tests of a broker that crashes, restarts, hangs half alive or is
// refused at registration: what the diagram, the banner, an embed and the
// clients say about it.

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kplay/cmd/kplay/siteserve"
	"kplay/link"
)

// consumerCrashScript crashes the leader b1 at 3 s under a consumer and a
// producer sending two records a second; the controller fences b1 and
// elects a follower about 9 s (broker.session.timeout.ms) after b1's
// last heartbeat.
const consumerCrashScript = "# title: A consumer through a crash\ncluster brokers=3 min.insync.replicas=2\ncreate-topic t partitions=1 rf=3\nconsume t-0 from=earliest\nproduce t-0 rate=2/s for=30s acks=all\nadvance 3s\ncrash 1\nadvance 20s\n"

// TestBrowserConsumerSaysItsLeaderIsDown: a learner watching the
// consumer through a failover sees why it stands still. Two seconds
// after the crash its box says that b1, which it fetches from, is down
// and that it retries, and its row in the consumer panel says so in a
// sentence; after the election it fetches from the new leader, the box
// says what it read again and its offset has moved on.
func TestBrowserConsumerSaysItsLeaderIsDown(t *testing.T) {
	t.Parallel()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 1000)
	pageErrors := watchConsole(ctx)
	open := func(ms int64, clock string) {
		frag := link.Encode(link.Link{Script: consumerCrashScript, T: ms, HasT: true})
		// A new document each time: a navigation that changes only the
		// fragment would not load the page again.
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(srv.URL+"/#"+frag)); err != nil {
			t.Fatal(err)
		}
		pollJS(t, ctx, readyJS+` && document.getElementById("clock").textContent === "`+clock+`"`, 30*time.Second, "the link opens at "+clock)
	}
	box := `(document.querySelector('svg#diagram g.node[data-node="consumer"]') || {}).textContent || ""`
	row := `(document.querySelector('#cp-consumers li[data-consumer="c1"]') || {}).textContent || ""`
	offset := regexp.MustCompile(`c1 at offset (\d+)`)

	open(5000, "00:00:05.000")
	pollJS(t, ctx, `(`+box+`).includes("b1 down: retrying")`, 10*time.Second, "the consumer box says b1 is down and it retries")
	if got := evalJS[string](t, ctx, row); !strings.Contains(got, "b1, which it fetches from, is down") || !strings.Contains(got, "NETWORK_EXCEPTION") {
		t.Errorf("c1's row %q, want it to say b1 is down (NETWORK_EXCEPTION)", got)
	}
	m := offset.FindStringSubmatch(evalJS[string](t, ctx, box))
	if m == nil {
		t.Fatalf("consumer box %q names no offset", evalJS[string](t, ctx, box))
	}
	during, _ := strconv.Atoi(m[1])

	open(20000, "00:00:20.000")
	pollJS(t, ctx, `(`+box+`).includes("read ") && !(`+box+`).includes("down")`, 10*time.Second, "after the election the consumer box says what it read")
	if got := evalJS[string](t, ctx, row); strings.Contains(got, "is down") {
		t.Errorf("c1's row %q still says its broker is down after the election", got)
	}
	m = offset.FindStringSubmatch(evalJS[string](t, ctx, box))
	if m == nil {
		t.Fatalf("consumer box %q names no offset", evalJS[string](t, ctx, box))
	}
	if after, _ := strconv.Atoi(m[1]); after <= during {
		t.Errorf("c1 at offset %d at 20 s, want past %d, where it stood during the outage", after, during)
	}
	noPageErrors(t, pageErrors)
}

// crashScript is the scenario both crash tests open, by link.
const crashScript = "# title: Crash test\ncluster brokers=3\ncreate-topic c partitions=1 rf=3\nproduce c-0 values=(x1, x2)\nadvance 5s\ncrash 2\n"

// TestBrowserCrashBanner: when the page's Go program panics (the kplaytest
// hook kplayCrash, on an animation frame, as a bug in a frame would), the
// page shows a banner that says so and names the panic, with a "reload at
// this moment" link that is the page's own share link of the playhead; the
// reader's unapplied draft is in localStorage, and following the link
// reopens that moment with the draft restored.
func TestBrowserCrashBanner(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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

// halfAliveScript has b2 hung for clients with its fetches to the leader b1
// cut one way, the consumer's link to b1 cut both ways, and b3 crashed.
const halfAliveScript = "# title: One-way cut and a half-alive broker\ncluster brokers=3\ncreate-topic t partitions=1 rf=3\nproduce t-0 values=(x1, x2)\nconsume t-0 from=earliest\nadvance 2s\ncut 2 1 one-way\nhang 2 requests=clients\ncut 1 c1\ncrash 3\nadvance 3s\n"

// TestBrowserHalfAlive opens a link to a moment with a one-way cut, a
// two-way cut, a hung broker and a crashed one, and checks each is drawn
// apart: the one-way link has its own class, dash and an arrowhead
// pointing at b1 (whose incoming messages from b2 are lost), the two-way
// link a ✕ and no arrow; b2's box is marked hung with the hourglass badge
// and a box outline unlike the healthy b1's and the crashed b3's; the
// legend explains both. The producer link's menu then cuts it one way.
func TestBrowserHalfAlive(t *testing.T) {
	t.Parallel()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 1000)
	pageErrors := watchConsole(ctx)
	frag := link.Encode(link.Link{Script: halfAliveScript, T: 4000, HasT: true})
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/#"+frag)); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, readyJS+` && document.getElementById("clock").textContent === "00:00:04.000"`, 30*time.Second, "the link opens at 00:00:04.000")
	pollJS(t, ctx, `document.querySelector('svg#diagram g.link-hit[data-link="b1-b2"].cut-one-way') !== null && document.querySelector('svg#diagram g.node.broker[data-node="b2"].hung') !== null`, 10*time.Second, "the one-way cut and the hung broker are drawn")

	oneWay := `document.querySelector('svg#diagram g.link-hit[data-link="b1-b2"]')`
	twoWay := `document.querySelector('svg#diagram g.link-hit[data-link="b1-consumer"]')`
	if got := evalJS[string](t, ctx, oneWay+`.getAttribute("class")`); strings.Contains(" "+got+" ", " cut ") {
		t.Errorf("one-way link class %q also says cut both ways", got)
	}
	if got := evalJS[string](t, ctx, twoWay+`.getAttribute("class")`); !strings.Contains(" "+got+" ", " cut ") || strings.Contains(got, "cut-one-way") {
		t.Errorf("two-way link class %q, want cut and not cut-one-way", got)
	}
	if n := evalJS[int](t, ctx, oneWay+`.querySelectorAll("polygon.one-way-arrow").length`); n != 1 {
		t.Errorf("%d arrowheads on the one-way link, want 1", n)
	}
	if n := evalJS[int](t, ctx, twoWay+`.querySelectorAll("polygon.one-way-arrow").length`); n != 0 {
		t.Errorf("%d arrowheads on the two-way link, want 0", n)
	}
	// The arrow points at b1: its tip is nearer b1's box than its back is.
	if !evalJS[bool](t, ctx, `(() => {
		const pts = `+oneWay+`.querySelector("polygon.one-way-arrow").getAttribute("points").split(" ").map(p => p.split(",").map(Number));
		const r = document.querySelector('svg#diagram g.node[data-node="b1"] .box').getBBox();
		const m = document.querySelector('svg#diagram g.node[data-node="b1"]').transform.baseVal.consolidate().matrix;
		const cx = m.e + r.x + r.width / 2, cy = m.f + r.y + r.height / 2;
		const d = p => Math.hypot(p[0] - cx, p[1] - cy);
		return d(pts[0]) < d(pts[1]) && d(pts[0]) < d(pts[2]);
	})()`) {
		t.Error("the one-way arrow does not point at b1")
	}
	dash := func(sel string) string {
		return evalJS[string](t, ctx, `getComputedStyle(`+sel+`.querySelector("polyline.fault")).strokeDasharray`)
	}
	if a, b := dash(oneWay), dash(twoWay); a == b || a == "none" {
		t.Errorf("one-way dash %q, two-way dash %q: want two different dashes", a, b)
	}
	if got := evalJS[string](t, ctx, oneWay+`.getAttribute("aria-label")`); !strings.Contains(got, "cut one way: broker 2's messages to broker 1 are lost") {
		t.Errorf("one-way link label %q", got)
	}

	node := func(id string) string {
		return `document.querySelector('svg#diagram g.node.broker[data-node="` + id + `"]')`
	}
	if got := badges(t, ctx); !strings.Contains(got, "b2=follower,in-isr,hung") || strings.Contains(got, "b1=leader,in-isr,hung") || !strings.Contains(got, "b3=") || strings.Contains(got, "b3=replica,in-isr,down,hung") {
		t.Errorf("badges %q, want b2 hung, b1 and b3 not", got)
	}
	if got := evalJS[string](t, ctx, node("b2")+`.querySelector('[data-badge="hung"]').textContent`); !strings.Contains(got, "hung: no clients") {
		t.Errorf("b2's hung badge says %q", got)
	}
	if n := evalJS[int](t, ctx, node("b2")+`.querySelectorAll('[data-badge="hung"] path.hourglass').length`); n != 1 {
		t.Errorf("b2's hung badge has %d hourglasses, want 1", n)
	}
	if got := evalJS[string](t, ctx, node("b2")+`.querySelector('[data-badge="hung"] title').textContent`); !strings.Contains(got, "registered and heartbeating") {
		t.Errorf("b2's hung badge tooltip %q", got)
	}
	if evalJS[bool](t, ctx, node("b2")+`.classList.contains("down")`) || !evalJS[bool](t, ctx, node("b3")+`.classList.contains("down")`) || evalJS[bool](t, ctx, node("b3")+`.classList.contains("hung")`) {
		t.Error("b2 must be hung and not down, b3 down and not hung")
	}
	stroke := func(id string) string {
		return evalJS[string](t, ctx, `(() => { const s = getComputedStyle(`+node(id)+`.querySelector(".box")); return s.stroke + " " + s.strokeDasharray; })()`)
	}
	if h, ok, down := stroke("b2"), stroke("b1"), stroke("b3"); h == ok || h == down {
		t.Errorf("box outlines: hung b2 %q, healthy b1 %q, crashed b3 %q: want the hung one unlike both", h, ok, down)
	}
	legend := evalJS[string](t, ctx, `document.querySelector(".legend").textContent`)
	for _, want := range []string{"one-way cut: A→B dropped", "half-alive broker"} {
		if !strings.Contains(legend, want) {
			t.Errorf("legend %q lacks %q", legend, want)
		}
	}
	screenshot(t, ctx, "kplay-half-alive.png")

	// The link menu cuts one way too: from the link's first node to its
	// second, here the producer's requests to b1.
	click(t, ctx, `svg#diagram g.link-hit[data-link="producer-b1"] .hit`)
	pollJS(t, ctx, `(document.querySelector(".link-menu #link-cut-one-way") || {}).textContent === "Cut producer → broker 1 only"`, 5*time.Second, "the producer link's menu offers a one-way cut")
	click(t, ctx, "#link-cut-one-way")
	pollJS(t, ctx, actScriptHas("\ncut p1 1 one-way\n"), 5*time.Second, "the one-way cut joins the script")
	pollJS(t, ctx, `document.querySelector('svg#diagram g.link-hit.cut-one-way[data-link="producer-b1"] polygon.one-way-arrow') !== null`, 5*time.Second, "the producer link is drawn cut one way")
	noPageErrors(t, pageErrors)
}

// TestBrowserCrashLeader acts on the cluster: it crashes the leader b1
// from its action menu, waits for the controller to elect b2 or b3, then
// restarts b1 and waits until it is alive again. The actions must show as
// script lines in #actions.
func TestBrowserCrashLeader(t *testing.T) {
	// It runs alone (no t.Parallel): its clicks follow a change of the
	// viewport to a phone's and back, and beside two other tabs the
	// click on Restart once left the menu open (the box had not kept
	// still long enough under that load).
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

	b1 := `svg#diagram g.node[data-node="b1"]`
	for _, want := range []string{`[data-role="leader"][data-alive="true"][tabindex="0"][role="button"]`} {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector(%q) !== null`, b1+want)))
		if err != nil || !ok {
			t.Fatalf("no %s%s (err %v); nodes: %s", b1, want, err, nodeRoles(ctx))
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
		t.Fatalf("no failover after crashing b1: %v\nnodes: %s\npage text:\n%s", err, nodeRoles(ctx), pageDump(ctx))
	}
	t.Logf("failover after %.1f s wall: %s", time.Since(start).Seconds(), nodeRoles(ctx))
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
		t.Fatalf("b1 is not alive after the restart: %v\nnodes: %s", err, nodeRoles(ctx))
	}
	acts, err = chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("ol#actions li")].map(l => l.textContent).join("\n")`))
	if err != nil || !strings.Contains(acts, "crash 1") || !strings.Contains(acts, "restart 1") {
		t.Errorf("#actions %q (err %v), want crash 1 and restart 1", acts, err)
	}
	t.Logf("actions:\n%s\nnodes: %s", acts, nodeRoles(ctx))
	if err := chromedp.Do(ctx, chromedp.Sleep(1500*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "kplay-restart-1280x800.png")

	noPageErrors(t, pageErrors)
}

// The fresh-eyes learner's last findings (issue 12): a restarted broker
// whose registration is refused, the producer label, the minimal embed's
// first thing to try, the help dialog's pause, and the phone's first
// screen.

// learnPRefusedScript crashes the leader b1 at 1 s and restarts it at 2
// s, well inside broker.session.timeout.ms (9 s): the controller refuses
// the new process's registration (DUPLICATE_BROKER_REGISTRATION) until the
// old session runs out.
const learnPRefusedScript = `title "A restart before the fence"
cluster brokers=3 seed=1 min.insync.replicas=2
create-topic orders partitions=1 rf=3
run until=00:00:01.000
crash 1
run until=00:00:02.000
restart 1
run until=00:00:02.500
`

// TestBrowserRegistrationRefused: at 1280×800, broker 1 restarted at 2 s
// and seen at 5 s says on its box that it runs but is not registered,
// that its role and ISR membership are the controller's record, and how
// long the old session stays valid; its fence countdown runs; the
// controller strip says the registration is refused, within the strip.
func TestBrowserRegistrationRefused(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/")
	if msg := evalJS[string](t, ctx, fmt.Sprintf(`window.kplayLoadScript(%q)`, learnPRefusedScript)); msg != "" {
		t.Fatalf("kplayLoadScript: %s", msg)
	}
	seekPaused(t, ctx, 5000, "00:00:05.000")
	got := evalJS[string](t, ctx, `(() => {
		const g = document.querySelector('#diagram g.node[data-node="b1"]');
		const texts = sel => [...g.querySelectorAll(sel)].map(e => e.textContent).join("|");
		const bar = document.querySelector(".controller-bar").getBoundingClientRect();
		const out = [texts("g.role-badge text"), texts("g.badge text"), texts("g.timer text"), texts("text.note")];
		for (const s of document.querySelectorAll("#controller-state .session")) {
			if (s.getBoundingClientRect().right > bar.right + 0.5) out.push("cut: " + s.textContent);
		}
		out.push(document.getElementById("controller-state").textContent);
		return out.join(" // ");
	})()`)
	for _, want := range []string{"leader on record // ", "in ISR on record|not registered", "fenced in 4.0 s", "refused: old session valid 4.0 s",
		"broker 1: running, registration refused: the old session is valid for 4.0 s (DUPLICATE_BROKER_REGISTRATION)"} {
		if !strings.Contains(got, want) {
			t.Errorf("broker 1 at 5 s: %q lacks %q", got, want)
		}
	}
	if strings.Contains(got, "cut: ") {
		t.Errorf("the controller strip runs out of its bar: %s", got)
	}
	screenshot(t, ctx, "kplay-learnP-refused-1280x800.png")
	noPageErrors(t, pageErrors)
}
