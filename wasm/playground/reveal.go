//go:build js && wasm

package main

import (
	"syscall/js"

	"kplay/site"
)

// reveal scrolls what the Store asks for (site.Revealing) into view once
// the render that draws it is done: the open broker menu with its box,
// clear of a phone's drawer; the caption and the diagram after a click
// in the event log. Each element's scroll-margin (static/screen.css)
// keeps room for the phone's compact bar above it and the drawer under
// it. The scroll is smooth unless the reader prefers reduced motion.
func reveal(w *frames, s *site.Store) {
	seen := s.Reveal.Seq
	s.Subscribe(func() {
		r := s.Reveal
		if r.Seq == seen {
			return
		}
		seen = r.Seq
		var sel, block string
		switch r.What {
		case site.RevealMenu:
			sel, block = ".broker-menu", "nearest"
		case site.RevealStage:
			sel, block = "#caption", "start"
		default:
			return
		}
		smooth := !s.Manners.ReducedMotion
		w.afterRender(func() { w.b.scrollIntoView(sel, block, smooth) })
	})
}

// compactBar keeps <html data-bar> while the page, on a phone, has its
// header's clock scrolled out of view and its diagram on screen: what
// shows the compact bar (site/ui renderCompactBar, static/screen.css). It
// is checked at every scroll and resize; an embed has no compact bar.
func compactBar(b *browser) {
	phone, on := false, false
	update := func() {
		want := phone && b.clockAwayDiagramShown()
		if want != on {
			on = want
			b.setRootAttr("data-bar", "1", on)
		}
	}
	b.onMedia("(max-width: 719px)", func(m bool) { phone = m; update() })
	listen(b.raw, "scroll", func(js.Value) { update() })
	listen(b.raw, "resize", func(js.Value) { update() })
}
