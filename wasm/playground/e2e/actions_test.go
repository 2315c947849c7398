//go:build browser && !js

package e2e

// Browser tests of what a learner does to the cluster: the broker's menu
// (crash, cut and heal links), the panels, the actions the event log and
// the script keep, and the inspector across a rewind.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserActLinks scales the cluster down for teaching, cuts the link
// from the leader b1 to its follower b2, sees b2 leave the ISR after
// replica.lag.time.max.ms, heals it and sees b2 come back.
func TestBrowserActLinks(t *testing.T) {
	t.Parallel()
	ctx, pageErrors := fastPage(t, 1280, 800, "/?preset=order-9001")

	click(t, ctx, "#cfg-teaching")
	pollJS(t, ctx, actScriptHas("cluster brokers=3 seed=9001 start=09:59:59.000", "replica.lag.time.max.ms=5000", "broker.session.timeout.ms=3000"), 10*time.Second, "teaching scale changes the script's cluster line")
	waitSteady(t, ctx)

	link := `svg#diagram g.link-hit[data-link="b1-b2"]`
	ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const g = document.querySelector(%q); return g !== null && g.getAttribute("tabindex") === "0" && g.getAttribute("role") === "button" && (g.getAttribute("aria-label") || "").includes("broker 1 to broker 2"); })()`, link)))
	if err != nil || !ok {
		t.Fatalf("no %s with tabindex, role and aria-label (err %v)", link, err)
	}
	click(t, ctx, link+" .hit")
	pollJS(t, ctx, `document.querySelector(".link-menu #link-cut") !== null`, 5*time.Second, "the link menu opens")
	screenshot(t, ctx, "kplay-link-menu-1280x800.png")
	click(t, ctx, "#link-cut")
	pollJS(t, ctx, actScriptHas("\ncut 1 2\n"), 5*time.Second, "the cut joins the script")
	pollJS(t, ctx, `document.querySelector('svg#diagram g.link-hit.cut[data-link="b1-b2"]') !== null && document.querySelectorAll("svg#diagram g.link-hit.cut").length === 1`, 5*time.Second, "the cut link is drawn cut")

	// b2's fetches stop reaching b1. Once b1 has a record that b2 lacks
	// (Kafka keeps a follower whose log end matches the leader's in the
	// ISR), it shrinks the ISR to 1,3 after replica.lag.time.max.ms (5 s at
	// teaching scale).
	click(t, ctx, "#produce")
	pollJS(t, ctx, actScriptHas("\ncut 1 2\nrun until=", "acks=all"), 5*time.Second, "the produce joins the script")
	isr := func(want string) string {
		return fmt.Sprintf(`(document.getElementById("describe") || {}).textContent.includes("Leader: 1\tReplicas: 1,2,3\tIsr: %s\t")`, want)
	}
	pollJS(t, ctx, isr("1,3"), 40*time.Second, "b2 leaves the ISR after the cut")
	pollJS(t, ctx, `document.querySelector('svg#diagram g.node[data-node="b2"].out-of-sync') !== null`, 5*time.Second, "b2 is drawn out of sync")
	screenshot(t, ctx, "kplay-link-cut-1280x800.png")

	// From the keyboard this time: focus the link and press Enter.
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(link))); err != nil {
		t.Fatalf("focus %s: %v", link, err)
	}
	// Only the keydown: CDP's KeyEvent also sends a separate "char" event,
	// which a browser suppresses after a handled keydown but CDP does not,
	// and which would press the menu button the keydown just focused.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.activeElement.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true, cancelable: true}))`)); err != nil {
		t.Fatalf("Enter on %s: %v", link, err)
	}
	pollJS(t, ctx, `document.activeElement !== null && document.activeElement.id === "link-cut" && document.querySelector(".link-menu #link-heal") !== null`, 5*time.Second, "Enter opens the link menu and focuses its first button")
	click(t, ctx, "#link-heal")
	pollJS(t, ctx, actScriptHas("\ncut 1 2\n", "\nheal\n"), 5*time.Second, "the heal joins the script")
	pollJS(t, ctx, isr("1,2,3"), 40*time.Second, "b2 rejoins the ISR after the heal")
	pollJS(t, ctx, `document.querySelector("svg#diagram g.link-hit.cut") === null`, 5*time.Second, "no link is drawn cut after the heal")

	// Slow the link to the consumer.
	click(t, ctx, `svg#diagram g.link-hit[data-link="b1-consumer"] .hit`)
	pollJS(t, ctx, `document.querySelector(".link-menu #link-slow") !== null`, 5*time.Second, "the consumer link's menu opens")
	click(t, ctx, "#link-slow")
	pollJS(t, ctx, actScriptHas("\nslow 1 c1 latency=(50, 50)\n"), 5*time.Second, "the slow joins the script")
	pollJS(t, ctx, `document.querySelector('svg#diagram g.link-hit.slow[data-link="b1-consumer"]') !== null`, 5*time.Second, "the slowed link is drawn slow")

	noPageErrors(t, pageErrors)
}

// TestBrowserActPanels sends a record with acks=1 from the producer panel,
// runs and stops a rate, and starts a consumer from the consumer panel
// that reads records.
func TestBrowserActPanels(t *testing.T) {
	t.Parallel()
	ctx, pageErrors := fastPage(t, 1280, 800, "/?preset=order-9001")
	waitSteady(t, ctx)

	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		const s = document.querySelector('#producer-panel select[name="acks"]');
		s.value = "1";
		s.dispatchEvent(new Event("change", {bubbles: true}));
		document.querySelector('#producer-panel input[name="values"]').value = "hello-acks1";
		return true;
	})()`)); err != nil {
		t.Fatalf("filling the producer panel: %v", err)
	}
	click(t, ctx, "#pp-send")
	pollJS(t, ctx, actScriptHas("produce orders-0 values=(hello-acks1) acks=1"), 5*time.Second, "the produce joins the script")
	pollJS(t, ctx, `[...document.querySelectorAll("#events li")].some(li => li.textContent.includes("produce orders-0 values=(hello-acks1) acks=1"))`, 10*time.Second, "the event log shows the produce with acks=1")
	pollJS(t, ctx, `[...document.querySelectorAll("#events li")].some(li => li.textContent.includes("(hello-acks1)") && li.textContent.includes("acknowledged"))`, 20*time.Second, "the leader acknowledges the record (the filtered log shows acks, not appends)")

	// A rate of 5 records per simulated second.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		document.querySelector('#producer-panel input[name="values"]').value = "";
		document.querySelector('#producer-panel input[name="rate"]').value = "5";
		return true;
	})()`)); err != nil {
		t.Fatalf("filling the rate: %v", err)
	}
	click(t, ctx, "#pp-rate-start")
	pollJS(t, ctx, `((document.getElementById("script") || {}).value || "").split("\n").filter(l => /^produce orders-0 values=\(order-\d+\) acks=1$/.test(l)).length >= 3`, 20*time.Second, "the rate produces several records")
	click(t, ctx, "#pp-rate-stop")
	pollJS(t, ctx, `document.getElementById("pp-rate-stop").disabled`, 5*time.Second, "the rate stops")

	// A second consumer from the earliest offset reads the partition.
	pollJS(t, ctx, `(document.getElementById("consumer-panel") || {}).textContent.includes("no broker.rack")`, 5*time.Second, "the consumer panel says there are no racks")
	click(t, ctx, "#cp-start")
	pollJS(t, ctx, actScriptHas("consume orders-0 consumer=c2 from=earliest\n"), 5*time.Second, "the consume joins the script, reading from the leader (no client.rack: \"the leader\" is the read-from menu's words, not a rack)")
	pollJS(t, ctx, `(() => { const m = /c2 at offset \d+, (\d+) read/.exec((document.getElementById("cp-consumers") || {}).textContent || ""); return m !== null && +m[1] > 0; })()`, 30*time.Second, "c2 reads records")
	pollJS(t, ctx, `(document.querySelector('svg#diagram g.node[data-node="consumer"]') || {}).textContent.includes("read ")`, 10*time.Second, "the consumer node shows what it read")
	screenshot(t, ctx, "kplay-act-panels-1280x800.png")

	// A runtime setting changes at the playhead with a config command.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		document.querySelector("#config-panel details").open = true;
		document.querySelector('#config-panel input[name="min.insync.replicas"]').value = "2";
		return true;
	})()`)); err != nil {
		t.Fatalf("filling the config panel: %v", err)
	}
	click(t, ctx, "#cfg-apply")
	pollJS(t, ctx, actScriptHas("\nconfig min.insync.replicas=2\n", "cluster brokers=3 seed=9001 start=09:59:59.000\n"), 5*time.Second, "min.insync.replicas=2 joins the script as a config command")
	pollJS(t, ctx, `(document.getElementById("cfg-note") || {}).textContent.includes("config commands")`, 5*time.Second, "the panel says where it applied")
	t.Logf("consumers: %s", actText(ctx, "#cp-consumers"))

	noPageErrors(t, pageErrors)
}

// overlapsJS lists what the element sel covers on screen among the
// side column's panels, the diagram's boxes, the controller strip, the
// caption and the timeline, and whether it lies off the viewport.
const overlapsJS = `(() => {
	const n = document.querySelector(%q);
	if (!n) return ["no " + %q];
	const r = n.getBoundingClientRect(), out = [];
	const ov = b => r.left < b.right - 1 && b.left < r.right - 1 && r.top < b.bottom - 1 && b.top < r.bottom - 1;
	const named = [...document.querySelectorAll("aside.side > *")].map(e => [e.className || e.tagName, e])
		.concat([...document.querySelectorAll("#diagram g.node")].map(g => [g.dataset.node, g.querySelector(".box")]))
		.concat([["controller strip", document.querySelector(".controller-bar")], ["caption", document.getElementById("caption")],
			["timeline", document.querySelector(".timeline")], ["try this", document.querySelector(".try-this")]]);
	for (const [name, e] of named) if (e && e.getClientRects().length && ov(e.getBoundingClientRect())) out.push(name);
	if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) out.push("off the screen: " + [r.left, r.top, r.right, r.bottom].map(Math.round));
	return out;
})()`

// TestBrowserPastActionsInTheLog: the learner crashes broker 1, plays on,
// clicks "b1 crashed" in the event log to go back, and crashes broker 3
// there. The log listed only the events up to the playhead: what came
// after the click was gone, and the learner could not click forward to
// it. The later rows stay, greyed, after the row marked now, which is in
// the log's view; a click on one goes forward to it. Acting there then
// forks the run: at 1280×800 (and 1100 and 1000 px wide) the notice that says so covered
// the event log; it covers no panel, no box, neither the strip nor the
// caption, and is on the screen.
func TestBrowserPastActionsInTheLog(t *testing.T) {
	t.Parallel()
	for _, w := range []int{1280, 1100, 1000} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			ctx, _, pageErrors := pageAt(t, w, 800, "/")
			setPlaying(t, ctx, false)
			act(t, ctx, "b1", "#act-crash")
			setPlaying(t, ctx, true)
			pollJS(t, ctx, `[...document.querySelectorAll("#events li")].some(li => li.textContent.includes("controller fences b1"))`, 60*time.Second, "broker 1 is never fenced")
			setPlaying(t, ctx, false)
			played := evalJS[int](t, ctx, `document.querySelectorAll("#events li").length`)
			evalJS[bool](t, ctx, `(() => { [...document.querySelectorAll("#events li")].find(li => li.textContent.includes("b1 crashed")).click(); return true; })()`)
			pollJS(t, ctx, `(li => li !== null && li.textContent.includes("b1 crashed"))(document.querySelector("#events li.now"))`, 10*time.Second, "the click on 'b1 crashed' did not take the playhead there")
			waitFrames(t, ctx)
			var got struct {
				Rows, Later  int
				Forward      string
				NowInView    bool
				Hint, Clock  string
				FirstLaterAt int
			}
			raw := evalJS[string](t, ctx, `(() => {
				const rows = [...document.querySelectorAll("#events li")], later = rows.filter(li => li.classList.contains("later"));
				const now = document.querySelector("#events li.now"), box = now.closest(".scroller").getBoundingClientRect(), r = now.getBoundingClientRect();
				return JSON.stringify({Rows: rows.length, Later: later.length, Forward: later.map(li => li.textContent).join(" | "),
					NowInView: r.top >= box.top - 1 && r.bottom <= box.bottom + 1, Hint: document.querySelector(".events-panel .hint").textContent,
					Clock: document.getElementById("clock").textContent, FirstLaterAt: later.length ? Number(later[0].dataset.at) : 0});
			})()`)
			if err := json.Unmarshal([]byte(raw), &got); err != nil {
				t.Fatal(err)
			}
			if got.Later == 0 || got.Rows != played || !strings.Contains(got.Forward, "controller fences b1") {
				t.Fatalf("after going back to the crash the log has %d rows (%d before), %d later: %s", got.Rows, played, got.Later, got.Forward)
			}
			if !got.NowInView {
				t.Error("the row at the playhead is scrolled out of the log's view")
			}
			if !strings.Contains(got.Hint, "later") {
				t.Errorf("the log's hint %q does not say the greyed rows come later", got.Hint)
			}
			if c := evalJS[string](t, ctx, `getComputedStyle(document.querySelector("#events li.later")).color`); c == evalJS[string](t, ctx, `getComputedStyle(document.querySelector("#events li.now")).color`) {
				t.Errorf("a later row is drawn in the colour of the row at the playhead, %s", c)
			}
			evalJS[bool](t, ctx, `(() => { document.querySelector(".events-panel").scrollIntoView({block: "end"}); return true; })()`)
			screenshot(t, ctx, fmt.Sprintf("kplay-log-later-%dx800.png", w))
			evalJS[bool](t, ctx, `(() => { scrollTo(0, 0); document.querySelector("aside.side").scrollTop = 0; return true; })()`)
			// Forward to the first later row, and back to the crash.
			evalJS[bool](t, ctx, `(() => { document.querySelector("#events li.later").click(); return true; })()`)
			pollJS(t, ctx, fmt.Sprintf(`Number((document.querySelector("#events li.now") || document.querySelector("#events li:last-child")).dataset.at) === %d`, got.FirstLaterAt), 10*time.Second, "a click on a later row does not go forward to it")
			if c := evalJS[string](t, ctx, `document.getElementById("clock").textContent`); c <= got.Clock {
				t.Errorf("after the click forward the clock reads %s, not after %s", c, got.Clock)
			}
			evalJS[bool](t, ctx, `(() => { [...document.querySelectorAll("#events li")].find(li => li.textContent.includes("b1 crashed")).click(); return true; })()`)
			pollJS(t, ctx, `(li => li !== null && li.textContent.includes("b1 crashed"))(document.querySelector("#events li.now"))`, 10*time.Second, "back to 'b1 crashed'")
			// Acting here forks the run.
			act(t, ctx, "b3", "#act-crash")
			pollJS(t, ctx, `document.getElementById("fork") !== null`, 5*time.Second, "acting in the past does not say it forks history")
			setPlaying(t, ctx, false)
			waitFrames(t, ctx)
			if over := evalJS[[]string](t, ctx, fmt.Sprintf(overlapsJS, "#fork", "#fork")); len(over) > 0 {
				t.Errorf("the fork notice covers %s", strings.Join(over, ", "))
			}
			if n := evalJS[int](t, ctx, `document.querySelectorAll("#events li.later").length`); n != 0 {
				t.Errorf("after the fork the log lists %d rows of the old run as later", n)
			}
			screenshot(t, ctx, fmt.Sprintf("kplay-fork-notice-%dx800.png", w))
			noPageErrors(t, pageErrors)
		})
	}
}

// TestBrowserInspectorAfterRewind: in lesson 8 (acks1-loss) a learner
// clicks m2's struck-through cell on broker 1 at 41 s, after broker 1
// truncated it (40.002), then seeks back to 10.005, when broker 1 holds
// m2 above its HW 2. The inspector kept "truncated from broker 1's log",
// m2's future; it shows m2 as it is at the playhead (not committed yet,
// sent by p2 at 10.000), the lifecycle tells nothing later than the
// clock, and the cell stays marked as the selection.
func TestBrowserInspectorAfterRewind(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=acks1-loss")
	cell := `svg#diagram g.node[data-node="b1"] .cell[data-offset="2"]`
	seekPaused(t, ctx, 41000, "00:00:41.000")
	waitFrames(t, ctx)
	click(t, ctx, cell+".truncated")
	pollJS(t, ctx, `(document.getElementById("inspector")?.textContent || "").includes("truncated from broker 1's log")`, 5*time.Second, "the inspector does not say m2 is truncated at 41 s")

	seekPaused(t, ctx, 10005, "00:00:10.005")
	waitFrames(t, ctx)
	insp := evalJS[string](t, ctx, `document.getElementById("inspector").innerText`)
	if strings.Contains(insp, "truncated") || !strings.Contains(insp, "not yet: at or above broker 1's HW 2") || !strings.Contains(insp, "p2") {
		t.Errorf("at 10.005 the inspector reads:\n%s\nwant m2 not committed yet, above broker 1's HW 2, from p2", insp)
	}
	later := evalJS[[]string](t, ctx, `[...document.querySelectorAll("#lifecycle li time")].map(e => e.textContent).filter(t => t > "00:00:10.005")`)
	if len(later) > 0 {
		t.Errorf("at 10.005 the lifecycle tells steps at %v", later)
	}
	if !evalJS[bool](t, ctx, `document.querySelector(`+jsString(cell)+`)?.classList.contains("selected") ?? false`) {
		t.Errorf("at 10.005 broker 1's m2 is not marked selected")
	}
	screenshot(t, ctx, "kplay-inspector-rewind-1280x800.png")
	noPageErrors(t, pageErrors)
}

// clickLink clicks the diagram's link (data-link "b1-b3") as a mouse
// does, halfway along its line: the middle of a bent link's box is off
// the line.
func clickLink(t *testing.T, ctx context.Context, link string) {
	t.Helper()
	sel := `svg#diagram g.link-hit[data-link="` + link + `"] polyline.hit`
	evalJS[bool](t, ctx, `(document.querySelector(`+jsString(sel)+`).scrollIntoViewIfNeeded(true), true)`)
	scrollStill(t, ctx)
	xy := evalJS[[]float64](t, ctx, `(p => {
		const m = p.getPointAtLength(p.getTotalLength() / 2).matrixTransform(p.getScreenCTM());
		return [m.x, m.y];
	})(document.querySelector(`+jsString(sel)+`))`)
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		t.Fatalf("click link %s: %v", link, err)
	}
}

// TestBrowserSecondCutKeepsTheFirst: at 1280×800, teaching scale, a
// learner cuts the link from the leader b1 to b2, then the one to b3,
// from the link menu. The menu's Cut sent "partition g1=(1) g2=(3)",
// which replaced the first cut's partition and healed b1–b2. Cuts add up
// (engine.Cut): the script holds two cut lines and no partition, both
// links are drawn cut, the event log says both links were cut, and the
// engine acts on both: after replica.lag.time.max.ms (5 s at teaching
// scale) with a record neither follower can fetch, b1 shrinks the ISR to
// itself (it read 1,2 with the partition). "Heal this link" on b1–b2
// then heals that link alone.
func TestBrowserSecondCutKeepsTheFirst(t *testing.T) {
	t.Parallel()
	ctx, pageErrors := fastPage(t, 1280, 800, "/?preset=order-9001")
	click(t, ctx, "#cfg-teaching")
	pollJS(t, ctx, actScriptHas("replica.lag.time.max.ms=5000"), 10*time.Second, "teaching scale changes the script's cluster line")
	waitSteady(t, ctx)

	cut := func(link string) {
		clickLink(t, ctx, link)
		pollJS(t, ctx, `document.querySelector(".link-menu #link-cut") !== null`, 5*time.Second, "the menu of "+link+" opens")
		click(t, ctx, "#link-cut")
		pollJS(t, ctx, `document.querySelector(".link-menu") === null`, 5*time.Second, "the menu of "+link+" closes")
	}
	cut("b1-b2")
	cut("b1-b3")
	pollJS(t, ctx, actScriptHas("\ncut 1 2\n", "\ncut 1 3\n"), 5*time.Second, "both cuts join the script")
	if sc := actText(ctx, "#script"); strings.Contains(sc, "\npartition ") {
		t.Errorf("the script holds a partition line:\n%s", sc)
	}
	drawnCut := `[...document.querySelectorAll("svg#diagram g.link-hit.cut")].map(g => g.dataset.link).sort().join(" ")`
	pollJS(t, ctx, drawnCut+` === "b1-b2 b1-b3"`, 5*time.Second, "both links are drawn cut")
	pollJS(t, ctx, `(t => t.includes("link b1–b2 cut") && t.includes("link b1–b3 cut"))(document.getElementById("events").textContent)`, 5*time.Second, "the event log says both links were cut")
	if ev := actText(ctx, "#events"); strings.Contains(ev, "network split") {
		t.Errorf("the event log tells a network split:\n%s", ev)
	}

	click(t, ctx, "#produce")
	pollJS(t, ctx, `(document.getElementById("describe") || {}).textContent.includes("Leader: 1\tReplicas: 1,2,3\tIsr: 1\t")`, 40*time.Second, "b1 shrinks the ISR to itself: neither follower reaches it")
	if got := evalJS[string](t, ctx, drawnCut); got != "b1-b2 b1-b3" {
		t.Errorf("links drawn cut after the ISR shrank: %q", got)
	}

	clickLink(t, ctx, "b1-b2")
	pollJS(t, ctx, `document.querySelector(".link-menu #link-heal-link") !== null`, 5*time.Second, "the cut link's menu offers to heal it alone")
	screenshot(t, ctx, "kplay-two-cuts-menu-1280x800.png")
	click(t, ctx, "#link-heal-link")
	pollJS(t, ctx, actScriptHas("\nheal 1 2\n"), 5*time.Second, "the link's heal joins the script")
	pollJS(t, ctx, drawnCut+` === "b1-b3"`, 5*time.Second, "b1–b3 alone stays cut")
	pollJS(t, ctx, `(document.getElementById("describe") || {}).textContent.includes("Leader: 1\tReplicas: 1,2,3\tIsr: 1,2\t")`, 40*time.Second, "b2 rejoins the ISR; b3 stays out")
	noPageErrors(t, pageErrors)
}

// TestBrowserConsumerReadsFromTheLeader: the consumer panel's "read from"
// starts at "the leader", whose value is no rack: a consumer started from
// it reads from the leader with no client.rack (a learner's event log on
// which-cluster-accepts read client.rack="the leader": the option had no
// value, and a select's value is then the option's words).
func TestBrowserConsumerReadsFromTheLeader(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=which-cluster-accepts")
	pollJS(t, ctx, `!!document.querySelector('#consumer-panel select[name="rack"] option')`, 20*time.Second, "the consumer panel is drawn")
	// The preset plays as it opens, and its runs are drawn after the
	// panel: under a CI machine's load the page moved between finding
	// #cp-start and clicking it, and the click landed beside it (the
	// script then held no consume). Paused, with the four runs drawn,
	// nothing moves.
	pollJS(t, ctx, `document.querySelectorAll(".run .run-diagram").length === 4`, 30*time.Second, "the four runs are drawn")
	setPlaying(t, ctx, false)
	if got := evalJS[string](t, ctx, `document.querySelector('#consumer-panel select[name="rack"]').value`); got != "" {
		t.Errorf("read from %q at the start, want \"\" (the leader, no rack)", got)
	}
	click(t, ctx, "#cp-start")
	pollJS(t, ctx, actScriptHas("consume t-0"), 10*time.Second, "the consume joins the script")
	pollJS(t, ctx, `[...document.querySelectorAll("#events li")].some(li => li.textContent.includes("consume t-0 from=earliest"))`, 10*time.Second, "the event log shows the consume")
	if got := evalJS[string](t, ctx, `[...document.querySelectorAll("#events li")].map(li => li.textContent).find(t => t.includes("consume t-0 from=earliest"))`); strings.Contains(got, "client.rack") {
		t.Errorf("the consume reads %q: a rack from the menu's words", got)
	}
	noPageErrors(t, pageErrors)
}
