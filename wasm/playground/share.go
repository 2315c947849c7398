//go:build js && wasm

package main

import (
	"net/url"
	"strconv"
	"syscall/js"

	"kplay/link"
	"kplay/scenarios"
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
	// A confirmation goes away on its own after site.CopiedShowMs; the
	// field shown when the browser refused stays until its × closes it.
	copyText := func(text, what string) {
		b.copyText(text, func(ok bool) {
			s.Dispatch(site.Copied{What: what, Text: text, Failed: !ok})
			if ok {
				seq := s.Share.CopiedSeq
				b.after(site.CopiedShowMs, func() { s.Dispatch(site.CopyExpired{Seq: seq}) })
			}
		})
	}
	var setAddress func(query string)
	if !embed {
		// oEmbed discovery (index.html's link#oembed) follows the
		// address: a preset's names that preset.
		discover := func(query string) { b.setHref("oembed", "/oembed?url="+url.QueryEscape(origin+"/"+query)) }
		setAddress = func(query string) {
			b.replaceAddress(b.pathname() + query)
			discover(query)
		}
		if s.Share.Preset != "" {
			discover(site.PresetQuery(s.Share.Preset))
		}
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
// should the Go program die, and on the full page the address
// bar too (addressFollower; an embed's address holds its options). The playhead is written at every change of
// the Store; the script's payload (a deflate of the script text, which the
// Store caches) is encoded again at most every momentEncodeMs after the
// text changes, so that a producer panel's stream of actions does not
// deflate the script at every frame. The link can thus lag the script by
// that long, never the playhead.
func publishMoment(b *browser, s *site.Store) func() {
	const momentEncodeMs = 250
	text, payload, pending := "", "", false
	var addr *addressFollower
	if !isEmbed(b) {
		addr = &addressFollower{b: b, s: s}
	}
	encode := func() {
		pending = false
		text, payload = s.ScriptText(), link.EncodePayload(s.ScriptText())
		b.setMoment(payload, true, int64(s.Player.Now()))
		if addr != nil {
			addr.changed(text, payload)
		}
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
		if addr != nil {
			addr.changed(text, payload)
		}
	}
}

// addressFollower keeps the full page's address bar at what the reader is
// looking at, so that a reload, a bookmark or a link copied from the bar
// reopens it: "?preset=NAME" while a preset plays as it is from its start
// (or is paused there), else the share link's fragment "#s=…&t=…" of the
// script with the reader's actions, at the moment the reader paused (or,
// while playing, the moment of their last change). It writes with
// history.replaceState, which adds no history entry (the back button
// leaves the page, or goes back to an address the reader typed, which
// reloads it: browser.reloadOnHashChange) and fires no hashchange. It
// writes at most once every addressMs, after the reader's change, never
// for a frame of playback alone: a playing page's moving playhead does
// not count as a change until it pauses.
type addressFollower struct {
	b *browser
	s *site.Store
	// key is what the address was last scheduled for; pending says a
	// write is scheduled; last is the address last written.
	key     addressKey
	pending bool
	last    string
	// text and payload are the script and its encoding the address uses.
	text, payload string
}

// addressKey is what the address depends on: the preset, the script's
// payload, whether it plays, and the playhead while it does not.
type addressKey struct {
	preset, payload string
	playing         bool
	at              int64
}

// addressMs is the least time between two writes of the address, in ms.
const addressMs = 500

// changed notes a change of the Store (publishMoment) with the script's
// text and payload, scheduling a write if what the address shows moved.
// It costs a comparison of a few strings: it runs at every frame.
func (a *addressFollower) changed(text, payload string) {
	if payload == "" {
		return
	}
	a.text, a.payload = text, payload
	k := addressKey{preset: a.s.Share.Preset, payload: payload, playing: a.s.Playing}
	if !k.playing {
		k.at = int64(a.s.Player.Now())
	}
	if k == a.key || a.pending {
		return
	}
	a.key, a.pending = k, true
	// Raw setTimeout, its answer unread: browser.after's dom/v2 reads the
	// timer's id as a number, which Node (the poster's renderer, where
	// this runs at startup) answers with an object.
	var f js.Func
	f = js.FuncOf(func(js.Value, []js.Value) any {
		f.Release()
		a.write()
		return nil
	})
	a.b.raw.Call("setTimeout", f, addressMs)
}

// write puts the address for what the page shows now in the bar, if it
// changed, and schedules the next write if the page moved on meanwhile.
func (a *addressFollower) write() {
	a.pending = false
	s := a.s
	// The payload publishMoment last encoded can lag an applied edit by
	// momentEncodeMs: the address takes the script as it is now, so that
	// it never writes the old script with the new moment.
	if text := s.ScriptText(); text != a.text {
		a.text, a.payload = text, link.EncodePayload(text)
	}
	url := a.b.pathname()
	p, isPreset := scenarios.Get(s.Share.Preset)
	atStart := s.Player.Now() == s.Player.Scenario().Config.Start
	if isPreset && (s.Playing || atStart) && a.text == p.LearnerText() {
		url += site.PresetQuery(p.Name)
	} else {
		url += "#s=" + a.payload + "&t=" + strconv.FormatInt(int64(s.Player.Now()), 10)
	}
	if url != a.last {
		a.last = url
		a.b.replaceAddress(url)
	}
	// A change that came while the write waited is written next.
	a.changed(a.text, a.payload)
}
