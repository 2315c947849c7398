package site

import "kplay/engine"

// This file holds the timeline's moments: the instants worth stopping at
// (a broker stopped or started, links changed, a new leader, a broken
// guarantee, one command), which the previous- and next-moment buttons
// and keys step between and a scrub snaps to. A ten-minute run puts a
// crash and the election after it a few pixels apart on the track; the
// moments make them one key press apart.

// StepMoment is an action which pauses and moves the playhead to the
// next moment after it (Forward) or the last one before it. With none
// that way it does nothing.
type StepMoment struct{ Forward bool }

// ScrubNear is an action from the timeline's slider: pause and move the
// playhead to At, or to the moment nearest At when one lies within
// Within simulated ms of it (the slider's few pixels), so that a drag
// that ends close to a crash or an election stops on it.
type ScrubNear struct{ At, Within engine.Time }

func (StepMoment) isAction() {}
func (ScrubNear) isAction()  {}

func (a StepMoment) applyTime(s *Store) {
	at, ok := s.nextMoment(s.Player.Now(), a.Forward)
	if !ok && !s.Player.markersDone() && a.Forward {
		// The run ahead has not reached it yet: finish it, then look
		// again.
		s.Player.fillMarkers()
		at, ok = s.nextMoment(s.Player.Now(), a.Forward)
	}
	if !ok {
		return
	}
	s.Playing = false
	if a.Forward && s.askBefore(s.Player.Now(), at) {
		return
	}
	s.Player.Seek(s.clampSeek(at))
}

// askBefore stops a forward step at the first unanswered question from now
// up to at, as playing there would (stopAtAsk), so that the next-moment
// button never carries the reader past a question to its answer. It
// reports whether a question holds the playhead: one waiting at now, or
// one it moved to and opened.
func (s *Store) askBefore(now, at engine.Time) bool {
	l := &s.Lesson
	if l.Off {
		return false
	}
	for i, q := range l.Asks {
		if l.Revealed[i] || q.At < now || q.At > at {
			continue
		}
		s.holdAt(i)
		s.openAsk(i)
		return true
	}
	return false
}

func (a ScrubNear) applyTime(s *Store) {
	s.Playing = false
	s.Player.Seek(s.clampSeek(s.SnapToMoment(a.At, a.Within)))
}

// isMoment says whether marker m is a moment: every fault, leader change
// and violation (but violations not while hide, when a question waits
// for its answer: HideOutcome), and a command marker that stands for one
// command (a rate producer's line of records is not a moment).
func isMoment(m Marker, hide bool) bool {
	switch m.Kind {
	case MarkViolation:
		return !hide
	case MarkCommand:
		return m.Count == 1
	}
	return true
}

// nextMoment returns the first moment after now (forward) or the last one
// before it, and false if there is none among the markers found so far
// (Player.Markers).
func (s *Store) nextMoment(now engine.Time, forward bool) (engine.Time, bool) {
	ms, _ := s.Player.Markers()
	hide := s.HideOutcome()
	var best engine.Time
	found := false
	for _, m := range ms {
		if !isMoment(m, hide) {
			continue
		}
		switch {
		case forward && m.At > now && (!found || m.At < best):
			best, found = m.At, true
		case !forward && m.At < now && (!found || m.At > best):
			best, found = m.At, true
		}
	}
	return best, found
}

// SnapToMoment returns the moment nearest at if one lies within within
// simulated ms of it (the earlier of two equally near), else at.
func (s *Store) SnapToMoment(at, within engine.Time) engine.Time {
	if within <= 0 {
		return at
	}
	ms, _ := s.Player.Markers()
	hide := s.HideOutcome()
	best, dist := at, within+1
	for _, m := range ms {
		if !isMoment(m, hide) {
			continue
		}
		d := m.At - at
		if d < 0 {
			d = -d
		}
		if d < dist {
			best, dist = m.At, d
		}
	}
	return best
}
