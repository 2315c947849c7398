package scenarios_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"kplay/engine/script"
	"kplay/scenarios"
)

// TestSideBySideReplaysThePartner: for every incident and its partner
// (fixed-by in the bug's preset, bug-in in the fixed one), the page's
// side-by-side script (script.SideBySide: the preset with a vs line of
// the partner's cluster values) compiles, its variant's cluster is the
// partner's, and the variant's run satisfies every one of the
// partner's own expect claims, at the same moment of the schedule: the
// variant replays the partner's outcome. The claims are the partner's,
// whose values come from the incident's ticket or KIP; the test writes
// each as expect vs="LABEL" into the side-by-side script, before the
// directive of the schedule (admin, client, fault or clock) that
// follows it in the partner.
func TestSideBySideReplaysThePartner(t *testing.T) {
	pairs := 0
	for _, p := range scenarios.All() {
		sc, err := script.ParseAndCompile(p.Name, p.Text)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		name := sc.FixedBy
		if name == "" {
			name = sc.BugIn
		}
		if name == "" {
			continue
		}
		partner, ok := scenarios.Get(name)
		if !ok {
			t.Fatalf("%s: no preset %s", p.Name, name)
		}
		if sc.FixedBy != "" {
			pairs++
		}
		t.Run(p.Name, func(t *testing.T) { checkSideBySide(t, p, partner) })
	}
	if pairs < 14 {
		t.Errorf("%d bug/fixed pairs; the gallery has 14 (12 incidents, kip101 and kip279)", pairs)
	}
}

// checkSideBySide checks p's side-by-side script against its partner.
func checkSideBySide(t *testing.T, p, partner scenarios.Preset) {
	text, label, err := script.SideBySide(p.Text, partner.Text)
	if err != nil {
		t.Fatal(err)
	}
	dirs, err := script.Parse(p.Name, text)
	if err != nil {
		t.Fatal(err)
	}
	base, vars, err := script.CompileVariants(dirs)
	if err != nil || len(vars) != 1 {
		t.Fatalf("the side-by-side script: %v, %d variants\n%s", err, len(vars), text)
	}
	want, err := script.ParseAndCompile(partner.Name, partner.Text)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(vars[0].Config, want.Config) {
		t.Errorf("the variant's cluster (vs %s) is not %s's:\n%+v\n%+v", base.Variants[0].Summary(), partner.Name, vars[0].Config, want.Config)
	}
	pdirs, err := script.Parse(partner.Name, partner.Text)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := schedule(dirs), schedule(pdirs); !slices.Equal(a, b) {
		t.Fatalf("the schedules differ, so the partner's claims have no moment in this script:\n%v\n%v", a, b)
	}
	if base.Variants[0].Label != label {
		t.Errorf("SideBySide's label %q, the vs line's %q", label, base.Variants[0].Label)
	}
	// claims[k] are the partner's expect lines between the k-th and
	// (k+1)-th directive of its schedule.
	claims := map[int][]string{}
	k := 0
	for _, d := range pdirs {
		switch {
		case inSchedule(d):
			k++
		case layer(d) == script.LayerCheck:
			claims[k] = append(claims[k], `expect vs="`+label+`" `+strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(d.Line), "expect")))
		}
	}
	if len(claims) == 0 {
		t.Fatalf("%s states no expect claims", partner.Name)
	}
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	var out []string
	k, next := 0, 0
	for i, line := range lines {
		for next < len(dirs) && dirs[next].Pos.Line <= i+1 {
			if dirs[next].Pos.Line == i+1 && inSchedule(dirs[next]) {
				out = append(out, claims[k]...)
				k++
			}
			next++
		}
		out = append(out, line)
	}
	out = append(out, claims[k]...)
	checked := strings.Join(out, "\n") + "\n"

	cdirs, err := script.Parse(p.Name, checked)
	if err != nil {
		t.Fatal(err)
	}
	cbase, err := script.Compile(cdirs)
	if err != nil {
		t.Fatalf("%v\n%s", err, checked)
	}
	vd, err := script.ApplyVariant(cdirs, cbase.Variants[0])
	if err != nil {
		t.Fatal(err)
	}
	r := script.Runner{Variant: label}
	n := 0
	for _, d := range vd {
		got, err := r.Exec(d)
		if err != nil {
			t.Fatalf("the variant's run, line %d %q: %v", d.Pos.Line, d.Line, err)
		}
		if layer(d) != script.LayerCheck || !strings.HasPrefix(strings.TrimSpace(d.Line), `expect vs=`) {
			continue
		}
		n++
		if strings.TrimSpace(got) != "ok" {
			t.Errorf("%s's claim, in the variant %q: %s\n  %s", partner.Name, label, d.Line, got)
		}
	}
	if want := countClaims(claims); n != want {
		t.Errorf("%d of %s's %d claims were checked", n, partner.Name, want)
	}
}

// schedule is what a script does to the cluster, in order: its admin,
// client, fault and clock directives' command words.
func schedule(dirs []script.Directive) []string {
	var out []string
	for _, d := range dirs {
		if inSchedule(d) {
			out = append(out, d.Cmd)
		}
	}
	return out
}

// inSchedule says d acts on the cluster or moves its clock: an admin,
// client, fault or clock directive.
func inSchedule(d script.Directive) bool {
	switch layer(d) {
	case script.LayerAdmin, script.LayerClient, script.LayerFault, script.LayerClock:
		return true
	}
	return false
}

// layer is directive d's layer (0 for none).
func layer(d script.Directive) script.Layer {
	s, _ := script.LookupDirective(d.Cmd)
	return s.Layer
}

// countClaims counts the claims of every slot.
func countClaims(claims map[int][]string) int {
	n := 0
	for _, c := range claims {
		n += len(c)
	}
	return n
}
