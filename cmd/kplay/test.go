package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// testMain is "kplay test FILE...": it runs each script and compares every
// directive's output with its expected output. It prints a unified diff for
// each mismatch, then "N passed, M failed" (counting directives; a file that
// cannot be read or parsed counts as one failure), and returns 1 if anything
// failed.
func testMain(files []string, stdout, stderr io.Writer) int {
	passed, failed := 0, 0
	for _, name := range files {
		p, f := testFile(name, stdout)
		passed += p
		failed += f
	}
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}

// testFile tests one script and returns its passed and failed directive
// counts.
func testFile(name string, w io.Writer) (passed, failed int) {
	src, err := os.ReadFile(name)
	if err != nil {
		fmt.Fprintf(w, "FAIL %v\n", err)
		return 0, 1
	}
	results, _, err := runScript(name, string(src))
	if err != nil {
		fmt.Fprintf(w, "FAIL %s\n", located(name, err))
		return 0, 1
	}
	for _, res := range results {
		if res.Dir.Cmd == "subtest" {
			continue
		}
		if res.Dir.HasExpected && res.Out == res.Dir.Expected {
			passed++
			continue
		}
		failed++
		fmt.Fprintf(w, "FAIL %s:%d: %s\n", name, res.Dir.Pos.Line, res.Dir.Line)
		if !res.Dir.HasExpected {
			fmt.Fprintf(w, "  no expected output (no ---- line); the directive printed:\n%s", indent(res.Out))
			continue
		}
		diff, err := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
			A:        splitLines(res.Dir.Expected),
			B:        splitLines(res.Out),
			FromFile: "expected",
			ToFile:   "actual",
			Context:  3,
		})
		if err != nil {
			diff = fmt.Sprintf("(diff failed: %v)\nexpected:\n%sactual:\n%s", err, indent(res.Dir.Expected), indent(res.Out))
		}
		io.WriteString(w, diff)
	}
	return passed, failed
}

// indent prefixes each line of s with two spaces.
func indent(s string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(s, "\n") {
		if l != "" {
			b.WriteString("  " + l)
		}
	}
	return b.String()
}

// splitLines splits s after each "\n", for difflib (whose own SplitLines
// adds a spurious empty last line).
func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
