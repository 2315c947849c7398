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

// actPage opens the page at full speed and waits until it has settled.
func actPage(t *testing.T) (context.Context, func() []string) {
	t.Helper()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 800)
	pageErrors := watchConsole(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?preset=order-9001")); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](readyJS, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("the page never drew its diagram: %v\npage text:\n%s", err, pageDump(ctx))
	}
	actMaxSpeed(t, ctx)
	return ctx, pageErrors
}

// actMaxSpeed moves the speed slider to its maximum.
func actMaxSpeed(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		const s = document.getElementById("speed");
		s.value = s.max;
		s.dispatchEvent(new Event("input", {bubbles: true}));
		return true;
	})()`)); err != nil {
		t.Fatalf("setting the speed: %v", err)
	}
}

// actClick clicks the element sel with the mouse once it keeps still.
func actClick(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if err := steadyClick(ctx, sel); err != nil {
		t.Fatalf("click %s: %v\npage text:\n%s", sel, err, pageDump(ctx))
	}
}

// actText returns the text of the element sel, "" if there is none.
func actText(ctx context.Context, sel string) string {
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(e => e ? (e.value ?? e.textContent) : "")(document.querySelector(%q))`, sel)))
	return s
}

// actWait polls the JavaScript condition js until it holds.
func actWait(t *testing.T, ctx context.Context, what, js string, timeout time.Duration) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		t.Fatalf("%s: %v\n#script:\n%s\ndescribe: %s", what, err, actText(ctx, "#script"), actText(ctx, "#describe"))
	}
}

// actScriptHas is a condition: #script holds every one of subs.
func actScriptHas(subs ...string) string {
	conds := []string{}
	for _, s := range subs {
		conds = append(conds, fmt.Sprintf(`t.includes(%q)`, s))
	}
	return `(() => { const t = (document.getElementById("script") || {}).value || ""; return ` + strings.Join(conds, " && ") + `; })()`
}

// TestBrowserActLinks scales the cluster down for teaching, cuts the link
// from the leader b1 to its follower b2, sees b2 leave the ISR after
// replica.lag.time.max.ms, heals it and sees b2 come back.
func TestBrowserActLinks(t *testing.T) {
	ctx, pageErrors := actPage(t)

	actClick(t, ctx, "#cfg-teaching")
	actWait(t, ctx, "teaching scale changes the script's cluster line", actScriptHas("cluster brokers=3 seed=9001 start=09:59:59.000", "replica.lag.time.max.ms=5000", "broker.session.timeout.ms=3000"), 10*time.Second)
	waitSteady(t, ctx)

	link := `svg#diagram g.link-hit[data-link="b1-b2"]`
	ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const g = document.querySelector(%q); return g !== null && g.getAttribute("tabindex") === "0" && g.getAttribute("role") === "button" && (g.getAttribute("aria-label") || "").includes("broker 1 to broker 2"); })()`, link)))
	if err != nil || !ok {
		t.Fatalf("no %s with tabindex, role and aria-label (err %v)", link, err)
	}
	actClick(t, ctx, link+" .hit")
	actWait(t, ctx, "the link menu opens", `document.querySelector(".link-menu #link-cut") !== null`, 5*time.Second)
	screenshot(t, ctx, "kplay-link-menu-1280x800.png")
	actClick(t, ctx, "#link-cut")
	actWait(t, ctx, "the cut joins the script", actScriptHas("\ncut 1 2\n"), 5*time.Second)
	actWait(t, ctx, "the cut link is drawn cut", `document.querySelector('svg#diagram g.link-hit.cut[data-link="b1-b2"]') !== null && document.querySelectorAll("svg#diagram g.link-hit.cut").length === 1`, 5*time.Second)

	// b2's fetches stop reaching b1. Once b1 has a record that b2 lacks
	// (Kafka keeps a follower whose log end matches the leader's in the
	// ISR), it shrinks the ISR to 1,3 after replica.lag.time.max.ms (5 s at
	// teaching scale).
	actClick(t, ctx, "#produce")
	actWait(t, ctx, "the produce joins the script", actScriptHas("\ncut 1 2\nrun until=", "acks=all"), 5*time.Second)
	isr := func(want string) string {
		return fmt.Sprintf(`(document.getElementById("describe") || {}).textContent.includes("Leader: 1\tReplicas: 1,2,3\tIsr: %s\t")`, want)
	}
	actWait(t, ctx, "b2 leaves the ISR after the cut", isr("1,3"), 40*time.Second)
	actWait(t, ctx, "b2 is drawn out of sync", `document.querySelector('svg#diagram g.node[data-node="b2"].out-of-sync') !== null`, 5*time.Second)
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
	actWait(t, ctx, "Enter opens the link menu and focuses its first button", `document.activeElement !== null && document.activeElement.id === "link-cut" && document.querySelector(".link-menu #link-heal") !== null`, 5*time.Second)
	actClick(t, ctx, "#link-heal")
	actWait(t, ctx, "the heal joins the script", actScriptHas("\ncut 1 2\n", "\nheal\n"), 5*time.Second)
	actWait(t, ctx, "b2 rejoins the ISR after the heal", isr("1,2,3"), 40*time.Second)
	actWait(t, ctx, "no link is drawn cut after the heal", `document.querySelector("svg#diagram g.link-hit.cut") === null`, 5*time.Second)

	// Slow the link to the consumer.
	actClick(t, ctx, `svg#diagram g.link-hit[data-link="b1-consumer"] .hit`)
	actWait(t, ctx, "the consumer link's menu opens", `document.querySelector(".link-menu #link-slow") !== null`, 5*time.Second)
	actClick(t, ctx, "#link-slow")
	actWait(t, ctx, "the slow joins the script", actScriptHas("\nslow 1 c1 latency=(50, 50)\n"), 5*time.Second)
	actWait(t, ctx, "the slowed link is drawn slow", `document.querySelector('svg#diagram g.link-hit.slow[data-link="b1-consumer"]') !== null`, 5*time.Second)

	noPageErrors(t, pageErrors)
}

// TestBrowserActPanels sends a record with acks=1 from the producer panel,
// runs and stops a rate, and starts a consumer from the consumer panel
// that reads records.
func TestBrowserActPanels(t *testing.T) {
	ctx, pageErrors := actPage(t)
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
	actClick(t, ctx, "#pp-send")
	actWait(t, ctx, "the produce joins the script", actScriptHas("produce orders-0 values=(hello-acks1) acks=1"), 5*time.Second)
	actWait(t, ctx, "the event log shows the produce with acks=1",
		`[...document.querySelectorAll("#events li")].some(li => li.textContent.includes("produce orders-0 values=(hello-acks1) acks=1"))`, 10*time.Second)
	actWait(t, ctx, "the leader acknowledges the record (the filtered log shows acks, not appends)",
		`[...document.querySelectorAll("#events li")].some(li => li.textContent.includes("(hello-acks1)") && li.textContent.includes("acknowledged"))`, 20*time.Second)

	// A rate of 5 records per simulated second.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		document.querySelector('#producer-panel input[name="values"]').value = "";
		document.querySelector('#producer-panel input[name="rate"]').value = "5";
		return true;
	})()`)); err != nil {
		t.Fatalf("filling the rate: %v", err)
	}
	actClick(t, ctx, "#pp-rate-start")
	actWait(t, ctx, "the rate produces several records",
		`((document.getElementById("script") || {}).value || "").split("\n").filter(l => /^produce orders-0 values=\(order-\d+\) acks=1$/.test(l)).length >= 3`, 20*time.Second)
	actClick(t, ctx, "#pp-rate-stop")
	actWait(t, ctx, "the rate stops", `document.getElementById("pp-rate-stop").disabled`, 5*time.Second)

	// A second consumer from the earliest offset reads the partition.
	actWait(t, ctx, "the consumer panel says there are no racks", `(document.getElementById("consumer-panel") || {}).textContent.includes("no broker.rack")`, 5*time.Second)
	actClick(t, ctx, "#cp-start")
	actWait(t, ctx, "the consume joins the script", actScriptHas("consume orders-0 consumer=c2 from=earliest"), 5*time.Second)
	actWait(t, ctx, "c2 reads records",
		`(() => { const m = /c2 at offset \d+, (\d+) read/.exec((document.getElementById("cp-consumers") || {}).textContent || ""); return m !== null && +m[1] > 0; })()`, 30*time.Second)
	actWait(t, ctx, "the consumer node shows what it read",
		`(document.querySelector('svg#diagram g.node[data-node="consumer"]') || {}).textContent.includes("read ")`, 10*time.Second)
	screenshot(t, ctx, "kplay-act-panels-1280x800.png")

	// A runtime setting changes at the playhead with a config command.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		document.querySelector("#config-panel details").open = true;
		document.querySelector('#config-panel input[name="min.insync.replicas"]').value = "2";
		return true;
	})()`)); err != nil {
		t.Fatalf("filling the config panel: %v", err)
	}
	actClick(t, ctx, "#cfg-apply")
	actWait(t, ctx, "min.insync.replicas=2 joins the script as a config command", actScriptHas("\nconfig min.insync.replicas=2\n", "cluster brokers=3 seed=9001 start=09:59:59.000\n"), 5*time.Second)
	actWait(t, ctx, "the panel says where it applied", `(document.getElementById("cfg-note") || {}).textContent.includes("config commands")`, 5*time.Second)
	t.Logf("consumers: %s", actText(ctx, "#cp-consumers"))

	noPageErrors(t, pageErrors)
}
