package engine

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// network is the simulated network: which nodes can reach which, and each
// directed link's latency range and loss rate. A message is checked when it
// arrives: if its link is down by then, or the receiver is dead, it is lost.
type network struct {
	// isolated nodes reach nobody.
	isolated []NodeID
	// groups is a network partition: nodes in different groups cannot talk.
	// A node in no group reaches everyone it is not isolated from.
	groups [][]NodeID
	// links are per-direction overrides, sorted by (from, to).
	links []linkConf
	// cuts are the links cut both ways, each with its lower node first,
	// sorted.
	cuts []Cut
	// oneWay are the directions cut on their own (cut A B one-way: A→B
	// lost, B→A delivered), each with OneWay set, sorted by (A, B).
	oneWay []Cut
}

// linkConf overrides one direction of a link.
type linkConf struct {
	from, to   NodeID
	minLatency Time
	maxLatency Time
	// dropPerMille is the chance, in thousandths, that a message is lost.
	dropPerMille int
}

func (n network) clone() network {
	n.isolated = slices.Clone(n.isolated)
	groups := make([][]NodeID, len(n.groups))
	for i, g := range n.groups {
		groups[i] = slices.Clone(g)
	}
	n.groups = groups
	n.links = slices.Clone(n.links)
	n.cuts = slices.Clone(n.cuts)
	n.oneWay = slices.Clone(n.oneWay)
	return n
}

// cutKey orders a link's nodes, lower first (cmpNode).
func cutKey(a, b NodeID) Cut {
	if cmpNode(b, a) < 0 {
		a, b = b, a
	}
	return Cut{A: a, B: b}
}

func cmpCut(x, y Cut) int {
	if c := cmpNode(x.A, y.A); c != 0 {
		return c
	}
	return cmpNode(x.B, y.B)
}

// cut takes the link a–b down; cutting it twice is cutting it once.
func (n *network) cut(a, b NodeID) {
	k := cutKey(a, b)
	if i, found := slices.BinarySearchFunc(n.cuts, k, cmpCut); !found {
		n.cuts = slices.Insert(n.cuts, i, k)
	}
}

// cutOneWay takes the direction a→b down and leaves b→a up; cutting it
// twice is cutting it once.
func (n *network) cutOneWay(a, b NodeID) {
	k := Cut{A: a, B: b, OneWay: true}
	if i, found := slices.BinarySearchFunc(n.oneWay, k, cmpCut); !found {
		n.oneWay = slices.Insert(n.oneWay, i, k)
	}
}

// healLink restores the link a–b: no cut either way, and the cluster's
// latency and no loss both ways.
func (n *network) healLink(a, b NodeID) {
	k := cutKey(a, b)
	if i, found := slices.BinarySearchFunc(n.cuts, k, cmpCut); found {
		n.cuts = slices.Delete(n.cuts, i, i+1)
	}
	n.oneWay = slices.DeleteFunc(n.oneWay, func(x Cut) bool {
		return x.A == a && x.B == b || x.A == b && x.B == a
	})
	n.links = slices.DeleteFunc(n.links, func(l linkConf) bool {
		return l.from == a && l.to == b || l.from == b && l.to == a
	})
}

func groupOf(groups [][]NodeID, x NodeID) int {
	for i, g := range groups {
		if slices.Contains(g, x) {
			return i
		}
	}
	return -1
}

// connected reports whether a message can go from a to b now.
func (n *network) connected(a, b NodeID) bool {
	if a == b {
		return true
	}
	if slices.Contains(n.isolated, a) || slices.Contains(n.isolated, b) {
		return false
	}
	if len(n.cuts) > 0 {
		if _, found := slices.BinarySearchFunc(n.cuts, cutKey(a, b), cmpCut); found {
			return false
		}
	}
	if len(n.oneWay) > 0 {
		if _, found := slices.BinarySearchFunc(n.oneWay, Cut{A: a, B: b, OneWay: true}, cmpCut); found {
			return false
		}
	}
	ga, gb := groupOf(n.groups, a), groupOf(n.groups, b)
	return ga < 0 || gb < 0 || ga == gb
}

// talksToController reports whether broker node b and the controller can
// exchange a request and its answer: both directions are up. A KRaft
// broker pulls the metadata log with Fetch requests to the controller
// quorum (KafkaRaftClient as an observer, BrokerMetadataListener) and asks
// for a controlled shutdown in a heartbeat whose answer it waits for
// (BrokerLifecycleManager), so a link cut one way either way stops both,
// while a heartbeat alone only needs b→controller.
func (n *network) talksToController(b NodeID) bool {
	return n.connected(b, Controller) && n.connected(Controller, b)
}

// link returns the override for a→b, or nil.
func (n *network) link(a, b NodeID) *linkConf {
	for i := range n.links {
		if n.links[i].from == a && n.links[i].to == b {
			return &n.links[i]
		}
	}
	return nil
}

// setLink stores an override for a→b.
func (n *network) setLink(l linkConf) {
	if p := n.link(l.from, l.to); p != nil {
		*p = l
		return
	}
	n.links = append(n.links, l)
	sort.Slice(n.links, func(i, j int) bool { // a total order; see broker.go on sort.Slice
		x, y := n.links[i], n.links[j]
		if c := cmpNode(x.from, y.from); c != 0 {
			return c < 0
		}
		return cmpNode(x.to, y.to) < 0
	})
}

func cmpNode(a, b NodeID) int {
	if a.Kind != b.Kind {
		return cmpInt(int64(a.Kind), int64(b.Kind))
	}
	return cmpInt(int64(a.ID), int64(b.ID))
}

// latency draws one message's latency on a→b from the cluster's PRNG.
func (c *Cluster) latency(a, b NodeID) Time {
	lo, hi := c.cfg.MinLatency, c.cfg.MaxLatency
	if l := c.net.link(a, b); l != nil {
		lo, hi = l.minLatency, l.maxLatency
	}
	return Time(c.rng.Range(int64(lo), int64(hi)))
}

// dropped draws whether a message on a→b is lost to the link's drop rate.
func (c *Cluster) dropped(a, b NodeID) bool {
	l := c.net.link(a, b)
	if l == nil || l.dropPerMille <= 0 {
		return false
	}
	return c.rng.Intn(1000) < l.dropPerMille
}

// The network faults, as commands: isolate, partition, cut, heal, slow and
// drop. Each checks that it applies to the cluster as it is (check) and
// then applies itself (apply), as Cluster.Apply calls them.

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

func (cmd Isolate) check(c *Cluster) error { return c.checkNode(cmd.Node) }

func (cmd Isolate) apply(c *Cluster) {
	if !slices.Contains(c.net.isolated, cmd.Node) {
		c.net.isolated = append(c.net.isolated, cmd.Node)
	}
	c.emit(Event{Kind: EvNetwork, Node: cmd.Node, Text: cmd.Node.String() + " is cut off from every other node"})
}

// check accepts two groups or more of existing nodes, each node in one
// group at most.
func (cmd Partition) check(c *Cluster) error {
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
	return nil
}

func (cmd Partition) apply(c *Cluster) {
	c.net.groups = cmd.Groups
	c.emit(Event{Kind: EvNetwork, Text: "network split: " + strings.TrimPrefix(cmd.String(), "partition ")})
}

func (cmd Cut) check(c *Cluster) error { return c.checkLink(cmd.A, cmd.B) }

func (cmd Cut) apply(c *Cluster) {
	if cmd.OneWay {
		c.net.cutOneWay(cmd.A, cmd.B)
		c.emit(Event{Kind: EvNetwork, Node: cmd.A, Peer: cmd.B, Text: fmt.Sprintf("link %s→%s cut one way: %s's messages to %s are lost, %s's to %s still arrive", cmd.A, cmd.B, cmd.A, cmd.B, cmd.B, cmd.A)})
		return
	}
	c.net.cut(cmd.A, cmd.B)
	c.emit(Event{Kind: EvNetwork, Node: cmd.A, Peer: cmd.B, Text: fmt.Sprintf("link %s–%s cut", cmd.A, cmd.B)})
}

func (cmd Heal) check(c *Cluster) error {
	if cmd.All() {
		return nil
	}
	return c.checkLink(cmd.A, cmd.B)
}

// apply restores the network or one link; every running follower then
// resends the fetches the network lost meanwhile.
func (cmd Heal) apply(c *Cluster) {
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
}

// check accepts a range 0 <= MinLatency <= MaxLat <= one hour, in
// milliseconds.
func (cmd Slow) check(c *Cluster) error {
	if err := c.checkNode(cmd.A); err != nil {
		return err
	}
	if err := c.checkNode(cmd.B); err != nil {
		return err
	}
	if cmd.MinLatency < 0 || cmd.MaxLat < cmd.MinLatency || cmd.MaxLat > 3600000 {
		return fmt.Errorf("engine: latency range %d..%d ms is not a range", cmd.MinLatency, cmd.MaxLat)
	}
	return nil
}

func (cmd Slow) apply(c *Cluster) {
	for _, d := range [][2]NodeID{{cmd.A, cmd.B}, {cmd.B, cmd.A}} {
		l := c.linkOrDefault(d[0], d[1])
		l.minLatency, l.maxLatency = cmd.MinLatency, cmd.MaxLat
		c.net.setLink(l)
	}
	c.emit(Event{Kind: EvNetwork, Node: cmd.A, Peer: cmd.B, Text: fmt.Sprintf("link %s–%s latency %d..%d ms", cmd.A, cmd.B, cmd.MinLatency, cmd.MaxLat)})
}

func (cmd Drop) check(c *Cluster) error {
	if err := c.checkNode(cmd.A); err != nil {
		return err
	}
	if err := c.checkNode(cmd.B); err != nil {
		return err
	}
	if cmd.PerMille < 0 || cmd.PerMille > 1000 {
		return fmt.Errorf("engine: per-mille must be 0..1000")
	}
	return nil
}

func (cmd Drop) apply(c *Cluster) {
	for _, d := range [][2]NodeID{{cmd.A, cmd.B}, {cmd.B, cmd.A}} {
		l := c.linkOrDefault(d[0], d[1])
		l.dropPerMille = cmd.PerMille
		c.net.setLink(l)
	}
	c.emit(Event{Kind: EvNetwork, Node: cmd.A, Peer: cmd.B, Text: fmt.Sprintf("link %s–%s loses %d‰ of messages", cmd.A, cmd.B, cmd.PerMille)})
}

// linkOrDefault is the directed link a→b's settings, or the cluster's
// default latency range and no loss if it has none of its own.
func (c *Cluster) linkOrDefault(a, b NodeID) linkConf {
	if l := c.net.link(a, b); l != nil {
		return *l
	}
	return linkConf{from: a, to: b, minLatency: c.cfg.MinLatency, maxLatency: c.cfg.MaxLatency}
}

// nodeArg prints a node as scripts name it: 2 for broker 2, else b1, p1,
// c1 or controller.
func nodeArg(n NodeID) string {
	if n.Kind == NodeBroker {
		return itoa(int(n.ID))
	}
	return n.String()
}

// checkNode checks that n names a node of the cluster: a broker it has,
// the controller, or client 1..64.
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
