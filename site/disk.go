package site

import "kplay/engine"

// This file is the page's words for a slow disk (engine.SlowDisk): the
// badge on the broker's box, the inspector's row and the legend's entry.

// DiskBadge returns the "slow disk +50 ms" badge of a broker whose disk
// is slow (bs.DiskLatency > 0), and false for a healthy disk. Key is
// "slow-disk".
func DiskBadge(bs engine.BrokerState) (Badge, bool) {
	if bs.DiskLatency <= 0 {
		return Badge{}, false
	}
	return Badge{"slow-disk", "slow disk +" + itoa(int64(bs.DiskLatency)) + " ms"}, true
}

// diskBadgeTitle is the slow-disk badge's tooltip (BadgeTitle): what it
// means, in plain words with Kafka's terms beside them.
func diskBadgeTitle(b Badge) string {
	return "slow disk: every append (log write) on this broker takes " + b.Text[len("slow disk +"):] +
		". As a leader it acknowledges acks=1 only after the write; as a follower it fetches again only after writing what it fetched, so under load it falls behind and leaves the in-sync replicas (ISR) after replica.lag.time.max.ms"
}

// DiskRow is the inspector's "disk" line for a broker: healthy, or slow
// with its latency and the writes waiting for it.
func DiskRow(bs engine.BrokerState) InspectRow {
	if bs.DiskLatency <= 0 {
		return InspectRow{"disk", "healthy: appends take no time"}
	}
	v := "slow: every append takes " + itoa(int64(bs.DiskLatency)) + " ms"
	switch bs.DiskWaiting {
	case 0:
	case 1:
		v += "; 1 write waiting"
	default:
		v += "; " + itoa(int64(bs.DiskWaiting)) + " writes waiting"
	}
	return InspectRow{"disk", v + " (a follower on it fetches late and can leave the ISR)"}
}

// DiskLegend is the legend's entry for the slow-disk badge.
const DiskLegend = "slow disk: each append takes longer (a slow follower falls out of the ISR)"

// diskSentence is the narration of an EvDisk event.
func diskSentence(e engine.Event) string {
	id := itoa(int64(e.Node.ID))
	if e.End <= 0 {
		return "Broker " + id + "'s disk is healthy again."
	}
	return "Broker " + id + "'s disk is slow: every append takes " + itoa(int64(e.End)) + " ms, so as a follower it fetches late and may leave the in-sync replicas (ISR)."
}
