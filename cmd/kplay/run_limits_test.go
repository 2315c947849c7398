package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestRunRefusesTenHours: kplay run refuses the script, nine
// brokers and twelve partitions ten simulated hours long, before running
// anything, with the limit and the line that reached it on stderr, at a
// cost that does not depend on how far the script reaches.
func TestRunRefusesTenHours(t *testing.T) {
	var src strings.Builder
	src.WriteString("cluster brokers=9 seed=7\ncreate-topic orders partitions=12 rf=3\nconsume orders-0 from=earliest\n")
	for h := range 10 {
		fmt.Fprintf(&src, "produce orders-%d count=5 acks=all\nadvance 1h\n", h)
	}
	name := filepath.Join(t.TempDir(), "ten-hours.txt")
	if err := os.WriteFile(name, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	t0 := time.Now()
	code := runMain(name, &stdout, &stderr)
	took := time.Since(t0)
	runtime.ReadMemStats(&b)
	want := name + ":7:1: this reaches 02:00:00.000, 2h after the script's start; a script spans at most 1h of simulated time (kplay's limit, MaxScriptSpan)\n"
	if code != 1 || stderr.String() != want || stdout.Len() != 0 {
		t.Fatalf("exit %d, stderr %q, stdout %d bytes; want 1 and %q", code, stderr.String(), stdout.Len(), want)
	}
	alloc := b.TotalAlloc - a.TotalAlloc
	t.Logf("refused in %v, allocating %d KB", took, alloc>>10)
	if alloc > 1<<20 {
		t.Fatalf("refusing allocated %d bytes: it ran the script", alloc)
	}
}
