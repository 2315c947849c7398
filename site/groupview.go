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

// ConsumerRows lists st's consumers for the consumer panel, in id order,
// each with what holds it up, if anything (ConsumerStall).
func ConsumerRows(st engine.State) []ConsumerRow {
	var out []ConsumerRow
	for _, k := range st.Consumers {
		r := ConsumerRowOf(k)
		if _, why := ConsumerStall(st, k); why != "" {
			r.Text += "; " + why
		}
		out = append(out, r)
	}
	return out
}

// ConsumerStall says, short (for the diagram's consumer box) and in a
// sentence (for the consumer panel), why consumer k cannot read now
// although records may be committed: the broker it fetches from is down,
// or the link to it is cut. Both are "" when neither holds. A crashed
// broker resets the consumer's connection, so the consumer notices at
// once, reconnects after its backoff and asks for fresh metadata
// (NetworkClient.processDisconnection, handleServerDisconnect) until it
// names a new leader; over a cut link its Fetch just goes unanswered
// until request.timeout.ms runs out (NetworkClient.handleTimedOutRequests).
func ConsumerStall(st engine.State, k engine.ConsumerState) (short, why string) {
	if k.Closed || k.Broker == engine.NoLeader {
		return "", ""
	}
	b := engine.Broker(k.Broker)
	for _, bs := range st.Brokers {
		if bs.ID == k.Broker && !bs.Alive {
			return b.String() + " down: retrying",
				b.String() + ", which it fetches from, is down: it reconnects and asks for fresh metadata until a new leader is elected (NETWORK_EXCEPTION)"
		}
	}
	for _, cut := range st.Cuts {
		if cut.A == k.ID && cut.B == b || cut.A == b && cut.B == k.ID {
			return b.String() + " cut: waiting",
				"its link to " + b.String() + " is cut: its fetch goes unanswered until request.timeout.ms runs out, and only then does it ask for fresh metadata"
		}
	}
	return "", ""
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
