//go:build conformance && !js

package conformance

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var only = flag.String("only", "", "run only the scenarios whose file name contains this")

// TestConformance runs every script in testdata on kplay's engine and on a
// real Kafka 4.4.0 cluster, one fresh cluster per script, and compares what
// both sides show. The tables go to the test log and to
// $KPLAY_CONFORMANCE_OUT (./build.sh conformance prints them).
func TestConformance(t *testing.T) {
	libs := os.Getenv("KPLAY_KAFKA_LIBS")
	if libs == "" {
		libs, _ = filepath.Abs(".cache/kafka-4.4.0")
	}
	diffSrc, err := os.ReadFile("differences.txt")
	if err != nil {
		t.Fatal(err)
	}
	diffs, err := ParseDifferences(string(diffSrc))
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios in testdata: %v", err)
	}
	var report strings.Builder
	report.WriteString("# kplay vs Apache Kafka 4.4.0\n\n")
	defer func() {
		if out := os.Getenv("KPLAY_CONFORMANCE_OUT"); out != "" {
			if err := os.WriteFile(out, []byte(report.String()), 0o644); err != nil {
				t.Error(err)
			}
		}
	}()
	for _, f := range files {
		if *only != "" && !strings.Contains(f, *only) {
			continue
		}
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			plan, err := NewPlan(f, string(src))
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
			defer cancel()
			res, err := Replay(ctx, plan, Options{Libs: libs, Dir: t.TempDir(), Logf: t.Logf})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range res.Accept(diffs) {
				t.Logf("differences.txt:%d: %s | %s is listed but did not differ this run", d.Line, d.Scenario, d.Observable)
			}
			table := res.Table()
			report.WriteString(table + "\n")
			t.Log("\n" + table)
			if n := res.Failed(); n > 0 {
				t.Errorf("%d observables differ between Kafka and kplay", n)
			}
		})
	}
}
