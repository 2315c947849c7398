package site

import "kplay/engine"

// This file holds the scenario's story for the learner: its summary (the
// script's summary directive) and the caption of the moment (its say
// directives), shown under the diagram like subtitles.

// Caption returns the say caption for the playhead: the last one whose
// time is at or before it (of several at one instant, the last in script
// order), and false before the first, in a script without any, or once
// the reader has acted since it was said (it may no longer be true).
func (s *Store) Caption() (text string, ok bool) {
	p := s.Player
	now := p.Now()
	caps := p.Scenario().Captions
	for i := len(caps) - 1; i >= 0; i-- {
		if caps[i].At <= now {
			if s.actedSince(caps[i].At) {
				// The reader's own action came after it: the script's
				// sentence no longer tells what the cluster is doing
				// ("crash broker 1" once broker 2 leads).
				return "", false
			}
			return caps[i].Text, true
		}
	}
	return "", false
}

// actedSince reports whether the reader took an action after at, up to
// the playhead.
func (s *Store) actedSince(at engine.Time) bool {
	p := s.Player
	for _, st := range p.user {
		if st.At >= at && st.At <= p.Now() {
			return true
		}
	}
	return false
}

// Summary returns the scenario's summary directive: two or three
// sentences on what to watch, "" if the script has none.
func (s *Store) Summary() string { return s.Player.Scenario().Summary }
