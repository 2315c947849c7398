package site

import "testing"

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
