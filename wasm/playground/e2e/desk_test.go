//go:build browser && !js

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

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
	for _, w := range []int{1280, 1100, 1000} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
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
