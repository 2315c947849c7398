package site

// This file holds the share menu's exports for slides: the diagram at
// this moment as SVG or PNG, and a short clip of it playing as WebM
// (static/export.js draws them with the browser's own APIs).

// ClipMs is how long a recorded clip runs, in real ms: ten seconds of
// the page playing at the reader's speed, a slide's worth.
const ClipMs = 10000

// Recording is an action from the exporter: a clip's recording started
// (On) or ended. While it runs the page plays (a paused page starts, as
// a clip of a still diagram shows nothing) and the menu offers to stop.
type Recording struct{ On bool }

// apply records a clip's start or end.
func (a Recording) apply(s *Store) bool {
	if s.Share.Recording == a.On {
		return false
	}
	s.Share.Recording = a.On
	if a.On && !s.Playing && s.mayPlay() {
		s.Playing, s.readerPaused = true, false
	}
	return true
}
