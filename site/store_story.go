package site

// This file holds the scenario's story for the learner: its summary (the
// script's summary directive) and the caption of the moment (its say
// directives), shown under the diagram like subtitles.

// Caption returns the say caption for the playhead: the last one whose
// time is at or before it (of several at one instant, the last in script
// order), and false before the first, in a script without any, or once
// the reader has acted (the script's story may no longer be true). While
// a question is open and unanswered, the captions that come after it in
// the script are held back: a say at the ask's own moment tells what the
// question asks the reader to predict.
func (s *Store) Caption() (text string, ok bool) {
	p := s.Player
	now := p.Now()
	caps := p.Scenario().Captions
	held := -1 // captions after this script line wait for the answer
	if a, open := s.OpenAsk(); open && !s.Lesson.Revealed[s.Lesson.Open] {
		held = a.Line
	}
	for i := len(caps) - 1; i >= 0; i-- {
		if held >= 0 && caps[i].Line > held {
			continue
		}
		if caps[i].At <= now {
			if s.acted() {
				// The reader's own action has changed the story: the
				// script's sentences no longer tell what the cluster is
				// doing ("crash broker 1" once broker 2 leads).
				return "", false
			}
			return caps[i].Text, true
		}
	}
	return "", false
}

// acted reports whether the reader has taken an action at or before the
// playhead.
func (s *Store) acted() bool {
	p := s.Player
	for _, st := range p.user {
		if st.At <= p.Now() {
			return true
		}
	}
	return false
}

// Summary returns the scenario's summary directive: two or three
// sentences on what to watch, "" if the script has none.
func (s *Store) Summary() string { return s.Player.Scenario().Summary }
