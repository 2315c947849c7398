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
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"

	"kplay/scenarios"
)

// BenchmarkSeek10Min plays the default preset ten simulated minutes (one
// forward seek, which leaves checkpoints behind it), then seeks to b.N
// random earlier points. Each seek is timed in the page, with
// performance.now() around the Go seek, the re-render and the style and
// layout that frame leaves (window.kplaySeekBench). It reports the median
// as seek-median-ms, the median of the seek alone, without the re-render,
// as seek-go-median-ms, and that of the left style and layout as
// seek-layout-median-ms.
func BenchmarkSeek10Min(b *testing.B) {
	benchSeek10Min(b, benchPage(b))
}

// BenchmarkSeek10MinFourRuns is BenchmarkSeek10Min with the default
// preset's script given three vs lines (issue 28: "four variants of the
// largest allowed scenario stay within the page's memory and seek
// budgets"), so that every seek moves four runs; it reports the live heap
// after a full collection with all four played ten minutes, as
// heap-live-mb (the page's soft memory limit is 256 MiB,
// wasm/playground/main.go).
func BenchmarkSeek10MinFourRuns(b *testing.B) {
	ctx := benchPage(b)
	p, ok := scenarios.Get("start-here")
	if !ok {
		b.Fatal("no start-here preset")
	}
	src := p.Text
	i := strings.Index(src, "\ncluster ")
	j := strings.Index(src[i+1:], "\n")
	if i < 0 || j < 0 {
		b.Fatal("start-here has no cluster line")
	}
	at := i + 1 + j + 1
	src = src[:at] + "vs \"min.insync.replicas=1\" min.insync.replicas=1\nvs \"min.insync.replicas=3\" min.insync.replicas=3\nvs \"Kafka 3.6\" kafka=3.6\n" + src[at:]
	if msg, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`window.kplayLoadScript(%q)`, src))); err != nil || msg != "" {
		b.Fatalf("kplayLoadScript: %q, %v", msg, err)
	}
	if runs, err := chromedp.Run(ctx, chromedp.Poll[int](`document.querySelectorAll(".run").length || null`, chromedp.WithPollingTimeout(30*time.Second))); err != nil || runs != 4 {
		b.Fatalf("the page draws %d runs, want 4: %v", runs, err)
	}
	benchSeek10Min(b, ctx)
	live, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`kplayMemStats(true).heapAlloc`))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(live/(1<<20), "heap-live-mb")
}

// perfMetrics is Chrome's Performance metrics of the page at ctx, by
// name (durations in seconds).
func perfMetrics(b *testing.B, ctx context.Context) map[string]float64 {
	r, err := chromedp.Call(ctx, performance.GetMetrics, cdp.Empty{})
	if err != nil {
		b.Fatal(err)
	}
	m := map[string]float64{}
	for _, x := range r.Metrics {
		m[x.Name] = x.Value
	}
	return m
}

// benchSeek10Min plays the page at ctx ten simulated minutes and times
// b.N seeks to random earlier points (BenchmarkSeek10Min).
func benchSeek10Min(b *testing.B, ctx context.Context) {
	const tenMinutes = 10 * 60 * 1000
	first, err := chromedp.Run(ctx, chromedp.Evaluate[float64](fmt.Sprintf(`window.kplaySeekBench(%d)`, tenMinutes), chromedp.EvalAwaitPromise))
	if err != nil {
		b.Fatalf("playing ten minutes: %v", err)
	}
	clock, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("clock").textContent`))
	b.Logf("played to %s in %.0f ms", clock, first)
	rng := rand.New(rand.NewPCG(1, 2))
	var seeks, goSeeks, layouts []float64
	if _, err := chromedp.Call(ctx, performance.Enable, performance.EnableParams{}); err != nil {
		b.Fatal(err)
	}
	before := perfMetrics(b, ctx)
	b.ResetTimer()
	for range b.N {
		to := rng.IntN(tenMinutes)
		ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](fmt.Sprintf(`window.kplaySeekBench(%d)`, to), chromedp.EvalAwaitPromise))
		if err != nil {
			b.Fatalf("seek to +%d ms: %v", to, err)
		}
		seeks = append(seeks, ms)
		parts, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`window.kplaySeekParts`))
		if err != nil || len(parts) != 3 {
			b.Fatalf("kplaySeekParts: %v, %v", parts, err)
		}
		goSeeks = append(goSeeks, parts[0])
		layouts = append(layouts, parts[2])
	}
	b.StopTimer()
	after := perfMetrics(b, ctx)
	per := func(k string) float64 { return 1000 * (after[k] - before[k]) / float64(b.N) }
	// Chrome's own split of the seeks' main-thread time, per seek: the
	// script (Go's seek and render, Vecty's DOM calls), style and layout.
	b.Logf("per seek: script %.1f ms, style %.1f ms, layout %.1f ms", per("ScriptDuration"), per("RecalcStyleDuration"), per("LayoutDuration"))
	b.Logf("seeks (ms): %.1f", seeks)
	b.ReportMetric(median(seeks), "seek-median-ms")
	b.ReportMetric(slices.Max(seeks), "seek-max-ms")
	// The seek alone (restoring a checkpoint and replaying from it),
	// without the re-render.
	b.ReportMetric(median(goSeeks), "seek-go-median-ms")
	// The style and layout the render frame left to the browser, which
	// seek-median-ms includes.
	b.ReportMetric(median(layouts), "seek-layout-median-ms")
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
