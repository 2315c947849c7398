// Package scripttest runs kplay scripts as datadriven golden tests. Only
// _test.go files import it, so the testing package never reaches the wasm
// build.
package scripttest

import (
	"testing"

	"github.com/cockroachdb/datadriven"

	"kplay/engine/script"
)

// Directive converts a datadriven TestData into a script.Directive.
func Directive(d *datadriven.TestData) script.Directive {
	out := script.Directive{Cmd: d.Cmd, Input: d.Input, Expected: d.Expected}
	for _, a := range d.CmdArgs {
		out.Args = append(out.Args, script.Arg{Key: a.Key, Vals: a.Vals})
	}
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
