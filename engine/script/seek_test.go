package script

import (
	"strings"
	"testing"

	"kplay/engine"
)

// TestSeekDirective: "seek TOPIC-P offset=N [consumer=c1]" is a Consume
// with Seek set, prints back as the same line, and is refused where
// KafkaConsumer.seek throws on a negative offset, and where it takes no
// argument. (A seek of a partition the consumer is not assigned to is the
// engine's error, TestSeekNeedsAssignment.)
func TestSeekDirective(t *testing.T) {
	dirs, err := Parse("", "cluster brokers=3\nseek t-0 offset=7 consumer=c2\n")
	if err != nil {
		t.Fatal(err)
	}
	cmd, err := Command(dirs[1])
	if err != nil {
		t.Fatal(err)
	}
	want := engine.Consume{Consumer: 2, TP: engine.TopicPartition{Topic: "t", Partition: 0}, From: 7, Seek: true}
	if cmd != want {
		t.Fatalf("seek parsed as %#v, want %#v", cmd, want)
	}
	if s := cmd.String(); s != "seek t-0 offset=7 consumer=c2" {
		t.Fatalf("seek prints as %q", s)
	}
	for _, tc := range []struct{ src, want string }{
		{"cluster brokers=3\ncreate-topic t\nconsume t-0\nseek t-0\n", "4:1: seek needs offset=N"},
		{"cluster brokers=3\ncreate-topic t\nconsume t-0\nseek t-0 offset=-1\n", "is not a whole number in 0.."},
		{"cluster brokers=3\ncreate-topic t\nconsume t-0\nseek t-0 offset=1 broker=2\n", "seek does not take broker"},
	} {
		dirs, err := Parse("", tc.src)
		if err == nil {
			_, err = Compile(dirs)
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.src, err, tc.want)
		}
	}
}
