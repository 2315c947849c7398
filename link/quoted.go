package link

import (
	"strings"
	"unicode/utf8"
)

// This file reads and writes the double-quoted text of a kplay script's
// story directives (title, summary, say, ask, why, source and try;
// docs/design.md §3):
//
//	say "Broker 1 answers \"NOT_LEADER\" and the producer retries."
//
// Inside the quotes, \" is a double quote and \\ a backslash; any other
// backslash is an error, so that a text means one thing only and Quote
// writes it back byte for byte. It lives here, with Title, because this
// package imports only the standard library: engine/script reads every
// quoted text with it, and the share-link Worker reads a link's title
// with it as the page does.

// Quote returns text in double quotes with each " and \ escaped: the form
// ScanQuoted reads back as text.
func Quote(text string) string {
	if !strings.ContainsAny(text, `"\`) {
		return `"` + text + `"`
	}
	var b strings.Builder
	b.Grow(len(text) + 4)
	b.WriteByte('"')
	for i := 0; i < len(text); i++ {
		if c := text[i]; c == '"' || c == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(text[i])
	}
	b.WriteByte('"')
	return b.String()
}

// QuoteError is why a quoted text does not scan (ScanQuoted). Offset is the byte offset in
// ScanQuoted's input of what is wrong: the backslash of a bad escape, or the
// opening quote of a text that is never closed (Unclosed).
type QuoteError struct {
	Offset   int
	Unclosed bool
	Msg      string
}

// Error returns Msg.
func (e *QuoteError) Error() string { return e.Msg }

// ScanQuoted reads the double-quoted text s opens with (s[0] must be '"'). It
// returns the text with its escapes read, and n, the length in bytes of
// the quoted text in s, both quotes included, so that s[n:] is what
// follows it. It fails, in time linear in len(s), on a backslash before
// anything but " or \, and on a text with no closing quote.
func ScanQuoted(s string) (text string, n int, err *QuoteError) {
	if s == "" || s[0] != '"' {
		return "", 0, &QuoteError{Msg: "the text does not start with a double quote"}
	}
	body := s[1:]
	end := strings.IndexAny(body, `"\`)
	if end >= 0 && body[end] == '"' {
		return body[:end], end + 2, nil // no escape: the common case
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		switch c := body[i]; c {
		case '"':
			return b.String(), i + 2, nil
		case '\\':
			if i+1 == len(body) {
				return "", 0, &QuoteError{Offset: 1 + i, Msg: `a backslash ends the text; inside double quotes write \" for a double quote and \\ for a backslash`}
			}
			next := body[i+1]
			if next != '"' && next != '\\' {
				r, _ := utf8.DecodeRuneInString(body[i+1:])
				what := `\` + string(r)
				if r <= ' ' {
					what = "a backslash before a space"
				}
				return "", 0, &QuoteError{Offset: 1 + i, Msg: what + ` is not an escape; inside double quotes write \" for a double quote and \\ for a backslash`}
			}
			b.WriteByte(next)
			i++
		default:
			b.WriteByte(c)
		}
	}
	return "", 0, &QuoteError{Unclosed: true, Msg: "the text has no closing double quote"}
}
