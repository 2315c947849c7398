package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"kplay/engine"
	"kplay/engine/script"
)

// A script with vs lines has more than one run: the base, and one per
// variant (script.ApplyVariant). kplay run prints the base's golden text
// as for any script, then each variant's run and the differences between
// the runs, as "#" comments: the output stays a golden file that kplay
// test reads (the comments change nothing), and kplay run of it prints
// the same text again, leaving out the comments from appendixMark on,
// which a previous kplay run printed.

// appendixMark opens each comment block kplay run prints after the base:
// a variant's run, and the differences.
const appendixMark = "# ==== "

// variantRun is one variant's run: its vs line, each directive's result
// as the variant plays it, and its outcome.
type variantRun struct {
	v       script.Variant
	results []result
	outcome script.Outcome
}

// runVariants runs every variant dirs' vs lines name. The error is a
// variant that changes nothing or makes a line invalid
// (script.CompileVariants); then no variant runs.
func runVariants(dirs []script.Directive, lines []string) ([]variantRun, error) {
	base, scs, err := script.CompileVariants(dirs)
	if err != nil {
		return nil, err
	}
	out := make([]variantRun, len(scs))
	for i, v := range base.Variants {
		vd, err := script.ApplyVariant(dirs, v)
		if err != nil {
			return nil, err
		}
		res, c := runDirectives(vd, lines, v.Label)
		out[i] = variantRun{v: v, results: res}
		if c != nil {
			out[i].outcome = script.OutcomeOf(scs[i], c)
		}
	}
	return out, nil
}

// showVariantClaims gives each expect vs="LABEL" of the base the output
// it has in variant LABEL's run, the one run that checks it (the others
// say script.NotChecked): kplay test then compares it with its expected
// output, and kplay run prints it in place.
func (rs *runs) showVariantClaims() {
	for _, v := range rs.variants {
		for i, res := range v.results {
			if res.Dir.Cmd == "expect" && strings.HasPrefix(rs.base[i].Out, script.NotChecked) && !strings.HasPrefix(res.Out, script.NotChecked) {
				rs.base[i].Out, rs.base[i].Err = res.Out, res.Err
			}
		}
	}
}

// formatVariants prints, after the base's golden text, each variant's
// run (its directives and outputs, as the base's) and the differences
// table, every line a "#" comment. It prints nothing for a script
// without variants.
func formatVariants(w io.Writer, rs runs) error {
	if len(rs.variants) == 0 {
		return nil
	}
	var b strings.Builder
	for _, v := range rs.variants {
		fmt.Fprintf(&b, "\n%svariant %q (vs %s): its run ====\n", appendixMark, v.v.Label, v.v.Summary())
		var run strings.Builder
		if err := formatGolden(&run, v.results, nil); err != nil {
			return err
		}
		b.WriteString(commented(run.String()))
	}
	b.WriteString("\n" + appendixMark + "differences between the runs ====\n")
	b.WriteString(commented(differencesTable(rs)))
	_, err := io.WriteString(w, b.String())
	return err
}

// commented prefixes every line of text with "# " ("#" for an empty one).
func commented(text string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if strings.TrimSpace(l) == "" {
			b.WriteString("#\n")
			continue
		}
		b.WriteString("# " + l + "\n")
	}
	return b.String()
}

// differencesTable prints the script's differences (script.Differences):
// one row per record whose fate differs and per partition value
// (leader, leader epoch, ISR, HW) that differs at the end, with the
// moment the runs first differed on it and its end in each run.
func differencesTable(rs runs) string {
	outs := []script.Outcome{rs.outcome}
	head := []string{"what", "first differs", "base"}
	for _, v := range rs.variants {
		outs = append(outs, v.outcome)
		head = append(head, v.v.Label)
	}
	diffs := script.Differences(outs)
	if len(diffs) == 0 {
		return "the runs end the same: no record's fate and no partition's leader, leader epoch, ISR, high watermark or broken guarantees (violations) differ\n"
	}
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.TabIndent)
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, d := range diffs {
		row := []string{d.Subject, engine.FormatTime(d.At)}
		for _, v := range d.Values {
			if v == "" {
				v = "-"
			}
			row = append(row, v)
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	tw.Flush()
	var out strings.Builder
	for _, l := range strings.SplitAfter(b.String(), "\n") {
		out.WriteString(strings.TrimRight(l, " \n"))
		if strings.HasSuffix(l, "\n") {
			out.WriteString("\n")
		}
	}
	return out.String()
}
