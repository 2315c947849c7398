package site

import "slices"

// This file decides how much of the page a change redraws. While the
// playhead moves and nothing happens (no event, no action of the reader),
// the only thing on screen that must move on every frame is the message
// dots; the rest (the clock, the slider, the countdowns, the captions) is
// redrawn at most every FullRedrawMs of real time, which keeps a playing
// page's main thread mostly idle.

// FullRedrawMs is how often, in real ms, a playing page redraws in full
// when nothing happens: ten times a second, often enough for the clock
// and a countdown's ring to read as moving.
const FullRedrawMs = 100

// redrawState counts the Store's changes and what the page last drew in
// full. version counts every action but a playing Tick, and playedMs the
// real time playing Ticks spent; the page last drew in full the player,
// its generation (a seek rebuilds it) and event count, at drawnVersion
// and atMs.
type redrawState struct {
	version      int
	playedMs     float64
	drawn        bool
	player       *Player
	gen, events  int
	drawnVersion int
	atMs         float64
	// full and dotsOnly count the answers FullRedraw gave (the frame
	// bench reads them through RedrawCounts).
	full, dotsOnly int
}

// FullRedraw reports whether the page must be redrawn in full after the
// last change, and records that it is, or whether redrawing the message
// dots is enough: the change was a playing Tick, no event happened since
// the last full redraw, and less than FullRedrawMs of real time has
// passed since it.
func (s *Store) FullRedraw() bool {
	r, p := &s.redraw, s.Player
	if r.drawn && r.player == p && r.gen == p.Generation() && r.events == p.EventCount() && r.drawnVersion == r.version && r.playedMs-r.atMs < FullRedrawMs {
		r.dotsOnly++
		return false
	}
	r.full++
	r.drawn, r.player, r.gen, r.events, r.atMs = true, p, p.Generation(), p.EventCount(), r.playedMs
	r.drawnVersion = r.version
	return true
}

// PlayedMs is the real time, in ms, the Store has spent playing: what
// throttles parts of the page that need not follow every frame.
func (s *Store) PlayedMs() float64 { return s.redraw.playedMs }

// RedrawCounts reports how many of the page's redraws were full and how
// many redrew only the message dots (FullRedraw's answers).
func (s *Store) RedrawCounts() (full, dotsOnly int) { return s.redraw.full, s.redraw.dotsOnly }

// LogMovedOn reports whether the event log's rows went from old to rows
// by the log moving on: the oldest drop rows gone and rows added at the
// end, the rest the same. Then the page changes its rows in place rather
// than setting them all again (site/ui's EventLog); anything else (a seek
// back, the chatter toggled, a row that reads differently) is false.
func LogMovedOn(old, rows []LogLine) (drop int, ok bool) {
	if len(old) == 0 {
		return 0, true
	}
	if len(rows) == 0 {
		return 0, false
	}
	i := slices.IndexFunc(old, func(ln LogLine) bool { return ln.Seq == rows[0].Seq })
	if i < 0 {
		if old[len(old)-1].Seq < rows[0].Seq {
			return len(old), true // every old row scrolled off
		}
		return 0, false
	}
	if len(old)-i > len(rows) || !slices.Equal(old[i:], rows[:len(old)-i]) {
		return 0, false
	}
	return i, true
}
