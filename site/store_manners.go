package site

import (
	"slices"

	"kplay/engine"
)

// This file holds the page's manners: the help dialog, themes, reduced
// motion, the table view, spoken narration and the keyboard actions that
// go with them. each action applies itself (Action.apply).

// Themes the page can show; ThemeSystem follows prefers-color-scheme.
const (
	ThemeSystem = ""
	ThemeLight  = "light"
	ThemeDark   = "dark"
)

// Manners is the Store's presentation and accessibility state.
type Manners struct {
	// HelpOpen says the help dialog ("Words on the page" and the keyboard
	// shortcuts) is showing; helpPaused that opening it paused playback,
	// which closing it resumes (setHelp).
	HelpOpen   bool
	helpPaused bool
	// TableView says the cluster is also shown as HTML tables.
	TableView bool
	// ReducedMotion mirrors prefers-reduced-motion: reduce; message dots
	// do not move, the messages in flight are listed instead.
	ReducedMotion bool
	// SystemDark mirrors prefers-color-scheme: dark.
	SystemDark bool
	// Theme is the user's choice, ThemeSystem until the toggle is used.
	Theme string
	// Narration is what the aria-live region says.
	Narration Narrator
	// narrated is the player the narrator follows.
	narrated *Player
}

// EffectiveTheme returns the theme the page shows: the user's choice, or the
// system's.
func (m Manners) EffectiveTheme() string {
	if m.Theme != ThemeSystem {
		return m.Theme
	}
	if m.SystemDark {
		return ThemeDark
	}
	return ThemeLight
}

// ToggleHelp is an action which opens or closes the shortcut dialog.
type ToggleHelp struct{}

// Dismiss is an action (Escape) which closes the help dialog if it is
// open, and otherwise the link menu or the broker action menu, and
// otherwise the inspector where it floats over the page (a phone's
// drawer, an embed's card: DetailFloats), whose × was the only way to
// close it.
type Dismiss struct{}

// ToggleTheme is an action which switches to the other theme than the one
// shown, overriding the system's preference from then on.
type ToggleTheme struct{}

// ToggleTable is an action which shows or hides the table view.
type ToggleTable struct{}

// SetReducedMotion is an action from the browser: whether the user asks
// for reduced motion.
type SetReducedMotion struct{ On bool }

// SetSystemDark is an action from the browser: whether the system prefers
// a dark colour scheme.
type SetSystemDark struct{ Dark bool }

// SpeedStep is an action which moves the speed one rung up (Up) or down
// the SpeedLadder.
type SpeedStep struct{ Up bool }

// StepBack is an action which pauses and seeks back to the latest instant
// before the playhead at which an event happened.
type StepBack struct{}

// OpenBrokerMenu is an action which opens broker N's action menu if the
// cluster has that broker.
type OpenBrokerMenu struct{ Broker engine.BrokerID }

// Narrate is an action from the animation loop: RealMs real milliseconds
// have passed; the narrator reads new events and may speak.
type Narrate struct{ RealMs float64 }

// SpeedLadder is the speeds that [ and ] step through.
func SpeedLadder() []float64 {
	return []float64{0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10}
}

// NextSpeed returns the ladder's next rung above (up) or below s; at the
// ends it stays.
func NextSpeed(s float64, up bool) float64 {
	l := SpeedLadder()
	if up {
		for _, v := range l {
			if v > s*1.0001 {
				return v
			}
		}
		return l[len(l)-1]
	}
	for _, v := range slices.Backward(l) {
		if v < s*0.9999 {
			return v
		}
	}
	return l[0]
}

// PreviousEventTime returns the time of the latest event before now, or
// start if there is none.
func PreviousEventTime(evs []engine.Event, start, now engine.Time) engine.Time {
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].At < now {
			return max(evs[i].At, start)
		}
	}
	return start
}

func (ToggleHelp) apply(s *Store) bool {
	s.setHelp(!s.Manners.HelpOpen)
	return true
}

// apply closes the first open thing of Dismiss's list.
func (Dismiss) apply(s *Store) bool {
	switch {
	case s.Manners.HelpOpen:
		s.setHelp(false)
	case s.Acting.LinkOpen:
		s.Acting.LinkOpen = false
	case s.MenuOpen:
		s.MenuOpen = false
	case s.DetailFloats() && s.See.Sel.Kind != SelNone:
		s.See.Sel, s.See.life = Selection{}, nil
	default:
		return false
	}
	return true
}

func (ToggleTheme) apply(s *Store) bool {
	m := &s.Manners
	if m.EffectiveTheme() == ThemeDark {
		m.Theme = ThemeLight
	} else {
		m.Theme = ThemeDark
	}
	return true
}

func (ToggleTable) apply(s *Store) bool {
	s.Manners.TableView = !s.Manners.TableView
	return true
}

func (a SetReducedMotion) apply(s *Store) bool {
	m := &s.Manners
	if a.On && s.Share.autoStarted {
		// An embed that started on its own waits for the reader
		// who prefers reduced motion (EmbedOptions.Autoplay).
		s.Playing, s.Share.autoStarted = false, false
	}
	if m.ReducedMotion == a.On {
		return false
	}
	m.ReducedMotion = a.On
	return true
}

func (a SetSystemDark) apply(s *Store) bool {
	m := &s.Manners
	if m.SystemDark == a.Dark {
		return false
	}
	m.SystemDark = a.Dark
	return true
}

func (a SpeedStep) apply(s *Store) bool {
	s.Speed, s.SpeedChosen = NextSpeed(s.Speed, a.Up), true
	return true
}

func (StepBack) apply(s *Store) bool {
	s.Playing = false
	p := s.Player
	start := p.Scenario().Config.Start
	if p.Exact() <= float64(start) {
		return true
	}
	// Events at the playhead itself happened "now": go before them.
	s.Player.Seek(PreviousEventTime(p.RecentEvents(1<<14), start, p.Now()))
	return true
}

func (a OpenBrokerMenu) apply(s *Store) bool {
	if !hasBroker(s.Player.State(), a.Broker) {
		return false
	}
	s.openMenu(a.Broker)
	return true
}

// apply lets the narrator read the events since its last frame; a new
// scenario's history is not read out.
func (a Narrate) apply(s *Store) bool {
	p, m := s.Player, &s.Manners
	if m.narrated != p {
		m.narrated = p
		m.Narration.Reset()
		if p.Now() > p.Scenario().Config.Start {
			m.Narration.ResetAt()
		}
	}
	return m.Narration.Update(p.LogMark(), p.c.EachEvent, p.Now(), a.RealMs)
}

// setHelp opens or closes the help dialog. Opening it pauses playback, so
// that nothing the reader came to look up happens behind the dialog;
// closing it resumes playback only if opening it paused it (a reader who
// had paused keeps the page paused).
func (s *Store) setHelp(open bool) {
	m := &s.Manners
	if open == m.HelpOpen {
		return
	}
	m.HelpOpen = open
	if open {
		m.helpPaused = s.Playing
		s.Playing = false
		return
	}
	if m.helpPaused && !s.Playing && s.mayPlay() {
		s.Playing = true
	}
	m.helpPaused = false
}

// HelpPaused reports whether the open help dialog paused playback.
func (s *Store) HelpPaused() bool { return s.Manners.HelpOpen && s.Manners.helpPaused }

// HelpPauseNote is the help dialog's line on playback: paused while it
// is open and resumed when it closes (paused), or left as the reader had
// it.
func HelpPauseNote(paused bool) string {
	if paused {
		return "Playback is paused while you read; closing this plays on from the same moment."
	}
	return "Playback was already paused; closing this leaves it paused."
}

// hasBroker says whether the cluster has broker id.
func hasBroker(st engine.State, id engine.BrokerID) bool {
	for _, b := range st.Brokers {
		if b.ID == id {
			return true
		}
	}
	return false
}
