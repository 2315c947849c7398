//go:build browser && !js

package e2e

// Browser tests of a preset's own "try this" buttons and its story: every
// preset's tries work when clicked, in the page and in a minimal embed,
// acting while paused, the story's pace, Space after a try, and the
// gallery's link to the fixed Kafka.

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/scenarios"
	"kplay/site"
)

// TestBrowserGalleryPartner: a reader picks a gallery incident from the
// picker's group for KAFKA-7128. The summary links the ticket in a new
// tab (rel=noopener); in lesson mode, before the question, the link says
// only the ticket's name and the partner button only where it goes. With
// lesson mode off the button says "See it fixed on Kafka 4.4"; clicking it
// plays the fixed preset, names it in the picker and the address bar, and
// the fixed preset's button leads back to the bug's release.
func TestBrowserGalleryPartner(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := openPage(t, 1280, 800, "/")
	if got := evalJS[string](t, ctx, `[...document.querySelectorAll("#preset optgroup")].map(g => g.label + ":" + g.children.length).join("|")`); got != "1–11 · The lesson:11|12–14 · Famous failures:3|15–42 · Famous incidents: each report, then today's Kafka:28" {
		t.Errorf("picker groups %q, want the lesson's 11, 3 famous failures, then the 14 incidents each with its fix", got)
	}
	if got := evalJS[string](t, ctx, `(() => { const o = [...document.querySelectorAll("#preset option")]; const i = o.findIndex(x => x.value === "incident-kafka-7128"); return o.slice(i, i + 2).map(x => x.value + "=" + x.textContent).join("|"); })()`); got != "incident-kafka-7128=23. KAFKA-7128 · Kafka 2.0: the preferred leader returns with an old high watermark|incident-kafka-7128-fixed=24. ↳ Kafka 4.4: the same preferred leader returns today" {
		t.Fatalf("the KAFKA-7128 entries are %q, want the bug's preset then its fix", got)
	}
	evalJS[bool](t, ctx, `(() => { const p = document.getElementById("preset"); p.value = "incident-kafka-7128"; p.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `location.search === "?preset=incident-kafka-7128" && document.querySelector("#summary a.source") !== null && document.getElementById("partner") !== null`,
		10*time.Second, "picking the incident shows no source link and no partner button")
	src := evalJS[string](t, ctx, `(() => { const a = document.querySelector("#summary a.source"); return [a.href, a.target, a.rel, a.textContent].join("|"); })()`)
	if want := "https://issues.apache.org/jira/browse/KAFKA-7128|_blank|noopener|KAFKA-7128"; src != want {
		t.Errorf("before the question the source link is %q, want %q", src, want)
	}
	if got := evalJS[string](t, ctx, `document.getElementById("partner").textContent`); got != "Play the same schedule on Kafka 4.4" {
		t.Errorf("before the question the partner button says %q, which may tell the outcome", got)
	}
	evalJS[bool](t, ctx, `(() => { document.getElementById("lesson-mode").click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("partner").textContent === "See it fixed on Kafka 4.4" && document.querySelector("#summary a.source").textContent.startsWith("KAFKA-7128: ")`,
		10*time.Second, "with lesson mode off the button and the source do not say all")
	evalJS[bool](t, ctx, `(() => { document.getElementById("partner").click(); return true; })()`)
	pollJS(t, ctx, `location.search === "?preset=incident-kafka-7128-fixed" && document.getElementById("preset").value === "incident-kafka-7128-fixed" && document.getElementById("script").value.includes("kafka=4.4")`,
		10*time.Second, "the partner button does not open the fixed preset and name it in the address bar")
	pollJS(t, ctx, `document.getElementById("partner").textContent === "See the bug on Kafka 2.0" && document.getElementById("partner").dataset.preset === "incident-kafka-7128"`,
		10*time.Second, "the fixed preset's button does not lead back to the bug on Kafka 2.0")
	noPageErrors(t, pageErrors)
}

// TestBrowserSpaceAfterTryStaysPlayPause: after "Crash the leader
// (broker 1)" the button kept the focus and became "Restart broker 1",
// so Space, play or pause in the page's keyboard help, pressed it and
// undid the learner's crash. Pressed with the mouse or with Enter, the
// suggestion leaves the focus when it changes, and Space plays or
// pauses, with broker 1 still down.
func TestBrowserSpaceAfterTryStaysPlayPause(t *testing.T) {
	t.Parallel()
	for _, how := range []string{"mouse", "keyboard"} {
		t.Run(how, func(t *testing.T) {
			t.Parallel()
			ctx, _, pageErrors := pageAt(t, 1280, 800, "/")
			setPlaying(t, ctx, false)
			waitFrames(t, ctx)
			const crash = `[data-try="crash-leader"]`
			if how == "mouse" {
				click(t, ctx, crash)
			} else {
				evalJS[bool](t, ctx, `(document.querySelector(`+jsString(crash)+`).focus(), true)`)
				if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
					t.Fatal(err)
				}
			}
			pollJS(t, ctx, b1Down+` && document.querySelector('[data-try="restart"]') !== null`, 10*time.Second, "Crash the leader does not crash broker 1 and offer its restart")
			waitFrames(t, ctx)
			playing := evalJS[string](t, ctx, `document.getElementById("play").getAttribute("aria-pressed")`)
			if err := chromedp.Do(ctx, chromedp.KeyEvent(" ")); err != nil {
				t.Fatal(err)
			}
			pollJS(t, ctx, `document.getElementById("play").getAttribute("aria-pressed") !== `+jsString(playing), 5*time.Second, "Space did not play or pause")
			waitFrames(t, ctx)
			if !evalJS[bool](t, ctx, b1Down) {
				t.Errorf("Space restarted broker 1 (the focus is on %s)", evalJS[string](t, ctx, `document.activeElement.outerHTML.slice(0, 120)`))
			}
			noPageErrors(t, pageErrors)
		})
	}
}

// tryMoment is the first moment from try tr's own on, in preset name's
// run, at which the page offers it (site.Store.Suggestions, natively): its
// moment, or for a try whose while= claims do not hold there yet the first
// that they do (jepsen-2013's "Force an unclean election now", written at
// 12 s, waits for Leader: none at 14.501 s).
func tryMoment(t *testing.T, name string, tr script.Try) engine.Time {
	t.Helper()
	s := site.OpenStartup(site.ParseStartup("", "?preset="+name), false)
	s.Playing = false
	s.Player.Seek(tr.At)
	end := site.ScenarioEnd(s.Player.Scenario())
	for s.Player.Now() <= end {
		if slices.ContainsFunc(s.Suggestions(), func(sg site.Suggestion) bool { return sg.Label == tr.Label }) {
			return s.Player.Now()
		}
		if !s.Player.StepOne() {
			break
		}
	}
	t.Fatalf("%s: try %q is never offered", name, tr.Label)
	return 0
}

// tryFirstEvent is what try tr of preset name does first, clicked at at,
// as the event log words it: the first event at that moment that the run
// with the try has and the run without it lacks (site.Try on the page's
// own Store, natively).
func tryFirstEvent(t *testing.T, name string, tr script.Try, at engine.Time) string {
	t.Helper()
	run := func(with bool) []string {
		s := site.OpenStartup(site.ParseStartup("", "?preset="+name), false)
		if s.Err != "" {
			t.Fatalf("%s: %s", name, s.Err)
		}
		s.Playing = false
		s.Player.Seek(at)
		from := s.Player.EventCount()
		if with {
			for _, sg := range s.Suggestions() {
				if sg.Label == tr.Label {
					site.Try(s, sg)
				}
			}
		}
		s.Player.Advance(1)
		var out []string
		for _, e := range s.Player.Events(from) {
			if e.At == at {
				out = append(out, script.FormatEvent(e))
			}
		}
		return out
	}
	without := run(false)
	for _, l := range run(true) {
		if !slices.Contains(without, l) {
			_, text, _ := strings.Cut(l, " ")
			return text
		}
	}
	t.Fatalf("%s: try %q does nothing at its moment", name, tr.Label)
	return ""
}

// TestBrowserEveryPresetTryWorks clicks every try-this button of every
// preset at its moment (tryMoment), each after a replay that drops the
// one before, at 1280×800: the button is offered with its label, the
// click is taken (once played on, the event log, fetch chatter
// shown, holds the command's first consequence, as the engine words it),
// and no error is shown or logged.
func TestBrowserEveryPresetTryWorks(t *testing.T) {
	t.Parallel()
	// The presets are dealt to presetShards tabs that run side by side;
	// each tab picks its presets one after another, as a reader does, with
	// the time they all take.
	srv := serveSite(t, builtSite(t))
	for shard := range presetShards {
		t.Run(fmt.Sprintf("tab-%d", shard+1), func(t *testing.T) {
			t.Parallel()
			everyPresetTryWorks(t, srv.URL, shard)
		})
	}
}

// presetShards is how many tabs TestBrowserEveryPresetTryWorks deals the
// presets to: one tab took 150 s, the suite's longest test.
const presetShards = 3

// everyPresetTryWorks runs TestBrowserEveryPresetTryWorks in one tab of
// the site at url for the presets whose index is shard modulo
// presetShards.
func everyPresetTryWorks(t *testing.T, url string, shard int) {
	ctx := browserFor(t, 1280, 800, 8*time.Minute)
	pageErrors := watchConsole(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/?preset="+scenarios.Default)); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	pollJS(t, ctx, readyJS, 30*time.Second, "the page never drew its diagram")
	evalJS[bool](t, ctx, `(() => { const f = document.querySelector(".events-panel input[type=checkbox]"); if (f && !f.checked) f.click(); return true; })()`)
	pollJS(t, ctx, `(document.querySelector(".events-panel input[type=checkbox]") || {}).checked`, 5*time.Second, "fetch chatter stays hidden")
	for i, p := range scenarios.All() {
		if i%presetShards != shard {
			continue
		}
		sc, err := script.ParseAndCompile(p.Name, p.LearnerText())
		if err != nil {
			t.Fatal(err)
		}
		if len(sc.Tries) == 0 {
			continue
		}
		// One page for every preset, picked as a reader picks one (the
		// reader's fetch chatter stays shown), lesson stops off.
		setPlaying(t, ctx, false)
		evalJS[bool](t, ctx, fmt.Sprintf(`(() => { const p = document.getElementById("preset"); p.value = %q; p.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, p.Name))
		pollJS(t, ctx, fmt.Sprintf(`location.search === "?preset=%s"`, p.Name), 10*time.Second, "picking "+p.Name)
		evalJS[bool](t, ctx, `(() => { const c = document.querySelector(".lesson-toggle input"); if (c && c.checked) c.click(); return true; })()`)
		pollJS(t, ctx, `!(document.querySelector(".lesson-toggle input") || {}).checked`, 5*time.Second, p.Name+": lesson mode stays on")
		start := int64(sc.Config.Start)
		for i, tr := range sc.Tries {
			at := tryMoment(t, p.Name, tr)
			want := tryFirstEvent(t, p.Name, tr, at)
			if i > 0 {
				// The try before changed the run, and a try says what
				// is true only of the scenario's own ("Crash broker 2
				// too" once the link is healed): replay without it.
				evalJS[bool](t, ctx, `(() => { document.getElementById("restart").click(); return true; })()`)
			}
			setPlaying(t, ctx, false)
			scrubTo(t, ctx, start, int64(at)-start)
			sel := fmt.Sprintf(`#try-this button[data-try="try-%d"]`, tr.Line)
			pollJS(t, ctx, `document.querySelector('`+sel+`') !== null`, 10*time.Second, fmt.Sprintf("%s: %q is not offered at %s", p.Name, tr.Label, engine.FormatTime(at)))
			if got := evalJS[string](t, ctx, `document.querySelector('`+sel+`').textContent`); got != tr.Label {
				t.Errorf("%s: button reads %q, want %q", p.Name, got, tr.Label)
			}
			evalJS[bool](t, ctx, `(() => { document.querySelector('`+sel+`').click(); return true; })()`)
			setPlaying(t, ctx, true)
			pollJS(t, ctx, fmt.Sprintf(`document.getElementById("events").textContent.includes(%q)`, want), 20*time.Second,
				fmt.Sprintf("%s: after clicking %q the event log never says %q", p.Name, tr.Label, want))
			if e := evalJS[string](t, ctx, `(document.querySelector("main .error") || {textContent: ""}).textContent`); e != "" {
				t.Errorf("%s: after %q the page shows the error %q", p.Name, tr.Label, e)
			}
		}
	}
	noPageErrors(t, pageErrors)
}

// TestBrowserMinimalEmbedTry: an 800-px embed with controls=min (as "Copy
// embed code" writes it) opened paused offers the first thing to try,
// whole, one click away; the click crashes the leader and plays on.
func TestBrowserMinimalEmbedTry(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 800, 600, "/embed.html?preset=start-here&controls=min&autoplay=0")
	pollJS(t, ctx, `document.getElementById("play").getAttribute("aria-pressed") === "false" && document.querySelectorAll("#try-this button").length === 1`,
		10*time.Second, "a paused minimal embed offers no one thing to try")
	got := evalJS[string](t, ctx, `(() => {
		const b = document.querySelector("#try-this button"), r = b.getBoundingClientRect(), bar = document.getElementById("try-this").getBoundingClientRect();
		return b.textContent + (r.width > 0 && r.right <= bar.right + 0.5 && r.bottom <= bar.bottom + 0.5 && r.bottom <= innerHeight ? "" : " (not whole)");
	})()`)
	if got != "Crash the leader (broker 1)" {
		t.Errorf("the minimal embed's try: %q", got)
	}
	screenshot(t, ctx, "kplay-learnP-embed-min-paused-800x600.png")
	if err := steadyClick(ctx, `#try-this button`); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.querySelector('#diagram g.node[data-node="b1"] [data-badge="down"]') !== null && document.getElementById("play").getAttribute("aria-pressed") === "true"`,
		10*time.Second, "the try does not crash broker 1 and play on")
	noPageErrors(t, pageErrors)
}

// TestBrowserEmbedActWhilePaused: in an embed that waits for Play
// (autoplay=0), a learner crashes the leader by clicking its box. The
// crash shows, playback resumes by itself with a caption that says so,
// and the controller's session countdown on the crashed broker moves,
// all without pressing Play.
func TestBrowserEmbedActWhilePaused(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 800, 600, "/embed.html?preset=start-here&autoplay=0")
	pollJS(t, ctx, readyJS, 30*time.Second, "the embed never drew")
	if got := evalJS[string](t, ctx, `document.getElementById("play").getAttribute("aria-pressed")`); got != "false" {
		t.Fatalf("autoplay=0: the embed's Play is pressed=%s, want it waiting", got)
	}
	clock := evalJS[string](t, ctx, `document.getElementById("clock").textContent`)
	clickBoxMiddle(t, ctx, "b1")
	pollJS(t, ctx, `document.querySelector(".broker-menu #act-crash") !== null`, 5*time.Second, "clicking broker 1 opens its actions")
	click(t, ctx, "#act-crash")
	pollJS(t, ctx, `document.querySelector('svg#diagram g.node[data-node="b1"] [data-badge="down"]') !== null`, 5*time.Second, "b1 is not drawn down after the crash")
	pollJS(t, ctx, `document.getElementById("play").getAttribute("aria-pressed") === "true"`, 5*time.Second, "the crash did not resume playback")
	pollJS(t, ctx, fmt.Sprintf(`(c => c.startsWith(%q) && !c.includes("Press Play"))(document.getElementById("caption").textContent)`, site.ResumeNote), 5*time.Second, "the caption does not say why the embed plays")
	screenshot(t, ctx, "kplay-storyS-embed-resumed-800x600.png")
	pollJS(t, ctx, `document.querySelector('svg#diagram g.node[data-node="b1"] g.timer[data-timer="session"]') !== null`, 10*time.Second, "no session countdown on the crashed broker")
	first := evalJS[int](t, ctx, `Number(document.querySelector('svg#diagram g.node[data-node="b1"] g.timer[data-timer="session"]').dataset.left)`)
	pollJS(t, ctx, fmt.Sprintf(`(() => { const g = document.querySelector('svg#diagram g.node[data-node="b1"] g.timer[data-timer="session"]'); return g === null || Number(g.dataset.left) < %d; })()`, first),
		10*time.Second, "the fencing countdown does not progress without Play")
	if now := evalJS[string](t, ctx, `document.getElementById("clock").textContent`); now == clock {
		t.Errorf("the clock still says %s", now)
	}
	noPageErrors(t, pageErrors)
}

// TestBrowserStoryPaceAndTries: an incident with a one-second link opens
// at its own pace, in words ("2× slower than real time"); picking the
// default preset from the course returns to 1/100 and names it in the
// address bar. Past the incident's story its own one-click suggestions
// replace the generic ones, and one restarts the broker it names.
func TestBrowserStoryPaceAndTries(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := openPage(t, 1280, 800, "/?preset=incident-kafka-7128")
	label := `document.getElementById("speed-label")`
	// With quiet time sped up the readout names both speeds, the one
	// playing now first; the tooltip names the pace.
	both := func(busy string) string {
		return fmt.Sprintf(`[%q, %q].includes(`+label+`.textContent)`, busy+" quiet: real time", "quiet: real time busy: "+busy)
	}
	pollJS(t, ctx, both("2× slower")+` && `+label+`.title.includes("2× slower than real time")`,
		10*time.Second, "incident-kafka-7128 does not open at its pace, in words")
	evalJS[bool](t, ctx, `(() => { const p = document.getElementById("preset"); p.value = "start-here"; p.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `location.search === "?preset=start-here" && document.querySelector(".title").textContent.startsWith("Start here") && `+both("100× slower"),
		10*time.Second, "picking start-here does not play it at the default speed and name it in the address bar")
	evalJS[bool](t, ctx, `(() => { const p = document.getElementById("preset"); p.value = "incident-kafka-7128"; p.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `location.search === "?preset=incident-kafka-7128"`, 10*time.Second, "picking the incident again")
	// Lesson mode off, so that the question does not hold playback; then
	// on to the end of the story at the top speed.
	pollJS(t, ctx, `document.getElementById("lesson-mode") !== null`, 10*time.Second, "no lesson-mode switch")
	evalJS[bool](t, ctx, `(() => { document.getElementById("lesson-mode").click(); return true; })()`)
	pollJS(t, ctx, `!document.getElementById("lesson-mode").checked`, 5*time.Second, "lesson mode does not turn off")
	setMaxSpeed(t, ctx)
	setPlaying(t, ctx, true)
	pollJS(t, ctx, `[...document.querySelectorAll("#try-this button")].map(b => b.textContent).join("|") === "Restart broker 2|Send m2 with acks=all"`,
		30*time.Second, "past the story the incident does not offer its own suggestions, and only those")
	setPlaying(t, ctx, false)
	screenshot(t, ctx, "kplay-storyS-tries-1280x800.png")
	evalJS[bool](t, ctx, `(() => { [...document.querySelectorAll("#try-this button")].find(b => b.textContent === "Restart broker 2").click(); return true; })()`)
	pollJS(t, ctx, `document.querySelector('svg#diagram g.node[data-node="b2"] [data-badge="down"]') === null`, 20*time.Second, "“Restart broker 2” does not bring broker 2 back")
	noPageErrors(t, pageErrors)
}
