package script

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// tenHours is the script: nine brokers, twelve partitions, a few
// records each hour, ten hours of simulated time, one advance (MaxSpan)
// at a time. Its second advance is line 7.
func tenHours() string {
	var b strings.Builder
	b.WriteString("cluster brokers=9 seed=7\ncreate-topic orders partitions=12 rf=3\nconsume orders-0 from=earliest\n")
	for h := range 10 {
		fmt.Fprintf(&b, "produce orders-%d count=5 acks=all\nadvance 1h\n", h)
	}
	return b.String()
}

// allocated returns the bytes f allocates and how long it takes.
func allocated(f func()) (uint64, time.Duration) {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	t0 := time.Now()
	f()
	d := time.Since(t0)
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc, d
}

// TestTenHoursRefused: a script that reaches past MaxScriptSpan is
// refused at the directive that does, by Compile (the page's editor and
// links) at once, and by the Runner (kplay run) after playing the hour it
// may, each with the limit named.
func TestTenHoursRefused(t *testing.T) {
	src := tenHours()
	const want = "7:1: this reaches 02:00:00.000, 2h after the script's start; a script spans at most 1h of simulated time (kplay's limit, MaxScriptSpan)"
	var err error
	bytes, took := allocated(func() { _, err = ParseAndCompile("", src) })
	if err == nil || err.Error() != want {
		t.Fatalf("compile: %v\nwant %s", err, want)
	}
	t.Logf("compile refused it in %v, allocating %d KB", took, bytes>>10)
	if bytes > 1<<20 {
		t.Errorf("compile allocated %d bytes to refuse a 23-line script", bytes)
	}
	dirs, perr := Parse("", src)
	if perr != nil {
		t.Fatal(perr)
	}
	if !IsSpanLimit(err) {
		t.Fatal("IsSpanLimit does not know the span's refusal")
	}
	// The Runner (kplay run checks with Compile first) plays the hour it
	// may, about a million events of nine brokers, and refuses line 7.
	var outs []string
	bytes, took = allocated(func() { outs, err = RunAll(dirs) })
	if err == nil || err.Error() != want {
		t.Fatalf("run: %v\nwant %s", err, want)
	}
	if len(outs) != 6 {
		t.Fatalf("run stopped after %d directives, want the 6 above line 7", len(outs))
	}
	t.Logf("the Runner refused it in %v, allocating %d MB for the hour it played", took, bytes>>20)
}

// TestRateProducerPastSpanRefused: a rate producer whose last record would
// come after the span is refused on its own line.
func TestRateProducerPastSpanRefused(t *testing.T) {
	src := "cluster brokers=3\ncreate-topic t partitions=1 rf=3\nadvance 30m\nproduce t-0 rate=1/s for=31m\n"
	_, err := ParseAndCompile("", src)
	if err == nil || !strings.HasPrefix(err.Error(), "4:1: this reaches 01:00:59.000, 1h 59s after the script's start; a script spans at most 1h") {
		t.Fatalf("compile: %v", err)
	}
	dirs, _ := Parse("", src)
	if _, err := RunAll(dirs); err == nil || !strings.HasPrefix(err.Error(), "4:1: this reaches 01:00:59.000") {
		t.Fatalf("run: %v", err)
	}
	// At the limit exactly is allowed.
	if _, err := ParseAndCompile("", "cluster brokers=1\nadvance 30m\nrun until=01:00:00.000\n"); err != nil {
		t.Fatalf("a script of exactly 1h: %v", err)
	}
}

// TestEventLimitStopsTheRunner: a run that makes more events than its
// limit stops in the advance that did, with the limit and the moment in
// the message; the same script under the limit runs. The limit is
// lowered to 50,000 events here; Runner's default is MaxScriptEvents.
func TestEventLimitStopsTheRunner(t *testing.T) {
	if (&Runner{}).eventLimit() != MaxScriptEvents {
		t.Fatal("a Runner's default limit is not MaxScriptEvents")
	}
	src := "cluster brokers=9 seed=7\ncreate-topic orders partitions=12 rf=3\nproduce orders-0 rate=10/s for=10m acks=all\nadvance 1m\nadvance 9m\n"
	dirs, err := Parse("", src)
	if err != nil {
		t.Fatal(err)
	}
	r := Runner{maxEvents: 50_000}
	var last error
	for i, d := range dirs {
		if _, last = r.Exec(d); last != nil {
			if i != 4 {
				t.Fatalf("stopped at directive %d: %v", i+1, last)
			}
			break
		}
	}
	want := "5:1: the script has made more than 50,000 events by "
	if last == nil || !strings.HasPrefix(last.Error(), want) || !strings.Contains(last.Error(), "kplay's limit for one script (MaxScriptEvents)") {
		t.Fatalf("got %v, want %s…", last, want)
	}
	if n := r.Cluster().EventCount(); n <= 50_000 || n > 50_100 {
		t.Fatalf("the runner went on to %d events past the limit of 50,000", n)
	}
	r = Runner{maxEvents: 10_000_000}
	for _, d := range dirs {
		if _, err := r.Exec(d); err != nil {
			t.Fatalf("under the limit: %v", err)
		}
	}
}
