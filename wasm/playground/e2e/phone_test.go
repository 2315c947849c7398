//go:build browser && !js

package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// This file tests what a phone's reader of lesson 8 ("What acks=1
// promises", acks1-loss) sees around its loss: the banner that says
// what was lost, and the question's sheet beside the diagram.

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
	twoFrames(t, ctx)
}

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
		twoFrames(t, ctx)
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
	twoFrames(t, ctx)
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
