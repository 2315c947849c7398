package engine

import "testing"

// TestTopicConfigsReadTheTable: every topic config create-topic takes
// overrides a row of the vocabulary table and takes that row's bounds,
// so the table is the one place a setting is defined: the row's Min and
// Max are accepted, one past either is refused.
func TestTopicConfigsReadTheTable(t *testing.T) {
	for _, k := range topicLogKeys {
		row, ok := LookupSetting(k.broker)
		if !ok {
			t.Fatalf("topic config %s overrides %s, which the settings table lacks", k.key, k.broker)
		}
		lo := row.Min
		if k.key == "segment.bytes" {
			lo = MinSegmentBytes // Kafka 4.4's floor (KIP-1030); the row's Min is 3.9's
		}
		for _, v := range []int64{lo, row.Max} {
			if err := CheckTopicConfig(TopicConfig{Key: k.key, Value: v}, LatestRelease); err != nil {
				t.Errorf("%s=%d refused: %v", k.key, v, err)
			}
		}
		if err := CheckTopicConfig(TopicConfig{Key: k.key, Value: lo - 1}, LatestRelease); err == nil {
			t.Errorf("%s=%d accepted, below %s's minimum", k.key, lo-1, k.broker)
		}
		if row.Max < 1<<62 {
			if err := CheckTopicConfig(TopicConfig{Key: k.key, Value: row.Max + 1}, LatestRelease); err == nil {
				t.Errorf("%s=%d accepted, above %s's maximum", k.key, row.Max+1, k.broker)
			}
		}
	}
}
