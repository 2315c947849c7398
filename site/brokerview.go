package site

import (
	"math"
	"slices"
	"strconv"

	"kplay/engine"
)

// This file holds the broker boxes' view: everything one box of the
// diagram shows, as plain data computed from the engine's state and the
// reader's selection, so that native tests can check it and the page
// redraws a box only when its view changed.

// Broker box geometry, relative to the box's top-left corner, in viewBox
// units: the name's baseline, the badge row, the log strip's top and the
// status line's baseline; a timer's ring is RingR in radius, RingX left of
// the box's right edge on the badge row.
const (
	BoxTitleY  = 22
	BoxBadgeY  = 30
	BoxStripY  = 66
	BoxStatusY = 126
	RingR      = 8
	RingX      = 20
)

// BrokerView is one broker's box.
type BrokerView struct {
	// Node is the box: its key, role, broker id and rectangle.
	Node NodeBox
	// Alive says the broker runs; MenuOpen that its action menu is open.
	Alive, MenuOpen bool
	// OutOfSync marks a leader or follower of the first partition that is
	// not in its ISR; Fenced a broker the controller fenced.
	OutOfSync, Fenced bool
	// Look is the role pill, the badges and the warning note (LookOf).
	Look BrokerLook
	// Badges are Look's badges as the box draws them (FitBadges): in up
	// to two rows, clear of the countdown and of the labels over the
	// strip, a short form where a whole one finds no room, the rest
	// folded into "+N".
	Badges []PlacedBadge
	// Timer is the countdown drawn on the box (Timers), quantized, with
	// the label FitBadges leaves it.
	Timer TimerView
	// HasReplica says the broker holds a replica of the first partition;
	// without one the box says so and has no strip.
	HasReplica bool
	// Status is the line under the strip and StatusClass its class,
	// never "" (a DOM class list refuses an empty token):
	// "status", or "note" for a warning; without a replica, the line
	// that says so (NoReplicaLine), of class "sub".
	Status, StatusClass string
	// Strip is the replica's log strip.
	Strip StripView
	// Removed marks a truncation of the replica for a few seconds after
	// it (RemovedMarkOf), drawn in place of Status; its On is false
	// otherwise, and while Status is a warning note.
	Removed RemovedMark
}

// Equal reports whether v and w draw the same box: every field, but the
// countdown's Left, which follows its arc (TimerView.Same).
func (v BrokerView) Equal(w BrokerView) bool {
	return v.Node == w.Node && v.Alive == w.Alive && v.MenuOpen == w.MenuOpen && v.OutOfSync == w.OutOfSync && v.Fenced == w.Fenced &&
		v.Look.Role == w.Look.Role && v.Look.RoleKey == w.Look.RoleKey && v.Look.Note == w.Look.Note && v.Look.Refused == w.Look.Refused && v.Look.Hung == w.Look.Hung && slices.Equal(v.Look.Badges, w.Look.Badges) &&
		slices.EqualFunc(v.Badges, w.Badges, PlacedBadge.Equal) &&
		v.Timer.Same(w.Timer) && v.HasReplica == w.HasReplica && v.Status == w.Status && v.StatusClass == w.StatusClass && v.Strip.Equal(w.Strip) &&
		v.Removed == w.Removed
}

// TimerView is a countdown ring as drawn: Timer with its arc in whole
// percent, so that a box is redrawn when the ring visibly moves, not on
// every simulated millisecond.
type TimerView struct {
	// Kind is "" for none, else TimerSession, TimerLag or TimerRequest.
	Kind, Label, Title string
	// Percent is the arc left, 0 to 100.
	Percent int
	// Left is the time left in simulated ms at the last redraw
	// (data-left).
	Left engine.Time
}

// ViewOf quantizes t for drawing.
func ViewOf(t Timer) TimerView {
	if t.Kind == "" {
		return TimerView{}
	}
	return TimerView{Kind: t.Kind, Label: t.Label, Title: t.Title, Percent: int(math.Round(t.Fraction() * 100)), Left: t.Left}
}

// FitTimer returns t as a box boxW wide draws it: with its Label when
// that fits between the box's left padding and the ring (TimerRoomW),
// else with its Short, so that a countdown's words never run out of the
// box (a 169-unit box of the nine-broker phone grid holds "fenced in
// 6.2 s" but not "leaves the ISR in 29.9 s"). The tooltip keeps the
// whole sentence.
func FitTimer(t Timer, boxW float64) Timer {
	if t.Short != "" && TimerRoomW(t.Label) > boxW-2*BadgePad {
		t.Label = t.Short
	}
	return t
}

// Same reports whether v and w draw the same ring: all but Left, which
// follows the arc.
func (v TimerView) Same(w TimerView) bool {
	return v.Kind == w.Kind && v.Label == w.Label && v.Title == w.Title && v.Percent == w.Percent
}

// StripView is a replica's log strip: a row of offset cells From to To
// (exclusive), each CellW × CellH, drawn X from the box's left edge.
type StripView struct {
	Broker  engine.BrokerID
	TP      engine.TopicPartition
	LEO, HW engine.Offset
	// LogStart is the replica's log start offset: retention deleted the
	// offsets below it (engine/retention.go), drawn as CellDeleted.
	LogStart engine.Offset
	// Segments are the first offsets of the log's segments after its
	// first, within the strip (nil unless the scenario sets a retention
	// or segment setting): retention deletes whole segments.
	Segments     []engine.Offset
	From, To     engine.Offset
	CellW, CellH float64
	X            float64
	Cells        []CellView
}

// Equal reports whether s and t draw the same strip.
func (s StripView) Equal(t StripView) bool {
	return s.Broker == t.Broker && s.TP == t.TP && s.LEO == t.LEO && s.HW == t.HW && s.LogStart == t.LogStart && slices.Equal(s.Segments, t.Segments) &&
		s.From == t.From && s.To == t.To &&
		s.CellW == t.CellW && s.CellH == t.CellH && s.X == t.X && slices.Equal(s.Cells, t.Cells)
}

// CellKind is what a strip's cell holds.
type CellKind uint8

// The kinds of cell.
const (
	// CellEmpty is an offset the replica does not hold.
	CellEmpty CellKind = iota
	// CellRecord is a record the replica holds.
	CellRecord
	// CellGhost is a record the replica truncated that nothing has
	// overwritten yet, drawn struck through.
	CellGhost
	// CellDeleted is an offset below the replica's log start offset:
	// log retention deleted the segment that held it, or the replica
	// followed the leader's log start offset (engine/retention.go).
	CellDeleted
)

// CellView is one offset of a strip.
type CellView struct {
	Kind   CellKind
	Offset engine.Offset
	// X is the cell's left edge from the strip's start.
	X float64
	// Record is the record held (CellRecord) or truncated (CellGhost).
	Record engine.Record
	// EpochClass colours the cell by leader epoch: "ep0" … "ep5".
	EpochClass string
	// Committed says the offset is below the HW; Fresh that the replica
	// appended it in the last moments (FreshCells); Selected that it is
	// the record the inspector shows; Lost that a broken guarantee names
	// it (a lost acknowledged record); Duplicate that it is a second
	// append of the record at DupOf, a retry without idempotence
	// (Duplicates).
	Committed, Fresh, Selected, Lost, Duplicate bool
	// DupOf is the offset of a Duplicate's first copy.
	DupOf engine.Offset
	// Tip is the cell's tooltip.
	Tip string
}

// BrokerInputs is what BrokerViewOf reads besides the state: the first
// partition (HasPart false without one), the window of offsets every
// strip shows, the cells' size, what was appended lately, the lost
// records, the reader's selection and open menu, and the timer on the
// box.
type BrokerInputs struct {
	Part         engine.PartitionState
	HasPart      bool
	From, To     engine.Offset
	CellW, CellH float64
	Fresh        [2]engine.Offset
	FreshValid   bool
	Lost         []LostRecord
	Ghosts       []engine.Record
	Sel          Selection
	MenuOpen     bool
	Timer        Timer
	// HideDups leaves the duplicates unmarked while a question waits for
	// its answer (HideOutcome), as Lost leaves the lost records: a
	// lesson may ask how many copies a retry leaves.
	HideDups bool
	// Cut is the replica's truncation still marked on screen (HeldCut),
	// when HasCut.
	Cut    Cut
	HasCut bool
}

// BrokerViewOf returns the view of the box n of broker n.Broker.
func BrokerViewOf(st engine.State, n NodeBox, in BrokerInputs) BrokerView {
	look := LookOf(st, n.Broker)
	v := BrokerView{
		Node: n, Alive: brokerUp(st, n.Broker), MenuOpen: in.MenuOpen, Look: look,
		OutOfSync: in.HasPart && (n.Role == RoleLeader || n.Role == RoleFollower) && !slices.Contains(in.Part.ISR, n.Broker),
	}
	for _, b := range look.Badges {
		if b.Key == "fenced" {
			v.Fenced = true
		}
	}
	if !in.HasPart {
		// No partition yet (a cluster without a topic, or a script
		// that did not compile): no line, and a class the page can add.
		v.StatusClass = "sub"
		v.placeBadges(in.Timer)
		return v
	}
	rep, ok := st.Replica(n.Broker, in.Part.TP)
	if !ok {
		v.Status, v.StatusClass = NoReplicaLine(in.Part.TP, n.Rect.W-2*BadgePad), "sub"
		v.placeBadges(in.Timer)
		return v
	}
	v.HasReplica = true
	v.Strip = stripOf(rep, in, n.Rect.W)
	v.placeBadges(in.Timer)
	v.Status, v.StatusClass = ReplicaStatus(in.Part, rep, n.Rect.W < 250), "status"
	// A follower writing what it fetched to a slow disk is doing that,
	// whatever its leader does meanwhile.
	if len(rep.Writing) == 0 && !rep.Leader && in.Part.Leader != engine.NoLeader && in.Part.Leader != n.Broker && !brokerUp(st, in.Part.Leader) {
		// Its leader's process is gone, so its connection is reset and
		// every fetch to it fails at once; the fetcher delays the partition
		// by replica.fetch.backoff.ms and tries again
		// (AbstractFetcherThread.handlePartitionsWithErrors) until the
		// metadata names a new leader. No response is on the way.
		v.Status = LeaderDownStatus(in.Part.Leader, n.Rect.W < 250)
	}
	if !v.Alive {
		v.Status = "stopped: its log stays on disk"
	}
	if look.Refused != "" {
		v.Status, v.StatusClass = look.Refused, "note"
	}
	if look.Note != "" {
		v.Status, v.StatusClass = look.Note, "note"
	}
	if in.HasCut && v.StatusClass != "note" {
		v.Removed = RemovedMarkOf(in.Cut, n.Rect.W)
	}
	return v
}

// placeBadges places v's badges and countdown t on its box
// (FitBadges), clear of the labels over its strip.
func (v *BrokerView) placeBadges(t Timer) {
	var fitted Timer
	v.Badges, fitted = FitBadges(v.Look.Badges, v.Node.Rect.W, t, StripLabelSpans(v.Strip))
	v.Timer = ViewOf(fitted)
}

// stripOf is the log strip of replica r in a box boxW wide.
func stripOf(r engine.ReplicaState, in BrokerInputs, boxW float64) StripView {
	s := StripView{Broker: r.Broker, TP: in.Part.TP, LEO: r.LEO, HW: r.HW, LogStart: r.LogStart, From: in.From, To: in.To, CellW: in.CellW, CellH: in.CellH}
	s.X = (boxW - float64(in.To-in.From)*in.CellW) / 2
	for i, seg := range r.Segments {
		if i > 0 && seg.Base > in.From && seg.Base < in.To {
			s.Segments = append(s.Segments, seg.Base)
		}
	}
	s.Cells = make([]CellView, 0, max(0, int(in.To-in.From)))
	sel := in.Sel.Kind == SelRecord && in.Sel.Broker == r.Broker && in.Sel.TP == in.Part.TP
	var dups map[engine.Offset]engine.Offset
	if !in.HideDups {
		dups = Duplicates(r.Log, r.LogStart, in.From, in.To)
	}
	for o := in.From; o < in.To; o++ {
		c := CellView{Offset: o, X: float64(o-in.From) * in.CellW}
		lost, isLost := LostAt(in.Lost, in.Part.TP, o)
		switch {
		case o < r.LogStart:
			c.Kind = CellDeleted
			c.Tip = "offset " + itoa(int64(o)) + ": deleted by log retention (retention.ms or retention.bytes); broker " + itoa(int64(r.Broker)) +
				"'s log now starts at offset " + itoa(int64(r.LogStart)) + " (its log start offset)"
		case o >= r.LogStart && o < r.LEO:
			rec := r.Log[o-r.LogStart]
			c.Kind, c.Record, c.EpochClass = CellRecord, rec, epochClass(rec.LeaderEpoch)
			c.Committed = o < r.HW
			c.Fresh = in.FreshValid && o >= in.Fresh[0] && o < in.Fresh[1]
			c.Tip = "offset " + itoa(int64(o)) + ": " + rec.Value
			if rec.Key != "" {
				c.Tip = "offset " + itoa(int64(o)) + ": " + rec.Key + "=" + rec.Value
			}
			c.Selected = sel && SameRecord(in.Sel.Record, rec)
			if first, ok := dups[o]; ok {
				c.Duplicate, c.DupOf = true, first
				c.Tip += "\nduplicate: " + DuplicateSentence(recordName(rec), o, first)
			}
			if isLost && lost.Value == rec.Value {
				c.Lost, c.Tip = true, c.Tip+"\n"+lost.Title
			}
		default:
			if g, ok := ghostAt(in.Ghosts, o); ok {
				c.Kind, c.Record, c.EpochClass = CellGhost, g, epochClass(g.LeaderEpoch)
				name := g.Value
				if name == "" {
					name = "a record"
				}
				c.Tip = "offset " + itoa(int64(o)) + ": " + name + " — truncated from broker " + itoa(int64(r.Broker)) + "'s log"
				c.Selected = sel && SameRecord(in.Sel.Record, g)
				if isLost && (g.Value == "" || lost.Value == g.Value) {
					c.Lost, c.Tip = true, c.Tip+"\n"+lost.Title
				}
			} else if isLost {
				c.Lost = true
				c.Tip = "offset " + itoa(int64(o)) + ": " + lost.Value + " is not here\n" + lost.Title
			}
		}
		s.Cells = append(s.Cells, c)
	}
	return s
}

// epochClass is a cell's colour class: one of six, cycling per leader
// epoch ("ep0" … "ep5").
func epochClass(e engine.Epoch) string { return "ep" + strconv.FormatInt(int64(e)%6, 10) }

// ghostAt finds the ghost at offset o.
func ghostAt(gs []engine.Record, o engine.Offset) (engine.Record, bool) {
	for _, g := range gs {
		if g.Offset == o {
			return g, true
		}
	}
	return engine.Record{}, false
}

// brokerUp says broker b is running.
func brokerUp(st engine.State, b engine.BrokerID) bool {
	for _, x := range st.Brokers {
		if x.ID == b {
			return x.Alive
		}
	}
	return false
}

// BrokerViews returns the view of every broker box of lay at the
// playhead, in the order of lay.Nodes (clients left out), with the
// countdowns timers (Timers). Every strip shows the same window of
// offsets, the newest the box has room for, shifted where a replica's own
// log lies elsewhere (ReplicaWindow); truncated records stay in view until
// overwritten, and the box marks a truncation for TruncationHoldMs of
// real time (HeldCut) even after that.
func (s *Store) BrokerViews(st engine.State, lay Layout, timers []Timer) []BrokerView {
	p := s.Player
	part, hasPart := FirstPartition(st)
	var maxLEO engine.Offset
	var fresh map[engine.BrokerID][2]engine.Offset
	if hasPart {
		for _, id := range part.Replicas {
			if r, ok := st.Replica(id, part.TP); ok {
				maxLEO = max(maxLEO, r.LEO)
			}
		}
		maxLEO = max(maxLEO, s.GhostEnd(part.TP)-1)
		fresh = FreshCells(p.Recent(4096), part.TP, p.Now(), FreshWindow(PaceSpeed(p.Scenario().Pace)))
	}
	lost, hide := s.Lost(), s.HideOutcome()
	var out []BrokerView
	for _, n := range lay.Nodes {
		if n.Broker == 0 {
			continue
		}
		in := BrokerInputs{Part: part, HasPart: hasPart, CellW: lay.CellW, CellH: lay.CellH, Lost: lost,
			Sel: s.See.Sel, MenuOpen: s.MenuOpen && s.Menu == n.Broker, Timer: TimerOn(timers, n.Key), HideDups: hide}
		if hasPart {
			// The window may reach below the replicas' log start offsets:
			// the offsets retention deleted are drawn as gone (CellDeleted).
			in.From, in.To = LogWindow(maxLEO, 0, n.Cells)
			if r, ok := st.Replica(n.Broker, part.TP); ok {
				own := max(r.LEO, s.GhostEndOn(part.TP, n.Broker)-1)
				in.From, in.To = ReplicaWindow(in.From, in.To, own, 0, n.Cells)
			}
			in.Fresh, in.FreshValid = fresh[n.Broker]
			in.Ghosts = s.Ghosts(n.Broker, part.TP)
			in.Cut, in.HasCut = s.HeldCut(n.Broker, part.TP)
		}
		out = append(out, BrokerViewOf(st, n, in))
	}
	return out
}

// TimerOn returns the countdown of timers drawn on node key ("b1",
// "producer"), or the zero Timer if none.
func TimerOn(timers []Timer, key string) Timer {
	for _, t := range timers {
		if t.Node == key {
			return t
		}
	}
	return Timer{}
}

// LeaderDownStatus words a follower's fetching while the leader it
// fetches from, leader, is down: its fetches fail and are retried
// (replica.fetch.backoff.ms) until the controller elects another leader.
// Compact is the narrow box's wording.
func LeaderDownStatus(leader engine.BrokerID, compact bool) string {
	if compact {
		return BrokerKey(leader) + " down: retrying"
	}
	return "leader " + BrokerKey(leader) + " down: fetches fail, retried"
}
