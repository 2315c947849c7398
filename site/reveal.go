package site

import "kplay/engine"

// This file holds where the page puts what a click opens, so that the
// reader sees it where they look: on a phone, the page scrolls to the
// broker's menu above the inspector's drawer, and to the diagram after a
// click in the event log, ~1,600 px further down (Revealing).

// Reveal names what the page scrolls into view after its next render.
type Reveal int

const (
	// RevealNone asks for nothing.
	RevealNone Reveal = iota
	// RevealMenu is the open broker menu with its broker box, clear of
	// the inspector's drawer at the bottom of a phone's screen, which the
	// same tap opened (a learner's tap on "Crash" landed on the drawer).
	RevealMenu
	// RevealStage is the caption and the diagram under the phone's compact
	// bar (the clock, play and step), after a click on an event took the
	// playhead back: the diagram was far above the event log, and nothing
	// on screen changed.
	RevealStage
)

// Revealing is the last scroll the Store asked of the page: What, and Seq,
// which counts the requests, so that the page scrolls once for each (the
// same broker tapped twice asks twice).
type Revealing struct {
	What Reveal
	Seq  int
}

// revealOnPhone asks the page to scroll w into view after its next render: on a
// phone-sized page only. An embed never scrolls, since scrolling a framed
// page scrolls the page that frames it too.
func (s *Store) revealOnPhone(w Reveal) {
	if !s.Narrow || s.Share.Embed != nil {
		return
	}
	s.Reveal = Revealing{What: w, Seq: s.Reveal.Seq + 1}
}

// openMenu opens broker id's action menu, or closes it if it is the one
// open; an opened menu is revealed (revealOnPhone).
func (s *Store) openMenu(id engine.BrokerID) {
	if s.MenuOpen && s.Menu == id {
		s.MenuOpen = false
		return
	}
	s.Menu, s.MenuOpen = id, true
	s.revealOnPhone(RevealMenu)
}
