//go:build browser && !js

package e2e

import (
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestBrowserEmbedCodeFromTheStart: a teacher paused the page to copy
// its embed code, and the embed opened frozen at that moment. "Copy
// embed code" now offers "From the start" and "At this moment": from
// the start, the lesson page's embed opens at the scenario's start and
// plays; at this moment, it opens paused there. An unedited preset is
// embedded by its name (preset=NAME).
func TestBrowserEmbedCodeFromTheStart(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=failover-and-preferred-leader")
	setPlaying(t, ctx, false)
	evalJS[bool](t, ctx, `(() => { Object.defineProperty(navigator, "clipboard", {configurable: true, value: {writeText: () => Promise.resolve()}});
		const tl = document.getElementById("timeline"); tl.value = "4000"; tl.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `document.getElementById("clock").textContent === "00:00:04.000"`, 5*time.Second, "the page pauses at 00:00:04.000")
	src := func(item string) url.Values {
		t.Helper()
		click(t, ctx, "#copy-embed")
		click(t, ctx, item)
		pollJS(t, ctx, `(document.getElementById("copied")?.dataset.text || "").includes("<iframe") && !document.querySelector("details.share-menu").open`, 5*time.Second, item+" copies no embed code, or leaves its menu open")
		code := evalJS[string](t, ctx, `document.getElementById("copied").dataset.text`)
		evalJS[bool](t, ctx, `(() => { document.getElementById("copied").removeAttribute("data-text"); return true; })()`)
		m := regexp.MustCompile(`src="[^"?]+\?([^"]+)"`).FindStringSubmatch(code)
		if m == nil {
			t.Fatalf("%s copied no iframe: %s", item, code)
		}
		q, err := url.ParseQuery(html.UnescapeString(m[1]))
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	start, now := src("#copy-embed-start"), src("#copy-embed-now")
	if start.Get("preset") != "failover-and-preferred-leader" || start.Has("t") || start.Has("s") {
		t.Errorf("From the start copied %v; want preset=failover-and-preferred-leader without t=", start)
	}
	if now.Get("preset") != "failover-and-preferred-leader" || now.Get("t") != "4000" {
		t.Errorf("At this moment copied %v; want the preset at t=4000", now)
	}
	noPageErrors(t, pageErrors)

	h := openHost(t, 800, 600, hostOpts{Query: start.Encode(), Grow: true})
	if at := h.WaitMsg("ready", time.Second).Data["at"]; at != 0.0 {
		t.Errorf("the embed from the start opened at %v ms, want 0", at)
	}
	h.PollHost(`window.kplayMsgs.some(m => m.data.type === "step" && m.data.at > 1000)`, 20*time.Second, "the embed from the start does not play")
	h.NoErrors()

	h = openHost(t, 800, 600, hostOpts{Query: now.Encode(), Grow: true})
	if at := h.WaitMsg("ready", time.Second).Data["at"]; at != 4000.0 {
		t.Errorf("the embed at this moment opened at %v ms, want 4000", at)
	}
	if playing := inFrame[string](h, `document.getElementById("play").getAttribute("aria-pressed")`); !strings.Contains(playing, "false") {
		t.Errorf("the embed at this moment is playing (aria-pressed %s), want paused there", playing)
	}
}
