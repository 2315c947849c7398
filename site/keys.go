package site

import "kplay/engine"

// Shortcut is one keyboard shortcut of the page: the KeyboardEvent.key
// values it answers, how the help dialog names them and what they do.
type Shortcut struct {
	// Keys are KeyboardEvent.key values.
	Keys []string
	// Label names the keys in the help dialog: "Space", "1–9".
	Label string
	// Help says what the shortcut does.
	Help string
	// Anywhere says the shortcut also works while a form control has the
	// focus (Escape does; the others would steal typing).
	Anywhere bool
	// action returns the action for one of Keys.
	action func(key string) Action
}

// Shortcuts returns the page's keyboard shortcuts in the order the help
// dialog lists them.
func Shortcuts() []Shortcut {
	fixed := func(a Action) func(string) Action { return func(string) Action { return a } }
	digits := []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}
	return []Shortcut{
		{Keys: []string{" "}, Label: "Space", Help: "Play or pause", action: fixed(TogglePlay{})},
		{Keys: []string{"ArrowRight"}, Label: "→", Help: "Step: process one engine event", action: fixed(StepOnce{})},
		{Keys: []string{"ArrowLeft"}, Label: "←", Help: "Step back to the previous moment an event happened", action: fixed(StepBack{})},
		{Keys: []string{","}, Label: ",", Help: "Go back to the previous moment on the timeline: a crash or restart, a new leader, a broken guarantee, a command (also ← on the timeline)", action: fixed(StepMoment{Forward: false})},
		{Keys: []string{"."}, Label: ".", Help: "Go on to the next moment on the timeline (also → on the timeline)", action: fixed(StepMoment{Forward: true})},
		{Keys: []string{"]"}, Label: "]", Help: "Faster", action: fixed(SpeedStep{Up: true})},
		{Keys: []string{"["}, Label: "[", Help: "Slower", action: fixed(SpeedStep{Up: false})},
		{Keys: []string{"p"}, Label: "p", Help: "Produce the next record (acks=all)", action: fixed(ProduceRecord{})},
		{Keys: digits, Label: "1–9", Help: "Open broker N's action menu (crash, restart, shut down, isolate)", action: func(k string) Action {
			return OpenBrokerMenu{Broker: engine.BrokerID(k[0] - '0')}
		}},
		{Keys: []string{"t"}, Label: "t", Help: "Switch between the light and the dark theme", action: fixed(ToggleTheme{})},
		{Keys: []string{"v"}, Label: "v", Help: "Show or hide the table view of every partition", action: fixed(ToggleTable{})},
		{Keys: []string{"?"}, Label: "?", Help: "Show or hide this help", action: fixed(ToggleHelp{})},
		{Keys: []string{"Escape"}, Label: "Esc", Help: "Close this help, an open menu, or the inspector's card or drawer", Anywhere: true, action: fixed(Dismiss{})},
	}
}

// KeyAction returns the action for a KeyboardEvent.key, whether it also
// applies while a form control has the focus, and false if the key is not
// a shortcut.
func KeyAction(key string) (a Action, anywhere, ok bool) {
	for _, s := range Shortcuts() {
		for _, k := range s.Keys {
			if k == key {
				return s.action(key), s.Anywhere, true
			}
		}
	}
	return nil, false, false
}
