//go:build js && wasm

// Command playground is the page's entry point: it builds the Store from
// the default preset, drives it from requestAnimationFrame, and renders the
// site's Page into the body. It is the only code that touches the browser,
// through one adapter (browser.go, on honnef.co/go/js/dom/v2); the rest is
// wiring.
package main

import (
	"runtime/debug"

	"github.com/hexops/vecty"

	"kplay/site"
	"kplay/site/ui"
)

func main() {
	// The page's live heap is small (about 10 MB playing 9 brokers × 12
	// partitions), but a frame allocates several hundred KB, and in wasm
	// a collection's marking runs all at once, inside an animation frame
	// (one thread, no preemption): at the default GOGC of 100 one came
	// every 15 or so frames and cost that frame 15-50 ms. At 400 they come
	// a quarter as often, for a heap of at most about five times the live
	// one; the memory limit makes the collector work harder instead should
	// a long run's heap grow past 256 MiB.
	debug.SetGCPercent(400)
	debug.SetMemoryLimit(256 << 20)
	b := newBrowser()
	embed := isEmbed(b)
	s := site.OpenStartup(readStartup(b), embed)
	exp := &exporter{b: b, s: s}
	s.Share.Hooks = shareHooks(b, s, embed)
	s.Share.Hooks.Export = exp.export
	moment := publishMoment(b, s)
	moment()
	s.Subscribe(moment)
	page := &ui.Page{Store: s}
	w := &frames{b: b}
	s.Dispatch(site.Resize{Width: b.width()})
	// Subscribe after the first dispatch: Rerender panics on a page that has
	// never been rendered.
	s.Subscribe(func() {
		if w.rendered {
			page.Redraw()
		}
	})
	// Render once more at the first draw. Vecty sets the timeline slider's
	// value before its max, so on the first render the browser clamps the
	// value to the default max (100): a link opened paused at its moment
	// showed the slider at the start until something else re-rendered.
	w.onFirstDraw(func() { vecty.Rerender(page) })
	if embed {
		e := startEmbedBridge(b, s)
		e.api.Handle("snapshot", e.snapshot(exp))
		s.Subscribe(e.changed)
		w.onFirstDraw(e.ready)
		keepAskInView(w, s)
		askOnArrival(b)
	} else {
		s.Edit.Hooks = draftHooks(b)
		s.Dispatch(restoreDraft(b))
		keepSheetClear(w, s)
	}
	b.onResize(func(width float64) { s.Dispatch(site.Resize{Width: width}) })
	b.reloadOnHashChange()
	manners(w, s)
	reveal(w, s)
	fitMenus(w, s)
	if !embed {
		compactBar(b)
	}
	onKeys(w, s)
	testHooks(b, s)
	wake := w.loop(func(realMs float64) {
		// Draw what the tick changed in this same frame, once, rather
		// than in Vecty's own animation-frame callback, with its own
		// call to ask for the next frame and its own time budget; and
		// do not ask for that callback at all (third_party/vecty/
		// PATCHES.md, 4 and 5). The loop ticks only once the page is
		// drawn.
		vecty.RenderInFrame(func() {
			s.Dispatch(site.Tick{RealMs: realMs})
			s.Dispatch(site.Narrate{RealMs: realMs})
		})
	}, s.NeedsFrames)
	// A paused page asks for no frames; any change (play, step, seek, an
	// action) asks again if the Store needs them.
	s.Subscribe(wake)
	vecty.RenderBody(page) // blocks forever
}
