//go:build browser && !js

package e2e

// The first frame's benchmark (docs/design.md §7): navigation to the
// first drawn diagram, which is the frame baked in at build time
// (site/poster), and to the interactive page, which is the wasm's own first
// draw, cold, on loopback and over an emulated slow link. Run it with a
// fixed count:
//
//	KPLAY_DIST=$PWD/dist go test -run '^$' -bench '^BenchmarkPosterDraw$' -benchtime 3x -count 5 -tags browser ./wasm/playground/e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// drawProbeJS runs before the page's own scripts and notes, in
// window.kplayDiagramDrawn, performance.now() at the first animation
// frame that finds the diagram in the document: the frame the browser
// paints it in, as kplayFirstDraw is for the wasm's.
const drawProbeJS = `(() => {
	const look = () => {
		if (document.querySelector("svg#diagram g.node")) { window.kplayDiagramDrawn = performance.now(); return; }
		requestAnimationFrame(look);
	};
	requestAnimationFrame(look);
})()`

// netLink is a network to load the page over: Chrome's emulation of its
// latency (ms, each way's first byte) and throughput (bytes/s both
// ways), or none for loopback as it is.
type netLink struct {
	name       string
	latencyMs  float64
	throughput float64
}

// BenchmarkPosterDraw loads the page b.N times, each in a fresh browser
// context (an empty profile and cache) with the cache disabled, and
// reports the medians of: static-ms, navigation to the first animation
// frame with the diagram in the document (the baked frame); fcp-ms,
// Chrome's first contentful paint; interactive-ms, the wasm's first draw
// (window.kplayFirstDraw, after which the page answers the reader); and
// wasm-ms, when app.wasm's last byte arrived (Resource Timing). The
// sub-benchmarks are loopback and an emulated link of 10 Mbit/s both ways
// with 40 ms of latency.
func BenchmarkPosterDraw(b *testing.B) {
	srv := serveSite(b, builtSite(b))
	for _, l := range []netLink{{name: "loopback"}, {name: "10Mbit-40ms", latencyMs: 40, throughput: 10e6 / 8}} {
		b.Run(l.name, func(b *testing.B) {
			browser := newBrowser(b, 1280, 800)
			if err := chromedp.Do(browser, chromedp.Navigate("about:blank")); err != nil {
				b.Fatalf("starting Chromium: %v", err)
			}
			var static, fcp, inter, wasm []float64
			for i := 0; i < b.N; i++ {
				s, f, in, w, err := loadOnce(browser, srv.URL+"/", l)
				if err != nil {
					b.Fatalf("load %d: %v", i+1, err)
				}
				static, fcp, inter, wasm = append(static, s), append(fcp, f), append(inter, in), append(wasm, w)
			}
			b.StopTimer()
			b.Logf("%s: static %.0f, fcp %.0f, app.wasm received %.0f, interactive %.0f (ms)", l.name, static, fcp, wasm, inter)
			b.ReportMetric(median(wasm), "wasm-ms")
			b.ReportMetric(median(static), "static-ms")
			b.ReportMetric(median(fcp), "fcp-ms")
			b.ReportMetric(median(inter), "interactive-ms")
		})
	}
}

// loadOnce loads url in a fresh browser context over l and returns the
// milliseconds from navigation to the first frame with the diagram, to
// the first contentful paint and to the wasm's first draw.
func loadOnce(browser context.Context, url string, l netLink) (static, fcp, inter, wasm float64, err error) {
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		return 0, 0, 0, 0, err
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		return 0, 0, 0, 0, err
	}
	if _, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		return 0, 0, 0, 0, err
	}
	if l.throughput > 0 {
		c := &network.Conditions{Latency: l.latencyMs, DownloadThroughput: l.throughput, UploadThroughput: l.throughput}
		if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: []*network.Conditions{c}}); err != nil {
			return 0, 0, 0, 0, err
		}
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: drawProbeJS}); err != nil {
		return 0, 0, 0, 0, err
	}
	// The times are read from the page's own clock, so waiting for the
	// load event here does not change them.
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		return 0, 0, 0, 0, err
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.kplayFirstDraw !== undefined && window.kplayDiagramDrawn !== undefined`,
		chromedp.WithPollingTimeout(60*time.Second), chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
		return 0, 0, 0, 0, err
	}
	type times struct {
		Static, FCP, Inter, Wasm float64
	}
	t, err := chromedp.Run(ctx, chromedp.Evaluate[times](`(() => {
		const w = performance.getEntriesByType("resource").filter(e => e.name.endsWith("/app.wasm"))[0];
		return {Static: window.kplayDiagramDrawn, Inter: window.kplayFirstDraw, Wasm: w ? w.responseEnd : -1,
			FCP: (performance.getEntriesByName("first-contentful-paint")[0] || {startTime: -1}).startTime};
	})()`))
	return t.Static, t.FCP, t.Inter, t.Wasm, err
}
