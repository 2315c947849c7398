package engine

import "strconv"

// Command is an input to a Cluster, applied at the cluster's current time by
// Apply. The set is closed: CreateTopic, Produce and Consume.
type Command interface {
	isCommand()
	// String prints the command as a script line would give it.
	String() string
}

// CreateTopic creates a topic the way the KRaft controller does
// (ReplicationControlManager.createTopic with StripedReplicaPlacer).
type CreateTopic struct {
	Name              string
	Partitions        int
	ReplicationFactor int
	// StartBroker is the broker that gets partition 0's first replica.
	// Kafka draws this start at random for each request; 0 means broker 1,
	// which gives the lesson's layout.
	StartBroker BrokerID
	// MinInsyncReplicas overrides min.insync.replicas for the topic; 0 keeps
	// the cluster default. A set value shows under Configs in describe.
	MinInsyncReplicas int
	// Configs are topic-level retention and segment overrides
	// (retention.ms, retention.bytes, segment.bytes, segment.ms;
	// retention.go), shown under Configs in describe.
	Configs []TopicConfig
}

// Produce has a producer send records to one partition.
type Produce struct {
	// Producer numbers the client (p1, p2, ...); 0 means p1. A producer is
	// created on first use.
	Producer int32
	TP       TopicPartition
	Key      string
	Values   []string
	Acks     Acks
	// Broker, when set, makes the producer's metadata name that broker as the
	// partition's leader, as a client holding stale metadata would. The
	// wrong broker answers NOT_LEADER_OR_FOLLOWER and the producer refreshes.
	Broker BrokerID
	// Size is each record's size in bytes, 1..MaxRecordSize; 0 means
	// DefaultRecordSize. The fetch size limits and the log's segments
	// (segment.bytes, retention.bytes) count it.
	Size int32
}

// DefaultRecordSize is the size in bytes a record has unless a produce
// says size=: 1 KiB, a typical small event (Kafka's own
// ProducerPerformance examples use --record-size 1024).
const DefaultRecordSize = 1024

// MaxRecordSize bounds a record's size= in bytes: 1 MiB, about the
// broker's message.max.bytes default of 1048588 (ServerLogConfigs
// .MAX_MESSAGE_BYTES_DEFAULT), which kplay does not otherwise check.
const MaxRecordSize = 1 << 20

// RecordBatchOverhead is the bytes a record batch adds to its records
// (DefaultRecordBatch.RECORD_BATCH_OVERHEAD, the v2 batch header): a fetch
// counts a batch as this plus its records' sizes.
const RecordBatchOverhead = 61

// recordSize is the size each record of the produce gets.
func (c Produce) recordSize() int32 {
	if c.Size == 0 {
		return DefaultRecordSize
	}
	return c.Size
}

// Consume starts a consumer that reads one partition in a fetch loop.
type Consume struct {
	// Consumer numbers the client (c1, c2, ...); 0 means c1. Starting a
	// consumer that exists moves it to From.
	Consumer int32
	TP       TopicPartition
	// From is the first offset to read; OffsetEarliest and OffsetLatest ask
	// for the log start or the high watermark (auto.offset.reset terms).
	From Offset
	// Broker, when set, makes the consumer's metadata name that broker as the
	// partition's leader (stale metadata), as in Produce.
	Broker BrokerID
	// Rack is the consumer's client.rack (KIP-392), "" for none.
	Rack string
	// Seek, when set, is KafkaConsumer.seek(partition, From) on an existing
	// consumer assigned to TP instead: the position moves to From (an
	// offset, not earliest or latest) and the consumer keeps its metadata
	// and its preferred read replica (KIP-392). Broker and Rack must be
	// unset. A script writes it "seek TOPIC-P offset=N [consumer=c1]".
	Seek bool
	// Group is the consumer's group.id (group.go): it starts from the
	// group's committed offset (From must be OffsetEarliest, the unset
	// value) and commits to the group's coordinator. "" for none.
	Group string
	// Commit, when set, is KafkaConsumer.commitSync() on the existing
	// consumer assigned to TP ("commit TOPIC-P [consumer=c1]"); Close is
	// KafkaConsumer.close() ("close TOPIC-P [consumer=c1]"): an auto
	// commit, then the consumer leaves its group and stops.
	Commit, Close bool
}

// Special values of Consume.From, as ListOffsets spells them.
const (
	OffsetLatest   Offset = -1
	OffsetEarliest Offset = -2
)

func (CreateTopic) isCommand() {}
func (Produce) isCommand()     {}
func (Consume) isCommand()     {}

// String prints the command as a kplay script line.
func (c CreateTopic) String() string {
	s := "create-topic " + c.Name + " partitions=" + itoa(c.Partitions) + " rf=" + itoa(c.ReplicationFactor)
	if c.StartBroker > 1 {
		s += " start=" + itoa(int(c.StartBroker))
	}
	if c.MinInsyncReplicas > 0 {
		s += " min.insync.replicas=" + itoa(c.MinInsyncReplicas)
	}
	for _, tc := range c.Configs {
		s += " " + tc.Key + "=" + strconv.FormatInt(tc.Value, 10)
	}
	return s
}

// String prints the command as a kplay script line. It is built in one
// buffer: every produce command is printed into the event log, so this is
// on the engine's hot path.
func (c Produce) String() string {
	b := make([]byte, 0, 64)
	b = append(b, "produce "...)
	b = append(b, c.TP.Topic...)
	b = append(b, '-')
	b = strconv.AppendInt(b, int64(c.TP.Partition), 10)
	if c.Producer > 1 {
		b = append(b, " producer=p"...)
		b = strconv.AppendInt(b, int64(c.Producer), 10)
	}
	if c.Key != "" {
		b = append(b, " key="...)
		b = append(b, quoteArg(c.Key)...)
	}
	if n := len(c.Values); n > 3 && countLike(c.Values) {
		b = append(b, " count="...)
		b = strconv.AppendInt(b, int64(n), 10)
	} else {
		b = append(b, " values=("...)
		for i, v := range c.Values {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = append(b, quoteArg(v)...)
		}
		b = append(b, ')')
	}
	b = append(b, " acks="...)
	b = append(b, c.Acks.String()...)
	if c.Broker != 0 {
		b = append(b, " broker="...)
		b = strconv.AppendInt(b, int64(c.Broker), 10)
	}
	if c.Size != 0 {
		b = append(b, " size="...)
		b = strconv.AppendInt(b, int64(c.Size), 10)
	}
	return string(b)
}

// String prints the command as a kplay script line.
func (c Consume) String() string {
	if c.Seek {
		s := "seek " + c.TP.String() + " offset=" + itoa(int(c.From))
		if c.Consumer > 1 {
			s += " consumer=c" + itoa(int(c.Consumer))
		}
		return s
	}
	if c.Commit || c.Close {
		s := "close " + c.TP.String()
		if c.Commit {
			s = "commit " + c.TP.String()
		}
		if c.Consumer > 1 {
			s += " consumer=c" + itoa(int(c.Consumer))
		}
		return s
	}
	if c.Group != "" {
		s := "consume " + c.TP.String()
		if c.Consumer > 1 {
			s += " consumer=c" + itoa(int(c.Consumer))
		}
		s += " group.id=" + quoteArg(c.Group)
		if c.Broker != 0 {
			s += " broker=" + itoa(int(c.Broker))
		}
		if c.Rack != "" {
			s += " client.rack=" + quoteArg(c.Rack)
		}
		return s
	}
	s := "consume " + c.TP.String()
	if c.Consumer > 1 {
		s += " consumer=c" + itoa(int(c.Consumer))
	}
	switch c.From {
	case OffsetEarliest:
		s += " from=earliest"
	case OffsetLatest:
		s += " from=latest"
	default:
		s += " from=" + itoa(int(c.From))
	}
	if c.Broker != 0 {
		s += " broker=" + itoa(int(c.Broker))
	}
	if c.Rack != "" {
		s += " client.rack=" + quoteArg(c.Rack)
	}
	return s
}

// countLike reports whether values are m0, m1, ... as "count=N" makes them.
func countLike(values []string) bool {
	var buf [24]byte
	for i, v := range values {
		if v != string(strconv.AppendInt(append(buf[:0], 'm'), int64(i), 10)) {
			return false
		}
	}
	return true
}

// quoteArg quotes a value that a script parser would otherwise split.
func quoteArg(s string) string {
	plain := s != ""
	for _, r := range s {
		if r <= ' ' || r == ',' || r == '(' || r == ')' || r == '"' || r == '=' || r == '#' || r > '~' {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	return strconvQuote(s)
}
