package script

import (
	"fmt"
	"strconv"
	"strings"

	"kplay/engine"
)

// ParseDuration reads a duration in milliseconds: "500ms", "2s", "1.5s",
// "1m", "1h" or a bare number of milliseconds. It uses no package time, which
// the engine tree bans.
func ParseDuration(s string) (engine.Time, error) {
	unit := int64(1)
	num := s
	switch {
	case strings.HasSuffix(s, "ms"):
		num = strings.TrimSuffix(s, "ms")
	case strings.HasSuffix(s, "s"):
		num, unit = strings.TrimSuffix(s, "s"), 1000
	case strings.HasSuffix(s, "m"):
		num, unit = strings.TrimSuffix(s, "m"), 60000
	case strings.HasSuffix(s, "h"):
		num, unit = strings.TrimSuffix(s, "h"), 3600000
	}
	whole, frac, hasFrac := strings.Cut(num, ".")
	if whole == "" || !digits(whole) || (hasFrac && (frac == "" || !digits(frac))) {
		return 0, fmt.Errorf("%q is not a duration (try 500ms, 2s or 1.5s)", s)
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w > 1<<40 {
		return 0, fmt.Errorf("duration %q is too large", s)
	}
	ms := w * unit
	if hasFrac {
		// Fractions must come out as whole milliseconds ("1.5s" = 1500ms).
		scale := unit
		rest := int64(0)
		for _, ch := range frac {
			if scale%10 != 0 {
				return 0, fmt.Errorf("duration %q is finer than a millisecond", s)
			}
			scale /= 10
			rest += int64(ch-'0') * scale
		}
		ms += rest
	}
	return engine.Time(ms), nil
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// ParseClock reads a wall-clock time "HH:MM:SS.mmm" (or "HH:MM:SS") as
// milliseconds since midnight.
func ParseClock(s string) (engine.Time, error) {
	hms, msPart, hasMS := strings.Cut(s, ".")
	f := strings.Split(hms, ":")
	if len(f) != 3 {
		return 0, fmt.Errorf("%q is not a clock time (try 10:00:00.000)", s)
	}
	var v [3]int64
	for i, p := range f {
		if len(p) == 0 || len(p) > 2 || !digits(p) {
			return 0, fmt.Errorf("%q is not a clock time (try 10:00:00.000)", s)
		}
		v[i], _ = strconv.ParseInt(p, 10, 64)
	}
	if v[1] > 59 || v[2] > 59 {
		return 0, fmt.Errorf("%q has minutes or seconds past 59", s)
	}
	ms := int64(0)
	if hasMS {
		if len(msPart) != 3 || !digits(msPart) {
			return 0, fmt.Errorf("%q needs three digits of milliseconds", s)
		}
		ms, _ = strconv.ParseInt(msPart, 10, 64)
	}
	return engine.Time(v[0]*3600000 + v[1]*60000 + v[2]*1000 + ms), nil
}

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

// parseBool reads true/false/on/off.
func parseBool(s string) (bool, error) {
	switch s {
	case "true", "on", "1", "":
		return true, nil
	case "false", "off", "0":
		return false, nil
	}
	return false, fmt.Errorf("%q is not true or false", s)
}
