package site

import (
	"strings"
	"testing"

	"kplay/engine"
)

// TestAcksZeroIsNotAcknowledged: a record sent with acks=0 waits for no
// response (the Java producer completes it once sent, with offset -1,
// RecordMetadata's UNKNOWN_OFFSET). The event log said "p1 produce to t-0
// acknowledged: offset -1 (m0)" and the narrator "m0 of t-0
// acknowledged", which told a learner the opposite of what acks=0 means.
func TestAcksZeroIsNotAcknowledged(t *testing.T) {
	s := NewStoreFromScript("x", "cluster brokers=3\ncreate-topic t partitions=1 rf=3\nproduce t-0 values=(m0) acks=0\nrun until=00:00:01.000\n")
	s.Player.Seek(1000)
	found := false
	for _, e := range s.Player.Events(0) {
		if e.Kind != engine.EvProduceAcked {
			continue
		}
		found = true
		line := e.String()
		if strings.Contains(line, "acknowledged") || strings.Contains(line, "-1") || !strings.Contains(line, "sent with acks=0: no acknowledgement and no offset (m0)") {
			t.Errorf("the event log says %q", line)
		}
		sn, _ := NarrateEvent(e)
		if strings.Contains(sn.Text, "acknowledged.") || !strings.Contains(sn.Text, "with acks=0: it waits for no acknowledgement") {
			t.Errorf("the narrator says %q", sn.Text)
		}
	}
	if !found {
		t.Fatal("no event for the acks=0 send")
	}
}
