package site

import (
	"slices"
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

// RuleSentence explains a violation's rule in one sentence. A loss that
// a setting or an operator allowed (engine.ViolationAllowance) is
// explained by what Kafka promises under it, not by a rule it broke: an
// acks=1 record lost with its leader was never promised to survive it.
func RuleSentence(e engine.Event) string {
	switch engine.ViolationAllowance(e) {
	case engine.AllowedByAcksOne:
		// The producer's acks documentation (ProducerConfig ACKS_DOC).
		return "With acks=1 the leader answers once it has written the record itself; if it fails before a follower copies it, the record is lost."
	case engine.AllowedByUncleanSetting:
		// unclean.leader.election.enable's documentation and Kafka's
		// guarantee (documentation, Replication): "A committed message
		// will not be lost, as long as there is at least one in sync
		// replica alive".
		return "Kafka keeps a committed record while an in-sync replica survives; unclean.leader.election.enable=true lets a replica outside the ISR lead instead, at the cost of what it lacks."
	case engine.AllowedByUncleanRequest:
		// KIP-460: an unclean election asked for once, by hand.
		return "Kafka keeps a committed record while an in-sync replica survives; an unclean election asked for by hand lets a replica outside the ISR lead instead, at the cost of what it lacks."
	}
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

// ViolationWhat is what a violation broke, in a few words: its rule and
// the record it names ("AcknowledgedWriteLost: m2"), else the partition
// ("LeaderInIsr: t-0"), else the rule alone.
func ViolationWhat(e engine.Event) string {
	switch {
	case e.Value != "":
		return ViolationRule(e) + ": " + e.Value
	case e.TP.Topic != "":
		return ViolationRule(e) + ": " + e.TP.String()
	}
	return ViolationRule(e)
}

// allowances splits vs into the violations no setting allowed (broken
// guarantees) and the losses one did, and says which allowance the
// latter share (engine.NotAllowed when they differ or there are none).
func allowances(vs []engine.Event) (broken, allowed []engine.Event, shared engine.LossAllowance) {
	for _, v := range vs {
		a := engine.ViolationAllowance(v)
		if a == engine.NotAllowed {
			broken = append(broken, v)
			continue
		}
		if len(allowed) == 0 {
			shared = a
		} else if a != shared {
			shared = engine.NotAllowed
		}
		allowed = append(allowed, v)
	}
	return broken, allowed, shared
}

// ViolationsHeadline is the heading of the banner that lists vs (the
// shown violations, oldest first; "" for none). A broken guarantee is
// "A Kafka guarantee broke"; a loss that the settings or an operator
// allowed (engine.ViolationAllowance) says what was lost and what
// allowed it, not that Kafka broke a promise: a beginner shown "A Kafka
// guarantee broke" for an acks=1 record lost with its leader concluded
// that Kafka has a bug, when the producer's acks documentation says
// that with acks=1 such a record "will be lost". Records are counted
// once however many rules name them (an unclean election's loss breaks
// CommittedDurability and AcknowledgedWriteLost).
func ViolationsHeadline(vs []engine.Event) string {
	if len(vs) == 0 {
		return ""
	}
	broken, allowed, shared := allowances(vs)
	lost := max(len(LostRecords(allowed)), min(len(allowed), 1))
	if len(broken) > 0 {
		head := "A Kafka guarantee broke"
		if len(broken) > 1 {
			head = itoa(int64(len(broken))) + " Kafka guarantees broke"
		}
		switch {
		case lost == 1:
			head += ", and a record was lost as the settings allowed"
		case lost > 1:
			head += ", and " + itoa(int64(lost)) + " records were lost as the settings allowed"
		}
		return head
	}
	records := func(one, many string) string {
		if lost == 1 {
			return one + " was lost"
		}
		return itoa(int64(lost)) + " " + many + " were lost"
	}
	switch shared {
	case engine.AllowedByAcksOne:
		return records("An acknowledged record", "acknowledged records") + " — acks=1 never promised more"
	case engine.AllowedByUncleanSetting:
		return records("A committed record", "committed records") + " — unclean.leader.election.enable=true let a replica outside the ISR lead"
	case engine.AllowedByUncleanRequest:
		return records("A committed record", "committed records") + " — an unclean election asked for by hand let a replica outside the ISR lead"
	}
	return records("A record", "records") + ", as the settings allowed"
}

// JumpWords are the words and tooltip of the timeline's button that
// pauses at the first violation of vs (the shown ones, oldest first):
// "Jump to the first broken guarantee", or, where a setting allowed that
// one's loss (ViolationsHeadline), "Jump to the first lost record".
func JumpWords(vs []engine.Event) (label, title string) {
	if len(vs) > 0 && engine.ViolationAllowance(vs[0]) != engine.NotAllowed {
		return "Jump to the first lost record", "Pause at the first lost record"
	}
	return "Jump to the first broken guarantee", "Pause at the first broken guarantee"
}

// ViolationsFoldText is the line a phone's folded banner shows
// (Store.ViolationsFolded): a short headline and what broke first
// ("Lost, as acks=1 allows: AcknowledgedWriteLost: m2"), and how many
// more the unfolded banner lists.
func ViolationsFoldText(vs []engine.Event) string {
	if len(vs) == 0 {
		return ""
	}
	head := "Guarantee broken"
	if broken, _, shared := allowances(vs); len(broken) == 0 {
		switch shared {
		case engine.AllowedByAcksOne:
			head = "Lost, as acks=1 allows"
		case engine.AllowedByUncleanSetting, engine.AllowedByUncleanRequest:
			head = "Lost in an unclean election"
		default:
			head = "Lost, as the settings allow"
		}
	} else {
		// The first broken guarantee leads, not a loss allowed before it.
		vs = append(broken, vs...)
	}
	text := head + ": " + ViolationWhat(vs[0])
	if more := len(dedupEvents(vs)) - 1; more > 0 {
		text += " +" + itoa(int64(more)) + " more"
	}
	return text
}

// dedupEvents is vs without repeats of the same event (same Seq).
func dedupEvents(vs []engine.Event) []engine.Event {
	var out []engine.Event
	for _, v := range vs {
		if !slices.ContainsFunc(out, func(o engine.Event) bool { return o.Seq == v.Seq }) {
			out = append(out, v)
		}
	}
	return out
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
