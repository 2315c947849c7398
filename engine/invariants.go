package engine

import "slices"

// invariantState is what the checker remembers between steps: the leader's
// HW per partition and epoch (I8), every record ever below a leader's HW
// (I13), and the violations already reported, so each is reported once.
type invariantState struct {
	hw        []hwMark
	committed []committedRec
	acked     []ackedRec
	reported  []string
	// dirty lists partitions whose leader changed or whose logs were
	// truncated since the last durability scan.
	dirty []TopicPartition
	// seen is each partition's (leader, epoch) at the last scan.
	seen []leaderMark
}

// ackedRec is a record a producer was told is written (acks=1 or all).
type ackedRec struct {
	tp   TopicPartition
	rec  Record
	acks Acks
}

type leaderMark struct {
	tp     TopicPartition
	leader BrokerID
	epoch  Epoch
}

type hwMark struct {
	tp     TopicPartition
	leader BrokerID
	epoch  Epoch
	hw     Offset
}

// committedRec is a record that was below a leader's HW: it must never be
// lost in a clean run (CommittedDurability).
type committedRec struct {
	tp  TopicPartition
	rec Record
}

func (s invariantState) clone() invariantState {
	s.hw = slices.Clone(s.hw)
	s.committed = s.committed[:len(s.committed):len(s.committed)]
	s.acked = s.acked[:len(s.acked):len(s.acked)]
	s.reported = slices.Clone(s.reported)
	s.dirty = slices.Clone(s.dirty)
	s.seen = slices.Clone(s.seen)
	return s
}

// markDirty asks the next check to rescan tp's durability.
func (c *Cluster) markDirty(tp TopicPartition) {
	if !slices.Contains(c.inv.dirty, tp) {
		c.inv.dirty = append(c.inv.dirty, tp)
	}
}

// noteAcked records the records of an acknowledged batch.
func (c *Cluster) noteAcked(tp TopicPartition, base Offset, recs []Record, acks Acks) {
	for i, r := range recs {
		r.Offset = base + Offset(i)
		c.inv.acked = append(c.inv.acked, ackedRec{tp: tp, rec: r, acks: acks})
	}
	c.markDirty(tp)
}

// sameRecord compares records as the producer knows them (the leader stamps
// the epoch).
func sameRecord(a, b Record) bool {
	a.LeaderEpoch, b.LeaderEpoch = 0, 0
	return a == b
}

// violation records a broken invariant once, as an EvViolation event.
func (c *Cluster) violation(key string, e Event) {
	if slices.Contains(c.inv.reported, key) {
		return
	}
	c.inv.reported = append(c.inv.reported, key)
	e.Kind = EvViolation
	c.emit(e)
}

// check evaluates reference §11's invariants after every step: I1
// LeaderInIsr, I3 MembershipSets, I7 HwBounds, I8 LeaderHwMonotonic, I10
// HwCoveredByIsr (clean runs), I13 CommittedDurability and I21 LogMatching.
// A broken one becomes a Violation event naming the rule, the partition,
// the offset, the record and the replicas; it is never an error, because
// scenarios exist to show them.
func (c *Cluster) check() {
	for i := range c.parts {
		p := &c.parts[i]
		if p.leader != NoLeader && !slices.Contains(p.isr, p.leader) {
			c.violation("I1/"+p.tp.String(), Event{TP: p.tp, Peer: Broker(p.leader), ISR: slices.Clone(p.isr),
				Text: "LeaderInIsr: leader " + Broker(p.leader).String() + " of " + p.tp.String() + " is not in its ISR " + joinIDs(p.isr)})
		}
		for _, id := range append(slices.Clone(p.isr), p.elr...) {
			if !slices.Contains(p.replicas, id) {
				c.violation("I3/"+p.tp.String(), Event{TP: p.tp, ISR: slices.Clone(p.isr), Text: "MembershipSets: ISR/ELR of " + p.tp.String() + " names a non-replica"})
			}
		}
		c.checkPartitionLogs(p)
	}
}

func (c *Cluster) checkPartitionLogs(p *partitionReg) {
	var leader *replica
	if p.leader != NoLeader {
		if b := c.broker(p.leader); b.alive {
			if r := b.replica(p.tp); r != nil && r.isLeader {
				leader = r
			}
		}
	}
	for _, id := range p.replicas {
		b := c.broker(id)
		r := b.replica(p.tp)
		if r == nil {
			continue
		}
		if r.hw < r.logStart || r.hw > r.leo() {
			panic("engine: HW outside [logStart, LEO] on " + b.node().String() + " " + p.tp.String()) // I7 is enforced by construction
		}
	}
	if leader == nil {
		return
	}
	// I8: while a broker stays leader in one epoch its HW never decreases.
	mark := hwMark{tp: p.tp, leader: p.leader, epoch: leader.leaderEpoch, hw: leader.hw}
	j := slices.IndexFunc(c.inv.hw, func(h hwMark) bool { return h.tp == p.tp })
	switch {
	case j < 0:
		c.inv.hw = append(c.inv.hw, mark)
	case c.inv.hw[j].leader == p.leader && c.inv.hw[j].epoch == leader.leaderEpoch && leader.hw < c.inv.hw[j].hw:
		c.violation("I8/"+p.tp.String(), Event{TP: p.tp, Peer: Broker(p.leader), Offset: leader.hw,
			Text: "LeaderHwMonotonic: " + Broker(p.leader).String() + "'s HW of " + p.tp.String() + " went back to " + itoa64(int64(leader.hw))})
	default:
		c.inv.hw[j] = mark
	}
	// Remember what is committed now: every record below the leader's HW.
	c.noteCommitted(p.tp, leader)
	k := slices.IndexFunc(c.inv.seen, func(m leaderMark) bool { return m.tp == p.tp })
	lm := leaderMark{tp: p.tp, leader: p.leader, epoch: leader.leaderEpoch}
	switch {
	case k < 0:
		c.inv.seen = append(c.inv.seen, lm)
	case c.inv.seen[k] != lm:
		c.inv.seen[k] = lm
		c.markDirty(p.tp)
	}
	d := slices.Index(c.inv.dirty, p.tp)
	if d < 0 {
		return
	}
	c.inv.dirty = slices.Delete(c.inv.dirty, d, d+1)
	// I13: every committed record is still on the leader, at its offset.
	for _, cr := range c.inv.committed {
		if cr.tp != p.tp {
			continue
		}
		o := cr.rec.Offset
		if o >= leader.leo() || leader.log[o-leader.logStart] != cr.rec {
			c.violation("I13/"+p.tp.String()+"/"+itoa64(int64(o)), Event{TP: p.tp, Peer: Broker(p.leader), Offset: o, Value: cr.rec.Value, ISR: slices.Clone(p.isr),
				Text: "CommittedDurability: committed record " + cr.rec.Value + " at offset " + itoa64(int64(o)) + " of " + p.tp.String() +
					" is not on the leader " + Broker(p.leader).String() + c.lossCause()})
		}
	}
	// Lost writes (Maelstrom's lost-write check): every acknowledged record
	// is on the current leader at its offset. acks=1 records can be lost
	// without breaking a Kafka guarantee; the event says which acks.
	for _, ar := range c.inv.acked {
		if ar.tp != p.tp {
			continue
		}
		o := ar.rec.Offset
		if o >= leader.leo() || !sameRecord(leader.log[o-leader.logStart], ar.rec) {
			c.violation("LW/"+p.tp.String()+"/"+itoa64(int64(o))+"/"+ar.rec.Value, Event{TP: p.tp, Peer: Broker(p.leader), Node: ar.rec.Producer, Offset: o, Value: ar.rec.Value, ISR: slices.Clone(p.isr),
				Text: "AcknowledgedWriteLost: " + ar.rec.Producer.String() + "'s record " + ar.rec.Value + ", acknowledged with acks=" + ar.acks.String() +
					" at offset " + itoa64(int64(o)) + " of " + p.tp.String() + ", is not on the leader " + Broker(p.leader).String() + c.ackLossCause(ar.acks)})
		}
	}
	// I21 LogMatching: same offset and epoch on the leader and an in-sync
	// follower mean the same record.
	for _, id := range p.isr {
		if id == p.leader {
			continue
		}
		r := c.broker(id).replica(p.tp)
		if r == nil {
			continue
		}
		n := min(r.leo(), leader.leo())
		for o := max(r.logStart, leader.logStart); o < n; o++ {
			a, b := r.log[o-r.logStart], leader.log[o-leader.logStart]
			if a.LeaderEpoch == b.LeaderEpoch && a != b {
				c.violation("I21/"+p.tp.String()+"/"+itoa64(int64(o)), Event{TP: p.tp, Peer: Broker(id), Offset: o, Value: a.Value, ISR: slices.Clone(p.isr),
					Text: "LogMatching: " + Broker(id).String() + " and the leader " + Broker(p.leader).String() + " hold different records at offset " + itoa64(int64(o)) + " of " + p.tp.String() + " in the same leader epoch " + itoa(int(a.LeaderEpoch))})
				break
			}
		}
	}
}

// ackLossCause explains a lost acknowledged write.
func (c *Cluster) ackLossCause(acks Acks) string {
	if acks == AcksOne {
		return ": acks=1 was answered before any follower had the record"
	}
	return c.lossCause()
}

// noteCommitted adds the leader's records below its HW to the committed set.
func (c *Cluster) noteCommitted(tp TopicPartition, leader *replica) {
	var next Offset
	for i := len(c.inv.committed) - 1; i >= 0; i-- {
		if c.inv.committed[i].tp == tp {
			next = c.inv.committed[i].rec.Offset + 1
			break
		}
	}
	for o := max(next, leader.logStart); o < leader.hw; o++ {
		c.inv.committed = append(c.inv.committed, committedRec{tp: tp, rec: leader.log[o-leader.logStart]})
	}
}

// lossCause explains a durability violation by what made the run unclean.
func (c *Cluster) lossCause() string {
	switch {
	case c.uncleanElections > 0:
		return ": an unclean leader election chose a replica without it"
	case c.cfg.Protocol == ProtocolPreKIP101:
		return ": a replica truncated to its own high watermark (the bug KIP-101 fixed)"
	case c.cfg.Protocol == ProtocolPreKIP279:
		return ": the replicas' logs diverged (the bug KIP-279 fixed)"
	}
	return ""
}
