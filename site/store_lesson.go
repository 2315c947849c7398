package site

import (
	"slices"

	"kplay/engine"
	"kplay/engine/script"
)

// This file holds lesson mode: the script's ask directives, at which
// playback pauses until the reader predicts what happens next, then shows
// the answer (predict, then reveal).

// Lesson is the Store's state for the scenario's questions. It is the
// Session's: the switch and the hooks outlive a scenario, and start puts
// the questions and answers at a new scenario's.
type Lesson struct {
	// Off says playback runs through the questions without stopping
	// (the toggle, or embed.html's lesson=0). Lesson mode is on by
	// default.
	Off bool
	// Asks are the scenario's questions, in script order.
	Asks []script.Ask
	// Picked holds the reader's answer to each ask, "" while unanswered
	// or when the reader asked to see the answer without picking.
	Picked []string
	// Revealed says each ask's answer is showing (or was shown).
	Revealed []bool
	// Open is the index of the ask on screen, when IsOpen.
	Open   int
	IsOpen bool
	// Showing says the open ask's card stays on screen at its answer's
	// moment (Ask.ShowAt), where "Show me" (ShowAnswerMoment) took the
	// playhead: the why and Continue stay beside what it shows.
	Showing bool
	// Hooks reach the browser (set by wasm/playground; nil in tests).
	Hooks LessonHooks
}

// LessonHooks tell the page's host about the reader's progress (an
// embed's postMessage). Asked is called when a question opens, Answered
// when its answer is revealed, Reset when a replay from the start
// (Restart) forgets the answers.
type LessonHooks struct {
	Asked    func(i int, a script.Ask)
	Answered func(i int, a script.Ask, picked string)
	Reset    func()
}

// start puts the lesson at the start of sc: its questions, none of them
// answered or on screen. The switch (Off) and the hooks stay: they are
// the reader's and the page's, not the scenario's.
func (l *Lesson) start(sc script.Scenario) {
	*l = Lesson{
		Off:      l.Off,
		Asks:     sc.Asks,
		Picked:   make([]string, len(sc.Asks)),
		Revealed: make([]bool, len(sc.Asks)),
		Hooks:    l.Hooks,
	}
}

// HostAsks says the page that frames this embed asks its questions
// (questions=host, EmbedOptions.HostAsks): the embed draws no question
// card and no lesson switch, though playback stops at each question.
func (s *Store) HostAsks() bool { return s.Share.Embed != nil && s.Share.Embed.HostAsks }

// OpenAsk returns the ask on screen and true, or false if none is.
func (s *Store) OpenAsk() (script.Ask, bool) {
	l := &s.Lesson
	if !l.IsOpen || l.Open < 0 || l.Open >= len(l.Asks) {
		return script.Ask{}, false
	}
	return l.Asks[l.Open], true
}

// PickAnswer is an action from an ask's card: the reader predicts Option.
// The card then reveals the answer.
type PickAnswer struct{ Option string }

// RevealAnswer is an action which shows the open ask's answer without a
// prediction.
type RevealAnswer struct{}

// ContinueLesson is an action which closes the answered ask's card and
// plays on.
type ContinueLesson struct{}

// ShowAsk is an action from the timeline's ask marker: go to where the
// script asks question Index and open its card.
type ShowAsk struct{ Index int }

// ToggleLesson is an action which turns lesson mode (stopping at
// questions) off or on.
type ToggleLesson struct{}

// ShowAnswerMoment is an action from an answered question's card ("Show
// me"): pause at the moment that shows why the answer is right (the why
// directive's show=, Ask.ShowAt), with the card still on screen, saying
// why and offering Continue (Lesson.Showing). A question without one, or
// not yet answered, does nothing.
type ShowAnswerMoment struct{}

func (a PickAnswer) apply(s *Store) bool {
	l := &s.Lesson
	ask, ok := s.OpenAsk()
	if !ok || l.Revealed[l.Open] || !slices.Contains(ask.Options, a.Option) {
		return false
	}
	l.Picked[l.Open] = a.Option
	s.reveal()
	return true
}

func (RevealAnswer) apply(s *Store) bool {
	if _, ok := s.OpenAsk(); !ok || s.Lesson.Revealed[s.Lesson.Open] {
		return false
	}
	s.reveal()
	return true
}

// reveal shows the open ask's answer.
func (s *Store) reveal() {
	l := &s.Lesson
	l.Revealed[l.Open] = true
	if l.Hooks.Answered != nil {
		l.Hooks.Answered(l.Open, l.Asks[l.Open], l.Picked[l.Open])
	}
}

func (ContinueLesson) apply(s *Store) bool {
	l := &s.Lesson
	if !l.IsOpen {
		return false
	}
	if !l.Revealed[l.Open] {
		s.reveal()
	}
	l.IsOpen, l.Showing = false, false
	s.Playing = true
	return true
}

func (a ShowAsk) apply(s *Store) bool {
	l := &s.Lesson
	if a.Index < 0 || a.Index >= len(l.Asks) {
		return false
	}
	s.Playing = false
	s.holdAt(a.Index)
	s.openAsk(a.Index)
	return true
}

func (ShowAnswerMoment) apply(s *Store) bool {
	card, ok := s.AskCard()
	if !ok || !card.CanShow {
		return false
	}
	s.Playing = false
	s.Player.Seek(card.ShowAt)
	// The card stays: "Show me" took away the why and Continue, and the
	// learner had to guess that Play goes on (syncLesson keeps it open
	// here).
	s.Lesson.Showing = true
	return true
}

func (ToggleLesson) apply(s *Store) bool {
	l := &s.Lesson
	l.Off = !l.Off
	if l.Off && l.IsOpen && !l.Revealed[l.Open] {
		l.IsOpen = false
	}
	return true
}

// holdAt puts the playhead where the script asks question i: at the ask's
// time, after the commands above it in the script and before those below
// it (Player.HoldAt).
func (s *Store) holdAt(i int) {
	a := s.Lesson.Asks[i]
	s.Player.HoldAt(a.At, a.Line)
}

// openAsk puts question i on screen.
func (s *Store) openAsk(i int) {
	l := &s.Lesson
	l.Open, l.IsOpen, l.Showing = i, true, false
	if l.Hooks.Asked != nil {
		l.Hooks.Asked(i, l.Asks[i])
	}
}

// stopAtAsk pauses at the first unanswered question the playhead reached
// or passed since before (the playhead before a tick or step) and opens
// it; it reports whether it did.
func (s *Store) stopAtAsk(before engine.Time) bool {
	l := &s.Lesson
	if l.Off {
		return false
	}
	now := s.Player.Now()
	for i, a := range l.Asks {
		if l.Revealed[i] || a.At < before || a.At > now {
			continue
		}
		s.Playing = false
		s.holdAt(i)
		s.openAsk(i)
		return true
	}
	return false
}

// mayPlay says playback may start: not while a question waits for its
// answer (in lesson mode).
func (s *Store) mayPlay() bool {
	l := &s.Lesson
	return l.Off || !l.IsOpen || l.Revealed[l.Open]
}

// syncLesson closes an answered question's card once the playhead leaves
// its moment, or the answer's moment that "Show me" went to (Showing):
// the reader scrubbed or played on.
func (s *Store) syncLesson() {
	l := &s.Lesson
	if !l.IsOpen {
		return
	}
	at := l.Asks[l.Open].At
	if l.Showing {
		at = l.Asks[l.Open].ShowAt
	}
	if s.Player.Now() != at || s.Playing {
		l.IsOpen, l.Showing = false, false
	}
}

// resetLesson forgets the reader's answers, so that playing from the start
// asks every question again.
func (s *Store) resetLesson() {
	l := &s.Lesson
	clear(l.Picked)
	clear(l.Revealed)
	l.IsOpen, l.Showing = false, false
	if l.Hooks.Reset != nil {
		l.Hooks.Reset()
	}
}

// AskCard is the question card's view: the open question, and once it is
// answered (Revealed) the answer, whether the reader's pick was right, why
// (the why directive) and the moment that shows it.
type AskCard struct {
	// Index is the question's place among the scenario's, from 0.
	Index    int
	Question string
	Options  []string
	// Picked is the reader's prediction, "" if they asked to be shown.
	Picked string
	// Revealed says the answer is showing; the fields below are empty
	// until it is.
	Revealed bool
	Answer   string
	Correct  bool
	// Why says in a sentence or two why the answer is right, "" if the
	// script gives no why.
	Why string
	// CanShow says the card offers "Show me" (ShowAnswerMoment), to
	// ShowAt, the moment that shows the answer (simulated ms).
	CanShow bool
	ShowAt  engine.Time
	// Showing says the playhead is at ShowAt, taken there by "Show me":
	// the card says so in place of the button, and keeps the why and
	// Continue, which plays on from there.
	Showing bool
}

// AskCard returns the card of the question on screen, and false if none
// is.
func (s *Store) AskCard() (AskCard, bool) {
	a, ok := s.OpenAsk()
	if !ok {
		return AskCard{}, false
	}
	l := &s.Lesson
	c := AskCard{Index: l.Open, Question: a.Question, Options: a.Options, Picked: l.Picked[l.Open], Revealed: l.Revealed[l.Open]}
	if c.Revealed {
		c.Answer, c.Correct, c.Why = a.Answer, c.Picked == a.Answer, a.Why
		c.CanShow, c.ShowAt = a.ShowAt >= 0, a.ShowAt
		c.Showing = c.CanShow && l.Showing
	}
	return c, true
}

// outcomeFrom returns the time of the first question at or after the
// playhead that waits for its answer, and false if none does (or lesson
// mode is off): what the run shows from then on is the question's answer.
func (s *Store) outcomeFrom() (engine.Time, bool) {
	l := &s.Lesson
	if l.Off {
		return 0, false
	}
	now := s.Player.Now()
	for i, a := range l.Asks {
		if a.At >= now && i < len(l.Revealed) && !l.Revealed[i] {
			return a.At, true
		}
	}
	return 0, false
}

// HideOutcome says the page must not show how the run turns out: lesson
// mode is on and a question at or after the playhead waits for its
// answer. Violation markers, banners, the lost records' outlines and
// "Jump to first violation" stay hidden while it holds (Violations and
// Lost return none; JumpToViolation does nothing).
func (s *Store) HideOutcome() bool {
	_, hide := s.outcomeFrom()
	return hide
}

// AskMarkerTitle is the tooltip of question i's marker on the timeline:
// its number and time only. A question's own text can give away an
// earlier one's answer (acks1-loss's second, "b2 leads in epoch 1
// without it", answers its first), and a tooltip shows it on a hover.
func AskMarkerTitle(i int, at engine.Time) string {
	return "Question " + itoa(int64(i+1)) + " · " + engine.FormatTime(at)
}
