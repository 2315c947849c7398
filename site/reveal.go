package site

import "kplay/engine"

// This file holds where the page puts what a click opens, so that the
// reader sees it where they look: on a phone, the page scrolls to the
// broker's menu above the inspector's drawer, and to the diagram after a
// click in the event log, ~1,600 px further down (Revealing); in an embed
// too narrow for its side column, the inspector is a card over the
// diagram, on the side away from what was clicked (DetailOnDiagram,
// DetailSide), not under the page, below the frame.

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

// WideFrom is the viewport width, in CSS pixels, from which the side
// column (the inspector, the event log) goes beside the diagram
// (static/style.css, min-width: 1000px); under it the column goes under
// the diagram.
const WideFrom = 1000

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

// DetailOnDiagram says the inspector and the record lifecycle are a card
// over the diagram's bottom corner rather than in the side column: in an
// embed whose side column goes under the diagram (narrower than
// WideFrom), and so under the frame's bottom edge, where a click on a
// broker seemed to open only its small menu. A phone-sized embed keeps
// the phone's drawer.
func (s *Store) DetailOnDiagram() bool {
	return s.Share.Embed != nil && !s.Narrow && !s.Wide
}

// DetailSide is the side of the diagram the card of DetailOnDiagram goes
// on: "left" when what is selected (a broker, a record on a broker, a
// message's destination) sits in the right half of the diagram, so that
// the card never covers it; else "right".
func (s *Store) DetailSide() string {
	sel := s.See.Sel
	var key string
	switch sel.Kind {
	case SelBroker, SelRecord:
		key = BrokerKey(sel.Broker)
	case SelMessage:
		key = NodeKey(sel.Msg.To)
	default:
		return "right"
	}
	lay := s.DiagramLayout(s.Player.State())
	if n, ok := lay.Node(key); ok && 2*(n.Rect.X+n.Rect.W/2) > lay.Width {
		return "left"
	}
	return "right"
}
