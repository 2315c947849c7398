package engine

import (
	"fmt"
	"strings"
)

// Describe prints what kafka-topics.sh --describe --topic name prints in
// Kafka 4.x (TopicCommand.TopicDescription.printDescription and
// PartitionDescription.printDescription, docs/kafka-rules.md §8.1): fields separated by
// TABs, partition lines starting with a TAB, Configs listing only non-default
// configs, "Leader: none" for a leaderless partition, and Elr/LastKnownElr
// always present. An empty name describes every topic. The error names a
// missing topic as the tool does.
func (c *Cluster) Describe(name string) (string, error) { return DescribeState(c.State(), name) }

// DescribeState is Describe of the cluster whose State is s: a view that
// has the state already prints it without taking it again.
func DescribeState(s State, name string) (string, error) {
	var b strings.Builder
	found := false
	for _, t := range s.Topics {
		if name != "" && t.Name != name {
			continue
		}
		found = true
		fmt.Fprintf(&b, "Topic: %s\tTopicId: %s\tPartitionCount: %d\tReplicationFactor: %d\tConfigs: %s\n",
			t.Name, t.ID, t.Partitions, t.ReplicationFactor, strings.Join(t.Configs, ","))
		for _, p := range s.Partitions {
			if p.TP.Topic != t.Name {
				continue
			}
			leader := "none"
			if p.Leader != NoLeader {
				leader = itoa(int(p.Leader))
			}
			fmt.Fprintf(&b, "\tTopic: %s\tPartition: %d\tLeader: %s\tReplicas: %s\tIsr: %s\tElr: %s\tLastKnownElr: %s\n",
				t.Name, p.TP.Partition, leader, joinIDs(p.Replicas), joinIDs(p.ISR), joinIDs(p.ELR), joinIDs(p.LastKnownELR))
		}
	}
	if !found {
		if name == "" {
			return "", nil
		}
		// TopicCommand: "Topic 'x' does not exist as expected".
		return "", fmt.Errorf("engine: topic '%s' does not exist as expected", name)
	}
	return b.String(), nil
}

// FetchRound is one turn of a follower's fetch loop for one partition, in
// the lesson's columns.
type FetchRound struct {
	// At is when the follower processed the response.
	At Time
	// LeaderLogEnd is the leader's LEO when it answered; AskedFrom the fetch
	// offset; Returned the number of records; LogEndAfter the follower's LEO
	// after appending them.
	LeaderLogEnd, AskedFrom, LogEndAfter Offset
	Returned                             int
}

// FetchRounds lists follower's fetch rounds of tp that it processed at or
// after since, oldest first.
func (c *Cluster) FetchRounds(tp TopicPartition, follower BrokerID, since Time) []FetchRound {
	var out []FetchRound
	c.events.each(func(e Event) {
		if e.Kind != EvFetchRound || e.TP != tp || e.Node != Broker(follower) || e.At < since {
			return
		}
		out = append(out, FetchRound{At: e.At, LeaderLogEnd: e.LEO, AskedFrom: e.Offset, Returned: e.Count, LogEndAfter: e.End})
	})
	return out
}
