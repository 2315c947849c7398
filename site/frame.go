package site

import (
	"math"

	"kplay/engine"
)

// This file runs one animation frame (Tick). A playing frame goes in one
// order (playFrame), and the playhead only moves forward through it: the
// producer panel's rate (Acting.Rate) sends its records on the way, as
// the playhead reaches each send's time, rather than after the frame by
// seeking back to it and replaying.
//
// What the frame did to the event log, the readers of the log (the see
// index, a record's lifecycle, the fetch rounds, the narrator, the
// redraw) learn from one value, the Player's LogMark, each holding the
// mark it last read up to and asking LogMark.Since whether the log grew
// or was rewound since; the page reads it once per render and hands it
// to the parts that skip a render while it stands still.

// apply runs the frame: while playing, playFrame; while paused, only the
// timeline's run ahead (Player.Markers), if it has work left.
func (a Tick) apply(s *Store) bool {
	if !(a.RealMs > 0) {
		return false
	}
	if !s.Playing {
		if !s.Player.markersFilling() {
			return false
		}
		s.Player.Markers()
		return true
	}
	return s.playFrame(a.RealMs)
}

// playFrame plays realMs of real time, in this order: the caption's note
// that the reader's action resumed playback counts down (tickResume); the
// truncation marks on screen count down (holdCuts); the playhead moves
// forward (advance), the rate's records sent on the way (moveBy); the
// speed readout holds its mode (speedMode); a question the playhead
// reached stops playback (stopAtAsk). It reports false, nothing to draw,
// when the playhead did not move.
func (s *Store) playFrame(realMs float64) bool {
	before := s.Player.Exact()
	s.tickResume(realMs)
	s.holdCuts(realMs)
	s.advance(realMs)
	s.speedMode.hold(s.skipping, realMs)
	if s.Player.Exact() == before {
		return false
	}
	s.stopAtAsk(engine.Time(before))
	s.redraw.frameMs = realMs
	return true
}

// QuietSpeed returns how fast quiet time plays at speed: never slower than
// real time.
func QuietSpeed(speed float64) float64 { return max(speed, 1) }

// quietMoments bounds how many scheduled moments one frame plays through
// in quiet time; what is left of the frame then plays at QuietSpeed in one
// piece. At QuietSpeed (1×) a 16.7 ms frame spans a few moments.
const quietMoments = 256

// advance spends realMs of real time: at Speed while a message that
// carries the lesson is on the wire (quiet.go), and, with SkipQuiet, at
// QuietSpeed while none is. Quiet time plays one scheduled moment
// (Player.NextActivity) at a time, so that the first moment such a
// message goes on the wire ends it: the message's whole flight plays at
// Speed. At or above real time both speeds are the same. While a
// truncation is marked on screen (CutHeld, TruncationHoldMs) nothing is
// quiet.
func (s *Store) advance(realMs float64) {
	p := s.Player
	s.skipping = false
	quiet := QuietSpeed(s.Speed)
	if !s.SkipQuiet || quiet == s.Speed || s.CutHeld() {
		// A truncation just marked (removed.go) plays at the speed of
		// something happening, with the catch-up fetch after it.
		s.moveBy(realMs * s.Speed)
		return
	}
	w := wireJudge{p.State()}
	if p.lessonOnWire(w) {
		s.moveBy(realMs * s.Speed)
		return
	}
	for range quietMoments {
		next, ok := p.NextActivity()
		if !ok || float64(next)-p.Exact() > realMs*quiet {
			s.skipping = true
			s.moveBy(realMs * quiet)
			return
		}
		if next <= p.Now() {
			// Steps held at the playhead (HoldAt): the next move applies them.
			s.moveBy(realMs * s.Speed)
			return
		}
		realMs -= (float64(next) - p.Exact()) / quiet
		s.skipping = true
		from := p.LogMark()
		s.moveTo(next)
		if p.sentSince(from) && p.lessonOnWire(w) {
			s.moveBy(realMs * s.Speed)
			return
		}
	}
	s.skipping = true
	s.moveBy(realMs * quiet)
}

// Skipping reports whether the last frame played quiet time faster than
// the speed (SkipQuiet: no message that carries the lesson was on the
// wire), so that the page can say the clock runs faster than the slider
// reads.
func (s *Store) Skipping() bool { return s.Playing && s.skipping }

// moveBy plays dt simulated ms on, as Player.Advance does (keeping the
// fraction of a millisecond), sending the rate's records it reaches on
// the way (sendThrough).
func (s *Store) moveBy(dt float64) {
	p := s.Player
	if !(dt > 0) || math.IsInf(dt, 0) {
		return
	}
	whole := math.Floor(p.frac + dt)
	end := p.playhead + engine.Time(whole)
	if !s.rateDue(end) {
		p.Advance(dt)
		return
	}
	s.sendThrough(end, p.frac+dt-whole)
}

// moveTo plays to t, as Player.AdvanceTo does, sending the rate's records
// it reaches on the way (sendThrough).
func (s *Store) moveTo(t engine.Time) {
	if t <= s.Player.playhead || !s.rateDue(t) {
		s.Player.AdvanceTo(t)
		return
	}
	s.sendThrough(t, 0)
}

// rateDue says whether the producer panel's rate sends at or before end.
// A rate whose last send lies after end (the playhead went back before
// it) starts over from end; one whose next send lies before the playhead
// (the playhead jumped past it) goes on from its first send after the
// playhead: the sends jumped over are not made in the past.
func (s *Store) rateDue(end engine.Time) bool {
	r := &s.Acting.Rate
	if !r.On {
		return false
	}
	if r.Next-r.Every > end {
		r.Next = end + r.Every
	}
	if now := s.Player.playhead; r.Next <= now && r.Every > 0 {
		r.Next += (now - r.Next + r.Every) / r.Every * r.Every
	}
	return r.Next <= end
}

// sendThrough plays forward to end, and at each of the rate's sends on
// the way produces its record (Player.Inject) at exactly that time. The
// fraction of a millisecond left is frac when a single send falls on end
// itself, 0 otherwise, as a replay from a send leaves it. An error stops
// the rate, and the frame, at the send that failed.
func (s *Store) sendThrough(end engine.Time, frac float64) {
	p, r := s.Player, &s.Acting.Rate
	sends := 0
	for r.Next <= end {
		p.AdvanceTo(r.Next)
		s.nextValue++
		if err := p.Inject(engine.Produce{TP: s.ratePartition(), Values: []string{s.valueName(s.nextValue - 1)}, Key: r.Key, Acks: r.Acks}); err != nil {
			s.Err, r.On = err.Error(), false
			return
		}
		r.Next += r.Every
		sends++
	}
	if p.Now() < end || sends > 1 {
		frac = 0
	}
	p.AdvanceTo(end)
	p.frac = frac
}
