package script

import (
	"strconv"
	"strings"

	"kplay/engine"
)

// shape is the cluster as a script defines it at one point, for checking
// a try directive without running anything: its brokers (ids 1 to
// brokers), the topics the create-topic directives above created, with
// their partitions, and the consumers the consume directives above
// started. Compile and the Runner keep one each, fed every action
// directive in script order (see), so that both refuse the same try.
//
// A try's command and claims are checked against it (checkTry) with the
// checks the engine makes when the command runs as a directive
// (Cluster.Apply: "no broker 9", "no topic t", "topic t has no partition
// 3", a seek or commit with no consumer assigned): a try that names
// what the cluster does not have at its moment is never offered (the
// page's fits finds no broker 9 to crash) or fails when clicked. Whether
// a broker runs at the moment is the page's to judge (site.Suggestions'
// fits and while= claims), since the reader's own actions change it.
type shape struct {
	brokers   int
	topics    []topicShape
	consumers []consumerShape // c1 at index 0
}

// topicShape is a topic and its number of partitions.
type topicShape struct {
	name       string
	partitions int
}

// consumerShape is a consumer as the consume and close directives above
// left it: assigned to tp, in group ("" for none), closed or not.
type consumerShape struct {
	tp     engine.TopicPartition
	group  string
	closed bool
}

// see records what action command cmd adds to the cluster's shape: a
// topic, a consumer started or closed.
func (s *shape) see(cmd engine.Command) {
	switch c := cmd.(type) {
	case engine.CreateTopic:
		if _, ok := s.topic(c.Name); !ok {
			s.topics = append(s.topics, topicShape{c.Name, c.Partitions})
		}
	case engine.Consume:
		id := int(max(c.Consumer, 1))
		switch {
		case c.Seek || c.Commit:
		case c.Close:
			if id <= len(s.consumers) && s.consumers[id-1].tp == c.TP {
				s.consumers[id-1].closed = true
			}
		default:
			for len(s.consumers) < id {
				s.consumers = append(s.consumers, consumerShape{})
			}
			s.consumers[id-1] = consumerShape{tp: c.TP, group: c.Group}
		}
	}
}

// topic returns the topic named name.
func (s *shape) topic(name string) (topicShape, bool) {
	for _, t := range s.topics {
		if t.name == name {
			return t, true
		}
	}
	return topicShape{}, false
}

// never and orNever end the messages of checkTry.
const (
	never   = "so the suggestion could never run"
	orNever = "or the suggestion could never run"
)

// brokerRange says which broker ids the cluster has: "brokers 1 to 3".
func (s *shape) brokerRange() string {
	if s.brokers == 1 {
		return "broker 1 only (cluster brokers=1)"
	}
	return "brokers 1 to " + strconv.Itoa(s.brokers) + " (cluster brokers=" + strconv.Itoa(s.brokers) + ")"
}

// checkBroker says why broker id is not one of the cluster's, at the
// argument of c that names it; nil if it is.
func (s *shape) checkBroker(c Directive, id engine.BrokerID) *Error {
	if id >= 1 && int(id) <= s.brokers {
		return nil
	}
	n := strconv.Itoa(int(id))
	return errAt(argNaming(c, n, "b"+n), "no broker %d: the cluster has %s, %s", id, s.brokerRange(), never)
}

// checkTP says why partition tp does not exist at this point of the
// script, at the argument of c that names it; nil if it does.
func (s *shape) checkTP(c Directive, tp engine.TopicPartition) *Error {
	at := argNaming(c, tp.String(), tp.Topic)
	t, ok := s.topic(tp.Topic)
	if !ok {
		return errAt(at, "no topic %s at this point of the script (%s): a create-topic %s must stand above this try, %s", tp.Topic, s.topicList(), tp.Topic, orNever)
	}
	if int(tp.Partition) >= t.partitions {
		return errAt(at, "topic %s has no partition %d: it has %s, %s", tp.Topic, tp.Partition, partitionRange(t), never)
	}
	return nil
}

// topicList names the topics created so far, for messages.
func (s *shape) topicList() string {
	if len(s.topics) == 0 {
		return "no topic is created above it"
	}
	names := make([]string, len(s.topics))
	for i, t := range s.topics {
		names[i] = t.name
	}
	return "topics so far: " + strings.Join(names, ", ")
}

// partitionRange says which partitions topic t has: "one partition,
// t-0" or "partitions t-0 to t-2".
func partitionRange(t topicShape) string {
	if t.partitions == 1 {
		return "one partition, " + t.name + "-0"
	}
	return "partitions " + t.name + "-0 to " + t.name + "-" + strconv.Itoa(t.partitions-1)
}

// checkConsumer says why the seek, commit or close k cannot apply to the
// consumers the script has started and closed above; nil if it can.
func (s *shape) checkConsumer(c Directive, k engine.Consume) *Error {
	id := int(max(k.Consumer, 1))
	name := "c" + strconv.Itoa(id)
	at := argNaming(c, name)
	if id > len(s.consumers) || s.consumers[id-1].tp != k.TP {
		return errAt(at, "no consumer %s reads %s at this point of the script: a consume %s must stand above this try, %s", name, k.TP, k.TP, orNever)
	}
	cs := s.consumers[id-1]
	switch {
	case cs.closed:
		return errAt(at, "consumer %s is closed at this point of the script (a close %s stands above): a consume %s must start it again above this try, %s", name, k.TP, k.TP, orNever)
	case k.Commit && cs.group == "":
		return errAt(at, "consumer %s has no group.id to commit to (InvalidGroupIdException): start it with consume %s group.id=G above this try, %s", name, k.TP, orNever)
	}
	return nil
}

// checkTry says why try command cmd, read from directive c, cannot apply
// to the cluster as the script defines it at the try (see shape); nil if
// it can. The error stands at the argument that names what is missing.
func (s *shape) checkTry(c Directive, cmd engine.Command) *Error {
	if b, ok := brokerOf(cmd); ok {
		return s.checkBroker(c, b)
	}
	if ns, ok := nodesOf(cmd); ok {
		for _, n := range ns {
			if n.Kind != engine.NodeBroker {
				continue
			}
			if err := s.checkBroker(c, engine.BrokerID(n.ID)); err != nil {
				return err
			}
		}
		return nil
	}
	switch k := cmd.(type) {
	case engine.ElectLeaders:
		if !k.All {
			return s.checkTP(c, k.TP)
		}
	case engine.AlterConfig:
		if _, ok := s.topic(k.Topic); k.Topic != "" && !ok {
			return errAt(argNaming(c, k.Topic), "no topic %s at this point of the script (%s): a create-topic %s must stand above this try, %s", k.Topic, s.topicList(), k.Topic, orNever)
		}
	case engine.Produce:
		if err := s.checkTP(c, k.TP); err != nil {
			return err
		}
		if k.Broker != 0 {
			return s.checkBroker(c, k.Broker)
		}
	case engine.Consume:
		return s.checkConsume(c, k)
	}
	return nil
}

// checkConsume is checkTry for a consume, seek, commit or close.
func (s *shape) checkConsume(c Directive, k engine.Consume) *Error {
	if err := s.checkTP(c, k.TP); err != nil {
		return err
	}
	if k.Broker != 0 {
		if err := s.checkBroker(c, k.Broker); err != nil {
			return err
		}
	}
	if k.Seek || k.Commit || k.Close {
		return s.checkConsumer(c, k)
	}
	return nil
}

// brokerOf returns the one broker a lifecycle or disk fault acts on.
func brokerOf(cmd engine.Command) (engine.BrokerID, bool) {
	switch k := cmd.(type) {
	case engine.Crash:
		return k.Broker, true
	case engine.Restart:
		return k.Broker, true
	case engine.Shutdown:
		return k.Broker, true
	case engine.Hang:
		return k.Broker, true
	case engine.Resume:
		return k.Broker, true
	case engine.SlowDisk:
		return k.Broker, true
	}
	return 0, false
}

// nodesOf returns the nodes a network fault names, in the order it names
// them (none for a plain heal).
func nodesOf(cmd engine.Command) ([]engine.NodeID, bool) {
	switch k := cmd.(type) {
	case engine.Isolate:
		return []engine.NodeID{k.Node}, true
	case engine.Partition:
		var ns []engine.NodeID
		for _, g := range k.Groups {
			ns = append(ns, g...)
		}
		return ns, true
	case engine.Cut:
		return []engine.NodeID{k.A, k.B}, true
	case engine.Heal:
		if k.All() {
			return nil, true
		}
		return []engine.NodeID{k.A, k.B}, true
	case engine.Slow:
		return []engine.NodeID{k.A, k.B}, true
	case engine.Drop:
		return []engine.NodeID{k.A, k.B}, true
	}
	return nil, false
}

// checkClaims says why a claim of a try's while= (at a) names a broker
// the cluster does not have, or a partition that does not exist at this
// point of the script: such a claim never holds, so the page would never
// offer the suggestion. nil if every claim can hold.
func (s *shape) checkClaims(a Arg, claims []TryClaim) *Error {
	const offered = "so the claim never holds and the suggestion is never offered"
	for _, cl := range claims {
		for _, b := range []engine.BrokerID{cl.Broker, cl.Other} {
			if b != 0 && int(b) > s.brokers {
				return errAt(a.Pos, "while=: %q names broker %d, but the cluster has %s, %s", cl.Text, b, s.brokerRange(), offered)
			}
		}
		switch cl.What {
		case "up", "down", "fenced", "unfenced", "cut from", "reaches":
			continue // about brokers only
		}
		if !cl.HasTP {
			if len(s.topics) == 0 {
				return errAt(a.Pos, "while=: %q is about the first partition, but no topic is created above this try, %s", cl.Text, offered)
			}
			continue
		}
		t, ok := s.topic(cl.TP.Topic)
		if !ok {
			return errAt(a.Pos, "while=: %q names topic %s, which does not exist at this point of the script (%s), %s", cl.Text, cl.TP.Topic, s.topicList(), offered)
		}
		if int(cl.TP.Partition) >= t.partitions {
			return errAt(a.Pos, "while=: %q names %s, but topic %s has %s, %s", cl.Text, cl.TP, t.name, partitionRange(t), offered)
		}
	}
	return nil
}

// argNaming returns the position of directive c's first argument that
// is one of words (a bare word such as the 9 of "crash 9") or holds one
// as a value (broker=9, g1=(1, 9)), else c's own.
func argNaming(c Directive, words ...string) Pos {
	for _, a := range c.Args {
		for _, w := range words {
			if a.Vals == nil && a.Key == w {
				return a.Pos
			}
			for _, v := range a.Vals {
				if strings.TrimSpace(v) == w {
					return a.Pos
				}
			}
		}
	}
	return c.Pos
}
