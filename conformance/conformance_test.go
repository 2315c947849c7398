//go:build conformance && !js

package conformance

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

var only = flag.String("only", "", "run only the scenarios whose file name contains one of these comma-separated strings")

// selected says whether scenario file f is one -only asks for.
func selected(f string) bool {
	if *only == "" {
		return true
	}
	for _, s := range strings.Split(*only, ",") {
		if s != "" && strings.Contains(f, s) {
			return true
		}
	}
	return false
}

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
	// Two clusters at a time: a JVM is busy only while it starts, and the
	// suite must fit CI's 15 minutes. KPLAY_CONFORMANCE_PARALLEL=1 runs
	// one at a time.
	slots := 2
	if v := os.Getenv("KPLAY_CONFORMANCE_PARALLEL"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("KPLAY_CONFORMANCE_PARALLEL=%q: want a positive number", v)
		}
		slots = n
	}
	sem := make(chan struct{}, slots)
	var mu sync.Mutex
	tables := map[string]string{}
	// failures holds, per scenario file, what went wrong: its differing
	// rows, or the error that stopped its replay.
	failures := map[string]string{}
	// Cleanup runs once every parallel subtest has finished.
	t.Cleanup(func() {
		out := os.Getenv("KPLAY_CONFORMANCE_OUT")
		// The summary comes last, so that a log cut to its tail (CI's)
		// still says what failed.
		var summary strings.Builder
		for _, f := range files {
			if msg, ok := failures[f]; ok {
				summary.WriteString(msg)
			}
		}
		if summary.Len() > 0 {
			t.Log("what failed:\n" + summary.String())
		}
		if out == "" {
			return
		}
		var report strings.Builder
		report.WriteString("# kplay vs Apache Kafka 4.4.0\n\n")
		for _, f := range files {
			if tb, ok := tables[f]; ok {
				report.WriteString(tb + "\n")
			}
		}
		if summary.Len() > 0 {
			report.WriteString("## What failed\n\n" + summary.String())
		} else {
			report.WriteString("## What failed\n\nNothing: every observable matched or is an accepted difference.\n")
		}
		if err := os.WriteFile(out, []byte(report.String()), 0o644); err != nil {
			t.Error(err)
		}
	})
	for _, f := range files {
		if !selected(f) {
			continue
		}
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			sem <- struct{}{}
			defer func() { <-sem }()
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			plan, err := NewPlan(f, string(src))
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
			defer cancel()
			res, err := Replay(ctx, plan, Options{Libs: libs, Dir: t.TempDir(), Logf: t.Logf})
			if err != nil {
				mu.Lock()
				failures[f] = "- " + name + ": the replay stopped: " + err.Error() + "\n"
				mu.Unlock()
				t.Fatal(err)
			}
			for _, d := range res.Accept(diffs) {
				t.Logf("differences.txt:%d: %s | %s is listed but did not differ this run", d.Line, d.Scenario, d.Observable)
			}
			table := res.Table()
			mu.Lock()
			tables[f] = table
			if d := res.Differing(); d != "" {
				failures[f] = d
			}
			mu.Unlock()
			t.Log("\n" + table)
			if n := res.Failed(); n > 0 {
				t.Errorf("%d observables differ between Kafka and kplay", n)
			}
		})
	}
}
