package site

import (
	"sort"
	"strings"

	"kplay/engine"
	"kplay/engine/script"
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
// at one simulated time, or over a stretch from At to Until: the records
// of one rate producer (every step of one script line), or markers too
// close to tell apart on the track (Store.TimelineMarkers).
type Marker struct {
	At   engine.Time
	Kind MarkerKind
	// Until is the time of the marker's last event, in simulated ms; At
	// when the marker stands for one moment.
	Until engine.Time
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
	case engine.EvBrokerStopped, engine.EvBrokerStarted, engine.EvNetwork, engine.EvBrokerHung, engine.EvBrokerResumed:
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
	// last holds, for each kind, 1 + the index of its latest marker that
	// is not a script line's, so that a moment's events of one kind share
	// a marker whatever other kinds come between them.
	last [MarkViolation + 1]int
	// lines holds, for each script line whose steps have a marker, that
	// marker's index, so that a rate producer's records share one.
	lines []lineMarker
	// version counts changes to markers, so that views re-render only
	// when it moves.
	version int
	// ahead is the clone run ahead of the playhead to upto, while upto is
	// short of Horizon.
	ahead *Player
	// limit is the limit the run ahead stopped at (Player.clockTo), or
	// nil: the markers end there.
	limit error
	// turn is the Store's turn (Store.turn) of the last markersOnce that
	// ran ahead.
	turn int
}

// lineMarker is the marker of script line line's commands.
type lineMarker struct{ line, index int }

// scan adds the markers of cl's events from c.n on, which continue what
// c has scanned: one per kind and moment. It reads the log in place
// (EachEvent), without copying it, and sees the events a long run's log
// keeps (keptEvent covers every marker's kind) when the rest is
// forgotten. A command of a script line that expands into steps at
// several times (a rate producer, produce rate=N/s) joins that line's
// marker: 1,200 records of a ten-minute producer are one marker, not a
// solid bar.
func (c *markerCache) scan(cl *engine.Cluster, lines lineSteps) {
	changed := false
	cl.EachEvent(c.n, func(e *engine.Event) bool {
		k := markerKind(e.Kind)
		if k == 0 {
			return true
		}
		changed = true
		if k == MarkCommand {
			if line := lines.lineOf(e); line > 0 {
				c.addToLine(line, e)
				return true
			}
		}
		if i := c.last[k] - 1; i >= 0 && c.markers[i].At == e.At {
			c.markers[i].add(e)
			return true
		}
		c.markers = append(c.markers, Marker{At: e.At, Until: e.At, Kind: k, Label: e.String(), Count: 1})
		c.last[k] = len(c.markers)
		return true
	})
	c.n = max(c.n, cl.EventCount())
	if changed {
		c.version++
	}
}

// addToLine adds command event e of script line line to the line's marker,
// which it starts if it is the line's first.
func (c *markerCache) addToLine(line int, e *engine.Event) {
	for _, lm := range c.lines {
		if lm.line == line {
			c.markers[lm.index].add(e)
			return
		}
	}
	c.lines = append(c.lines, lineMarker{line: line, index: len(c.markers)})
	c.markers = append(c.markers, Marker{At: e.At, Until: e.At, Kind: MarkCommand, Label: e.String(), Count: 1})
}

// add counts event e in m: its line joins the label while the label has
// fewer than labelLines.
func (m *Marker) add(e *engine.Event) {
	if m.Count < labelLines {
		m.Label += "\n" + e.String()
	}
	m.Count++
	m.Until = max(m.Until, e.At)
}

// lineSteps are a scenario's scripted steps that share their script line
// with a step at another time (a rate producer's records), in time order,
// each with its command as the event log prints it (EvCommand's Text).
type lineSteps []lineStep

type lineStep struct {
	at   engine.Time
	line int
	cmd  engine.Command
}

// spreadLines returns the steps of sc whose line has steps at more than
// one time.
func spreadLines(sc script.Scenario) lineSteps {
	first := map[int]engine.Time{}
	spread := map[int]bool{}
	for _, st := range sc.Steps {
		if st.Line <= 0 {
			continue
		}
		if at, ok := first[st.Line]; !ok {
			first[st.Line] = st.At
		} else if at != st.At {
			spread[st.Line] = true
		}
	}
	var out lineSteps
	for _, st := range sc.Steps {
		if spread[st.Line] {
			out = append(out, lineStep{at: st.At, line: st.Line, cmd: st.Cmd})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].at < out[j].at })
	return out
}

// lineOf returns the script line of command event e when it is one of
// ls's steps (the same time and command), else 0.
func (ls lineSteps) lineOf(e *engine.Event) int {
	i := sort.Search(len(ls), func(i int) bool { return ls[i].at >= e.At })
	for ; i < len(ls) && ls[i].at == e.At; i++ {
		if ls[i].cmd.String() == e.Text {
			return ls[i].line
		}
	}
	return 0
}

// Horizon returns the end of the timeline: the furthest time this history
// has been played to, or the scenario's last scripted step if later.
func (p *Player) Horizon() engine.Time {
	return max(p.furthest, p.lastStep)
}

// Markers returns the timeline's markers from the start to Horizon, in
// time order, and a version that changes whenever they do. The part beyond
// the playhead comes from a clone of the player run ahead, at most
// aheadEvents events a call, so that a scenario ten simulated minutes long
// (start-here's steady producer: some 40,000 events) fills its timeline
// over a few frames instead of stalling one; until it has, the markers
// end before Horizon. The result is cached per history and extended as
// play goes on, so that a frame costs only the events it added. The slice
// must not be modified.
func (p *Player) Markers() ([]Marker, int) {
	c := &p.marks
	if !c.valid || c.hist != p.hist {
		version := c.version + 1
		*c = markerCache{valid: true, hist: p.hist, upto: p.sc.Config.Start - 1, version: version}
	}
	h := p.Horizon()
	if c.upto >= h {
		c.ahead = nil
		return c.markers, c.version
	}
	if p.Now() >= h {
		// Playing at the edge: the cluster's own log has what is new.
		if p.EventCount() > c.n {
			c.scan(p.c, p.lines)
		}
		c.upto, c.ahead = p.Now(), nil
		return c.markers, c.version
	}
	ahead := c.ahead
	if ahead == nil || ahead.Now() < p.Now() {
		ahead = p.runAhead(p.Now())
	}
	from := ahead.EventCount()
	for ahead.Now() < h && ahead.EventCount()-from < aheadEvents && ahead.limit == nil {
		ahead.play(min(h, ahead.Now()+aheadChunk))
	}
	if ahead.EventCount() > c.n {
		c.scan(ahead.c, p.lines)
	}
	c.upto, c.ahead = ahead.Now(), ahead
	if ahead.limit != nil {
		// The script stops at a limit there: so do its markers.
		c.upto, c.limit = h, ahead.limit
	}
	if c.upto >= h {
		c.ahead = nil
	}
	return c.markers, c.version
}

// markersOnce is Markers run ahead at most once per turn of the Store
// (Store.turn: one per dispatched action, a frame's Tick among them): a
// later call in the same turn returns what the first found. A render reads
// the markers three times (the timeline, its markers and the first
// violation), and each run ahead is up to aheadEvents events, so without
// it the first render of a long scenario ran the engine ahead three times
// before the page could first draw.
func (p *Player) markersOnce(turn int) ([]Marker, int) {
	c := &p.marks
	if c.valid && c.hist == p.hist && c.turn == turn {
		return c.markers, c.version
	}
	ms, v := p.Markers()
	c.turn = turn
	return ms, v
}

// Running ahead for the markers plays aheadChunk simulated ms at a time
// until a call has added aheadEvents events (some 3 ms of a native
// engine's work, 10 ms of the page's wasm) or reached Horizon.
const (
	aheadEvents = 4000
	aheadChunk  = 250
)

// markersDone says whether Markers covers the whole timeline, to Horizon.
func (p *Player) markersDone() bool {
	return p.marks.valid && p.marks.hist == p.hist && p.marks.upto >= p.Horizon()
}

// markersFilling says whether Markers has begun and not yet covered the
// whole timeline (or its history has changed since it last ran).
func (p *Player) markersFilling() bool { return p.marks.valid && !p.markersDone() }

// fillMarkers runs Markers until it covers the whole timeline, for what
// must see all of it at once (JumpToViolation).
func (p *Player) fillMarkers() {
	for p.Markers(); !p.markersDone(); p.Markers() {
	}
}

// runAhead returns a copy of the player played on to t: the same steps on
// a clone of the cluster, without checkpoints, leaving p as it was.
func (p *Player) runAhead(t engine.Time) *Player {
	q := &Player{sc: p.sc, steps: p.steps, next: p.next, c: p.c.Clone(), playhead: p.playhead, err: p.err,
		lastStep: p.lastStep, scriptEnd: p.scriptEnd, maxEvents: p.maxEvents, maxScriptEvents: p.maxScriptEvents}
	q.play(t)
	return q
}

// FirstViolation returns the time of the first broken guarantee on the
// timeline, and false if there is none, or none yet among the markers
// Markers has found so far.
func (p *Player) FirstViolation() (engine.Time, bool) {
	ms, _ := p.Markers()
	return firstViolation(ms)
}

// firstViolation returns the time of the first violation marker of ms.
func firstViolation(ms []Marker) (engine.Time, bool) {
	for _, m := range ms {
		if m.Kind == MarkViolation {
			return m.At, true
		}
	}
	return 0, false
}

// MarkerSlots is how many markers of one kind the timeline's track holds
// at most: markers of a kind closer than 1/MarkerSlots of the track (about
// 3 px of a 1,200 px track) are drawn as one (Store.TimelineMarkers), so
// that a run with thousands of commands stays a row of distinct marks.
const MarkerSlots = 400

// fitMarkers returns ms, in time order, with each marker of a kind that
// starts less than slot ms after the marker of that kind kept before it
// folded into that one (its count, its label's first lines, its Until).
// Each kept marker starts a slot of its own, so a kind keeps at most one
// marker per slot of the track. A slot of 1 ms or less changes nothing.
func fitMarkers(ms []Marker, slot engine.Time) []Marker {
	if slot <= 1 {
		return ms
	}
	out := make([]Marker, 0, min(len(ms), 4*MarkerSlots))
	var last [MarkViolation + 1]int // index+1 in out of each kind's kept marker
	for _, m := range ms {
		if i := last[m.Kind] - 1; i >= 0 && m.At-out[i].At < slot {
			out[i].fold(m)
			continue
		}
		out = append(out, m)
		last[m.Kind] = len(out)
	}
	return out
}

// fold counts marker n's events in m.
func (m *Marker) fold(n Marker) {
	if room := labelLines - min(m.Count, labelLines); room > 0 {
		lines := strings.SplitN(n.Label, "\n", labelLines+1)
		m.Label += "\n" + strings.Join(lines[:min(room, len(lines), n.Count)], "\n")
	}
	m.Count += n.Count
	m.Until = max(m.Until, n.Until)
}

// shownMarkers caches the markers the timeline draws (Store.TimelineMarkers)
// for one version of the player's markers, one outcome switch and one slot.
type shownMarkers struct {
	valid bool
	from  int
	hide  bool
	// hideFrom is the waiting question's time while hide.
	hideFrom engine.Time
	slot     engine.Time
	// to is the slider's end (ScrubRange.To) the markers stop at.
	to engine.Time
	// reached is how many violation markers lie at or before the
	// playhead: the only ones drawn.
	reached int
	markers []Marker
	// version counts changes to markers.
	version int
}
