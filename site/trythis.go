package site

import (
	"slices"

	"kplay/engine"
	"kplay/engine/script"
)

// Suggestion is one thing to try, offered as a one-click button beside the
// diagram: a fault or a produce that shows a lesson from the cluster's
// state at the playhead.
type Suggestion struct {
	// Key names the suggestion for the DOM (data-try) and for tests:
	// "restart", "crash-leader", "acks1-crash", "cut-follower".
	Key string
	// Label is the button's text: "Crash the leader (broker 1)".
	Label string
	// Watch says in a sentence what to look at once it is done.
	Watch string
	// Actions are dispatched in order by Try.
	Actions []Action
	// CrashAfterAck, when set, makes Try step the engine after Actions
	// until the record they produced is acknowledged (or MaxTrySteps
	// events), then crash the partition's leader at that moment.
	CrashAfterAck bool
	// While is what Label says of the cluster, as claims (ClaimHolds):
	// the page offers the suggestion only while every one holds, so that
	// no button describes what is no longer possible ("Restart broker 1
	// before the controller fences it" beside "broker 1: fenced").
	While []script.TryClaim
}

// claim builds the claim text says (script.TryClaim's words) about
// broker b, other and the first partition, for the generic suggestions.
func claim(what string, b, other engine.BrokerID) script.TryClaim {
	c := script.TryClaim{What: what, Broker: b, Other: other, Text: BrokerKey(b) + " " + what}
	if other != 0 {
		c.Text += " " + BrokerKey(other)
	}
	return c
}

// ClaimHolds says whether claim c of a suggestion's While holds on the
// cluster in state st with the network damage nf (the partition is the
// first one, the one the page draws, unless c names one):
//
//   - up, down: the broker's process runs, or not;
//   - fenced, unfenced: the controller's record of it (a broker whose
//     session ran out or that shut down is fenced, KIP-631);
//   - leads: the partition's leader is the broker, and it runs;
//   - follows: it runs, is a replica of the partition, and another
//     broker leads;
//   - in isr, not in isr, in elr, not in elr: the partition's ISR and
//     its eligible leader replicas (KIP-966);
//   - has, lacks: the broker's replica holds a record of that value, or
//     not (no replica lacks it);
//   - cut from, reaches: the two brokers cannot talk (NetFaults.Cut), or
//     can;
//   - no leader: the partition has none (Leader: none).
//
// A claim about a partition that does not exist, or a kind it does not
// know, does not hold.
func ClaimHolds(st engine.State, nf NetFaults, c script.TryClaim) bool {
	part, ok := FirstPartition(st)
	if c.HasTP {
		part, ok = st.Partition(c.TP)
	}
	var b engine.BrokerState
	for _, x := range st.Brokers {
		if x.ID == c.Broker {
			b = x
		}
	}
	switch c.What {
	case "up":
		return b.ID != 0 && b.Alive
	case "down":
		return b.ID != 0 && !b.Alive
	case "fenced":
		return b.ID != 0 && b.Reg.Fenced
	case "unfenced":
		return b.ID != 0 && !b.Reg.Fenced
	case "cut from":
		return nf.Cut(engine.Broker(c.Broker), engine.Broker(c.Other))
	case "reaches":
		return !nf.Cut(engine.Broker(c.Broker), engine.Broker(c.Other))
	}
	if !ok {
		return false
	}
	switch c.What {
	case "no leader":
		return part.Leader == engine.NoLeader
	case "leads":
		return part.Leader == c.Broker && b.Alive
	case "follows":
		return b.Alive && slices.Contains(part.Replicas, c.Broker) && part.Leader != engine.NoLeader && part.Leader != c.Broker
	case "in isr", "not in isr":
		return slices.Contains(part.ISR, c.Broker) == (c.What == "in isr")
	case "in elr", "not in elr":
		return slices.Contains(part.ELR, c.Broker) == (c.What == "in elr")
	case "has", "lacks":
		r, ok := st.Replica(c.Broker, part.TP)
		has := ok && slices.ContainsFunc(r.Log, func(rec engine.Record) bool { return rec.Value == c.Value })
		return has == (c.What == "has")
	}
	return false
}

// claimsHold says whether every claim of cs holds (ClaimHolds).
func claimsHold(st engine.State, nf NetFaults, cs []script.TryClaim) bool {
	for _, c := range cs {
		if !ClaimHolds(st, nf, c) {
			return false
		}
	}
	return true
}

// MaxTrySteps bounds how many engine events Try steps while it waits for
// an acknowledgement.
const MaxTrySteps = 2000

// TryThis returns the suggestions that fit state st, most telling first:
// restart a stopped broker (it returns as a follower and truncates),
// crash the first partition's leader (the controller's countdown, then an
// election), produce with acks=1 and crash the leader once it has
// acknowledged (the loss acks=1 allows), and cut a follower off from the
// leader (it leaves the ISR after replica.lag.time.max.ms). It returns nil
// before any partition exists.
func TryThis(st engine.State) []Suggestion {
	p, ok := FirstPartition(st)
	if !ok {
		return nil
	}
	alive := map[engine.BrokerID]bool{}
	for _, b := range st.Brokers {
		alive[b.ID] = b.Alive
	}
	var out []Suggestion
	for _, b := range st.Brokers {
		if !b.Alive {
			out = append(out, Suggestion{Key: "restart", Label: "Restart broker " + itoa(int64(b.ID)),
				Watch:   "It registers again, comes back as a follower, drops (truncates) any record the new leader does not have, and catches up.",
				Actions: []Action{Act{Cmd: engine.Restart{Broker: b.ID}}},
				While:   []script.TryClaim{claim("down", b.ID, 0)}})
			break
		}
	}
	lead := p.Leader
	if lead == engine.NoLeader || !alive[lead] {
		return out
	}
	name := "broker " + itoa(int64(lead))
	out = append(out, Suggestion{Key: "crash-leader", Label: "Crash the leader (" + name + ")",
		Watch:   "The controller waits broker.session.timeout.ms for a heartbeat, fences " + name + ", and elects a new leader from the ISR.",
		Actions: []Action{Act{Cmd: engine.Crash{Broker: lead}}},
		While:   []script.TryClaim{claim("leads", lead, 0)}})
	follower := engine.BrokerID(0)
	for _, id := range p.ISR {
		if id != lead && alive[id] {
			follower = id
			break
		}
	}
	if follower == 0 {
		return out
	}
	out = append(out, Suggestion{Key: "acks1-crash", Label: "Produce with acks=1, then crash the leader",
		Watch:         "With acks=1 the leader answers as soon as it has the record; if it crashes before a follower copies it, the new leader never had it and the acknowledged record is lost.",
		Actions:       []Action{ProduceWith{Count: 1, Acks: engine.AcksOne}},
		CrashAfterAck: true,
		While:         []script.TryClaim{claim("leads", lead, 0), claim("in isr", follower, 0), claim("up", follower, 0)}})
	fname := "broker " + itoa(int64(follower))
	out = append(out, Suggestion{Key: "cut-follower", Label: "Cut " + fname + " off from the leader",
		Watch:   fname + " can no longer fetch; once it has lagged for replica.lag.time.max.ms the leader removes it from the ISR (AlterPartition).",
		Actions: []Action{Act{Cmd: engine.Cut{A: engine.Broker(lead), B: engine.Broker(follower)}}},
		While:   []script.TryClaim{claim("leads", lead, 0), claim("follows", follower, 0), claim("reaches", follower, lead)}})
	return out
}

// Try does suggestion sg on s: it dispatches its actions and, for
// CrashAfterAck, steps the engine until the record they produced is
// acknowledged (an EvProduceAcked naming its value), then crashes
// whichever broker leads the first partition then. Playback is left as it
// was.
//
// It waits for that record's own acknowledgement, not for the producers'
// pending count to fall back: the scenario's own producer keeps sending
// acks=all records, so the count fell back when an older record was
// acknowledged (the crash came before the acks=1 record was even sent)
// or rose again with a newer one (the crash came only after the followers
// had copied the acks=1 record), and in 22 of 619 moments of start-here
// nothing was lost.
func Try(s *Store, sg Suggestion) {
	from := s.Player.EventCount()
	want, _ := s.nextProduced(sg.Actions)
	for _, a := range sg.Actions {
		s.Dispatch(a)
	}
	if !sg.CrashAfterAck {
		return
	}
	playing := s.Playing
	for i := 0; i < MaxTrySteps && !acked(s.Player, &from, want); i++ {
		s.Dispatch(StepOnce{})
	}
	if p, ok := FirstPartition(s.Player.State()); ok && p.Leader != engine.NoLeader {
		s.Dispatch(Act{Cmd: engine.Crash{Broker: p.Leader}})
	}
	if playing && !s.Playing {
		s.Dispatch(TogglePlay{})
	}
}

// nextProduced returns the value of the last record that actions produce
// (ProduceWith: its last value, or the numbered one it will name,
// Store.NextValue's series),
// and false if none of them produces.
func (s *Store) nextProduced(actions []Action) (string, bool) {
	v, ok := "", false
	next := s.nextValue
	for _, a := range actions {
		pw, is := a.(ProduceWith)
		if !is {
			continue
		}
		if len(pw.Values) > 0 {
			v, ok = pw.Values[len(pw.Values)-1], true
			continue
		}
		n := max(pw.Count, 1)
		v, ok = s.valueName(next+n-1), true
		next += n
	}
	return v, ok
}

// acked reports whether a producer's acknowledgement of the record valued
// v is among the events from *from on, and moves *from past them, so that
// each step reads only its own events.
func acked(p *Player, from *int, v string) bool {
	evs := p.Events(*from)
	*from += len(evs)
	for _, e := range evs {
		if e.Kind == engine.EvProduceAcked && e.Value == v {
			return true
		}
	}
	return false
}

// MaxScriptTries is how many of a scenario's own suggestions the "Try
// this" bar offers at once: the latest ones offered by the playhead.
const MaxScriptTries = 3

// Suggestions returns the "Try this" suggestions at the playhead. A
// scenario with try directives (script.Try: an incident's own
// experiments, such as restarting the broker that holds the lost record's
// last copy) offers only those, never the generic ones, which may not fit
// its story: the latest MaxScriptTries whose moment the playhead has
// reached, whose command fits the cluster now (a restart only of a
// stopped broker, a crash only of a running one) and whose while= claims
// hold (ClaimHolds: "before the controller fences it" only while the
// broker is not fenced), in script order, keyed "try-<line>". A scenario
// without any offers TryThis's whose claims hold, except while a scripted
// lesson runs (lessonRunning).
func (s *Store) Suggestions() []Suggestion {
	if !s.mayPlay() {
		// A question waits for its answer: acting first would show what
		// it asks the reader to predict.
		return nil
	}
	p := s.Player
	tries := p.Scenario().Tries
	if len(tries) == 0 {
		if s.lessonRunning() {
			return nil
		}
		st := p.State()
		all := TryThis(st)
		if len(all) == 0 {
			return nil
		}
		nf := s.NetFaults()
		out := make([]Suggestion, 0, len(all))
		for _, sg := range all {
			if claimsHold(st, nf, sg.While) {
				out = append(out, sg)
			}
		}
		return out
	}
	st := p.State()
	now := p.Now()
	nf := s.NetFaults()
	var out []Suggestion
	for _, tr := range tries {
		if tr.At > now || !fits(st, tr.Cmd) || !claimsHold(st, nf, tr.While) {
			continue
		}
		out = append(out, Suggestion{Key: "try-" + itoa(int64(tr.Line)), Label: tr.Label,
			Watch:   "Runs the script command “" + tr.Cmd.String() + "” at this moment.",
			Actions: []Action{Act{Cmd: tr.Cmd}}, While: tr.While})
	}
	if len(out) > MaxScriptTries {
		out = out[len(out)-MaxScriptTries:]
	}
	return out
}

// TryBarSize is how many suggestions the "Try this" bar offers, of at most
// max: max on the page and in an embed with its full toolbar; one in an
// embed with controls=min, so that a reader of a minimal embed, paused
// as it opens (autoplay=0, reduced motion) or paused by them, still sees
// the first thing to try, one click away, as on the page; none with
// controls=none, where the host page drives it. The bar stays whether
// the embed plays or not, so that pausing never moves the diagram.
func (s *Store) TryBarSize(max int) int {
	switch s.Controls() {
	case "min":
		return min(1, max)
	case "none":
		return 0
	}
	return max
}

// lessonRunning says a scripted lesson is playing its story: lesson mode
// is on, the scenario asks questions, and the playhead has not passed its
// last moment (lastMoment: its last command, caption or question). A
// generic "Crash the leader (broker 1)" beside lesson 8's own crash
// competed with it; once the story is over the experiments come back.
func (s *Store) lessonRunning() bool {
	p := s.Player
	return !s.Lesson.Off && len(s.Lesson.Asks) > 0 && p.Now() < p.lastMoment
}

// fits reports whether cmd makes sense on a cluster in state st: a crash,
// shutdown or hang needs a running broker, a restart a stopped one, a
// resume a hung one. Every other command fits.
func fits(st engine.State, cmd engine.Command) bool {
	broker := func(id engine.BrokerID) (engine.BrokerState, bool) {
		for _, b := range st.Brokers {
			if b.ID == id {
				return b, true
			}
		}
		return engine.BrokerState{}, false
	}
	switch c := cmd.(type) {
	case engine.Crash:
		b, ok := broker(c.Broker)
		return ok && b.Alive
	case engine.Shutdown:
		b, ok := broker(c.Broker)
		return ok && b.Alive
	case engine.Hang:
		b, ok := broker(c.Broker)
		return ok && b.Alive && b.Hung == 0
	case engine.Resume:
		b, ok := broker(c.Broker)
		return ok && b.Hung != 0
	case engine.Restart:
		b, ok := broker(c.Broker)
		return ok && !b.Alive
	}
	return true
}
