//go:build js && wasm

package main

import (
	"syscall/js"

	"kplay/site"
)

// readStartup reads what the page's address asks for.
func readStartup() site.Startup {
	loc := js.Global().Get("location")
	return site.ParseStartup(loc.Get("hash").String(), loc.Get("search").String())
}

// shareHooks gives the share bar the clipboard and the Worker's short
// links. A long link also becomes the address bar's, so a reload keeps it.
// On the full page (not in an embed, whose address holds its options) the
// address also follows the preset playing: ?preset=NAME, or the bare path
// for a script of the reader's.
func shareHooks(s *site.Store, embed bool) site.ShareHooks {
	g := js.Global()
	origin := g.Get("location").Get("origin").String()
	copyText := func(text, what string) {
		clip := g.Get("navigator").Get("clipboard")
		if clip.IsUndefined() {
			s.Dispatch(site.Copied{What: what, Text: text, Failed: true})
			return
		}
		var ok, refused js.Func
		ok = js.FuncOf(func(js.Value, []js.Value) any {
			ok.Release()
			refused.Release()
			s.Dispatch(site.Copied{What: what, Text: text})
			return nil
		})
		refused = js.FuncOf(func(js.Value, []js.Value) any {
			ok.Release()
			refused.Release()
			s.Dispatch(site.Copied{What: what, Text: text, Failed: true})
			return nil
		})
		clip.Call("writeText", text).Call("then", ok, refused)
	}
	var setAddress func(query string)
	if !embed {
		setAddress = func(query string) {
			path := g.Get("location").Get("pathname").String()
			g.Get("history").Call("replaceState", nil, "", path+query)
		}
	}
	return site.ShareHooks{
		Origin:     origin,
		SetAddress: setAddress,
		ShareLink: func(fragment string) {
			long := origin + "/#" + fragment
			g.Get("history").Call("replaceState", nil, "", "#"+fragment)
			if l := g.Get("document").Call("getElementById", "oembed"); !l.IsNull() {
				l.Set("href", "/oembed?url="+g.Call("encodeURIComponent", long).String())
			}
			// Ask the Worker for a short link; under kplay serve there is
			// none (404), so the long link is copied.
			opts := map[string]any{"method": "POST", "body": fragment, "headers": map[string]any{"Content-Type": "text/plain"}}
			var onResp, onJSON, onErr js.Func
			release := func() { onResp.Release(); onJSON.Release(); onErr.Release() }
			onErr = js.FuncOf(func(js.Value, []js.Value) any {
				release()
				copyText(long, "link")
				return nil
			})
			onJSON = js.FuncOf(func(_ js.Value, args []js.Value) any {
				release()
				if u := args[0].Get("url"); u.Type() == js.TypeString && u.String() != "" {
					copyText(u.String(), "short link")
				} else {
					copyText(long, "link")
				}
				return nil
			})
			onResp = js.FuncOf(func(_ js.Value, args []js.Value) any {
				if !args[0].Get("ok").Bool() {
					release()
					copyText(long, "link")
					return nil
				}
				args[0].Call("json").Call("then", onJSON, onErr)
				return nil
			})
			g.Call("fetch", "/api/links", opts).Call("then", onResp, onErr)
		},
		CopyEmbed: func(code string) { copyText(code, "embed code") },
	}
}

// reloadOnNewLink reloads the page when its address's fragment changes
// (a pasted link), so the new scenario opens as a fresh page would.
func reloadOnNewLink() {
	g := js.Global()
	g.Call("addEventListener", "hashchange", js.FuncOf(func(js.Value, []js.Value) any {
		g.Get("location").Call("reload")
		return nil
	}))
}
