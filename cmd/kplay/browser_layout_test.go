//go:build !js

package main

// Browser tests of a teacher's layout defects in an embedded lesson: the
// timeline's heading row that squeezed its track when it held the
// "Answer the question first" note and the jump button.

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// layoutSizes are the widths the timeline's heading row is checked at,
// on the page and in an embed with the embed code's controls=min.
var layoutSizes = []struct {
	name          string
	width, height int
	path          string
}{
	{"page-390x844", 390, 844, "/?preset=acks1-loss"},
	{"page-768x800", 768, 800, "/?preset=acks1-loss"},
	{"page-800x600", 800, 600, "/?preset=acks1-loss"},
	{"page-1280x800", 1280, 800, "/?preset=acks1-loss"},
	{"embed-390x844", 390, 844, "/embed.html?preset=acks1-loss&controls=min"},
	{"embed-768x600", 768, 600, "/embed.html?preset=acks1-loss&controls=min"},
	{"embed-800x600", 800, 600, "/embed.html?preset=acks1-loss&controls=min"},
	{"embed-1280x800", 1280, 800, "/embed.html?preset=acks1-loss&controls=min"},
}

// timelineRowJS reports what is wrong with the timeline's heading row
// and its track (bad), and the ◀ ▶ buttons' sizes (prev, next: "w×h").
// The track keeps a usable width: half the timeline's, or a row of its
// own under everything of the heading; no control of the row covers
// another or the track; no text of the row is cut or runs off the
// screen, and the note and the jump button are one line each; the
// questions' "?" markers keep apart.
const timelineRowJS = `(() => {
	const bad = [];
	const R = e => e.getBoundingClientRect();
	const shown = e => e !== null && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
	const name = e => e.id ? "#" + e.id : "." + [...e.classList].join(".");
	const tl = R(document.querySelector(".timeline"));
	const trackBox = document.querySelector(".timeline-track");
	const slider = R(document.getElementById("timeline"));
	const parts = [...document.querySelectorAll(".timeline-head > label, .timeline-head > .timeline-range, #moment-prev, #moment-next, #moment-why, #jump-violation, .timeline > .lesson-toggle")].filter(shown);
	const ownRow = parts.every(p => R(p).bottom <= R(trackBox).top + 0.5);
	if (!(slider.width >= tl.width / 2 - 0.5 || (ownRow && slider.width >= tl.width * 0.9))) {
		bad.push("the track is " + Math.round(slider.width) + " px of a " + Math.round(tl.width) + "-px timeline" + (ownRow ? "" : ", beside the heading"));
	}
	const over = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
	const things = parts.map(p => [name(p), R(p)]);
	things.push(["the slider", slider]);
	for (const m of document.querySelectorAll(".timeline .marker")) if (shown(m)) things.push(["marker " + (m.dataset.kind || "") + " " + (m.dataset.at || ""), R(m)]);
	for (let i = 0; i < things.length; i++) {
		for (let j = i + 1; j < things.length; j++) {
			const [a, ra] = things[i], [b, rb] = things[j];
			if (a.startsWith("marker") && b.startsWith("marker") && !(a.startsWith("marker ask") && b.startsWith("marker ask"))) continue;
			if (a.startsWith("marker") && b === "the slider" || b.startsWith("marker") && a === "the slider") continue;
			if (over(ra, rb)) bad.push(a + " covers " + b);
		}
	}
	for (const p of parts) {
		const r = R(p);
		if (p.scrollWidth > p.clientWidth + 1 || p.scrollHeight > p.clientHeight + 1) bad.push(name(p) + "'s text is cut (" + p.scrollWidth + "×" + p.scrollHeight + " in " + p.clientWidth + "×" + p.clientHeight + ")");
		if (r.left < -0.5 || r.right > innerWidth + 0.5) bad.push(name(p) + " runs off the screen (" + Math.round(r.left) + "–" + Math.round(r.right) + ")");
	}
	for (const id of ["moment-why", "jump-violation"]) {
		const e = document.getElementById(id);
		if (!shown(e)) continue;
		const lh = parseFloat(getComputedStyle(e).lineHeight) || parseFloat(getComputedStyle(e).fontSize) * 1.3;
		const lines = Math.round((R(e).height - parseFloat(getComputedStyle(e).paddingTop) - parseFloat(getComputedStyle(e).paddingBottom) - parseFloat(getComputedStyle(e).borderTopWidth) - parseFloat(getComputedStyle(e).borderBottomWidth)) / lh);
		if (lines > 1) bad.push("#" + id + " " + JSON.stringify(e.textContent) + " takes " + lines + " lines");
	}
	const size = id => { const r = R(document.getElementById(id)); return Math.round(r.width) + "×" + Math.round(r.height); };
	return {bad, prev: size("moment-prev"), next: size("moment-next")};
})()`

type timelineRow struct {
	Bad  []string `json:"bad"`
	Prev string   `json:"prev"`
	Next string   `json:"next"`
}

// answerAndPlayOn picks the option labelled answer of the open question,
// continues, and plays on at the top speed.
func answerAndPlayOn(t *testing.T, ctx context.Context, answer string) {
	t.Helper()
	pick := fmt.Sprintf(`[...document.querySelectorAll("#ask .ask-option")].find(b => b.textContent === %q)`, answer)
	pollJS(t, ctx, pick+` !== undefined`, 10*time.Second, "no option "+answer)
	evalJS[bool](t, ctx, `(`+pick+`.click(), true)`)
	pollJS(t, ctx, `document.getElementById("ask-continue") !== null`, 10*time.Second, "no Continue after the answer")
	evalJS[bool](t, ctx, `(document.getElementById("ask-continue").click(), true)`)
	pollJS(t, ctx, `document.getElementById("ask-continue") === null`, 10*time.Second, "Continue stays")
	waitFrames(t, ctx)
	setMaxSpeed(t, ctx)
	setPlaying(t, ctx, true)
}

// TestBrowserTimelineHeadingKeepsItsTrack: acks1-loss played to its
// second question (00:00:40), its first answered, puts the "Answer the
// question first" note and the "Jump to the first broken guarantee"
// button in the timeline's heading row. On the page and in an embed
// with controls=min, at 390, 768, 800 and 1280 px, the track keeps half
// the row or a row of its own (at 768 px it had shrunk to 25 px, the
// "?" markers on top of each other), the ◀ ▶ buttons keep the size they
// had on the first screen (a phone's note wrapped to four lines and
// stretched them into tall boxes), no control covers another (a phone's
// jump button covered the track) and no text is cut.
func TestBrowserTimelineHeadingKeepsItsTrack(t *testing.T) {
	for _, sz := range layoutSizes {
		t.Run(sz.name, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, sz.path)
			setPlaying(t, ctx, false)
			waitFrames(t, ctx)
			first := evalJS[timelineRow](t, ctx, timelineRowJS)
			if len(first.Bad) > 0 {
				t.Errorf("on the first screen:\n%s", strings.Join(first.Bad, "\n"))
			}
			setMaxSpeed(t, ctx)
			setPlaying(t, ctx, true)
			pollJS(t, ctx, `(document.getElementById("ask-q") || {}).textContent === "p2 holds an acknowledgement for m2 (acks=1), and b1 is about to crash. Is m2 safe?"`, 60*time.Second, "the first question never came")
			waitFrames(t, ctx)
			if q1 := evalJS[timelineRow](t, ctx, timelineRowJS); len(q1.Bad) > 0 || q1.Prev != first.Prev || q1.Next != first.Next {
				t.Errorf("at the first question (◀ %s ▶ %s, first %s %s):\n%s", q1.Prev, q1.Next, first.Prev, first.Next, strings.Join(q1.Bad, "\n"))
			}
			answerAndPlayOn(t, ctx, "no")
			pollJS(t, ctx, `(document.getElementById("ask-q") || {textContent: ""}).textContent.startsWith("b1 returns with m2")`, 60*time.Second, "the second question never came")
			pollJS(t, ctx, `document.getElementById("moment-why") !== null && document.getElementById("jump-violation") !== null`, 10*time.Second, "the heading row does not hold both the note and the jump button")
			waitFrames(t, ctx)
			got := evalJS[timelineRow](t, ctx, timelineRowJS)
			if len(got.Bad) > 0 {
				t.Errorf("at the second question:\n%s", strings.Join(got.Bad, "\n"))
			}
			if got.Prev != first.Prev || got.Next != first.Next {
				t.Errorf("the ◀ ▶ buttons are %s and %s at the question, %s and %s on the first screen", got.Prev, got.Next, first.Prev, first.Next)
			}
			// An embed scrolls its own document to the card: the shot
			// shows the timeline.
			evalJS[bool](t, ctx, `(scrollTo(0, 0), true)`)
			waitFrames(t, ctx)
			screenshot(t, ctx, "kplay-timeline-row-"+sz.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}
