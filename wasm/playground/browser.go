//go:build js && wasm

package main

import (
	"math"
	"syscall/js"
	"time"

	"honnef.co/go/js/dom/v2"
)

// browser is the page's one view of the browser: what the Store needs from
// the window (its size, keys, animation frames, visibility, address and
// history, local storage, the clipboard, the Worker's link service and the
// embed's host, through embed.js), typed. It goes through honnef.co/go/js/dom/v2 wherever
// dom/v2 wraps the browser API; the few raw syscall/js calls left say at
// each place why. The rest of package main is wiring between this and the
// Store.
//
// Elements and events are dom/v2's own typed values (*dom.BasicHTMLElement,
// *dom.KeyboardEvent, *dom.MessageEvent), built here around the object the
// browser gives (see element and listen), not through dom/v2's Document
// lookups or AddEventListener. Those wrap every element in wrapHTMLElement,
// a type switch over some 70 element types, and every event in wrapEvent,
// a switch over some 50 event types; each type the switches name is linked
// in with its methods, which made 1.2 MB of the page's 6 MB of code and
// about 150 KB of its brotli size (issue 17). The document is therefore a
// js.Value, read only through element.
type browser struct {
	win dom.Window
	// doc is window.document; every element read from it goes through
	// element (see above).
	doc js.Value
	// raw is window, for the calls dom/v2 does not wrap (see each use).
	raw js.Value
}

func newBrowser() *browser {
	w := dom.GetWindow()
	b := &browser{win: w, raw: js.Global()}
	b.doc = b.raw.Get("document")
	return b
}

// width is the viewport's width in CSS pixels (window.innerWidth).
func (b *browser) width() float64 { return float64(b.win.InnerWidth()) }

// element is the element v as dom/v2's typed HTML element, or nil when
// v is null or undefined (no such element). It builds the value dom/v2's
// wrapHTMLElement would give for an element of no more specific type;
// the page needs only the methods every element has (attributes,
// classes, tag name, focus).
func element(v js.Value) *dom.BasicHTMLElement {
	if v.IsNull() || v.IsUndefined() {
		return nil
	}
	return &dom.BasicHTMLElement{BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: v}}}
}

// listen calls f with the event object of every typ event that reaches
// target (addEventListener, bubbling phase). Raw: dom/v2's
// AddEventListener passes each event through wrapEvent (see browser);
// the callers wrap the object in the one dom/v2 event type they expect.
func listen(target js.Value, typ string, f func(ev js.Value)) {
	target.Call("addEventListener", typ, js.FuncOf(func(_ js.Value, args []js.Value) any {
		f(args[0])
		return nil
	}), false)
}

// eventTarget is the element the event e was dispatched to, or nil
// (Event.target).
func eventTarget(e *dom.BasicEvent) *dom.BasicHTMLElement {
	return element(e.Get("target"))
}

// onResize calls f with the new width whenever the viewport resizes.
func (b *browser) onResize(f func(width float64)) {
	listen(b.raw, "resize", func(js.Value) { f(b.width()) })
}

// onKeyDown calls f with every keydown that reaches the document.
func (b *browser) onKeyDown(f func(e *dom.KeyboardEvent)) {
	listen(b.doc, "keydown", func(ev js.Value) {
		f(&dom.KeyboardEvent{BasicEvent: &dom.BasicEvent{Value: ev}})
	})
}

// nextFrame calls f on the next animation frame with its timestamp, in
// milliseconds since the page's time origin (requestAnimationFrame).
func (b *browser) nextFrame(f func(nowMs float64)) {
	b.win.RequestAnimationFrame(func(ts time.Duration) {
		f(float64(ts) / float64(time.Millisecond))
	})
}

// after calls f once, ms milliseconds from now (setTimeout).
func (b *browser) after(ms int, f func()) { b.win.SetTimeout(f, ms) }

// hidden says the document is hidden (a background tab, a minimised
// window). Raw: dom/v2's Document has no Hidden or VisibilityState.
func (b *browser) hidden() bool { return b.doc.Get("hidden").Bool() }

// onVisibilityChange calls f whenever the document is hidden or shown.
func (b *browser) onVisibilityChange(f func()) {
	listen(b.doc, "visibilitychange", func(js.Value) { f() })
}

// byID is the element with this id, or nil (document.getElementById).
func (b *browser) byID(id string) *dom.BasicHTMLElement {
	return element(b.doc.Call("getElementById", id))
}

// root is the document's root element, <html> (document.documentElement).
func (b *browser) root() *dom.BasicHTMLElement { return element(b.doc.Get("documentElement")) }

// hasElement says an element with this id is in the document.
func (b *browser) hasElement(id string) bool { return b.byID(id) != nil }

// focus focuses the first element matching sel, if there is one
// (document.querySelector).
func (b *browser) focus(sel string) {
	if el := element(b.doc.Call("querySelector", sel)); el != nil {
		el.Focus()
	}
}

// nothingFocused says the focus is on no control: no active element, or
// the body (document.activeElement).
func (b *browser) nothingFocused() bool {
	a := element(b.doc.Get("activeElement"))
	return a == nil || a.TagName() == "BODY"
}

// markDrawn sets <body data-ready="1">, the page's sign that it has drawn.
func (b *browser) markDrawn() {
	if body := element(b.doc.Get("body")); body != nil {
		body.SetAttribute("data-ready", "1")
	}
}

// setRootAttr sets (on) or removes an attribute of <html>.
func (b *browser) setRootAttr(name, value string, on bool) {
	if on {
		b.root().SetAttribute(name, value)
	} else {
		b.root().RemoveAttribute(name)
	}
}

// setRootClass adds (on) or removes a class of <html>.
func (b *browser) setRootClass(class string, on bool) {
	if on {
		b.root().Class().Add(class)
	} else {
		b.root().Class().Remove(class)
	}
}

// setHref sets the href of the element with this id, if there is one.
func (b *browser) setHref(id, href string) {
	if el := b.byID(id); el != nil {
		el.SetAttribute("href", href)
	}
}

// docHeight is the document's scroll height in CSS pixels. Raw: dom/v2's
// Element has no ScrollHeight.
func (b *browser) docHeight() int {
	// The body's own height and what overflows it, plus its margins: not
	// the root's scrollHeight, which is never less than the frame's own
	// height, so that a frame grown to a tall moment (a question's card)
	// never shrank back when its content did.
	body := b.doc.Get("body")
	if !body.Truthy() {
		return b.root().Get("scrollHeight").Int()
	}
	cs := b.raw.Call("getComputedStyle", body)
	px := func(v js.Value) float64 { return js.Global().Call("parseFloat", v).Float() }
	h := max(body.Call("getBoundingClientRect").Get("height").Float(), body.Get("scrollHeight").Float())
	return int(math.Ceil(h + px(cs.Get("marginTop")) + px(cs.Get("marginBottom"))))
}

// onDocResize calls f whenever the document's body changes size, once
// the layout that changed it is done (a ResizeObserver on <body>: the
// root's height never falls below the frame's), and once at the start. Raw: dom/v2 wraps no ResizeObserver.
func (b *browser) onDocResize(f func()) {
	ro := b.raw.Get("ResizeObserver")
	if !ro.Truthy() {
		return
	}
	cb := js.FuncOf(func(js.Value, []js.Value) any {
		f()
		return nil
	})
	ro.New(cb).Call("observe", b.doc.Get("body"))
}

// onWindowFocus calls f, after the focus has settled, whenever the
// window gets the focus: in a frame, when the reader comes to it from
// the host page (a Tab, a click). The focus event comes before the
// element's focus, so f runs in a task of its own.
func (b *browser) onWindowFocus(f func()) {
	listen(b.raw, "focus", func(js.Value) { b.after(0, f) })
}

// focusUnlessChosen focuses the first element matching sel (without
// scrolling) unless the focus is already inside scope or on a control
// the reader chose with the pointer: it moves when the focus is on
// nothing (the body) or came by the keyboard (:focus-visible, a Tab).
// Raw: dom/v2's Focus takes no options, and it wraps no Element.matches.
func (b *browser) focusUnlessChosen(scope, sel string) {
	el := b.doc.Call("querySelector", sel)
	if !el.Truthy() {
		return
	}
	if a := b.doc.Get("activeElement"); a.Truthy() && a.Get("tagName").String() != "BODY" {
		if a.Call("closest", scope).Truthy() || !a.Call("matches", ":focus-visible").Bool() {
			return
		}
	}
	el.Call("focus", map[string]any{"preventScroll": true})
}

// onMedia calls f with whether the media query matches, now and at every
// change. Raw: dom/v2 wraps neither matchMedia nor MediaQueryList.
func (b *browser) onMedia(query string, f func(matches bool)) {
	mq := b.raw.Call("matchMedia", query)
	f(mq.Get("matches").Bool())
	mq.Call("addEventListener", "change", js.FuncOf(func(_ js.Value, args []js.Value) any {
		f(args[0].Get("matches").Bool())
		return nil
	}))
}

// scrollIntoView scrolls the first element matching sel into view, at
// the start of the screen or, with block "nearest", as little as it takes
// (Element.scrollIntoView, which keeps the element's CSS scroll-margin
// clear). Raw: dom/v2's ScrollIntoView takes only a bool, no options.
func (b *browser) scrollIntoView(sel, block string, smooth bool) {
	el := b.doc.Call("querySelector", sel)
	if el.IsNull() || el.IsUndefined() {
		return
	}
	behavior := "auto"
	if smooth {
		behavior = "smooth"
	}
	el.Call("scrollIntoView", map[string]any{"block": block, "inline": "nearest", "behavior": behavior})
}

// band is the top and bottom, in viewport px, of the first element
// matching sel, and false if there is none. Raw: dom/v2's
// GetBoundingClientRect wraps the rectangle in a type switch of its own.
func (b *browser) band(sel string) (top, bottom float64, ok bool) {
	el := b.doc.Call("querySelector", sel)
	if !el.Truthy() {
		return 0, 0, false
	}
	r := el.Call("getBoundingClientRect")
	return r.Get("top").Float(), r.Get("bottom").Float(), true
}

// bandAll is the band, in viewport px, from the highest top to the
// lowest bottom of the elements matching sel, and false if there are
// none. Raw, as band.
func (b *browser) bandAll(sel string) (top, bottom float64, ok bool) {
	els := b.doc.Call("querySelectorAll", sel)
	for i := range els.Length() {
		r := els.Index(i).Call("getBoundingClientRect")
		t, bt := r.Get("top").Float(), r.Get("bottom").Float()
		if !ok || t < top {
			top = t
		}
		if !ok || bt > bottom {
			bottom = bt
		}
		ok = true
	}
	return top, bottom, ok
}

// scrollMarginTop is the CSS scroll-margin-top, in px, of the first
// element matching sel (0 if none): the room kept above it when it is
// scrolled to. Raw: dom/v2's CSSStyleDeclaration has no typed
// scroll-margin.
func (b *browser) scrollMarginTop(sel string) float64 {
	el := b.doc.Call("querySelector", sel)
	if !el.Truthy() {
		return 0
	}
	px := b.raw.Call("getComputedStyle", el).Get("scrollMarginTop").String()
	return b.raw.Call("parseFloat", px).Float()
}

// overflows says the document is taller than the window: it scrolls.
// Its window's height is viewH (innerHeight), in CSS px.
func (b *browser) overflows() (viewH float64, over bool) {
	viewH = b.raw.Get("innerHeight").Float()
	return viewH, b.root().Get("scrollHeight").Float() > viewH
}

// scrollWindowBy scrolls the document dy px down (negative: up),
// smoothly if smooth. It uses window.scrollTo, which in a frame scrolls
// the frame's own document only (Element.scrollIntoView scrolls every
// scrollable ancestor, the host page of an embed too). Raw: dom/v2 has no
// scrollTo with options.
func (b *browser) scrollWindowBy(dy float64, smooth bool) {
	behavior := "auto"
	if smooth {
		behavior = "smooth"
	}
	b.raw.Call("scrollTo", map[string]any{"top": b.raw.Get("scrollY").Float() + dy, "behavior": behavior})
}

// clockAwayDiagramShown says the header's clock (#clock) is scrolled
// above the screen and some of the diagram (.diagram-wrap) is on it.
// Raw: dom/v2's GetBoundingClientRect wraps the rectangle in a type
// switch of its own; the page reads three numbers.
func (b *browser) clockAwayDiagramShown() bool {
	clock, wrap := b.doc.Call("getElementById", "clock"), b.doc.Call("querySelector", ".diagram-wrap")
	if !clock.Truthy() || !wrap.Truthy() {
		return false
	}
	c, d := clock.Call("getBoundingClientRect"), wrap.Call("getBoundingClientRect")
	return c.Get("bottom").Float() <= 0 && d.Get("bottom").Float() > 0 && d.Get("top").Float() < b.raw.Get("innerHeight").Float()
}

// The address: window.location's parts.
func (b *browser) hash() string     { return b.win.Location().Hash() }
func (b *browser) search() string   { return b.win.Location().Search() }
func (b *browser) pathname() string { return b.win.Location().Pathname() }
func (b *browser) origin() string   { return b.win.Location().Origin() }

// replaceAddress puts url in the address bar without loading it
// (history.replaceState). Raw: dom/v2's Window.History returns nil (not
// implemented at the pinned version).
func (b *browser) replaceAddress(url string) {
	b.raw.Get("history").Call("replaceState", nil, "", url)
}

// open loads url in place of the page, leaving no history entry
// (location.replace). Raw: dom/v2's Location has no Replace.
func (b *browser) open(url string) { b.win.Location().Call("replace", url) }

// onHashChange reloads the page whenever the address's fragment changes.
// Raw reload: dom/v2's Location has no Reload.
func (b *browser) reloadOnHashChange() {
	listen(b.raw, "hashchange", func(js.Value) { b.win.Location().Call("reload") })
}

// storage returns window.localStorage, or false where the browser refuses
// it (a sandboxed frame without allow-same-origin, storage turned off):
// reading the property throws there. Raw: dom/v2 wraps no Storage.
func (b *browser) storage() (ls js.Value, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	// Reflect.get, not Value.Get: syscall/js's Get does not catch what
	// the getter throws, which then unwinds through the Go program and
	// leaves it dead; a call's exception comes back as a panic.
	ls = js.Global().Get("Reflect").Call("get", b.raw, "localStorage")
	return ls, ls.Truthy()
}

// storageDo runs f on localStorage, ignoring a refusal (quota exceeded,
// storage turned off): what f stores then lives only in the page.
func (b *browser) storageDo(f func(ls js.Value)) {
	ls, ok := b.storage()
	if !ok {
		return
	}
	defer func() { _ = recover() }()
	f(ls)
}

// load returns the stored string under key, or false.
func (b *browser) load(key string) (v string, ok bool) {
	b.storageDo(func(ls js.Value) {
		if s := ls.Call("getItem", key); s.Type() == js.TypeString {
			v, ok = s.String(), true
		}
	})
	return v, ok
}

// store keeps v under key.
func (b *browser) store(key, v string) {
	b.storageDo(func(ls js.Value) { ls.Call("setItem", key, v) })
}

// forget removes key.
func (b *browser) forget(key string) {
	b.storageDo(func(ls js.Value) { ls.Call("removeItem", key) })
}

// copyText puts text on the clipboard and calls done with whether the
// browser took it. Raw: dom/v2 wraps neither navigator.clipboard nor its
// promise.
func (b *browser) copyText(text string, done func(ok bool)) {
	clip := b.raw.Get("navigator").Get("clipboard")
	if clip.IsUndefined() {
		done(false)
		return
	}
	then(clip.Call("writeText", text), func(js.Value) { done(true) }, func() { done(false) })
}

// shortLink asks the Worker (POST /api/links) for a short link to
// fragment and calls done with it, or with "" when there is none (under
// kplay serve the route is a 404). Raw: dom/v2 wraps neither fetch nor
// promises.
func (b *browser) shortLink(fragment string, done func(url string)) {
	opts := map[string]any{"method": "POST", "body": fragment, "headers": map[string]any{"Content-Type": "text/plain"}}
	then(b.raw.Call("fetch", "/api/links", opts), func(resp js.Value) {
		if !resp.Get("ok").Bool() {
			done("")
			return
		}
		then(resp.Call("json"), func(v js.Value) {
			if u := v.Get("url"); u.Type() == js.TypeString {
				done(u.String())
			} else {
				done("")
			}
		}, func() { done("") })
	}, func() { done("") })
}

// then calls ok with a promise's value or failed at its refusal, once.
// Raw: js.FuncOf callbacks for Promise.then, which dom/v2 does not wrap.
func then(p js.Value, ok func(v js.Value), failed func()) {
	var okFn, failFn js.Func
	release := func() { okFn.Release(); failFn.Release() }
	okFn = js.FuncOf(func(_ js.Value, args []js.Value) any {
		release()
		ok(args[0])
		return nil
	})
	failFn = js.FuncOf(func(js.Value, []js.Value) any {
		release()
		failed()
		return nil
	})
	p.Call("then", okFn, failFn)
}

// postToHost posts msg to the page that frames the embed through
// embed.js's transport (window.kplayEmbed.post, docs/embed.md), which
// adds source and v and posts only to origin='s origins. Raw: dom/v2's
// PostMessage takes only a string, and the protocol sends objects.
func (b *browser) postToHost(msg map[string]any) {
	if t := b.raw.Get("kplayEmbed"); t.Type() == js.TypeObject {
		t.Call("post", msg)
	}
}

// onHostCommand calls f with the data of every command the embed's host
// sends, through embed.js's transport (kplayEmbed.listen): first those
// it kept since the frame loaded, then each as it comes; it hears only
// the parent window, and with origin= only those origins.
func (b *browser) onHostCommand(f func(data js.Value)) {
	if t := b.raw.Get("kplayEmbed"); t.Type() == js.TypeObject {
		t.Call("listen", js.FuncOf(func(_ js.Value, args []js.Value) any {
			f(args[0])
			return nil
		}))
	}
}

// setMoment publishes the playhead's share link for boot.js, which offers
// "reload at this moment" if the Go program dies (docs/design.md §5, the
// page's window API): window.kplayMoment = {s: the link's s= payload, t:
// the playhead in ms}. The object is made once and its fields set, so a
// frame costs one property write. Raw: a plain JavaScript object on
// window, which dom/v2 has no type for.
func (b *browser) setMoment(payload string, payloadChanged bool, t int64) {
	m := b.raw.Get("kplayMoment")
	if m.Type() != js.TypeObject {
		m = js.Global().Get("Object").New()
		b.raw.Set("kplayMoment", m)
		payloadChanged = true
	}
	if payloadChanged {
		m.Set("s", payload)
	}
	m.Set("t", float64(t))
}
