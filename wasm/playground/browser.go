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
	// firstDraw runs once, at that frame (the embed's "ready").
	firstDraw []func()
}

// onFirstDraw runs f at the first frame that finds the page drawn.
func (w *window) onFirstDraw(f func()) { w.firstDraw = append(w.firstDraw, f) }

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

// onKey maps keyboard shortcuts to actions through site.KeyAction (the
// key map is data in site/keys.go; the help dialog lists it). Keys typed
// into a form control (a slider's arrows, a checkbox's Space), Space on a
// button, and keys already handled (a broker box opens its menu on Space)
// are left alone; Escape always closes. Opening a broker's menu from the
// keyboard moves the focus into it.
func (w *window) onKey(s *site.Store) {
	w.doc.Call("addEventListener", "keydown", js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		if e.Get("defaultPrevented").Bool() || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() {
			return nil
		}
		key := e.Get("key").String()
		a, anywhere, ok := site.KeyAction(key)
		if !ok {
			return nil
		}
		switch e.Get("target").Get("tagName").String() {
		case "INPUT", "TEXTAREA", "SELECT":
			if !anywhere {
				return nil
			}
		case "BUTTON":
			if key == " " {
				return nil // Space presses the button
			}
		}
		e.Call("preventDefault")
		s.Dispatch(a)
		if _, menu := a.(site.OpenBrokerMenu); menu && s.MenuOpen {
			w.afterRender(func() { w.focus(".broker-menu button:not([disabled])") })
		}
		return nil
	}))
}

// afterRender calls f on the next animation frame, after Vecty's batched
// re-render (queued on the same frame, earlier), so that f finds the new
// elements.
func (w *window) afterRender(f func()) {
	var cb js.Func
	cb = js.FuncOf(func(js.Value, []js.Value) any {
		cb.Release()
		f()
		return nil
	})
	w.win.Call("requestAnimationFrame", cb)
}

// focus focuses the first element matching sel, if there is one.
func (w *window) focus(sel string) {
	if el := w.doc.Call("querySelector", sel); el.Truthy() {
		el.Call("focus")
	}
}

// loop calls tick with the real milliseconds since the previous frame, on
// every animation frame while the document is visible and needed says the
// frame has work (site.Store.NeedsFrames). It stops asking for frames
// while the tab is hidden (visibilitychange) and while nothing needs them
// (paused, nothing left to narrate), so that a paused page costs no
// main-thread time; wake asks again if needed says so, and the page calls
// it after every change of the Store. The first frame after a stop counts
// as one ordinary frame, so the playhead does not jump. The first frame
// that finds the diagram marks the page ready for tests and benchmarks:
// document.body.dataset.ready = "1" and window.kplayFirstDraw.
// window.kplayFrames counts the frames that ticked, so that tests can see
// the loop stop and resume.
func (w *window) loop(tick func(realMs float64), needed func() bool) (wake func()) {
	last := -1.0
	frames := 0
	running := false
	var frame js.Func
	request := func() {
		if !running {
			running = true
			w.win.Call("requestAnimationFrame", frame)
		}
	}
	wake = func() {
		if needed() && !w.doc.Get("hidden").Bool() {
			request()
		}
	}
	frame = js.FuncOf(func(_ js.Value, args []js.Value) any {
		running = false
		now := args[0].Float()
		if w.doc.Get("hidden").Bool() {
			last = -1
			return nil // visibilitychange asks again
		}
		if !w.rendered {
			request()
			if w.doc.Call("getElementById", diagramSel).IsNull() {
				return nil
			}
			w.rendered = true
			w.doc.Get("body").Get("dataset").Set("ready", "1")
			w.win.Set("kplayFirstDraw", w.win.Get("performance").Call("now"))
			for _, f := range w.firstDraw {
				f()
			}
			last = now
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
		frames++
		w.win.Set("kplayFrames", frames)
		tick(dt)
		if needed() {
			request()
		} else if !running {
			last = -1 // stopped: the next frame, whenever woken, is an ordinary one
		}
		return nil
	})
	w.doc.Call("addEventListener", "visibilitychange", js.FuncOf(func(js.Value, []js.Value) any {
		if !w.doc.Get("hidden").Bool() {
			last = -1
			request()
		}
		return nil
	}))
	w.win.Set("kplayFrames", 0)
	request()
	return wake
}
