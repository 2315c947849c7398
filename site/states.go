package site

import (
	"slices"

	"kplay/engine"
)

// This file says what state each broker box and the first partition are
// in, for the diagram: the role pill, the badges and the partition's own
// line (leader, offline, ELR, unclean election). It is plain data so that
// native tests can check every state without a browser.

// BrokerLook is how one broker box shows its state for the first
// partition.
type BrokerLook struct {
	// Role is the pill's text: "leader", "follower", "replica" (a replica
	// of a broker that is down: it follows no one), "no replica".
	Role string
	// RoleKey is the pill's data-badge: "leader", "follower", "replica",
	// "no-replica".
	RoleKey string
	// Badges follow the broker's name: "in ISR" or "out of sync", "ELR"
	// (KIP-966's eligible leader replicas), "last known leader"
	// (LastKnownElr), "elected uncleanly" (the leader of an unclean
	// election), "shutting down" (a controlled shutdown), "fenced" and
	// "down".
	Badges []Badge
	// Note is a warning line for the box, "" if none: "elected uncleanly:
	// data may be lost".
	Note string
	// Hung is what a half-alive broker stops answering (engine.Hang), 0
	// for a broker that serves normally or is down; the box is drawn
	// apart from a healthy and from a crashed one.
	Hung engine.HangScope
	// Refused is the status line of a broker whose process runs again but
	// whose registration the controller refuses while the old process's
	// session is valid (RegistrationRefused), short enough for a box of the
	// grid: "refused: old session valid 6.4 s". "" otherwise.
	Refused string
}

// RegistrationRefused reports whether broker b's process runs but is not
// registered because the controller refuses it: the previous process's
// registration is not fenced and its session has not run out, so the new
// incarnation's BrokerRegistration is answered DUPLICATE_BROKER_REGISTRATION
// (ClusterControlManager.registerBroker, KIP-631: "If the broker was
// recently restarted this should self-resolve once the heartbeat manager
// expires the broker's session"; the engine's EvRegistrationRefused). It
// returns how long the old session stays valid. Until then the process
// serves nothing (engine.BrokerState.Serving), while the controller's
// metadata still lists the broker id as leader and in the ISR: those are
// the old registration's, not this process's.
func RegistrationRefused(b engine.BrokerState, now engine.Time) (left engine.Time, ok bool) {
	r := b.Reg
	if !b.Alive || b.Serving || !r.Registered || r.Fenced || now >= r.SessionExpires {
		return 0, false
	}
	return r.SessionExpires - now, true
}

// LookOf returns broker b's look for state st. Fencing is the
// controller's registration state (BrokerState.Reg.Fenced).
func LookOf(st engine.State, b engine.BrokerID) BrokerLook {
	var bs engine.BrokerState
	for _, x := range st.Brokers {
		if x.ID == b {
			bs = x
		}
	}
	l := BrokerLook{Role: "no replica", RoleKey: "no-replica"}
	p, ok := FirstPartition(st)
	refusedLeft, refused := RegistrationRefused(bs, st.Now)
	if ok && slices.Contains(p.Replicas, b) {
		switch {
		case p.Leader == b && refused:
			// The controller's metadata names the old registration
			// leader; this process leads nothing until it registers.
			l.Role, l.RoleKey = "leader on record", RoleLeader
		case p.Leader == b:
			l.Role, l.RoleKey = "leader", RoleLeader
		case bs.Alive:
			l.Role, l.RoleKey = "follower", RoleFollower
		default:
			l.Role, l.RoleKey = "replica", "replica"
		}
		switch {
		case slices.Contains(p.ISR, b) && refused:
			l.Badges = append(l.Badges, Badge{"in-isr", "in ISR on record"})
		case slices.Contains(p.ISR, b):
			l.Badges = append(l.Badges, Badge{"in-isr", "in ISR"})
		case slices.Contains(p.ELR, b):
			l.Badges = append(l.Badges, Badge{"elr", "ELR"})
		default:
			l.Badges = append(l.Badges, Badge{"out-of-sync", "out of sync"})
		}
		if slices.Contains(p.LastKnownELR, b) {
			l.Badges = append(l.Badges, Badge{"last-known", "last known leader"})
		}
		if p.Leader == b && p.Unclean {
			l.Badges = append(l.Badges, Badge{"unclean", "elected uncleanly"})
			l.Note = "elected uncleanly: data may be lost"
		}
	}
	// The controller keeps a broker's controlled-shutdown state after the
	// process stops; "shutting down" beside "down" read as a
	// contradiction to a learner, so a finished one says it was clean.
	if bs.Reg.ShuttingDown {
		text := "shutting down"
		if !bs.Alive {
			text = "shut down cleanly"
		}
		l.Badges = append(l.Badges, Badge{"shutting-down", text})
	}
	if bs.Reg.Fenced {
		l.Badges = append(l.Badges, Badge{"fenced", "fenced"})
	}
	if refused {
		l.Badges = append(l.Badges, Badge{"unregistered", "not registered"})
		l.Refused = "refused: old session valid " + Seconds(refusedLeft)
	}
	if !bs.Alive {
		l.Badges = append(l.Badges, Badge{"down", "down"})
	}
	if d, ok := DiskBadge(bs); ok {
		l.Badges = append(l.Badges, d)
	}
	if bs.Alive && bs.Hung != 0 {
		l.Hung = bs.Hung
		l.Badges = append(l.Badges, Badge{"hung", hungBadge(bs.Hung)})
	}
	l.Badges = append(l.Badges, controllerCutBadges(st.Cuts, b)...)
	return l
}

// hungBadge is a half-alive broker's badge text, what it no longer
// answers; the diagram draws an hourglass before it (the glyph is missing
// from common fonts, so it is a drawing, not a character).
func hungBadge(scope engine.HangScope) string {
	switch scope {
	case engine.HangReplicas:
		return "hung: no fetches"
	case engine.HangClients:
		return "hung: no clients"
	}
	return "hung: serves none"
}

// controllerCutBadges are broker b's badges for a one-way cut between it
// and the controller, which the diagram draws no link for: "↛ controller"
// when its heartbeats are lost, "controller ↛" when the controller's
// messages to it are.
func controllerCutBadges(cuts []engine.Cut, b engine.BrokerID) []Badge {
	var out []Badge
	for _, c := range cuts {
		switch {
		case !c.OneWay:
		case c.A == engine.Broker(b) && c.B == engine.Controller:
			out = append(out, Badge{"cut-to-controller", "↛ controller"})
		case c.A == engine.Controller && c.B == engine.Broker(b):
			out = append(out, Badge{"cut-from-controller", "controller ↛"})
		}
	}
	return out
}

// BadgeTitle is the sentence a badge's tooltip says, in plain words with
// the Kafka term, or "" for a badge whose text says it all.
func BadgeTitle(b Badge) string {
	switch b.Key {
	case "hung":
		for _, scope := range []engine.HangScope{engine.HangReplicas, engine.HangClients, engine.HangAll} {
			if hungBadge(scope) == b.Text {
				return HungSentence(scope)
			}
		}
	case "slow-disk":
		return diskBadgeTitle(b)
	case "cut-to-controller":
		return "one-way cut: this broker's messages to the controller are lost (its heartbeats, BrokerHeartbeatRequest), the controller's to it still arrive; after broker.session.timeout.ms the controller fences it"
	case "cut-from-controller":
		return "one-way cut: the controller's messages to this broker are lost (metadata and heartbeat answers), its heartbeats still arrive, so the controller keeps it unfenced while its metadata goes stale"
	}
	return ""
}

// HungSentence says what a half-alive broker of scope does, for the badge's
// tooltip and the inspector.
func HungSentence(scope engine.HangScope) string {
	what := "requests at all"
	switch scope {
	case engine.HangReplicas:
		what = "followers' fetches"
	case engine.HangClients:
		what = "client requests (produce, metadata, consumer fetches)"
	}
	return "half-alive: registered and heartbeating to the controller, but its request handlers (KafkaRequestHandler) answer no " + what + "; those wait in its request queue until it resumes. Its own replica fetchers still run, so as a follower it keeps copying and stays in the ISR; it is the brokers and clients that send to it that stall"
}

// PartitionLine is the first partition's state in one line above the
// diagram, as kafka-topics.sh --describe would put it, in plain words.
type PartitionLine struct {
	// Key is "ok", "offline" (no leader) or "unclean" (the leader came
	// from an unclean election), for the line's class.
	Key string
	// Text is the line: "orders-0 · leader broker 1 · leader epoch 0 ·
	// ISR 1,2,3".
	Text string
}

// PartitionLineOf returns the first partition's line, and false before
// any topic exists.
func PartitionLineOf(st engine.State) (PartitionLine, bool) {
	p, ok := FirstPartition(st)
	if !ok {
		return PartitionLine{}, false
	}
	l := PartitionLine{Key: "ok"}
	text := p.TP.String() + " · "
	switch {
	case p.Leader == engine.NoLeader:
		l.Key = "offline"
		text += "Leader: none — partition offline: no replica that may lead is running"
	case p.Unclean:
		l.Key = "unclean"
		text += "leader broker " + itoa(int64(p.Leader)) + ", elected uncleanly: records the old ISR had may be lost"
	case leaderRefused(st, p.Leader):
		// The controller's metadata names the old registration; the
		// broker's new process serves nothing until it registers
		// (RegistrationRefused).
		text += "leader broker " + itoa(int64(p.Leader)) + " on record: restarted, not registered yet"
	default:
		text += "leader broker " + itoa(int64(p.Leader))
	}
	text += " · leader epoch " + itoa(int64(p.LeaderEpoch)) + " · ISR " + idsOrNone(p.ISR)
	if len(p.ELR) > 0 {
		text += " · ELR " + engine.JoinIDs(p.ELR)
	}
	if len(p.LastKnownELR) > 0 {
		text += " · last known leader " + engine.JoinIDs(p.LastKnownELR)
	}
	l.Text = text
	return l, true
}

// leaderRefused reports whether broker id runs a new process whose
// registration the controller refuses (RegistrationRefused).
func leaderRefused(st engine.State, id engine.BrokerID) bool {
	for _, b := range st.Brokers {
		if b.ID == id {
			return refusedOK(b, st.Now)
		}
	}
	return false
}

// idsOrNone is engine.JoinIDs, or "none" for no ids.
func idsOrNone(ids []engine.BrokerID) string {
	if len(ids) == 0 {
		return "none"
	}
	return engine.JoinIDs(ids)
}
