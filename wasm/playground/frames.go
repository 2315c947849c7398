//go:build js && wasm

package main

// maxGapMs is the longest real gap between two frames that the animation
// plays through; a longer one (a background tab, a debugger pause) counts
// as one ordinary frame.
const (
	maxGapMs   = 500
	frameMs    = 1000.0 / 60
	diagramSel = "diagram"
)

// frames drives the page from animation frames.
type frames struct {
	b *browser
	// rendered turns true at the first frame that finds the diagram in the
	// document; from then on the page may be re-rendered.
	rendered bool
	// firstDraw runs once, at that frame (the embed's "ready").
	firstDraw []func()
}

// onFirstDraw runs f at the first frame that finds the page drawn.
func (w *frames) onFirstDraw(f func()) { w.firstDraw = append(w.firstDraw, f) }

// afterRender calls f on the next animation frame, after Vecty's batched
// re-render (queued on the same frame, earlier), so that f finds the new
// elements.
func (w *frames) afterRender(f func()) { w.b.nextFrame(func(float64) { f() }) }

// loop calls tick with the real milliseconds since the previous frame, on
// every animation frame while the document is visible and needed says the
// frame has work (site.Store.NeedsFrames). It stops asking for frames
// while the tab is hidden (visibilitychange) and while nothing needs them
// (paused, nothing left to narrate), so that a paused page costs no
// main-thread time; wake asks again if needed says so, and the page calls
// it after every change of the Store. The first frame after a stop counts
// as one ordinary frame, so the playhead does not jump. The first frame
// that finds the diagram marks the page drawn: <body data-ready="1">.
// Under the kplaytest build tag the frames are also counted for tests
// (testhooks.go).
func (w *frames) loop(tick func(realMs float64), needed func() bool) (wake func()) {
	last := -1.0
	count := 0
	running := false
	var frame func(now float64)
	request := func() {
		if !running {
			running = true
			w.b.nextFrame(frame)
		}
	}
	wake = func() {
		if needed() && !w.b.hidden() {
			request()
		}
	}
	frame = func(now float64) {
		running = false
		if w.b.hidden() {
			last = -1
			return // visibilitychange asks again
		}
		if !w.rendered {
			request()
			if !w.b.hasElement(diagramSel) {
				return
			}
			w.rendered = true
			w.b.markDrawn()
			noteFirstDraw(w.b)
			for _, f := range w.firstDraw {
				f()
			}
			last = now
			return
		}
		dt := frameMs
		if last >= 0 {
			dt = now - last
		}
		last = now
		if dt > maxGapMs || dt < 0 {
			dt = frameMs
		}
		count++
		noteFrame(w.b, count)
		tick(dt)
		if needed() {
			request()
		} else if !running {
			last = -1 // stopped: the next frame, whenever woken, is an ordinary one
		}
	}
	w.b.onVisibilityChange(func() {
		if !w.b.hidden() {
			last = -1
			request()
		}
	})
	noteFrame(w.b, 0)
	request()
	return wake
}
