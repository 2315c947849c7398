package script

import (
	"fmt"
	"strconv"
	"strings"

	"kplay/engine"
)

// ParseDuration reads a duration in milliseconds: "500ms", "2s", "1.5s",
// "1m", "1h" or a bare number of milliseconds (engine.ParseDuration, which
// the settings table uses too).
func ParseDuration(s string) (engine.Time, error) { return engine.ParseDuration(s) }

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// ParseClock reads a wall-clock time "HH:MM:SS.mmm" (or "HH:MM:SS") as
// milliseconds since midnight (engine.ParseClock).
func ParseClock(s string) (engine.Time, error) { return engine.ParseClock(s) }

// parseInstant reads an absolute time: a clock time, or a duration counted
// from the scenario's start.
func parseInstant(s string, start engine.Time) (engine.Time, error) {
	if strings.Contains(s, ":") {
		return ParseClock(s)
	}
	d, err := ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("%q is neither a clock time (10:00:00.020) nor a duration since the start (20ms)", s)
	}
	return start + d, nil
}

// ParseTP reads "orders-0" as a topic and partition.
func ParseTP(s string) (engine.TopicPartition, error) {
	i := strings.LastIndexByte(s, '-')
	if i <= 0 || i == len(s)-1 || !digits(s[i+1:]) {
		return engine.TopicPartition{}, fmt.Errorf("%q is not a partition (try orders-0)", s)
	}
	p, err := strconv.ParseInt(s[i+1:], 10, 32)
	if err != nil {
		return engine.TopicPartition{}, fmt.Errorf("%q has a partition number out of range", s)
	}
	return engine.TopicPartition{Topic: s[:i], Partition: int32(p)}, nil
}

// parseInt reads a bounded integer.
func parseInt(s string, lo, hi int64) (int64, error) {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < lo || v > hi {
		return 0, fmt.Errorf("%q is not a whole number in %d..%d", s, lo, hi)
	}
	return v, nil
}

// parseClientID reads "p2" (prefix 'p') or "2" as a client number.
func parseClientID(s string, prefix byte) (int32, error) {
	s = strings.TrimPrefix(s, string(prefix))
	v, err := parseInt(s, 1, 64)
	return int32(v), err
}
