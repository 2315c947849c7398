package script

import (
	"strings"

	"kplay/engine"
)

// The directives that print what a client or operator would see, changing
// nothing (LayerObserve): describe, state, log and fetch-rounds. Their
// texts are StateText, LogText and FetchRoundsText (run.go); expect, the
// claim a test checks, is in expect.go.

// describe prints "describe [TOPIC]" as kafka-topics.sh --describe does.
func (r *Runner) describe(d Directive) (string, *Error) {
	pos, err := positional(d, 1)
	if err != nil {
		return "", err
	}
	if err := checkKeys(d); err != nil {
		return "", err
	}
	name := ""
	if len(pos) == 1 {
		name = pos[0].Key
	}
	s, e := r.c.Describe(name)
	if e != nil {
		return "", errAt(d.Pos, "%s", strings.TrimPrefix(e.Error(), "engine: "))
	}
	return s, nil
}

// state prints "state [TOPIC-P]" (StateText).
func (r *Runner) state(d Directive) (string, *Error) {
	pos, err := positional(d, 1)
	if err != nil {
		return "", err
	}
	if err := checkKeys(d); err != nil {
		return "", err
	}
	var only *engine.TopicPartition
	if len(pos) == 1 {
		tp, e := ParseTP(pos[0].Key)
		if e != nil {
			return "", errAt(pos[0].Pos, "%v", e)
		}
		if _, ok := r.c.State().Partition(tp); !ok {
			return "", errAt(pos[0].Pos, "no partition %s", tp)
		}
		only = &tp
	}
	return StateText(r.c.State(), only), nil
}

// log prints "log TOPIC-P [from=OFFSET]" (LogText).
func (r *Runner) log(d Directive) (string, *Error) {
	tp, err := tpArg(d)
	if err != nil {
		return "", err
	}
	if err := checkKeys(d, "from"); err != nil {
		return "", err
	}
	from := engine.Offset(0)
	if a, ok := d.Arg("from"); ok {
		v, err := single(a)
		if err != nil {
			return "", err
		}
		n, e := parseInt(v, 0, 1<<50)
		if e != nil {
			return "", errAt(a.Pos, "from: %v", e)
		}
		from = engine.Offset(n)
	}
	s := r.c.State()
	if _, ok := s.Partition(tp); !ok {
		return "", errAt(d.Pos, "no partition %s", tp)
	}
	return LogText(s, tp, from), nil
}

// fetchRounds prints "fetch-rounds TOPIC-P follower=ID [since=TIME]"
// (FetchRoundsText).
func (r *Runner) fetchRounds(d Directive) (string, *Error) {
	tp, err := tpArg(d)
	if err != nil {
		return "", err
	}
	if err := checkKeys(d, "follower", "since"); err != nil {
		return "", err
	}
	a, ok := d.Arg("follower")
	if !ok {
		return "", errAt(d.Pos, "fetch-rounds needs follower=ID")
	}
	v, err := single(a)
	if err != nil {
		return "", err
	}
	f, e := parseInt(strings.TrimPrefix(v, "b"), 1, engine.MaxBrokers)
	if e != nil {
		return "", errAt(a.Pos, "follower: %v", e)
	}
	since := r.c.Config().Start
	if a, ok := d.Arg("since"); ok {
		v, err := single(a)
		if err != nil {
			return "", err
		}
		t, e := parseInstant(v, r.c.Config().Start)
		if e != nil {
			return "", errAt(a.Pos, "since: %v", e)
		}
		since = t
	}
	return FetchRoundsText(r.c.FetchRounds(tp, engine.BrokerID(f), since)), nil
}
