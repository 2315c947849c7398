package site

import (
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/link"
	"kplay/scenarios"
)

// This file holds the embed's side of its postMessage API with the page
// that frames it (docs/embed.md): the commands a host may send, each a
// function in one table (EmbedAPI.Handle adds more), the messages that
// describe the scenario and its questions, and the errors that say why a
// command was not obeyed. The transport (which windows and origins are
// heard, the queue of commands sent before ready, adding source and v to
// every message) is static/embed.js's; wasm/playground/embed.go wires the
// two together.

// EmbedAPIVersion is the version of the embed API: every message the
// embed posts carries it as v, and a command that carries a v must carry
// this one.
const EmbedAPIVersion = 1

// Msg is one message to the host: its type and fields, without source and
// v, which the transport adds. Values are what syscall/js's ValueOf takes
// (string, float64, int, bool, []any, map[string]any), hence an alias.
type Msg = map[string]any

// Args reads a command's fields: each method reports false when the field
// is absent or of another kind (a command's data is whatever the host
// posted).
type Args interface {
	String(key string) (string, bool)
	Number(key string) (float64, bool)
	Bool(key string) (bool, bool)
	Has(key string) bool
}

// CommandFunc obeys one command; the Problem it returns (nil when it
// obeyed) is posted to the host as an "error" message naming the command.
type CommandFunc func(args Args) *Problem

// EmbedAPIHooks are the browser services the API needs.
type EmbedAPIHooks struct {
	// Post sends a message to the host (the transport adds source and v).
	Post func(m Msg)
	// Open loads embed.html with this query (no "?") in place of the
	// embed: the load command.
	Open func(query string)
	// Query is the embed's own query (location.search, no "?"), whose
	// options a load keeps.
	Query string
	// LoadProgress reads the stored answers (ProgressStorageKey) and
	// reports whether the browser let it; SaveProgress stores them and
	// reports the same. Nil, or false, where storage is refused (a
	// sandboxed frame without allow-same-origin): the answers are then
	// kept in the page only.
	LoadProgress func() (string, bool)
	SaveProgress func(text string) bool
}

// EmbedAPI obeys a host's commands and words the embed's messages about
// the scenario, its questions and its lesson's answers.
type EmbedAPI struct {
	s        *Store
	hooks    EmbedAPIHooks
	commands map[string]CommandFunc
	// lesson is the lesson ID (EmbedOptions.Lesson), "" for none;
	// scenario the ScenarioKey of what the embed opened.
	lesson, scenario string
	// mem is the lesson's answers where storage is refused.
	mem LessonProgress
}

// NewEmbedAPI returns the API of an embed showing s, with the commands of
// docs/embed.md. It restores the answers recorded under the embed's
// lesson (RestoreAnswers) and sets s's lesson hooks (LessonHooks).
func NewEmbedAPI(s *Store, hooks EmbedAPIHooks) *EmbedAPI {
	a := &EmbedAPI{s: s, hooks: hooks}
	if e := s.Share.Embed; e != nil {
		a.lesson = e.Lesson
	}
	a.scenario = ScenarioKey(s.Share.Preset, s.ScriptText())
	a.commands = map[string]CommandFunc{
		"play":     a.play,
		"pause":    a.pause,
		"seek":     a.seek,
		"load":     a.load,
		"answer":   a.answer,
		"reveal":   a.reveal,
		"continue": a.cont,
		"reset":    a.reset,
		"lesson":   a.lessonMode,
		"progress": a.progress,
	}
	s.Lesson.Hooks = LessonHooks{Asked: a.asked, Answered: a.answered, Reset: a.forget}
	if a.lesson != "" {
		p, _ := a.loadProgress()
		s.Dispatch(RestoreAnswers{Scenario: a.scenario, Answers: p.Of(a.lesson)})
	}
	return a
}

// Handle adds (or replaces) the command called name; added before Start,
// it is among those ready lists.
func (a *EmbedAPI) Handle(name string, f CommandFunc) { a.commands[name] = f }

// Commands lists the commands' names, sorted.
func (a *EmbedAPI) Commands() []string {
	names := make([]string, 0, len(a.commands))
	for n := range a.commands {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Receive obeys one command from the host, or posts an "error" that says
// why it did not.
func (a *EmbedAPI) Receive(args Args) {
	typ, ok := args.String("type")
	if !ok {
		a.Fail(Problem{ReasonBadCommand, "type", `A command is an object whose type is a string, such as {v: 1, type: "play"}.`}, "")
		return
	}
	if args.Has("v") {
		if v, ok := args.Number("v"); !ok || v != EmbedAPIVersion {
			a.Fail(Problem{ReasonBadCommand, "v", "This embed speaks version " + strconv.Itoa(EmbedAPIVersion) + " of kplay's embed API: a command carries v: 1, or no v."}, typ)
			return
		}
	}
	f, ok := a.commands[typ]
	if !ok {
		a.Fail(Problem{ReasonUnknownCommand, "type", "There is no command " + strconv.Quote(clip(typ)) + "; the commands are " + strings.Join(a.Commands(), ", ") + "."}, typ)
		return
	}
	if p := f(args); p != nil {
		a.Fail(*p, typ)
	}
}

// Fail posts p as an "error" message: {type: "error", reason, text,
// param (when p names one), command (the command's type, when a command
// failed)}.
func (a *EmbedAPI) Fail(p Problem, command string) {
	m := Msg{"type": "error", "reason": p.Reason, "text": p.Text}
	if p.Param != "" {
		m["param"] = p.Param
	}
	if command != "" {
		m["command"] = clip(command)
	}
	a.post(m)
}

func (a *EmbedAPI) post(m Msg) {
	if a.hooks.Post != nil {
		a.hooks.Post(m)
	}
}

// Start posts what the address asked for that the embed could not do
// (Sharing.Problems, one "error" each), then "ready".
func (a *EmbedAPI) Start() {
	for _, p := range a.s.Share.Problems {
		a.Fail(p, "")
	}
	a.post(a.Ready())
}

// Ready is the "ready" message: the scenario's title; the playhead (at),
// its start and its last scripted moment (end), all in simulated ms on
// the scenario's clock (engine.Time, which a cluster line's start= may
// set past 0); the scenario's key, the lesson ID and whether playback
// stops at questions; every question without its answer; and the
// commands the embed obeys.
func (a *EmbedAPI) Ready() Msg {
	p, l := a.s.Player, &a.s.Lesson
	qs := make([]any, len(l.Asks))
	for i, ask := range l.Asks {
		qs[i] = Msg{"index": i, "question": ask.Question, "options": anyStrings(ask.Options), "at": float64(ask.At), "answered": l.Revealed[i]}
	}
	return Msg{
		"type": "ready", "title": a.s.Title,
		"at": float64(p.Now()), "start": float64(p.Scenario().Config.Start), "end": float64(p.lastMoment),
		"scenario": a.scenario, "lesson": a.lesson, "lessonMode": !l.Off,
		"questions": qs, "commands": anyStrings(a.Commands()),
	}
}

func anyStrings(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// asked posts "ask" when playback stops at question i.
func (a *EmbedAPI) asked(i int, ask script.Ask) {
	a.post(Msg{"type": "ask", "index": i, "question": ask.Question, "options": anyStrings(ask.Options), "at": float64(ask.At)})
}

// answered posts "answer" when question i's answer shows, and records it
// under the embed's lesson.
func (a *EmbedAPI) answered(i int, ask script.Ask, picked string) {
	a.post(Msg{"type": "answer", "index": i, "picked": picked, "answer": ask.Answer, "correct": picked == ask.Answer})
	if a.lesson == "" {
		return
	}
	p, _ := a.loadProgress()
	p.Record(Answer{Lesson: a.lesson, Scenario: a.scenario, Index: i, Question: QuestionHash(ask.Question), Picked: picked, Correct: picked == ask.Answer})
	a.saveProgress(p)
}

// forget drops the embed's recorded answers when the reader (or the
// host's reset) replays the scenario from its start, which asks every
// question again.
func (a *EmbedAPI) forget() {
	if a.lesson == "" {
		return
	}
	p, _ := a.loadProgress()
	p.Forget(a.lesson, a.scenario)
	a.saveProgress(p)
}

// loadProgress reads every lesson's answers from storage, or from the
// page where storage is refused, and reports whether storage was read.
func (a *EmbedAPI) loadProgress() (LessonProgress, bool) {
	if a.hooks.LoadProgress != nil {
		if text, ok := a.hooks.LoadProgress(); ok {
			return ParseLessonProgress(text), true
		}
	}
	return a.mem, false
}

func (a *EmbedAPI) saveProgress(p LessonProgress) {
	a.mem = p
	if a.hooks.SaveProgress != nil {
		a.hooks.SaveProgress(p.String())
	}
}

// The commands. Each returns the problem that kept it from being obeyed.

func notNow(text string) *Problem { return &Problem{ReasonNotNow, "", text} }

func badField(field, text string) *Problem { return &Problem{ReasonBadCommand, field, text} }

func (a *EmbedAPI) play(Args) *Problem {
	if a.s.Playing {
		return nil
	}
	if !a.s.mayPlay() {
		return notNow("A question waits for its answer: send answer, reveal or continue first (or lesson with on: false).")
	}
	a.s.Dispatch(TogglePlay{})
	return nil
}

func (a *EmbedAPI) pause(Args) *Problem {
	if a.s.Playing {
		a.s.Dispatch(TogglePlay{})
	}
	return nil
}

// seek moves the playhead to at, simulated ms on the scenario's clock,
// rounded to a whole ms: from the scenario's start to the furthest a
// seek may go (the latest of ScenarioEnd and the furthest played).
func (a *EmbedAPI) seek(args Args) *Problem {
	at, ok := args.Number("at")
	if !ok || math.IsNaN(at) || math.IsInf(at, 0) {
		return &Problem{ReasonBadSeek, "at", "seek needs at, a number of simulated milliseconds on the scenario's clock (from ready's start)."}
	}
	start := a.s.Player.Scenario().Config.Start
	limit := max(a.s.Player.Horizon(), ScenarioEnd(a.s.Player.Scenario()))
	t := math.Round(at)
	switch {
	case t < float64(start):
		return &Problem{ReasonBadSeek, "at", "seek's at " + strconv.FormatFloat(at, 'f', -1, 64) + " is before the scenario's start, " + strconv.FormatInt(int64(start), 10) + " ms (" + engine.FormatTime(start) + "); the playhead stays."}
	case t > float64(limit):
		return &Problem{ReasonBadSeek, "at", "seek's at " + strconv.FormatFloat(at, 'f', -1, 64) + " is past the furthest this scenario may be played to, " + strconv.FormatInt(int64(limit), 10) + " ms (" + engine.FormatTime(limit) + "); the playhead stays."}
	}
	a.s.Dispatch(Seek{At: engine.Time(t)})
	return nil
}

// load opens a share link (link: "s=1.…&t=…") or a preset (preset:
// NAME) in place of the scenario, keeping the embed's other parameters.
// One it cannot read leaves the scenario as it is.
func (a *EmbedAPI) load(args Args) *Problem {
	q, _ := url.ParseQuery(a.hooks.Query)
	q.Del("s")
	q.Del("t")
	q.Del("preset")
	if args.Has("link") {
		l, ok := args.String("link")
		if !ok {
			return badField("link", "load's link is a share link's text, such as \"s=1.…&t=4000\".")
		}
		parsed, err := link.Parse(l)
		if err != nil {
			return &Problem{ReasonBadLink, "link", LinkProblem(err) + " The embed keeps its scenario."}
		}
		if parsed.Script == "" {
			return &Problem{ReasonBadLink, "link", "This link holds no scenario (s=1.…). The embed keeps its scenario."}
		}
		frag, _ := url.ParseQuery(link.Encode(parsed))
		for k, v := range frag {
			q[k] = v
		}
	} else if args.Has("preset") {
		name, ok := args.String("preset")
		if !ok {
			return badField("preset", "load's preset is a preset's name, such as \"acks1-loss\".")
		}
		if _, ok := scenarios.Get(name); !ok {
			return &Problem{ReasonUnknownPreset, "preset", NoPreset(name) + " The embed keeps its scenario."}
		}
		q.Set("preset", name)
	} else {
		return badField("link", "load needs link (a share link's s=1.…&t=…) or preset (a preset's name).")
	}
	if a.hooks.Open != nil {
		a.hooks.Open(q.Encode())
	}
	return nil
}

// openQuestion is the question on screen, or the problem of a command
// that needs one.
func (a *EmbedAPI) openQuestion(cmd string) (script.Ask, *Problem) {
	ask, ok := a.s.OpenAsk()
	if !ok {
		return ask, notNow("No question is open, so there is nothing to " + cmd + ": wait for an ask message.")
	}
	return ask, nil
}

// answer picks option of the open question, as a click on the card's
// option does (PickAnswer).
func (a *EmbedAPI) answer(args Args) *Problem {
	option, ok := args.String("option")
	if !ok {
		return badField("option", "answer needs option, the text of one of the open question's options.")
	}
	ask, p := a.openQuestion("answer")
	if p != nil {
		return p
	}
	if a.s.Lesson.Revealed[a.s.Lesson.Open] {
		return notNow("The open question is answered already: send continue to play on.")
	}
	if !slices.Contains(ask.Options, option) {
		quoted := make([]string, len(ask.Options))
		for i, o := range ask.Options {
			quoted[i] = strconv.Quote(o)
		}
		return badField("option", strconv.Quote(clip(option))+" is not an option of the open question; its options are "+strings.Join(quoted, ", ")+".")
	}
	a.s.Dispatch(PickAnswer{Option: option})
	return nil
}

// reveal shows the open question's answer without a pick ("Just show
// me", RevealAnswer).
func (a *EmbedAPI) reveal(Args) *Problem {
	if _, p := a.openQuestion("reveal"); p != nil {
		return p
	}
	if a.s.Lesson.Revealed[a.s.Lesson.Open] {
		return notNow("The open question's answer shows already: send continue to play on.")
	}
	a.s.Dispatch(RevealAnswer{})
	return nil
}

// cont closes the open question's card and plays on (Continue,
// ContinueLesson), revealing its answer first if it was not.
func (a *EmbedAPI) cont(Args) *Problem {
	if _, p := a.openQuestion("continue"); p != nil {
		return p
	}
	a.s.Dispatch(ContinueLesson{})
	return nil
}

// reset replays the scenario from its start, as Replay does (Restart),
// which asks every question again and forgets the embed's recorded
// answers.
func (a *EmbedAPI) reset(Args) *Problem {
	a.s.Dispatch(Restart{})
	return nil
}

// lessonMode turns stopping at questions on or off (the "Stop at
// questions" toggle, ToggleLesson).
func (a *EmbedAPI) lessonMode(args Args) *Problem {
	on, ok := args.Bool("on")
	if !ok {
		return badField("on", "lesson needs on: true to stop at questions, false to play through them.")
	}
	if on == a.s.Lesson.Off {
		a.s.Dispatch(ToggleLesson{})
	}
	return nil
}

// progress posts the "progress" message: every answer recorded under the
// embed's lesson, by this embed and every other of the lesson (the
// origin's storage), oldest first, and whether they are stored (false
// where storage is refused: only this embed's answers, in the page).
func (a *EmbedAPI) progress(Args) *Problem {
	if a.lesson == "" {
		return notNow("This embed keeps no answers: open it with lesson=ID, the same ID in every embed of the lesson.")
	}
	p, stored := a.loadProgress()
	answers := []any{}
	for _, r := range p.Of(a.lesson) {
		m := Msg{"scenario": r.Scenario, "index": r.Index, "picked": r.Picked, "correct": r.Correct}
		if t := presetTitle(r.Scenario); t != "" {
			m["title"] = t
		}
		answers = append(answers, m)
	}
	a.post(Msg{"type": "progress", "lesson": a.lesson, "stored": stored, "answers": answers})
	return nil
}
