//go:build browser && !js

package e2e

import (
	"bytes"
	"context"
	"encoding/xml"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// downloadsTo makes the tab's downloads land in a new directory, which
// it returns.
func downloadsTo(t *testing.T, ctx context.Context) string {
	t.Helper()
	dir := t.TempDir()
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// waitFile waits up to d for a file whose name ends in suffix in dir,
// complete (no .crdownload), and returns its content.
func waitFile(t *testing.T, dir, suffix string, d time.Duration) (string, []byte) {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		m, _ := filepath.Glob(filepath.Join(dir, "*"+suffix))
		if len(m) > 0 {
			if b, err := os.ReadFile(m[0]); err == nil && len(b) > 0 {
				return filepath.Base(m[0]), b
			}
		}
		if time.Now().After(deadline) {
			all, _ := filepath.Glob(filepath.Join(dir, "*"))
			t.Fatalf("no complete *%s download in %v; the directory holds %v", suffix, d, all)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestBrowserExportForSlides: "Embed & export" saves the diagram at
// this moment as SVG and as PNG, and records a clip of it playing as
// WebM, with the browser's own APIs. The SVG is well-formed, stands
// alone (every element's style written on it, no class the page's style
// sheets would have to give meaning) and shows the brokers; the PNG is
// twice the diagram's size; the clip is a WebM file.
func TestBrowserExportForSlides(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=acks1-loss")
	setPlaying(t, ctx, false)
	dir := downloadsTo(t, ctx)

	click(t, ctx, "#copy-embed")
	click(t, ctx, "#export-svg")
	name, svg := waitFile(t, dir, ".svg", 10*time.Second)
	if !strings.HasPrefix(name, "kplay-what-acks-1-promises-") {
		t.Errorf("the SVG is called %s", name)
	}
	if err := xml.Unmarshal(svg, new(struct{})); err != nil {
		t.Errorf("the SVG is not well-formed XML: %v", err)
	}
	s := string(svg)
	for _, want := range []string{"broker 1", "broker 2", "broker 3", "What acks=1 promises", "leader epoch 0", `style="`} {
		if !strings.Contains(s, want) {
			t.Errorf("the SVG has no %q", want)
		}
	}
	if strings.Contains(s, `class="`) {
		t.Error("the SVG still depends on the page's classes")
	}

	click(t, ctx, "#copy-embed")
	click(t, ctx, "#export-png")
	_, pngBytes := waitFile(t, dir, ".png", 10*time.Second)
	img, err := png.Decode(bytes.NewReader(pngBytes))
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	w := evalJS[float64](t, ctx, `document.getElementById("diagram").getBoundingClientRect().width`)
	if got := img.Bounds().Dx(); got < int(2*w)-2 || got > int(2*w)+2 {
		t.Errorf("the PNG is %d px wide, want twice the diagram's %.0f", got, w)
	}

	click(t, ctx, "#copy-embed")
	click(t, ctx, "#export-clip")
	pollJS(t, ctx, `document.getElementById("play").getAttribute("aria-pressed") === "true" && document.getElementById("export-clip").textContent.startsWith("Stop recording")`, 5*time.Second, "the clip does not play and offer to stop")
	click(t, ctx, "#copy-embed")
	click(t, ctx, "#export-clip")
	_, webm := waitFile(t, dir, ".webm", 15*time.Second)
	if !bytes.HasPrefix(webm, []byte{0x1a, 0x45, 0xdf, 0xa3}) {
		t.Errorf("the clip is not WebM (EBML): % x", webm[:min(8, len(webm))])
	}
	pollJS(t, ctx, `document.getElementById("export-clip").textContent.startsWith("Record")`, 5*time.Second, "the menu still offers to stop a finished recording")
	noPageErrors(t, pageErrors)
}
