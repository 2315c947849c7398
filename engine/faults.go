package engine

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

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

// Isolate cuts every link to and from a node.
type Isolate struct{ Node NodeID }

// Partition splits the network into groups; nodes in different groups
// cannot talk. Nodes in no group reach everyone.
type Partition struct{ Groups [][]NodeID }

// Cut takes down the link between nodes A and B, both ways, and nothing
// else. Cuts add up: a second cut keeps the first (a partition, by
// contrast, replaces the previous one). Messages on a cut link are lost
// when they arrive, as with isolate and partition.
//
// With OneWay only the direction A→B goes down (script: cut A B one-way):
// what A sends to B is lost on arrival, what B sends to A still arrives,
// as a firewall rule or a half-broken NIC drops one direction of a TCP
// link. Kafka's clients and brokers see only the consequences: requests
// that get no answer time out (request.timeout.ms, replica.socket.timeout.ms),
// heartbeats that do not arrive let broker.session.timeout.ms run out
// (BrokerHeartbeatManager), and answers that do not arrive look the same
// as requests that were lost.
type Cut struct {
	A, B   NodeID
	OneWay bool
}

// Heal with both nodes zero (Heal{}) removes every cut, isolation,
// partition, slow link and lossy link. With A and B set it restores only
// the link between them: its cut (both ways, and a one-way cut in either
// direction), slow and drop settings go; an isolation
// or a partition that separates them stays until a plain heal.
type Heal struct{ A, B NodeID }

// Slow sets the latency range of the link between two nodes, both ways.
type Slow struct {
	A, B               NodeID
	MinLatency, MaxLat Time
}

// Drop makes the link between two nodes lose messages, both ways, at
// PerMille thousandths.
type Drop struct {
	A, B     NodeID
	PerMille int
}

// ElectLeaders is kafka-leader-election.sh: a preferred election (Unclean
// false) or an unclean one, for one partition or, with All, every one
// (LeaderElectionCommand, ReplicationControlManager.electLeaders).
type ElectLeaders struct {
	Unclean bool
	All     bool
	TP      TopicPartition
}

// AlterConfig changes a setting at run time: unclean.leader.election.enable
// for a topic ("" = the cluster default), or min.insync.replicas.
type AlterConfig struct {
	Topic string
	Key   string
	Value string
}

func (Crash) isCommand()        {}
func (Restart) isCommand()      {}
func (Shutdown) isCommand()     {}
func (Isolate) isCommand()      {}
func (Partition) isCommand()    {}
func (Heal) isCommand()         {}
func (Cut) isCommand()          {}
func (Slow) isCommand()         {}
func (Drop) isCommand()         {}
func (ElectLeaders) isCommand() {}
func (AlterConfig) isCommand()  {}

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

// String prints the command as a kplay script line.
func (c Isolate) String() string { return "isolate " + nodeArg(c.Node) }

// String prints the command as a kplay script line.
func (c Partition) String() string {
	s := "partition"
	for i, g := range c.Groups {
		parts := make([]string, len(g))
		for j, n := range g {
			parts[j] = nodeArg(n)
		}
		s += " g" + itoa(i+1) + "=(" + strings.Join(parts, ", ") + ")"
	}
	return s
}

// String prints the command as a kplay script line: "heal", or
// "heal 1 2" for one link.
func (c Heal) String() string {
	if c.All() {
		return "heal"
	}
	return "heal " + nodeArg(c.A) + " " + nodeArg(c.B)
}

// All reports whether the heal is of the whole network (Heal{}).
func (c Heal) All() bool { return c.A == NodeID{} && c.B == NodeID{} }

// String prints the command as a kplay script line: "cut 1 2", or
// "cut 1 controller one-way".
func (c Cut) String() string {
	s := "cut " + nodeArg(c.A) + " " + nodeArg(c.B)
	if c.OneWay {
		s += " one-way"
	}
	return s
}

// String prints the command as a kplay script line.
func (c Slow) String() string {
	return fmt.Sprintf("slow %s %s latency=(%d, %d)", nodeArg(c.A), nodeArg(c.B), c.MinLatency, c.MaxLat)
}

// String prints the command as a kplay script line.
func (c Drop) String() string {
	return fmt.Sprintf("drop %s %s per-mille=%d", nodeArg(c.A), nodeArg(c.B), c.PerMille)
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

// String prints the command as a kplay script line.
func (c AlterConfig) String() string {
	s := "config"
	if c.Topic != "" {
		s += " topic=" + c.Topic
	}
	return s + " " + c.Key + "=" + c.Value
}

// nodeArg prints a node as scripts name it: 2 for broker 2, else b1, p1,
// c1 or controller.
func nodeArg(n NodeID) string {
	if n.Kind == NodeBroker {
		return itoa(int(n.ID))
	}
	return n.String()
}

func (c *Cluster) checkNode(n NodeID) error {
	switch n.Kind {
	case NodeBroker:
		if !c.validBroker(BrokerID(n.ID)) {
			return fmt.Errorf("engine: no broker %d", n.ID)
		}
	case NodeController:
	case NodeProducer, NodeConsumer:
		if n.ID < 1 || n.ID > 64 {
			return fmt.Errorf("engine: no client %s", n)
		}
	default:
		return fmt.Errorf("engine: no such node")
	}
	return nil
}

// checkLink checks that a and b are two different nodes.
func (c *Cluster) checkLink(a, b NodeID) error {
	if err := c.checkNode(a); err != nil {
		return err
	}
	if err := c.checkNode(b); err != nil {
		return err
	}
	if a == b {
		return fmt.Errorf("engine: a link joins two different nodes, not %s and itself", a)
	}
	return nil
}

// applyFault checks and applies the fault, election and config commands.
func (c *Cluster) applyFault(cmd Command) error {
	if err := c.checkFault(cmd); err != nil {
		return err
	}
	c.emit(Event{Kind: EvCommand, Text: cmd.String()})
	switch cmd := cmd.(type) {
	case Hang, Resume:
		c.applyHang(cmd)
	case Crash:
		b := c.broker(cmd.Broker)
		c.stopBroker(b, "crashed", false)
		if cmd.LoseUnflushed > 0 {
			c.lostUnflushed = true
			for i := range b.replicas {
				r := &b.replicas[i]
				c.truncateTo(b, r, r.batchStart(max(r.logStart, r.leo()-Offset(cmd.LoseUnflushed))), "lost its unflushed tail in the crash")
			}
		}
	case Restart:
		c.restartBroker(c.broker(cmd.Broker))
	case Shutdown:
		b := c.broker(cmd.Broker)
		b.shuttingDown = true
		if !c.net.talksToController(b.node()) || b.brokerEpoch == 0 {
			// Without the controller the shutdown cannot be controlled: the
			// process stops and the controller fences it when its session
			// runs out.
			c.stopBroker(b, "stopped without a controlled shutdown: it cannot reach the controller", false)
			break
		}
		// The broker asks in a heartbeat (WantShutDown); the controller's
		// answer takes a few milliseconds (docs/kafka-rules.md §5.1), modelled as none.
		c.ctrl.reg(b.id).lastContact = c.now
		c.controlledShutdown(b.id)
	case Isolate:
		if !slices.Contains(c.net.isolated, cmd.Node) {
			c.net.isolated = append(c.net.isolated, cmd.Node)
		}
		c.emit(Event{Kind: EvNetwork, Node: cmd.Node, Text: cmd.Node.String() + " is cut off from every other node"})
	case Partition:
		c.net.groups = cmd.Groups
		c.emit(Event{Kind: EvNetwork, Text: "network split: " + strings.TrimPrefix(cmd.String(), "partition ")})
	case Cut:
		if cmd.OneWay {
			c.net.cutOneWay(cmd.A, cmd.B)
			c.emit(Event{Kind: EvNetwork, Node: cmd.A, Peer: cmd.B, Text: fmt.Sprintf("link %s→%s cut one way: %s's messages to %s are lost, %s's to %s still arrive", cmd.A, cmd.B, cmd.A, cmd.B, cmd.B, cmd.A)})
			break
		}
		c.net.cut(cmd.A, cmd.B)
		c.emit(Event{Kind: EvNetwork, Node: cmd.A, Peer: cmd.B, Text: fmt.Sprintf("link %s–%s cut", cmd.A, cmd.B)})
	case Heal:
		if cmd.All() {
			c.net.isolated, c.net.groups, c.net.links, c.net.cuts, c.net.oneWay = nil, nil, nil, nil, nil
			c.emit(Event{Kind: EvNetwork, Text: "network healed"})
		} else {
			c.net.healLink(cmd.A, cmd.B)
			c.emit(Event{Kind: EvNetwork, Node: cmd.A, Peer: cmd.B, Text: fmt.Sprintf("link %s–%s healed", cmd.A, cmd.B)})
		}
		for i := range c.brokers {
			b := &c.brokers[i]
			c.catchUp(b)
			c.resumeLostFetches(b)
		}
	case Slow:
		for _, d := range [][2]NodeID{{cmd.A, cmd.B}, {cmd.B, cmd.A}} {
			l := c.linkOrDefault(d[0], d[1])
			l.minLatency, l.maxLatency = cmd.MinLatency, cmd.MaxLat
			c.net.setLink(l)
		}
		c.emit(Event{Kind: EvNetwork, Node: cmd.A, Peer: cmd.B, Text: fmt.Sprintf("link %s–%s latency %d..%d ms", cmd.A, cmd.B, cmd.MinLatency, cmd.MaxLat)})
	case Drop:
		for _, d := range [][2]NodeID{{cmd.A, cmd.B}, {cmd.B, cmd.A}} {
			l := c.linkOrDefault(d[0], d[1])
			l.dropPerMille = cmd.PerMille
			c.net.setLink(l)
		}
		c.emit(Event{Kind: EvNetwork, Node: cmd.A, Peer: cmd.B, Text: fmt.Sprintf("link %s–%s loses %d‰ of messages", cmd.A, cmd.B, cmd.PerMille)})
	case ElectLeaders:
		c.electLeaders(cmd)
	case AlterConfig:
		c.alterConfig(cmd)
	}
	return nil
}

func (c *Cluster) linkOrDefault(a, b NodeID) linkConf {
	if l := c.net.link(a, b); l != nil {
		return *l
	}
	return linkConf{from: a, to: b, minLatency: c.cfg.MinLatency, maxLatency: c.cfg.MaxLatency}
}

func (c *Cluster) checkFault(cmd Command) error {
	switch cmd := cmd.(type) {
	case Crash:
		if err := c.checkNode(Broker(cmd.Broker)); err != nil {
			return err
		}
		if !c.broker(cmd.Broker).alive {
			return fmt.Errorf("engine: broker %d is not running", cmd.Broker)
		}
		if cmd.LoseUnflushed < 0 {
			return fmt.Errorf("engine: lose-unflushed must be >= 0")
		}
	case Restart:
		if err := c.checkNode(Broker(cmd.Broker)); err != nil {
			return err
		}
		if c.broker(cmd.Broker).alive {
			return fmt.Errorf("engine: broker %d is already running", cmd.Broker)
		}
	case Shutdown:
		if err := c.checkNode(Broker(cmd.Broker)); err != nil {
			return err
		}
		if b := c.broker(cmd.Broker); !b.alive || b.shuttingDown {
			return fmt.Errorf("engine: broker %d is not running", cmd.Broker)
		}
	case Isolate:
		return c.checkNode(cmd.Node)
	case Partition:
		if len(cmd.Groups) < 2 {
			return fmt.Errorf("engine: a partition needs at least two groups")
		}
		var seen []NodeID
		for _, g := range cmd.Groups {
			for _, n := range g {
				if err := c.checkNode(n); err != nil {
					return err
				}
				if slices.Contains(seen, n) {
					return fmt.Errorf("engine: %s is in two groups", n)
				}
				seen = append(seen, n)
			}
		}
	case Heal:
		if cmd.All() {
			return nil
		}
		return c.checkLink(cmd.A, cmd.B)
	case Cut:
		return c.checkLink(cmd.A, cmd.B)
	case Slow:
		if err := c.checkNode(cmd.A); err != nil {
			return err
		}
		if err := c.checkNode(cmd.B); err != nil {
			return err
		}
		if cmd.MinLatency < 0 || cmd.MaxLat < cmd.MinLatency || cmd.MaxLat > 3600000 {
			return fmt.Errorf("engine: latency range %d..%d ms is not a range", cmd.MinLatency, cmd.MaxLat)
		}
	case Drop:
		if err := c.checkNode(cmd.A); err != nil {
			return err
		}
		if err := c.checkNode(cmd.B); err != nil {
			return err
		}
		if cmd.PerMille < 0 || cmd.PerMille > 1000 {
			return fmt.Errorf("engine: per-mille must be 0..1000")
		}
	case Hang, Resume:
		return c.checkHang(cmd)
	case ElectLeaders:
		if !cmd.All {
			return c.checkTP(cmd.TP)
		}
	case AlterConfig:
		if cmd.Topic != "" && c.topic(cmd.Topic) == nil {
			return fmt.Errorf("engine: no topic %s", cmd.Topic)
		}
		switch cmd.Key {
		case "unclean.leader.election.enable":
			if cmd.Value != "true" && cmd.Value != "false" {
				return fmt.Errorf("engine: unclean.leader.election.enable must be true or false")
			}
		case "min.insync.replicas":
			// Only a canonical decimal passes (itoa(n) == cmd.Value), so
			// strconv.Atoi reads it as fmt's %d did, without fmt's scanner
			// in the page.
			if n, err := strconv.Atoi(cmd.Value); err != nil || n < 1 || itoa(n) != cmd.Value {
				return fmt.Errorf("engine: min.insync.replicas must be a whole number >= 1")
			}
		default:
			return fmt.Errorf("engine: config %s cannot be changed at run time (it can: unclean.leader.election.enable, min.insync.replicas)", cmd.Key)
		}
	default:
		return fmt.Errorf("engine: unknown command %T", cmd)
	}
	return nil
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
			c.truncateTo(b, r, r.hw, "truncates to its high watermark on restart (before KIP-101)")
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

// electLeaders runs kafka-leader-election.sh's elections: preferred moves
// leadership to the first replica if it is in the ISR and acceptable
// (ELECTION_NOT_NEEDED if it leads already, PREFERRED_LEADER_NOT_AVAILABLE if
// it cannot); unclean elects only where there is no leader
// (ELIGIBLE_LEADERS_NOT_AVAILABLE if nobody can). The tool's output lines
// are events (LeaderElectionCommand).
func (c *Cluster) electLeaders(cmd ElectLeaders) {
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

// alterConfig changes a topic or cluster setting. A changed
// unclean.leader.election.enable takes effect at the next election; a
// partition that is already leaderless gets one at the controller's next
// periodic unclean-election check (uncleanCheck), not at once. A changed
// min.insync.replicas clears ELRs (KIP-966 docs).
func (c *Cluster) alterConfig(cmd AlterConfig) {
	switch cmd.Key {
	case "unclean.leader.election.enable":
		v := cmd.Value == "true"
		if cmd.Topic != "" {
			t := c.topic(cmd.Topic)
			t.unclean = -1
			if v {
				t.unclean = 1
			}
		} else {
			c.cfg.UncleanLeaderElectionEnable = v
		}
		c.controllerWrote()
	case "min.insync.replicas":
		n, _ := strconv.Atoi(cmd.Value) // checkFault accepted it
		if cmd.Topic != "" {
			c.topic(cmd.Topic).minISR = n
		} else {
			c.cfg.MinInsyncReplicas = n
		}
		for i := range c.parts {
			p := &c.parts[i]
			if (cmd.Topic == "" || p.tp.Topic == cmd.Topic) && (len(p.elr) > 0 || len(p.lastKnownElr) > 0) {
				p.elr, p.lastKnownElr = nil, nil
				p.partitionEpoch++
				c.publish(p.tp)
			}
		}
	}
}

// resumeLostFetches resends fetches the network lost while a link was down:
// TCP delivers a partitioned connection's data once the link is back, so a
// follower resumes at once rather than after replica.socket.timeout.ms.
func (c *Cluster) resumeLostFetches(b *broker) {
	if !b.alive {
		return
	}
	for i := range b.fetchers {
		f := &b.fetchers[i]
		if f.inflight == 0 || c.requestPending(f.inflight, f.leader) {
			continue
		}
		f.inflight = 0
		c.maybeSendFetch(b, f.leader)
	}
}

// requestPending reports whether request id is still on the wire or held
// open at broker at.
func (c *Cluster) requestPending(id int64, at BrokerID) bool {
	if c.sched.find(func(it *item) bool {
		if it.kind != itemDeliver {
			return false
		}
		m := c.sched.message(it)
		return m.ID == id && !m.Dropped && c.net.connected(m.From, m.To)
	}) != nil {
		return true
	}
	for _, pf := range c.broker(at).parked {
		if pf.req.ID == id {
			return true
		}
	}
	if h := c.hangOf(at); h != nil {
		// Waiting in a half-alive broker's queue: it is answered when the
		// broker resumes, or the sender times out.
		for _, m := range h.queue {
			if m.ID == id {
				return true
			}
		}
	}
	return false
}
