// Package scripttest runs kplay scripts as datadriven golden tests. Only
// _test.go files import it, so the testing package never reaches the wasm
// build.
package scripttest

import (
	"fmt"
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
//
// A script with vs lines is run once more per variant (variantRuns): an
// expect vs="LABEL" has the output it has in variant LABEL's run, the one
// run that checks it, as kplay run and kplay test give it; a line that
// fails in a variant's run but not in the base's fails the test, naming
// the variant.
func RunFile(t *testing.T, path, src string) {
	vr := variantRuns(t, path, src)
	var r script.Runner
	datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
		dir := Directive(d, src)
		out, err := r.Exec(dir)
		if err == nil {
			if e, ok := vr.errs[dir.Pos.Line]; ok {
				t.Errorf("%s:%d: %s", path, dir.Pos.Line, e)
			}
			if claim, ok := vr.claims[dir.Pos.Line]; ok && strings.HasPrefix(out, script.NotChecked) {
				out = claim
			}
		}
		if err != nil {
			return "error: " + err.Error() + "\n"
		}
		return out
	})
}

// variantOutputs are what a script's variants' runs say about its lines:
// by line, the output of each expect vs="LABEL" in variant LABEL's run,
// and each error a line has in a variant's run.
type variantOutputs struct {
	claims map[int]string
	errs   map[int]string
}

// variantRuns runs every variant the vs lines of src name, each as the
// script with its values written in (script.ApplyVariant) on a Runner of
// its label. A script that does not compile has no variant runs: its
// errors are the base run's. A variant that cannot run (it changes
// nothing, or makes a line invalid) fails t.
func variantRuns(t *testing.T, path, src string) variantOutputs {
	t.Helper()
	vo := variantOutputs{claims: map[int]string{}, errs: map[int]string{}}
	dirs, err := script.Parse(path, src)
	if err != nil {
		return vo
	}
	base, _, err := script.CompileVariants(dirs)
	if len(base.Variants) == 0 {
		return vo
	}
	if err != nil {
		t.Errorf("%s: the variants cannot run: %v", path, err)
		return vo
	}
	for _, v := range base.Variants {
		vd, err := script.ApplyVariant(dirs, v)
		if err != nil {
			t.Errorf("%s: variant %q: %v", path, v.Label, err)
			continue
		}
		r := script.Runner{Variant: v.Label}
		for _, d := range vd {
			if d.Cmd == "subtest" {
				continue
			}
			out, err := r.Exec(d)
			switch {
			case err != nil:
				if _, seen := vo.errs[d.Pos.Line]; !seen {
					vo.errs[d.Pos.Line] = fmt.Sprintf("in variant %q (%s): %v", v.Label, v.Summary(), err)
				}
			case d.Cmd == "expect" && !strings.HasPrefix(out, script.NotChecked):
				vo.claims[d.Pos.Line] = out
			}
		}
	}
	return vo
}
