package site

import (
	"slices"

	"kplay/engine"
)

// This file words the table view ("Cluster as tables"): one table per
// partition, one row per replica. Its roles come from the same rule as
// the diagram's role pill (LookOf): the controller's partition state, so
// that the table and the diagram never disagree about who leads.

// TableRow is one replica's row of the table view.
type TableRow struct {
	Broker engine.BrokerID
	// Role is "leader", "leader (down)", "follower", "replica (down)" or
	// "no replica".
	Role              string
	LEO, HW           engine.Offset
	LeaderEpoch       engine.Epoch
	InISR, BrokerDown bool
}

// TableOf returns partition p's rows for state st.
//
// The leader is the controller's: PartitionRecord.leader in the KRaft
// metadata log (PartitionState.Leader), not the broker's own belief. A
// crashed leader stays the controller's leader until the controller
// fences it after broker.session.timeout.ms
// (BrokerHeartbeatManager.findOneStaleBroker, then
// ReplicationControlManager.handleBrokerFenced elects another), so
// until then its row reads "leader (down)", as the diagram's pill reads
// "leader" on a box drawn as down. A replica on a stopped broker that is
// not the leader follows no one: "replica (down)", LookOf's "replica".
func TableOf(st engine.State, p engine.PartitionState) []TableRow {
	rows := make([]TableRow, 0, len(p.Replicas))
	for _, id := range p.Replicas {
		row := TableRow{Broker: id, InISR: slices.Contains(p.ISR, id), BrokerDown: !brokerUp(st, id)}
		r, ok := st.Replica(id, p.TP)
		row.Role = ReplicaRole(st, p, id)
		if ok {
			row.LEO, row.HW, row.LeaderEpoch = r.LEO, r.HW, r.LeaderEpoch
		}
		rows = append(rows, row)
	}
	return rows
}

// ReplicaRole is broker id's role for partition p as the table view and
// the inspector name it, by TableOf's rule: "leader", "leader (down)"
// (the controller has not fenced the stopped leader yet), "follower",
// "replica (down)" or "no replica".
func ReplicaRole(st engine.State, p engine.PartitionState, id engine.BrokerID) string {
	_, ok := st.Replica(id, p.TP)
	down := !brokerUp(st, id)
	switch {
	case !ok:
		return "no replica"
	case p.Leader == id && down:
		return "leader (down)"
	case p.Leader == id && leaderRefused(st, id):
		return "leader on record (not registered)"
	case p.Leader == id:
		return "leader"
	case down:
		return "replica (down)"
	default:
		return "follower"
	}
}
