package site

import (
	"sort"

	"kplay/engine"
)

// This file holds the event log's view model: the whole run up to the
// playhead, filtered by default to what a learner follows (elections,
// ISR changes, faults, acknowledgements and produce errors, truncation,
// broken guarantees), with the fetch and message chatter one toggle away
// (Session.ShowNet). An election stays in the log however many fetch
// rounds follow it: the filtered lines are indexed once, incrementally,
// and only the rows shown are built.

// LogLine is one row of the event log and the moment it happened, so that
// a click on it can move the playhead there (SeekToEvent).
type LogLine struct {
	EventLine
	// At is when the event happened, in simulated ms.
	At engine.Time
	// Later says the event comes after the playhead: the reader played it
	// before seeking back (LaterLines), and a click goes forward to it.
	Later bool
}

// MaxLaterRows bounds the rows the event log lists after the playhead.
const MaxLaterRows = 60

// SeekToEvent is an action from the event log: pause and move the
// playhead to At, the moment a logged event happened.
type SeekToEvent struct{ At engine.Time }

func (a SeekToEvent) apply(s *Store) bool {
	s.Playing = false
	s.Player.Seek(s.clampSeek(a.At))
	s.revealOnPhone(RevealStage)
	return true
}

// Matters says whether the event log shows events of kind k by default:
// commands, faults (a broker stopping or starting, fencing and
// unfencing, a controlled shutdown, a restarted broker's registration
// refused while its old session is valid, links cut or healed), leader
// elections, ISR shrinks and expands with their AlterPartition requests,
// acknowledged, failed and rejected produces (NOT_LEADER_OR_FOLLOWER,
// NOT_ENOUGH_REPLICAS), idempotent duplicates, truncation (a replica's
// and a consumer's, KIP-320), consumer errors, a group's commits and lost
// committed offsets, auto.offset.reset jumps, log retention's deletions
// and broken guarantees. Left
// to the toggle: messages, fetch long polls and rounds, appends, high
// watermark moves, metadata and consumer reads.
func Matters(k engine.EventKind) bool {
	switch k {
	case engine.EvCommand, engine.EvTopicCreated, engine.EvLeaderElected, engine.EvElection,
		engine.EvISRShrinkProposed, engine.EvISRExpandProposed, engine.EvISRChanged,
		engine.EvBrokerFenced, engine.EvBrokerUnfenced, engine.EvControlledShutdown, engine.EvRegistrationRefused,
		engine.EvBrokerStopped, engine.EvBrokerStarted, engine.EvNetwork, engine.EvBrokerHung, engine.EvBrokerResumed,
		engine.EvProduceAcked, engine.EvProduceError, engine.EvProduceFailed, engine.EvDuplicate,
		engine.EvTruncated, engine.EvConsumerTruncation, engine.EvConsumerError, engine.EvViolation,
		engine.EvConsumerReset, engine.EvOffsetsExpired, engine.EvLogStartMoved, engine.EvOffsetCommitted:
		return true
	}
	return false
}

// MattersEvent says whether the event log shows e by default: its kind
// Matters, or it is a high watermark move that is never routine. A high
// watermark that goes back (Kafka logs "Non-monotonic update of high
// watermark" at WARN, UnifiedLog.updateHighWatermarkMetadata: a
// truncation below it, a new leader behind the old one) or that rises
// over a record the partition's leader does not have (the engine names
// that leader in the event's Peer: KAFKA-14704's follower exposing
// records it is about to truncate) is part of the story, not fetch
// chatter.
func MattersEvent(e *engine.Event) bool {
	if e.Kind == engine.EvHWChanged {
		return e.End < e.Offset || e.Peer.Kind == engine.NodeBroker
	}
	return Matters(e.Kind)
}

// logIndex is the Seq of every event that Matters, in order, among the
// first n events of history hist.
type logIndex struct {
	hist int
	n    int
	seqs []int
}

// LogLines returns the event log's rows up to the playhead: with showAll
// every event, else those that matter (MattersEvent) and are not the scenario's set-up
// (Player.setUpChatter); at most max of them (the newest),
// oldest first; then the rows the reader already played after the
// playhead, marked Later (LaterLines), which take at most half of max.
// It costs the rows returned plus the events added since the
// last call; a row is formatted once (Store.lines) and then copied.
func (s *Store) LogLines(showAll bool, max int) []LogLine {
	if max <= 0 {
		return nil
	}
	later := s.LaterLines(showAll, min(MaxLaterRows, max/2))
	max -= len(later)
	p := s.Player
	out := make([]LogLine, 0, min(max, 64)+len(later))
	if showAll {
		for e := range p.Recent(max) {
			out = append(out, s.lines.line(p, e))
		}
		reverseLines(out)
		return append(out, later...)
	}
	seqs := s.mattering()
	for i := len(seqs) - 1; i >= 0 && len(out) < max; i-- {
		e, ok := p.c.Event(seqs[i])
		if !ok {
			break // forgotten by a long run (Player.window)
		}
		out = append(out, s.lines.line(p, &e))
	}
	reverseLines(out)
	return append(out, later...)
}

// LaterLines returns the first max rows of the event log after the
// playhead that the reader has already played (Player.EachLaterEvent),
// filtered as LogLines filters, each marked Later, so that after a click
// on an earlier event the rest of the run stays in the log, greyed, to
// click forward to (it went, and the learner could not go back to where
// they were). In a lesson it stops before a question ahead of the
// playhead that waits for its answer (outcomeFrom): what comes from it on
// is the answer. None in the scenario's own run played to its edge.
func (s *Store) LaterLines(showAll bool, max int) []LogLine {
	if max <= 0 {
		return nil
	}
	until, hide := s.outcomeFrom()
	p := s.Player
	var out []LogLine
	p.EachLaterEvent(func(e *engine.Event) bool {
		if hide && e.At >= until {
			return false
		}
		if showAll || p.filteredIn(e) {
			l := s.lines.line(p, e)
			l.Later = true
			out = append(out, l)
		}
		return len(out) < max
	})
	return out
}

// LaterKey changes whenever LaterLines may: with the playhead's history
// and moment (Player.Generation, which a seek changes, and LogTotal), and
// with the lesson's question ahead, which an answer lifts.
func (s *Store) LaterKey() engine.Time {
	if until, hide := s.outcomeFrom(); hide {
		return until
	}
	return -1
}

// LogTotal returns how many rows the event log has up to the playhead:
// every event with showAll, else those LogLines shows filtered.
func (s *Store) LogTotal(showAll bool) int {
	if showAll {
		return s.Player.EventCount()
	}
	return len(s.mattering())
}

func logLine(e *engine.Event) LogLine {
	return LogLine{
		EventLine: EventLine{Seq: e.Seq, Time: engine.FormatTime(e.At), Text: ClipWords(e.String(), MaxLogText), Class: CategoryClass(e.Kind.Category())},
		At:        e.At,
	}
}

func reverseLines(l []LogLine) {
	for i, j := 0, len(l)-1; i < j; i, j = i+1, j-1 {
		l[i], l[j] = l[j], l[i]
	}
}

// mattering brings the index up to the playhead and returns it. A seek
// back in the same history cuts it; a fork keeps the part before the
// fork (Player.sharedEvents), so the rate of the producer panel, which
// forks at every record, costs only what is new.
func (s *Store) mattering() []int {
	p, x := s.Player, &s.log
	if x.hist != p.hist {
		keep, ok := p.sharedEvents(x.hist)
		if !ok {
			keep = 0
		}
		x.hist, x.n = p.hist, min(x.n, keep)
	}
	n := p.EventCount()
	if n < x.n {
		x.n = n
	}
	x.seqs = x.seqs[:sort.SearchInts(x.seqs, x.n)]
	if x.n == n {
		return x.seqs
	}
	// Read the log in place from x.n: nothing is copied. A long run's
	// log has forgotten its old events but those that Matter
	// (Player.window), so the index still holds them.
	p.c.EachEvent(x.n, func(e *engine.Event) bool {
		if p.filteredIn(e) {
			x.seqs = append(x.seqs, e.Seq)
		}
		return true
	})
	x.n = n
	return x.seqs
}

// filteredIn says whether the filtered event log shows e: it matters
// (MattersEvent) and is not set-up chatter.
func (p *Player) filteredIn(e *engine.Event) bool {
	return MattersEvent(e) && !p.setUpChatter(e) && !retryChatter(e)
}

// retryChatter says whether e is a client retrying against a broker it
// cannot reach: a produce or fetch that failed with NETWORK_EXCEPTION (a
// connection to a crashed or cut-off broker) and is about to refresh its
// metadata and try again. After a crash there are dozens of them, and
// they buried the election; the crash and the new leader say what they
// mean, and "show fetch chatter" still lists them.
func retryChatter(e *engine.Event) bool {
	return (e.Kind == engine.EvProduceError || e.Kind == engine.EvConsumerError) && e.Err == engine.ErrNetworkException
}

// setUpChatter says whether e is the scenario preparing itself rather
// than something to follow: the command line of a rate producer's record
// (produce rate=N/s expands into one command every 1000/N ms; the
// producer's acknowledgements stay), any scripted command at the
// scenario's start (creating the topic, starting the consumer, slowing
// links; the topic's creation and first leader stay as events), and the
// latency change a scripted slow at the start gives. A cut or an
// isolation at the start stays: it is a fault.
func (p *Player) setUpChatter(e *engine.Event) bool {
	switch e.Kind {
	case engine.EvCommand:
		if p.lines.lineOf(e) > 0 {
			return true
		}
		_, ok := p.setUpCommand(e)
		return ok
	case engine.EvNetwork:
		if e.At != p.sc.Config.Start || e.Seq == 0 {
			return false
		}
		prev, held := p.c.Event(e.Seq - 1)
		if !held {
			return false
		}
		cmd, ok := p.setUpCommand(&prev)
		_, slow := cmd.(engine.Slow)
		return ok && slow
	}
	return false
}

// setUpCommand returns the scripted command at the scenario's start that
// command event e logged, and false if e is no such event.
func (p *Player) setUpCommand(e *engine.Event) (engine.Command, bool) {
	start := p.sc.Config.Start
	if e.Kind != engine.EvCommand || e.At != start {
		return nil, false
	}
	for _, st := range p.sc.Steps {
		if st.At != start {
			break
		}
		if st.Line > 0 && st.Cmd.String() == e.Text {
			return st.Cmd, true
		}
	}
	return nil, false
}

// lineCache keeps the event log's formatted rows by event Seq, for one
// history of one player (Player.hist: a seek back or a fork starts
// another, whose events may differ at the same Seq). Formatting a row
// (Event.String) was most of a frame's Go work at 9 brokers × 12
// partitions, where every frame adds a row and shifts the other 299.
type lineCache struct {
	player *Player
	hist   int
	lines  map[int]LogLine
}

// lineCacheMax bounds the cache: past it, it starts over.
const lineCacheMax = 4096

// line returns e's row, formatting it only the first time.
func (c *lineCache) line(p *Player, e *engine.Event) LogLine {
	if c.player != p || c.hist != p.hist || len(c.lines) >= lineCacheMax {
		*c = lineCache{player: p, hist: p.hist, lines: make(map[int]LogLine, 512)}
	}
	if l, ok := c.lines[e.Seq]; ok {
		return l
	}
	l := logLine(e)
	c.lines[e.Seq] = l
	return l
}
