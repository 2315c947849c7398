package engine

import (
	"slices"
	"strings"
)

// Elections that an operator asks for, as the command ElectLeaders; the
// controller's own elections run in changePartition (controller.go).

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
