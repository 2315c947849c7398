package engine

import (
	"slices"
	"strings"
)

// Leader elections: how the controller picks a partition's leader, ISR and
// ELR on every change (changePartition, PartitionChangeBuilder), and the
// elections an operator asks for, as the command ElectLeaders
// (kafka-leader-election.sh).

// ElectLeaders is kafka-leader-election.sh: a preferred election (Unclean
// false) or an unclean one, for one partition or, with All, every one
// (LeaderElectionCommand, ReplicationControlManager.electLeaders).
type ElectLeaders struct {
	Unclean bool
	All     bool
	TP      TopicPartition
}

// String prints the command as a kplay script line.
func (c ElectLeaders) String() string {
	s := "elect-leaders"
	if c.Unclean {
		s += " type=unclean"
	} else {
		s += " type=preferred"
	}
	if c.All {
		return s + " all"
	}
	return s + " " + c.TP.String()
}

// check accepts every partition (All) or one that exists.
func (cmd ElectLeaders) check(c *Cluster) error {
	if !cmd.All {
		return c.checkTP(cmd.TP)
	}
	return nil
}

// apply runs kafka-leader-election.sh's elections: preferred moves
// leadership to the first replica if it is in the ISR and acceptable
// (ELECTION_NOT_NEEDED if it leads already, PREFERRED_LEADER_NOT_AVAILABLE if
// it cannot); unclean elects only where there is no leader
// (ELIGIBLE_LEADERS_NOT_AVAILABLE if nobody can). The tool's output lines
// are events (LeaderElectionCommand).
func (cmd ElectLeaders) apply(c *Cluster) {
	typ, name := electPreferred, "PREFERRED"
	if cmd.Unclean {
		typ, name = electUnclean, "UNCLEAN"
	}
	var done, notNeeded []string
	var failed []string
	for i := range c.parts {
		p := &c.parts[i]
		if !cmd.All && p.tp != cmd.TP {
			continue
		}
		switch {
		case typ == electPreferred && p.leader == p.replicas[0]:
			notNeeded = append(notNeeded, p.tp.String())
		case typ == electUnclean && p.leader != NoLeader:
			notNeeded = append(notNeeded, p.tp.String())
		default:
			before := p.leader
			c.changePartition(p, slices.Clone(p.isr), typ)
			switch {
			case typ == electPreferred && p.leader == p.replicas[0]:
				done = append(done, p.tp.String())
			case typ == electUnclean && p.leader != NoLeader && before == NoLeader:
				done = append(done, p.tp.String())
			case typ == electPreferred:
				failed = append(failed, p.tp.String()+": "+ErrPreferredLeaderNotAvailable.String())
			default:
				failed = append(failed, p.tp.String()+": "+ErrEligibleLeadersNotAvailable.String())
			}
		}
	}
	if len(done) > 0 {
		c.emit(Event{Kind: EvElection, Node: Controller, Text: "Successfully completed leader election (" + name + ") for partitions " + strings.Join(done, ", ")})
	}
	if len(notNeeded) > 0 {
		c.emit(Event{Kind: EvElection, Node: Controller, Text: "Valid replica already elected for partitions " + strings.Join(notNeeded, ", ")})
	}
	for _, f := range failed {
		c.emit(Event{Kind: EvElection, Node: Controller, Text: "Error completing leader election (" + name + ") for partition: " + f})
	}
	c.controllerWrote()
}

// electionType is the election a partition change runs (PartitionChangeBuilder.Election).
type electionType uint8

const (
	electOnline electionType = iota
	electPreferred
	electUnclean
	// electAlterPartition is electOnline for a leader's own ISR change
	// (AlterPartition; a ZooKeeper-era leader wrote the ISR itself).
	electAlterPartition
)

// partitionChange is one PartitionChangeRecord as changePartition builds
// it (PartitionChangeBuilder): the ISR, ELR and LastKnownElr it sets and
// the leader it elects. unclean says the leader comes from outside the ISR
// and ELR, and how says what allowed that.
type partitionChange struct {
	isr, elr, lastKnown []BrokerID
	leader              BrokerID
	unclean             bool
	how                 uncleanKind
	// byLeader says the partition's leader asked for the change
	// (electAlterPartition).
	byLeader bool
}

// changePartition applies one PartitionChangeRecord to p with target ISR
// target, as PartitionChangeBuilder.build does (docs/kafka-rules.md §5.2, §5.6):
//   - the current leader stays if it is still in the target ISR and
//     acceptable (ISR changes never move a valid leader);
//   - otherwise the first replica in assignment order that is in the target
//     ISR (or, if that is empty, the ELR) and acceptable;
//   - then, with ELR, the single acceptable last known leader;
//   - then, if unclean.leader.election.enable (or an unclean election was
//     asked for), the first acceptable replica in assignment order, with the
//     ISR cut to it and the ELR cleared;
//   - else no leader. Without ELR the ISR is never emptied: the last member
//     stays listed.
//
// A leader change bumps the leader epoch; any change bumps the partition
// epoch (PartitionRegistration.merge). It reports whether anything changed.
func (c *Cluster) changePartition(p *partitionReg, target []BrokerID, typ electionType) bool {
	prevISR := slices.Clone(p.isr)
	ch := partitionChange{isr: target, leader: p.leader, how: uncleanBySetting, byLeader: typ == electAlterPartition}
	ch.elr, ch.lastKnown = c.targetELR(p, target)
	c.electLeader(p, &ch, typ)
	c.settleISR(p, &ch, prevISR)
	if ch.leader == p.leader && slices.Equal(ch.isr, p.isr) && slices.Equal(ch.elr, p.elr) && slices.Equal(ch.lastKnown, p.lastKnownElr) {
		return false
	}
	c.recordChange(p, ch, prevISR)
	return true
}

// targetELR is the ELR and LastKnownElr a change to ISR target starts from
// (PartitionChangeBuilder.maybePopulateTargetElr): p's own without ELR;
// with ELR, none if target has min.insync.replicas members or more, else
// p's ELR with the members leaving the ISR added, sorted.
func (c *Cluster) targetELR(p *partitionReg, target []BrokerID) (elr, lastKnown []BrokerID) {
	elr = slices.Clone(p.elr)
	lastKnown = slices.Clone(p.lastKnownElr)
	if !c.cfg.EligibleLeaderReplicas {
		return elr, lastKnown
	}
	if len(target) >= c.effectiveMinISR(p.tp) {
		return nil, nil
	}
	for _, id := range p.isr {
		if !slices.Contains(elr, id) {
			elr = append(elr, id)
		}
	}
	elr = slices.DeleteFunc(elr, func(x BrokerID) bool { return slices.Contains(target, x) })
	// Kafka collects the ELR from a java.util.HashSet<Integer>
	// (candidateSet.stream()), which iterates small ids in
	// ascending order, so describe shows "Elr: 1,2"
	// (PartitionChangeBuilderTest
	// .testEligibleLeaderReplicas_IsrShrinkBelowMinISR expects
	// [3, 4]).
	slices.Sort(elr)
	return elr, lastKnown
}

// electLeader sets ch's leader by typ's rules (PartitionChangeBuilder
// .electLeader): the preferred replica for a preferred election if it may
// lead cleanly, else the current leader if it still may, else the first
// replica in assignment order that may, else the last known leader, else
// an unclean choice if the setting or typ allows one, else none.
func (c *Cluster) electLeader(p *partitionReg, ch *partitionChange, typ electionType) {
	switch {
	case typ == electPreferred && c.cleanCandidate(ch, p.replicas[0]):
		ch.leader = p.replicas[0]
	case c.cleanCandidate(ch, p.leader):
	default:
		ch.leader = NoLeader
		for _, id := range p.replicas {
			if c.cleanCandidate(ch, id) {
				ch.leader = id
				break
			}
		}
		if ch.leader == NoLeader {
			c.electLastKnownLeader(ch)
		}
		if ch.leader == NoLeader && (typ == electUnclean || c.uncleanEnabled(p.tp)) {
			c.electUncleanly(p, ch)
		}
	}
}

// cleanCandidate reports whether broker id may lead cleanly: it is in the
// target ISR (or, when that is empty and ELR is on, in the ELR) and
// acceptable.
func (c *Cluster) cleanCandidate(ch *partitionChange, id BrokerID) bool {
	if id == NoLeader {
		return false
	}
	if len(ch.isr) > 0 {
		if !slices.Contains(ch.isr, id) {
			return false
		}
	} else if !c.cfg.EligibleLeaderReplicas || !slices.Contains(ch.elr, id) {
		return false
	}
	return c.acceptable(id)
}

// electLastKnownLeader elects, with ELR on and the ISR and ELR both empty,
// the single last known leader if it is acceptable
// (canElectLastKnownLeader, with KAFKA-19522's fenced check): unclean,
// and allowed by no setting.
func (c *Cluster) electLastKnownLeader(ch *partitionChange) {
	if c.cfg.EligibleLeaderReplicas && len(ch.isr) == 0 && len(ch.elr) == 0 && len(ch.lastKnown) == 1 && c.acceptable(ch.lastKnown[0]) {
		ch.leader, ch.unclean, ch.how = ch.lastKnown[0], true, uncleanLastKnown
	}
}

// electUncleanly elects the first acceptable replica in assignment order,
// allowed by unclean.leader.election.enable or, with it off, by an
// operator's unclean election.
func (c *Cluster) electUncleanly(p *partitionReg, ch *partitionChange) {
	for _, id := range p.replicas {
		if c.acceptable(id) {
			ch.leader, ch.unclean, ch.how = id, true, uncleanBySetting
			if !c.uncleanEnabled(p.tp) {
				ch.how = uncleanByHand
			}
			return
		}
	}
}

// settleISR fits ch's ISR, ELR and LastKnownElr to the leader it elected:
// an unclean leader, or an ELR member elected, becomes the whole ISR;
// without ELR an emptied ISR keeps its previous members (prevISR); with
// ELR the old leader becomes the last known leader when the ISR empties,
// and a new leader clears it (maybeUpdateLastKnownLeader).
func (c *Cluster) settleISR(p *partitionReg, ch *partitionChange, prevISR []BrokerID) {
	elrOn := c.cfg.EligibleLeaderReplicas
	if ch.unclean {
		// An unclean election, or the last known leader's, cuts the ISR to
		// the new leader and clears the ELR and LastKnownElr: its log is the
		// truth now, so nobody else is known to hold every committed record
		// (PartitionChangeBuilder.maybeUpdateRecordElr: "Clean the ELR
		// related fields if it is an unclean election").
		ch.isr = []BrokerID{ch.leader}
		ch.elr = nil
	} else if ch.leader != NoLeader && len(ch.isr) == 0 && elrOn {
		// An ELR member elected: ISR := [it], ELR := ELR − it.
		ch.isr = []BrokerID{ch.leader}
		ch.elr = slices.DeleteFunc(ch.elr, func(x BrokerID) bool { return x == ch.leader })
	}
	if len(ch.isr) == 0 && !elrOn {
		ch.isr = prevISR
	}
	if !elrOn {
		return
	}
	if len(ch.isr) == 0 && len(prevISR) > 0 && p.leader != NoLeader {
		ch.lastKnown = []BrokerID{p.leader} // maybeUpdateLastKnownLeader
	}
	if ch.leader != NoLeader {
		ch.lastKnown = nil
	}
}

// recordChange writes change ch to p, one more partition epoch, and tells
// the brokers: EvLeaderElected if the leader changed, EvISRChanged if the
// ISR or ELR did.
func (c *Cluster) recordChange(p *partitionReg, ch partitionChange, prevISR []BrokerID) {
	leaderChanged := ch.leader != p.leader
	// I5 EpochStep holds by construction: each change adds exactly one to
	// the partition epoch, and one to the leader epoch iff the leader field
	// is set (PartitionRegistration.merge).
	p.partitionEpoch++
	// Before Kafka 3.6 (kafka-15021=off) an ISR shrink bumped the leader
	// epoch too (PartitionChangeBuilder.triggerLeaderEpochBumpIfNeeded),
	// KRaft's rule; before KRaft (releases before 2.8, the switch
	// following the release) a leader shrank the ISR under its own epoch
	// (2.0's Partition.updateIsr writes LeaderAndIsr(localBrokerId,
	// leaderEpoch, …); AlterIsr from 2.7 the same), and only the
	// controller's own removal of a replica bumped it
	// (KafkaController: leaderAndIsr.newEpochAndZkVersion).
	shrunk := ch.leader != NoLeader && slices.ContainsFunc(prevISR, func(x BrokerID) bool { return !slices.Contains(ch.isr, x) })
	zkLeaderShrink := ch.byLeader && c.cfg.zkLeaderWritesISR()
	if leaderChanged || (shrunk && !c.cfg.kafka15021() && !zkLeaderShrink) {
		p.leaderEpoch++
	}
	oldISR, oldELR := p.isr, p.elr
	if p.leader != NoLeader {
		c.inv.part(p.tp).lastLeader = p.leader // also a leader the topic's creation named
	}
	p.isr, p.elr, p.lastKnownElr = ch.isr, ch.elr, ch.lastKnown
	p.leader = ch.leader
	if leaderChanged || ch.unclean {
		p.unclean = ch.unclean
	}
	if ch.unclean {
		c.uncleanElections[ch.how]++
	}
	if p.leader != NoLeader && (leaderChanged || ch.unclean) {
		c.noteElection(p, ch.unclean, ch.how)
	}
	c.noteISRJoins(p, oldISR)
	if leaderChanged {
		c.emitElected(p)
	}
	if !slices.Equal(oldISR, p.isr) || !slices.Equal(oldELR, p.elr) {
		c.emit(Event{Kind: EvISRChanged, Node: Controller, TP: p.tp, ISR: slices.Clone(p.isr), Offset: Offset(p.partitionEpoch), Epoch: p.leaderEpoch, Text: isrChangeText(oldISR, p.isr, p.elr)})
	}
	c.checkRegistration(p)
	c.markDirty(p.tp)
	c.publish(p.tp)
}

// emitElected emits p's new leader, or that it has none, as an
// EvLeaderElected event; an unclean leader's says it was not in the ISR.
func (c *Cluster) emitElected(p *partitionReg) {
	if p.leader == NoLeader {
		c.emit(Event{Kind: EvLeaderElected, Node: Controller, Peer: NodeID{}, TP: p.tp, Epoch: p.leaderEpoch, ISR: slices.Clone(p.isr), Offset: Offset(p.partitionEpoch), Text: "no eligible leader"})
		return
	}
	text := ""
	if p.unclean {
		text = "unclean election: " + Broker(p.leader).String() + " was not in the ISR"
	}
	c.emit(Event{Kind: EvLeaderElected, Node: Controller, Peer: Broker(p.leader), TP: p.tp, Epoch: p.leaderEpoch, ISR: slices.Clone(p.isr), Offset: Offset(p.partitionEpoch), Text: text})
}

func isrChangeText(old, isr, elr []BrokerID) string {
	s := "ISR " + idsOrEmpty(old) + " → " + idsOrEmpty(isr)
	if len(elr) > 0 {
		s += ", ELR " + joinIDs(elr)
	}
	return s
}

// idsOrEmpty prints ids, or "(empty)" for none.
func idsOrEmpty(ids []BrokerID) string {
	if len(ids) == 0 {
		return "(empty)"
	}
	return joinIDs(ids)
}

// uncleanEnabled is unclean.leader.election.enable for tp's topic. A KRaft
// controller before Kafka 3.9 (kafka-12670=off) ignored it: only
// elect-leaders type=unclean elected uncleanly (KAFKA-12670).
func (c *Cluster) uncleanEnabled(tp TopicPartition) bool {
	if !c.cfg.kafka12670() {
		return false
	}
	if t := c.topic(tp.Topic); t != nil && t.unclean != 0 {
		return t.unclean > 0
	}
	return c.cfg.UncleanLeaderElectionEnable
}
