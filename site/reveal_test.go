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
