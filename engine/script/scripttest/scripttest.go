// Package scripttest runs kplay scripts as datadriven golden tests. Only
// _test.go files import it, so the testing package never reaches the wasm
// build.
package scripttest

import (
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"kplay/engine/script"
)

// Directive converts a datadriven TestData into a script.Directive.
func Directive(d *datadriven.TestData) script.Directive {
	out := script.Directive{Cmd: d.Cmd, Input: d.Input, Expected: d.Expected}
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
	// datadriven keeps no raw line; this one splits back into the same
	// arguments, and keeps an ask directive's quoted question.
	out.Line = line
	return out
}

// RunFile runs one script file as a golden test: each directive's output
// must equal its expected output. Errors are printed as "error: ..." so that
// error paths can be golden-tested too.
//
// NB: run "go test ./... -rewrite" after an intended change, then read every
// changed line of the diff before committing it.
func RunFile(t *testing.T, path string) {
	var r script.Runner
	datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
		out, err := r.Exec(Directive(d))
		if err != nil {
			return "error: " + err.Error() + "\n"
		}
		return out
	})
}
