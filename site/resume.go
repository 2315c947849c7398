package site

// This file holds the rule that an action shows its consequence: a reader
// who acts on a cluster the page holds paused (an embed with autoplay=0 or
// reduced motion, a link opened at its moment, a scrubbed or rewound
// timeline) sees what follows without pressing Play. The page and the
// embed resume playback after the action, and the caption says so for a
// few seconds. A pause the reader made themselves, with Pause or Step,
// holds: they are stepping through, and their action waits for their
// next step. A lesson question that waits for its answer keeps playback
// paused, as Play would (mayPlay).

// ResumeNote is the caption's words while playback resumed for the
// reader's action.
const ResumeNote = "Playing on, so that you can watch what your action does; press Pause to stop."

// ResumeNoteMs is how long, in real milliseconds of played frames, the
// caption keeps ResumeNote.
const ResumeNoteMs = 4000

// resumeAfterAct starts playback after the reader's action when it was
// paused and a question does not hold it, and shows ResumeNote.
func (s *Store) resumeAfterAct() {
	if s.Playing || s.readerPaused || !s.mayPlay() {
		return
	}
	s.Playing = true
	s.resumeLeft = ResumeNoteMs
}

// Resumed returns ResumeNote while playback runs because the reader's
// action resumed it, for the caption; "" otherwise, once ResumeNoteMs of
// playing have passed or the reader paused.
func (s *Store) Resumed() string {
	if s.resumeLeft > 0 && s.Playing {
		return ResumeNote
	}
	return ""
}

// tickResume counts realMs of playing against the note's time.
func (s *Store) tickResume(realMs float64) {
	if s.resumeLeft > 0 {
		s.resumeLeft = max(0, s.resumeLeft-realMs)
	}
}
