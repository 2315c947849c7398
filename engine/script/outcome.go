package script

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"kplay/engine"
)

// An Outcome is what one run of a script left, for comparing a script's
// runs (its base and the variants its vs lines name): each record's fate
// and each partition's leader, leader epoch, ISR, high watermark and broken guarantees (violations),
// each with the moments it changed, read from the run's event log. kplay
// run prints the differences of a script's outcomes (Differences).
//
// A record is named by its partition and value, as expect lost and kept
// name it; records of one partition with the same value share a name.
// Its fate is what its producer was told and where the record ended:
//
//	sent, no answer yet                     the producer is still waiting
//	acknowledged                            acks=1 or all: the producer was told it is written (ProduceResponse without error)
//	sent without waiting (acks=0)           acks=0: the producer never waits for an answer (ProducerConfig acks)
//	refused: NOT_ENOUGH_REPLICAS            the producer gave up on it with this error from the broker (its last answer)
//	failed: TimeoutException                the producer gave up on it by itself (delivery.timeout.ms passed)
//	acknowledged, then lost                 acknowledged (or committed) and then not on the leader: the engine's AcknowledgedWriteLost or CommittedDurability violation
//	..., not on the leader                  never acknowledged, and not in the leader's log at the end (not said of a refused record: the refusal says it)
//	..., duplicated                         on the leader's log more than once (a retry without idempotence)
type Outcome struct {
	// End is the run's last moment.
	End     engine.Time
	records []life
	parts   []life
}

// life is one subject's value over a run: each change, in time order.
type life struct {
	// Name is the subject as the differences table names it: "t-0 m2",
	// "t-0 leader".
	Name    string
	changes []change
}

// change is a subject's value from At on.
type change struct {
	At    engine.Time
	Value string
}

// set records the subject's value v from t on (a value equal to the last
// is no change).
func (l *life) set(t engine.Time, v string) {
	if n := len(l.changes); n > 0 && l.changes[n-1].Value == v {
		return
	}
	l.changes = append(l.changes, change{t, v})
}

// suffixFrom adds suffix to the subject's value from t on, however it
// changes after t.
func (l *life) suffixFrom(t engine.Time, suffix string) {
	i := 0
	for i < len(l.changes) && l.changes[i].At <= t {
		i++
	}
	out := append(slices.Clone(l.changes[:i]), change{t, l.at(t) + suffix})
	for _, c := range l.changes[i:] {
		out = append(out, change{c.At, c.Value + suffix})
	}
	if i > 0 && l.changes[i-1].At == t {
		out = append(out[:i-1], out[i:]...) // the value at t is the suffixed one
	}
	l.changes = out
}

// at is the subject's value at the end of moment t ("" before its first
// change).
func (l *life) at(t engine.Time) string {
	v := ""
	for _, c := range l.changes {
		if c.At > t {
			break
		}
		v = c.Value
	}
	return v
}

// last is the subject's value at the end of the run.
func (l *life) last() string {
	if len(l.changes) == 0 {
		return ""
	}
	return l.changes[len(l.changes)-1].Value
}

// The fates of a record (Outcome).
const (
	fateSent     = "sent, no answer yet"
	fateAcked    = "acknowledged"
	fateAcksZero = "sent without waiting (acks=0)"
	fateRefused  = "refused: "
	fateLost     = "acknowledged, then lost"
	notOnLeader  = ", not on the leader"
	duplicated   = ", duplicated"
)

// sendKey is one producer's sends to one partition, in order.
type sendKey struct {
	tp       engine.TopicPartition
	producer int32
}

// pending is one record a producer sent, and whether its batch has had
// its final answer.
type pending struct {
	rec      int // index in Outcome.records
	answered bool
}

// sendQueue is one producer's records to one partition in send order;
// first is the first not yet answered (answers come nearly in order, so
// finding a batch's first record costs little).
type sendQueue struct {
	items []pending
	first int
}

// OutcomeOf reads the outcome of a run of scenario sc (its Compile, or
// its variant's) on cluster c, played up to c.Now(): sc names the
// records each produce sends, the event log says what became of them.
// It changes nothing; its cost is one pass over the event log and one
// over each partition leader's log.
func OutcomeOf(sc Scenario, c *engine.Cluster) Outcome {
	o := Outcome{End: c.Now()}
	index := map[string]int{}
	queues := map[sendKey]*sendQueue{}
	for _, st := range sc.Steps {
		p, ok := st.Cmd.(engine.Produce)
		if !ok || st.At > o.End {
			continue
		}
		k := sendKey{p.TP, max(p.Producer, 1)}
		for _, v := range p.Values {
			name := p.TP.String() + " " + v
			i, seen := index[name]
			if !seen {
				i = len(o.records)
				index[name] = i
				o.records = append(o.records, life{Name: name})
			}
			o.records[i].set(st.At, fateSent)
			if queues[k] == nil {
				queues[k] = &sendQueue{}
			}
			queues[k].items = append(queues[k].items, pending{rec: i})
		}
	}
	// answer gives the batch of count records that starts with value the
	// fate f at t: the producer's first sends not yet answered.
	answer := func(e *engine.Event, f string) {
		q := queues[sendKey{e.TP, e.Node.ID}]
		if q == nil {
			return
		}
		rec, ok := index[e.TP.String()+" "+e.Value]
		if !ok {
			return
		}
		i := q.first
		for i < len(q.items) && (q.items[i].answered || q.items[i].rec != rec) {
			i++
		}
		for n := 0; i < len(q.items) && n < max(e.Count, 1); i, n = i+1, n+1 {
			q.items[i].answered = true
			o.records[q.items[i].rec].set(e.At, f)
		}
		for q.first < len(q.items) && q.items[q.first].answered {
			q.first++
		}
	}
	parts := map[engine.TopicPartition]*partLife{}
	var order []engine.TopicPartition
	c.EachEvent(c.FirstEvent(), func(e *engine.Event) bool {
		switch e.Kind {
		case engine.EvProduceAcked:
			if e.Offset < 0 {
				answer(e, fateAcksZero)
			} else {
				answer(e, fateAcked)
			}
		case engine.EvProduceFailed:
			if e.Err != engine.ErrNone {
				answer(e, fateRefused+e.Err.String())
				break
			}
			why, _, _ := strings.Cut(e.Text, ":")
			answer(e, "failed: "+why)
		case engine.EvViolation, engine.EvLeaderElected, engine.EvISRChanged, engine.EvHWChanged:
			if e.Kind == engine.EvViolation {
				if i, ok := index[e.TP.String()+" "+e.Value]; ok && lossRule(e.Text) {
					o.records[i].set(e.At, fateLost)
				}
				if e.TP == (engine.TopicPartition{}) {
					break
				}
			}
			pl := parts[e.TP]
			if pl == nil {
				pl = newPartLife(e.TP)
				parts[e.TP] = pl
				order = append(order, e.TP)
			}
			pl.feed(e)
		}
		return true
	})
	o.finishRecords(c, index)
	for _, tp := range order {
		o.parts = append(o.parts, parts[tp].lives[:]...)
	}
	return o
}

// lossRule says a violation's text is a lost record's:
// AcknowledgedWriteLost or CommittedDurability.
func lossRule(text string) bool {
	return strings.HasPrefix(text, "AcknowledgedWriteLost:") || strings.HasPrefix(text, "CommittedDurability:")
}

// finishRecords adds what the leaders' logs say at the end: a record
// never acknowledged that is not on its partition's leader, and a record
// on a leader's log more than once (markDuplicates). A partition without
// a leader at the end has no log to judge its records by, as expect lost
// has none.
func (o *Outcome) finishRecords(c *engine.Cluster, index map[string]int) {
	s := c.State()
	var seconds []second
	onLeader, led := map[string]bool{}, map[string]bool{}
	for _, p := range s.Partitions {
		leader, ok := leaderReplica(s, p)
		if !ok {
			continue
		}
		led[p.TP.String()] = true
		count := map[string]int{}
		for _, rec := range leader.Log {
			count[rec.Value]++
			name := p.TP.String() + " " + rec.Value
			onLeader[name] = true
			if i, known := index[name]; known && count[rec.Value] == 2 {
				seconds = append(seconds, second{i, rec, p.TP})
			}
		}
	}
	o.markDuplicates(c, seconds)
	for i := range o.records {
		l := &o.records[i]
		tp, _, _ := strings.Cut(l.Name, " ")
		if !led[tp] || onLeader[l.Name] || l.last() == fateLost || strings.HasSuffix(l.last(), notOnLeader) {
			continue
		}
		if refusedUnwritten(l.last()) {
			continue
		}
		if l.last() == fateAcked { // lost without a violation event: say so at the end
			l.set(o.End, fateLost)
			continue
		}
		l.set(o.End, l.last()+notOnLeader)
	}
}

// refusedUnwritten says a record's fate is a refusal the broker gives
// before it appends anything, so that the record's absence from the
// leader says nothing the refusal did not: NOT_ENOUGH_REPLICAS
// (Partition.appendRecordsToLeader checks the ISR against
// min.insync.replicas before the append) and NOT_LEADER_OR_FOLLOWER (a
// broker that does not lead the partition appends nothing). A
// REQUEST_TIMED_OUT or NOT_ENOUGH_REPLICAS_AFTER_APPEND comes after the
// append, and the leader may or may not keep the record.
func refusedUnwritten(fate string) bool {
	return fate == fateRefused+"NOT_ENOUGH_REPLICAS" || fate == fateRefused+"NOT_LEADER_OR_FOLLOWER"
}

// second is the second copy of a record on its partition's leader: the
// record's index in Outcome.records, the copy, and its partition.
type second struct {
	rec  int
	copy engine.Record
	tp   engine.TopicPartition
}

// markDuplicates marks each record with a second copy on its leader as
// duplicated, from the moment that copy was first appended to any
// replica (its offset, in its leader epoch), or the end if the event log
// no longer holds it: one pass over the event log, each append looking
// up the copies in its range by binary search.
func (o *Outcome) markDuplicates(c *engine.Cluster, seconds []second) {
	if len(seconds) == 0 {
		return
	}
	type group struct {
		tp    engine.TopicPartition
		epoch engine.Epoch
	}
	byGroup := map[group][]int{} // indexes into seconds, by offset
	for k, sc := range seconds {
		g := group{sc.tp, sc.copy.LeaderEpoch}
		byGroup[g] = append(byGroup[g], k)
	}
	for _, ks := range byGroup {
		slices.SortFunc(ks, func(a, b int) int { return cmp.Compare(seconds[a].copy.Offset, seconds[b].copy.Offset) })
	}
	at := make([]engine.Time, len(seconds))
	seen := make([]bool, len(seconds))
	c.EachEvent(c.FirstEvent(), func(e *engine.Event) bool {
		if e.Kind != engine.EvAppended {
			return true
		}
		ks := byGroup[group{e.TP, e.Epoch}]
		i, _ := slices.BinarySearchFunc(ks, e.Offset, func(k int, off engine.Offset) int { return cmp.Compare(seconds[k].copy.Offset, off) })
		for ; i < len(ks) && seconds[ks[i]].copy.Offset < e.End; i++ {
			if !seen[ks[i]] {
				seen[ks[i]], at[ks[i]] = true, e.At
			}
		}
		return true
	})
	for k, sc := range seconds {
		if !seen[k] {
			at[k] = o.End
		}
		o.records[sc.rec].suffixFrom(at[k], duplicated)
	}
}

// partLife follows one partition: its leader, leader epoch and ISR as
// the controller elects and changes them, its high watermark, the
// leader replica's (each broker's HW is followed, as a new leader brings
// its own), and the guarantees broken on it: the rules of the engine's
// violations (engine/invariants.go) seen so far, in the order first seen
// ("LogMatching", "AcknowledgedWriteLost, CommittedDurability"), so that
// two runs whose records and leaders end alike but whose replicas' logs
// diverged in one (KIP-279's LogMatching) still differ.
type partLife struct {
	leader engine.NodeID
	hw     map[engine.NodeID]engine.Offset
	rules  []string
	// lives are the leader, leader epoch, ISR, HW and violations.
	lives [5]life
}

func newPartLife(tp engine.TopicPartition) *partLife {
	pl := &partLife{hw: map[engine.NodeID]engine.Offset{}}
	for i, what := range [5]string{"leader", "leader epoch", "ISR", "HW", "violations"} {
		pl.lives[i].Name = tp.String() + " " + what
	}
	return pl
}

// feed takes a controller or HW event of the partition.
func (pl *partLife) feed(e *engine.Event) {
	switch e.Kind {
	case engine.EvLeaderElected:
		pl.leader = e.Peer
		leader := "none"
		if e.Peer != (engine.NodeID{}) {
			leader = e.Peer.String()
		}
		pl.lives[0].set(e.At, leader)
		pl.lives[1].set(e.At, fmt.Sprint(e.Epoch))
		pl.lives[2].set(e.At, isrText(e.ISR))
	case engine.EvISRChanged:
		pl.lives[1].set(e.At, fmt.Sprint(e.Epoch))
		pl.lives[2].set(e.At, isrText(e.ISR))
	case engine.EvHWChanged:
		pl.hw[e.Node] = e.End
	case engine.EvViolation:
		rule, _, _ := strings.Cut(e.Text, ":")
		if !slices.Contains(pl.rules, rule) {
			pl.rules = append(pl.rules, rule)
			pl.lives[4].set(e.At, strings.Join(pl.rules, ", "))
		}
		return
	}
	if pl.leader == (engine.NodeID{}) {
		pl.lives[3].set(e.At, "none")
		return
	}
	pl.lives[3].set(e.At, fmt.Sprint(pl.hw[pl.leader]))
}

// isrText prints an ISR as state does: "1,2,3", or "none".
func isrText(isr []engine.BrokerID) string {
	if len(isr) == 0 {
		return "none"
	}
	parts := make([]string, len(isr))
	for i, b := range isr {
		parts[i] = fmt.Sprint(b)
	}
	return strings.Join(parts, ",")
}

// At returns subject name's value at the end of moment t in the run
// ("t-0 m2" a record's fate, "t-0 leader" a partition's value, as
// Difference.Subject names them): "" before its first change, or for a
// subject the run never had. The page marks each run's diagram with what
// a difference is at the playhead, not only at the run's end. Its cost is
// one pass over the run's subjects.
func (o Outcome) At(name string, t engine.Time) string {
	for _, ls := range [2][]life{o.records, o.parts} {
		for i := range ls {
			if ls[i].Name == name {
				return ls[i].at(t)
			}
		}
	}
	return ""
}

// Difference is one subject whose end differs between runs: a record's
// fate, or a partition's leader, leader epoch, ISR, HW or violations.
type Difference struct {
	// Subject names it: "t-0 m2", "t-0 leader".
	Subject string
	// At is the first moment at whose end the runs' values differ.
	At engine.Time
	// Values are its value at the end of each run, in the order of the
	// outcomes compared ("" where a run never had it).
	Values []string
}

// Differences compares the outcomes of runs of one script: every record
// and partition value whose end differs between any two of them, with
// the first moment they differed; records first, in the order the
// script sends them, then partitions in the order they were created.
func Differences(outs []Outcome) []Difference {
	var diffs []Difference
	for _, kind := range [2]func(Outcome) []life{
		func(o Outcome) []life { return o.records },
		func(o Outcome) []life { return o.parts },
	} {
		var names []string
		lives := map[string][]*life{}
		for r, o := range outs {
			for i, l := range kind(o) {
				if lives[l.Name] == nil {
					names = append(names, l.Name)
					lives[l.Name] = make([]*life, len(outs))
				}
				lives[l.Name][r] = &kind(o)[i]
			}
		}
		for _, name := range names {
			if d, ok := differ(name, lives[name]); ok {
				diffs = append(diffs, d)
			}
		}
	}
	return diffs
}

// differ compares one subject's lives in each run (nil where a run
// never had it).
func differ(name string, ls []*life) (Difference, bool) {
	d := Difference{Subject: name, Values: make([]string, len(ls))}
	var times []engine.Time
	for i, l := range ls {
		if l == nil {
			continue
		}
		d.Values[i] = l.last()
		for _, c := range l.changes {
			times = append(times, c.At)
		}
	}
	if !slices.ContainsFunc(d.Values, func(v string) bool { return v != d.Values[0] }) {
		return d, false
	}
	slices.Sort(times)
	for _, t := range times {
		first := valueAt(ls[0], t)
		for _, l := range ls[1:] {
			if valueAt(l, t) != first {
				d.At = t
				return d, true
			}
		}
	}
	d.At = times[len(times)-1]
	return d, true
}

func valueAt(l *life, t engine.Time) string {
	if l == nil {
		return ""
	}
	return l.at(t)
}
