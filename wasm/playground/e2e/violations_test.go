//go:build browser && !js

package e2e

// Browser tests of what the page lets a learner SEE of a loss: truncated
// records struck through after a failover, the inspector and the record
// lifecycle for a clicked cell, badges on broker boxes, a violation painted
// on the records it lost, and a duplicate a retry appended.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kplay/scenarios"
)

// TestBrowserDuplicateIsMarked: in incident-duplicate-on-retry (Kafka 2.8,
// no idempotence) broker 2's offset 2 holds the resent m2 and is drawn as
// a duplicate, offset 1 is not; the legend explains the mark and clicking
// the cell makes the lifecycle say a retry appended m2 again. In the
// fixed preset (idempotence on) no cell is marked.
func TestBrowserDuplicateIsMarked(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=incident-duplicate-on-retry")
	setPlaying(t, ctx, false)
	scrubTo(t, ctx, 0, 4000)
	b2 := `#diagram g.node[data-node="b2"] g.cell`
	pollJS(t, ctx, `document.querySelector('`+b2+`.duplicate[data-offset="2"] rect.dup-mark') !== null`, 10*time.Second, "broker 2's offset 2 is not marked a duplicate")
	if n := evalJS[int](t, ctx, `document.querySelectorAll('`+b2+`.duplicate:not([data-offset="2"])').length`); n != 0 {
		t.Errorf("%d other cells of broker 2 marked duplicates", n)
	}
	if !evalJS[bool](t, ctx, `[...document.querySelectorAll(".legend li")].some(l => l.textContent.startsWith("duplicate: a retry appended"))`) {
		t.Error("the legend does not explain the duplicate mark")
	}
	evalJS[bool](t, ctx, `(() => { document.querySelector('`+b2+`[data-offset="2"]').dispatchEvent(new MouseEvent("click", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `(document.querySelector("#lifecycle .life-dup") || {textContent: ""}).textContent.includes("a retry appended m2 again")`, 10*time.Second, "the lifecycle does not say the record is a duplicate")
	screenshot(t, ctx, "kplay-duplicate-1280x800.png")

	fixed, _, _ := pageAt(t, 1280, 800, "/?preset=incident-duplicate-on-retry-fixed")
	setPlaying(t, fixed, false)
	scrubTo(t, fixed, 0, 4000)
	if n := evalJS[int](t, fixed, `document.querySelectorAll("#diagram g.cell.duplicate").length`); n != 0 {
		t.Errorf("with idempotence %d cells are marked duplicates", n)
	}
	noPageErrors(t, pageErrors)
}

// stepAndDraw presses #step and waits two animation frames, so that the
// page has drawn the step whether it renders at once or on the next frame.
func stepAndDraw(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := steadyClick(ctx, "#step"); err != nil {
		t.Fatalf("click #step: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("waiting for a frame: %v", err)
	}
}

// TestBrowserSeeTruncation crashes the leader b1 right after it appended a
// record no follower has, waits for the failover, restarts b1 and steps
// until its log truncates the record: it must stay drawn, struck through
// (.cell.truncated). Clicking a record cell fills #inspector and
// #lifecycle; the broker boxes carry their badges.
func TestBrowserSeeTruncation(t *testing.T) {
	t.Parallel()
	ctx, pageErrors := fastPage(t, 1280, 1000, "/?preset=order-9001")
	before := waitSteady(t, ctx)
	if got := badges(t, ctx); !strings.Contains(got, "b1=leader,in-isr") || !strings.Contains(got, "b2=follower,in-isr") {
		t.Errorf("badges %q, want b1 leader in ISR and b2 follower in ISR", got)
	}
	if got := evalJS[string](t, ctx, `(document.querySelector('[data-node="controller"] [data-badge="controller"]') || {}).textContent || ""`); got != "controller" {
		t.Errorf("controller badge %q", got)
	}
	if !evalJS[bool](t, ctx, `[...document.querySelectorAll(".legend li")].some(l => l.textContent.includes("colour = leader epoch"))`) {
		t.Error("no legend entry for the leader epoch colours")
	}

	// Click a committed record: the inspector and the lifecycle fill, and
	// the broker's menu does not open.
	cell := fmt.Sprintf(`svg#diagram .log[data-broker="2"] .cell[data-offset="%d"] rect`, before.LEO2-1)
	if err := steadyClick(ctx, cell); err != nil {
		t.Fatalf("click %s: %v", cell, err)
	}
	pollJS(t, ctx, `(document.getElementById("inspector") || {}).textContent.includes("order-9005")`, 5*time.Second, "#inspector does not show order-9005")
	insp := evalJS[string](t, ctx, `document.getElementById("inspector").textContent`)
	for _, want := range []string{"offset 1208", "leader epoch", "produced at", "p1", "yes: below broker 2's HW"} {
		if !strings.Contains(insp, want) {
			t.Errorf("#inspector %q lacks %q", insp, want)
		}
	}
	steps := evalJS[[]string](t, ctx, `[...document.querySelectorAll("#lifecycle li[data-step]")].map(l => l.dataset.step + "@" + l.dataset.node)`)
	for _, want := range []string{"append@b1", "copy@b2", "copy@b3", "hw@b1", "ack@p1", "read@c1"} {
		if !strings.Contains(strings.Join(steps, " "), want) {
			t.Errorf("#lifecycle steps %v lack %s", steps, want)
		}
	}
	if evalJS[bool](t, ctx, `document.querySelector(".broker-menu") !== null`) {
		t.Error("clicking a record cell opened the broker menu")
	}
	evalJS[bool](t, ctx, `(document.getElementById("inspector").scrollIntoView({block: "start"}), true)`)
	screenshot(t, ctx, "kplay-see-inspector-1280x1000.png")
	evalJS[bool](t, ctx, `(window.scrollTo(0, 0), true)`)

	// Pause, produce, and step until the leader has appended the record
	// (its followers' copies are still on the wire), then crash it: the
	// responses die with its process.
	setPlaying(t, ctx, false)
	if err := steadyClick(ctx, "#produce"); err != nil {
		t.Fatalf("click #produce: %v", err)
	}
	leo1 := `Number(document.querySelector('.log[data-broker="1"]').dataset.leo)`
	for i := 0; evalJS[int](t, ctx, leo1) == before.LEO1; i++ {
		if i == 50 {
			t.Fatalf("b1 did not append after 50 steps\npage text:\n%s", pageDump(ctx))
		}
		stepAndDraw(t, ctx)
	}
	// The leader's responses to its followers are on the wire: a click on
	// one fills the inspector. The dots still move to their places for a
	// frame or two after the step, so the click waits for the dot to stand
	// still (steadyClick): beside two other tabs chromedp.Click once read
	// its box a frame early and the click missed it (a fresh clone's run).
	if err := steadyClick(ctx, `svg#dots g.msg[data-kind="FetchResponse"] circle`); err != nil {
		t.Fatalf("click a FetchResponse dot: %v", err)
	}
	pollJS(t, ctx, `(() => { const s = document.getElementById("inspector").textContent;
		return s.includes("FetchResponse") && s.includes("deliver at") && s.includes("b1 → b"); })()`, 5*time.Second, "#inspector does not show the FetchResponse")
	act(t, ctx, "b1", "#act-crash")
	if got := badges(t, ctx); !strings.Contains(got, "b1=leader,in-isr,down") {
		t.Errorf("badges right after the crash %q, want b1 down", got)
	}
	setPlaying(t, ctx, true)
	pollJS(t, ctx, `(() => {
		const g = n => document.querySelector('svg#diagram g.node[data-node="' + n + '"]');
		return (g("b2").dataset.role === "leader" || g("b3").dataset.role === "leader") &&
			g("b1").querySelector('[data-badge="fenced"]') !== null && g("b1").querySelector('[data-badge="out-of-sync"]') !== null;
	})()`, 30*time.Second, "no failover, or b1 not fenced and out of sync")
	if got := evalJS[string](t, ctx, `document.getElementById("controller-state").textContent`); !strings.Contains(got, "broker 1: fenced at") {
		t.Errorf("controller bar %q, want it to name fenced broker 1", got)
	}
	screenshot(t, ctx, "kplay-see-failover-1280x1000.png")
	// On a phone the badges sit on the boxes' top edges.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1), chromedp.EmulatePortrait)); err != nil {
		t.Fatalf("phone viewport: %v", err)
	}
	pollJS(t, ctx, `window.innerWidth === 390 && document.querySelector("svg#diagram.narrow") !== null`, 10*time.Second, "the diagram did not stack at 390 px")
	if got := badges(t, ctx); !strings.Contains(got, "b1=replica,out-of-sync,fenced,down") {
		t.Errorf("phone badges %q", got)
	}
	screenshot(t, ctx, "kplay-see-failover-390x844.png")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1000, chromedp.EmulateScale(1))); err != nil {
		t.Fatalf("resetting the viewport: %v", err)
	}
	pollJS(t, ctx, `document.querySelector("svg#diagram.narrow") === null`, 10*time.Second, "the diagram did not widen again")

	// Restart b1 while paused and step until it truncates.
	setPlaying(t, ctx, false)
	act(t, ctx, "b1", "#act-restart")
	found := false
	for i := 0; i < 200 && !found; i++ {
		stepAndDraw(t, ctx)
		found = evalJS[bool](t, ctx, `document.querySelector('svg#diagram .log[data-broker="1"] .cell.truncated') !== null`)
	}
	if !found {
		t.Fatalf("b1 never showed a truncated record\npage text:\n%s", pageDump(ctx))
	}
	ghost := evalJS[string](t, ctx, `(() => {
		const g = document.querySelector('svg#diagram .log[data-broker="1"] .cell.truncated');
		const l = g.closest(".log");
		return JSON.stringify({offset: Number(g.dataset.offset), leo: Number(l.dataset.leo), title: g.querySelector("title").textContent, strike: g.querySelector(".strike") !== null});
	})()`)
	var gh struct {
		Offset, LEO int
		Title       string
		Strike      bool
	}
	if err := json.Unmarshal([]byte(ghost), &gh); err != nil {
		t.Fatal(err)
	}
	if gh.Offset != before.LEO1 || gh.LEO > gh.Offset || !gh.Strike || !strings.Contains(gh.Title, "truncated") {
		t.Errorf("ghost %+v: want offset %d at or after the log end, struck through, titled truncated", gh, before.LEO1)
	}
	if !evalJS[bool](t, ctx, `[...document.querySelectorAll("#events li")].some(l => l.textContent.includes("b1 truncates"))`) {
		t.Error("the event log does not say b1 truncates")
	}
	// The ghost is inspectable too.
	if err := steadyClick(ctx, `svg#diagram .log[data-broker="1"] .cell.truncated rect`); err != nil {
		t.Fatalf("click the ghost: %v", err)
	}
	pollJS(t, ctx, `document.getElementById("inspector").textContent.includes("truncated from broker 1")`, 5*time.Second, "#inspector does not call the ghost truncated")
	pollJS(t, ctx, `document.querySelector('#lifecycle li[data-step="truncate"][data-node="b1"]') !== null`, 5*time.Second, "#lifecycle has no truncation by b1")
	screenshot(t, ctx, "kplay-see-truncated-1280x1000.png")

	noPageErrors(t, pageErrors)
}

// TestBrowserSeeViolation plays the acks=1 loss preset (loaded through the
// page's kplayLoadScript hook): m2 is lost at 19.000, so its cells are
// outlined as lost and #violations says why.
func TestBrowserSeeViolation(t *testing.T) {
	t.Parallel()
	ctx, pageErrors := fastPage(t, 1280, 1000, "/?preset=order-9001")
	p, ok := scenarios.Get("acks1-loss")
	if !ok {
		t.Fatal("no acks1-loss preset")
	}
	if !evalJS[bool](t, ctx, `typeof window.kplayLoadScript === "function"`) {
		t.Fatal("the page has no window.kplayLoadScript hook to load a scenario")
	}
	src, _ := json.Marshal(p.Text)
	if msg := evalJS[string](t, ctx, `window.kplayLoadScript(`+string(src)+`)`); msg != "" {
		t.Fatalf("loading acks1-loss: %s", msg)
	}
	if !evalJS[bool](t, ctx, `document.getElementById("violations").hidden`) {
		t.Error("#violations shows before anything broke")
	}
	// The preset asks questions; play through them.
	pollJS(t, ctx, `document.getElementById("lesson-mode")?.checked === true`, 5*time.Second, "lesson mode is on for a preset with questions")
	if err := steadyClick(ctx, "#lesson-mode"); err != nil {
		t.Fatalf("click #lesson-mode: %v", err)
	}
	pollJS(t, ctx, `document.getElementById("lesson-mode").checked === false`, 5*time.Second, "lesson mode turns off")
	setMaxSpeed(t, ctx)
	setPlaying(t, ctx, true)
	pollJS(t, ctx, `document.querySelector('svg#diagram .cell.lost') !== null && document.getElementById("violations").textContent.includes("AcknowledgedWriteLost")`,
		60*time.Second, "no lost cell and violation banner")
	text := evalJS[string](t, ctx, `document.getElementById("violations").textContent`)
	if !strings.Contains(text, "acks=1 was answered before any follower had the record") {
		t.Errorf("#violations %q does not explain the loss", text)
	}
	title := evalJS[string](t, ctx, `document.querySelector('svg#diagram .cell.lost title').textContent`)
	if !strings.Contains(title, "m2") || !strings.Contains(title, "AcknowledgedWriteLost") {
		t.Errorf("lost cell title %q", title)
	}
	// b2 and b3 never had m2: its place in their logs is outlined as lost.
	if n := evalJS[int](t, ctx, `document.querySelectorAll('svg#diagram .slot.lost').length`); n < 2 {
		t.Errorf("%d lost slots, want b2's and b3's", n)
	}
	screenshot(t, ctx, "kplay-see-violation-1280x1000.png")
	// b1 returns at 40.000 and truncates m2 at 40.002: a struck-through ghost, still lost.
	pollJS(t, ctx, `document.querySelector('svg#diagram .log[data-broker="1"] .cell.truncated.lost') !== null`, 60*time.Second, "b1's truncated m2 is not drawn")
	screenshot(t, ctx, "kplay-see-violation-truncated-1280x1000.png")
	// The same in the other theme: the red outline must still stand out.
	if err := steadyClick(ctx, "#theme"); err != nil {
		t.Fatalf("click #theme: %v", err)
	}
	pollJS(t, ctx, `document.documentElement.dataset.theme !== undefined`, 5*time.Second, "no theme change")
	screenshot(t, ctx, "kplay-see-violation-theme-1280x1000.png")
	noPageErrors(t, pageErrors)
}
