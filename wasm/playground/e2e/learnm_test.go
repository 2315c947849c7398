//go:build browser && !js

package e2e

// Browser checks of what a fresh learner found wrong (issue 12): the
// table view's roles after a crash, the next-moment button past a
// preset's last command and at a question, and the subtitle of a preset
// that replays an old protocol.

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserLearnerFixes: (1) crash the leader from Try this, open the
// table view: broker 1's row reads "leader (down)" while the diagram's
// pill on broker 1 reads "leader" (the controller has not fenced it yet);
// (2) in KIP-101's "before the fix", "moment ▶" reaches the election at
// 00:00:11, each press moving the clock; (3) that preset's subtitle names
// the rules of Kafka before 0.11 and its controller is not a "KRaft
// quorum"; (4) at lesson 8's first question "moment ▶" is disabled with
// its reason beside it.
func TestBrowserLearnerFixes(t *testing.T) {
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 800)
	errs := mannersOpen(t, ctx, srv.URL+"/?preset=start-here")

	// (1) The table view after a crash.
	mEval[bool](t, ctx, `(document.getElementById("play").getAttribute("aria-pressed") === "true" && document.getElementById("play").click(), true)`)
	mPoll(t, ctx, `[...document.querySelectorAll("#try-this button")].some(b => b.textContent.includes("Crash the leader"))`, 10*time.Second, "no 'Crash the leader' in Try this")
	mEval[bool](t, ctx, `([...document.querySelectorAll("#try-this button")].find(b => b.textContent.includes("Crash the leader")).click(), true)`)
	mPoll(t, ctx, `document.querySelector('g.node[data-node="b1"] .role-badge') !== null && document.querySelector('g.node[data-node="b1"] .role-badge').textContent.trim() === "leader"`, 10*time.Second, "broker 1's pill does not read leader after the crash")
	mEval[bool](t, ctx, `(document.getElementById("table-toggle").click(), true)`)
	mPoll(t, ctx, `document.querySelector('#table-view tr[data-broker="1"]') !== null`, 5*time.Second, "no table view")
	role := mEval[string](t, ctx, `document.querySelector('#table-view tr[data-broker="1"]').children[1].textContent`)
	pill := mEval[string](t, ctx, `document.querySelector('g.node[data-node="b1"] .role-badge').textContent.trim()`)
	if role != "leader (down)" || pill != "leader" {
		t.Errorf("after the crash the table says %q and the diagram %q", role, pill)
	}

	// (2) and (3): KIP-101 before the fix.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?preset=kip101-before-the-fix")); err != nil {
		t.Fatal(err)
	}
	mPoll(t, ctx, readyJS, 30*time.Second, "the KIP-101 preset never drew")
	sub := mEval[string](t, ctx, `document.querySelector(".subtitle").textContent`)
	if !strings.Contains(sub, "Kafka before 0.11") || strings.Contains(sub, "Kafka 4.4") {
		t.Errorf("subtitle %q", sub)
	}
	if ctl := mEval[string](t, ctx, `document.getElementById("controller-state").textContent`); strings.HasPrefix(ctl, "KRaft") {
		t.Errorf("controller strip %q for a pre-KRaft replay", ctl)
	}
	mEval[bool](t, ctx, `(document.getElementById("play").getAttribute("aria-pressed") === "true" && document.getElementById("play").click(), true)`)
	reached := false
	for i := 0; i < 10 && !reached; i++ {
		before := mEval[string](t, ctx, `document.getElementById("clock").textContent`)
		mEval[bool](t, ctx, `(document.getElementById("moment-next").click(), true)`)
		mPoll(t, ctx, `document.getElementById("clock").textContent !== `+jsString(before), 5*time.Second, "a press of moment ▶ at "+before+" did not move the clock")
		reached = mEval[string](t, ctx, `document.getElementById("clock").textContent`) == "00:00:11.000"
	}
	if !reached {
		t.Error("moment ▶ never reached the election at 00:00:11.000")
	}
	screenshot(t, ctx, "kplay-learnm-kip101-moment-1280x800.png")

	// (4) At lesson 8's first question.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?preset=acks1-loss")); err != nil {
		t.Fatal(err)
	}
	mPoll(t, ctx, readyJS, 30*time.Second, "lesson 8 never drew")
	for i := 0; i < 12; i++ {
		if mEval[bool](t, ctx, `document.getElementById("moment-next").disabled`) {
			break
		}
		mEval[bool](t, ctx, `(document.getElementById("moment-next").click(), true)`)
	}
	mPoll(t, ctx, `document.getElementById("moment-next").disabled && (document.getElementById("moment-why") || {}).textContent === "Answer the question first"`, 10*time.Second, "at the question moment ▶ is not disabled with its reason")
	screenshot(t, ctx, "kplay-learnm-question-1280x800.png")
	mNoErrors(t, errs)
}
