package script

import (
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"kplay/engine"
)

// This file writes vs lines into a script (docs/design.md §3,
// "Variants (vs)"): the page's Compare, which puts the config panel's
// changed settings beside the script's as a variant, and an incident's
// side-by-side view, which puts the fixed release beside the bug
// (SideBySide).

// OverrideArg is the vs argument that sets key to v: a list or range
// setting's values split at their commas, with or without the cluster
// line's parentheses ("(30, 50)" or "30,50" as latency=(30, 50)); any
// other key's one value, trimmed.
func OverrideArg(key, v string) Arg {
	v = strings.TrimSpace(v)
	if s, ok := engine.LookupSetting(key); ok && (s.Type == engine.TypeList || s.Type == engine.TypeRange) {
		var vals []string
		for _, x := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(v, "("), ")"), ",") {
			vals = append(vals, strings.TrimSpace(x))
		}
		return Arg{Key: key, Vals: vals, Paren: len(vals) > 1}
	}
	return Arg{Key: key, Vals: []string{v}}
}

// VariantLabel is the label a vs line written for the values over
// takes: the values as the line writes them, "min.insync.replicas=1
// kafka=3.9", a list's joined by commas without parentheses or spaces
// ("latency=30,50": a label cannot hold parentheses); when that is
// longer than MaxVariantLabelBytes, the first values that fit and how
// many more there are ("retries=0 linger.ms=5 +3 more").
func VariantLabel(over []Arg) string {
	parts := make([]string, len(over))
	for i, a := range over {
		parts[i] = strings.Map(func(r rune) rune {
			if strings.ContainsRune(`"\()`, r) {
				return -1
			}
			return r
		}, a.Key+"="+strings.Join(a.Vals, ","))
	}
	if label := strings.Join(parts, " "); len(label) <= MaxVariantLabelBytes {
		return label
	}
	for n := len(parts) - 1; n > 0; n-- {
		label := strings.Join(parts[:n], " ") + " +" + strconv.Itoa(len(parts)-n) + " more"
		if len(label) <= MaxVariantLabelBytes {
			return label
		}
	}
	// One value too long alone: its key, cut to fit.
	more := ""
	if len(parts) > 1 {
		more = " +" + strconv.Itoa(len(parts)-1) + " more"
	}
	return over[0].Key[:min(len(over[0].Key), MaxVariantLabelBytes-len(more)-2)] + "=…" + more
}

// AddVariant returns src, a script without expected outputs
// (StripExpected), with a vs line that names a variant with the values
// over ("vs "LABEL" key=value ..."), written below the cluster
// directive and the vs lines under it; label is its label,
// VariantLabel(over), with " 2", " 3"… after it where another vs line
// has that label. Every other line is kept as it is. It does not check
// the values: compiling the text does (CompileVariants). The error is a
// script that does not parse or has no cluster directive.
func AddVariant(src string, over []Arg) (text, label string, err error) {
	dirs, err := Parse("", src)
	if err != nil {
		return "", "", err
	}
	after := -1 // the last line of the cluster directive or a vs below it, 0-based
	labels := map[string]bool{}
	lines := strings.Split(src, "\n")
	for _, d := range dirs {
		if d.Cmd != "cluster" && (d.Cmd != "vs" || after < 0) {
			continue
		}
		if d.Cmd == "vs" {
			if t, _, _, _, err := leadText(d); err == nil {
				labels[t] = true
			}
		}
		after = d.Pos.Line - 1
		// A directive continued with "\" spans the lines after it.
		for after < len(lines)-1 && strings.HasSuffix(lines[after], `\`) {
			after++
		}
	}
	if after < 0 {
		return "", "", errors.New("the script has no cluster directive, under which a vs line would go")
	}
	base := VariantLabel(over)
	label = base
	for n := 2; labels[label]; n++ {
		suffix := " " + strconv.Itoa(n)
		label = base[:min(len(base), MaxVariantLabelBytes-len(suffix))] + suffix
	}
	line := "vs " + strconv.Quote(label)
	for _, a := range over {
		line += " " + overrideText(a)
	}
	lines = slices.Insert(lines, after+1, line)
	return strings.Join(lines, "\n"), label, nil
}

// SideBySide returns script src with a vs line that plays its partner
// beside it, and the line's label (VariantLabel: "kafka=4.4"): the values of the partner's cluster directive that differ
// from src's (an incident's fixed partner, named by fixed-by, differs
// in kafka=4.4; kip101-before-the-fix's in protocol=current), so that
// the variant is src's schedule on the partner's cluster. src and
// partner are scripts, with or without expected outputs; the text is
// src without them (StripExpected), as the page plays it.
//
// The values are, in the settings table's order (engine.Settings),
// each setting either cluster line writes whose partner value differs
// from src's, read from each compiled cluster (so a protocol= src
// writes and the partner leaves at its default is protocol=current).
// A release's defaults come with its kafka=, so the settings neither
// line writes are not listed, unless the variant's cluster would still
// differ from the partner's: then every setting that differs is. The
// error is a script that does not compile, a partner whose cluster is
// src's already, or one a vs line cannot reach.
func SideBySide(src, partner string) (text, label string, err error) {
	src = StripExpected(src)
	dirs, err := Parse("", src)
	if err != nil {
		return "", "", err
	}
	base, err := Compile(dirs)
	if err != nil {
		return "", "", err
	}
	pdirs, err := Parse("", partner)
	if err != nil {
		return "", "", err
	}
	want, err := Compile(pdirs)
	if err != nil {
		return "", "", err
	}
	written := map[string]bool{}
	for _, ds := range [][]Directive{dirs, pdirs} {
		for _, d := range ds {
			if d.Cmd == "cluster" {
				for _, a := range d.Args {
					written[a.Key] = true
				}
			}
		}
	}
	var over []Arg
	differs := func(all bool) {
		for _, s := range engine.Settings() {
			v := s.Value(want.Config)
			if (all || written[s.Name]) && v != s.Value(base.Config) &&
				!slices.ContainsFunc(over, func(a Arg) bool { return a.Key == s.Name }) {
				over = append(over, OverrideArg(s.Name, v))
			}
		}
	}
	differs(false)
	for _, all := range []bool{false, true} {
		if all {
			differs(true)
		}
		if len(over) == 0 {
			return "", "", errors.New("the partner's cluster is this script's already: a vs line would change nothing")
		}
		vd, err := ApplyVariant(dirs, Variant{Overrides: over})
		if err != nil {
			return "", "", err
		}
		sc, err := Compile(vd)
		if err != nil {
			return "", "", err
		}
		if reflect.DeepEqual(sc.Config, want.Config) {
			return AddVariant(src, over)
		}
	}
	return "", "", errors.New("the partner's cluster differs from this script's in a way a vs line cannot write")
}
