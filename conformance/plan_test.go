//go:build !js

package conformance

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
)

// TestPlans runs every conformance script on the engine and checks that it
// can be replayed on Kafka: every directive translates, and each
// observation has something to compare.
func TestPlans(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) < 10 {
		t.Fatalf("want the conformance scenarios in testdata, got %d: %v", len(files), err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewPlan(f, string(src))
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if p.Title == "" {
			t.Errorf("%s: no title", f)
		}
		if _, err := clusterSpec(p); err != nil {
			t.Errorf("%s: %v", f, err)
		}
		for _, st := range p.Steps {
			switch st.Cmd.(type) {
			case engine.Partition, engine.Slow, engine.Drop:
				t.Errorf("%s:%s: %s cannot be replayed on Kafka", f, st.D.Pos, st.D.Cmd)
			}
			if isObservation(st.D.Cmd) && st.D.Cmd != "fetch-rounds" && len(st.Pairs) == 0 {
				t.Errorf("%s:%s: %s observed nothing", f, st.D.Pos, st.D.Cmd)
			}
		}
		if len(p.Final) == 0 {
			t.Errorf("%s: no final observations", f)
		}
	}
}

// TestPlanS2 checks the engine side of S2 (docs/kafka-rules.md §10) against its
// outcome: p2's acks=1 m2 acknowledged at offset 2, then lost everywhere;
// broker 2 led in epoch 1, and after the rebalance broker 1 leads.
func TestPlanS2(t *testing.T) {
	src, err := os.ReadFile("testdata/s2_acks1_loss_and_truncation.txt")
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlan("s2", string(src))
	if err != nil {
		t.Fatal(err)
	}
	final := map[string]string{}
	for _, pr := range p.Final {
		final[pr.Name] = pr.Value
	}
	want := map[string]string{
		"p2 acks=1 t-0":    "m2@2",
		"p1 acks=all t-0":  "m0@0 m1@1 m3@2",
		"t-0 b1 log":       "0:m0@0 1:m1@0 2:m3@1",
		"t-0 b2 log":       "0:m0@0 1:m1@0 2:m3@1",
		"t-0 leader":       "1",
		"t-0 leader epoch": "2",
	}
	for k, v := range want {
		if final[k] != v {
			t.Errorf("%s = %q, want %q", k, final[k], v)
		}
	}
	var sawState bool
	for _, st := range p.Steps {
		if st.D.Cmd == "state" && st.At == 12000 {
			sawState = true
			got := map[string]string{}
			for _, pr := range st.Pairs {
				got[pr.Name] = pr.Value
			}
			if got["t-0 leader"] != "2" || got["t-0 leader epoch"] != "1" || got["t-0 ISR"] != "2,3" || got["t-0 b1 LEO/HW"] != "down" {
				t.Errorf("state after the crash = %v", st.Pairs)
			}
		}
	}
	if !sawState {
		t.Error("no state observation at 12.000")
	}
}

// TestDescribePairs: the describe line is compared as Kafka prints it,
// ELR in the order given (Kafka prints it in broker id order, so a kplay
// that printed "2,1" would differ).
func TestDescribePairs(t *testing.T) {
	text := "Topic: t\tTopicId: X\tPartitionCount: 1\tReplicationFactor: 3\tConfigs: min.insync.replicas=2\n" +
		"\tTopic: t\tPartition: 0\tLeader: none\tReplicas: 1,2,3\tIsr: \tElr: 2,1\tLastKnownElr: 1\n"
	got := describePairs(text)
	want := []Pair{
		{"t describe", "PartitionCount: 1 ReplicationFactor: 3"},
		{"t-0 describe", "Leader: none Replicas: 1,2,3 Isr:  Elr: 2,1 LastKnownElr: 1"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("pair %d = %q, want %q", i, got[i], want[i])
		}
	}
}

func TestParseDifferences(t *testing.T) {
	ds, err := ParseDifferences("# c\n\ns2 | t-0 b1 * | because\n")
	if err != nil || len(ds) != 1 || !ds[0].matches("s2", "t-0 b1 log") || ds[0].matches("s3", "t-0 b1 log") {
		t.Fatalf("got %v, %v", ds, err)
	}
	if _, err := ParseDifferences("s2 | x\n"); err == nil || !strings.Contains(err.Error(), ":1:") {
		t.Errorf("a line without a reason: err = %v", err)
	}
}

// TestDiffering checks the failure summary names only the rows that
// differ without an accepted reason, with both sides' values.
func TestDiffering(t *testing.T) {
	r := &Result{Plan: &Plan{Name: "testdata/all_down.txt"}, Rows: []Row{
		{At: 24000, Name: "t-0 leader", Kafka: "1", Kplay: "1", Status: Match},
		{At: 34500, Name: "t-0 ISR", Kafka: "1", Kplay: "1,2", Status: Differ},
		{At: 36000, Name: "c1 read t-0", Kafka: "x", Kplay: "y", Status: Accepted},
	}}
	want := "- all_down @ 34.500: t-0 ISR: Kafka \"1\", kplay \"1,2\"\n"
	if got := r.Differing(); got != want {
		t.Errorf("Differing() = %q, want %q", got, want)
	}
	r.Rows[1].Status = Match
	if got := r.Differing(); got != "" {
		t.Errorf("nothing differs: Differing() = %q", got)
	}
}

// TestPlanKnowsEveryDirective: the plan reads the directive table. Each
// row's example, on a small cluster, either plans (a story, a question or
// an expect as a step without a command, which the replay skips) or is
// refused with the row's reason as ErrUntranslatable.
func TestPlanKnowsEveryDirective(t *testing.T) {
	const prelude = "cluster brokers=3\ncreate-topic orders partitions=2\nconsume orders-0 group.id=g\nproduce orders-0 values=(a)\nadvance 1s\n"
	before := map[string]string{
		"why":     `ask "Who leads orders-0?" options=(b1, b2) answer=b1` + "\n",
		"restart": "crash 1\n",
	}
	for _, row := range script.Directives() {
		src := prelude + before[row.Name] + row.Example + "\n"
		if row.Layer == script.LayerCluster {
			src = row.Example + "\ncreate-topic orders\n"
		}
		p, err := NewPlan(row.Name, src)
		if row.Replay != "" {
			if !errors.Is(err, ErrUntranslatable) || !strings.Contains(err.Error(), row.Replay) {
				t.Errorf("%s: err = %v, want the row's reason %q", row.Name, err, row.Replay)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", row.Name, err)
			continue
		}
		var st *Step
		for i := range p.Steps {
			if p.Steps[i].D.Cmd == row.Name {
				st = &p.Steps[i]
			}
		}
		switch {
		case st == nil:
			t.Errorf("%s: no step in the plan", row.Name)
		case (st.Cmd != nil) != isAction(row.Layer):
			t.Errorf("%s (%s): step command %v", row.Name, row.Layer, st.Cmd)
		}
	}
}
