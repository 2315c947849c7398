package script

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"kplay/engine"
)

// MaxRate bounds a rate producer's records per second: at most one record
// per simulated millisecond.
const MaxRate = 1000

// isRate reports whether d is a rate producer: produce with rate= or for=.
func isRate(d Directive) bool {
	if d.Cmd != "produce" {
		return false
	}
	_, rate := d.Arg("rate")
	_, dur := d.Arg("for")
	return rate || dur
}

// expandRate expands a rate producer that stands at time now,
//
//	produce orders-0 rate=2/s for=10m [acks=all|1|0] [producer=p1] [key=K] [size=BYTES]
//
// into one produce of one record every 1000/N ms (integer milliseconds, so
// rate=3/s sends every 333 ms) for the duration: records at now, now +
// period, ... while before now + duration, named m0, m1, ... as count=
// names them. The steps are in time order; the first is at now. Each
// counts against MaxScriptRecords through *records. kafka is the
// cluster's release.
func expandRate(d Directive, now engine.Time, line int, records *int, kafka engine.Release) ([]Step, *Error) {
	tp, err := tpArg(d)
	if err != nil {
		return nil, err
	}
	if err := checkKeys(d, "rate", "for", "acks", "producer", "key", "size", "events"); err != nil {
		return nil, err
	}
	rateArg, ok := d.Arg("rate")
	if !ok {
		return nil, errAt(d.Pos, "for= goes with rate=: produce %s rate=2/s for=10s", tp)
	}
	forArg, ok := d.Arg("for")
	if !ok {
		return nil, errAt(d.Pos, "rate= needs for=DURATION, such as for=10s")
	}
	v, err := single(rateArg)
	if err != nil {
		return nil, err
	}
	num, perSecond := strings.CutSuffix(v, "/s")
	n, e := parseInt(num, 1, MaxRate)
	if !perSecond || e != nil {
		return nil, errAt(rateArg.Pos, "rate takes records per second from 1/s to %d/s, such as rate=2/s; got %q", MaxRate, v)
	}
	v, err = single(forArg)
	if err != nil {
		return nil, err
	}
	dur, e := ParseDuration(v)
	if e != nil {
		return nil, errAt(forArg.Pos, "for: %v", e)
	}
	if dur <= 0 {
		return nil, errAt(forArg.Pos, "for must be longer than 0ms")
	}
	period := engine.Time(1000 / n)
	count := (dur + period - 1) / period
	if count > MaxScriptRecords || *records+int(count) > MaxScriptRecords {
		return nil, errAt(d.Pos, "rate=%s for=%s makes %d records; a script produces at most %d in all", rateArg.Vals[0], v, count, MaxScriptRecords)
	}
	*records += int(count)

	// The other arguments read as a one-record produce's.
	base := d
	base.Args = slices.DeleteFunc(slices.Clone(d.Args), func(a Arg) bool { return a.Key == "rate" || a.Key == "for" })
	base.Args = append(base.Args, Arg{Key: "values", Vals: []string{"m0"}, Pos: d.Pos})
	cmd, err := toCommandWithEvents(base, kafka)
	if err != nil {
		return nil, err
	}
	p := cmd.(engine.Produce)
	steps := make([]Step, count)
	for k := range steps {
		rec := p
		rec.Values = []string{"m" + strconv.Itoa(k)}
		steps[k] = Step{At: now + engine.Time(k)*period, Cmd: rec, Line: line, Flush: k > 0}
	}
	return steps, nil
}

// rateQueue holds the records of rate producers that are due later than
// the script's clock, in time order (at a tie, the earlier directive's
// first).
type rateQueue []Step

// add queues steps, which are in time order.
func (q *rateQueue) add(steps []Step) {
	*q = append(*q, steps...)
	slices.SortStableFunc(*q, func(a, b Step) int { return cmp.Compare(a.At, b.At) })
}

// due removes and returns the records due at or before t.
func (q *rateQueue) due(t engine.Time) []Step {
	i := 0
	for i < len(*q) && (*q)[i].At <= t {
		i++
	}
	out := (*q)[:i:i]
	*q = (*q)[i:]
	return out
}

// stepError is the error a step directive gets while rate records are
// queued: a step moves by scheduled items, not by time, so it cannot say
// when the next record is due.
func stepError(d Directive) *Error {
	return errAt(d.Pos, "step cannot run while a rate producer is still producing; use advance or run")
}
