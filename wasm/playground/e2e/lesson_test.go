//go:build browser && !js

package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"kplay/link"
)

// caretTo focuses the editor with the caret skip characters into the
// first occurrence of find in its text, selecting sel characters from
// there, as a reader's click or drag would.
func caretTo(t *testing.T, ctx context.Context, find string, skip, sel int) {
	t.Helper()
	ok := evalJS[bool](t, ctx, `(() => { const s = document.getElementById("script"); const i = s.value.indexOf(`+jsString(find)+`);
		if (i < 0) return false; s.focus(); s.setSelectionRange(i + `+itoa(skip)+`, i + `+itoa(skip+sel)+`); return true; })()`)
	if !ok {
		t.Fatalf("the editor has no %q:\n%s", find, evalJS[string](t, ctx, `document.getElementById("script").value`))
	}
}

// typeText types text at the caret, through the browser's input pipeline
// (CDP Input.insertText), so the page sees the input events a keyboard
// makes.
func typeText(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text}); err != nil {
		t.Fatalf("typing %q: %v", text, err)
	}
}

func jsString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestBrowserScriptEditor: a lesson author picks a preset, changes lines
// in the editor (one with a typo, marked at its line and column and kept,
// even across a reload), applies with Ctrl+Enter, and shares a link that
// carries the change.
func TestBrowserScriptEditor(t *testing.T) {
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 900)
	pageErrors := watchConsole(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?preset=acks1-loss")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.body.dataset.ready === "1" && document.getElementById("script") !== null`, 30*time.Second, "the page loads with the editor")
	evalJS[bool](t, ctx, `(() => { const p = document.getElementById("play"); if (p.getAttribute("aria-pressed") === "true") p.click(); return true; })()`)
	// The lesson's questions wait for their answers, and the script holds
	// them (ask … answer=, why): it is folded, and says so. The author
	// opens it.
	if !evalJS[bool](t, ctx, `document.getElementById("script-folded") !== null && !document.getElementById("script-details").open`) {
		t.Fatal("before the first answer the script is not folded")
	}
	if err := steadyClick(ctx, `#script-details > summary`); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.getElementById("script-details").open`, 5*time.Second, "a click on the summary opens the script")

	// A typo on a new line after the topic is created.
	caretTo(t, ctx, "create-topic t partitions=1 rf=3\n", len("create-topic t partitions=1 rf=3\n"), 0)
	typeText(t, ctx, "crsh 3\n")
	line := evalJS[int](t, ctx, `document.getElementById("script").value.split("\n").indexOf("crsh 3") + 1`)
	pollJS(t, ctx, `(document.getElementById("script-problem")||{}).textContent?.startsWith("line `+itoa(line)+`, column 1: ")`, 5*time.Second, "the typo's line and column are named")
	got := evalJS[string](t, ctx, `[document.querySelector(".editor-gutter .ln-error").textContent, getComputedStyle(document.querySelector(".editor-mark")).getPropertyValue("--line").trim(), document.getElementById("script").getAttribute("aria-invalid")].join("|")`)
	if got != itoa(line)+"|"+itoa(line)+"|true" {
		t.Errorf("inline mark: gutter line|mark line|aria-invalid = %s, want line %d", got, line)
	}
	// The caret stays where the reader typed while the page redraws.
	caret := evalJS[int](t, ctx, `document.getElementById("script").selectionStart`)
	evalJS[bool](t, ctx, `(() => { document.getElementById("play").click(); return true; })()`)
	time.Sleep(400 * time.Millisecond)
	evalJS[bool](t, ctx, `(() => { document.getElementById("play").click(); return true; })()`)
	if c := evalJS[int](t, ctx, `document.getElementById("script").selectionStart`); c != caret {
		t.Errorf("the caret moved from %d to %d while the page played", caret, c)
	}

	// Apply refuses the typo and keeps the text.
	evalJS[bool](t, ctx, `(() => { document.getElementById("script-apply").click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("script-status").textContent.startsWith("Not applied: line `+itoa(line)+`, column 1")`, 5*time.Second, "Apply says why it did not apply")
	if !evalJS[bool](t, ctx, `document.getElementById("script").value.includes("\ncrsh 3\n")`) {
		t.Fatal("Apply dropped the reader's text")
	}

	// A reload keeps the unapplied text, with its mark.
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.body.dataset.ready === "1" && document.getElementById("script").value.includes("\ncrsh 3\n") && document.getElementById("script-problem") !== null`, 30*time.Second, "the draft survives a reload")
	if s := evalJS[string](t, ctx, `document.getElementById("script-status").textContent`); !strings.Contains(s, "Restored") {
		t.Errorf("status after reload: %q", s)
	}

	// Go to line puts the caret at the error.
	evalJS[bool](t, ctx, `(() => { document.querySelector(".editor-goto").click(); return true; })()`)
	want := evalJS[int](t, ctx, `document.getElementById("script").value.indexOf("\ncrsh 3\n") + 1`)
	pollJS(t, ctx, `document.activeElement.id === "script" && document.activeElement.selectionStart === `+itoa(want), 5*time.Second, "Go to line puts the caret on the typo")

	// Fix it (select "rsh" after the c and type "rash") and retitle.
	caretTo(t, ctx, "\ncrsh 3\n", 2, 3)
	typeText(t, ctx, "rash")
	caretTo(t, ctx, `title "`, len(`title "`), 0)
	typeText(t, ctx, "Edited: ")
	pollJS(t, ctx, `document.getElementById("script-problem") === null && !document.getElementById("script-apply").disabled`, 5*time.Second, "the fixed draft has no problem")
	// Only the keydown, as in the act test: a CDP "char" event would also
	// type a newline.
	if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown,
		Key: "Enter", Code: "Enter", WindowsVirtualKeyCode: 13, Modifiers: 2 /* Ctrl */}); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.getElementById("script-status").textContent.startsWith("Applied at") && document.getElementById("script-apply").disabled && document.querySelector(".title").textContent.startsWith("Edited: ")`, 5*time.Second, "Ctrl+Enter applies the script")
	evalJS[bool](t, ctx, `(() => { document.getElementById("timeline").value = "15000"; document.getElementById("timeline").dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `document.querySelector('svg#diagram g.node[data-node="b3"]')?.textContent.includes("down")`, 10*time.Second, "the applied crash takes b3 down")

	// The share link carries the edit and the moment.
	evalJS[bool](t, ctx, `(() => { document.getElementById("share").click(); return true; })()`)
	pollJS(t, ctx, `location.hash.startsWith("#s=1.")`, 5*time.Second, "the share link is in the address bar")
	l, err := link.Parse(evalJS[string](t, ctx, `location.hash`))
	if err != nil || !strings.Contains(l.Script, "\ncrash 3\n") || !strings.HasPrefix(l.Script, `title "Edited: `) || l.T != 15000 {
		t.Errorf("the share link does not carry the edit at 15000 ms: %+v %v", l, err)
	}
	screenshot(t, ctx, "kplay-editor-1280x900.png")

	// Picking a shorter preset redraws the timeline's markers for it: none
	// of the old scenario's is left beyond the new track's end.
	evalJS[bool](t, ctx, `(() => { const p = document.getElementById("preset"); p.value = "fetch-loop"; p.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `document.querySelector(".title").textContent.toLowerCase().includes("fetch") && document.querySelectorAll(".timeline-markers .marker").length > 0 &&
		[...document.querySelectorAll(".timeline-markers .marker")].every(m => Number(m.style.getPropertyValue("--at")) <= Number(document.getElementById("timeline").max)) &&
		document.documentElement.scrollWidth <= 1280`, 10*time.Second, "the new preset's timeline holds only its own markers")
	noPageErrors(t, pageErrors)
}

// TestBrowserLessonAsk: an embed of the Jepsen preset, playing, stops at
// the script's question until the reader picks; the answer shows, marked,
// and Continue plays on. The lesson page hears "ask" and "answer".
func TestBrowserLessonAsk(t *testing.T) {
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1000, 900)
	pageErrors := watchConsole(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/embed.html?preset=jepsen-2013&autoplay=1&speed=10")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.body.dataset.ready === "1"`, 30*time.Second, "the embed loads")
	pollJS(t, ctx, `document.getElementById("ask") !== null`, 60*time.Second, "playback stops at the question")
	at := evalJS[string](t, ctx, `document.getElementById("clock").textContent`)
	got := evalJS[string](t, ctx, `[document.getElementById("ask-q").textContent, [...document.querySelectorAll(".ask-option")].map(b => b.textContent).join(","),
		document.getElementById("play").getAttribute("aria-pressed"), document.activeElement.className].join("|")`)
	if got != "Broker 1 alone held w2 and w3, and it has died. What does today's controller do?|elect broker 2,elect broker 3,elect nobody|false|ask-option" {
		t.Errorf("the card: question|options|playing|focus = %s", got)
	}
	// Play does not get past an unanswered question.
	evalJS[bool](t, ctx, `(() => { document.getElementById("play").click(); return true; })()`)
	time.Sleep(300 * time.Millisecond)
	if c := evalJS[string](t, ctx, `document.getElementById("clock").textContent`); c != at || evalJS[bool](t, ctx, `document.getElementById("ask-answer") !== null`) {
		t.Fatalf("play went past the question: clock %s → %s", at, c)
	}
	evalJS[bool](t, ctx, `(() => { [...document.querySelectorAll(".ask-option")].find(b => b.textContent === "elect broker 2").click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("ask-answer")?.textContent.includes("the answer is elect nobody")`, 5*time.Second, "the answer shows")
	screenshot(t, ctx, "kplay-ask-answered-1000x900.png")
	got = evalJS[string](t, ctx, `[document.querySelector(".ask-option.wrong")?.textContent, document.querySelector(".ask-option.right")?.textContent, document.activeElement.id].join("|")`)
	if got != "elect broker 2|elect nobody|ask-continue" {
		t.Errorf("marked options wrong|right|focus = %s", got)
	}
	evalJS[bool](t, ctx, `(() => { document.getElementById("ask-continue").click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("ask") === null && document.getElementById("clock").textContent !== `+jsString(at), 10*time.Second, "Continue plays on")
	if !evalJS[bool](t, ctx, `document.querySelector(".marker-ask.answered") !== null`) {
		t.Error("the timeline does not mark the question answered")
	}

	// The lesson page hears the question and the answer.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/lesson.html")); err != nil {
		t.Fatal(err)
	}
	evalJS[bool](t, ctx, `(() => { document.getElementById("jepsen").scrollIntoView(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("jepsen-events").textContent.includes("ask: Broker 1 alone held w2 and w3")`, 90*time.Second, "the lesson page hears the question")
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { document.getElementById("jepsen").contentDocument.getElementById("ask-reveal").click(); return true; })()`)); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.getElementById("jepsen-events").textContent.includes("answer: shown without a pick; the answer is elect nobody")`, 10*time.Second, "the lesson page hears the answer")
	noPageErrors(t, pageErrors)
}

// TestBrowserHostileText: markup in a shared script's title, record values
// and question is drawn as text: no element is made from it and no
// handler in it runs, in the header, the event log, the inspector, the
// question card and the editor.
func TestBrowserHostileText(t *testing.T) {
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 900)
	script := "# title: <img src=x onerror=window.pwned=1> hostile\ncluster brokers=3\ncreate-topic t partitions=1 rf=3\n" +
		"produce t-0 values=(<b>bold</b>, <img/src=x/onerror=window.pwned=2>) acks=all\n" +
		"ask \"Is <i>this</i> text?\" options=(<u>yes</u>, no) answer=<u>yes</u>\nadvance 2s\n"
	frag := link.Encode(link.Link{Script: script, T: 1500, HasT: true})
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/#"+frag)); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.body.dataset.ready === "1" && document.getElementById("clock").textContent === "00:00:01.500"`, 30*time.Second, "the hostile link opens")
	// The question (through its timeline marker) and a record (through the
	// inspector) put the hostile text on screen too.
	evalJS[bool](t, ctx, `(() => { document.querySelector(".marker-ask").click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("ask-q")?.textContent === "Is <i>this</i> text?"`, 5*time.Second, "the question shows as text")
	evalJS[bool](t, ctx, `(() => { document.getElementById("ask-reveal").click(); return true; })()`)
	evalJS[bool](t, ctx, `(() => { document.getElementById("timeline").value = "1500"; document.getElementById("timeline").dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `document.querySelector('svg#diagram [data-offset="1"]') !== null`, 10*time.Second, "the records are drawn")
	evalJS[bool](t, ctx, `(() => { document.querySelector('svg#diagram [data-offset="1"]').dispatchEvent(new MouseEvent("click", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `document.getElementById("inspector").textContent.includes("<img/src=x/onerror=window.pwned=2>")`, 10*time.Second, "the inspector shows the value as text")
	// The record values are in the whole event log, behind "show fetch
	// chatter" (the filtered log leaves out appends and fetches).
	evalJS[bool](t, ctx, `(() => { const c = document.getElementById("show-net"); if (!c.checked) c.click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("show-net").checked && document.getElementById("events").textContent.includes("<b>bold</b>")`, 5*time.Second, "the whole log shows the record values")
	got := evalJS[string](t, ctx, `[document.querySelectorAll("body b, body i, body u, body img").length, String(window.pwned),
		document.querySelector(".title").textContent, document.getElementById("events").textContent.includes("<b>bold</b>"),
		document.getElementById("script").value.includes("values=(<b>bold</b>")].join("|")`)
	if got != "0|undefined|<img src=x onerror=window.pwned=1> hostile|true|true" {
		t.Errorf("elements from markup|pwned|title|log has the value|editor has the value = %s", got)
	}
}
