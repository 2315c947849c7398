//go:build browser && !js

package e2e

// Browser tests of an embed in a teacher's lesson page (openHost): it
// fits its frame at every size, grown or not, its card, menu, banner,
// inspector and question stay in view, its height follows its content,
// the host keeps its focus, and the authoring guide's lesson page works.

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
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

// TestBrowserEmbedHostAsks: with questions=host a lesson page asks the
// questions itself: the embed still stops at each (ask) but draws no
// card and no "Stop at questions" switch (its own card beside the
// page's quiz asked every question twice), and obeys answer and
// continue.
func TestBrowserEmbedHostAsks(t *testing.T) {
	t.Parallel()
	h := openHost(t, 800, 600, hostOpts{Query: "preset=acks1-loss&autoplay=0&controls=none&questions=host", Grow: true})
	h.Send(map[string]any{"v": 1, "type": "seek", "at": 9900})
	h.Send(map[string]any{"v": 1, "type": "play"})
	ask := h.WaitMsg("ask", 30*time.Second)
	if !strings.Contains(ask.Data["question"].(string), "Is m2 safe?") {
		t.Fatalf("ask: %v", ask.Data)
	}
	waitFramesIn(h)
	if got := inFrame[string](h, `[...document.querySelectorAll("#ask, #lesson-mode, .lesson-bar")].map(e => e.id || e.className).join(", ")`); got != "" {
		t.Errorf("with questions=host the embed draws %s", got)
	}
	h.Send(map[string]any{"v": 1, "type": "answer", "option": "no"})
	if a := h.WaitMsg("answer", 10*time.Second); a.Data["correct"] != true {
		t.Errorf("answer: %v", a.Data)
	}
	h.Send(map[string]any{"v": 1, "type": "continue"})
	h.PollHost(`window.kplayMsgs.some(m => m.data.type === "step" && m.data.at > 10100)`, 20*time.Second, "continue does not play on")
	h.NoErrors()
}

// waitFramesIn waits for the embed to draw twice.
func waitFramesIn(h *hostFrame) {
	h.t.Helper()
	inFrame[bool](h, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
}

// TestBrowserAuthoringLessonPage: docs/examples/lesson.html, the lesson
// page of docs/authoring.md, works as the docs say when served on its
// own site: its second embed (the worked lesson, questions=host) stops
// at its first question, which the page asks in its own card while the
// embed draws none; the student's pick gets the verdict and the score
// from the lesson's progress; Continue plays on.
func TestBrowserAuthoringLessonPage(t *testing.T) {
	// It runs alone (no t.Parallel): beside three other tabs, its lazily
	// started second embed once never said ready within 60 s.
	page := strings.ReplaceAll(mustRead(t, "docs/examples/lesson.html"), "http://127.0.0.1:8080", "{site}")
	h := openHost(t, 1000, 800, hostOpts{Page: page}, true)
	const quiz = `document.getElementById("kplay-acks-all")`
	inHost[bool](h, `(`+quiz+`.scrollIntoView(), true)`)
	h.PollHost(`window.kplayMsgs.some(m => m.frame === "kplay-acks-all" && m.data.type === "ready")`, 60*time.Second, "the worked lesson's embed never says ready")
	inHost[bool](h, `(`+quiz+`.contentWindow.postMessage({v: 1, type: "seek", at: 14900}, "*"), document.getElementById("play").click(), true)`)
	h.PollHost(`!document.getElementById("quiz").hidden && document.getElementById("quiz-q").textContent.includes("When is m1 acknowledged?")`, 30*time.Second, "the page does not ask question 1")
	if got := inHost[string](h, `[...document.querySelectorAll("#quiz-options button")].map(b => b.textContent).join(" | ")`); got != "once brokers 1 and 2 have it | never: broker 3 is down | once broker 3 returns" {
		t.Errorf("the page's options: %s", got)
	}
	frame := h.FrameWith("questions=host")
	if n := evalJS[int](t, frame, `document.querySelectorAll("#ask").length`); n != 0 {
		t.Error("the embed draws its own question card beside the page's")
	}
	inHost[bool](h, `(document.querySelector("#quiz-options button").click(), true)`)
	h.PollHost(`document.getElementById("quiz-verdict").textContent.startsWith("Right") && document.getElementById("score").textContent.startsWith("1 of 1 answered right")`,
		10*time.Second, "no verdict or score after the pick")
	inHost[bool](h, `(document.getElementById("quiz-continue").click(), true)`)
	h.PollHost(`document.getElementById("quiz").hidden && window.kplayMsgs.some(m => m.frame === "kplay-acks-all" && m.data.type === "step" && m.data.at > 15013)`,
		20*time.Second, "Continue does not play on")
	screenshot(t, h.Top, "kplay-authoring-lesson.png")
	h.NoErrors()
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
	t.Parallel()
	for _, c := range []struct {
		panels    string
		inspector bool
	}{{site.EmbedCodePanels, true}, {"log,describe", false}} {
		t.Run(c.panels, func(t *testing.T) {
			t.Parallel()
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
	t.Parallel()
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
			t.Parallel()
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
	t.Parallel()
	for _, c := range []struct {
		name string
		w, h int
		path string
	}{
		{"embed-800x600", 800, 600, "/embed.html?" + presetLink(t, "start-here", 0) + embedCodeQuery},
		{"390x844", 390, 844, "/?" + presetLink(t, "start-here", 0)},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
	for _, name := range []string{"start-here", "acks1-loss", "every-broker-leads"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
	for _, c := range []struct {
		name   string
		preset string
		at     int64
		crash  bool
	}{{"acks1-loss at the loss", "acks1-loss", 19000, false}, {"start-here", "start-here", 0, false}, {"start-here after a crash", "start-here", 2000, true}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
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

// mustRead returns the file name of the repository (a path relative to its
// root, such as "docs/embed.md"), or fails the test.
func mustRead(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// togetherJS is the boxes of the question's card and the diagram (with
// the controller strip over it, .diagram-wrap) in the embed's window, and
// that window's height.
const togetherJS = `(() => {
	const box = s => { const e = document.querySelector(s); if (!e) return null; const r = e.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
	return {card: box("#ask"), diagram: box(".diagram-wrap"), viewH: innerHeight};
})()`

// together is togetherJS's answer.
type together struct {
	Card, Diagram *frameRect
	ViewH         float64
}

// inViewTogether fails t unless the open question's card lies right next
// to the diagram (above or under it, at most 24 px apart and over none of
// it, or beside it),
// the two fit together in a window of the host page's height, and, in a
// frame that does not grow, both lie inside the frame's window.
func inViewTogether(t *testing.T, h *hostFrame, c hostSize, when string) {
	t.Helper()
	g := inFrame[together](h, togetherJS)
	if g.Card == nil || g.Diagram == nil {
		t.Fatalf("%s: card %v, diagram %v", when, g.Card, g.Diagram)
	}
	a, d := *g.Card, *g.Diagram
	gap := max(d.Top-a.Bottom, a.Top-d.Bottom)
	side := a.Left >= d.Right-1 || d.Left >= a.Right-1
	if gap < -1 && !side {
		t.Errorf("%s: the card (%v) lies over the diagram (%v)", when, a, d)
	}
	if gap > 24 && !side {
		t.Errorf("%s: the card (%v) is %.0f px from the diagram (%v), want next to it", when, a, gap, d)
	}
	top, bottom := min(a.Top, d.Top), max(a.Bottom, d.Bottom)
	if bottom-top > float64(c.h) {
		t.Errorf("%s: the card and the diagram span %.0f px (%v and %v), more than the %d-px window", when, bottom-top, a, d, c.h)
	}
	if !c.grow && (top < -0.5 || bottom > g.ViewH+0.5) {
		t.Errorf("%s: the card (%v) or the diagram (%v) lies outside the frame's %.0f-px window", when, a, d, g.ViewH)
	}
}

// TestBrowserHostQuestionInView: with the embed code's script, lesson
// 8's question card landed under the diagram and the legend, 753 px down
// an 800-px frame and 1,497 px down a phone's, and the student saw a
// paused diagram, "Answer the question first" and no question; in a
// frame of 600 px it was a drawer over the brokers it asked about. The
// open card now lies right above the diagram in every frame size, the two
// within one window (inside the frame's own window when it does not
// grow), and so do the compact card and the moment after "Show me".
func TestBrowserHostQuestionInView(t *testing.T) {
	t.Parallel()
	for _, c := range hostSizes {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := openHost(t, c.w, c.h, hostOpts{Query: lessonEmbedQuery, Grow: c.grow, Width: c.frameW})
			h.WaitMsg("ask", 90*time.Second)
			h.PollFrame(`document.querySelector("#ask .ask-option") !== null`, 5*time.Second, "the question's card shows no option")
			h.settle("#ask", "svg#diagram")
			inViewTogether(t, h, c, "the open question")
			shot(t, h, c, "kplay-inview-ask-"+c.name+".png")
			h.Click(`#ask .ask-option[data-option="yes"]`)
			h.PollFrame(`document.getElementById("ask-show") !== null`, 5*time.Second, "the answered card offers no Show me")
			h.Click("#ask-show")
			h.PollFrame(`document.getElementById("clock").textContent === "00:00:19.000" && document.getElementById("ask-showing") !== null && document.querySelector("svg#diagram .lost") !== null`,
				10*time.Second, "Show me does not keep the card at the loss")
			h.settle("#ask", "svg#diagram")
			inViewTogether(t, h, c, "after Show me")
			shot(t, h, c, "kplay-inview-showme-"+c.name+".png")
			h.NoErrors()
		})
	}
}

// heightFollows fails t unless, once the embed keeps still, the host page
// has its height: the last height message says the document's height,
// and the grown frame is that tall, showing the document's bottom.
// contentHeightJS is how tall the embed's content is, in CSS px: the
// lowest bottom of any element drawn in the document's flow or over it
// (fixed ones, which follow the frame's window, aside), with the body's
// bottom padding (the room a phone's page keeps under its end for the
// violations banner that floats there) and margin. The root's scrollHeight is no measure: it never falls
// below the frame's own height, so a frame grown to a tall moment looked
// right by it while it stayed 290 px taller than its content.
const contentHeightJS = `(() => {
	let bottom = 0;
	for (const e of document.body.querySelectorAll("*")) {
		const cs = getComputedStyle(e);
		if (cs.position === "fixed" || cs.display === "none") continue;
		const r = e.getBoundingClientRect();
		if (r.width === 0 && r.height === 0) continue;
		bottom = Math.max(bottom, r.bottom + scrollY);
	}
	const b = getComputedStyle(document.body);
	return Math.ceil(bottom + parseFloat(b.paddingBottom) + parseFloat(b.marginBottom));
})()`

func heightFollows(t *testing.T, h *hostFrame, when string) {
	t.Helper()
	h.settle("#ask", ".diagram-wrap", ".side", ".panels")
	doc := inFrame[int](h, contentHeightJS)
	h.PollHost(fmt.Sprintf(`(() => { const m = window.kplayMsgs.filter(m => m.data.type === "height").pop(); return m !== undefined && Math.abs(m.data.height - %d) <= 1 && document.getElementById("k").getBoundingClientRect().height === m.data.height; })()`, doc),
		3*time.Second, fmt.Sprintf("%s: the document is %d px tall, but the frame is %.0f px and the last height message says %v",
			when, doc, inHost[float64](h, `document.getElementById("k").getBoundingClientRect().height`), inHost[any](h, `(window.kplayMsgs.filter(m => m.data.type === "height").pop() || {data: {}}).data.height`)))
}

// TestBrowserHostHeightFollows: the embed measured its height when the
// Store changed, a frame before the render that changes it; playback's
// stop at a question reported 1,215 px for a 1,401-px document, and the
// grown frame's bottom stayed cut until the next interaction. After the
// stop at the question, the answer, Show me, Continue and a click that
// opens the inspector, the last height message is the document's height
// and the grown frame shows its bottom.
func TestBrowserHostHeightFollows(t *testing.T) {
	t.Parallel()
	for _, c := range hostSizes {
		if !c.grow {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := openHost(t, c.w, c.h, hostOpts{Query: lessonEmbedQuery, Grow: true, Width: c.frameW})
			h.WaitMsg("ask", 90*time.Second)
			h.PollFrame(`document.querySelector("#ask .ask-option") !== null`, 5*time.Second, "the question's card shows no option")
			heightFollows(t, h, "at the question")
			h.Click(`#ask .ask-option[data-option="yes"]`)
			h.PollFrame(`document.getElementById("ask-show") !== null`, 5*time.Second, "the answered card offers no Show me")
			heightFollows(t, h, "after the answer")
			h.Click("#ask-show")
			h.PollFrame(`document.getElementById("ask-showing") !== null`, 10*time.Second, "Show me does not go to the loss")
			heightFollows(t, h, "after Show me")
			h.Click("#ask-continue")
			h.PollFrame(`document.getElementById("ask-continue") === null`, 5*time.Second, "Continue leaves the card open")
			h.Send(map[string]any{"type": "pause"})
			h.PollFrame(`document.getElementById("play").getAttribute("aria-pressed") === "false"`, 5*time.Second, "the embed does not pause")
			heightFollows(t, h, "after Continue")
			h.Click(`svg#diagram g.node[data-node="b2"] .box`)
			h.PollFrame(`document.querySelector(".broker-menu") !== null`, 5*time.Second, "a click on broker 2 opens no menu")
			if inFrame[bool](h, `document.getElementById("act-details") !== null`) {
				// Beside the diagram, the menu's Details shows the card
				// (site.DetailBehindMenu); a phone's drawer opens with it.
				h.Click("#act-details")
			}
			h.PollFrame(`document.querySelector(".side-detail.selected") !== null`, 5*time.Second, "a click on broker 2 shows no inspector")
			heightFollows(t, h, "after a click that opens the inspector")
			h.NoErrors()
		})
	}
}

// longestCaption is preset name's longest say caption that the page
// shows (the last of several at one instant), and its moment.
func longestCaption(t *testing.T, name string) (text string, at int64, ok bool) {
	t.Helper()
	p, found := scenarios.Get(name)
	if !found {
		t.Fatalf("no preset %s", name)
	}
	sc, err := script.ParseAndCompile(name, p.LearnerText())
	if err != nil {
		t.Fatal(err)
	}
	caps := sc.Captions
	for i, c := range caps {
		if i+1 < len(caps) && caps[i+1].At == c.At {
			continue // the later one at that instant shows
		}
		if len(c.Text) > len(text) {
			text, at, ok = c.Text, int64(c.At), true
		}
	}
	return text, at, ok
}

// captionWholeJS is "" when the caption shows want whole: no scrolling
// box cuts it, and its last line is on top, under nothing; else what is
// wrong.
const captionWholeJS = `((want) => {
	const c = document.getElementById("caption");
	if (!c) return "no caption";
	if (c.textContent !== want) return "it says " + JSON.stringify(c.textContent);
	for (let e = c; e && e !== document.body; e = e.parentElement) {
		if (e.scrollHeight > e.clientHeight + 1 && getComputedStyle(e).overflowY !== "visible")
			return (e === c ? "its box" : e.tagName.toLowerCase() + "." + e.className) + " shows " + e.clientHeight + " of its " + e.scrollHeight + " px";
	}
	const r = c.getBoundingClientRect(), range = document.createRange();
	range.selectNodeContents(c);
	const t = range.getBoundingClientRect();
	if (t.bottom > r.bottom + 1) return "its text runs " + Math.round(t.bottom - r.bottom) + " px past its box";
	const at = document.elementFromPoint(t.left + 4, t.bottom - 4);
	if (!at || !at.closest(".caption")) return "its last line is under " + (at ? at.tagName.toLowerCase() + "." + at.getAttribute("class") : "nothing");
	return "";
})`

// TestBrowserHostCaptionsWholeOnPhones: in an embed on a phone the
// caption's box held two lines and showed no sign of more (35 of a
// teacher's 86-px caption), and the presets' own captions were cut the
// same way. Each preset's longest caption, at its moment in a 374-px
// frame on a 390×844 phone, shows whole.
func TestBrowserHostCaptionsWholeOnPhones(t *testing.T) {
	t.Parallel()
	c := hostSizes[2]
	h := openHost(t, c.w, c.h, hostOpts{Query: "preset=start-here&controls=min&panels=log%2Cdescribe%2Cinspector&lesson=0", Grow: true, Width: c.frameW})
	checked := 0
	for _, p := range scenarios.All() {
		text, at, ok := longestCaption(t, p.Name)
		if !ok {
			continue
		}
		if err := inFrame[string](h, `kplayLoadScript(`+jsString(p.LearnerText())+`)`); err != "" {
			t.Fatalf("%s: %s", p.Name, err)
		}
		h.Send(map[string]any{"type": "pause"})
		h.Send(map[string]any{"type": "seek", "at": at})
		h.PollFrame(`(document.getElementById("caption") || {}).textContent === `+jsString(text), 10*time.Second, p.Name+": the caption never says its longest")
		h.settle(".caption", ".diagram-wrap")
		if got := inFrame[string](h, captionWholeJS+"("+jsString(text)+")"); got != "" {
			t.Errorf("%s: its longest caption (%d bytes) is cut: %s", p.Name, len(text), got)
			screenshot(t, h.Top, "kplay-caption-cut-"+p.Name+".png")
		}
		checked++
	}
	if checked < 10 {
		t.Fatalf("only %d presets have a caption, so this tests little", checked)
	}
	h.NoErrors()
}

// typeInHost types text with the keyboard, a key at a time, wherever the
// focus is.
func typeInHost(t *testing.T, h *hostFrame, text string) {
	t.Helper()
	if err := chromedp.Do(h.Top, chromedp.KeyEvent(text)); err != nil {
		t.Fatalf("typing %q: %v", text, err)
	}
}

// TestBrowserHostQuestionKeepsHostFocus: a student typing notes in the
// lesson page answered the embed's question with the space bar: when the
// question opened, the focus moved into the frame, the rest of the typing
// went there, and a space sent "yes". Typing in the host's notes across
// the question's arrival keeps every character there, and no answer is
// sent; the question is said in the embed's live region; and once the
// reader comes to the frame with Tab, the question's first option has the
// focus, and Space answers it.
func TestBrowserHostQuestionKeepsHostFocus(t *testing.T) {
	t.Parallel()
	for _, c := range hostSizes {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := openHost(t, c.w, c.h, hostOpts{Query: lessonEmbedQuery, Grow: c.grow, Width: c.frameW})
			notes := inHost[frameRect](h, `(r => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom}))(document.getElementById("notes").getBoundingClientRect())`)
			if err := chromedp.Do(h.Top, chromedp.MouseClickXY((notes.Left+notes.Right)/2, (notes.Top+notes.Bottom)/2)); err != nil {
				t.Fatal(err)
			}
			h.PollHost(`document.activeElement === document.getElementById("notes")`, 5*time.Second, "a click on the notes does not focus them")
			// Type until the question comes, however fast the keys go: a
			// bound on the characters typed ran out before the question on
			// a quick machine.
			typed := ""
			deadline := time.Now().Add(90 * time.Second)
			for len(h.MsgsOf("ask")) == 0 {
				typeInHost(t, h, "ab ")
				typed += "ab "
				if time.Now().After(deadline) {
					t.Fatalf("the question never came in 90 s (%d characters typed)", len(typed))
				}
			}
			h.PollFrame(`document.querySelector("#ask .ask-option") !== null`, 5*time.Second, "the question's card shows no option")
			h.settle("#ask")
			typeInHost(t, h, " yes no ")
			typed += " yes no "
			if got := inHost[string](h, `document.getElementById("notes").value`); got != typed {
				t.Errorf("the notes hold %d of the %d characters typed, ending %q, want %q", len(got), len(typed), got[max(0, len(got)-20):], typed[len(typed)-20:])
			}
			if !inHost[bool](h, `document.activeElement === document.getElementById("notes")`) {
				t.Errorf("the notes lost the focus to %s", inHost[string](h, `document.activeElement.tagName + "#" + document.activeElement.id`))
			}
			if a := h.MsgsOf("answer"); len(a) > 0 {
				t.Errorf("the embed sent an answer the reader never gave: %v", a[0].Data)
			}
			h.PollFrame(`(document.getElementById("announce") || {}).textContent === "Question 1 of 2: "+document.getElementById("ask-q").textContent+" Answer: yes, no."`, 5*time.Second, "the question is not said in the live region")
			// The reader comes to the frame: Tab from the notes.
			typeInHost(t, h, kb.Tab)
			h.PollFrame(`document.hasFocus() && document.activeElement.matches("#ask .ask-option")`, 5*time.Second, "Tab into the frame does not reach the question")
			option := inFrame[string](h, `document.activeElement.dataset.option`)
			typeInHost(t, h, " ")
			h.PollHost(`window.kplayMsgs.some(m => m.data.type === "answer")`, 5*time.Second, "Space on the option sends no answer")
			if a := h.MsgsOf("answer"); a[0].Data["picked"] != option {
				t.Errorf("the answer picked %v, want the focused %q", a[0].Data["picked"], option)
			}
			h.NoErrors()
		})
	}
}

// TestBrowserEmbedShowsTheWholeCluster: in an 800 × 600 iframe, without
// the host page resizing it, all three brokers of the default scenario,
// both clients and the caption are within the first 600 px, side by side
// in the compact row, and the embed still posts its height to its parent.
func TestBrowserEmbedShowsTheWholeCluster(t *testing.T) {
	t.Parallel()
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

// TestBrowserEmbedFits: an 800×600 embed's header fits the frame (its
// title and "· 0.0 s in" were cut at the edge), its speed slider has its
// word beside it, and every control of the row is whole, on one row.
func TestBrowserEmbedFits(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
