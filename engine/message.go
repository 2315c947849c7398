package engine

// MsgKind is a message's Kafka API (and whether it is the response).
type MsgKind uint8

// The messages that cross the simulated network. Names are Kafka API names.
const (
	MsgProduce MsgKind = iota + 1
	MsgProduceResponse
	MsgFetch
	MsgFetchResponse
	MsgMetadata
	MsgMetadataResponse
	// Controller RPCs (KRaft).
	MsgBrokerRegistration
	MsgBrokerRegistrationResponse
	MsgBrokerHeartbeat
	MsgAlterPartition
	MsgAlterPartitionResponse
	// OffsetsForLeaderEpoch: a consumer validating its position (KIP-320).
	MsgOffsetsForLeaderEpoch
	MsgOffsetsForLeaderEpochResponse
	// Consumer groups (group.go) and ListOffsets (listoffsets.go).
	MsgOffsetCommit
	MsgOffsetCommitResponse
	MsgOffsetFetch
	MsgOffsetFetchResponse
	MsgListOffsets
	MsgListOffsetsResponse
)

var msgKindNames = [...]string{
	MsgProduce:          "Produce",
	MsgProduceResponse:  "ProduceResponse",
	MsgFetch:            "Fetch",
	MsgFetchResponse:    "FetchResponse",
	MsgMetadata:         "Metadata",
	MsgMetadataResponse: "MetadataResponse",

	MsgBrokerRegistration:         "BrokerRegistration",
	MsgBrokerRegistrationResponse: "BrokerRegistrationResponse",
	MsgBrokerHeartbeat:            "BrokerHeartbeat",
	MsgAlterPartition:             "AlterPartition",
	MsgAlterPartitionResponse:     "AlterPartitionResponse",

	MsgOffsetsForLeaderEpoch:         "OffsetsForLeaderEpoch",
	MsgOffsetsForLeaderEpochResponse: "OffsetsForLeaderEpochResponse",

	MsgOffsetCommit:         "OffsetCommit",
	MsgOffsetCommitResponse: "OffsetCommitResponse",
	MsgOffsetFetch:          "OffsetFetch",
	MsgOffsetFetchResponse:  "OffsetFetchResponse",
	MsgListOffsets:          "ListOffsets",
	MsgListOffsetsResponse:  "ListOffsetsResponse",
}

// String prints the Kafka API name, e.g. "Fetch" or "FetchResponse".
func (k MsgKind) String() string {
	if int(k) < len(msgKindNames) && msgKindNames[k] != "" {
		return msgKindNames[k]
	}
	return "Unknown"
}

// IsResponse reports whether k answers a request.
func (k MsgKind) IsResponse() bool {
	switch k {
	case MsgProduceResponse, MsgFetchResponse, MsgMetadataResponse, MsgBrokerRegistrationResponse, MsgAlterPartitionResponse,
		MsgOffsetsForLeaderEpochResponse, MsgOffsetCommitResponse, MsgOffsetFetchResponse, MsgListOffsetsResponse:
		return true
	}
	return false
}

// responseKind is the response kind of request kind k, 0 if k has none.
func responseKind(k MsgKind) MsgKind {
	switch k {
	case MsgProduce:
		return MsgProduceResponse
	case MsgFetch:
		return MsgFetchResponse
	case MsgMetadata:
		return MsgMetadataResponse
	case MsgBrokerRegistration:
		return MsgBrokerRegistrationResponse
	case MsgAlterPartition:
		return MsgAlterPartitionResponse
	case MsgOffsetsForLeaderEpoch:
		return MsgOffsetsForLeaderEpochResponse
	case MsgOffsetCommit:
		return MsgOffsetCommitResponse
	case MsgOffsetFetch:
		return MsgOffsetFetchResponse
	case MsgListOffsets:
		return MsgListOffsetsResponse
	}
	return 0
}

// ConsumerReplicaID is the ReplicaId of a consumer's Fetch (FetchRequest.json:
// -1 for consumers, the broker id for followers).
const ConsumerReplicaID BrokerID = -1

// Message is one request or response on the wire: a flat union in the shape
// of raftpb.Message, cheap to copy and to print. Fields not used by a Kind
// are zero. A message's Records may share an array with a log or a
// producer's batch; Records are immutable values and every such slice is
// clipped, so later appends never reach them.
type Message struct {
	// ID is unique within a Cluster; a response's Request is its request's ID.
	ID      int64
	Request int64
	Kind    MsgKind
	From    NodeID
	To      NodeID
	// SentAt and DeliverAt are the send time and the scheduled arrival, in
	// milliseconds on the scenario clock.
	SentAt    Time
	DeliverAt Time

	// ReplicaID marks a fetch as a follower's (broker id) or a consumer's (-1).
	ReplicaID BrokerID
	// MaxWaitMs is the fetch's long-poll bound.
	MaxWaitMs Time
	// BrokerEpoch is a broker's registration epoch: assigned by the
	// controller in a BrokerRegistrationResponse and carried by heartbeats
	// and follower fetches (ReplicaState.ReplicaEpoch, KIP-903).
	BrokerEpoch int64
	// WantShutDown marks a heartbeat asking for a controlled shutdown.
	WantShutDown bool
	// Rack is a consumer fetch's client.rack (KIP-392).
	Rack string
	// Group is an OffsetCommit's or OffsetFetch's group.id (group.go).
	Group string
	// Dropped marks a message the network will lose (a per-mille drop).
	Dropped bool
	// FromIncarnation is the sending broker's process incarnation: a message
	// still on the wire when its sender's process dies is lost with it.
	FromIncarnation int
	// Parts are the partitions of a Fetch, FetchResponse, Produce or
	// ProduceResponse, or the single partition of a Metadata exchange.
	Parts []Part
}

// Part is one partition's entry in a request or response.
type Part struct {
	TP TopicPartition
	// Fetch request fields (FetchRequest v12+): FetchOffset, the requester's
	// CurrentLeaderEpoch and LastFetchedEpoch (-1 when its log is empty).
	FetchOffset        Offset
	CurrentLeaderEpoch Epoch
	LastFetchedEpoch   Epoch

	// Produce request fields.
	Acks    Acks
	Records []Record

	// Produce: the idempotent producer's id and the batch's first sequence
	// number (-1 when idempotence is off).
	ProducerID   int64
	BaseSequence int32

	// AlterPartition fields: the proposed ISR and the partition epoch the
	// leader knows (LeaderEpoch carries its leader epoch).
	ISR            []BrokerID
	PartitionEpoch Epoch

	// Response fields: the error, the high watermark, the base offset of an
	// appended batch, and (metadata) the leader and its epoch.
	Err         ErrorCode
	HW          Offset
	BaseOffset  Offset
	Leader      BrokerID
	LeaderEpoch Epoch
	// PreferredReadReplica (FetchResponse v11+, KIP-392) names the replica a
	// consumer should fetch from; -1 for none.
	PreferredReadReplica BrokerID
	// DivergingEpoch (FetchResponse v12+) is set when HasDiverging is true.
	HasDiverging   bool
	DivergingEpoch Epoch
	DivergingEnd   Offset

	// LeaderLEO is the leader's log end offset when it answered. It is not
	// on Kafka's wire; kplay carries it so that the fetch-rounds view can
	// print the lesson's "leader log end" column.
	LeaderLEO Offset

	// LogStartOffset is the serving replica's log start offset
	// (FetchResponse.LogStartOffset, ListOffsetsResponse for EARLIEST):
	// a follower moves its own up to it (retention.go).
	LogStartOffset Offset
}
