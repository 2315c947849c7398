//go:build browser && !js

package e2e

// The learner's paths through the page, as a newcomer takes them, each in
// real headless Chromium: the core path (open, crash the leader by
// clicking it, watch the fencing countdown and the election while the
// boxes stay put, restart it, rewind, retry with acks=1 and see the loss
// and the truncation), the teacher's path (pick a preset, edit, apply,
// share, reopen), a new script applied over the default preset, and what a
// fresh learner found wrong (the table view's roles after a crash, the
// next-moment button, an old protocol's subtitle).

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"kplay/link"
)

// boxRects returns each broker box's place on screen, "b1" → "x,y,w,h".
func boxRects(t *testing.T, ctx context.Context) map[string]string {
	t.Helper()
	var m map[string]string
	raw := evalJS[string](t, ctx, `JSON.stringify(Object.fromEntries([...document.querySelectorAll('svg#diagram g.node[data-node^="b"]')].map(g => {
		const r = g.querySelector(".box").getBoundingClientRect();
		return [g.dataset.node, [r.x, r.y, r.width, r.height].map(Math.round).join(",")];
	})))`)
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// inFirstViewport is a JavaScript condition: sel exists, is drawn, and
// its top lies inside the first viewport (the page not scrolled).
func inFirstViewport(sel string) string {
	return fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false; const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.top + window.scrollY < window.innerHeight; })()`, sel)
}

// checkFirstScreen asserts what the first viewport shows a newcomer: what
// kplay is, the diagram, the caption of the moment and a first thing to
// try.
func checkFirstScreen(t *testing.T, ctx context.Context, where string) {
	t.Helper()
	if h := evalJS[string](t, ctx, `document.querySelector("header").textContent`); !strings.Contains(h, "Apache Kafka") || !strings.Contains(strings.ToLower(h), "replication") {
		t.Errorf("%s: the header %q does not say it simulates Apache Kafka replication", where, h)
	}
	for _, sel := range []string{"header", "svg#diagram", "#caption", "#try-this button"} {
		if !evalJS[bool](t, ctx, inFirstViewport(sel)) {
			t.Errorf("%s: %s is not in the first viewport", where, sel)
		}
	}
	if c := evalJS[string](t, ctx, `document.getElementById("caption").textContent`); len(strings.TrimSpace(c)) < 20 {
		t.Errorf("%s: caption %q says nothing", where, c)
	}
}

// TestBrowserLearnerCorePath is the newcomer's path on the default page at
// its default speed: crash the leader by clicking the middle of its box,
// watch the controller count its session down and fence it, see a
// follower elected in place, restart it, rewind, then try "Produce with
// acks=1, then crash the leader" and see the acknowledged record lost and
// truncated from the returning broker, marked for at least two real
// seconds (assertTruncationStays).
func TestBrowserLearnerCorePath(t *testing.T) {
	t.Parallel()
	ctx, base, pageErrors := openPage(t, 1280, 800, "/")
	checkFirstScreen(t, ctx, "1280x800")
	screenshot(t, ctx, "kplay-learner-open-1280x800.png")
	if got := evalJS[string](t, ctx, roleOf("b1")); got != "leader" {
		t.Fatalf("b1 is %q at the start, want the leader", got)
	}
	if !evalJS[bool](t, ctx, `[...document.querySelectorAll("#try-this button")].some(b => /crash the leader/i.test(b.textContent))`) {
		t.Error(`no one-click "Crash the leader" to try`)
	}
	places := boxRects(t, ctx)

	// Crash the leader by clicking the middle of its box.
	clickBoxMiddle(t, ctx, "b1")
	pollJS(t, ctx, `document.querySelector(".broker-menu #act-crash") !== null`, 5*time.Second, "clicking the middle of broker 1 opens its actions")
	click(t, ctx, "#act-crash")
	pollJS(t, ctx, `document.querySelector('svg#diagram g.node[data-node="b1"] [data-badge="down"]') !== null`, 5*time.Second, "b1 is drawn down after the crash")

	// The controller strip tells the truth while the session runs out, and
	// the ring counts the session down.
	pollJS(t, ctx, `document.querySelector('svg#diagram g.node[data-node="b1"] g.timer[data-timer="session"]') !== null`, 10*time.Second, "no session countdown on the crashed broker")
	strip := evalJS[string](t, ctx, `document.getElementById("controller-state").textContent`)
	if strings.Contains(strip, "every broker registered and heartbeating") {
		t.Errorf("the controller strip says %q while broker 1 has stopped heartbeating", strip)
	}
	first := evalJS[int](t, ctx, `Number(document.querySelector('svg#diagram g.node[data-node="b1"] g.timer[data-timer="session"]').dataset.left)`)
	pollJS(t, ctx, fmt.Sprintf(`(() => { const g = document.querySelector('svg#diagram g.node[data-node="b1"] g.timer[data-timer="session"]'); return g === null || Number(g.dataset.left) < %d; })()`, first), 10*time.Second, "the session countdown does not move")
	screenshot(t, ctx, "kplay-learner-countdown-1280x800.png")

	// At the default speed the fencing and the election come within a
	// learner's patience (the session is 9 s of simulated time).
	pollJS(t, ctx, `document.querySelector('svg#diagram g.node[data-node="b1"] [data-badge="fenced"]') !== null && (`+roleOf("b2")+` === "leader" || `+roleOf("b3")+` === "leader")`, 45*time.Second, "no fencing and election at the default speed")
	if got := evalJS[string](t, ctx, `document.getElementById("controller-state").textContent`); !strings.Contains(got, "fenced") {
		t.Errorf("controller strip after the fence: %q, want it to say broker 1 is fenced", got)
	}
	if now := boxRects(t, ctx); fmt.Sprint(now) != fmt.Sprint(places) {
		t.Errorf("the boxes moved in the failover:\nbefore %v\nafter  %v", places, now)
	}
	if !evalJS[bool](t, ctx, `[...document.querySelectorAll("#events li")].some(l => /leader b[23]/.test(l.textContent))`) {
		t.Error("the event log does not show the election")
	}
	screenshot(t, ctx, "kplay-learner-election-1280x800.png")

	// Restart it: it comes back as a follower, in the same place.
	clickBoxMiddle(t, ctx, "b1")
	pollJS(t, ctx, `(b => b !== null && !b.disabled)(document.querySelector(".broker-menu #act-restart"))`, 5*time.Second, "broker 1's menu offers a restart")
	click(t, ctx, "#act-restart")
	pollJS(t, ctx, `document.querySelector('svg#diagram g.node[data-node="b1"] [data-badge="down"]') === null && `+roleOf("b1")+` === "follower"`, 20*time.Second, "b1 does not come back as a follower")
	if now := boxRects(t, ctx); fmt.Sprint(now) != fmt.Sprint(places) {
		t.Errorf("the boxes moved when b1 returned:\nbefore %v\nafter  %v", places, now)
	}

	// Rewind to the start, before the crash, paused: b1 leads again. The
	// crash and the restart are still ahead in this history.
	setPlaying(t, ctx, false)
	evalJS[bool](t, ctx, `(() => { const tl = document.getElementById("timeline"); tl.value = tl.min; tl.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, roleOf("b1")+` === "leader" && document.getElementById("clock").textContent === "10:00:00.000"`, 10*time.Second, "rewinding does not bring back the start")

	// Retry with acks=1: one click sends a record with acks=1 and crashes
	// the leader before any follower has it. Acting in the past forks
	// history: the page says so and offers an undo.
	pollJS(t, ctx, `[...document.querySelectorAll("#try-this button")].some(b => /acks=1/.test(b.textContent))`, 5*time.Second, "no acks=1 experiment to try")
	evalJS[bool](t, ctx, `(() => { [...document.querySelectorAll("#try-this button")].find(b => /acks=1/.test(b.textContent)).click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("fork") !== null`, 5*time.Second, "acting in the past does not say it forks history")
	if !evalJS[bool](t, ctx, `document.getElementById("fork-undo") !== null`) {
		t.Error("the fork notice offers no undo")
	}
	setPlaying(t, ctx, true)
	pollJS(t, ctx, `document.querySelector('svg#diagram .cell.lost') !== null && document.getElementById("violations").textContent.includes("AcknowledgedWriteLost")`, 90*time.Second, "the acks=1 record is not shown lost")
	screenshot(t, ctx, "kplay-learner-lost-1280x800.png")

	// The old leader returns and truncates the record it alone had.
	clickBoxMiddle(t, ctx, "b1")
	pollJS(t, ctx, `(b => b !== null && !b.disabled)(document.querySelector(".broker-menu #act-restart"))`, 30*time.Second, "broker 1's menu offers a restart after the acks=1 crash")
	click(t, ctx, "#act-restart")
	// Watched live at the default speed, the truncation stays marked long
	// enough to see, and the caption names it meanwhile.
	assertTruncationStays(t, ctx)
	screenshot(t, ctx, "kplay-learner-truncated-1280x800.png")

	// The same first screen on a phone and in an 800-px embed.
	phone := newBrowser(t, 390, 844)
	if err := chromedp.Do(phone, chromedp.Navigate(base+"/")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, phone, readyJS, 30*time.Second, "the phone page never drew")
	checkFirstScreen(t, phone, "390x844")
	screenshot(t, phone, "kplay-learner-open-390x844.png")
	embed := newBrowser(t, 800, 600)
	if err := chromedp.Do(embed, chromedp.Navigate(base+"/embed.html?preset=start-here&autoplay=1")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, embed, readyJS, 30*time.Second, "the embed never drew")
	if !evalJS[bool](t, embed, inFirstViewport("svg#diagram")) || !evalJS[bool](t, embed, inFirstViewport("#caption")) {
		t.Error("the 800-px embed does not show the diagram and the caption in its first viewport")
	}
	// Broker captions stay legible at 800 px: at least 11 px on screen.
	if px := evalJS[float64](t, embed, `document.querySelector('svg#diagram g.node[data-node="b1"] text').getBoundingClientRect().height`); px < 11 {
		t.Errorf("broker captions are %.1f px tall in an 800-px embed, want at least 11", px)
	}
	screenshot(t, embed, "kplay-learner-embed-800.png")
	noPageErrors(t, pageErrors)
}

// TestBrowserLearnerTeacherPath: a teacher picks a preset (the address bar
// names it), changes a line, applies it, shares the link and reopens it:
// the same script at the same moment, with the scrubber there too.
func TestBrowserLearnerTeacherPath(t *testing.T) {
	t.Parallel()
	ctx, base, pageErrors := openPage(t, 1280, 800, "/")
	evalJS[bool](t, ctx, `(() => { const p = document.getElementById("preset"); p.value = "failover-and-preferred-leader"; p.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `location.search === "?preset=failover-and-preferred-leader" && document.getElementById("script").value.includes("cluster ")`, 10*time.Second, "picking a preset does not name it in the address bar")
	// The picker is a course: the lesson first, then famous failures and incidents, numbered.
	if got := evalJS[string](t, ctx, `[...document.querySelectorAll("#preset optgroup")].map(g => g.label + ":" + g.children.length).join("|")`); got != "1–11 · The lesson:11|12–14 · Famous failures:3|15–42 · Famous incidents: each report, then today's Kafka:28" {
		t.Errorf("picker groups %q, want the lesson's 11, 3 famous failures, then the 14 incidents each with its fix", got)
	}
	setPlaying(t, ctx, false)
	// Retitle the scenario in the editor and apply with Ctrl+Enter.
	evalJS[bool](t, ctx, `(() => { const s = document.getElementById("script"); s.focus(); const i = s.value.indexOf('title "') + 'title "'.length; s.setSelectionRange(i, i); return true; })()`)
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("script"), "Class 3: ")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown,
		Key: "Enter", Code: "Enter", WindowsVirtualKeyCode: 13, Modifiers: 2 /* Ctrl */}); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.querySelector(".title").textContent.startsWith("Class 3: ")`, 10*time.Second, "Ctrl+Enter does not apply the edit")
	evalJS[bool](t, ctx, `(() => { const tl = document.getElementById("timeline"); tl.value = String(Number(tl.min) + 4000); tl.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `(() => { const [h, m, sms] = document.getElementById("clock").textContent.split(":"); return (Number(h) * 3600 + Number(m) * 60) * 1000 + Math.round(Number(sms) * 1000) === Number(document.getElementById("timeline").min) + 4000; })()`, 5*time.Second, "the scrubber does not move the clock")
	clock := evalJS[string](t, ctx, `document.getElementById("clock").textContent`)
	evalJS[bool](t, ctx, `(() => { document.getElementById("share").click(); return true; })()`)
	pollJS(t, ctx, `location.hash.startsWith("#s=1.")`, 5*time.Second, "sharing puts no link in the address bar")
	// The address bar follows the reader on a timer (at most every 500 ms),
	// so an earlier fragment (the paused, unedited preset's) may stand for
	// a moment: wait until the fragment carries the edit.
	var hash string
	var l link.Link
	var err error
	for deadline := time.Now().Add(5 * time.Second); ; {
		hash = evalJS[string](t, ctx, `location.hash`)
		if l, err = link.Parse(hash); err == nil && strings.Contains(l.Script, `title "Class 3: `) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the shared link does not carry the edit: %+v %v", l, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Reopen it in a new browser, as a student would.
	student := newBrowser(t, 1280, 800)
	if err := chromedp.Do(student, chromedp.Navigate(base+"/"+hash)); err != nil {
		t.Fatal(err)
	}
	pollJS(t, student, readyJS, 30*time.Second, "the shared link never drew")
	got := evalJS[string](t, student, `[document.querySelector(".title").textContent.startsWith("Class 3: "), document.getElementById("clock").textContent].join("|")`)
	if got != "true|"+clock {
		t.Errorf("reopened link: edited title|clock = %s, want true|%s", got, clock)
	}
	if scrub := evalJS[int](t, student, `Number(document.getElementById("timeline").value) - Number(document.getElementById("timeline").min)`); scrub != 4000 {
		t.Errorf("the reopened link's scrubber is at +%d ms, want +4000 (the link's moment)", scrub)
	}
	screenshot(t, student, "kplay-learner-reopened-1280x800.png")
	noPageErrors(t, pageErrors)
}

// TestBrowserLearnerNewScriptOverDefault pastes a new script without
// start= (9 brokers, 12 partitions) into the editor over the default
// preset, whose clock reads about 10:00, and applies it: it plays from its
// own start (00:00:00), not ten hours ahead, and the page stays alive.
func TestBrowserLearnerNewScriptOverDefault(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := openPage(t, 1280, 800, "/")
	if c := evalJS[string](t, ctx, `document.getElementById("clock").textContent`); !strings.HasPrefix(c, "10:") {
		t.Fatalf("the default preset's clock reads %s, want about 10:00", c)
	}
	src := "cluster brokers=9 seed=3\ncreate-topic orders partitions=12 rf=3\nproduce orders-0 count=3 acks=all\nrun until=00:00:02.000\ncrash 1\n"
	evalJS[bool](t, ctx, `(() => { const s = document.getElementById("script"); s.value = `+jsString(src)+`; s.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `!document.getElementById("script-apply").disabled`, 5*time.Second, "Apply is not offered for the new script")
	evalJS[bool](t, ctx, `(() => { document.getElementById("script-apply").click(); return true; })()`)
	pollJS(t, ctx, `document.querySelectorAll('svg#diagram g.node[data-node^="b"]').length === 9 && document.getElementById("clock").textContent.startsWith("00:00:0")`, 15*time.Second, "the new script does not start at its own start")
	// It keeps playing: the crash at 2 s happens and the page answers.
	setMaxSpeed(t, ctx)
	pollJS(t, ctx, `document.querySelector('svg#diagram g.node[data-node="b1"] [data-badge="down"]') !== null`, 30*time.Second, "the new script's crash never plays")
	screenshot(t, ctx, "kplay-learner-new-script-1280x800.png")
	noPageErrors(t, pageErrors)
}

// TestBrowserLearnerFixes: (1) crash the leader from Try this, open the
// table view: broker 1's row reads "leader (down)" while the diagram's
// pill on broker 1 reads "leader" (the controller has not fenced it yet);
// (2) in KIP-101's "before the fix", "moment ▶" reaches the election at
// 00:00:11, each press moving the clock; (3) that preset's subtitle names
// the rules of Kafka before 0.11 and its controller is not a "KRaft
// quorum"; (4) at lesson 8's first question "moment ▶" is disabled with
// its reason beside it.
func TestBrowserLearnerFixes(t *testing.T) {
	t.Parallel()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 800)
	errs := navigateReady(t, ctx, srv.URL+"/?preset=start-here")

	// (1) The table view after a crash.
	evalJS[bool](t, ctx, `(document.getElementById("play").getAttribute("aria-pressed") === "true" && document.getElementById("play").click(), true)`)
	pollJS(t, ctx, `[...document.querySelectorAll("#try-this button")].some(b => b.textContent.includes("Crash the leader"))`, 10*time.Second, "no 'Crash the leader' in Try this")
	evalJS[bool](t, ctx, `([...document.querySelectorAll("#try-this button")].find(b => b.textContent.includes("Crash the leader")).click(), true)`)
	pollJS(t, ctx, `document.querySelector('g.node[data-node="b1"] .role-badge') !== null && document.querySelector('g.node[data-node="b1"] .role-badge').textContent.trim() === "leader"`, 10*time.Second, "broker 1's pill does not read leader after the crash")
	evalJS[bool](t, ctx, `(document.getElementById("table-toggle").click(), true)`)
	pollJS(t, ctx, `document.querySelector('#table-view tr[data-broker="1"]') !== null`, 5*time.Second, "no table view")
	role := evalJS[string](t, ctx, `document.querySelector('#table-view tr[data-broker="1"]').children[1].textContent`)
	pill := evalJS[string](t, ctx, `document.querySelector('g.node[data-node="b1"] .role-badge').textContent.trim()`)
	if role != "leader (down)" || pill != "leader" {
		t.Errorf("after the crash the table says %q and the diagram %q", role, pill)
	}

	// (2) and (3): KIP-101 before the fix.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?preset=kip101-before-the-fix")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, readyJS, 30*time.Second, "the KIP-101 preset never drew")
	sub := evalJS[string](t, ctx, `document.querySelector(".subtitle").textContent`)
	if !strings.Contains(sub, "Kafka before 0.11") || strings.Contains(sub, "Kafka 4.4") {
		t.Errorf("subtitle %q", sub)
	}
	if ctl := evalJS[string](t, ctx, `document.getElementById("controller-state").textContent`); strings.HasPrefix(ctl, "KRaft") {
		t.Errorf("controller strip %q for a pre-KRaft replay", ctl)
	}
	evalJS[bool](t, ctx, `(document.getElementById("play").getAttribute("aria-pressed") === "true" && document.getElementById("play").click(), true)`)
	reached := false
	for i := 0; i < 10 && !reached; i++ {
		before := evalJS[string](t, ctx, `document.getElementById("clock").textContent`)
		evalJS[bool](t, ctx, `(document.getElementById("moment-next").click(), true)`)
		pollJS(t, ctx, `document.getElementById("clock").textContent !== `+jsString(before), 5*time.Second, "a press of moment ▶ at "+before+" did not move the clock")
		reached = evalJS[string](t, ctx, `document.getElementById("clock").textContent`) == "00:00:11.000"
	}
	if !reached {
		t.Error("moment ▶ never reached the election at 00:00:11.000")
	}
	screenshot(t, ctx, "kplay-learnm-kip101-moment-1280x800.png")

	// (4) At lesson 8's first question.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?preset=acks1-loss")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, readyJS, 30*time.Second, "lesson 8 never drew")
	for i := 0; i < 12; i++ {
		if evalJS[bool](t, ctx, `document.getElementById("moment-next").disabled`) {
			break
		}
		evalJS[bool](t, ctx, `(document.getElementById("moment-next").click(), true)`)
	}
	pollJS(t, ctx, `document.getElementById("moment-next").disabled && (document.getElementById("moment-why") || {}).textContent === "Answer the question first"`, 10*time.Second, "at the question moment ▶ is not disabled with its reason")
	screenshot(t, ctx, "kplay-learnm-question-1280x800.png")
	noPageErrors(t, errs)
}

// assertTruncationStays checks, at the default speed, that once broker
// 1's truncation is in the event log its box marks the removed record
// (.removed-mark, or the ghost cell in its strip) for at least 2 real
// seconds, and that the caption names the truncation while it does.
func assertTruncationStays(t *testing.T, ctx context.Context) {
	t.Helper()
	sampleFrames(t, ctx, "cut",
		`[...document.querySelectorAll("#events li")].some(l => l.textContent.includes("b1 truncates"))`,
		`document.querySelector('svg#diagram g.node[data-node="b1"] .removed-mark') !== null || document.querySelector('svg#diagram .log[data-broker="1"] .cell.truncated') !== null`,
		`document.getElementById("caption").textContent`,
		`(m => m ? m.textContent : "")(document.querySelector('svg#diagram g.node[data-node="b1"] .removed-mark'))`,
		markFitsJS)
	pollJS(t, ctx, `[...document.querySelectorAll("#events li")].some(l => l.textContent.includes("b1 truncates"))`, 60*time.Second, "the returning broker 1 never truncates")
	screenshot(t, ctx, "kplay-narrate-truncated-1280x800.png")
	pollJS(t, ctx, `(s => { const i = s.findIndex(x => x[1][0] === "true"); return i >= 0 && s[s.length-1][0] - s[i][0] > 2200; })(window.cut)`, 15*time.Second, "frames stopped after the truncation")
	screenshot(t, ctx, "kplay-narrate-truncated-2s-1280x800.png")
	samples := readSamples(t, ctx, "cut")
	from := -1
	for i, s := range samples {
		if s.Vals[0] == "true" {
			from = i
			break
		}
	}
	captioned, text := false, ""
	for _, s := range samples[from:] {
		if s.Ms-samples[from].Ms > 2000 {
			break
		}
		if s.Vals[1] != "true" {
			t.Fatalf("%.0f real ms after the truncation was in the event log, broker 1's box no longer marks it", s.Ms-samples[from].Ms)
		}
		if strings.HasPrefix(s.Vals[2], "Broker 1 truncated orders-0") {
			captioned = true
		}
		if s.Vals[3] != "" {
			text = s.Vals[3]
		}
		if s.Vals[4] != "true" {
			t.Errorf("broker 1's mark %q runs out of its box", s.Vals[3])
		}
	}
	if !captioned {
		t.Error("the caption did not name the truncation while broker 1's box marked it")
	}
	if !strings.Contains(text, "removed") {
		t.Errorf("broker 1's mark reads %q, want what it removed", text)
	}
}
