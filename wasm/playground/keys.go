//go:build js && wasm

package main

import (
	"honnef.co/go/js/dom/v2"

	"kplay/site"
)

// onKeys maps keyboard shortcuts to actions through site.KeyAction (the
// key map is data in site/keys.go; the help dialog lists it). Keys typed
// into a form control (a slider's arrows, a checkbox's Space), Space on a
// button, and keys already handled (a broker box opens its menu on Space)
// are left alone; Escape always closes. Opening a broker's menu from the
// keyboard moves the focus into it.
func onKeys(w *frames, s *site.Store) {
	w.b.onKeyDown(func(e *dom.KeyboardEvent) {
		if e.DefaultPrevented() || e.CtrlKey() || e.MetaKey() || e.AltKey() {
			return
		}
		key := e.Key()
		a, anywhere, ok := site.KeyAction(key)
		if !ok {
			return
		}
		tag := ""
		if t := eventTarget(e.BasicEvent); t != nil {
			tag = t.TagName()
		}
		switch tag {
		case "INPUT", "TEXTAREA", "SELECT":
			if !anywhere {
				return
			}
		case "BUTTON":
			if key == " " {
				return // Space presses the button
			}
		}
		e.PreventDefault()
		s.Dispatch(a)
		if _, menu := a.(site.OpenBrokerMenu); menu && s.MenuOpen {
			w.afterRender(func() { w.b.focus(".broker-menu button:not([disabled])") })
		}
	})
}
