//go:build browser && !js

package e2e

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kplay/link"
	"kplay/site"
)

// TestBrowserShareLinkAndEmbed opens a share link (the scenario and the
// moment it names, paused), a damaged link (a banner over the default
// scenario), an embed with parameters behind its poster, and the example
// lesson page, whose embeds report through postMessage.
func TestBrowserShareLinkAndEmbed(t *testing.T) {
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 900)
	pageErrors := watchConsole(ctx)
	wait := func(what, js string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			t.Fatalf("%s: %v\npage text:\n%s", what, err, pageDump(ctx))
		}
	}
	script := "# title: Shared <b>link</b> test\ncluster brokers=3\ncreate-topic shared partitions=1 rf=3\nproduce shared-0 values=(x1, x2)\nadvance 5s\ncrash 2\n"
	frag := link.Encode(link.Link{Script: script, T: 3000, HasT: true})

	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/#"+frag)); err != nil {
		t.Fatal(err)
	}
	wait("the shared scenario opens at 00:00:03.000, paused",
		`document.body.dataset.ready === "1" && document.querySelector(".title").textContent === "Shared <b>link</b> test" && document.getElementById("clock").textContent === "00:00:03.000"`)
	if n := evalJS[int](t, ctx, `document.querySelectorAll("b").length`); n != 0 {
		t.Errorf("the title was rendered as HTML (%d <b> elements)", n)
	}
	time.Sleep(500 * time.Millisecond)
	if clock := evalJS[string](t, ctx, `document.getElementById("clock").textContent`); clock != "00:00:03.000" {
		t.Errorf("a shared link should open paused; the clock moved to %s", clock)
	}
	// The page's own link reopens the same moment: kplay serve has no
	// Worker, so the share button falls back to the long link.
	evalJS[bool](t, ctx, `(() => { document.getElementById("share").click(); return true; })()`)
	wait("the long link is in the address bar", `location.hash.startsWith("#s=1.") && location.hash.includes("&t=3000")`)
	hash := evalJS[string](t, ctx, `location.hash`)
	l, err := link.Parse(hash)
	if err != nil || !strings.Contains(l.Script, "crash 2") || l.T != 3000 {
		t.Errorf("the shared link %q does not carry the scenario and the moment: %+v %v", hash, l, err)
	}

	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?x=1#s=1.AAAA!!")); err != nil {
		t.Fatal(err)
	}
	wait("a damaged link shows a banner over the default scenario",
		`document.body.dataset.ready === "1" && (document.getElementById("notice")||{}).textContent?.includes("This link is damaged, perhaps cut off when it was copied") && document.querySelector(".title").textContent.startsWith("Start here")`)

	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/embed.html?preset=jepsen-2013&controls=none&panels=describe&theme=dark")); err != nil {
		t.Fatal(err)
	}
	wait("the embed loads from its poster", `document.body.dataset.ready === "1"`)
	got := evalJS[string](t, ctx, `[document.querySelector(".title").textContent, !!document.getElementById("play"), !!document.querySelector(".share-bar"),
		!!document.getElementById("describe"), !!document.getElementById("events"), document.documentElement.dataset.theme || ""].join("|")`)
	if got != "Jepsen 2013, replayed on today's Kafka|false|false|true|false|dark" {
		t.Errorf("embed: title|play|share|describe|events|theme = %s", got)
	}

	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/lesson.html")); err != nil {
		t.Fatal(err)
	}
	evalJS[bool](t, ctx, `(() => { document.getElementById("acks1").scrollIntoView(); return true; })()`)
	wait("the lesson's first embed reports ready and steps through postMessage",
		`(() => { const t = document.getElementById("acks1-events").textContent; return t.includes("ready") && t.includes("step"); })()`)
	if errs := pageErrors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
}

// TestBrowserPastedEmbedCode: the page's "Copy embed code", pasted into a
// plain HTML page on another origin, shows the scenario at the copied
// moment; the iframe's height follows the embed's content, and the host
// page receives the postMessage events and can command the embed.
func TestBrowserPastedEmbedCode(t *testing.T) {
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 900)
	pageErrors := watchConsole(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?preset=failover-and-preferred-leader")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, readyJS, 30*time.Second, "the page loads")
	evalJS[bool](t, ctx, `(() => { const p = document.getElementById("play"); if (p.getAttribute("aria-pressed") === "true") p.click();
		const tl = document.getElementById("timeline"); tl.value = "4000"; tl.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `document.getElementById("clock").textContent === "00:00:04.000"`, 5*time.Second, "the page pauses at 00:00:04.000")
	evalJS[bool](t, ctx, `(() => { document.getElementById("copy-embed-now").click(); return true; })()`)
	pollJS(t, ctx, `(document.getElementById("copied")?.dataset.text || "").includes("<iframe")`, 5*time.Second, "the embed code is copied")
	code := evalJS[string](t, ctx, `document.getElementById("copied").dataset.text`)
	if !strings.Contains(code, site.EmbedGrowNote) {
		t.Errorf("the embed code does not say that its script lets the frame grow:\n%s", code)
	}

	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!doctype html><html><head><meta charset="utf-8"><title>A lesson</title></head><body>
<script>window.kplayEvents = []; addEventListener("message", e => { if (e.data && e.data.source === "kplay") kplayEvents.push(e.data); });</script>
<h1>Failover</h1><p>Watch the leader move.</p>
`+code+`
</body></html>`)
	}))
	t.Cleanup(host.Close)
	if strings.Contains(host.URL, srv.URL) || host.URL == srv.URL {
		t.Fatal("the host page must be on another origin")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(host.URL+"/")); err != nil {
		t.Fatal(err)
	}
	const frame = `document.querySelector("iframe")`
	pollJS(t, ctx, `kplayEvents.some(m => m.type === "ready")`, 30*time.Second, "the pasted embed loads and says ready")
	pollJS(t, ctx, frame+`.style.height !== "" && parseInt(`+frame+`.style.height) !== 600 && parseInt(`+frame+`.style.height) === kplayEvents.filter(m => m.type === "height").pop().height`,
		10*time.Second, "the iframe's height follows the embed's content")
	if at := evalJS[float64](t, ctx, `kplayEvents.find(m => m.type === "ready").at`); at != 4000 {
		t.Errorf("the embed opened at %v ms, want the copied moment 4000", at)
	}
	// The host commands the embed: play, then a step message arrives.
	evalJS[bool](t, ctx, frame+`.contentWindow.postMessage({type: "play"}, "*") || true`)
	pollJS(t, ctx, `kplayEvents.some(m => m.type === "step" && m.at > 4000)`, 20*time.Second, "play from the host page moves the embed on")
	noPageErrors(t, pageErrors)
}
