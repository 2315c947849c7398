package site

// This file holds the scenario's story for the learner: its summary (the
// script's summary directive) and the caption of the moment (its say
// directives), shown under the diagram like subtitles.

// Caption returns the say caption for the playhead: the last one whose
// time is at or before it (of several at one instant, the last in script
// order), and false before the first or in a script without any.
func (s *Store) Caption() (text string, ok bool) {
	p := s.Player
	now := p.Now()
	caps := p.Scenario().Captions
	for i := len(caps) - 1; i >= 0; i-- {
		if caps[i].At <= now {
			return caps[i].Text, true
		}
	}
	return "", false
}

// Summary returns the scenario's summary directive: two or three
// sentences on what to watch, "" if the script has none.
func (s *Store) Summary() string { return s.Player.Scenario().Summary }
