//go:build js && wasm

package main

import (
	"syscall/js"

	"kplay/site"
)

// manners wires the page's manners to the browser: prefers-reduced-motion
// and prefers-color-scheme (and their changes) into the Store; the
// Store's theme choice onto <html data-theme> and its reduced motion onto
// <html class="reduced-motion">; the focus into the help dialog when it
// opens and back to its button when it closes.
func (w *window) manners(s *site.Store) {
	media := func(query string, f func(on bool)) {
		mq := w.win.Call("matchMedia", query)
		f(mq.Get("matches").Bool())
		mq.Call("addEventListener", "change", js.FuncOf(func(_ js.Value, args []js.Value) any {
			f(args[0].Get("matches").Bool())
			return nil
		}))
	}
	media("(prefers-reduced-motion: reduce)", func(on bool) { s.Dispatch(site.SetReducedMotion{On: on}) })
	media("(prefers-color-scheme: dark)", func(on bool) { s.Dispatch(site.SetSystemDark{Dark: on}) })

	root := w.doc.Get("documentElement")
	theme, reduced, help := "-", false, false
	apply := func() {
		m := s.Manners
		if m.Theme != theme {
			theme = m.Theme
			if theme == site.ThemeSystem {
				root.Call("removeAttribute", "data-theme")
			} else {
				root.Call("setAttribute", "data-theme", theme)
			}
		}
		if m.ReducedMotion != reduced {
			reduced = m.ReducedMotion
			root.Get("classList").Call("toggle", "reduced-motion", reduced)
		}
		if m.HelpOpen != help {
			help = m.HelpOpen
			w.afterRender(func() {
				if help {
					w.focus("#help-close")
				} else if a := w.doc.Get("activeElement"); !a.Truthy() || a.Equal(w.doc.Get("body")) {
					w.focus("#help-open")
				}
			})
		}
	}
	apply()
	s.Subscribe(apply)

}
