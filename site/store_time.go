package site

import "kplay/engine"

// TimeAction is an action about the timeline; Dispatch hands it to its
// applyTime.
type TimeAction interface {
	Action
	applyTime(s *Store)
}

// ScrubTo is an action from the timeline: pause and move the playhead to
// At, to look at the cluster as it was (or will be) then.
type ScrubTo struct{ At engine.Time }

// JumpToViolation is an action which pauses at the first broken guarantee
// on the timeline; without one it does nothing.
type JumpToViolation struct{}

func (ScrubTo) isAction()         {}
func (JumpToViolation) isAction() {}

func (a ScrubTo) applyTime(s *Store) {
	s.Playing = false
	s.Player.Seek(a.At)
}

func (JumpToViolation) applyTime(s *Store) {
	at, ok := s.Player.FirstViolation()
	if !ok {
		return
	}
	s.Playing = false
	s.Player.Seek(at)
}

// ReplaceScript puts the scenario of a script in place of the one playing,
// as NewStoreFromScript would build it, keeping the subscribers, the
// viewport, the editor's draft (the reader's text is never dropped) and
// lesson mode, and notifies them.
func (s *Store) ReplaceScript(name, src string) {
	n := NewStoreFromScript(name, src)
	n.onChange, n.Narrow = s.onChange, s.Narrow
	if s.Edit.Dirty || !n.Edit.Dirty {
		// The reader's draft wins over a script that does not compile.
		n.Edit, n.Edit.Status = s.Edit, ""
	} else {
		n.Edit.Hooks = s.Edit.Hooks
	}
	n.Lesson = LessonFor(n.Player.Scenario(), s.Lesson)
	*s = *n
	for _, f := range s.onChange {
		f()
	}
}
