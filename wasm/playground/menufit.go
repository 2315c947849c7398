//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"kplay/site"
)

// fitMenus keeps an open action menu (a broker's, a link's) whole on the
// screen once each render that may have moved it is done: where there is
// no room under its broker it opens upward, else it moves up and left as
// far as the screen needs (site.FitMenu); an embed cannot scroll its host
// page to show the rest. The menu's place from site/ui stays in its
// inline style; a fitted one carries data-fit with --fit-top and
// --fit-left, which static/screen.css puts first, so that a render that
// does not move the menu keeps the fit. A phone-sized page scrolls the
// menu into view instead (site.FitsMenus, reveal).
func fitMenus(w *frames, s *site.Store) {
	pending := false
	fit := func() {
		pending = false
		w.b.fitMenus()
	}
	s.Subscribe(func() {
		if pending || !(s.MenuOpen || s.Acting.LinkOpen) || !s.FitsMenus() {
			return
		}
		pending = true
		w.afterRender(fit)
	})
	w.b.onResize(func(float64) {
		if s.MenuOpen || s.Acting.LinkOpen {
			w.afterRender(w.b.fitMenus)
		}
	})
}

// fitMenus fits each open .broker-menu (fitMenus above). Raw: dom/v2's
// GetBoundingClientRect wraps the rectangle in a type switch of its own,
// and its Element has no dataset, offsetParent or style.setProperty.
func (b *browser) fitMenus() {
	menus := b.doc.Call("querySelectorAll", ".broker-menu")
	vw, vh := b.raw.Get("innerWidth").Float(), b.raw.Get("innerHeight").Float()
	for i := range menus.Length() {
		el := menus.Index(i)
		el.Call("removeAttribute", "data-fit")
		m := rectOf(el)
		anchor := site.Rect{X: m.X, Y: m.Y}
		if sel := el.Get("dataset").Get("anchor"); sel.Truthy() {
			if a := b.doc.Call("querySelector", sel.String()); a.Truthy() {
				anchor = rectOf(a)
			}
		}
		x, y := site.FitMenu(m, anchor, vw, vh)
		if x == m.X && y == m.Y {
			continue
		}
		// The menu is placed in its containing block's padding box.
		cb := el.Get("offsetParent")
		if !cb.Truthy() {
			continue
		}
		c := rectOf(cb)
		style := el.Get("style")
		style.Call("setProperty", "--fit-left", px(x-c.X-cb.Get("clientLeft").Float()))
		style.Call("setProperty", "--fit-top", px(y-c.Y-cb.Get("clientTop").Float()))
		el.Call("setAttribute", "data-fit", "1")
	}
}

// rectOf is v's box on the screen (getBoundingClientRect), in CSS pixels.
func rectOf(v js.Value) site.Rect {
	r := v.Call("getBoundingClientRect")
	return site.Rect{X: r.Get("left").Float(), Y: r.Get("top").Float(), W: r.Get("width").Float(), H: r.Get("height").Float()}
}

// px is a length in CSS pixels, "12.5px".
func px(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) + "px" }
