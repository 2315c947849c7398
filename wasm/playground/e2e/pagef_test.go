//go:build browser && !js

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"kplay/link"
)

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

// pageAt opens path in a tab whose viewport is exactly width × height
// CSS pixels (a headless window of that size has a shorter viewport) and
// waits for the diagram.
func pageAt(t *testing.T, width, height int, path string) (context.Context, string, func() []string) {
	t.Helper()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, width, height)
	pageErrors := watchConsole(ctx)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height), chromedp.EmulateScale(1))); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+path)); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	pollJS(t, ctx, readyJS, 30*time.Second, "the page never drew its diagram")
	return ctx, srv.URL, pageErrors
}

// labelsJS samples the diagram on each of n animation frames and returns
// how many labels it saw and every label that covered a box or another
// label: the message dots' labels and the links' marks ("slow", "✕"),
// against the client and broker boxes, as drawn on screen.
const labelsJS = `new Promise(done => {
	const bad = new Set(); let seen = 0, frames = 0;
	const ov = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
	const look = () => {
		const svg = document.getElementById("diagram");
		if (svg) {
			const boxes = [...svg.querySelectorAll("g.node > rect.box")].map(r => [r.closest("g.node").dataset.node, r.getBoundingClientRect()]);
			const labels = [...document.querySelectorAll("#dots g.msg text, #diagram text.link-mark")]
				.filter(t => t.textContent !== "" && Number(t.getAttribute("opacity") ?? "1") > 0)
				.map(t => [t.textContent, t.getBoundingClientRect()]);
			seen += labels.length;
			labels.forEach(([text, r], i) => {
				for (const [node, b] of boxes) if (ov(r, b)) bad.add(JSON.stringify(text) + " over " + node);
				for (const [other, q] of labels.slice(i + 1)) if (ov(r, q)) bad.add(JSON.stringify(text) + " over " + JSON.stringify(other));
			});
		}
		if (++frames < %d) requestAnimationFrame(look); else done({seen, bad: [...bad]});
	};
	requestAnimationFrame(look);
})`

type labelReport struct {
	Seen int      `json:"seen"`
	Bad  []string `json:"bad"`
}

// TestBrowserLabelsKeepApart: at each size, while the default scenario
// plays (its links are slowed to 30–50 ms, so each carries a "slow"), no
// message label and no link mark covers a box or another label.
func TestBrowserLabelsKeepApart(t *testing.T) {
	for _, sz := range pageSizes {
		t.Run(sz.name, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, sz.path)
			setPlaying(t, ctx, true)
			pollJS(t, ctx, `document.querySelectorAll("#diagram text.link-mark").length > 0 && document.querySelectorAll("#dots g.msg text").length > 0`, 20*time.Second, "no link mark or message label is drawn")
			r, err := chromedp.Run(ctx, chromedp.Evaluate[labelReport](fmt.Sprintf(labelsJS, 180), chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			if r.Seen == 0 {
				t.Fatal("no label was on screen in 180 frames")
			}
			if len(r.Bad) > 0 {
				t.Errorf("%d labels over 180 frames; these covered something:\n%s", r.Seen, strings.Join(r.Bad, "\n"))
			}
			screenshot(t, ctx, "kplay-labels-"+sz.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}

// TestBrowserEmbedShowsTheWholeCluster: in an 800 × 600 iframe, without
// the host page resizing it, all three brokers of the default scenario,
// both clients and the caption are within the first 600 px, side by side
// in the compact row, and the embed still posts its height to its parent.
func TestBrowserEmbedShowsTheWholeCluster(t *testing.T) {
	ctx, base, pageErrors := pageAt(t, 800, 600, "/embed.html?autoplay=1")
	got := evalJS[string](t, ctx, `(() => {
		const out = [];
		for (const n of document.querySelectorAll("#diagram g.node")) {
			const r = n.querySelector("rect.box").getBoundingClientRect();
			if (r.bottom > innerHeight || r.right > innerWidth || r.top < 0) out.push(n.dataset.node + " at " + Math.round(r.top) + "–" + Math.round(r.bottom));
		}
		const c = document.getElementById("caption");
		if (!c || c.getBoundingClientRect().bottom > innerHeight) out.push("caption " + (c ? Math.round(c.getBoundingClientRect().bottom) : "missing"));
		return out.join(", ");
	})()`)
	if got != "" {
		t.Errorf("outside the first 800×600: %s", got)
	}
	if n := evalJS[int](t, ctx, `document.querySelectorAll("#diagram g.node.broker").length`); n != 3 {
		t.Errorf("%d broker boxes, want 3", n)
	}
	if !evalJS[bool](t, ctx, `document.getElementById("diagram").classList.contains("row")`) {
		t.Error("the embed's diagram is not the compact row")
	}
	if y := evalJS[string](t, ctx, `[...new Set([...document.querySelectorAll("#diagram g.node.broker rect.box")].map(r => Math.round(r.getBoundingClientRect().top)))].join(",")`); strings.Contains(y, ",") {
		t.Errorf("the brokers are not in one row: tops %s", y)
	}
	if px := evalJS[float64](t, ctx, `document.querySelector('#diagram g.node[data-node="b1"] text').getBoundingClientRect().height`); px < 11 {
		t.Errorf("broker captions are %.1f px tall, want at least 11", px)
	}
	screenshot(t, ctx, "kplay-embed-row-800x600.png")
	// Embedded in a page (the example lesson), it still posts its height,
	// which the page sizes the iframe to (inline style; 640 px before).
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/lesson.html")); err != nil {
		t.Fatal(err)
	}
	evalJS[bool](t, ctx, `(() => { document.getElementById("acks1").scrollIntoView(); return true; })()`)
	pollJS(t, ctx, `parseInt(document.getElementById("acks1").style.height) >= 320`, 30*time.Second, "the embed never posted its height to the lesson page")
	noPageErrors(t, pageErrors)
}

// TestBrowserTableViewFits: at each size the table view shows every
// column of every partition's table inside its panel and the window. The
// embed has no table view (only the full page draws it), so the third
// size is the full page in a window as wide as the embed.
func TestBrowserTableViewFits(t *testing.T) {
	for _, sz := range []struct {
		name          string
		width, height int
	}{{"1280x800", 1280, 800}, {"390x844", 390, 844}, {"800x600", 800, 600}} {
		t.Run(sz.name, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, "/")
			if err := chromedp.Do(ctx, chromedp.KeyEvent("v")); err != nil {
				t.Fatal(err)
			}
			pollJS(t, ctx, `document.querySelector("#table-view table") !== null`, 10*time.Second, "v does not open the table view")
			got := evalJS[string](t, ctx, `(() => {
				const out = [], view = document.getElementById("table-view"), vr = view.getBoundingClientRect();
				if (vr.right > innerWidth + 1 || vr.left < -1) out.push("the panel spans " + Math.round(vr.left) + "–" + Math.round(vr.right) + " of " + innerWidth);
				for (const w of view.querySelectorAll(".table-wrap")) {
					if (w.scrollWidth > w.clientWidth + 1) out.push("a table is " + w.scrollWidth + " px in " + w.clientWidth);
					for (const c of w.querySelectorAll("th, td")) {
						const r = c.getBoundingClientRect();
						if (r.right > vr.right + 1 || r.right > innerWidth + 1) { out.push(JSON.stringify(c.textContent) + " ends at " + Math.round(r.right)); break; }
					}
				}
				return out.join("; ");
			})()`)
			if got != "" {
				t.Errorf("the table view clips: %s", got)
			}
			if cols := evalJS[int](t, ctx, `document.querySelectorAll("#table-view thead th").length`); cols != 7 {
				t.Errorf("%d columns, want 7", cols)
			}
			screenshot(t, ctx, "kplay-table-"+sz.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}

// momentsScript crashes the leader 5 s in and restarts it at 60 s.
const momentsScript = "# title: Moments\ncluster brokers=3\ncreate-topic m partitions=1 rf=3\nadvance 5s\ncrash 1\nadvance 55s\nrestart 1\nadvance 10s\n"

// clockNowJS is the page's clock in ms since midnight.
const clockNowJS = `(() => { const [h, m, s] = document.getElementById("clock").textContent.split(":"); return (Number(h) * 3600 + Number(m) * 60) * 1000 + Math.round(Number(s) * 1000); })()`

// TestBrowserTimelineMoments: the next-moment button goes to the crash
// (5 s in), then to the election the controller holds once the crashed
// leader's session timed out, then to the restart; "," goes back; → on the
// focused slider goes on; a scrub released within a few pixels of the
// crash stops on it.
func TestBrowserTimelineMoments(t *testing.T) {
	frag := link.Encode(link.Link{Script: momentsScript, T: 0, HasT: true})
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/#"+frag)
	pollJS(t, ctx, `document.getElementById("clock").textContent === "00:00:00.000"`, 10*time.Second, "the link opens at its start")
	next := func(want string) int {
		t.Helper()
		before := evalJS[int](t, ctx, clockNowJS)
		if err := steadyClick(ctx, "#moment-next"); err != nil {
			t.Fatal(err)
		}
		pollJS(t, ctx, clockNowJS+` > `+fmt.Sprint(before), 10*time.Second, "next moment after "+fmt.Sprint(before)+" ms ("+want+")")
		return evalJS[int](t, ctx, clockNowJS)
	}
	var seen []int
	for i := 0; i < 6; i++ {
		at := next("moment " + fmt.Sprint(i+1))
		seen = append(seen, at)
		if at >= 60000 {
			break
		}
	}
	has := func(f func(int) bool) bool {
		for _, x := range seen {
			if f(x) {
				return true
			}
		}
		return false
	}
	if !has(func(x int) bool { return x == 5000 }) || !has(func(x int) bool { return x == 60000 }) {
		t.Errorf("the moments %v miss the crash at 5000 ms or the restart at 60000 ms", seen)
	}
	// broker.session.timeout.ms (9 s) from the last heartbeat, at most
	// broker.heartbeat.interval.ms (2 s) before the crash.
	if !has(func(x int) bool { return x >= 12000 && x <= 14500 }) {
		t.Errorf("the moments %v have no election 7–9.5 s after the crash", seen)
	}
	if evalJS[string](t, ctx, `document.getElementById("play").getAttribute("aria-pressed")`) != "false" {
		t.Error("a moment leaves the page playing")
	}
	last := seen[len(seen)-1]
	if err := chromedp.Do(ctx, chromedp.KeyEvent(",")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, clockNowJS+` === `+fmt.Sprint(seen[len(seen)-2]), 10*time.Second, "\",\" does not go back a moment")
	// → on the focused slider goes to the next moment, not 1 ms on.
	evalJS[bool](t, ctx, `(() => { document.getElementById("timeline").focus(); return true; })()`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, clockNowJS+` === `+fmt.Sprint(last), 10*time.Second, "→ on the slider does not go to the next moment")
	// A scrub released 300 ms after the crash (well within 6 px of a
	// track some 70 s long) stops on the crash.
	evalJS[bool](t, ctx, `(() => { const tl = document.getElementById("timeline"); tl.value = String(5300); tl.dispatchEvent(new Event("input", {bubbles: true})); tl.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, clockNowJS+` === 5000`, 10*time.Second, "a scrub released near the crash does not stop on it")
	noPageErrors(t, pageErrors)
}

// TestBrowserAddressFollowsTheReader: the address bar names the preset
// picked, then, paused at a moment, carries the share link of that
// moment, without adding history entries; reloading it reopens the same
// moment, and the picker names a link's scenario by its title.
func TestBrowserAddressFollowsTheReader(t *testing.T) {
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
