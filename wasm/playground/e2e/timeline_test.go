//go:build browser && !js

package e2e

// Browser tests of the timeline: scrubbing back before a crash shows the
// cluster as it was, acting there forks history, a run with a broken
// guarantee marks it and jumps to it, the scrubber lands a link's moment,
// and the same moment draws the same cells however it was reached.

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"kplay/engine"
	"kplay/link"
	"kplay/scenarios"
	"kplay/site"
)

// layoutSizes are the widths the timeline's heading row is checked at,
// on the page and in an embed with the embed code's controls=min.
var layoutSizes = []struct {
	name          string
	width, height int
	path          string
}{
	{"page-390x844", 390, 844, "/?preset=acks1-loss"},
	{"page-768x800", 768, 800, "/?preset=acks1-loss"},
	{"page-800x600", 800, 600, "/?preset=acks1-loss"},
	{"page-1280x800", 1280, 800, "/?preset=acks1-loss"},
	{"embed-390x844", 390, 844, "/embed.html?preset=acks1-loss&controls=min"},
	{"embed-768x600", 768, 600, "/embed.html?preset=acks1-loss&controls=min"},
	{"embed-800x600", 800, 600, "/embed.html?preset=acks1-loss&controls=min"},
	{"embed-1280x800", 1280, 800, "/embed.html?preset=acks1-loss&controls=min"},
}

// timelineRowJS reports what is wrong with the timeline's heading row
// and its track (bad), and the ◀ ▶ buttons' sizes (prev, next: "w×h").
// The track keeps a usable width: half the timeline's, or a row of its
// own under everything of the heading; no control of the row covers
// another or the track; no text of the row is cut or runs off the
// screen, and the note and the jump button are one line each; the
// questions' "?" markers keep apart.
const timelineRowJS = `(() => {
	const bad = [];
	const R = e => e.getBoundingClientRect();
	const shown = e => e !== null && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
	const name = e => e.id ? "#" + e.id : "." + [...e.classList].join(".");
	const tl = R(document.querySelector(".timeline"));
	const trackBox = document.querySelector(".timeline-track");
	const slider = R(document.getElementById("timeline"));
	const parts = [...document.querySelectorAll(".timeline-head > label, .timeline-head > .timeline-range, #moment-prev, #moment-next, #moment-why, #jump-violation, .timeline > .lesson-toggle")].filter(shown);
	const ownRow = parts.every(p => R(p).bottom <= R(trackBox).top + 0.5);
	if (!(slider.width >= tl.width / 2 - 0.5 || (ownRow && slider.width >= tl.width * 0.9))) {
		bad.push("the track is " + Math.round(slider.width) + " px of a " + Math.round(tl.width) + "-px timeline" + (ownRow ? "" : ", beside the heading"));
	}
	const over = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
	const things = parts.map(p => [name(p), R(p)]);
	things.push(["the slider", slider]);
	for (const m of document.querySelectorAll(".timeline .marker")) if (shown(m)) things.push(["marker " + (m.dataset.kind || "") + " " + (m.dataset.at || ""), R(m)]);
	for (let i = 0; i < things.length; i++) {
		for (let j = i + 1; j < things.length; j++) {
			const [a, ra] = things[i], [b, rb] = things[j];
			if (a.startsWith("marker") && b.startsWith("marker") && !(a.startsWith("marker ask") && b.startsWith("marker ask"))) continue;
			if (a.startsWith("marker") && b === "the slider" || b.startsWith("marker") && a === "the slider") continue;
			if (over(ra, rb)) bad.push(a + " covers " + b);
		}
	}
	for (const p of parts) {
		const r = R(p);
		if (p.scrollWidth > p.clientWidth + 1 || p.scrollHeight > p.clientHeight + 1) bad.push(name(p) + "'s text is cut (" + p.scrollWidth + "×" + p.scrollHeight + " in " + p.clientWidth + "×" + p.clientHeight + ")");
		if (r.left < -0.5 || r.right > innerWidth + 0.5) bad.push(name(p) + " runs off the screen (" + Math.round(r.left) + "–" + Math.round(r.right) + ")");
	}
	for (const id of ["moment-why", "jump-violation"]) {
		const e = document.getElementById(id);
		if (!shown(e)) continue;
		const lh = parseFloat(getComputedStyle(e).lineHeight) || parseFloat(getComputedStyle(e).fontSize) * 1.3;
		const lines = Math.round((R(e).height - parseFloat(getComputedStyle(e).paddingTop) - parseFloat(getComputedStyle(e).paddingBottom) - parseFloat(getComputedStyle(e).borderTopWidth) - parseFloat(getComputedStyle(e).borderBottomWidth)) / lh);
		if (lines > 1) bad.push("#" + id + " " + JSON.stringify(e.textContent) + " takes " + lines + " lines");
	}
	const size = id => { const r = R(document.getElementById(id)); return Math.round(r.width) + "×" + Math.round(r.height); };
	return {bad, prev: size("moment-prev"), next: size("moment-next")};
})()`

type timelineRow struct {
	Bad  []string `json:"bad"`
	Prev string   `json:"prev"`
	Next string   `json:"next"`
}

// answerAndPlayOn picks the option labelled answer of the open question,
// continues, and plays on at the top speed.
func answerAndPlayOn(t *testing.T, ctx context.Context, answer string) {
	t.Helper()
	pick := fmt.Sprintf(`[...document.querySelectorAll("#ask .ask-option")].find(b => b.textContent === %q)`, answer)
	pollJS(t, ctx, pick+` !== undefined`, 10*time.Second, "no option "+answer)
	evalJS[bool](t, ctx, `(`+pick+`.click(), true)`)
	pollJS(t, ctx, `document.getElementById("ask-continue") !== null`, 10*time.Second, "no Continue after the answer")
	evalJS[bool](t, ctx, `(document.getElementById("ask-continue").click(), true)`)
	pollJS(t, ctx, `document.getElementById("ask-continue") === null`, 10*time.Second, "Continue stays")
	waitFrames(t, ctx)
	setMaxSpeed(t, ctx)
	setPlaying(t, ctx, true)
}

// TestBrowserTimelineHeadingKeepsItsTrack: acks1-loss played to its
// second question (00:00:40), its first answered, puts the "Answer the
// question first" note and the "Jump to the first broken guarantee"
// button in the timeline's heading row. On the page and in an embed
// with controls=min, at 390, 768, 800 and 1280 px, the track keeps half
// the row or a row of its own (at 768 px it had shrunk to 25 px, the
// "?" markers on top of each other), the ◀ ▶ buttons keep the size they
// had on the first screen (a phone's note wrapped to four lines and
// stretched them into tall boxes), no control covers another (a phone's
// jump button covered the track) and no text is cut.
func TestBrowserTimelineHeadingKeepsItsTrack(t *testing.T) {
	t.Parallel()
	for _, sz := range layoutSizes {
		t.Run(sz.name, func(t *testing.T) {
			t.Parallel()
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, sz.path)
			setPlaying(t, ctx, false)
			waitFrames(t, ctx)
			first := evalJS[timelineRow](t, ctx, timelineRowJS)
			if len(first.Bad) > 0 {
				t.Errorf("on the first screen:\n%s", strings.Join(first.Bad, "\n"))
			}
			setMaxSpeed(t, ctx)
			setPlaying(t, ctx, true)
			pollJS(t, ctx, `(document.getElementById("ask-q") || {}).textContent === "p2 holds an acknowledgement for m2 (acks=1), and b1 is about to crash. Is m2 safe?"`, 60*time.Second, "the first question never came")
			waitFrames(t, ctx)
			if q1 := evalJS[timelineRow](t, ctx, timelineRowJS); len(q1.Bad) > 0 || q1.Prev != first.Prev || q1.Next != first.Next {
				t.Errorf("at the first question (◀ %s ▶ %s, first %s %s):\n%s", q1.Prev, q1.Next, first.Prev, first.Next, strings.Join(q1.Bad, "\n"))
			}
			answerAndPlayOn(t, ctx, "no")
			pollJS(t, ctx, `(document.getElementById("ask-q") || {textContent: ""}).textContent.startsWith("b1 is about to return with m2")`, 60*time.Second, "the second question never came")
			pollJS(t, ctx, `document.getElementById("moment-why") !== null && document.getElementById("jump-violation") !== null`, 10*time.Second, "the heading row does not hold both the note and the jump button")
			waitFrames(t, ctx)
			got := evalJS[timelineRow](t, ctx, timelineRowJS)
			if len(got.Bad) > 0 {
				t.Errorf("at the second question:\n%s", strings.Join(got.Bad, "\n"))
			}
			if got.Prev != first.Prev || got.Next != first.Next {
				t.Errorf("the ◀ ▶ buttons are %s and %s at the question, %s and %s on the first screen", got.Prev, got.Next, first.Prev, first.Next)
			}
			// An embed scrolls its own document to the card: the shot
			// shows the timeline.
			evalJS[bool](t, ctx, `(scrollTo(0, 0), true)`)
			waitFrames(t, ctx)
			screenshot(t, ctx, "kplay-timeline-row-"+sz.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}

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

// TestBrowserLinkAtTheLossShowsIt is the learner's path through lesson 8
// ("What acks=1 promises"): they answer question 1, press "Show me", and
// see the loss at 00:00:19.000 (the red banner, outlines and marker),
// with the card still saying why and offering Continue. Then "Copy link"
// and "Copy embed code": a new reader opening the link (at 1280×800 and
// 390×844) or the embed (800×600) at 00:00:19.000, past a question they
// never saw, sees the same red banner and outlines, not a bare line in
// the event log.
func TestBrowserLinkAtTheLossShowsIt(t *testing.T) {
	t.Parallel()
	ctx, base, pageErrors := openPage(t, 1280, 800, "/?preset=acks1-loss")
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
	t.Parallel()
	ctx, _, pageErrors := openPage(t, 1280, 800, "/")
	setMaxSpeed(t, ctx)
	setPlaying(t, ctx, true)
	pollJS(t, ctx, `document.querySelectorAll("svg#diagram .log .cell").length > 20`, 60*time.Second, "start-here never drew twenty cells")
	setPlaying(t, ctx, false)
	waitFrames(t, ctx)
	clock := evalJS[string](t, ctx, `document.getElementById("clock").textContent`)
	played := evalJS[string](t, ctx, cellClassesJS)
	link := copied(t, ctx, "share", "#s=1.")
	reader := newBrowser(t, 1280, 800)
	if err := chromedp.Do(reader, chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	pollJS(t, reader, readyJS+` && document.getElementById("clock").textContent === `+jsString(clock), 30*time.Second, "the link never opened at "+clock)
	waitFrames(t, reader)
	if linked := evalJS[string](t, reader, cellClassesJS); linked != played {
		t.Errorf("at %s the played page and its link draw different cells:\nplayed %s\nlinked %s", clock, played, linked)
	}
	noPageErrors(t, pageErrors)
}

// TestBrowserScrubberLandsALinksMoment: start-here's slider spans its
// first seconds, not its producer's ten minutes; a link opened at
// t=10:03:00 sets the slider's range to hold that moment (site.ScrubSpan)
// and its thumb at it, at 1280×800 and 390×844.
func TestBrowserScrubberLandsALinksMoment(t *testing.T) {
	t.Parallel()
	p, _ := scenarios.Get("start-here")
	start := int64(10 * 3600 * 1000)
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/")
	if span := evalJS[string](t, ctx, `document.getElementById("timeline").max`); span != fmt.Sprint(int64(site.ScrubSpan(10000))) {
		t.Errorf("start-here's slider spans %s ms, want %d (its first 10 s and room)", span, site.ScrubSpan(10000))
	}
	for _, sz := range pageSizes[:2] {
		t.Run(sz.name, func(t *testing.T) {
			at := start + 3*60*1000
			frag := link.Encode(link.Link{Script: p.LearnerText(), T: at, HasT: true})
			lctx, _, _ := pageAt(t, sz.width, sz.height, "/#"+frag)
			pollJS(t, lctx, `document.getElementById("clock").textContent === "10:03:00.000"`, 10*time.Second, "the link did not open at 10:03:00")
			want := site.ScrubSpan(engine.Time(at - start))
			pollJS(t, lctx, fmt.Sprintf(`(() => { const tl = document.getElementById("timeline"); return tl.max === "%d" && tl.value === "%d"; })()`, want, at-start), 5*time.Second,
				fmt.Sprintf("the slider is not at 180000 of %d", want))
			// The thumb is drawn where the value says: its share of the track.
			frac := evalJS[float64](t, lctx, `(() => { const tl = document.getElementById("timeline"); return Number(tl.value) / Number(tl.max); })()`)
			if w := float64(at-start) / float64(want); frac < w-1e-9 || frac > w+1e-9 || frac <= 0.5 {
				t.Errorf("thumb at %.3f of the track, want %.3f", frac, w)
			}
			screenshot(t, lctx, "kplay-scrub-link-"+sz.name+".png")
		})
	}
	noPageErrors(t, pageErrors)
}

// TestBrowserTimelineMoments: the next-moment button goes to the crash
// (5 s in), then to the election the controller holds once the crashed
// leader's session timed out, then to the restart; "," goes back; → on the
// focused slider goes on; a scrub released within a few pixels of the
// crash stops on it.
func TestBrowserTimelineMoments(t *testing.T) {
	t.Parallel()
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

// tlAcks1LossScript is reference scenario S2: an acks=1 record is lost when
// the leader b1 crashes at 00:00:10.000 before a follower has it; b2 is
// elected at 00:00:19.000, when the violation is recorded.
const tlAcks1LossScript = `# title: acks=1 loss
cluster brokers=3 latency=(0,0) linger.ms=0 min.insync.replicas=2 eligible.leader.replicas.version=0
create-topic t partitions=1 rf=3
produce t-0 values=(m0, m1) acks=all
slow 1 2 latency=(1,1)
slow 1 3 latency=(1,1)
run until=00:00:10.000
produce t-0 producer=p2 values=(m2) acks=1
run until=00:00:10.000
crash 1
heal
run until=00:00:40.000
restart 1
`

// tlSpanPlayedTo is the slider's length (site.ScrubRange) for preset name
// played to ms after its start and no further, as a fork leaves it.
func tlSpanPlayedTo(t *testing.T, name string, ms int64) int64 {
	t.Helper()
	p, ok := scenarios.Get(name)
	if !ok {
		t.Fatalf("no preset %s", name)
	}
	s := site.NewStoreFromScript(name+".txt", p.Text)
	start := s.Player.Scenario().Config.Start
	s.Player.Seek(start + engine.Time(ms))
	return int64(s.ScrubRange().Span())
}

// tlScrub moves the timeline's slider to ms after the start, as a user
// dragging it does.
func tlScrub(t *testing.T, ctx context.Context, ms int64) {
	t.Helper()
	mustJS(t, ctx, "scrubbing the timeline", fmt.Sprintf(`(() => {
		const r = document.getElementById("timeline");
		if (r === null) return false;
		r.value = "%d";
		r.dispatchEvent(new Event("input", {bubbles: true}));
		return true;
	})()`, ms))
}

const tlB1Sel = `svg#diagram g.node[data-node="b1"]`

// TestBrowserTimelineScrubAndFork crashes the leader b1, waits for the
// failover, scrubs back before the crash and finds b1 the live leader
// again; crashing b2 there forks history: the actions list holds only the
// new action, and the timeline ends at the fork.
func TestBrowserTimelineScrubAndFork(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := openPage(t, 1280, 900, "/?preset=order-9001")
	mustJS(t, ctx, "a timeline slider and no #jump-violation before anything broke",
		`document.querySelector('input#timeline[type="range"]') !== null && document.querySelector("button#jump-violation") === null`)
	mustJS(t, ctx, "setting the top speed", `(() => {
		const s = document.getElementById("speed");
		s.value = s.max;
		s.dispatchEvent(new Event("input", {bubbles: true}));
		return true;
	})()`)
	waitSteady(t, ctx)

	act(t, ctx, "b1", "#act-crash")
	pollJS(t, ctx, `(() => {
		const g = n => document.querySelector('svg#diagram g.node[data-node="' + n + '"]');
		const lead = n => g(n) !== null && g(n).dataset.role === "leader";
		return (lead("b2") || lead("b3")) && g("b1").dataset.alive === "false";
	})()`, 30*time.Second, "a failover never happened")
	acts, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("ol#actions li")].map(l => l.textContent)`))
	if err != nil || len(acts) != 1 || !strings.HasSuffix(acts[0], " crash 1") {
		t.Fatalf("#actions %q (err %v), want one crash 1", acts, err)
	}
	crashAt := int64(pageClock(t, strings.Fields(acts[0])[0]))
	// Pause and let a frame pass, so the clock and the slider are read from
	// the same render (while playing they move between two reads).
	mustJS(t, ctx, "pausing", `(() => {
		const p = document.getElementById("play");
		if (p.getAttribute("aria-pressed") === "true") { p.click(); }
		return true;
	})()`)
	pollJS(t, ctx, `document.getElementById("play").getAttribute("aria-pressed") === "false"`, 30*time.Second, "paused never happened")
	time.Sleep(200 * time.Millisecond)
	start := int64(clockNow(t, ctx)) - tlMustInt(t, ctx, `Number(document.getElementById("timeline").value)`)
	pollJS(t, ctx, fmt.Sprintf(`document.querySelector('.timeline .marker-fault[data-at=%q]') !== null`, tlFormatMs(crashAt)), 30*time.Second, "a fault marker at the crash never happened")

	before := crashAt - start - 200
	tlScrub(t, ctx, before)
	// The page redraws on the next animation frame.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.getElementById("clock").textContent === %q`, tlFormatMs(start+before)),
		chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("clock %s after scrubbing, want %s", tlFormatMs(int64(clockNow(t, ctx))), tlFormatMs(start+before))
	}
	mustJS(t, ctx, "b1 the live leader before its crash", `document.querySelector('`+tlB1Sel+`[data-alive="true"][data-role="leader"]') !== null`)
	mustJS(t, ctx, "paused after scrubbing", `document.getElementById("play").getAttribute("aria-pressed") === "false"`)
	screenshot(t, ctx, "kplay-timeline-scrubbed-1280x900.png")
	// The crash is still ahead: its action stays listed, to replay.
	mustJS(t, ctx, "crash 1 still listed", `document.querySelectorAll("ol#actions li").length === 1`)

	// Act in the past: crash b2 instead.
	act(t, ctx, "b2", "#act-crash")
	want := tlFormatMs(start+before) + " crash 2"
	pollJS(t, ctx, fmt.Sprintf(`[...document.querySelectorAll("ol#actions li")].map(l => l.textContent).join("|") === %q`, want), 30*time.Second, "the fork in #actions never happened")
	acts, err = chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("ol#actions li")].map(l => l.textContent)`))
	if err != nil || len(acts) != 1 || acts[0] != want {
		t.Fatalf("#actions %q (err %v) after the fork, want only %q", acts, err, want)
	}
	mustJS(t, ctx, "the timeline ends a little after the fork", fmt.Sprintf(`document.getElementById("timeline").max === "%d"`, tlSpanPlayedTo(t, "order-9001", before)))
	mustJS(t, ctx, "no marker of the forgotten crash", fmt.Sprintf(`document.querySelector('.timeline .marker[data-at=%q]') === null`, tlFormatMs(crashAt)))
	mustJS(t, ctx, "b1 alive, b2 down", `document.querySelector('`+tlB1Sel+`[data-alive="true"]') !== null && document.querySelector('svg#diagram g.node[data-node="b2"][data-alive="false"]') !== null`)
	screenshot(t, ctx, "kplay-timeline-fork-1280x900.png")

	noPageErrors(t, pageErrors)
}

// TestBrowserJumpToViolation plays the acks=1 loss: before anything is
// played the timeline already marks the violation at 00:00:19.000 in red,
// and #jump-violation pauses there.
func TestBrowserJumpToViolation(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := openPage(t, 1280, 900, "/?preset=order-9001")
	if msg, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`window.kplayLoadScript(%q)`, tlAcks1LossScript))); err != nil || msg != "" {
		t.Fatalf("kplayLoadScript: %q, %v", msg, err)
	}
	pollJS(t, ctx, `document.querySelector('.timeline .marker-violation[data-at="00:00:19.000"]') !== null`, 30*time.Second, "a violation marker never happened")
	mustJS(t, ctx, "the marker is red", `getComputedStyle(document.querySelector(".timeline .marker-violation")).backgroundColor === "rgb(220, 38, 38)"`)
	if err := steadyClick(ctx, "#jump-violation"); err != nil {
		t.Fatalf("click #jump-violation: %v", err)
	}
	pollJS(t, ctx, `document.getElementById("clock").textContent === "00:00:19.000"`, 30*time.Second, "the clock at the violation never happened")
	mustJS(t, ctx, "paused at the violation", `document.getElementById("play").getAttribute("aria-pressed") === "false"`)
	mustJS(t, ctx, "b1 down and b2 the leader", `document.querySelector('`+tlB1Sel+`[data-alive="false"]') !== null && document.querySelector('svg#diagram g.node[data-node="b2"][data-role="leader"]') !== null`)
	screenshot(t, ctx, "kplay-timeline-violation-1280x900.png")
	noPageErrors(t, pageErrors)
}

func tlMustInt(t *testing.T, ctx context.Context, js string) int64 {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[int64](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// tlFormatMs prints milliseconds since midnight as the page's clock does.
func tlFormatMs(ms int64) string {
	return fmt.Sprintf("%02d:%02d:%02d.%03d", ms/3_600_000, ms/60_000%60, ms/1000%60, ms%1000)
}
