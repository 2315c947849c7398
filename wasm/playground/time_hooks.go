//go:build js && wasm

package main

import (
	"syscall/js"

	"kplay/engine"
	"kplay/site"
)

// timeHooks exposes the timeline to the browser tests and benchmarks:
//
//   - kplaySeekBench(ms) seeks to ms after the scenario's start, as the
//     timeline does, and returns the real milliseconds the Go seek and the
//     re-render took (performance.now() around them);
//   - kplayFrameBench(n) plays n frames of 1/60 s, each as the animation
//     loop does, and returns the real milliseconds of each one's Go work
//     (the tick and the re-render);
//   - kplayLoadScript(src) plays a scenario script in place of the current
//     one and returns its compile error, or "".
func (w *window) timeHooks(s *site.Store) {
	perf := w.win.Get("performance")
	now := func() float64 { return perf.Call("now").Float() }
	w.win.Set("kplaySeekBench", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 1 {
			return -1
		}
		at := s.Player.Scenario().Config.Start + engine.Time(args[0].Int())
		t0 := now()
		s.Dispatch(site.ScrubTo{At: at})
		return now() - t0
	}))
	w.win.Set("kplayFrameBench", js.FuncOf(func(_ js.Value, args []js.Value) any {
		n := 1
		if len(args) > 0 {
			n = max(1, args[0].Int())
		}
		if !s.Playing {
			s.Dispatch(site.TogglePlay{})
		}
		out := make([]any, 0, n)
		for range n {
			t0 := now()
			s.Dispatch(site.Tick{RealMs: frameMs})
			out = append(out, now()-t0)
		}
		return out
	}))
	w.win.Set("kplayLoadScript", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 1 {
			return "kplayLoadScript(src): no script"
		}
		s.ReplaceScript("script.txt", args[0].String())
		return s.Err
	}))
}
