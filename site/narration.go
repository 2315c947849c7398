package site

import (
	"slices"
	"sort"
	"strconv"

	"kplay/engine"
)

// This file turns engine events into short spoken sentences for the
// page's aria-live region, and paces them so that a screen reader is not
// flooded: at most one sentence per NarrationGapMs of real time, the most
// important first.

// NarrationGapMs is the least real time between two spoken sentences.
const NarrationGapMs = 1000

// Priorities of spoken sentences: higher speaks first.
const (
	PrioAck       = 1
	PrioISR       = 2
	PrioFault     = 3
	PrioLeader    = 4
	PrioViolation = 5
)

// Sentence is one thing to say, with how important it is. Kind groups
// sentences that can be said together ("and 3 more like it").
type Sentence struct {
	Text     string
	Priority int
	Kind     engine.EventKind
	// seq orders sentences of equal priority, oldest first.
	seq int
	// more counts later sentences of the same Kind folded into this one.
	more int
}

// NarrateEvent returns the sentence for e, and false for events not worth
// saying out loud (messages, fetches, appends, high watermark moves).
func NarrateEvent(e engine.Event) (Sentence, bool) {
	s := Sentence{Kind: e.Kind, seq: e.Seq}
	tp := e.TP.String()
	switch e.Kind {
	case engine.EvLeaderElected:
		s.Priority = PrioLeader
		if e.Peer.Kind != engine.NodeBroker {
			s.Text = "Partition " + tp + " has no leader: no eligible replica is alive."
			break
		}
		s.Text = "Broker " + itoa(int64(e.Peer.ID)) + " is now the leader of partition " + tp + ", leader epoch " + itoa(int64(e.Epoch)) + "."
	case engine.EvISRChanged:
		s.Priority = PrioISR
		s.Text = "The in-sync replicas of " + tp + " changed: " + e.Text + "."
	case engine.EvBrokerStopped:
		s.Priority = PrioFault
		s.Text = "Broker " + itoa(int64(e.Node.ID)) + " " + e.Text + "."
	case engine.EvBrokerStarted:
		s.Priority = PrioFault
		s.Text = "Broker " + itoa(int64(e.Node.ID)) + " started."
	case engine.EvBrokerHung:
		s.Priority = PrioFault
		s.Text = "Broker " + itoa(int64(e.Node.ID)) + " is half-alive (hung): it " + e.Text + "."
	case engine.EvBrokerResumed:
		s.Priority = PrioFault
		s.Text = "Broker " + itoa(int64(e.Node.ID)) + " resumed and answers the " + strconv.Itoa(e.Count) + " request(s) that waited in its queue."
	case engine.EvBrokerFenced:
		s.Priority = PrioFault
		s.Text = "The controller fenced broker " + itoa(int64(e.Peer.ID)) + "."
	case engine.EvRegistrationRefused:
		// ClusterControlManager.registerBroker refuses a new incarnation
		// while the old one's session is valid (KIP-631); the engine
		// emits only the first refusal of a run of retries.
		s.Priority = PrioFault
		id := itoa(int64(e.Peer.ID))
		s.Text = "Broker " + id + " runs again but is not registered: the controller refuses its registration (" + e.Err.String() + ") because " + e.Text +
			". Until then broker " + id + " serves nothing, though the metadata still lists it as before."
	case engine.EvNetwork:
		s.Priority = PrioFault
		s.Text = "Network: " + e.Text + "."
	case engine.EvDisk:
		s.Priority = PrioFault
		s.Text = diskSentence(e)
	case engine.EvTruncated:
		s.Priority = PrioISR
		s.Text = "Broker " + itoa(int64(e.Node.ID)) + " truncated " + tp + " to offset " + itoa(int64(e.Offset)) + ", removing " + strconv.Itoa(e.Count) + " record(s)."
	case engine.EvViolation:
		s.Priority = PrioViolation
		s.Text = "Guarantee broken: " + Clip(e.Text, MaxEventText) + "."
	case engine.EvProduceAcked:
		s.Priority = PrioAck
		s.Text = "Producer " + e.Node.String() + ": " + ackedPhrase(e) + " of " + tp + " acknowledged."
	case engine.EvProduceFailed:
		s.Priority = PrioFault
		s.Text = "Producer " + e.Node.String() + " gave up on " + strconv.Itoa(e.Count) + " record(s) for " + tp + "."
	case engine.EvConsumerReset:
		// "c1 lost its place on t-0: its committed offset 2 is gone from
		// b1's log (OFFSET_OUT_OF_RANGE), so it jumps to the earliest
		// offset 6 (auto.offset.reset=earliest)."
		s.Priority = PrioFault
		s.Text = "Consumer " + e.Node.String() + " " + Clip(e.Text, MaxEventText) + "."
	case engine.EvOffsetsExpired:
		s.Priority = PrioFault
		s.Text = "Group " + e.Text + " lost its committed offset " + itoa(int64(e.Offset)) + " of " + tp +
			": the group had no consumer for offsets.retention.minutes."
	case engine.EvLogStartMoved:
		if e.Count == 0 {
			return Sentence{}, false // a follower following the leader: the leader's deletion was said
		}
		s.Priority = PrioISR
		s.Text = "Broker " + itoa(int64(e.Node.ID)) + " deleted the oldest " + strconv.Itoa(e.Count) + " segment(s) of " + tp +
			" (log retention): its log now starts at offset " + itoa(int64(e.End)) + "."
	default:
		return Sentence{}, false
	}
	return s, true
}

// ackedPhrase says "offset 4" or "offsets 3 to 5".
func ackedPhrase(e engine.Event) string {
	if e.End-e.Offset <= 1 {
		return "offset " + itoa(int64(e.Offset))
	}
	return "offsets " + itoa(int64(e.Offset)) + " to " + itoa(int64(e.End-1))
}

// Narrator paces sentences for an aria-live region. The zero value is
// ready: its first Update only catches up with the events so far, so that
// the scenario's history (or a replay after a seek) is not read out.
type Narrator struct {
	// Current is what the live region holds; Spoken counts sentences said.
	Current string
	Spoken  int

	started bool
	// atMoment says the next first Update says the newest sentence at the
	// playhead instead of only catching up (ResetAt).
	atMoment bool
	gen      int
	seen     int
	// quietMs is the real time since the last sentence was spoken.
	quietMs float64
	// sayNow says the next sentence queued skips the gap (SayNextNow).
	sayNow bool
	queue  []Sentence
}

// Update reads the events after the last ones it saw (each(from, f) calls
// f with those with Seq >= from, as engine.Cluster.EachEvent does; count
// is how many there are; gen changes when the history is replayed) and
// lets realMs of real time pass. It returns true if Current changed.
func (n *Narrator) Update(gen, count int, each func(from int, f func(*engine.Event) bool), realMs float64) bool {
	if realMs > 0 {
		n.quietMs += realMs
	}
	if !n.started || gen != n.gen || count < n.seen {
		opening := n.atMoment && !n.started
		replayed := n.started || opening
		n.started, n.atMoment, n.gen, n.seen, n.queue = true, false, gen, count, nil
		if !replayed {
			return false
		}
		// A seek or a replayed history: what the region held may tell of a
		// later moment ("offset 24 acknowledged" after a rewind to the
		// crash), so it says the newest sentence at the new playhead.
		at := ""
		if opening {
			at = momentSentence(count, each)
		} else {
			each(max(0, count-narrationLookBack), func(e *engine.Event) bool {
				if s, ok := NarrateEvent(*e); ok {
					at = s.Text
				}
				return true
			})
		}
		if at == n.Current {
			return false
		}
		n.Current = at
		n.quietMs = 0
		return true
	}
	if count > n.seen {
		each(n.seen, func(e *engine.Event) bool {
			if s, ok := NarrateEvent(*e); ok {
				n.add(s)
			}
			return true
		})
		n.seen = count
	}
	if len(n.queue) == 0 || (n.quietMs < NarrationGapMs && !n.sayNow) {
		return false
	}
	n.sayNow = false
	n.Current = n.pop()
	n.Spoken++
	n.quietMs = 0
	return true
}

// momentWindowMs is the stretch of simulated time before the playhead
// whose sentences a scenario opened at a moment chooses from.
const momentWindowMs = 1000

// momentSentence is what a scenario opened at a moment (a share link's
// t=) says first: of the sentences of its last momentWindowMs (within
// narrationLookBack events), the one a live session's queue says first
// (pop: the most important, the newest of equal importance), so that a
// restart 100 ms before the link's moment reads "Broker 1 started", as
// it did live, not the acknowledgement that followed it.
func momentSentence(count int, each func(from int, f func(*engine.Event) bool)) string {
	var evs []engine.Event
	each(max(0, count-narrationLookBack), func(e *engine.Event) bool {
		evs = append(evs, *e)
		return true
	})
	if len(evs) == 0 {
		return ""
	}
	newest := evs[len(evs)-1].At
	best, found := Sentence{}, false
	for _, e := range evs {
		if e.At < newest-momentWindowMs {
			continue
		}
		if s, ok := NarrateEvent(e); ok && (!found || s.Priority >= best.Priority) {
			best, found = s, true
		}
	}
	return best.Text
}

// narrationLookBack is how many events before a new playhead Update reads
// back for the sentence of that moment.
const narrationLookBack = 400

// Pending reports whether Update has work left for the history of
// generation gen with count events: events it has not read, or sentences
// queued that it has not said yet.
func (n *Narrator) Pending(gen, count int) bool {
	return !n.started || gen != n.gen || count != n.seen || len(n.queue) > 0
}

// SayNextNow lets the next sentence queued be said at the next Update,
// without waiting out NarrationGapMs since the last one: the reader has
// just acted, and the caption should tell what the action did, not what
// happened before it. So the sentences queued and not yet said, all of
// events before the action, are dropped: a leader elected just before the
// reader crashed it would otherwise, being the more important, be said
// first ("Broker 1 is now the leader" with broker 1 down).
func (n *Narrator) SayNextNow() { n.sayNow, n.queue = true, nil }

// Reset forgets the events seen, as for a new scenario: the next Update
// only catches up.
func (n *Narrator) Reset() { n.started, n.atMoment, n.queue = false, false, nil }

// ResetAt forgets the events seen, as for a new scenario opened at a
// moment past its start (a share link's t=): the next Update says the
// newest sentence at the playhead, as after a seek, so that the link
// shows what the session it was copied from said there.
func (n *Narrator) ResetAt() { n.Reset(); n.atMoment = true }

// add queues s, or folds it into the queued sentence of its kind, so
// that one crash that moves twelve leaderships is one sentence and the
// queue holds at most one sentence per kind. The folded sentence says the
// newest of them: after a jump ahead, "offset 1 acknowledged" is long out
// of date when offset 600 is.
func (n *Narrator) add(s Sentence) {
	for i := range n.queue {
		if n.queue[i].Kind == s.Kind {
			more := n.queue[i].more + 1
			n.queue[i] = s
			n.queue[i].more = more
			return
		}
	}
	n.queue = append(n.queue, s)
}

// pop takes the oldest of the story's sentences (faults, fences,
// elections, broken guarantees: PrioFault and above), so that a failover
// is told in the order it happened (fenced, then elected), and only when
// none is queued the most important of the rest (ISR changes, truncation,
// acknowledgements), oldest first within a priority. Told by importance
// alone, a learner read "Broker 2 is now the leader" before the fence
// that caused it.
func (n *Narrator) pop() string {
	story := func(s Sentence) bool { return s.Priority >= PrioFault }
	sort.SliceStable(n.queue, func(i, j int) bool { // see mergeSteps on sort.SliceStable
		a, b := n.queue[i], n.queue[j]
		if story(a) != story(b) {
			return story(a)
		}
		if !story(a) && a.Priority != b.Priority {
			return a.Priority > b.Priority
		}
		return a.seq < b.seq
	})
	top := n.queue[0]
	n.queue = slices.Delete(n.queue, 0, 1)
	switch {
	case top.more == 1:
		return top.Text + " And 1 more like it."
	case top.more > 1:
		return top.Text + " And " + strconv.Itoa(top.more) + " more like it."
	}
	return top.Text
}
