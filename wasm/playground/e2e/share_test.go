//go:build browser && !js

package e2e

// Browser tests of sharing: the link and the embed code, pasted and from
// the start, what "Copy link" says when it cannot, the copy fallback and
// its notice, and the address that follows the reader.

import (
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kplay/link"
	"kplay/site"
)

// TestBrowserEmbedCodeFromTheStart: a teacher paused the page to copy
// its embed code, and the embed opened frozen at that moment. "Copy
// embed code" now offers "From the start" and "At this moment": from
// the start, the lesson page's embed opens at the scenario's start and
// plays; at this moment, it opens paused there. An unedited preset is
// embedded by its name (preset=NAME). The menu's Colours picks theme=
// for the code (a teacher's light page showed a dark embed to a reader
// whose system was dark).
func TestBrowserEmbedCodeFromTheStart(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=failover-and-preferred-leader")
	setPlaying(t, ctx, false)
	evalJS[bool](t, ctx, `(() => { Object.defineProperty(navigator, "clipboard", {configurable: true, value: {writeText: () => Promise.resolve()}});
		const tl = document.getElementById("timeline"); tl.value = "4000"; tl.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `document.getElementById("clock").textContent === "00:00:04.000"`, 5*time.Second, "the page pauses at 00:00:04.000")
	src := func(item string) url.Values {
		t.Helper()
		click(t, ctx, "#copy-embed")
		click(t, ctx, item)
		pollJS(t, ctx, `(document.getElementById("copied")?.dataset.text || "").includes("<iframe") && !document.querySelector("details.share-menu").open`, 5*time.Second, item+" copies no embed code, or leaves its menu open")
		code := evalJS[string](t, ctx, `document.getElementById("copied").dataset.text`)
		evalJS[bool](t, ctx, `(() => { document.getElementById("copied").removeAttribute("data-text"); return true; })()`)
		m := regexp.MustCompile(`src="[^"?]+\?([^"]+)"`).FindStringSubmatch(code)
		if m == nil {
			t.Fatalf("%s copied no iframe: %s", item, code)
		}
		q, err := url.ParseQuery(html.UnescapeString(m[1]))
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	start, now := src("#copy-embed-start"), src("#copy-embed-now")
	if start.Get("preset") != "failover-and-preferred-leader" || start.Has("t") || start.Has("s") {
		t.Errorf("From the start copied %v; want preset=failover-and-preferred-leader without t=", start)
	}
	if now.Get("preset") != "failover-and-preferred-leader" || now.Get("t") != "4000" {
		t.Errorf("At this moment copied %v; want the preset at t=4000", now)
	}
	if start.Has("theme") {
		t.Errorf("From the start copied theme=%q before a theme was picked", start.Get("theme"))
	}
	// A lesson page that is light whatever the reader's system: the
	// menu's Colours, light.
	click(t, ctx, "#copy-embed")
	click(t, ctx, `.embed-theme input[data-theme="light"]`)
	pollJS(t, ctx, `document.querySelector('.embed-theme input[data-theme="light"]').checked`, 5*time.Second, "the light theme is not picked")
	evalJS[bool](t, ctx, `(() => { document.querySelector("details.share-menu").open = false; return true; })()`)
	if light := src("#copy-embed-start"); light.Get("theme") != "light" {
		t.Errorf("with Colours light, From the start copied %v; want theme=light", light)
	}
	noPageErrors(t, pageErrors)

	h := openHost(t, 800, 600, hostOpts{Query: start.Encode(), Grow: true})
	if at := h.WaitMsg("ready", time.Second).Data["at"]; at != 0.0 {
		t.Errorf("the embed from the start opened at %v ms, want 0", at)
	}
	h.PollHost(`window.kplayMsgs.some(m => m.data.type === "step" && m.data.at > 1000)`, 20*time.Second, "the embed from the start does not play")
	h.NoErrors()

	h = openHost(t, 800, 600, hostOpts{Query: now.Encode(), Grow: true})
	if at := h.WaitMsg("ready", time.Second).Data["at"]; at != 4000.0 {
		t.Errorf("the embed at this moment opened at %v ms, want 4000", at)
	}
	if playing := inFrame[string](h, `document.getElementById("play").getAttribute("aria-pressed")`); !strings.Contains(playing, "false") {
		t.Errorf("the embed at this moment is playing (aria-pressed %s), want paused there", playing)
	}
}

// TestBrowserCopyLinkSaysWhyNot: a reader sends 9,000 named values from
// the producer panel, which makes the page's script longer than the 64
// KiB a link holds (link.MaxDecoded), so the page would refuse the link.
// "Copy link" then copies nothing and says why, next to the buttons; it
// never says "Copied the link." (nor offers the link to select). Before,
// the bar confirmed the copy of a link that opens on the default scenario
// under "decodes to more than 64 KiB".
func TestBrowserCopyLinkSaysWhyNot(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=acks1-loss")
	evalJS[bool](t, ctx, `(() => {
		const v = [];
		for (let i = 0; i < 9000; i++) v.push("value-" + (100000 + i));
		document.querySelector('#producer-panel input[name="values"]').value = v.join(", ");
		return true;
	})()`)
	click(t, ctx, "#pp-send")
	pollJS(t, ctx, actScriptHas("produce t-0 values=(value-100000, value-100001"), 20*time.Second, "the 9,000 values never reached the script")
	click(t, ctx, "#share")
	pollJS(t, ctx, `document.getElementById("copy-refused") !== null`, 5*time.Second, "Copy link of a link over 64 KiB says nothing")
	got := evalJS[string](t, ctx, `document.getElementById("copy-refused").textContent + " | " + ((document.getElementById("copied") || {}).textContent || "")`)
	refused, copied, _ := strings.Cut(got, " | ")
	if !strings.HasPrefix(refused, "Not copied: ") || !strings.Contains(refused, "at most 64 KiB") || copied != "" {
		t.Errorf("after Copy link of a link over 64 KiB the bar says %q and %q; want only why it copied nothing", refused, copied)
	}
	screenshot(t, ctx, "kplay-copy-refused.png")
	click(t, ctx, "#copy-refused-close")
	pollJS(t, ctx, `document.getElementById("copy-refused") === null`, 5*time.Second, "the note's × does not close it")
	noPageErrors(t, pageErrors)
}

// TestBrowserAddressFollowsTheReader: the address bar names the preset
// picked, then, paused at a moment, carries the share link of that
// moment, without adding history entries; reloading it reopens the same
// moment, and the picker names a link's scenario by its title.
func TestBrowserAddressFollowsTheReader(t *testing.T) {
	t.Parallel()
	ctx, base, pageErrors := pageAt(t, 1280, 800, "/")
	entries := evalJS[int](t, ctx, `history.length`)
	evalJS[bool](t, ctx, `(() => { const p = document.getElementById("preset"); p.value = "jepsen-2013"; p.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `location.search === "?preset=jepsen-2013" && location.hash === ""`, 10*time.Second, "picking a preset does not name it in the address bar")
	setPlaying(t, ctx, false)
	evalJS[bool](t, ctx, `(() => { const tl = document.getElementById("timeline"); tl.value = String(Number(tl.min) + 7000); tl.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `location.hash.startsWith("#s=1.") && location.hash.endsWith("&t=" + `+clockNowJS+`)`, 5*time.Second, "pausing at a moment does not put its link in the address bar")
	clock := evalJS[string](t, ctx, `document.getElementById("clock").textContent`)
	// An action goes into the link too.
	before := evalJS[string](t, ctx, `location.hash`)
	evalJS[bool](t, ctx, `(() => { document.getElementById("produce").click(); return true; })()`)
	pollJS(t, ctx, `location.hash.startsWith("#s=1.") && location.hash !== `+jsString(before), 5*time.Second, "producing a record does not change the address's link")
	if n := evalJS[int](t, ctx, `history.length`); n != entries {
		t.Errorf("history grew from %d to %d entries: the address must be replaced, not pushed", entries, n)
	}
	hash := evalJS[string](t, ctx, `location.hash`)
	l, err := link.Parse(hash)
	if err != nil || !strings.Contains(l.Script, "produce") {
		t.Fatalf("the address %q is no link with the record in it: %+v %v", hash, l, err)
	}
	// Reload: the same scenario at the same moment.
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, readyJS, 30*time.Second, "the reloaded page never drew")
	if got := evalJS[int](t, ctx, clockNowJS); int64(got) != l.T%(24*3600*1000) {
		t.Errorf("reloaded at %d ms, want the link's %d (the clock read %s before)", got, l.T, clock)
	}
	// A shared link of a script of one's own, opened in a new browser as
	// a student would, is named by its title.
	frag := link.Encode(link.Link{Script: momentsScript, T: 2000, HasT: true})
	student := newBrowser(t, 1280, 800)
	if err := chromedp.Do(student, chromedp.Navigate(base+"/#"+frag)); err != nil {
		t.Fatal(err)
	}
	pollJS(t, student, readyJS, 30*time.Second, "the link never drew")
	if got := evalJS[string](t, student, `document.getElementById("preset").selectedOptions[0].textContent`); got != "Shared: Moments" {
		t.Errorf("the picker names the link's scenario %q, want %q", got, "Shared: Moments")
	}
	noPageErrors(t, pageErrors)
}

// TestBrowserCopiedCoversNoControl: "Copied the link." and "Copied the
// embed code." cover no control (they lay over Pause and Step) at
// 1280×800 and at 390×844, and go away on their own.
func TestBrowserCopiedCoversNoControl(t *testing.T) {
	t.Parallel()
	for _, sz := range []struct {
		name          string
		width, height int
	}{{"1280x800", 1280, 800}, {"390x844", 390, 844}} {
		t.Run(sz.name, func(t *testing.T) {
			t.Parallel()
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, "/")
			setPlaying(t, ctx, false)
			evalJS[bool](t, ctx, `(() => { Object.defineProperty(navigator, "clipboard", {configurable: true, value: {writeText: () => Promise.resolve()}}); return true; })()`)
			controls := []string{"#play", "#step", "#restart", "#speed", "#skip-quiet", "#produce", "#preset", "#share", "#copy-embed", "#moment-prev", "#moment-next", "#table-toggle", "#help-open"}
			for _, c := range []struct {
				button, text string
				item         string
			}{{"#share", "Copied the link.", ""}, {"#copy-embed", "Copied the embed code.", "#copy-embed-start"}} {
				click(t, ctx, c.button)
				if c.item != "" {
					click(t, ctx, c.item)
				}
				pollJS(t, ctx, fmt.Sprintf(`(document.getElementById("copied") || {}).textContent === %q`, c.text), 10*time.Second, "no "+c.text)
				shown := time.Now()
				waitFrames(t, ctx)
				uncovered(t, ctx, c.text, controls...)
				if got := evalJS[string](t, ctx, `(() => { const m = document.getElementById("copied").getBoundingClientRect(), out = [];
					for (const e of document.querySelectorAll("button, input, select, [role=toolbar] *")) {
						const r = e.getBoundingClientRect();
						if (r.width > 0 && r.left < m.right && m.left < r.right && r.top < m.bottom && m.top < r.bottom) out.push(e.id || e.textContent.trim());
					}
					return (m.right > innerWidth ? "past the edge; " : "") + out.join(", "); })()`); got != "" {
					t.Errorf("%q lies over %s", c.text, got)
				}
				screenshot(t, ctx, "kplay-reach-copied-"+strings.TrimPrefix(c.button, "#")+"-"+sz.name+".png")
				pollJS(t, ctx, `document.getElementById("copied") === null`, site.CopiedShowMs*time.Millisecond+5*time.Second, c.text+" never goes away")
				if d := time.Since(shown); d < site.CopiedShowMs*time.Millisecond/2 {
					t.Errorf("%q went away after %v, too soon to read", c.text, d)
				}
			}
			noPageErrors(t, pageErrors)
		})
	}
}

// TestBrowserShareLinkAndEmbed opens a share link (the scenario and the
// moment it names, paused), a damaged link (a banner over the default
// scenario), an embed with parameters behind its poster, and the example
// lesson page, whose embeds report through postMessage.
func TestBrowserShareLinkAndEmbed(t *testing.T) {
	t.Parallel()
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
		`document.body?.dataset.ready === "1" && document.querySelector(".title").textContent === "Shared <b>link</b> test" && document.getElementById("clock").textContent === "00:00:03.000"`)
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
		`document.body?.dataset.ready === "1" && (document.getElementById("notice")||{}).textContent?.includes("This link is damaged, perhaps cut off when it was copied") && document.querySelector(".title").textContent.startsWith("Start here")`)

	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/embed.html?preset=jepsen-2013&controls=none&panels=describe&theme=dark")); err != nil {
		t.Fatal(err)
	}
	wait("the embed loads from its poster", `document.body?.dataset.ready === "1"`)
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
	t.Parallel()
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

// TestBrowserCopyFallbackFloats: when the browser refuses the clipboard,
// "Copy link" shows a field to select the link from; it floats under the
// buttons and moves nothing on the page (it took a row of its own and
// pushed the page down 30 px), and its × closes it.
func TestBrowserCopyFallbackFloats(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/")
	setPlaying(t, ctx, false)
	waitFrames(t, ctx)
	before := evalJS[string](t, ctx, diagramAtJS)
	evalJS[bool](t, ctx, `(() => {
		Object.defineProperty(navigator, "clipboard", {configurable: true, value: {writeText: () => Promise.reject(new DOMException("blocked", "NotAllowedError"))}});
		document.getElementById("share").click();
		return true;
	})()`)
	pollJS(t, ctx, `(() => { const i = document.querySelector("#copied input"); return i !== null && i.value.includes("#s=1."); })()`, 10*time.Second, "no fallback field with the link")
	waitFrames(t, ctx)
	if at := evalJS[string](t, ctx, diagramAtJS); at != before {
		t.Errorf("the fallback field moved the page: the diagram at %s before, %s after", before, at)
	}
	if got := evalJS[string](t, ctx, `(() => { const r = document.getElementById("copied").getBoundingClientRect(), b = document.getElementById("share").getBoundingClientRect();
		return r.top >= b.bottom - 1 && r.top < b.bottom + 40 && r.right <= innerWidth ? "" : [r.left, r.top, r.right, b.bottom].map(Math.round).join(","); })()`); got != "" {
		t.Errorf("the fallback field is not just under the buttons: %s", got)
	}
	screenshot(t, ctx, "kplay-copy-fallback-1280x800.png")
	evalJS[bool](t, ctx, `(() => { document.getElementById("copied-close").click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("copied") === null`, 5*time.Second, "the × does not close the fallback")
	noPageErrors(t, pageErrors)
}
