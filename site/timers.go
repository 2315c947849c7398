package site

import (
	"kplay/engine"
)

// This file holds the countdowns the diagram draws as shrinking rings, in
// the spirit of RaftScope's election timers: the controller's session
// timer on a broker whose heartbeats stopped (broker.session.timeout.ms),
// the leader's out-of-sync timer on a follower that fell behind
// (replica.lag.time.max.ms), and the producer's request timer on a
// Produce waiting for its answer (request.timeout.ms); and the controller
// strip's words for each broker's session.

// Timer kinds.
const (
	TimerSession = "session"
	TimerLag     = "lag"
	TimerRequest = "request"
)

// Timer is one countdown drawn on a node.
type Timer struct {
	// Node is the diagram node it is drawn on: "b1", "producer".
	Node string
	// Kind is TimerSession, TimerLag or TimerRequest.
	Kind string
	// Left is the time left, in simulated ms (0 once it has run out), and
	// Total the timeout it counts down from.
	Left, Total engine.Time
	// Label is the short text beside the ring: "fenced in 6.2 s".
	Label string
	// Short is the label for a box too narrow for Label (FitTimerLabel):
	// the time left alone, "6.2 s", or Label itself when it is that
	// short already.
	Short string
	// Title explains it, with the Kafka setting: the ring's tooltip.
	Title string
}

// Fraction is how much of the timer is left, in [0, 1]: the ring's arc.
func (t Timer) Fraction() float64 {
	if t.Total <= 0 {
		return 0
	}
	return float64(max(0, min(t.Left, t.Total))) / float64(t.Total)
}

// Lag and request timers appear only once their wait is long enough to
// mean something: a follower a tenth of replica.lag.time.max.ms behind, a
// Produce unanswered for a thirtieth of request.timeout.ms. Shorter waits
// are every record's normal trip.
const (
	lagShownAfter     = 10
	requestShownAfter = 30
)

// missed says the controller has not fenced broker b but has not heard
// from it for longer than a heartbeat interval and a half: it is down, or
// cut off from the controller.
func missed(b engine.BrokerState, now engine.Time, cfg engine.Config) bool {
	r := b.Reg
	if r.Fenced || !r.Registered || r.ShuttingDown {
		return false
	}
	return !b.Alive || now-r.LastHeartbeat > cfg.BrokerHeartbeatIntervalMs+cfg.BrokerHeartbeatIntervalMs/2
}

// Timers returns the countdowns running at st.Now under cfg, in node
// order (brokers by id, then the producer): a session timer for every
// broker the controller has not fenced that missed its heartbeats (down,
// or silent for a heartbeat interval and a half) or whose new process's
// registration it refuses (RegistrationRefused), a lag timer for every ISR follower of the first
// partition that has not caught up for a tenth of replica.lag.time.max.ms,
// and a request timer for each producer's oldest unanswered Produce once
// it has waited a thirtieth of request.timeout.ms.
func Timers(st engine.State, cfg engine.Config) []Timer {
	now := st.Now
	var out []Timer
	for _, b := range st.Brokers {
		r := b.Reg
		_, refused := RegistrationRefused(b, now)
		if (!missed(b, now, cfg) && !refused) || cfg.BrokerSessionTimeoutMs <= 0 {
			continue
		}
		left := max(0, r.SessionExpires-now)
		title := "No heartbeat from broker " + itoa(int64(b.ID)) + " since " + engine.FormatTime(r.LastHeartbeat) +
			": the controller fences it when broker.session.timeout.ms (" + itoa(int64(cfg.BrokerSessionTimeoutMs)) + " ms) runs out, at " + engine.FormatTime(r.SessionExpires) + "."
		if refused {
			title = "Broker " + itoa(int64(b.ID)) + " runs again, but the controller refuses its registration (DUPLICATE_BROKER_REGISTRATION) while the previous process's session is valid: " +
				"no heartbeat from that process since " + engine.FormatTime(r.LastHeartbeat) + ", so the controller fences it when broker.session.timeout.ms (" +
				itoa(int64(cfg.BrokerSessionTimeoutMs)) + " ms) runs out, at " + engine.FormatTime(r.SessionExpires) + ", and accepts the new process's next registration."
		}
		out = append(out, Timer{Node: BrokerKey(b.ID), Kind: TimerSession, Left: left, Total: cfg.BrokerSessionTimeoutMs,
			Label: "fenced in " + Seconds(left), Short: Seconds(left), Title: title})
	}
	if p, ok := FirstPartition(st); ok && cfg.ReplicaLagTimeMaxMs > 0 {
		for _, lg := range p.Lag {
			behind := now - lg.LastCaughtUp
			if lg.AtLogEnd || lg.Broker == p.Leader || behind < cfg.ReplicaLagTimeMaxMs/lagShownAfter {
				continue
			}
			// The ring counts down to the leader's isr-expiration run that
			// drops the follower (FollowerLag.ShrinkCheckAt, from the
			// engine's own schedule: ReplicaManager.maybeShrinkIsr every
			// replica.lag.time.max.ms / 2), not to ShrinkAt, which comes
			// up to half that earlier: a ring run out while the follower
			// stays in the ISR said something false.
			left := max(0, lg.ShrinkCheckAt-now)
			label, short := "leaves the ISR in "+Seconds(left), Seconds(left)
			title := "Broker " + itoa(int64(lg.Broker)) + " last caught up with the leader at " + engine.FormatTime(lg.LastCaughtUp) +
				": once it has lagged replica.lag.time.max.ms (" + itoa(int64(cfg.ReplicaLagTimeMaxMs)) + " ms, at " + engine.FormatTime(lg.ShrinkAt) +
				"), the leader's next ISR check (every " + itoa(int64(cfg.ReplicaLagTimeMaxMs/2)) + " ms) drops it from the ISR, at " + engine.FormatTime(lg.ShrinkCheckAt) +
				", unless a fetch catches it up first."
			if left == 0 {
				// The check has come: the leader asks the controller for an
				// ISR without it (AlterPartition), or, with another
				// AlterPartition in flight, skips the partition until the
				// next check. The box has room for a few words; the
				// sentence is the ring's tooltip.
				label, short = "leaving the ISR", "leaving ISR"
				title = "Out of sync: broker " + itoa(int64(lg.Broker)) + " last caught up with the leader at " + engine.FormatTime(lg.LastCaughtUp) +
					" and has lagged longer than replica.lag.time.max.ms (" + itoa(int64(cfg.ReplicaLagTimeMaxMs)) +
					" ms): the leader's ISR check asks the controller to drop it from the ISR (AlterPartition)."
			}
			out = append(out, Timer{Node: BrokerKey(lg.Broker), Kind: TimerLag, Left: left, Total: max(lg.ShrinkCheckAt-lg.LastCaughtUp, 1),
				Label: label, Short: short, Title: title})
		}
	}
	for _, pr := range st.Producers {
		if len(pr.Requests) == 0 || cfg.RequestTimeoutMs <= 0 {
			continue
		}
		rq := pr.Requests[0]
		if now-rq.SentAt < cfg.RequestTimeoutMs/requestShownAfter {
			continue
		}
		left := max(0, rq.Deadline-now)
		out = append(out, Timer{Node: NodeKeyProducer, Kind: TimerRequest, Left: left, Total: cfg.RequestTimeoutMs,
			Label: "times out in " + Seconds(left), Short: Seconds(left),
			Title: pr.ID.String() + "'s Produce to broker " + itoa(int64(rq.Broker)) + " (" + rq.TP.String() + ", " + itoa(int64(rq.Records)) + " records) was sent at " +
				engine.FormatTime(rq.SentAt) + ": without an answer in request.timeout.ms (" + itoa(int64(cfg.RequestTimeoutMs)) + " ms) the producer gives up on it and retries."})
		break
	}
	return out
}

// Seconds says d ms as seconds with one decimal, rounded down: "6.2 s".
func Seconds(d engine.Time) string {
	d = max(0, d)
	return itoa(int64(d/1000)) + "." + itoa(int64(d%1000/100)) + " s"
}

// Session states of a broker on the controller strip.
const (
	SessionHeartbeating = "heartbeating"
	SessionMissed       = "missed"
	SessionFenced       = "fenced"
	SessionCatchingUp   = "registered"
	SessionShutdown     = "shutdown"
	SessionRefused      = "refused"
)

// refusedOK is RegistrationRefused's second result.
func refusedOK(b engine.BrokerState, now engine.Time) bool {
	_, ok := RegistrationRefused(b, now)
	return ok
}

// SessionLine is what the controller strip says about one broker.
type SessionLine struct {
	Broker engine.BrokerID
	// State is SessionHeartbeating, SessionMissed (silent, not yet fenced),
	// SessionFenced, SessionCatchingUp (registered again, fenced until it
	// has caught up), SessionShutdown (a controlled shutdown) or
	// SessionRefused (running again, its registration refused while the
	// old process's session is valid: RegistrationRefused).
	State string
	// Text says it: "broker 1: no heartbeat since 10:00:01.000, fenced in
	// 6.2 s".
	Text string
}

// SessionLines returns the controller strip's line for every broker, by
// id, from the controller's registration state (BrokerState.Reg) at
// st.Now under cfg.
func SessionLines(st engine.State, cfg engine.Config) []SessionLine {
	out := make([]SessionLine, 0, len(st.Brokers))
	for _, b := range st.Brokers {
		r, name := b.Reg, "broker "+itoa(int64(b.ID))
		l := SessionLine{Broker: b.ID}
		switch {
		case r.ShuttingDown:
			l.State, l.Text = SessionShutdown, name+": controlled shutdown, leaderships moved away"
		case refusedOK(b, st.Now):
			left, _ := RegistrationRefused(b, st.Now)
			l.State, l.Text = SessionRefused, name+": running, registration refused: the old session is valid for "+Seconds(left)+" (DUPLICATE_BROKER_REGISTRATION)"
		case missed(b, st.Now, cfg):
			l.State, l.Text = SessionMissed, name+": no heartbeat since "+engine.FormatTime(r.LastHeartbeat)+", fenced in "+Seconds(r.SessionExpires-st.Now)
		case r.Fenced && r.FencedAt >= 0:
			l.State, l.Text = SessionFenced, name+": fenced at "+engine.FormatTime(r.FencedAt)
		case r.Fenced:
			l.State, l.Text = SessionCatchingUp, name+": registered again (broker epoch "+itoa(r.BrokerEpoch)+"), fenced until it catches up"
		default:
			l.State, l.Text = SessionHeartbeating, name+": heartbeating"
		}
		out = append(out, l)
	}
	return out
}

// ControllerSummary is the controller strip's sentence: every broker's
// line, or "every broker registered and heartbeating" when that is all
// there is to say.
func ControllerSummary(lines []SessionLine) string {
	text := ""
	for _, l := range lines {
		if l.State == SessionHeartbeating {
			continue
		}
		if text != "" {
			text += " · "
		}
		text += l.Text
	}
	if text == "" {
		return "every broker registered and heartbeating"
	}
	return text
}
