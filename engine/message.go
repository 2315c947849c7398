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
)

var msgKindNames = [...]string{
	MsgProduce:          "Produce",
	MsgProduceResponse:  "ProduceResponse",
	MsgFetch:            "Fetch",
	MsgFetchResponse:    "FetchResponse",
	MsgMetadata:         "Metadata",
	MsgMetadataResponse: "MetadataResponse",
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
	return k == MsgProduceResponse || k == MsgFetchResponse || k == MsgMetadataResponse
}

// ConsumerReplicaID is the ReplicaId of a consumer's Fetch (FetchRequest.json:
// -1 for consumers, the broker id for followers).
const ConsumerReplicaID BrokerID = -1

// Message is one request or response on the wire: a flat union in the shape
// of raftpb.Message, cheap to copy and to print. Fields not used by a Kind
// are zero. Records are copied into a message, never shared with a log.
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

	// Response fields: the error, the high watermark, the base offset of an
	// appended batch, and (metadata) the leader and its epoch.
	Err         ErrorCode
	HW          Offset
	BaseOffset  Offset
	Leader      BrokerID
	LeaderEpoch Epoch
	// DivergingEpoch (FetchResponse v12+) is set when HasDiverging is true.
	HasDiverging   bool
	DivergingEpoch Epoch
	DivergingEnd   Offset

	// LeaderLEO is the leader's log end offset when it answered. It is not
	// on Kafka's wire; kplay carries it so that the fetch-rounds view can
	// print the lesson's "leader log end" column.
	LeaderLEO Offset
}
