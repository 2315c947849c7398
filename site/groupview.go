package site

import "kplay/engine"

// ConsumerRow is one consumer as the consumer panel lists it: its name,
// position and records read, and for a group consumer its group and the
// offset committed for it with that offset's leader epoch
// (engine/group.go, KIP-320).
type ConsumerRow struct {
	ID string
	// Group is the consumer's group.id, "" for none.
	Group string
	// Committed is the group's committed offset as the consumer knows it
	// and CommittedEpoch its leader epoch, each -1 for none.
	Committed      engine.Offset
	CommittedEpoch engine.Epoch
	// Text is the row in plain words, the Kafka terms beside them.
	Text string
}

// ConsumerRows lists st's consumers for the consumer panel, in id order.
func ConsumerRows(st engine.State) []ConsumerRow {
	var out []ConsumerRow
	for _, k := range st.Consumers {
		out = append(out, ConsumerRowOf(k))
	}
	return out
}

// ConsumerRowOf words consumer k: "c1 at offset 5, 5 read", and for a group
// consumer "c1 in group app at offset 5, 5 read; its committed offset (the
// group's saved place) is 5, leader epoch 1".
func ConsumerRowOf(k engine.ConsumerState) ConsumerRow {
	r := ConsumerRow{ID: k.ID.String(), Group: k.Group, Committed: k.Committed, CommittedEpoch: k.CommittedEpoch}
	name := r.ID
	if k.Group != "" {
		name += " in group " + k.Group
	}
	switch {
	case k.Closed:
		r.Text = name + " is closed, after " + itoa(int64(len(k.Read))) + " read"
	case k.Position < 0 && k.Group != "":
		r.Text = name + " is asking the group coordinator for its committed offset"
	case k.Resetting:
		r.Text = name + " is asking the leader where to start (ListOffsets)"
	default:
		r.Text = name + " at offset " + itoa(int64(k.Position)) + ", " + itoa(int64(len(k.Read))) + " read"
	}
	if k.Group == "" {
		return r
	}
	if k.Committed < 0 {
		return withText(r, "; nothing committed yet")
	}
	r.Text += "; its committed offset (the group's saved place) is " + itoa(int64(k.Committed))
	if k.CommittedEpoch >= 0 {
		return withText(r, ", leader epoch "+itoa(int64(k.CommittedEpoch)))
	}
	return withText(r, ", with no leader epoch")
}

func withText(r ConsumerRow, more string) ConsumerRow {
	r.Text += more
	return r
}
