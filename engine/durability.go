package engine

import "slices"

// Durability returns what the invariant checker remembers of tp (the
// records CommittedDurability and AcknowledgedWriteLost are judged by):
// committed is every record that was ever below a leader's high watermark,
// by offset; acked is every record a producer was told is written, with
// acks=1 or acks=all, in the order of the acknowledgements. Both are
// copies, empty for a partition that never had either. It changes nothing.
func (c *Cluster) Durability(tp TopicPartition) (committed, acked []Record) {
	for _, p := range c.inv.parts {
		if p.tp != tp {
			continue
		}
		committed = slices.Clone(p.committed)
		for _, ar := range p.acked {
			acked = append(acked, ar.rec)
		}
	}
	return committed, acked
}

// SameRecord reports whether a and b are the same record as its producer
// wrote it: equal but for the leader epoch and the place in the batch,
// which the leader stamps on append. The invariant checker compares
// records this way.
func SameRecord(a, b Record) bool { return sameRecord(a, b) }
