//go:build js && wasm

package main

import (
	"syscall/js"

	"kplay/site"
)

// exporter runs static/export.js (the diagram as SVG, PNG or a WebM
// clip, with the browser's own APIs), which it loads the first time it
// is asked: the page pays for it only when a reader exports.
type exporter struct {
	b      *browser
	s      *site.Store
	loaded bool
	// waiting are the calls asked for before export.js arrived.
	waiting []func(js.Value)
}

// with calls f with window.kplayExport once export.js has loaded, or
// reports fail when it cannot load.
func (x *exporter) with(f func(api js.Value), fail func(err string)) {
	if x.loaded {
		f(js.Global().Get("kplayExport"))
		return
	}
	x.waiting = append(x.waiting, f)
	if len(x.waiting) > 1 {
		return
	}
	doc := js.Global().Get("document")
	el := doc.Call("createElement", "script")
	el.Set("src", "export.js")
	var onload, onerror js.Func
	onload = js.FuncOf(func(js.Value, []js.Value) any {
		onload.Release()
		onerror.Release()
		x.loaded = true
		api := js.Global().Get("kplayExport")
		for _, g := range x.waiting {
			g(api)
		}
		x.waiting = nil
		return nil
	})
	onerror = js.FuncOf(func(js.Value, []js.Value) any {
		onload.Release()
		onerror.Release()
		x.waiting = nil
		fail("kplay could not load export.js, which makes the pictures: the network or the server refused it.")
		return nil
	})
	el.Call("addEventListener", "load", onload)
	el.Call("addEventListener", "error", onerror)
	doc.Get("head").Call("appendChild", el)
}

// awaitJS calls ok with a Promise's value, or fail with its error's message.
func awaitJS(p js.Value, ok func(v js.Value), fail func(err string)) {
	var res, rej js.Func
	res = js.FuncOf(func(_ js.Value, args []js.Value) any {
		res.Release()
		rej.Release()
		var v js.Value
		if len(args) > 0 {
			v = args[0]
		}
		ok(v)
		return nil
	})
	rej = js.FuncOf(func(_ js.Value, args []js.Value) any {
		res.Release()
		rej.Release()
		msg := "the browser refused"
		if len(args) > 0 && args[0].Type() == js.TypeObject && args[0].Get("message").Type() == js.TypeString {
			msg = args[0].Get("message").String()
		}
		fail(msg)
		return nil
	})
	p.Call("then", res, rej)
}

// export is the share menu's hook (site.ShareHooks.Export): "svg" and
// "png" save the diagram at this moment; "clip" plays on and records
// site.ClipMs of it as WebM (Recording), "stop" ends a recording early.
func (x *exporter) export(what string) {
	fail := func(err string) {
		x.s.Dispatch(site.Recording{On: false})
		x.s.Dispatch(site.ShowError{Text: "Export: " + err})
	}
	x.with(func(api js.Value) {
		switch what {
		case "svg", "png":
			awaitJS(api.Call("download", what), func(js.Value) {}, fail)
		case "stop":
			api.Call("stop")
		case "clip":
			if api.Call("recording").Bool() {
				return
			}
			x.s.Dispatch(site.Recording{On: true})
			awaitJS(api.Call("record", site.ClipMs), func(blob js.Value) {
				api.Call("save", blob, api.Call("name", "webm"))
				x.s.Dispatch(site.Recording{On: false})
			}, fail)
		}
	}, fail)
}

// snapshot gives done the diagram as a data: URL of format "svg" or
// "png", or an error's text (for the embed's snapshot command).
func (x *exporter) snapshot(format string, done func(dataURL, err string)) {
	x.with(func(api js.Value) {
		awaitJS(api.Call("dataURL", format), func(v js.Value) { done(v.String(), "") }, func(err string) { done("", err) })
	}, func(err string) { done("", err) })
}
