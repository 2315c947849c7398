package engine

import (
	"fmt"
	"slices"
)

// The disk model (docs/kafka-rules.md §2.9): a broker's disk can be slow,
// so that every write to its logs takes time, and a follower that writes
// slowly falls behind.
//
// Kafka acknowledges a produce with acks=1 only after the leader's local
// append (ReplicaManager.appendRecords → Partition.appendRecordsToLeader →
// UnifiedLog.append, which writes to the OS page cache; nothing is fsynced
// per write, log.flush.interval.messages is Long.MAX_VALUE). A slow disk
// makes that append slow, and the request handler thread that runs it is
// busy meanwhile. A follower's replica fetcher thread appends the records
// a fetch brought (ReplicaFetcherThread.processPartitionData →
// Partition.appendRecordsToFollowerOrFutureReplica) before it sends its
// next fetch, whose fetch offset is its new log end: with a slow disk the
// next fetch goes late, its lastCaughtUpTimeMs stops moving, and after
// replica.lag.time.max.ms the leader drops it from the ISR
// (Partition.maybeShrinkIsr, Replica.isCaughtUp), then adds it back once
// it has caught up (Partition.maybeExpandIsr).
//
// kplay models one disk per broker as one queue of writes: each write, a
// produce the broker leads or a follower fetch response with records,
// starts when the previous one is done and takes the broker's disk
// latency; its handler then runs as it would at once on a healthy disk
// (the checks, the append, the answer). Kafka runs num.io.threads handlers,
// which may write different partitions at once, and writes one partition
// under its lock (UnifiedLog.append); a disk that takes 50 ms per write
// takes it for each, so kplay queues them all. A produce that this broker
// does not lead, and a fetch response without records, write nothing and
// are handled at once, also while writes are queued (a fetcher has one
// fetch in flight, so its empty response never overtakes its own
// records).

// MaxDiskLatency bounds a slow disk's latency per append: one hour, in
// milliseconds.
const MaxDiskLatency = 3600000

// SlowDisk sets the time in milliseconds that every append to broker
// Broker's logs takes, from now on, until another SlowDisk changes it;
// Latency 0 makes the disk healthy again (writes already queued still
// finish when they were due). The latency is the disk's, so it stays
// across a crash and a restart. Broker must exist; Latency is
// 0..MaxDiskLatency.
type SlowDisk struct {
	Broker  BrokerID
	Latency Time
}

// String prints the command as a kplay script line:
// "slow-disk 2 latency=50ms".
func (c SlowDisk) String() string {
	return "slow-disk " + itoa(int(c.Broker)) + " latency=" + itoa64(int64(c.Latency)) + "ms"
}

// diskOp is one write waiting for a broker's disk: the request or response
// whose handler runs once the write is done, at at.
type diskOp struct {
	at          Time
	incarnation int
	msg         Message
}

func (cmd SlowDisk) check(c *Cluster) error {
	if !c.validBroker(cmd.Broker) {
		return fmt.Errorf("engine: no broker %d", cmd.Broker)
	}
	if cmd.Latency < 0 || cmd.Latency > MaxDiskLatency {
		return fmt.Errorf("engine: a disk's latency must be 0..%d ms, got %d", MaxDiskLatency, cmd.Latency)
	}
	return nil
}

func (cmd SlowDisk) apply(c *Cluster) {
	b := c.broker(cmd.Broker)
	b.diskLatency = cmd.Latency
	text := b.node().String() + "'s disk is healthy again: appends take no time"
	if cmd.Latency > 0 {
		text = b.node().String() + "'s disk is slow: every append to its logs takes " + itoa64(int64(cmd.Latency)) + " ms"
	}
	c.emit(Event{Kind: EvDisk, Node: b.node(), End: Offset(cmd.Latency), Text: text})
}

// queueOnDisk puts m on b's disk queue and returns true when m writes
// (writes) and the disk is slow or busy with earlier writes; its handler
// then runs when the write is done (diskDone). Otherwise it returns false
// and the caller handles m at once.
func (c *Cluster) queueOnDisk(b *broker, m *Message, writes bool) bool {
	c.dropStaleDiskOps(b)
	if !writes || (b.diskLatency == 0 && len(b.disk) == 0) {
		return false
	}
	at := max(c.now, b.diskFree) + b.diskLatency
	b.diskFree = at
	b.disk = append(b.disk, diskOp{at: at, incarnation: b.incarnation, msg: *m})
	c.held = true
	c.timer(at, timerDiskDone, b.node(), firstTP(m), m.ID)
	return true
}

// dropStaleDiskOps forgets the writes of an earlier process of b: a crash
// loses the requests it was handling.
func (c *Cluster) dropStaleDiskOps(b *broker) {
	if len(b.disk) == 0 || b.disk[0].incarnation == b.incarnation {
		return
	}
	kept := b.disk[:0]
	for _, op := range b.disk {
		if op.incarnation == b.incarnation {
			kept = append(kept, op)
		}
	}
	b.disk = kept
	if len(kept) == 0 {
		b.diskFree = 0
	}
}

// diskDone runs the handler of b's oldest queued write, message id, which
// is now done.
func (c *Cluster) diskDone(b *broker, id int64) {
	c.dropStaleDiskOps(b)
	if len(b.disk) == 0 || b.disk[0].msg.ID != id {
		return
	}
	op := b.disk[0]
	b.disk = b.disk[1:]
	switch op.msg.Kind {
	case MsgProduce:
		c.produceNow(b, &op.msg)
	case MsgFetchResponse:
		c.followerFetchResponse(b, &op.msg)
	}
}

// produceWrites says a produce would append on b: b leads its partition.
func produceWrites(b *broker, m *Message) bool {
	r := b.replica(m.Parts[0].TP)
	return r != nil && r.isLeader
}

// fetchResponseWrites says a fetch response carries records to append.
func fetchResponseWrites(m *Message) bool {
	for _, p := range m.Parts {
		if len(p.Records) > 0 {
			return true
		}
	}
	return false
}

// DiskWrite is one write waiting for a broker's slow disk (SlowDisk): the
// records of one partition that a produce the broker leads, or a fetch
// response from its leader, brought, which the broker appends when the
// write is done, at Done (simulated ms). A follower's fetch response
// carries its records' offsets; a produce's get theirs at the append.
// Until then a follower sends no next fetch (its fetcher appends before
// it fetches again), and a leader's acks=1 produce is not answered.
type DiskWrite struct {
	Records []Record
	Done    Time
	// Produce says the write is a produce the broker leads; false, a
	// fetch response its follower replica fetched.
	Produce bool
}

// diskWrites returns the writes of partition tp waiting for b's disk,
// oldest first, each with its own copy of the records (for State); nil
// when none waits.
func (b *broker) diskWrites(tp TopicPartition) []DiskWrite {
	var out []DiskWrite
	for _, op := range b.disk {
		if op.incarnation != b.incarnation {
			continue
		}
		for _, p := range op.msg.Parts {
			if p.TP == tp && len(p.Records) > 0 {
				out = append(out, DiskWrite{Records: slices.Clone(p.Records), Done: op.at, Produce: op.msg.Kind == MsgProduce})
			}
		}
	}
	return out
}

// diskWaiting counts b's writes waiting for its disk (for State).
func (b *broker) diskWaiting() int {
	n := 0
	for _, op := range b.disk {
		if op.incarnation == b.incarnation {
			n++
		}
	}
	return n
}
