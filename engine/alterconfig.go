package engine

import (
	"fmt"
	"strconv"
)

// Settings changed at run time (kafka-configs.sh --alter,
// IncrementalAlterConfigs), as the command AlterConfig.

// AlterConfig changes a setting at run time: unclean.leader.election.enable
// for a topic ("" = the cluster default), or min.insync.replicas.
type AlterConfig struct {
	Topic string
	Key   string
	Value string
}

// String prints the command as a kplay script line.
func (c AlterConfig) String() string {
	s := "config"
	if c.Topic != "" {
		s += " topic=" + c.Topic
	}
	return s + " " + c.Key + "=" + c.Value
}

// check accepts an existing topic (or none, for the cluster default) and
// a key that can change at run time with a value it takes:
// unclean.leader.election.enable true or false, min.insync.replicas a
// whole number >= 1.
func (cmd AlterConfig) check(c *Cluster) error {
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
	return nil
}

// apply changes a topic or cluster setting. A changed
// unclean.leader.election.enable takes effect at the next election; a
// partition that is already leaderless gets one at the controller's next
// periodic unclean-election check (uncleanCheck), not at once. A changed
// min.insync.replicas clears ELRs (KIP-966 docs).
func (cmd AlterConfig) apply(c *Cluster) {
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
		n, _ := strconv.Atoi(cmd.Value) // check accepted it
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
