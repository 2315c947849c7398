package site

import (
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
}

// variantDiffs caches the differences of one scene's runs.
type variantDiffs struct {
	ok    bool
	diffs []RunDiff
}

// Differences returns how the script's runs end differently (the base
// and each variant, script.Differences): each record whose fate differs
// and each partition whose leader, leader epoch, ISR or high watermark
// differs, at the end of the script's last directive, as kplay run's
// differences table has them. They are the runs of the script as
// written: the reader's own commands are not in them. They are computed
// once per scene, on the first call (one replay of each run from its
// start), and shared: callers must not modify them. None without
// variants.
func (s *Store) Differences() []RunDiff {
	c := &s.diffs
	if c.ok || len(s.Variants) == 0 {
		return c.diffs
	}
	c.ok = true
	runs := append([]*Player{s.Player}, make([]*Player, len(s.Variants))...)
	labels := make([]string, len(runs))
	labels[0] = s.BaseLabel()
	for i, v := range s.Variants {
		runs[i+1], labels[i+1] = v.Player, v.Label
	}
	outs := make([]script.Outcome, len(runs))
	for i, p := range runs {
		fresh, err := NewPlayer(p.Scenario())
		if err != nil {
			return nil // can't happen: p plays the same scenario
		}
		fresh.AdvanceTo(fresh.scriptEnd)
		outs[i] = script.OutcomeOf(p.Scenario(), fresh.c)
	}
	for _, d := range script.Differences(outs) {
		c.diffs = append(c.diffs, runDiff(d, labels))
	}
	return c.diffs
}

// runDiff words difference d between runs labelled labels.
func runDiff(d script.Difference, labels []string) RunDiff {
	r := RunDiff{At: d.At, Values: d.Values}
	tpText, rest, _ := strings.Cut(d.Subject, " ")
	if tp, ok := parseTP(tpText); ok {
		r.TP = tp
	}
	what := map[string]string{
		"leader":       tpText + "'s leader",
		"leader epoch": tpText + "'s leader epoch",
		"ISR":          tpText + "'s in-sync replicas (ISR)",
		"HW":           tpText + "'s high watermark (HW)",
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
	r.Words = r.Subject + ": " + strings.Join(parts, "; ")
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
// the base has them: "acks=all" beside a vs "acks=1" acks=1, "kafka=4.4
// min.insync.replicas=2" beside variants that change those; "the script"
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
			parts = append(parts, k+"="+v)
		}
	}
	if len(parts) == 0 {
		return "the script"
	}
	return strings.Join(parts, " ")
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
