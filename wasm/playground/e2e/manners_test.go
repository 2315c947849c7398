//go:build browser && !js

package e2e

// Browser tests of the page's manners: keyboard help (and the pause it
// takes), themes, the table view, narration, reduced motion, many
// brokers and the animation loop's pause in a
// hidden tab.

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserHelpPauses: opening "?" (Words on the page) pauses playback
// and says so; closing it plays on. Over a paused page it leaves it
// paused.
func TestBrowserHelpPauses(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/")
	setPlaying(t, ctx, true)
	playing := `document.getElementById("play").getAttribute("aria-pressed") === "true"`
	click := func(id string) {
		t.Helper()
		if err := steadyClick(ctx, "#"+id); err != nil {
			t.Fatalf("click #%s: %v", id, err)
		}
	}
	click("help-open")
	pollJS(t, ctx, `document.getElementById("help") !== null && !(`+playing+`) && document.getElementById("help-paused").textContent.startsWith("Playback is paused while you read")`,
		10*time.Second, "the help dialog does not pause playback and say so")
	clock := evalJS[string](t, ctx, `document.getElementById("clock").textContent`)
	// Twenty animation frames later the clock still reads the same.
	now, err := chromedp.Run(ctx, chromedp.Evaluate[string](`new Promise(res => { let n = 0; const f = () => ++n < 20 ? requestAnimationFrame(f) : res(document.getElementById("clock").textContent); requestAnimationFrame(f); })`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if now != clock {
		t.Errorf("the clock ran behind the help dialog: %s → %s", clock, now)
	}
	screenshot(t, ctx, "kplay-learnP-help-1280x800.png")
	click("help-close")
	pollJS(t, ctx, `document.getElementById("help") === null && `+playing, 10*time.Second, "closing the help dialog does not play on")
	setPlaying(t, ctx, false)
	click("help-open")
	pollJS(t, ctx, `document.getElementById("help") !== null && document.getElementById("help-paused").textContent.startsWith("Playback was already paused")`,
		10*time.Second, "over a paused page the dialog does not say it stays paused")
	click("help-close")
	pollJS(t, ctx, `document.getElementById("help") === null && !(`+playing+`)`, 10*time.Second, "closing the help dialog played a page the reader had paused")
	noPageErrors(t, pageErrors)
}

// TestBrowserMannersHelpThemeTable: "?" opens the shortcut dialog and
// Escape closes it; the theme toggle sets <html data-theme> and changes
// the colours; the table view's rows match the diagram's logs.
func TestBrowserMannersHelpThemeTable(t *testing.T) {
	t.Parallel()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 800)
	pageErrors := navigateReady(t, ctx, srv.URL+"/")

	// Help: "?" opens it with the focus on its close button, Escape closes
	// it; the close button closes it too.
	if err := chromedp.Do(ctx, chromedp.KeyEvent("?")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `(() => { const h = document.getElementById("help"); return h !== null && h.getAttribute("role") === "dialog"; })()`, 5*time.Second, `"?" did not open #help[role=dialog]`)
	if got := evalJS[string](t, ctx, `document.activeElement ? document.activeElement.id : ""`); got != "help-close" {
		t.Errorf("focus on %q after opening the help, want help-close", got)
	}
	rows := evalJS[string](t, ctx, `[...document.querySelectorAll("#help tbody tr")].map(r => r.textContent).join("\n")`)
	for _, want := range []string{"Space", "→", "←", "[", "]", "p", "1–9", "t", "v", "?", "Esc"} {
		found := false
		for _, line := range strings.Split(rows, "\n") {
			found = found || strings.HasPrefix(line, want)
		}
		if !found {
			t.Errorf("the help does not list %q:\n%s", want, rows)
		}
	}
	// Tab does not leave the modal dialog.
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
		t.Fatal(err)
	}
	if got := evalJS[string](t, ctx, `document.activeElement ? document.activeElement.id : ""`); got != "help-close" {
		t.Errorf("focus on %q after Tab in the help, want help-close", got)
	}
	screenshot(t, ctx, "kplay-help-1280x800.png")
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.getElementById("help") === null`, 5*time.Second, "Escape did not close the help")
	if err := steadyClick(ctx, "#help-open"); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.getElementById("help") !== null`, 5*time.Second, "#help-open did not open the help")
	if err := steadyClick(ctx, "#help-close"); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.getElementById("help") === null`, 5*time.Second, "#help-close did not close the help")

	// Theme: the page follows the system (light in headless Chromium) until
	// the toggle overrides it.
	bg := `getComputedStyle(document.body).backgroundColor`
	if got := evalJS[string](t, ctx, `document.documentElement.getAttribute("data-theme") || ""`); got != "" {
		t.Errorf("data-theme %q before the toggle", got)
	}
	system := evalJS[bool](t, ctx, `matchMedia("(prefers-color-scheme: dark)").matches`)
	before := evalJS[string](t, ctx, bg)
	screenshot(t, ctx, "kplay-theme-system-1280x800.png")
	if err := steadyClick(ctx, "#theme"); err != nil {
		t.Fatal(err)
	}
	want := "dark"
	if system {
		want = "light"
	}
	pollJS(t, ctx, fmt.Sprintf(`document.documentElement.getAttribute("data-theme") === %q`, want), 5*time.Second, "the toggle did not set data-theme="+want)
	after := evalJS[string](t, ctx, bg)
	if after == before {
		t.Errorf("the body's background stayed %s after switching to %s", after, want)
	}
	screenshot(t, ctx, "kplay-theme-"+want+"-1280x800.png")
	if err := chromedp.Do(ctx, chromedp.KeyEvent("t")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, fmt.Sprintf(`document.documentElement.getAttribute("data-theme") !== %q && getComputedStyle(document.body).backgroundColor === %q`, want, before), 5*time.Second, `"t" did not switch the theme back`)

	// Table view: pause, open it, and compare every replica row of the
	// first partition with the diagram's log strips.
	if evalJS[bool](t, ctx, `document.getElementById("play").getAttribute("aria-pressed") === "true"`) {
		if err := steadyClick(ctx, "#play"); err != nil {
			t.Fatal(err)
		}
	}
	if err := steadyClick(ctx, "#table-toggle"); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.getElementById("table-view") !== null`, 5*time.Second, "#table-toggle did not show #table-view")
	type row struct {
		Broker, Role, LEO, HW, Epoch, ISR string
		LogLEO, LogHW                     string
	}
	// The diagram's strips show the first partition: the first table's.
	got := evalJS[[]row](t, ctx, `[...document.querySelectorAll('#table-view tr[data-tp="' + document.querySelector("#table-view tbody tr").dataset.tp + '"]')].map(r => {
		const c = [...r.children].map(x => x.textContent);
		const l = document.querySelector('#diagram .log[data-broker="' + r.dataset.broker + '"]');
		return {Broker: r.dataset.broker, Role: c[1], LEO: c[2], HW: c[3], Epoch: c[4], ISR: c[5],
			LogLEO: l ? l.dataset.leo : "none", LogHW: l ? l.dataset.hw : "none"};
	})`)
	if len(got) != 3 {
		t.Fatalf("table rows for the first partition: %+v, want one per replica (3)", got)
	}
	roles := map[string]int{}
	for _, r := range got {
		if r.LEO != r.LogLEO || r.HW != r.LogHW {
			t.Errorf("broker %s: table LEO %s HW %s, diagram LEO %s HW %s", r.Broker, r.LEO, r.HW, r.LogLEO, r.LogHW)
		}
		if r.ISR != "yes" && r.ISR != "no" || r.Epoch == "" {
			t.Errorf("broker %s: ISR %q, leader epoch %q", r.Broker, r.ISR, r.Epoch)
		}
		roles[r.Role]++
	}
	if roles["leader"] != 1 || roles["follower"] != 2 {
		t.Errorf("roles %v, want one leader and two followers", roles)
	}
	t.Logf("table view of the first partition: %+v", got)
	evalJS[bool](t, ctx, `(document.getElementById("table-view").scrollIntoView(), true)`)
	screenshot(t, ctx, "kplay-table-1280x800.png")
	evalJS[bool](t, ctx, `(window.scrollTo(0, 0), true)`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("v")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.getElementById("table-view") === null`, 5*time.Second, `"v" did not hide the table view`)

	// On a phone the dialog fits the screen.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1), chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatalf("phone viewport: %v", err)
	}
	pollJS(t, ctx, `window.innerWidth === 390`, 10*time.Second, "the viewport did not become 390 px wide")
	if err := steadyClick(ctx, "#help-open"); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `(() => { const h = document.getElementById("help"); if (!h) return false; const r = h.getBoundingClientRect(); return r.left >= 0 && r.right <= 390 && r.width > 300; })()`, 5*time.Second, "the help dialog does not fit a 390 px screen")
	screenshot(t, ctx, "kplay-help-390x844.png")
	noPageErrors(t, pageErrors)
}

// TestBrowserMannersNarration: crashing the leader puts a sentence in the
// polite live region.
func TestBrowserMannersNarration(t *testing.T) {
	t.Parallel()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 800)
	pageErrors := navigateReady(t, ctx, srv.URL+"/")
	attrs := evalJS[string](t, ctx, `(() => { const n = document.getElementById("narration"); return n ? n.getAttribute("aria-live") + " " + n.className : "missing"; })()`)
	if attrs != "polite visually-hidden" {
		t.Fatalf("#narration: %q, want polite and visually hidden", attrs)
	}
	if err := steadyClick(ctx, `svg#diagram g.node[data-node="b1"] .box`); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `(() => { const b = document.getElementById("act-crash"); return b !== null && !b.disabled; })()`, 5*time.Second, "no #act-crash")
	if err := steadyClick(ctx, "#act-crash"); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.getElementById("narration").textContent.includes("Broker 1 crashed")`, 10*time.Second, "#narration did not say that broker 1 crashed")
	// Speed up and wait for the failover to be said too, one sentence at a
	// time.
	for range 3 {
		if err := chromedp.Do(ctx, chromedp.KeyEvent("]")); err != nil {
			t.Fatal(err)
		}
	}
	var said []string
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		s := evalJS[string](t, ctx, `document.getElementById("narration").textContent`)
		if len(said) == 0 || said[len(said)-1] != s {
			said = append(said, s)
		}
		if strings.Contains(s, "is now the leader") {
			break
		}
		if err := chromedp.Do(ctx, chromedp.Sleep(100*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("narration: %q", said)
	if !strings.Contains(strings.Join(said, "\n"), "is now the leader of partition") {
		t.Errorf("the new leader was not narrated: %q", said)
	}
	noPageErrors(t, pageErrors)
}

// TestBrowserMannersReducedMotion: with prefers-reduced-motion: reduce the
// message dots are not drawn, nothing animates, and the messages in flight
// are listed instead.
func TestBrowserMannersReducedMotion(t *testing.T) {
	t.Parallel()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 800)
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}},
		})
		return err
	})); err != nil {
		t.Fatalf("emulating reduced motion: %v", err)
	}
	pageErrors := navigateReady(t, ctx, srv.URL+"/")
	if !evalJS[bool](t, ctx, `matchMedia("(prefers-reduced-motion: reduce)").matches`) {
		t.Fatal("the emulation did not take")
	}
	pollJS(t, ctx, `document.documentElement.classList.contains("reduced-motion")`, 5*time.Second, "no html.reduced-motion")
	// Wait for messages on the wire: listed, not drawn as moving dots.
	pollJS(t, ctx, `document.querySelectorAll("#inflight li").length > 0`, 20*time.Second, "no message listed in #inflight")
	type motion struct {
		Dots, Visible, Animations, Transitions int
		List                                   string
	}
	for range 10 {
		m := evalJS[motion](t, ctx, `(() => {
			const dots = [...document.querySelectorAll("#dots .msg, #dots .msg circle")];
			const moving = el => { const s = getComputedStyle(el); return s.transitionDuration.split(",").some(d => parseFloat(d) > 0) || s.animationName !== "none"; };
			return {
				Dots: dots.length,
				Visible: dots.filter(d => d.getBoundingClientRect().width > 0).length,
				Animations: document.getAnimations().filter(a => a.playState === "running").length,
				Transitions: [...document.querySelectorAll("#diagram *, #dots *")].filter(moving).length,
				List: [...document.querySelectorAll("#inflight li")].map(l => l.textContent).join(" | "),
			};
		})()`)
		if m.Visible != 0 || m.Animations != 0 || m.Transitions != 0 {
			t.Fatalf("with reduced motion: %+v", m)
		}
		if err := chromedp.Do(ctx, chromedp.Sleep(100*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	screenshot(t, ctx, "kplay-reduced-motion-1280x800.png")
	noPageErrors(t, pageErrors)
}

// manyBrokersScript is nine brokers and twelve partitions of rf=3, with records.
const manyBrokersScript = `# title: nine brokers, twelve partitions
cluster brokers=9
create-topic t partitions=12 rf=3
produce t-0 count=3 acks=all
produce t-5 count=2 acks=all
`

// mBoxesJS reports pairs of broker or client mBoxes that overlap on screen,
// how many broker mBoxes there are, the smallest box and chip widths in CSS
// pixels and how many chips there are.
const mBoxesJS = `(() => {
	const mBoxes = [...document.querySelectorAll("#diagram g.node")].map(g => ({k: g.dataset.node, r: g.querySelector(".box").getBoundingClientRect()}));
	const over = [];
	for (let i = 0; i < mBoxes.length; i++) for (let j = i + 1; j < mBoxes.length; j++) {
		const a = mBoxes[i].r, b = mBoxes[j].r;
		if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) over.push(mBoxes[i].k + "/" + mBoxes[j].k);
	}
	const brokers = mBoxes.filter(b => b.k.startsWith("b"));
	const chips = [...document.querySelectorAll("#diagram .pmap .chip rect")].map(r => r.getBoundingClientRect());
	return {Overlaps: over, Brokers: brokers.length, MinBoxW: Math.min(...brokers.map(b => b.r.width)),
		Chips: chips.length, MinChipW: Math.min(...chips.map(c => c.width)),
		Scale: brokers[0].r.width / Number(document.querySelector("#diagram g.node.broker .box").getAttribute("width"))};
})()`

type mBoxes struct {
	Overlaps          []string
	Brokers, Chips    int
	MinBoxW, MinChipW float64
	Scale             float64
}

// TestBrowserMannersManyBrokers loads nine brokers with twelve partitions
// through window.kplayLoadScript and checks, at 1280×800 and 390×844,
// that no mBoxes overlap, every broker shows twelve partition chips and
// text stays legible.
func TestBrowserMannersManyBrokers(t *testing.T) {
	t.Parallel()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 800)
	pageErrors := navigateReady(t, ctx, srv.URL+"/")
	if msg := evalJS[string](t, ctx, fmt.Sprintf(`window.kplayLoadScript(%q)`, manyBrokersScript)); msg != "" {
		t.Fatalf("kplayLoadScript: %s", msg)
	}
	pollJS(t, ctx, `document.querySelectorAll("#diagram g.node.broker").length === 9 && document.querySelectorAll("#diagram .pmap").length === 9`, 10*time.Second, "no nine brokers with partition maps")
	check := func(name string, minScale float64) {
		t.Helper()
		b := evalJS[mBoxes](t, ctx, mBoxesJS)
		t.Logf("%s: %+v", name, b)
		if len(b.Overlaps) > 0 {
			t.Errorf("%s: overlapping mBoxes %v", name, b.Overlaps)
		}
		if b.Brokers != 9 || b.Chips != 9*12 {
			t.Errorf("%s: %d brokers, %d chips, want 9 and 108", name, b.Brokers, b.Chips)
		}
		if b.Scale < minScale || b.MinChipW < 14 {
			t.Errorf("%s: the diagram is drawn at %.2f of its size, chips %.1f px wide", name, b.Scale, b.MinChipW)
		}
		screenshot(t, ctx, name)
	}
	// Let the cluster elect its leaders and replicate.
	if err := chromedp.Do(ctx, chromedp.Sleep(1500*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	check("kplay-9x12-1280x800.png", 0.9)
	// A key explains the chips, under the diagram.
	key := evalJS[string](t, ctx, `(() => { const k = document.querySelector(".pmap-key"); if (!k) return ""; k.scrollIntoView({block: "end"}); return k.textContent; })()`)
	if !strings.Contains(key, "leader") || !strings.Contains(key, "out-of-sync follower") {
		t.Errorf("partition map key %q", key)
	}
	screenshot(t, ctx, "kplay-9x12-key-1280x800.png")
	evalJS[bool](t, ctx, `(window.scrollTo(0, 0), true)`)
	// The partition maps in the other theme.
	if err := chromedp.Do(ctx, chromedp.KeyEvent("t")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.documentElement.hasAttribute("data-theme")`, 5*time.Second, `"t" did not switch the theme`)
	check("kplay-9x12-theme-1280x800.png", 0.9)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1), chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatalf("phone viewport: %v", err)
	}
	pollJS(t, ctx, `window.innerWidth === 390 && document.querySelector("svg#diagram.narrow") !== null`, 10*time.Second, "the diagram did not stack at 390 px")
	check("kplay-9x12-390x844.png", 0.85)
	// Nothing on the phone is wider than the screen.
	if w := evalJS[float64](t, ctx, `document.documentElement.scrollWidth`); w > 391 {
		t.Errorf("the page is %.0f px wide at 390 px", w)
	}
	noPageErrors(t, pageErrors)
}

// TestBrowserMannersHiddenTabPauses: while document.hidden the animation
// loop stops (window.kplayFrames and the clock stand still); when the tab
// shows again it resumes without jumping the clock.
func TestBrowserMannersHiddenTabPauses(t *testing.T) {
	t.Parallel()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 800)
	pageErrors := navigateReady(t, ctx, srv.URL+"/")
	pollJS(t, ctx, `window.kplayFrames > 10`, 10*time.Second, "the loop does not count frames")
	setHidden := func(hidden bool) {
		t.Helper()
		evalJS[bool](t, ctx, fmt.Sprintf(`(() => {
			Object.defineProperty(document, "hidden", {value: %v, configurable: true});
			document.dispatchEvent(new Event("visibilitychange"));
			return true;
		})()`, hidden))
	}
	clock := `document.getElementById("clock").textContent`
	setHidden(true)
	if err := chromedp.Do(ctx, chromedp.Sleep(200*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	f1, c1 := evalJS[float64](t, ctx, `window.kplayFrames`), evalJS[string](t, ctx, clock)
	if err := chromedp.Do(ctx, chromedp.Sleep(time.Second)); err != nil {
		t.Fatal(err)
	}
	f2, c2 := evalJS[float64](t, ctx, `window.kplayFrames`), evalJS[string](t, ctx, clock)
	if f2 != f1 || c2 != c1 {
		t.Fatalf("hidden: frames %v → %v, clock %s → %s; want both to stand still", f1, f2, c1, c2)
	}
	setHidden(false)
	pollJS(t, ctx, fmt.Sprintf(`window.kplayFrames > %v + 5`, f2), 5*time.Second, "the loop did not resume")
	noPageErrors(t, pageErrors)
}
