//go:build browser && !js

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kplay/engine"
	"kplay/site"
)

// This file tests that what a click opens is where the reader looks and
// can be reached: a fresh learner's screenshots at 390×844, 1280×800 and
// in an 800×600 embed.

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
		t.Fatalf("click %s: %v", sel, err)
	}
}

const (
	b1Box  = `svg#diagram g.node[data-node="b1"] .box`
	b1Name = `svg#diagram g.node[data-node="b1"] text.name`
	b1Down = `document.querySelector('#diagram g.node[data-node="b1"] [data-badge="down"]') !== null`
)

// TestBrowserPhoneMenuOverDrawer: at 390×844 a tap on broker 1 opens its
// menu and the inspector's drawer, folded to its summary; the menu, Crash
// in it, the broker's name and the summary are on screen and uncovered
// (the drawer hid the menu and a tap on Crash did nothing), and a real
// click on Crash crashes broker 1.
func TestBrowserPhoneMenuOverDrawer(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 390, 844, "/")
	setPlaying(t, ctx, false)
	waitFrames(t, ctx)
	click(t, ctx, b1Box)
	pollJS(t, ctx, `document.querySelector(".side-detail.selected #inspector") !== null && document.querySelector("#act-crash:not([disabled])") !== null`,
		10*time.Second, "a tap on broker 1 opens no menu and no inspector")
	scrollStill(t, ctx)
	uncovered(t, ctx, "after a tap on broker 1", "#act-crash", "#act-shutdown", "#act-isolate", b1Name, "#detail-fold")
	screenshot(t, ctx, "kplay-reach-menu-390x844.png")
	click(t, ctx, "#act-crash")
	pollJS(t, ctx, b1Down, 10*time.Second, "a click on Crash does not crash broker 1")
	noPageErrors(t, pageErrors)
}

// TestBrowserPhoneEventShowsDiagram: at 390×844 a click on an event in
// the log, some 1,600 px under the diagram, takes the playhead back and
// brings the caption and the diagram on screen, under the compact bar,
// whose clock says the event's time and whose play button works; the bar
// covers neither the diagram's top nor the caption. The bar is not there
// while the header's clock is on screen.
func TestBrowserPhoneEventShowsDiagram(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 390, 844, "/")
	setPlaying(t, ctx, false)
	evalJS[bool](t, ctx, `(() => { const tl = document.getElementById("timeline"); tl.value = "6000"; tl.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `document.getElementById("clock").textContent.endsWith(":06.000")`, 30*time.Second, "the clock never reached 6 s")
	waitFrames(t, ctx)
	if shown := evalJS[string](t, ctx, `getComputedStyle(document.querySelector(".compact-bar")).display`); shown != "none" {
		t.Errorf("the compact bar shows at the top of the page, beside the header's clock: display %s", shown)
	}
	// The third acknowledgement in the log, before the playhead.
	row := `#events li[data-at]:nth-child(4)`
	at := evalJS[string](t, ctx, `document.querySelector("`+row+`").dataset.at`)
	evalJS[bool](t, ctx, `(() => { document.getElementById("events").scrollIntoView({block: "center"}); return true; })()`)
	scrollStill(t, ctx)
	if y := evalJS[float64](t, ctx, `document.getElementById("caption").getBoundingClientRect().bottom`); y > 0 {
		t.Fatalf("the event log is on the first screen (the caption ends at %v px): nothing to bring back", y)
	}
	click(t, ctx, row)
	var ms int64
	fmt.Sscan(at, &ms)
	want := engine.FormatTime(engine.Time(ms))
	pollJS(t, ctx, fmt.Sprintf(`document.getElementById("clock").textContent === %q`, want), 10*time.Second, "the click on the event did not move the clock to "+want)
	scrollStill(t, ctx)
	waitFrames(t, ctx)
	got := evalJS[string](t, ctx, `(() => {
		const bar = document.querySelector(".compact-bar"), b = bar.getBoundingClientRect();
		const c = document.getElementById("caption").getBoundingClientRect(), d = document.querySelector(".diagram-wrap").getBoundingClientRect();
		const out = [];
		if (getComputedStyle(bar).display === "none" || b.top !== 0) out.push("no compact bar at the top");
		if (c.top < b.bottom - 0.5 || c.top > innerHeight / 3) out.push("the caption at " + Math.round(c.top) + " (bar ends at " + Math.round(b.bottom) + ")");
		if (d.top < b.bottom - 0.5 || d.top > innerHeight / 2) out.push("the diagram's top at " + Math.round(d.top));
		return out.join("; ");
	})()`)
	if got != "" {
		t.Errorf("after the click on the event: %s", got)
	}
	if c := evalJS[string](t, ctx, `document.getElementById("bar-clock").textContent`); c != want {
		t.Errorf("the compact bar's clock says %q, want %q", c, want)
	}
	uncovered(t, ctx, "the compact bar", "#bar-play", "#bar-step", "#bar-clock", b1Name)
	screenshot(t, ctx, "kplay-reach-event-390x844.png")
	click(t, ctx, "#bar-play")
	pollJS(t, ctx, `document.getElementById("play").getAttribute("aria-pressed") === "true" && document.getElementById("bar-play").getAttribute("aria-pressed") === "true"`,
		10*time.Second, "the compact bar's Play does not play")
	click(t, ctx, "#bar-play")
	pollJS(t, ctx, `document.getElementById("play").getAttribute("aria-pressed") === "false"`, 10*time.Second, "the compact bar's Pause does not pause")
	noPageErrors(t, pageErrors)
}

// TestBrowserPhoneBarClearOfQuestion: at 390×844, with a lesson's
// question open in its drawer at the bottom and the diagram on screen,
// the compact bar at the top covers no part of the question.
func TestBrowserPhoneBarClearOfQuestion(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 390, 844, "/?preset=acks1-loss")
	setMaxSpeed(t, ctx)
	setPlaying(t, ctx, true)
	pollJS(t, ctx, `document.querySelector("#ask .ask-option") !== null`, 60*time.Second, "playback never stopped at the first question")
	evalJS[bool](t, ctx, `(() => { scrollTo(0, document.querySelector(".diagram-wrap").getBoundingClientRect().top + scrollY - 60); return true; })()`)
	scrollStill(t, ctx)
	waitFrames(t, ctx)
	got := evalJS[string](t, ctx, `(() => {
		const bar = document.querySelector(".compact-bar"), b = bar.getBoundingClientRect(), a = document.getElementById("ask").getBoundingClientRect();
		if (getComputedStyle(bar).display === "none") return "no compact bar over the diagram";
		return a.top >= b.bottom ? "" : "the question's top at " + Math.round(a.top) + ", the bar's bottom at " + Math.round(b.bottom);
	})()`)
	if got != "" {
		t.Error(got)
	}
	uncovered(t, ctx, "the question", "#ask .ask-option", "#ask h2", "#bar-clock")
	screenshot(t, ctx, "kplay-reach-question-390x844.png")
	noPageErrors(t, pageErrors)
}

// TestBrowserEmbedFits: an 800×600 embed's header fits the frame (its
// title and "· 0.0 s in" were cut at the edge), its speed slider has its
// word beside it, and every control of the row is whole, on one row.
func TestBrowserEmbedFits(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 800, 600, "/embed.html?autoplay=0")
	waitFrames(t, ctx)
	got := evalJS[string](t, ctx, `(() => {
		const out = [];
		for (const e of document.querySelectorAll("header.top > *, header.top *, .controls > *")) {
			const r = e.getBoundingClientRect();
			if (r.width > 0 && (r.left < 0 || r.right > innerWidth)) out.push((e.id || e.getAttribute("class") || e.tagName) + " at " + Math.round(r.left) + "–" + Math.round(r.right));
		}
		const title = document.querySelector("header.top .title");
		if (title.scrollWidth > title.clientWidth) out.push("the title is cut: " + title.clientWidth + " of " + title.scrollWidth + " px");
		const l = document.querySelector(".controls label.speed"), s = document.getElementById("speed");
		const lr = l.getBoundingClientRect(), sr = s.getBoundingClientRect();
		if (lr.width === 0 || l.textContent.trim() !== "Speed") out.push("the speed slider has no visible word");
		else if (lr.right > sr.left || sr.left - lr.right > 16 || Math.abs((lr.top + lr.bottom) - (sr.top + sr.bottom)) > 12) out.push("'Speed' is not beside its slider");
		if (sr.width < 48) out.push("the slider is " + Math.round(sr.width) + " px wide");
		const row = [...document.querySelectorAll(".controls > *")].map(e => e.getBoundingClientRect()).filter(r => r.width > 0);
		const h = Math.max(...row.map(r => r.bottom)) - Math.min(...row.map(r => r.top));
		if (h > 44) out.push("the controls take " + Math.round(h) + " px, more than one row");
		return out.join("; ");
	})()`)
	if got != "" {
		t.Errorf("the 800×600 embed: %s", got)
	}
	screenshot(t, ctx, "kplay-reach-embed-header-800x600.png")
	noPageErrors(t, pageErrors)
}

// TestBrowserEmbedInspectorInView: in an 800×600 embed a click on a
// broker opens its menu, whose Details shows the inspector on screen,
// over the diagram, on the side away from the broker (it filled a panel
// under the frame's bottom edge, so only the small menu seemed to react;
// shown with the menu, the two lay on top of each other for broker 2),
// with the broker and the inspector uncovered; its × closes it, and a
// real click on Crash crashes broker 1.
func TestBrowserEmbedInspectorInView(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 800, 600, "/embed.html?autoplay=0")
	waitFrames(t, ctx)
	inView := func(what string) {
		t.Helper()
		if got := evalJS[string](t, ctx, `(() => { const r = document.getElementById("inspector").getBoundingClientRect();
			return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth ? "" : [r.left, r.top, r.right, r.bottom].map(Math.round).join(","); })()`); got != "" {
			t.Errorf("%s: the inspector is not on the 800×600 screen: %s", what, got)
		}
	}
	b3Box, b3Name := `svg#diagram g.node[data-node="b3"] .box`, `svg#diagram g.node[data-node="b3"] text.name`
	click(t, ctx, b3Box)
	pollJS(t, ctx, `document.querySelector("#act-crash") !== null && document.querySelector("#act-details") !== null`, 10*time.Second, "a click on broker 3 opens no menu with Details")
	waitFrames(t, ctx)
	uncovered(t, ctx, "after a click on broker 3", b3Name, "#act-crash", "#act-details")
	click(t, ctx, "#act-details")
	pollJS(t, ctx, `(document.getElementById("inspector-h") || {}).textContent === "Inspector: broker 3" && document.querySelector(".broker-menu") === null`, 10*time.Second, "Details on broker 3 opens no inspector")
	waitFrames(t, ctx)
	inView("broker 3")
	uncovered(t, ctx, "after Details on broker 3", "#inspector-h", b3Name, "#detail-close")
	if got := evalJS[string](t, ctx, detailCardJS); got != "" {
		t.Errorf("broker 3's card: %s", got)
	}
	// The card lies over broker 1 now: its × closes it.
	click(t, ctx, "#detail-close")
	pollJS(t, ctx, `document.querySelector(".side-detail.selected") === null`, 5*time.Second, "the × does not close the inspector")
	click(t, ctx, b1Box)
	pollJS(t, ctx, `document.querySelector("#act-details") !== null`, 10*time.Second, "a click on broker 1 opens no menu with Details")
	click(t, ctx, "#act-details")
	pollJS(t, ctx, `(document.getElementById("inspector-h") || {}).textContent === "Inspector: broker 1" && document.querySelector(".broker-menu") === null`, 10*time.Second, "Details on broker 1 opens no inspector")
	waitFrames(t, ctx)
	inView("broker 1")
	uncovered(t, ctx, "after Details on broker 1", "#inspector-h", b1Name)
	screenshot(t, ctx, "kplay-reach-embed-inspector-800x600.png")
	// A second click on broker 1 opens its menu again, the card waiting.
	click(t, ctx, b1Box)
	pollJS(t, ctx, `document.querySelector("#act-crash:not([disabled])") !== null && document.querySelector(".side-detail.behind-menu") !== null`, 10*time.Second, "a second click on broker 1 opens no menu")
	waitFrames(t, ctx)
	uncovered(t, ctx, "broker 1's menu", b1Name, "#act-crash")
	click(t, ctx, "#act-crash")
	pollJS(t, ctx, b1Down, 10*time.Second, "a click on Crash does not crash broker 1")
	waitFrames(t, ctx)
	inView("broker 1 down")
	uncovered(t, ctx, "broker 1 down", "#inspector-h", b1Name)
	noPageErrors(t, pageErrors)
}

// TestBrowserMinimalEmbedStepsAndRewinds: an embed of a shared moment
// (controls=min, as "Copy embed code" writes it) keeps play, step, replay
// and the timeline with its moment buttons, so that a reader can step on
// and go back (it had only Play); it leaves out the speed, quiet time and
// "Produce". controls=none keeps nothing.
func TestBrowserMinimalEmbedStepsAndRewinds(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 800, 600, "/embed.html?preset=start-here&controls=min&autoplay=0")
	waitFrames(t, ctx)
	uncovered(t, ctx, "controls=min", "#play", "#step", "#restart", "#timeline", "#moment-prev", "#moment-next", `label[for="timeline"]`)
	if got := evalJS[string](t, ctx, `["speed", "skip-quiet", "produce"].filter(id => { const e = document.getElementById(id); return e && e.getBoundingClientRect().width > 0; }).join(",")`); got != "" {
		t.Errorf("controls=min shows %s", got)
	}
	screenshot(t, ctx, "kplay-reach-embed-min-800x600.png")
	clock := func() string { return evalJS[string](t, ctx, `document.getElementById("clock").textContent`) }
	first := clock()
	click(t, ctx, "#moment-next")
	pollJS(t, ctx, fmt.Sprintf(`document.getElementById("clock").textContent > %q`, first), 10*time.Second, "the next-moment button does not move the clock on")
	moment := clock()
	click(t, ctx, "#step")
	pollJS(t, ctx, fmt.Sprintf(`document.getElementById("clock").textContent > %q`, moment), 10*time.Second, "Step does not move the clock on")
	click(t, ctx, "#moment-prev")
	pollJS(t, ctx, fmt.Sprintf(`document.getElementById("clock").textContent <= %q`, moment), 10*time.Second, "the previous-moment button does not go back")
	click(t, ctx, "#restart")
	pollJS(t, ctx, fmt.Sprintf(`document.getElementById("clock").textContent === %q`, first), 10*time.Second, "Replay does not go back to the start")
	noPageErrors(t, pageErrors)

	ctx, _, pageErrors = pageAt(t, 800, 600, "/embed.html?preset=start-here&controls=none&autoplay=0")
	if got := evalJS[string](t, ctx, `["play", "step", "restart", "speed", "produce", "timeline", "moment-prev"].filter(id => document.getElementById(id) !== null).join(",")`); got != "" {
		t.Errorf("controls=none shows %s", got)
	}
	noPageErrors(t, pageErrors)
}

// TestBrowserCopiedCoversNoControl: "Copied the link." and "Copied the
// embed code." cover no control (they lay over Pause and Step) at
// 1280×800 and at 390×844, and go away on their own.
func TestBrowserCopiedCoversNoControl(t *testing.T) {
	for _, sz := range []struct {
		name          string
		width, height int
	}{{"1280x800", 1280, 800}, {"390x844", 390, 844}} {
		t.Run(sz.name, func(t *testing.T) {
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
