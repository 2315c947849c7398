package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"kplay/engine"
	"kplay/engine/script"
)

// result is one directive of a script with the output it produced.
type result struct {
	Dir script.Directive
	// Out is the directive's output; an error from Exec is printed as
	// "error: <msg>\n", the convention of scripttest.RunFile.
	Out string
	// Err is the error Exec returned, if any.
	Err error
	// Comments are the comment lines (and blank lines between them) written
	// just above the directive in the source.
	Comments []string
}

// runScript parses src and runs every directive in order. It keeps going
// after a directive fails, as the golden tests do, so that one script can
// show several error paths. A parse error stops everything and is returned
// as err, and so does a script that reaches past script.MaxScriptSpan,
// found before anything runs (the page refuses it the same way), so that
// its refusal costs nothing however far it reaches. A script with vs
// lines runs each variant too (runVariants), and an expect vs="LABEL"
// shows the output it has in that variant's run; a variant that cannot
// run, or a line that fails only in a variant's run, is err too.
func runScript(name, src string) (results []result, trailing []string, err error) {
	rs, err := runScriptRuns(name, src)
	if err == nil {
		err = rs.variantErr
	}
	return rs.base, rs.trailing, err
}

// runs are a script's runs: the base's results and trailing comments,
// and each variant's run.
type runs struct {
	base     []result
	trailing []string
	// outcome is the base's (script.OutcomeOf).
	outcome  script.Outcome
	variants []variantRun
	// variantErr is why the variants could not run (a vs line's
	// variant that changes nothing, or makes a line invalid), or the
	// first line that failed in a variant's run and not in the base's;
	// nil when the script has no vs line or its variants ran clean. The
	// base still ran.
	variantErr error
}

// runScriptRuns is runScript with every run it made.
func runScriptRuns(name, src string) (runs, error) {
	dirs, err := script.Parse(name, src)
	if err != nil {
		return runs{}, err
	}
	base, err := script.Compile(dirs)
	if script.IsSpanLimit(err) {
		return runs{}, err
	}
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	var rs runs
	var c *engine.Cluster
	rs.base, c = runDirectives(dirs, lines, "")
	rs.trailing = commentsAbove(lines, lastLine(dirs), len(lines)+1)
	if i := slices.IndexFunc(rs.trailing, func(l string) bool { return strings.HasPrefix(l, appendixMark) }); i >= 0 {
		rs.trailing = rs.trailing[:i] // the variants' runs a previous kplay run printed
	}
	for len(rs.trailing) > 0 && rs.trailing[len(rs.trailing)-1] == "" {
		rs.trailing = rs.trailing[:len(rs.trailing)-1]
	}
	if err != nil || len(base.Variants) == 0 {
		return rs, nil // a script that does not compile has its errors in its results
	}
	if c != nil {
		rs.outcome = script.OutcomeOf(base, c)
	}
	rs.variants, rs.variantErr = runVariants(dirs, lines)
	rs.showVariantClaims()
	for _, v := range rs.variants {
		for i, res := range v.results {
			if res.Err != nil && rs.base[i].Err == nil && rs.variantErr == nil {
				rs.variantErr = inVariant(v.v, res.Err)
			}
		}
	}
	return rs, nil
}

// inVariant is err, a line's error in variant v's run, naming the
// variant.
func inVariant(v script.Variant, err error) error {
	var e *script.Error
	if errors.As(err, &e) {
		c := *e
		c.Msg = fmt.Sprintf("in variant %q (%s): %s", v.Label, v.Summary(), e.Msg)
		return &c
	}
	return fmt.Errorf("in variant %q (%s): %w", v.Label, v.Summary(), err)
}

// lastLine is the line of the last directive, 0 for none.
func lastLine(dirs []script.Directive) int {
	if len(dirs) == 0 {
		return 0
	}
	return dirs[len(dirs)-1].Pos.Line
}

// runDirectives runs dirs as the run of variant label ("" for the
// base), one result per directive, and returns the run's cluster (nil
// if no cluster directive ran).
func runDirectives(dirs []script.Directive, lines []string, label string) ([]result, *engine.Cluster) {
	r := script.Runner{Variant: label}
	results := make([]result, 0, len(dirs))
	prev := 0 // the line of the previous directive
	for _, d := range dirs {
		res := result{Dir: d, Comments: commentsAbove(lines, prev, d.Pos.Line)}
		prev = d.Pos.Line
		if d.Cmd == "subtest" {
			results = append(results, res)
			continue
		}
		out, err := r.Exec(d)
		if err != nil {
			res.Err = err
			out = "error: " + err.Error() + "\n"
		}
		res.Out = out
		results = append(results, res)
	}
	return results, r.Cluster()
}

// commentsAbove returns the block of "#" comment lines (with the blank lines
// among them and below them) that ends just above 1-based line `line`,
// looking no higher than line after+1. Leading blank lines are dropped.
func commentsAbove(lines []string, after, line int) []string {
	start := line // the block is lines start..line-1 (1-based)
	for start-1 > after && start-1 <= len(lines) {
		l := strings.TrimSpace(lines[start-2])
		if l != "" && !strings.HasPrefix(l, "#") {
			break
		}
		start--
	}
	var block []string
	for i := start; i < line && i <= len(lines); i++ {
		block = append(block, strings.TrimRight(lines[i-1], " \t\r"))
	}
	for len(block) > 0 && block[0] == "" {
		block = block[1:]
	}
	return block
}

// formatGolden prints results in the datadriven format: comments, the
// directive line, its input, "----" and its output, with a blank line
// between directives. Outputs that contain a blank line use the
// "----" "----" form. The text parses back to the same directives with
// these outputs as their expected outputs.
func formatGolden(w io.Writer, results []result, trailing []string) error {
	var b strings.Builder
	for i, res := range results {
		if i > 0 {
			b.WriteString("\n")
		}
		for _, c := range res.Comments {
			b.WriteString(c + "\n")
		}
		b.WriteString(res.Dir.Line + "\n")
		if res.Dir.Cmd == "subtest" {
			continue
		}
		if res.Dir.Input != "" {
			b.WriteString(res.Dir.Input + "\n")
		}
		b.WriteString("----\n")
		out := res.Out
		if !strings.HasSuffix(out, "\n") {
			out += "\n"
		}
		if hasBlankLine(out) {
			b.WriteString("----\n" + out + "----\n----\n")
		} else {
			b.WriteString(out)
		}
	}
	if len(trailing) > 0 {
		b.WriteString("\n" + strings.Join(trailing, "\n") + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// hasBlankLine reports whether out (ending in "\n") has an empty or
// whitespace-only line, which would end a single-separator block early.
func hasBlankLine(out string) bool {
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.TrimSpace(l) == "" {
			return true
		}
	}
	return false
}

// located prints err as "FILE:line:col: message".
func located(name string, err error) string {
	var e *script.Error
	if errors.As(err, &e) {
		c := *e
		c.Name = name
		return c.Error()
	}
	return name + ": " + err.Error()
}

// runMain is "kplay run FILE". It prints the script with every directive's
// output, so that the output is itself a golden file. A directive that fails
// prints "error: ..." as its output and FILE:line:col: message on stderr;
// the exit code is then 1.
func runMain(name string, stdout, stderr io.Writer) int {
	src, err := os.ReadFile(name)
	if err != nil {
		fmt.Fprintf(stderr, "kplay: %v\n", err)
		return 1
	}
	rs, err := runScriptRuns(name, string(src))
	if err != nil {
		fmt.Fprintln(stderr, located(name, err))
		return 1
	}
	if err := formatGolden(stdout, rs.base, rs.trailing); err != nil {
		fmt.Fprintf(stderr, "kplay: %v\n", err)
		return 1
	}
	if err := formatVariants(stdout, rs); err != nil {
		fmt.Fprintf(stderr, "kplay: %v\n", err)
		return 1
	}
	code := 0
	for _, res := range rs.base {
		if res.Err != nil {
			fmt.Fprintln(stderr, located(name, res.Err))
			code = 1
		}
	}
	if rs.variantErr != nil {
		fmt.Fprintln(stderr, located(name, rs.variantErr))
		code = 1
	}
	return code
}
