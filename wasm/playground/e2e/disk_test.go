//go:build browser && !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// slowDiskPageScript is a follower (b3) with a 50 ms disk under a rate
// producer: it falls behind and leaves the ISR at 00:00:03.001
// (engine/testdata/slow_disk_isr.txt works the time out from
// replica.lag.time.max.ms).
const slowDiskPageScript = `title "A slow disk under load"
cluster brokers=3 latency=(1,1) replica.lag.time.max.ms=2000 replica.fetch.max.bytes=4096 eligible.leader.replicas.version=0
create-topic t partitions=1 rf=3
slow-disk 3 latency=50ms
produce t-0 rate=100/s for=6s acks=1 size=1000
run until=00:00:12.000
`

// TestBrowserSlowDisk: a reader applies a script with a slow-disk follower
// under a rate producer; b3's box carries the "slow disk +50 ms" badge
// (data-badge slow-disk, with a tooltip) while the healthy brokers carry
// none, b3 is in the ISR at 2 s and out of sync at 4 s, and clicking b3
// shows the disk row in the inspector.
func TestBrowserSlowDisk(t *testing.T) {
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 900)
	pageErrors := watchConsole(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?preset=fetch-loop")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, readyJS+` && document.getElementById("script") !== null`, 30*time.Second, "the page loads with the editor")
	setPlaying(t, ctx, false)
	evalJS[bool](t, ctx, `(() => { const s = document.getElementById("script"); s.value = `+jsString(slowDiskPageScript)+`;
		s.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `!document.getElementById("script-apply").disabled && document.getElementById("script-problem") === null`, 5*time.Second, "the script parses")
	evalJS[bool](t, ctx, `(() => { document.getElementById("script-apply").click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("script-status").textContent.startsWith("Applied") && document.querySelector(".title").textContent.startsWith("A slow disk")`, 10*time.Second, "Apply takes the script")
	setPlaying(t, ctx, false)

	seek := func(ms string) {
		evalJS[bool](t, ctx, `(() => { const tl = document.getElementById("timeline"); tl.value = "`+ms+`"; tl.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	}
	badge := `svg#diagram g.node[data-node="b3"] [data-badge="slow-disk"]`
	seek("2000")
	pollJS(t, ctx, `document.querySelector(`+jsString(badge)+`) !== null && document.querySelector('svg#diagram g.node[data-node="b3"] [data-badge="in-isr"]') !== null`, 10*time.Second, "at 2 s b3 has the slow-disk badge and is still in the ISR")
	if got := evalJS[string](t, ctx, `document.querySelector(`+jsString(badge)+`).textContent`); !strings.HasPrefix(got, "slow disk: every append") || !strings.Contains(got, "slow disk +50 ms") {
		t.Errorf("b3's disk badge says %q", got)
	}
	if n := evalJS[int](t, ctx, `document.querySelectorAll('svg#diagram [data-badge="slow-disk"]').length`); n != 1 {
		t.Errorf("%d slow-disk badges, want 1 (b3's)", n)
	}
	seek("4000")
	pollJS(t, ctx, `document.querySelector('svg#diagram g.node[data-node="b3"] [data-badge="out-of-sync"]') !== null && document.querySelector(`+jsString(badge)+`) !== null`, 10*time.Second, "at 4 s b3 has left the ISR and keeps its disk badge")
	if got := badges(t, ctx); !strings.Contains(got, "b3=") || !strings.Contains(got, "out-of-sync,slow-disk") {
		t.Errorf("badges %s", got)
	}

	if err := steadyClick(ctx, `svg#diagram g.node[data-node="b3"] .box`); err != nil {
		t.Fatalf("click b3: %v", err)
	}
	pollJS(t, ctx, `(document.getElementById("inspector")?.textContent || "").includes("slow: every append takes 50 ms")`, 10*time.Second, "the inspector names b3's slow disk")
	noPageErrors(t, pageErrors)
}
