package site

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"kplay/engine"
)

// This file turns engine events into short spoken sentences for the
// page's aria-live region and the caption under the diagram, and paces
// them so that a screen reader is not flooded and the caption stays true
// to the clock beside it. The rules (Narrator.Update):
//
//   - order: a sentence never tells of an event older than the one the
//     caption already told. The story's sentences (major: faults,
//     fences, elections, truncations, broken guarantees) are said in the
//     order they happened, the rest (minor: acknowledgements, ISR
//     changes) by importance after them; what a sentence said skips
//     over is dropped, so an acknowledgement from before a crash is
//     never said after it.
//   - pace: at most one sentence per NarrationGapMs of real time, and a
//     minor one only NarrationStoryMs after a major one still in time
//     (within NarrationLagMs of the playhead), except that the
//     reader's own action is said at once (SayNextNow) and a major
//     sentence does not wait behind a minor one.
//   - lag: when the next sentence is more than NarrationLagMs of
//     simulated time behind the playhead (a fast speed, or a burst of
//     events), the narrator skips to the newest major sentence queued,
//     said once the caption has stood NarrationMinMs, and a minor
//     sentence that late is dropped, not said: at 10× a second of gap is
//     ten seconds of clock, and a learner read "The controller fenced
//     broker 1" eight seconds after the election.

// NarrationGapMs is the least real time between two spoken sentences: a
// sentence stays at least this long, unless a major one replaces a minor
// one or the reader acts.
const NarrationGapMs = 1000

// NarrationStoryMs is the least real time a major sentence stays before
// a minor one replaces it, while what it tells is within NarrationLagMs
// of the playhead: the story's sentences are the long ones ("Broker 1
// truncated orders-0 to offset 0, removing 1 record(s).") and the ones to
// read, where an acknowledgement can wait or go.
const NarrationStoryMs = 2000

// NarrationMinMs is the least real time a sentence stays when the
// narrator is behind (NarrationLagMs): it catches up twice as fast, and
// still no caption flashes by unread.
const NarrationMinMs = 500

// NarrationLagMs is how far, in simulated ms, the playhead may be past
// the event a sentence tells before the sentence is out of date: a late
// major sentence gives way to the newest major one queued, a late minor
// one is dropped.
const NarrationLagMs = 1000

// Priorities of spoken sentences: higher speaks first. PrioFault and
// above are the story's major sentences (Sentence.Major).
const (
	PrioAck       = 1
	PrioISR       = 2
	PrioFault     = 3
	PrioLeader    = 4
	PrioViolation = 5
)

// Sentence is one thing to say, with how important it is and when what
// it tells happened. Kind groups sentences that can be said together
// ("and 3 more like it").
type Sentence struct {
	Text     string
	Priority int
	Kind     engine.EventKind
	// At is the simulated time of the event told (of the newest, when
	// several are folded into one).
	At engine.Time
	// seq is the event's sequence number: it orders sentences in the
	// order their events happened. first is the seq of the oldest event
	// folded into the sentence.
	seq, first int
	// more counts later sentences of the same Kind folded into this one.
	more int
}

// Major reports whether s is one of the story's sentences (a fault, a
// fence, an election, a truncation, a broken guarantee), which are told
// in order and never wait behind a minor one.
func (s Sentence) Major() bool { return s.Priority >= PrioFault }

// NarrateEvent returns the sentence for e, and false for events not worth
// saying out loud (messages, fetches, appends, high watermark moves).
func NarrateEvent(e engine.Event) (Sentence, bool) {
	s := Sentence{Kind: e.Kind, At: e.At, seq: e.Seq, first: e.Seq}
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
		// A major sentence: the returning leader's truncation is the
		// lesson's point, said while the box still marks it.
		s.Priority = PrioFault
		s.Text = "Broker " + itoa(int64(e.Node.ID)) + " truncated " + tp + " to offset " + itoa(int64(e.Offset)) + ", removing " + strconv.Itoa(e.Count) + " record(s)."
	case engine.EvViolation:
		s.Priority = PrioViolation
		s.Text = violationSentence(e)
	case engine.EvProduceAcked:
		s.Priority = PrioAck
		s.Text = "Producer " + e.Node.String() + ": " + ackedPhrase(e) + " of " + tp + " acknowledged."
		if e.Offset < 0 {
			// acks=0 waits for nothing: the send is the whole of it.
			s.Text = "Producer " + e.Node.String() + " sent " + e.Value + " to " + tp + " with acks=0: it waits for no acknowledgement."
		}
	case engine.EvProduceFailed:
		s.Priority = PrioFault
		s.Text = "Producer " + e.Node.String() + " gave up on " + strconv.Itoa(e.Count) + " record(s) for " + tp + "."
	case engine.EvConsumerReset:
		// "c1 lost its place on t-0: its committed offset 2 is gone from
		// b1's log (OFFSET_OUT_OF_RANGE), so it jumps to the earliest
		// offset 6 (auto.offset.reset=earliest)."
		s.Priority = PrioFault
		s.Text = "Consumer " + e.Node.String() + " " + wholeClause(e.Text, MaxEventText) + "."
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

// violationSentence says a violation in one whole sentence: a broken
// guarantee, or a loss that a setting allowed (the words of
// ViolationsFoldText's head: an acks=1 record lost with its leader is no
// broken guarantee, see ViolationsHeadline), the rule's name (the
// invariant, as docs/kafka-rules.md §11 names it) and what broke,
// without the why after it, which the red panel (Violations) gives in
// full. e.Text is "Rule: what" or "Rule: what: why"
// (engine/invariants.go). A caption is never cut mid-sentence: "…acks=1
// was answered before any follower …." read as a mistake; a what too
// long for MaxEventText leaves the rule alone.
func violationSentence(e engine.Event) string {
	head := "Guarantee broken"
	switch engine.ViolationAllowance(e) {
	case engine.AllowedByAcksOne:
		head = "Lost, as acks=1 allows"
	case engine.AllowedByUncleanSetting, engine.AllowedByUncleanRequest:
		head = "Lost in an unclean election"
	}
	rule, rest, ok := strings.Cut(e.Text, ": ")
	if !ok {
		return head + ": " + wholeClause(e.Text, MaxEventText) + "."
	}
	what, _, _ := strings.Cut(rest, ": ")
	if s := head + " (" + rule + "): " + what + "."; len(s) <= MaxEventText {
		return s
	}
	return head + ": " + rule + ". The red panel says what and why."
}

// wholeClause returns s if it has at most max bytes, else its longest
// head that ends before a ": " or "; " and fits: a whole clause, never a
// sentence cut off. With no such break within max, s stays whole: a long
// sentence rather than a cut one.
func wholeClause(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := -1
	for _, sep := range []string{": ", "; "} {
		if i := strings.LastIndex(s[:max], sep); i > cut {
			cut = i
		}
	}
	if cut > 0 {
		return s[:cut]
	}
	return s
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
	// seen is the log's mark the last Update read up to.
	seen LogMark
	// told is the seq of the newest event Current tells (-1 for none),
	// toldAt its time, and toldMajor whether Current is a major sentence:
	// no sentence about an older event is said after it.
	told      int
	toldAt    engine.Time
	toldMajor bool
	// quietMs is the real time since the last sentence was spoken.
	quietMs float64
	// sayNow says the next sentence queued skips the gap (SayNextNow).
	sayNow bool
	queue  []Sentence
}

// Update reads the events after the last ones it saw (each(from, f) calls
// f with those with Seq >= from, as engine.Cluster.EachEvent does; m is
// the log's mark, Player.LogMark: its Count is how many there are, and
// its Gen changes when the history is replayed), with the playhead at now
// (simulated ms), and lets realMs of real time pass.
// It returns true if Current changed. What it says follows the rules at
// the top of this file: in order, paced, and never late.
func (n *Narrator) Update(m LogMark, each func(from int, f func(*engine.Event) bool), now engine.Time, realMs float64) bool {
	if realMs > 0 {
		n.quietMs += realMs
	}
	count := m.Count
	if !n.started || m.Since(n.seen) == LogRewound {
		opening := n.atMoment && !n.started
		replayed := n.started || opening
		n.started, n.atMoment, n.seen, n.queue = true, false, m, nil
		// Whatever the region holds, the history read here is told: a
		// sentence queued from now on is about a later event.
		n.told, n.toldAt, n.toldMajor = count-1, now, false
		if !replayed {
			return false
		}
		// A seek or a replayed history: what the region held may tell of a
		// later moment ("offset 24 acknowledged" after a rewind to the
		// crash), so it says the newest sentence at the new playhead.
		var at Sentence
		if opening {
			at = momentSentence(count, each)
		} else {
			each(max(0, count-narrationLookBack), func(e *engine.Event) bool {
				if s, ok := NarrateEvent(*e); ok {
					at = s
				}
				return true
			})
		}
		if at.Text == "" {
			// Nothing was said in the moment before the playhead (a
			// link copied while the controller waits out a crashed
			// leader's session: no acknowledgement, no election yet).
			// The newest major sentence tells where the story stands;
			// without it the caption read "Press Play", as if nothing
			// had happened.
			at = lastMajor(count, each)
		}
		n.toldMajor = at.Major()
		if at.Text == n.Current {
			return false
		}
		n.Current = at.Text
		n.quietMs = 0
		return true
	}
	if m.Since(n.seen) == LogGrew {
		each(n.seen.Count, func(e *engine.Event) bool {
			if s, ok := NarrateEvent(*e); ok {
				n.add(s)
			}
			return true
		})
		n.seen = m
	}
	next, behind, ok := n.next(now)
	if !ok {
		return false
	}
	gap := float64(NarrationGapMs)
	switch {
	case behind:
		gap = NarrationMinMs
	case n.toldMajor && !next.Major() && now-n.toldAt <= NarrationLagMs:
		gap = NarrationStoryMs
	}
	if !n.sayNow && n.quietMs < gap && (!next.Major() || n.toldMajor) {
		return false // not yet: it is taken again, as the queue then is, at the next Update
	}
	n.take(next)
	n.sayNow = false
	n.Current = next.say()
	n.told, n.toldAt, n.toldMajor = next.seq, next.At, next.Major()
	n.Spoken++
	n.quietMs = 0
	return true
}

// next drops what may no longer be said and returns the sentence to say
// next with the playhead at now, whether the queue was behind the
// playhead, and false if there is none. In order: nothing about
// an event older than the one told; the oldest major sentence, else the
// most important minor one (oldest first within a priority), so that a
// failover reads fenced, elected, ISR changed; but when that sentence is
// more than NarrationLagMs behind the playhead, the newest major one
// queued instead (the ones it skips are dropped as older than it), or
// with none, the first minor one still in time, minor ones that late
// being dropped.
func (n *Narrator) next(now engine.Time) (s Sentence, behind, ok bool) {
	n.queue = slices.DeleteFunc(n.queue, func(s Sentence) bool { return s.seq <= n.told })
	for i := range n.queue {
		if n.queue[i].first <= n.told {
			// Folded over the sentence told: how many came after it is
			// not known, so it claims none.
			n.queue[i].first, n.queue[i].more = n.queue[i].seq, 0
		}
	}
	late := func(s Sentence) bool { return now-s.At > NarrationLagMs }
	sort.SliceStable(n.queue, func(i, j int) bool { return before(n.queue[i], n.queue[j]) }) // see mergeSteps on sort.SliceStable
	if len(n.queue) == 0 {
		return Sentence{}, false, false
	}
	if !late(n.queue[0]) {
		return n.queue[0], false, true
	}
	newest, found := Sentence{}, false
	for _, s := range n.queue {
		if s.Major() && (!found || s.seq > newest.seq) {
			newest, found = s, true
		}
	}
	if found {
		return newest, true, true
	}
	n.queue = slices.DeleteFunc(n.queue, late)
	if len(n.queue) == 0 {
		return Sentence{}, true, false
	}
	return n.queue[0], true, true
}

// before is the queue's order: major sentences first, oldest first, then
// minor ones by priority, oldest first within one. Told by importance
// alone, a learner read "Broker 2 is now the leader" before the fence
// that caused it.
func before(a, b Sentence) bool {
	if a.Major() != b.Major() {
		return a.Major()
	}
	if !a.Major() && a.Priority != b.Priority {
		return a.Priority > b.Priority
	}
	return a.seq < b.seq
}

// take removes s from the queue: it is being said.
func (n *Narrator) take(s Sentence) {
	n.queue = slices.DeleteFunc(n.queue, func(q Sentence) bool { return q.seq == s.seq })
}

// say is the sentence's words, with how many like it were folded in.
func (s Sentence) say() string {
	switch {
	case s.more == 1:
		return s.Text + " And 1 more like it."
	case s.more > 1:
		return s.Text + " And " + strconv.Itoa(s.more) + " more like it."
	}
	return s.Text
}

// momentWindowMs is the stretch of simulated time before the playhead
// whose sentences a scenario opened at a moment chooses from.
const momentWindowMs = 1000

// momentSentence is what a scenario opened at a moment (a share link's
// t=) says first: of the sentences of its last momentWindowMs (within
// narrationLookBack events), the one a live session's queue says first
// (the most important, the newest of equal importance), so that a
// restart 100 ms before the link's moment reads "Broker 1 started", as
// it did live, not the acknowledgement that followed it.
func momentSentence(count int, each func(from int, f func(*engine.Event) bool)) Sentence {
	var evs []engine.Event
	each(max(0, count-narrationLookBack), func(e *engine.Event) bool {
		evs = append(evs, *e)
		return true
	})
	if len(evs) == 0 {
		return Sentence{}
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
	return best
}

// narrationLookBack is how many events before a new playhead Update reads
// back for the sentence of that moment.
const narrationLookBack = 400

// majorLookBack is how many events before a new playhead lastMajor reads
// back: some five simulated minutes of start-here, a few ms of the
// page's wasm, spent only on a seek to a moment with nothing to say.
const majorLookBack = 20000

// lastMajor returns the newest major sentence (Sentence.Major: a fault, a
// fence, an election, a truncation, a broken guarantee) among the last
// majorLookBack events, and the zero Sentence if there is none. Only the
// kinds that make one are narrated: the acknowledgements between them
// would each build a sentence for nothing.
func lastMajor(count int, each func(from int, f func(*engine.Event) bool)) Sentence {
	var last Sentence
	each(max(0, count-majorLookBack), func(e *engine.Event) bool {
		switch e.Kind {
		case engine.EvLeaderElected, engine.EvBrokerStopped, engine.EvBrokerStarted, engine.EvBrokerHung, engine.EvBrokerResumed,
			engine.EvBrokerFenced, engine.EvRegistrationRefused, engine.EvNetwork, engine.EvDisk, engine.EvTruncated,
			engine.EvViolation, engine.EvProduceFailed, engine.EvConsumerReset, engine.EvOffsetsExpired:
			if s, ok := NarrateEvent(*e); ok && s.Major() {
				last = s
			}
		}
		return true
	})
	return last
}

// Pending reports whether Update has work left for the log at mark m:
// events it has not read (a log that grew or was rewound since,
// LogMark.Since), or sentences queued that it has not said yet.
func (n *Narrator) Pending(m LogMark) bool {
	return !n.started || m.Since(n.seen) != LogSame || len(n.queue) > 0
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
// newest of them, and tells of the newest's moment: after a jump ahead,
// "offset 1 acknowledged" is long out of date when offset 600 is.
func (n *Narrator) add(s Sentence) {
	for i := range n.queue {
		if n.queue[i].Kind == s.Kind {
			q := n.queue[i]
			n.queue[i] = s
			n.queue[i].first, n.queue[i].more = q.first, q.more+1
			return
		}
	}
	n.queue = append(n.queue, s)
}
