//go:build !js

package oracle

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"time"

	"github.com/twmb/franz-go/pkg/kmsg"
)

// Record is one record of a partition's log.
type Record struct {
	Offset int64
	Value  string
	// LeaderEpoch is the PartitionLeaderEpoch of the record's batch: the
	// epoch of the leader that appended it.
	LeaderEpoch int32
}

// Replica is one broker's own replica of a partition, read whole.
type Replica struct {
	Broker int32
	// LogStart is the replica's log start offset; HW its high watermark
	// as that broker knows it (a follower's local HW, which trails the
	// leader's); LEO its log end offset (the offset the next record would
	// get; LogStart for an empty log).
	LogStart, HW, LEO int64
	// Records are every record from LogStart to LEO, in offset order.
	Records []Record
	// ErrCode is the error code the broker answered with, 0 if none: e.g.
	// 6 NOT_LEADER_OR_FOLLOWER when it hosts no replica of the partition.
	// When it is not 0 the other fields are zero.
	ErrCode int16
}

// Replica ids a Fetch or ListOffsets request can carry (FetchRequest,
// ListOffsetsRequest in Kafka's clients).
const (
	consumerReplicaID  = -1 // CONSUMER_REPLICA_ID / ORDINARY_CONSUMER_ID
	debuggingReplicaID = -2 // DEBUGGING_CONSUMER_ID
	futureReplicaID    = -3 // FUTURE_LOCAL_REPLICA_ID
)

// ReplicaLog reads broker's own replica of topic-partition, from its log
// start to its log end, with requests sent to that broker alone:
//
//   - ListOffsets (API key 2) with replica id -2 (DEBUGGING_REPLICA_ID)
//     for the earliest (-2) and latest (-1) offsets: for that replica id
//     Kafka answers from the local log whether leader or follower
//     (fetchOnlyFromLeader is false) and with no isolation, so "latest" is
//     the log end offset, not the HW. These give LogStart and LEO.
//   - Fetch (API key 1) from LogStart, repeated until LEO, with replica
//     id -3 (FUTURE_LOCAL_REPLICA_ID; in Fetch v15+ it is carried in
//     ReplicaState.ReplicaId, before in ReplicaId, whichever version is
//     negotiated). In Kafka 4.4 only that id reads a non-follower's fetch
//     up to the log end: FetchIsolation.of gives LOG_END to every replica
//     id that FetchRequest.isConsumer rejects (broker ids and -3), and
//     HIGH_WATERMARK to -1 and to the debugging consumer -2; and
//     FetchParams.fetchOnlyLeader is false for it, so followers answer.
//     Being negative, it is not a follower fetch: it moves no follower
//     state, HW or ISR on the leader. (On a 4.4 leader with LEO 3 and HW
//     2, Fetch as -1 and as -2 both return offsets 0..1, as -3 0..2.)
//     HW is the HighWatermark of the broker's first Fetch answer.
//
// A broker error code (6 NOT_LEADER_OR_FOLLOWER when it hosts no replica,
// 3 UNKNOWN_TOPIC_OR_PARTITION, 100 UNKNOWN_TOPIC_ID when it does not know
// the topic) is returned in ErrCode with a nil error. An unreachable broker,
// a torn answer, or a compressed batch (this package produces without
// compression) is an error.
func (c *Client) ReplicaLog(ctx context.Context, broker int, topic string, partition int32) (Replica, error) {
	out := Replica{Broker: int32(broker)}
	mt, err := c.brokerMetadata(ctx, broker, topic)
	if err != nil {
		return out, err
	}
	if mt.ErrorCode != 0 {
		out.ErrCode = mt.ErrorCode
		return out, nil
	}
	code, start, err := c.listOffset(ctx, broker, topic, partition, -2)
	if err != nil || code != 0 {
		out.ErrCode = code
		return out, err
	}
	code, end, err := c.listOffset(ctx, broker, topic, partition, -1)
	if err != nil || code != 0 {
		out.ErrCode = code
		return out, err
	}
	out.LogStart, out.LEO, out.HW = start, end, -1
	offset := start
	for offset < end {
		fp, err := c.fetch(ctx, broker, futureReplicaID, topic, mt.TopicID, partition, offset, "", 0)
		if err != nil {
			return Replica{Broker: int32(broker)}, err
		}
		if fp.ErrorCode != 0 {
			return Replica{Broker: int32(broker), ErrCode: fp.ErrorCode}, nil
		}
		if out.HW < 0 {
			out.HW = fp.HighWatermark
		}
		recs, next, err := decodeBatches(fp.RecordBatches)
		if err != nil {
			return Replica{Broker: int32(broker)}, fmt.Errorf("oracle: broker %d %s-%d at %d: %w", broker, topic, partition, offset, err)
		}
		for _, r := range recs {
			if r.Offset >= offset {
				out.Records = append(out.Records, r)
			}
		}
		if next > offset {
			offset = next
			continue
		}
		// Nothing before the end ListOffsets gave: the log was truncated
		// meanwhile (a follower after a leader change), or the broker
		// serves this replica id only up to its HW.
		code, end2, err := c.listOffset(ctx, broker, topic, partition, -1)
		if err != nil || code != 0 {
			return Replica{Broker: int32(broker), ErrCode: code}, err
		}
		if end2 > offset {
			return Replica{Broker: int32(broker)}, fmt.Errorf("oracle: broker %d %s-%d: fetch stops at %d, before the log end %d", broker, topic, partition, offset, end2)
		}
		end, offset = end2, end2
		for len(out.Records) > 0 && out.Records[len(out.Records)-1].Offset >= end2 {
			out.Records = out.Records[:len(out.Records)-1]
		}
	}
	// The log may have grown since ListOffsets: LEO is where reading
	// stopped, at a batch boundary.
	out.LEO = offset
	if out.HW < 0 { // empty log: no fetch was needed
		fp, err := c.fetch(ctx, broker, futureReplicaID, topic, mt.TopicID, partition, start, "", 0)
		if err != nil {
			return Replica{Broker: int32(broker)}, err
		}
		if fp.ErrorCode != 0 {
			return Replica{Broker: int32(broker), ErrCode: fp.ErrorCode}, nil
		}
		out.HW = fp.HighWatermark
	}
	return out, nil
}

// listOffset asks broker for the earliest (-2) or latest (-1) offset of
// its own replica, as the debugging replica (-2).
func (c *Client) listOffset(ctx context.Context, broker int, topic string, partition int32, ts int64) (int16, int64, error) {
	req := kmsg.NewPtrListOffsetsRequest()
	req.ReplicaID = debuggingReplicaID
	req.TimeoutMillis = 5000
	rt := kmsg.NewListOffsetsRequestTopic()
	rt.Topic = topic
	rp := kmsg.NewListOffsetsRequestTopicPartition()
	rp.Partition = partition
	rp.Timestamp = ts
	rp.MaxNumOffsets = 1
	rt.Partitions = append(rt.Partitions, rp)
	req.Topics = append(req.Topics, rt)
	r, err := c.requestBroker(ctx, broker, -1, req)
	if err != nil {
		return 0, 0, err
	}
	resp := r.(*kmsg.ListOffsetsResponse)
	for _, t := range resp.Topics {
		for _, p := range t.Partitions {
			if t.Topic == topic && p.Partition == partition {
				if p.ErrorCode != 0 {
					return p.ErrorCode, -1, nil
				}
				off := p.Offset
				if resp.Version == 0 && len(p.OldStyleOffsets) > 0 {
					off = p.OldStyleOffsets[0]
				}
				return 0, off, nil
			}
		}
	}
	return 0, 0, fmt.Errorf("oracle: broker %d: ListOffsets answer lacks %s-%d", broker, topic, partition)
}

// fetch sends one sessionless Fetch for one partition to broker and
// returns that partition's answer. MaxWait is 50 ms and MinBytes
// minBytes, so an empty log or a fetch at the log end returns fast.
func (c *Client) fetch(ctx context.Context, broker int, replicaID int32, topic string, topicID [16]byte, partition int32, offset int64, rack string, minBytes int32) (kmsg.FetchResponseTopicPartition, error) {
	req := kmsg.NewPtrFetchRequest()
	req.ReplicaID = replicaID
	req.ReplicaState.ID = replicaID
	req.ReplicaState.Epoch = -1
	req.MaxWaitMillis = 50
	req.MinBytes = minBytes
	req.MaxBytes = 8 << 20
	req.IsolationLevel = 0
	req.SessionID, req.SessionEpoch = 0, -1 // no fetch session (KIP-227)
	req.Rack = rack
	rt := kmsg.NewFetchRequestTopic()
	rt.Topic = topic
	rt.TopicID = topicID
	rp := kmsg.NewFetchRequestTopicPartition()
	rp.Partition = partition
	rp.CurrentLeaderEpoch = -1
	rp.FetchOffset = offset
	rp.LastFetchedEpoch = -1
	rp.LogStartOffset = -1
	rp.PartitionMaxBytes = 4 << 20
	rt.Partitions = append(rt.Partitions, rp)
	req.Topics = append(req.Topics, rt)
	r, err := c.requestBroker(ctx, broker, -1, req)
	if err != nil {
		return kmsg.FetchResponseTopicPartition{}, err
	}
	resp := r.(*kmsg.FetchResponse)
	if resp.ErrorCode != 0 {
		return kmsg.FetchResponseTopicPartition{ErrorCode: resp.ErrorCode}, nil
	}
	for _, t := range resp.Topics {
		if t.Topic != topic && t.TopicID != topicID {
			continue
		}
		for _, p := range t.Partitions {
			if p.Partition == partition {
				return p, nil
			}
		}
	}
	return kmsg.FetchResponseTopicPartition{}, fmt.Errorf("oracle: broker %d: Fetch v%d answer lacks %s-%d", broker, resp.Version, topic, partition)
}

// errCompressed is returned for a compressed batch: this package produces
// uncompressed and does not decompress.
var errCompressed = errors.New("compressed record batch (only uncompressed batches are decoded)")

// decodeBatches decodes the v2 record batches (magic 2) in a Fetch
// answer's records. It returns the records of data batches (control
// batches, such as transaction markers, take offsets but carry no user
// record) and the offset after the last whole batch; a partial batch at
// the end, which Kafka may send when a size limit cuts it, is ignored.
func decodeBatches(b []byte) ([]Record, int64, error) {
	var recs []Record
	next := int64(-1)
	for len(b) >= 12 {
		length := int32(binary.BigEndian.Uint32(b[8:12]))
		if length < 49 || len(b) < 12+int(length) {
			break
		}
		raw := b[:12+int(length)]
		b = b[12+int(length):]
		var batch kmsg.RecordBatch
		if err := batch.ReadFrom(raw); err != nil {
			return nil, 0, fmt.Errorf("record batch: %w", err)
		}
		if batch.Magic != 2 {
			return nil, 0, fmt.Errorf("record batch magic %d, want 2", batch.Magic)
		}
		if got := crc32.Checksum(raw[21:], crc32.MakeTable(crc32.Castagnoli)); got != uint32(batch.CRC) {
			return nil, 0, fmt.Errorf("record batch at %d: CRC %08x, computed %08x", batch.FirstOffset, uint32(batch.CRC), got)
		}
		next = batch.FirstOffset + int64(batch.LastOffsetDelta) + 1
		if batch.Attributes&0x20 != 0 { // control batch
			continue
		}
		if batch.Attributes&0x07 != 0 {
			return nil, 0, fmt.Errorf("record batch at %d: %w", batch.FirstOffset, errCompressed)
		}
		rb := batch.Records
		for i := int32(0); i < batch.NumRecords; i++ {
			l, n := binary.Varint(rb)
			if n <= 0 || l < 0 || int64(len(rb)) < int64(n)+l {
				return nil, 0, fmt.Errorf("record batch at %d: torn record %d", batch.FirstOffset, i)
			}
			var r kmsg.Record
			if err := r.ReadFrom(rb[:n+int(l)]); err != nil {
				return nil, 0, fmt.Errorf("record batch at %d: record %d: %w", batch.FirstOffset, i, err)
			}
			rb = rb[n+int(l):]
			recs = append(recs, Record{
				Offset:      batch.FirstOffset + int64(r.OffsetDelta),
				Value:       string(r.Value),
				LeaderEpoch: batch.PartitionLeaderEpoch,
			})
		}
	}
	return recs, next, nil
}

// encodeBatch builds an uncompressed v2 record batch holding one record
// with a null key and value, as a producer without idempotence sends it
// (producer id -1, base offset 0, partition leader epoch -1).
func encodeBatch(value string, now time.Time) []byte {
	rec := kmsg.Record{Value: []byte(value)}
	body := rec.AppendTo(nil)
	rec.Length = int32(len(body) - 1) // the zero length prefix took 1 byte
	body = rec.AppendTo(nil)
	ms := now.UnixMilli()
	batch := kmsg.RecordBatch{
		FirstOffset:          0,
		Length:               int32(49 + len(body)),
		PartitionLeaderEpoch: -1,
		Magic:                2,
		Attributes:           0,
		LastOffsetDelta:      0,
		FirstTimestamp:       ms,
		MaxTimestamp:         ms,
		ProducerID:           -1,
		ProducerEpoch:        -1,
		FirstSequence:        -1,
		NumRecords:           1,
		Records:              body,
	}
	raw := batch.AppendTo(nil)
	binary.BigEndian.PutUint32(raw[17:21], crc32.Checksum(raw[21:], crc32.MakeTable(crc32.Castagnoli)))
	return raw
}

// RawProduce sends one Produce request (API key 0) holding one record
// (null key, value) straight to broker, not following metadata, with the
// given acks (-1, 0 or 1; franz-go stamps a client's acks on each request,
// so each acks value has its own per-broker client). It returns the
// partition's error code and base offset (-1 on error). With acks 0 Kafka
// sends no answer: the result is (0, -1, nil) once the request is written.
// The request's timeout is what remains of ctx (at most 10 s) less 200 ms.
func (c *Client) RawProduce(ctx context.Context, broker int, topic string, partition int32, acks int16, value string) (int16, int64, error) {
	mt, err := c.brokerMetadata(ctx, broker, topic)
	if err != nil {
		return 0, -1, err
	}
	if mt.ErrorCode != 0 {
		return mt.ErrorCode, -1, nil
	}
	req := kmsg.NewPtrProduceRequest()
	req.Acks = acks
	req.TimeoutMillis = 10000
	if dl, ok := ctx.Deadline(); ok {
		req.TimeoutMillis = int32(min(10*time.Second, max(100*time.Millisecond, time.Until(dl)-200*time.Millisecond)).Milliseconds())
	}
	rt := kmsg.NewProduceRequestTopic()
	rt.Topic = topic
	rt.TopicID = mt.TopicID
	rp := kmsg.NewProduceRequestTopicPartition()
	rp.Partition = partition
	rp.Records = encodeBatch(value, time.Now())
	rt.Partitions = append(rt.Partitions, rp)
	req.Topics = append(req.Topics, rt)
	r, err := c.requestBroker(ctx, broker, acks, req)
	if err != nil {
		return 0, -1, err
	}
	if acks == 0 {
		return 0, -1, nil
	}
	resp := r.(*kmsg.ProduceResponse)
	for _, t := range resp.Topics {
		if t.Topic != topic && t.TopicID != mt.TopicID {
			continue
		}
		for _, p := range t.Partitions {
			if p.Partition == partition {
				if p.ErrorCode != 0 {
					return p.ErrorCode, -1, nil
				}
				return 0, p.BaseOffset, nil
			}
		}
	}
	return 0, -1, fmt.Errorf("oracle: broker %d: Produce v%d answer lacks %s-%d", broker, resp.Version, topic, partition)
}

// RawFetch sends one consumer Fetch (API key 1, replica id -1, isolation
// READ_UNCOMMITTED, no fetch session) straight to broker, for
// topic-partition from offset, with rack as the request's RackId (Fetch
// v11+ client metadata, KIP-392; "" allowed). It returns the partition's
// error code, its records from offset on, and the high watermark the
// broker answered with (-1 with an error code). Since Fetch v11 Kafka
// attaches client metadata to every consumer fetch, so a follower serves
// it up to its own HW (FetchParams.fetchOnlyLeader is false).
func (c *Client) RawFetch(ctx context.Context, broker int, topic string, partition int32, offset int64, rack string) (int16, []Record, int64, error) {
	mt, err := c.brokerMetadata(ctx, broker, topic)
	if err != nil {
		return 0, nil, -1, err
	}
	if mt.ErrorCode != 0 {
		return mt.ErrorCode, nil, -1, nil
	}
	fp, err := c.fetch(ctx, broker, consumerReplicaID, topic, mt.TopicID, partition, offset, rack, 1)
	if err != nil {
		return 0, nil, -1, err
	}
	if fp.ErrorCode != 0 {
		return fp.ErrorCode, nil, -1, nil
	}
	recs, _, err := decodeBatches(fp.RecordBatches)
	if err != nil {
		return 0, nil, -1, fmt.Errorf("oracle: broker %d %s-%d: %w", broker, topic, partition, err)
	}
	var out []Record
	for _, r := range recs {
		if r.Offset >= offset {
			out = append(out, r)
		}
	}
	return 0, out, fp.HighWatermark, nil
}

// FetchDetail is a Fetch answer for one partition in full.
type FetchDetail struct {
	ErrCode              int16
	Records              []Record
	HW, LastStable       int64
	LogStart             int64
	PreferredReadReplica int32 // -1 when the leader names none (KIP-392)
}

// RawFetchDetail is RawFetch returning the whole partition answer,
// including the preferred read replica a leader with a replica.selector
// names for the rack.
func (c *Client) RawFetchDetail(ctx context.Context, broker int, topic string, partition int32, offset int64, rack string) (FetchDetail, error) {
	mt, err := c.brokerMetadata(ctx, broker, topic)
	if err != nil {
		return FetchDetail{}, err
	}
	if mt.ErrorCode != 0 {
		return FetchDetail{ErrCode: mt.ErrorCode, HW: -1, LastStable: -1, LogStart: -1, PreferredReadReplica: -1}, nil
	}
	fp, err := c.fetch(ctx, broker, consumerReplicaID, topic, mt.TopicID, partition, offset, rack, 1)
	if err != nil {
		return FetchDetail{}, err
	}
	d := FetchDetail{ErrCode: fp.ErrorCode, HW: fp.HighWatermark, LastStable: fp.LastStableOffset, LogStart: fp.LogStartOffset, PreferredReadReplica: fp.PreferredReadReplica}
	if fp.ErrorCode != 0 {
		return d, nil
	}
	recs, _, err := decodeBatches(fp.RecordBatches)
	if err != nil {
		return FetchDetail{}, fmt.Errorf("oracle: broker %d %s-%d: %w", broker, topic, partition, err)
	}
	for _, r := range recs {
		if r.Offset >= offset {
			d.Records = append(d.Records, r)
		}
	}
	return d, nil
}
