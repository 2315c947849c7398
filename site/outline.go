package site

import (
	"cmp"
	"math"
	"slices"

	"kplay/engine"
)

// This file holds the scenario's outline: its captions (say), questions
// (ask) and suggestions (try) in the order they come, with their times,
// for the outline panel (panels=outline in an embed) and the printed
// page. A teacher reads it to check a lesson; a reader clicks a line to
// go to its moment.

// OutlineKind is what an outline line is: a caption, a question or a
// suggestion.
type OutlineKind uint8

// The outline's kinds of line.
const (
	OutlineSay OutlineKind = iota
	OutlineAsk
	OutlineTry
)

// OutlineItem is one line of the outline.
type OutlineItem struct {
	Kind OutlineKind
	// At is the line's moment on the scenario's clock, in simulated ms.
	At engine.Time
	// Text is the caption, the question (never its answer or options)
	// or the suggestion's label.
	Text string
	// Ask is the question's index among the scenario's asks (Kind
	// OutlineAsk), which the timeline's "?" markers count from 0.
	Ask int
	// Answered says the question's answer has been shown.
	Answered bool
	// Line is the directive's line in the script.
	Line int
}

// OutlineView is the outline panel's view.
type OutlineView struct {
	// Items are the lines shown, in time order (script order within one
	// moment).
	Items []OutlineItem
	// Current is the index in Items of the line the playhead is at (the
	// last it has reached), -1 before the first.
	Current int
	// Held is how many lines come after Items, held back until question
	// HeldAsk (an index among the asks) is answered: in lesson mode a
	// later caption or question tells the answer (acks1-loss's second
	// question answers its first), as the timeline's markers keep it
	// back (AskMarkerTitle, HideOutcome).
	Held, HeldAsk int
	// Acted says the reader's own action has changed the run, so the
	// script's captions no longer show under the diagram (Caption).
	Acted bool
}

// Equal reports whether v and w draw the same outline.
func (v OutlineView) Equal(w OutlineView) bool {
	return slices.Equal(v.Items, w.Items) && v.Current == w.Current && v.Held == w.Held && v.HeldAsk == w.HeldAsk && v.Acted == w.Acted
}

// Outline returns the outline of the scenario playing, as the panel
// shows it at the playhead.
func (s *Store) Outline() OutlineView {
	sc := s.Player.Scenario()
	var all []OutlineItem
	for _, c := range sc.Captions {
		all = append(all, OutlineItem{Kind: OutlineSay, At: c.At, Text: c.Text, Line: c.Line})
	}
	for i, a := range sc.Asks {
		answered := i < len(s.Lesson.Revealed) && s.Lesson.Revealed[i]
		all = append(all, OutlineItem{Kind: OutlineAsk, At: a.At, Text: a.Question, Ask: i, Answered: answered, Line: a.Line})
	}
	for _, t := range sc.Tries {
		all = append(all, OutlineItem{Kind: OutlineTry, At: t.At, Text: t.Label, Line: t.Line})
	}
	slices.SortStableFunc(all, func(a, b OutlineItem) int {
		return cmp.Or(cmp.Compare(a.At, b.At), cmp.Compare(a.Line, b.Line))
	})
	v := OutlineView{Current: -1, Acted: s.acted()}
	now := s.Player.Now()
	// upTo is the last script line the playhead has reached at this
	// moment: held before some of its directives (Player.HoldAt), the
	// line the reader went to, the question on screen, or the line
	// above the first directive not yet applied.
	upTo := math.MaxInt
	if pending, held := s.Player.HeldLine(); held {
		upTo = pending - 1
		if a, open := s.OpenAsk(); open && a.At == now {
			upTo = min(upTo, a.Line)
		} else if m := s.outline; m.ok && m.at == now {
			upTo = min(upTo, m.line)
		}
	}
	reached := func(l OutlineItem) bool { return l.At < now || l.At == now && l.Line <= upTo }
	for i, l := range all {
		if l.Kind == OutlineAsk && !l.Answered && !s.Lesson.Off && l.At >= now {
			// The first question at or after the playhead that waits for
			// its answer ends what the outline tells; the rest waits with
			// it. One behind the playhead was skipped (a link opened past
			// it, a scrub) and hides nothing, as HideOutcome has it: the
			// diagram already shows its answer.
			v.Items = append(v.Items, l)
			if reached(l) {
				v.Current = len(v.Items) - 1
			}
			v.Held, v.HeldAsk = len(all)-i-1, l.Ask
			if v.Held == 0 {
				v.HeldAsk = 0
			}
			return v
		}
		v.Items = append(v.Items, l)
		if reached(l) {
			v.Current = i
		}
	}
	return v
}

// outlineMark is where GoToOutline went: the line's moment and script
// line, when ok.
type outlineMark struct {
	at   engine.Time
	line int
	ok   bool
}

// GoToOutline is an action from the outline panel: go to line Index of
// the outline (OutlineView.Items), paused: a question opens its card
// there (ShowAsk); a caption or a suggestion goes to its moment, after
// the directives above it in the script and before those below
// (Player.HoldAt), so that "Producer p2 sends m2", said at 10 s before
// broker 1 crashes at 10 s, shows m2 on broker 1 and broker 1 up.
type GoToOutline struct{ Index int }

func (a GoToOutline) apply(s *Store) bool { return s.goToOutline(a.Index) }

// goToOutline does GoToOutline.
func (s *Store) goToOutline(i int) bool {
	v := s.Outline()
	if i < 0 || i >= len(v.Items) {
		return false
	}
	it := v.Items[i]
	if it.Kind == OutlineAsk {
		return ShowAsk{Index: it.Ask}.apply(s)
	}
	s.Playing = false
	s.Player.HoldAt(s.clampSeek(it.At), it.Line)
	s.outline = outlineMark{at: s.Player.Now(), line: it.Line, ok: true}
	s.revealOnPhone(RevealStage)
	return true
}
