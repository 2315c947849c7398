//go:build browser && !js

package e2e

// Browser tests of the script editor: editing and applying a script,
// hostile text in it, and a go-to-line that scrolls to the column.

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"kplay/link"
)

// TestBrowserScriptEditor: a lesson author picks a preset, changes lines
// in the editor (one with a typo, marked at its line and column and kept,
// even across a reload), applies with Ctrl+Enter, and shares a link that
// carries the change.
func TestBrowserScriptEditor(t *testing.T) {
	t.Parallel()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 900)
	pageErrors := watchConsole(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?preset=acks1-loss")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.body?.dataset.ready === "1" && document.getElementById("script") !== null`, 30*time.Second, "the page loads with the editor")
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
	pollJS(t, ctx, `document.body?.dataset.ready === "1" && document.getElementById("script").value.includes("\ncrsh 3\n") && document.getElementById("script-problem") !== null`, 30*time.Second, "the draft survives a reload")
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

// TestBrowserHostileText: markup in a shared script's title, record values
// and question is drawn as text: no element is made from it and no
// handler in it runs, in the header, the event log, the inspector, the
// question card and the editor.
func TestBrowserHostileText(t *testing.T) {
	t.Parallel()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 900)
	script := "# title: <img src=x onerror=window.pwned=1> hostile\ncluster brokers=3\ncreate-topic t partitions=1 rf=3\n" +
		"produce t-0 values=(<b>bold</b>, <img/src=x/onerror=window.pwned=2>) acks=all\n" +
		"ask \"Is <i>this</i> text?\" options=(<u>yes</u>, no) answer=<u>yes</u>\nadvance 2s\n"
	frag := link.Encode(link.Link{Script: script, T: 1500, HasT: true})
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/#"+frag)); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, `document.body?.dataset.ready === "1" && document.getElementById("clock").textContent === "00:00:01.500"`, 30*time.Second, "the hostile link opens")
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

// TestBrowserGoToLineScrollsToTheColumn: a teacher's error stood far to
// the right of a long ask line; "Go to line" put the caret there but left
// the editor scrolled to the line's start, so the column was out of
// sight. After the click the caret is at the error's column and the
// editor box (which scrolls the textarea, as wide and tall as its text)
// shows it, right of the line-number gutter, where the error's underline
// starts.
func TestBrowserGoToLineScrollsToTheColumn(t *testing.T) {
	t.Parallel()
	question := "Broker 1 has crashed right after it acknowledged m2 with acks=1, and the controller is about to elect broker 2, " +
		"which had not fetched m2 yet because its fetch was still on the wire: once broker 2 leads, is m2 still safe?"
	bad := `ask "` + question + `" options=(yes, not safe) answer=not safe`
	// Forty lines of notes first, so that the line is below the editor
	// box's height too.
	notes := strings.Repeat("# a teacher's note on what the learner sees here\n", 40)
	src := "cluster brokers=3\ncreate-topic t\nproduce t-0 values=(m1, m2) acks=1\nadvance 1s\n" + notes + bad + "\nadvance 1s\n"
	ctx, _, pageErrors := pageAt(t, 1280, 900, "/#"+link.Encode(link.Link{Script: src}))
	col := strings.Index(bad, "answer=") + 1
	want := "line 45, column " + itoa(col) + ": answer=not safe: a value of several words goes in parentheses: answer=(not safe)"
	pollJS(t, ctx, `(document.getElementById("script-problem") || {}).textContent?.startsWith(`+jsString(want)+`)`, 10*time.Second, "the editor names the error's line and column")

	// The editor box starts at the top left; the column is far out of
	// sight, right of and below it.
	if sl := evalJS[string](t, ctx, `(() => { const b = document.querySelector(".editor"); return b.scrollLeft + "," + b.scrollTop; })()`); sl != "0,0" {
		t.Fatalf("the editor starts scrolled to %s px", sl)
	}
	click(t, ctx, ".editor-goto")
	wantAt := evalJS[int](t, ctx, `document.getElementById("script").value.indexOf(`+jsString(bad)+`)`) + col - 1
	pollJS(t, ctx, `document.activeElement.id === "script" && document.activeElement.selectionStart === `+itoa(wantAt)+` && document.activeElement.selectionEnd === `+itoa(wantAt), 5*time.Second, "Go to line puts the caret at the error's column")
	waitFrames(t, ctx)

	// Where the column is on screen: the error's underline starts at it
	// (its left edge is the column's), and the caret stands there.
	var got struct {
		ScrollLeft, MarkX, BoxLeft, BoxRight, GutterRight float64
		MarkTop, BoxTop, BoxBottom                        float64
	}
	raw := evalJS[string](t, ctx, `(() => {
		const box = document.querySelector(".editor"), b = box.getBoundingClientRect();
		const m = document.querySelector(".editor-mark").getBoundingClientRect();
		const g = document.querySelector(".editor-gutter").getBoundingClientRect();
		return JSON.stringify({ScrollLeft: box.scrollLeft, MarkX: m.left, BoxLeft: b.left, BoxRight: b.left + box.clientWidth,
			GutterRight: g.right, MarkTop: m.top, BoxTop: b.top, BoxBottom: b.top + box.clientHeight});
	})()`)
	if err := json.Unmarshal([]byte(raw), &got); err != nil {
		t.Fatal(err)
	}
	if got.ScrollLeft <= 0 {
		t.Errorf("the editor is not scrolled: scrollLeft %v", got.ScrollLeft)
	}
	if got.MarkX < got.GutterRight || got.MarkX > got.BoxRight-8 {
		t.Errorf("the error's column is at x=%v, outside the editor's text area %v..%v (scrollLeft %v)", got.MarkX, got.GutterRight, got.BoxRight, got.ScrollLeft)
	}
	if got.MarkTop < got.BoxTop || got.MarkTop > got.BoxBottom {
		t.Errorf("the error's line is at y=%v, outside the editor %v..%v", got.MarkTop, got.BoxTop, got.BoxBottom)
	}
	// The caret's own place agrees with the mark's: the text before it,
	// measured in the textarea's font, ends at the column.
	caretX := evalJS[float64](t, ctx, `(() => {
		const ta = document.getElementById("script"), cs = getComputedStyle(ta);
		const c = document.createElement("canvas").getContext("2d");
		c.font = cs.fontSize + " " + cs.fontFamily;
		const line = ta.value.slice(0, ta.selectionStart).split("\n").pop();
		return ta.getBoundingClientRect().left + parseFloat(cs.paddingLeft) + c.measureText(line).width;
	})()`)
	if d := caretX - got.MarkX; d < -2 || d > 2 {
		t.Errorf("the caret is at x=%v, the error's mark at x=%v", caretX, got.MarkX)
	}
	screenshot(t, ctx, "goto-column.png")
	if errs := pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
}
