//go:build browser && !js

package e2e

// Browser tests of the page on a phone (390×844, touch): the banner folds,
// the question's sheet leaves the diagram in view, the broker menu, the
// drawer and the bar keep clear of each other, and the first screen, the
// header and the reading order leave room for the diagram.

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kplay/engine"
)

// TestBrowserPhoneSpeedHasWords: at 390×844 the speed slider has its
// word, "Speed", and the speed in words beside it, as on the desktop.
func TestBrowserPhoneSpeedHasWords(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 390, 844, "/")
	got := evalJS[string](t, ctx, `(() => {
		const out = [];
		const vis = e => e && e.getBoundingClientRect().width > 0 && getComputedStyle(e).visibility !== "hidden";
		const l = document.querySelector(".controls label.speed");
		if (!vis(l) || l.textContent.trim() !== "Speed") out.push("no visible Speed label");
		const w = document.getElementById("speed-label");
		if (!vis(w) || !/× (slower|faster)|real time/.test(w.textContent)) out.push("no speed in words: " + (w && w.textContent));
		for (const e of [l, w]) if (e && parseFloat(getComputedStyle(e).fontSize) < 10) out.push(e.textContent + " is " + getComputedStyle(e).fontSize);
		if (document.documentElement.scrollWidth > innerWidth) out.push("page " + document.documentElement.scrollWidth + " px wide");
		return out.join(", ");
	})()`)
	if got != "" {
		t.Error(got)
	}
	noPageErrors(t, pageErrors)
}

// TestBrowserPhoneFirstScreen: at 390×844 the first screen holds the
// title, one row of playback buttons, the caption and the diagram's top
// with the whole leader box; the partition's line wraps, never cut.
func TestBrowserPhoneFirstScreen(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 390, 844, "/")
	setPlaying(t, ctx, false)
	got := evalJS[string](t, ctx, `(() => {
		const r = s => document.querySelector(s).getBoundingClientRect();
		const out = [];
		if (document.documentElement.scrollWidth > innerWidth) out.push("page " + document.documentElement.scrollWidth + " px wide");
		const play = r("#play"), step = r("#step"), replay = r("#restart"), produce = r("#produce");
		if (new Set([play.top, step.top, replay.top, produce.top].map(Math.round)).size !== 1) out.push("play, step, replay and produce are not one row");
		for (const s of ["#speed-label", "#produce", ".share-bar select", "#copy-embed"]) if (r(s).right > innerWidth) out.push(s + " runs off the screen");
		const svg = r("svg#diagram"), b1 = r('#diagram g.node[data-node="b1"]');
		if (svg.top > 460) out.push("the diagram starts " + Math.round(svg.top) + " px down");
		if (b1.bottom > innerHeight) out.push("the leader's box ends " + Math.round(b1.bottom) + " px down, below the first screen");
		if (r(".caption").bottom > svg.top) out.push("the caption is not above the diagram");
		const ps = document.getElementById("partition-state");
		if (ps.scrollWidth > ps.clientWidth || getComputedStyle(ps).textOverflow === "ellipsis" && getComputedStyle(ps).whiteSpace === "nowrap") out.push("the partition line is cut: " + ps.textContent);
		return out.join(", ");
	})()`)
	if got != "" {
		t.Error(got)
	}
	screenshot(t, ctx, "kplay-learnP-phone-390x844.png")
	noPageErrors(t, pageErrors)
}

// TestBrowserPhoneHeaderIsShort: at 390×844 the header takes at most two
// short rows (under 80 px) and still names kplay "Apache Kafka
// replication, simulated"; the first screen shows the caption, the first
// thing to try and the diagram's top.
func TestBrowserPhoneHeaderIsShort(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 390, 844, "/")
	got := evalJS[string](t, ctx, `(() => {
		const out = [];
		const h = document.querySelector("header.top").getBoundingClientRect();
		if (h.height > 80) out.push("header " + Math.round(h.height) + " px tall");
		const h1 = document.querySelector("header.top h1");
		if (!h1.textContent.includes("Apache Kafka replication, simulated") || h1.getBoundingClientRect().width === 0) out.push("heading " + JSON.stringify(h1.textContent));
		const below = (sel, edge) => { const e = document.querySelector(sel); if (!e) { out.push(sel + " missing"); return; } const r = e.getBoundingClientRect(); if (r[edge] > innerHeight || r.height === 0) out.push(sel + " " + edge + " at " + Math.round(r[edge])); };
		below("#caption", "bottom");
		below(".try-this button", "bottom");
		below("svg#diagram", "top");
		if (document.documentElement.scrollWidth > innerWidth) out.push("page " + document.documentElement.scrollWidth + " px wide");
		return out.join(", ");
	})()`)
	if got != "" {
		t.Errorf("the phone's first screen: %s", got)
	}
	screenshot(t, ctx, "kplay-phone-header-390x844.png")
	noPageErrors(t, pageErrors)
}

// The pointing device a tab reports, by the media features hover and
// pointer: a mouse (hover: hover, pointer: fine) or a touch screen
// (hover: none, pointer: coarse). Headless Chromium has none and reports
// hover: none, pointer: none; Blink's settings say which it has.
var (
	mouse = chromedp.Flag("blink-settings", "primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4")
	touch = chromedp.Flag("blink-settings", "primaryHoverType=1,availableHoverTypes=1,primaryPointerType=2,availablePointerTypes=2")
)

// pageWith is pageAt in a browser with the pointing device device
// (mouse or touch).
func pageWith(t *testing.T, width, height int, path string, device chromedp.ExecAllocatorOption) (context.Context, func() []string) {
	t.Helper()
	srv := serveSite(t, builtSite(t))
	ctx := browserFor(t, width, height, 2*time.Minute, device)
	pageErrors := watchConsole(ctx)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height), chromedp.EmulateScale(1))); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+path)); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	pollJS(t, ctx, readyJS, 30*time.Second, "the page never drew its diagram")
	return ctx, pageErrors
}

// atTheLoss plays acks1-loss with its questions off and pauses at its
// first broken guarantee, m2's loss at 00:00:19.000 (#jump-violation).
func atTheLoss(t *testing.T, ctx context.Context) {
	t.Helper()
	click(t, ctx, "#lesson-mode")
	pollJS(t, ctx, `!document.getElementById("lesson-mode").checked`, 5*time.Second, "the questions are still on")
	setMaxSpeed(t, ctx)
	setPlaying(t, ctx, true)
	pollJS(t, ctx, `document.getElementById("jump-violation") !== null`, 60*time.Second, "m2's loss never comes")
	click(t, ctx, "#jump-violation")
	pollJS(t, ctx, `document.getElementById("clock").textContent === "00:00:19.000" && (v => v !== null && !v.hidden)(document.getElementById("violations"))`,
		10*time.Second, "the jump does not pause at the loss with its banner")
	waitFrames(t, ctx)
}

const bannerJS = `(() => {
	const v = document.getElementById("violations"), r = v.getBoundingClientRect();
	const fold = document.getElementById("violations-fold");
	const hint = [...v.querySelectorAll(".hint, .hint *")].filter(e => e.children.length === 0 && e.getClientRects().length > 0).map(e => e.textContent).join("");
	scrollTo(0, document.documentElement.scrollHeight);
	const fixedIn = e => { for (; e && e !== document.body; e = e.parentElement) if (getComputedStyle(e).position === "fixed") return true; return false; };
	let under = 0;
	for (const e of document.querySelectorAll("main > *, main > .stage > *, main > .side > *")) {
		const b = e.getBoundingClientRect();
		if (!fixedIn(e) && b.height > 0) under = Math.max(under, b.bottom);
	}
	const w = v.getBoundingClientRect();
	return {top: w.top, height: r.height, text: v.innerText, expanded: fold ? fold.getAttribute("aria-expanded") : "none",
		hint, fixed: getComputedStyle(v).position === "fixed", under};
})()`

// TestBrowserPhoneBannerFolds: on a 390×844 touch screen, lesson 8's
// banner at m2's loss is one line of what was lost (two at most), not
// 210 px with no way to close it; the end of the page ("Your actions")
// scrolls clear of it, folded and unfolded (the Script section and "Your
// actions" lay under it, out of reach); a tap unfolds it to its whole
// text, which says "tap" where the reader cannot hover, and a tap folds
// it again. Its headline does not call a loss acks=1 allows a broken
// guarantee (the producer's acks documentation: such a record "will be
// lost"). At 1280×800 it is whole in the side column as before, with its
// headline and "hover", and the timeline's jump button says "Jump to the
// first lost record".
func TestBrowserPhoneBannerFolds(t *testing.T) {
	t.Parallel()
	const head = "An acknowledged record was lost — acks=1 never promised more"
	t.Run("390x844", func(t *testing.T) {
		ctx, pageErrors := pageWith(t, 390, 844, "/?preset=acks1-loss", touch)
		atTheLoss(t, ctx)
		screenshot(t, ctx, "kplay-phone-banner-folded.png")
		b := evalJS[banner](t, ctx, bannerJS)
		if !b.Fixed || b.Height > 64 || !strings.Contains(b.Text, "AcknowledgedWriteLost: m2") || b.Expanded != "false" {
			t.Errorf("folded: %+v; want one or two lines (at most 64 px) naming AcknowledgedWriteLost: m2, its button not expanded", b)
		}
		if strings.Contains(b.Text, "guarantee") {
			t.Errorf("the folded banner says %q: acks=1 promised no more", b.Text)
		}
		if b.Under > b.Top {
			t.Errorf("folded: at the page's end its content reaches %.0f px, under the banner's top at %.0f px", b.Under, b.Top)
		}
		screenshot(t, ctx, "kplay-phone-banner-end.png")

		click(t, ctx, "#violations-fold")
		pollJS(t, ctx, `document.getElementById("violations-fold").getAttribute("aria-expanded") === "true"`, 5*time.Second, "a tap does not unfold the banner")
		waitFrames(t, ctx)
		b = evalJS[banner](t, ctx, bannerJS)
		if !strings.Contains(b.Text, head) || !strings.Contains(b.Text, "p2's record m2, acknowledged with acks=1") || strings.Contains(b.Text, "A Kafka guarantee broke") {
			t.Errorf("unfolded, the banner says %q; want %q and what was lost", b.Text, head)
		}
		if !strings.Contains(b.Hint, "tap one") || strings.Contains(b.Hint, "hover") {
			t.Errorf("on a touch screen the hint reads %q; want tap, not hover", b.Hint)
		}
		if b.Under > b.Top {
			t.Errorf("unfolded: at the page's end its content reaches %.0f px, under the banner's top at %.0f px", b.Under, b.Top)
		}
		screenshot(t, ctx, "kplay-phone-banner-unfolded.png")

		click(t, ctx, "#violations-fold")
		pollJS(t, ctx, `document.getElementById("violations-fold").getAttribute("aria-expanded") === "false" && document.getElementById("violations").getBoundingClientRect().height <= 64`,
			5*time.Second, "a second tap does not fold the banner again")
		noPageErrors(t, pageErrors)
	})
	t.Run("1280x800", func(t *testing.T) {
		ctx, pageErrors := pageWith(t, 1280, 800, "/?preset=acks1-loss", mouse)
		atTheLoss(t, ctx)
		b := evalJS[banner](t, ctx, bannerJS)
		if b.Fixed || b.Expanded != "none" || !strings.HasPrefix(b.Text, head) || !strings.Contains(b.Hint, "hover one") || strings.Contains(b.Hint, "tap") {
			t.Errorf("at 1280×800: %+v; want the whole banner in the side column, no fold button, headed %q, hover in its hint", b, head)
		}
		if !evalJS[bool](t, ctx, `document.querySelector(".side > #violations") !== null`) {
			t.Error("the banner left the side column")
		}
		if got := evalJS[string](t, ctx, `document.getElementById("jump-violation").textContent`); got != "Jump to the first lost record" {
			t.Errorf("the timeline's jump button says %q, want the lost record, not a broken guarantee", got)
		}
		screenshot(t, ctx, "kplay-banner-1280x800.png")
		noPageErrors(t, pageErrors)
	})
}

// besideJS lists what keeps a phone's reader from seeing the open
// question's card and the diagram together: each part named in %s
// (selectors: the card's, or the diagram's) that is off screen or
// covered; each broker box
// of the diagram that is not whole on screen, lies under the compact bar
// or the card, or is covered; and the banner, when it shows, over the
// card or a broker. "" when the reader sees them all.
const besideJS = `((parts) => {
	const out = [];
	const on = r => r.width > 0 && r.height > 0;
	const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
	const hitIn = (x, y, ok) => { const at = document.elementFromPoint(x, y); return at !== null && ok(at); };
	const card = document.getElementById("ask").getBoundingClientRect();
	const bar = (b => b && getComputedStyle(b).display !== "none" ? b.getBoundingClientRect() : null)(document.querySelector(".compact-bar"));
	const v = document.getElementById("violations");
	const banner = v && !v.hidden && getComputedStyle(v).display !== "none" ? v.getBoundingClientRect() : null;
	for (const sel of parts) {
		const els = [...document.querySelectorAll(sel)];
		if (els.length === 0) { out.push(sel + " missing"); continue; }
		for (const e of els) {
			const r = e.getBoundingClientRect();
			if (!on(r) || r.top < 0 || r.bottom > innerHeight) { out.push(sel + " off screen at " + Math.round(r.top) + "–" + Math.round(r.bottom)); continue; }
			// The diagram's parts take no taps of their own (a lost
			// slot's outline): nothing but the diagram lies over them.
			const mine = e.closest("svg#diagram") ? (at => at.closest(".diagram-wrap") !== null) : (at => at === e || e.contains(at));
			if (!hitIn(r.left + r.width / 2, r.top + r.height / 2, mine)) out.push(sel + " covered");
		}
	}
	for (const n of document.querySelectorAll("svg#diagram g.node.broker")) {
		const r = n.querySelector("rect.box").getBoundingClientRect(), name = n.dataset.node;
		if (r.top < 0 || r.bottom > innerHeight) out.push(name + " not whole on screen (" + Math.round(r.top) + "–" + Math.round(r.bottom) + ")");
		if (bar && meet(r, bar)) out.push(name + " under the compact bar");
		if (meet(r, card)) out.push(name + " under the card (its top at " + Math.round(card.top) + ", the box's bottom at " + Math.round(r.bottom) + ")");
		if (banner && meet(r, banner)) out.push(name + " under the banner");
		for (const [x, y] of [[r.left + 4, r.top + 4], [r.right - 4, r.top + 4], [r.left + r.width / 2, r.top + r.height / 2], [r.left + 4, r.bottom - 4], [r.right - 4, r.bottom - 4]]) {
			if (y >= 0 && y <= innerHeight && !hitIn(x, y, at => at.closest(".diagram-wrap") !== null)) { out.push(name + " covered at " + Math.round(x) + "," + Math.round(y)); break; }
		}
	}
	if (banner && meet(banner, card)) out.push("the banner over the card");
	return out.join("; ");
})(%s)`

// beside fails t with what keeps the reader from seeing the card's parts
// and the diagram's brokers together (besideJS), once the page stopped
// scrolling.
func beside(t *testing.T, ctx context.Context, when string, parts ...string) {
	t.Helper()
	scrollStill(t, ctx)
	waitFrames(t, ctx)
	sels := make([]string, len(parts))
	for i, p := range parts {
		sels[i] = jsString(p)
	}
	if got := evalJS[string](t, ctx, strings.Replace(besideJS, "%s", "["+strings.Join(sels, ", ")+"]", 1)); got != "" {
		t.Errorf("%s: %s", when, got)
	}
}

// TestBrowserPhoneQuestionBesideDiagram: on a 390×844 phone, lesson 8's
// question 1 is a sheet at the bottom of the screen, and the reader sees
// its question and options and the brokers it asks about together, none
// under the sheet, the compact bar or the banner (the sheet covered the
// broker logs the question is about); answered, its why, "Show me" and
// Continue with the brokers; after "Show me", the moment it went to
// (00:00:19.000: the brokers, m2's red outlines) with the why and
// Continue (the sheet moved to the top over the header and timeline,
// and the banner covered the bottom). At question 2, the loss already
// shown, the same.
func TestBrowserPhoneQuestionBesideDiagram(t *testing.T) {
	t.Parallel()
	ctx, pageErrors := pageWith(t, 390, 844, "/?preset=acks1-loss", touch)
	setMaxSpeed(t, ctx)
	setPlaying(t, ctx, true)
	pollJS(t, ctx, `document.getElementById("ask-q") !== null`, 90*time.Second, "the lesson never asks question 1")
	beside(t, ctx, "question 1", "#ask-q", "#ask .ask-option", "#ask-reveal")
	screenshot(t, ctx, "kplay-phone-question.png")

	click(t, ctx, `#ask .ask-option[data-option="yes"]`)
	pollJS(t, ctx, `document.getElementById("ask-show") !== null`, 5*time.Second, "the answered card offers no Show me")
	beside(t, ctx, "question 1 answered", "#ask-q", "#ask-answer", "#ask-why", "#ask-show", "#ask-continue")
	screenshot(t, ctx, "kplay-phone-answered.png")

	click(t, ctx, "#ask-show")
	pollJS(t, ctx, `document.getElementById("clock").textContent === "00:00:19.000" && document.getElementById("ask-showing") !== null && document.querySelectorAll("svg#diagram .lost").length > 0`,
		10*time.Second, "Show me does not keep the card at the loss")
	beside(t, ctx, "after Show me", "#ask-why", "#ask-showing", "#ask-continue", "svg#diagram .lost")
	screenshot(t, ctx, "kplay-phone-showme.png")

	click(t, ctx, "#ask-continue")
	pollJS(t, ctx, `document.getElementById("ask-q") !== null && document.getElementById("ask").dataset.index === "1"`, 60*time.Second, "the lesson never asks question 2")
	beside(t, ctx, "question 2", "#ask-q", "#ask .ask-option")
	screenshot(t, ctx, "kplay-phone-question2.png")
	noPageErrors(t, pageErrors)
}

// TestBrowserPhoneMenuOverDrawer: at 390×844 a tap on broker 1 opens its
// menu and the inspector's drawer, folded to its summary; the menu, Crash
// in it, the broker's name and the summary are on screen and uncovered
// (the drawer hid the menu and a tap on Crash did nothing), and a real
// click on Crash crashes broker 1.
func TestBrowserPhoneMenuOverDrawer(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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

// TestBrowserPhoneReadingOrder: on a phone "What to watch" (the preset's
// introduction) comes right under the diagram, before the legend (it was
// some 1,300 px down, under a twelve-row legend); and the settings table
// wraps a setting's name only at its dots, never inside a word.
func TestBrowserPhoneReadingOrder(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 390, 844, "/")
	setPlaying(t, ctx, false)
	got := evalJS[string](t, ctx, `(() => {
		const y = sel => { const e = document.querySelector(sel); return e ? e.getBoundingClientRect().top + scrollY : NaN; };
		const wrap = document.querySelector(".diagram-wrap").getBoundingClientRect().bottom + scrollY;
		const sum = y("#summary"), leg = y("ul.legend");
		return sum > wrap && sum < wrap + 40 && leg > sum ? "" : "diagram ends " + Math.round(wrap) + ", What to watch at " + Math.round(sum) + ", legend at " + Math.round(leg);
	})()`)
	if got != "" {
		t.Errorf("phone order: %s", got)
	}
	evalJS[bool](t, ctx, `(() => { document.getElementById("summary").scrollIntoView(); return true; })()`)
	screenshot(t, ctx, "kplay-phone-order-390x844.png")
	pollJS(t, ctx, `document.querySelector("#config-panel details") !== null`, 10*time.Second, "no settings table")
	evalJS[bool](t, ctx, `(() => { const d = document.querySelector("#config-panel details"); d.open = true; d.scrollIntoView(); return true; })()`)
	waitFrames(t, ctx)
	bad := evalJS[[]string](t, ctx, `(() => {
		const bad = [];
		for (const c of document.querySelectorAll(".cfg-table td:first-child code")) {
			for (const n of c.childNodes) {
				if (n.nodeType !== Node.TEXT_NODE) continue;
				const r = document.createRange(); r.selectNodeContents(n);
				const tops = new Set([...r.getClientRects()].map(q => Math.round(q.top)));
				if (tops.size > 1) bad.push(c.textContent + ": " + JSON.stringify(n.textContent) + " wraps");
			}
		}
		return bad;
	})()`)
	if len(bad) > 0 {
		t.Errorf("setting names wrap inside a word:\n%s", strings.Join(bad, "\n"))
	}
	if n := evalJS[int](t, ctx, `document.querySelectorAll(".cfg-table td:first-child code").length`); n == 0 {
		t.Fatal("no setting names in the table")
	}
	screenshot(t, ctx, "kplay-phone-settings-390x844.png")
	noPageErrors(t, pageErrors)
}
