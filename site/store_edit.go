package site

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf16"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/link"
	"kplay/scenarios"
)

// This file holds the script editor's state and actions. The editor shows
// the script of what the page plays (ScriptText) until the reader types;
// from then on it shows the reader's draft, which nothing but Apply (when
// the draft compiles) or Revert replaces. A draft that does not compile is
// never applied and never dropped: the editor marks the error's line and
// column and keeps the text.

// Editing is the script editor's state.
type Editing struct {
	// Draft is the reader's text while Dirty.
	Draft string
	// Dirty says the reader has typed since the last apply or revert.
	Dirty bool
	// Base is ScriptText when the reader began typing, so that the editor
	// can say the scenario changed underneath (a click that acted).
	Base string
	// Problem is the first error in the draft, nil if it compiles.
	Problem *ScriptProblem
	// Status is the editor's last message ("Applied: ...", "Not applied:
	// ..."), "" for none.
	Status string
	// Hooks reach the browser (set by wasm/playground; nil in tests).
	Hooks EditHooks
}

// EditHooks are the browser services the editor needs. SaveDraft is given
// the draft and the script it was edited from whenever the draft changes,
// and "", "" once it is applied or reverted, so that a reload does not lose
// what the reader typed.
type EditHooks struct {
	SaveDraft func(base, draft string)
}

// ScriptProblem is where and why a script does not compile or run.
type ScriptProblem struct {
	// Line and Col are 1-based; Line is 0 when the error has no position
	// (Col is then 0 too).
	Line, Col int
	// Msg is the reason, without the position.
	Msg string
}

// String prints "line L, column C: msg", the form the editor shows.
func (p ScriptProblem) String() string {
	switch {
	case p.Line > 0 && p.Col > 0:
		return "line " + strconv.Itoa(p.Line) + ", column " + strconv.Itoa(p.Col) + ": " + p.Msg
	case p.Line > 0:
		return "line " + strconv.Itoa(p.Line) + ": " + p.Msg
	}
	return p.Msg
}

// MaxScript is the longest script the editor applies, in bytes: what a
// share link can carry (link.MaxDecoded, 64 KiB).
const MaxScript = link.MaxDecoded

// CheckScript compiles src as the editor would apply it and returns its
// first problem, or nil if it compiles. A script over MaxScript is a
// problem at its first line past the limit.
func CheckScript(src string) *ScriptProblem {
	if len(src) > MaxScript {
		line := strings.Count(src[:MaxScript], "\n") + 1
		return &ScriptProblem{Line: line, Col: 1, Msg: "the script is " + strconv.Itoa(len(src)>>10) + " KiB from here on; a script (and a share link) holds at most " + strconv.Itoa(MaxScript>>10) + " KiB"}
	}
	_, err := script.ParseAndCompile("", src)
	return problemOf(err)
}

// problemOf turns a script error into a ScriptProblem: a *script.Error
// gives its line and column, a *StepError its line.
func problemOf(err error) *ScriptProblem {
	if err == nil {
		return nil
	}
	var se *script.Error
	if errors.As(err, &se) {
		return &ScriptProblem{Line: se.Pos.Line, Col: se.Pos.Col, Msg: se.Msg}
	}
	var st *StepError
	if errors.As(err, &st) {
		return &ScriptProblem{Line: st.Line, Msg: st.Err.Error()}
	}
	return &ScriptProblem{Msg: err.Error()}
}

// EditScript is an action from the editor: the reader's text is now Text.
type EditScript struct{ Text string }

// ApplyScript is an action which plays the editor's draft in place of the
// scenario: an edit of the same script (SameScript) at the same moment, a
// new script from its own start. A draft that does not compile stays in
// the editor with its error marked.
type ApplyScript struct{}

// RevertScript is an action which drops the draft: the editor shows the
// scenario's script again.
type RevertScript struct{}

// RestoreDraft is an action which puts a draft saved before a reload back
// in the editor, if it was edited from the script the page now plays.
type RestoreDraft struct{ Base, Draft string }

// EditorText is what the editor shows: the draft while Dirty, else the
// script of what the page plays.
func (s *Store) EditorText() string {
	if s.Edit.Dirty {
		return s.Edit.Draft
	}
	return s.ScriptText()
}

// EditorStale says the scenario changed (the reader acted on the page)
// after the draft began, so that applying the draft drops those actions.
func (s *Store) EditorStale() bool {
	return s.Edit.Dirty && s.Edit.Base != s.ScriptText()
}

// EditorProblem is the problem to mark in the editor: the draft's while
// Dirty, else the error of a scripted step that failed when played.
func (s *Store) EditorProblem() *ScriptProblem {
	if s.Edit.Dirty {
		return s.Edit.Problem
	}
	return problemOf(s.Player.Err())
}

// apply re-renders only when what the editor shows around the text
// changes (dirty, the problem, the number or width of lines), so that
// typing does not redraw the page at every key.
func (a EditScript) apply(s *Store) bool {
	e := &s.Edit
	before := editorShape(s)
	if !e.Dirty {
		e.Base = s.ScriptText()
	}
	e.Draft = a.Text
	e.Dirty = a.Text != e.Base || e.Dirty
	e.Problem = CheckScript(a.Text)
	if e.Hooks.SaveDraft != nil {
		e.Hooks.SaveDraft(e.Base, e.Draft)
	}
	return editorShape(s) != before
}

func (ApplyScript) apply(s *Store) bool {
	e := &s.Edit
	if !e.Dirty {
		return false
	}
	src := e.Draft
	if e.Problem = CheckScript(src); e.Problem != nil {
		e.Status = "Not applied: " + e.Problem.String() + ". Your text is kept; fix it and apply again."
		return true
	}
	dropped := false
	if stripped := script.StripExpected(src); stripped != src && strings.Contains(src, "\n----\n") {
		src, dropped = stripped, true
	}
	sc, err := script.ParseAndCompile("script", src)
	if err != nil {
		e.Problem = problemOf(err) // can't happen: CheckScript passed
		return true
	}
	n := newScene(sc)
	if n.Err != "" {
		e.Problem = &ScriptProblem{Msg: n.Err}
		e.Status = "Not applied: " + n.Err
		return true
	}
	n.Acting.Source = src
	n.withVariants("script", src)
	at, playing, same := s.Player.Now(), s.Playing, SameScript(s.Player.Scenario(), sc)
	p, isPreset := scenarios.Get(s.Share.Preset)
	s.setScene(n)
	s.Playing = playing
	var note string
	if same {
		s.Player.Seek(min(at, ScenarioEnd(sc)))
		note = "Applied at " + engine.FormatTime(s.Player.Now()) + "."
	} else {
		note = "Applied from the script's own start, " + engine.FormatTime(sc.Config.Start) + ": its cluster line differs from the one that was playing, so it is a new scenario."
	}
	if dropped {
		note += " Expected outputs (the ---- blocks) were dropped: the page plays a script, it does not check one."
	}
	s.Edit = Editing{Status: note, Hooks: e.Hooks}
	if !isPreset || p.LearnerText() != src {
		s.leavePreset()
	}
	s.Share.Copied = ""
	if s.Edit.Hooks.SaveDraft != nil {
		s.Edit.Hooks.SaveDraft("", "")
	}
	return true
}

// SameScript says whether applying next in place of cur is an edit of the
// same script, which keeps the playhead's moment, rather than a new
// script, which plays from its own start. They are the same script when
// their cluster lines give the same cluster: ClusterLine prints the same
// line for both (the number of brokers, seed, start, protocol and every
// setting). So a script whose start= differs, or that has no start= while
// cur has one, is a different script; an edit below the cluster line
// (topics, produces, faults, questions) is the same script.
func SameScript(cur, next script.Scenario) bool {
	return ClusterLine(cur.Config) == ClusterLine(next.Config)
}

func (RevertScript) apply(s *Store) bool {
	if !s.Edit.Dirty && s.Edit.Status == "" {
		return false
	}
	s.Edit = Editing{Hooks: s.Edit.Hooks}
	if s.Edit.Hooks.SaveDraft != nil {
		s.Edit.Hooks.SaveDraft("", "")
	}
	return true
}

func (a RestoreDraft) apply(s *Store) bool {
	if a.Draft == "" || a.Base != s.ScriptText() || a.Draft == a.Base {
		return false
	}
	e := &s.Edit
	e.Base, e.Draft, e.Dirty = a.Base, a.Draft, true
	e.Problem = CheckScript(a.Draft)
	e.Status = "Restored the edits you had not applied before the page reloaded."
	return true
}

// editorShape is what a re-render of the editor depends on besides its
// text: whether it is dirty, its problem, and its size in lines and
// columns (the textarea grows with its text).
type shape struct {
	dirty         bool
	problem       ScriptProblem
	hasProblem    bool
	lines, widest int
	status        string
}

func editorShape(s *Store) shape {
	sh := shape{dirty: s.Edit.Dirty, status: s.Edit.Status}
	if p := s.Edit.Problem; p != nil {
		sh.problem, sh.hasProblem = *p, true
	}
	sh.lines, sh.widest = TextSize(s.EditorText())
	return sh
}

// TextSize returns the number of lines of text (a final newline does not
// start one) and the length of its longest line in characters (runes).
func TextSize(text string) (lines, widest int) {
	for line := range strings.SplitSeq(strings.TrimSuffix(text, "\n"), "\n") {
		lines++
		widest = max(widest, len([]rune(line)))
	}
	return lines, widest
}

// CaretOffset returns the textarea selection offset (in UTF-16 code units, as
// the DOM counts) of line:col (1-based, col in characters; 0 is the
// line's start) in text, or its end if text is shorter.
func CaretOffset(text string, line, col int) int {
	_, at := caret(text, line, col)
	return at
}

// BeforeCaret returns the text before line:col (as CaretOffset places
// it): what the editor measures to scroll the caret into view.
func BeforeCaret(text string, line, col int) string {
	i, _ := caret(text, line, col)
	return text[:i]
}

// caret returns the byte index and the UTF-16 offset of line:col in text
// (CaretOffset).
func caret(text string, line, col int) (int, int) {
	at, l, c := 0, 1, 1
	for i, r := range text {
		if l == line && (c >= col || r == '\n') {
			return i, at
		}
		if r == '\n' {
			l, c = l+1, 1
		} else if l == line {
			c++
		}
		at += utf16.RuneLen(r)
	}
	return len(text), at
}

// ScrollToReveal returns the scroll offset, along one axis, of a box
// that shows the span [at, at+size) of its content: cur, the offset now,
// when the span is already in the part of the box that shows content,
// which at offset cur is [cur+lead, cur+view) (lead is what a sticky edge,
// the editor's line-number gutter, covers); else the least scroll that
// brings it a quarter of that part inside the edge it was beyond, so
// that as much as fits of what comes before it (the start of its line)
// stays in view, never below 0. Units are CSS pixels.
func ScrollToReveal(cur, lead, view, at, size float64) float64 {
	margin := (view - lead) / 4
	switch {
	case at < cur+lead:
		return max(0, at-lead-margin)
	case at+size > cur+view:
		return max(0, at+size-view+margin)
	}
	return cur
}
