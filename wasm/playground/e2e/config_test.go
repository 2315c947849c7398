//go:build browser && !js

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kplay/engine"
)

// TestBrowserConfigPanel: the config panel lists every row of the engine's
// settings table, says in words which timing scale is in effect and
// presses that scale's button; Teaching scale moves the words and the
// pressed button over, and Kafka defaults moves them back. The script
// editor's help lists every setting from the same table.
func TestBrowserConfigPanel(t *testing.T) {
	ctx, pageErrors := actPage(t)
	waitSteady(t, ctx)

	rows := len(engine.Settings())
	actWait(t, ctx, "the panel lists every setting",
		fmt.Sprintf(`document.querySelectorAll("#config-panel tr[data-key]").length === %d`, rows), 5*time.Second)
	actWait(t, ctx, "the editor's help lists every setting",
		fmt.Sprintf(`document.querySelectorAll("#script-help tbody tr").length === %d`, rows), 5*time.Second)
	pressed := func(id string) string {
		return fmt.Sprintf(`(document.getElementById(%q) || {getAttribute: () => ""}).getAttribute("aria-pressed") === "true"`, id)
	}
	scale := func(words string) string {
		return fmt.Sprintf(`(document.getElementById("cfg-scale") || {}).textContent.includes(%q)`, words)
	}

	// order-9001 runs on Kafka's timeouts.
	actWait(t, ctx, "the panel says Kafka's defaults are in effect", scale("Timing in effect: Kafka 4.4's timeouts. A follower that falls behind leaves the ISR after 30000 ms"), 5*time.Second)
	actWait(t, ctx, "Kafka defaults is pressed, Teaching scale is not", pressed("cfg-defaults")+" && !("+pressed("cfg-teaching")+")", 5*time.Second)

	actClick(t, ctx, "#cfg-teaching")
	actWait(t, ctx, "teaching scale changes the cluster line", actScriptHas("replica.lag.time.max.ms=5000", "broker.session.timeout.ms=3000"), 10*time.Second)
	actWait(t, ctx, "the panel says the teaching scale is in effect", scale("Timing in effect: the teaching scale, not Kafka's defaults. A follower that falls behind leaves the ISR after 5000 ms (Kafka: 30000) and the controller fences a silent broker after 3000 ms (Kafka: 9000)."), 5*time.Second)
	actWait(t, ctx, "Teaching scale is pressed, Kafka defaults is not", pressed("cfg-teaching")+" && !("+pressed("cfg-defaults")+")", 5*time.Second)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		document.querySelector("#config-panel details").open = true;
		document.getElementById("config-panel").scrollIntoView();
		return true;
	})()`)); err != nil {
		t.Fatalf("opening the settings: %v", err)
	}
	screenshot(t, ctx, "kplay-config-panel-1280x800.png")

	actClick(t, ctx, "#cfg-defaults")
	actWait(t, ctx, "Kafka defaults drop the scaled timeouts", `!((document.getElementById("script") || {}).value || "").includes("replica.lag.time.max.ms=")`, 10*time.Second)
	actWait(t, ctx, "the panel says Kafka's defaults again", scale("Timing in effect: Kafka 4.4's timeouts. A follower that falls behind leaves the ISR after 30000 ms"), 5*time.Second)
	actWait(t, ctx, "Kafka defaults is pressed again", pressed("cfg-defaults"), 5*time.Second)
	actWait(t, ctx, "the panel says nothing else differs", scale("Every Kafka setting is at its default."), 5*time.Second)

	noPageErrors(t, pageErrors)
}
