//go:build browser && !js

package e2e

import (
	"fmt"
	"testing"
	"time"

	"kplay/site"
)

// TestBrowserEmbedActWhilePaused: in an embed that waits for Play
// (autoplay=0), a learner crashes the leader by clicking its box. The
// crash shows, playback resumes by itself with a caption that says so,
// and the controller's session countdown on the crashed broker moves,
// all without pressing Play.
func TestBrowserEmbedActWhilePaused(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 800, 600, "/embed.html?preset=start-here&autoplay=0")
	pollJS(t, ctx, readyJS, 30*time.Second, "the embed never drew")
	if got := evalJS[string](t, ctx, `document.getElementById("play").getAttribute("aria-pressed")`); got != "false" {
		t.Fatalf("autoplay=0: the embed's Play is pressed=%s, want it waiting", got)
	}
	clock := evalJS[string](t, ctx, `document.getElementById("clock").textContent`)
	clickBoxMiddle(t, ctx, "b1")
	pollJS(t, ctx, `document.querySelector(".broker-menu #act-crash") !== null`, 5*time.Second, "clicking broker 1 opens its actions")
	actClick(t, ctx, "#act-crash")
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
	ctx, _, pageErrors := learnerOpen(t, 1280, 800, "/?preset=incident-kafka-7128")
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
