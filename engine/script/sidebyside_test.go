package script

import (
	"strings"
	"testing"
)

// TestAddVariant: the vs line goes under the cluster directive (a
// continued one's last line) and the vs lines below it, keeping every
// other line; a label another vs line has gets " 2".
func TestAddVariant(t *testing.T) {
	over := []Arg{OverrideArg("min.insync.replicas", "1"), OverrideArg("latency", "(30, 50)")}
	for _, tc := range []struct{ name, src, want, label string }{
		{"under the cluster line",
			"# a comment\ncluster brokers=3\ncreate-topic t\n",
			"# a comment\ncluster brokers=3\nvs \"min.insync.replicas=1 latency=30,50\" min.insync.replicas=1 latency=(30, 50)\ncreate-topic t\n",
			"min.insync.replicas=1 latency=30,50"},
		{"under a continued cluster line",
			"cluster brokers=3 \\\n  retries=3\ncreate-topic t\n",
			"cluster brokers=3 \\\n  retries=3\nvs \"min.insync.replicas=1 latency=30,50\" min.insync.replicas=1 latency=(30, 50)\ncreate-topic t\n",
			"min.insync.replicas=1 latency=30,50"},
		{"under the vs lines, with its own label",
			"cluster brokers=3\nvs \"min.insync.replicas=1 latency=30,50\" acks=1\ncreate-topic t\nproduce t-0 values=(m0)\n",
			"cluster brokers=3\nvs \"min.insync.replicas=1 latency=30,50\" acks=1\nvs \"min.insync.replicas=1 latency=30,50 2\" min.insync.replicas=1 latency=(30, 50)\ncreate-topic t\nproduce t-0 values=(m0)\n",
			"min.insync.replicas=1 latency=30,50 2"},
	} {
		got, label, err := AddVariant(tc.src, over)
		if err != nil || got != tc.want || label != tc.label {
			t.Errorf("%s:\n got %q, %q, %v\nwant %q, %q", tc.name, got, label, err, tc.want, tc.label)
			continue
		}
		if _, _, err := compileVariantsOf(t, got); err != nil {
			t.Errorf("%s: the text does not compile: %v", tc.name, err)
		}
	}
	if _, _, err := AddVariant("create-topic t\n", over); err == nil {
		t.Error("a script without a cluster directive: no error")
	}
}

// TestVariantLabel: the values as the line writes them, within
// MaxVariantLabelBytes and without parentheses.
func TestVariantLabel(t *testing.T) {
	for _, tc := range []struct {
		over []Arg
		want string
	}{
		{[]Arg{OverrideArg("kafka", "4.4")}, "kafka=4.4"},
		{[]Arg{OverrideArg("broker.rack", "(a, b, c)")}, "broker.rack=a,b,c"},
		{[]Arg{OverrideArg("replica.lag.time.max.ms", "5000"), OverrideArg("broker.session.timeout.ms", "3000"), OverrideArg("retries", "0")},
			"replica.lag.time.max.ms=5000 +2 more"},
	} {
		got := VariantLabel(tc.over)
		if got != tc.want || len(got) > MaxVariantLabelBytes {
			t.Errorf("VariantLabel(%v) = %q, want %q", tc.over, got, tc.want)
		}
	}
}

// TestSideBySide: the variant takes the values of the partner's cluster
// line that differ, read from each compiled cluster: kafka=4.4 beside
// kafka=2.0, the other values both lines write being the same; a
// protocol= only the script writes is the partner's default.
func TestSideBySide(t *testing.T) {
	const steps = "create-topic t\n----\nok\n\nproduce t-0 values=(m0)\n"
	for _, tc := range []struct{ name, src, partner, want string }{
		{"another release", "cluster kafka=2.0 brokers=3 retries=3\n" + steps, "cluster kafka=4.4 brokers=3 retries=3\n" + steps,
			"cluster kafka=2.0 brokers=3 retries=3\nvs \"kafka=4.4\" kafka=4.4\ncreate-topic t\n\nproduce t-0 values=(m0)\n"},
		{"the release by default", "cluster kafka=3.4 brokers=2\n" + steps, "cluster brokers=2\n" + steps,
			"cluster kafka=3.4 brokers=2\nvs \"kafka=4.4\" kafka=4.4\ncreate-topic t\n\nproduce t-0 values=(m0)\n"},
		{"a switch only the script writes", "cluster brokers=2 protocol=pre-kip-279\n" + steps, "cluster brokers=2\n" + steps,
			"cluster brokers=2 protocol=pre-kip-279\nvs \"protocol=current\" protocol=current\ncreate-topic t\n\nproduce t-0 values=(m0)\n"},
		{"two values", "cluster brokers=2 protocol=pre-kip-101 min.insync.replicas=1\n" + steps, "cluster brokers=2 min.insync.replicas=2\n" + steps,
			"cluster brokers=2 protocol=pre-kip-101 min.insync.replicas=1\nvs \"protocol=current min.insync.replicas=2\" protocol=current min.insync.replicas=2\ncreate-topic t\n\nproduce t-0 values=(m0)\n"},
	} {
		got, label, err := SideBySide(tc.src, tc.partner)
		if err != nil || got != tc.want || !strings.Contains(got, "vs \""+label+"\" ") {
			t.Errorf("%s:\n got %q, %v\nwant %q", tc.name, got, err, tc.want)
		}
	}
	if _, _, err := SideBySide("cluster brokers=3\n", "cluster brokers=3 seed=1\n"); err == nil || !strings.Contains(err.Error(), "change nothing") {
		t.Errorf("a partner on the same cluster: %v, want an error saying a vs line would change nothing", err)
	}
}
