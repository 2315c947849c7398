//go:build js && wasm

package main

import (
	"net/url"

	"kplay/link"
	"kplay/site"
)

// readStartup reads what the page's address asks for.
func readStartup(b *browser) site.Startup {
	return site.ParseStartup(b.hash(), b.search())
}

// shareHooks gives the share bar the clipboard and the Worker's short
// links. A long link also becomes the address bar's, so a reload keeps it.
// On the full page (not in an embed, whose address holds its options) the
// address also follows the preset playing: ?preset=NAME, or the bare path
// for a script of the reader's.
func shareHooks(b *browser, s *site.Store, embed bool) site.ShareHooks {
	origin := b.origin()
	copyText := func(text, what string) {
		b.copyText(text, func(ok bool) { s.Dispatch(site.Copied{What: what, Text: text, Failed: !ok}) })
	}
	var setAddress func(query string)
	if !embed {
		setAddress = func(query string) { b.replaceAddress(b.pathname() + query) }
	}
	return site.ShareHooks{
		Origin:     origin,
		SetAddress: setAddress,
		ShareLink: func(fragment string) {
			long := origin + "/#" + fragment
			b.replaceAddress("#" + fragment)
			b.setHref("oembed", "/oembed?url="+url.QueryEscape(long))
			// Ask the Worker for a short link; under kplay serve there is
			// none (404), so the long link is copied.
			b.shortLink(fragment, func(short string) {
				if short != "" {
					copyText(short, "short link")
				} else {
					copyText(long, "link")
				}
			})
		},
		CopyEmbed: func(code string) { copyText(code, "embed code") },
	}
}

// publishMoment keeps window.kplayMoment at the share link of what the
// page shows (browser.setMoment), for boot.js's "reload at this moment"
// should the Go program die. The playhead is written at every change of
// the Store; the script's payload (a deflate of the script text, which the
// Store caches) is encoded again at most every momentEncodeMs after the
// text changes, so that a producer panel's stream of actions does not
// deflate the script at every frame. The link can thus lag the script by
// that long, never the playhead.
func publishMoment(b *browser, s *site.Store) func() {
	const momentEncodeMs = 250
	text, payload, pending := "", "", false
	encode := func() {
		pending = false
		text, payload = s.ScriptText(), link.EncodePayload(s.ScriptText())
		b.setMoment(payload, true, int64(s.Player.Now()))
	}
	return func() {
		switch {
		case payload == "":
			encode()
		case !pending && s.ScriptText() != text:
			pending = true
			b.after(momentEncodeMs, encode)
		}
		b.setMoment(payload, false, int64(s.Player.Now()))
	}
}
