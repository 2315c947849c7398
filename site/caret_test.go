package site

import "testing"

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
