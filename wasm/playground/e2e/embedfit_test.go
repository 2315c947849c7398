//go:build browser && !js

package e2e

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"kplay/engine/script"
	"kplay/link"
	"kplay/scenarios"
	"kplay/site"
)

// This file tests what fresh learners met in an 800×600 embed made with
// "Copy embed code" and on a 390×844 phone: every card, menu and banner
// a click or a moment shows is readable inside the screen, and none hides
// the diagram's boxes for longer than the reader wants.

// embedCodeQuery is the embed code's options (site.EmbedCode).
var embedCodeQuery = "&controls=min&panels=" + url.QueryEscape(site.EmbedCodePanels)

// presetStart is preset name's learner text and its clock's start, in ms.
func presetStart(t *testing.T, name string) (string, int64) {
	t.Helper()
	p, ok := scenarios.Get(name)
	if !ok {
		t.Fatalf("no preset %s", name)
	}
	sc, err := script.ParseAndCompile(name, p.LearnerText())
	if err != nil {
		t.Fatal(err)
	}
	return p.LearnerText(), int64(sc.Config.Start)
}

// presetLink is the share link's query for preset name ms into its run
// (after its clock's start), as "Copy link" or "Copy embed code" writes
// it: the page opens it paused there.
func presetLink(t *testing.T, name string, ms int64) string {
	t.Helper()
	text, start := presetStart(t, name)
	return link.Encode(link.Link{Script: text, T: start + ms, HasT: true})
}

// detailCardJS is "" when every drawn inspector card or drawer
// (.side-detail that takes room on screen) is readable: its inspector's
// heading on screen and uncovered, the card at least 60 px tall and inside
// the screen, its replicas table inside it (a learner read "IS" and "in
// ISI"); else what is wrong.
const detailCardJS = `(() => {
	const out = [];
	for (const d of document.querySelectorAll(".side-detail")) {
		const r = d.getBoundingClientRect();
		if (r.width === 0 || r.height === 0 || getComputedStyle(d).display === "none") continue;
		if (!d.classList.contains("on-diagram") && !d.classList.contains("selected")) continue;
		const h = d.querySelector("#inspector-h");
		const hr = h ? h.getBoundingClientRect() : null;
		if (!hr || hr.height === 0) { out.push("a card " + Math.round(r.width) + "×" + Math.round(r.height) + " at " + Math.round(r.left) + "," + Math.round(r.top) + " with no inspector in it"); continue; }
		if (r.height < 60) out.push("the card is " + Math.round(r.height) + " px tall");
		const tb = d.querySelector(".inspector-panel table"), inner = d.querySelector(".inspector-panel");
		if (tb && inner && tb.getBoundingClientRect().right > inner.getBoundingClientRect().right + 0.5) out.push("the replicas table runs " + Math.round(tb.getBoundingClientRect().right - inner.getBoundingClientRect().right) + " px past the card (its ISR column cut)");
		if (r.top < 0 || r.bottom > innerHeight + 0.5 || r.left < 0 || r.right > innerWidth + 0.5) out.push("the card is at " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(","));
	}
	return out.join("; ");
})()`

// TestBrowserEmbedCardIsReadable: in an 800×600 embed a click on broker
// 1 opens its menu, whole and uncovered, with the card waiting behind it
// (a learner saw the two on top of each other); the menu's Details, and
// then Crash in it, show a readable inspector card or none at all: made with the embed code's panels it is the inspector, whole and
// on screen, for the rest of the run; made with an older code's
// panels=log,describe, which has no inspector, nothing. That embed drew
// a card with only its × in it, a thin empty box over the diagram's
// corner that stayed for the rest of the run.
func TestBrowserEmbedCardIsReadable(t *testing.T) {
	for _, c := range []struct {
		panels    string
		inspector bool
	}{{site.EmbedCodePanels, true}, {"log,describe", false}} {
		t.Run(c.panels, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, 800, 600, "/embed.html?preset=start-here&controls=min&autoplay=0&panels="+url.QueryEscape(c.panels))
			waitFrames(t, ctx)
			click(t, ctx, b1Name)
			pollJS(t, ctx, `document.querySelector("#act-crash:not([disabled])") !== null`, 10*time.Second, "a click on broker 1 opens no menu")
			waitFrames(t, ctx)
			check := func(when string) {
				t.Helper()
				if got := evalJS[string](t, ctx, detailCardJS); got != "" {
					t.Errorf("%s: %s", when, got)
				}
				shown := evalJS[bool](t, ctx, `(e => e !== null && e.getBoundingClientRect().height > 0)(document.getElementById("inspector-h"))`)
				if shown != c.inspector {
					t.Errorf("%s: the inspector shows %v, want %v", when, shown, c.inspector)
				}
			}
			// The card waits behind the open menu; the menu's Details
			// shows it (with no inspector there is no Details).
			if got := evalJS[string](t, ctx, menuFitsJS); got != "" {
				t.Errorf("broker 1 clicked: %s", got)
			}
			if shown := evalJS[bool](t, ctx, `(e => e !== null && e.getBoundingClientRect().height > 0)(document.getElementById("inspector-h"))`); shown {
				t.Error("broker 1 clicked: the inspector's card shows over its open menu")
			}
			if has := evalJS[bool](t, ctx, `document.getElementById("act-details") !== null`); has != c.inspector {
				t.Errorf("broker 1 clicked: the menu offers Details %v, want %v", has, c.inspector)
			}
			if c.inspector {
				click(t, ctx, "#act-details")
				pollJS(t, ctx, `document.querySelector(".broker-menu") === null`, 10*time.Second, "Details does not close the menu")
				waitFrames(t, ctx)
				check("Details clicked")
				click(t, ctx, b1Name)
				pollJS(t, ctx, `document.querySelector("#act-crash:not([disabled])") !== null`, 10*time.Second, "a second click on broker 1 opens no menu")
			}
			click(t, ctx, "#act-crash")
			pollJS(t, ctx, b1Down, 10*time.Second, "a click on Crash does not crash broker 1")
			waitFrames(t, ctx)
			check("broker 1 crashed")
			if c.inspector {
				uncovered(t, ctx, "broker 1 crashed", "#inspector-h", "#detail-close")
			}
			clock := evalJS[string](t, ctx, `document.getElementById("clock").textContent`)
			pollJS(t, ctx, fmt.Sprintf(`document.getElementById("clock").textContent > %q`, clock), 10*time.Second, "the embed does not play on after the crash")
			waitFrames(t, ctx)
			check("later")
			screenshot(t, ctx, "kplay-embed-card-"+strings.ReplaceAll(c.panels, ",", "-")+"-800x600.png")
			noPageErrors(t, pageErrors)
		})
	}
}

// menuFitsJS is "" when the open action menu is whole inside the screen
// and each of its buttons is uncovered, else what is wrong.
const menuFitsJS = `(() => {
	const m = document.querySelector(".broker-menu");
	if (!m) return "no menu";
	const r = m.getBoundingClientRect(), out = [];
	if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
		out.push("the menu is at " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(",") + " on a " + innerWidth + "×" + innerHeight + " screen");
	for (const b of m.querySelectorAll("button")) {
		const q = b.getBoundingClientRect(), at = document.elementFromPoint(q.left + q.width / 2, q.top + q.height / 2);
		if (!at || !(at === b || b.contains(at))) out.push((b.id || b.textContent) + " is not reachable");
	}
	return out.join("; ");
})()`

// TestBrowserMenuFitsTheFrame: a broker's action menu is whole inside the
// screen, every button of it reachable, at every size where the page
// does not scroll it into view: an 800×600 embed (broker 1's menu ran
// past its bottom edge, "Heal network" cut off), 720- and 1000-px
// embeds, and the 1280×800 page. Where there is room under the broker
// the menu stays there.
func TestBrowserMenuFitsTheFrame(t *testing.T) {
	for _, c := range []struct {
		name string
		w, h int
		path string
	}{
		{"embed-800x600", 800, 600, "/embed.html?" + presetLink(t, "acks1-loss", 0) + embedCodeQuery},
		{"embed-800x600-full", 800, 600, "/embed.html?autoplay=0"},
		{"embed-720x540", 720, 540, "/embed.html?" + presetLink(t, "start-here", 0) + embedCodeQuery},
		{"embed-1000x600", 1000, 600, "/embed.html?" + presetLink(t, "acks1-loss", 0) + embedCodeQuery},
		{"1280x800", 1280, 800, "/"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, c.w, c.h, c.path)
			setPlayingIfAny(t, ctx, false)
			waitFrames(t, ctx)
			for _, b := range []string{"b1", "b2", "b3"} {
				box := `svg#diagram g.node[data-node="` + b + `"] .box`
				click(t, ctx, `svg#diagram g.node[data-node="`+b+`"] text.name`)
				pollJS(t, ctx, `document.querySelector(".broker-menu #act-heal") !== null`, 10*time.Second, "a click on "+b+" opens no menu")
				waitFrames(t, ctx)
				if got := evalJS[string](t, ctx, menuFitsJS); got != "" {
					t.Errorf("%s's menu: %s", b, got)
				}
				// Room under the broker: the menu hangs under it, as drawn.
				under := evalJS[bool](t, ctx, `(() => { const m = document.querySelector(".broker-menu").getBoundingClientRect(), b = document.querySelector(`+jsString(box)+`).getBoundingClientRect();
					return b.bottom + m.height + 8 <= innerHeight; })()`)
				if fitted := evalJS[bool](t, ctx, `document.querySelector(".broker-menu").hasAttribute("data-fit")`); under && fitted {
					t.Errorf("%s's menu moved though it had room under its broker", b)
				}
				if b == "b1" {
					screenshot(t, ctx, "kplay-menu-fits-"+c.name+".png")
				}
				click(t, ctx, ".broker-menu .close")
				pollJS(t, ctx, `document.querySelector(".broker-menu") === null`, 5*time.Second, "the menu's × does not close it")
				// The inspector's card lies on the side away from the
				// broker, over the next one.
				if evalJS[bool](t, ctx, `(e => e !== null && e.getBoundingClientRect().height > 0)(document.getElementById("detail-close"))`) {
					click(t, ctx, "#detail-close")
					pollJS(t, ctx, `document.getElementById("detail-close") === null`, 5*time.Second, "the card's × does not close it")
				}
			}
			noPageErrors(t, pageErrors)
		})
	}
}

// setPlayingIfAny is setPlaying for a page that may have no play button
// (controls=none); an embed opened at a moment is paused already.
func setPlayingIfAny(t *testing.T, ctx context.Context, on bool) {
	t.Helper()
	if evalJS[bool](t, ctx, `document.getElementById("play") !== null`) {
		setPlaying(t, ctx, on)
	}
}

// TestBrowserEscapeClosesTheCard: in an 800×600 embed Escape closes the
// broker's menu, and a second Escape the inspector's card over the
// diagram, which only its × closed; on a 390×844 phone it closes the
// drawer the same way.
func TestBrowserEscapeClosesTheCard(t *testing.T) {
	for _, c := range []struct {
		name string
		w, h int
		path string
	}{
		{"embed-800x600", 800, 600, "/embed.html?" + presetLink(t, "start-here", 0) + embedCodeQuery},
		{"390x844", 390, 844, "/?" + presetLink(t, "start-here", 0)},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, c.w, c.h, c.path)
			waitFrames(t, ctx)
			click(t, ctx, `svg#diagram g.node[data-node="b3"] text.name`)
			pollJS(t, ctx, `document.querySelector(".side-detail.selected") !== null && document.querySelector(".broker-menu") !== null`, 10*time.Second, "a click on broker 3 opens no menu and no inspector")
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
				t.Fatal(err)
			}
			pollJS(t, ctx, `document.querySelector(".broker-menu") === null`, 5*time.Second, "Escape does not close the menu")
			if evalJS[bool](t, ctx, `document.querySelector(".side-detail.selected") === null`) {
				t.Error("the first Escape closed the inspector with the menu")
			}
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
				t.Fatal(err)
			}
			pollJS(t, ctx, `document.querySelector(".side-detail.selected") === null`, 5*time.Second, "Escape does not close the inspector's card")
			noPageErrors(t, pageErrors)
		})
	}
}

// boxesUnderJS lists the diagram's boxes the element sel covers on
// screen ("" if none, "missing" without the element).
func boxesUnderJS(sel string) string {
	return `(() => {
		const e = document.querySelector(` + jsString(sel) + `);
		if (!e) return "missing";
		const a = e.getBoundingClientRect();
		return [...document.querySelectorAll("svg#diagram g.node")].filter(n => {
			const r = n.querySelector(".box").getBoundingClientRect();
			return r.left < a.right - 1 && a.left < r.right - 1 && r.top < a.bottom - 1 && a.top < r.bottom - 1;
		}).map(n => n.dataset.node).join(",");
	})()`
}

// TestBrowserEmbedBannerInView: an 800×600 embed of lesson 8 at its loss
// (00:00:19.000, "Copy embed code"'s options) shows the red "A Kafka
// guarantee broke" on the first screen, right under the diagram's boxes
// and covering none (it sat under the legend, below the frame's bottom
// edge), with the inspector's card over it when a broker's Details is
// clicked.
func TestBrowserEmbedBannerInView(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 800, 600, "/embed.html?"+presetLink(t, "acks1-loss", 19000)+embedCodeQuery)
	pollJS(t, ctx, `(e => e !== null && !e.hidden && e.getBoundingClientRect().height > 0)(document.getElementById("violations"))`, 10*time.Second, "the loss shows no banner")
	waitFrames(t, ctx)
	got := evalJS[string](t, ctx, `(() => {
		const h = document.querySelector("#violations h2").getBoundingClientRect(), v = document.getElementById("violations").getBoundingClientRect();
		const low = Math.max(...[...document.querySelectorAll("svg#diagram g.node .box")].map(b => b.getBoundingClientRect().bottom));
		const out = [];
		if (h.top < 0 || h.bottom > innerHeight) out.push("its heading is at " + Math.round(h.top) + "–" + Math.round(h.bottom) + " of " + innerHeight);
		if (v.top < low - 1 || v.top > low + 30) out.push("it starts at " + Math.round(v.top) + ", the lowest box ends at " + Math.round(low));
		return out.join("; ");
	})()`)
	if got != "" {
		t.Errorf("the banner: %s", got)
	}
	if under := evalJS[string](t, ctx, boxesUnderJS("#violations")); under != "" {
		t.Errorf("the banner covers %s", under)
	}
	uncovered(t, ctx, "the banner", "#violations h2")
	screenshot(t, ctx, "kplay-embed-banner-800x600.png")
	click(t, ctx, `svg#diagram g.node[data-node="b3"] text.name`)
	click(t, ctx, "#act-details")
	pollJS(t, ctx, `document.querySelector(".side-detail.selected #inspector-h") !== null`, 10*time.Second, "a click on broker 3 and its Details opens no inspector")
	waitFrames(t, ctx)
	uncovered(t, ctx, "the card over the banner", "#inspector-h", "#detail-close")
	noPageErrors(t, pageErrors)
}

// TestBrowserUngrownEmbedIsUsable: an embed whose frame keeps the embed
// code's 600 px (an author pasted the <iframe> without its script) has
// its controls, the whole diagram, the caption and "Try this" in those
// 600 px, lessons too (their diagram's bottom was 8 px under the edge),
// and the rest, the legend and the event log, reachable by scrolling
// inside the frame.
func TestBrowserUngrownEmbedIsUsable(t *testing.T) {
	for _, name := range []string{"start-here", "acks1-loss", "every-broker-leads"} {
		t.Run(name, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, 800, 600, "/embed.html?"+presetLink(t, name, 0)+embedCodeQuery)
			waitFrames(t, ctx)
			got := evalJS[string](t, ctx, `(() => {
				const out = [];
				for (const s of ["#play", "#step", "#restart", "#timeline", ".diagram-wrap", "#caption", "#try-this", "#lesson-mode"]) {
					const e = document.querySelector(s);
					if (!e) { if (s !== "#lesson-mode") out.push(s + " missing"); continue; }
					const r = e.getBoundingClientRect();
					if (r.height === 0 || r.top < 0 || r.bottom > innerHeight || r.right > innerWidth) out.push(s + " at " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(","));
				}
				return out.join("; ");
			})()`)
			if got != "" {
				t.Errorf("not in the first 800×600: %s", got)
			}
			uncovered(t, ctx, "the first screen", "#play", "#step", "#restart", `svg#diagram g.node[data-node="b1"] text.name`, `svg#diagram g.node[data-node="b3"] text.name`)
			if evalJS[bool](t, ctx, `document.getElementById("lesson-mode") !== null`) {
				uncovered(t, ctx, "the first screen", "#lesson-mode")
			}
			screenshot(t, ctx, "kplay-ungrown-"+name+"-800x600.png")
			// The rest scrolls into view inside the frame.
			evalJS[bool](t, ctx, `(() => { scrollTo(0, document.documentElement.scrollHeight); return true; })()`)
			waitFrames(t, ctx)
			if r := evalJS[string](t, ctx, `(() => { const e = document.getElementById("events").getBoundingClientRect(); return scrollY > 0 && e.bottom <= innerHeight + 1 && e.top >= 0 ? "" : "scrollY " + scrollY + ", the event log at " + Math.round(e.top) + "–" + Math.round(e.bottom); })()`); r != "" {
				t.Errorf("scrolled to the end of the frame: %s", r)
			}
			noPageErrors(t, pageErrors)
		})
	}
}

// TestBrowserPhoneDrawerFolds: at 390×844 a tap on broker 1 and Crash
// leave the inspector's drawer folded to one line, its title and summary
// (it took some 240 px and hid broker 3 until its × closed it); a tap on
// that line unfolds the inspector's facts, and "▾ less" folds it again.
func TestBrowserPhoneDrawerFolds(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 390, 844, "/?"+presetLink(t, "start-here", 0))
	waitFrames(t, ctx)
	click(t, ctx, b1Name)
	pollJS(t, ctx, `document.querySelector(".side-detail.selected") !== null && document.querySelector("#act-crash:not([disabled])") !== null`, 10*time.Second, "a tap on broker 1 opens no menu")
	scrollStill(t, ctx)
	click(t, ctx, "#act-crash")
	pollJS(t, ctx, b1Down, 10*time.Second, "a tap on Crash does not crash broker 1")
	waitFrames(t, ctx)
	drawer := func() (h float64, text string) {
		h = evalJS[float64](t, ctx, `document.querySelector(".side-detail.selected").getBoundingClientRect().height`)
		return h, evalJS[string](t, ctx, `document.querySelector(".side-detail.selected").innerText`)
	}
	if h, text := drawer(); h > 64 || !strings.Contains(text, "broker 1") || !strings.Contains(text, "down") {
		t.Errorf("after Crash the drawer is %.0f px tall (want at most 64) and says %q (want broker 1, down)", h, text)
	}
	uncovered(t, ctx, "the folded drawer", "#detail-fold", "#detail-close")
	if t.Failed() {
		t.FailNow()
	}
	screenshot(t, ctx, "kplay-drawer-folded-390x844.png")
	click(t, ctx, "#detail-fold")
	pollJS(t, ctx, `(e => e !== null && e.getBoundingClientRect().height > 0)(document.querySelector("#inspector .facts"))`, 5*time.Second, "a tap on the summary does not unfold the inspector")
	waitFrames(t, ctx)
	if h, _ := drawer(); h < 120 {
		t.Errorf("the unfolded drawer is %.0f px tall", h)
	}
	uncovered(t, ctx, "the unfolded drawer", "#inspector-h", "#detail-fold", "#detail-close")
	screenshot(t, ctx, "kplay-drawer-unfolded-390x844.png")
	click(t, ctx, "#detail-fold")
	pollJS(t, ctx, `document.querySelector(".side-detail.selected.folded") !== null`, 5*time.Second, "▾ less does not fold the drawer")
	noPageErrors(t, pageErrors)
}

// TestBrowserPhoneForkClearOfDrawer: at 390×844, a crash taken in the
// past ("You changed the past…", with Undo and Keep) no longer lies on
// the inspector's drawer (it covered its facts): it is a row of the
// drawer, over none of its other rows, and its buttons work.
func TestBrowserPhoneForkClearOfDrawer(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 390, 844, "/?"+presetLink(t, "start-here", 3000))
	waitFrames(t, ctx)
	_, start := presetStart(t, "start-here")
	scrubTo(t, ctx, start, 500)
	click(t, ctx, b1Name)
	pollJS(t, ctx, `document.querySelector("#act-crash:not([disabled])") !== null`, 10*time.Second, "a tap on broker 1 opens no menu")
	scrollStill(t, ctx)
	click(t, ctx, "#act-crash")
	pollJS(t, ctx, `document.getElementById("fork") !== null && document.querySelector(".side-detail.selected") !== null`, 10*time.Second, "a crash in the past shows no fork notice")
	setPlaying(t, ctx, false)
	waitFrames(t, ctx)
	got := evalJS[string](t, ctx, `(() => {
		const f = document.getElementById("fork").getBoundingClientRect(), d = document.querySelector(".side-detail.selected"), out = [];
		const ov = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
		for (const e of d.querySelectorAll("#detail-fold, #detail-close, #inspector-h, #inspector .facts")) {
			const r = e.getBoundingClientRect();
			if (r.height > 0 && ov(f, r)) out.push("it covers " + (e.id || e.className));
		}
		if (f.bottom > innerHeight || f.top < 0) out.push("it is at " + Math.round(f.top) + "–" + Math.round(f.bottom));
		const r = d.getBoundingClientRect();
		if (f.top < r.top - 1 || f.bottom > r.bottom + 1) out.push("it is outside the drawer");
		return out.join("; ");
	})()`)
	if got != "" {
		t.Errorf("the fork notice: %s", got)
	}
	uncovered(t, ctx, "the fork notice", "#fork-undo", "#fork-keep", "#detail-fold")
	screenshot(t, ctx, "kplay-fork-in-drawer-390x844.png")
	click(t, ctx, "#fork-keep")
	pollJS(t, ctx, `document.getElementById("fork") === null`, 5*time.Second, "Keep does not dismiss the notice")
	noPageErrors(t, pageErrors)
}

// tryWholeJS is "" when each "Try this" button is whole inside the bar or
// not drawn at all, else the buttons cut at its edge.
const tryWholeJS = `(() => {
	const bar = document.getElementById("try-this");
	if (!bar) return "no bar";
	const b = bar.getBoundingClientRect();
	return [...bar.querySelectorAll("button")].filter(e => {
		const r = e.getBoundingClientRect();
		if (getComputedStyle(e).display === "none" || r.height === 0) return false;
		const whole = r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5 && r.left >= b.left - 0.5 && r.right <= b.right + 0.5;
		const gone = r.top >= b.bottom || r.bottom <= b.top;
		return !whole && !gone;
	}).map(e => JSON.stringify(e.textContent)).join(", ");
})()`

// TestBrowserPhoneTryBarWhole: at 390×844 a "Try this" suggestion is
// shown whole or not at all, with two or three on offer: lesson 8 at its
// loss ("Send m3 with acks=all to broker 2, the new leader" wrapped onto
// two lines, and "Crash broker 2, the new leader" showed as an empty
// outline under the bar's edge), start-here at its start and after a
// crash.
func TestBrowserPhoneTryBarWhole(t *testing.T) {
	for _, c := range []struct {
		name   string
		preset string
		at     int64
		crash  bool
	}{{"acks1-loss at the loss", "acks1-loss", 19000, false}, {"start-here", "start-here", 0, false}, {"start-here after a crash", "start-here", 2000, true}} {
		t.Run(c.name, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, 390, 844, "/?"+presetLink(t, c.preset, c.at))
			waitFrames(t, ctx)
			if c.crash {
				click(t, ctx, b1Name)
				pollJS(t, ctx, `document.querySelector("#act-crash:not([disabled])") !== null`, 10*time.Second, "a tap on broker 1 opens no menu")
				scrollStill(t, ctx)
				click(t, ctx, "#act-crash")
				pollJS(t, ctx, b1Down, 10*time.Second, "a tap on Crash does not crash broker 1")
				setPlaying(t, ctx, false)
				waitFrames(t, ctx)
			}
			n := evalJS[int](t, ctx, `document.querySelectorAll("#try-this button").length`)
			if n < 1 {
				t.Fatalf("no suggestion to try")
			}
			if cut := evalJS[string](t, ctx, tryWholeJS); cut != "" {
				t.Errorf("%d suggestions; cut at the bar's edge: %s", n, cut)
			}
			if shown := evalJS[int](t, ctx, `[...document.querySelectorAll("#try-this button")].filter(e => { const r = e.getBoundingClientRect(), b = document.getElementById("try-this").getBoundingClientRect(); return r.height > 0 && r.bottom <= b.bottom + 0.5; }).length`); shown < min(n, 2) {
				t.Errorf("%d of %d suggestions shown, want %d", shown, n, min(n, 2))
			}
			evalJS[bool](t, ctx, `(() => { document.getElementById("try-this").scrollIntoView({block: "center"}); return true; })()`)
			screenshot(t, ctx, "kplay-try-"+strings.ReplaceAll(c.name, " ", "-")+"-390x844.png")
			noPageErrors(t, pageErrors)
		})
	}
}
