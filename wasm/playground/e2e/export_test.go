//go:build browser && !js

package e2e

// Browser tests of what leaves the page: the export for slides, the
// outline and the printed page.

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
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// downloadsTo makes the tab's downloads land in a new directory, which
// it returns. The setting is its browser context's (a tab of the shared
// Chromium has one of its own).
func downloadsTo(t *testing.T, ctx context.Context) string {
	t.Helper()
	dir := t.TempDir()
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{Behavior: browser.SetDownloadBehaviorBehaviorAllow, BrowserContextID: chromedp.FromContext(ctx).BrowserContextID, DownloadPath: dir}); err != nil {
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
	t.Parallel()
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

// TestBrowserOutline: the outline panel lists a lesson's captions,
// questions and suggestions with their moments, on the page and in an
// embed with panels=outline; a click on a caption's line goes to its
// moment, paused, with that caption under the diagram. In an 800-px
// embed the outline takes the panels' whole width (beside the describe
// panel its text was a 100-px column) and does not scroll inside itself.
func TestBrowserOutline(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		w, h int
		path string
	}{
		{"page", 1280, 800, "/?preset=acks1-loss"},
		{"embed", 1280, 800, "/embed.html?preset=acks1-loss&autoplay=0&controls=min&panels=outline,describe"},
		{"embed-800", 800, 600, "/embed.html?preset=acks1-loss&autoplay=0&controls=min&panels=outline,describe"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx, _, pageErrors := pageAt(t, c.w, c.h, c.path)
			setPlaying(t, ctx, false)
			pollJS(t, ctx, `document.querySelectorAll("#outline li").length === 3 && document.getElementById("outline-held") !== null`, 10*time.Second, "the outline does not show the lesson up to question 1")
			got := evalJS[string](t, ctx, `[...document.querySelectorAll("#outline li")].map(l => l.className.replace(" current", "") + " " + l.querySelector("time").textContent).join(", ")`)
			if got != "say 00:00:10.000, say 00:00:10.000, ask 00:00:10.000" {
				t.Errorf("the outline's lines: %s", got)
			}
			if w := evalJS[float64](t, ctx, `Math.min(...[...document.querySelectorAll(".outline-text")].map(e => e.getBoundingClientRect().width))`); w < 0.5*float64(c.w)-150 {
				t.Errorf("the outline's text is %.0f px wide in a %d-px window", w, c.w)
			}
			if strings.HasPrefix(c.name, "embed") {
				if in := evalJS[bool](t, ctx, `(o => o.scrollHeight > o.clientHeight + 1)(document.getElementById("outline"))`); in {
					t.Error("in an embed the outline scrolls inside itself")
				}
			}
			if txt := evalJS[string](t, ctx, `document.querySelector(".outline-panel").textContent`); strings.Contains(txt, "truncates") {
				t.Errorf("the outline gives question 2's answer away: %s", txt)
			}
			click(t, ctx, `#outline li:nth-child(2) button`)
			pollJS(t, ctx, `document.getElementById("clock").textContent.startsWith("00:00:10.000") && document.querySelector(".caption").textContent.includes("Producer p2 sends m2")`,
				10*time.Second, "a click on the caption's line does not go to its moment")
			if cur := evalJS[int](t, ctx, `[...document.querySelectorAll("#outline li")].findIndex(l => l.classList.contains("current"))`); cur != 1 {
				t.Errorf("the current line is %d, want 1", cur)
			}
			screenshot(t, ctx, "kplay-outline-"+c.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}

// TestBrowserPrint: printed, the page gives the scenario's title and
// clock, the diagram with its caption, the outline and the describe
// panel, and none of the controls, the timeline, the try bar, the side
// column or the other panels.
func TestBrowserPrint(t *testing.T) {
	t.Parallel()
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=acks1-loss")
	setPlaying(t, ctx, false)
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	waitFrames(t, ctx)
	const shownJS = `(sel => { const e = document.querySelector(sel); if (!e) return "missing"; const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden" ? "shown" : "hidden"; })`
	for _, sel := range []string{"svg#diagram", ".caption", "#outline", "#describe", "header.top .title", "#clock"} {
		if got := evalJS[string](t, ctx, shownJS+`(`+jsString(sel)+`)`); got != "shown" {
			t.Errorf("printed, %s is %s, want shown", sel, got)
		}
	}
	for _, sel := range []string{"#play", "#timeline", "#try-this", ".share-bar", "aside.side", "#events", ".legend", "#help-open"} {
		if got := evalJS[string](t, ctx, shownJS+`(`+jsString(sel)+`)`); got == "shown" {
			t.Errorf("printed, %s is shown", sel)
		}
	}
	screenshot(t, ctx, "kplay-print-1280x800.png")
	noPageErrors(t, pageErrors)
}
