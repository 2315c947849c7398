package engine

import "strings"

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

// ackLossCause explains a lost acknowledged write by its true cause. A
// record that was committed (below a leader's HW, so on every in-sync
// replica) was lost by whatever made the run unclean, whatever its acks;
// only an acks=1 record that was never committed was lost because the
// leader answered right after its local append
// (Partition.appendRecordsToLeader with requiredAcks 1).
func (c *Cluster) ackLossCause(tp TopicPartition, ar ackedRec) string {
	if ar.acks == AcksOne && !c.wasCommitted(tp, ar.rec) {
		return causeAcksOne
	}
	return c.lossCause()
}

// lossCause explains a durability violation by what made the run
// unclean: an unclean election that the setting allowed or an operator
// asked for, else a release's bug, a lost unflushed tail, or the last
// known leader's election (which elects a replica that had every
// committed record unless it lost some in a crash).
func (c *Cluster) lossCause() string {
	n := c.uncleanElections
	switch {
	case n[uncleanByHand] > 0:
		return causeUncleanByHand
	case n[uncleanBySetting] > 0:
		return causeUnclean
	case c.cfg.truncation() == ProtocolPreKIP101:
		return causePreKIP101
	case c.cfg.truncation() == ProtocolPreKIP279:
		return causePreKIP279
	case c.cfg.oldISRRules() != "":
		return ": " + c.cfg.oldISRRules()
	case c.lostUnflushed:
		return causeLostUnflushed
	case n[uncleanLastKnown] > 0:
		return causeLastKnown
	}
	return ""
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
