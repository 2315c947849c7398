package engine

import (
	"fmt"
	"slices"
)

// consumer is a KafkaConsumer assigned one partition: a fetch loop from its
// position, reading from the leader (reference §4.1).
type consumer struct {
	id       int32
	tp       TopicPartition
	position Offset
	meta     clientMeta
	// inflight is the outstanding Fetch's id, 0 if none.
	inflight int64
	// read is every record the consumer has received, in order.
	read []Record
}

func (k *consumer) clone() consumer {
	d := *k
	d.read = k.read[:len(k.read):len(k.read)]
	return d
}

func (c *Cluster) consumerByID(id int32) *consumer { return &c.consumers[id-1] }

func (c *Cluster) checkConsume(cmd Consume) error {
	if err := c.checkTP(cmd.TP); err != nil {
		return err
	}
	switch {
	case cmd.From < OffsetEarliest:
		return fmt.Errorf("engine: from must be an offset, earliest or latest")
	case cmd.Broker != 0 && !c.validBroker(cmd.Broker):
		return fmt.Errorf("engine: no broker %d", cmd.Broker)
	case cmd.Consumer < 0 || cmd.Consumer > 64:
		return fmt.Errorf("engine: consumer number must be 1..64")
	}
	return nil
}

// consume assigns the consumer to cmd.TP at cmd.From and starts its fetch
// loop. earliest is the log start (0: kplay logs are never deleted); latest
// is the leader's high watermark now, which is what ListOffsets(LATEST)
// returns (kplay skips that round trip).
func (c *Cluster) consume(cmd Consume) {
	id := max(cmd.Consumer, 1)
	for int(id) > len(c.consumers) {
		n := int32(len(c.consumers) + 1)
		c.consumers = append(c.consumers, consumer{id: n, meta: clientMeta{leader: NoLeader, epoch: -1}})
	}
	k := c.consumerByID(id)
	if k.tp != cmd.TP {
		k.meta = clientMeta{tp: cmd.TP, leader: NoLeader, epoch: -1}
	}
	k.tp = cmd.TP
	k.inflight = 0
	switch cmd.From {
	case OffsetEarliest:
		k.position = 0
	case OffsetLatest:
		k.position = 0
		if reg := c.partition(cmd.TP); reg.leader != NoLeader {
			k.position = c.broker(reg.leader).replica(cmd.TP).hw
		}
	default:
		k.position = cmd.From
	}
	if cmd.Broker != 0 {
		k.meta.leader, k.meta.epoch, k.meta.known = cmd.Broker, -1, true
	}
	c.consumerFetch(k)
}

// consumerFetch sends the consumer's next Fetch to the leader it knows, or
// asks for metadata first.
func (c *Cluster) consumerFetch(k *consumer) {
	node := NodeID{Kind: NodeConsumer, ID: k.id}
	if k.inflight != 0 {
		return
	}
	if !k.meta.known || k.meta.leader == NoLeader {
		c.requestMetadata(node, &k.meta)
		return
	}
	k.inflight = c.send(Message{Kind: MsgFetch, From: node, To: Broker(k.meta.leader), ReplicaID: ConsumerReplicaID, MaxWaitMs: c.cfg.FetchMaxWaitMs,
		Parts: []Part{{TP: k.tp, FetchOffset: k.position, CurrentLeaderEpoch: k.meta.epoch, LastFetchedEpoch: -1}}})
}

// consumerFetchResponse hands records to the application and fetches again;
// on an error that invalidates metadata it refreshes first
// (FetchCollector.handleInitializeErrors).
func (c *Cluster) consumerFetchResponse(k *consumer, resp Message) {
	if k.inflight != resp.Request {
		return
	}
	k.inflight = 0
	node := NodeID{Kind: NodeConsumer, ID: k.id}
	p := resp.Parts[0]
	if p.Err != ErrNone {
		text := ""
		if invalidMetadata(p.Err) {
			text = "refreshing metadata"
			k.meta.known = false
			c.requestMetadata(node, &k.meta)
		} else {
			c.timer(c.now+c.cfg.RetryBackoffMs, timerRetry, node, k.tp, 0)
		}
		c.emit(Event{Kind: EvConsumerError, Node: node, Peer: resp.From, TP: p.TP, Err: p.Err, Text: text})
		return
	}
	if len(p.Records) > 0 && p.Records[0].Offset == k.position {
		k.read = append(k.read, p.Records...)
		k.position = p.Records[len(p.Records)-1].Offset + 1
		c.emit(Event{Kind: EvConsumerRead, Node: node, Peer: resp.From, TP: p.TP, Offset: p.Records[0].Offset, End: k.position, Count: len(p.Records), Value: p.Records[0].Value})
	}
	c.consumerFetch(k)
}

func (c *Cluster) consumerMetadata(k *consumer, resp Message) {
	node := NodeID{Kind: NodeConsumer, ID: k.id}
	if !c.applyMetadata(node, &k.meta, resp) {
		return
	}
	if !k.meta.known {
		c.timer(c.now+c.cfg.RetryBackoffMs, timerRetry, node, k.tp, 0)
		return
	}
	c.consumerFetch(k)
}

// consumerRetry fetches again after retry.backoff.ms.
func (c *Cluster) consumerRetry(k *consumer) { c.consumerFetch(k) }

// consumedValues is used by State.
func (k *consumer) consumed() []Record { return slices.Clip(k.read) }
