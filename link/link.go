// Package link encodes and decodes kplay's share links (docs/design.md §5):
//
//	/#s=1.<base64url(deflate(script))>&t=<ms>
//
// The "1." versions the format. A link carries the inputs (the scenario
// script and the playhead), never a trace. The payload is capped at
// MaxDecoded bytes once decoded, and every way a link can be broken gives
// an *Error that says which part and why, so the page can show a banner
// and keep the default scenario.
//
// The package imports only the standard library, so the Cloudflare Worker
// can validate payloads without importing the engine. For the same reason
// it holds the reader and writer of a script's double-quoted texts
// (ScanQuoted, Quote), which Title and engine/script share.
package link

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Version is the payload format this package writes.
const Version = 1

// MaxDecoded is the largest script a link may carry, in bytes, once
// decoded (64 KiB).
const MaxDecoded = 64 << 10

// MaxEncoded is the longest payload accepted before decoding, in
// characters: the base64 of deflate's worst case for MaxDecoded bytes
// (stored blocks add 5 bytes per 64 KiB), with room to spare. Longer
// input is refused without being decoded.
const MaxEncoded = 2 + (MaxDecoded+1024)*4/3 + 4

// maxFragment bounds a whole fragment: the payload plus t and separators.
const maxFragment = MaxEncoded + 64

// Link is what a share link carries.
type Link struct {
	// Script is the scenario script, as the editor holds it.
	Script string
	// T is the playhead in simulated milliseconds (engine.Time), valid
	// when HasT.
	T    int64
	HasT bool
}

// Error says what is wrong with a link: which part (Part: "s", "t" or
// "link") and why. Offset, when >= 0, is the character in the payload
// where decoding failed.
type Error struct {
	Part   string
	Offset int
	Msg    string
	// TooLarge says the link was refused for its size (before or after
	// decoding); a server answers that with 413, other errors with 400.
	TooLarge bool
}

func (e *Error) Error() string {
	if e.Offset >= 0 {
		return fmt.Sprintf("link %s: %s (at character %d)", e.Part, e.Msg, e.Offset)
	}
	return fmt.Sprintf("link %s: %s", e.Part, e.Msg)
}

func errf(part string, off int, format string, a ...any) *Error {
	return &Error{Part: part, Offset: off, Msg: fmt.Sprintf(format, a...)}
}

// Encode returns the fragment for l, without the leading "#":
// "s=1.<payload>" followed by "&t=<ms>" when l.HasT.
func Encode(l Link) string {
	s := "s=" + EncodePayload(l.Script)
	if l.HasT {
		s += "&t=" + strconv.FormatInt(l.T, 10)
	}
	return s
}

// EncodePayload returns "1." followed by the base64url (no padding) of the
// script deflated at the best compression. The same script always gives
// the same payload.
func EncodePayload(script string) string {
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		panic("link: " + err.Error()) // can't happen: the level is valid
	}
	_, _ = w.Write([]byte(script)) // a bytes.Buffer does not fail
	_ = w.Close()
	return strconv.Itoa(Version) + "." + base64.RawURLEncoding.EncodeToString(b.Bytes())
}

// Parse reads a fragment ("#s=…&t=…" or "s=…&t=…"). A fragment with no s
// gives an empty Link and no error (the page then opens its default
// scenario). Errors are *Error values.
func Parse(fragment string) (Link, error) {
	fragment = strings.TrimPrefix(fragment, "#")
	if len(fragment) > maxFragment {
		e := errf("link", -1, "is %d characters long; a kplay link holds at most %d", len(fragment), maxFragment)
		e.TooLarge = true
		return Link{}, e
	}
	q, err := url.ParseQuery(fragment)
	if err != nil {
		return Link{}, errf("link", -1, "is not a list of key=value pairs: %v", err)
	}
	var l Link
	if ts, ok := q["t"]; ok {
		if len(ts) != 1 {
			return Link{}, errf("t", -1, "appears %d times", len(ts))
		}
		t, err := strconv.ParseInt(ts[0], 10, 64)
		if err != nil || t < 0 || t > 1<<50 {
			return Link{}, errf("t", -1, "%q is not a time in milliseconds", clip(ts[0]))
		}
		l.T, l.HasT = t, true
	}
	ss, ok := q["s"]
	if !ok {
		return l, nil
	}
	if len(ss) != 1 {
		return Link{}, errf("s", -1, "appears %d times", len(ss))
	}
	l.Script, err = DecodePayload(ss[0])
	if err != nil {
		return Link{}, err
	}
	return l, nil
}

// DecodePayload reverses EncodePayload. It refuses a payload longer than
// MaxEncoded or one that inflates to more than MaxDecoded bytes without
// inflating more than that, and a script that is not UTF-8. Errors are
// *Error values.
func DecodePayload(p string) (string, error) {
	if len(p) > MaxEncoded {
		e := errf("s", -1, "the payload is %d characters; at most %d are accepted", len(p), MaxEncoded)
		e.TooLarge = true
		return "", e
	}
	ver, body, ok := strings.Cut(p, ".")
	if !ok {
		return "", errf("s", -1, "has no format version (it should start with %d.)", Version)
	}
	n, err := strconv.Atoi(ver)
	switch {
	case err != nil || n < 0:
		return "", errf("s", 0, "%q is not a format version", clip(ver))
	case n > Version:
		return "", errf("s", 0, "was made by a newer kplay (link format %d; this page reads format %d): open it on the newer page", n, Version)
	case n < Version:
		return "", errf("s", 0, "uses link format %d, which kplay never published; this page reads format %d", n, Version)
	}
	raw, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		off := -1
		var ce base64.CorruptInputError
		if errors.As(err, &ce) {
			off = len(ver) + 1 + int(ce)
		}
		return "", errf("s", off, "is damaged: not base64url")
	}
	r := flate.NewReader(bytes.NewReader(raw))
	defer r.Close()
	out, err := io.ReadAll(io.LimitReader(r, MaxDecoded+1))
	if err != nil {
		return "", errf("s", -1, "is damaged: the compressed script does not inflate (%v)", err)
	}
	if len(out) > MaxDecoded {
		e := errf("s", -1, "decodes to more than %d KiB; a link holds at most %d KiB of script", MaxDecoded>>10, MaxDecoded>>10)
		e.TooLarge = true
		return "", e
	}
	if !utf8.Valid(out) {
		return "", errf("s", -1, "is damaged: the script is not UTF-8 text")
	}
	return string(out), nil
}

// clip shortens hostile input quoted in an error.
func clip(s string) string {
	if len(s) > 24 {
		return s[:24] + "…"
	}
	return s
}

// Title returns a script's title for a link's preview (the Worker's oEmbed
// and the page's tab): the text of its first `title "…"` directive, its
// \" and \\ read as ScanQuoted (and so the script package) reads them,
// else of its first "# title:" comment (the form older links carry), else
// "". It reads lines only, so a script that does not compile still has a
// title.
func Title(script string) string {
	comment := ""
	for rest := script; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		line = strings.TrimSpace(line)
		if q, ok := strings.CutPrefix(line, "title "); ok {
			q = strings.TrimSpace(q)
			if t, _, err := ScanQuoted(q); err == nil {
				return strings.TrimSpace(t)
			}
		}
		if t, ok := strings.CutPrefix(line, "# title:"); ok && comment == "" {
			comment = strings.TrimSpace(t)
		}
	}
	return comment
}
