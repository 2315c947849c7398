package script

import (
	"strings"
	"testing"
)

// TestSegmentBytesMinimumByRelease: Kafka 4.0 raised the minimum of
// segment.bytes and log.segment.bytes from 14 bytes
// (LegacyRecord.RECORD_OVERHEAD_V0) to 1048576 (KIP-1030; LogConfig
// atLeast(1048576) in the 4.x jars). A script on the default release,
// Kafka 4.4, is refused at compile time and by the Runner alike, at the
// argument (a topic config) or the cluster line (the broker setting),
// with the rule in the message; kafka=3.9 still takes a 300-byte
// segment, and refuses 13 bytes as 3.9's LogConfig does.
func TestSegmentBytesMinimumByRelease(t *testing.T) {
	const rule = "is below Kafka 4.0's minimum of 1048576 bytes (KIP-1030); kafka=3.9 or older takes 14"
	for _, tc := range []struct{ src, want string }{
		{"cluster brokers=3\ncreate-topic t segment.bytes=300\n", "2:16: segment.bytes=300 " + rule},
		{"cluster kafka=4.0\ncreate-topic t segment.bytes=1048575\n", "2:16: segment.bytes=1048575 " + rule},
		{"cluster log.segment.bytes=300\n", "1:1: log.segment.bytes=300 " + rule},
		{"cluster kafka=3.9\ncreate-topic t segment.bytes=13\n", "2:16: segment.bytes=13 is out of range (14..2147483647; it overrides log.segment.bytes)"},
		{"cluster kafka=3.9 log.segment.bytes=13\n", "1:19: log.segment.bytes: \"13\" is not a whole number in 14..2147483647 bytes"},
		{"cluster brokers=3\ncreate-topic t segment.bytes=1MiB\n", "2:16: segment.bytes: \"1MiB\" is not a whole number of bytes"},
	} {
		dirs, err := Parse("", tc.src)
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		if _, err := Compile(dirs); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("compile %q:\n got %v\nwant %q", tc.src, err, tc.want)
		}
		if _, err := RunAll(dirs); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("run %q:\n got %v\nwant %q", tc.src, err, tc.want)
		}
	}
	for _, src := range []string{
		"cluster kafka=3.9\ncreate-topic t segment.bytes=300\n",
		"cluster kafka=3.9 log.segment.bytes=300\ncreate-topic t\n",
		"cluster brokers=3 log.segment.bytes=1048576\ncreate-topic t segment.bytes=1048576\n",
	} {
		dirs, err := Parse("", src)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if _, err := Compile(dirs); err != nil {
			t.Errorf("compile %q: %v", src, err)
		}
		if _, err := RunAll(dirs); err != nil {
			t.Errorf("run %q: %v", src, err)
		}
	}
}
