//go:build js && wasm && kplaytest

package main

import (
	"runtime"
	"syscall/js"

	"kplay/engine"
	"kplay/site"
)

// The browser tests' and benchmarks' hooks on window, compiled in only
// under the kplaytest build tag (./build.sh test and ./build.sh bench set
// it for the dist they test; ./build.sh build and serve do not). They are
// raw syscall/js throughout: each is a function exported to JavaScript
// (js.FuncOf), which dom/v2 has no wrapper for, and the timers wrap
// window.requestAnimationFrame itself.
//
//   - kplayFrames counts the animation frames that ticked, so that tests
//     can see the loop stop and resume; kplayFirstDraw is performance.now()
//     at the first frame that found the diagram drawn.
//   - kplaySeekBench(ms) seeks to ms after the scenario's start, as the
//     timeline does, and resolves to the real milliseconds of the Go seek
//     plus the Go work of the next frame, which re-renders the page
//     plus the style and layout that frame leaves the browser to do
//     (window.kplaySeekParts holds the three). The page re-renders on the
//     animation frame after a change (vecty batches renders), so the
//     timings add up that frame's Go work, measured with performance.now()
//     around every animation-frame callback, then force the frame's style
//     and layout (a geometry read of the document, in a callback after the
//     render's) and time it: a render that leaves its layout to the
//     browser is charged for it as one that forces it is.
//   - kplayFrameBench(n) plays and resolves to the real milliseconds of the
//     Go work (the tick, the re-render) of each of the next n frames.
//   - kplayLoadScript(src) plays a scenario script in place of the current
//     one and returns its compile error, or "".
//   - kplayMemStats(gc) returns the Go runtime's memory figures
//     (runtime.MemStats: heapAlloc, heapObjects, heapSys, nextGC, numGC,
//     totalAlloc and mallocs in bytes or counts, pauseTotalNs), after a
//     runtime.GC() when gc is true, for the benchmarks' collection figures.
//   - kplayCrash(kind) kills the Go program as a bug would, on the next
//     animation frame: "panic" panics; "oom" asks for a 4095 MiB block, more
//     than wasm32's 4 GiB memory can hold beside the heap, so the runtime
//     dies of "fatal error: out of memory" as a runaway allocation does.

func noteFrame(b *browser, n int) { b.raw.Set("kplayFrames", n) }

func noteFirstDraw(b *browser) {
	b.raw.Set("kplayFirstDraw", b.raw.Get("performance").Call("now"))
}

func testHooks(b *browser, s *site.Store) {
	w := b.raw
	w.Set("kplaySeekBench", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 1 {
			return -1
		}
		at := s.Player.Scenario().Config.Start + engine.Time(args[0].Int())
		return newPromise(func(resolve js.Value) {
			ft := timeFrames(w)
			// Seek in a frame (whose callbacks are not all timed), then
			// read the next frame's total from its last callback: every
			// callback asked for during the seek frame is timed.
			ft.raf(func(float64) {
				t0 := ft.now()
				s.Dispatch(site.ScrubTo{At: at})
				seek := ft.now() - t0
				ft.raf(func(ts float64) {
					ft.stop()
					t1 := ft.now()
					w.Get("document").Get("documentElement").Call("getBoundingClientRect")
					layout := ft.now() - t1
					w.Set("kplaySeekParts", js.ValueOf([]any{seek, ft.totals[ts], layout}))
					resolve.Invoke(seek + ft.totals[ts] + layout)
				})
			})
		})
	}))
	w.Set("kplayFrameBench", js.FuncOf(func(_ js.Value, args []js.Value) any {
		n := 1
		if len(args) > 0 {
			n = max(1, args[0].Int())
		}
		if !s.Playing {
			s.Dispatch(site.TogglePlay{})
		}
		return newPromise(func(resolve js.Value) {
			ft := timeFrames(w)
			ft.onFrame = func() {
				// stamps[0] ran callbacks asked for before timing began;
				// the newest has just begun. The n between are whole.
				if len(ft.stamps) < n+2 {
					return
				}
				ft.stop()
				out := make([]any, 0, n)
				for _, t := range ft.stamps[1 : n+1] {
					out = append(out, ft.totals[t])
				}
				resolve.Invoke(js.ValueOf(out))
			}
		})
	}))
	w.Set("kplayLoadScript", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 1 {
			return "kplayLoadScript(src): no script"
		}
		s.ReplaceScript("script.txt", args[0].String())
		return s.Err
	}))
	w.Set("kplayMemStats", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 && args[0].Truthy() {
			runtime.GC()
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return js.ValueOf(map[string]any{
			"heapAlloc": m.HeapAlloc, "heapObjects": m.HeapObjects, "heapSys": m.HeapSys,
			"nextGC": m.NextGC, "numGC": m.NumGC, "totalAlloc": m.TotalAlloc, "mallocs": m.Mallocs,
			"pauseTotalNs": m.PauseTotalNs,
		})
	}))
	w.Set("kplayRedraws", js.FuncOf(func(js.Value, []js.Value) any {
		full, stage, dots := s.RedrawCounts()
		return js.ValueOf([]any{full, dots, stage})
	}))
	w.Set("kplayCrash", js.FuncOf(func(_ js.Value, args []js.Value) any {
		kind := ""
		if len(args) > 0 {
			kind = args[0].String()
		}
		b.nextFrame(func(float64) { crash(kind) })
		return nil
	}))
}

// crash dies as kplayCrash(kind) says.
func crash(kind string) {
	switch kind {
	case "oom":
		const n = 4095 << 20
		big := make([]byte, n)
		big[n-1] = 1 // the block is used: the allocation cannot be dropped
		panic("kplayCrash: a 4095 MiB block was allocated after all")
	default:
		panic("kplayCrash: the test's panic")
	}
}

// frameTimer adds up, per animation frame (by its timestamp), the time of
// every requestAnimationFrame callback asked for while it is installed.
type frameTimer struct {
	w      js.Value
	perf   js.Value
	orig   js.Value
	wrap   js.Func
	stamps []float64
	totals map[float64]float64
	// onFrame, if set, runs when a new frame's first timed callback does.
	onFrame func()
	stopped bool
}

// timeFrames installs a frameTimer in place of window.requestAnimationFrame.
func timeFrames(w js.Value) *frameTimer {
	ft := &frameTimer{w: w, perf: w.Get("performance"), orig: w.Get("requestAnimationFrame"), totals: make(map[float64]float64)}
	ft.wrap = js.FuncOf(func(_ js.Value, a []js.Value) any {
		cb := a[0]
		var timed js.Func
		timed = js.FuncOf(func(_ js.Value, b []js.Value) any {
			timed.Release()
			ts := b[0].Float()
			if _, seen := ft.totals[ts]; !seen {
				ft.totals[ts] = 0
				ft.stamps = append(ft.stamps, ts)
				if ft.onFrame != nil && !ft.stopped {
					ft.onFrame()
				}
			}
			t0 := ft.now()
			cb.Invoke(b[0])
			ft.totals[ts] += ft.now() - t0
			return nil
		})
		return ft.orig.Call("call", w, timed)
	})
	w.Set("requestAnimationFrame", ft.wrap)
	return ft
}

func (ft *frameTimer) now() float64 { return ft.perf.Call("now").Float() }

// raf asks for f to run, with the frame's timestamp, on the next frame.
func (ft *frameTimer) raf(f func(ts float64)) {
	var cb js.Func
	cb = js.FuncOf(func(_ js.Value, a []js.Value) any {
		cb.Release()
		f(a[0].Float())
		return nil
	})
	ft.w.Call("requestAnimationFrame", cb)
}

// stop puts window.requestAnimationFrame back; callbacks already asked
// for stay timed.
func (ft *frameTimer) stop() {
	if !ft.stopped {
		ft.stopped = true
		ft.w.Set("requestAnimationFrame", ft.orig)
	}
}

// newPromise returns a JavaScript Promise that f resolves.
func newPromise(f func(resolve js.Value)) js.Value {
	var exec js.Func
	exec = js.FuncOf(func(_ js.Value, a []js.Value) any {
		exec.Release()
		f(a[0])
		return nil
	})
	return js.Global().Get("Promise").New(exec)
}
