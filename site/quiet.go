package site

import "kplay/engine"

// This file holds what "quiet time" means for "skip quiet time"
// (Session.SkipQuiet): the moments when no message that carries the
// lesson is on the wire. A cluster is never silent (brokers heartbeat to
// the controller every broker.heartbeat.interval.ms, clients refresh
// metadata, followers and consumers keep a fetch long-polling for up to
// replica.fetch.wait.max.ms or fetch.max.wait.ms), so counting every
// message as activity would play a 9 s broker.session.timeout.ms at the
// slow speed of a record's flight.
//
// A message carries the lesson when it changes what a replica, a producer
// or a consumer holds, or is the request whose answer will:
//   - Produce and ProduceResponse: a record on its way to the leader, and
//     its acknowledgement or error;
//   - FetchResponse with records, an error, a diverging epoch (the
//     follower will truncate, KIP-101/KIP-279), or a high watermark above
//     the receiving follower's own: the copy and the HW moving;
//   - AlterPartition and its response (ISR changes), BrokerRegistration
//     and its response (a restarted broker rejoining), a BrokerHeartbeat
//     asking for a controlled shutdown, and OffsetsForLeaderEpoch and its
//     response (a consumer validating its position, KIP-320).
//
// Heartbeats, Metadata exchanges, Fetch requests and empty long-poll
// answers do not. A follower's Fetch does tell the leader how far the
// follower has copied, and so moves the HW, but it crosses the same slow
// link as the records: counting it would double the time each record of
// a steady producer holds the screen, and the HW's move shows on the
// leader when it lands.
//
// Nor does a message the network will lose (Dropped), one whose receiver
// is down, or one whose sending broker is down (lost with its process):
// it changes nothing, as a producer retrying a dead leader every
// retry.backoff.ms does not.

// wireJudge tells lesson messages from chatter against a snapshot of the
// cluster (Player.State): who is up, and each replica's HW.
type wireJudge struct{ st engine.State }

// carries reports whether m carries the lesson (see above).
func (w wireJudge) carries(m *engine.Message) bool {
	if m.Dropped || !w.up(m.To) || !w.up(m.From) {
		return false
	}
	switch m.Kind {
	case engine.MsgProduce, engine.MsgProduceResponse,
		engine.MsgAlterPartition, engine.MsgAlterPartitionResponse,
		engine.MsgBrokerRegistration, engine.MsgBrokerRegistrationResponse,
		engine.MsgOffsetsForLeaderEpoch, engine.MsgOffsetsForLeaderEpochResponse:
		return true
	case engine.MsgBrokerHeartbeat:
		return m.WantShutDown
	case engine.MsgFetchResponse:
		return w.responseTeaches(m)
	}
	return false
}

// up reports whether node n can send and receive: a broker must be alive;
// the controller and the clients always are.
func (w wireJudge) up(n engine.NodeID) bool {
	if n.Kind != engine.NodeBroker {
		return true
	}
	for _, b := range w.st.Brokers {
		if b.ID == engine.BrokerID(n.ID) {
			return b.Alive
		}
	}
	return false
}

// responseTeaches reports whether a FetchResponse carries records, an
// error or a diverging epoch, or, to a follower, a HW above its own.
func (w wireJudge) responseTeaches(m *engine.Message) bool {
	for i := range m.Parts {
		pt := &m.Parts[i]
		if len(pt.Records) > 0 || pt.Err != engine.ErrNone || pt.HasDiverging {
			return true
		}
		if m.To.Kind != engine.NodeBroker {
			continue
		}
		if r, ok := w.st.Replica(engine.BrokerID(m.To.ID), pt.TP); ok && pt.HW > r.HW {
			return true
		}
	}
	return false
}

// mayCarry reports whether a message of kind k can carry the lesson, for
// a quick look at the event log before the wire itself.
func mayCarry(k engine.MsgKind) bool {
	return k != engine.MsgMetadata && k != engine.MsgMetadataResponse && k != engine.MsgFetch
}

// LessonOnWire reports whether a message that carries the lesson is on
// the wire at the playhead: while one is, playback runs at the chosen
// speed even with quiet time skipped.
func (p *Player) LessonOnWire() bool {
	return p.lessonOnWire(wireJudge{p.State()})
}

func (p *Player) lessonOnWire(w wireJudge) bool {
	for _, m := range p.InFlight() {
		if w.carries(&m) {
			return true
		}
	}
	return false
}

// sentSince reports whether any message that may carry the lesson was sent
// since the event log stood at from: in the events it grew by since
// (LogMark.Since). A frame plays only forward, so its log is never
// rewound.
func (p *Player) sentSince(from LogMark) bool {
	if p.LogMark().Since(from) != LogGrew {
		return false
	}
	sent := false
	p.c.EachEvent(from.Count, func(e *engine.Event) bool {
		sent = e.Kind == engine.EvMsgSent && mayCarry(e.MsgKind)
		return !sent
	})
	return sent
}
