//go:build browser && !js

package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestBrowserEmbedHostAsks: with questions=host a lesson page asks the
// questions itself: the embed still stops at each (ask) but draws no
// card and no "Stop at questions" switch (its own card beside the
// page's quiz asked every question twice), and obeys answer and
// continue.
func TestBrowserEmbedHostAsks(t *testing.T) {
	h := openHost(t, 800, 600, hostOpts{Query: "preset=acks1-loss&autoplay=0&controls=none&questions=host", Grow: true})
	h.Send(map[string]any{"v": 1, "type": "seek", "at": 9900})
	h.Send(map[string]any{"v": 1, "type": "play"})
	ask := h.WaitMsg("ask", 30*time.Second)
	if !strings.Contains(ask.Data["question"].(string), "Is m2 safe?") {
		t.Fatalf("ask: %v", ask.Data)
	}
	waitFramesIn(h)
	if got := inFrame[string](h, `[...document.querySelectorAll("#ask, #lesson-mode, .lesson-bar")].map(e => e.id || e.className).join(", ")`); got != "" {
		t.Errorf("with questions=host the embed draws %s", got)
	}
	h.Send(map[string]any{"v": 1, "type": "answer", "option": "no"})
	if a := h.WaitMsg("answer", 10*time.Second); a.Data["correct"] != true {
		t.Errorf("answer: %v", a.Data)
	}
	h.Send(map[string]any{"v": 1, "type": "continue"})
	h.PollHost(`window.kplayMsgs.some(m => m.data.type === "step" && m.data.at > 10100)`, 20*time.Second, "continue does not play on")
	h.NoErrors()
}

// waitFramesIn waits for the embed to draw twice.
func waitFramesIn(h *hostFrame) {
	h.t.Helper()
	inFrame[bool](h, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
}

// TestBrowserAuthoringLessonPage: docs/examples/lesson.html, the lesson
// page of docs/authoring.md, works as the docs say when served on its
// own site: its second embed (the worked lesson, questions=host) stops
// at its first question, which the page asks in its own card while the
// embed draws none; the student's pick gets the verdict and the score
// from the lesson's progress; Continue plays on.
func TestBrowserAuthoringLessonPage(t *testing.T) {
	page := strings.ReplaceAll(mustRead(t, "docs/examples/lesson.html"), "http://127.0.0.1:8080", "{site}")
	h := openHost(t, 1000, 800, hostOpts{Page: page}, true)
	const quiz = `document.getElementById("kplay-acks-all")`
	inHost[bool](h, `(`+quiz+`.scrollIntoView(), true)`)
	h.PollHost(`window.kplayMsgs.some(m => m.frame === "kplay-acks-all" && m.data.type === "ready")`, 60*time.Second, "the worked lesson's embed never says ready")
	inHost[bool](h, `(`+quiz+`.contentWindow.postMessage({v: 1, type: "seek", at: 14900}, "*"), document.getElementById("play").click(), true)`)
	h.PollHost(`!document.getElementById("quiz").hidden && document.getElementById("quiz-q").textContent.includes("When is m1 acknowledged?")`, 30*time.Second, "the page does not ask question 1")
	if got := inHost[string](h, `[...document.querySelectorAll("#quiz-options button")].map(b => b.textContent).join(" | ")`); got != "once brokers 1 and 2 have it | never: broker 3 is down | once broker 3 returns" {
		t.Errorf("the page's options: %s", got)
	}
	frame := h.FrameWith("questions=host")
	if n := evalJS[int](t, frame, `document.querySelectorAll("#ask").length`); n != 0 {
		t.Error("the embed draws its own question card beside the page's")
	}
	inHost[bool](h, `(document.querySelector("#quiz-options button").click(), true)`)
	h.PollHost(`document.getElementById("quiz-verdict").textContent.startsWith("Right") && document.getElementById("score").textContent.startsWith("1 of 1 answered right")`,
		10*time.Second, "no verdict or score after the pick")
	inHost[bool](h, `(document.getElementById("quiz-continue").click(), true)`)
	h.PollHost(`document.getElementById("quiz").hidden && window.kplayMsgs.some(m => m.frame === "kplay-acks-all" && m.data.type === "step" && m.data.at > 15013)`,
		20*time.Second, "Continue does not play on")
	screenshot(t, h.Top, "kplay-authoring-lesson.png")
	h.NoErrors()
}
