//go:build browser && !js

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The fresh-eyes learner's last findings (issue 12): a restarted broker
// whose registration is refused, the producer label, the minimal embed's
// first thing to try, the help dialog's pause, and the phone's first
// screen.

// learnPRefusedScript crashes the leader b1 at 1 s and restarts it at 2
// s, well inside broker.session.timeout.ms (9 s): the controller refuses
// the new process's registration (DUPLICATE_BROKER_REGISTRATION) until the
// old session runs out.
const learnPRefusedScript = `title "A restart before the fence"
cluster brokers=3 seed=1 min.insync.replicas=2
create-topic orders partitions=1 rf=3
run until=00:00:01.000
crash 1
run until=00:00:02.000
restart 1
run until=00:00:02.500
`

// seekPaused pauses the page and seeks to ms after the scenario's start,
// as the timeline does (kplaySeekBench), and waits for the clock.
func seekPaused(t *testing.T, ctx context.Context, ms int, clock string) {
	t.Helper()
	setPlaying(t, ctx, false)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[float64](fmt.Sprintf(`window.kplaySeekBench(%d)`, ms), chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("seek to %d: %v", ms, err)
	}
	pollJS(t, ctx, `document.getElementById("clock").textContent === "`+clock+`"`, 30*time.Second, "the clock does not reach "+clock)
}

// TestBrowserRegistrationRefused: at 1280×800, broker 1 restarted at 2 s
// and seen at 5 s says on its box that it runs but is not registered,
// that its role and ISR membership are the controller's record, and how
// long the old session stays valid; its fence countdown runs; the
// controller strip says the registration is refused, within the strip.
func TestBrowserRegistrationRefused(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/")
	if msg := evalJS[string](t, ctx, fmt.Sprintf(`window.kplayLoadScript(%q)`, learnPRefusedScript)); msg != "" {
		t.Fatalf("kplayLoadScript: %s", msg)
	}
	seekPaused(t, ctx, 5000, "00:00:05.000")
	got := evalJS[string](t, ctx, `(() => {
		const g = document.querySelector('#diagram g.node[data-node="b1"]');
		const texts = sel => [...g.querySelectorAll(sel)].map(e => e.textContent).join("|");
		const bar = document.querySelector(".controller-bar").getBoundingClientRect();
		const out = [texts("g.role-badge text"), texts("g.badge text"), texts("g.timer text"), texts("text.note")];
		for (const s of document.querySelectorAll("#controller-state .session")) {
			if (s.getBoundingClientRect().right > bar.right + 0.5) out.push("cut: " + s.textContent);
		}
		out.push(document.getElementById("controller-state").textContent);
		return out.join(" // ");
	})()`)
	for _, want := range []string{"leader on record // ", "in ISR on record|not registered", "fenced in 4.0 s", "refused: old session valid 4.0 s",
		"broker 1: running, registration refused: the old session is valid for 4.0 s (DUPLICATE_BROKER_REGISTRATION)"} {
		if !strings.Contains(got, want) {
			t.Errorf("broker 1 at 5 s: %q lacks %q", got, want)
		}
	}
	if strings.Contains(got, "cut: ") {
		t.Errorf("the controller strip runs out of its bar: %s", got)
	}
	screenshot(t, ctx, "kplay-learnP-refused-1280x800.png")
	noPageErrors(t, pageErrors)
}

// TestBrowserProducerLabelFits: lesson 8 (acks1-loss) has producers p1
// and p2; at 1280×800, 390×844 and in the 800-px embed each has a line
// of its own inside the producer box, and the box's tooltip names both.
func TestBrowserProducerLabelFits(t *testing.T) {
	for _, sz := range []struct {
		name          string
		width, height int
		path          string
	}{{"page", 1280, 800, "/"}, {"phone", 390, 844, "/"}, {"embed", 800, 600, "/embed.html"}} {
		t.Run(sz.name, func(t *testing.T) {
			ctx, pageErrors := presetAt(t, sz, "acks1-loss")
			seekPaused(t, ctx, 40000, "00:00:40.000")
			got := evalJS[string](t, ctx, `(() => {
				const g = document.querySelector('#diagram g.node[data-node="producer"]');
				const box = g.querySelector("rect.box").getBoundingClientRect();
				const out = [];
				for (const s of g.querySelectorAll("text.sub")) {
					if (!s.textContent) continue;
					const r = s.getBoundingClientRect();
					out.push(s.textContent + (r.left < box.left || r.right > box.right ? " (spills out)" : ""));
				}
				const tip = g.querySelector("title");
				out.push(tip ? tip.textContent : "no tooltip");
				return out.join(" // ");
			})()`)
			if !strings.Contains(got, "p1 · ") || !strings.Contains(got, "p2 · ") || strings.Contains(got, "spills out") || strings.Contains(got, "…") ||
				!strings.Contains(got, "Producers, with the records each has sent and not yet had acknowledged: p1 · ") {
				t.Errorf("the producer box at %dx%d: %s", sz.width, sz.height, got)
			}
			screenshot(t, ctx, fmt.Sprintf("kplay-learnP-producer-%dx%d.png", sz.width, sz.height))
			noPageErrors(t, pageErrors)
		})
	}
}

// TestBrowserMinimalEmbedTry: an 800-px embed with controls=min (as "Copy
// embed code" writes it) opened paused offers the first thing to try,
// whole, one click away; the click crashes the leader and plays on.
func TestBrowserMinimalEmbedTry(t *testing.T) {
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

// TestBrowserHelpPauses: opening "?" (Words on the page) pauses playback
// and says so; closing it plays on. Over a paused page it leaves it
// paused.
func TestBrowserHelpPauses(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/")
	setPlaying(t, ctx, true)
	playing := `document.getElementById("play").getAttribute("aria-pressed") === "true"`
	click := func(id string) {
		t.Helper()
		if err := steadyClick(ctx, "#"+id); err != nil {
			t.Fatalf("click #%s: %v", id, err)
		}
	}
	click("help-open")
	pollJS(t, ctx, `document.getElementById("help") !== null && !(`+playing+`) && document.getElementById("help-paused").textContent.startsWith("Playback is paused while you read")`,
		10*time.Second, "the help dialog does not pause playback and say so")
	clock := evalJS[string](t, ctx, `document.getElementById("clock").textContent`)
	// Twenty animation frames later the clock still reads the same.
	now, err := chromedp.Run(ctx, chromedp.Evaluate[string](`new Promise(res => { let n = 0; const f = () => ++n < 20 ? requestAnimationFrame(f) : res(document.getElementById("clock").textContent); requestAnimationFrame(f); })`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if now != clock {
		t.Errorf("the clock ran behind the help dialog: %s → %s", clock, now)
	}
	screenshot(t, ctx, "kplay-learnP-help-1280x800.png")
	click("help-close")
	pollJS(t, ctx, `document.getElementById("help") === null && `+playing, 10*time.Second, "closing the help dialog does not play on")
	setPlaying(t, ctx, false)
	click("help-open")
	pollJS(t, ctx, `document.getElementById("help") !== null && document.getElementById("help-paused").textContent.startsWith("Playback was already paused")`,
		10*time.Second, "over a paused page the dialog does not say it stays paused")
	click("help-close")
	pollJS(t, ctx, `document.getElementById("help") === null && !(`+playing+`)`, 10*time.Second, "closing the help dialog played a page the reader had paused")
	noPageErrors(t, pageErrors)
}

// TestBrowserPhoneFirstScreen: at 390×844 the first screen holds the
// title, one row of playback buttons, the caption and the diagram's top
// with the whole leader box; the partition's line wraps, never cut.
func TestBrowserPhoneFirstScreen(t *testing.T) {
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
