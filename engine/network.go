package engine

import (
	"slices"
	"sort"
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
