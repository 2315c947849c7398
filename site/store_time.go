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
// on the timeline; without one, or while a question waits for its answer
// (HideOutcome), it does nothing.
type JumpToViolation struct{}

func (ScrubTo) isAction()         {}
func (JumpToViolation) isAction() {}

func (a ScrubTo) applyTime(s *Store) {
	s.Playing = false
	s.Player.Seek(a.At)
}

func (JumpToViolation) applyTime(s *Store) {
	s.Player.fillMarkers()
	at, ok := s.FirstViolation()
	if !ok {
		return
	}
	s.Playing = false
	s.Player.Seek(at)
}

// ReplaceScript puts the scenario of a script in place of the one playing,
// from its start, as NewStoreFromScript would build it, and notifies the
// subscribers. Only the Scene changes (setScene): the reader's session
// (speed, theme, motion, panels, the embed's options) stays, and so does
// the editor's draft, which wins over a script that does not compile (the
// reader's text is never dropped). The scenario is no longer a preset
// (PickPreset names it again).
func (s *Store) ReplaceScript(name, src string) {
	n, draft := sceneFromScript(name, src)
	switch {
	case draft != nil && !s.Edit.Dirty:
		hooks := s.Edit.Hooks
		s.Edit = *draft
		s.Edit.Hooks = hooks
	default:
		s.Edit.Status = ""
	}
	s.setScene(n)
	s.leavePreset()
	for _, f := range s.onChange {
		f()
	}
}

// TimelineMarkers returns the markers the timeline draws, in time order,
// and a version that changes whenever they do. They are the player's
// (Player.Markers) fitted to the track from the start to Horizon: markers
// of one kind less than 1/MarkerSlots of the track apart are one marker
// (fitMarkers), so there are at most MarkerSlots of each kind. While a
// question waits for its answer (HideOutcome) the violation markers are
// left out, so that the timeline does not give the answer away. The
// result is cached: the slice must not be modified.
func (s *Store) TimelineMarkers() ([]Marker, int) {
	p, c := s.Player, &s.marks
	ms, v := p.Markers()
	from, hide := s.outcomeFrom()
	slot := (p.Horizon() - p.Scenario().Config.Start) / MarkerSlots
	if c.valid && c.from == v && c.hide == hide && c.hideFrom == from && c.slot == slot {
		return c.markers, c.version
	}
	if hide {
		// While a question waits, no marker gives its answer away: no
		// broken guarantee anywhere, and no leader change or fault from
		// the question on (their labels say who leads and what failed).
		// The script's commands stay: they are the scenario's plan.
		kept := make([]Marker, 0, len(ms))
		for _, m := range ms {
			if m.Kind == MarkViolation || (m.Kind != MarkCommand && m.Until >= from) {
				continue
			}
			kept = append(kept, m)
		}
		ms = kept
	}
	*c = shownMarkers{valid: true, from: v, hide: hide, hideFrom: from, slot: slot, markers: fitMarkers(ms, slot), version: c.version + 1}
	return c.markers, c.version
}

// FirstViolation returns the time of the first broken guarantee on the
// timeline, for "Jump to first violation", and false if there is none or
// while a question waits for its answer (HideOutcome).
func (s *Store) FirstViolation() (engine.Time, bool) {
	if s.HideOutcome() {
		return 0, false
	}
	return s.Player.FirstViolation()
}
