package engine

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// settingValue is a setting's value once read and checked: n for the
// numeric types (in the row's Unit: seconds for TypeSeconds; 1 or 0 for
// TypeBool), lo and hi for TypeRange, s for TypeEnum, list for TypeList,
// u for TypeSeed.
type settingValue struct {
	n, lo, hi int64
	s         string
	list      []string
	u         uint64
}

// Value returns the setting's value in c as a cluster directive spells it
// (a TypeList or TypeRange comma-separated, without parentheses).
func (s Setting) Value(c Config) string { return s.get(c) }

// Arg returns key=value as a cluster directive writes it: a TypeList or
// TypeRange value v ("1,3") in parentheses.
func (s Setting) Arg(v string) string {
	if s.Type == TypeList || s.Type == TypeRange {
		return s.Name + "=(" + v + ")"
	}
	return s.Name + "=" + v
}

// Set reads vals, the values a script wrote for the setting (one, or the
// list of a TypeList or TypeRange), checks them against the row's type and
// limits and stores them in c. The error says why, with the range and
// unit, and does not name the key.
func (s Setting) Set(c *Config, vals []string) error {
	v, err := s.parse(vals)
	if err != nil {
		return err
	}
	s.set(c, v)
	return nil
}

// Canonical returns the spelling Value would print for the script's
// vals, or the error Set would give.
func (s Setting) Canonical(vals []string) (string, error) {
	var c Config
	if err := s.Set(&c, vals); err != nil {
		return "", err
	}
	return s.get(c), nil
}

// Range describes the values the setting takes: "1..64", "at least 1 ms",
// "true or false", "latest, earliest or none", "a list of names".
func (s Setting) Range() string {
	unit := ""
	if s.Unit != "" {
		unit = " " + s.Unit
	}
	switch s.Type {
	case TypeInt, TypeSeconds, TypeDuration:
		if s.Max >= MaxSettingDuration {
			return "at least " + formatInt(s.Min) + unit
		}
		return formatInt(s.Min) + ".." + formatInt(s.Max) + unit
	case TypeBool:
		return "true or false"
	case TypeEnum:
		return orList(s.Choices)
	case TypeList:
		return "a list of names, one per broker"
	case TypeRange:
		return "MIN,MAX in ms with MIN <= MAX"
	case TypeClock:
		return "a clock time HH:MM:SS.mmm"
	case TypeSeed:
		return "a whole number 0 or more (64 bits)"
	}
	return ""
}

// parse reads and checks a script's values for the row.
func (s Setting) parse(vals []string) (settingValue, error) {
	var v settingValue
	switch s.Type {
	case TypeList:
		v.list = append([]string(nil), vals...)
		return v, nil
	case TypeRange:
		if len(vals) != 2 {
			return v, fmt.Errorf("takes a range %s, such as %s", s.Range(), s.Arg("1,3"))
		}
		lo, err1 := ParseDuration(vals[0])
		hi, err2 := ParseDuration(vals[1])
		if err1 != nil || err2 != nil || hi < lo || int64(hi) > s.Max {
			return v, fmt.Errorf("(%s,%s) is not a range of milliseconds MIN,MAX with MIN <= MAX", vals[0], vals[1])
		}
		v.lo, v.hi = int64(lo), int64(hi)
		return v, nil
	}
	if len(vals) != 1 {
		return v, fmt.Errorf("takes one value, got %d", len(vals))
	}
	text := vals[0]
	switch s.Type {
	case TypeInt, TypeSeconds:
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil || n < s.Min || n > s.Max {
			return v, fmt.Errorf("%q is not a whole number in %s", text, s.Range())
		}
		v.n = n
	case TypeDuration:
		d, err := ParseDuration(text)
		if err != nil {
			return v, err
		}
		if int64(d) < s.Min || int64(d) > s.Max {
			return v, fmt.Errorf("%q is out of range; it takes %s", text, s.Range())
		}
		v.n = int64(d)
	case TypeBool:
		switch text {
		case "true", "on", "1", "":
			v.n = 1
		case "false", "off", "0":
		default:
			return v, fmt.Errorf("%q is not true or false", text)
		}
	case TypeEnum:
		if a, ok := s.Aliases[text]; ok {
			text = a
		}
		if s.spell != nil {
			text = s.spell(text)
		}
		if !slices.Contains(s.Choices, text) {
			if s.spell != nil {
				return v, fmt.Errorf("%q is not %s, nor a name Kafka published for one (3.7.1, 0.10.2.1)", vals[0], s.Range())
			}
			return v, fmt.Errorf("%q is not %s", vals[0], s.Range())
		}
		v.s = text
	case TypeClock:
		t, err := ParseClock(text)
		if err != nil {
			return v, err
		}
		v.n = int64(t)
	case TypeSeed:
		u, err := strconv.ParseUint(text, 10, 64)
		if err != nil {
			return v, fmt.Errorf("%q is not a whole number", text)
		}
		v.u = u
	}
	return v, nil
}

// check reports a value in c that a script could not have written.
func (s Setting) check(c Config) error {
	switch s.Type {
	case TypeInt, TypeDuration, TypeSeconds:
		// A TypeSeconds value is held in milliseconds; below one second
		// it reads as 0.
		text := s.get(c)
		if n, _ := strconv.ParseInt(text, 10, 64); n < s.Min || n > s.Max {
			return fmt.Errorf("must be %s, got %s", s.Range(), text)
		}
	case TypeEnum:
		if !slices.Contains(s.Choices, s.get(c)) {
			return fmt.Errorf("must be %s, got %q", s.Range(), s.get(c))
		}
	case TypeRange:
		lo, hi, _ := strings.Cut(s.get(c), ",")
		l, _ := strconv.ParseInt(lo, 10, 64)
		h, _ := strconv.ParseInt(hi, 10, 64)
		if l < s.Min || h < l || h > s.Max {
			return fmt.Errorf("range %d..%d ms is not a range", l, h)
		}
	case TypeClock:
		if c.Start < 0 {
			return errors.New("must not be negative")
		}
	}
	return nil
}

// defaultValues splits a row's Default as a script would write it.
func (s Setting) defaultValues() []string {
	switch s.Type {
	case TypeList:
		if s.Default == "" {
			return nil
		}
		return strings.Split(s.Default, ",")
	case TypeRange:
		return strings.Split(s.Default, ",")
	}
	return []string{s.Default}
}

// ParseDuration reads a duration in milliseconds: "500ms", "2s", "1.5s",
// "1m", "1h" or a bare number of milliseconds. It uses no package time,
// which the engine tree bans.
func ParseDuration(s string) (Time, error) {
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
	if whole == "" || !allDigits(whole) || (hasFrac && (frac == "" || !allDigits(frac))) {
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
	return Time(ms), nil
}

// ParseClock reads a wall-clock time "HH:MM:SS.mmm" (or "HH:MM:SS") as
// milliseconds since midnight.
func ParseClock(s string) (Time, error) {
	hms, msPart, hasMS := strings.Cut(s, ".")
	f := strings.Split(hms, ":")
	if len(f) != 3 {
		return 0, fmt.Errorf("%q is not a clock time (try 10:00:00.000)", s)
	}
	var v [3]int64
	for i, p := range f {
		if len(p) == 0 || len(p) > 2 || !allDigits(p) {
			return 0, fmt.Errorf("%q is not a clock time (try 10:00:00.000)", s)
		}
		v[i], _ = strconv.ParseInt(p, 10, 64)
	}
	if v[1] > 59 || v[2] > 59 {
		return 0, fmt.Errorf("%q has minutes or seconds past 59", s)
	}
	ms := int64(0)
	if hasMS {
		if len(msPart) != 3 || !allDigits(msPart) {
			return 0, fmt.Errorf("%q needs three digits of milliseconds", s)
		}
		ms, _ = strconv.ParseInt(msPart, 10, 64)
	}
	return Time(v[0]*3600000 + v[1]*60000 + v[2]*1000 + ms), nil
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

func formatInt(n int64) string { return strconv.FormatInt(n, 10) }

func formatUint(n uint64) string { return strconv.FormatUint(n, 10) }

func joinComma(l []string) string { return strings.Join(l, ",") }

// orList joins names as "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
