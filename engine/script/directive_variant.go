package script

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"kplay/engine"
	"kplay/link"
)

// The vs directive (LayerVariant): vs "LABEL" key=value ... names a
// variant of the scenario, the same script with those values changed.
// A variant is played by compiling (or running) the script again with
// the values written into its lines (ApplyVariant), so the engine plays
// each variant as it plays any script: deterministically, knowing
// nothing of the others. The keys a vs takes:
//
//   - any setting of the cluster line (engine.Settings), kafka= among
//     them: it replaces the cluster line's value or is added to it, so
//     kafka=2.0 brings that release's defaults for every setting the
//     cluster line does not write (releaseDefaults). enable.idempotence
//     is a setting of the cluster line and so applies to every producer
//     (a produce line cannot set it);
//   - acks=all|1|0: added to every produce line that does not set acks
//     itself (ProducerConfig.ACKS_CONFIG; a line's own acks= wins);
//   - min.insync.replicas@TOPIC=N: the topic config min.insync.replicas
//     of the topic that create-topic TOPIC creates (TopicConfig
//     .MIN_IN_SYNC_REPLICAS_CONFIG), replacing the line's own value.
//
// A script has at most MaxVariants vs lines, each below the cluster
// directive, each with its own label and at least one value that differs
// from the base's.

// MaxVariants bounds a script's vs lines: with the base, at most four
// runs (docs/design.md §3, "Variants").
const MaxVariants = 3

// MaxVariantLabelBytes bounds a vs line's label.
const MaxVariantLabelBytes = 40

// topicMinISRKey is the key a vs uses for one topic's
// min.insync.replicas: min.insync.replicas@TOPIC.
const topicMinISRKey = "min.insync.replicas@"

// Variant is one vs line: its label, where it stands, and the values it
// changes, as key=value arguments in the order written.
type Variant struct {
	Label string
	// Pos is the vs directive's position; Line its line.
	Pos  Pos
	Line int
	// Overrides are its key=value arguments: one value each, but a list
	// or range setting's (latency=(30, 50), broker.rack=(a, b)), which
	// has its values as the cluster line writes them.
	Overrides []Arg
}

// Summary prints the variant's values as its line writes them:
// "acks=1 min.insync.replicas@t=1", "latency=(30, 50)".
func (v Variant) Summary() string {
	parts := make([]string, len(v.Overrides))
	for i, a := range v.Overrides {
		parts[i] = overrideText(a)
	}
	return strings.Join(parts, " ")
}

// overrideText prints one key=value of a vs line: key=(a, b) for a
// list's or range's several values.
func overrideText(a Arg) string {
	if len(a.Vals) == 1 {
		return a.Key + "=" + a.Vals[0]
	}
	return a.Key + "=(" + strings.Join(a.Vals, ", ") + ")"
}

// variantKeys are the keys a vs takes, for its unknown-key error.
func variantKeys() []string {
	return append(engine.SettingNames(), "acks", topicMinISRKey+"TOPIC")
}

// compileVs reads a vs directive at scene s into s's Variants, checking
// its label and each value as the line it changes will read it.
func compileVs(s *scene, d Directive) (string, *Error) {
	const example = `vs "acks=1" acks=1`
	if !s.haveCluster {
		return "", errAt(d.Pos, "no cluster yet: vs changes what the script's lines set, so it comes after the cluster directive, such as: %s", example)
	}
	label, err := quotedText(d, MaxVariantLabelBytes, example)
	if err != nil {
		return "", err
	}
	if strings.ContainsAny(label, "()") {
		// expect vs="LABEL" names it on a line Parse splits at
		// parentheses, where an unclosed one is an error.
		return "", errAt(d.Pos, "a vs label cannot hold parentheses, which expect vs=\"LABEL\" could not name; write %q without them", label)
	}
	for _, v := range s.sc.Variants {
		if v.Label == label {
			return "", errAt(d.Pos, "line %d already names a variant %q; each vs needs its own label", v.Line, label)
		}
	}
	if len(s.sc.Variants) == MaxVariants {
		return "", errAt(d.Pos, "a script has at most %d vs lines (%d runs with the base); this is one more", MaxVariants, MaxVariants+1)
	}
	if len(d.Args) == 0 {
		return "", errAt(d.Pos, "vs %q changes nothing: give it one or more key=value after its label, such as: %s", label, example)
	}
	v := Variant{Label: label, Pos: d.Pos, Line: d.Pos.Line}
	for i, a := range d.Args {
		if a.Vals == nil {
			return "", errAt(a.Pos, "vs takes key=value after its label; %q has no value", a.Key)
		}
		if slices.ContainsFunc(d.Args[:i], func(b Arg) bool { return b.Key == a.Key }) {
			return "", errAt(a.Pos, "%s is set twice on this vs line", a.Key)
		}
		if err := checkOverride(d, a, s.sc.Config); err != nil {
			return "", err
		}
		v.Overrides = append(v.Overrides, Arg{Key: a.Key, Vals: slices.Clone(a.Vals), Pos: a.Pos})
	}
	s.sc.Variants = append(s.sc.Variants, v)
	return "", nil
}

// checkOverride checks one key=value of vs line d: a known key, and a
// value its line would read (a setting's on a copy of cfg, the cluster
// so far). A list or range setting takes its values as the cluster line
// does (latency=(30, 50)); every other key takes one.
func checkOverride(d Directive, a Arg, cfg engine.Config) *Error {
	if s, ok := engine.LookupSetting(a.Key); ok && (s.Type == engine.TypeList || s.Type == engine.TypeRange) {
		if e := s.Set(&cfg, a.Vals); e != nil {
			return errAt(a.Pos, "%s: %v", a.Key, e)
		}
		return nil
	}
	v, err := single(a)
	if err != nil {
		return err
	}
	switch {
	case a.Key == "acks":
		if !slices.Contains([]string{"all", "-1", "1", "0"}, v) {
			return errAt(a.Pos, "acks must be all, 1 or 0, got %q", v)
		}
		return nil
	case strings.HasPrefix(a.Key, topicMinISRKey):
		if strings.TrimPrefix(a.Key, topicMinISRKey) == "" {
			return errAt(a.Pos, "%s needs the topic's name after the @, such as %sorders=2", a.Key, topicMinISRKey)
		}
		if _, e := parseInt(v, 1, engine.MaxPartitions); e != nil {
			return errAt(a.Pos, "%s: %v", a.Key, e)
		}
		return nil
	}
	s, ok := engine.LookupSetting(a.Key)
	if !ok {
		if ch, isChange := engine.LookupChange(a.Key); isChange {
			return notSwitchable(a, ch)
		}
		return unknownKey(d, a, variantKeys())
	}
	if e := s.Set(&cfg, a.Vals); e != nil {
		return errAt(a.Pos, "%s: %v", a.Key, e)
	}
	return nil
}

// ApplyVariant returns the script's directives as variant v plays them:
// each of v's values written into the line it changes (the cluster line,
// every produce line without acks=, or create-topic TOPIC), the line's
// text rewritten to show it. An added argument stands, for its errors,
// where the vs line writes it. dirs is not changed. The error is a
// min.insync.replicas@TOPIC whose topic no create-topic line creates.
func ApplyVariant(dirs []Directive, v Variant) ([]Directive, error) {
	out := slices.Clone(dirs)
	changed := make([]bool, len(out))
	set := func(i int, a Arg, key string) {
		d := &out[i]
		d.Args = slices.Clone(d.Args)
		changed[i] = true
		for k := range d.Args {
			if d.Args[k].Key == key {
				d.Args[k].Vals = slices.Clone(a.Vals)
				return
			}
		}
		d.Args = append(d.Args, Arg{Key: key, Vals: slices.Clone(a.Vals), Pos: a.Pos})
	}
	for _, a := range v.Overrides {
		switch {
		case a.Key == "acks":
			for i, d := range out {
				if _, has := d.Arg("acks"); d.Cmd == "produce" && !has {
					set(i, a, "acks")
				}
			}
		case strings.HasPrefix(a.Key, topicMinISRKey):
			topic := strings.TrimPrefix(a.Key, topicMinISRKey)
			i := slices.IndexFunc(out, func(d Directive) bool {
				return d.Cmd == "create-topic" && len(d.Args) > 0 && d.Args[0].Vals == nil && d.Args[0].Key == topic
			})
			if i < 0 {
				return nil, errAt(a.Pos, "%s: the script has no create-topic %s line whose min.insync.replicas it could change", a.Key, topic)
			}
			set(i, a, "min.insync.replicas")
		default:
			if i := slices.IndexFunc(out, func(d Directive) bool { return d.Cmd == "cluster" }); i >= 0 {
				set(i, a, a.Key)
			}
		}
	}
	for i := range out {
		if changed[i] {
			out[i].Line = directiveText(out[i])
		}
	}
	return out, nil
}

// directiveText prints a directive's command and arguments as a line
// that parses back to them: key=value, key=(a, b) for several values or
// parentheses, a valueless argument as its key.
func directiveText(d Directive) string {
	var b strings.Builder
	b.WriteString(d.Cmd)
	for _, a := range d.Args {
		b.WriteString(" " + a.Key)
		switch {
		case a.Vals == nil:
		case len(a.Vals) == 1 && !a.Paren:
			b.WriteString("=" + a.Vals[0])
		default:
			b.WriteString("=(" + strings.Join(a.Vals, ", ") + ")")
		}
	}
	return b.String()
}

// CompileVariants compiles the script and each variant its vs lines
// name: the base Scenario, then one Scenario per vs line in script
// order (empty when it has none). A variant whose values make a line of
// the script invalid is an *Error at its vs line naming the variant and
// that line; so is a variant that changes nothing, every value it sets
// being the base's already.
func CompileVariants(dirs []Directive) (base Scenario, variants []Scenario, err error) {
	base, err = Compile(dirs)
	if err != nil {
		return base, nil, err
	}
	for _, v := range base.Variants {
		vd, err := ApplyVariant(dirs, v)
		if err != nil {
			return base, nil, err
		}
		sc, err := Compile(vd)
		if err != nil {
			return base, nil, variantError(v, err)
		}
		if reflect.DeepEqual(sc, base) {
			return base, nil, errAt(v.Pos, "vs %q changes nothing: the script already runs with %s", v.Label, v.Summary())
		}
		variants = append(variants, sc)
	}
	return base, variants, nil
}

// variantError is err, an error of a line as variant v changed it, at
// v's vs line, naming the variant and the line.
func variantError(v Variant, err error) *Error {
	e, ok := err.(*Error)
	if !ok {
		return errAt(v.Pos, "variant %q (%s): %v", v.Label, v.Summary(), err)
	}
	if e.Pos.Line == v.Line { // an argument the variant added to a line, at its place on the vs line
		return errAt(e.Pos, "variant %q: %s", v.Label, e.Msg)
	}
	return errAt(v.Pos, "variant %q (%s) makes line %d invalid: %d:%d: %s", v.Label, v.Summary(), e.Pos.Line, e.Pos.Line, e.Pos.Col, e.Msg)
}

// variantClaim splits an expect directive d that opens with
// vs="LABEL" (or vs=LABEL) into the label and the claim that follows,
// as its own directive with its arguments' columns on d's line. has is
// false for an expect without vs=, returned as it is.
func variantClaim(d Directive) (label string, claim Directive, has bool, err *Error) {
	if len(d.Args) == 0 || d.Args[0].Key != "vs" || d.Args[0].Vals == nil {
		return "", d, false, nil
	}
	line := strings.TrimSpace(d.Line)
	rest := strings.TrimLeft(strings.TrimPrefix(line, d.Cmd), " ")
	rest = strings.TrimPrefix(rest, "vs=")
	var tail string
	if strings.HasPrefix(rest, `"`) {
		text, n, qerr := link.ScanQuoted(rest)
		if qerr != nil {
			return "", d, true, errAt(d.Args[0].Pos, "vs=: %s", qerr.Msg)
		}
		label, tail = strings.TrimSpace(text), rest[n:]
	} else {
		label, tail, _ = strings.Cut(rest, " ")
	}
	if label == "" {
		return "", d, true, errAt(d.Args[0].Pos, `vs= needs the label of a vs line, such as expect vs="acks=1" lost t-0 values=(m2)`)
	}
	cmd, args, col, perr := parseLine(d.Cmd + " " + tail)
	shift := d.Pos.Col - 1 + utf8.RuneCountInString(line[:len(line)-len(tail)]) - utf8.RuneCountInString(d.Cmd) - 1
	if perr != nil {
		return "", d, true, errAt(Pos{d.Pos.Line, col + shift}, "%v", perr)
	}
	for k := range args {
		args[k].Pos = Pos{d.Pos.Line, args[k].Pos.Col + shift}
	}
	claim = d
	claim.Cmd, claim.Args = cmd, args
	return label, claim, true, nil
}

// checkVariantClaim checks the vs= of an expect at scene s names a vs
// line above it, and returns the label and the claim.
func checkVariantClaim(s *scene, d Directive) (string, Directive, *Error) {
	label, claim, has, err := variantClaim(d)
	if err != nil || !has {
		return label, claim, err
	}
	var labels []string
	for _, v := range s.sc.Variants {
		if v.Label == label {
			return label, claim, nil
		}
		labels = append(labels, fmt.Sprintf("%q", v.Label))
	}
	if len(labels) == 0 {
		return "", claim, errAt(d.Args[0].Pos, "vs=%q: no vs line above names a variant", label)
	}
	return "", claim, errAt(d.Args[0].Pos, "vs=%q: no vs line above names it (the variants: %s)", label, strings.Join(labels, ", "))
}
