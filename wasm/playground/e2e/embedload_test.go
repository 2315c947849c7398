//go:build browser && !js

package e2e

import (
	"kplay/cmd/kplay/siteserve"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserEmbedFetchesWasmAtOnce opens the embed with wasm_exec.js and
// app.wasm both held back by the server: app.wasm must be asked for while
// wasm_exec.js has not arrived (embed.js starts the wasm's fetch beside the
// scripts that run it, not after them, which on a slow link cost a round
// trip or two), and only once: boot.js takes the preloaded response
// instead of fetching the 1.5 MB again.
func TestBrowserEmbedFetchesWasmAtOnce(t *testing.T) {
	gate := make(chan struct{})
	var once sync.Once
	release := func() { once.Do(func() { close(gate) }) }
	var wasmAsked atomic.Int32
	asked := make(chan struct{}, 1)
	h := siteserve.Handler(os.DirFS(builtSite(t)))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		wasm := strings.HasSuffix(r.URL.Path, "/app.wasm")
		if wasm && wasmAsked.Add(1) == 1 {
			asked <- struct{}{}
		}
		if wasm || strings.HasSuffix(r.URL.Path, "/wasm_exec.js") {
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(release)

	ctx := newBrowser(t, 900, 800)
	pageErrors := watchConsole(ctx)
	goTo(t, ctx, srv.URL+"/embed.html")
	select {
	case <-asked:
	case <-time.After(30 * time.Second):
		t.Fatalf("app.wasm was not asked for while wasm_exec.js was held back: the embed waits for its scripts before fetching the wasm")
	}
	release()
	if err := pollLoaded(ctx, `document.body.dataset.ready === "1" && document.querySelector("svg#diagram") !== null`, 60*time.Second); err != nil {
		t.Fatalf("the embed did not draw after the release: %v\npage text:\n%s", err, pageDump(ctx))
	}
	entries, err := chromedp.Run(ctx, chromedp.Evaluate[int](`performance.getEntriesByType("resource").filter(e => e.name.endsWith("/app.wasm")).length`))
	if err != nil {
		t.Fatal(err)
	}
	if n := wasmAsked.Load(); n != 1 || entries != 1 {
		t.Errorf("app.wasm was asked for %d times (%d resource entries), want once: boot.js did not take the preloaded response", n, entries)
	}
	if problems := pageErrors(); len(problems) > 0 {
		t.Errorf("the embed logged errors:\n%s", strings.Join(problems, "\n"))
	}
}
