//go:build browser && !js

package e2e

// BenchmarkSoak is a tab left playing nine brokers and twelve partitions at
// the top speed (10×) for an hour of wall time, which plays ten simulated
// hours (some ten million events), shortened: it runs for KPLAY_SOAK of
// wall time (a Go duration, 3m by default) and still covers the ten
// simulated hours, by playing at the top speed and, at each of its twenty
// samples, seeking forward to where the hour would be by then, two
// simulated minutes a seek (a forward seek plays the new time's events,
// with checkpoints, as playing does, drawing only its end). Each sample logs the simulated clock, the JS
// heap (performance.memory.usedJSHeapSize) and the wasm memory (the Go
// program's WebAssembly.Memory, buffer.byteLength, which never shrinks: it
// is the peak the Go heap needed). At the end it seeks to 31 random
// points of the ten hours and times them (window.kplaySeekBench), and
// reports the peak and final memory, JS and wasm together, the seeks'
// median and maximum, and the frames (rate, p95 interval, long tasks) of
// ten seconds of play at the start and at the end. The full hour, with no
// jump at all (playing at 10× reaches each sample's target by itself):
//
//	KPLAY_SOAK=1h KPLAY_DIST=$PWD/dist go test -run '^$' -bench '^BenchmarkSoak$' -benchtime 1x -timeout 2h -tags browser ./wasm/playground/e2e
//
// (dist built with PAGE_TAGS=kplaytest, as ./build.sh bench does).
// Budget (docs/design.md §9): JS heap and wasm memory
// together at most 300 MB.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// soakSpan is what an hour of wall time at the top speed plays, in
// simulated ms; jumpStep is how far one forward seek of the shortened
// soak goes.
const (
	soakSpan = 10 * 60 * 60 * 1000
	jumpStep = 2 * 60 * 1000
)

// memProbeJS runs before the page's own scripts: it keeps the Go
// program's WebAssembly.Memory in window.__kplayMem as boot.js
// instantiates app.wasm, without changing what boot.js does.
const memProbeJS = `(() => {
	const keep = r => { const i = r.instance || r; if (i && i.exports && i.exports.mem) window.__kplayMem = i.exports.mem; return r; };
	const s = WebAssembly.instantiateStreaming, n = WebAssembly.instantiate;
	if (s) WebAssembly.instantiateStreaming = (...a) => s.apply(WebAssembly, a).then(keep);
	WebAssembly.instantiate = (...a) => n.apply(WebAssembly, a).then(keep);
})()`

// soakSample is one reading of the page.
type soakSample struct {
	Clock string  `json:"clock"`
	JS    float64 `json:"js"`
	Wasm  float64 `json:"wasm"`
	Dead  bool    `json:"dead"`
	Err   string  `json:"err"`
}

const sampleJS = `(() => ({
	clock: document.getElementById("clock").textContent,
	js: performance.memory ? performance.memory.usedJSHeapSize : 0,
	wasm: window.__kplayMem ? window.__kplayMem.buffer.byteLength : 0,
	dead: document.body.classList.contains("crashed"),
	err: (document.querySelector(".error, .banner.error, [role=alert]") || {textContent: ""}).textContent.slice(0, 300),
}))()`

// playJS makes the page play at the top speed.
const playJS = `(() => {
	const s = document.getElementById("speed");
	if (s.value !== s.max) { s.value = s.max; s.dispatchEvent(new Event("input", {bubbles: true})); }
	const p = document.getElementById("play");
	if (/Play/.test(p.textContent)) p.click();
	return true;
})()`

func BenchmarkSoak(b *testing.B) {
	wall := 3 * time.Minute
	if v := os.Getenv("KPLAY_SOAK"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			b.Fatalf("KPLAY_SOAK=%q: want a duration such as 3m or 1h", v)
		}
		wall = d
	}
	srv := serveSite(b, builtSite(b))
	ctx := longBrowser(b, wall+10*time.Minute)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: memProbeJS}); err != nil {
		b.Fatalf("installing the memory probe: %v", err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		b.Fatalf("navigate: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](readyJS, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		b.Fatalf("the page never drew its diagram: %v", err)
	}
	if msg, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`window.kplayLoadScript(%q)`, nineByTwelve()))); err != nil || msg != "" {
		b.Fatalf("kplayLoadScript: %q, %v", msg, err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll('svg#diagram g.node[data-node^="b"]').length === 9`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		b.Fatalf("the diagram never showed the 9 brokers: %v", err)
	}
	read := func() soakSample {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[soakSample](sampleJS))
		if err != nil {
			b.Fatalf("reading the page: %v", err)
		}
		if s.Dead {
			b.Fatalf("the page died at %s: %s", s.Clock, s.Err)
		}
		return s
	}
	first := read()
	b.Logf("loaded: JS heap %.1f MB, wasm memory %.1f MB", first.JS/(1<<20), first.Wasm/(1<<20))
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](playJS)); err != nil {
		b.Fatalf("playing: %v", err)
	}
	// The frames of the first and the last ten seconds of play: a long
	// session must keep its frame rate, not only its memory.
	frames := func(when string) frameCost {
		c, err := measureFrameCost(ctx, 10*time.Second, true)
		if err != nil {
			b.Fatalf("measuring frames %s: %v", when, err)
		}
		b.Logf("frames %s: %.1f frames/s, p95 interval %.1f ms, %d long tasks (longest %.0f ms), main thread busy %.1f %%", when, c.FPS, c.P95, c.Long, c.Longest, c.Task)
		return c
	}
	const samples = 20
	var peak float64
	t0 := time.Now()
	frames("at the start")
	b.ResetTimer()
	for i := 1; i <= samples; i++ {
		time.Sleep(time.Until(t0.Add(wall * time.Duration(i) / samples)))
		target := soakSpan * i / samples
		// Where the hour would be by now: if playing has not reached it,
		// seek there in steps of two simulated minutes (some 33,000
		// events, one frame's worth of work each), which lets the page
		// draw and collect garbage between them as playing does; a seek
		// pauses, so play again after.
		jumped := ""
		if now := read(); clockMs(now.Clock) < target {
			var took float64
			steps := 0
			for at := clockMs(now.Clock); at < target; steps++ {
				at = min(target, at+jumpStep)
				ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](fmt.Sprintf(`window.kplaySeekBench(%d)`, at), chromedp.EvalAwaitPromise))
				if err != nil {
					b.Fatalf("seeking forward to +%d ms: %v", at, err)
				}
				took += ms
			}
			jumped = fmt.Sprintf(", jumped from %s in %d seeks, %.0f ms", now.Clock, steps, took)
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](playJS)); err != nil {
				b.Fatalf("playing: %v", err)
			}
		}
		s := read()
		mb := (s.JS + s.Wasm) / (1 << 20)
		peak = max(peak, mb)
		b.Logf("%6.0f s: clock %s, JS heap %.1f MB, wasm memory %.1f MB, together %.1f MB%s", time.Since(t0).Seconds(), s.Clock, s.JS/(1<<20), s.Wasm/(1<<20), mb, jumped)
		if s.Err != "" {
			b.Logf("        the page says: %s", s.Err)
		}
	}
	b.StopTimer()
	endFrames := frames("at the end")
	last := read()
	rng := rand.New(rand.NewPCG(3, 4))
	var seeks []float64
	for range 31 {
		to := rng.IntN(soakSpan)
		ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](fmt.Sprintf(`window.kplaySeekBench(%d)`, to), chromedp.EvalAwaitPromise))
		if err != nil {
			b.Fatalf("seek to +%d ms: %v", to, err)
		}
		seeks = append(seeks, ms)
	}
	end := read()
	peak = max(peak, (end.JS+end.Wasm)/(1<<20))
	b.Logf("seeks over the ten hours (ms): %.1f", seeks)
	b.Logf("after the seeks: JS heap %.1f MB, wasm memory %.1f MB", end.JS/(1<<20), end.Wasm/(1<<20))
	b.ReportMetric(peak, "peak-mb")
	b.ReportMetric((last.JS+last.Wasm)/(1<<20), "final-mb")
	b.ReportMetric(median(seeks), "seek-median-ms")
	b.ReportMetric(slices.Max(seeks), "seek-max-ms")
	b.ReportMetric(endFrames.FPS, "end-raf-per-s")
	b.ReportMetric(endFrames.P95, "end-raf-p95-ms")
	b.ReportMetric(float64(endFrames.Long), "end-long-tasks")
}

// longBrowser is newBrowser (1280×800) with a deadline of d instead of two
// minutes, for a soak of many minutes.
func longBrowser(b *testing.B, d time.Duration) context.Context {
	b.Helper()
	return browserFor(b, 1280, 800, d)
}
