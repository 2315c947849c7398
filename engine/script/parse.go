// Package script reads, runs and compiles kplay scenario scripts.
//
// A script is in the datadriven format (github.com/cockroachdb/datadriven):
// directive lines "command arg key=val key=(a, b)", "#" comments, "\" line
// continuations, optional input lines, and "----" followed by the expected
// output, which ends at the first blank line (or, after "----" "----", at the
// next "----" "----"). This package has its own parser so that the browser
// build never links the testing package; a parity test proves that it reads
// every golden file exactly as datadriven does.
//
// One difference is deliberate: kplay commands take no input lines, so a
// directive also ends at the next line that is neither blank nor a comment.
// A scenario stripped of its expected output (the form the page edits and
// links carry) is therefore one command per line, as a person would write
// it. datadriven would read such lines as the first command's input.
package script

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"kplay/link"
)

// MaxScriptBytes bounds the text Parse accepts: the share-link limit.
const MaxScriptBytes = 64 << 10

// Pos is a 1-based line and column (in characters) in a script.
type Pos struct{ Line, Col int }

// String prints "line:col".
func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Arg is one argument of a directive: a key with zero, one or several values.
type Arg struct {
	Key  string
	Vals []string
	Pos  Pos
	// Paren says the values were written in parentheses, key=(a, b).
	Paren bool
}

// Directive is one command of a script with its input and expected output.
type Directive struct {
	Pos  Pos
	Cmd  string
	Args []Arg
	// Input is the text between the directive line and "----", trimmed.
	Input string
	// Expected is the text after "----", each line ending in "\n".
	// HasExpected reports whether a "----" separator was present.
	Expected    string
	HasExpected bool
	// Line is the directive line as written (continuations joined).
	Line string
}

// Arg returns the argument named key.
func (d Directive) Arg(key string) (Arg, bool) {
	for _, a := range d.Args {
		if a.Key == key {
			return a, true
		}
	}
	return Arg{}, false
}

// Error is a script error at a position.
type Error struct {
	Name string
	Pos  Pos
	Msg  string
}

// Error prints "name:line:col: msg".
func (e *Error) Error() string {
	if e.Name == "" {
		return fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Col, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.Name, e.Pos.Line, e.Pos.Col, e.Msg)
}

// Parse reads a whole script. name labels errors (a file name, or "" for
// the page's editor). It returns an *Error for text datadriven would reject.
func Parse(name, src string) ([]Directive, error) {
	if len(src) > MaxScriptBytes {
		return nil, &Error{Name: name, Pos: Pos{1, 1}, Msg: fmt.Sprintf("script is %d bytes; the limit is %d (64 KiB)", len(src), MaxScriptBytes)}
	}
	if !utf8.ValidString(src) {
		return nil, &Error{Name: name, Pos: Pos{1, 1}, Msg: "script is not valid UTF-8"}
	}
	lines := splitLines(src)
	var out []Directive
	i := 0
	next := func() (string, int, bool) {
		if i >= len(lines) {
			return "", 0, false
		}
		i++
		return lines[i-1], i, true
	}
	for {
		raw, lineNo, ok := next()
		if !ok {
			return out, nil
		}
		line := strings.TrimSpace(raw)
		if strings.HasPrefix(line, "#") {
			continue
		}
		indent := utf8.RuneCountInString(raw) - utf8.RuneCountInString(strings.TrimLeft(raw, " \t\r\n\v\f"))
		if strings.HasSuffix(line, `\`) {
			// Join continuations in one builder: repeated concatenation
			// would be quadratic in the number of lines.
			var joined strings.Builder
			for strings.HasSuffix(line, `\`) {
				more, _, ok := next()
				if !ok {
					break
				}
				joined.WriteString(strings.TrimSuffix(line, `\`))
				joined.WriteByte(' ')
				line = strings.TrimSpace(more)
			}
			joined.WriteString(line)
			line = joined.String()
		}
		cmd, args, col, err := parseDirectiveLine(line)
		if err != nil {
			return nil, &Error{Name: name, Pos: Pos{lineNo, indent + col}, Msg: err.Error()}
		}
		if cmd == "" {
			continue
		}
		for k := range args {
			args[k].Pos = Pos{lineNo, indent + args[k].Pos.Col}
		}
		d := Directive{Pos: Pos{lineNo, indent + 1}, Cmd: cmd, Args: args, Line: line}
		if cmd == "subtest" {
			out = append(out, d)
			continue
		}
		var input strings.Builder
		sep := false
		for {
			l, _, ok := next()
			if !ok {
				break
			}
			if l == "----" {
				sep = true
				break
			}
			if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
				// kplay commands take no input lines, so a line that is
				// neither blank nor a comment starts the next directive.
				i--
				break
			}
			input.WriteString(l)
			input.WriteByte('\n')
		}
		if !sep {
			input.Reset() // comments between two directives are comments
		}
		d.Input = strings.TrimSpace(input.String())
		if sep {
			d.HasExpected = true
			d.Expected = readExpected(lines, &i)
		}
		out = append(out, d)
	}
}

// readExpected reads an expected-output block as datadriven's
// testDataReader.readExpected does.
func readExpected(lines []string, i *int) string {
	var b strings.Builder
	if *i >= len(lines) {
		return ""
	}
	first := lines[*i]
	*i++
	if first == "----" {
		for *i < len(lines) {
			l := lines[*i]
			*i++
			if l == "----" {
				if *i < len(lines) {
					l2 := lines[*i]
					*i++
					if l2 == "----" {
						if *i < len(lines) {
							*i++ // the blank line after the closing separator
						}
						break
					}
					b.WriteString(l + "\n" + l2 + "\n")
					continue
				}
			}
			b.WriteString(l + "\n")
		}
		return b.String()
	}
	l := first
	for {
		if strings.TrimSpace(l) == "" {
			break
		}
		b.WriteString(l + "\n")
		if *i >= len(lines) {
			break
		}
		l = lines[*i]
		*i++
	}
	return b.String()
}

// splitLines splits like bufio.ScanLines: on "\n", dropping a "\r" before it,
// with no empty last line for a trailing newline.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	parts := strings.Split(s, "\n")
	if parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	for i, p := range parts {
		parts[i] = strings.TrimSuffix(p, "\r")
	}
	return parts
}

// parseDirectiveLine is parseLine, except that the double-quoted text
// that opens a directive its row marks Quoted (ask, say, why, title,
// summary, source, try) is text: only what follows its closing quote splits into arguments (so the
// text may hold "acks=1" or "(ISR)"), and the arguments' columns count
// from the line's start. In the text, \" is a double quote and \\ a
// backslash (link.ScanQuoted); another escape is an error at its column.
func parseDirectiveLine(line string) (string, []Arg, int, error) {
	cmd, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimLeft(rest, " ")
	if !quoted(cmd) || !strings.HasPrefix(rest, `"`) {
		return parseLine(line)
	}
	_, n, qerr := link.ScanQuoted(rest)
	if qerr != nil {
		if qerr.Unclosed {
			return cmd, nil, 0, nil // the directive's reader names the missing quote
		}
		at := len(line) - len(rest) + qerr.Offset
		return cmd, nil, utf8.RuneCountInString(line[:at]) + 1, errors.New(qerr.Msg)
	}
	tail := rest[n:]
	cmd, args, col, err := parseLine(cmd + " " + tail)
	shift := utf8.RuneCountInString(line[:len(line)-len(tail)]) - len(cmd) - 1
	if err != nil {
		return cmd, args, col + shift, err
	}
	for k := range args {
		args[k].Pos.Col += shift
	}
	return cmd, args, 0, nil
}

// parseLine splits a trimmed directive line into its command and arguments,
// with the grammar of datadriven.ParseLine. On error it returns the 1-based
// column where parsing stopped.
func parseLine(line string) (string, []Arg, int, error) {
	if line == "" {
		return "", nil, 0, nil
	}
	orig := line
	col := func() int { return utf8.RuneCountInString(orig[:len(orig)-len(line)]) + 1 }
	until := func(chars string) string {
		idx := strings.IndexAny(line, chars)
		if idx == -1 {
			idx = len(line)
		}
		res := line[:idx]
		line = line[idx:]
		return res
	}
	cmd := until(" ")
	line = strings.TrimSpace(line)
	var args []Arg
	for line != "" {
		a := Arg{Pos: Pos{Col: col()}}
		a.Key = until(" =")
		if a.Key == "" {
			return "", nil, col(), fmt.Errorf("expected an argument name before '='")
		}
		if line != "" && line[0] == '=' {
			line = line[1:]
			switch {
			case line == "" || line[0] == ' ':
				a.Vals = []string{""}
			case line[0] != '(':
				a.Vals = []string{until(" ")}
			default:
				a.Paren = true
				pos, nest, start := 1, 1, 1
				for nest > 0 {
					if pos == len(line) {
						line = line[len(line):]
						return "", nil, a.Pos.Col, fmt.Errorf("argument %s has an unclosed '('", a.Key)
					}
					r, size := utf8.DecodeRuneInString(line[pos:])
					pos += size
					switch r {
					case ',':
						if nest == 1 {
							a.Vals = append(a.Vals, line[start:pos-1])
							for pos < len(line) && line[pos] == ' ' {
								pos++
							}
							start = pos
						}
					case '(':
						nest++
					case ')':
						nest--
					}
				}
				a.Vals = append(a.Vals, line[start:pos-1])
				line = strings.TrimSpace(line[pos:])
			}
		}
		args = append(args, a)
		line = strings.TrimSpace(line)
	}
	return cmd, args, 0, nil
}
