package engine

import "slices"

// invariantState is what the checker remembers between steps: the leader's
// HW per partition and epoch (I8), every record ever below a leader's HW
// (I13), and the violations already reported, so each is reported once.
type invariantState struct {
	// parts holds, per partition, what was committed and acknowledged.
	parts    []partInv
	reported []string
	// dirty lists partitions whose leader changed or whose logs were
	// truncated since the last durability scan.
	dirty []TopicPartition
	// leaders records who was designated leader in each epoch (I6).
	leaders []epochLeader
}

type epochLeader struct {
	tp     TopicPartition
	epoch  Epoch
	leader BrokerID
}

// ackedRec is a record a producer was told is written (acks=1 or all).
type ackedRec struct {
	rec  Record
	acks Acks
}

// partInv is one partition's durability record: committed holds every
// record that was ever below a leader's HW, offsets 0.. in order (it must
// never be lost in a clean run: CommittedDurability); acked every record a
// producer was told is written.
type partInv struct {
	tp        TopicPartition
	committed []Record
	acked     []ackedRec
	// deleted is the highest log start offset retention moved any replica
	// to: the records below it were deleted on purpose (retention.go).
	deleted Offset
	// removals are the elections and truncations that removed records
	// from a replica's log, oldest first (losscause.go).
	removals []removal
	// lastLeader is the last broker that led the partition, NoLeader
	// before the first.
	lastLeader BrokerID
	// faulted is set once the partition had an unclean election or lost
	// records in a crash (partFaulted).
	faulted bool
}

func (s invariantState) clone() invariantState {
	parts := make([]partInv, len(s.parts))
	for i, p := range s.parts {
		p.committed = p.committed[:len(p.committed):len(p.committed)]
		p.acked = p.acked[:len(p.acked):len(p.acked)]
		p.removals = p.removals[:len(p.removals):len(p.removals)]
		parts[i] = p
	}
	s.parts = parts
	s.reported = slices.Clone(s.reported)
	s.dirty = slices.Clone(s.dirty)
	s.leaders = slices.Clone(s.leaders)
	return s
}

// markDirty asks the next check to rescan tp's durability.
func (c *Cluster) markDirty(tp TopicPartition) {
	if !slices.Contains(c.inv.dirty, tp) {
		c.inv.dirty = append(c.inv.dirty, tp)
	}
}

// part returns tp's durability record.
func (s *invariantState) part(tp TopicPartition) *partInv {
	for i := range s.parts {
		if s.parts[i].tp == tp {
			return &s.parts[i]
		}
	}
	s.parts = append(s.parts, partInv{tp: tp, lastLeader: NoLeader})
	return &s.parts[len(s.parts)-1]
}

// noteAcked records the records of an acknowledged batch and checks them
// against the current leader once; later leader changes and truncations
// rescan them all.
func (c *Cluster) noteAcked(tp TopicPartition, base Offset, recs []Record, acks Acks) {
	pi := c.inv.part(tp)
	from := len(pi.acked)
	pi.acked = grow(pi.acked, len(recs))
	for i, r := range recs {
		r.Offset = base + Offset(i)
		pi.acked = append(pi.acked, ackedRec{rec: r, acks: acks})
	}
	if p := c.partition(tp); p != nil {
		if leader := c.liveLeader(p); leader != nil {
			if c.unservedLeader(p, leader) {
				c.markDirty(tp)
				return
			}
			c.checkAcked(p, leader, pi.acked[from:])
		}
	}
}

// unservedLeader reports whether the durability checks should wait for
// another leader than leader: its broker restarted and the controller has
// not accepted this process's registration yet (DUPLICATE_BROKER_REGISTRATION
// while the previous process's session lasts, or a registration still on
// its way), and every committed or acknowledged record it lacks is on
// another member of the ISR or ELR, which the controller can still elect.
// Such a process serves no request (BrokerServer.startup opens its
// listeners only after the initial catch-up), so no consumer reads its log,
// and the leader the controller names is its previous, dead process; a
// record it lost in a power loss is lost only if the leader that serves
// next lacks it too. When no electable replica holds a missing record, the
// loss is certain and is reported at once.
func (c *Cluster) unservedLeader(p *partitionReg, leader *replica) bool {
	if c.broker(p.leader).brokerEpoch != 0 {
		return false
	}
	pi := c.inv.part(p.tp)
	missing := func(r *replica, rec Record) bool {
		o := rec.Offset
		return o >= r.leo() || o < r.logStart || !sameRecord(r.log[o-r.logStart], rec)
	}
	heldElsewhere := func(rec Record) bool {
		for _, id := range append(slices.Clone(p.isr), p.elr...) {
			if r := c.broker(id).replica(p.tp); id != p.leader && r != nil && !missing(r, rec) {
				return true
			}
		}
		return false
	}
	for _, rec := range pi.committed {
		if missing(leader, rec) && !heldElsewhere(rec) {
			return false
		}
	}
	for _, ar := range pi.acked {
		if missing(leader, ar.rec) && !heldElsewhere(ar.rec) {
			return false
		}
	}
	return true
}

// liveLeader is the replica that leads p now, or nil.
func (c *Cluster) liveLeader(p *partitionReg) *replica {
	if p.leader == NoLeader {
		return nil
	}
	b := c.broker(p.leader)
	if !b.alive {
		return nil
	}
	if r := b.replica(p.tp); r != nil && r.isLeader {
		return r
	}
	return nil
}

// sameRecord compares records as the producer knows them (the leader stamps
// the epoch and the place in the batch).
func sameRecord(a, b Record) bool {
	a.LeaderEpoch, b.LeaderEpoch = 0, 0
	a.OffsetDelta, b.OffsetDelta = 0, 0
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

// check evaluates docs/kafka-rules.md §11's invariants. The cheap ones run where the
// state they watch changes: I1 LeaderInIsr and I3 MembershipSets on every
// partition change (checkRegistration), I7 HwBounds and I8
// LeaderHwMonotonic on every HW move (setHW). After every step, check scans
// the partitions whose leader changed or whose logs were truncated for I13
// CommittedDurability, lost acknowledged writes, and I21 LogMatching. A
// broken invariant becomes a Violation event naming the rule, the
// partition, the offset, the record and the replicas; it is never an error,
// because scenarios exist to show them.
func (c *Cluster) check() {
	if len(c.inv.dirty) == 0 {
		return
	}
	var keep []TopicPartition
	for _, tp := range c.inv.dirty {
		p := c.partition(tp)
		leader := c.liveLeader(p)
		if leader == nil || c.unservedLeader(p, leader) {
			keep = append(keep, tp) // scanned once a leader serves it
			continue
		}
		c.scanDurability(p, leader)
	}
	c.inv.dirty = keep
}

// checkRegistration checks a partition's registration after every change:
// I1 LeaderInIsr, I2 IsrNeverEmptyWithoutElr, I3 MembershipSets, I4
// ElrOnlyBelowMinIsr, I6 OneLeaderPerEpoch, I18 NoFencedLeader and, in clean
// runs, I22 ElrSafety.
func (c *Cluster) checkRegistration(p *partitionReg) {
	tp := p.tp.String()
	if p.leader != NoLeader && !slices.Contains(p.isr, p.leader) {
		c.violation("I1/"+tp, Event{TP: p.tp, Peer: Broker(p.leader), ISR: slices.Clone(p.isr),
			Text: "LeaderInIsr: leader " + Broker(p.leader).String() + " of " + tp + " is not in its ISR " + joinIDs(p.isr)})
	}
	if len(p.isr) == 0 && (!c.cfg.EligibleLeaderReplicas || p.leader != NoLeader) {
		c.violation("I2/"+tp, Event{TP: p.tp, Text: "IsrNeverEmptyWithoutElr: the ISR of " + tp + " is empty"})
	}
	for _, id := range append(slices.Clone(p.isr), p.elr...) {
		if !slices.Contains(p.replicas, id) || (slices.Contains(p.isr, id) && slices.Contains(p.elr, id)) {
			c.violation("I3/"+tp, Event{TP: p.tp, ISR: slices.Clone(p.isr), Text: "MembershipSets: ISR/ELR of " + tp + " names a non-replica or a broker twice"})
		}
	}
	if len(p.isr) >= c.effectiveMinISR(p.tp) && (len(p.elr) > 0 || len(p.lastKnownElr) > 0) {
		c.violation("I4/"+tp, Event{TP: p.tp, ISR: slices.Clone(p.isr), Text: "ElrOnlyBelowMinIsr: " + tp + " has an ELR while its ISR " + joinIDs(p.isr) + " meets min.insync.replicas"})
	}
	if p.leader != NoLeader {
		i := slices.IndexFunc(c.inv.leaders, func(l epochLeader) bool { return l.tp == p.tp && l.epoch == p.leaderEpoch })
		switch {
		case i < 0:
			c.inv.leaders = append(c.inv.leaders, epochLeader{tp: p.tp, epoch: p.leaderEpoch, leader: p.leader})
		case c.inv.leaders[i].leader != p.leader:
			c.violation("I6/"+tp+"/"+itoa(int(p.leaderEpoch)), Event{TP: p.tp, Peer: Broker(p.leader), Epoch: p.leaderEpoch,
				Text: "OneLeaderPerEpoch: " + tp + " has two leaders in leader epoch " + itoa(int(p.leaderEpoch))})
		}
		if !c.acceptable(p.leader) {
			c.violation("I18/"+tp+"/"+itoa(int(p.leaderEpoch)), Event{TP: p.tp, Peer: Broker(p.leader),
				Text: "NoFencedLeader: fenced or shutting-down " + Broker(p.leader).String() + " leads " + tp})
		}
	}
	if c.clean() {
		committed := c.inv.part(p.tp).committed
		for _, id := range p.elr {
			r := c.broker(id).replica(p.tp)
			n := Offset(len(committed))
			if n > 0 && n-1 >= c.inv.part(p.tp).deleted && (r == nil || r.leo() < n || n-1 < r.logStart || r.log[n-1-r.logStart] != committed[n-1]) {
				c.violation("I22/"+tp+"/"+itoa(int(id)), Event{TP: p.tp, Peer: Broker(id), Offset: n - 1,
					Text: "ElrSafety: ELR member " + Broker(id).String() + " of " + tp + " lacks a committed record"})
			}
		}
	}
}

// clean reports whether the run has had nothing that may lose committed
// data: no unclean or last-known-leader election, no lost unflushed tail,
// and the current truncation protocol (docs/kafka-rules.md §11).
func (c *Cluster) clean() bool {
	return c.uncleanElections == [uncleanKinds]int{} && !c.lostUnflushed && c.cfg.truncation() == ProtocolCurrent
}

// checkHW runs on every HW move: I7 HwBounds holds by construction (a
// breach is a bug and panics); on the leader, I8 LeaderHwMonotonic is
// checked and the newly committed records are remembered.
//
// I9 HwFrozenUnderMinIsr judges the leader by its own committed ISR, the
// one Kafka's leader freezes its HW by (Partition.isUnderMinIsr reads
// partitionState.isr, the last ISR the leader learned; PendingExpandIsr and
// PendingShrinkIsr keep lastCommittedState.isr there), not by the
// controller's: a leader cut off from the controller does not know that
// the controller shrank the ISR, and advances its HW over the members of
// its own view (Partition.maybeIncrementLeaderHW, over maximalIsr), every
// one of which holds the records.
func (c *Cluster) checkHW(b *broker, r *replica, old Offset) {
	if r.hw < r.logStart || r.hw > r.leo() {
		panic("engine: HW outside [logStart, LEO] on " + b.node().String() + " " + r.tp.String())
	}
	if !r.isLeader {
		return
	}
	c.checkStrongIsr(b, r)
	if p := c.partition(r.tp); p.leader == b.id {
		if r.hw > old && len(r.isr) < c.effectiveMinISR(r.tp) && c.cfg.kafka15583() {
			c.violation("I9/"+r.tp.String()+"/"+itoa64(int64(r.hw)), Event{TP: r.tp, Peer: b.node(), Offset: r.hw, ISR: slices.Clone(r.isr),
				Text: "HwFrozenUnderMinIsr: the HW of " + r.tp.String() + " moved to " + itoa64(int64(r.hw)) + " while the leader's ISR " + joinIDs(r.isr) + " is below min.insync.replicas"})
		}
		// I10 needs no clean run, only a partition without a fault that
		// lets an ISR member lack records below the HW (partFaulted).
		if !c.partFaulted(r.tp) {
			for _, id := range p.isr {
				if f := c.broker(id).replica(r.tp); id != b.id && f != nil && f.leo() < r.hw {
					c.violation("I10/"+r.tp.String()+"/"+itoa64(int64(r.hw)), Event{TP: r.tp, Peer: Broker(id), Offset: r.hw, ISR: slices.Clone(p.isr),
						Text: "HwCoveredByIsr: the HW " + itoa64(int64(r.hw)) + " of " + r.tp.String() + " is above ISR member " + Broker(id).String() + "'s log end " + itoa64(int64(f.leo()))})
				}
			}
		}
	}
	if r.hw < old {
		c.violation("I8/"+r.tp.String()+"/"+itoa(int(r.leaderEpoch)), Event{TP: r.tp, Peer: b.node(), Offset: r.hw,
			Text: "LeaderHwMonotonic: " + b.node().String() + "'s HW of " + r.tp.String() + " went back from " + itoa64(int64(old)) + " to " + itoa64(int64(r.hw))})
	}
	c.noteCommitted(r.tp, r)
}

// scanDurability checks a partition's whole history against its leader.
func (c *Cluster) scanDurability(p *partitionReg, leader *replica) {
	pi := c.inv.part(p.tp)
	// I13: every committed record is still on the leader, at its offset.
	for _, rec := range pi.committed {
		o := rec.Offset
		if o < pi.deleted {
			continue // deleted by retention (retention.go)
		}
		if o >= leader.leo() || o < leader.logStart || leader.log[o-leader.logStart] != rec {
			c.violation("I13/"+p.tp.String()+"/"+itoa64(int64(o)), Event{TP: p.tp, Peer: Broker(p.leader), Offset: o, Value: rec.Value, ISR: slices.Clone(p.isr),
				Text: "CommittedDurability: committed record " + rec.Value + " at offset " + itoa64(int64(o)) + " of " + p.tp.String() +
					" is not on the leader " + Broker(p.leader).String() + c.lossCause(p.tp, o, p.leader)})
		}
	}
	c.checkAcked(p, leader, pi.acked)
	// I21 LogMatching: if the leader and an in-sync follower hold a record
	// of the same leader epoch at some offset, their logs are identical up
	// to it.
	for _, id := range p.isr {
		if id == p.leader {
			continue
		}
		r := c.broker(id).replica(p.tp)
		if r == nil {
			continue
		}
		lo := max(r.logStart, leader.logStart)
		top := Offset(-1)
		for o := min(r.leo(), leader.leo()) - 1; o >= lo; o-- {
			if r.log[o-r.logStart].LeaderEpoch == leader.log[o-leader.logStart].LeaderEpoch {
				top = o
				break
			}
		}
		for o := lo; o <= top; o++ {
			a, b := r.log[o-r.logStart], leader.log[o-leader.logStart]
			if a != b {
				c.violation("I21/"+p.tp.String()+"/"+itoa64(int64(o)), Event{TP: p.tp, Peer: Broker(id), Offset: o, Value: a.Value, ISR: slices.Clone(p.isr),
					Text: "LogMatching: " + Broker(id).String() + " and the leader " + Broker(p.leader).String() + " both hold offset " + itoa64(int64(top)) +
						" in leader epoch " + itoa(int(leader.log[top-leader.logStart].LeaderEpoch)) + ", but differ at offset " + itoa64(int64(o)) + " of " + p.tp.String() + " (" + a.Value + " against " + b.Value + ")"})
				break
			}
		}
	}
}

// checkAcked reports acknowledged records missing from the leader (lost
// writes, as Maelstrom's Kafka checker calls them). acks=1 records can be
// lost without breaking a Kafka guarantee; the event says which acks.
func (c *Cluster) checkAcked(p *partitionReg, leader *replica, acked []ackedRec) {
	for _, ar := range acked {
		o := ar.rec.Offset
		if o < c.inv.part(p.tp).deleted || o < leader.leo() && o >= leader.logStart && sameRecord(leader.log[o-leader.logStart], ar.rec) {
			continue
		}
		c.violation("LW/"+p.tp.String()+"/"+itoa64(int64(o))+"/"+ar.rec.Value, Event{TP: p.tp, Peer: Broker(p.leader), Node: ar.rec.Producer, Offset: o, Value: ar.rec.Value, ISR: slices.Clone(p.isr),
			Text: "AcknowledgedWriteLost: " + ar.rec.Producer.String() + "'s record " + ar.rec.Value + ", acknowledged with acks=" + ar.acks.String() +
				" at offset " + itoa64(int64(o)) + " of " + p.tp.String() + ", is not on the leader " + Broker(p.leader).String() + c.ackLossCause(p.tp, ar, p.leader)})
	}
}

// wasCommitted reports whether rec was ever below a leader's HW on tp.
func (c *Cluster) wasCommitted(tp TopicPartition, rec Record) bool {
	for _, r := range c.inv.part(tp).committed {
		if r.Offset == rec.Offset && sameRecord(r, rec) {
			return true
		}
	}
	return false
}

// noteCommitted adds the leader's records below its HW to the committed set.
func (c *Cluster) noteCommitted(tp TopicPartition, leader *replica) {
	pi := c.inv.part(tp)
	if from := max(Offset(len(pi.committed)), leader.logStart); from < leader.hw {
		pi.committed = grow(pi.committed, int(leader.hw-from))
	}
	for o := max(Offset(len(pi.committed)), leader.logStart); o < leader.hw; o++ {
		pi.committed = append(pi.committed, leader.log[o-leader.logStart])
	}
}

// checkAckReplicated is I14 AckImpliesReplicated: an acks=all success for
// records ending at end needs the leader's HW at or past end and at least
// min.insync.replicas in the maximal ISR (Partition.checkEnoughReplicasReachOffset).
func (c *Cluster) checkAckReplicated(b *broker, r *replica, resp Part, end Offset) {
	if resp.Err == ErrNone && (r.hw < end || len(r.maximalISR()) < c.effectiveMinISR(r.tp)) {
		c.violation("I14/"+r.tp.String()+"/"+itoa64(int64(end)), Event{TP: r.tp, Peer: b.node(), Offset: end - 1,
			Text: "AckImpliesReplicated: " + b.node().String() + " acknowledged " + r.tp.String() + " up to offset " + itoa64(int64(end-1)) + " before min.insync.replicas replicas held it"})
	}
}

// checkStrongIsr is I11 StrongIsr and I12 WeakIsr on a replica that believes
// it leads with HW h: every member of the controller's ISR and of its own
// ISR view holds the same record at offset h-1 (and, by LogMatching, the
// whole prefix). It runs in runs with faults too, on every partition that
// had none of its own: a fault elsewhere leaves this partition's ISR
// bound to hold every record below the HW. It skips a partition whose
// fault breaks that promise (partFaulted): an unclean election, which
// Kafka documents "may result in data loss"
// (unclean.leader.election.enable), a crash that dropped its records
// from a replica still listed in the ISR (§1.8), or a truncation
// protocol before KIP-101 or KIP-279 (§6.1, §6.3).
func (c *Cluster) checkStrongIsr(b *broker, r *replica) {
	if r.hw <= r.logStart || c.partFaulted(r.tp) {
		return
	}
	o := r.hw - 1
	rec := r.log[o-r.logStart]
	ctrlISR := c.partition(r.tp).isr
	for pass, members := range [2][]BrokerID{ctrlISR, r.isr} {
		for _, id := range members {
			if id == b.id || (pass == 1 && slices.Contains(ctrlISR, id)) {
				continue
			}
			f := c.broker(id).replica(r.tp)
			if f != nil && f.leo() > o && o >= f.logStart && f.log[o-f.logStart] == rec {
				continue
			}
			rule := "I11/"
			if pass == 1 {
				rule = "I12/"
			}
			c.violation(rule+r.tp.String()+"/"+itoa64(int64(o)), Event{TP: r.tp, Peer: Broker(id), Offset: o, Value: rec.Value,
				Text: "StrongIsr: " + b.node().String() + " leads " + r.tp.String() + " with HW " + itoa64(int64(r.hw)) + " but ISR member " + Broker(id).String() + " does not hold " + rec.Value + " at offset " + itoa64(int64(o))})
		}
	}
}

// checkEpochsMonotonic is I20 EpochCacheMonotonic: batches appended to a
// log never carry an older leader epoch than a record already in it, so
// that the epoch cache only grows. An entry that starts at the log end and
// holds no record does not count: LeaderEpochFileCache.assign replaces it
// when a follower appends an older-epoch batch there, the case its
// maybeTruncateNonMonotonicEntries calls expected (no warning when the
// removed entry starts at the new entry's offset).
func (c *Cluster) checkEpochsMonotonic(b *broker, r *replica, recs []Record) {
	last := r.writtenEpoch()
	for _, rec := range recs {
		if rec.LeaderEpoch < last {
			c.violation("I20/"+r.tp.String()+"/"+b.node().String(), Event{TP: r.tp, Peer: b.node(), Offset: rec.Offset,
				Text: "EpochCacheMonotonic: " + b.node().String() + " appends a batch of leader epoch " + itoa(int(rec.LeaderEpoch)) + " after epoch " + itoa(int(last)) + " on " + r.tp.String()})
			return
		}
		last = rec.LeaderEpoch
	}
}
