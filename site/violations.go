package site

import (
	"strings"

	"kplay/engine"
)

// This file paints broken guarantees where they happen: the engine's
// EvViolation events become a banner of sentences and "lost" marks on the
// records they name.

// Violations returns the EvViolation events among evs, oldest first.
func Violations(evs []engine.Event) []engine.Event {
	var out []engine.Event
	for _, e := range evs {
		if e.Kind == engine.EvViolation {
			out = append(out, e)
		}
	}
	return out
}

// Violations returns every guarantee broken by the playhead, oldest first:
// the page's banner reads them from here. In lesson mode a violation
// waits while a question that comes before it is on screen unanswered or
// still ahead of the playhead (violationShown), so that the banner does
// not give an answer away.
func (s *Store) Violations() []engine.Event {
	return s.shownViolations()
}

// shownViolations returns the broken guarantees up to the playhead that
// the page may show (violationShown). A later question still waiting
// does not hide them: in lesson 8 (acks1-loss) the loss at 19 s answers
// question 1, and hiding it until question 2, at 40 s, was answered left
// it a bare line in the event log, where the sandbox shows the red panel
// and outlines.
func (s *Store) shownViolations() []engine.Event {
	all := s.seeIndex().violations
	out := make([]engine.Event, 0, len(all))
	for _, v := range all {
		if s.violationShown(v.At) {
			out = append(out, v)
		}
	}
	return out
}

// violationShown says whether a broken guarantee at at (simulated ms)
// may be shown. In lesson mode it may not while an unanswered question
// asked at or before at is on screen (Lesson.IsOpen) or still ahead of
// the playhead (at or after it, as HideOutcome counts them): the loss is
// that question's answer. A question behind the playhead that is not on
// screen was skipped (a link opened past it, a scrub or an event click
// past it) and hides nothing: a link to lesson 8 at 00:00:19.000, past
// question 1, showed the loss only as an event-log line, with no red
// panel or outlines, and nothing ever brought them back, since only
// playing through a question asks it. Playing back to a skipped question
// asks it again (stopAtAsk), and from before it the loss is ahead again.
func (s *Store) violationShown(at engine.Time) bool {
	l := &s.Lesson
	if l.Off {
		return true
	}
	now := s.Player.Now()
	for i, a := range l.Asks {
		if a.At > at || i >= len(l.Revealed) || l.Revealed[i] {
			continue
		}
		if (l.IsOpen && l.Open == i) || a.At >= now {
			return false
		}
	}
	return true
}

// ViolationRule returns the rule a violation names: the word before the
// first colon of its Text ("AcknowledgedWriteLost").
func ViolationRule(e engine.Event) string {
	rule, _, _ := strings.Cut(e.Text, ":")
	return rule
}

// RuleSentence explains a violation's rule in one sentence.
func RuleSentence(e engine.Event) string {
	switch ViolationRule(e) {
	case "AcknowledgedWriteLost":
		return "A record the producer was told is written must stay in the partition's log."
	case "CommittedDurability":
		return "A committed record (below the high watermark) must never leave the leader's log."
	case "LogMatching":
		return "Two replicas that hold an offset in the same leader epoch must hold the same records up to it."
	case "StrongIsr":
		return "Every ISR member must hold every record below the leader's high watermark."
	case "ReadBelowHw":
		return "A consumer may only be given records below the high watermark."
	case "ConsumerOffsetsMonotonic":
		return "A consumer must receive offsets in order, without gaps or repeats."
	case "LeaderInIsr":
		return "The partition's leader must be a member of its ISR."
	case "IsrNeverEmptyWithoutElr":
		return "The ISR must never be empty unless eligible leader replicas stand in."
	case "MembershipSets":
		return "The ISR and ELR may name only replicas, each at most once."
	case "ElrOnlyBelowMinIsr":
		return "Eligible leader replicas exist only while the ISR is below min.insync.replicas."
	case "OneLeaderPerEpoch":
		return "A leader epoch has exactly one leader."
	case "NoFencedLeader":
		return "A fenced or shutting-down broker must not lead."
	case "ElrSafety":
		return "An eligible leader replica must hold every committed record."
	case "HwFrozenUnderMinIsr":
		return "The high watermark must not move while the ISR is below min.insync.replicas."
	case "HwCoveredByIsr":
		return "The high watermark must not pass the log end of any ISR member."
	case "LeaderHwMonotonic":
		return "A leader's high watermark never goes back."
	case "AckImpliesReplicated":
		return "acks=all is answered only once min.insync.replicas replicas hold the records."
	case "EpochCacheMonotonic":
		return "A replica appends batches in non-decreasing leader epochs."
	}
	return "A Kafka guarantee broke."
}

// ViolationSentence is a violation as the page's banner says it: the rule
// explained, then what happened, with its time.
func ViolationSentence(e engine.Event) string {
	return engine.FormatTime(e.At) + " " + ViolationRule(e) + ": " + RuleSentence(e) + " " + strings.TrimSpace(strings.TrimPrefix(e.Text, ViolationRule(e)+":"))
}

// LostRecord is a record a violation names: it is marked "lost" wherever a
// replica holds it, held it, or should hold it.
type LostRecord struct {
	TP     engine.TopicPartition
	Offset engine.Offset
	Value  string
	// Title explains the rule in one sentence and says what happened.
	Title string
}

// LostRecords returns the records that violations name, once each
// (violations without a record, such as LeaderInIsr, name none).
func LostRecords(vs []engine.Event) []LostRecord {
	var out []LostRecord
	for _, v := range vs {
		if v.Value == "" || v.TP.Topic == "" {
			continue
		}
		dup := false
		for _, l := range out {
			if l.TP == v.TP && l.Offset == v.Offset && l.Value == v.Value {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		out = append(out, LostRecord{TP: v.TP, Offset: v.Offset, Value: v.Value,
			Title: "offset " + itoa(int64(v.Offset)) + " (" + v.Value + ") lost — " + ViolationRule(v) + ": " + RuleSentence(v)})
	}
	return out
}

// LostAt returns the lost record at offset o of tp, if a violation names one.
func LostAt(lost []LostRecord, tp engine.TopicPartition, o engine.Offset) (LostRecord, bool) {
	for _, l := range lost {
		if l.TP == tp && l.Offset == o {
			return l, true
		}
	}
	return LostRecord{}, false
}
