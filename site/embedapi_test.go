package site

import (
	"strings"
	"testing"

	"kplay/link"
)

// mapArgs is a command's fields as a host would post them.
type mapArgs map[string]any

func (m mapArgs) String(k string) (string, bool) { v, ok := m[k].(string); return v, ok }
func (m mapArgs) Number(k string) (float64, bool) {
	switch v := m[k].(type) {
	case float64:
		return v, true
	case int:
		return float64(v), true
	}
	return 0, false
}
func (m mapArgs) Bool(k string) (bool, bool) { v, ok := m[k].(bool); return v, ok }
func (m mapArgs) Has(k string) bool          { _, ok := m[k]; return ok }

// apiHarness is an embed of lessonScript (lesson=lesson) whose host
// records every message, with a storage of its own.
type apiHarness struct {
	s      *Store
	api    *EmbedAPI
	msgs   []Msg
	opened []string
	stored *string
}

func newAPIHarness(t *testing.T, query string, stored *string) *apiHarness {
	t.Helper()
	st := ParseStartup("#"+link.Encode(link.Link{Script: lessonScript}), query)
	s := OpenStartup(st, true)
	s.Playing = false
	h := &apiHarness{s: s, stored: stored}
	hooks := EmbedAPIHooks{
		Post:  func(m Msg) { h.msgs = append(h.msgs, m) },
		Open:  func(q string) { h.opened = append(h.opened, q) },
		Query: strings.TrimPrefix(query, "?"),
	}
	if stored != nil {
		hooks.LoadProgress = func() (string, bool) { return *h.stored, true }
		hooks.SaveProgress = func(v string) bool { *h.stored = v; return true }
	}
	h.api = NewEmbedAPI(s, hooks)
	return h
}

// send posts a command and returns the messages it caused.
func (h *apiHarness) send(cmd mapArgs) []Msg {
	n := len(h.msgs)
	h.api.Receive(cmd)
	return h.msgs[n:]
}

// errorOf is the one error message in ms, or fails.
func errorOf(t *testing.T, what string, ms []Msg) Msg {
	t.Helper()
	for _, m := range ms {
		if m["type"] == "error" {
			return m
		}
	}
	t.Fatalf("%s: no error among %v", what, ms)
	return nil
}

func noError(t *testing.T, what string, ms []Msg) {
	t.Helper()
	for _, m := range ms {
		if m["type"] == "error" {
			t.Errorf("%s: %v", what, m)
		}
	}
}

func (h *apiHarness) toQuestion(t *testing.T) {
	t.Helper()
	h.s.Speed = 100
	noError(t, "play", h.send(mapArgs{"type": "play", "v": 1}))
	playUntilPaused(h.s, 1000)
	if _, ok := h.s.OpenAsk(); !ok {
		t.Fatalf("no question open at %v", h.s.Player.Now())
	}
}

func TestEmbedAPIReady(t *testing.T) {
	h := newAPIHarness(t, "?lesson=unit-1", nil)
	h.api.Start()
	r := h.msgs[len(h.msgs)-1]
	if r["type"] != "ready" || r["title"] != "lesson" || r["start"] != 0.0 || r["end"] != 30000.0 || r["at"] != 0.0 || r["lesson"] != "unit-1" || r["lessonMode"] != true {
		t.Errorf("ready = %v", r)
	}
	qs := r["questions"].([]any)
	q0 := qs[0].(Msg)
	if len(qs) != 2 || q0["question"] != "b1 is about to crash. Who leads then?" || q0["at"] != 5000.0 || q0["answered"] != false ||
		strings.Join(anyToStrings(q0["options"]), ",") != "b1,b2,b3" {
		t.Errorf("questions = %v", qs)
	}
	for _, q := range qs {
		for k := range q.(Msg) {
			if k == "answer" || k == "why" {
				t.Errorf("ready gives the answer away: %v", q)
			}
		}
	}
	if !strings.Contains(strings.Join(anyToStrings(r["commands"]), ","), "answer,continue,lesson,load,pause,play,progress,reset,reveal,seek") {
		t.Errorf("commands = %v", r["commands"])
	}
}

func anyToStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// TestEmbedAPIStartProblems: parameters the embed changed or ignored are
// posted as errors before ready.
func TestEmbedAPIStartProblems(t *testing.T) {
	h := newAPIHarness(t, "?speed=1e9&lesson=a%20b", nil)
	h.api.Start()
	if len(h.msgs) != 3 || h.msgs[0]["param"] != "speed" || h.msgs[1]["param"] != "lesson" || h.msgs[2]["type"] != "ready" {
		t.Fatalf("messages %v", h.msgs)
	}
	for _, m := range h.msgs[:2] {
		if m["type"] != "error" || m["reason"] != ReasonBadParameter || m["text"] == "" || m["command"] != nil {
			t.Errorf("start problem %v", m)
		}
	}
}

func TestEmbedAPIQuiz(t *testing.T) {
	h := newAPIHarness(t, "", nil)
	// Nothing is open yet.
	for _, c := range []string{"answer", "reveal", "continue"} {
		m := errorOf(t, c, h.send(mapArgs{"type": c, "option": "b2"}))
		if m["reason"] != ReasonNotNow || m["command"] != c {
			t.Errorf("%s with no question: %v", c, m)
		}
	}
	h.toQuestion(t)
	if m := errorOf(t, "play over a question", h.send(mapArgs{"type": "play"})); m["reason"] != ReasonNotNow {
		t.Errorf("play over a question: %v", m)
	}
	if m := errorOf(t, "answer without option", h.send(mapArgs{"type": "answer"})); m["reason"] != ReasonBadCommand || m["param"] != "option" {
		t.Errorf("answer without option: %v", m)
	}
	if m := errorOf(t, "a wrong option", h.send(mapArgs{"type": "answer", "option": "b9"})); m["reason"] != ReasonBadCommand || !strings.Contains(m["text"].(string), `"b1", "b2", "b3"`) {
		t.Errorf("answer b9: %v", m)
	}
	ms := h.send(mapArgs{"type": "answer", "option": "b3"})
	noError(t, "answer b3", ms)
	if len(ms) != 1 || ms[0]["type"] != "answer" || ms[0]["picked"] != "b3" || ms[0]["correct"] != false || ms[0]["answer"] != "b2" {
		t.Errorf("answer b3 posts %v", ms)
	}
	if m := errorOf(t, "answer twice", h.send(mapArgs{"type": "answer", "option": "b2"})); m["reason"] != ReasonNotNow {
		t.Errorf("answer twice: %v", m)
	}
	if m := errorOf(t, "reveal an answered one", h.send(mapArgs{"type": "reveal"})); m["reason"] != ReasonNotNow {
		t.Errorf("reveal an answered question: %v", m)
	}
	noError(t, "continue", h.send(mapArgs{"type": "continue"}))
	if !h.s.Playing {
		t.Error("continue does not play on")
	}
	playUntilPaused(h.s, 1000)
	ms = h.send(mapArgs{"type": "reveal"})
	if len(ms) != 1 || ms[0]["type"] != "answer" || ms[0]["picked"] != "" || ms[0]["index"] != 1 {
		t.Errorf("reveal posts %v", ms)
	}
	noError(t, "reset", h.send(mapArgs{"type": "reset"}))
	if h.s.Player.Now() != 0 || h.s.Lesson.Revealed[0] || h.s.Lesson.Revealed[1] {
		t.Errorf("reset: at %v, revealed %v", h.s.Player.Now(), h.s.Lesson.Revealed)
	}
	// Lesson mode off plays through the questions.
	if m := errorOf(t, "lesson without on", h.send(mapArgs{"type": "lesson", "on": "no"})); m["param"] != "on" {
		t.Errorf("lesson on=no: %v", m)
	}
	noError(t, "lesson off", h.send(mapArgs{"type": "lesson", "on": false}))
	noError(t, "lesson off again", h.send(mapArgs{"type": "lesson", "on": false}))
	if !h.s.Lesson.Off {
		t.Fatal("lesson on: false leaves lesson mode on")
	}
	h.send(mapArgs{"type": "play"})
	playUntilPaused(h.s, 200)
	if _, ok := h.s.OpenAsk(); ok {
		t.Error("with lesson mode off playback stopped at a question")
	}
	noError(t, "lesson on", h.send(mapArgs{"type": "lesson", "on": true}))
	if h.s.Lesson.Off {
		t.Error("lesson on: true leaves lesson mode off")
	}
}

func TestEmbedAPISeekAndPlay(t *testing.T) {
	h := newAPIHarness(t, "", nil)
	noError(t, "seek", h.send(mapArgs{"type": "seek", "at": 2500.4}))
	if h.s.Player.Now() != 2500 {
		t.Errorf("seek 2500.4 went to %v", h.s.Player.Now())
	}
	for _, at := range []any{"2000", nil, -1.0, 1e15} {
		m := errorOf(t, "a bad seek", h.send(mapArgs{"type": "seek", "at": at}))
		if m["reason"] != ReasonBadSeek || m["param"] != "at" || h.s.Player.Now() != 2500 {
			t.Errorf("seek %v: %v, playhead %v", at, m, h.s.Player.Now())
		}
	}
	noError(t, "play", h.send(mapArgs{"type": "play"}))
	noError(t, "play again", h.send(mapArgs{"type": "play"}))
	if !h.s.Playing {
		t.Error("play does not play")
	}
	noError(t, "pause", h.send(mapArgs{"type": "pause"}))
	noError(t, "pause again", h.send(mapArgs{"type": "pause"}))
	if h.s.Playing {
		t.Error("pause does not pause")
	}
}

func TestEmbedAPICommandErrors(t *testing.T) {
	h := newAPIHarness(t, "", nil)
	for _, c := range []struct {
		cmd            mapArgs
		reason, param  string
		command, words string
	}{
		{mapArgs{"type": "dance"}, ReasonUnknownCommand, "type", "dance", "the commands are answer, continue,"},
		{mapArgs{"kind": "play"}, ReasonBadCommand, "type", "", "type is a string"},
		{mapArgs{"type": 3.0}, ReasonBadCommand, "type", "", "type is a string"},
		{mapArgs{"type": "play", "v": 2}, ReasonBadCommand, "v", "play", "version 1"},
		{mapArgs{"type": "load"}, ReasonBadCommand, "link", "load", "needs link"},
		{mapArgs{"type": "load", "preset": "nope"}, ReasonUnknownPreset, "preset", "load", `no preset called "nope". The embed keeps its scenario.`},
		{mapArgs{"type": "load", "link": "s=1.!!!"}, ReasonBadLink, "link", "load", "damaged"},
		{mapArgs{"type": "load", "link": 7.0}, ReasonBadCommand, "link", "load", "share link's text"},
		{mapArgs{"type": "progress"}, ReasonNotNow, "", "progress", "lesson=ID"},
	} {
		m := errorOf(t, c.words, h.send(c.cmd))
		if m["reason"] != c.reason || (c.param != "" && m["param"] != c.param) || (c.command != "" && m["command"] != c.command) || !strings.Contains(m["text"].(string), c.words) {
			t.Errorf("%v: %v", c.cmd, m)
		}
	}
	if len(h.opened) != 0 {
		t.Errorf("a load that failed opened %v", h.opened)
	}
	noError(t, "load a preset", h.send(mapArgs{"type": "load", "preset": "acks1-loss"}))
	frag := link.Encode(link.Link{Script: "cluster brokers=3\n", T: 5, HasT: true})
	noError(t, "load a link", h.send(mapArgs{"type": "load", "link": frag}))
	if len(h.opened) != 2 || h.opened[0] != "preset=acks1-loss" || !strings.HasPrefix(h.opened[1], "s=1.") || !strings.HasSuffix(h.opened[1], "&t=5") {
		t.Errorf("opened %q", h.opened)
	}
}

// TestEmbedAPIProgress: answers are kept under the lesson, shared with
// every embed of it through the storage, restored as answered, and
// forgotten by a replay.
func TestEmbedAPIProgress(t *testing.T) {
	stored := ""
	h := newAPIHarness(t, "?lesson=unit-1", &stored)
	h.toQuestion(t)
	h.send(mapArgs{"type": "answer", "option": "b2"})
	if !strings.Contains(stored, `unit-1 script:`) || !strings.HasSuffix(stored, ` 0 `+QuestionHash("b1 is about to crash. Who leads then?")+` 1 "b2"`) {
		t.Fatalf("stored %q", stored)
	}
	// Another embed of the same lesson, another scenario, answers too.
	stored += "\nunit-1 preset:acks1-loss 1 0000000a 0 \"b1 keeps it\""
	// The embed reopened shows the answer; progress lists both.
	again := newAPIHarness(t, "?lesson=unit-1", &stored)
	if !again.s.Lesson.Revealed[0] || again.s.Lesson.Picked[0] != "b2" || again.s.Lesson.Revealed[1] {
		t.Errorf("reopened: picked %q revealed %v", again.s.Lesson.Picked, again.s.Lesson.Revealed)
	}
	again.api.Start()
	if q := again.msgs[len(again.msgs)-1]["questions"].([]any); q[0].(Msg)["answered"] != true || q[1].(Msg)["answered"] != false {
		t.Errorf("ready's questions %v", q)
	}
	ms := again.send(mapArgs{"type": "progress"})
	if len(ms) != 1 || ms[0]["type"] != "progress" || ms[0]["lesson"] != "unit-1" || ms[0]["stored"] != true {
		t.Fatalf("progress: %v", ms)
	}
	as := ms[0]["answers"].([]any)
	if len(as) != 2 || as[0].(Msg)["picked"] != "b2" || as[0].(Msg)["correct"] != true || as[1].(Msg)["scenario"] != "preset:acks1-loss" ||
		as[1].(Msg)["title"] == nil || as[1].(Msg)["index"] != 1 {
		t.Errorf("answers %v", as)
	}
	// Another lesson sees none of them.
	other := newAPIHarness(t, "?lesson=unit-2", &stored)
	if other.s.Lesson.Revealed[0] {
		t.Error("another lesson's embed shows the answer")
	}
	// A replay forgets this scenario's answers, not the other embed's.
	again.send(mapArgs{"type": "reset"})
	if strings.Contains(stored, "script:") || !strings.Contains(stored, "preset:acks1-loss") {
		t.Errorf("after reset, stored %q", stored)
	}
	// Without storage (a sandboxed frame) the answers live in the page.
	mem := newAPIHarness(t, "?lesson=unit-1", nil)
	mem.toQuestion(t)
	mem.send(mapArgs{"type": "reveal"})
	ms = mem.send(mapArgs{"type": "progress"})
	if as := ms[0]["answers"].([]any); ms[0]["stored"] != false || len(as) != 1 || as[0].(Msg)["picked"] != "" {
		t.Errorf("progress without storage: %v", ms)
	}
}

// TestEmbedAPIHandle: a command added to the table is obeyed and listed.
func TestEmbedAPIHandle(t *testing.T) {
	h := newAPIHarness(t, "", nil)
	got := ""
	h.api.Handle("wave", func(a Args) *Problem {
		got, _ = a.String("hand")
		return nil
	})
	noError(t, "wave", h.send(mapArgs{"type": "wave", "hand": "left"}))
	if got != "left" || !strings.Contains(strings.Join(h.api.Commands(), ","), "wave") {
		t.Errorf("wave: %q %v", got, h.api.Commands())
	}
}
