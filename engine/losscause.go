package engine

import (
	"slices"
	"strings"
)

// This file explains why a violation's record is gone, in the words the
// violation's Text ends with, and says which of those causes a setting
// or an operator allowed: Kafka promises to keep a committed record
// "as long as there is at least one in sync replica alive" (Kafka
// documentation, Replication; docs/kafka-rules.md §1.8), and an acks=1
// record only as long as its leader lives.

// uncleanKind is what allowed an unclean election (changePartition).
type uncleanKind uint8

const (
	// uncleanBySetting: unclean.leader.election.enable, for the topic or
	// the cluster (Cluster.uncleanEnabled), let the controller elect a
	// replica outside the ISR (PartitionChangeBuilder with
	// Election.UNCLEAN; the periodic check, uncleanCheck).
	uncleanBySetting uncleanKind = iota
	// uncleanByHand: with the setting off, an operator asked for one
	// (kafka-leader-election.sh --election-type unclean, the ElectLeaders
	// API of KIP-460).
	uncleanByHand
	// uncleanLastKnown: with ISR and ELR empty, the controller elected the
	// last known leader (PartitionChangeBuilder.canElectLastKnownLeader,
	// KIP-966), which no setting asks for.
	uncleanLastKnown
	uncleanKinds
)

// The ends of a lost record's violation Text (": " and the cause), one
// per cause lossCause and ackLossCause name. LossAllowance reads them
// back, so each is written here once.
const (
	causeAcksOne       = ": acks=1 was answered before any follower had the record"
	causeUnclean       = ": an unclean leader election chose a replica without it"
	causeUncleanByHand = ": an unclean leader election asked for by hand (kafka-leader-election.sh --election-type unclean) chose a replica without it"
	causeLastKnown     = ": the controller elected the last known leader (KIP-966), which did not have it"
	causePreKIP101     = ": a replica truncated to its own high watermark (the bug KIP-101 fixed)"
	causePreKIP279     = ": the replicas' logs diverged (the bug KIP-279 fixed)"
	causeLostUnflushed = ": a crash dropped the unflushed tail of a log that held it (crash lose-unflushed), and the replica that leads now came back without it"
)

// removalRule is what took records out of one replica's log, or let a
// newly elected leader lack records its predecessor held.
type removalRule uint8

const (
	// removedFollowing: a follower truncated to match its leader (a
	// DivergingEpoch, KIP-279's OffsetsForLeaderEpoch answer before it,
	// or OFFSET_OUT_OF_RANGE): the leader lacked those records, so the
	// cause is whatever removed them from the leader's log.
	removedFollowing removalRule = iota
	// removedPreKIP101: a replica truncated to its own high watermark on
	// becoming a follower or on restart, before KIP-101 (0.11)
	// (docs/kafka-rules.md §6.1).
	removedPreKIP101
	// removedUnflushed: a crash dropped the log's unflushed tail (crash
	// lose-unflushed=N; log.flush.interval.messages defaults to
	// Long.MAX_VALUE, so Kafka leaves writes to the page cache).
	removedUnflushed
	// removedElection: the controller elected a leader whose log lacked,
	// or held other records at, offsets its predecessor held.
	removedElection
	// joinedISR: the controller added the replica to the ISR while the
	// leader's HW was to. It removes nothing, but a replica that joined
	// lacking a record below that HW was let in by the rules of an old
	// release (KAFKA-7128, KIP-841, KIP-903; Config.oldISRRules).
	joinedISR
)

// removal is one event that removed records at offsets [from, to) from
// the log of broker's replica, the log that may lead the partition later.
// The partition's removals, oldest first (partInv.removals), are what
// lossCause traces a lost record through.
type removal struct {
	rule     removalRule
	broker   BrokerID // the replica that lost the records; the new leader for an election
	from, to Offset
	// other is, for removedFollowing, the leader the follower followed;
	// for removedElection, the previous leader, whose log ended at to.
	other BrokerID
	// held is, for removedElection, where the new leader's own log ended:
	// at offsets [from, held) it held other records than the previous
	// leader, at [held, to) none.
	held Offset
	// unclean and how say whether and why an election was unclean.
	unclean bool
	how     uncleanKind
}

// noteRemoval remembers a removal for tp's loss explanations; an unclean
// election, or records a crash dropped, make tp's ISR no longer bound to
// hold every record below the HW (partFaulted).
func (c *Cluster) noteRemoval(tp TopicPartition, rm removal) {
	pi := c.inv.part(tp)
	pi.removals = append(pi.removals, rm)
	if rm.unclean || rm.rule == removedUnflushed {
		pi.faulted = true
	}
}

// noteElection records p's new leader as a removal when it is another
// broker than the last one that led: the offsets from the first where
// their logs differ to the end of the previous leader's log, as the logs
// stand at the election. It remembers the new leader for the next.
func (c *Cluster) noteElection(p *partitionReg, unclean bool, how uncleanKind) {
	pi := c.inv.part(p.tp)
	prev := pi.lastLeader
	pi.lastLeader = p.leader
	if unclean {
		pi.faulted = true
	}
	if prev == NoLeader || prev == p.leader {
		return
	}
	nl, ol := c.broker(p.leader).replica(p.tp), c.broker(prev).replica(p.tp)
	if nl == nil || ol == nil {
		return
	}
	d := max(nl.logStart, ol.logStart)
	for d < min(nl.leo(), ol.leo()) && nl.log[d-nl.logStart] == ol.log[d-ol.logStart] {
		d++
	}
	c.noteRemoval(p.tp, removal{rule: removedElection, broker: p.leader, from: d, to: max(d, ol.leo()),
		other: prev, held: max(d, min(nl.leo(), ol.leo())), unclean: unclean, how: how})
}

// noteISRJoins records the replicas p's ISR gained over old, other than
// its leader, with the leader's HW as they joined (joinedISR).
func (c *Cluster) noteISRJoins(p *partitionReg, old []BrokerID) {
	if p.leader == NoLeader {
		return
	}
	l := c.broker(p.leader).replica(p.tp)
	if l == nil {
		return
	}
	for _, id := range p.isr {
		if id != p.leader && !slices.Contains(old, id) {
			c.noteRemoval(p.tp, removal{rule: joinedISR, broker: id, to: l.hw})
		}
	}
}

// partFaulted reports whether tp has had a fault that lets its ISR
// members lack records below the leader's HW: an unclean or last known
// leader election of tp (its log is the truth now, and a deposed leader
// that still believes it leads moves its HW over records the new ISR
// never had), a crash that dropped records of tp from a replica (the
// replica stays in the ISR until the controller fences it;
// docs/kafka-rules.md §1.8), or a truncation protocol before KIP-101 or
// KIP-279 (§6.1, §6.3: an in-sync follower may keep a diverging record).
func (c *Cluster) partFaulted(tp TopicPartition) bool {
	return c.cfg.truncation() != ProtocolCurrent || c.inv.part(tp).faulted
}

// ackLossCause explains a lost acknowledged write by its true cause. A
// record that was committed (below a leader's HW, so on every in-sync
// replica) was lost by whatever removed it (lossCause), whatever its
// acks; only an acks=1 record that was never committed was lost because
// the leader answered right after its local append
// (Partition.appendRecordsToLeader with requiredAcks 1).
func (c *Cluster) ackLossCause(tp TopicPartition, ar ackedRec, leader BrokerID) string {
	if ar.acks == AcksOne && !c.wasCommitted(tp, ar.rec) {
		return causeAcksOne
	}
	return c.lossCause(tp, ar.rec.Offset, leader)
}

// lossCause explains why the record that was at offset o of tp is not
// on leader's log: it traces that log back through tp's removals, newest
// first. A truncation of the log by a crash or by the pre-KIP-101 rule
// removed it; an unclean election made a log that lacked it the leader's;
// a follower's truncation, or a clean election of a log that lacked it
// too, sends the trace on to the log that lacked it before (the leader
// followed, the previous leader, or the same log earlier). A clean
// election of a log holding another record at o is the divergence of the
// truncation protocol in effect. With no removal to name, it names the
// rules of the release that let a replica lacking the record stay in
// sync, or "". It costs O(removals of tp), which happen only at elections
// and truncations.
func (c *Cluster) lossCause(tp TopicPartition, o Offset, leader BrokerID) string {
	rs := c.inv.part(tp).removals
	who := leader
	for i := len(rs) - 1; i >= 0; i-- {
		rm := rs[i]
		if rm.broker != who || o < rm.from {
			continue
		}
		switch {
		case rm.rule == removedElection && o >= rm.to:
			who = rm.other // the previous leader lacked it too
		case o >= rm.to:
		case rm.rule == removedFollowing:
			who = rm.other
		case rm.rule == joinedISR:
			if rules := c.cfg.oldISRRules(); rules != "" {
				return ": " + rules
			}
		case rm.rule == removedPreKIP101:
			return causePreKIP101
		case rm.rule == removedUnflushed:
			return causeLostUnflushed
		case rm.unclean:
			return uncleanCause(rm.how)
		case o < rm.held && c.cfg.truncation() == ProtocolPreKIP101:
			return causePreKIP101
		case o < rm.held && c.cfg.truncation() == ProtocolPreKIP279:
			return causePreKIP279
		}
	}
	switch {
	case c.cfg.oldISRRules() != "":
		return ": " + c.cfg.oldISRRules()
	case c.cfg.truncation() == ProtocolPreKIP101:
		return causePreKIP101
	case c.cfg.truncation() == ProtocolPreKIP279:
		return causePreKIP279
	}
	return ""
}

// uncleanCause is the cause an unclean election of kind how names.
func uncleanCause(how uncleanKind) string {
	switch how {
	case uncleanByHand:
		return causeUncleanByHand
	case uncleanLastKnown:
		return causeLastKnown
	}
	return causeUnclean
}

// LossAllowance is what let a lost record go when Kafka never promised
// to keep it: a producer setting, a topic or cluster setting, or an
// operator's request. NotAllowed is a loss no setting allowed (a
// release's bug, a crash's lost unflushed tail) and every violation that
// is not a loss.
type LossAllowance uint8

const (
	// NotAllowed: Kafka promised to keep the record, or the violation is
	// not a lost record.
	NotAllowed LossAllowance = iota
	// AllowedByAcksOne: the record was acknowledged with acks=1 and its
	// leader failed before any follower copied it. The producer's acks
	// documentation: with acks=1 the leader responds "without awaiting
	// full acknowledgement from all followers. In this case should the
	// leader fail immediately after acknowledging the record but before
	// the followers have replicated it then the record will be lost."
	AllowedByAcksOne
	// AllowedByUncleanSetting: unclean.leader.election.enable let a
	// replica outside the ISR lead. Its documentation: "Indicates whether
	// to enable replicas not in the ISR set to be elected as leader as a
	// last resort, even though doing so may result in data loss."
	AllowedByUncleanSetting
	// AllowedByUncleanRequest: an operator asked for an unclean election
	// (kafka-leader-election.sh --election-type unclean), which KIP-460
	// offers as a one-off instead of the "potentially dangerous
	// configuration that could lead to data loss".
	AllowedByUncleanRequest
)

// String names what allowed the loss as a reader would set it:
// "acks=1", "unclean.leader.election.enable=true",
// "kafka-leader-election.sh --election-type unclean"; "" for NotAllowed.
func (a LossAllowance) String() string {
	switch a {
	case AllowedByAcksOne:
		return "acks=1"
	case AllowedByUncleanSetting:
		return "unclean.leader.election.enable=true"
	case AllowedByUncleanRequest:
		return "kafka-leader-election.sh --election-type unclean"
	}
	return ""
}

// ViolationAllowance says what allowed the loss an EvViolation reports,
// read from the cause its Text ends with (ackLossCause, lossCause):
// NotAllowed for any other event, a violation that is no lost record,
// and a loss whose cause Kafka never allows.
func ViolationAllowance(e Event) LossAllowance {
	if e.Kind != EvViolation {
		return NotAllowed
	}
	switch {
	case strings.HasSuffix(e.Text, causeAcksOne):
		return AllowedByAcksOne
	case strings.HasSuffix(e.Text, causeUnclean):
		return AllowedByUncleanSetting
	case strings.HasSuffix(e.Text, causeUncleanByHand):
		return AllowedByUncleanRequest
	}
	return NotAllowed
}
