//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// compareJS is what the Compare controls and the runs show: the config
// panel's Compare button (disabled or not) and its line, the
// min.insync.replicas field's value, the side-by-side button's words,
// and each run's label.
const compareJS = `(() => {
	const b = document.getElementById("cfg-compare"), what = document.getElementById("cfg-compare-what");
	const f = document.querySelector('#config-panel input[name="min.insync.replicas"]');
	const side = document.getElementById("side-by-side");
	return JSON.stringify({
		disabled: b ? b.disabled : null, what: what ? what.textContent : "", minISR: f ? f.value : "",
		side: side ? side.textContent : "",
		runs: [...document.querySelectorAll(".run .run-label")].map(l => l.textContent),
	});
})()`

// compareSeen is compareJS's answer.
type compareSeen struct {
	Disabled *bool
	What     string
	MinISR   string
	Side     string
	Runs     []string
}

// TestBrowserCompare: the config panel's Compare side by side is
// disabled, saying why, until a value changes; typing
// min.insync.replicas=1 on not-enough-replicas enables it, and a click
// plays that value beside the script's min.insync.replicas=2, both runs
// drawn with their labels, the script holding the vs line, and the
// field back at the script's 2. An incident's side-by-side button then
// plays KAFKA-7128's schedule on Kafka 2.0 beside Kafka 4.4 (its words
// say where, not what happens, while the lesson's question is ahead).
// At 1280×800 and 390×844.
func TestBrowserCompare(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		w, h int
	}{{"1280x800", 1280, 800}, {"390x844", 390, 844}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx, base, pageErrors := pageAt(t, c.w, c.h, "/?preset=not-enough-replicas")
			var seen compareSeen
			read := func() {
				t.Helper()
				if err := json.Unmarshal([]byte(evalJS[string](t, ctx, compareJS)), &seen); err != nil {
					t.Fatal(err)
				}
			}
			read()
			if seen.Disabled == nil || !*seen.Disabled || seen.What == "" {
				t.Fatalf("before a change: %+v, want Compare disabled, saying why", seen)
			}
			t.Logf("disabled: %q", seen.What)

			// Type 1 into min.insync.replicas, as a reader does.
			field := `#config-panel input[name="min.insync.replicas"]`
			evalJS[bool](t, ctx, `(() => { document.querySelector("#config-panel details").open = true; document.querySelector(`+fmt.Sprintf("%q", field)+`).select(); return true; })()`)
			if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(field), "1")); err != nil {
				t.Fatalf("typing: %v", err)
			}
			pollJS(t, ctx, `!document.getElementById("cfg-compare").disabled`, 5*time.Second, "Compare is enabled once min.insync.replicas is 1")
			read()
			if seen.MinISR != "1" {
				t.Fatalf("the field holds %q, want what was typed, 1", seen.MinISR)
			}
			screenshot(t, ctx, "kplay-compare-ready-"+c.name+".png")
			click(t, ctx, "#cfg-compare")
			pollJS(t, ctx, `document.querySelectorAll(".run").length === 2`, 20*time.Second, "the two runs are drawn")
			pollJS(t, ctx, actScriptHas(`vs "min.insync.replicas=1" min.insync.replicas=1`), 5*time.Second, "the script holds the vs line")
			read()
			if want := []string{"min.insync.replicas=2 (the script)", "min.insync.replicas=1"}; fmt.Sprint(seen.Runs) != fmt.Sprint(want) {
				t.Errorf("the runs are labelled %q, want %q", seen.Runs, want)
			}
			if seen.MinISR != "2" || seen.Disabled == nil || !*seen.Disabled {
				t.Errorf("after Compare: %+v, want the field at the script's 2 and Compare disabled", seen)
			}
			evalJS[bool](t, ctx, `(() => { document.querySelector("#cfg-compare").scrollIntoView({block: "center"}); return true; })()`)
			screenshot(t, ctx, "kplay-compare-panel-"+c.name+".png")
			evalJS[bool](t, ctx, `(() => { document.querySelector(".runs").scrollIntoView({block: "start"}); return true; })()`)
			screenshot(t, ctx, "kplay-compare-runs-"+c.name+".png")
			noPageErrors(t, pageErrors)

			// An incident, side by side with its fix.
			pageErrors = navigateReady(t, ctx, base+"/?preset=incident-kafka-7128")
			pollJS(t, ctx, `document.getElementById("side-by-side") !== null`, 10*time.Second, "the incident offers its side-by-side view")
			read()
			if want := "Side by side with Kafka 4.4"; seen.Side != want {
				t.Errorf("with the lesson's question ahead the button says %q, want %q", seen.Side, want)
			}
			evalJS[bool](t, ctx, `(() => { document.getElementById("side-by-side").scrollIntoView({block: "center"}); return true; })()`)
			screenshot(t, ctx, "kplay-side-by-side-button-"+c.name+".png")
			click(t, ctx, "#side-by-side")
			pollJS(t, ctx, `document.querySelectorAll(".run").length === 2`, 20*time.Second, "the two runs are drawn")
			pollJS(t, ctx, actScriptHas("\nvs \"kafka=4.4\" kafka=4.4\n"), 5*time.Second, "the script holds the vs line")
			read()
			if want := []string{"kafka=2.0 (the script)", "kafka=4.4"}; fmt.Sprint(seen.Runs) != fmt.Sprint(want) {
				t.Errorf("the runs are labelled %q, want %q", seen.Runs, want)
			}
			if seen.Side != "" {
				t.Errorf("the side-by-side button stays: %q", seen.Side)
			}
			evalJS[bool](t, ctx, `(() => { document.querySelector(".runs").scrollIntoView({block: "start"}); return true; })()`)
			screenshot(t, ctx, "kplay-side-by-side-runs-"+c.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}
