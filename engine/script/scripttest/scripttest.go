// Package scripttest runs kplay scripts as datadriven golden tests. Only
// _test.go files import it, so the testing package never reaches the wasm
// build.
package scripttest

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"kplay/engine/script"
)

// Directive converts a datadriven TestData into a script.Directive. src
// is the text of the file d comes from: datadriven keeps no raw line, so
// the directive's line is read from it and parsed as kplay parses it (an
// ask's question stays whole, and arguments get their columns). Without
// src, or if d's line cannot be found in it, the line is rebuilt from
// datadriven's arguments.
func Directive(d *datadriven.TestData, src string) script.Directive {
	out := script.Directive{Cmd: d.Cmd, Input: d.Input, Expected: d.Expected}
	lineNo := 0
	if i := strings.LastIndexByte(d.Pos, ':'); i >= 0 {
		lineNo, _ = strconv.Atoi(d.Pos[i+1:])
	}
	out.Pos = script.Pos{Line: lineNo, Col: 1}
	if raw, ok := rawLine(src, lineNo); ok {
		if dirs, err := script.Parse("", raw); err == nil && len(dirs) == 1 && dirs[0].Cmd == d.Cmd {
			out.Args, out.Line, out.Pos.Col = dirs[0].Args, dirs[0].Line, dirs[0].Pos.Col
			for k := range out.Args {
				out.Args[k].Pos.Line = lineNo
			}
			return out
		}
	}
	line := d.Cmd
	for _, a := range d.CmdArgs {
		out.Args = append(out.Args, script.Arg{Key: a.Key, Vals: a.Vals})
		line += " " + a.Key
		switch len(a.Vals) {
		case 0:
		case 1:
			line += "=" + a.Vals[0]
		default:
			line += "=(" + strings.Join(a.Vals, ", ") + ")"
		}
	}
	out.Line = line
	return out
}

// rawLine returns line n (1-based) of src with its backslash
// continuations, and false if src has no such line.
func rawLine(src string, n int) (string, bool) {
	lines := strings.Split(src, "\n")
	if n < 1 || n > len(lines) {
		return "", false
	}
	raw := lines[n-1]
	for i := n; strings.HasSuffix(strings.TrimSpace(raw), `\`) && i < len(lines); i++ {
		raw += "\n" + lines[i]
	}
	return raw, true
}

// RunFile runs one script file as a golden test: each directive's output
// must equal its expected output. Errors are printed as "error: ..." so that
// error paths can be golden-tested too.
//
// NB: run "go test ./... -rewrite" after an intended change, then read every
// changed line of the diff before committing it.
//
// src is the file's text, which the caller reads (this package does no
// I/O of its own, as the engine's packages do none): Directive takes each
// directive's raw line from it.
func RunFile(t *testing.T, path, src string) {
	var r script.Runner
	datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
		out, err := r.Exec(Directive(d, src))
		if err != nil {
			return "error: " + err.Error() + "\n"
		}
		return out
	})
}
