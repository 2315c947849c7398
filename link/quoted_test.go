package link

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestScanQuoted: \" is a double quote and \\ a backslash; any other escape,
// or a text never closed, is an error at the byte that is wrong.
func TestScanQuoted(t *testing.T) {
	for _, c := range []struct {
		in, text string
		n        int
	}{
		{`"plain" rest`, "plain", 7},
		{`""`, "", 2},
		{`"say \"hi\"" x`, `say "hi"`, 12},
		{`"C:\\kafka\\logs"`, `C:\kafka\logs`, 17},
		{`"\\"`, `\`, 4},
		{`"\\\""`, `\"`, 6},
		{`"é \"ü\""`, `é "ü"`, 11},
	} {
		text, n, err := ScanQuoted(c.in)
		if err != nil || text != c.text || n != c.n {
			t.Errorf("ScanQuoted(%s) = %q, %d, %v; want %q, %d", c.in, text, n, err, c.text, c.n)
		}
	}
	for _, c := range []struct {
		in       string
		offset   int
		unclosed bool
		msg      string
	}{
		{`"a \n b"`, 3, false, `\n is not an escape; inside double quotes write \" for a double quote and \\ for a backslash`},
		{`"a \é"`, 3, false, `\é is not an escape`},
		{`"a \"`, 0, true, "the text has no closing double quote"},
		{`"open`, 0, true, "the text has no closing double quote"},
		{`"ends \`, 6, false, `a backslash ends the text`},
	} {
		_, _, err := ScanQuoted(c.in)
		if err == nil || err.Offset != c.offset || err.Unclosed != c.unclosed || !strings.HasPrefix(err.Msg, c.msg) {
			t.Errorf("ScanQuoted(%s) error = %+v; want offset %d unclosed %v %q", c.in, err, c.offset, c.unclosed, c.msg)
		}
	}
}

// FuzzQuote: every text round-trips through Quote and ScanQuoted, and every
// quoted text ScanQuoted accepts is what Quote writes for it, byte for byte
// (there is one way to write a text), so a script's text survives the
// page, a share link and kplay run unchanged.
func FuzzQuote(f *testing.F) {
	for _, s := range []string{"", "plain", `say "hi"`, `C:\kafka`, `\"`, `"`, `\`, "é\"ü", `"a \"b\" c" rest`, `"x\y"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q := Quote(s)
		text, n, err := ScanQuoted(q)
		if err != nil || text != s || n != len(q) {
			t.Fatalf("ScanQuoted(Quote(%q)) = %q, %d, %v", s, text, n, err)
		}
		in := `"` + s
		text, n, err = ScanQuoted(in)
		if err != nil {
			if err.Offset < 0 || err.Offset >= len(in) || err.Msg == "" {
				t.Fatalf("ScanQuoted(%q): error %+v out of the input", in, err)
			}
			return
		}
		if got := Quote(text); got != in[:n] {
			t.Fatalf("ScanQuoted(%q) read %q from %q, which Quote writes %q", in, text, in[:n], got)
		}
		if utf8.ValidString(in) && !utf8.ValidString(text) {
			t.Fatalf("ScanQuoted(%q) made invalid UTF-8 %q", in, text)
		}
	})
}
