//go:build js && wasm

package main

import "kplay/site"

// manners wires the page's manners to the browser: prefers-reduced-motion
// and prefers-color-scheme (and their changes) into the Store; the
// Store's theme choice onto <html data-theme> and its reduced motion onto
// <html class="reduced-motion">; the focus into the help dialog when it
// opens and back to its button when it closes.
func manners(w *frames, s *site.Store) {
	b := w.b
	b.onMedia("(prefers-reduced-motion: reduce)", func(on bool) { s.Dispatch(site.SetReducedMotion{On: on}) })
	b.onMedia("(prefers-color-scheme: dark)", func(on bool) { s.Dispatch(site.SetSystemDark{Dark: on}) })

	theme, reduced, help := "-", false, false
	apply := func() {
		m := s.Manners
		if m.Theme != theme {
			theme = m.Theme
			b.setRootAttr("data-theme", theme, theme != site.ThemeSystem)
		}
		if m.ReducedMotion != reduced {
			reduced = m.ReducedMotion
			b.setRootClass("reduced-motion", reduced)
		}
		if m.HelpOpen != help {
			help = m.HelpOpen
			w.afterRender(func() {
				if help {
					b.focus("#help-close")
				} else if b.nothingFocused() {
					b.focus("#help-open")
				}
			})
		}
	}
	apply()
	s.Subscribe(apply)
}
