package script

import (
	"strings"
	"testing"

	"kplay/engine"
)

// compileVariantsOf parses and compiles src with its variants.
func compileVariantsOf(t *testing.T, src string) (Scenario, []Scenario, error) {
	t.Helper()
	dirs, err := Parse("", src)
	if err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	return CompileVariants(dirs)
}

// TestVariantErrors: each kind of bad vs line is refused at its line and
// column, saying why (issue 28 item 5).
func TestVariantErrors(t *testing.T) {
	const head = "cluster brokers=3\ncreate-topic t\n"
	for _, tc := range []struct{ name, src, want string }{
		{"unknown key", head + `vs "a" ack=1` + "\n", "3:8: vs does not take ack; did you mean acks?"},
		{"unknown key, far", head + `vs "a" colour=red` + "\n", "3:8: vs does not take colour (it takes: brokers,"},
		{"a bad value", head + `vs "a" acks=2` + "\n", `3:8: acks must be all, 1 or 0, got "2"`},
		{"a bad setting value", head + `vs "a" min.insync.replicas=0` + "\n", `3:8: min.insync.replicas: "0" is not a whole number in 1..64`},
		{"no change: no value", head + `vs "a"` + "\n", `3:1: vs "a" changes nothing: give it one or more key=value after its label`},
		{"no change: a key without a value", head + `vs "a" acks` + "\n", `3:8: vs takes key=value after its label; "acks" has no value`},
		{"no change: the base's value", head + `vs "a" acks=all` + "\nproduce t-0 values=(m0)\n", `3:1: vs "a" changes nothing: the script already runs with acks=all`},
		{"no change: the cluster line's value", "cluster brokers=3 min.insync.replicas=2\n" + `vs "a" min.insync.replicas=2` + "\n", `2:1: vs "a" changes nothing: the script already runs with min.insync.replicas=2`},
		{"more than 3", head + "vs \"a\" acks=1\nvs \"b\" acks=0\nvs \"c\" kafka=3.9\nvs \"d\" seed=2\n", "6:1: a script has at most 3 vs lines (4 runs with the base); this is one more"},
		{"before the cluster", `vs "a" acks=1` + "\n" + head, "1:1: no cluster yet: vs changes what the script's lines set, so it comes after the cluster directive"},
		{"a duplicate label", head + "vs \"a\" acks=1\nvs \"a\" acks=0\n", `4:1: line 3 already names a variant "a"; each vs needs its own label`},
		{"a label with a parenthesis", head + `vs "acks (1" acks=1` + "\n", `3:1: a vs label cannot hold parentheses`},
		{"no label", head + "vs acks=1\n", `3:1: vs needs its text in double quotes: vs "acks=1" acks=1`},
		{"a key twice", head + `vs "a" acks=1 acks=0` + "\n", "3:15: acks is set twice on this vs line"},
		{"a topic that is not created", head + `vs "a" min.insync.replicas@u=2` + "\n", "3:8: min.insync.replicas@u: the script has no create-topic u line"},
		{"a topic key without a topic", head + `vs "a" min.insync.replicas@=2` + "\n", "3:8: min.insync.replicas@ needs the topic's name after the @"},
		{"a variant that makes a line invalid", "cluster brokers=3 retries=0 enable.idempotence=false\n" + `vs "idempotent" enable.idempotence=true` + "\n",
			`2:1: variant "idempotent" (enable.idempotence=true) makes line 1 invalid: 1:1: must set retries to non-zero when using the idempotent producer`},
		// KIP-1030: segment.bytes is at least 1 MiB from Kafka 4.0.
		{"a variant that makes a later line invalid", "cluster brokers=3 kafka=3.9\n" + `vs "on 4.0" kafka=4.0` + "\ncreate-topic t segment.bytes=1000\n",
			`2:1: variant "on 4.0" (kafka=4.0) makes line 3 invalid: 3:16: segment.bytes`},
		{"acks with no produce line", head + `vs "a" acks=1` + "\n", `3:1: vs "a" changes nothing: the script already runs with acks=1`},
		{"an expect about no variant", head + `vs "a" acks=1` + "\nexpect vs=\"b\" leader t-0=1\n", `4:8: vs="b": no vs line above names it (the variants: "a")`},
		{"an expect about a variant below", head + "expect vs=\"a\" leader t-0=1\n" + `vs "a" acks=1` + "\n", `3:8: vs="a": no vs line above names a variant`},
	} {
		_, _, err := compileVariantsOf(t, tc.src)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: %q:\n got %v\nwant %q", tc.name, tc.src, err, tc.want)
		}
	}
}

// TestApplyVariant: a variant is the script with its values written
// into the lines they change: the cluster line (a setting replaced or
// added), every produce line without acks=, and create-topic's
// min.insync.replicas; a produce line's own acks= wins.
func TestApplyVariant(t *testing.T) {
	src := "cluster brokers=3 min.insync.replicas=1\n" +
		`vs "strict" acks=all min.insync.replicas=2 min.insync.replicas@t=3 kafka=3.9` + "\n" +
		"create-topic t min.insync.replicas=1\nproduce t-0 values=(m0) acks=1\nproduce t-0 values=(m1)\n" +
		"produce t-0 rate=2/s for=1s\n"
	base, vars, err := compileVariantsOf(t, src)
	if err != nil || len(vars) != 1 {
		t.Fatalf("%v, %d variants", err, len(vars))
	}
	dirs, _ := Parse("", src)
	got, err := ApplyVariant(dirs, base.Variants[0])
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, d := range got {
		lines = append(lines, d.Line)
	}
	want := []string{
		"cluster brokers=3 min.insync.replicas=2 kafka=3.9",
		`vs "strict" acks=all min.insync.replicas=2 min.insync.replicas@t=3 kafka=3.9`,
		"create-topic t min.insync.replicas=3",
		"produce t-0 values=(m0) acks=1",
		"produce t-0 values=(m1) acks=all",
		"produce t-0 rate=2/s for=1s acks=all",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if dirs[0].Line != "cluster brokers=3 min.insync.replicas=1" {
		t.Errorf("ApplyVariant changed the base's directives: %q", dirs[0].Line)
	}
	v := vars[0]
	if v.Config.Kafka.String() != "3.9" || v.Config.MinInsyncReplicas != 2 {
		t.Errorf("the variant's cluster: kafka %s, min.insync.replicas %d", v.Config.Kafka, v.Config.MinInsyncReplicas)
	}
	if ct, ok := v.Steps[0].Cmd.(engine.CreateTopic); !ok || ct.MinInsyncReplicas != 3 {
		t.Errorf("the variant's create-topic: %#v", v.Steps[0].Cmd)
	}
	if p, ok := v.Steps[2].Cmd.(engine.Produce); !ok || p.Acks != engine.AcksAll {
		t.Errorf("the variant's second produce: %#v", v.Steps[2].Cmd)
	}
	if p, ok := vars[0].Steps[1].Cmd.(engine.Produce); !ok || p.Acks != engine.AcksOne {
		t.Errorf("the line's own acks=1 must win: %#v", vars[0].Steps[1].Cmd)
	}
}

// TestExpectVariantClaim: an expect with vs= is checked only in its
// variant's run, one without only in the base's; vs= with its label in
// quotes (spaces and all) or bare, and the claim's columns stay on the
// line.
func TestExpectVariantClaim(t *testing.T) {
	src := "cluster brokers=3\nvs \"with acks=1\" acks=1\ncreate-topic t\nproduce t-0 values=(m0)\n" +
		"expect vs=\"with acks=1\" leader t-0=2\nexpect leader t-0=2\n"
	dirs, err := Parse("", src)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := CompileVariants(dirs); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		variant  string
		out3, o4 string
	}{
		{"", "not checked in this run: a claim about variant \"with acks=1\"\n", "claim failed: t-0's leader is b1, not b2\n"},
		{"with acks=1", "claim failed: t-0's leader is b1, not b2\n", "not checked in this run: a claim about the base run (expect without vs=)\n"},
	} {
		r := Runner{Variant: tc.variant}
		var outs []string
		for _, d := range dirs {
			out, err := r.Exec(d)
			if err != nil {
				t.Fatalf("%s: %v", d.Line, err)
			}
			outs = append(outs, out)
		}
		if outs[4] != tc.out3 || outs[5] != tc.o4 {
			t.Errorf("run %q: got %q and %q", tc.variant, outs[4], outs[5])
		}
	}
	bad := "cluster brokers=3\nvs \"a\" acks=1\ncreate-topic t\nproduce t-0 values=(m0)\nexpect vs=a leader t-0=x\n"
	if _, _, err := compileVariantsOf(t, bad); err == nil || !strings.HasPrefix(err.Error(), "5:20: ") {
		t.Errorf("a bad claim after vs= is reported at its own column: %v", err)
	}
}

// TestVariantListSetting: a vs takes a list or range setting as the
// cluster line writes it (latency=(30, 50), broker.rack=(a, b, c)): the
// vs directive takes "any setting of the cluster line" (docs/design.md
// §3). It had refused them ("latency takes one value, got 2"), and so
// the config panel's Compare could not put slow links beside fast ones.
func TestVariantListSetting(t *testing.T) {
	src := "cluster brokers=3\n" + `vs "slow links" latency=(30,50) broker.rack=(a, b, c)` + "\ncreate-topic t\n"
	base, vars, err := compileVariantsOf(t, src)
	if err != nil || len(vars) != 1 {
		t.Fatalf("%v, %d variants", err, len(vars))
	}
	cfg := vars[0].Config
	if cfg.MinLatency != 30 || cfg.MaxLatency != 50 || strings.Join(cfg.Racks, ",") != "a,b,c" {
		t.Errorf("the variant's latency %d..%d, racks %v; want 30..50 and a,b,c", cfg.MinLatency, cfg.MaxLatency, cfg.Racks)
	}
	if got, want := base.Variants[0].Summary(), "latency=(30, 50) broker.rack=(a, b, c)"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
	dirs, _ := Parse("", src)
	vd, err := ApplyVariant(dirs, base.Variants[0])
	if err != nil {
		t.Fatal(err)
	}
	if got, want := vd[0].Line, "cluster brokers=3 latency=(30, 50) broker.rack=(a, b, c)"; got != want {
		t.Errorf("the variant's cluster line %q, want %q", got, want)
	}
	_, _, err = compileVariantsOf(t, "cluster brokers=3\n"+`vs "bad" latency=(50,30)`+"\n")
	if err == nil || !strings.HasPrefix(err.Error(), "2:10: latency:") {
		t.Errorf("latency=(50,30): %v, want an error at 2:10 naming latency", err)
	}
}
