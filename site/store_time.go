package site

import (
	"kplay/engine"
	"kplay/engine/script"
)

// ScrubTo is an action from the timeline: pause and move the playhead to
// At, to look at the cluster as it was (or will be) then.
type ScrubTo struct{ At engine.Time }

// JumpToViolation is an action which pauses at the first broken guarantee
// on the timeline; without one, or while a question waits for its answer
// (HideOutcome), it does nothing.
type JumpToViolation struct{}

func (a ScrubTo) apply(s *Store) bool {
	s.Playing = false
	s.Player.Seek(a.At)
	return true
}

func (JumpToViolation) apply(s *Store) bool {
	s.Player.fillMarkers()
	at, ok := s.FirstViolation()
	if !ok {
		return true
	}
	s.Playing = false
	s.Player.Seek(at)
	return true
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

// ScrubRange is the stretch of time the timeline's slider spans, From
// the scenario's start To a little after its last moment or the furthest
// the run has been played, whichever is later (ScrubSpan). A rate
// producer's records (produce rate=2/s for=10m) are no moments: a slider
// stretched over their ten minutes squeezed the first seconds, where the
// lesson happens, into a few pixels.
type ScrubRange struct{ From, To engine.Time }

// Span is the range's length in simulated ms, at least 1.
func (r ScrubRange) Span() engine.Time { return max(1, r.To-r.From) }

// ScrubRange returns the slider's range now. It grows as play passes its
// end, and always holds the playhead, so that a link opened at t= puts the
// thumb at that moment.
func (s *Store) ScrubRange() ScrubRange {
	p := s.Player
	from := p.Scenario().Config.Start
	reach := max(p.lastMoment, p.furthest, p.Now())
	return ScrubRange{From: from, To: from + ScrubSpan(reach-from)}
}

// ScrubSpan is the slider's length for a scenario whose latest moment is
// reach after its start: reach and a quarter more (at least 2 s), so that
// the last moment is not pinned to the slider's end, rounded up to a
// round grain (5 s up to half a minute, 15 s up to two minutes, 30 s up
// to ten, a minute up to half an hour, then five), so that the range grows
// in visible steps rather than on every frame while playing.
func ScrubSpan(reach engine.Time) engine.Time {
	const s = 1000
	reach = max(0, reach)
	span := reach + max(reach/4, 2*s)
	grain := engine.Time(5 * 60 * s)
	switch {
	case span <= 30*s:
		grain = 5 * s
	case span <= 2*60*s:
		grain = 15 * s
	case span <= 10*60*s:
		grain = 30 * s
	case span <= 30*60*s:
		grain = 60 * s
	}
	return (span + grain - 1) / grain * grain
}

// lastMoment is the last moment of sc the scrubber's range must show:
// the latest of its start, the time its last directive reaches (an
// advance or run), its steps other than a line spread over many times
// (spread, a rate producer's records), its captions and its questions.
func lastMoment(sc script.Scenario, spread lineSteps) engine.Time {
	spreadLine := map[int]bool{}
	for _, l := range spread {
		spreadLine[l.line] = true
	}
	last := max(sc.Config.Start, sc.End)
	for _, st := range sc.Steps {
		if !spreadLine[st.Line] {
			last = max(last, st.At)
		}
	}
	for _, c := range sc.Captions {
		last = max(last, c.At)
	}
	for _, a := range sc.Asks {
		last = max(last, a.At)
	}
	return last
}

// TimelineMarkers returns the markers the timeline draws, in time order,
// and a version that changes whenever they do. They are the player's
// (Player.Markers) from the start to the slider's end (ScrubRange), fitted
// to the track: markers of one kind less than 1/MarkerSlots of the track
// apart are one marker (fitMarkers), so there are at most MarkerSlots of each kind. While a
// question waits for its answer (HideOutcome) the violation markers are
// left out, so that the timeline does not give the answer away, and in
// every mode a violation marker is left out until playback reaches it. The
// result is cached: the slice must not be modified.
func (s *Store) TimelineMarkers() ([]Marker, int) {
	p, c := s.Player, &s.marks
	ms, v := p.markersOnce(s.turn)
	from, hide := s.outcomeFrom()
	r := s.ScrubRange()
	slot := r.Span() / MarkerSlots
	now := p.Now()
	reached, future := 0, 0
	for _, m := range ms {
		switch {
		case m.Kind != MarkViolation:
		case m.At <= now:
			reached++
		default:
			future++
		}
	}
	if c.valid && c.from == v && c.hide == hide && c.hideFrom == from && c.slot == slot && c.to == r.To && c.reached == reached {
		return c.markers, c.version
	}
	if n := len(ms); n > 0 && ms[n-1].At > r.To {
		// Beyond the slider's range: drawn once play gets there.
		end := 0
		for end < n && ms[end].At <= r.To {
			end++
		}
		ms = ms[:end]
	}
	if hide {
		// While a question waits, no marker gives its answer away: no
		// broken guarantee that a waiting question comes before
		// (violationShown), and no leader change or fault from
		// the question on (their labels say who leads and what failed).
		// The script's commands stay: they are the scenario's plan.
		kept := make([]Marker, 0, len(ms))
		for _, m := range ms {
			if (m.Kind == MarkViolation && !s.violationShown(m.At)) || (m.Kind != MarkCommand && m.Until >= from) {
				continue
			}
			kept = append(kept, m)
		}
		ms = kept
	}
	// A broken guarantee is drawn once playback reaches it, in every
	// mode: the run ahead of the playhead finds it early (Player.Markers),
	// and a red mark 9 s ahead of the loss it stands for told the learner
	// what was about to happen.
	if future > 0 {
		kept := make([]Marker, 0, len(ms))
		for _, m := range ms {
			if m.Kind != MarkViolation || m.At <= now {
				kept = append(kept, m)
			}
		}
		ms = kept
	}
	*c = shownMarkers{valid: true, from: v, hide: hide, hideFrom: from, slot: slot, to: r.To, reached: reached, markers: fitMarkers(ms, slot), version: c.version + 1}
	return c.markers, c.version
}

// FirstViolation returns the time of the first broken guarantee on the
// timeline, for "Jump to first violation", and false if there is none,
// if playback has not reached it yet (in every mode: the button must not
// announce a loss before it happens), or while a question asked before it
// waits for its answer (violationShown).
func (s *Store) FirstViolation() (engine.Time, bool) {
	ms, _ := s.Player.markersOnce(s.turn)
	for _, m := range ms {
		if m.Kind != MarkViolation || m.At > s.Player.Now() {
			continue
		}
		if s.violationShown(m.At) {
			return m.At, true
		}
	}
	return 0, false
}
