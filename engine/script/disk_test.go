package script

import (
	"slices"
	"strings"
	"testing"

	"kplay/engine"
)

// TestSlowDiskAndSizeErrors: slow-disk and produce size= refuse bad input
// at its line and column, saying what they take.
func TestSlowDiskAndSizeErrors(t *testing.T) {
	const head = "cluster brokers=3\ncreate-topic t\n"
	for _, tc := range []struct{ line, want string }{
		{"slow-disk", "3:1: slow-disk needs a broker id, such as slow-disk 1"},
		{"slow-disk 1", "3:1: slow-disk needs latency=DURATION, the time each append takes, such as slow-disk 1 latency=50ms (latency=0ms heals it)"},
		{"slow-disk 1 latency=2h", "3:13: latency must be 0ms..1h, got 2h"},
		{"slow-disk 1 latency=5ms lat=3", "3:25: slow-disk does not take lat"},
		{"produce t-0 values=(a) size=2000000", "3:24: size (each record's bytes, default 1024): \"2000000\" is not a whole number in 1..1048576"},
		{"produce t-0 rate=2/s for=1s size=0", "3:29: size (each record's bytes, default 1024): \"0\" is not a whole number in 1..1048576"},
	} {
		dirs, err := Parse("", head+tc.line+"\n")
		if err == nil {
			_, err = Compile(dirs)
		}
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.line, err, tc.want)
		}
	}
	dirs, err := Parse("s.txt", head+"slow-disk 9 latency=5ms\n")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := RunAll(dirs); err == nil || err.Error() != "3:1: no broker 9" {
		t.Fatalf("got %v, want 3:1: no broker 9", err)
	}
}

// TestProduceSizeReachesRecords: size= on a produce, in both forms, sets
// every record's size; without it a record is engine.DefaultRecordSize.
func TestProduceSizeReachesRecords(t *testing.T) {
	dirs, err := Parse("s.txt", "cluster brokers=3 latency=(1,1)\ncreate-topic t\nproduce t-0 values=(a)\nproduce t-0 values=(b) size=300\nproduce t-0 rate=10/s for=200ms size=70000\nadvance 1s\n")
	if err != nil {
		t.Fatal(err)
	}
	var r Runner
	for _, d := range dirs {
		if _, err := r.Exec(d); err != nil {
			t.Fatal(err)
		}
	}
	rs, ok := r.Cluster().State().Replica(1, engine.TopicPartition{Topic: "t"})
	if !ok {
		t.Fatal("b1 holds no t-0")
	}
	var got []int32
	for _, rec := range rs.Log {
		got = append(got, rec.Size)
	}
	if want := []int32{engine.DefaultRecordSize, 300, 70000, 70000}; !slices.Equal(got, want) {
		t.Fatalf("record sizes %v, want %v", got, want)
	}
}
