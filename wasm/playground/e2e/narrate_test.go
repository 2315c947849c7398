//go:build browser && !js

package e2e

// Browser tests of the caption's honesty (site/narration.go) and of a
// truncation staying on screen (site/removed.go), each against the
// learner's report: the caption said "fenced" eight simulated seconds
// after the election at 10×, and broker 1's truncation showed for less
// than 0.4 s.

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"kplay/engine"
)

// frameSample is one animation frame as sampleFrames records it: the
// real time (performance.now(), ms) and the values of its expressions.
type frameSample struct {
	Ms   float64
	Vals []string
}

// sampleFrames starts recording, on every animation frame, the string
// values of the JavaScript expressions exprs, with performance.now(), in
// window[name]; readSamples returns them.
func sampleFrames(t *testing.T, ctx context.Context, name string, exprs ...string) {
	t.Helper()
	evalJS[bool](t, ctx, fmt.Sprintf(`(() => {
		const out = window[%q] = [];
		const f = () => { out.push([performance.now(), [%s].map(String)]); if (out.length < 200000) requestAnimationFrame(f); };
		requestAnimationFrame(f);
		return true;
	})()`, name, strings.Join(exprs, ", ")))
}

func readSamples(t *testing.T, ctx context.Context, name string) []frameSample {
	t.Helper()
	var raw [][2]json.RawMessage
	if err := json.Unmarshal([]byte(evalJS[string](t, ctx, fmt.Sprintf(`JSON.stringify(window[%q])`, name))), &raw); err != nil {
		t.Fatal(err)
	}
	out := make([]frameSample, len(raw))
	for i, r := range raw {
		if err := json.Unmarshal(r[0], &out[i].Ms); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(r[1], &out[i].Vals); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// pageClock parses the page's clock ("10:00:09.001") into simulated ms
// (clockMs), or fails the test.
func pageClock(t *testing.T, s string) engine.Time {
	t.Helper()
	ms := clockMs(strings.TrimSpace(s))
	if ms < 0 {
		t.Fatalf("clock %q", s)
	}
	return engine.Time(ms)
}

// TestBrowserCaptionNamesTheNewLeaderInTime: crash the leader of the
// default page at 10× faster, as the learner did. Once the election is
// in the event log, the caption names the new leader within 2.5 s of
// simulated time of the election (the narrator's NarrationLagMs and a
// few frames at 10×), where it read "The controller fenced broker 1"
// eight seconds after it; and it never names the fence after naming the
// leader.
func TestBrowserCaptionNamesTheNewLeaderInTime(t *testing.T) {
	ctx, _, pageErrors := learnerOpen(t, 1280, 800, "/")
	setMaxSpeed(t, ctx)
	clickBoxMiddle(t, ctx, "b1")
	pollJS(t, ctx, `document.querySelector(".broker-menu #act-crash") !== null`, 5*time.Second, "clicking broker 1 opens its actions")
	actClick(t, ctx, "#act-crash")
	sampleFrames(t, ctx, "capt", `document.getElementById("clock").textContent`, `document.getElementById("caption").textContent`)
	const electedJS = `(() => { const r = [...document.querySelectorAll("#events li")].find(l => /controller: orders-0 leader b[23] /.test(l.textContent)); return r ? r.textContent : ""; })()`
	pollJS(t, ctx, electedJS+` !== "" && document.getElementById("caption").textContent.includes("is now the leader")`, 30*time.Second, "no election named in the event log and the caption")
	row := evalJS[string](t, ctx, electedJS)
	m := regexp.MustCompile(`(\d\d:\d\d:\d\d\.\d{3})\s*controller: orders-0 leader b([23]) `).FindStringSubmatch(row)
	if m == nil {
		t.Fatalf("election row %q", row)
	}
	elected, leader := pageClock(t, m[1]), m[2]
	screenshot(t, ctx, "kplay-narrate-leader-1280x800.png")
	named := engine.Time(-1)
	for _, s := range readSamples(t, ctx, "capt") {
		clock, caption := pageClock(t, s.Vals[0]), s.Vals[1]
		if named < 0 && strings.HasPrefix(caption, "Broker "+leader+" is now the leader") {
			named = clock
		}
		if named >= 0 && caption == "The controller fenced broker 1." {
			t.Errorf("at %s, after naming the leader, the caption reads %q", engine.FormatTime(clock), caption)
		}
	}
	if named < 0 {
		t.Fatalf("the caption never named broker %s", leader)
	}
	t.Logf("broker %s elected at %s, named at %s", leader, engine.FormatTime(elected), engine.FormatTime(named))
	if named-elected > 2500 {
		t.Errorf("broker %s was elected at %s and the caption named it at %s, %d ms of simulated time later", leader, engine.FormatTime(elected), engine.FormatTime(named), named-elected)
	}
	noPageErrors(t, pageErrors)
}

// markFitsJS is a JavaScript expression: broker 1's truncation mark,
// if drawn, lies inside its box.
const markFitsJS = `(m => { if (!m) return true; const r = m.getBoundingClientRect(), b = m.closest("g.node").querySelector(".box").getBoundingClientRect(); return r.left >= b.left && r.right <= b.right && r.bottom <= b.bottom; })(document.querySelector('svg#diagram g.node[data-node="b1"] .removed-mark'))`

// assertTruncationStays checks, at the default speed, that once broker
// 1's truncation is in the event log its box marks the removed record
// (.removed-mark, or the ghost cell in its strip) for at least 2 real
// seconds, and that the caption names the truncation while it does.
func assertTruncationStays(t *testing.T, ctx context.Context) {
	t.Helper()
	sampleFrames(t, ctx, "cut",
		`[...document.querySelectorAll("#events li")].some(l => l.textContent.includes("b1 truncates"))`,
		`document.querySelector('svg#diagram g.node[data-node="b1"] .removed-mark') !== null || document.querySelector('svg#diagram .log[data-broker="1"] .cell.truncated') !== null`,
		`document.getElementById("caption").textContent`,
		`(m => m ? m.textContent : "")(document.querySelector('svg#diagram g.node[data-node="b1"] .removed-mark'))`,
		markFitsJS)
	pollJS(t, ctx, `[...document.querySelectorAll("#events li")].some(l => l.textContent.includes("b1 truncates"))`, 60*time.Second, "the returning broker 1 never truncates")
	screenshot(t, ctx, "kplay-narrate-truncated-1280x800.png")
	pollJS(t, ctx, `(s => { const i = s.findIndex(x => x[1][0] === "true"); return i >= 0 && s[s.length-1][0] - s[i][0] > 2200; })(window.cut)`, 15*time.Second, "frames stopped after the truncation")
	screenshot(t, ctx, "kplay-narrate-truncated-2s-1280x800.png")
	samples := readSamples(t, ctx, "cut")
	from := -1
	for i, s := range samples {
		if s.Vals[0] == "true" {
			from = i
			break
		}
	}
	captioned, text := false, ""
	for _, s := range samples[from:] {
		if s.Ms-samples[from].Ms > 2000 {
			break
		}
		if s.Vals[1] != "true" {
			t.Fatalf("%.0f real ms after the truncation was in the event log, broker 1's box no longer marks it", s.Ms-samples[from].Ms)
		}
		if strings.HasPrefix(s.Vals[2], "Broker 1 truncated orders-0") {
			captioned = true
		}
		if s.Vals[3] != "" {
			text = s.Vals[3]
		}
		if s.Vals[4] != "true" {
			t.Errorf("broker 1's mark %q runs out of its box", s.Vals[3])
		}
	}
	if !captioned {
		t.Error("the caption did not name the truncation while broker 1's box marked it")
	}
	if !strings.Contains(text, "removed") {
		t.Errorf("broker 1's mark reads %q, want what it removed", text)
	}
}

// TestBrowserTruncationMarkFits: on a phone and in an 800×600 embed,
// broker 1's truncation mark (after "Produce with acks=1, then crash the
// leader", an election and a restart) stays inside its box.
func TestBrowserTruncationMarkFits(t *testing.T) {
	for _, c := range []struct {
		name string
		w, h int
		path string
	}{{"390x844", 390, 844, "/?preset=start-here"}, {"embed-800x600", 800, 600, "/embed.html?preset=start-here&autoplay=1"}} {
		t.Run(c.name, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, c.w, c.h, c.path)
			// From the start, as the core path tries it: the acks=1 record
			// reaches no follower before the crash.
			setPlaying(t, ctx, false)
			evalJS[bool](t, ctx, `(() => { const tl = document.getElementById("timeline"); tl.value = tl.min; tl.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
			pollJS(t, ctx, `document.getElementById("clock").textContent === "10:00:00.000"`, 10*time.Second, "rewinding does not bring back the start")
			pollJS(t, ctx, `[...document.querySelectorAll("#try-this button")].some(b => /acks=1/.test(b.textContent))`, 10*time.Second, "no acks=1 experiment to try")
			evalJS[bool](t, ctx, `(() => { [...document.querySelectorAll("#try-this button")].find(b => /acks=1/.test(b.textContent)).click(); return true; })()`)
			setMaxSpeed(t, ctx)
			setPlaying(t, ctx, true)
			pollJS(t, ctx, roleOf("b2")+` === "leader" || `+roleOf("b3")+` === "leader"`, 30*time.Second, "no election")
			evalJS[bool](t, ctx, `(() => { const s = document.getElementById("speed"); s.value = 100; s.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
			evalJS[bool](t, ctx, `(() => { document.querySelector('svg#diagram g.node[data-node="b1"]').scrollIntoView({block: "center"}); return true; })()`)
			clickBoxMiddle(t, ctx, "b1")
			pollJS(t, ctx, `(b => b !== null && !b.disabled)(document.querySelector(".broker-menu #act-restart"))`, 5*time.Second, "broker 1's menu offers a restart")
			actClick(t, ctx, "#act-restart")
			pollJS(t, ctx, `document.querySelector('svg#diagram g.node[data-node="b1"] .removed-mark') !== null`, 60*time.Second, "broker 1 never marks its truncation")
			if !evalJS[bool](t, ctx, markFitsJS) {
				t.Errorf("the mark %q runs out of broker 1's box", evalJS[string](t, ctx, `document.querySelector('svg#diagram g.node[data-node="b1"] .removed-mark').textContent`))
			}
			screenshot(t, ctx, "kplay-narrate-mark-"+c.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}

// TestBrowserSpeedReadoutSaysQuietNow: at the default speed, while the
// controller waits out a crashed leader's session (a quiet stretch that
// plays at real time), the speed readout's first, bold line says so,
// "quiet: real time", over "busy: 100× slower", where a learner read
// "100× slower" over a small bold "quiet: real time"; and the readout
// keeps its size when its lines swap, so nothing beside it moves, and
// the controls stay one row.
func TestBrowserSpeedReadoutSaysQuietNow(t *testing.T) {
	ctx, _, pageErrors := learnerOpen(t, 1280, 800, "/")
	const label = `document.getElementById("speed-label")`
	pollJS(t, ctx, label+`.querySelector("span.now").textContent === "100× slower"`, 10*time.Second, "the readout does not open on the slider's speed")
	const box = `(r => [r.width, r.height].map(Math.round).join("x"))(` + label + `.getBoundingClientRect())`
	size := evalJS[string](t, ctx, box)
	clickBoxMiddle(t, ctx, "b1")
	pollJS(t, ctx, `document.querySelector(".broker-menu #act-crash") !== null`, 5*time.Second, "clicking broker 1 opens its actions")
	actClick(t, ctx, "#act-crash")
	pollJS(t, ctx, label+`.querySelector("span.now").textContent === "quiet: real time" && `+label+`.textContent === "quiet: real time busy: 100× slower"`, 15*time.Second, "the readout does not put quiet time first while it plays")
	if now := evalJS[string](t, ctx, box); now != size {
		t.Errorf("the readout is %s px in quiet time, %s px before", now, size)
	}
	if !evalJS[bool](t, ctx, `Math.round(document.getElementById("produce").getBoundingClientRect().top) === Math.round(document.getElementById("play").getBoundingClientRect().top)`) {
		t.Error("the controls' row wraps: Produce is not beside Play")
	}
	if !evalJS[bool](t, ctx, `getComputedStyle(document.querySelector("#speed-label span.now")).fontWeight >= 600`) {
		t.Error("the line playing now is not bold")
	}
	screenshot(t, ctx, "kplay-narrate-speed-quiet-1280x800.png")
	noPageErrors(t, pageErrors)

	// On a phone at the slowest speed the longest line, "busy: 1000×
	// slower", fits the readout's width and the screen.
	phone, _, phoneErrors := pageAt(t, 390, 844, "/")
	evalJS[bool](t, phone, `(() => { const s = document.getElementById("speed"); s.value = 0; s.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	evalJS[bool](t, phone, `(() => { document.querySelector('svg#diagram g.node[data-node="b1"]').scrollIntoView({block: "center"}); return true; })()`)
	clickBoxMiddle(t, phone, "b1")
	pollJS(t, phone, `document.querySelector(".broker-menu #act-crash") !== null`, 5*time.Second, "tapping broker 1 opens its actions")
	actClick(t, phone, "#act-crash")
	pollJS(t, phone, label+`.textContent === "quiet: real time busy: 1000× slower"`, 15*time.Second, "the phone's readout does not put quiet time first")
	if got := evalJS[string](t, phone, `(l => [...l.children].filter(c => { const r = document.createRange(); r.selectNodeContents(c); const w = r.getBoundingClientRect(); return w.right > l.getBoundingClientRect().right + 0.5 || w.right > innerWidth; }).map(c => c.textContent).join(", "))(`+label+`)`); got != "" {
		t.Errorf("on a phone the readout's lines %q run out of it", got)
	}
	evalJS[bool](t, phone, `(() => { document.getElementById("speed").scrollIntoView({block: "center"}); return true; })()`)
	screenshot(t, phone, "kplay-narrate-speed-quiet-390x844.png")
	noPageErrors(t, phoneErrors)
}
