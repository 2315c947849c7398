//go:build browser && !js

package e2e

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// This file tests the embed's postMessage API (docs/embed.md) as a
// lesson page on another site uses it: its messages and their v, the
// commands (those sent before ready included), origin=, the errors, a
// start that fails, a sandboxed frame, and lesson progress.

// errorsOf is the host's error messages, as "reason/param/command: text".
func errorsOf(h *hostFrame) []string {
	var out []string
	for _, m := range h.MsgsOf("error") {
		out = append(out, fmt.Sprintf("%v/%v/%v: %v", m.Data["reason"], m.Data["param"], m.Data["command"], m.Data["text"]))
	}
	return out
}

// waitError waits for an error message whose reason is reason (and whose
// command is command, when not "") and returns it.
func waitError(h *hostFrame, reason, command string, d time.Duration) hostMsg {
	h.t.Helper()
	h.PollHost(fmt.Sprintf(`window.kplayMsgs.some(m => m.data.type === "error" && m.data.reason === %q && (%q === "" || m.data.command === %q))`, reason, command, command),
		d, "no error "+reason+" for "+command)
	for _, m := range h.MsgsOf("error") {
		if m.Data["reason"] == reason && (command == "" || m.Data["command"] == command) {
			return m
		}
	}
	return hostMsg{}
}

// everyMessageV1 fails unless every message the host received carries
// v: 1.
func everyMessageV1(t *testing.T, h *hostFrame) {
	t.Helper()
	for _, m := range h.Msgs() {
		if m.Data["v"] != 1.0 {
			t.Errorf("a %v message without v: 1: %v", m.Data["type"], m.Data)
		}
	}
}

// TestBrowserEmbedReady: ready says the title, the playhead, the
// scenario's start and end on its clock, and its questions without their
// answers; every message, embed.js's height and the program's, says v: 1.
func TestBrowserEmbedReady(t *testing.T) {
	t.Parallel()
	h := openHost(t, 1000, 800, hostOpts{Query: "preset=acks1-loss&autoplay=0&controls=min"})
	r := h.WaitMsg("ready", time.Second).Data
	if r["title"] != "What acks=1 promises" || r["start"] != 0.0 || r["at"] != 0.0 || r["lessonMode"] != true || r["lesson"] != "" {
		t.Errorf("ready = %v", r)
	}
	if end, _ := r["end"].(float64); end < 40000 || end > 60000 {
		t.Errorf("ready's end %v, want the scenario's last moment, 40 s or so", r["end"])
	}
	qs, _ := r["questions"].([]any)
	if len(qs) != 2 {
		t.Fatalf("questions %v", r["questions"])
	}
	q0 := qs[0].(map[string]any)
	if q0["question"] != "p2 holds an acknowledgement for m2 (acks=1), and b1 is about to crash. Is m2 safe?" || q0["at"] != 10000.0 ||
		fmt.Sprint(q0["options"]) != "[yes no]" || q0["answered"] != false || q0["index"] != 0.0 {
		t.Errorf("question 0 = %v", q0)
	}
	for _, q := range qs {
		for k := range q.(map[string]any) {
			if k != "index" && k != "question" && k != "options" && k != "at" && k != "answered" {
				t.Errorf("ready's question has %s: %v", k, q)
			}
		}
	}
	h.Send(map[string]any{"type": "play"})
	h.PollHost(`window.kplayMsgs.some(m => m.data.type === "step")`, 20*time.Second, "no step after play")
	if len(h.MsgsOf("height")) == 0 {
		t.Error("no height message")
	}
	everyMessageV1(t, h)
	h.NoErrors()
}

// TestBrowserEmbedCommandsBeforeReady: commands a host sends as soon as
// the embed's first message arrives, long before the playground has
// loaded, are obeyed once it has, in order (up to 64; the rest are each
// refused with an error); they were lost.
func TestBrowserEmbedCommandsBeforeReady(t *testing.T) {
	t.Parallel()
	h := openHost(t, 1000, 800, hostOpts{
		Query: "preset=acks1-loss&autoplay=0&controls=min",
		// At the embed's first message (embed.js's height).
		Early: `var sent = false; addEventListener("message", function (e) {
			if (sent || e.source !== frame.contentWindow) return;
			sent = true;
			window.sentBeforeReady = !window.kplayMsgs.some(function (m) { return m.data.type === "ready"; });
			frame.contentWindow.postMessage({v: 1, type: "seek", at: 12000}, "*");
			frame.contentWindow.postMessage({v: 1, type: "dance"}, "*");
			// 64 are kept; the rest are refused, each with an error.
			for (var i = 0; i < 70; i++) frame.contentWindow.postMessage({v: 1, type: "pause"}, "*");
		});`,
	})
	if !inHost[bool](h, `window.sentBeforeReady === true`) {
		t.Fatal("the commands were not sent before ready")
	}
	waitError(h, "unknown-command", "dance", 10*time.Second)
	h.PollFrame(`document.getElementById("clock").textContent === "00:00:12.000"`, 10*time.Second, "the seek sent before ready moves the playhead")
	if n := len(h.MsgsOf("error")); n != 1+8 {
		t.Errorf("%d errors, want dance's and 8 queue-full: %v", n, errorsOf(h))
	}
	var full int
	for _, m := range h.MsgsOf("error") {
		if m.Data["reason"] == "queue-full" && m.Data["command"] == "pause" {
			full++
		}
	}
	if full != 8 {
		t.Errorf("%d queue-full errors, want 8 (72 commands, 64 kept)", full)
	}
	h.NoErrors()
}

// listenInFrame records, in the embed's document, every message that
// reaches its window after embed.js's own listener has seen it: once a
// message is in window.heard, the embed has obeyed or ignored it.
const listenInFrame = `(window.heard = [], addEventListener("message", e => window.heard.push(e.data)), true)`

// TestBrowserEmbedOnlyItsParent: the embed obeys only its parent window,
// never another frame of the page; any window could command it.
func TestBrowserEmbedOnlyItsParent(t *testing.T) {
	t.Parallel()
	h := openHost(t, 1000, 800, hostOpts{
		Query: "preset=acks1-loss&autoplay=0&controls=min",
		After: `<iframe id="sib" srcdoc="<script>window.send = m => parent.frames[0].postMessage(m, '*');</script>"></iframe>`,
	})
	inFrame[bool](h, listenInFrame)
	inHost[bool](h, `(document.getElementById("sib").contentWindow.send({v: 1, type: "seek", at: 15000}), true)`)
	h.PollFrame(`window.heard.some(m => m.at === 15000)`, 10*time.Second, "the sibling's seek reaches the embed")
	if at := inFrame[float64](h, `window.kplayMoment.t`); at != 0 {
		t.Errorf("a sibling frame's seek moved the embed to %v", at)
	}
	h.Send(map[string]any{"v": 1, "type": "seek", "at": 12000})
	h.PollFrame(`window.heard.some(m => m.at === 12000)`, 10*time.Second, "the parent's seek reaches the embed")
	if at := inFrame[float64](h, `window.kplayMoment.t`); at != 12000 {
		t.Errorf("the parent's seek left the embed at %v", at)
	}
	h.NoErrors()
}

// TestBrowserEmbedOrigin: with origin=, the embed obeys and tells only
// the origins it lists.
func TestBrowserEmbedOrigin(t *testing.T) {
	t.Parallel()
	t.Run("the host is listed", func(t *testing.T) {
		t.Parallel()
		h := openHost(t, 1000, 800, hostOpts{Query: "preset=acks1-loss&autoplay=0&controls=min&origin=https%3A%2F%2Fother.example,https%3A%2F%2Fschool.example%2Funit1,{host}"})
		if m := h.WaitMsg("ready", time.Second); m.Origin != h.Site {
			t.Errorf("ready from %s", m.Origin)
		}
		// An entry that is no origin is refused, and said.
		if m := waitError(h, "bad-parameter", "", time.Second); m.Data["param"] != "origin" || !strings.Contains(fmt.Sprint(m.Data["text"]), "school.example/unit1") {
			t.Errorf("the refused origin: %v", m.Data)
		}
		h.Send(map[string]any{"v": 1, "type": "seek", "at": 12000})
		h.PollFrame(`window.kplayMoment.t === 12000`, 10*time.Second, "a listed origin's seek is obeyed")
		h.NoErrors()
	})
	t.Run("the host is not listed", func(t *testing.T) {
		t.Parallel()
		h := openHost(t, 1000, 800, hostOpts{Query: "preset=acks1-loss&autoplay=0&controls=min&origin=http%3A%2F%2F127.0.0.3%3A9"}, true)
		h.PollFrame(`document.body?.dataset.ready === "1" && window.kplayMoment.t === 0`, 60*time.Second, "the embed draws")
		inFrame[bool](h, listenInFrame)
		h.Send(map[string]any{"v": 1, "type": "seek", "at": 12000})
		h.PollFrame(`window.heard.some(m => m.at === 12000)`, 10*time.Second, "the seek reaches the embed")
		if at := inFrame[float64](h, `window.kplayMoment.t`); at != 0 {
			t.Errorf("an origin origin= does not list moved the embed to %v", at)
		}
		if ms := h.Msgs(); len(ms) != 0 {
			t.Errorf("the embed told an origin origin= does not list: %v", ms)
		}
		h.NoErrors()
	})
}

// TestBrowserEmbedQuiz: a host runs its own quiz with answer, reveal,
// continue, reset and lesson, which do what the card's buttons do.
func TestBrowserEmbedQuiz(t *testing.T) {
	t.Parallel()
	h := openHost(t, 1000, 900, hostOpts{Query: "preset=acks1-loss&autoplay=0&controls=min&speed=10"})
	h.Send(map[string]any{"v": 1, "type": "answer", "option": "no"})
	waitError(h, "not-now", "answer", 10*time.Second)
	h.Send(map[string]any{"v": 1, "type": "seek", "at": 9900})
	h.Send(map[string]any{"v": 1, "type": "play"})
	ask := h.WaitMsg("ask", 20*time.Second).Data
	if ask["index"] != 0.0 || ask["at"] != 10000.0 {
		t.Fatalf("ask %v", ask)
	}
	h.PollFrame(`!!document.getElementById("ask")`, 10*time.Second, "the question's card shows")
	h.Send(map[string]any{"v": 1, "type": "answer", "option": "maybe"})
	if m := waitError(h, "bad-command", "answer", 10*time.Second); !strings.Contains(fmt.Sprint(m.Data["text"]), `"yes", "no"`) {
		t.Errorf("a wrong option: %v", m.Data)
	}
	h.Send(map[string]any{"v": 1, "type": "answer", "option": "no"})
	ans := h.WaitMsg("answer", 10*time.Second).Data
	if ans["picked"] != "no" || ans["correct"] != true || ans["answer"] != "no" {
		t.Errorf("answer %v", ans)
	}
	h.PollFrame(`!!document.getElementById("ask-answer")`, 10*time.Second, "the card shows the answer")
	h.Send(map[string]any{"v": 1, "type": "reveal"})
	waitError(h, "not-now", "reveal", 10*time.Second)
	h.Send(map[string]any{"v": 1, "type": "continue"})
	h.PollFrame(`window.kplayMoment.t > 10000`, 20*time.Second, "continue plays on")
	h.Send(map[string]any{"v": 1, "type": "lesson", "on": false})
	h.PollFrame(`document.getElementById("lesson-mode").checked === false`, 10*time.Second, "lesson off unticks Stop at questions")
	h.Send(map[string]any{"v": 1, "type": "reset"})
	h.PollFrame(`window.kplayMoment.t < 10000`, 10*time.Second, "reset replays from the start")
	// With lesson mode off, play runs through the second question.
	h.Send(map[string]any{"v": 1, "type": "seek", "at": 39000})
	h.Send(map[string]any{"v": 1, "type": "play"})
	h.PollFrame(`window.kplayMoment.t > 41000`, 20*time.Second, "with lesson off, playback passes the question at 40 s")
	if n := len(h.MsgsOf("ask")); n != 1 {
		t.Errorf("%d ask messages with lesson mode off", n)
	}
	h.Send(map[string]any{"v": 1, "type": "lesson", "on": "yes"})
	waitError(h, "bad-command", "lesson", 10*time.Second)
	everyMessageV1(t, h)
	h.NoErrors()
}

// TestBrowserEmbedErrors: everything the embed cannot do is an error
// message with a reason; a load it cannot read keeps the scenario (it
// opened the default one).
func TestBrowserEmbedErrors(t *testing.T) {
	t.Parallel()
	h := openHost(t, 1000, 800, hostOpts{Query: "preset=acks1-loss&autoplay=0&controls=min&speed=1e9&t=abc"})
	// The parameters it changed, before ready, and in the frame.
	var params []string
	for _, m := range h.MsgsOf("error") {
		params = append(params, fmt.Sprint(m.Data["param"]))
		if m.Data["reason"] != "bad-parameter" {
			t.Errorf("start problem %v", m.Data)
		}
	}
	if strings.Join(params, ",") != "speed,t" {
		t.Errorf("start problems about %v, want speed,t: %v", params, errorsOf(h))
	}
	h.PollFrame(`(document.getElementById("notice") || {}).textContent?.includes("lowered to 10") && document.getElementById("notice").textContent.includes('t="abc" was ignored')`,
		10*time.Second, "the frame says what it changed")
	title := inFrame[string](h, `document.querySelector(".title").textContent`)
	for _, c := range []struct {
		cmd             map[string]any
		reason, command string
	}{
		{map[string]any{"type": "dance"}, "unknown-command", "dance"},
		{map[string]any{"type": "load", "preset": "no-such-preset"}, "unknown-preset", "load"},
		{map[string]any{"type": "load", "link": "s=1.!!!"}, "bad-link", "load"},
		{map[string]any{"type": "seek", "at": "soon"}, "bad-seek", "seek"},
		{map[string]any{"type": "seek", "at": -5}, "bad-seek", "seek"},
		{map[string]any{"type": "reveal"}, "not-now", "reveal"},
		{map[string]any{"type": "progress"}, "not-now", "progress"},
		{map[string]any{"v": 2, "type": "play"}, "bad-command", "play"},
	} {
		h.Send(c.cmd)
		waitError(h, c.reason, c.command, 10*time.Second)
	}
	inHost[bool](h, `(document.getElementById("k").contentWindow.postMessage("play", "*"), true)`)
	waitError(h, "bad-command", "", 10*time.Second)
	// The failed loads left the scenario as it was, in the same document.
	if got := inFrame[string](h, `document.querySelector(".title").textContent`); got != title {
		t.Errorf("after loads it could not read, the embed shows %q, not %q", got, title)
	}
	if n := len(h.MsgsOf("ready")); n != 1 {
		t.Errorf("%d ready messages: a failed load reloaded the embed", n)
	}
	everyMessageV1(t, h)
	h.NoErrors()
}

// TestBrowserEmbedSandboxed: in <iframe sandbox="allow-scripts">, which
// some platforms add, the embed plays: its fetches from an opaque
// origin are allowed (Access-Control-Allow-Origin), and the storage a
// lesson uses, which throws there, breaks nothing. It showed "loading…"
// for ever.
func TestBrowserEmbedSandboxed(t *testing.T) {
	t.Parallel()
	h := openHost(t, 1000, 800, hostOpts{Query: "preset=acks1-loss&controls=min&lesson=unit-1&speed=10", Sandbox: "allow-scripts"}, true)
	r := h.WaitMsg("ready", 60*time.Second)
	if r.Origin != "null" || r.Data["v"] != 1.0 {
		t.Errorf("ready from %q: %v", r.Origin, r.Data)
	}
	h.PollFrame(readyJS, 10*time.Second, "the sandboxed embed draws")
	h.WaitMsg("ask", 20*time.Second)
	h.Send(map[string]any{"v": 1, "type": "answer", "option": "no"})
	h.WaitMsg("answer", 10*time.Second)
	h.Send(map[string]any{"v": 1, "type": "progress"})
	p := h.WaitMsg("progress", 10*time.Second).Data
	if p["stored"] != false || len(p["answers"].([]any)) != 1 {
		t.Errorf("progress in a sandboxed frame: %v", p)
	}
	everyMessageV1(t, h)
	h.NoErrors()
}

// TestBrowserEmbedStartFails: an embed that cannot start says why in the
// frame and tells its host: a site whose app.wasm is missing, a browser
// that runs no WebAssembly. The failure text went to an element the embed does
// not have, and the host heard nothing.
func TestBrowserEmbedStartFails(t *testing.T) {
	t.Parallel()
	t.Run("app.wasm is missing", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS(builtSite(t))); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"app.wasm", "app.wasm.br", "app.wasm.gz"} {
			os.Remove(filepath.Join(dir, f))
		}
		h := openHost(t, 1000, 800, hostOpts{Query: "preset=acks1-loss&controls=min", Site: dir}, true)
		m := waitError(h, "start-failed", "", 30*time.Second)
		if m.Data["fatal"] != true || !strings.Contains(fmt.Sprint(m.Data["text"]), "404") || m.Data["v"] != 1.0 {
			t.Errorf("error %v", m.Data)
		}
		startFailedShows(t, h, "404")
	})
	t.Run("no WebAssembly", func(t *testing.T) {
		// V8 without its JIT runs no WebAssembly: a browser's hardened
		// mode (Edge's enhanced security, a locked-down device) does this.
		h := openHost(t, 1000, 800, hostOpts{Query: "preset=acks1-loss&controls=min",
			Browser: []chromedp.ExecAllocatorOption{chromedp.Flag("js-flags", "--jitless")}}, true)
		m := waitError(h, "start-failed", "", 30*time.Second)
		if m.Data["fatal"] != true || !strings.Contains(fmt.Sprint(m.Data["text"]), "WebAssembly") {
			t.Errorf("error %v", m.Data)
		}
		startFailedShows(t, h, "WebAssembly")
	})
}

// startFailedShows checks that the frame shows the failure, saying want,
// where the reader looks: at the top of the frame, on screen.
func startFailedShows(t *testing.T, h *hostFrame, want string) {
	t.Helper()
	box, ok := h.InHost("#start-failed")
	if !ok {
		t.Fatal("the frame shows no failure")
	}
	frame := inHost[frameRect](h, `(r => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom}))(document.getElementById("k").getBoundingClientRect())`)
	if box.Top < frame.Top || box.Bottom > frame.Bottom || box.Bottom-box.Top < 20 {
		t.Errorf("the failure at %v is not in the frame at %v", box, frame)
	}
	if text := inFrame[string](h, `document.getElementById("start-failed").innerText`); !strings.Contains(text, want) {
		t.Errorf("the frame says %q, want %q in it", text, want)
	}
}

// TestBrowserEmbedLessonProgress: the answers given in the embeds of one
// lesson (lesson=ID) survive a reload, which shows the question as
// answered, and any embed of the lesson reports them all.
func TestBrowserEmbedLessonProgress(t *testing.T) {
	t.Parallel()
	second := `<iframe id="k2" src="{site}/embed.html?preset=jepsen-2013&amp;autoplay=0&amp;controls=min&amp;lesson=unit-7" width="800" height="400"></iframe>`
	h := openHost(t, 1000, 900, hostOpts{Query: "preset=acks1-loss&autoplay=0&controls=min&speed=10&lesson=unit-7", After: second})
	h.Send(map[string]any{"v": 1, "type": "seek", "at": 9900})
	h.Send(map[string]any{"v": 1, "type": "play"})
	h.WaitMsg("ask", 20*time.Second)
	h.Send(map[string]any{"v": 1, "type": "answer", "option": "yes"})
	h.WaitMsg("answer", 10*time.Second)
	// The second embed, of another scenario, reports the first's answer.
	h.PollHost(`window.kplayMsgs.some(m => m.frame === "k2" && m.data.type === "ready")`, 60*time.Second, "the second embed is ready")
	h.sendTo("k2", map[string]any{"v": 1, "type": "progress"})
	h.PollHost(`window.kplayMsgs.some(m => m.frame === "k2" && m.data.type === "progress")`, 10*time.Second, "no progress from the second embed")
	var p map[string]any
	for _, m := range h.MsgsOf("progress") {
		p = m.Data
	}
	as, _ := p["answers"].([]any)
	if p["lesson"] != "unit-7" || p["stored"] != true || len(as) != 1 {
		t.Fatalf("progress %v", p)
	}
	if a := as[0].(map[string]any); a["scenario"] != "preset:acks1-loss" || a["index"] != 0.0 || a["picked"] != "yes" || a["correct"] != false || a["title"] != "What acks=1 promises" {
		t.Errorf("answer %v", a)
	}
	// Reloaded, the first embed shows its question answered and plays on
	// through it.
	if err := chromedp.Do(h.Top, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	h.PollHost(`window.kplayMsgs.some(m => m.frame === "k" && m.data.type === "ready")`, 60*time.Second, "the reloaded embed is ready")
	var r map[string]any
	for _, m := range h.MsgsOf("ready") {
		if m.Frame == "k" {
			r = m.Data
		}
	}
	if q := r["questions"].([]any)[0].(map[string]any); q["answered"] != true {
		t.Errorf("after a reload the question is not answered: %v", q)
	}
	h.Send(map[string]any{"v": 1, "type": "seek", "at": 9900})
	h.Send(map[string]any{"v": 1, "type": "play"})
	if _, err := chromedp.Run(h.FrameWith("acks1-loss"), chromedp.Poll[bool](`window.kplayMoment.t > 12000`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("playback does not pass the answered question: %v", err)
	}
	if len(h.MsgsOf("ask")) != 0 {
		t.Errorf("the answered question was asked again: %v", h.MsgsOf("ask"))
	}
	h.NoErrors()
}

// TestBrowserOEmbedDiscovery: the page of a preset points oEmbed
// discovery at that preset, and the answer embeds it; it gave the
// default scenario.
func TestBrowserOEmbedDiscovery(t *testing.T) {
	t.Parallel()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 900)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?preset=jepsen-2013")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, readyJS, 30*time.Second, "the page loads")
	pollJS(t, ctx, `document.getElementById("oembed").getAttribute("href").includes(encodeURIComponent("?preset=jepsen-2013"))`, 5*time.Second, "the discovery link names the preset")
	body, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch(document.getElementById("oembed").href).then(r => r.text())`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(body, `embed.html?preset=jepsen-2013`) || !strings.Contains(body, "Jepsen 2013") {
		t.Errorf("oEmbed answers %s", body)
	}
}

// hostMsg is one message the host page received from the embed: the
// origin it came from, the id of the iframe that posted it, its data.
type hostMsg struct {
	Origin string         `json:"origin"`
	Frame  string         `json:"frame"`
	Data   map[string]any `json:"data"`
}

// TestBrowserEmbedSnapshot: a lesson page asks its embed for the diagram
// at this moment, for its own slides or handout: snapshot answers with
// a data: URL of a standalone SVG (the brokers, the scenario's title),
// or of a PNG; another format is refused with bad-command; ready lists
// the command.
func TestBrowserEmbedSnapshot(t *testing.T) {
	t.Parallel()
	h := openHost(t, 800, 600, hostOpts{Query: "preset=acks1-loss&autoplay=0&controls=min", Grow: true})
	ready := h.WaitMsg("ready", time.Second)
	cmds, _ := ready.Data["commands"].([]any)
	if !slices.Contains(cmds, any("snapshot")) {
		t.Errorf("ready's commands %v do not list snapshot", cmds)
	}

	h.Send(map[string]any{"v": 1, "type": "snapshot"})
	m := h.WaitMsg("snapshot", 20*time.Second)
	data, _ := m.Data["data"].(string)
	svg, ok := strings.CutPrefix(data, "data:image/svg+xml;charset=utf-8,")
	if !ok || m.Data["format"] != "svg" || m.Data["v"] != 1.0 {
		t.Fatalf("snapshot: %v", m.Data)
	}
	svg, err := url.PathUnescape(svg)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<svg", "broker 1", "broker 3", "What acks=1 promises"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the snapshot's SVG has no %q", want)
		}
	}

	h.Send(map[string]any{"v": 1, "type": "snapshot", "format": "png"})
	h.PollHost(`window.kplayMsgs.some(m => m.data.type === "snapshot" && m.data.format === "png")`, 20*time.Second, "no PNG snapshot")
	var pngURL string
	for _, m := range h.MsgsOf("snapshot") {
		if m.Data["format"] == "png" {
			pngURL, _ = m.Data["data"].(string)
		}
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(pngURL, "data:image/png;base64,"))
	if err != nil {
		t.Fatalf("the PNG snapshot is not base64: %v", err)
	}
	if img, err := png.Decode(bytes.NewReader(raw)); err != nil || img.Bounds().Dx() < 800 {
		t.Errorf("the PNG snapshot does not decode to a picture twice the diagram's size (%v)", err)
	}

	h.Send(map[string]any{"v": 1, "type": "snapshot", "format": "gif"})
	e := h.WaitMsg("error", 10*time.Second)
	if e.Data["reason"] != "bad-command" || e.Data["param"] != "format" || e.Data["command"] != "snapshot" {
		t.Errorf("a gif snapshot: %v, want bad-command on format", e.Data)
	}
	h.NoErrors()
}
