//go:build browser && !js

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"kplay/engine/script"
	"kplay/scenarios"
)

// This file holds what a student meets in a teacher's lesson page that
// embeds kplay (browser_host_test.go's host page): the question in view
// where the diagram is, in every frame size.

// lessonEmbedQuery is the embed of lesson 8 as "Copy embed code" writes
// it, playing.
const lessonEmbedQuery = "preset=acks1-loss&controls=min&panels=log%2Cdescribe%2Cinspector&autoplay=1"

// hostSize is how a lesson page holds its embed: a window of W×H, the
// iframe FrameW wide (0: 800, as pasted, cut to the window by max-width),
// fixed at 600 px or grown to the embed's height messages.
type hostSize struct {
	name   string
	w, h   int
	frameW int
	grow   bool
}

// hostSizes are the three ways a student sees an embed: an 800×600 frame
// as pasted without the embed code's script, the same grown by it, and a
// phone's window, the frame its width less the page's margins, grown.
var hostSizes = []hostSize{
	{"fixed-800x600", 800, 600, 0, false},
	{"grown-800x600", 800, 600, 0, true},
	{"grown-390x844", 390, 844, 374, true},
}

// settledJS resolves once the embed's document has not scrolled and the
// boxes of the elements the selectors name have kept their places for
// five animation frames (a smooth scroll, a render, a seek are over).
const settledJS = `new Promise(done => {
	let last = "", same = 0;
	const f = () => {
		const k = scrollY + "|" + %s.map(s => { const e = document.querySelector(s); if (!e) return "-"; const r = e.getBoundingClientRect(); return [r.top, r.height].map(Math.round).join(","); }).join("|");
		if (k === last) { if (++same >= 5) { done(true); return; } } else { same = 0; last = k; }
		requestAnimationFrame(f);
	};
	requestAnimationFrame(f);
})`

// settle waits for the embed to keep still (settledJS) with sels.
func (h *hostFrame) settle(sels ...string) {
	h.t.Helper()
	list := "["
	for i, s := range sels {
		if i > 0 {
			list += ","
		}
		list += jsString(s)
	}
	inFrame[bool](h, fmt.Sprintf(settledJS, list+"]"))
}

// togetherJS is the boxes of the question's card and the diagram (with
// the controller strip over it, .diagram-wrap) in the embed's window, and
// that window's height.
const togetherJS = `(() => {
	const box = s => { const e = document.querySelector(s); if (!e) return null; const r = e.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
	return {card: box("#ask"), diagram: box(".diagram-wrap"), viewH: innerHeight};
})()`

// together is togetherJS's answer.
type together struct {
	Card, Diagram *frameRect
	ViewH         float64
}

// inViewTogether fails t unless the open question's card lies right next
// to the diagram (above or under it, at most 24 px apart and over none of
// it, or beside it),
// the two fit together in a window of the host page's height, and, in a
// frame that does not grow, both lie inside the frame's window.
func inViewTogether(t *testing.T, h *hostFrame, c hostSize, when string) {
	t.Helper()
	g := inFrame[together](h, togetherJS)
	if g.Card == nil || g.Diagram == nil {
		t.Fatalf("%s: card %v, diagram %v", when, g.Card, g.Diagram)
	}
	a, d := *g.Card, *g.Diagram
	gap := max(d.Top-a.Bottom, a.Top-d.Bottom)
	side := a.Left >= d.Right-1 || d.Left >= a.Right-1
	if gap < -1 && !side {
		t.Errorf("%s: the card (%v) lies over the diagram (%v)", when, a, d)
	}
	if gap > 24 && !side {
		t.Errorf("%s: the card (%v) is %.0f px from the diagram (%v), want next to it", when, a, gap, d)
	}
	top, bottom := min(a.Top, d.Top), max(a.Bottom, d.Bottom)
	if bottom-top > float64(c.h) {
		t.Errorf("%s: the card and the diagram span %.0f px (%v and %v), more than the %d-px window", when, bottom-top, a, d, c.h)
	}
	if !c.grow && (top < -0.5 || bottom > g.ViewH+0.5) {
		t.Errorf("%s: the card (%v) or the diagram (%v) lies outside the frame's %.0f-px window", when, a, d, g.ViewH)
	}
}

// TestBrowserHostQuestionInView: with the embed code's script, lesson
// 8's question card landed under the diagram and the legend, 753 px down
// an 800-px frame and 1,497 px down a phone's, and the student saw a
// paused diagram, "Answer the question first" and no question; in a
// frame of 600 px it was a drawer over the brokers it asked about. The
// open card now lies right above the diagram in every frame size, the two
// within one window (inside the frame's own window when it does not
// grow), and so do the compact card and the moment after "Show me".
func TestBrowserHostQuestionInView(t *testing.T) {
	for _, c := range hostSizes {
		t.Run(c.name, func(t *testing.T) {
			h := openHost(t, c.w, c.h, hostOpts{Query: lessonEmbedQuery, Grow: c.grow, Width: c.frameW})
			h.WaitMsg("ask", 90*time.Second)
			h.PollFrame(`document.querySelector("#ask .ask-option") !== null`, 5*time.Second, "the question's card shows no option")
			h.settle("#ask", "svg#diagram")
			inViewTogether(t, h, c, "the open question")
			shot(t, h, c, "kplay-inview-ask-"+c.name+".png")
			h.Click(`#ask .ask-option[data-option="yes"]`)
			h.PollFrame(`document.getElementById("ask-show") !== null`, 5*time.Second, "the answered card offers no Show me")
			h.Click("#ask-show")
			h.PollFrame(`document.getElementById("clock").textContent === "00:00:19.000" && document.getElementById("ask-showing") !== null && document.querySelector("svg#diagram .lost") !== null`,
				10*time.Second, "Show me does not keep the card at the loss")
			h.settle("#ask", "svg#diagram")
			inViewTogether(t, h, c, "after Show me")
			shot(t, h, c, "kplay-inview-showme-"+c.name+".png")
			h.NoErrors()
		})
	}
}

// shot saves the host page's window as a PNG (screenshot), scrolled, in
// a grown frame, to put the question's card at its top, as a student
// reading it would.
func shot(t *testing.T, h *hostFrame, c hostSize, name string) {
	t.Helper()
	if a, ok := h.InHost("#ask"); ok && c.grow {
		inHost[bool](h, fmt.Sprintf(`(scrollBy(0, %f - 8), true)`, a.Top))
	}
	screenshot(t, h.Top, name)
}

// heightFollows fails t unless, once the embed keeps still, the host page
// has its height: the last height message says the document's height,
// and the grown frame is that tall, showing the document's bottom.
// contentHeightJS is how tall the embed's content is, in CSS px: the
// lowest bottom of any element drawn in the document's flow or over it
// (fixed ones, which follow the frame's window, aside), with the body's
// bottom padding (the room a phone's page keeps under its end for the
// violations banner that floats there) and margin. The root's scrollHeight is no measure: it never falls
// below the frame's own height, so a frame grown to a tall moment looked
// right by it while it stayed 290 px taller than its content.
const contentHeightJS = `(() => {
	let bottom = 0;
	for (const e of document.body.querySelectorAll("*")) {
		const cs = getComputedStyle(e);
		if (cs.position === "fixed" || cs.display === "none") continue;
		const r = e.getBoundingClientRect();
		if (r.width === 0 && r.height === 0) continue;
		bottom = Math.max(bottom, r.bottom + scrollY);
	}
	const b = getComputedStyle(document.body);
	return Math.ceil(bottom + parseFloat(b.paddingBottom) + parseFloat(b.marginBottom));
})()`

func heightFollows(t *testing.T, h *hostFrame, when string) {
	t.Helper()
	h.settle("#ask", ".diagram-wrap", ".side", ".panels")
	doc := inFrame[int](h, contentHeightJS)
	h.PollHost(fmt.Sprintf(`(() => { const m = window.kplayMsgs.filter(m => m.data.type === "height").pop(); return m !== undefined && Math.abs(m.data.height - %d) <= 1 && document.getElementById("k").getBoundingClientRect().height === m.data.height; })()`, doc),
		3*time.Second, fmt.Sprintf("%s: the document is %d px tall, but the frame is %.0f px and the last height message says %v",
			when, doc, inHost[float64](h, `document.getElementById("k").getBoundingClientRect().height`), inHost[any](h, `(window.kplayMsgs.filter(m => m.data.type === "height").pop() || {data: {}}).data.height`)))
}

// TestBrowserHostHeightFollows: the embed measured its height when the
// Store changed, a frame before the render that changes it; playback's
// stop at a question reported 1,215 px for a 1,401-px document, and the
// grown frame's bottom stayed cut until the next interaction. After the
// stop at the question, the answer, Show me, Continue and a click that
// opens the inspector, the last height message is the document's height
// and the grown frame shows its bottom.
func TestBrowserHostHeightFollows(t *testing.T) {
	for _, c := range hostSizes {
		if !c.grow {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			h := openHost(t, c.w, c.h, hostOpts{Query: lessonEmbedQuery, Grow: true, Width: c.frameW})
			h.WaitMsg("ask", 90*time.Second)
			h.PollFrame(`document.querySelector("#ask .ask-option") !== null`, 5*time.Second, "the question's card shows no option")
			heightFollows(t, h, "at the question")
			h.Click(`#ask .ask-option[data-option="yes"]`)
			h.PollFrame(`document.getElementById("ask-show") !== null`, 5*time.Second, "the answered card offers no Show me")
			heightFollows(t, h, "after the answer")
			h.Click("#ask-show")
			h.PollFrame(`document.getElementById("ask-showing") !== null`, 10*time.Second, "Show me does not go to the loss")
			heightFollows(t, h, "after Show me")
			h.Click("#ask-continue")
			h.PollFrame(`document.getElementById("ask-continue") === null`, 5*time.Second, "Continue leaves the card open")
			h.Send(map[string]any{"type": "pause"})
			h.PollFrame(`document.getElementById("play").getAttribute("aria-pressed") === "false"`, 5*time.Second, "the embed does not pause")
			heightFollows(t, h, "after Continue")
			h.Click(`svg#diagram g.node[data-node="b2"] .box`)
			h.PollFrame(`document.querySelector(".broker-menu") !== null`, 5*time.Second, "a click on broker 2 opens no menu")
			if inFrame[bool](h, `document.getElementById("act-details") !== null`) {
				// Beside the diagram, the menu's Details shows the card
				// (site.DetailBehindMenu); a phone's drawer opens with it.
				h.Click("#act-details")
			}
			h.PollFrame(`document.querySelector(".side-detail.selected") !== null`, 5*time.Second, "a click on broker 2 shows no inspector")
			heightFollows(t, h, "after a click that opens the inspector")
			h.NoErrors()
		})
	}
}

// longestCaption is preset name's longest say caption that the page
// shows (the last of several at one instant), and its moment.
func longestCaption(t *testing.T, name string) (text string, at int64, ok bool) {
	t.Helper()
	p, found := scenarios.Get(name)
	if !found {
		t.Fatalf("no preset %s", name)
	}
	sc, err := script.ParseAndCompile(name, p.LearnerText())
	if err != nil {
		t.Fatal(err)
	}
	caps := sc.Captions
	for i, c := range caps {
		if i+1 < len(caps) && caps[i+1].At == c.At {
			continue // the later one at that instant shows
		}
		if len(c.Text) > len(text) {
			text, at, ok = c.Text, int64(c.At), true
		}
	}
	return text, at, ok
}

// captionWholeJS is "" when the caption shows want whole: no scrolling
// box cuts it, and its last line is on top, under nothing; else what is
// wrong.
const captionWholeJS = `((want) => {
	const c = document.getElementById("caption");
	if (!c) return "no caption";
	if (c.textContent !== want) return "it says " + JSON.stringify(c.textContent);
	for (let e = c; e && e !== document.body; e = e.parentElement) {
		if (e.scrollHeight > e.clientHeight + 1 && getComputedStyle(e).overflowY !== "visible")
			return (e === c ? "its box" : e.tagName.toLowerCase() + "." + e.className) + " shows " + e.clientHeight + " of its " + e.scrollHeight + " px";
	}
	const r = c.getBoundingClientRect(), range = document.createRange();
	range.selectNodeContents(c);
	const t = range.getBoundingClientRect();
	if (t.bottom > r.bottom + 1) return "its text runs " + Math.round(t.bottom - r.bottom) + " px past its box";
	const at = document.elementFromPoint(t.left + 4, t.bottom - 4);
	if (!at || !at.closest(".caption")) return "its last line is under " + (at ? at.tagName.toLowerCase() + "." + at.getAttribute("class") : "nothing");
	return "";
})`

// TestBrowserHostCaptionsWholeOnPhones: in an embed on a phone the
// caption's box held two lines and showed no sign of more (35 of a
// teacher's 86-px caption), and the presets' own captions were cut the
// same way. Each preset's longest caption, at its moment in a 374-px
// frame on a 390×844 phone, shows whole.
func TestBrowserHostCaptionsWholeOnPhones(t *testing.T) {
	c := hostSizes[2]
	h := openHost(t, c.w, c.h, hostOpts{Query: "preset=start-here&controls=min&panels=log%2Cdescribe%2Cinspector&lesson=0", Grow: true, Width: c.frameW})
	checked := 0
	for _, p := range scenarios.All() {
		text, at, ok := longestCaption(t, p.Name)
		if !ok {
			continue
		}
		if err := inFrame[string](h, `kplayLoadScript(`+jsString(p.LearnerText())+`)`); err != "" {
			t.Fatalf("%s: %s", p.Name, err)
		}
		h.Send(map[string]any{"type": "pause"})
		h.Send(map[string]any{"type": "seek", "at": at})
		h.PollFrame(`(document.getElementById("caption") || {}).textContent === `+jsString(text), 10*time.Second, p.Name+": the caption never says its longest")
		h.settle(".caption", ".diagram-wrap")
		if got := inFrame[string](h, captionWholeJS+"("+jsString(text)+")"); got != "" {
			t.Errorf("%s: its longest caption (%d bytes) is cut: %s", p.Name, len(text), got)
			screenshot(t, h.Top, "kplay-caption-cut-"+p.Name+".png")
		}
		checked++
	}
	if checked < 10 {
		t.Fatalf("only %d presets have a caption, so this tests little", checked)
	}
	h.NoErrors()
}

// typeInHost types text with the keyboard, a key at a time, wherever the
// focus is.
func typeInHost(t *testing.T, h *hostFrame, text string) {
	t.Helper()
	if err := chromedp.Do(h.Top, chromedp.KeyEvent(text)); err != nil {
		t.Fatalf("typing %q: %v", text, err)
	}
}

// TestBrowserHostQuestionKeepsHostFocus: a student typing notes in the
// lesson page answered the embed's question with the space bar: when the
// question opened, the focus moved into the frame, the rest of the typing
// went there, and a space sent "yes". Typing in the host's notes across
// the question's arrival keeps every character there, and no answer is
// sent; the question is said in the embed's live region; and once the
// reader comes to the frame with Tab, the question's first option has the
// focus, and Space answers it.
func TestBrowserHostQuestionKeepsHostFocus(t *testing.T) {
	for _, c := range hostSizes {
		t.Run(c.name, func(t *testing.T) {
			h := openHost(t, c.w, c.h, hostOpts{Query: lessonEmbedQuery, Grow: c.grow, Width: c.frameW})
			notes := inHost[frameRect](h, `(r => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom}))(document.getElementById("notes").getBoundingClientRect())`)
			if err := chromedp.Do(h.Top, chromedp.MouseClickXY((notes.Left+notes.Right)/2, (notes.Top+notes.Bottom)/2)); err != nil {
				t.Fatal(err)
			}
			h.PollHost(`document.activeElement === document.getElementById("notes")`, 5*time.Second, "a click on the notes does not focus them")
			// Type until the question comes, however fast the keys go: a
			// bound on the characters typed ran out before the question on
			// a quick machine.
			typed := ""
			deadline := time.Now().Add(90 * time.Second)
			for len(h.MsgsOf("ask")) == 0 {
				typeInHost(t, h, "ab ")
				typed += "ab "
				if time.Now().After(deadline) {
					t.Fatalf("the question never came in 90 s (%d characters typed)", len(typed))
				}
			}
			h.PollFrame(`document.querySelector("#ask .ask-option") !== null`, 5*time.Second, "the question's card shows no option")
			h.settle("#ask")
			typeInHost(t, h, " yes no ")
			typed += " yes no "
			if got := inHost[string](h, `document.getElementById("notes").value`); got != typed {
				t.Errorf("the notes hold %d of the %d characters typed, ending %q, want %q", len(got), len(typed), got[max(0, len(got)-20):], typed[len(typed)-20:])
			}
			if !inHost[bool](h, `document.activeElement === document.getElementById("notes")`) {
				t.Errorf("the notes lost the focus to %s", inHost[string](h, `document.activeElement.tagName + "#" + document.activeElement.id`))
			}
			if a := h.MsgsOf("answer"); len(a) > 0 {
				t.Errorf("the embed sent an answer the reader never gave: %v", a[0].Data)
			}
			h.PollFrame(`(document.getElementById("announce") || {}).textContent === "Question 1 of 2: "+document.getElementById("ask-q").textContent+" Answer: yes, no."`, 5*time.Second, "the question is not said in the live region")
			// The reader comes to the frame: Tab from the notes.
			typeInHost(t, h, kb.Tab)
			h.PollFrame(`document.hasFocus() && document.activeElement.matches("#ask .ask-option")`, 5*time.Second, "Tab into the frame does not reach the question")
			option := inFrame[string](h, `document.activeElement.dataset.option`)
			typeInHost(t, h, " ")
			h.PollHost(`window.kplayMsgs.some(m => m.data.type === "answer")`, 5*time.Second, "Space on the option sends no answer")
			if a := h.MsgsOf("answer"); a[0].Data["picked"] != option {
				t.Errorf("the answer picked %v, want the focused %q", a[0].Data["picked"], option)
			}
			h.NoErrors()
		})
	}
}

// acks1SecondCaption is lesson 8's caption at its first question.
const acks1SecondCaption = "Producer p2 sends m2 with acks=1. Broker 1, the leader, appends it at offset 2 and acknowledges it."

// captionSaidJS is "" when the polite live region #caption-said holds
// want, as the caption shows it, and the narration region says
// something else; else what is wrong.
const captionSaidJS = `((want) => {
	const said = document.getElementById("caption-said"), cap = document.getElementById("caption"), n = document.getElementById("narration");
	if (!said) return "no #caption-said";
	if (said.getAttribute("aria-live") !== "polite" || said.closest("[aria-hidden=true]")) return "#caption-said is not a polite live region screen readers hear";
	if (cap.textContent !== want) return "the caption says " + JSON.stringify(cap.textContent);
	if (said.textContent !== want) return "#caption-said says " + JSON.stringify(said.textContent);
	if (n && n.textContent === want) return "#narration says it too";
	return "";
})`

// TestBrowserCaptionsSpoken: a scenario's say captions never reached a
// screen reader: the caption is aria-hidden, and the live region said
// only the engine's events. When lesson 8's caption shows, on the page
// and in an embed, the polite live region #caption-said holds it, and
// the narration region does not say it a second time.
func TestBrowserCaptionsSpoken(t *testing.T) {
	t.Run("page", func(t *testing.T) {
		ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=acks1-loss")
		setMaxSpeed(t, ctx)
		setPlaying(t, ctx, true)
		pollJS(t, ctx, `document.getElementById("caption").textContent === `+jsString(acks1SecondCaption), 60*time.Second, "the caption never shows")
		if got := evalJS[string](t, ctx, captionSaidJS+"("+jsString(acks1SecondCaption)+")"); got != "" {
			t.Error(got)
		}
		noPageErrors(t, pageErrors)
	})
	t.Run("embed", func(t *testing.T) {
		c := hostSizes[1]
		h := openHost(t, c.w, c.h, hostOpts{Query: lessonEmbedQuery, Grow: c.grow, Width: c.frameW})
		h.PollFrame(`document.getElementById("caption").textContent === `+jsString(acks1SecondCaption), 60*time.Second, "the caption never shows")
		if got := inFrame[string](h, captionSaidJS+"("+jsString(acks1SecondCaption)+")"); got != "" {
			t.Error(got)
		}
		h.NoErrors()
	})
}

// TestBrowserSpaceAfterTryStaysPlayPause: after "Crash the leader
// (broker 1)" the button kept the focus and became "Restart broker 1",
// so Space, play or pause in the page's keyboard help, pressed it and
// undid the learner's crash. Pressed with the mouse or with Enter, the
// suggestion leaves the focus when it changes, and Space plays or
// pauses, with broker 1 still down.
func TestBrowserSpaceAfterTryStaysPlayPause(t *testing.T) {
	for _, how := range []string{"mouse", "keyboard"} {
		t.Run(how, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, 1280, 800, "/")
			setPlaying(t, ctx, false)
			waitFrames(t, ctx)
			const crash = `[data-try="crash-leader"]`
			if how == "mouse" {
				click(t, ctx, crash)
			} else {
				evalJS[bool](t, ctx, `(document.querySelector(`+jsString(crash)+`).focus(), true)`)
				if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
					t.Fatal(err)
				}
			}
			pollJS(t, ctx, b1Down+` && document.querySelector('[data-try="restart"]') !== null`, 10*time.Second, "Crash the leader does not crash broker 1 and offer its restart")
			waitFrames(t, ctx)
			playing := evalJS[string](t, ctx, `document.getElementById("play").getAttribute("aria-pressed")`)
			if err := chromedp.Do(ctx, chromedp.KeyEvent(" ")); err != nil {
				t.Fatal(err)
			}
			pollJS(t, ctx, `document.getElementById("play").getAttribute("aria-pressed") !== `+jsString(playing), 5*time.Second, "Space did not play or pause")
			waitFrames(t, ctx)
			if !evalJS[bool](t, ctx, b1Down) {
				t.Errorf("Space restarted broker 1 (the focus is on %s)", evalJS[string](t, ctx, `document.activeElement.outerHTML.slice(0, 120)`))
			}
			noPageErrors(t, pageErrors)
		})
	}
}
