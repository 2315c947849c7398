package site

import (
	"slices"
	"sort"

	"kplay/engine"
)

// This file holds what the page needs to SEE the run beyond the cluster's
// state at the playhead: which brokers the controller has fenced, the
// records each replica truncated (drawn as struck-through ghosts until
// overwritten), the violations, and the user's selection for the inspector
// and the record lifecycle. All of it is derived from the engine's event
// log, incrementally, and rebuilt when the player replays (a new
// Generation).

// SelKind says what the inspector shows.
type SelKind uint8

// The things a user can select.
const (
	SelNone SelKind = iota
	SelBroker
	SelRecord
	SelMessage
)

// Selection is what the user clicked last.
type Selection struct {
	Kind   SelKind
	Broker engine.BrokerID
	// TP and Record are the clicked record (SelRecord), as the replica on
	// Broker held it; Ghost says it was a truncated ghost cell.
	TP     engine.TopicPartition
	Record engine.Record
	Ghost  bool
	// Msg is the clicked message dot (SelMessage), as it was when clicked.
	Msg engine.Message
}

// Select is an action which shows Target in the inspector (and, for a
// record, its lifecycle).
type Select struct{ Target Selection }

// ClearSelection is an action which empties the inspector.
type ClearSelection struct{}

// ToggleDetail is an action which unfolds the phone's folded inspector
// drawer (Seeing.Folded), or folds it back to its one-line summary.
type ToggleDetail struct{}

// ToggleViolations is an action which unfolds the phone's folded banner
// of broken guarantees (Store.ViolationsFolded) to its full text, or
// folds it back to its one line.
type ToggleViolations struct{}

// SelectOffsetAction is an action which selects the record at Offset of
// the first partition as Broker's replica holds it (or as its ghost); it
// does nothing if there is none. Keyboard users and tests use it.
type SelectOffsetAction struct {
	Broker engine.BrokerID
	Offset engine.Offset
}

// apply selects a.Target. A tap on a broker is mostly for its menu: its
// facts wait in the drawer's one-line summary. A record or a message is
// tapped to be read.
func (a Select) apply(s *Store) bool {
	s.See.Sel = a.Target
	s.See.life = nil
	s.See.Folded = a.Target.Kind == SelBroker
	return true
}

func (ToggleDetail) apply(s *Store) bool {
	if s.See.Sel.Kind == SelNone {
		return false
	}
	s.See.Folded = !s.See.Folded
	return true
}

func (ToggleViolations) apply(s *Store) bool {
	s.See.BannerOpen = !s.See.BannerOpen
	return true
}

func (ClearSelection) apply(s *Store) bool {
	if s.See.Sel.Kind == SelNone {
		return false
	}
	s.See.Sel = Selection{}
	s.See.life = nil
	return true
}

func (a SelectOffsetAction) apply(s *Store) bool {
	sel, ok := s.recordSelection(a.Broker, a.Offset)
	if !ok {
		return false
	}
	s.See.Sel = sel
	s.See.life = nil
	s.See.Folded = false
	return true
}

// recordSelection finds the record at offset o of the first partition on
// broker b: in its log, or among its ghosts.
func (s *Store) recordSelection(b engine.BrokerID, o engine.Offset) (Selection, bool) {
	st := s.Player.State()
	p, ok := FirstPartition(st)
	if !ok {
		return Selection{}, false
	}
	if r, ok := st.Replica(b, p.TP); ok && o >= r.LogStart && o < r.LEO {
		return Selection{Kind: SelRecord, Broker: b, TP: p.TP, Record: r.Log[o-r.LogStart]}, true
	}
	for _, g := range s.Ghosts(b, p.TP) {
		if g.Offset == o {
			return Selection{Kind: SelRecord, Broker: b, TP: p.TP, Record: g, Ghost: true}, true
		}
	}
	return Selection{}, false
}

// Seeing is the Store's selection and its derived-view cache.
type Seeing struct {
	// Sel is what the inspector shows.
	Sel Selection
	// Folded says the phone's drawer shows only the selection's one-line
	// summary (DetailFolded), so that the diagram stays in view; a tap
	// on the summary unfolds it (ToggleDetail). Selecting a broker folds
	// it, a record or a message unfolds it.
	Folded bool
	// BannerOpen says the phone's banner of broken guarantees shows its
	// full text, not its one line (Store.ViolationsFolded; a tap
	// toggles it, ToggleViolations).
	BannerOpen bool
	index      *seeIndex
	life       *lifeBuilder
	// held are the truncations marked on screen (removed.go).
	held heldCuts
}

// replicaKey names one replica.
type replicaKey struct {
	b  engine.BrokerID
	tp engine.TopicPartition
}

// recordKey names one record by offset and leader epoch.
type recordKey struct {
	tp    engine.TopicPartition
	o     engine.Offset
	epoch engine.Epoch
}

// epochRun is a run of a replica's log appended in one event: offsets from
// start, in leader epoch epoch.
type epochRun struct {
	start engine.Offset
	epoch engine.Epoch
}

// seeIndex is what the event log says beyond the state: built by feeding
// it every event in order.
type seeIndex struct {
	// player and read say which run and how much of its log is indexed.
	player     *Player
	read       LogMark
	fenced     map[engine.BrokerID]bool
	runs       map[replicaKey][]epochRun
	ghosts     map[replicaKey][]engine.Record
	values     map[recordKey]string
	violations []engine.Event
	// cuts are the truncations, in order (removed.go).
	cuts []Cut
}

// newSeeIndex returns an empty index of p's log in generation gen.
func newSeeIndex(p *Player, gen int) *seeIndex {
	return &seeIndex{player: p, read: LogMark{Gen: gen}, fenced: map[engine.BrokerID]bool{}, runs: map[replicaKey][]epochRun{},
		ghosts: map[replicaKey][]engine.Record{}, values: map[recordKey]string{}}
}

// feed updates the index with one event.
func (x *seeIndex) feed(e engine.Event) {
	switch e.Kind {
	case engine.EvBrokerFenced:
		x.fenced[engine.BrokerID(e.Peer.ID)] = true
	case engine.EvBrokerUnfenced:
		delete(x.fenced, engine.BrokerID(e.Peer.ID))
	case engine.EvViolation:
		x.violations = append(x.violations, e)
	case engine.EvAppended:
		if e.Node.Kind != engine.NodeBroker {
			return
		}
		k := replicaKey{engine.BrokerID(e.Node.ID), e.TP}
		x.runs[k] = append(cutRuns(x.runs[k], e.Offset), epochRun{start: e.Offset, epoch: e.Epoch})
		x.values[recordKey{e.TP, e.Offset, e.Epoch}] = e.Value
		// New appends overwrite the ghosts at their offsets.
		x.ghosts[k] = slices.DeleteFunc(x.ghosts[k], func(r engine.Record) bool { return r.Offset >= e.Offset && r.Offset < e.End })
		if len(x.ghosts[k]) == 0 {
			delete(x.ghosts, k)
		}
	case engine.EvTruncated:
		if e.Node.Kind != engine.NodeBroker {
			return
		}
		k := replicaKey{engine.BrokerID(e.Node.ID), e.TP}
		runs := x.runs[k]
		gs := slices.DeleteFunc(x.ghosts[k], func(r engine.Record) bool { return r.Offset >= e.Offset && r.Offset < e.End })
		for o := e.Offset; o < e.End; o++ {
			ep := epochAt(runs, o)
			v := x.values[recordKey{e.TP, o, ep}]
			if o == e.Offset && e.Value != "" {
				v = e.Value
			}
			gs = append(gs, engine.Record{Offset: o, LeaderEpoch: ep, Value: v})
		}
		sort.SliceStable(gs, func(i, j int) bool { return gs[i].Offset < gs[j].Offset }) // see mergeSteps on sort.SliceStable
		x.ghosts[k] = gs
		cut := Cut{Seq: e.Seq, At: e.At, Broker: k.b, TP: e.TP, Why: e.Text}
		for _, g := range gs {
			if g.Offset >= e.Offset && g.Offset < e.End {
				cut.Records = append(cut.Records, g)
			}
		}
		x.cuts = append(x.cuts, cut)
		x.runs[k] = cutRuns(runs, e.Offset)
	}
}

// cutRuns drops what runs say about offsets at or after o.
func cutRuns(runs []epochRun, o engine.Offset) []epochRun {
	for len(runs) > 0 && runs[len(runs)-1].start >= o {
		runs = runs[:len(runs)-1]
	}
	return runs
}

// epochAt returns the leader epoch runs give offset o (0 if unknown).
func epochAt(runs []epochRun, o engine.Offset) engine.Epoch {
	for i := len(runs) - 1; i >= 0; i-- {
		if runs[i].start <= o {
			return runs[i].epoch
		}
	}
	return 0
}

// seeIndex returns the index, brought up to the player's events: read on
// from where it was, or built again when the log was rewound
// (LogMark.Since).
func (s *Store) seeIndex() *seeIndex {
	p, m := s.Player, s.Player.LogMark()
	x := s.See.index
	if x == nil || x.player != p || m.Since(x.read) == LogRewound {
		if x != nil && x.player != p {
			// A new scenario: the old selection means nothing in it.
			s.See.Sel, s.See.life = Selection{}, nil
		}
		x = newSeeIndex(p, m.Gen)
		s.See.index = x
	}
	if m.Since(x.read) == LogGrew {
		p.c.EachEvent(x.read.Count, func(e *engine.Event) bool { x.feed(*e); return true })
		x.read = m
	}
	return x
}

// Fenced reports whether the controller has fenced broker b (no heartbeat
// within broker.session.timeout.ms, or a shutdown) and not unfenced it
// since.
func (s *Store) Fenced(b engine.BrokerID) bool { return s.seeIndex().fenced[b] }

// Ghosts returns the records broker b truncated from its replica of tp and
// that no new append has overwritten yet, by offset. A value the event log
// does not name is filled from any replica that holds the same offset in
// the same leader epoch.
func (s *Store) Ghosts(b engine.BrokerID, tp engine.TopicPartition) []engine.Record {
	gs := s.seeIndex().ghosts[replicaKey{b, tp}]
	if len(gs) == 0 {
		return nil
	}
	out := slices.Clone(gs)
	var st engine.State
	loaded := false
	for i, g := range out {
		if g.Value != "" {
			continue
		}
		if !loaded {
			st, loaded = s.Player.State(), true
		}
		for _, bs := range st.Brokers {
			if r, ok := st.Replica(bs.ID, tp); ok && g.Offset >= r.LogStart && g.Offset < r.LEO {
				if rec := r.Log[g.Offset-r.LogStart]; rec.LeaderEpoch == g.LeaderEpoch {
					out[i] = rec
					break
				}
			}
		}
	}
	return out
}

// GhostEnd returns one past the last ghost offset of tp on any broker, or
// 0: the diagram's strips stretch to show them.
func (s *Store) GhostEnd(tp engine.TopicPartition) engine.Offset {
	var end engine.Offset
	for k, gs := range s.seeIndex().ghosts {
		if k.tp == tp && len(gs) > 0 {
			end = max(end, gs[len(gs)-1].Offset+1)
		}
	}
	return end
}

// GhostEndOn returns one past the last ghost offset of tp on broker b, or
// 0 if b has none.
func (s *Store) GhostEndOn(tp engine.TopicPartition, b engine.BrokerID) engine.Offset {
	gs := s.seeIndex().ghosts[replicaKey{b: b, tp: tp}]
	if len(gs) == 0 {
		return 0
	}
	return gs[len(gs)-1].Offset + 1
}

// Lost returns the records the violations shown so far name
// (shownViolations): not while a question asked before them waits for its
// answer, since the red outlines would give it away.
func (s *Store) Lost() []LostRecord {
	return LostRecords(s.shownViolations())
}

// Lifecycle returns the selected record's lifecycle so far, or nil if no
// record is selected.
func (s *Store) Lifecycle() []LifeStep {
	s.seeIndex() // drops a selection from another scenario
	sel := s.See.Sel
	if sel.Kind != SelRecord {
		return nil
	}
	if sel.Record.Producer.Kind == engine.NodeNone {
		// A struck-through cell names no producer; once the playhead
		// shows the record in the log (a rewind), the selection learns
		// it, and the lifecycle its produce step.
		if now := s.recordNow(sel); now.Record.Producer.Kind != engine.NodeNone {
			s.See.Sel.Record, s.See.life = now.Record, nil
			sel = s.See.Sel
		}
	}
	p, m := s.Player, s.Player.LogMark()
	lb := s.See.life
	if lb == nil || lb.player != p || m.Since(lb.read) == LogRewound {
		lb = newLifeBuilder(sel.TP, sel.Record)
		lb.player, lb.read = p, LogMark{Gen: m.Gen}
		s.See.life = lb
	}
	if m.Since(lb.read) == LogGrew {
		p.c.EachEvent(lb.read.Count, func(e *engine.Event) bool { lb.feed(*e); return true })
		lb.read = m
	}
	return lb.steps()
}
