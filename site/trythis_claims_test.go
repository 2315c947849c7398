package site

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/scenarios"
)

// This file holds the "Try this" suggestions to their words: a label says
// something of the cluster ("broker 2, the new leader", "before the
// controller fences it"), and the page must offer it only while that is
// true. The label rules below read what a label says and judge it on the
// cluster directly, apart from the claims the suggestion declares (its
// while=), so that a wrong or missing claim fails here.

// labelRule is one thing a label can say: Match finds it, Check judges it
// on the cluster at the playhead (m is Match's submatches; labelCase.cmd
// is the suggestion's command, nil for the generic ones' produce).
type labelRule struct {
	Match *regexp.Regexp
	Check func(c labelCase, m []string) bool
}

// labelCase is a suggestion offered at one moment: the cluster then.
type labelCase struct {
	st   engine.State
	nf   NetFaults
	part engine.PartitionState
	cmd  engine.Command
	// violations counts the broken guarantees in the log so far.
	violations int
}

func brokerArg(s string) engine.BrokerID {
	n, _ := strconv.Atoi(s)
	return engine.BrokerID(n)
}

func (c labelCase) alive(b engine.BrokerID) bool {
	for _, x := range c.st.Brokers {
		if x.ID == b {
			return x.Alive
		}
	}
	return false
}

func (c labelCase) fenced(b engine.BrokerID) bool {
	for _, x := range c.st.Brokers {
		if x.ID == b {
			return x.Reg.Fenced
		}
	}
	return false
}

// leads says b leads the first partition, or the one named, and runs.
func (c labelCase) leads(b engine.BrokerID, tp string) bool {
	p := c.part
	if tp != "" {
		t, err := script.ParseTP(tp)
		if err != nil {
			return false
		}
		p, _ = c.st.Partition(t)
	}
	return p.Leader == b && c.alive(b)
}

// cmdBroker is the broker the suggestion's command acts on: a crash,
// restart, shutdown or produce to broker=.
func (c labelCase) cmdBroker() engine.BrokerID {
	switch x := c.cmd.(type) {
	case engine.Crash:
		return x.Broker
	case engine.Restart:
		return x.Broker
	case engine.Shutdown:
		return x.Broker
	}
	return 0
}

// othersDown counts the replicas of the first partition other than b
// that are down.
func (c labelCase) othersDown(b engine.BrokerID) int {
	n := 0
	for _, r := range c.part.Replicas {
		if r != b && !c.alive(r) {
			n++
		}
	}
	return n
}

// labelRules are what the presets' and the generic suggestions' labels say.
var labelRules = []labelRule{
	// "Restart broker 1 before the controller fences it", "... before it
	// is fenced", "... before the controller notices": its session has
	// not run out.
	{regexp.MustCompile(`before (the controller fences it|it is fenced|the controller notices)`), func(c labelCase, _ []string) bool {
		return !c.fenced(c.cmdBroker())
	}},
	{regexp.MustCompile(`broker (\d+), the (new )?leader(, too)?$`), func(c labelCase, m []string) bool { return c.leads(brokerArg(m[1]), "") }},
	{regexp.MustCompile(`broker (\d+), the leader of (\S+)`), func(c labelCase, m []string) bool { return c.leads(brokerArg(m[1]), m[2]) }},
	{regexp.MustCompile(`the leader, broker (\d+)`), func(c labelCase, m []string) bool { return c.leads(brokerArg(m[1]), "") }},
	{regexp.MustCompile(`Crash the leader \(broker (\d+)\)`), func(c labelCase, m []string) bool { return c.leads(brokerArg(m[1]), "") }},
	// "Crash broker 2, a follower": it runs, and another broker leads
	// (a follower of a crashed leader still is one, its fetches failing
	// until the controller elects another).
	{regexp.MustCompile(`broker (\d+), a follower`), func(c labelCase, m []string) bool {
		b := brokerArg(m[1])
		return c.alive(b) && slices.Contains(c.part.Replicas, b) && c.part.Leader != b && c.part.Leader != engine.NoLeader
	}},
	// "Crash broker 2 between two fetches": it is fetching, a follower.
	{regexp.MustCompile(`broker (\d+) between two fetches`), func(c labelCase, m []string) bool {
		b := brokerArg(m[1])
		return c.alive(b) && c.part.Leader != b && c.part.Leader != engine.NoLeader
	}},
	// "Crash broker 2: which leaderships move?": it leads some partition.
	{regexp.MustCompile(`broker (\d+): which leaderships move`), func(c labelCase, m []string) bool {
		b := brokerArg(m[1])
		return slices.ContainsFunc(c.st.Partitions, func(p engine.PartitionState) bool { return p.Leader == b })
	}},
	{regexp.MustCompile(`before broker (\d+) leaves the ISR`), func(c labelCase, m []string) bool { return slices.Contains(c.part.ISR, brokerArg(m[1])) }},
	{regexp.MustCompile(`before it shrinks the ISR`), func(c labelCase, _ []string) bool { return len(c.part.ISR) == len(c.part.Replicas) }},
	{regexp.MustCompile(`on ISR ([\d,]+)`), func(c labelCase, m []string) bool {
		var want []engine.BrokerID
		for _, f := range strings.Split(m[1], ",") {
			want = append(want, brokerArg(f))
		}
		got := slices.Clone(c.part.ISR)
		slices.Sort(got)
		return slices.Equal(got, want)
	}},
	// "Send w4 with acks=all while the followers are cut off": the leader
	// runs and reaches none of its followers.
	{regexp.MustCompile(`while the followers are cut off`), func(c labelCase, _ []string) bool {
		l := c.part.Leader
		if l == engine.NoLeader || !c.alive(l) {
			return false
		}
		for _, r := range c.part.Replicas {
			if r != l && !c.nf.Cut(engine.Broker(l), engine.Broker(r)) {
				return false
			}
		}
		return true
	}},
	// "Heal the link ...": a link is cut (between the brokers it names).
	{regexp.MustCompile(`Heal the link between brokers (\d+) and (\d+)`), func(c labelCase, m []string) bool {
		return c.nf.Cut(engine.Broker(brokerArg(m[1])), engine.Broker(brokerArg(m[2])))
	}},
	{regexp.MustCompile(`Heal the link before`), func(c labelCase, _ []string) bool {
		for _, a := range c.part.Replicas {
			for _, b := range c.part.Replicas {
				if a < b && c.nf.Cut(engine.Broker(a), engine.Broker(b)) {
					return true
				}
			}
		}
		return false
	}},
	// "Slow broker 3's link to the leader (again)": the slow command's
	// other end leads.
	{regexp.MustCompile(`link to the leader`), func(c labelCase, _ []string) bool {
		s, ok := c.cmd.(engine.Slow)
		if !ok {
			return false
		}
		for _, n := range []engine.NodeID{s.A, s.B} {
			if n.Kind == engine.NodeBroker && c.leads(engine.BrokerID(n.ID), "") {
				return true
			}
		}
		return false
	}},
	{regexp.MustCompile(`it is not in the ELR`), func(c labelCase, _ []string) bool { return !slices.Contains(c.part.ELR, c.cmdBroker()) }},
	// "Restart broker 2 instead": another broker is down, the other
	// choice.
	{regexp.MustCompile(`instead`), func(c labelCase, _ []string) bool { return c.othersDown(c.cmdBroker()) > 0 }},
	// "Restart broker 1, the last replica standing": no other broker is
	// in the ISR.
	{regexp.MustCompile(`broker (\d+), the last replica standing`), func(c labelCase, m []string) bool {
		b := brokerArg(m[1])
		return !slices.ContainsFunc(c.part.ISR, func(r engine.BrokerID) bool { return r != b })
	}},
	// "Restart broker 2: two in sync again": one other replica runs.
	{regexp.MustCompile(`broker (\d+): two in sync again`), func(c labelCase, m []string) bool {
		b := brokerArg(m[1])
		return len(c.part.Replicas)-1-c.othersDown(b) == 1
	}},
	// "Give broker 1 its leadership back now": a preferred election
	// would move it, the first replica, from another broker back to it.
	{regexp.MustCompile(`its leadership back`), func(c labelCase, _ []string) bool {
		if _, ok := c.cmd.(engine.ElectLeaders); !ok || len(c.part.Replicas) == 0 {
			return false
		}
		pref := c.part.Replicas[0]
		return c.part.Leader != pref && c.alive(pref) && slices.Contains(c.part.ISR, pref)
	}},
	{regexp.MustCompile(`unclean election now`), func(c labelCase, _ []string) bool { return c.part.Leader == engine.NoLeader }},
	// "Restart broker 2 before second is written": no replica has it.
	{regexp.MustCompile(`before (\S+) is written`), func(c labelCase, m []string) bool {
		for _, r := range c.part.Replicas {
			if rep, ok := c.st.Replica(r, c.part.TP); ok && slices.ContainsFunc(rep.Log, func(x engine.Record) bool { return x.Value == m[1] }) {
				return false
			}
		}
		return true
	}},
	{regexp.MustCompile(`first: nothing is lost`), func(c labelCase, _ []string) bool { return c.violations == 0 }},
	// "Crash broker 2 too" (another replica is down or cut off from the
	// leader), "Shut down broker 2 next" (another is down).
	{regexp.MustCompile(`\btoo\b`), func(c labelCase, _ []string) bool {
		b := c.cmdBroker()
		if c.othersDown(b) > 0 {
			return true
		}
		for _, r := range c.part.Replicas {
			if r != b && r != c.part.Leader && c.nf.Cut(engine.Broker(c.part.Leader), engine.Broker(r)) {
				return true
			}
		}
		return false
	}},
	{regexp.MustCompile(`\bnext\b`), func(c labelCase, _ []string) bool { return c.othersDown(c.cmdBroker()) > 0 }},
	// The generic suggestions (TryThis).
	{regexp.MustCompile(`^Cut broker (\d+) off from the leader$`), func(c labelCase, m []string) bool {
		b, l := brokerArg(m[1]), c.part.Leader
		return c.alive(b) && c.alive(l) && l != b && !c.nf.Cut(engine.Broker(l), engine.Broker(b))
	}},
	{regexp.MustCompile(`^Produce with acks=1, then crash the leader$`), func(c labelCase, _ []string) bool {
		return c.part.Leader != engine.NoLeader && c.alive(c.part.Leader)
	}},
}

// claimWords are words by which a label says something that can stop
// being true; a label with one must match a label rule.
var claimWords = regexp.MustCompile(`(?i)\b(before|while|leader|leaders|leaderships?|follower|isr|elr|in sync|now|first|instead|last|too|next|between)\b`)

// checkLabels judges every suggestion s offers at its playhead by the
// label rules; where says how the page got there, for the failures.
func checkLabels(t *testing.T, s *Store, preset, where string, seen map[string]bool) {
	t.Helper()
	st := s.Player.State()
	part, _ := FirstPartition(st)
	c := labelCase{st: st, nf: s.NetFaults(), part: part, violations: len(Violations(s.Player.Events(0)))}
	for _, sg := range s.Suggestions() {
		c.cmd = nil
		if len(sg.Actions) == 1 {
			if a, ok := sg.Actions[0].(Act); ok {
				c.cmd = a.Cmd
			}
		}
		matched := false
		for _, r := range labelRules {
			m := r.Match.FindStringSubmatch(sg.Label)
			if m == nil {
				continue
			}
			matched = true
			if !r.Check(c, m) {
				t.Errorf("%s %s: %q is offered, but what it says is not true (%s; leader %d, ISR %v, ELR %v)",
					preset, where, sg.Label, r.Match, part.Leader, part.ISR, part.ELR)
			}
		}
		if !matched && claimWords.MatchString(sg.Label) && !seen[sg.Label] {
			seen[sg.Label] = true
			t.Errorf("%s: %q says something that can stop being true (%q), which no label rule checks: add one, and a while= to its try",
				preset, sg.Label, claimWords.FindString(sg.Label))
		}
	}
}

// interesting says an event may change what a label says: anything worth
// a moment (a fault, a fence, an election, an ISR change) or an append.
func interesting(k engine.EventKind) bool {
	return worthMoment(k, false) || k == engine.EvAppended || k == engine.EvViolation
}

// walkSuggestions steps s from its playhead to until, judging the
// suggestions after every event that may change what they say.
func walkSuggestions(t *testing.T, s *Store, preset, what string, until engine.Time, seen map[string]bool) {
	t.Helper()
	checkLabels(t, s, preset, what+" at "+engine.FormatTime(s.Player.Now()), seen)
	for s.Player.Now() <= until {
		from := s.Player.EventCount()
		if !s.Player.StepOne() {
			return
		}
		for _, e := range s.Player.Events(from) {
			if interesting(e.Kind) {
				checkLabels(t, s, preset, what+" at "+engine.FormatTime(s.Player.Now()), seen)
				break
			}
		}
	}
}

// TestSuggestionsSayWhatIsTrue walks every preset's run, from its start
// to a minute past its last moment, and judges every suggestion the page
// offers after each fault, fence, election, ISR change or append by what
// its label says (labelRules). Then, from each moment a try of the
// scenario comes, it does each suggestion offered there, as a reader
// would, and walks the next 30 s the same way: the reader's own action
// must not leave a label behind either (crashing broker 2 ends "Send m3
// to broker 2, the new leader").
func TestSuggestionsSayWhatIsTrue(t *testing.T) {
	for _, p := range scenarios.All() {
		s := OpenStartup(ParseStartup("", "?preset="+p.Name), false)
		if s.Err != "" {
			t.Fatalf("%s: %s", p.Name, s.Err)
		}
		s.Playing = false
		sc := s.Player.Scenario()
		seen := map[string]bool{}
		end := s.Player.lastMoment + 60_000
		s.Player.Seek(sc.Config.Start)
		walkSuggestions(t, s, p.Name, "played", end, seen)
		var moments []engine.Time
		for _, tr := range sc.Tries {
			moments = append(moments, tr.At)
		}
		slices.Sort(moments)
		for _, at := range slices.Compact(moments) {
			base := presetAtTry(t, p.Name, at)
			for _, sg := range base.Suggestions() {
				r := presetAtTry(t, p.Name, at)
				Try(r, sg)
				walkSuggestions(t, r, p.Name, "after “"+sg.Label+"”", r.Player.Now()+30_000, seen)
			}
		}
	}
}

// TestAcks1LossRestartOnlyBeforeTheFence is the learner's case: lesson 8
// offers "Restart broker 1 before the controller fences it" from the
// crash at 10 s, and no longer once the controller has fenced broker 1
// at 19 s, where the broker's box says "fenced".
func TestAcks1LossRestartOnlyBeforeTheFence(t *testing.T) {
	const label = "Restart broker 1 before the controller fences it"
	offered := func(at engine.Time) bool {
		s := presetAtTry(t, "acks1-loss", at)
		return slices.ContainsFunc(s.Suggestions(), func(sg Suggestion) bool { return sg.Label == label })
	}
	if !offered(10_000) || !offered(18_999) {
		t.Errorf("%q is not offered between the crash (10 s) and the fence (19 s)", label)
	}
	s := presetAtTry(t, "acks1-loss", 19_000)
	if !brokerFenced(s.Player.State(), 1) {
		t.Fatal("broker 1 is not fenced at 19 s: the test shows nothing")
	}
	if offered(19_000) || offered(30_000) {
		t.Errorf("%q is offered once broker 1 is fenced", label)
	}
}

func brokerFenced(st engine.State, id engine.BrokerID) bool {
	for _, b := range st.Brokers {
		if b.ID == id {
			return b.Reg.Fenced
		}
	}
	return false
}

// TestClaimHolds judges each kind of claim on lesson 8 at 19 s: broker 1
// crashed and fenced, broker 2 leads in epoch 1 with ISR 2,3, m2 only on
// broker 1's log, no network damage.
func TestClaimHolds(t *testing.T) {
	s := presetAtTry(t, "acks1-loss", 19_000)
	st, nf := s.Player.State(), s.NetFaults()
	tp := engine.TopicPartition{Topic: "t"}
	for _, c := range []struct {
		claim script.TryClaim
		want  bool
	}{
		{script.TryClaim{What: "down", Broker: 1}, true},
		{script.TryClaim{What: "up", Broker: 1}, false},
		{script.TryClaim{What: "up", Broker: 2}, true},
		{script.TryClaim{What: "fenced", Broker: 1}, true},
		{script.TryClaim{What: "unfenced", Broker: 1}, false},
		{script.TryClaim{What: "unfenced", Broker: 2}, true},
		{script.TryClaim{What: "leads", Broker: 2}, true},
		{script.TryClaim{What: "leads", Broker: 2, TP: tp, HasTP: true}, true},
		{script.TryClaim{What: "leads", Broker: 2, TP: engine.TopicPartition{Topic: "u"}, HasTP: true}, false},
		{script.TryClaim{What: "leads", Broker: 1}, false},
		{script.TryClaim{What: "follows", Broker: 3}, true},
		{script.TryClaim{What: "follows", Broker: 1}, false}, // down
		{script.TryClaim{What: "follows", Broker: 2}, false}, // leads
		{script.TryClaim{What: "in isr", Broker: 3}, true},
		{script.TryClaim{What: "in isr", Broker: 1}, false},
		{script.TryClaim{What: "not in isr", Broker: 1}, true},
		{script.TryClaim{What: "in elr", Broker: 1}, false},
		{script.TryClaim{What: "not in elr", Broker: 1}, true},
		{script.TryClaim{What: "has", Broker: 1, Value: "m2"}, true},
		{script.TryClaim{What: "lacks", Broker: 2, Value: "m2"}, true},
		{script.TryClaim{What: "has", Broker: 2, Value: "m2"}, false},
		{script.TryClaim{What: "cut from", Broker: 1, Other: 2}, false},
		{script.TryClaim{What: "reaches", Broker: 1, Other: 2}, true},
		{script.TryClaim{What: "no leader"}, false},
		{script.TryClaim{What: "asleep", Broker: 1}, false},
	} {
		if got := ClaimHolds(st, nf, c.claim); got != c.want {
			t.Errorf("%+v: %v, want %v", c.claim, got, c.want)
		}
	}
	// A cut, and a partition with no leader.
	s.Dispatch(Act{Cmd: engine.Cut{A: engine.Broker(2), B: engine.Broker(3)}})
	if nf := s.NetFaults(); !ClaimHolds(s.Player.State(), nf, script.TryClaim{What: "cut from", Broker: 3, Other: 2}) ||
		ClaimHolds(s.Player.State(), nf, script.TryClaim{What: "reaches", Broker: 2, Other: 3}) {
		t.Error("after cut 2 3: brokers 2 and 3 still reach each other")
	}
	j := presetAtTry(t, "jepsen-2013", 15_000)
	if !ClaimHolds(j.Player.State(), j.NetFaults(), script.TryClaim{What: "no leader"}) {
		t.Error("jepsen-2013 at 15 s: the partition has a leader, want none (Leader: none)")
	}
}
