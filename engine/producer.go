package engine

import (
	"fmt"
	"slices"
	"strconv"
)

// producer is a KafkaProducer client: its metadata cache and its record
// accumulator of batches (RecordAccumulator, Sender).
type producer struct {
	id      int32
	meta    []clientMeta
	batches []batch
	nextSeq int64
	// deliveryArmed says the delivery.timeout.ms timer is scheduled (one
	// per producer, at its oldest batch's deadline).
	deliveryArmed bool
	// producerID is the idempotent producer's id (0 when idempotence is
	// off); seqs holds the sequence state per partition.
	producerID int64
	seqs       []partitionSeq
	// front counts the batches put back at the head of a queue (their
	// ranks are -1, -2, ...).
	front int64
	// failed counts the records the producer gave up on (EvProduceFailed):
	// their callbacks had an exception, not an acknowledgement.
	failed int
}

// produceFailed tells p's application that it gave up on a batch, event
// e (EvProduceFailed, its Count the batch's records): the send's
// callback gets the exception (Sender.failBatch, ProducerBatch.done).
func (c *Cluster) produceFailed(p *producer, e Event) {
	p.failed += e.Count
	c.emit(e)
}

// clientMeta is a client's cached view of one partition's leader
// (org.apache.kafka.clients.Metadata).
type clientMeta struct {
	tp     TopicPartition
	leader BrokerID
	// epoch is the leader epoch the client knows, -1 if none.
	epoch Epoch
	known bool
	// pending is the id of an outstanding Metadata request, 0 if none.
	pending int64
	// failures counts metadata answers in a row without a leader, for the
	// exponential retry backoff (KIP-580).
	failures int
	// refreshed is when the last successful answer arrived
	// (Metadata.lastSuccessfulRefreshMs); used is when a producer last
	// sent to the partition (ProducerMetadata.add at each send).
	refreshed Time
	used      Time
	// idle says the partition left the metadata after metadata.max.idle.ms
	// unused: nothing refreshes it until the next send.
	idle bool
}

// metadataAgeTimer is the id of a producer's timerRetry that checks a
// partition's metadata age (metadata.max.age.ms).
const metadataAgeTimer = -1

// backoff is retry.backoff.ms doubled per failure, capped at
// retry.backoff.max.ms (1000; KIP-580 without its jitter). Before Kafka
// 3.7 (kip-580=off) it is retry.backoff.ms every time.
func (c *Cluster) backoff(failures int) Time {
	if !c.cfg.kip580() {
		return c.cfg.RetryBackoffMs
	}
	b := c.cfg.RetryBackoffMs
	for i := 1; i < failures && b < 1000; i++ {
		b *= 2
	}
	return min(b, max(1000, c.cfg.RetryBackoffMs))
}

// batchState is where a producer batch is in its life.
type batchState uint8

const (
	batchAwaitMetadata batchState = iota + 1 // send() waits for metadata (KafkaProducer.waitOnMetadata)
	batchLinger                              // in the accumulator for linger.ms
	batchInflight                            // sent, awaiting the response
	batchBackoff                             // failed, waiting retry.backoff.ms
	batchReady                               // may be sent once it heads its partition's queue
)

// batch is one ProducerBatch for one partition.
type batch struct {
	id       int64
	tp       TopicPartition
	acks     Acks
	records  []Record
	state    batchState
	lingered bool
	attempts int
	reqID    int64
	// baseSeq is the idempotent sequence of the first record, assigned at
	// the first send and kept across retries; -1 before that. pid is the
	// producer id it belongs to, and reset says an epoch bump rewrote it
	// (ProducerBatch.sequenceHasBeenReset).
	baseSeq int32
	pid     int64
	reset   bool
	// rank orders the batch in its partition's queue (queuedBefore).
	rank int64
	// leaderEpoch is the partition's leader epoch the client knew at the
	// last attempt (ProducerBatch.currentLeaderEpoch); retryAt is when its
	// retry.backoff.ms ends.
	leaderEpoch Epoch
	retryAt     Time
	// sent is the records as the last attempt carried them: an epoch bump
	// may rewrite the batch's sequences while that attempt is in flight.
	sent []Record
	// created is when the batch was made: delivery.timeout.ms counts from it.
	created Time
	// sentTo is the broker the batch's last attempt went to, at sentAt.
	sentTo BrokerID
	sentAt Time
}

func (p *producer) clone() producer {
	d := *p
	d.meta = slices.Clone(p.meta)
	d.seqs = slices.Clone(p.seqs)
	d.batches = make([]batch, len(p.batches))
	for i, b := range p.batches {
		b.records = slices.Clone(b.records)
		d.batches[i] = b
	}
	return d
}

func (p *producer) metaFor(tp TopicPartition) *clientMeta {
	for i := range p.meta {
		if p.meta[i].tp == tp {
			return &p.meta[i]
		}
	}
	p.meta = append(p.meta, clientMeta{tp: tp, leader: NoLeader, epoch: -1})
	return &p.meta[len(p.meta)-1]
}

func (p *producer) batch(id int64) *batch {
	for i := range p.batches {
		if p.batches[i].id == id {
			return &p.batches[i]
		}
	}
	return nil
}

func (p *producer) removeBatch(id int64) {
	for i := range p.batches {
		if p.batches[i].id == id {
			p.batches = slices.Delete(p.batches, i, i+1)
			return
		}
	}
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
// .MAX_MESSAGE_BYTES_DEFAULT), which kplay does not otherwise check. The
// producer's max.request.size (1 MiB by default) rejects a record larger
// than it less the 61-byte batch header (recordTooLarge).
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

// MaxRecordsPerCommand bounds one produce command.
const MaxRecordsPerCommand = 100000

func (cmd Produce) check(c *Cluster) error {
	if err := c.checkTP(cmd.TP); err != nil {
		return err
	}
	switch {
	case len(cmd.Values) == 0:
		return fmt.Errorf("engine: produce needs at least one value")
	case len(cmd.Values) > MaxRecordsPerCommand:
		return fmt.Errorf("engine: produce takes at most %d records, got %d", MaxRecordsPerCommand, len(cmd.Values))
	case cmd.Acks != AcksAll && cmd.Acks != AcksNone && cmd.Acks != AcksOne:
		return fmt.Errorf("engine: acks must be 0, 1 or all")
	case cmd.Broker != 0 && !c.validBroker(cmd.Broker):
		return fmt.Errorf("engine: no broker %d", cmd.Broker)
	case cmd.Producer < 0 || cmd.Producer > 64:
		return fmt.Errorf("engine: producer number must be 1..64")
	case cmd.Size < 0 || cmd.Size > MaxRecordSize:
		return fmt.Errorf("engine: a record's size must be 1..%d bytes, got %d", MaxRecordSize, cmd.Size)
	}
	return nil
}

func (c *Cluster) checkTP(tp TopicPartition) error {
	t := c.topic(tp.Topic)
	switch {
	case t == nil:
		return fmt.Errorf("engine: no topic %s", tp.Topic)
	case tp.Partition < 0 || int(tp.Partition) >= t.partitions:
		return fmt.Errorf("engine: topic %s has no partition %d", tp.Topic, tp.Partition)
	}
	return nil
}

func (c *Cluster) producerByID(id int32) *producer { return &c.producers[id-1] }

func (c *Cluster) ensureProducer(id int32) *producer {
	if id == 0 {
		id = 1
	}
	for int(id) > len(c.producers) {
		n := int32(len(c.producers) + 1)
		p := producer{id: n}
		if c.cfg.EnableIdempotence && c.cfg.Retries > 0 && c.cfg.MaxInFlightRequestsPerConnection <= 5 {
			// InitProducerId would hand out an id; kplay numbers them.
			p.producerID = 1000 + int64(n)
		}
		c.producers = append(c.producers, p)
	}
	return c.producerByID(id)
}

// apply is KafkaProducer.send for each value: wait for metadata if the
// partition's leader is unknown, then add the records to the partition's
// open batch, which may leave linger.ms after it was opened and once it
// heads its partition's queue (drainHead).
func (cmd Produce) apply(c *Cluster) {
	p := c.ensureProducer(cmd.Producer)
	node := NodeID{Kind: NodeProducer, ID: p.id}
	m := p.metaFor(cmd.TP)
	m.used, m.idle = c.now, false
	if cmd.Broker != 0 {
		m.leader, m.epoch, m.known = cmd.Broker, -1, true
	}
	if c.recordTooLarge(p, cmd, m) {
		return
	}
	recs := make([]Record, len(cmd.Values))
	size := cmd.recordSize()
	for i, v := range cmd.Values {
		recs[i] = Record{Offset: -1, Size: size, Key: cmd.Key, Value: v, Producer: node, ProducedAt: c.now, Sequence: -1}
	}
	if !m.known {
		c.newBatch(p, cmd, recs, batchAwaitMetadata)
		c.requestMetadata(node, m)
		return
	}
	// RecordAccumulator.tryAppend: the partition's open batch takes the
	// records until it is drained, also when it waits behind a retry.
	for i := range p.batches {
		b := &p.batches[i]
		if b.tp == cmd.TP && b.acks == cmd.Acks && b.attempts == 0 && b.baseSeq < 0 && (b.state == batchLinger || b.state == batchReady) {
			b.records = append(b.records, recs...)
			return
		}
	}
	b := c.newBatch(p, cmd, recs, batchLinger)
	b.lingered = true
	c.timer(c.now+c.cfg.LingerMs, timerLinger, node, cmd.TP, b.id)
}

// recordTooLarge is KafkaProducer.doSend's size check
// (ensureValidRecordSize, against ProducerConfig.MAX_REQUEST_SIZE_CONFIG):
// a record whose serialized size, the batch header
// (RecordBatchOverhead, 61 bytes) plus the record
// (AbstractRecords.estimateSizeInBytesUpperBound), is larger than
// max.request.size fails with a RecordTooLargeException; it never reaches
// the accumulator, no request carries it, and it is not retried. Every
// record of a produce command has the same size, so all of them fail.
// Kafka checks after waitOnMetadata, so a producer that does not know the
// partition yet still asks for its metadata; kplay fails the records at
// once rather than when the answer comes.
func (c *Cluster) recordTooLarge(p *producer, cmd Produce, m *clientMeta) bool {
	n := RecordBatchOverhead + int64(cmd.recordSize())
	if n <= int64(c.cfg.MaxRequestSize) {
		return false
	}
	node := NodeID{Kind: NodeProducer, ID: p.id}
	if !m.known {
		c.requestMetadata(node, m)
	}
	c.produceFailed(p, Event{Kind: EvProduceFailed, Node: node, TP: cmd.TP, Count: len(cmd.Values), Value: cmd.Values[0],
		Text: "RecordTooLargeException: each record is " + itoa(int(n)) + " bytes when serialized (61 of them the batch header), larger than max.request.size=" +
			itoa(c.cfg.MaxRequestSize) + "; not sent"})
	return true
}

// newBatch adds a batch to the accumulator and starts its
// delivery.timeout.ms clock.
func (c *Cluster) newBatch(p *producer, cmd Produce, recs []Record, st batchState) *batch {
	p.nextSeq++
	p.batches = append(p.batches, batch{id: p.nextSeq, rank: p.nextSeq, tp: cmd.TP, acks: cmd.Acks, records: recs, state: st, baseSeq: -1, leaderEpoch: -1, created: c.now})
	if !p.deliveryArmed {
		p.deliveryArmed = true
		c.timer(c.now+c.cfg.DeliveryTimeoutMs, timerDeliveryTimeout, NodeID{Kind: NodeProducer, ID: p.id}, cmd.TP, 0)
	}
	return &p.batches[len(p.batches)-1]
}

// requestMetadata sends a Metadata request for m.tp unless one is pending.
// Kafka sends it to the least-loaded node (NetworkClient.leastLoadedNode,
// which starts at a random offset and skips nodes it cannot connect to);
// kplay draws one of the brokers the client can reach from the cluster's
// PRNG, since a refused connection costs the client well under a
// millisecond.
func (c *Cluster) requestMetadata(node NodeID, m *clientMeta) {
	if m.pending != 0 {
		return
	}
	var reachable []BrokerID
	for _, b := range c.brokers {
		if b.alive && c.net.connected(node, b.node()) {
			reachable = append(reachable, b.id)
		}
	}
	to := BrokerID(1 + c.rng.Intn(len(c.brokers)))
	if len(reachable) > 0 {
		to = reachable[c.rng.Intn(len(reachable))]
	}
	m.pending = c.send(Message{Kind: MsgMetadata, From: node, To: Broker(to), Parts: []Part{{TP: m.tp}}})
	c.timer(c.now+c.cfg.RequestTimeoutMs, timerRequestTimeout, node, m.tp, m.pending)
}

// applyMetadata stores a Metadata response in a client's cache.
func (c *Cluster) applyMetadata(node NodeID, m *clientMeta, resp *Message) bool {
	if m.pending != resp.Request {
		return false
	}
	m.pending = 0
	p := resp.Parts[0]
	if p.Err != ErrNone {
		m.known = false
		m.failures++
		c.emit(Event{Kind: EvMetadataUpdated, Node: node, Peer: resp.From, TP: p.TP, Err: p.Err, Epoch: -1})
		return true
	}
	m.failures, m.refreshed = 0, c.now
	m.leader, m.epoch, m.known = p.Leader, p.LeaderEpoch, true
	c.emit(Event{Kind: EvMetadataUpdated, Node: node, Peer: Broker(p.Leader), TP: p.TP, Epoch: p.LeaderEpoch})
	return true
}

func (c *Cluster) producerMetadata(p *producer, resp *Message) {
	node := NodeID{Kind: NodeProducer, ID: p.id}
	m := p.metaFor(resp.Parts[0].TP)
	if !c.applyMetadata(node, m, resp) {
		return
	}
	if !m.known {
		c.timer(c.now+c.backoff(m.failures), timerRetry, node, m.tp, 0)
		return
	}
	if c.now >= m.used+c.cfg.MetadataMaxIdleMs && !slices.ContainsFunc(p.batches, func(b batch) bool { return b.tp == m.tp }) {
		// Unused for metadata.max.idle.ms: the answer drops the partition
		// from the producer's metadata (ProducerMetadata.retainTopic), so it
		// is not refreshed again; the next send asks for it anew. A
		// partition with a batch still queued stays, as the Sender adds
		// the topics its batches need (Sender.sendProducerData).
		m.known, m.idle = false, true
		return
	}
	c.timer(c.now+c.metadataAge(), timerRetry, node, m.tp, metadataAgeTimer)
	for i := range p.batches {
		b := &p.batches[i]
		if b.tp != m.tp || b.state != batchAwaitMetadata {
			continue
		}
		if !b.lingered {
			b.state, b.lingered = batchLinger, true
			c.timer(c.now+c.cfg.LingerMs, timerLinger, node, b.tp, b.id)
			continue
		}
		b.state = batchReady
	}
	c.drain(p)
}

// metadataAge is how long after a successful refresh a producer asks for
// metadata again unasked: metadata.max.age.ms, but no sooner than
// retry.backoff.ms after that refresh (Metadata.timeToNextUpdate is the
// later of timeToExpire and timeToAllowUpdate), and at least 1 ms, so that
// metadata.max.age.ms=0 with retry.backoff.ms=0 cannot loop in one instant.
func (c *Cluster) metadataAge() Time {
	return max(c.cfg.MetadataMaxAgeMs, c.cfg.RetryBackoffMs, 1)
}

// metadataAged refreshes every partition whose metadata is metadataAge
// old with no request out (Metadata.timeToNextUpdate reaching 0 in the
// Sender's NetworkClient.poll, DefaultMetadataUpdater.maybeUpdate). A
// partition refreshed since, with or without an error, is left alone: its
// own answer armed its own timer or retry. kplay keeps a producer's
// metadata per partition, so each partition's age is its own.
func (c *Cluster) metadataAged(p *producer) {
	for i := range p.meta {
		m := &p.meta[i]
		if m.known && m.pending == 0 && c.now >= m.refreshed+c.metadataAge() {
			c.requestMetadata(NodeID{Kind: NodeProducer, ID: p.id}, m)
		}
	}
}

// lingerExpired readies a batch whose linger.ms has passed.
func (c *Cluster) lingerExpired(p *producer, tp TopicPartition, id int64) {
	if b := p.batch(id); b != nil && b.state == batchLinger {
		b.state = batchReady
		c.drain(p)
	}
}

// producerRetry readies a batch whose retry.backoff.ms has passed, or
// re-asks for metadata that did not come.
func (c *Cluster) producerRetry(p *producer, id int64) {
	if id == metadataAgeTimer {
		c.metadataAged(p)
		return
	}
	if id == 0 {
		for i := range p.meta {
			if !p.meta[i].known && !p.meta[i].idle {
				c.requestMetadata(NodeID{Kind: NodeProducer, ID: p.id}, &p.meta[i])
			}
		}
		return
	}
	if b := p.batch(id); b != nil && b.state == batchBackoff && c.now >= b.retryAt {
		b.state = batchReady
		c.drain(p)
	}
}

// sendBatch sends a batch to the partition's leader as the client's metadata
// names it (Sender.sendProduceRequest), with a client-side
// request.timeout.ms; drainHead has checked that it may go. An idempotent
// batch takes its sequence numbers at its first send and keeps them on
// retries. An acks=0 batch is complete once sent, with no offset (the Java
// client reports offset -1).
func (c *Cluster) sendBatch(p *producer, b *batch) {
	node := NodeID{Kind: NodeProducer, ID: p.id}
	m := p.metaFor(b.tp)
	if p.idempotentBatch(b) && b.baseSeq < 0 {
		p.assignSeq(b)
	}
	b.attempts++
	b.sentTo, b.sentAt, b.leaderEpoch = m.leader, c.now, m.epoch
	pid := int64(0)
	if b.baseSeq >= 0 {
		pid = b.pid
	}
	b.sent = b.records[:len(b.records):len(b.records)]
	b.reqID = c.send(Message{Kind: MsgProduce, From: node, To: Broker(m.leader), Parts: c.partArena.one(Part{TP: b.tp, Acks: b.acks,
		Records: b.sent, ProducerID: pid, BaseSequence: b.baseSeq})})
	b.state = batchInflight
	if b.acks == AcksNone {
		c.emit(Event{Kind: EvProduceAcked, Node: node, Peer: Broker(m.leader), TP: b.tp, Offset: -1, End: -1 + Offset(len(b.records)), Count: len(b.records), Value: b.records[0].Value, Text: "acks=0: sent without waiting"})
		p.removeBatch(b.id)
		return
	}
	c.timer(c.now+c.cfg.RequestTimeoutMs, timerRequestTimeout, node, b.tp, b.reqID)
}

// producerRequestTimeout fails an unanswered request with the client-side
// REQUEST_TIMED_OUT (NetworkClient's request.timeout.ms), which is
// retriable, together with every other produce request in flight to the
// same broker; an unanswered Metadata request is sent again.
func (c *Cluster) producerRequestTimeout(p *producer, id int64) {
	node := NodeID{Kind: NodeProducer, ID: p.id}
	for i := range p.meta {
		if p.meta[i].pending == id {
			p.meta[i].pending = 0
			c.requestMetadata(node, &p.meta[i])
			return
		}
	}
	to := NoLeader
	for i := range p.batches {
		if b := &p.batches[i]; b.state == batchInflight && b.reqID == id {
			to = b.sentTo
		}
	}
	if to == NoLeader {
		return
	}
	// The client closes the connection, so every request in flight on it
	// fails as timed out, oldest first (NetworkClient.handleTimedOutRequests,
	// cancelInFlightRequests).
	var ids []int64
	for i := range p.batches {
		if b := &p.batches[i]; b.state == batchInflight && b.sentTo == to {
			ids = append(ids, b.reqID)
		}
	}
	slices.Sort(ids)
	for _, rid := range ids {
		for i := range p.batches {
			b := &p.batches[i]
			if b.state != batchInflight || b.reqID != rid {
				continue
			}
			why := "no response within request.timeout.ms"
			if rid != id {
				why = "the connection closed when another request timed out"
			}
			c.producerError(p, b, Part{TP: b.tp, Err: ErrRequestTimedOut, Leader: NoLeader}, Broker(b.sentTo), why)
			break
		}
	}
}

// deliveryTimeout fails a batch that is still not acknowledged
// delivery.timeout.ms after it was created (KIP-91; the application gets a
// TimeoutException).
func (c *Cluster) deliveryTimeout(p *producer, _ int64) {
	p.deliveryArmed = false
	kept := p.batches[:0]
	var expired []batch
	for _, b := range p.batches {
		if c.now >= b.created+c.cfg.DeliveryTimeoutMs {
			expired = append(expired, b)
			continue
		}
		kept = append(kept, b)
	}
	p.batches = kept
	for _, b := range expired {
		c.produceFailed(p, Event{Kind: EvProduceFailed, Node: NodeID{Kind: NodeProducer, ID: p.id}, TP: b.tp, Count: len(b.records), Value: b.records[0].Value,
			Text: "TimeoutException: delivery.timeout.ms passed before the records were acknowledged"})
		p.failedSeq(&b)
	}
	if len(p.batches) > 0 {
		oldest := p.batches[0].created
		for _, b := range p.batches {
			oldest = min(oldest, b.created)
		}
		p.deliveryArmed = true
		c.timer(oldest+c.cfg.DeliveryTimeoutMs, timerDeliveryTimeout, NodeID{Kind: NodeProducer, ID: p.id}, TopicPartition{}, 0)
	}
	c.drain(p)
}

// retriable reports whether the producer retries err
// (org.apache.kafka.common.errors.RetriableException subclasses).
func retriable(err ErrorCode) bool {
	switch err {
	case ErrOffsetNotAvailable:
		return true
	case ErrNotLeaderOrFollower, ErrLeaderNotAvailable, ErrRequestTimedOut, ErrNetworkException,
		ErrNotEnoughReplicas, ErrNotEnoughReplicasAfterAppend, ErrUnknownLeaderEpoch, ErrFencedLeaderEpoch,
		ErrUnknownTopicOrPartition:
		return true
	}
	return false
}

// invalidMetadata reports whether err makes the client refresh its metadata
// (InvalidMetadataException subclasses).
func invalidMetadata(err ErrorCode) bool {
	switch err {
	case ErrNotLeaderOrFollower, ErrLeaderNotAvailable, ErrFencedLeaderEpoch, ErrUnknownTopicOrPartition,
		ErrNetworkException: // a disconnect also asks for a metadata update
		return true
	}
	return false
}

// producerResponse completes or retries a batch (Sender.handleProduceResponse,
// completeBatch). On NOT_LEADER_OR_FOLLOWER the producer takes the current
// leader from the response (KIP-951), asks for fresh metadata, and resends
// at once to the new leader.
func (c *Cluster) producerResponse(p *producer, resp *Message) {
	var b *batch
	for i := range p.batches {
		if p.batches[i].state == batchInflight && p.batches[i].reqID == resp.Request {
			b = &p.batches[i]
		}
	}
	if b == nil {
		return
	}
	node := NodeID{Kind: NodeProducer, ID: p.id}
	part := resp.Parts[0]
	if part.Err == ErrNone || part.Err == ErrDuplicateSequenceNumber {
		c.noteAcked(b.tp, part.BaseOffset, b.sent, b.acks)
		c.emit(Event{Kind: EvProduceAcked, Node: node, Peer: resp.From, TP: b.tp, Offset: part.BaseOffset, End: part.BaseOffset + Offset(len(b.records)), Count: len(b.records), Value: b.records[0].Value})
		p.noteAckedSeq(b)
		p.removeBatch(b.id)
		c.drain(p)
		return
	}
	c.producerError(p, b, part, resp.From, "")
}

// producerError retries a failed batch or fails it for good
// (Sender.completeBatch, canRetry): a retriable error, while fewer than
// retries resends were made, puts the batch back in its partition's queue
// (reenqueue). The retry waits retry.backoff.ms, doubling per attempt up to
// 1000 ms (retry.backoff.max.ms, KIP-580; kplay leaves out the ±20% jitter
// so that scenarios keep exact times), unless the partition's leader epoch
// grows first: NOT_LEADER_OR_FOLLOWER and FENCED_LEADER_EPOCH carry the
// current leader (KIP-951), which the producer takes at once, so the retry
// goes straight to the new leader.
func (c *Cluster) producerError(p *producer, b *batch, part Part, from NodeID, why string) {
	node := NodeID{Kind: NodeProducer, ID: p.id}
	canRetry := b.attempts-1 < c.cfg.Retries && (retriable(part.Err) || part.Err == ErrOutOfOrderSequenceNumber && b.baseSeq >= 0)
	if !canRetry {
		text := "not retriable; " + unwrittenText(part.Err)
		if retriable(part.Err) {
			text = "retries (" + itoa(c.cfg.Retries) + ") used up; " + unwrittenText(part.Err)
		}
		c.produceFailed(p, Event{Kind: EvProduceFailed, Node: node, Peer: from, TP: b.tp, Err: part.Err, Count: len(b.records), Value: b.records[0].Value, Text: text})
		failed := *b
		p.removeBatch(b.id)
		p.failedSeq(&failed)
		if invalidMetadata(part.Err) {
			// Sender.completeBatch asks for new metadata after an
			// InvalidMetadataException whether it retries the batch or
			// fails it (since 0.9; 2.0 and 4.x alike), so the
			// partition's later records go to the new leader.
			c.learnLeader(p, node, failed.tp, part)
		}
		c.drain(p)
		return
	}
	text := "retrying"
	if why != "" {
		text = why + "; " + text
	}
	if part.Err == ErrOutOfOrderSequenceNumber {
		pid := p.producerID
		p.outOfOrderRetry(b)
		if p.producerID != pid {
			text = "a gap in the sequence: the producer bumps its epoch and restarts the partition's sequence at 0; " + text
		} else {
			text = "an earlier batch is retried first; " + text
		}
	}
	if invalidMetadata(part.Err) {
		if c.learnLeader(p, node, b.tp, part) {
			text = "the answer names leader " + Broker(part.Leader).String() + " in leader epoch " + itoa(int(part.LeaderEpoch)) + " (KIP-951): retrying there without retry.backoff.ms; refreshing metadata"
		} else {
			text = "refreshing metadata, " + text
		}
	}
	c.emit(Event{Kind: EvProduceError, Node: node, Peer: from, TP: b.tp, Err: part.Err, Count: len(b.records), Text: text})
	p.reenqueue(b)
	b.retryAt = c.now + c.backoff(b.attempts)
	c.timer(b.retryAt, timerRetry, node, b.tp, b.id)
	c.drain(p)
}

// learnLeader is the producer's answer to an InvalidMetadataException
// (NOT_LEADER_OR_FOLLOWER, FENCED_LEADER_EPOCH, …) for tp: since Kafka 3.7
// (KIP-951) the answer names the new leader and its epoch, which the
// producer takes at once when it is newer than what it knows (it reports
// so); before, it only waits for the refresh. Either way it asks for new
// metadata (Sender.completeBatch, metadata.requestUpdate).
func (c *Cluster) learnLeader(p *producer, node NodeID, tp TopicPartition, part Part) bool {
	m := p.metaFor(tp)
	took := c.cfg.kip951() && part.Leader != NoLeader && part.LeaderEpoch > m.epoch
	if took {
		m.leader, m.epoch, m.known = part.Leader, part.LeaderEpoch, true
	}
	c.requestMetadata(node, m)
	return took
}

// unwrittenText says what a batch that failed for good with err leaves
// in the log. A broker's refusal before the append (NOT_ENOUGH_REPLICAS,
// NOT_LEADER_OR_FOLLOWER, …) leaves nothing; NOT_ENOUGH_REPLICAS_AFTER_APPEND
// comes after the leader appended the records
// (Partition.appendRecordsToLeader's check, then the delayed produce), and
// a REQUEST_TIMED_OUT or NETWORK_EXCEPTION leaves the client not knowing
// whether the leader appended them: the records may yet be committed.
func unwrittenText(err ErrorCode) string {
	switch err {
	case ErrNotEnoughReplicasAfterAppend:
		return "the leader appended the records, so they may still be committed"
	case ErrRequestTimedOut, ErrNetworkException:
		return "no answer came, so the records may or may not be written"
	}
	return "the records are not written"
}

// failedSeq handles an idempotent batch that failed for good: its sequence
// may or may not be in the log, so the producer bumps its epoch and the
// partition's later batches restart at sequence 0
// (TransactionManager.handleFailedBatch; kplay resolves at once what Kafka
// may first mark as an unresolved sequence).
func (p *producer) failedSeq(b *batch) {
	if b.baseSeq >= 0 && b.pid == p.producerID {
		p.bumpEpoch(b.tp)
	}
}
