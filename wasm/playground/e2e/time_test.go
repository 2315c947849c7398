//go:build browser && !js

package e2e

// Browser tests of the timeline: scrubbing back before a crash shows the
// cluster as it was, acting there forks history, and a run with a broken
// guarantee marks it and jumps to it.

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kplay/engine"
	"kplay/scenarios"
	"kplay/site"
)

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

// tlOpenPage loads the site and waits for the first drawn diagram.
func tlOpenPage(t *testing.T) (context.Context, func() []string) {
	t.Helper()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 900)
	pageErrors := watchConsole(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?preset=order-9001")); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](readyJS, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("the page never drew its diagram: %v\npage text:\n%s", err, pageDump(ctx))
	}
	return ctx, pageErrors
}

// tlMustTrue evaluates a JS expression that must be true.
func tlMustTrue(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
	if err != nil || !ok {
		t.Fatalf("%s: not so (err %v)\nnodes: %s\npage text:\n%s", what, err, tlNodeRoles(ctx), pageDump(ctx))
	}
}

// tlWaitTrue polls a JS expression until it is true.
func tlWaitTrue(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(30*time.Second), chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		t.Fatalf("%s never happened: %v\nnodes: %s\npage text:\n%s", what, err, tlNodeRoles(ctx), pageDump(ctx))
	}
}

// tlNodeRoles lists the diagram's nodes with their role and liveness.
func tlNodeRoles(ctx context.Context) string {
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("g.node")].map(g => g.dataset.node + "=" + g.dataset.role + (g.dataset.alive ? "/alive=" + g.dataset.alive : "")).join(" ")`))
	return s
}

// tlAct opens a broker's menu from the diagram and clicks one of its buttons.
func tlAct(t *testing.T, ctx context.Context, node, button string) {
	t.Helper()
	if err := steadyClick(ctx, `svg#diagram g.node[data-node="`+node+`"] .box`); err != nil {
		t.Fatalf("click %s: %v", node, err)
	}
	tlWaitTrue(t, ctx, "an enabled "+button, fmt.Sprintf(`(() => { const b = document.querySelector(%q); return b !== null && !b.disabled; })()`, button))
	if err := steadyClick(ctx, button); err != nil {
		t.Fatalf("click %s: %v", button, err)
	}
}

// tlScrub moves the timeline's slider to ms after the start, as a user
// dragging it does.
func tlScrub(t *testing.T, ctx context.Context, ms int64) {
	t.Helper()
	tlMustTrue(t, ctx, "scrubbing the timeline", fmt.Sprintf(`(() => {
		const r = document.getElementById("timeline");
		if (r === null) return false;
		r.value = "%d";
		r.dispatchEvent(new Event("input", {bubbles: true}));
		return true;
	})()`, ms))
}

// tlClockMs reads #clock as milliseconds since midnight.
func tlClockMs(t *testing.T, ctx context.Context) int64 {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("clock").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	return tlParseClock(t, s)
}

func tlParseClock(t *testing.T, s string) int64 {
	t.Helper()
	var h, m, sec, ms int64
	if _, err := fmt.Sscanf(strings.TrimSpace(s), "%d:%d:%d.%d", &h, &m, &sec, &ms); err != nil {
		t.Fatalf("time %q: %v", s, err)
	}
	return ((h*60+m)*60+sec)*1000 + ms
}

const tlB1Sel = `svg#diagram g.node[data-node="b1"]`

// TestBrowserTimelineScrubAndFork crashes the leader b1, waits for the
// failover, scrubs back before the crash and finds b1 the live leader
// again; crashing b2 there forks history: the actions list holds only the
// new action, and the timeline ends at the fork.
func TestBrowserTimelineScrubAndFork(t *testing.T) {
	ctx, pageErrors := tlOpenPage(t)
	tlMustTrue(t, ctx, "a timeline slider and no #jump-violation before anything broke",
		`document.querySelector('input#timeline[type="range"]') !== null && document.querySelector("button#jump-violation") === null`)
	tlMustTrue(t, ctx, "setting the top speed", `(() => {
		const s = document.getElementById("speed");
		s.value = s.max;
		s.dispatchEvent(new Event("input", {bubbles: true}));
		return true;
	})()`)
	waitSteady(t, ctx)

	tlAct(t, ctx, "b1", "#act-crash")
	tlWaitTrue(t, ctx, "a failover", `(() => {
		const g = n => document.querySelector('svg#diagram g.node[data-node="' + n + '"]');
		const lead = n => g(n) !== null && g(n).dataset.role === "leader";
		return (lead("b2") || lead("b3")) && g("b1").dataset.alive === "false";
	})()`)
	acts, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("ol#actions li")].map(l => l.textContent)`))
	if err != nil || len(acts) != 1 || !strings.HasSuffix(acts[0], " crash 1") {
		t.Fatalf("#actions %q (err %v), want one crash 1", acts, err)
	}
	crashAt := tlParseClock(t, strings.Fields(acts[0])[0])
	// Pause and let a frame pass, so the clock and the slider are read from
	// the same render (while playing they move between two reads).
	tlMustTrue(t, ctx, "pausing", `(() => {
		const p = document.getElementById("play");
		if (p.getAttribute("aria-pressed") === "true") { p.click(); }
		return true;
	})()`)
	tlWaitTrue(t, ctx, "paused", `document.getElementById("play").getAttribute("aria-pressed") === "false"`)
	time.Sleep(200 * time.Millisecond)
	start := tlClockMs(t, ctx) - tlMustInt(t, ctx, `Number(document.getElementById("timeline").value)`)
	tlWaitTrue(t, ctx, "a fault marker at the crash", fmt.Sprintf(`document.querySelector('.timeline .marker-fault[data-at=%q]') !== null`, tlFormatMs(crashAt)))

	before := crashAt - start - 200
	tlScrub(t, ctx, before)
	// The page redraws on the next animation frame.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.getElementById("clock").textContent === %q`, tlFormatMs(start+before)),
		chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("clock %s after scrubbing, want %s", tlFormatMs(tlClockMs(t, ctx)), tlFormatMs(start+before))
	}
	tlMustTrue(t, ctx, "b1 the live leader before its crash", `document.querySelector('`+tlB1Sel+`[data-alive="true"][data-role="leader"]') !== null`)
	tlMustTrue(t, ctx, "paused after scrubbing", `document.getElementById("play").getAttribute("aria-pressed") === "false"`)
	screenshot(t, ctx, "kplay-timeline-scrubbed-1280x900.png")
	// The crash is still ahead: its action stays listed, to replay.
	tlMustTrue(t, ctx, "crash 1 still listed", `document.querySelectorAll("ol#actions li").length === 1`)

	// Act in the past: crash b2 instead.
	tlAct(t, ctx, "b2", "#act-crash")
	want := tlFormatMs(start+before) + " crash 2"
	tlWaitTrue(t, ctx, "the fork in #actions", fmt.Sprintf(`[...document.querySelectorAll("ol#actions li")].map(l => l.textContent).join("|") === %q`, want))
	acts, err = chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("ol#actions li")].map(l => l.textContent)`))
	if err != nil || len(acts) != 1 || acts[0] != want {
		t.Fatalf("#actions %q (err %v) after the fork, want only %q", acts, err, want)
	}
	tlMustTrue(t, ctx, "the timeline ends a little after the fork", fmt.Sprintf(`document.getElementById("timeline").max === "%d"`, tlSpanPlayedTo(t, "order-9001", before)))
	tlMustTrue(t, ctx, "no marker of the forgotten crash", fmt.Sprintf(`document.querySelector('.timeline .marker[data-at=%q]') === null`, tlFormatMs(crashAt)))
	tlMustTrue(t, ctx, "b1 alive, b2 down", `document.querySelector('`+tlB1Sel+`[data-alive="true"]') !== null && document.querySelector('svg#diagram g.node[data-node="b2"][data-alive="false"]') !== null`)
	screenshot(t, ctx, "kplay-timeline-fork-1280x900.png")

	noPageErrors(t, pageErrors)
}

// TestBrowserJumpToViolation plays the acks=1 loss: before anything is
// played the timeline already marks the violation at 00:00:19.000 in red,
// and #jump-violation pauses there.
func TestBrowserJumpToViolation(t *testing.T) {
	ctx, pageErrors := tlOpenPage(t)
	if msg, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`window.kplayLoadScript(%q)`, tlAcks1LossScript))); err != nil || msg != "" {
		t.Fatalf("kplayLoadScript: %q, %v", msg, err)
	}
	tlWaitTrue(t, ctx, "a violation marker", `document.querySelector('.timeline .marker-violation[data-at="00:00:19.000"]') !== null`)
	tlMustTrue(t, ctx, "the marker is red", `getComputedStyle(document.querySelector(".timeline .marker-violation")).backgroundColor === "rgb(220, 38, 38)"`)
	if err := steadyClick(ctx, "#jump-violation"); err != nil {
		t.Fatalf("click #jump-violation: %v", err)
	}
	tlWaitTrue(t, ctx, "the clock at the violation", `document.getElementById("clock").textContent === "00:00:19.000"`)
	tlMustTrue(t, ctx, "paused at the violation", `document.getElementById("play").getAttribute("aria-pressed") === "false"`)
	tlMustTrue(t, ctx, "b1 down and b2 the leader", `document.querySelector('`+tlB1Sel+`[data-alive="false"]') !== null && document.querySelector('svg#diagram g.node[data-node="b2"][data-role="leader"]') !== null`)
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
