package site

import "kplay/engine"

// This file holds the timeline's moments: the instants worth stopping at
// (a broker stopped or started, links changed, a new leader, a broken
// guarantee, one command, a caption of the story), which the previous- and next-moment buttons
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

// apply moves the playhead (step); like every timeline action it
// notifies the subscribers even where nothing moved.
func (a StepMoment) apply(s *Store) bool {
	a.step(s)
	return true
}

// step moves the playhead to the next or the previous moment.
func (a StepMoment) step(s *Store) {
	if a.Forward && s.NextMomentBlocked() != "" {
		return
	}
	at, ok := s.nextMoment(s.Player.Now(), a.Forward)
	if !ok && !s.Player.markersDone() && a.Forward {
		// The run ahead has not reached it yet: finish it, then look
		// again.
		s.Player.fillMarkers()
		at, ok = s.nextMoment(s.Player.Now(), a.Forward)
	}
	if a.Forward {
		// The markers end at the last command (Player.Horizon); what the
		// cluster does after it (the election 9 s after a crash, a
		// fence, an ISR change) comes from running on.
		end := s.clampSeek(ScenarioEnd(s.Player.Scenario()))
		if ok {
			end = at
		}
		if w, found, looked := s.worthAhead(s.Player.Now(), end); found {
			at, ok = w, true
		} else if looked > s.Player.Now() && looked < end {
			// The look ahead ran out of events before end: stop where it
			// looked up to, so that a press never passes over something
			// the cluster does later on its own (a preferred leader's
			// return after leader.imbalance.check.interval.seconds). It
			// had gone on to the run's end, ten simulated minutes and
			// 1,200 records on, from the first screen of start-here.
			at, ok = looked, true
		}
		if !ok && s.Player.Now() < end {
			// Nothing more happens: go to the run's end rather than stay
			// put, so that a press always moves.
			at, ok = end, true
		}
	} else if w, found := s.worthBefore(s.Player.Now()); found && (!ok || w > at) {
		at, ok = w, true
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

// NextMomentBlocked says why the next-moment button is disabled, "" when
// it is not: a question waits for its answer ("Answer the question
// first"), or the playhead is at the run's end.
func (s *Store) NextMomentBlocked() string {
	if !s.mayPlay() {
		return "Answer the question first"
	}
	if s.Player.Now() >= s.clampSeek(ScenarioEnd(s.Player.Scenario())) {
		return "This is the end of the run"
	}
	return ""
}

// worthMoment says whether an event of kind k is worth stopping at when
// it is not a marker: what a caption would name, among the kinds the
// filtered event log shows (Matters): a fence or unfence, an election, an
// ISR change, a truncation, a failed produce, a duplicate, a consumer's
// reset and a broken guarantee (not while hide: HideOutcome). Left out:
// commands (markers already), produce acknowledgements and committed
// offsets, which a steady producer or consumer makes every few hundred
// ms and which would make each press one record; and a client's retried
// errors (EvProduceError, EvConsumerError: NOT_LEADER_OR_FOLLOWER or a
// refused connection, then "refreshing metadata"), which a client
// repeats every retry.backoff.ms while a leader is down, so that a press
// back from the election moved 6 ms at a time. A produce that gives up
// (EvProduceFailed) stays.
func worthMoment(k engine.EventKind, hide bool) bool {
	switch k {
	case engine.EvViolation:
		return !hide
	case engine.EvLeaderElected, engine.EvElection, engine.EvISRChanged,
		engine.EvBrokerFenced, engine.EvBrokerUnfenced, engine.EvControlledShutdown,
		engine.EvBrokerStopped, engine.EvBrokerStarted, engine.EvNetwork, engine.EvBrokerHung, engine.EvBrokerResumed,
		engine.EvProduceFailed, engine.EvDuplicate,
		engine.EvTruncated, engine.EvConsumerTruncation,
		engine.EvConsumerReset, engine.EvOffsetsExpired:
		return true
	}
	return false
}

// worthBefore returns the time of the last event before now that is
// worth a stop (worthMoment), from the log the cluster has played, and
// false if none is: the way back through what worthAhead stopped at.
func (s *Store) worthBefore(now engine.Time) (engine.Time, bool) {
	hide := s.HideOutcome()
	c := s.Player.c
	var at engine.Time
	found := false
	c.EachEventBefore(c.EventCount(), func(e *engine.Event) bool {
		if e.At < now && worthMoment(e.Kind, hide) {
			at, found = e.At, true
			return false
		}
		return true
	})
	return at, found
}

// worthAheadEvents bounds how many events one press runs ahead through
// looking for a moment: some 30 simulated s of start-here's steady
// producer.
const worthAheadEvents = 20 * aheadEvents

// worthAhead runs a copy of the player on from now, to until at most,
// and returns the time of its first event after now that is worth a stop
// (worthMoment), and false if none comes by until or within
// worthAheadEvents events; looked is the time the copy reached, until
// when it looked all the way.
func (s *Store) worthAhead(now, until engine.Time) (at engine.Time, found bool, looked engine.Time) {
	if until <= now {
		return 0, false, until
	}
	hide := s.HideOutcome()
	q := s.Player.runAhead(now)
	from, start := q.EventCount(), q.EventCount()
	for !found && q.Now() < until && q.limit == nil && q.EventCount()-start < worthAheadEvents {
		q.play(min(until, q.Now()+aheadChunk))
		q.c.EachEvent(from, func(e *engine.Event) bool {
			if e.At > now && e.At <= until && worthMoment(e.Kind, hide) {
				at, found = e.At, true
				return false
			}
			return true
		})
		from = q.EventCount()
	}
	return at, found, min(until, q.Now())
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

func (a ScrubNear) apply(s *Store) bool {
	s.Playing = false
	s.Player.Seek(s.clampSeek(s.SnapToMoment(a.At, a.Within)))
	return true
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
// (Player.Markers) and the story's captions (say) that are shown, before
// the reader's first action: a caption is the next thing the story
// tells, where a learner on a lesson's first screen expects the next
// press to go.
func (s *Store) nextMoment(now engine.Time, forward bool) (engine.Time, bool) {
	ms, _ := s.Player.Markers()
	hide := s.HideOutcome()
	var best engine.Time
	found := false
	consider := func(at engine.Time) {
		switch {
		case forward && at > now && (!found || at < best):
			best, found = at, true
		case !forward && at < now && (!found || at > best):
			best, found = at, true
		}
	}
	for _, m := range ms {
		if isMoment(m, hide) {
			consider(m.At)
		}
	}
	for _, c := range s.Player.Scenario().Captions {
		if !s.actedBy(c.At) {
			// Once the reader has acted the captions are not shown
			// (Caption): a stop at one showed nothing new, a whole
			// second of the fencing wait after the reader's crash.
			consider(c.At)
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
