//go:build browser && !js

package e2e

// Browser tests of a lesson's questions on the page: the question asks
// before the answer shows, its card sits beside the diagram in view, its
// mark on the timeline leaves the label clear, and "Show me" leaves the
// moment in view.

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserLearnerLessonHidesAnswer plays the acks=1 lesson: until its
// question is answered nothing on screen gives the outcome away (no lost
// cell, no violation banner or marker, no jump to a violation, no option
// carrying its reason); after the answer the card says why and offers to
// show the moment.
func TestBrowserLearnerLessonHidesAnswer(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := openPage(t, 1280, 800, "/?preset=acks1-loss")
	setMaxSpeed(t, ctx)
	setPlaying(t, ctx, true)
	pollJS(t, ctx, `document.getElementById("ask-q") !== null`, 60*time.Second, "the lesson never asks its question")
	hidden := evalJS[string](t, ctx, `JSON.stringify({
		lost: document.querySelectorAll("svg#diagram .lost").length,
		banner: (document.getElementById("violations") || {hidden: true}).hidden ? "" : document.getElementById("violations").textContent,
		jump: (e => e !== null && e.offsetParent !== null)(document.getElementById("jump-violation")),
		markers: document.querySelectorAll(".timeline-markers .marker.violation").length,
		title: document.querySelector(".title").textContent,
		options: [...document.querySelectorAll("#ask button")].map(b => b.textContent)
	})`)
	var h struct {
		Lost    int
		Banner  string
		Jump    bool
		Markers int
		Title   string
		Options []string
	}
	if err := json.Unmarshal([]byte(hidden), &h); err != nil {
		t.Fatal(err)
	}
	if h.Lost != 0 || h.Banner != "" || h.Jump || h.Markers != 0 {
		t.Errorf("before the answer the outcome shows: %+v", h)
	}
	if strings.Contains(strings.ToLower(h.Title), "lose") || strings.Contains(strings.ToLower(h.Title), "loss") {
		t.Errorf("the lesson's title %q gives the outcome away", h.Title)
	}
	for _, o := range h.Options {
		if strings.Contains(o, ":") {
			t.Errorf("option %q carries its own reason", o)
		}
	}
	screenshot(t, ctx, "kplay-learner-question-1280x800.png")
	evalJS[bool](t, ctx, `(() => { document.querySelector("#ask button").click(); return true; })()`)
	pollJS(t, ctx, `(document.getElementById("ask-why") || {textContent: ""}).textContent.length > 20 && document.getElementById("ask-show") !== null`, 5*time.Second, "after the answer the card does not say why or offer the moment")
	before := evalJS[string](t, ctx, `document.getElementById("clock").textContent`)
	evalJS[bool](t, ctx, `(() => { document.getElementById("ask-show").click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("clock").textContent !== `+jsString(before), 5*time.Second, "Show me does not move to the moment")
	screenshot(t, ctx, "kplay-learner-answered-1280x800.png")
	noPageErrors(t, pageErrors)
}

// TestBrowserQuestionMarksClearTheLabel: acks1-loss's slider spans its
// first minute (its truncation at 40 s, and room), and at every size its
// two questions' "?" markers overlap neither the word "Timeline" nor
// anything else of the heading row.
func TestBrowserQuestionMarksClearTheLabel(t *testing.T) {
	t.Parallel()
	for _, sz := range pageSizes {
		t.Run(sz.name, func(t *testing.T) {
			t.Parallel()
			ctx, pageErrors := presetAt(t, sz, "acks1-loss")
			if got := evalJS[string](t, ctx, `document.getElementById("timeline").max`); got != "60000" {
				t.Errorf("acks1-loss's slider spans %s ms, want 60000", got)
			}
			bad := evalJS[string](t, ctx, `(() => {
				const out = [];
				const asks = [...document.querySelectorAll(".timeline .marker-ask")];
				if (asks.length !== 2) out.push(asks.length + " question markers, want 2");
				const over = (r, r2) => r.left < r2.right - 0.5 && r2.left < r.right - 0.5 && r.top < r2.bottom - 0.5 && r2.top < r.bottom - 0.5;
				const head = [...document.querySelectorAll(".timeline-head > *")].filter(e => e.getBoundingClientRect().width > 0);
				for (const a of asks) {
					const r = a.getBoundingClientRect();
					for (const h of head) if (over(r, h.getBoundingClientRect())) out.push("a ? covers " + JSON.stringify(h.textContent));
					if (over(r, document.getElementById("timeline").getBoundingClientRect())) out.push("a ? covers the slider");
				}
				return out.join("\n");
			})()`)
			if bad != "" {
				t.Errorf("timeline:\n%s", bad)
			}
			screenshot(t, ctx, "kplay-question-marks-"+sz.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}

// TestBrowserQuestionsAtOneMomentStandApart: which-cluster-accepts asks
// its third and fourth questions at the same moment (35 s); its four
// "?" markers all show, none over another, in time order (a teacher
// counted three marks under "Question 1 of 4" when two lay one on the
// other).
func TestBrowserQuestionsAtOneMomentStandApart(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=which-cluster-accepts")
	pollJS(t, ctx, `document.querySelectorAll(".timeline .marker-ask").length === 4`, 20*time.Second, "four question markers")
	bad := evalJS[string](t, ctx, `(() => {
		const out = [];
		const rs = [...document.querySelectorAll(".timeline .marker-ask")].map(a => a.getBoundingClientRect());
		for (let i = 0; i < rs.length; i++) {
			if (rs[i].width === 0) out.push("question " + (i + 1) + " is not drawn");
			if (i > 0 && rs[i].left < rs[i - 1].right - 0.5) out.push("question " + (i + 1) + " at " + rs[i].left + " overlaps question " + i + " ending at " + rs[i - 1].right);
		}
		return out.join("\n");
	})()`)
	if bad != "" {
		t.Errorf("question markers:\n%s", bad)
	}
	noPageErrors(t, pageErrors)
}

// TestBrowserShowMeLeavesTheMomentInView: on a phone and in an 800×600
// embed the question card is a drawer over the page; after "Show me" it
// keeps the why and Continue but no longer covers the moment it went to
// once the page has scrolled it clear: no red-outlined cell lies under it.
func TestBrowserShowMeLeavesTheMomentInView(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		w, h int
		path string
	}{
		{"390x844", 390, 844, "/?preset=acks1-loss"},
		{"embed-800x600", 800, 600, "/embed.html?preset=acks1-loss&controls=min&panels=log,describe&autoplay=1"},
	} {
		ctx, _, pageErrors := pageAt(t, c.w, c.h, c.path)
		if !strings.HasPrefix(c.name, "embed") {
			setMaxSpeed(t, ctx)
			setPlaying(t, ctx, true)
		}
		pollJS(t, ctx, `document.getElementById("ask-q") !== null`, 90*time.Second, c.name+": the lesson never asks its question")
		evalJS[bool](t, ctx, `(() => { document.querySelector('#ask button[data-option="yes"]').click(); return true; })()`)
		pollJS(t, ctx, `document.getElementById("ask-show") !== null`, 5*time.Second, c.name+": the answered card offers no Show me")
		evalJS[bool](t, ctx, `(() => { document.getElementById("ask-show").click(); return true; })()`)
		pollJS(t, ctx, `document.getElementById("clock").textContent === "00:00:19.000" && document.getElementById("ask-showing") !== null && document.querySelectorAll("svg#diagram .lost").length > 0`,
			10*time.Second, c.name+": Show me does not keep the card at the loss")
		// A phone's page scrolls the moment clear of the card, smoothly
		// (wasm/playground keepSheetClear).
		scrollStill(t, ctx)
		waitFrames(t, ctx)
		under := evalJS[string](t, ctx, `(() => {
			const a = document.getElementById("ask").getBoundingClientRect();
			const vis = id => (e => e !== null && e.getBoundingClientRect().height > 0)(document.getElementById(id));
			const hit = [...document.querySelectorAll("svg#diagram .lost")].filter(e => {
				const r = e.getBoundingClientRect();
				return r.left < a.right && a.left < r.right && r.top < a.bottom && a.top < r.bottom;
			}).length;
			return [vis("ask-why"), vis("ask-continue"), hit].join("|");
		})()`)
		if under != "true|true|0" {
			t.Errorf("%s: after Show me why|Continue|lost cells under the card = %s, want true|true|0", c.name, under)
		}
		screenshot(t, ctx, "kplay-showme-"+c.name+".png")
		noPageErrors(t, pageErrors)
	}
}

// TestBrowserLessonAsk: an embed of the Jepsen preset, playing, stops at
// the script's question until the reader picks; the answer shows, marked,
// and Continue plays on. The lesson page hears "ask" and "answer".
func TestBrowserLessonAsk(t *testing.T) {
	t.Parallel()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1000, 900)
	pageErrors := watchConsole(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/embed.html?preset=jepsen-2013&autoplay=1&speed=10")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.body?.dataset.ready === "1"`, 30*time.Second, "the embed loads")
	pollJS(t, ctx, `document.getElementById("ask") !== null`, 60*time.Second, "playback stops at the question")
	at := evalJS[string](t, ctx, `document.getElementById("clock").textContent`)
	got := evalJS[string](t, ctx, `[document.getElementById("ask-q").textContent, [...document.querySelectorAll(".ask-option")].map(b => b.textContent).join(","),
		document.getElementById("play").getAttribute("aria-pressed"), document.activeElement.className].join("|")`)
	if got != "Broker 1 alone held w2 and w3, and it has died. What does today's controller do?|elect broker 2,elect broker 3,elect nobody|false|ask-option" {
		t.Errorf("the card: question|options|playing|focus = %s", got)
	}
	// Play does not get past an unanswered question.
	evalJS[bool](t, ctx, `(() => { document.getElementById("play").click(); return true; })()`)
	time.Sleep(300 * time.Millisecond)
	if c := evalJS[string](t, ctx, `document.getElementById("clock").textContent`); c != at || evalJS[bool](t, ctx, `document.getElementById("ask-answer") !== null`) {
		t.Fatalf("play went past the question: clock %s → %s", at, c)
	}
	evalJS[bool](t, ctx, `(() => { [...document.querySelectorAll(".ask-option")].find(b => b.textContent === "elect broker 2").click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("ask-answer")?.textContent.includes("the answer is elect nobody")`, 5*time.Second, "the answer shows")
	screenshot(t, ctx, "kplay-ask-answered-1000x900.png")
	got = evalJS[string](t, ctx, `[document.querySelector(".ask-option.wrong")?.textContent, document.querySelector(".ask-option.right")?.textContent, document.activeElement.id].join("|")`)
	if got != "elect broker 2|elect nobody|ask-continue" {
		t.Errorf("marked options wrong|right|focus = %s", got)
	}
	evalJS[bool](t, ctx, `(() => { document.getElementById("ask-continue").click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("ask") === null && document.getElementById("clock").textContent !== `+jsString(at), 10*time.Second, "Continue plays on")
	if !evalJS[bool](t, ctx, `document.querySelector(".marker-ask.answered") !== null`) {
		t.Error("the timeline does not mark the question answered")
	}

	// The lesson page hears the question and the answer.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/lesson.html")); err != nil {
		t.Fatal(err)
	}
	evalJS[bool](t, ctx, `(() => { document.getElementById("jepsen").scrollIntoView(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("jepsen-events").textContent.includes("ask: Broker 1 alone held w2 and w3")`, 90*time.Second, "the lesson page hears the question")
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { document.getElementById("jepsen").contentDocument.getElementById("ask-reveal").click(); return true; })()`)); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.getElementById("jepsen-events").textContent.includes("answer: shown without a pick; the answer is elect nobody")`, 10*time.Second, "the lesson page hears the answer")
	noPageErrors(t, pageErrors)
}

// TestBrowserQuestionBesideTheDiagram: at 1280×800 a lesson's question
// opened above the diagram and pushed it 200–300 px down, broker 3 off
// the screen while the learner answered a question about it. The card is
// in the side column now: the diagram is where it was while the question
// shows, and after the answer, and the card is on screen.
func TestBrowserQuestionBesideTheDiagram(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=acks1-loss")
	setPlaying(t, ctx, false)
	waitFrames(t, ctx)
	before := evalJS[string](t, ctx, diagramAtJS)
	evalJS[bool](t, ctx, `(() => { document.querySelector(".marker-ask").click(); return true; })()`)
	pollJS(t, ctx, `document.querySelector("#ask .ask-option") !== null`, 10*time.Second, "the first question never opened")
	waitFrames(t, ctx)
	if at := evalJS[string](t, ctx, diagramAtJS); at != before {
		t.Errorf("the question moved the diagram: %s before, %s while it shows", before, at)
	}
	if !evalJS[bool](t, ctx, `document.getElementById("ask").closest("aside.side") !== null`) {
		t.Error("the question card is not in the side column")
	}
	if got := evalJS[string](t, ctx, `(() => { const r = document.getElementById("ask").getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight ? "" : Math.round(r.top) + "–" + Math.round(r.bottom); })()`); got != "" {
		t.Errorf("the question card is not on the first screen: %s", got)
	}
	screenshot(t, ctx, "kplay-question-1280x800.png")
	evalJS[bool](t, ctx, `(() => { document.querySelector("#ask .ask-option").click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("ask-answer") !== null`, 5*time.Second, "no answer after picking an option")
	waitFrames(t, ctx)
	if at := evalJS[string](t, ctx, diagramAtJS); at != before {
		t.Errorf("the answer moved the diagram: %s before, %s with the answer", before, at)
	}
	// "Show me" is styled like the page's buttons, not the browser's grey.
	if bg := evalJS[string](t, ctx, `(() => { const b = document.getElementById("ask-show"); return b ? getComputedStyle(b).backgroundColor : "none"; })()`); bg == "rgb(239, 239, 239)" || bg == "rgb(240, 240, 240)" {
		t.Errorf("Show me has the native button background %s", bg)
	}
	screenshot(t, ctx, "kplay-answer-1280x800.png")
	noPageErrors(t, pageErrors)
}

// TestBrowserEmbedQuestionInView: an 800×600 embed that does not grow to
// its content (opened by itself, or framed at a fixed height) shows a
// lesson's question on its screen when playback stops for it. It sat in the
// side column, 200 px below the frame's bottom, and the stopped lesson
// looked frozen to a learner.
func TestBrowserEmbedQuestionInView(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 800, 600, "/embed.html?preset=acks1-loss&controls=min")
	setPlaying(t, ctx, true)
	pollJS(t, ctx, `document.querySelector("#ask .ask-option") !== null`, 60*time.Second, "playback never stopped at the first question")
	waitFrames(t, ctx)
	if got := evalJS[string](t, ctx, `(() => { const r = document.getElementById("ask").getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1 ? "" : Math.round(r.top) + "–" + Math.round(r.bottom); })()`); got != "" {
		t.Errorf("the question card is not in the 800×600 frame: %s", got)
	}
	screenshot(t, ctx, "kplay-embed-question-800x600.png")
	noPageErrors(t, pageErrors)
}
