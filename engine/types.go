package engine

import (
	"fmt"
	"strconv"
)

// Time is a point on the scenario's clock in milliseconds. A scenario that
// names a wall-clock start (Config.Start) begins there; FormatTime prints it
// the way the lesson does ("10:00:00.020").
type Time int64

// FormatTime prints t, milliseconds since midnight, as HH:MM:SS.mmm. Times
// past 24 h keep counting hours ("25:00:00.000").
func FormatTime(t Time) string {
	neg := ""
	if t < 0 {
		neg, t = "-", -t
	}
	ms := t % 1000
	s := (t / 1000) % 60
	m := (t / 60000) % 60
	h := t / 3600000
	return fmt.Sprintf("%s%02d:%02d:%02d.%03d", neg, h, m, s, ms)
}

// BrokerID is a broker's node.id, 1-based as in the lesson.
type BrokerID int32

// NoLeader is the leader id of a partition without a leader (Kafka's
// LeaderAndIsr.NO_LEADER, printed by kafka-topics.sh as "none").
const NoLeader BrokerID = -1

// Offset is a position in a partition's log, counted in records.
type Offset int64

// Epoch is a leader epoch or partition epoch (a 32-bit counter in Kafka).
type Epoch int32

// TopicPartition names one partition, as Kafka's TopicPartition does.
type TopicPartition struct {
	Topic     string
	Partition int32
}

// String prints the partition the way Kafka's tools do: "orders-0".
func (tp TopicPartition) String() string {
	return tp.Topic + "-" + strconv.Itoa(int(tp.Partition))
}

// Less orders partitions by topic, then partition number.
func (tp TopicPartition) Less(o TopicPartition) bool {
	if tp.Topic != o.Topic {
		return tp.Topic < o.Topic
	}
	return tp.Partition < o.Partition
}

// NodeKind says what sort of process a node is.
type NodeKind uint8

// The kinds of node in a Cluster.
const (
	NodeNone NodeKind = iota
	NodeBroker
	NodeController
	NodeProducer
	NodeConsumer
)

// NodeID names one node: a broker, the controller, or a client.
type NodeID struct {
	Kind NodeKind
	ID   int32
}

// Broker returns the NodeID of broker b.
func Broker(b BrokerID) NodeID { return NodeID{Kind: NodeBroker, ID: int32(b)} }

// Controller is the NodeID of the KRaft controller quorum, drawn as one node.
var Controller = NodeID{Kind: NodeController}

// String prints b1, p1, c1 or controller.
func (n NodeID) String() string {
	switch n.Kind {
	case NodeBroker:
		return "b" + strconv.Itoa(int(n.ID))
	case NodeController:
		return "controller"
	case NodeProducer:
		return "p" + strconv.Itoa(int(n.ID))
	case NodeConsumer:
		return "c" + strconv.Itoa(int(n.ID))
	}
	return "-"
}

// Acks is the producer's acks setting (ProducerConfig.ACKS_CONFIG).
type Acks int8

// The three acks settings. AcksAll is Kafka's default since 3.0 (KIP-679).
const (
	AcksAll  Acks = -1
	AcksNone Acks = 0
	AcksOne  Acks = 1
)

// String prints acks the way the producer config spells it: 0, 1 or all.
func (a Acks) String() string {
	if a == AcksAll {
		return "all"
	}
	return strconv.Itoa(int(a))
}

// Record is one record in a log. Records are values and are never changed
// once created, so logs and messages may share them.
type Record struct {
	Offset Offset
	// LeaderEpoch is the epoch of the leader that appended the batch
	// (RecordBatch.partitionLeaderEpoch).
	LeaderEpoch Epoch
	// Size is the record's size in bytes as the fetch size limits
	// (replica.fetch.max.bytes, fetch.max.bytes, KIP-74) and the log's
	// segments (segment.bytes, retention.bytes) count it: the encoded
	// key, value and headers. Produce.Size sets it, DefaultRecordSize
	// unless a script says size=; a batch adds RecordBatchOverhead.
	Size  int32
	Key   string
	Value string
	// Producer is the client that produced the record, and ProducedAt the
	// time its application called send.
	Producer   NodeID
	ProducedAt Time
	// ProducerID and Sequence identify the record for idempotence
	// (RecordBatch producerId and baseSequence + index); 0 and -1 when the
	// producer is not idempotent.
	ProducerID int64
	Sequence   int32
	// OffsetDelta is the record's place in the batch the leader appended it
	// in (the v2 record format's offsetDelta, from 0; RecordBatch
	// .lastOffsetDelta is the batch's last). A batch is written and lost
	// whole: a log is cut only where a record with OffsetDelta 0 starts a
	// batch (LogSegment.recover drops a partly written batch).
	OffsetDelta int32
}
