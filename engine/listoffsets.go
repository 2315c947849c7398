package engine

// ListOffsets, and the auto.offset.reset that uses it.

// applyReset is auto.offset.reset (ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
// default latest): the consumer has no valid position (no committed
// offset, or OFFSET_OUT_OF_RANGE) and why says which. none stops it
// (NoOffsetForPartitionException without a committed offset,
// OffsetOutOfRangeException otherwise); earliest and latest ask the leader
// with ListOffsets (SubscriptionState.requestOffsetReset,
// OffsetFetcher.resetPositionsIfNeeded) before the next fetch.
func (c *Cluster) applyReset(k *consumer, from NodeID, err ErrorCode, why string) {
	node := c.node(k)
	switch c.cfg.AutoOffsetReset {
	case "none":
		k.stopped = true
		ex := "OffsetOutOfRangeException"
		if err == ErrNone {
			ex = "NoOffsetForPartitionException"
		}
		c.emit(Event{Kind: EvConsumerReset, Node: node, Peer: from, TP: k.tp, Err: err, Offset: k.position, End: -1,
			Text: why + ", and auto.offset.reset=none: " + ex + ", the consumer stops"})
		return
	case "earliest":
		k.reset = OffsetEarliest
	default:
		k.reset = OffsetLatest
	}
	k.resetFrom, k.resetWhy, k.resetErr, k.resetPeer = k.position, why, err, from
	k.validating, k.needValidate = false, false
}

// listOffsetsSpec names a ListOffsets timestamp as the script does.
func listOffsetsSpec(o Offset) string {
	if o == OffsetEarliest {
		return "earliest"
	}
	return "latest"
}

// sendListOffsets asks the leader the consumer knows for the earliest or
// latest offset of its partition (ListOffsetsRequest with
// EARLIEST_TIMESTAMP or LATEST_TIMESTAMP, READ_UNCOMMITTED, and the
// consumer's current leader epoch).
func (c *Cluster) sendListOffsets(k *consumer) {
	node := c.node(k)
	k.inflight = c.send(Message{Kind: MsgListOffsets, From: node, To: Broker(k.meta.leader), ReplicaID: ConsumerReplicaID,
		Parts: []Part{{TP: k.tp, FetchOffset: k.reset, CurrentLeaderEpoch: k.meta.epoch}}})
	c.timer(c.now+c.cfg.RequestTimeoutMs, timerRequestTimeout, node, k.tp, k.inflight)
}

// handleListOffsets answers a consumer's ListOffsets on the leader
// (ReplicaManager.fetchOffset → Partition.fetchOffsetForTimestamp, with
// fetchOnlyFromLeader for a consumer): a broker that is not the leader
// answers NOT_LEADER_OR_FOLLOWER, a stale or future leader epoch
// FENCED_LEADER_EPOCH or UNKNOWN_LEADER_EPOCH. EARLIEST is the log start
// offset. LATEST is the high watermark (READ_UNCOMMITTED's last fetchable
// offset), except that a new leader whose high watermark is still below
// the offset its epoch started at answers OFFSET_NOT_AVAILABLE (KIP-207:
// it cannot yet tell which of its records are committed), and the client
// retries.
func (c *Cluster) handleListOffsets(b *broker, m *Message) {
	p := m.Parts[0]
	out := Part{TP: p.TP, FetchOffset: -1, LeaderEpoch: -1, Leader: NoLeader, PreferredReadReplica: NoLeader}
	r := b.replica(p.TP)
	switch {
	case r == nil || !r.isLeader:
		out.Err = ErrNotLeaderOrFollower
	case p.CurrentLeaderEpoch >= 0 && p.CurrentLeaderEpoch < r.leaderEpoch:
		out.Err = ErrFencedLeaderEpoch
	case p.CurrentLeaderEpoch > r.leaderEpoch:
		out.Err = ErrUnknownLeaderEpoch
	case p.FetchOffset == OffsetEarliest:
		out.FetchOffset, out.LeaderEpoch = r.logStart, r.leaderEpoch
	case r.epochStartOffset > r.hw:
		out.Err = ErrOffsetNotAvailable
		out.HW, out.LeaderLEO = r.hw, r.epochStartOffset
	default:
		out.FetchOffset, out.LeaderEpoch = r.hw, r.leaderEpoch
	}
	c.send(Message{Kind: MsgListOffsetsResponse, Request: m.ID, From: b.node(), To: m.From, ReplicaID: m.ReplicaID, Parts: []Part{out}})
}

// consumerListedOffsets takes the ListOffsets answer as the position
// (OffsetFetcherUtils.resetPositionIfNeeded: the new position's offset
// epoch is Optional.empty(), "This will ensure we skip validation", so a
// commit before the next record is read carries no leader epoch), or
// retries: OFFSET_NOT_AVAILABLE,
// UNKNOWN_LEADER_EPOCH and a lost connection after retry.backoff.ms, the
// errors that say the metadata is stale after a metadata refresh
// (OffsetFetcherUtils.handleListOffsetResponse).
func (c *Cluster) consumerListedOffsets(k *consumer, resp *Message) {
	if k.inflight != resp.Request || k.reset == 0 {
		return
	}
	k.inflight = 0
	node := c.node(k)
	p := resp.Parts[0]
	switch p.Err {
	case ErrNone:
	case ErrOffsetNotAvailable:
		k.failures++
		k.backoffUntil, k.backoffNode = c.now+c.backoff(k.failures), NoLeader
		c.emit(Event{Kind: EvListOffsets, Node: node, Peer: resp.From, TP: k.tp, Err: p.Err, Offset: -1, Text: listOffsetsSpec(k.reset),
			Value: "the new leader's high watermark " + itoa64(int64(p.HW)) + " is below the start offset of its leader epoch, " +
				itoa64(int64(p.LeaderLEO)) + " (KIP-207); retrying after retry.backoff.ms"})
		c.timer(k.backoffUntil, timerRetry, node, k.tp, 0)
		return
	case ErrUnknownLeaderEpoch, ErrNetworkException:
		k.failures++
		k.backoffUntil, k.backoffNode = c.now+c.backoff(k.failures), NoLeader
		c.emit(Event{Kind: EvListOffsets, Node: node, Peer: resp.From, TP: k.tp, Err: p.Err, Offset: -1, Text: listOffsetsSpec(k.reset), Value: "retrying after retry.backoff.ms"})
		c.timer(k.backoffUntil, timerRetry, node, k.tp, 0)
		return
	default:
		k.meta.known = false
		c.emit(Event{Kind: EvListOffsets, Node: node, Peer: resp.From, TP: k.tp, Err: p.Err, Offset: -1, Text: listOffsetsSpec(k.reset), Value: "refreshing metadata"})
		c.requestMetadata(node, &k.meta)
		return
	}
	k.failures = 0
	spec := listOffsetsSpec(k.reset)
	if k.resetWhy != "" {
		verb := ", so it jumps to the "
		if k.resetFrom < 0 {
			verb = ", so it starts at the "
		}
		s := k.resetWhy + verb + spec + " offset " + itoa64(int64(p.FetchOffset)) + " (auto.offset.reset=" + spec + ")"
		c.emit(Event{Kind: EvConsumerReset, Node: node, Peer: resp.From, TP: k.tp, Err: k.resetErr, Offset: k.resetFrom, End: p.FetchOffset, Text: s})
	} else {
		c.emit(Event{Kind: EvListOffsets, Node: node, Peer: resp.From, TP: k.tp, Offset: p.FetchOffset, Text: spec})
	}
	k.position, k.lastEpoch = p.FetchOffset, -1
	k.reset, k.resetWhy, k.resetErr = 0, "", ErrNone
	k.fromCommitted = false
	c.consumerFetch(k)
}
