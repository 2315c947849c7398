package site

import (
	"testing"

	"kplay/engine"
)

// TestRevealOnPhone: on a phone-sized page, opening a broker's menu (a
// tap or its digit key) asks the page to scroll the menu into view, and a
// click on an event asks for the diagram; each request counts, closing a
// menu asks nothing, and neither a wide page nor an embed (whose scroll
// would scroll its host page) ever asks.
func TestRevealOnPhone(t *testing.T) {
	phone := OpenStartup(ParseStartup("", ""), false)
	phone.Dispatch(Resize{Width: 390})
	phone.Dispatch(OpenMenu{Broker: 1})
	if r := phone.Reveal; r.What != RevealMenu || r.Seq != 1 {
		t.Errorf("a tap on broker 1: reveal %+v, want the menu, once", r)
	}
	phone.Dispatch(OpenMenu{Broker: 1})
	if phone.MenuOpen || phone.Reveal.Seq != 1 {
		t.Errorf("a second tap closes the menu: open %v, reveal %+v", phone.MenuOpen, phone.Reveal)
	}
	phone.Dispatch(OpenBrokerMenu{Broker: 2})
	if r := phone.Reveal; !phone.MenuOpen || r.What != RevealMenu || r.Seq != 2 {
		t.Errorf("key 2: reveal %+v", r)
	}
	phone.Dispatch(SeekToEvent{At: phone.Player.Now()})
	if r := phone.Reveal; r.What != RevealStage || r.Seq != 3 {
		t.Errorf("a click on an event: reveal %+v, want the stage", r)
	}

	wide := OpenStartup(ParseStartup("", ""), false)
	wide.Dispatch(Resize{Width: 1280})
	embed := OpenStartup(ParseStartup("", ""), true)
	embed.Dispatch(Resize{Width: 390})
	for name, s := range map[string]*Store{"1280 px": wide, "a 390-px embed": embed} {
		s.Dispatch(OpenMenu{Broker: 1})
		s.Dispatch(SeekToEvent{At: s.Player.Now()})
		if s.Reveal != (Revealing{}) {
			t.Errorf("%s asks to scroll: %+v", name, s.Reveal)
		}
	}
}

// TestDetailOnDiagram: an embed whose side column goes under the diagram
// (720 to 999 px wide) shows the inspector over the diagram, on the side
// away from what is selected; the page, a wide embed and a phone-sized
// embed keep it in the side column (a phone's drawer).
func TestDetailOnDiagram(t *testing.T) {
	for _, c := range []struct {
		embed bool
		width float64
		want  bool
	}{{false, 800, false}, {false, 390, false}, {true, 800, true}, {true, 720, true}, {true, 999, true}, {true, 1000, false}, {true, 1280, false}, {true, 719, false}} {
		s := OpenStartup(ParseStartup("", ""), c.embed)
		s.Dispatch(Resize{Width: c.width})
		if got := s.DetailOnDiagram(); got != c.want {
			t.Errorf("embed %v at %v px: on the diagram %v, want %v", c.embed, c.width, got, c.want)
		}
	}
	// The default scenario in an 800-px embed: broker 1 on the left,
	// broker 3 on the right of the row, the consumer far right.
	s := OpenStartup(ParseStartup("", ""), true)
	s.Dispatch(Resize{Width: 800})
	st := s.Player.State()
	for _, c := range []struct {
		sel  Selection
		want string
	}{
		{Selection{}, "right"},
		{Selection{Kind: SelBroker, Broker: 1}, "right"},
		{Selection{Kind: SelBroker, Broker: 3}, "left"},
		{Selection{Kind: SelRecord, Broker: 3, TP: st.Partitions[0].TP}, "left"},
		{Selection{Kind: SelMessage, Msg: engine.Message{From: engine.Broker(1), To: engine.NodeID{Kind: engine.NodeConsumer, ID: 1}}}, "left"},
		{Selection{Kind: SelMessage, Msg: engine.Message{From: engine.Broker(3), To: engine.Broker(1)}}, "right"},
	} {
		s.See.Sel = c.sel
		if got := s.DetailSide(); got != c.want {
			t.Errorf("%+v: the card on the %s, want %s", c.sel, got, c.want)
		}
	}
}

// TestDetailShows: the inspector's card or drawer is drawn only when it
// has something in it: an embed whose panels= lists neither the inspector
// nor the lifecycle (the embed code's "log,describe" before) shows
// nothing for a click on a broker, where it drew an empty card.
func TestDetailShows(t *testing.T) {
	broker := Selection{Kind: SelBroker, Broker: 1}
	record := Selection{Kind: SelRecord, Broker: 1}
	for _, c := range []struct {
		query       string
		sel         Selection
		embed, want bool
	}{
		{"", broker, false, true},
		{"", Selection{}, false, false},
		{"?panels=log,describe", broker, true, false},
		{"?panels=log,describe", record, true, false},
		{"?panels=" + EmbedCodePanels, broker, true, true},
		{"?panels=log,lifecycle", broker, true, false},
		{"?panels=log,lifecycle", record, true, true},
		{"", broker, true, true},
	} {
		s := OpenStartup(ParseStartup("", c.query), c.embed)
		s.Dispatch(Resize{Width: 800})
		s.Dispatch(Select{Target: c.sel})
		if got := s.DetailShows(); got != c.want {
			t.Errorf("embed %v %q, selection %v: shows %v, want %v", c.embed, c.query, c.sel.Kind, got, c.want)
		}
	}
}

// TestEscapeClosesFloatingDetail: Escape closes the open menu first, then
// the inspector where it floats (an embed's card, a phone's drawer); on
// a wide page, where it is a panel of the side column, it stays.
func TestEscapeClosesFloatingDetail(t *testing.T) {
	for _, c := range []struct {
		embed  bool
		width  float64
		closes bool
	}{{true, 800, true}, {false, 390, true}, {true, 390, true}, {false, 1280, false}, {true, 1280, false}} {
		s := OpenStartup(ParseStartup("", ""), c.embed)
		s.Dispatch(Resize{Width: c.width})
		s.Dispatch(OpenMenu{Broker: 3})
		s.Dispatch(Select{Target: Selection{Kind: SelBroker, Broker: 3}})
		s.Dispatch(Dismiss{})
		if s.MenuOpen || s.See.Sel.Kind != SelBroker {
			t.Errorf("embed %v at %v px: the first Escape leaves the menu open %v, the selection %v", c.embed, c.width, s.MenuOpen, s.See.Sel.Kind)
		}
		s.Dispatch(Dismiss{})
		if closed := s.See.Sel.Kind == SelNone; closed != c.closes {
			t.Errorf("embed %v at %v px: the second Escape closes the inspector %v, want %v", c.embed, c.width, closed, c.closes)
		}
	}
}

// TestDetailBehindMenu: in an 800-px embed, a broker's menu and its
// inspector card do not show at once: the card waits while the menu is
// open, and shows once Details (CloseMenu) or an action (Act) closes it.
// A wide page and a phone show both, each in its own place.
func TestDetailBehindMenu(t *testing.T) {
	s := OpenStartup(ParseStartup("", ""), true)
	s.Dispatch(Resize{Width: 800})
	s.Dispatch(Select{Target: Selection{Kind: SelBroker, Broker: 2}})
	s.Dispatch(OpenMenu{Broker: 2})
	if !s.MenuOpen || !s.DetailShows() {
		t.Fatalf("broker 2 clicked: menu open %v, detail shows %v", s.MenuOpen, s.DetailShows())
	}
	if !s.DetailBehindMenu() {
		t.Error("the card shows over the open menu")
	}
	s.Dispatch(CloseMenu{})
	if s.DetailBehindMenu() || !s.DetailShows() {
		t.Error("Details (CloseMenu) does not show the card")
	}
	s.Dispatch(OpenMenu{Broker: 2})
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 2}})
	if s.DetailBehindMenu() || !s.DetailShows() {
		t.Error("after Crash the card does not show")
	}
	for _, w := range []float64{1280, 390} {
		s := OpenStartup(ParseStartup("", ""), true)
		s.Dispatch(Resize{Width: w})
		s.Dispatch(Select{Target: Selection{Kind: SelBroker, Broker: 2}})
		s.Dispatch(OpenMenu{Broker: 2})
		if s.DetailBehindMenu() {
			t.Errorf("at %v px the inspector hides behind the menu", w)
		}
	}
}

// TestDrawerFolds: on a phone a broker's selection folds the drawer to its
// summary and a record's unfolds it; ToggleDetail flips it; a wide page
// never folds. The fork's notice joins the drawer only on a phone, while
// the drawer shows.
func TestDrawerFolds(t *testing.T) {
	s := OpenStartup(ParseStartup("", ""), false)
	s.Dispatch(Resize{Width: 390})
	s.Dispatch(Select{Target: Selection{Kind: SelBroker, Broker: 1}})
	if !s.DetailFolded() {
		t.Error("a broker's selection does not fold the phone's drawer")
	}
	s.Dispatch(ToggleDetail{})
	if s.DetailFolded() {
		t.Error("ToggleDetail does not unfold it")
	}
	s.Dispatch(ToggleDetail{})
	s.Dispatch(Select{Target: Selection{Kind: SelRecord, Broker: 1}})
	if s.DetailFolded() {
		t.Error("a record's selection leaves the drawer folded")
	}
	s.Fork = &Fork{}
	if !s.ForkInDrawer() {
		t.Error("the fork's notice is not in the phone's drawer")
	}
	s.Dispatch(ClearSelection{})
	if s.ForkInDrawer() || s.DetailFolded() {
		t.Error("with nothing selected the notice is still in a drawer")
	}
	s.Dispatch(Select{Target: Selection{Kind: SelBroker, Broker: 1}})
	s.Dispatch(Resize{Width: 1280})
	if s.DetailFolded() || s.ForkInDrawer() {
		t.Error("a wide page folds its inspector or puts the notice in it")
	}
}

// TestBannerTop: the banner over an 800-px embed's diagram starts just
// under its lowest box, and only there.
func TestBannerTop(t *testing.T) {
	s := OpenStartup(ParseStartup("", ""), true)
	s.Dispatch(Resize{Width: 800})
	if !s.ViolationsOnDiagram() {
		t.Fatal("an 800-px embed of three brokers keeps the banner off the diagram")
	}
	lay := s.DiagramLayout(s.Player.State())
	low := 0.0
	for _, n := range lay.Nodes {
		low = max(low, n.Rect.Y+n.Rect.H)
	}
	top := BannerTop(lay) / 100 * lay.Height
	if top < low || top > low+20 {
		t.Errorf("the banner starts at %.1f of %.1f, the lowest box ends at %.1f", top, lay.Height, low)
	}
	for _, c := range []struct {
		embed bool
		width float64
	}{{false, 800}, {true, 1280}, {true, 390}} {
		o := OpenStartup(ParseStartup("", ""), c.embed)
		o.Dispatch(Resize{Width: c.width})
		if o.ViolationsOnDiagram() {
			t.Errorf("embed %v at %v px puts the banner over the diagram", c.embed, c.width)
		}
	}
}

// TestFitMenu: a menu with room under its broker stays; one that would
// run past the screen's bottom opens above its broker; one with room
// neither way sits at the bottom of the screen; one past the right edge
// moves left.
func TestFitMenu(t *testing.T) {
	box := Rect{X: 40, Y: 360, W: 220, H: 140}
	for _, c := range []struct {
		name   string
		menu   Rect
		anchor Rect
		vw, vh float64
		x, y   float64
	}{
		{"room under", Rect{X: 48, Y: 490, W: 350, H: 100}, box, 800, 600, 48, 490},
		{"past the bottom", Rect{X: 48, Y: 494, W: 350, H: 106}, box, 800, 600, 48, 360 + menuOverlap - 106},
		{"no room either way", Rect{X: 48, Y: 120, W: 350, H: 106}, Rect{X: 40, Y: 20, W: 220, H: 100}, 800, 200, 48, 200 - menuMargin - 106},
		{"taller than the screen", Rect{X: 48, Y: 120, W: 350, H: 300}, Rect{X: 40, Y: 20, W: 220, H: 100}, 800, 200, 48, menuMargin},
		{"past the right edge", Rect{X: 600, Y: 100, W: 350, H: 100}, box, 800, 600, 800 - menuMargin - 350, 100},
	} {
		if x, y := FitMenu(c.menu, c.anchor, c.vw, c.vh); x != c.x || y != c.y {
			t.Errorf("%s: the menu at %v,%v, want %v,%v", c.name, x, y, c.x, c.y)
		}
	}
}

// TestFitsMenus: every page fits its menus to the screen but a phone-sized
// page, which scrolls them into view.
func TestFitsMenus(t *testing.T) {
	for _, c := range []struct {
		embed bool
		width float64
		want  bool
	}{{false, 390, false}, {false, 800, true}, {false, 1280, true}, {true, 390, true}, {true, 800, true}} {
		s := OpenStartup(ParseStartup("", ""), c.embed)
		s.Dispatch(Resize{Width: c.width})
		if got := s.FitsMenus(); got != c.want {
			t.Errorf("embed %v at %v px: fits menus %v, want %v", c.embed, c.width, got, c.want)
		}
	}
}

// TestScrollToShow: an embed taller than its frame scrolls as little as
// it takes to show a band (the question's card down to the diagram's
// bottom) with 8 px to spare, and a band taller than the frame from its
// top.
func TestScrollToShow(t *testing.T) {
	for _, c := range []struct {
		name              string
		top, bottom, want float64
	}{
		{"in view", 100, 500, 0},
		{"past the bottom", 300, 700, 700 - 592},
		{"above the top", -50, 300, -58},
		{"touching the bottom margin", 100, 592, 0},
		{"taller than the window", 300, 1000, 292},
	} {
		if got := ScrollToShow(c.top, c.bottom, 600, 8); got != c.want {
			t.Errorf("%s: a band %v–%v in a 600-px window scrolls %v, want %v", c.name, c.top, c.bottom, got, c.want)
		}
	}
}

// TestScrollClear: lesson 8 on a 390×844 phone, its page scrolled to
// the top: the diagram's boxes (the clients' and brokers') span 584–1117
// px and its brokers' 689–1117; the compact bar and its gap take the top
// 48 px. With question 1's sheet (its top at 627) the whole diagram fits
// the 579 px between them: the page scrolls until its bottom is 8 px
// over the sheet. The answered card (top at 514) leaves 466 px, room for
// the brokers alone; a sheet topped at 400, room for neither, puts the
// brokers' top 8 px under the bar. A band already in the room stays.
func TestScrollClear(t *testing.T) {
	all, brokers := Band{584, 1117}, Band{689, 1117}
	for _, c := range []struct {
		name        string
		bands       []Band
		below, want float64
	}{
		{"question", []Band{all, brokers}, 627, 1117 - (627 - 8)},
		{"answered", []Band{all, brokers}, 514, 1117 - (514 - 8)},
		{"neither fits", []Band{all, brokers}, 400, 689 - (48 + 8)},
		{"in the room", []Band{{100, 300}}, 627, 0},
		{"no band", nil, 627, 0},
	} {
		if got := ScrollClear(c.bands, 48, c.below, 8); got != c.want {
			t.Errorf("%s: scrolls %v, want %v", c.name, got, c.want)
		}
	}
}

// TestViolationsFold: on a phone the banner of broken guarantees starts
// folded to one line and ToggleViolations unfolds and folds it; wider
// than a phone it is never folded; a new scenario starts it folded again.
func TestViolationsFold(t *testing.T) {
	s := presetStore(t, "acks1-loss")
	s.Dispatch(Resize{Width: 390})
	if !s.ViolationsFolded() {
		t.Error("a phone's banner starts unfolded")
	}
	s.Dispatch(ToggleViolations{})
	if s.ViolationsFolded() {
		t.Error("ToggleViolations does not unfold it")
	}
	s.Dispatch(ToggleViolations{})
	if !s.ViolationsFolded() {
		t.Error("ToggleViolations does not fold it again")
	}
	s.Dispatch(Resize{Width: 1280})
	if s.ViolationsFolded() {
		t.Error("the banner is folded at 1280 px")
	}
	s.Dispatch(Resize{Width: 390})
	s.Dispatch(ToggleViolations{})
	s.Dispatch(PickPreset{Name: "unclean-election"})
	if !s.ViolationsFolded() {
		t.Error("a new scenario's banner starts unfolded")
	}
}
