//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"

	"kplay/engine"
	"kplay/site"
)

// isEmbed says the page was opened as embed.html (or /embed, where
// Workers static assets redirect it).
func isEmbed(b *browser) bool {
	p := b.pathname()
	return strings.HasSuffix(p, "/embed.html") || strings.HasSuffix(p, "/embed")
}

// embedBridge speaks docs/embed.md's postMessage API with the page that
// embeds this one. The commands and the messages about the scenario and
// its questions are site.EmbedAPI's (a table of commands); the
// transport is embed.js's (window.kplayEmbed: the parent and origin=
// checks, the queue of commands sent before ready, source and v on every
// message). This adds what happens as the scenario plays: "step",
// "leader-change", "violation" and "height".
type embedBridge struct {
	s   *site.Store
	b   *browser
	api *site.EmbedAPI
	// seen is the number of engine events already reported, gen the
	// player generation they belong to (a seek replays from a checkpoint).
	seen, gen  int
	lastHeight int
}

// startEmbedBridge builds the bridge (and so restores the answers of the
// embed's lesson) before the page's first render; ready, at the first
// draw, starts the conversation.
func startEmbedBridge(br *browser, s *site.Store) *embedBridge {
	b := &embedBridge{s: s, b: br, gen: s.Player.Generation()}
	b.api = site.NewEmbedAPI(s, site.EmbedAPIHooks{
		Post:  b.post,
		Open:  func(query string) { br.open("embed.html?" + query) },
		Query: strings.TrimPrefix(br.search(), "?"),
		LoadProgress: func() (string, bool) {
			if _, ok := br.storage(); !ok {
				return "", false
			}
			v, _ := br.load(site.ProgressStorageKey)
			return v, true
		},
		SaveProgress: func(text string) bool {
			if _, ok := br.storage(); !ok {
				return false
			}
			br.store(site.ProgressStorageKey, text)
			return true
		},
	})
	b.seen = s.Player.EventCount()
	return b
}

// snapshot is the snapshot command (docs/embed.md): the diagram at this
// moment, as the share menu exports it for slides (static/export.js),
// posted back as {type: "snapshot", format, at, data}, data a data: URL
// of an SVG document or a PNG at twice the diagram's size on screen.
// format is "svg" (the default) or "png".
func (b *embedBridge) snapshot(x *exporter) site.CommandFunc {
	return func(args site.Args) *site.Problem {
		format := "svg"
		if args.Has("format") {
			f, _ := args.String("format")
			if f != "svg" && f != "png" {
				return &site.Problem{Reason: site.ReasonBadCommand, Param: "format", Text: `A snapshot's format is "svg" or "png".`}
			}
			format = f
		}
		at := float64(b.s.Player.Now())
		x.snapshot(format, func(data, err string) {
			if err != "" {
				b.api.Fail(site.Problem{Reason: site.ReasonSnapshotFailed, Text: "The diagram could not be drawn as " + format + ": " + err + "."}, "snapshot")
				return
			}
			b.post(site.Msg{"type": "snapshot", "format": format, "at": at, "data": data})
		})
		return nil
	}
}

// post sends one message to the host (embed.js adds source and v).
func (b *embedBridge) post(msg site.Msg) { b.b.postToHost(msg) }

// ready announces the page once it has drawn: the problems of its
// address, "ready", its height; then it takes the commands the host sent
// so far, and every later one, and from then on reports its height
// whenever it changes.
func (b *embedBridge) ready() {
	b.api.Start()
	b.height()
	b.b.onHostCommand(func(data js.Value) { b.api.Receive(jsArgs{data}) })
	// The document's height changes at a render, a frame after the
	// Store's change that asks for it: measured at the change (changed),
	// a question's card reported 1,215 px for a 1,401-px document, and a
	// grown frame stayed cut until the next change.
	b.b.onDocResize(b.height)
}

// height reports the document's height when it changed, so the parent can
// size the iframe.
func (b *embedBridge) height() {
	h := b.b.docHeight()
	if h != b.lastHeight {
		b.lastHeight = h
		b.post(site.Msg{"type": "height", "height": h})
	}
}

// changed reports what happened since the last call: a step message when
// the playhead moved, and one message per leader election and violation.
func (b *embedBridge) changed() {
	p := b.s.Player
	if g := p.Generation(); g != b.gen {
		b.gen, b.seen = g, min(b.seen, p.EventCount())
	}
	n := p.EventCount()
	if n == b.seen {
		b.height()
		return
	}
	if n < b.seen {
		b.seen = n
	}
	for _, e := range p.Events(b.seen) {
		switch e.Kind {
		case engine.EvLeaderElected:
			b.post(site.Msg{"type": "leader-change", "at": float64(e.At), "partition": e.TP.String(), "leader": int(e.Peer.ID), "epoch": int(e.Epoch), "text": e.String()})
		case engine.EvViolation:
			b.post(site.Msg{"type": "violation", "at": float64(e.At), "rule": e.Text, "partition": e.TP.String(), "text": e.String()})
		}
	}
	b.seen = n
	b.post(site.Msg{"type": "step", "at": float64(p.Now()), "events": n})
	b.height()
}

// jsArgs is a command's data as site.Args. Raw syscall/js: the data is
// whatever the host posted (structured-cloned: plain objects, arrays,
// strings, numbers…), read one field at a time, each only once its kind
// is checked, so no value of the host's can make Get panic.
type jsArgs struct{ v js.Value }

func (a jsArgs) field(key string) js.Value {
	if a.v.Type() != js.TypeObject {
		return js.Undefined()
	}
	return a.v.Get(key)
}

func (a jsArgs) String(key string) (string, bool) {
	f := a.field(key)
	if f.Type() != js.TypeString {
		return "", false
	}
	return f.String(), true
}

func (a jsArgs) Number(key string) (float64, bool) {
	f := a.field(key)
	if f.Type() != js.TypeNumber {
		return 0, false
	}
	return f.Float(), true
}

func (a jsArgs) Bool(key string) (bool, bool) {
	f := a.field(key)
	if f.Type() != js.TypeBoolean {
		return false, false
	}
	return f.Bool(), true
}

func (a jsArgs) Has(key string) bool { return !a.field(key).IsUndefined() }
