//go:build js && wasm

// Command playground is the page's entry point: it builds the Store from
// the default preset, drives it from requestAnimationFrame, and renders the
// site's Page into the body. It is the only code that touches syscall/js.
package main

import (
	"github.com/hexops/vecty"

	"kplay/scenarios"
	"kplay/site"
	"kplay/site/ui"
)

func main() {
	s := loadStore()
	page := &ui.Page{Store: s}
	w := newWindow()
	s.Dispatch(site.Resize{Width: w.width()})
	// Subscribe after the first dispatch: Rerender panics on a page that has
	// never been rendered.
	s.Subscribe(func() {
		if w.rendered {
			vecty.Rerender(page)
		}
	})
	w.onResize(func(width float64) { s.Dispatch(site.Resize{Width: width}) })
	w.manners(s)
	w.onKey(s)
	w.timeHooks(s)
	w.loop(func(realMs float64) {
		s.Dispatch(site.Tick{RealMs: realMs})
		s.Dispatch(site.Narrate{RealMs: realMs})
	})
	vecty.RenderBody(page) // blocks forever
}

// loadStore builds the Store for the default preset, stripped of its
// expected outputs.
func loadStore() *site.Store {
	p, ok := scenarios.Get(scenarios.Default)
	if !ok {
		return site.NewStoreFromScript("missing", "# title: preset "+scenarios.Default+" is missing\ncluster brokers=3\n")
	}
	return site.NewStoreFromScript(p.Name+".txt", p.Text)
}
