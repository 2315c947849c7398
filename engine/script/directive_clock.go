package script

import (
	"kplay/engine"
)

// The directives that move simulated time (LayerClock): advance, run and
// step, and the events= argument every state-changing directive takes.

// advanceTarget returns the time "advance DURATION" moves to from now.
func advanceTarget(d Directive, now, _ engine.Time) (engine.Time, *Error) {
	pos, err := positional(d, 1)
	if err != nil {
		return 0, err
	}
	if err := checkKeys(d, "events"); err != nil {
		return 0, err
	}
	if len(pos) == 0 {
		return 0, errAt(d.Pos, "advance needs a duration, such as advance 500ms")
	}
	dur, e := ParseDuration(pos[0].Key)
	if e != nil {
		return 0, errAt(pos[0].Pos, "%v", e)
	}
	if dur > MaxSpan {
		return 0, errAt(pos[0].Pos, "advance moves at most 1h at a time")
	}
	return now + dur, nil
}

// runTarget returns the time "run until=TIME" moves to from now, on a
// cluster that started at start (TIME may be a duration since it).
func runTarget(d Directive, now, start engine.Time) (engine.Time, *Error) {
	if _, err := positional(d, 0); err != nil {
		return 0, err
	}
	if err := checkKeys(d, "until", "events"); err != nil {
		return 0, err
	}
	a, ok := d.Arg("until")
	if !ok {
		return 0, errAt(d.Pos, "run needs until=TIME, such as run until=10:00:00.020")
	}
	v, err := single(a)
	if err != nil {
		return 0, err
	}
	t, e := parseInstant(v, start)
	if e != nil {
		return 0, errAt(a.Pos, "until: %v", e)
	}
	if t < now {
		return 0, errAt(a.Pos, "until=%s is before the current time %s", v, engine.FormatTime(now))
	}
	if t-now > MaxSpan {
		return 0, errAt(a.Pos, "run moves at most 1h at a time")
	}
	return t, nil
}

// stepCount reads "step [n=1]": how many scheduled deliveries or timers
// to process.
func stepCount(d Directive) (int64, *Error) {
	if err := checkKeys(d, "n", "events"); err != nil {
		return 0, err
	}
	n := int64(1)
	if a, ok := d.Arg("n"); ok {
		v, err := single(a)
		if err != nil {
			return 0, err
		}
		var e error
		if n, e = parseInt(v, 1, 1000000); e != nil {
			return 0, errAt(a.Pos, "n: %v", e)
		}
	}
	return n, nil
}

// categories reads events= (default, all, none, or a list of category names).
func categories(d Directive, def engine.Category) (engine.Category, *Error) {
	a, ok := d.Arg("events")
	if !ok {
		return def, nil
	}
	var c engine.Category
	for _, v := range a.Vals {
		switch v {
		case "default":
			c |= engine.CatDefault
		case "all":
			c |= engine.CatAll
		case "none":
		case "net":
			c |= engine.CatNet
		case "fetch":
			c |= engine.CatFetch
		case "log":
			c |= engine.CatLog
		case "cluster":
			c |= engine.CatCluster
		case "client":
			c |= engine.CatClient
		case "command":
			c |= engine.CatCommand
		case "fault":
			c |= engine.CatFault
		case "violation":
			c |= engine.CatViolation
		default:
			return 0, errAt(a.Pos, "events: unknown category %q (default, all, none, net, fetch, log, cluster, client, fault, violation, command)", v)
		}
	}
	return c, nil
}
