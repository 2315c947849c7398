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
// should the Go program die. The script's payload is deflated again only
// when the script text changes (ScriptText is cached by the Store), so a
// frame costs a string comparison and one property write.
func publishMoment(b *browser, s *site.Store) func() {
	text, payload := "", ""
	return func() {
		t, changed := s.ScriptText(), false
		if t != text || payload == "" {
			text, payload, changed = t, link.EncodePayload(t), true
		}
		b.setMoment(payload, changed, int64(s.Player.Now()))
	}
}
