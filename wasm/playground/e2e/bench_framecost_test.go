//go:build browser && !js

package e2e

// Whole-frame budgets, measured with Chrome's own Performance metrics (the
// CDP Performance domain: TaskDuration, ScriptDuration, LayoutDuration,
// RecalcStyleDuration) and the page's requestAnimationFrame intervals and
// long tasks (PerformanceObserver "longtask", over 50 ms). These are the
// figures the framecost tool of kplay's development machines prints, read here by the bench itself
// so that ./build.sh bench needs nothing outside the repository:
//
//	KPLAY_DIST=$PWD/dist go test -run '^$' -bench 'FrameCost' -benchtime 1x -tags browser ./wasm/playground/e2e
//
// Budgets (docs/design.md): the default scenario playing at its default
// speed at 1280×800 keeps the main thread busy at most 25 % of wall time,
// paused at most 1 %; 9 brokers × 12 partitions at the top speed, through a
// crash and an election, keeps 60 frames per second with a p95 frame
// interval of at most 17 ms and no long task over 50 ms.

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// nineByTwelveCrash is nineByTwelve with the first partition's leader
// crashed after ten seconds, so that the measured window holds a fencing
// and twelve elections.
func nineByTwelveCrash() string {
	return strings.Replace(nineByTwelve(), "run until=00:00:10.000\n", "run until=00:00:10.000\ncrash 1\n", 1)
}

// BenchmarkFrameCost measures the three whole-frame budgets, each over
// ten seconds of wall time per b.N: the default scenario playing at its
// default speed, the same page paused, and nineByTwelveCrash at the top
// speed. Each sub-benchmark loads a fresh page. The paused case runs
// without the frame probe: a paused page asks for no frames, and the
// probe's own would be most of what it measured.
func BenchmarkFrameCost(b *testing.B) {
	const window = 10 * time.Second
	b.Run("default-playing", func(b *testing.B) {
		ctx := benchPage(b)
		time.Sleep(2 * time.Second) // the first frames build the DOM
		cs := measureWindows(b, ctx, window, true)
		logCosts(b, cs)
		medianCost(cs).report(b)
	})
	b.Run("default-paused", func(b *testing.B) {
		ctx := benchPage(b)
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const p = document.getElementById("play"); if (/Pause/.test(p.textContent)) p.click(); return true; })()`)); err != nil {
			b.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`/Play/.test(document.getElementById("play").textContent)`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			b.Fatalf("the page did not pause: %v", err)
		}
		time.Sleep(time.Second) // let the last re-render settle
		cs := measureWindows(b, ctx, window, false)
		logCosts(b, cs)
		medianCost(cs).report(b)
	})
	b.Run("9x12-top-speed-crash", func(b *testing.B) {
		ctx := benchPage(b)
		if msg, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`window.kplayLoadScript(%q)`, nineByTwelveCrash()))); err != nil || msg != "" {
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
		gc0, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`kplayMemStats(false)`))
		if err != nil {
			b.Fatal(err)
		}
		cs := measureWindows(b, ctx, window, true)
		clock, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("clock").textContent`))
		b.Logf("played to %s", clock)
		// The Go collector marks the whole heap at once in js/wasm, inside
		// one task: how often it ran, and what one full collection costs.
		gc1, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`(() => { const m = kplayMemStats(false); const t0 = performance.now(); const g = kplayMemStats(true); m.gcMs = performance.now() - t0; m.live = g.heapAlloc; return m; })()`))
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("Go collections: %.0f in %d windows; a full runtime.GC() of the %.1f MB live heap took %.1f ms", gc1["numGC"]-gc0["numGC"], len(cs), gc1["live"]/(1<<20), gc1["gcMs"])
		logCosts(b, cs)
		medianCost(cs).report(b)
	})
}

// measureWindows measures b.N windows of d each, with or without the frame
// probe (measureFrameCost).
func measureWindows(b *testing.B, ctx context.Context, d time.Duration, probe bool) []frameCost {
	b.Helper()
	var cs []frameCost
	for range b.N {
		c, err := measureFrameCost(ctx, d, probe)
		if err != nil {
			b.Fatal(err)
		}
		cs = append(cs, c)
	}
	return cs
}

// logCosts logs each window's figures, so that the spread around the
// reported median shows.
func logCosts(b *testing.B, cs []frameCost) {
	for i, c := range cs {
		b.Logf("window %d: task %.1f %%, script %.1f %%, layout %.1f %%, style %.1f %%, %.1f frames/s, p50 %.1f ms, p95 %.1f ms, %d long tasks (longest %.0f ms)",
			i+1, c.Task, c.Script, c.Layout, c.Style, c.FPS, c.P50, c.P95, c.Long, c.Longest)
	}
}

// medianCost is the field-by-field median of cs (the largest for the
// long-task figures, which budget the worst case).
func medianCost(cs []frameCost) frameCost {
	field := func(f func(frameCost) float64) float64 {
		var xs []float64
		for _, c := range cs {
			xs = append(xs, f(c))
		}
		return median(xs)
	}
	worst := func(f func(frameCost) float64) float64 {
		var xs []float64
		for _, c := range cs {
			xs = append(xs, f(c))
		}
		return slices.Max(xs)
	}
	return frameCost{
		Task:    field(func(c frameCost) float64 { return c.Task }),
		Script:  field(func(c frameCost) float64 { return c.Script }),
		Layout:  field(func(c frameCost) float64 { return c.Layout }),
		Style:   field(func(c frameCost) float64 { return c.Style }),
		FPS:     field(func(c frameCost) float64 { return c.FPS }),
		P50:     field(func(c frameCost) float64 { return c.P50 }),
		P95:     field(func(c frameCost) float64 { return c.P95 }),
		Long:    int(worst(func(c frameCost) float64 { return float64(c.Long) })),
		Longest: worst(func(c frameCost) float64 { return c.Longest }),
	}
}
