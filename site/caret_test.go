package site

import (
	"testing"
	"unicode/utf16"
)

// TestCaretOffset: the DOM counts a textarea's selection in UTF-16 code units.
func TestCaretOffset(t *testing.T) {
	text := "cluster brokers=3\n# é 😀 x\ncrsh 1\n"
	for _, c := range []struct{ line, col, want int }{
		{1, 1, 0},
		{1, 9, 8},
		{2, 0, 18},
		{2, 6, 18 + 6},     // '#',' ','é',' ','😀' (2 units) then col 6 is ' '
		{3, 1, 18 + 8 + 1}, // line 2 is 8 code units, then its newline
		{3, 99, 18 + 9 + 6},
		{9, 1, 18 + 9 + 7},
	} {
		if got := CaretOffset(text, c.line, c.col); got != c.want {
			t.Errorf("CaretOffset(%d:%d) = %d, want %d", c.line, c.col, got, c.want)
		}
	}
}

// TestBeforeCaret: the text before the caret ends where CaretOffset puts
// it, counted in UTF-16 code units as the DOM counts.
func TestBeforeCaret(t *testing.T) {
	text := "cluster brokers=3\n# é 😀 x\ncrsh 1\n"
	for _, c := range []struct {
		line, col int
		want      string
	}{
		{1, 1, ""},
		{2, 6, "cluster brokers=3\n# é 😀"},
		{3, 99, "cluster brokers=3\n# é 😀 x\ncrsh 1"},
		{9, 1, text},
	} {
		got := BeforeCaret(text, c.line, c.col)
		if got != c.want {
			t.Errorf("BeforeCaret(%d:%d) = %q, want %q", c.line, c.col, got, c.want)
		}
		if n := len(utf16.Encode([]rune(got))); n != CaretOffset(text, c.line, c.col) {
			t.Errorf("BeforeCaret(%d:%d) is %d code units, CaretOffset says %d", c.line, c.col, n, CaretOffset(text, c.line, c.col))
		}
	}
}

// TestScrollToReveal: a span in view keeps the scroll; one hidden to the
// right, or under the sticky gutter on the left, comes a quarter of the
// text part into view, with the least scroll.
func TestScrollToReveal(t *testing.T) {
	for _, c := range []struct{ cur, lead, view, at, size, want float64 }{
		{0, 40, 600, 100, 2, 0},                     // in view
		{900, 40, 600, 1200, 2, 900},                // in view after a scroll
		{0, 40, 600, 1500, 2, 1500 + 2 - 600 + 140}, // right of the box: 140 px (a quarter) in from its right edge
		{900, 40, 600, 920, 2, 920 - 40 - 140},      // under the gutter: 140 px right of it
		{300, 40, 600, 50, 2, 0},                    // never before the start
		{0, 0, 400, 390, 18, 390 + 18 - 400 + 100},  // a line below the box
	} {
		if got := ScrollToReveal(c.cur, c.lead, c.view, c.at, c.size); got != c.want {
			t.Errorf("ScrollToReveal(%v, %v, %v, %v, %v) = %v, want %v", c.cur, c.lead, c.view, c.at, c.size, got, c.want)
		}
	}
}
