package site

import (
	"hash/fnv"
	"slices"
	"strconv"
	"strings"

	"kplay/scenarios"
)

// This file holds lesson progress (docs/embed.md, "Lesson progress"):
// the answers a reader gave in the embeds of one lesson (lesson=ID),
// kept in the embed origin's localStorage under ProgressStorageKey, so
// that they survive a reload and every embed of the lesson can report
// them all to its host (the progress command). What is kept is small and
// bounded: at most MaxProgressLessons lessons, MaxLessonAnswers answers
// a lesson, MaxPickedLen bytes of a picked option; the lesson that was
// written least recently goes first, and within a lesson the oldest
// answer.

// ProgressStorageKey is the localStorage key of every lesson's answers.
const ProgressStorageKey = "kplay.lessons"

// Bounds of what is kept.
const (
	// MaxProgressLessons is how many lessons' answers are kept.
	MaxProgressLessons = 16
	// MaxLessonAnswers is how many answers one lesson keeps.
	MaxLessonAnswers = 128
	// MaxPickedLen is the longest picked option kept, in bytes; a longer
	// one is not recorded (no preset's option comes near it).
	MaxPickedLen = 160
	// MaxProgressText is the longest stored text read back, in bytes:
	// anything longer was not written by kplay and is ignored.
	MaxProgressText = 256 << 10
)

// progressHeader is the first line of the stored text: its format's
// version.
const progressHeader = "kplay-lessons 1"

// Answer is one recorded answer of a lesson.
type Answer struct {
	// Lesson is the lesson ID (lesson=ID, ValidLessonID).
	Lesson string
	// Scenario names the scenario the question is in (ScenarioKey).
	Scenario string
	// Index is the question's place among the scenario's, from 0.
	Index int
	// Question is QuestionHash of the question's text, so that an answer
	// is never shown against a question the scenario no longer asks.
	Question string
	// Picked is the option the reader predicted, "" if they asked to
	// be shown the answer without picking.
	Picked string
	// Correct says Picked was the answer.
	Correct bool
}

// LessonProgress is the recorded answers of every lesson, oldest first. The
// zero value holds none.
type LessonProgress struct {
	answers []Answer
}

// ScenarioKey names the scenario an embed opened, for its answers:
// "preset:NAME" for a preset, "script:" and 16 hex digits of FNV-1a over
// the script for any other.
func ScenarioKey(preset, script string) string {
	if preset != "" {
		return "preset:" + preset
	}
	h := fnv.New64a()
	h.Write([]byte(script))
	return "script:" + hexDigits(h.Sum64(), 16)
}

// hexDigits writes the n low hex digits of v, zeros in front.
func hexDigits(v uint64, n int) string {
	s := strconv.FormatUint(v, 16)
	for len(s) < n {
		s = "0" + s
	}
	return s
}

// QuestionHash is 8 hex digits of FNV-1a over a question's text.
func QuestionHash(q string) string {
	h := fnv.New32a()
	h.Write([]byte(q))
	return hexDigits(uint64(h.Sum32()), 8)
}

// validScenarioKey says k is a ScenarioKey: a preset's name as
// scenarios name them, or 16 hex digits.
func validScenarioKey(k string) bool {
	if name, ok := strings.CutPrefix(k, "preset:"); ok {
		return validPresetName(name)
	}
	h, ok := strings.CutPrefix(k, "script:")
	return ok && len(h) == 16 && isHex(h)
}

// validPresetName says name could be a preset's: 1 to 64 lower-case
// letters, digits and '-'.
func validPresetName(name string) bool {
	if len(name) == 0 || len(name) > 64 {
		return false
	}
	for _, c := range []byte(name) {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

func isHex(s string) bool {
	for _, c := range []byte(s) {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// valid says a is an answer LessonProgress may keep.
func (a Answer) valid() bool {
	return ValidLessonID(a.Lesson) && validScenarioKey(a.Scenario) && a.Index >= 0 && a.Index < MaxLessonAnswers &&
		len(a.Question) == 8 && isHex(a.Question) && len(a.Picked) <= MaxPickedLen
}

// ParseLessonProgress reads the stored text (LessonProgress.String). Lines it cannot
// read are skipped, text of another format or over MaxProgressText gives
// no answers, and the bounds hold whatever the text says: the storage is
// the origin's, and any script of it could have written there.
func ParseLessonProgress(text string) LessonProgress {
	var p LessonProgress
	if len(text) > MaxProgressText {
		return p
	}
	lines := strings.Split(text, "\n")
	if lines[0] != progressHeader {
		return p
	}
	for _, line := range lines[1:] {
		f := strings.SplitN(line, " ", 6)
		if len(f) != 6 || (f[4] != "0" && f[4] != "1") {
			continue
		}
		i, err := strconv.Atoi(f[2])
		picked, qerr := strconv.Unquote(f[5])
		if err != nil || qerr != nil {
			continue
		}
		p.Record(Answer{Lesson: f[0], Scenario: f[1], Index: i, Question: f[3], Correct: f[4] == "1", Picked: picked})
	}
	return p
}

// String is the text ParseLessonProgress reads: a header line, then one line
// per answer, oldest first: "LESSON SCENARIO INDEX QUESTION 0|1 PICKED",
// PICKED quoted as Go quotes a string (strconv.Quote).
func (p LessonProgress) String() string {
	var b strings.Builder
	b.WriteString(progressHeader)
	for _, a := range p.answers {
		correct := "0"
		if a.Correct {
			correct = "1"
		}
		b.WriteString("\n" + a.Lesson + " " + a.Scenario + " " + strconv.Itoa(a.Index) + " " + a.Question + " " + correct + " " + strconv.Quote(a.Picked))
	}
	return b.String()
}

// Record keeps a, in place of an earlier answer to the same question of
// the same lesson, as the newest; an answer that is not valid (a bad
// lesson ID or scenario key, a picked option over MaxPickedLen) is not
// kept. It then drops the oldest answers of a lesson over
// MaxLessonAnswers, and the least recently written lessons over
// MaxProgressLessons.
func (p *LessonProgress) Record(a Answer) {
	if !a.valid() {
		return
	}
	p.answers = slices.DeleteFunc(p.answers, func(b Answer) bool {
		return b.Lesson == a.Lesson && b.Scenario == a.Scenario && b.Index == a.Index
	})
	p.answers = append(p.answers, a)
	n := 0
	lessons := []string{}
	for i := len(p.answers) - 1; i >= 0; i-- {
		l := p.answers[i].Lesson
		if l == a.Lesson {
			n++
		}
		if !slices.Contains(lessons, l) {
			lessons = append(lessons, l)
		}
		if n > MaxLessonAnswers && l == a.Lesson || slices.Index(lessons, l) >= MaxProgressLessons {
			p.answers = slices.Delete(p.answers, i, i+1)
		}
	}
}

// Forget drops the answers of one scenario of a lesson.
func (p *LessonProgress) Forget(lesson, scenario string) {
	p.answers = slices.DeleteFunc(p.answers, func(a Answer) bool { return a.Lesson == lesson && a.Scenario == scenario })
}

// Of returns the answers recorded under lesson, oldest first.
func (p LessonProgress) Of(lesson string) []Answer {
	var out []Answer
	for _, a := range p.answers {
		if a.Lesson == lesson {
			out = append(out, a)
		}
	}
	return out
}

// RestoreAnswers is an action from an embed opened in a lesson: it shows
// the scenario's questions that Answers (the lesson's recorded answers)
// answered as answered, as the reader left them, so that playback no
// longer stops at them. An answer for another scenario, a question the
// scenario does not ask (its index or its text differ) or an option it
// does not offer is passed over.
type RestoreAnswers struct {
	Scenario string
	Answers  []Answer
}

func (a RestoreAnswers) apply(s *Store) bool {
	l := &s.Lesson
	changed := false
	for _, r := range a.Answers {
		if r.Scenario != a.Scenario || r.Index < 0 || r.Index >= len(l.Asks) {
			continue
		}
		ask := l.Asks[r.Index]
		if QuestionHash(ask.Question) != r.Question || (r.Picked != "" && !slices.Contains(ask.Options, r.Picked)) {
			continue
		}
		l.Picked[r.Index], l.Revealed[r.Index] = r.Picked, true
		changed = true
	}
	return changed
}

// presetTitle is the title of the preset a ScenarioKey names, "" for a
// script's key or an unknown preset.
func presetTitle(key string) string {
	if name, ok := strings.CutPrefix(key, "preset:"); ok {
		if p, ok := scenarios.Get(name); ok {
			return p.Title
		}
	}
	return ""
}
