package engine

import (
	"slices"
	"strings"
)

// controller is the KRaft controller quorum's state beyond the partition
// registrations: the broker registrations and its scheduled checks
// (ClusterControlManager, BrokerHeartbeatManager, QuorumController).
type controller struct {
	// regs[i] is broker i+1's registration.
	regs            []brokerReg
	nextBrokerEpoch int64
	// fenceGen and rebalanceGen number the scheduled checks; a timer whose
	// generation is older than the current one is void.
	fenceGen       int64
	rebalanceGen   int64
	rebalanceArmed bool
	// uncleanArmed says the periodic unclean-election check is scheduled
	// (QuorumController's uncleanScheduled == SCHEDULED).
	uncleanArmed bool
	// alterStates holds, for each AlterPartition still on the wire, the
	// broker epochs that go with its ISR (its NewIsrWithEpochs); the
	// controller takes them when the request arrives. Each entry's states
	// are never modified once stored, so clones share them.
	alterStates []alterStates
}

// brokerState is one entry of an AlterPartition's NewIsrWithEpochs
// (AlterPartitionRequest v3+, KIP-903): a broker id and the broker epoch
// the leader knows for it, -1 to skip the check.
type brokerState struct {
	id    BrokerID
	epoch int64
}

// alterStates are the brokerStates of AlterPartition request req.
type alterStates struct {
	req    int64
	states []brokerState
}

// putAlterStates records the broker epochs of AlterPartition req, and
// forgets those of requests no longer on the wire (lost with a cut link or
// a dead sender), which will never arrive.
func (k *controller) putAlterStates(c *Cluster, req int64, states []brokerState) {
	kept := k.alterStates[:0:0]
	for _, a := range k.alterStates {
		if c.onWire(a.req) {
			kept = append(kept, a)
		}
	}
	k.alterStates = append(kept, alterStates{req: req, states: states})
}

// takeAlterStates returns and forgets the broker epochs of AlterPartition
// req (nil if none were recorded).
func (k *controller) takeAlterStates(req int64) []brokerState {
	for i, a := range k.alterStates {
		if a.req == req {
			k.alterStates = slices.Delete(slices.Clone(k.alterStates), i, i+1)
			return a.states
		}
	}
	return nil
}

// onWire reports whether message id is scheduled for delivery and will
// not be lost.
func (c *Cluster) onWire(id int64) bool {
	it := c.sched.find(func(it *item) bool { return it.kind == itemDeliver && c.sched.message(it).ID == id })
	return it != nil && !c.sched.message(it).Dropped
}

// brokerReg is the controller's record of one broker
// (BrokerRegistration plus BrokerHeartbeatManager.BrokerHeartbeatState).
type brokerReg struct {
	id    BrokerID
	epoch int64
	// fenced brokers lead nothing and join no ISR (KIP-841).
	fenced       bool
	shuttingDown bool
	// lastContact is when the controller last heard a heartbeat (or the
	// registration).
	lastContact Time
	// fencedAt is when the controller fenced the broker (a session that ran
	// out, or a controlled shutdown), -1 while it is unfenced or has only
	// been fenced by its registration.
	fencedAt Time
	// incarnation is the registered broker process's incarnation (Kafka's
	// BrokerRegistration.incarnationId, a random Uuid per process start).
	incarnation int
}

func (k controller) clone() controller {
	k.regs = slices.Clone(k.regs)
	k.alterStates = slices.Clone(k.alterStates)
	return k
}

func (k *controller) reg(id BrokerID) *brokerReg { return &k.regs[id-1] }

// acceptable reports whether broker id may be elected leader
// (PartitionChangeBuilder's LeaderAcceptor: registered, unfenced, not in
// controlled shutdown).
func (c *Cluster) acceptable(id BrokerID) bool {
	r := c.ctrl.reg(id)
	return !r.fenced && !r.shuttingDown
}

// startBrokerTimers starts a broker process's periodic tasks: heartbeats
// every broker.heartbeat.interval.ms and the isr-expiration task every
// replica.lag.time.max.ms / 2, both from the process start
// (BrokerLifecycleManager, ReplicaManager.startup).
func (c *Cluster) startBrokerTimers(b *broker) {
	c.ctrl.reg(b.id).incarnation = b.incarnation
	b.nextBeat, b.regRetryAt = c.now, -1
	c.timer(c.now, timerHeartbeat, b.node(), TopicPartition{}, 0)
	c.scheduleIsrExpiration(b)
}

// sendHeartbeat runs the broker's communication with the controller
// (BrokerLifecycleManager's CommunicationEvent). At each periodic tick it
// schedules the next one and, once registered, sends a BrokerHeartbeat. A
// refused or unanswered registration is sent again at b.regRetryAt, on a
// timer of its own that shares this entry point: the tick that finds now
// == regRetryAt sends it.
func (c *Cluster) sendHeartbeat(b *broker) {
	periodic := c.now == b.nextBeat
	if periodic {
		b.nextBeat = c.now + c.cfg.BrokerHeartbeatIntervalMs
		c.timer(b.nextBeat, timerHeartbeat, b.node(), TopicPartition{}, 0)
	}
	if b.brokerEpoch == 0 {
		if b.regRetryAt == c.now {
			b.regRetryAt = -1
			c.sendRegistration(b)
		}
		return // not registered yet: no heartbeats
	}
	if periodic {
		c.send(Message{Kind: MsgBrokerHeartbeat, From: b.node(), To: Controller, BrokerEpoch: b.brokerEpoch, WantShutDown: b.shuttingDown})
	}
}

// sendRegistration sends a BrokerRegistration and gives it
// registrationTimeout to be answered (BrokerLifecycleManager
// .sendBrokerRegistration).
func (c *Cluster) sendRegistration(b *broker) {
	b.regInflight = c.send(Message{Kind: MsgBrokerRegistration, From: b.node(), To: Controller})
	c.timer(c.now+c.registrationTimeout(), timerRegistrationTimeout, b.node(), TopicPartition{}, b.regInflight)
}

// registrationTimeout is how long a BrokerRegistration may go unanswered:
// the broker's channel to the controller is built with a retry timeout of
// broker.session.timeout.ms / 2 (BrokerServer, KAFKA-14392), which also
// caps its request timeout (controller.socket.timeout.ms, 30 s by
// default; NodeToControllerChannelManagerImpl). A request lost on a cut
// link is given up after it (NodeToControllerRequestThread
// .generateRequests calls onTimeout once the request is retryTimeoutMs
// old), and the registration is sent again after registrationBackoff
// (BrokerRegistrationResponseEvent with timedOut set:
// scheduleNextCommunicationAfterFailure).
func (c *Cluster) registrationTimeout() Time {
	return min(c.cfg.BrokerSessionTimeoutMs/2, controllerSocketTimeoutMs)
}

// controllerSocketTimeoutMs is controller.socket.timeout.ms's default.
const controllerSocketTimeoutMs Time = 30_000

// registrationTimedOut handles a registration that got no answer within
// registrationTimeout: unless it was answered (or a newer one was sent),
// the broker counts a failure and sends it again after the backoff, as
// after a refusal. initial.broker.registration.timeout.ms (60 s), after
// which a Kafka broker that never registered shuts itself down
// (RegistrationTimeoutEvent), is not modelled: the broker keeps trying.
func (c *Cluster) registrationTimedOut(b *broker, id int64) {
	if b.regInflight != id || b.brokerEpoch != 0 {
		return
	}
	b.regInflight = 0
	b.regRetryAt = c.now + c.registrationBackoff(b.regFailures)
	b.regFailures++
	c.timer(b.regRetryAt, timerHeartbeat, b.node(), TopicPartition{}, 0)
}

// registrationBackoff is how long a broker waits before it sends a refused
// or unanswered registration again: BrokerLifecycleManager's resendExponentialBackoff,
// ExponentialBackoff(100 ms, x2, broker.session.timeout.ms, jitter 0.02),
// so 100, 200, 400, ... ms up to the session timeout. kplay leaves out the
// 2% jitter, which would draw from the cluster's one PRNG. failures counts
// the refusals so far, from 0.
func (c *Cluster) registrationBackoff(failures int) Time {
	d := Time(100)
	for i := 0; i < failures && d < c.cfg.BrokerSessionTimeoutMs; i++ {
		d *= 2
	}
	return min(d, c.cfg.BrokerSessionTimeoutMs)
}

// handleHeartbeat renews a broker's session (BrokerHeartbeatManager.touch).
// A heartbeat from a fenced broker whose metadata has caught up unfences it
// (BrokerHeartbeatManager.calculateNextBrokerState); one that asks to shut
// down starts a controlled shutdown.
func (c *Cluster) handleHeartbeat(m *Message) {
	id := BrokerID(m.From.ID)
	r := c.ctrl.reg(id)
	if m.BrokerEpoch != r.epoch {
		return // STALE_BROKER_EPOCH: a heartbeat of an older incarnation
	}
	r.lastContact = c.now
	switch {
	case m.WantShutDown && !r.shuttingDown:
		c.controlledShutdown(id)
	case r.fenced && !r.shuttingDown:
		c.unfence(id)
	}
	c.scheduleFenceCheck()
}

// scheduleFenceCheck (re)arms the controller's check at the moment the
// oldest unfenced session runs out (QuorumController
// .rescheduleMaybeFenceStaleBrokers, nextCheckTimeNs = oldest lastContact +
// broker.session.timeout.ms).
func (c *Cluster) scheduleFenceCheck() {
	next, ok := Time(0), false
	for _, r := range c.ctrl.regs {
		if r.fenced {
			continue
		}
		if d := r.lastContact + c.cfg.BrokerSessionTimeoutMs; !ok || d < next {
			next, ok = d, true
		}
	}
	if !ok {
		return
	}
	c.ctrl.fenceGen++
	c.timer(max(next, c.now), timerFenceCheck, Controller, TopicPartition{}, c.ctrl.fenceGen)
}

// fenceCheck fences one stale broker per controller event, the one with the
// oldest session first (ties: lower id), and checks again at once
// (ReplicationControlManager.maybeFenceOneStaleBroker). Kafka's sessions are
// valid while lastContact + timeout >= now in nanoseconds, so the check that
// fires at the deadline finds the session expired a fraction of a
// millisecond later; kplay fences at the deadline millisecond.
func (c *Cluster) fenceCheck(gen int64) {
	if gen != c.ctrl.fenceGen {
		return
	}
	stale := -1
	for i, r := range c.ctrl.regs {
		if r.fenced || c.now < r.lastContact+c.cfg.BrokerSessionTimeoutMs {
			continue
		}
		if stale < 0 || r.lastContact < c.ctrl.regs[stale].lastContact {
			stale = i
		}
	}
	if stale < 0 {
		c.scheduleFenceCheck()
		return
	}
	id := c.ctrl.regs[stale].id
	c.emit(Event{Kind: EvBrokerFenced, Node: Controller, Peer: Broker(id), Text: "no heartbeat for broker.session.timeout.ms"})
	c.fence(id)
	c.ctrl.fenceGen++
	c.timer(c.now, timerFenceCheck, Controller, TopicPartition{}, c.ctrl.fenceGen)
}

// fence marks a broker fenced and takes it out of every ISR, electing new
// leaders where it led (ReplicationControlManager.handleBrokerFenced). The
// removal does not bump the leader epoch of a partition it did not lead
// (KAFKA-15021).
func (c *Cluster) fence(id BrokerID) {
	c.ctrl.reg(id).fenced = true
	c.ctrl.reg(id).fencedAt = c.now
	c.removeFromISRs(id)
}

// removeFromISRs takes broker id out of every ISR it is in, electing a new
// leader where it led (generateLeaderAndIsrUpdates).
func (c *Cluster) removeFromISRs(id BrokerID) {
	for i := range c.parts {
		p := &c.parts[i]
		if !slices.Contains(p.isr, id) && p.leader != id {
			continue
		}
		target := slices.DeleteFunc(slices.Clone(p.isr), func(x BrokerID) bool { return x == id })
		c.changePartition(p, target, electOnline)
	}
	c.controllerWrote()
}

// removeUnclean takes a broker that restarted after an unclean shutdown
// out of every ISR and ELR. LastKnownElr keeps it: electing the last known
// leader is KIP-966's way out when nothing else is left (treated as
// unclean).
func (c *Cluster) removeUnclean(id BrokerID) {
	for i := range c.parts {
		p := &c.parts[i]
		if !slices.Contains(p.isr, id) && !slices.Contains(p.elr, id) {
			continue
		}
		if slices.Contains(p.elr, id) {
			c.emit(Event{Kind: EvISRChanged, Node: Controller, TP: p.tp, ISR: slices.Clone(p.isr), Offset: Offset(p.partitionEpoch + 1), Epoch: p.leaderEpoch,
				Text: Broker(id).String() + " leaves the ELR: it restarted after an unclean shutdown and may have lost unflushed records"})
		}
		p.elr = slices.DeleteFunc(slices.Clone(p.elr), func(x BrokerID) bool { return x == id })
		target := slices.DeleteFunc(slices.Clone(p.isr), func(x BrokerID) bool { return x == id })
		if !c.changePartition(p, target, electOnline) {
			p.partitionEpoch++
			c.publish(p.tp)
		}
	}
	c.controllerWrote()
}

// unfence lets a registered broker back in. Partitions without a leader that
// it can lead get an election (ReplicationControlManager.handleBrokerUnfenced).
func (c *Cluster) unfence(id BrokerID) {
	c.ctrl.reg(id).fenced = false
	c.ctrl.reg(id).fencedAt = -1
	c.emit(Event{Kind: EvBrokerUnfenced, Node: Controller, Peer: Broker(id)})
	for i := range c.parts {
		p := &c.parts[i]
		if p.leader == NoLeader && slices.Contains(p.replicas, id) {
			c.changePartition(p, slices.Clone(p.isr), electOnline)
		}
	}
	c.controllerWrote()
}

// controlledShutdown moves a shutting-down broker's leaderships away and
// takes it out of every ISR at once
// (ReplicationControlManager.handleBrokerInControlledShutdown); the broker
// then stops, and the answers it sent as a follower still arrive
// (stopBroker).
func (c *Cluster) controlledShutdown(id BrokerID) {
	b := c.broker(id)
	if r := c.ctrl.reg(id); r.fenced || !c.leadsAny(id) {
		// BrokerHeartbeatManager.calculateNextBrokerState grants a fenced
		// broker, or one that leads no partition, SHUTDOWN_NOW: the
		// controller fences it (ReplicationControlManager.processBrokerHeartbeat
		// → handleBrokerFenced, a FenceBrokerRecord) and never records it in
		// controlled shutdown.
		c.emit(Event{Kind: EvBrokerFenced, Node: Controller, Peer: Broker(id), Text: "it asked to shut down and leads no partition, so it may shut down at once"})
		c.fence(id)
		if b.alive {
			c.stopBroker(b, "shut down at once: it led no partition", true)
		}
		return
	}
	c.ctrl.reg(id).shuttingDown = true
	c.emit(Event{Kind: EvControlledShutdown, Node: Controller, Peer: Broker(id)})
	c.removeFromISRs(id)
	// The broker is released once it leads nothing and every broker has
	// the metadata (BrokerHeartbeatManager.calculateNextBrokerState,
	// CONTROLLED_SHUTDOWN → SHUTDOWN_NOW); kplay's metadata propagation is
	// immediate, so it stops now, leaving out the 50 ms heartbeat that asks
	// again in Kafka.
	if b.alive {
		c.stopBroker(b, "completed its controlled shutdown", true)
	}
	c.ctrl.reg(id).fenced = true
	c.ctrl.reg(id).fencedAt = c.now
}

// leadsAny reports whether broker id leads a partition
// (ReplicationControlManager's hasLeaderships supplier).
func (c *Cluster) leadsAny(id BrokerID) bool {
	for i := range c.parts {
		if c.parts[i].leader == id {
			return true
		}
	}
	return false
}

// validSession reports whether r's session is valid: unfenced and heard
// from less than broker.session.timeout.ms ago
// (BrokerHeartbeatManager.hasValidSession; Kafka compares nanoseconds with
// >=, kplay fences at the deadline millisecond, so the session ends there).
func (c *Cluster) validSession(r *brokerReg) bool {
	return !r.fenced && c.now < r.lastContact+c.cfg.BrokerSessionTimeoutMs
}

// handleRegistration registers a restarted broker with a new broker epoch,
// fenced until its heartbeat shows it caught up (ClusterControlManager
// .registerBroker). While the previous registration's session is valid, a
// registration from another incarnation (a new process) is refused with
// DUPLICATE_BROKER_REGISTRATION ("If the broker was recently restarted this
// should self-resolve once the heartbeat manager expires the broker's
// session"), so a broker that crashed and restarted at once is fenced, and
// leaves every ISR, before it registers again. A new incarnation's
// registration then cleans up after the previous one
// (ReplicationControlManager.handleBrokerShutdown): after an unclean
// shutdown with ELR it leaves every ISR and ELR (handleBrokerUncleanShutdown,
// KAFKA-15586 / KAFKA-18635), otherwise every ISR.
func (c *Cluster) handleRegistration(m *Message) {
	id := BrokerID(m.From.ID)
	r := c.ctrl.reg(id)
	if r.epoch > 0 && m.FromIncarnation != r.incarnation && c.validSession(r) {
		c.send(Message{Kind: MsgBrokerRegistrationResponse, Request: m.ID, From: Controller, To: m.From,
			Parts: []Part{{Err: ErrDuplicateBrokerRegistration}}})
		return
	}
	if m.FromIncarnation != r.incarnation {
		if c.cfg.EligibleLeaderReplicas && !c.broker(id).cleanShutdown {
			c.removeUnclean(id)
		} else {
			c.removeFromISRs(id)
		}
	}
	c.ctrl.nextBrokerEpoch++
	r.epoch = c.ctrl.nextBrokerEpoch
	r.incarnation = m.FromIncarnation
	r.fenced = true
	r.fencedAt = -1
	r.shuttingDown = false
	r.lastContact = c.now
	c.send(Message{Kind: MsgBrokerRegistrationResponse, Request: m.ID, From: Controller, To: m.From, BrokerEpoch: r.epoch})
	c.scheduleFenceCheck()
}

// handleRegistrationResponse stores the broker epoch, heartbeats at once to
// be unfenced, and replays the metadata log, which starts its fetchers.
// A refusal is sent again after registrationBackoff
// (BrokerLifecycleManager.scheduleNextCommunicationAfterFailure).
//
// The heartbeat that asks to be unfenced goes out before the first fetch
// (BrokerLifecycleManager.setReadyToUnfence sends it at once; in Kafka the
// two race, and kplay lets the heartbeat win so that a caught-up follower
// rejoins the ISR on its first fetch).
func (c *Cluster) handleRegistrationResponse(b *broker, m *Message) {
	if m.Request != b.regInflight {
		return // the answer to a registration already given up on
	}
	b.regInflight = 0
	if len(m.Parts) > 0 && m.Parts[0].Err != ErrNone {
		b.regRetryAt = c.now + c.registrationBackoff(b.regFailures)
		b.regFailures++
		c.timer(b.regRetryAt, timerHeartbeat, b.node(), TopicPartition{}, 0)
		if b.regFailures > 1 {
			return // the first refusal's event says how the retries go
		}
		r := c.ctrl.reg(b.id)
		c.emit(Event{Kind: EvRegistrationRefused, Node: b.node(), Peer: b.node(), Err: m.Parts[0].Err, End: Offset(b.regRetryAt),
			Text: "the previous registration (broker epoch " + itoa64(r.epoch) + ") has a valid session until " + FormatTime(r.lastContact+c.cfg.BrokerSessionTimeoutMs)})
		return
	}
	b.regFailures = 0
	b.brokerEpoch = m.BrokerEpoch
	c.send(Message{Kind: MsgBrokerHeartbeat, From: b.node(), To: Controller, BrokerEpoch: b.brokerEpoch})
	c.catchUp(b)
}

// handleAlterPartition validates and applies a leader's ISR change
// (ReplicationControlManager.alterPartition, ClusterControlManager
// .checkBrokerEpoch, validateAlterPartitionData), checking in Kafka's order:
//   - the sender's broker epoch is its registration's, else
//     STALE_BROKER_EPOCH;
//   - the partition exists, else UNKNOWN_TOPIC_OR_PARTITION;
//   - a leader or partition epoch newer than the controller's is
//     NOT_CONTROLLER, an older leader epoch FENCED_LEADER_EPOCH;
//   - a sender that is not the leader is INVALID_REQUEST, an older
//     partition epoch INVALID_UPDATE_VERSION;
//   - an ISR with a broker that is not a replica, or without the leader,
//     is INVALID_REQUEST;
//   - an ISR member that is not registered, shutting down, fenced, or sent
//     with a broker epoch (not -1) other than its registration's is
//     INELIGIBLE_REPLICA (ineligibleReplicasForIsr, KIP-903 and KIP-841):
//     a follower that restarted since the leader saw its fetch may have
//     come back with less than it had.
//
// Every rejection is an EvAlterPartitionRejected event.
func (c *Cluster) handleAlterPartition(m *Message) {
	req := m.Parts[0]
	states := c.ctrl.takeAlterStates(m.ID)
	resp := Part{TP: req.TP, Leader: NoLeader}
	p := c.partition(req.TP)
	sender := BrokerID(m.From.ID)
	var why string
	switch reg := c.ctrl.reg(sender); {
	case m.BrokerEpoch != reg.epoch:
		resp.Err = ErrStaleBrokerEpoch
		why = "the request's broker epoch " + itoa64(m.BrokerEpoch) + " is not " + Broker(sender).String() + "'s registration's " + itoa64(reg.epoch)
	case p == nil:
		resp.Err = ErrUnknownTopicOrPartition
		why = "no such partition"
	case req.LeaderEpoch > p.leaderEpoch || req.PartitionEpoch > p.partitionEpoch:
		resp.Err = ErrNotController
		why = "its leader or partition epoch is newer than the controller's"
	case req.LeaderEpoch < p.leaderEpoch:
		resp.Err = ErrFencedLeaderEpoch
		why = "leader epoch " + itoa(int(req.LeaderEpoch)) + " is older than the current " + itoa(int(p.leaderEpoch))
	case p.leader != sender:
		resp.Err = ErrInvalidRequest
		why = Broker(sender).String() + " is not the leader"
	case req.PartitionEpoch < p.partitionEpoch:
		resp.Err = ErrInvalidUpdateVersion
		why = "partition epoch " + itoa(int(req.PartitionEpoch)) + " is older than the current " + itoa(int(p.partitionEpoch))
	case !validISR(p.replicas, req.ISR):
		resp.Err = ErrInvalidRequest
		why = "the ISR lists a broker twice or one that holds no replica"
	case !slices.Contains(req.ISR, p.leader):
		resp.Err = ErrInvalidRequest
		why = "the ISR does not include the leader"
	default:
		if why = c.ineligibleReplicas(req.ISR, states); why != "" {
			resp.Err = ErrIneligibleReplica
		}
	}
	if resp.Err == ErrNone {
		c.changePartition(p, slices.Clone(req.ISR), electAlterPartition)
		c.controllerWrote()
	} else {
		c.emit(Event{Kind: EvAlterPartitionRejected, Node: Controller, Peer: m.From, TP: req.TP, Err: resp.Err, ISR: slices.Clone(req.ISR), Text: why})
	}
	if p != nil {
		resp.Leader, resp.LeaderEpoch, resp.PartitionEpoch, resp.ISR = p.leader, p.leaderEpoch, p.partitionEpoch, slices.Clone(p.isr)
	}
	c.send(Message{Kind: MsgAlterPartitionResponse, Request: m.ID, From: Controller, To: m.From, Parts: []Part{resp}})
}

// validISR reports whether every ISR member is a replica and none is listed
// twice (Replicas.validateIsr).
func validISR(replicas, isr []BrokerID) bool {
	for i, id := range isr {
		if !slices.Contains(replicas, id) || slices.Contains(isr[:i], id) {
			return false
		}
	}
	return true
}

// ineligibleReplicas says, in plain words, which members of a requested
// ISR may not be in it, or "" if all may
// (ReplicationControlManager.ineligibleReplicasForIsr): a broker that is not
// registered, is in controlled shutdown or is fenced, or whose broker epoch
// in the request (states; -1 or absent skips the check) is not its
// registration's.
func (c *Cluster) ineligibleReplicas(isr []BrokerID, states []brokerState) string {
	var out []string
	for _, id := range isr {
		r := c.ctrl.reg(id)
		sent := int64(-1)
		for _, s := range states {
			if s.id == id {
				sent = s.epoch
			}
		}
		switch {
		case r.epoch == 0:
			out = append(out, Broker(id).String()+" is not registered")
		case r.shuttingDown && c.cfg.kip841():
			out = append(out, Broker(id).String()+" is shutting down")
		case r.fenced && c.cfg.kip841():
			out = append(out, Broker(id).String()+" is fenced")
		case sent != -1 && sent != r.epoch:
			out = append(out, Broker(id).String()+" restarted: the leader saw broker epoch "+itoa64(sent)+", its registration's is "+itoa64(r.epoch))
		}
	}
	return strings.Join(out, "; ")
}

// controllerWrote runs after every controller write: with
// auto.leader.rebalance.enable, if some partition's leader is not its
// preferred replica and no check is pending, one is scheduled
// leader.imbalance.check.interval.seconds from now
// (QuorumController.maybeScheduleNextBalancePartitionLeaders).
func (c *Cluster) controllerWrote() {
	c.maybeScheduleUncleanCheck()
	if !c.cfg.AutoLeaderRebalanceEnable || c.ctrl.rebalanceArmed || !c.imbalanced() {
		return
	}
	c.ctrl.rebalanceArmed = true
	c.ctrl.rebalanceGen++
	c.timer(c.now+c.cfg.LeaderImbalanceCheckIntervalMs, timerRebalance, Controller, TopicPartition{}, c.ctrl.rebalanceGen)
}

func (c *Cluster) imbalanced() bool {
	for _, p := range c.parts {
		if p.leader != p.replicas[0] {
			return true
		}
	}
	return false
}

// rebalanceCheck runs a preferred election for every partition whose leader
// is not its preferred replica (ReplicationControlManager
// .maybeBalancePartitionLeaders). KRaft ignores
// leader.imbalance.per.broker.percentage (KAFKA-13682).
func (c *Cluster) rebalanceCheck(gen int64) {
	if gen == uncleanCheckID {
		c.uncleanCheck()
		return
	}
	if gen != c.ctrl.rebalanceGen {
		return
	}
	c.ctrl.rebalanceArmed = false
	for i := range c.parts {
		p := &c.parts[i]
		if p.leader != p.replicas[0] {
			c.changePartition(p, slices.Clone(p.isr), electPreferred)
		}
	}
	c.controllerWrote()
}

// uncleanLeaderElectionIntervalMs is unclean.leader.election.interval.ms
// (ReplicationConfigs, default 300000): how often the controller looks for
// leaderless partitions it may elect a leader for uncleanly.
const uncleanLeaderElectionIntervalMs Time = 300000

// uncleanCheckID is the timer id of the unclean-election check. It shares
// the controller's timerRebalance kind with the preferred-leader check,
// whose generations are positive.
const uncleanCheckID int64 = -1

// maybeScheduleUncleanCheck runs after every controller write: if some
// partition has no leader and no check is scheduled, one is, in
// unclean.leader.election.interval.ms
// (QuorumController.maybeScheduleNextElectUncleanLeaders, with the
// schedule DEFERRED).
func (c *Cluster) maybeScheduleUncleanCheck() {
	if c.ctrl.uncleanArmed || !c.someLeaderless() {
		return
	}
	c.ctrl.uncleanArmed = true
	c.timer(c.now+uncleanLeaderElectionIntervalMs, timerRebalance, Controller, TopicPartition{}, uncleanCheckID)
}

func (c *Cluster) someLeaderless() bool {
	for _, p := range c.parts {
		if p.leader == NoLeader {
			return true
		}
	}
	return false
}

// uncleanCheck elects a leader uncleanly for every leaderless partition
// whose topic has unclean.leader.election.enable
// (ReplicationControlManager.maybeElectUncleanLeaders /
// maybeTriggerUncleanLeaderElectionForLeaderlessPartitions, electLeader
// with ElectionType.UNCLEAN), then schedules the next check while some
// partition is still leaderless. This check is how a partition that went
// offline before the setting was turned on gets a leader: Kafka's
// documentation of unclean.leader.election.enable says that when it is
// enabled dynamically in KRaft mode the election waits for this periodic
// check (every 5 minutes by default), or for kafka-leader-election.sh
// --election-type unclean.
func (c *Cluster) uncleanCheck() {
	c.ctrl.uncleanArmed = false
	for i := range c.parts {
		p := &c.parts[i]
		if p.leader == NoLeader && c.uncleanEnabled(p.tp) {
			c.changePartition(p, slices.Clone(p.isr), electUnclean)
		}
	}
	c.controllerWrote()
}
