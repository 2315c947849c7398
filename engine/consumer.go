package engine

import (
	"fmt"
	"slices"
)

// consumer is a KafkaConsumer assigned one partition: a fetch loop from its
// position, reading from the leader, or from a follower the leader names
// (KIP-392), and only below the serving replica's HW (docs/kafka-rules.md §4).
type consumer struct {
	id       int32
	tp       TopicPartition
	position Offset
	meta     clientMeta
	// rack is the consumer's client.rack.
	rack string
	// preferred is the read replica the leader named, valid until
	// preferredUntil (metadata.max.age.ms, FetchCollector).
	preferred      BrokerID
	preferredUntil Time
	// lastEpoch is the leader epoch of the last record consumed, -1 if none
	// (SubscriptionState.FetchPosition.offsetEpoch).
	lastEpoch Epoch
	// inflight is the outstanding Fetch's or OffsetsForLeaderEpoch's id.
	inflight int64
	// validating is set while the position is checked after a leader
	// change (KIP-320).
	validating bool
	// stopped is set when an error ends the consumer (auto.offset.reset=none).
	stopped bool
	// failures counts fetch errors in a row; after one, the next fetch
	// waits until backoffUntil (reconnect.backoff.ms / retry.backoff.ms,
	// exponential, KIP-580).
	failures     int
	backoffUntil Time
	// backoffNode is the broker whose connection failed when backoffUntil
	// is a reconnect backoff, which holds only requests to that broker:
	// ClusterConnectionStates keeps the backoff per node, and
	// AbstractFetch.prepareFetchRequests skips a partition only while its
	// fetch target isUnavailable (NetworkClientUtils: connectionFailed and
	// connectionDelay > 0), so a fetch to a new leader goes out at once.
	// NoLeader when backoffUntil holds every request of the partition
	// (retry.backoff.ms after a failed ListOffsets or OffsetFetch,
	// SubscriptionState.requestFailed).
	backoffNode BrokerID
	// read is every record the consumer has received, in order.
	read []Record

	// Consumer groups (group.go). group is the group.id ("" for none);
	// member is set while the consumer is in it, closed once it is closed.
	group          string
	member, closed bool
	// awaitCommitted is set until the group's committed offset is fetched
	// (OffsetFetch); fromCommitted while the position is that offset.
	awaitCommitted, fromCommitted bool
	// committed and committedEpoch are the last commit the coordinator
	// acknowledged or the consumer fetched (-1: none); commitInflight is
	// the OffsetCommit in flight.
	committed      Offset
	committedEpoch Epoch
	commitInflight int64
	// autoCommitGen numbers the consumer's auto-commit clock; a timer of
	// an older generation is void.
	autoCommitGen int64
	// needValidate is set when the position must be validated with
	// OffsetsForLeaderEpoch before the next fetch (KIP-320: a committed
	// offset with its leader epoch, SubscriptionState.seekUnvalidated).
	needValidate bool
	// reset is OffsetEarliest or OffsetLatest while a ListOffsets must
	// resolve the position (listoffsets.go), 0 otherwise; resetFrom,
	// resetWhy, resetErr and resetPeer say what an auto.offset.reset
	// jumps from and why ("" for a from=earliest|latest start).
	reset     Offset
	resetFrom Offset
	resetWhy  string
	resetErr  ErrorCode
	resetPeer NodeID
}

func (k *consumer) clone() consumer {
	d := *k
	d.read = k.read[:len(k.read):len(k.read)]
	return d
}

func (c *Cluster) consumerByID(id int32) *consumer { return &c.consumers[id-1] }

func (c *Cluster) node(k *consumer) NodeID { return NodeID{Kind: NodeConsumer, ID: k.id} }

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

func (cmd Consume) check(c *Cluster) error {
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
	case cmd.Seek:
		return c.checkSeek(cmd)
	case cmd.Commit || cmd.Close:
		return c.checkGroupCommand(cmd)
	case cmd.Group != "" && cmd.From != OffsetEarliest:
		return fmt.Errorf("engine: a group consumer starts from its group's committed offset, or by auto.offset.reset without one; it takes no from= (move it with seek)")
	case len(cmd.Group) > 249:
		// Kafka limits a group id only by the protocol's string length; kplay
		// keeps it to a topic name's 249 characters so the page can show it.
		return fmt.Errorf("engine: group.id is longer than 249 characters")
	}
	return nil
}

// checkGroupCommand checks a commit or close: the consumer must exist and
// be assigned to the partition; a commit needs a group.id
// (KafkaConsumer.commitSync throws InvalidGroupIdException without one).
func (c *Cluster) checkGroupCommand(cmd Consume) error {
	id := max(cmd.Consumer, 1)
	verb := "close"
	if cmd.Commit {
		verb = "commit"
	}
	switch {
	case int(id) > len(c.consumers) || c.consumerByID(id).tp != cmd.TP:
		return fmt.Errorf("engine: no consumer c%d assigned to %s to %s (start it with consume)", id, cmd.TP, verb)
	case c.consumerByID(id).closed:
		return fmt.Errorf("engine: consumer c%d is closed (start it again with consume)", id)
	case cmd.Commit && c.consumerByID(id).group == "":
		return fmt.Errorf("engine: consumer c%d has no group.id to commit to (InvalidGroupIdException; start it with consume %s group.id=G)", id, cmd.TP)
	case cmd.Commit && (c.consumerByID(id).position < 0 || c.consumerByID(id).awaitCommitted || c.consumerByID(id).reset != 0):
		return fmt.Errorf("engine: consumer c%d has no position to commit yet (it is still looking up where to start)", id)
	}
	return nil
}

// checkSeek checks a seek: KafkaConsumer.seek needs an offset >= 0
// (IllegalArgumentException) and a partition assigned to the consumer
// (IllegalStateException: "No current assignment for partition").
func (c *Cluster) checkSeek(cmd Consume) error {
	id := max(cmd.Consumer, 1)
	switch {
	case cmd.From < 0:
		return fmt.Errorf("engine: seek offset must not be negative")
	case cmd.Broker != 0 || cmd.Rack != "":
		return fmt.Errorf("engine: seek takes no broker or client.rack")
	case int(id) > len(c.consumers) || c.consumerByID(id).tp != cmd.TP:
		return fmt.Errorf("engine: no consumer c%d assigned to %s to seek (start it with consume)", id, cmd.TP)
	case c.consumerByID(id).closed:
		// AsyncKafkaConsumer.acquireAndEnsureOpen: "This consumer has already been closed."
		return fmt.Errorf("engine: consumer c%d has been closed (start it again with consume)", id)
	}
	return nil
}

// apply assigns the consumer to cmd.TP at cmd.From and starts its fetch
// loop. A consumer without a group.id resolves from=earliest and
// from=latest at once, as a ListOffsets answered in no time would: the log
// start offset, or the leader's high watermark now (kplay skips that one
// round trip so that the lesson presets keep the timings of the lesson
// they replay; docs/design.md §11). A group consumer starts from its
// group's committed offset (OffsetFetch), and auto.offset.reset, for it
// and for every consumer, sends a real ListOffsets (listoffsets.go), with
// KIP-207's OFFSET_NOT_AVAILABLE.
func (cmd Consume) apply(c *Cluster) {
	switch {
	case cmd.Seek:
		c.seek(c.consumerByID(max(cmd.Consumer, 1)), cmd.From)
		return
	case cmd.Commit:
		c.commit(c.consumerByID(max(cmd.Consumer, 1)))
		return
	case cmd.Close:
		c.closeConsumer(c.consumerByID(max(cmd.Consumer, 1)))
		return
	}
	id := max(cmd.Consumer, 1)
	for int(id) > len(c.consumers) {
		n := int32(len(c.consumers) + 1)
		c.consumers = append(c.consumers, consumer{id: n, meta: clientMeta{leader: NoLeader, epoch: -1}, preferred: NoLeader, lastEpoch: -1,
			committed: -1, committedEpoch: -1})
	}
	k := c.consumerByID(id)
	if k.group != cmd.Group || k.tp != cmd.TP {
		// A new client under another group (or none) leaves the old one.
		c.leaveGroup(k)
	}
	if k.tp != cmd.TP {
		k.meta = clientMeta{tp: cmd.TP, leader: NoLeader, epoch: -1}
		k.read = nil
	}
	k.tp = cmd.TP
	k.rack = cmd.Rack
	k.inflight, k.validating, k.stopped, k.closed = 0, false, false, false
	k.preferred = NoLeader
	k.lastEpoch = -1
	k.needValidate, k.reset, k.resetWhy, k.fromCommitted, k.commitInflight = false, 0, "", false, 0
	k.failures, k.backoffUntil, k.backoffNode = 0, 0, NoLeader
	k.position = c.resetOffset(k.tp, cmd.From)
	if cmd.Broker != 0 {
		k.meta.leader, k.meta.epoch, k.meta.known = cmd.Broker, -1, true
	}
	if cmd.Group != "" {
		k.position = -1
		c.joinGroup(k, cmd.Group)
	} else {
		k.group, k.committed, k.committedEpoch = "", -1, -1
		k.autoCommitGen++
	}
	c.consumerFetch(k)
}

// seek is KafkaConsumer.seek(partition, offset)
// (SubscriptionState.seekUnvalidated with no offset epoch, so no KIP-320
// validation follows): the position moves to off and the consumer keeps
// its metadata and its preferred read replica (KIP-392); a consumer that
// auto.offset.reset=none stopped fetches again. A position validation in
// flight is dropped. A fetch in flight still answers for the old position:
// its response is discarded when it comes (FetchCollector: "Discarding
// stale fetch response") and the next fetch starts at off. An offset past
// the serving replica's log end is answered OFFSET_OUT_OF_RANGE
// (LocalLog.read); one in [HW, log end] waits for records.
func (c *Cluster) seek(k *consumer, off Offset) {
	k.position, k.lastEpoch, k.stopped = off, -1, false
	if k.validating || k.reset != 0 || k.awaitCommitted {
		k.validating, k.inflight = false, 0
	}
	k.needValidate, k.reset, k.resetWhy, k.awaitCommitted, k.fromCommitted = false, 0, "", false, false
	c.consumerFetch(k)
}

// resetOffset resolves earliest or latest for tp (ListOffsets).
func (c *Cluster) resetOffset(tp TopicPartition, from Offset) Offset {
	switch from {
	case OffsetEarliest:
		if reg := c.partition(tp); reg.leader != NoLeader {
			return c.broker(reg.leader).replica(tp).logStart
		}
		return 0
	case OffsetLatest:
		if reg := c.partition(tp); reg.leader != NoLeader {
			return c.broker(reg.leader).replica(tp).hw
		}
		return 0
	}
	return from
}

// readsFrom is the replica the consumer fetches from at now: its
// preferred read replica while that is valid (KIP-392,
// AbstractFetch.selectReadReplica, SubscriptionState.preferredReadReplica),
// else the leader its metadata names (NoLeader if it knows none).
func (k *consumer) readsFrom(now Time) BrokerID {
	if k.preferred != NoLeader && now <= k.preferredUntil {
		return k.preferred
	}
	return k.meta.leader
}

// consumerFetch sends the consumer's next Fetch to its preferred read
// replica or the leader it knows, or asks for metadata first.
func (c *Cluster) consumerFetch(k *consumer) {
	node := c.node(k)
	if k.inflight != 0 || k.stopped || k.validating {
		return
	}
	if k.awaitCommitted && c.now >= k.backoffUntil {
		c.sendOffsetFetch(k)
		return
	}
	if !k.meta.known || k.meta.leader == NoLeader {
		c.requestMetadata(node, &k.meta)
		return
	}
	if k.needValidate && !k.awaitCommitted {
		c.validatePosition(k)
		return
	}
	to := k.readsFrom(c.now)
	if k.reset != 0 {
		to = k.meta.leader // ListOffsets goes to the leader
	}
	if c.now < k.backoffUntil && (k.backoffNode == NoLeader || k.backoffNode == to) {
		c.timer(k.backoffUntil, timerRetry, node, k.tp, 0)
		return
	}
	if k.reset != 0 {
		c.sendListOffsets(k)
		return
	}
	k.inflight = c.send(Message{Kind: MsgFetch, From: node, To: Broker(to), ReplicaID: ConsumerReplicaID, MaxWaitMs: c.cfg.FetchMaxWaitMs, Rack: k.rack,
		Parts: c.partArena.one(Part{TP: k.tp, FetchOffset: k.position, CurrentLeaderEpoch: k.meta.epoch, LastFetchedEpoch: -1})})
	// The Fetch times out request.timeout.ms after it is sent, long poll
	// included (ConsumerNetworkClient.send with its defaultRequestTimeoutMs,
	// ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG; NetworkClient
	// .handleTimedOutRequests then closes the connection).
	c.timer(c.now+c.cfg.RequestTimeoutMs, timerRequestTimeout, node, k.tp, k.inflight)
}

// consumerFetchResponse hands records to the application and fetches again
// (FetchCollector): a preferred read replica redirects the next fetch;
// OFFSET_OUT_OF_RANGE from a follower goes back to the leader, from the
// leader applies auto.offset.reset; errors that invalidate metadata refresh
// it first (FetchCollector.handleInitializeErrors).
func (c *Cluster) consumerFetchResponse(k *consumer, resp *Message) {
	if k.inflight != resp.Request {
		return
	}
	k.inflight = 0
	node := c.node(k)
	p := resp.Parts[0]
	from := BrokerID(resp.From.ID)
	// A response for a position the consumer has left (a seek since it
	// was sent) is discarded: FetchCollector.handleInitializeSuccess, and
	// for OFFSET_OUT_OF_RANGE from the leader handleInitializeErrors.
	stale := p.FetchOffset != k.position
	if stale && (p.Err == ErrNone || p.Err == ErrOffsetOutOfRange && (from == k.meta.leader || k.preferred == NoLeader)) {
		c.consumerFetch(k)
		return
	}
	switch p.Err {
	case ErrNone:
		k.failures = 0
	case ErrNetworkException:
		// A broken connection waits reconnect.backoff.ms before the client
		// connects to that broker again (exponential, like
		// retry.backoff.ms); other errors refetch as soon as fresh metadata
		// arrives. The backoff and its count are the broken connection's
		// own (ClusterConnectionStates.NodeConnectionState.failedAttempts),
		// so a request to another broker does not wait for it.
		if k.backoffNode != from {
			k.failures = 0
		}
		k.failures++
		k.backoffUntil, k.backoffNode = c.now+c.backoff(k.failures), from
	}
	switch {
	case p.Err == ErrNone && p.PreferredReadReplica != NoLeader:
		k.preferred, k.preferredUntil = p.PreferredReadReplica, c.now+c.cfg.MetadataMaxAgeMs
		c.emit(Event{Kind: EvConsumerRedirected, Node: node, Peer: Broker(p.PreferredReadReplica), TP: p.TP, Text: "preferred read replica in rack " + k.rack})
	case p.Err == ErrOffsetOutOfRange && from != k.meta.leader:
		k.preferred = NoLeader
		c.emit(Event{Kind: EvConsumerError, Node: node, Peer: resp.From, TP: p.TP, Err: p.Err, Text: "back to the leader, keeping the position"})
	case p.Err == ErrOffsetOutOfRange:
		c.consumerOutOfRange(k, resp.From, p.Err)
		if k.stopped {
			return
		}
	case p.Err == ErrUnknownLeaderEpoch || p.Err == ErrRequestTimedOut:
		c.emit(Event{Kind: EvConsumerError, Node: node, Peer: resp.From, TP: p.TP, Err: p.Err, Text: "retrying"})
		c.timer(c.now+c.cfg.RetryBackoffMs, timerRetry, node, k.tp, 0)
		return
	case p.Err != ErrNone:
		k.preferred = NoLeader
		k.meta.known = false
		c.emit(Event{Kind: EvConsumerError, Node: node, Peer: resp.From, TP: p.TP, Err: p.Err, Text: "refreshing metadata"})
		c.requestMetadata(node, &k.meta)
		return
	case len(p.Records) > 0 && p.Records[len(p.Records)-1].Offset >= p.HW:
		// I16 ReadBelowHw: a consumer is never given a record at or above
		// the serving replica's HW (FetchIsolation.HIGH_WATERMARK).
		c.violation("I16/"+p.TP.String()+"/"+itoa64(int64(p.HW)), Event{TP: p.TP, Peer: resp.From, Node: node, Offset: p.HW,
			Text: "ReadBelowHw: " + resp.From.String() + " gave " + node.String() + " records at or above its HW " + itoa64(int64(p.HW))})
	case len(p.Records) > 0 && p.Records[0].Offset != k.position && c.clean():
		// I23 ConsumerOffsetsMonotonic.
		c.violation("I23/"+p.TP.String()+"/"+node.String(), Event{TP: p.TP, Peer: resp.From, Node: node, Offset: p.Records[0].Offset,
			Text: "ConsumerOffsetsMonotonic: " + node.String() + " at position " + itoa64(int64(k.position)) + " was given offset " + itoa64(int64(p.Records[0].Offset))})
	case len(p.Records) > 0 && p.Records[0].Offset == k.position:
		k.read = append(grow(k.read, len(p.Records)), p.Records...)
		last := p.Records[len(p.Records)-1]
		k.position, k.lastEpoch = last.Offset+1, last.LeaderEpoch
		c.emit(Event{Kind: EvConsumerRead, Node: node, Peer: resp.From, TP: p.TP, Offset: p.Records[0].Offset, End: k.position, Count: len(p.Records), Value: p.Records[0].Value})
	}
	c.consumerFetch(k)
}

// consumerOutOfRange applies auto.offset.reset (ConsumerConfig): latest or
// earliest move the position; none stops the consumer with
// OffsetOutOfRangeException.
func (c *Cluster) consumerOutOfRange(k *consumer, from NodeID, err ErrorCode) {
	why := "lost its place on " + k.tp.String() + ": its position " + itoa64(int64(k.position)) + " is not in " + from.String() + "'s log (OFFSET_OUT_OF_RANGE)"
	if k.fromCommitted {
		why = "lost its place on " + k.tp.String() + ": its committed offset " + itoa64(int64(k.position)) + " is gone from " + from.String() + "'s log (OFFSET_OUT_OF_RANGE)"
	}
	c.applyReset(k, from, err, why)
}

func (c *Cluster) consumerMetadata(k *consumer, resp *Message) {
	node := c.node(k)
	old := k.meta.epoch
	if !c.applyMetadata(node, &k.meta, resp) {
		return
	}
	if !k.meta.known {
		c.timer(c.now+c.backoff(k.meta.failures), timerRetry, node, k.tp, 0)
		return
	}
	if c.cfg.kip320() && k.meta.epoch > old && old >= 0 && k.lastEpoch >= 0 && k.inflight == 0 && k.reset == 0 {
		// KIP-320: validate the position against the new leader
		// (SubscriptionState.maybeValidatePositionForCurrentLeader;
		// KAFKA-7747, Kafka 2.3: before it, kip-320=off, the consumer
		// fetches on from its position).
		c.validatePosition(k)
		return
	}
	c.consumerFetch(k)
}

// validatePosition sends the OffsetsForLeaderEpoch that checks the
// position's leader epoch against the leader (KIP-320).
func (c *Cluster) validatePosition(k *consumer) {
	k.needValidate = false
	k.validating = true
	k.inflight = c.send(Message{Kind: MsgOffsetsForLeaderEpoch, From: c.node(k), To: Broker(k.meta.leader),
		Parts: []Part{{TP: k.tp, CurrentLeaderEpoch: k.meta.epoch, LeaderEpoch: k.lastEpoch}}})
}

// handleOffsetsForLeaderEpoch answers where an epoch ends in the leader's
// log (the OffsetsForLeaderEpoch API over LeaderEpochFileCache.endOffsetFor).
func (c *Cluster) handleOffsetsForLeaderEpoch(b *broker, m *Message) {
	p := m.Parts[0]
	out := Part{TP: p.TP, Leader: NoLeader, DivergingEnd: -1, DivergingEpoch: -1}
	r := b.replica(p.TP)
	switch {
	case r == nil || !r.isLeader:
		out.Err = ErrNotLeaderOrFollower
	case p.CurrentLeaderEpoch < r.leaderEpoch:
		out.Err = ErrFencedLeaderEpoch
	case p.CurrentLeaderEpoch > r.leaderEpoch:
		out.Err = ErrUnknownLeaderEpoch
	default:
		if e, end, ok := r.endOffsetFor(p.LeaderEpoch); ok {
			out.DivergingEpoch, out.DivergingEnd = e, end
		}
	}
	c.send(Message{Kind: MsgOffsetsForLeaderEpochResponse, Request: m.ID, From: b.node(), To: m.From, Parts: []Part{out}})
}

// consumerValidated finishes a KIP-320 validation: an end offset below the
// position means the log was truncated under the consumer
// (SubscriptionState.maybeCompleteValidation); with a reset policy the
// position moves back to it, without one LogTruncationException stops the
// consumer.
func (c *Cluster) consumerValidated(k *consumer, resp *Message) {
	if k.inflight != resp.Request {
		return
	}
	k.inflight, k.validating = 0, false
	node := c.node(k)
	p := resp.Parts[0]
	if p.Err != ErrNone {
		// The position stays awaiting validation
		// (SubscriptionState.FetchStates.AWAIT_VALIDATION) and is checked
		// again against the leader fresh metadata names.
		k.needValidate = true
		k.meta.known = false
		c.requestMetadata(node, &k.meta)
		return
	}
	if p.DivergingEnd < 0 || p.DivergingEnd < k.position {
		to := max(p.DivergingEnd, 0)
		ev := Event{Kind: EvConsumerTruncation, Node: node, Peer: resp.From, TP: k.tp, Offset: to, End: k.position, Epoch: p.DivergingEpoch}
		if c.cfg.AutoOffsetReset == "none" {
			ev.Text = "LogTruncationException: the consumer stops"
			k.stopped = true
			c.emit(ev)
			return
		}
		ev.Text = "position moves back to " + itoa64(int64(to))
		c.emit(ev)
		k.position = to
	}
	c.consumerFetch(k)
}

// consumerRetry fetches again after retry.backoff.ms, or re-asks for
// metadata.
func (c *Cluster) consumerRetry(k *consumer, _ int64) { c.consumerFetch(k) }

// consumerRequestTimeout gives up on an unanswered fetch or metadata
// request after request.timeout.ms and starts over from metadata: a
// broker cut off by the network (no reset of its connections, unlike a
// crashed process) is noticed only this way (NetworkClient
// .handleTimedOutRequests disconnects, and handleServerDisconnect asks
// for a metadata update).
func (c *Cluster) consumerRequestTimeout(k *consumer, id int64) {
	if k.meta.pending == id {
		k.meta.pending = 0
		c.requestMetadata(c.node(k), &k.meta)
		return
	}
	if k.inflight == id {
		k.inflight, k.validating = 0, false
		k.preferred = NoLeader
		k.meta.known = false
		c.emit(Event{Kind: EvConsumerError, Node: c.node(k), TP: k.tp, Err: ErrRequestTimedOut, Text: "no response within request.timeout.ms; refreshing metadata"})
		c.requestMetadata(c.node(k), &k.meta)
	}
}

// consumed is the consumer's records, clipped so callers cannot append.
func (k *consumer) consumed() []Record { return slices.Clip(k.read) }
