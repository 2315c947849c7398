package site

import (
	"testing"

	"kplay/engine"
	"kplay/link"
)

// TestActResumesPlayback: a crash clicked on a paused page starts
// playback, and the caption says why for ResumeNoteMs of played frames;
// a question waiting for its answer keeps the page paused.
func TestActResumesPlayback(t *testing.T) {
	s := OpenStartup(ParseStartup("", "?preset=start-here"), false)
	s.Dispatch(ScrubTo{At: s.Player.Now()}) // the timeline pauses the page
	if s.Playing {
		t.Fatal("the page did not pause")
	}
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	if !s.Playing || s.Resumed() != ResumeNote {
		t.Fatalf("after a crash on a paused page: playing %v, note %q", s.Playing, s.Resumed())
	}
	before := s.Player.Now()
	s.Dispatch(Tick{RealMs: 1000})
	if s.Player.Now() <= before {
		t.Errorf("playback does not move after the crash: %d", s.Player.Now())
	}
	if s.Resumed() == "" {
		t.Errorf("the note is gone after 1 s")
	}
	for range 4 {
		s.Dispatch(Tick{RealMs: 1000})
	}
	if s.Resumed() != "" {
		t.Errorf("the note stays after %d ms of playing", 5000)
	}
	// Pressing Pause ends the note at once, and playing on does not bring
	// it back.
	s.Dispatch(Act{Cmd: engine.Restart{Broker: 1}}) // playing: stays so, no note
	if s.Resumed() != "" {
		t.Errorf("an action while playing shows the note")
	}
	s.Dispatch(TogglePlay{})
	if s.Resumed() != "" || s.Playing {
		t.Errorf("Pause leaves the note or playback on")
	}
}

// TestReaderPauseHolds: a pause the reader made (Pause, Step) holds
// through their actions, so that they can step through what follows; a
// pause the page made (a link's moment) gives way to an action.
func TestReaderPauseHolds(t *testing.T) {
	s := OpenStartup(ParseStartup("", "?preset=start-here"), false)
	s.Dispatch(TogglePlay{})
	s.Dispatch(ProduceRecord{})
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	if s.Playing || s.Resumed() != "" {
		t.Errorf("after Pause, acting resumed playback (note %q)", s.Resumed())
	}
	s.Dispatch(TogglePlay{})
	s.Dispatch(StepOnce{})
	s.Dispatch(Act{Cmd: engine.Restart{Broker: 1}})
	if s.Playing {
		t.Errorf("after Step, acting resumed playback")
	}
	// Opened at a moment, the page holds it paused; an action plays on.
	l := OpenStartup(ParseStartup("", "?preset=start-here"), false)
	l.Dispatch(TogglePlay{})
	l.Dispatch(TogglePlay{})
	l.Dispatch(Tick{RealMs: 500})
	l.Dispatch(ScrubTo{At: l.Player.Now() - 1})
	l.Dispatch(Act{Cmd: engine.Crash{Broker: 2}})
	if !l.Playing {
		t.Errorf("after scrubbing, acting did not resume playback")
	}
}

// TestActAtOpenQuestionStaysPaused: at an unanswered question acting does
// not play past it.
func TestActAtOpenQuestionStaysPaused(t *testing.T) {
	s := OpenStartup(ParseStartup("", "?preset=incident-kafka-7128"), false)
	for i := 0; i < 100000 && !s.Lesson.IsOpen; i++ {
		s.Dispatch(Tick{RealMs: 50})
	}
	if !s.Lesson.IsOpen || s.Playing {
		t.Fatalf("no question stopped playback (open %v, playing %v)", s.Lesson.IsOpen, s.Playing)
	}
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	if s.Playing {
		t.Errorf("acting at an open question played past it")
	}
}

// TestEmbedAutoplay: an embed plays once loaded unless autoplay=0, a
// moment (t=) or reduced motion holds it; autoplay=1 plays under reduced
// motion too.
func TestEmbedAutoplay(t *testing.T) {
	open := func(q string) *Store { return OpenStartup(ParseStartup("", q), true) }
	if s := open("?preset=start-here"); !s.Playing {
		t.Error("an embed without autoplay= does not play")
	}
	if s := open("?preset=start-here&autoplay=0"); s.Playing {
		t.Error("autoplay=0 plays")
	}
	s := open("?preset=start-here")
	s.Dispatch(SetReducedMotion{On: true})
	if s.Playing {
		t.Error("an embed playing by default goes on under reduced motion")
	}
	s = open("?preset=start-here&autoplay=1")
	s.Dispatch(SetReducedMotion{On: true})
	if !s.Playing {
		t.Error("autoplay=1 stops under reduced motion")
	}
	// Once the reader has pressed Play, reduced motion does not pause.
	s = open("?preset=start-here")
	s.Dispatch(TogglePlay{})
	s.Dispatch(TogglePlay{})
	s.Dispatch(SetReducedMotion{On: true})
	if !s.Playing {
		t.Error("reduced motion paused what the reader played")
	}
	if s := open("?" + link.Encode(link.Link{Script: tryScript, T: 500, HasT: true})); s.Playing || s.Player.Now() == s.Player.Scenario().Config.Start {
		t.Error("an embed opened at a moment plays")
	}
	// The page (not an embed) is unchanged: it plays its preset.
	if p := OpenStartup(ParseStartup("", "?preset=start-here"), false); !p.Playing {
		t.Error("the page does not play")
	}
}
