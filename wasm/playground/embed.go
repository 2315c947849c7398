//go:build js && wasm

package main

import (
	"net/url"
	"strings"
	"syscall/js"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/link"
	"kplay/site"
)

// isEmbed says the page was opened as embed.html (or /embed, where
// Workers static assets redirect it).
func isEmbed(b *browser) bool {
	p := b.pathname()
	return strings.HasSuffix(p, "/embed.html") || strings.HasSuffix(p, "/embed")
}

// embedBridge speaks docs/design.md §5's postMessage protocol with the page that
// embeds this one. Out: {source: "kplay", type: "ready" | "step" |
// "leader-change" | "violation" | "height" | "ask" | "answer" | "error",
// ...} (boot.js posts the fatal "error" when the Go program dies). In: {type: "play" |
// "pause" | "seek" (at: ms) | "load" (link: "s=1.…&t=…" or preset: name)}.
type embedBridge struct {
	s *site.Store
	b *browser
	// seen is the number of engine events already reported, gen the
	// player generation they belong to (a seek replays from a checkpoint).
	seen, gen  int
	lastHeight int
}

func startEmbedBridge(br *browser, s *site.Store) *embedBridge {
	b := &embedBridge{s: s, b: br, gen: s.Player.Generation()}
	br.onMessage(b.receive)
	b.seen = s.Player.EventCount()
	return b
}

// post sends one message to the parent frame; outside a frame nobody
// listens and nothing is sent.
func (b *embedBridge) post(typ string, fields map[string]any) {
	msg := map[string]any{"source": "kplay", "type": typ}
	for k, v := range fields {
		msg[k] = v
	}
	b.b.postToParent(msg)
}

// ready announces the page once it has drawn, and from then on reports
// its height whenever it changes.
func (b *embedBridge) ready() {
	b.post("ready", map[string]any{"title": b.s.Title, "at": float64(b.s.Player.Now())})
	b.height()
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
		b.post("height", map[string]any{"height": h})
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
			b.post("leader-change", map[string]any{"at": float64(e.At), "partition": e.TP.String(), "leader": int(e.Peer.ID), "epoch": int(e.Epoch), "text": e.String()})
		case engine.EvViolation:
			b.post("violation", map[string]any{"at": float64(e.At), "rule": e.Text, "partition": e.TP.String(), "text": e.String()})
		}
	}
	b.seen = n
	b.post("step", map[string]any{"at": float64(p.Now()), "events": n})
	b.height()
}

// lessonHooks report lesson mode's questions: "ask" when playback stops
// at one (index, question, options, at), "answer" when its answer shows
// (index, picked: "" if the reader did not pick, answer, correct).
func (b *embedBridge) lessonHooks() site.LessonHooks {
	strs := func(ss []string) []any {
		out := make([]any, len(ss))
		for i, s := range ss {
			out[i] = s
		}
		return out
	}
	return site.LessonHooks{
		Asked: func(i int, a script.Ask) {
			b.post("ask", map[string]any{"index": i, "question": a.Question, "options": strs(a.Options), "at": float64(a.At)})
		},
		Answered: func(i int, a script.Ask, picked string) {
			b.post("answer", map[string]any{"index": i, "picked": picked, "answer": a.Answer, "correct": picked == a.Answer})
		},
	}
}

// receive obeys a command from the embedding page. Raw syscall/js: the
// message's data is a plain object of the protocol, which dom/v2 gives as
// a js.Value (MessageEvent.Data).
func (b *embedBridge) receive(msg js.Value) {
	if msg.Type() != js.TypeObject {
		return
	}
	typ := msg.Get("type")
	if typ.Type() != js.TypeString {
		return
	}
	switch typ.String() {
	case "play":
		if !b.s.Playing {
			b.s.Dispatch(site.TogglePlay{})
		}
	case "pause":
		if b.s.Playing {
			b.s.Dispatch(site.TogglePlay{})
		}
	case "seek":
		if at := msg.Get("at"); at.Type() == js.TypeNumber {
			b.s.Dispatch(site.Seek{At: engine.Time(at.Float())})
		}
	case "load":
		q, _ := url.ParseQuery(strings.TrimPrefix(b.b.search(), "?"))
		q.Del("s")
		q.Del("t")
		q.Del("preset")
		if l := msg.Get("link"); l.Type() == js.TypeString {
			parsed, err := link.Parse(l.String())
			if err != nil {
				b.post("error", map[string]any{"text": err.Error()})
				return
			}
			frag, _ := url.ParseQuery(link.Encode(parsed))
			for k, v := range frag {
				q[k] = v
			}
		} else if p := msg.Get("preset"); p.Type() == js.TypeString {
			q.Set("preset", p.String())
		} else {
			return
		}
		b.b.open("embed.html?" + q.Encode())
	}
}
