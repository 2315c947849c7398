package site

import "kplay/engine"

// This file holds where the page puts what a click opens, so that the
// reader sees it where they look: on a phone, the page scrolls to the
// broker's menu above the inspector's drawer, and to the diagram after a
// click in the event log, ~1,600 px further down (Revealing); in an embed
// too narrow for its side column, the inspector is a card over the
// diagram, on the side away from what was clicked (DetailOnDiagram,
// DetailSide), not under the page, below the frame, and a broken
// guarantee's banner lies over the diagram under its boxes
// (ViolationsOnDiagram). On a phone the drawer folds to one line for a
// broker (DetailFolded) and holds the fork's notice (ForkInDrawer).

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

// DetailShows says the inspector's card, drawer or panel has something to
// show: something is selected and the page shows the inspector, or the
// record lifecycle for a selected record. An embed whose panels= lists
// neither (the embed code's "log,describe" did) shows nothing for a
// click: its card had only its × in it, squashed to a sliver over the
// diagram's corner that stayed for the rest of the run.
func (s *Store) DetailShows() bool {
	switch s.See.Sel.Kind {
	case SelNone:
		return false
	case SelRecord:
		return s.ShowPanel("inspector") || s.ShowPanel("lifecycle")
	}
	return s.ShowPanel("inspector")
}

// DetailBehindMenu says the card of DetailOnDiagram waits while a
// broker's action menu is open: in an 800×600 embed the two lay on top
// of each other, the card over the menu's buttons and the broker beside
// it (a fresh learner's "two popups"). The menu then offers Details
// (#act-details), which closes it and shows the card; an action closes it
// too (Act), and the card shows what the action did.
func (s *Store) DetailBehindMenu() bool {
	return s.MenuOpen && s.DetailOnDiagram() && s.DetailShows()
}

// DetailFloats says the inspector floats over the page rather than
// sitting in the side column: a phone's drawer, an embed's card over the
// diagram. Escape closes it, as it closes menus (Dismiss).
func (s *Store) DetailFloats() bool { return s.Narrow || s.DetailOnDiagram() }

// DetailFolded says the phone's drawer shows only its one-line summary
// (Inspection.Summary) and a button that unfolds it (Seeing.Folded): at
// 390×844 the whole inspector took some 240 px and hid broker 3 until it
// was closed.
func (s *Store) DetailFolded() bool {
	return s.Narrow && s.See.Folded && s.DetailShows()
}

// ViolationsFolded says the banner of broken guarantees shows only one
// line, what broke first (ViolationsFoldText), and a button that unfolds
// it to its full text (Seeing.BannerOpen): on a phone, where it floats at
// the bottom of the screen. Unfolded, a learner's at 390×844 was 210 px
// tall, a quarter of the screen, with no way to close it: it covered
// broker 3 while they scrolled and the Script section and "Your
// actions" at the end of the page.
func (s *Store) ViolationsFolded() bool {
	return s.Narrow && !s.See.BannerOpen
}

// ForkInDrawer says the notice that an action changed the past (Fork) is
// the first row of the phone's drawer rather than floating at the bottom
// of the screen, where it lay over the drawer's facts.
func (s *Store) ForkInDrawer() bool {
	return s.Fork != nil && s.Narrow && s.DetailShows()
}

// ViolationsOnDiagram says a broken guarantee's banner lies over the
// diagram, right under its lowest box (BannerTop), rather than heading
// the side column: in an embed whose side column goes under the diagram
// (DetailOnDiagram) and whose diagram is the compact row (at most
// ColumnMax brokers). There the column starts under the legend, below an
// 800×600 frame's bottom edge.
func (s *Store) ViolationsOnDiagram() bool {
	return s.DetailOnDiagram() && len(s.Player.State().Brokers) <= ColumnMax
}

// bannerGap is the room, in the layout's units, between the lowest box
// and the banner of ViolationsOnDiagram.
const bannerGap = 6

// BannerTop is where the banner of ViolationsOnDiagram starts, in percent
// of the diagram's height (lay.Height): bannerGap under the lowest box,
// so that it covers no box; what it covers is the lane of links under
// the boxes. 100 for a layout without boxes.
func BannerTop(lay Layout) float64 {
	bottom := -1.0
	for _, n := range lay.Nodes {
		bottom = max(bottom, n.Rect.Y+n.Rect.H)
	}
	if bottom < 0 || lay.Height <= 0 {
		return 100
	}
	return min(100, (bottom+bannerGap)/lay.Height*100)
}

// FitsMenus says the page keeps an open action menu inside the screen
// itself (FitMenu): everywhere but on a phone-sized page, which scrolls
// the menu into view instead (RevealMenu). An embed cannot scroll its
// host page: in an 800×600 frame broker 1's menu ran past the bottom
// edge, "Heal network" cut off.
func (s *Store) FitsMenus() bool { return !s.Narrow || s.Share.Embed != nil }

const (
	// menuMargin is the least room, in CSS pixels, between a fitted menu
	// and the screen's edge.
	menuMargin = 4
	// menuOverlap is how far, in CSS pixels, a menu opened upward
	// overlaps the top edge of its anchor, as one opened downward
	// overlaps its bottom edge (renderBrokerMenu: 6 of the layout's
	// units).
	menuOverlap = 6
)

// FitMenu is where an action menu drawn at menu (its box on a screen of
// vw × vh CSS pixels, hanging under anchor: its broker's box, or for a
// link's menu the point where it opens) goes so that it is whole on the
// screen: where it is if it fits; else opened upward, its bottom
// menuOverlap over the anchor's top, if that fits; else as low as the
// screen allows; and moved left as far as its right edge needs. It
// returns the menu's new top-left corner, in the same coordinates.
func FitMenu(menu, anchor Rect, vw, vh float64) (x, y float64) {
	x, y = menu.X, menu.Y
	if y+menu.H > vh-menuMargin {
		if up := anchor.Y + menuOverlap - menu.H; up >= menuMargin {
			y = up
		} else {
			y = max(menuMargin, vh-menuMargin-menu.H)
		}
	}
	if x+menu.W > vw-menuMargin {
		x = max(menuMargin, vw-menuMargin-menu.W)
	}
	return x, y
}

// ScrollToShow is how far, in CSS px, a document scrolled in a window
// viewH px tall must scroll down (negative: up) so that the band from top
// to bottom (viewport coordinates, px) lies in the window with margin px
// to spare on each side: 0 when it already does; as little as that takes;
// and, for a band taller than the window, what puts its top margin px
// under the window's top. An embed whose document is taller than its
// frame (a frame that does not grow to its content) scrolls its own
// document by it so that the open question's card and the diagram under
// it are both in view (wasm/playground keepAskInView).
func ScrollToShow(top, bottom, viewH, margin float64) float64 {
	switch {
	case bottom-top > viewH-2*margin || top < margin:
		return top - margin
	case bottom > viewH-margin:
		return bottom - (viewH - margin)
	}
	return 0
}

// Band is a stretch of the screen's height, in CSS px from the
// viewport's top.
type Band struct{ Top, Bottom float64 }

// ScrollClear is how far, in CSS px, a phone's page must scroll down
// (negative: up) so that what a question asks about shows in the room
// between above (the bottom of what covers the screen's top: the compact
// bar) and below (the top of the question's sheet), with margin px to
// spare on each side: the first of bands (viewport coordinates, the
// most wanted first: the whole diagram, then its brokers) that fits the
// room, as little as that takes (0 when it already shows); else the last
// band's top margin px under above. 0 without bands. On a 390×844 phone
// the sheet of lesson 8's question 1 covered the brokers the question
// asks about, and after "Show me" the moment it went to
// (wasm/playground keepSheetClear).
func ScrollClear(bands []Band, above, below, margin float64) float64 {
	room := below - above
	for _, b := range bands {
		if b.Bottom-b.Top <= room-2*margin {
			return ScrollToShow(b.Top-above, b.Bottom-above, room, margin)
		}
	}
	if len(bands) == 0 {
		return 0
	}
	last := bands[len(bands)-1]
	return ScrollToShow(last.Top-above, last.Bottom-above, room, margin)
}
