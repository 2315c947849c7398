//go:build browser && !js

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// This file is the harness of the embed's tests as a lesson page holds
// it: a host page on a second site (127.0.0.2, where the site is on
// 127.0.0.1; an IP address is its own site, so Chrome runs the embed in
// a process of its own, as it would a real lesson page's), holding one
// <iframe> of embed.html, sized as a teacher sizes it: a fixed 800×600
// frame, or grown to the embed's "height" messages by the script "Copy
// embed code" writes (site.EmbedCode). The host page records every
// message from the frame in window.kplayMsgs, with its origin and the
// id of the iframe that posted it, and has a
// notes field a student types in.

// hostOpts is how a host page holds its embed.
type hostOpts struct {
	// Query is the embed's query, after "embed.html?"; {host} in it
	// stands for the host page's origin, URL-escaped (origin={host}).
	Query string
	// Width and Height are the iframe's size in CSS px (800×600 when 0);
	// with Grow the height follows the embed's "height" messages.
	Width, Height int
	Grow          bool
	// Sandbox, when not "", is the iframe's sandbox attribute.
	Sandbox string
	// Above is host-page HTML before the iframe (a heading and a
	// paragraph when ""), After is HTML after it; {site} in either
	// stands for the site's origin (a second embed's src).
	Above, After string
	// Early holds host-page script run as soon as the iframe element
	// exists, before the embed has loaded (frame is the iframe).
	Early string
	// Page, when not "", is a whole lesson page of the author's own
	// (docs/examples/lesson.html), served in place of the one above with
	// {site} standing for the site's origin and the recorder added at
	// the head of its <head>.
	Page string
	// Site is the built site to serve (builtSite when "").
	Site string
	// Browser holds extra options for the browser that opens the host
	// page (a Chromium flag).
	Browser []chromedp.ExecAllocatorOption
}

// hostFrame is an embed in a host page: Top is the host page's tab,
// Site the embed's origin ("http://127.0.0.1:PORT"), Host the host
// page's.
type hostFrame struct {
	t          *testing.T
	Top        context.Context
	Site, Host string
	pageErrors func() []string
}

// hostRecorder is the host page's script that records every message
// from an embed in window.kplayMsgs: its origin, the id of the iframe it
// came from, and its data.
const hostRecorder = `<script>window.kplayMsgs=[];addEventListener("message",function(e){var d=e.data;if(d&&d.source==="kplay"){` +
	`var f=[].slice.call(document.querySelectorAll("iframe")).filter(function(f){return f.contentWindow===e.source;})[0];` +
	`window.kplayMsgs.push({origin:e.origin,frame:f?f.id:"",data:d});}});</script>`

// hostPageHTML is the lesson page: opts.Above, the iframe, the embed
// code's grow script when opts.Grow, opts.After, and the recorder.
func hostPageHTML(site, hostOrigin string, opts hostOpts) string {
	w, h := opts.Width, opts.Height
	if w == 0 {
		w = 800
	}
	if h == 0 {
		h = 600
	}
	above := strings.ReplaceAll(opts.Above, "{site}", site)
	after := strings.ReplaceAll(opts.After, "{site}", site)
	if above == "" {
		above = `<h1>A lesson on replication</h1><p>Read the scenario below, then answer its question.</p>` +
			`<label>Your notes <textarea id="notes" rows="2" cols="40"></textarea></label>`
	}
	sandbox := ""
	if opts.Sandbox != "" {
		sandbox = ` sandbox="` + html.EscapeString(opts.Sandbox) + `"`
	}
	grow := ""
	if opts.Grow {
		// The embed code's own script (site.EmbedCode), for this frame.
		grow = `<script>addEventListener("message",function(e){var f=document.getElementById("k"),d=e.data;` +
			`if(f&&e.source===f.contentWindow&&e.origin===` + jsString(site) + `&&d&&d.source==="kplay"&&d.type==="height"&&d.height>0)` +
			`f.style.height=Math.min(d.height,4000)+"px"})</script>`
	}
	if opts.Page != "" {
		return strings.Replace(strings.ReplaceAll(opts.Page, "{site}", site), "<head>", "<head>"+hostRecorder, 1)
	}
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Host lesson</title><style>body{font:16px/1.5 serif;margin:0 auto;max-width:60rem;padding:0 8px} iframe{display:block}</style>
` + hostRecorder + `
</head><body>` + above + `
<iframe id="k" src="` + html.EscapeString(site+"/embed.html?"+strings.ReplaceAll(opts.Query, "{host}", url.QueryEscape(hostOrigin))) + `" width="` + fmt.Sprint(w) + `" height="` + fmt.Sprint(h) + `" style="border:0;max-width:100%" title="kplay"` + sandbox + `></iframe>
<script>(function(){var frame=document.getElementById("k");` + opts.Early + `})();</script>
` + grow + after + `
</body></html>`
}

// openHost serves the built site on 127.0.0.1 and a host page on
// 127.0.0.2 holding the embed as opts says, opens the host page in a tab
// whose viewport is width×height, and waits for the embed's ready
// message (unless opts.Sandbox or noReady says it may never come).
func openHost(t *testing.T, width, height int, opts hostOpts, noReady ...bool) *hostFrame {
	t.Helper()
	dir := opts.Site
	if dir == "" {
		dir = builtSite(t)
	}
	site := serveSite(t, dir)
	l, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Fatalf("listening on 127.0.0.2: %v", err)
	}
	host := &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, hostPageHTML(site.URL, "http://"+r.Host, opts))
	})}}
	host.Start()
	t.Cleanup(host.Close)
	ctx := browserFor(t, width, height, 2*time.Minute, opts.Browser...)
	h := &hostFrame{t: t, Top: ctx, Site: site.URL, Host: host.URL, pageErrors: watchConsole(ctx)}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height), chromedp.EmulateScale(1))); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(host.URL+"/")); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	if len(noReady) == 0 || !noReady[0] {
		// The embed loads when it scrolls into view: the host's top is.
		h.WaitMsg("ready", 60*time.Second)
	}
	return h
}

// Frame is a context for the embed's own document, in its own process:
// the iframe target whose address is the site's embed.html. It waits up
// to 10 s for the target (a load message navigates the frame, and the
// new document is a new target).
func (h *hostFrame) Frame() context.Context {
	h.t.Helper()
	return h.FrameWith("")
}

// FrameWith is Frame for the embed whose address holds part (a second
// embed's query), when the page holds more than one.
func (h *hostFrame) FrameWith(part string) context.Context {
	h.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		infos, err := chromedp.Targets(h.Top)
		if err != nil {
			h.t.Fatalf("listing targets: %v", err)
		}
		var id target.ID
		for _, info := range infos {
			if info.Type == "iframe" && strings.HasPrefix(info.URL, h.Site+"/embed.html") && strings.Contains(info.URL, part) {
				id = info.TargetID
			}
		}
		if id != "" {
			fctx, cancel := chromedp.NewContext(h.Top, chromedp.WithTargetID(id))
			h.t.Cleanup(cancel)
			return fctx
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("no iframe target at %s/embed.html among %d targets", h.Site, len(infos))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// inFrame evaluates js in the embed's document.
func inFrame[T any](h *hostFrame, js string) T {
	h.t.Helper()
	v, err := chromedp.Run(h.Frame(), chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		h.t.Fatalf("evaluating in the embed %s: %v", js, err)
	}
	return v
}

// inHost evaluates js in the host page.
func inHost[T any](h *hostFrame, js string) T {
	h.t.Helper()
	v, err := chromedp.Run(h.Top, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		h.t.Fatalf("evaluating in the host page %s: %v", js, err)
	}
	return v
}

// PollFrame waits up to d for js to be true in the embed's document.
func (h *hostFrame) PollFrame(js string, d time.Duration, what string) {
	h.t.Helper()
	if _, err := chromedp.Run(h.Frame(), chromedp.Poll[bool](js, chromedp.WithPollingTimeout(d), chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		text, _ := chromedp.Run(h.Frame(), chromedp.Evaluate[string](`document.body.innerText.slice(0, 2000)`))
		h.t.Fatalf("%s: %v\nembed text:\n%s", what, err, text)
	}
}

// PollHost waits up to d for js to be true in the host page.
func (h *hostFrame) PollHost(js string, d time.Duration, what string) {
	h.t.Helper()
	if _, err := chromedp.Run(h.Top, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(d), chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		h.t.Fatalf("%s: %v\nmessages: %s", what, err, h.msgDump())
	}
}

// hostMsg is one message the host page received from the embed: the
// origin it came from, the id of the iframe that posted it, its data.
type hostMsg struct {
	Origin string         `json:"origin"`
	Frame  string         `json:"frame"`
	Data   map[string]any `json:"data"`
}

// Msgs is every message the host page has received from the embed.
func (h *hostFrame) Msgs() []hostMsg {
	h.t.Helper()
	return inHost[[]hostMsg](h, `window.kplayMsgs`)
}

// MsgsOf is the messages of type typ.
func (h *hostFrame) MsgsOf(typ string) []hostMsg {
	var out []hostMsg
	for _, m := range h.Msgs() {
		if m.Data["type"] == typ {
			out = append(out, m)
		}
	}
	return out
}

func (h *hostFrame) msgDump() string {
	raw, err := chromedp.Run(h.Top, chromedp.Evaluate[string](`JSON.stringify(window.kplayMsgs.filter(m => m.data.type !== "step").slice(-30))`))
	if err != nil {
		return err.Error()
	}
	return raw
}

// WaitMsg waits up to d for a message of type typ and returns the newest.
func (h *hostFrame) WaitMsg(typ string, d time.Duration) hostMsg {
	h.t.Helper()
	h.PollHost(fmt.Sprintf(`window.kplayMsgs.some(m => m.data.type === %q)`, typ), d, "no "+typ+" message from the embed")
	ms := h.MsgsOf(typ)
	return ms[len(ms)-1]
}

// Send posts msg to the embed as the host page, with targetOrigin "*".
func (h *hostFrame) Send(msg map[string]any) {
	h.t.Helper()
	b, err := json.Marshal(msg)
	if err != nil {
		h.t.Fatal(err)
	}
	inHost[bool](h, `(document.getElementById("k").contentWindow.postMessage(`+string(b)+`, "*"), true)`)
}

// frameRect is a box in the host page's viewport, in CSS px.
type frameRect struct {
	Left   float64 `json:"left"`
	Top    float64 `json:"top"`
	Right  float64 `json:"right"`
	Bottom float64 `json:"bottom"`
}

func (r frameRect) String() string {
	return fmt.Sprintf("%.0f,%.0f–%.0f,%.0f", r.Left, r.Top, r.Right, r.Bottom)
}

// InHost is the box of the embed's element sel in the host page's
// viewport (the iframe's place plus the element's in the frame), and
// whether sel is in the embed at all.
func (h *hostFrame) InHost(sel string) (frameRect, bool) {
	h.t.Helper()
	in := inFrame[*frameRect](h, fmt.Sprintf(`(e => { if (!e) return null; const r = e.getBoundingClientRect(); if (r.width === 0 && r.height === 0) return null; return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })(document.querySelector(%q))`, sel))
	if in == nil {
		return frameRect{}, false
	}
	f := inHost[frameRect](h, `(r => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom}))(document.getElementById("k").getBoundingClientRect())`)
	return frameRect{Left: f.Left + in.Left, Top: f.Top + in.Top, Right: f.Left + in.Right, Bottom: f.Top + in.Bottom}, true
}

// Click clicks the embed's element sel as a mouse does: at its centre
// once its box keeps still (steadyClickJS), dispatched to the host page
// at that place, so that whatever lies on top there gets it.
func (h *hostFrame) Click(sel string) {
	h.t.Helper()
	raw, err := chromedp.Run(h.Frame(), chromedp.Evaluate[string](fmt.Sprintf(steadyClickJS, sel), chromedp.EvalAwaitPromise))
	if err != nil {
		h.t.Fatalf("finding %s in the embed: %v", sel, err)
	}
	var xy [2]float64
	if err := json.Unmarshal([]byte(raw), &xy); err != nil {
		h.t.Fatalf("finding %s in the embed: %q: %v", sel, raw, err)
	}
	f := inHost[frameRect](h, `(r => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom}))(document.getElementById("k").getBoundingClientRect())`)
	// A grown frame can hold sel below the host page's window: the host
	// page scrolls it into its middle first, as a reader would.
	if y := f.Top + xy[1]; y < 0 || y > inHost[float64](h, `innerHeight`) {
		f.Top -= inHost[float64](h, fmt.Sprintf(`(() => { const y = scrollY; scrollBy(0, %f - innerHeight / 2); return scrollY - y; })()`, y))
	}
	if err := chromedp.Do(h.Top, chromedp.MouseClickXY(f.Left+xy[0], f.Top+xy[1])); err != nil {
		h.t.Fatalf("clicking %s: %v", sel, err)
	}
}

// NoErrors fails the test with what the host page or the embed logged as
// errors.
func (h *hostFrame) NoErrors() {
	h.t.Helper()
	noPageErrors(h.t, h.pageErrors)
}
