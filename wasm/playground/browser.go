//go:build js && wasm

package main

import (
	"syscall/js"

	"kplay/site"
)

// maxGapMs is the longest real gap between two frames that the animation
// plays through; a longer one (a background tab, a debugger pause) counts
// as one ordinary frame.
const (
	maxGapMs   = 500
	frameMs    = 1000.0 / 60
	diagramSel = "diagram"
)

// window wraps the browser globals the page needs.
type window struct {
	win, doc js.Value
	// rendered turns true at the first frame that finds the diagram in the
	// document; from then on the page may be re-rendered.
	rendered bool
}

func newWindow() *window {
	g := js.Global()
	return &window{win: g, doc: g.Get("document")}
}

// width returns the viewport's width in CSS pixels.
func (w *window) width() float64 { return w.win.Get("innerWidth").Float() }

// onResize calls f with the new width whenever the viewport resizes.
func (w *window) onResize(f func(width float64)) {
	w.win.Call("addEventListener", "resize", js.FuncOf(func(js.Value, []js.Value) any {
		f(w.width())
		return nil
	}))
}

// onKey maps keyboard shortcuts to actions: space plays or pauses, → steps,
// "p" produces a record, Escape closes the broker action menu. Keys typed
// into a form control, or already handled (a broker box opens its menu on
// Space), are left alone.
func (w *window) onKey(f func(site.Action)) {
	w.doc.Call("addEventListener", "keydown", js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		if e.Get("defaultPrevented").Bool() || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() {
			return nil
		}
		switch e.Get("target").Get("tagName").String() {
		case "INPUT", "BUTTON", "TEXTAREA", "SELECT":
			return nil
		}
		var a site.Action
		switch e.Get("key").String() {
		case " ":
			a = site.TogglePlay{}
		case "ArrowRight":
			a = site.StepOnce{}
		case "p":
			a = site.ProduceRecord{}
		case "Escape":
			a = site.CloseMenu{}
		default:
			return nil
		}
		e.Call("preventDefault")
		f(a)
		return nil
	}))
}

// loop calls tick with the real milliseconds since the previous frame, on
// every animation frame while the document is visible. The first frame
// that finds the diagram marks the page ready for tests and benchmarks:
// document.body.dataset.ready = "1" and window.kplayFirstDraw.
func (w *window) loop(tick func(realMs float64)) {
	last := -1.0
	var frame js.Func
	frame = js.FuncOf(func(_ js.Value, args []js.Value) any {
		now := args[0].Float()
		w.win.Call("requestAnimationFrame", frame)
		if !w.rendered {
			if w.doc.Call("getElementById", diagramSel).IsNull() {
				return nil
			}
			w.rendered = true
			w.doc.Get("body").Get("dataset").Set("ready", "1")
			w.win.Set("kplayFirstDraw", w.win.Get("performance").Call("now"))
			last = now
			return nil
		}
		if w.doc.Get("hidden").Bool() {
			last = -1
			return nil
		}
		dt := frameMs
		if last >= 0 {
			dt = now - last
		}
		last = now
		if dt > maxGapMs || dt < 0 {
			dt = frameMs
		}
		tick(dt)
		return nil
	})
	w.win.Call("requestAnimationFrame", frame)
}
