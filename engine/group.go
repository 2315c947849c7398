package engine

import (
	"slices"
	"strings"
)

// Consumer groups, kept as simple as honesty allows (docs/design.md §11):
//
//   - A group has one member: the consumer started with
//     `consume T-P group.id=G`. There is no JoinGroup, SyncGroup or
//     rebalance; the partition is the one the command names (the
//     consumer assigns it to itself, as KafkaConsumer.assign does, and
//     commits under the group's id, as a standalone consumer with a
//     group.id may).
//   - The group coordinator is a fixed broker. Kafka's coordinator is the
//     leader of the __consumer_offsets partition
//     Utils.abs(groupId.hashCode) % offsets.topic.num.partitions
//     (GroupCoordinatorService.partitionFor; the client learns it with
//     FindCoordinator). kplay computes that partition the same way and
//     names the broker that partition's first replica would be on with
//     the striped placement from broker 1 (broker 1 + partition mod
//     brokers). It does not create the internal topic: the committed
//     offsets live in the coordinator's memory and on its disk, and
//     survive its crash and restart. There is no coordinator failover:
//     while the coordinator is down, OffsetCommit and OffsetFetch fail
//     (NETWORK_EXCEPTION) and the consumer retries after
//     retry.backoff.ms. FindCoordinator is not sent.
//   - Committed offsets are lost the way Kafka loses them when nothing
//     fails: offsets.retention.minutes after the group became empty (a
//     close), at the coordinator's next offsets.retention.check.interval.ms
//     run (KIP-211, GroupCoordinatorConfig; OffsetExpirationCondition).
//   - A committed offset that the partition's log no longer has (it was
//     truncated, or retention deleted it) is caught when the consumer
//     resumes: it validates the committed offset with its committed leader
//     epoch (KIP-320, OffsetsForLeaderEpoch) and gets OFFSET_OUT_OF_RANGE
//     for an offset below the log start or past the end, and applies
//     auto.offset.reset (ConsumerCoordinator.refreshCommittedOffsets,
//     SubscriptionState.seekUnvalidated, OffsetFetcher.resetPositionsIfNeeded).

// group is one consumer group's state on its coordinator.
type group struct {
	name        string
	coordinator BrokerID
	// offsets are the committed offsets, sorted by partition.
	offsets []committedOffset
	// members counts the consumers running in the group (0 or 1 in
	// practice); emptySince is when it last dropped to 0, -1 while it has
	// members or never had any.
	members    int
	emptySince Time
}

// committedOffset is OffsetAndMetadata: the offset the group's consumer
// will resume from, the leader epoch of the record before it (KIP-320,
// OffsetCommitRequest.CommittedLeaderEpoch, -1 if unknown) and when it
// was committed.
type committedOffset struct {
	tp     TopicPartition
	offset Offset
	epoch  Epoch
	at     Time
}

func cloneGroups(gs []group) []group {
	out := slices.Clone(gs)
	for i := range out {
		out[i].offsets = slices.Clone(gs[i].offsets)
	}
	return out
}

// javaStringHash is java.lang.String.hashCode over name's UTF-16 code
// units: s[0]*31^(n-1) + ... + s[n-1], in 32-bit two's complement.
func javaStringHash(name string) int32 {
	var h int32
	for _, r := range name {
		if r >= 0x10000 {
			r -= 0x10000
			h = 31*h + int32(0xD800+(r>>10))
			h = 31*h + int32(0xDC00+(r&0x3FF))
			continue
		}
		h = 31*h + int32(r)
	}
	return h
}

// OffsetsPartitionFor is the __consumer_offsets partition that holds
// group name's offsets: Utils.abs(groupId.hashCode) % partitions
// (GroupCoordinatorService.partitionFor; Utils.abs is n & 0x7fffffff).
// partitions is offsets.topic.num.partitions (at least 1).
func OffsetsPartitionFor(name string, partitions int) int {
	return int(javaStringHash(name)&0x7fffffff) % partitions
}

// coordinatorFor is the fixed broker kplay makes group name's coordinator:
// the first replica of its __consumer_offsets partition under the striped
// placement from broker 1.
func (c *Cluster) coordinatorFor(name string) BrokerID {
	p := OffsetsPartitionFor(name, c.cfg.OffsetsTopicNumPartitions)
	return BrokerID(1 + p%len(c.brokers))
}

// group returns group name, creating it with its coordinator if new.
func (c *Cluster) group(name string) *group {
	i, ok := slices.BinarySearchFunc(c.groups, name, func(g group, n string) int { return strings.Compare(g.name, n) })
	if !ok {
		c.groups = slices.Insert(c.groups, i, group{name: name, coordinator: c.coordinatorFor(name), emptySince: -1})
	}
	return &c.groups[i]
}

// offset returns the group's committed offset for tp, or nil.
func (g *group) offset(tp TopicPartition) *committedOffset {
	for i := range g.offsets {
		if g.offsets[i].tp == tp {
			return &g.offsets[i]
		}
	}
	return nil
}

// joinGroup starts consumer k as the group's member: the coordinator
// counts it, and with enable.auto.commit the auto-commit clock starts
// (ConsumerCoordinator: nextAutoCommitTimer = auto.commit.interval.ms from
// construction). The consumer then fetches its committed offset.
func (c *Cluster) joinGroup(k *consumer, name string) {
	g := c.group(name)
	c.expireOffsets(g) // what the expiration task did while the group was empty
	if k.group != name || !k.member {
		g.members++
		g.emptySince = -1
	}
	k.group, k.member = name, true
	k.committed, k.committedEpoch = -1, -1
	k.awaitCommitted = true
	k.autoCommitGen++
	if c.cfg.EnableAutoCommit {
		c.timer(c.now+c.cfg.AutoCommitIntervalMs, timerAutoCommit, c.node(k), k.tp, k.autoCommitGen)
	}
}

// leaveGroup takes consumer k out of its group (KafkaConsumer.close sends
// LeaveGroup; kplay applies it at once, without a message): an emptied
// group starts its offsets.retention.minutes clock.
func (c *Cluster) leaveGroup(k *consumer) {
	if k.group == "" || !k.member {
		return
	}
	k.member = false
	g := c.group(k.group)
	g.members--
	if g.members <= 0 {
		g.members, g.emptySince = 0, c.now
	}
}

// closeConsumer is KafkaConsumer.close(): with enable.auto.commit it first
// commits the position (ConsumerCoordinator.close →
// maybeAutoCommitOffsetsSync), then leaves the group and stops fetching.
// kplay sends the commit and does not wait for its answer.
func (c *Cluster) closeConsumer(k *consumer) {
	if k.group != "" && k.member && c.cfg.EnableAutoCommit && !k.awaitCommitted && k.position >= 0 {
		c.sendCommit(k)
	}
	c.leaveGroup(k)
	k.stopped, k.closed = true, true
	k.autoCommitGen++
	k.inflight, k.validating, k.reset = 0, false, 0
}

// autoCommit is ConsumerCoordinator.maybeAutoCommitOffsetsAsync: every
// auto.commit.interval.ms the consumer commits its position
// (SubscriptionState.allConsumed: the position's offset and offsetEpoch)
// and resets the timer. kplay's consumer polls all the time, so the
// commit goes out on the interval itself. A consumer still looking for its
// starting position has nothing to commit and waits for the next interval.
func (c *Cluster) autoCommit(k *consumer, gen int64) {
	if gen != k.autoCommitGen || k.closed || k.group == "" {
		return
	}
	c.timer(c.now+c.cfg.AutoCommitIntervalMs, timerAutoCommit, c.node(k), k.tp, gen)
	if k.awaitCommitted || k.position < 0 || k.reset != 0 || k.validating {
		return
	}
	c.sendCommit(k)
}

// commit is KafkaConsumer.commitSync() (the script's commit command): the
// position and its leader epoch go to the coordinator at once.
func (c *Cluster) commit(k *consumer) {
	c.sendCommit(k)
}

// sendCommit sends an OffsetCommit of k's position with the leader epoch
// of the last record it consumed (OffsetCommitRequest v6+
// CommittedLeaderEpoch, KIP-320). Under kip-320=off kplay sends -1: before
// Kafka 2.1 the field did not exist, and in 2.1 and 2.2 it was sent but
// nothing validated a position with it (KAFKA-7747, 2.3), so the two
// behave alike.
func (c *Cluster) sendCommit(k *consumer) {
	epoch := k.lastEpoch
	if !c.cfg.kip320() {
		epoch = -1
	}
	g := c.group(k.group)
	k.commitInflight = c.send(Message{Kind: MsgOffsetCommit, From: c.node(k), To: Broker(g.coordinator), Group: k.group,
		Parts: []Part{{TP: k.tp, FetchOffset: k.position, LeaderEpoch: epoch}}})
}

// handleOffsetCommit stores a commit on the coordinator
// (GroupCoordinatorService.commitOffsets; OffsetMetadataManager): the
// broker must be the group's coordinator (NOT_COORDINATOR otherwise, which
// kplay's fixed coordinator never is), and a running broker always
// accepts. A commit from a group's member also clears its retention clock.
func (c *Cluster) handleOffsetCommit(b *broker, m *Message) {
	p := m.Parts[0]
	g := c.group(m.Group)
	out := Part{TP: p.TP, FetchOffset: p.FetchOffset, LeaderEpoch: p.LeaderEpoch, Leader: NoLeader, PreferredReadReplica: NoLeader}
	c.expireOffsets(g)
	if o := g.offset(p.TP); o != nil {
		o.offset, o.epoch, o.at = p.FetchOffset, p.LeaderEpoch, c.now
	} else {
		g.offsets = append(g.offsets, committedOffset{tp: p.TP, offset: p.FetchOffset, epoch: p.LeaderEpoch, at: c.now})
		slices.SortFunc(g.offsets, func(a, b committedOffset) int { return cmpTP(a.tp, b.tp) })
	}
	c.emit(Event{Kind: EvOffsetCommitted, Node: b.node(), Peer: m.From, TP: p.TP, Offset: p.FetchOffset, Epoch: p.LeaderEpoch, Text: m.Group})
	c.send(Message{Kind: MsgOffsetCommitResponse, Request: m.ID, From: b.node(), To: m.From, Group: m.Group, Parts: []Part{out}})
}

// consumerCommitted records an acknowledged commit in the consumer (what
// the page shows as its committed offset); a failed one (NETWORK_EXCEPTION
// from a coordinator that is down) is left to the next auto commit or
// commit, as the async auto commit does (it logs and retries on the next
// interval).
func (c *Cluster) consumerCommitted(k *consumer, resp *Message) {
	if k.commitInflight != resp.Request {
		return
	}
	k.commitInflight = 0
	p := resp.Parts[0]
	if p.Err != ErrNone {
		c.emit(Event{Kind: EvOffsetCommitted, Node: c.node(k), Peer: resp.From, TP: k.tp, Err: p.Err, Offset: p.FetchOffset, Epoch: p.LeaderEpoch, Text: k.group})
		return
	}
	k.committed, k.committedEpoch = p.FetchOffset, p.LeaderEpoch
}

// sendOffsetFetch asks the coordinator for the group's committed offset
// (ConsumerCoordinator.refreshCommittedOffsetsIfNeeded → OffsetFetch).
func (c *Cluster) sendOffsetFetch(k *consumer) {
	g := c.group(k.group)
	k.inflight = c.send(Message{Kind: MsgOffsetFetch, From: c.node(k), To: Broker(g.coordinator), Group: k.group,
		Parts: []Part{{TP: k.tp}}})
	c.timer(c.now+c.cfg.RequestTimeoutMs, timerRequestTimeout, c.node(k), k.tp, k.inflight)
}

// handleOffsetFetch answers the group's committed offset of a partition,
// -1 (and leader epoch -1) when it has none (OffsetFetchResponse).
func (c *Cluster) handleOffsetFetch(b *broker, m *Message) {
	p := m.Parts[0]
	g := c.group(m.Group)
	c.expireOffsets(g)
	out := Part{TP: p.TP, FetchOffset: -1, LeaderEpoch: -1, Leader: NoLeader, PreferredReadReplica: NoLeader}
	if o := g.offset(p.TP); o != nil {
		out.FetchOffset, out.LeaderEpoch = o.offset, o.epoch
	}
	c.send(Message{Kind: MsgOffsetFetchResponse, Request: m.ID, From: b.node(), To: m.From, Group: m.Group, Parts: []Part{out}})
}

// consumerOffsetFetched starts the consumer from its committed offset:
// the position takes the committed offset and epoch unvalidated
// (SubscriptionState.seekUnvalidated), so with a committed epoch and
// KIP-320 the consumer validates it with OffsetsForLeaderEpoch before it
// fetches. Without a committed offset it applies auto.offset.reset
// (none: NoOffsetForPartitionException, the consumer stops).
func (c *Cluster) consumerOffsetFetched(k *consumer, resp *Message) {
	if k.inflight != resp.Request {
		return
	}
	k.inflight = 0
	node := c.node(k)
	p := resp.Parts[0]
	if p.Err != ErrNone {
		k.failures++
		k.backoffUntil, k.backoffNode = c.now+c.backoff(k.failures), NoLeader
		c.emit(Event{Kind: EvOffsetFetched, Node: node, Peer: resp.From, TP: k.tp, Err: p.Err, Offset: -1, Epoch: -1, Text: k.group})
		c.timer(k.backoffUntil, timerRetry, node, k.tp, 0)
		return
	}
	k.failures = 0
	k.awaitCommitted = false
	c.emit(Event{Kind: EvOffsetFetched, Node: node, Peer: resp.From, TP: k.tp, Offset: p.FetchOffset, Epoch: p.LeaderEpoch, Text: k.group})
	if p.FetchOffset < 0 {
		c.applyReset(k, resp.From, ErrNone, "has no committed offset of "+k.tp.String()+" in group "+k.group)
		if k.stopped {
			return
		}
		c.consumerFetch(k)
		return
	}
	k.committed, k.committedEpoch = p.FetchOffset, p.LeaderEpoch
	k.position, k.lastEpoch = p.FetchOffset, p.LeaderEpoch
	k.fromCommitted = true
	if c.cfg.kip320() && p.LeaderEpoch >= 0 {
		k.needValidate = true
	}
	c.consumerFetch(k)
}

// expireOffsets removes an empty group's committed offsets once
// offsets.retention.minutes have passed since it emptied, at the first run
// of the coordinator's expiration task (every
// offsets.retention.check.interval.ms from the start) at or after that
// (GroupCoordinatorShard.cleanupGroupMetadata, scheduled every interval
// from the shard's load; OffsetMetadataManager.cleanupExpiredOffsets;
// OffsetExpirationConditionImpl: offsets expire when "this retention
// period has elapsed after the consumer group loses all its consumers
// (i.e. becomes empty)", offsets.retention.minutes' doc, KIP-211). kplay checks lazily, when the coordinator is
// next asked, with the expiration time computed as the task would have
// found it.
func (c *Cluster) expireOffsets(g *group) {
	if g.members > 0 || g.emptySince < 0 || len(g.offsets) == 0 {
		return
	}
	due := g.emptySince + Time(c.cfg.OffsetsRetentionMinutes)*60000
	every := c.cfg.OffsetsRetentionCheckIntervalMs
	run := c.cfg.Start + (due-c.cfg.Start+every-1)/every*every
	if run > c.now {
		return
	}
	for _, o := range g.offsets {
		c.emit(Event{Kind: EvOffsetsExpired, Node: Broker(g.coordinator), TP: o.tp, Offset: o.offset, Epoch: o.epoch, End: Offset(run), Text: g.name})
	}
	g.offsets = nil
}

// GroupState is one consumer group as its coordinator holds it.
type GroupState struct {
	Name string
	// Coordinator is the broker that holds the group's offsets (kplay's
	// fixed coordinator, docs/design.md §11) and OffsetsPartition the
	// __consumer_offsets partition Kafka would keep them in.
	Coordinator      BrokerID
	OffsetsPartition int
	// Members counts the consumers in the group; EmptySince is when it
	// became empty (-1 while it has members).
	Members    int
	EmptySince Time
	Offsets    []CommittedOffset
}

// CommittedOffset is one committed offset (OffsetAndMetadata): the offset
// the group resumes from and the leader epoch committed with it (-1:
// none, KIP-320), and when it was committed, in ms.
type CommittedOffset struct {
	TP          TopicPartition
	Offset      Offset
	LeaderEpoch Epoch
	At          Time
}

func (c *Cluster) groupStates() []GroupState {
	var out []GroupState
	for _, g := range c.groups {
		gs := GroupState{Name: g.name, Coordinator: g.coordinator, OffsetsPartition: OffsetsPartitionFor(g.name, c.cfg.OffsetsTopicNumPartitions),
			Members: g.members, EmptySince: g.emptySince}
		for _, o := range g.offsets {
			gs.Offsets = append(gs.Offsets, CommittedOffset{TP: o.tp, Offset: o.offset, LeaderEpoch: o.epoch, At: o.at})
		}
		out = append(out, gs)
	}
	return out
}

// groupEventText prints the events of groups, ListOffsets and retention.
func groupEventText(e Event) string {
	switch e.Kind {
	case EvOffsetCommitted:
		if e.Err != ErrNone {
			return e.Node.String() + "'s offset commit of " + e.TP.String() + " for group " + e.Text + " to " + e.Peer.String() + " failed: " + e.Err.String() +
				"; the next commit tries again"
		}
		return e.Node.String() + " (coordinator of group " + e.Text + ") stores " + e.Peer.String() + "'s committed offset " +
			itoa64(int64(e.Offset)) + " of " + e.TP.String() + epochPhrase(e.Epoch)
	case EvOffsetFetched:
		if e.Err != ErrNone {
			return e.Node.String() + " (group " + e.Text + ") could not get its committed offset of " + e.TP.String() + " from the coordinator " + e.Peer.String() +
				": " + e.Err.String() + "; retrying after retry.backoff.ms"
		}
		if e.Offset < 0 {
			return e.Node.String() + " (group " + e.Text + ") asks " + e.Peer.String() + " for its committed offset of " + e.TP.String() + ": none"
		}
		return e.Node.String() + " (group " + e.Text + ") asks " + e.Peer.String() + " for its committed offset of " + e.TP.String() + ": " +
			itoa64(int64(e.Offset)) + epochPhrase(e.Epoch)
	case EvOffsetsExpired:
		return e.Node.String() + " deletes group " + e.Text + "'s committed offset " + itoa64(int64(e.Offset)) + " of " + e.TP.String() +
			": the group had been empty for offsets.retention.minutes when the expiration task ran at " + FormatTime(Time(e.End))
	case EvConsumerReset:
		return e.Node.String() + " " + e.Text
	case EvListOffsets:
		if e.Err != ErrNone {
			return e.Node.String() + " asks " + e.Peer.String() + " for the " + e.Text + " offset of " + e.TP.String() + " (ListOffsets): " + e.Err.String() + ", " + e.Value
		}
		return e.Node.String() + " asks " + e.Peer.String() + " for the " + e.Text + " offset of " + e.TP.String() + " (ListOffsets): " + itoa64(int64(e.Offset))
	case EvLogStartMoved:
		s := e.Node.String() + " " + e.TP.String() + " log start offset " + itoa64(int64(e.Offset)) + " → " + itoa64(int64(e.End))
		if e.Count > 0 {
			s += ", deleting " + itoa(e.Count) + " segment(s)"
		}
		return s + ": " + e.Text
	}
	return ""
}

func epochPhrase(e Epoch) string {
	if e < 0 {
		return " (no leader epoch)"
	}
	return " (leader epoch " + itoa(int(e)) + ")"
}
