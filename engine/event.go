package engine

import (
	"strconv"
	"strings"
)

// EventKind says what happened. Each kind belongs to one Category.
type EventKind uint8

// The kinds of event the engine records.
const (
	// EvCommand: a command was applied (Text is its script line).
	EvCommand EventKind = iota + 1
	// EvTopicCreated: the controller registered a topic (Text: topic id).
	EvTopicCreated
	// EvLeaderElected: a partition got a leader (Peer) in Epoch, with ISR.
	EvLeaderElected
	// EvMsgSent, EvMsgDelivered, EvMsgDropped: a message left, arrived or
	// was lost (MsgKind, MsgID).
	EvMsgSent
	EvMsgDelivered
	EvMsgDropped
	// EvAppended: a replica appended records [Offset, End) in Epoch; Value
	// is the first record's value.
	EvAppended
	// EvHWChanged: a replica's high watermark moved from Offset to End.
	// When a follower's HW rises over a record that the partition's
	// leader, Peer, does not hold at that offset (KAFKA-14704), LEO is
	// the first such offset and Value and Epoch are its record's; Peer is
	// the zero NodeID otherwise.
	EvHWChanged
	// EvFetchParked: the leader (Node) holds an empty fetch from Peer at
	// Offset open for up to replica.fetch.wait.max.ms / fetch.max.wait.ms.
	EvFetchParked
	// EvFetchRound: a follower (Node) processed a fetch response from Peer:
	// it asked from Offset, the leader's log ended at LEO, Count records came
	// back and its log now ends at End.
	EvFetchRound
	// EvProduceAcked: a producer's batch was acknowledged at [Offset, End).
	EvProduceAcked
	// EvProduceError: a produce attempt failed with Err (retried if
	// retriable).
	EvProduceError
	// EvMetadataUpdated: a client learned that Peer leads TP in Epoch.
	EvMetadataUpdated
	// EvConsumerRead: a consumer received records [Offset, End).
	EvConsumerRead
	// EvConsumerError: a consumer's fetch failed with Err.
	EvConsumerError
	// EvTruncated: a replica cut its log from End back to Offset (Count
	// records, the first of which was Value), for the reason in Text.
	EvTruncated
	// EvISRShrinkProposed / EvISRExpandProposed: a leader asks the
	// controller (AlterPartition) to drop or add Peer; ISR is the proposal.
	EvISRShrinkProposed
	EvISRExpandProposed
	// EvISRChanged: the controller committed a new ISR (partition epoch in
	// Offset, leader epoch in Epoch, old → new in Text).
	EvISRChanged
	// EvBrokerFenced / EvBrokerUnfenced / EvControlledShutdown: the
	// controller changed broker Peer's state.
	EvBrokerFenced
	EvBrokerUnfenced
	EvControlledShutdown
	// EvBrokerStopped / EvBrokerStarted: a broker process ended or began.
	EvBrokerStopped
	EvBrokerStarted
	// EvNetwork: links were cut, healed, slowed or made lossy (Text).
	EvNetwork
	// EvElection: kafka-leader-election.sh's output line (Text).
	EvElection
	// EvDuplicate: the leader recognised an idempotent retry already in its
	// log at [Offset, End).
	EvDuplicate
	// EvProduceFailed: a producer gave up on a batch (Err or Text says why).
	EvProduceFailed
	// EvConsumerRedirected: the leader named Peer as the consumer's
	// preferred read replica (KIP-392).
	EvConsumerRedirected
	// EvConsumerTruncation: a consumer found its position past the end of
	// its epoch on the new leader (KIP-320): End was its position, Offset
	// the divergence point.
	EvConsumerTruncation
	// EvViolation: a Kafka guarantee broke (Text names the rule; TP, Offset,
	// Value and ISR say where).
	EvViolation
	// EvAlterPartitionRejected: the controller answered leader Peer's
	// AlterPartition for TP (requested ISR in ISR) with error Err, for the
	// reason in Text (ReplicationControlManager.alterPartition).
	EvAlterPartitionRejected
	// EvRegistrationRefused: the controller refused broker Peer's
	// registration with Err (DUPLICATE_BROKER_REGISTRATION: its previous
	// registration's session is still valid); the broker sends it again at
	// End, and after each further refusal waits twice as long
	// (ClusterControlManager.registerBroker, BrokerLifecycleManager). Only
	// the first refusal of a series is an event.
	EvRegistrationRefused
	// EvDisk: broker Node's disk latency per append became End ms
	// (SlowDisk; 0: healthy again), as Text says.
	EvDisk
	// EvOffsetCommitted: group coordinator Node stored consumer Peer's
	// committed Offset of TP with leader Epoch for group Text (group.go).
	EvOffsetCommitted
	// EvOffsetFetched: consumer Node of group Text read its committed
	// Offset of TP (-1: none) with leader Epoch from coordinator Peer.
	EvOffsetFetched
	// EvOffsetsExpired: coordinator Node removed group Text's committed
	// Offset of TP (offsets.retention.minutes after the group emptied).
	EvOffsetsExpired
	// EvConsumerReset: consumer Node lost its place on TP and moved from
	// Offset to End by auto.offset.reset; Text says why and by which policy.
	EvConsumerReset
	// EvListOffsets: consumer Node asked Peer where TP starts or ends
	// (Text: earliest or latest) and was told Offset (listoffsets.go).
	EvListOffsets
	// EvLogStartMoved: replica Node's log start offset of TP moved from
	// Offset to End, deleting Count whole segments (0: it followed the
	// leader's log start offset), for the reason in Text (retention.go).
	EvLogStartMoved
	// EvBrokerHung: broker Node is half-alive (hang): it stays registered
	// and heartbeats, but stops answering the requests Text names
	// (engine/hang.go).
	EvBrokerHung
	// EvBrokerResumed: broker Node's request handlers work again (resume);
	// Count requests waited in its queue and are answered now, in arrival
	// order.
	EvBrokerResumed
)

// Category groups event kinds for filtering (the script's events= argument
// and the page's event log).
type Category uint8

// The categories, as the script spells them.
const (
	CatNet       Category = 1 << iota // messages sent, delivered, dropped
	CatFetch                          // fetch long polls and fetch rounds
	CatLog                            // appends, HW moves, truncation
	CatCluster                        // topics, leaders, ISR, epochs
	CatClient                         // produce results, metadata, consumer reads
	CatCommand                        // commands applied
	CatFault                          // crashes, restarts, network changes
	CatViolation                      // broken guarantees

	// CatDefault is what a script prints unless told otherwise.
	CatDefault = CatFetch | CatLog | CatCluster | CatClient | CatFault | CatViolation
	// CatAll is every category.
	CatAll = CatNet | CatFetch | CatLog | CatCluster | CatClient | CatCommand | CatFault | CatViolation
)

// Category returns the category of k.
func (k EventKind) Category() Category {
	switch k {
	case EvMsgSent, EvMsgDelivered, EvMsgDropped:
		return CatNet
	case EvFetchParked, EvFetchRound:
		return CatFetch
	case EvAppended, EvHWChanged, EvTruncated, EvLogStartMoved:
		return CatLog
	case EvTopicCreated, EvLeaderElected, EvISRShrinkProposed, EvISRExpandProposed, EvISRChanged,
		EvBrokerFenced, EvBrokerUnfenced, EvControlledShutdown, EvElection, EvAlterPartitionRejected,
		EvRegistrationRefused:
		return CatCluster
	case EvProduceAcked, EvProduceError, EvMetadataUpdated, EvConsumerRead, EvConsumerError,
		EvDuplicate, EvProduceFailed, EvConsumerRedirected, EvConsumerTruncation,
		EvOffsetCommitted, EvOffsetFetched, EvOffsetsExpired, EvConsumerReset, EvListOffsets:
		return CatClient
	case EvBrokerStopped, EvBrokerStarted, EvNetwork, EvDisk, EvBrokerHung, EvBrokerResumed:
		return CatFault
	case EvViolation:
		return CatViolation
	case EvCommand:
		return CatCommand
	}
	return 0
}

// Event is one entry of the append-only event log: a flat struct whose
// fields are read according to Kind (see the EventKind constants).
//
// The fields are ordered so that the small ones share words: the log holds
// every event a run makes, so each byte counts (168 bytes an event).
type Event struct {
	// Seq is the event's index in the log; At is when it happened.
	Seq  int
	At   Time
	Kind EventKind
	// MsgKind is a message event's Kafka API.
	MsgKind MsgKind
	Err     ErrorCode
	Epoch   Epoch
	// Node is the actor; Peer is the other party or the elected leader.
	Node NodeID
	Peer NodeID
	TP   TopicPartition

	Offset Offset
	End    Offset
	LEO    Offset
	Count  int
	ISR    []BrokerID

	MsgID int64
	// DeliverAt is a sent message's scheduled arrival.
	DeliverAt Time
	// Value is the first record's value where records are involved.
	Value string
	// Text carries a command line or a topic id.
	Text string
}

// String is the event as one plain-language sentence, without its time.
// Tests and the page's event log share this one format. Each concept's
// events are worded by their own method (controllerText, messageText,
// replicaText, producerText, consumerText, lifecycleText, groupEventText).
func (e Event) String() string {
	switch e.Kind {
	case EvCommand:
		return "> " + e.Text
	case EvNetwork, EvDisk, EvElection:
		return e.Text
	case EvViolation:
		return "VIOLATION " + e.Text
	case EvTopicCreated, EvLeaderElected, EvISRChanged, EvBrokerFenced, EvBrokerUnfenced, EvControlledShutdown, EvRegistrationRefused, EvAlterPartitionRejected:
		return e.controllerText()
	case EvMsgSent, EvMsgDelivered, EvMsgDropped:
		return e.messageText()
	case EvAppended, EvHWChanged, EvFetchParked, EvFetchRound, EvTruncated, EvISRShrinkProposed, EvISRExpandProposed, EvDuplicate:
		return e.replicaText()
	case EvProduceAcked, EvProduceError, EvProduceFailed, EvMetadataUpdated:
		return e.producerText()
	case EvConsumerRead, EvConsumerError, EvConsumerRedirected, EvConsumerTruncation:
		return e.consumerText()
	case EvBrokerStopped, EvBrokerStarted, EvBrokerHung, EvBrokerResumed:
		return e.lifecycleText()
	case EvOffsetCommitted, EvOffsetFetched, EvOffsetsExpired, EvConsumerReset, EvListOffsets, EvLogStartMoved:
		return groupEventText(e)
	}
	return e.unknownText()
}

// unknownText words an event of a kind String does not know.
func (e Event) unknownText() string { return "event " + itoa(int(e.Kind)) }

// controllerText words the controller's events: a topic created, a
// leader elected, an ISR changed, a broker fenced, unfenced or moved out
// for its controlled shutdown, a registration or AlterPartition refused.
func (e Event) controllerText() string {
	var b strings.Builder
	switch e.Kind {
	case EvTopicCreated:
		b.WriteString("controller created topic " + e.TP.Topic + " (TopicId " + e.Text + ")")
	case EvLeaderElected:
		if e.Peer.Kind == NodeNone {
			b.WriteString("controller: " + e.TP.String() + " has no leader (Leader: none) in leader epoch " + itoa(int(e.Epoch)) + ", ISR " + idsOrEmpty(e.ISR) + ": no eligible replica is alive")
			break
		}
		b.WriteString("controller: " + e.TP.String() + " leader " + e.Peer.String() + " in leader epoch " + itoa(int(e.Epoch)) + ", ISR " + joinIDs(e.ISR))
		if e.Text != "" {
			b.WriteString(" (" + e.Text + ")")
		}
	case EvISRChanged:
		b.WriteString("controller: " + e.TP.String() + " " + e.Text + " (partition epoch " + itoa64(int64(e.Offset)) + ", leader epoch " + itoa(int(e.Epoch)) + ")")
	case EvBrokerFenced:
		b.WriteString("controller fences " + e.Peer.String() + ": " + e.Text)
	case EvBrokerUnfenced:
		b.WriteString("controller unfences " + e.Peer.String())
	case EvControlledShutdown:
		b.WriteString("controller moves " + e.Peer.String() + "'s leaderships away for its controlled shutdown")
	case EvRegistrationRefused:
		b.WriteString("controller refuses " + e.Peer.String() + "'s registration: " + e.Err.String())
		if e.Text != "" {
			b.WriteString(", " + e.Text)
		}
		b.WriteString("; it tries again at " + FormatTime(Time(e.End)) + ", waiting twice as long after each refusal")
	case EvAlterPartitionRejected:
		b.WriteString("controller rejects " + e.Peer.String() + "'s AlterPartition of " + e.TP.String() + " (ISR " + idsOrEmpty(e.ISR) + "): " + e.Err.String())
		if e.Text != "" {
			b.WriteString(", " + e.Text)
		}
	default:
		return e.unknownText()
	}
	return b.String()
}

// messageText words a message's events: sent, delivered or lost.
func (e Event) messageText() string {
	var b strings.Builder
	switch e.Kind {
	case EvMsgSent:
		b.WriteString(e.Node.String() + " sends " + e.MsgKind.String() + " to " + e.Peer.String() + ", arriving at " + FormatTime(e.DeliverAt))
	case EvMsgDelivered:
		b.WriteString(e.Node.String() + " receives " + e.MsgKind.String() + " from " + e.Peer.String())
	case EvMsgDropped:
		b.WriteString(e.MsgKind.String() + " from " + e.Peer.String() + " to " + e.Node.String() + " was lost")
	default:
		return e.unknownText()
	}
	return b.String()
}

// replicaText words a replica's events: an append, a high watermark
// moved, a follower's fetch held or answered, a truncation, an ISR change
// proposed, an idempotent duplicate.
func (e Event) replicaText() string {
	var b strings.Builder
	switch e.Kind {
	case EvAppended:
		b.WriteString(e.Node.String() + " appends " + recordsPhrase(e.Offset, e.End, e.Value) + " to " + e.TP.String() + " in leader epoch " + itoa(int(e.Epoch)))
	case EvHWChanged:
		b.WriteString(e.Node.String() + " " + e.TP.String() + " high watermark " + itoa64(int64(e.Offset)) + " → " + itoa64(int64(e.End)))
		if e.Peer.Kind == NodeBroker {
			b.WriteString(", over " + recordsPhrase(e.LEO, e.LEO+1, e.Value) + " of leader epoch " + itoa(int(e.Epoch)) + ", which leader " + e.Peer.String() + " does not have")
		}
	case EvFetchParked:
		b.WriteString(e.Node.String() + " holds " + e.Peer.String() + "'s fetch of " + e.TP.String() + " from offset " + itoa64(int64(e.Offset)) + " open: nothing to return yet")
	case EvFetchRound:
		b.WriteString(e.Node.String() + " fetched " + e.TP.String() + " from offset " + itoa64(int64(e.Offset)) + ": " + e.Peer.String() + "'s log ends at " + itoa64(int64(e.LEO)) + ", got " + returnsPhrase(e.Offset, e.Count) + ", log end now " + itoa64(int64(e.End)))
	case EvTruncated:
		b.WriteString(e.Node.String() + " truncates " + e.TP.String() + " from log end " + itoa64(int64(e.End)) + " to " + itoa64(int64(e.Offset)) + ", removing " + recordsPhrase(e.Offset, e.End, e.Value) + ": " + e.Text)
	case EvISRShrinkProposed:
		b.WriteString(e.Node.String() + " asks the controller to drop " + e.Peer.String() + " from the ISR of " + e.TP.String() + " (AlterPartition ISR " + joinIDs(e.ISR) + "): " + e.Text + ", last caught up " + itoa64(int64(e.Offset)) + " ms ago")
	case EvISRExpandProposed:
		b.WriteString(e.Node.String() + " asks the controller to add " + e.Peer.String() + " to the ISR of " + e.TP.String() + " (AlterPartition ISR " + joinIDs(e.ISR) + "): its log end " + itoa64(int64(e.Offset)) + " " + e.Text)
	case EvDuplicate:
		b.WriteString(e.Node.String() + " already has " + e.Peer.String() + "'s retried batch at " + recordsPhrase(e.Offset, e.End, "") + ": idempotent duplicate, not appended again")
	default:
		return e.unknownText()
	}
	return b.String()
}

// producerText words a producer's events: an acknowledgement, an error,
// records given up, a metadata answer.
func (e Event) producerText() string {
	var b strings.Builder
	switch e.Kind {
	case EvProduceAcked:
		if e.Offset < 0 {
			// acks=0: the batch is complete once sent; no response comes,
			// and the Java client reports offset -1 (RecordMetadata's
			// UNKNOWN_OFFSET).
			b.WriteString(e.Node.String() + " produce to " + e.TP.String() + " sent with acks=0: no acknowledgement and no offset (" + sentPhrase(e.Value, e.Count) + ")")
			break
		}
		b.WriteString(e.Node.String() + " produce to " + e.TP.String() + " acknowledged: " + recordsPhrase(e.Offset, e.End, e.Value))
	case EvProduceError:
		b.WriteString(e.Node.String() + " produce to " + e.TP.String() + " failed at " + e.Peer.String() + ": " + e.Err.String())
		if e.Text != "" {
			b.WriteString("; " + e.Text)
		}
	case EvProduceFailed:
		b.WriteString(e.Node.String() + " gives up on " + itoa(e.Count) + " record(s) for " + e.TP.String())
		if e.Err != ErrNone {
			b.WriteString(": " + e.Err.String())
		}
		if e.Text != "" {
			b.WriteString(": " + e.Text)
		}
	case EvMetadataUpdated:
		if e.Err != ErrNone {
			b.WriteString(e.Node.String() + " metadata for " + e.TP.String() + " from " + e.Peer.String() + ": " + e.Err.String())
			break
		}
		b.WriteString(e.Node.String() + " metadata: " + e.TP.String() + " leader " + e.Peer.String() + " in leader epoch " + itoa(int(e.Epoch)))
	default:
		return e.unknownText()
	}
	return b.String()
}

// consumerText words a consumer's events: records read, an error, a
// redirection to a read replica, a truncation detected.
func (e Event) consumerText() string {
	var b strings.Builder
	switch e.Kind {
	case EvConsumerRead:
		b.WriteString(e.Node.String() + " reads " + recordsPhrase(e.Offset, e.End, e.Value) + " of " + e.TP.String() + " from " + e.Peer.String())
	case EvConsumerError:
		b.WriteString(e.Node.String() + " fetch of " + e.TP.String() + " from " + e.Peer.String() + " failed: " + e.Err.String())
		if e.Text != "" {
			b.WriteString("; " + e.Text)
		}
	case EvConsumerRedirected:
		b.WriteString(e.Node.String() + " is told to read " + e.TP.String() + " from " + e.Peer.String() + " (" + e.Text + ")")
	case EvConsumerTruncation:
		b.WriteString(e.Node.String() + " detects log truncation on " + e.TP.String() + ": its position " + itoa64(int64(e.End)) + " is past the end " + itoa64(int64(e.Offset)) + " of leader epoch " + itoa(int(e.Epoch)) + " on " + e.Peer.String() + "; " + e.Text)
	default:
		return e.unknownText()
	}
	return b.String()
}

// lifecycleText words a broker process's events: stopped, started, hung
// or resumed.
func (e Event) lifecycleText() string {
	var b strings.Builder
	switch e.Kind {
	case EvBrokerStopped:
		b.WriteString(e.Node.String() + " " + e.Text)
	case EvBrokerStarted:
		b.WriteString(e.Node.String() + " starts and registers with the controller")
	case EvBrokerHung:
		b.WriteString(e.Node.String() + " hangs: " + e.Text)
	case EvBrokerResumed:
		b.WriteString(e.Node.String() + " resumes and answers the " + itoa(e.Count) + " request(s) waiting in its queue")
	default:
		return e.unknownText()
	}
	return b.String()
}

// recordsPhrase says "offset 4 (order-9001)" or "offsets 3..4".
func recordsPhrase(from, end Offset, first string) string {
	if end-from == 1 {
		if first != "" {
			return "offset " + itoa64(int64(from)) + " (" + first + ")"
		}
		return "offset " + itoa64(int64(from))
	}
	return "offsets " + itoa64(int64(from)) + ".." + itoa64(int64(end-1))
}

// sentPhrase words the records of an acks=0 send: its first value alone,
// or "m2 and 3 more".
func sentPhrase(first string, n int) string {
	if n <= 1 {
		return first
	}
	return first + " and " + itoa(n-1) + " more"
}

// returnsPhrase words a fetch's records the way the lesson's table does:
// "nothing yet", "offset 8", "offsets 3 and 4", "offsets 5, 6 and 7".
// Runs longer than five records are shortened to "offsets 0 to 1203".
func returnsPhrase(from Offset, n int) string {
	switch {
	case n <= 0:
		return "nothing yet"
	case n == 1:
		return "offset " + itoa64(int64(from))
	case n > 5:
		return "offsets " + itoa64(int64(from)) + " to " + itoa64(int64(from)+int64(n)-1)
	}
	var b strings.Builder
	b.WriteString("offsets ")
	for i := 0; i < n; i++ {
		switch {
		case i == n-1:
			b.WriteString(" and ")
		case i > 0:
			b.WriteString(", ")
		}
		b.WriteString(itoa64(int64(from) + int64(i)))
	}
	return b.String()
}

// ReturnsPhrase is returnsPhrase for views outside the package.
func ReturnsPhrase(from Offset, n int) string { return returnsPhrase(from, n) }

func joinIDs(ids []BrokerID) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = itoa(int(id))
	}
	return strings.Join(parts, ",")
}

// JoinIDs prints broker ids the way kafka-topics.sh does: "1,2,3".
func JoinIDs(ids []BrokerID) string { return joinIDs(ids) }

func itoa(i int) string            { return strconv.Itoa(i) }
func itoa64(i int64) string        { return strconv.FormatInt(i, 10) }
func strconvQuote(s string) string { return strconv.Quote(s) }
