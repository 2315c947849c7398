//go:build browser && !js

package e2e

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"kplay/link"
)

// TestBrowserGoToLineScrollsToTheColumn: a teacher's error stood far to
// the right of a long ask line; "Go to line" put the caret there but left
// the editor scrolled to the line's start, so the column was out of
// sight. After the click the caret is at the error's column and the
// editor box (which scrolls the textarea, as wide and tall as its text)
// shows it, right of the line-number gutter, where the error's underline
// starts.
func TestBrowserGoToLineScrollsToTheColumn(t *testing.T) {
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
