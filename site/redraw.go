package site

import "slices"

// This file decides how much of the page a change redraws. While the
// playhead moves and nothing happens (no event, no action of the reader),
// the only thing on screen that must move on every frame is the message
// dots; the rest (the clock, the slider, the countdowns, the captions) is
// redrawn at most every FullRedrawMs of real time, which keeps a playing
// page's main thread mostly idle. A frame in which an event happened
// redraws the diagram (the stage: the controller strip, the brokers with
// their logs, badges and countdowns, the links and the menus) at once, so
// that what the event changed is drawn in the frame it happened; the rest
// of the page (the clock, the timeline, the panels beside and under the
// diagram) still waits for its FullRedrawMs. Playing 9 brokers × 12
// partitions at the top speed an event happens in nearly every frame, and
// redrawing the whole page on each was most of the frame
// (docs/design.md §7, "What a frame costs").

// FullRedrawMs is how often, in real ms, a playing page redraws in full
// when nothing happens: ten times a second, often enough for the clock
// and a countdown's ring to read as moving.
const FullRedrawMs = 100

// Redraw is how much of the page a frame redraws (Store.NextRedraw).
type Redraw int

const (
	// RedrawDots redraws the message dots alone.
	RedrawDots Redraw = iota
	// RedrawStage redraws the diagram (with its dots) but not the rest
	// of the page: an event happened while playing.
	RedrawStage
	// RedrawPage redraws the whole page.
	RedrawPage
)

// redrawState counts the Store's changes and what the page last drew.
// version counts every action but a playing Tick, and playedMs the real
// time playing Ticks spent; the page last drew in full the player, at
// drawnVersion and atMs; the stage (drawn with the page too) was last
// drawn with the event log at stageMark, whose generation (a seek
// rebuilds it) the page was drawn in.
type redrawState struct {
	version      int
	playedMs     float64
	drawn        bool
	player       *Player
	stageMark    LogMark
	drawnVersion int
	atMs         float64
	// frameMs is the real time of the playing Tick being dispatched
	// (Tick.apply), which count adds to playedMs.
	frameMs float64
	// full, stage and dotsOnly count the answers NextRedraw gave (the
	// frame bench reads them through RedrawCounts).
	full, stage, dotsOnly int
}

// count records a change Dispatch is about to notify: a playing Tick's
// real time (frameMs) when play went on through it (playing), else a new
// version.
func (r *redrawState) count(playing bool) {
	ms := r.frameMs
	r.frameMs = 0
	if ms > 0 && playing {
		r.playedMs += ms
		return
	}
	r.version++
}

// NextRedraw reports how much of the page must be redrawn after the last
// change, and records that it is. The whole page, unless the change was
// a playing Tick in the same history (the event log was not rewound,
// LogMark.Since) and less than FullRedrawMs of real time has passed
// since the last full redraw; then the stage, if an event happened since
// it was last drawn (the log grew), else the message dots alone.
func (s *Store) NextRedraw() Redraw {
	r, p := &s.redraw, s.Player
	m := p.LogMark()
	change := m.Since(r.stageMark)
	if r.drawn && r.player == p && change != LogRewound && r.drawnVersion == r.version && r.playedMs-r.atMs < FullRedrawMs {
		if change == LogGrew {
			r.stageMark = m
			r.stage++
			return RedrawStage
		}
		r.dotsOnly++
		return RedrawDots
	}
	r.full++
	r.drawn, r.player, r.stageMark, r.atMs = true, p, m, r.playedMs
	r.drawnVersion = r.version
	return RedrawPage
}

// FullRedraw reports whether the last change needs more than the message
// dots redrawn (NextRedraw, which it calls and so records).
func (s *Store) FullRedraw() bool { return s.NextRedraw() != RedrawDots }

// PlayedMs is the real time, in ms, the Store has spent playing: what
// throttles parts of the page that need not follow every frame.
func (s *Store) PlayedMs() float64 { return s.redraw.playedMs }

// RedrawCounts reports how many of the page's redraws were of the whole
// page, of the stage alone and of the message dots alone (NextRedraw's
// answers).
func (s *Store) RedrawCounts() (full, stage, dotsOnly int) {
	return s.redraw.full, s.redraw.stage, s.redraw.dotsOnly
}

// LogMovedOn reports whether the event log's rows went from old to rows
// by the log moving on: the oldest drop rows gone and rows added at the
// end, the rest the same. Then the page changes its rows in place rather
// than setting them all again (site/ui's EventLog); anything else (a seek
// back, the chatter toggled, a row that reads differently, rows after the
// playhead in either, whose "now" mark moves) is false.
func LogMovedOn(old, rows []LogLine) (drop int, ok bool) {
	later := func(ln LogLine) bool { return ln.Later }
	if slices.ContainsFunc(old, later) || slices.ContainsFunc(rows, later) {
		return 0, false
	}
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
