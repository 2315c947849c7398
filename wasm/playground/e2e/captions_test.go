//go:build browser && !js

package e2e

// Browser tests of the caption's honesty (site/narration.go) and of a
// truncation staying on screen (site/removed.go), each against the
// learner's report: the caption said "fenced" eight simulated seconds
// after the election at 10×, and broker 1's truncation showed for less
// than 0.4 s; a link opened mid-failover says the crash, a lesson's
// caption stays on screen, and a screen reader hears the captions.

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"kplay/engine"
	"kplay/link"
	"kplay/site"
)

// TestBrowserLinkMidFailoverSaysTheCrash: a link copied while the
// controller waits out a crashed leader's session (broker 1 crashed by
// the reader at 10:00:10, the link's moment 5 s later, before the fence
// at about 10:00:17) opens, in the page and in an embed, with the
// caption telling the crash. Nothing was said in the second before that
// moment, and the caption read "Press Play, or try one of the
// experiments." in the middle of a failover.
func TestBrowserLinkMidFailoverSaysTheCrash(t *testing.T) {
	t.Parallel()
	text, start := presetStart(t, "start-here")
	text += "\nrun until=10:00:10.000\n" + site.ReaderMark + "\ncrash 1\n"
	q := link.Encode(link.Link{Script: text, T: start + 15000, HasT: true})
	for _, c := range []struct{ name, url string }{{"page", "/?" + q}, {"embed", "/embed.html?" + q + embedCodeQuery}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx, _, pageErrors := pageAt(t, 800, 600, c.url)
			pollJS(t, ctx, `(document.getElementById("clock") || {}).textContent === "10:00:15.000" && document.querySelector('#diagram g.node[data-node="b1"] [data-badge="down"]') !== null`, 10*time.Second, "the link does not open at 10:00:15 with broker 1 down")
			pollJS(t, ctx, `(document.getElementById("caption") || {}).textContent === "Broker 1 crashed."`, 10*time.Second, "the caption does not say \"Broker 1 crashed.\"")
			noPageErrors(t, pageErrors)
		})
	}
}

// acks1SecondCaption is lesson 8's caption at its first question.
const acks1SecondCaption = "Producer p2 sends m2 with acks=1. Broker 1, the leader, appends it at offset 2 and acknowledges it."

// captionSaidJS is "" when the polite live region #caption-said holds
// want, as the caption shows it, and the narration region says
// something else; else what is wrong.
const captionSaidJS = `((want) => {
	const said = document.getElementById("caption-said"), cap = document.getElementById("caption"), n = document.getElementById("narration");
	if (!said) return "no #caption-said";
	if (said.getAttribute("aria-live") !== "polite" || said.closest("[aria-hidden=true]")) return "#caption-said is not a polite live region screen readers hear";
	if (cap.textContent !== want) return "the caption says " + JSON.stringify(cap.textContent);
	if (said.textContent !== want) return "#caption-said says " + JSON.stringify(said.textContent);
	if (n && n.textContent === want) return "#narration says it too";
	return "";
})`

// TestBrowserCaptionsSpoken: a scenario's say captions never reached a
// screen reader: the caption is aria-hidden, and the live region said
// only the engine's events. When lesson 8's caption shows, on the page
// and in an embed, the polite live region #caption-said holds it, and
// the narration region does not say it a second time.
func TestBrowserCaptionsSpoken(t *testing.T) {
	t.Parallel()
	t.Run("page", func(t *testing.T) {
		t.Parallel()
		ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=acks1-loss")
		setMaxSpeed(t, ctx)
		setPlaying(t, ctx, true)
		pollJS(t, ctx, `document.getElementById("caption").textContent === `+jsString(acks1SecondCaption), 60*time.Second, "the caption never shows")
		if got := evalJS[string](t, ctx, captionSaidJS+"("+jsString(acks1SecondCaption)+")"); got != "" {
			t.Error(got)
		}
		noPageErrors(t, pageErrors)
	})
	t.Run("embed", func(t *testing.T) {
		c := hostSizes[1]
		h := openHost(t, c.w, c.h, hostOpts{Query: lessonEmbedQuery, Grow: c.grow, Width: c.frameW})
		h.PollFrame(`document.getElementById("caption").textContent === `+jsString(acks1SecondCaption), 60*time.Second, "the caption never shows")
		if got := inFrame[string](h, captionSaidJS+"("+jsString(acks1SecondCaption)+")"); got != "" {
			t.Error(got)
		}
		h.NoErrors()
	})
}

// TestBrowserLessonCaptionOnScreen: in lesson 8 at 1280×800 the "Stop at
// questions" row pushed the diagram down, and at 00:00:16 the caption
// under it was below the screen's edge. At each of the lesson's moments
// (its start, the crash's two-line caption, the loss, the truncation) the
// caption is whole on the first screen, under the diagram.
func TestBrowserLessonCaptionOnScreen(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=acks1-loss")
	setPlaying(t, ctx, false)
	lines := 0
	for _, ms := range []int64{0, 16000, 19000, 40010} {
		scrubTo(t, ctx, 0, ms)
		setPlaying(t, ctx, false)
		waitFrames(t, ctx)
		raw := evalJS[string](t, ctx, `(() => {
			const c = document.getElementById("caption"), r = c.getBoundingClientRect(), d = document.getElementById("diagram").getBoundingClientRect();
			return JSON.stringify({text: c.textContent, top: r.top, bottom: r.bottom, diagram: d.bottom, scrolled: scrollY});
		})()`)
		var c struct {
			Text                 string
			Top, Bottom, Diagram float64
			Scrolled             float64
		}
		if err := json.Unmarshal([]byte(raw), &c); err != nil {
			t.Fatal(err)
		}
		if c.Text == "" || c.Scrolled != 0 || c.Bottom > 800 || c.Top < c.Diagram {
			t.Errorf("at %d ms the caption %q lies %.0f–%.0f px (the diagram ends at %.0f, the page scrolled %.0f): not whole on a 1280×800 screen under the diagram",
				ms, c.Text, c.Top, c.Bottom, c.Diagram, c.Scrolled)
		}
		lines = max(lines, int((c.Bottom-c.Top+4)/18))
	}
	if lines < 2 {
		t.Errorf("no caption took two lines: this tests too little")
	}
	screenshot(t, ctx, "kplay-lesson-caption-1280x800.png")
	noPageErrors(t, pageErrors)
}

// TestBrowserCaptionNamesTheNewLeaderInTime: crash the leader of the
// default page at 10× faster, as the learner did. Once the election is
// in the event log, the caption names the new leader within 2.5 s of
// simulated time of the election (the narrator's NarrationLagMs and a
// few frames at 10×), where it read "The controller fenced broker 1"
// eight seconds after it; and it never names the fence after naming the
// leader.
func TestBrowserCaptionNamesTheNewLeaderInTime(t *testing.T) {
	// It runs alone (no t.Parallel): it measures simulated time between
	// frames at top speed, which pages playing beside it would stretch.
	ctx, _, pageErrors := openPage(t, 1280, 800, "/")
	setMaxSpeed(t, ctx)
	clickBoxMiddle(t, ctx, "b1")
	pollJS(t, ctx, `document.querySelector(".broker-menu #act-crash") !== null`, 5*time.Second, "clicking broker 1 opens its actions")
	click(t, ctx, "#act-crash")
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

// TestBrowserTruncationMarkFits: on a phone and in an 800×600 embed,
// broker 1's truncation mark (after "Produce with acks=1, then crash the
// leader", an election and a restart) stays inside its box.
func TestBrowserTruncationMarkFits(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		w, h int
		path string
	}{{"390x844", 390, 844, "/?preset=start-here"}, {"embed-800x600", 800, 600, "/embed.html?preset=start-here&autoplay=1"}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
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
			click(t, ctx, "#act-restart")
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
	t.Parallel()
	ctx, _, pageErrors := openPage(t, 1280, 800, "/")
	const label = `document.getElementById("speed-label")`
	pollJS(t, ctx, label+`.querySelector("span.now").textContent === "100× slower"`, 10*time.Second, "the readout does not open on the slider's speed")
	const box = `(r => [r.width, r.height].map(Math.round).join("x"))(` + label + `.getBoundingClientRect())`
	size := evalJS[string](t, ctx, box)
	clickBoxMiddle(t, ctx, "b1")
	pollJS(t, ctx, `document.querySelector(".broker-menu #act-crash") !== null`, 5*time.Second, "clicking broker 1 opens its actions")
	click(t, ctx, "#act-crash")
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
	click(t, phone, "#act-crash")
	pollJS(t, phone, label+`.textContent === "quiet: real time busy: 1000× slower"`, 15*time.Second, "the phone's readout does not put quiet time first")
	if got := evalJS[string](t, phone, `(l => [...l.children].filter(c => { const r = document.createRange(); r.selectNodeContents(c); const w = r.getBoundingClientRect(); return w.right > l.getBoundingClientRect().right + 0.5 || w.right > innerWidth; }).map(c => c.textContent).join(", "))(`+label+`)`); got != "" {
		t.Errorf("on a phone the readout's lines %q run out of it", got)
	}
	evalJS[bool](t, phone, `(() => { document.getElementById("speed").scrollIntoView({block: "center"}); return true; })()`)
	screenshot(t, phone, "kplay-narrate-speed-quiet-390x844.png")
	noPageErrors(t, phoneErrors)
}
