package site

import (
	"kplay/engine"
)

// MarkerKind says what a timeline marker stands for.
type MarkerKind uint8

// The kinds of timeline marker.
const (
	// MarkCommand: a command was applied (scripted or the user's).
	MarkCommand MarkerKind = iota + 1
	// MarkFault: a broker stopped or started, or links changed.
	MarkFault
	// MarkLeader: a partition got a new leader.
	MarkLeader
	// MarkViolation: a Kafka guarantee broke.
	MarkViolation
)

// String returns the kind's CSS-friendly name.
func (k MarkerKind) String() string {
	switch k {
	case MarkCommand:
		return "command"
	case MarkFault:
		return "fault"
	case MarkLeader:
		return "leader"
	case MarkViolation:
		return "violation"
	}
	return "unknown"
}

// Marker is one point of interest on the timeline: the events of one kind
// at one simulated time.
type Marker struct {
	At   engine.Time
	Kind MarkerKind
	// Label holds the log lines of the first labelLines events, one a
	// line.
	Label string
	// Count is how many events the marker stands for.
	Count int
}

// More returns how many of the marker's events its label leaves out.
func (m Marker) More() int { return max(0, m.Count-labelLines) }

// labelLines is how many events a marker's label lists.
const labelLines = 3

// markerKind maps an event to its marker kind, or 0 if it has none.
func markerKind(k engine.EventKind) MarkerKind {
	switch k {
	case engine.EvCommand:
		return MarkCommand
	case engine.EvBrokerStopped, engine.EvBrokerStarted, engine.EvNetwork:
		return MarkFault
	case engine.EvLeaderElected:
		return MarkLeader
	case engine.EvViolation:
		return MarkViolation
	}
	return 0
}

// markerCache holds the markers of one history (Player.hist) from the
// start up to upto, built from the first n events of the event log, which
// every cluster of that history shares.
type markerCache struct {
	valid   bool
	hist    int
	upto    engine.Time
	n       int
	markers []Marker
	// version counts changes to markers, so that views re-render only
	// when it moves.
	version int
}

// scan adds the markers of events, which must continue the log at c.n.
func (c *markerCache) scan(events []engine.Event) {
	changed := false
	for _, e := range events {
		c.n++
		k := markerKind(e.Kind)
		if k == 0 {
			continue
		}
		changed = true
		if last := len(c.markers) - 1; last >= 0 && c.markers[last].At == e.At && c.markers[last].Kind == k {
			m := &c.markers[last]
			if m.Count < labelLines {
				m.Label += "\n" + e.String()
			}
			m.Count++
			continue
		}
		c.markers = append(c.markers, Marker{At: e.At, Kind: k, Label: e.String(), Count: 1})
	}
	if changed {
		c.version++
	}
}

// Horizon returns the end of the timeline: the furthest time this history
// has been played to, or the scenario's last scripted step if later.
func (p *Player) Horizon() engine.Time {
	h := p.furthest
	for _, st := range p.sc.Steps {
		h = max(h, st.At)
	}
	return max(h, p.sc.Config.Start)
}

// Markers returns the timeline's markers from the start to Horizon, in
// time order, and a version that changes whenever they do. The part beyond
// the playhead comes from a clone of the player run ahead; the result is
// cached per history and extended as play goes on, so that a frame costs
// only the events it added. The slice must not be modified.
func (p *Player) Markers() ([]Marker, int) {
	c := &p.marks
	if !c.valid || c.hist != p.hist {
		version := c.version + 1
		*c = markerCache{valid: true, hist: p.hist, upto: p.sc.Config.Start - 1, version: version}
	}
	h := p.Horizon()
	if c.upto >= h {
		return c.markers, c.version
	}
	if p.Now() >= h {
		// Playing at the edge: the cluster's own log has what is new.
		if p.EventCount() > c.n {
			c.scan(p.c.Events(c.n))
		}
		c.upto = p.Now()
		return c.markers, c.version
	}
	ahead := p.runAhead(h)
	if ahead.EventCount() > c.n {
		c.scan(ahead.Events(c.n))
	}
	c.upto = h
	return c.markers, c.version
}

// runAhead returns a copy of the player played on to t: the same steps on
// a clone of the cluster, without checkpoints, leaving p as it was.
func (p *Player) runAhead(t engine.Time) *Player {
	q := &Player{sc: p.sc, steps: p.steps, next: p.next, c: p.c.Clone(), playhead: p.playhead, err: p.err}
	q.play(t)
	return q
}

// FirstViolation returns the time of the first broken guarantee on the
// timeline, and false if there is none.
func (p *Player) FirstViolation() (engine.Time, bool) {
	ms, _ := p.Markers()
	for _, m := range ms {
		if m.Kind == MarkViolation {
			return m.At, true
		}
	}
	return 0, false
}
