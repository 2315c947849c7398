package script

import (
	"fmt"
	"slices"
	"strings"

	"kplay/engine"
)

// The readers of a directive's arguments that every row's function
// shares: positional words, keys and their values, a partition, a broker.

// errAt is the script error at p, its message formatted as fmt.Sprintf.
func errAt(p Pos, format string, a ...any) *Error {
	return &Error{Pos: p, Msg: fmt.Sprintf(format, a...)}
}

// single returns an argument's one value.
func single(a Arg) (string, *Error) {
	if len(a.Vals) != 1 {
		return "", errAt(a.Pos, "%s takes one value, got %d", a.Key, len(a.Vals))
	}
	return a.Vals[0], nil
}

// positional returns the directive's valueless arguments (such as the topic
// in "describe orders") and checks there are at most max of them.
func positional(d Directive, max int) ([]Arg, *Error) {
	var out []Arg
	for _, a := range d.Args {
		if a.Vals == nil {
			out = append(out, a)
		}
	}
	if len(out) > max {
		return nil, errAt(out[max].Pos, "%s takes %d positional argument(s); %q is one too many", d.Cmd, max, out[max].Key)
	}
	return out, nil
}

// checkKeys rejects keyed arguments outside allowed.
func checkKeys(d Directive, allowed ...string) *Error {
	for _, a := range d.Args {
		if a.Vals == nil {
			continue
		}
		if !slices.Contains(allowed, a.Key) {
			return unknownKey(d, a, allowed)
		}
	}
	return nil
}

// unknownKey reports a key the directive does not take, with the nearest
// key it does take when one is close, and the list of them all.
func unknownKey(d Directive, a Arg, allowed []string) *Error {
	if near := nearest(a.Key, allowed); near != "" {
		return errAt(a.Pos, "%s does not take %s; did you mean %s? (it takes: %s)", d.Cmd, a.Key, near, strings.Join(allowed, ", "))
	}
	return errAt(a.Pos, "%s does not take %s (it takes: %s)", d.Cmd, a.Key, strings.Join(allowed, ", "))
}

// nearest returns the name in names closest to key in edit distance, if
// it is within a third of the key's length (and at most 4 edits), or "".
// Keys longer than 64 bytes get no suggestion, which bounds the cost.
func nearest(key string, names []string) string {
	if len(key) > 64 {
		return ""
	}
	best, bestD := "", min(4, max(1, len(key)/3))+1
	for _, n := range names {
		if d := editDistance(key, n, bestD); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of a and b in bytes, or limit
// once it is clear the distance is at least limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= limit {
			return limit
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit)
}

// tpArg reads the directive's one positional partition argument.
func tpArg(d Directive) (engine.TopicPartition, *Error) {
	pos, err := positional(d, 1)
	if err != nil {
		return engine.TopicPartition{}, err
	}
	if len(pos) == 0 {
		return engine.TopicPartition{}, errAt(d.Pos, "%s needs a partition, such as orders-0", d.Cmd)
	}
	tp, e := ParseTP(pos[0].Key)
	if e != nil {
		return tp, errAt(pos[0].Pos, "%v", e)
	}
	return tp, nil
}

// maxCount bounds produce count= so that a hostile script stays small.
const maxCount = 10000

// MaxCount is the most records one produce line sends (values= or
// count=); the page's producer panel holds a send to it, so that the
// reader's send stays one script line that a share link can reopen.
const MaxCount = maxCount

// MaxScriptRecords bounds the records one script may produce in all, and
// MaxSpan one advance or run, so that a hostile script or link cannot make
// the page or kplay run hold gigabytes.
const (
	MaxScriptRecords = 100000
	MaxSpan          = engine.Time(3600000)
)

// brokerArg reads the directive's one positional broker id.
func brokerArg(d Directive) (engine.BrokerID, *Error) {
	pos, err := positional(d, 1)
	if err != nil {
		return 0, err
	}
	if len(pos) == 0 {
		return 0, errAt(d.Pos, "%s needs a broker id, such as %s 1", d.Cmd, d.Cmd)
	}
	n, e := parseInt(strings.TrimPrefix(pos[0].Key, "b"), 1, engine.MaxBrokers)
	if e != nil {
		return 0, errAt(pos[0].Pos, "%q is not a broker id", pos[0].Key)
	}
	return engine.BrokerID(n), nil
}

// clientKey reads the value v of key a (producer=p1, consumer=c1) as a
// client's number: the prefix letter is optional, 1 to 64. Its error
// names the key: "consumer: …".
func clientKey(a Arg, v string, prefix byte) (int32, *Error) {
	id, e := parseClientID(v, prefix)
	if e != nil {
		return 0, errAt(a.Pos, "%s: %v", a.Key, e)
	}
	return id, nil
}

// brokerKey reads the value v of key a (broker=2) as a broker id, 1 to
// engine.MaxBrokers. Its error names the key: "broker: …".
func brokerKey(a Arg, v string) (engine.BrokerID, *Error) {
	n, e := parseInt(v, 1, engine.MaxBrokers)
	if e != nil {
		return 0, errAt(a.Pos, "%s: %v", a.Key, e)
	}
	return engine.BrokerID(n), nil
}
