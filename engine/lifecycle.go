package engine

import (
	"cmp"
	"fmt"
	"slices"
)

// A broker process's life, as the commands that change it: crash (kill -9,
// maybe with a power loss), restart, shutdown (SIGTERM, a controlled
// shutdown), and hang and resume (a half-alive broker, hang.go). Each
// command checks that it applies to the cluster as it is (check) and then
// applies itself (apply), as Cluster.Apply calls them.

// Crash kills a broker's process (kill -9): its requests in purgatory and
// its fetchers are gone; its log stays on disk. LoseUnflushed > 0 also drops
// that many records from the end of every log it holds, as a power loss
// drops what the OS had not flushed (Kafka does not fsync each write,
// docs/kafka-rules.md §1.8), and with them the rest of the batch the first
// of them belongs to: a batch is checked whole on recovery, and one that
// was only partly written is truncated away (LogSegment.recover,
// LogLoader.recoverSegment), so a log never ends inside a batch.
type Crash struct {
	Broker        BrokerID
	LoseUnflushed int
}

// Restart starts a crashed or shut-down broker again: it registers with the
// controller under a new broker epoch, replays the metadata and, once
// unfenced, fetches (docs/kafka-rules.md §5.1).
type Restart struct{ Broker BrokerID }

// Shutdown is a controlled shutdown (SIGTERM, controlled.shutdown.enable):
// the controller moves the broker's leaderships and takes it out of every
// ISR at once, then the process stops.
type Shutdown struct{ Broker BrokerID }

// String prints the command as a kplay script line.
func (c Crash) String() string {
	s := "crash " + itoa(int(c.Broker))
	if c.LoseUnflushed > 0 {
		s += " lose-unflushed=" + itoa(c.LoseUnflushed)
	}
	return s
}

// String prints the command as a kplay script line.
func (c Restart) String() string { return "restart " + itoa(int(c.Broker)) }

// String prints the command as a kplay script line.
func (c Shutdown) String() string { return "shutdown " + itoa(int(c.Broker)) }

func (cmd Crash) check(c *Cluster) error {
	if err := c.checkNode(Broker(cmd.Broker)); err != nil {
		return err
	}
	if !c.broker(cmd.Broker).alive {
		return fmt.Errorf("engine: broker %d is not running", cmd.Broker)
	}
	if cmd.LoseUnflushed < 0 {
		return fmt.Errorf("engine: lose-unflushed must be >= 0")
	}
	return nil
}

func (cmd Crash) apply(c *Cluster) {
	b := c.broker(cmd.Broker)
	c.stopBroker(b, "crashed", false)
	if cmd.LoseUnflushed > 0 {
		c.lostUnflushed = true
		for i := range b.replicas {
			r := &b.replicas[i]
			c.truncateTo(b, r, r.batchStart(max(r.logStart, r.leo()-Offset(cmd.LoseUnflushed))), removedUnflushed, "lost its unflushed tail in the crash")
		}
	}
}

func (cmd Restart) check(c *Cluster) error {
	if err := c.checkNode(Broker(cmd.Broker)); err != nil {
		return err
	}
	if c.broker(cmd.Broker).alive {
		return fmt.Errorf("engine: broker %d is already running", cmd.Broker)
	}
	return nil
}

func (cmd Restart) apply(c *Cluster) { c.restartBroker(c.broker(cmd.Broker)) }

func (cmd Shutdown) check(c *Cluster) error {
	if err := c.checkNode(Broker(cmd.Broker)); err != nil {
		return err
	}
	if b := c.broker(cmd.Broker); !b.alive || b.shuttingDown {
		return fmt.Errorf("engine: broker %d is not running", cmd.Broker)
	}
	return nil
}

func (cmd Shutdown) apply(c *Cluster) {
	b := c.broker(cmd.Broker)
	b.shuttingDown = true
	if !c.net.talksToController(b.node()) || b.brokerEpoch == 0 {
		// Without the controller the shutdown cannot be controlled: the
		// process stops and the controller fences it when its session
		// runs out.
		c.stopBroker(b, "stopped without a controlled shutdown: it cannot reach the controller", false)
		return
	}
	// The broker asks in a heartbeat (WantShutDown); the controller's
	// answer takes a few milliseconds (docs/kafka-rules.md §5.1), modelled as none.
	c.ctrl.reg(b.id).lastContact = c.now
	c.controlledShutdown(b.id)
}

// Hang makes a running broker half-alive: it stays registered and
// heartbeats, but stops answering the requests Requests names (a script:
// hang 1 requests=replicas). A second hang of the same broker replaces the
// scope of the first.
type Hang struct {
	Broker   BrokerID
	Requests HangScope
}

// Resume ends a broker's hang: its request handlers answer the queued
// requests, in arrival order, and every new one.
type Resume struct{ Broker BrokerID }

// String prints the command as a kplay script line.
func (c Hang) String() string {
	return "hang " + itoa(int(c.Broker)) + " requests=" + c.Requests.String()
}

// String prints the command as a kplay script line.
func (c Resume) String() string { return "resume " + itoa(int(c.Broker)) }

func (cmd Hang) check(c *Cluster) error {
	if err := c.checkNode(Broker(cmd.Broker)); err != nil {
		return err
	}
	if !c.broker(cmd.Broker).alive {
		return fmt.Errorf("engine: broker %d is not running, so it cannot hang", cmd.Broker)
	}
	if cmd.Requests != HangReplicas && cmd.Requests != HangClients && cmd.Requests != HangAll {
		return fmt.Errorf("engine: a hang stops replicas, clients or all requests, not scope %d", cmd.Requests)
	}
	return nil
}

// apply starts the broker's hang, or changes the scope of the one it has.
func (cmd Hang) apply(c *Cluster) {
	b := c.broker(cmd.Broker)
	if h := c.hangOf(cmd.Broker); h != nil {
		h.scope = cmd.Requests
	} else {
		i, _ := slices.BinarySearchFunc(c.hangs, cmd.Broker, func(h hang, id BrokerID) int { return cmpInt(int64(h.broker), int64(id)) })
		c.hangs = slices.Insert(c.hangs, i, hang{broker: cmd.Broker, scope: cmd.Requests, since: c.now})
	}
	c.emit(Event{Kind: EvBrokerHung, Node: b.node(), Text: "stops answering " + cmd.Requests.Phrase() + "; it stays registered and keeps heartbeating to the controller"})
}

func (cmd Resume) check(c *Cluster) error {
	if err := c.checkNode(Broker(cmd.Broker)); err != nil {
		return err
	}
	if c.hangOf(cmd.Broker) == nil {
		return fmt.Errorf("engine: broker %d is not hung (hang %d requests=all first)", cmd.Broker, cmd.Broker)
	}
	return nil
}

// apply ends the broker's hang: its handlers take the queued requests in
// arrival order.
func (cmd Resume) apply(c *Cluster) {
	h := *c.hangOf(cmd.Broker)
	c.endHang(cmd.Broker)
	c.emit(Event{Kind: EvBrokerResumed, Node: Broker(cmd.Broker), Count: len(h.queue)})
	for _, m := range h.queue {
		c.receive(&m)
	}
}

// stopBroker ends a broker process. Responses it has sent that are still
// on the wire are lost with a crashed process, but not with one that ends
// a controlled shutdown (controlled): Kafka keeps that broker up until the
// controller lets it go (BrokerLifecycleManager, shouldShutDown in a
// heartbeat answer, at least one heartbeat round trip after its
// leaderships moved), so what it answered as a follower, such as
// NOT_LEADER_OR_FOLLOWER with the new leader (KIP-951) for a produce it
// held, reaches the client rather than a disconnect.
func (c *Cluster) stopBroker(b *broker, why string, controlled bool) {
	// Its connections close: every request it holds is answered by a
	// disconnect at the sender (NETWORK_EXCEPTION), and a hang ends with
	// the process.
	c.dropHang(b)
	for _, pf := range b.parked {
		c.refuse(&pf.req)
	}
	for _, d := range b.delayed {
		c.refuse(&d.req)
	}
	// Responses still in its sockets are lost with a crashed process; their
	// requesters see the disconnect instead. After a controlled shutdown
	// they were written while the process was still up, so they stay on
	// the wire, marked as sent by the incarnation that ends now.
	//
	// The responses are found first and answered after, in the order they
	// would have arrived (time, then scheduling order): answering one
	// schedules a message, so walking the schedule while answering would
	// walk a schedule that moves under the walk.
	var lost []*item
	c.sched.each(func(it *item) {
		if it.kind != itemDeliver {
			return
		}
		mp := c.sched.message(it)
		if mp.From != b.node() || !mp.Kind.IsResponse() || mp.FromIncarnation != b.incarnation {
			return
		}
		if controlled {
			mp.FromIncarnation = b.incarnation + 1
			return
		}
		lost = append(lost, it)
	})
	slices.SortFunc(lost, func(x, y *item) int {
		if x.at != y.at {
			return cmpInt(x.at, y.at)
		}
		return cmp.Compare(x.seq, y.seq)
	})
	ms := make([]Message, len(lost))
	for i, it := range lost {
		ms[i] = *c.sched.message(it)
	}
	for _, m := range ms {
		c.local(Message{Kind: m.Kind, Request: m.Request, From: m.From, To: m.To, ReplicaID: m.ReplicaID, Parts: disconnected(m.Parts)}, m.DeliverAt-c.now)
	}
	b.alive = false
	// The process ended cleanly when the controller let it go, after a
	// controlled shutdown or at once (SHUTDOWN_NOW): it then writes its
	// broker epoch for the next registration's previousBrokerEpoch
	// (KIP-966's clean-shutdown detection).
	b.cleanShutdown = b.shuttingDown && controlled
	b.incarnation++
	b.brokerEpoch = 0
	b.fetchers = nil
	b.parked = nil
	b.delayed = nil
	for i := range b.replicas {
		r := &b.replicas[i]
		r.isLeader = false
		r.remotes = nil
		r.maximal = nil
		r.alterInflight = 0
	}
	c.emit(Event{Kind: EvBrokerStopped, Node: b.node(), Text: why})
}

// restartBroker starts a new incarnation: it loads its logs, registers and
// starts its periodic tasks. Under protocol pre-kip-101 it truncates every
// log to its high watermark first.
func (c *Cluster) restartBroker(b *broker) {
	b.alive = true
	b.shuttingDown = false
	b.incarnation++
	c.emit(Event{Kind: EvBrokerStarted, Node: b.node()})
	if c.cfg.truncation() == ProtocolPreKIP101 {
		for i := range b.replicas {
			r := &b.replicas[i]
			c.truncateTo(b, r, r.hw, removedPreKIP101, "truncates to its high watermark on restart (before KIP-101)")
		}
	}
	for i := range b.replicas {
		// The process restarts with no view of leadership until it replays
		// the metadata log.
		b.replicas[i].leader, b.replicas[i].leaderEpoch, b.replicas[i].partitionEpoch = NoLeader, -1, -1
	}
	b.nextBeat, b.regRetryAt, b.regFailures = c.now+c.cfg.BrokerHeartbeatIntervalMs, -1, 0
	c.sendRegistration(b)
	c.timer(b.nextBeat, timerHeartbeat, b.node(), TopicPartition{}, 0)
	c.scheduleIsrExpiration(b)
}
