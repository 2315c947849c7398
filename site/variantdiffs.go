package site

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"kplay/engine"
	"kplay/engine/script"
)

// This file words the differences between the runs of a script with vs
// lines (script.Differences) for the page's Differences list, and seeks
// to the moment one began.

// RunDiff is one difference between the script's runs, for the page.
type RunDiff struct {
	// Subject names it in plain words with Kafka's term beside: "m2",
	// "t-0's high watermark (HW)".
	Subject string
	// Words says each run's end, the runs that end alike together:
	// "m2: acknowledged, then lost with acks=1; acknowledged with
	// acks=all".
	Words string
	// At is the first moment at whose end the runs differed on it.
	At engine.Time
	// Record says the subject is a record (else a partition's value);
	// TP and Value name it then.
	Record bool
	TP     engine.TopicPartition
	Value  string
	// Values are its end in each run, the base's first ("" where a run
	// never had it).
	Values []string
	// Key is the subject as the runs' outcomes name it
	// (script.Difference.Subject: "t-0 m2", "t-0 leader").
	Key string
}

// variantDiffs caches the differences of one scene's runs, and each
// run's outcome they were read from.
type variantDiffs struct {
	ok bool
	// hist is the base player's history (Player.hist) the runs were
	// replayed with: the reader's commands in them.
	hist  int
	outs  []script.Outcome
	diffs []RunDiff
}

// Differences returns how the script's runs end differently (the base
// and each variant, script.Differences): each record whose fate differs
// and each partition whose leader, leader epoch, ISR, high watermark or violations
// differs, at the end, as kplay run's differences table has them. The
// runs hold the reader's commands (a crash, a cut, a produce on the
// page), which every variant takes at the same moment; their end is the
// end of the script's last directive or, when a command of the reader's
// comes later, that command plus broker.session.timeout.ms and
// replica.lag.time.max.ms, time for the controller to fence a broker and
// a leader to shrink the ISR after it (runsEnd). They are computed again
// when the reader's commands change (one replay of each run from its
// start), except while the producer panel's rate sends records, which
// changes them every few frames: then the list stays as it was until the
// rate stops. The result is shared: callers must not modify it. None
// without variants.
func (s *Store) Differences() []RunDiff {
	c := &s.diffs
	if len(s.Variants) == 0 || c.ok && (c.hist == s.Player.hist || s.Acting.Rate.On) {
		return c.diffs
	}
	*c = variantDiffs{ok: true, hist: s.Player.hist}
	runs := append([]*Player{s.Player}, make([]*Player, len(s.Variants))...)
	labels := make([]string, len(runs))
	labels[0] = s.BaseLabel()
	for i, v := range s.Variants {
		runs[i+1], labels[i+1] = v.Player, v.Label
	}
	c.outs = make([]script.Outcome, len(runs))
	for i, p := range runs {
		fresh, err := NewPlayer(p.Scenario())
		if err != nil {
			return nil // can't happen: p plays the same scenario
		}
		fresh.takeUser(s.Player.user)
		fresh.AdvanceTo(runsEnd(fresh))
		played := fresh.Scenario()
		played.Steps = fresh.steps
		c.outs[i] = script.OutcomeOf(played, fresh.c)
	}
	for _, d := range script.Differences(c.outs) {
		c.diffs = append(c.diffs, runDiff(d, labels))
	}
	return c.diffs
}

// DifferencesView is the Differences list as the page shows it at the
// playhead.
type DifferencesView struct {
	// Shown are the differences the list names, each with its index in
	// Store.Differences (SeekToDifference's Index).
	Shown []ShownDiff
	// Held counts those it holds back while a question is ahead.
	Held int
}

// ShownDiff is one difference the list names and its index in
// Store.Differences.
type ShownDiff struct {
	Index int
	RunDiff
}

// DifferencesList returns the Differences list's view, in the order the
// runs came apart (each difference's At; Store.Differences keeps kplay
// run's order, records first). Each difference
// says how every run ends, so while a question is still ahead (lesson
// mode, HideOutcome) the list names only the records' differences the
// playhead has reached (diffReached: their first moment has played) and
// counts the rest as held back, as the timeline hides the markers ahead,
// with every partition's, whose words give its values at the end: a
// reader asked to predict which cluster accepts a write does not find
// the answer listed beside the question.
func (s *Store) DifferencesList() DifferencesView {
	var v DifferencesView
	hide := s.HideOutcome()
	for i, d := range s.Differences() {
		// A partition's difference is worded by its values at the end
		// ("the HW at the end: 3 with …"), which a later question may ask.
		if hide && (!s.diffReached(d) || !d.Record) {
			v.Held++
			continue
		}
		v.Shown = append(v.Shown, ShownDiff{Index: i, RunDiff: d})
	}
	// In the order the runs came apart, as the timeline reads.
	slices.SortStableFunc(v.Shown, func(a, b ShownDiff) int { return cmp.Compare(a.At, b.At) })
	return v
}

// diffReached says the base's playhead has reached difference d: the
// moment at whose end the runs first differed on it is past, or it is the
// playhead's and its steps have played. Held at a question (HoldAt), the
// playhead stands before its moment's steps: a teacher found
// which-cluster-accepts' Differences naming m2's fate in every run at
// the question that asks it, before m2 was sent.
func (s *Store) diffReached(d RunDiff) bool {
	now := s.Player.Now()
	if d.At != now {
		return d.At < now
	}
	_, held := s.Player.HeldLine()
	return !held
}

// runsEnd is the moment the runs of a script are compared at
// (Differences): the end of the script's last directive, or, when the
// reader's last command comes later, that command's moment plus
// broker.session.timeout.ms and replica.lag.time.max.ms (KRaft's
// BrokerHeartbeatManager fences a broker silent for the first;
// Partition.maybeShrinkIsr drops a follower behind for the second), so
// that a crash the reader ends with is followed by the election and ISR
// change it brings.
func runsEnd(p *Player) engine.Time {
	end := p.scriptEnd
	if n := len(p.user); n > 0 {
		cfg := p.Scenario().Config
		end = max(end, p.user[n-1].At+cfg.BrokerSessionTimeoutMs+cfg.ReplicaLagTimeMaxMs)
	}
	return end
}

// differsAt is run r's value of difference d at moment t, from the
// outcome Differences read ("" before it has one, or without it).
func (s *Store) differsAt(d RunDiff, r int, t engine.Time) string {
	if r >= len(s.diffs.outs) {
		return ""
	}
	return s.diffs.outs[r].At(d.Key, t)
}

// runDiff words difference d between runs labelled labels.
func runDiff(d script.Difference, labels []string) RunDiff {
	r := RunDiff{At: d.At, Values: d.Values, Key: d.Subject}
	tpText, rest, _ := strings.Cut(d.Subject, " ")
	if tp, ok := parseTP(tpText); ok {
		r.TP = tp
	}
	what := map[string]string{
		"leader":       tpText + "'s leader",
		"leader epoch": tpText + "'s leader epoch",
		"ISR":          tpText + "'s in-sync replicas (ISR)",
		"HW":           tpText + "'s high watermark (HW)",
		"violations":   tpText + "'s broken guarantees (violations)",
	}
	if w, isPart := what[rest]; isPart {
		r.Subject = w
	} else {
		r.Record, r.Value, r.Subject = true, rest, rest+" (on "+tpText+")"
	}
	var order []string
	who := map[string][]string{}
	for i, v := range d.Values {
		if v == "" {
			v = "never sent"
			if !r.Record {
				v = "none"
			}
		}
		if who[v] == nil {
			order = append(order, v)
		}
		who[v] = append(who[v], labels[i])
	}
	parts := make([]string, len(order))
	for i, v := range order {
		parts[i] = v + " with " + joinAnd(who[v])
	}
	// A partition's value changes as the runs go (a record's fate, once
	// given, only gains a "then"), so its words say they are the end's:
	// the list stamps each with the moment the runs first differ on it,
	// when the values may not be these yet.
	sep := ": "
	if !r.Record {
		sep = " at the end: "
	}
	r.Words = r.Subject + sep + strings.Join(parts, "; ")
	return r
}

// joinAnd joins words as "a", "a and b", "a, b and c".
func joinAnd(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// parseTP reads "t-0" as a topic partition.
func parseTP(s string) (engine.TopicPartition, bool) {
	i := strings.LastIndexByte(s, '-')
	if i <= 0 || i == len(s)-1 {
		return engine.TopicPartition{}, false
	}
	n := 0
	for _, r := range s[i+1:] {
		if r < '0' || r > '9' || n > engine.MaxPartitions {
			return engine.TopicPartition{}, false
		}
		n = n*10 + int(r-'0')
	}
	return engine.TopicPartition{Topic: s[:i], Partition: int32(n)}, true
}

// BaseLabel names the base's run by the values the variants change, as
// the base has them, as a vs line's label would say them: "acks=all"
// beside a vs "acks=1" acks=1, "kafka=4.4, min.insync.replicas=2" beside
// variants that change those (a topic's min.insync.replicas@t by its
// name alone); "the script"
// when no value can be read (a script whose produce lines all set their
// own acks).
func (s *Store) BaseLabel() string {
	base := s.Player.Scenario()
	var keys, parts []string
	for _, v := range base.Variants {
		for _, a := range v.Overrides {
			if !slices.Contains(keys, a.Key) {
				keys = append(keys, a.Key)
			}
		}
	}
	for _, k := range keys {
		if v := baseValue(base, s.Variants, k); v != "" {
			// min.insync.replicas@t is script syntax; the label is words.
			name, _, _ := strings.Cut(k, "@")
			parts = append(parts, name+"="+v)
		}
	}
	if len(parts) == 0 {
		return "the script"
	}
	return strings.Join(parts, ", ")
}

// baseValue is the base's value of a vs key: a cluster setting's, the
// acks of the produce lines a variant's acks= changes, or a topic's
// min.insync.replicas (the cluster's when its create-topic sets none);
// "" when it cannot be read.
func baseValue(base script.Scenario, runs []VariantRun, key string) string {
	switch {
	case key == "acks":
		return baseAcks(base, runs)
	case strings.HasPrefix(key, "min.insync.replicas@"):
		topic := strings.TrimPrefix(key, "min.insync.replicas@")
		for _, st := range base.Steps {
			if ct, ok := st.Cmd.(engine.CreateTopic); ok && ct.Name == topic && ct.MinInsyncReplicas > 0 {
				return strconv.Itoa(ct.MinInsyncReplicas)
			}
		}
		key = "min.insync.replicas"
	}
	if set, ok := engine.LookupSetting(key); ok {
		return set.Value(base.Config)
	}
	return ""
}

// baseAcks is the acks of the base's produce steps whose acks a
// variant changes (the lines without acks= of their own), if they share
// one.
func baseAcks(base script.Scenario, runs []VariantRun) string {
	seen := ""
	for _, r := range runs {
		vs := r.Player.Scenario().Steps
		for i, st := range base.Steps {
			p, ok := st.Cmd.(engine.Produce)
			if !ok || i >= len(vs) {
				continue
			}
			q, ok := vs[i].Cmd.(engine.Produce)
			if !ok || q.Acks == p.Acks {
				continue
			}
			if seen != "" && seen != p.Acks.String() {
				return ""
			}
			seen = p.Acks.String()
		}
	}
	return seen
}

// SeekToDifference is an action which pauses and moves the playhead to
// the moment the runs first differed on difference Index of
// Store.Differences.
type SeekToDifference struct{ Index int }

func (a SeekToDifference) apply(s *Store) bool {
	ds := s.Differences()
	if a.Index < 0 || a.Index >= len(ds) {
		return false
	}
	s.Playing, s.readerPaused = false, true
	s.Player.Seek(s.clampSeek(ds[a.Index].At))
	return true
}
