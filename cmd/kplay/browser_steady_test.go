//go:build !js

package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// haloJS samples the leader's halo (g.leader-mark) on each of n animation
// frames and returns the frames on which it was drawn anywhere but around
// a broker's box: the halo is the box grown by 5 viewBox units on each
// side (renderLeaderMark), so each edge must be within 2 px of that. want
// names the broker it must be around ("" for any broker). It also returns
// how many frames showed the halo.
const haloJS = `new Promise(done => {
	const bad = []; let seen = 0, frames = 0;
	const look = () => {
		const svg = document.getElementById("diagram");
		const h = svg && svg.querySelector("g.leader-mark rect");
		if (h) {
			seen++;
			const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
			const r = h.getBoundingClientRect();
			const near = b => Math.abs(r.left - (b.left - 5 * k)) <= 2 && Math.abs(r.top - (b.top - 5 * k)) <= 2 &&
				Math.abs(r.right - (b.right + 5 * k)) <= 2 && Math.abs(r.bottom - (b.bottom + 5 * k)) <= 2;
			const boxes = [...svg.querySelectorAll("g.node.broker")].filter(g => %q === "" || g.dataset.node === %q)
				.map(g => g.querySelector("rect.box").getBoundingClientRect());
			if (!boxes.some(near) && bad.length < 5) bad.push(document.getElementById("clock").textContent + ": halo at " +
				[r.left, r.top, r.width, r.height].map(Math.round).join(","));
		}
		if (++frames < %d) requestAnimationFrame(look); else done({seen, bad});
	};
	requestAnimationFrame(look);
})`

type haloReport struct {
	Seen int      `json:"seen"`
	Bad  []string `json:"bad"`
}

func sampleHalo(t *testing.T, ctx context.Context, want string, frames int) haloReport {
	t.Helper()
	r, err := chromedp.Run(ctx, chromedp.Evaluate[haloReport](fmt.Sprintf(haloJS, want, want, frames), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestBrowserLeaderMarkInPlace: in the KIP-101 preset the partition has
// no leader from 11 s (both brokers fenced, "Leader: none") until the
// controller elects broker 2 at 14.7 s; the leader's mark must appear on
// broker 2's box, never slide in from the corner of the diagram. A rewind
// by clicking the first election in the event log must show it on broker
// 1 at once, not sliding back across the diagram from broker 2.
func TestBrowserLeaderMarkInPlace(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=kip101-before-the-fix")
	// Half a second before the election, at the top speed.
	evalJS[bool](t, ctx, `(() => {
		const s = document.getElementById("speed"); s.value = s.max; s.dispatchEvent(new Event("input", {bubbles: true}));
		const tl = document.getElementById("timeline"); tl.value = 14200;
		tl.dispatchEvent(new Event("input", {bubbles: true})); tl.dispatchEvent(new Event("change", {bubbles: true}));
		return true;
	})()`)
	pollJS(t, ctx, `document.getElementById("clock").textContent.startsWith("00:00:14.2")`, 10*time.Second, "the scrub to 14.2 s")
	pollJS(t, ctx, `document.querySelector("#diagram g.leader-mark") === null`, 5*time.Second, "a halo drawn while the partition has no leader")
	setPlaying(t, ctx, true)
	r := sampleHalo(t, ctx, "", 150)
	if r.Seen == 0 {
		t.Fatalf("no halo in 150 frames after the election; clock %s", evalJS[string](t, ctx, `document.getElementById("clock").textContent`))
	}
	if len(r.Bad) > 0 {
		t.Errorf("the halo was away from every broker box on %d frames, e.g.:\n%s", len(r.Bad), strings.Join(r.Bad, "\n"))
	}
	if got := evalJS[string](t, ctx, `document.querySelector('#diagram g.node[data-role="leader"]').dataset.node`); got != "b2" {
		t.Fatalf("leader %s after 14.7 s, want b2", got)
	}
	screenshot(t, ctx, "kplay-halo-elected.png")
	setPlaying(t, ctx, false)
	evalJS[bool](t, ctx, `(() => { [...document.querySelectorAll("#events li[data-at]")].find(li => li.textContent.includes("leader b1 in leader epoch 0")).click(); return true; })()`)
	r = sampleHalo(t, ctx, "b1", 60)
	if r.Seen < 55 {
		t.Errorf("the halo showed on %d of 60 frames after the rewind, want every one but the first", r.Seen)
	}
	if len(r.Bad) > 0 {
		t.Errorf("after the rewind the halo was away from broker 1's box:\n%s", strings.Join(r.Bad, "\n"))
	}
	screenshot(t, ctx, "kplay-halo-rewound.png")
	if problems := pageErrors(); len(problems) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(problems, "\n"))
	}
}
