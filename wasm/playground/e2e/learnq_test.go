//go:build browser && !js

package e2e

import (
	"context"
	"encoding/json"
	"html"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// lossOnScreen is what a page shows of lesson 8's loss: the red banner's
// text (empty while hidden), the red-outlined cells, the timeline's red
// markers, whether the jump button shows, and the question card's id
// parts (why, Continue, the "Show me" button, the note that replaces it).
type lossOnScreen struct {
	Clock    string `json:"clock"`
	Banner   string `json:"banner"`
	Lost     int    `json:"lost"`
	Markers  int    `json:"markers"`
	Jump     bool   `json:"jump"`
	Why      bool   `json:"why"`
	Continue bool   `json:"continue"`
	Show     bool   `json:"show"`
	Showing  bool   `json:"showing"`
}

const lossOnScreenJS = `JSON.stringify({
	clock: document.getElementById("clock").textContent,
	banner: (v => v === null || v.hidden ? "" : v.textContent)(document.getElementById("violations")),
	lost: document.querySelectorAll("svg#diagram .lost").length,
	markers: document.querySelectorAll(".timeline-markers .marker.violation").length,
	jump: (e => e !== null && e.offsetParent !== null)(document.getElementById("jump-violation")),
	why: document.getElementById("ask-why") !== null,
	continue: document.getElementById("ask-continue") !== null,
	show: document.getElementById("ask-show") !== null,
	showing: document.getElementById("ask-showing") !== null
})`

func readLoss(t *testing.T, ctx context.Context) lossOnScreen {
	t.Helper()
	var l lossOnScreen
	if err := json.Unmarshal([]byte(evalJS[string](t, ctx, lossOnScreenJS)), &l); err != nil {
		t.Fatal(err)
	}
	return l
}

// shownJS is true once the page shows lesson 8's loss: the banner names
// AcknowledgedWriteLost and a cell is outlined red.
const shownJS = `(v => v !== null && !v.hidden && v.textContent.includes("AcknowledgedWriteLost"))(document.getElementById("violations")) &&
	document.querySelectorAll("svg#diagram .lost").length > 0`

// copied clicks the share bar's button id ("share", "copy-embed-now") and
// returns what it copied (#copied's data-text), once it holds want.
func copied(t *testing.T, ctx context.Context, id, want string) string {
	t.Helper()
	evalJS[bool](t, ctx, `(() => { document.getElementById(`+jsString(id)+`).click(); return true; })()`)
	pollJS(t, ctx, `(document.getElementById("copied")?.dataset.text || "").includes(`+jsString(want)+`)`, 5*time.Second, "#"+id+" copies nothing with "+want)
	return evalJS[string](t, ctx, `document.getElementById("copied").dataset.text`)
}

// twoFrames waits for the page to draw twice: a pause or a change is
// drawn on the next animation frame.
func twoFrames(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserLinkAtTheLossShowsIt is the learner's path through lesson 8
// ("What acks=1 promises"): they answer question 1, press "Show me", and
// see the loss at 00:00:19.000 (the red banner, outlines and marker),
// with the card still saying why and offering Continue. Then "Copy link"
// and "Copy embed code": a new reader opening the link (at 1280×800 and
// 390×844) or the embed (800×600) at 00:00:19.000, past a question they
// never saw, sees the same red banner and outlines, not a bare line in
// the event log.
func TestBrowserLinkAtTheLossShowsIt(t *testing.T) {
	ctx, base, pageErrors := learnerOpen(t, 1280, 800, "/?preset=acks1-loss")
	setMaxSpeed(t, ctx)
	setPlaying(t, ctx, true)
	pollJS(t, ctx, `document.getElementById("ask-q") !== null`, 60*time.Second, "the lesson never asks its question")
	if l := readLoss(t, ctx); l.Banner != "" || l.Lost != 0 || l.Markers != 0 || l.Jump {
		t.Errorf("question 1 waits, yet the loss shows: %+v", l)
	}
	evalJS[bool](t, ctx, `(() => { document.querySelector('#ask button[data-option="no"]').click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("ask-show") !== null`, 5*time.Second, "the answered card offers no Show me")
	evalJS[bool](t, ctx, `(() => { document.getElementById("ask-show").click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("clock").textContent === "00:00:19.000" && `+shownJS, 10*time.Second, "Show me does not show the loss at 00:00:19.000")
	if l := readLoss(t, ctx); !l.Why || !l.Continue || l.Show || !l.Showing || l.Markers == 0 || !l.Jump {
		t.Errorf("after Show me: %+v; want the card's why, Continue and its note in place of Show me, beside the loss's marker and jump button", l)
	}
	screenshot(t, ctx, "kplay-showme-1280x800.png")

	link := copied(t, ctx, "share", "#s=1.")
	if !strings.Contains(link, "t=19000") {
		t.Fatalf("Copy link copied %q, want the moment 19000", link)
	}
	embedCode := copied(t, ctx, "copy-embed-now", "<iframe")
	m := regexp.MustCompile(`src="([^"]+)"`).FindStringSubmatch(embedCode)
	if m == nil {
		t.Fatalf("the embed code has no src: %s", embedCode)
	}
	embedURL := html.UnescapeString(m[1])
	if !strings.HasPrefix(link, base) || !strings.HasPrefix(embedURL, base) {
		t.Fatalf("the link %q or the embed %q is not on the page's origin %s", link, embedURL, base)
	}

	for _, c := range []struct {
		name string
		w, h int
		url  string
	}{
		{"1280x800", 1280, 800, link},
		{"390x844", 390, 844, link},
		{"embed-800x600", 800, 600, embedURL},
	} {
		reader := newBrowser(t, c.w, c.h)
		readerErrors := watchConsole(reader)
		if err := chromedp.Do(reader, chromedp.EmulateViewport(int64(c.w), int64(c.h), chromedp.EmulateScale(1))); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(reader, chromedp.Navigate(c.url)); err != nil {
			t.Fatal(err)
		}
		pollJS(t, reader, readyJS+` && document.getElementById("clock").textContent === "00:00:19.000"`, 30*time.Second, c.name+": the link never opened at 00:00:19.000")
		if _, err := chromedp.Run(reader, chromedp.Poll[bool](shownJS, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Errorf("%s: the link at the loss does not show it: %+v", c.name, readLoss(t, reader))
		}
		l := readLoss(t, reader)
		if l.Clock != "00:00:19.000" || l.Why || l.Show {
			t.Errorf("%s: %+v; want 00:00:19.000 and no question card (none is asked there)", c.name, l)
		}
		if !strings.HasPrefix(c.name, "embed") && (l.Markers == 0 || !l.Jump) {
			t.Errorf("%s: %+v; want the loss's red marker and the jump button", c.name, l)
		}
		screenshot(t, reader, "kplay-link-at-loss-"+c.name+".png")
		noPageErrors(t, readerErrors)
	}
	noPageErrors(t, pageErrors)
}

// cellClassesJS lists every log cell of the diagram as broker, offset and
// its classes (sorted: Vecty writes a class map in any order), in
// document order.
const cellClassesJS = `JSON.stringify([...document.querySelectorAll("svg#diagram .log")].flatMap(l =>
	[...l.querySelectorAll(".cell, .slot")].map(c => l.dataset.broker + "@" + (c.dataset.offset || "-") + " " + [...c.classList].sort().join(" "))))`

// TestBrowserSameMomentSameCells: the learner played start-here at 10×,
// paused and copied the link; the same moment opened from it drew the
// recent records teal where the page had them yellow ("just appended").
// Played and linked, the moment's cells carry the same classes.
func TestBrowserSameMomentSameCells(t *testing.T) {
	ctx, _, pageErrors := learnerOpen(t, 1280, 800, "/")
	setMaxSpeed(t, ctx)
	setPlaying(t, ctx, true)
	pollJS(t, ctx, `document.querySelectorAll("svg#diagram .log .cell").length > 20`, 60*time.Second, "start-here never drew twenty cells")
	setPlaying(t, ctx, false)
	twoFrames(t, ctx)
	clock := evalJS[string](t, ctx, `document.getElementById("clock").textContent`)
	played := evalJS[string](t, ctx, cellClassesJS)
	link := copied(t, ctx, "share", "#s=1.")
	reader := newBrowser(t, 1280, 800)
	if err := chromedp.Do(reader, chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	pollJS(t, reader, readyJS+` && document.getElementById("clock").textContent === `+jsString(clock), 30*time.Second, "the link never opened at "+clock)
	twoFrames(t, reader)
	if linked := evalJS[string](t, reader, cellClassesJS); linked != played {
		t.Errorf("at %s the played page and its link draw different cells:\nplayed %s\nlinked %s", clock, played, linked)
	}
	noPageErrors(t, pageErrors)
}

// TestBrowserShowMeLeavesTheMomentInView: on a phone and in an 800×600
// embed the question card is a drawer over the page; after "Show me" it
// keeps the why and Continue but no longer covers the moment it went to
// once the page has scrolled it clear: no red-outlined cell lies under it.
func TestBrowserShowMeLeavesTheMomentInView(t *testing.T) {
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
		twoFrames(t, ctx)
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
