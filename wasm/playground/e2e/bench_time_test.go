//go:build browser && !js

package e2e

// Benchmarks of the timeline's budgets (docs/design.md §7) in headless Chromium:
// a seek in a 10-minute run (≤ 50 ms) and a frame with 9 brokers × 12
// partitions (≤ 16 ms). Run them with a fixed count:
//
//	KPLAY_DIST=$PWD/dist go test -run '^$' -bench 'Seek10Min|Frame9x12' -benchtime 31x -tags browser ./wasm/playground/e2e

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// benchPage loads the site in a fresh browser and waits for the first
// drawn diagram.
func benchPage(b *testing.B) context.Context {
	b.Helper()
	srv := serveSite(b, builtSite(b))
	ctx := newBrowser(b, 1280, 800)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		b.Fatalf("navigate: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](readyJS, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		b.Fatalf("the page never drew its diagram: %v", err)
	}
	return ctx
}

// median returns the middle of xs (the mean of the middle two for an even
// count).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// percentile returns the p-th percentile of xs (0 < p <= 100) by the
// nearest-rank method: the smallest x with at least p% of xs at or below it.
func percentile(xs []float64, p float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	i := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// BenchmarkSeek10Min plays the default preset ten simulated minutes (one
// forward seek, which leaves checkpoints behind it), then seeks to b.N
// random earlier points. Each seek is timed in the page, with
// performance.now() around the Go seek and the re-render
// (window.kplaySeekBench). It reports the median as seek-median-ms, and
// the median of the seek alone, without the re-render, as
// seek-go-median-ms.
func BenchmarkSeek10Min(b *testing.B) {
	ctx := benchPage(b)
	const tenMinutes = 10 * 60 * 1000
	first, err := chromedp.Run(ctx, chromedp.Evaluate[float64](fmt.Sprintf(`window.kplaySeekBench(%d)`, tenMinutes), chromedp.EvalAwaitPromise))
	if err != nil {
		b.Fatalf("playing ten minutes: %v", err)
	}
	clock, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("clock").textContent`))
	b.Logf("played to %s in %.0f ms", clock, first)
	rng := rand.New(rand.NewPCG(1, 2))
	var seeks, goSeeks []float64
	b.ResetTimer()
	for range b.N {
		to := rng.IntN(tenMinutes)
		ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](fmt.Sprintf(`window.kplaySeekBench(%d)`, to), chromedp.EvalAwaitPromise))
		if err != nil {
			b.Fatalf("seek to +%d ms: %v", to, err)
		}
		seeks = append(seeks, ms)
		goMs, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.kplaySeekParts[0]`))
		if err != nil {
			b.Fatalf("kplaySeekParts: %v", err)
		}
		goSeeks = append(goSeeks, goMs)
	}
	b.StopTimer()
	b.Logf("seeks (ms): %.1f", seeks)
	b.ReportMetric(median(seeks), "seek-median-ms")
	b.ReportMetric(slices.Max(seeks), "seek-max-ms")
	// The seek alone (restoring a checkpoint and replaying from it),
	// without the re-render.
	b.ReportMetric(median(goSeeks), "seek-go-median-ms")
}

// nineByTwelve is a scenario with 9 brokers and a topic of 12 partitions
// (rf=3), a consumer, and produces to every partition every second for
// thirty seconds.
func nineByTwelve() string {
	var s strings.Builder
	s.WriteString("# title: nine brokers, twelve partitions\ncluster brokers=9 seed=7\ncreate-topic orders partitions=12 rf=3\nconsume orders-0 from=earliest\n")
	for sec := 0; sec < 30; sec++ {
		fmt.Fprintf(&s, "run until=00:00:%02d.000\n", sec)
		for p := range 12 {
			fmt.Fprintf(&s, "produce orders-%d count=5 acks=all\n", p)
		}
	}
	return s.String()
}

// BenchmarkFrame9x12 plays nineByTwelve at the top speed and times b.N
// frames' Go work, each a tick of 1/60 s and the re-render, with
// performance.now() in the page (window.kplayFrameBench). It reports the
// 95th percentile as frame-p95-ms (docs/design.md §7's budget) and the median as
// frame-median-ms.
func BenchmarkFrame9x12(b *testing.B) {
	ctx := benchPage(b)
	if msg, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`window.kplayLoadScript(%q)`, nineByTwelve()))); err != nil || msg != "" {
		b.Fatalf("kplayLoadScript: %q, %v", msg, err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		const s = document.getElementById("speed");
		s.value = s.max;
		s.dispatchEvent(new Event("input", {bubbles: true}));
		return true;
	})()`)); err != nil {
		b.Fatalf("setting the speed: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll('svg#diagram g.node[data-node^="b"]').length === 9`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		b.Fatalf("the diagram never showed the 9 brokers: %v", err)
	}
	nodes, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("svg#diagram g.node").length`))
	if err != nil {
		b.Fatal(err)
	}
	// Warm up: the first frames after a load build the DOM.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`window.kplayFrameBench(30)`, chromedp.EvalAwaitPromise)); err != nil {
		b.Fatalf("warming up: %v", err)
	}
	b.ResetTimer()
	frames, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](fmt.Sprintf(`window.kplayFrameBench(%d)`, b.N), chromedp.EvalAwaitPromise))
	b.StopTimer()
	if err != nil {
		b.Fatalf("frames: %v", err)
	}
	clock, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("clock").textContent`))
	b.Logf("%d frames to %s, %d nodes (ms): %.1f", len(frames), clock, nodes, frames)
	b.ReportMetric(percentile(frames, 95), "frame-p95-ms")
	b.ReportMetric(median(frames), "frame-median-ms")
	b.ReportMetric(slices.Max(frames), "frame-max-ms")
}
