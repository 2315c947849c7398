package script

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"kplay/engine"
)

// An expect directive states a claim about the cluster at its moment and
// changes nothing. It prints "ok" when the claim holds, and otherwise a
// line starting "claim failed:" that says what differs, so a golden test
// whose expected output is "ok" fails. The page drops expect lines, as it
// drops every observation: they are checks for maintainers, never shown
// to learners.
//
//	expect leader t-0=2                  (or =none: the partition is offline)
//	expect isr t-0=(1,2)                 (as a set; =none or =() for empty)
//	expect elr t-0=(3)                   (KIP-966's eligible leader replicas)
//	expect last-known-elr t-0=(1)        (KIP-966's LastKnownElr, as a set)
//	expect replicas t-0=(1,2,3)          (the assignment, in order)
//	expect leader-epoch t-0=3
//	expect hw t-0=2                      (the leader's high watermark)
//	expect lost t-0 values=(m2)          (committed or acknowledged, not on the leader)
//	expect kept t-0 values=(m1)          (committed or acknowledged, on the leader)
//	expect duplicates t-0 values=(m1)    (values on the leader's log more than once)
//	expect violations=(CommittedDurability, AcknowledgedWriteLost)   (or =none)
//	expect hw-moves t-0 broker=1 since=00:00:40.000 values=(2->3, 3->2, 2->3)
//	expect vs="acks=all" kept t-0 values=(m2)   (in variant acks=all's run only)
//
// An expect is checked in one run: with vs="LABEL" first, in the run of
// the variant that vs line names (directive_variant.go); without, in the
// base run. kplay run prints each claim's verdict from its own run.
// hw-moves lists, in order, every move of one broker's high watermark of
// the partition at or after since= (a clock time or a duration since the
// cluster's start; the start when left out), each "from->to" ("2→3" is
// read as "2->3"): a follower's HW too, which hw, the leader's, is not.
// The first five take one or more TOPIC-P=VALUE arguments. A record's
// value names it; the values of lost, kept and duplicates and the rule
// names of violations are compared as sets, with none or () for the
// empty set.
type expectation struct {
	what string
	// items are the TOPIC-P=VALUE claims of leader, isr, elr,
	// leader-epoch and hw; tp and vals those of lost, kept and duplicates.
	items []expectItem
	tp    engine.TopicPartition
	vals  []string
	pos   Pos
	// broker and since are hw-moves' broker=ID and since=TIME.
	broker engine.BrokerID
	since  engine.Time
}

// expectItem is one TOPIC-P=VALUE claim.
type expectItem struct {
	tp   engine.TopicPartition
	vals []string
	pos  Pos
}

// expectSynopsis is the error messages' list of what expect states.
const expectSynopsis = "leader, isr, elr, last-known-elr, replicas, leader-epoch, hw, lost, kept, duplicates, hw-moves or violations="

// parseExpect reads and checks an expect directive without running it;
// start is the cluster's first instant, for hw-moves' since=.
func parseExpect(d Directive, start engine.Time) (expectation, *Error) {
	e := expectation{pos: d.Pos}
	if len(d.Args) == 0 {
		return e, errAt(d.Pos, "expect needs a claim: %s", expectSynopsis)
	}
	first := d.Args[0]
	if first.Key == "violations" && first.Vals != nil {
		if len(d.Args) > 1 {
			return e, errAt(d.Args[1].Pos, "expect violations= takes nothing more; %q follows it", d.Args[1].Key)
		}
		e.what, e.vals = "violations", setValues(first.Vals)
		for _, v := range e.vals {
			if !ruleName(v) {
				return e, errAt(first.Pos, "violations: %q is not a rule name, such as CommittedDurability", v)
			}
		}
		return e, nil
	}
	if first.Vals != nil {
		return e, errAt(first.Pos, "expect does not state %s=; it states %s", first.Key, expectSynopsis)
	}
	e.what = first.Key
	rest := d.Args[1:]
	switch e.what {
	case "leader", "isr", "elr", "last-known-elr", "replicas", "leader-epoch", "hw":
		if len(rest) == 0 {
			return e, errAt(d.Pos, "expect %s needs TOPIC-P=VALUE, such as expect %s t-0=%s", e.what, e.what, expectExample(e.what))
		}
		for _, a := range rest {
			if a.Vals == nil {
				return e, errAt(a.Pos, "expect %s takes TOPIC-P=VALUE; %q has no value", e.what, a.Key)
			}
			tp, err := ParseTP(a.Key)
			if err != nil {
				return e, errAt(a.Pos, "%v", err)
			}
			vals, perr := expectValues(e.what, a)
			if perr != nil {
				return e, perr
			}
			e.items = append(e.items, expectItem{tp: tp, vals: vals, pos: a.Pos})
		}
		return e, nil
	case "lost", "kept", "duplicates":
		if len(rest) > 2 {
			return e, errAt(rest[2].Pos, "%q is one too many; expect %s takes a partition and values=(...), such as expect %s t-0 values=(m2)", rest[2].Key, e.what, e.what)
		}
		if len(rest) != 2 || rest[0].Vals != nil || rest[1].Key != "values" || rest[1].Vals == nil {
			return e, errAt(d.Pos, "expect %s takes a partition and values=(...), such as expect %s t-0 values=(m2)", e.what, e.what)
		}
		tp, err := ParseTP(rest[0].Key)
		if err != nil {
			return e, errAt(rest[0].Pos, "%v", err)
		}
		e.tp, e.vals = tp, setValues(rest[1].Vals)
		return e, nil
	case "hw-moves":
		return parseHWMoves(d, e, rest, start)
	}
	return e, errAt(first.Pos, "expect does not state %q; it states %s", e.what, expectSynopsis)
}

// parseHWMoves reads the arguments of expect hw-moves: a partition,
// broker=ID, optionally since=TIME, and values=(from->to, ...) in order.
func parseHWMoves(d Directive, e expectation, rest []Arg, start engine.Time) (expectation, *Error) {
	const example = "expect hw-moves t-0 broker=1 since=00:00:40.000 values=(2->3)"
	if len(rest) == 0 || rest[0].Vals != nil {
		return e, errAt(d.Pos, "expect hw-moves takes a partition, broker=ID, [since=TIME] and values=(...), such as %s", example)
	}
	tp, err := ParseTP(rest[0].Key)
	if err != nil {
		return e, errAt(rest[0].Pos, "%v", err)
	}
	e.tp, e.since, e.vals = tp, start, nil
	var haveBroker, haveValues bool
	for _, a := range rest[1:] {
		if a.Vals == nil {
			return e, errAt(a.Pos, "%q follows the partition; expect hw-moves takes broker=, since= and values=", a.Key)
		}
		switch a.Key {
		case "broker":
			v, err := single(a)
			if err != nil {
				return e, err
			}
			id, perr := parseInt(strings.TrimPrefix(v, "b"), 1, engine.MaxBrokers)
			if perr != nil {
				return e, errAt(a.Pos, "broker: %v", perr)
			}
			e.broker, haveBroker = engine.BrokerID(id), true
		case "since":
			v, err := single(a)
			if err != nil {
				return e, err
			}
			t, perr := parseInstant(v, start)
			if perr != nil {
				return e, errAt(a.Pos, "since: %v", perr)
			}
			e.since = t
		case "values":
			haveValues = true
			for _, v := range a.Vals {
				if v = strings.TrimSpace(v); v == "" || v == "none" {
					continue
				}
				from, to, ok := strings.Cut(strings.ReplaceAll(v, "→", "->"), "->")
				f, err1 := parseInt(strings.TrimSpace(from), 0, 1<<50)
				t, err2 := parseInt(strings.TrimSpace(to), 0, 1<<50)
				if !ok || err1 != nil || err2 != nil {
					return e, errAt(a.Pos, "values: %q is not a move such as 2->3", v)
				}
				e.vals = append(e.vals, moveText(f, t))
			}
		default:
			return e, errAt(a.Pos, "expect hw-moves takes broker=, since= and values=, not %s=", a.Key)
		}
	}
	if !haveBroker || !haveValues {
		return e, errAt(d.Pos, "expect hw-moves needs broker=ID and values=(...), such as %s", example)
	}
	return e, nil
}

// moveText prints a high watermark's move as hw-moves writes it.
func moveText(from, to int64) string {
	return strconv.FormatInt(from, 10) + "->" + strconv.FormatInt(to, 10)
}

// expectExample is a well-formed value for claim what, for messages.
func expectExample(what string) string {
	switch what {
	case "leader":
		return "2"
	case "isr", "elr", "last-known-elr", "replicas":
		return "(1,2)"
	}
	return "3"
}

// expectValues reads and checks the value of one TOPIC-P=VALUE claim:
// a broker id ("b2" or "2"; the leader's kept as b2, the ISR's and ELR's
// as 2) or none, or a whole number (leader-epoch, hw).
func expectValues(what string, a Arg) ([]string, *Error) {
	switch what {
	case "leader":
		v, err := single(a)
		if err != nil {
			return nil, err
		}
		if v == "none" {
			return []string{"none"}, nil
		}
		id, e := parseInt(strings.TrimPrefix(v, "b"), 1, engine.MaxBrokers)
		if e != nil {
			return nil, errAt(a.Pos, "%s: the leader is a broker id or none: %v", a.Key, e)
		}
		return []string{"b" + strconv.FormatInt(id, 10)}, nil
	case "replicas":
		var ids []string
		for _, v := range a.Vals {
			id, e := parseInt(strings.TrimPrefix(strings.TrimSpace(v), "b"), 1, engine.MaxBrokers)
			if e != nil {
				return nil, errAt(a.Pos, "%s: %v", a.Key, e)
			}
			ids = append(ids, strconv.FormatInt(id, 10))
		}
		return ids, nil
	case "isr", "elr", "last-known-elr":
		var ids []string
		for _, v := range setValues(a.Vals) {
			id, e := parseInt(strings.TrimPrefix(v, "b"), 1, engine.MaxBrokers)
			if e != nil {
				return nil, errAt(a.Pos, "%s: %v", a.Key, e)
			}
			ids = append(ids, strconv.FormatInt(id, 10))
		}
		return sortedSet(ids), nil
	}
	v, err := single(a)
	if err != nil {
		return nil, err
	}
	n, e := parseInt(v, 0, 1<<50)
	if e != nil {
		return nil, errAt(a.Pos, "%s: %v", a.Key, e)
	}
	return []string{strconv.FormatInt(n, 10)}, nil
}

// setValues reads a set written (a, b), a, () or none, as a sorted list
// without repeats.
func setValues(vals []string) []string {
	var out []string
	for _, v := range vals {
		if v = strings.TrimSpace(v); v != "" && v != "none" {
			out = append(out, v)
		}
	}
	return sortedSet(out)
}

func sortedSet(vs []string) []string {
	vs = slices.Clone(vs)
	slices.Sort(vs)
	return slices.Compact(vs)
}

// ruleName reports whether s is written like an invariant's name:
// letters and digits, starting with a letter.
func ruleName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// setText prints a set as the claims write it: (a, b), or none.
func setText(vs []string) string {
	if len(vs) == 0 {
		return "none"
	}
	return "(" + strings.Join(vs, ", ") + ")"
}

// compileExpect checks an expect directive's claim for Compile, which
// runs nothing and so drops it; the Runner checks it on its cluster
// ((*Runner).expect, the row's observe).
func compileExpect(s *scene, d Directive) (string, *Error) {
	_, claim, err := checkVariantClaim(s, d)
	if err != nil {
		return "", err
	}
	_, err = parseExpect(claim, s.sc.Config.Start)
	return "", err
}

// NotChecked opens the output of an expect about another run than the
// Runner's: an expect vs="LABEL" outside variant LABEL's run, or one
// without vs= in a variant's.
const NotChecked = "not checked in this run"

// expect runs an expect directive against the cluster now. A claim
// about another run (expect vs="LABEL" in the base or another variant,
// an expect without vs= in a variant) is read and checked for errors,
// and says it is not checked here.
func (r *Runner) expect(d Directive) (string, *Error) {
	label, claim, err := checkVariantClaim(&r.scene, d)
	if err != nil {
		return "", err
	}
	e, err := parseExpect(claim, r.c.Config().Start)
	if err != nil {
		return "", err
	}
	if label != r.Variant {
		if label == "" {
			return NotChecked + ": a claim about the base run (expect without vs=)", nil
		}
		return fmt.Sprintf(NotChecked+": a claim about variant %q", label), nil
	}
	s := r.c.State()
	var fails []string
	if e.what == "hw-moves" {
		if _, ok := s.Partition(e.tp); !ok {
			return "", errAt(d.Pos, "no partition %s", e.tp)
		}
		var got []string
		node := engine.Broker(e.broker)
		r.c.EachEvent(r.c.FirstEvent(), func(ev *engine.Event) bool {
			if ev.Kind == engine.EvHWChanged && ev.Node == node && ev.TP == e.tp && ev.At >= e.since {
				got = append(got, moveText(int64(ev.Offset), int64(ev.End)))
			}
			return true
		})
		if !slices.Equal(got, e.vals) {
			fails = append(fails, fmt.Sprintf("%s's high watermark of %s moved %s since %s, not %s", node, e.tp, setText(got), engine.FormatTime(e.since), setText(e.vals)))
		}
		return claimOutput(fails), nil
	}
	if e.what == "violations" {
		if got := sortedSet(r.violations); !slices.Equal(got, e.vals) {
			fails = append(fails, fmt.Sprintf("the violations so far are %s, not %s", setText(got), setText(e.vals)))
		}
		return claimOutput(fails), nil
	}
	if e.items == nil {
		p, ok := s.Partition(e.tp)
		if !ok {
			return "", errAt(d.Pos, "no partition %s", e.tp)
		}
		got, why := r.claimRecords(s, p, e.what)
		switch {
		case why != "":
			fails = append(fails, why)
		case !slices.Equal(got, e.vals):
			fails = append(fails, fmt.Sprintf("%s's %s records are %s, not %s", e.tp, e.what, setText(got), setText(e.vals)))
		}
		return claimOutput(fails), nil
	}
	return itemClaims(s, e)
}

// itemClaims checks an expect directive's per-partition claims (leader,
// isr, elr, leader-epoch, hw: e.items) against the cluster's state s.
func itemClaims(s engine.State, e expectation) (string, *Error) {
	var fails []string
	for _, it := range e.items {
		p, ok := s.Partition(it.tp)
		if !ok {
			return "", errAt(it.pos, "no partition %s", it.tp)
		}
		var got []string
		name := e.what
		switch e.what {
		case "leader":
			got = []string{"none"}
			if p.Leader != engine.NoLeader {
				got = []string{"b" + strconv.Itoa(int(p.Leader))}
			}
		case "isr", "elr", "last-known-elr":
			ids, names := p.ISR, "ISR"
			switch e.what {
			case "elr":
				ids, names = p.ELR, "ELR"
			case "last-known-elr":
				ids, names = p.LastKnownELR, "LastKnownElr"
			}
			for _, id := range ids {
				got = append(got, strconv.Itoa(int(id)))
			}
			got = sortedSet(got)
			name = names
		case "replicas":
			for _, id := range p.Replicas {
				got = append(got, strconv.Itoa(int(id)))
			}
			name = "replicas"
		case "leader-epoch":
			got = []string{strconv.Itoa(int(p.LeaderEpoch))}
			name = "leader epoch"
		case "hw":
			rep, ok := leaderReplica(s, p)
			if !ok {
				fails = append(fails, fmt.Sprintf("%s has no leader, so no leader's high watermark", it.tp))
				continue
			}
			got = []string{strconv.FormatInt(int64(rep.HW), 10)}
			name = "leader's high watermark"
		}
		if slices.Equal(got, it.vals) {
			continue
		}
		g, w := strings.Join(got, ""), strings.Join(it.vals, "")
		switch e.what {
		case "isr", "elr", "last-known-elr":
			g, w = setText(got), setText(it.vals)
		case "replicas":
			g, w = strings.Join(got, ","), strings.Join(it.vals, ",")
		}
		fails = append(fails, fmt.Sprintf("%s's %s is %s, not %s", it.tp, name, g, w))
	}
	return claimOutput(fails), nil
}

// claimOutput is an expect directive's output: ok, or each failure.
func claimOutput(fails []string) string {
	if len(fails) == 0 {
		return "ok"
	}
	return "claim failed: " + strings.Join(fails, "; claim failed: ")
}

// leaderReplica is the replica of p on its leader, and false when p has
// no leader.
func leaderReplica(s engine.State, p engine.PartitionState) (engine.ReplicaState, bool) {
	if p.Leader == engine.NoLeader {
		return engine.ReplicaState{}, false
	}
	return s.Replica(p.Leader, p.TP)
}

// claimRecords answers a lost, kept or duplicates claim about p: the sorted
// values, or why the claim cannot be judged (p has no leader). Lost and
// kept split the records that were ever committed (below a leader's high
// watermark) or acknowledged to a producer with acks=1 or all by whether
// the leader's log holds the same record at the same offset
// (engine.SameRecord), as CommittedDurability and AcknowledgedWriteLost
// judge them.
func (r *Runner) claimRecords(s engine.State, p engine.PartitionState, what string) ([]string, string) {
	leader, ok := leaderReplica(s, p)
	if !ok {
		return nil, fmt.Sprintf("%s has no leader, so no leader's log to look in (state it with expect leader %s=none)", p.TP, p.TP)
	}
	if what == "duplicates" {
		seen := map[string]int{}
		var dup []string
		for _, rec := range leader.Log {
			if seen[rec.Value]++; seen[rec.Value] == 2 {
				dup = append(dup, rec.Value)
			}
		}
		return sortedSet(dup), ""
	}
	committed, acked := r.c.Durability(p.TP)
	var lost, kept []string
	for _, rec := range append(committed, acked...) {
		o := rec.Offset
		if o >= leader.LogStart && o < leader.LEO && engine.SameRecord(leader.Log[o-leader.LogStart], rec) {
			kept = append(kept, rec.Value)
		} else {
			lost = append(lost, rec.Value)
		}
	}
	if what == "lost" {
		return sortedSet(lost), ""
	}
	return sortedSet(kept), ""
}
