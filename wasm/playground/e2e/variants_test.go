//go:build browser && !js

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kplay/link"
)

// vsPageScript is site/testdata/vs-acks-short.txt, which site's variant
// tests play too: acks=all beside acks=1 and acks=0, b1 acknowledging m2
// alone with acks=1 and crashing at 10 s with its followers 1 ms behind.
func vsPageScript(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "site", "testdata", "vs-acks-short.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// runsJS describes the runs as drawn: each run's label and box, the
// differences' words, and the smallest text drawn in a run's diagram
// in CSS px.
const runsJS = `(() => {
	const runs = [...document.querySelectorAll(".run")].map(r => {
		const b = r.getBoundingClientRect();
		return {label: r.querySelector(".run-label").textContent, top: b.top, bottom: b.bottom, left: b.left, right: b.right,
			cells: r.querySelectorAll(".cell").length, lost: r.querySelectorAll(".cell.lost").length};
	});
	let minText = 1e9;
	for (const d of document.querySelectorAll(".run-diagram")) {
		for (const el of d.querySelectorAll("*")) {
			const own = [...el.childNodes].some(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim() !== "");
			if (!own || el.getBoundingClientRect().width === 0) continue;
			minText = Math.min(minText, parseFloat(getComputedStyle(el).fontSize));
		}
	}
	const diffs = [...document.querySelectorAll(".difference")].map(d => d.textContent);
	return JSON.stringify({runs, diffs, minText});
})()`

// runsSeen is runsJS's answer.
type runsSeen struct {
	Runs []struct {
		Label                    string
		Top, Bottom, Left, Right float64
		Cells, Lost              int
	}
	Diffs   []string
	MinText float64
}

// TestBrowserVariantsSideBySide: a script with two vs lines draws its
// three runs, each labelled (the base by its own acks=all), with the
// Differences list naming m2's fates; a click on m2's difference seeks
// every run to 10 s, where the acks=1 run says m2 is acknowledged and
// outlines nothing yet: m2 is lost only when the controller elects a
// follower that never fetched it, after broker.session.timeout.ms (9 s),
// and played on from there the acks=1 run outlines m2 and says it is
// lost, the base nothing. At 1280×800 and in an 800-px embed the runs
// stand two a row; at 390×844 one at a time under tabs naming them, the
// first variant's first; nowhere is a run's text under 11 px. A click on
// broker 1's card in the acks=1 run opens broker 1's menu, whose actions
// apply to every run.
func TestBrowserVariantsSideBySide(t *testing.T) {
	t.Parallel()
	frag := link.Encode(link.Link{Script: vsPageScript(t)})
	for _, c := range []struct {
		name  string
		w, h  int
		embed bool
		side  bool
		tabs  bool
	}{
		{"1280x800", 1280, 800, false, true, false},
		{"embed-800", 800, 600, true, true, false},
		{"390x844", 390, 844, false, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var eval func(js string) string
			var clickSel func(sel string)
			var shot func(name string)
			var noErrors func()
			var poll func(js, what string)
			if c.embed {
				h := openHost(t, c.w, c.h, hostOpts{Query: "autoplay=0&controls=min#" + frag, Grow: true})
				eval = func(js string) string { return inFrame[string](h, js) }
				clickSel = h.Click
				shot = func(name string) { screenshot(t, h.Top, name) }
				noErrors = h.NoErrors
				poll = func(js, what string) { h.PollFrame(js, 10*time.Second, what) }
				h.PollFrame(`document.querySelectorAll(".run").length === 3`, 20*time.Second, "the three runs are drawn")
			} else {
				ctx, _, pageErrors := pageAt(t, c.w, c.h, "/#"+frag)
				eval = func(js string) string { return evalJS[string](t, ctx, js) }
				clickSel = func(sel string) { click(t, ctx, sel) }
				shot = func(name string) { screenshot(t, ctx, name) }
				noErrors = func() {
					if errs := pageErrors(); len(errs) > 0 {
						t.Errorf("console errors: %v", errs)
					}
				}
				poll = func(js, what string) { pollJS(t, ctx, js, 10*time.Second, what) }
				pollJS(t, ctx, `document.querySelectorAll(".run").length === 3`, 20*time.Second, "the three runs are drawn")
			}
			var seen runsSeen
			read := func() {
				t.Helper()
				if err := json.Unmarshal([]byte(eval(runsJS)), &seen); err != nil {
					t.Fatal(err)
				}
			}
			read()
			if got := eval(`(document.querySelector(".main-run-label") || {}).textContent || ""`); !strings.Contains(got, "This diagram plays acks=all") {
				t.Errorf("the main diagram is labelled %q, want it to say it plays acks=all, the script's run", got)
			}
			labels := []string{"acks=all (the script)", "acks=1", "acks=0"}
			for i, r := range seen.Runs {
				if r.Label != labels[i] {
					t.Errorf("run %d is labelled %q, want %q", i, r.Label, labels[i])
				}
			}
			want := "m2 (on t-0): acknowledged with acks=all; acknowledged, then lost with acks=1; sent without waiting (acks=0), not on the leader with acks=0"
			if len(seen.Diffs) == 0 || !strings.Contains(seen.Diffs[0], want) {
				t.Fatalf("differences %q, want the first to say %q", seen.Diffs, want)
			}
			for _, d := range seen.Diffs {
				if strings.Contains(d, "at the end") && !strings.HasPrefix(d, "since 00:00:") {
					t.Errorf("a partition's difference %q does not say its moment is when the runs began to differ (since …)", d)
				}
			}
			a, b := seen.Runs[0], seen.Runs[1]
			if c.tabs {
				// One run at a time, the first variant first; a tab
				// shows another.
				if a.Bottom > a.Top || b.Bottom <= b.Top {
					t.Errorf("on the phone: the base %+v, acks=1 %+v; want only acks=1 shown", a, b)
				}
				clickSel(`.run-tab[data-tab="0"]`)
				poll(`document.getElementById("run-0").getBoundingClientRect().height > 0 && document.getElementById("run-1").getBoundingClientRect().height === 0`, "the base's tab does not show the base alone")
				if got := eval(`document.querySelector('.run-tab[data-tab="0"]').getAttribute("aria-selected")`); got != "true" {
					t.Errorf("the base's tab is aria-selected=%q after the pick", got)
				}
				clickSel(`.run-tab[data-tab="1"]`)
				poll(`document.getElementById("run-1").getBoundingClientRect().height > 0`, "acks=1's tab does not show it again")
			} else {
				if got := eval(`getComputedStyle(document.querySelector(".run-tabs")).display`); got != "none" {
					t.Errorf("the runs' tabs show (display %q) where the runs stand side by side or stacked", got)
				}
				if beside := a.Top == b.Top && b.Left >= a.Right; beside != c.side {
					t.Errorf("the base at %+v, acks=1 at %+v: side by side %v, want %v", a, b, beside, c.side)
				}
				if !c.side && b.Top < a.Bottom {
					t.Errorf("the runs overlap: the base at %+v, acks=1 at %+v", a, b)
				}
			}
			clickSel(`.difference[data-difference="0"]`)
			poll(`document.getElementById("clock").textContent.endsWith("00:10.000")`, "the click on m2's difference does not seek to 10 s")
			read()
			if seen.Runs[1].Lost != 0 || seen.Runs[0].Lost != 0 {
				t.Errorf("at 10 s: lost cells outlined %d in the base and %d in acks=1, want none before the election", seen.Runs[0].Lost, seen.Runs[1].Lost)
			}
			if got := eval(`document.querySelector('.run[data-run="acks=1"] .run-differs')?.textContent ?? ""`); !strings.Contains(got, "m2 (on t-0): acknowledged") || strings.Contains(got, "lost") {
				t.Errorf("at 10 s the acks=1 run says %q, want m2 acknowledged and not yet lost", got)
			}
			clickSel("#play")
			poll(`document.querySelectorAll('.run[data-run="acks=1"] .cell.lost').length > 0`, "the acks=1 run never outlines m2 as lost")
			clickSel("#play")
			read()
			if seen.Runs[0].Lost != 0 {
				t.Errorf("after the election the base outlines %d lost cells, want none", seen.Runs[0].Lost)
			}
			if got := eval(`document.querySelector('.run[data-run="acks=1"] .differ-lost')?.textContent ?? ""`); got != "m2 (on t-0): acknowledged, then lost" {
				t.Errorf("after the election the acks=1 run marks %q lost, want m2", got)
			}
			if seen.MinText < 11 {
				t.Errorf("a run's text is drawn at %.1f px, under 11", seen.MinText)
			}
			eval(`(document.querySelector(".runs-grid").scrollIntoView(), "")`)
			shot("kplay-variants-" + c.name + ".png")
			clickSel(`.run[data-run="acks=1"] .rb[data-node="b1"]`)
			poll(`((document.querySelector(".broker-menu .menu-title") || {}).textContent || "").startsWith("broker 1")`, "a click on broker 1's card in the acks=1 run does not open broker 1's menu")
			noErrors()
		})
	}
}
