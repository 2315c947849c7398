//go:build browser && !js

package e2e

import (
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// BenchmarkFirstDraw measures a cold load: the time from navigation to
// the page's first drawn diagram (window.kplayFirstDraw, which the page sets
// with performance.now()), each load in a fresh browser context with an
// empty cache. It reports the median as median-ms. Run it with a fixed count:
//
//	KPLAY_DIST=$PWD/dist go test -run '^$' -bench FirstDraw -benchtime 7x -tags browser ./wasm/playground/e2e
func BenchmarkFirstDraw(b *testing.B) {
	srv := serveSite(b, builtSite(b))
	browser := newBrowser(b, 1280, 800)
	if err := chromedp.Do(browser, chromedp.Navigate("about:blank")); err != nil {
		b.Fatalf("starting Chromium: %v", err)
	}
	var draws []float64
	for i := 0; i < b.N; i++ {
		ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
		err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"))
		var ms float64
		if err == nil {
			_, err = chromedp.Run(ctx, chromedp.Poll[bool](readyJS, chromedp.WithPollingTimeout(30*time.Second), chromedp.WithPollingInterval(5*time.Millisecond)))
		}
		if err == nil {
			ms, err = chromedp.Run(ctx, chromedp.Evaluate[float64](`window.kplayFirstDraw`))
		}
		cancel()
		if err != nil {
			b.Fatalf("load %d: %v", i+1, err)
		}
		draws = append(draws, ms)
	}
	b.StopTimer()
	slices.Sort(draws)
	median := draws[len(draws)/2]
	if len(draws)%2 == 0 {
		median = (draws[len(draws)/2-1] + draws[len(draws)/2]) / 2
	}
	b.Logf("first draw (ms): %v", draws)
	b.ReportMetric(median, "median-ms")
	b.ReportMetric(draws[len(draws)-1], "max-ms")
}
