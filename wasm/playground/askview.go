//go:build js && wasm

package main

import "kplay/site"

// askShown is what of the open question's card can change its height or
// its place: which question, whether its answer shows, and whether "Show
// me" took the playhead to its moment (the compact card).
type askShown struct {
	Index                   int
	Open, Revealed, Showing bool
}

// keepAskInView keeps an embed's open question and the diagram it asks
// about in view together (site/ui askOverDiagram puts the card right
// above the diagram): when the card opens, when it shows its answer and
// after "Show me", once the render that draws it is done, an embed whose
// document is taller than its frame (a frame that does not grow to its
// content) scrolls its own document as little as it takes
// (site.ScrollToShow). It scrolls with window.scrollTo, which moves the
// frame's own document only; scrollIntoView would scroll the host page
// too.
func keepAskInView(w *frames, s *site.Store) {
	var last askShown
	s.Subscribe(func() {
		var now askShown
		if c, ok := s.AskCard(); ok {
			now = askShown{Index: c.Index, Open: true, Revealed: c.Revealed, Showing: c.Showing}
		}
		if now == last {
			return
		}
		last = now
		if !now.Open {
			return
		}
		smooth := !s.Manners.ReducedMotion
		w.afterRender(func() { showTogether(w.b, ".stage > #ask", "#diagram", smooth) })
	})
}

// showTogether scrolls a document taller than its window as little as it
// takes to show the elements first and last match together, from the
// higher top to the lower bottom (site.ScrollToShow, 8 px to spare).
func showTogether(b *browser, first, last string, smooth bool) {
	viewH, over := b.overflows()
	t1, b1, ok1 := b.band(first)
	t2, b2, ok2 := b.band(last)
	if !over || !ok1 || !ok2 {
		return
	}
	if dy := site.ScrollToShow(min(t1, t2), max(b1, b2), viewH, 8); dy != 0 {
		b.scrollWindowBy(dy, smooth)
	}
}

// keepSheetClear keeps a phone's open question and what it asks about in
// view together. On the page narrower than site.NarrowBelow the card is a
// sheet at the bottom of the screen (static/screen.css): when it opens,
// when it shows its answer and after "Show me", once the render that
// draws it is done, the page scrolls so that the diagram's boxes, or
// its brokers' where the room is too short for the clients too, lie
// between the compact bar (the diagram's scroll-margin-top) and the
// sheet's top (site.ScrollClear). Where it was, the sheet covered the
// brokers that lesson 8's question asks about, and after "Show me" the
// moment it went to.
func keepSheetClear(w *frames, s *site.Store) {
	var last askShown
	s.Subscribe(func() {
		var now askShown
		if c, ok := s.AskCard(); ok {
			now = askShown{Index: c.Index, Open: true, Revealed: c.Revealed, Showing: c.Showing}
		}
		if now == last {
			return
		}
		last = now
		if !now.Open || !s.Narrow {
			return
		}
		smooth := !s.Manners.ReducedMotion
		w.afterRender(func() { clearOfSheet(w.b, smooth) })
	})
}

// clearOfSheet scrolls the diagram's boxes clear of the question's sheet
// (keepSheetClear), 8 px to spare.
func clearOfSheet(b *browser, smooth bool) {
	sheet, _, ok := b.band(".side > #ask")
	if !ok {
		return
	}
	var bands []site.Band
	for _, sel := range []string{"#diagram g.node > rect.box", "#diagram g.node.broker > rect.box"} {
		if top, bottom, ok := b.bandAll(sel); ok {
			bands = append(bands, site.Band{Top: top, Bottom: bottom})
		}
	}
	if dy := site.ScrollClear(bands, b.scrollMarginTop("#diagram"), sheet, 8); dy != 0 {
		b.scrollWindowBy(dy, smooth)
	}
}

// askOnArrival takes an embed's reader, when they come to its frame from
// the host page (a Tab, a click on no control), to the open question: its
// first option, or Continue once it is answered. The question does not
// take the focus from the host page when it opens (site/ui
// focusOnMount: a student typing notes there answered it with the space
// bar); it is said in a live region, and it is where the focus lands
// once the reader comes.
func askOnArrival(b *browser) {
	b.onWindowFocus(func() {
		b.focusUnlessChosen("#ask", "#ask .ask-option:not([disabled]), #ask #ask-continue")
	})
}
