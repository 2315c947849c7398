package site

import (
	"errors"
	"math"
	"slices"
	"sort"
	"strconv"

	"kplay/engine"
	"kplay/engine/script"
)

// Player owns the cluster at the playhead. It plays a compiled scenario
// forward in simulated milliseconds, steps one engine event at a time,
// seeks by replaying from the latest checkpoint (a clone of the cluster)
// at or before the target, and records the commands a user injects so that
// a replay repeats them.
//
// Invariant: every step (scripted or injected) with At <= Now() has been
// applied, and none after it; except after HoldAt, which leaves some of
// the steps at Now() for the next move.
type Player struct {
	sc script.Scenario
	// scripted is sc.Steps in time order.
	scripted []script.Step
	// user holds the injected commands, in the order they were taken,
	// which is time order.
	user []script.Step
	// steps merges sc.Steps and user by At (scripted first at a tie);
	// next is the first step not yet applied.
	steps []script.Step
	next  int

	c        *engine.Cluster
	playhead engine.Time
	// frac is the part of a millisecond that Advance has accumulated but
	// not yet played. Invariant: 0 <= frac < 1.
	frac float64
	// err is the first error a scripted step gave since the last rebuild.
	err error
	// gen counts rebuilds, so that views can tell a replay from the run
	// they showed before. A Store's next scenario's player counts on from
	// its last one's (followGeneration), so that a view keyed on the
	// generation and the event count never takes it for the old one.
	gen int

	// cps are the saved states a seek starts from.
	cps checkpoints
	// furthest is the latest time this history has been played to.
	furthest engine.Time
	// hist counts forks (injected commands): two equal hist values mean
	// the same steps, so the same future.
	hist int
	// forks are the latest forks, for sharedEvents.
	forks []forkMark
	// marks caches the timeline's markers for hist; lines are the
	// scenario's steps that share a script line across times, for them.
	marks markerCache
	lines lineSteps
	// lastStep is the start or the scenario's last scripted step,
	// whichever is later, for Horizon; scriptEnd is lastStep or the
	// moment the script's last directive reaches, whichever is later:
	// until then MaxScriptEvents holds.
	lastStep, scriptEnd engine.Time
	// lastMoment is the scenario's last moment for the scrubber's range
	// (ScrubRange, lastMoment).
	lastMoment engine.Time
	// limit is the limit (MaxPlaySpan, MaxPlayEvents, MaxScriptEvents)
	// playback has stopped at since the last rebuild, or nil.
	limit error
	// maxEvents and maxScriptEvents replace MaxPlayEvents and
	// script.MaxScriptEvents when positive, for tests.
	maxEvents, maxScriptEvents int
	// replayed is how many events the last Seek replayed after its
	// restore, for tests of the seek's cost.
	replayed int
	// state caches State() for the cluster of generation stateGen at
	// engine version stateVer; a frame asks for it several times.
	state    engine.State
	stateGen int
	stateVer uint64
	stateOK  bool
	// describe caches Describe for the state of describeGen, describeVer.
	describe    string
	describeGen int
	describeVer uint64
	describeOK  bool
	// rounds caches RecentFetchRounds, one entry per follower asked about.
	rounds []roundsCache
	// later is the cluster of history laterHist as it was, further on,
	// before a seek moved the playhead back: what the reader has already
	// played after the playhead, for the event log (LaterEvents). nil when
	// nothing played lies ahead.
	later     *engine.Cluster
	laterHist int
}

// roundsCache is what the log holds, up to its mark read, of follower's
// fetch rounds of tp: how many, and the last keep of them.
type roundsCache struct {
	read     LogMark
	tp       engine.TopicPartition
	follower engine.BrokerID
	keep     int
	total    int
	last     []engine.FetchRound
}

// NewPlayer returns a player at the scenario's start, with the steps at the
// start applied, or the error that makes the scenario's cluster invalid.
func NewPlayer(sc script.Scenario) (*Player, error) {
	p := &Player{sc: sc, cps: newCheckpoints(sc.Config.Start), lines: spreadLines(sc), lastStep: sc.Config.Start}
	for _, st := range sc.Steps {
		p.lastStep = max(p.lastStep, st.At)
	}
	p.scriptEnd = max(p.lastStep, sc.End)
	p.lastMoment = lastMoment(sc, p.lines)
	p.scripted = byTime(sc.Steps)
	p.steps = mergeSteps(p.scripted, nil)
	if err := p.rebuild(); err != nil {
		return nil, err
	}
	p.advanceTo(sc.Config.Start)
	return p, nil
}

// rebuild starts over with a fresh cluster at the scenario's start and no
// step applied.
func (p *Player) rebuild() error {
	c, err := engine.New(p.sc.Config)
	if err != nil {
		return err
	}
	c.KeepEvents(keptEvent, maxKeptEvents)
	p.c, p.playhead, p.frac, p.next, p.err, p.limit = c, p.sc.Config.Start, 0, 0, nil, nil
	p.gen++
	return nil
}

// The limits on what one history of the page plays (docs/design.md §9):
// MaxPlaySpan of simulated time past the scenario's start, which a tab
// left playing at the top speed (10×) reaches after 2.4 hours, and
// MaxPlayEvents events, the reader's actions and their consequences
// included: nine brokers with twelve partitions that hold records make
// about a million events an hour even with no client, so a day of them
// fits, and the limit bounds the checkpoint spacing (checkpoint.go) and so
// every seek. MaxUserSteps bounds the commands a reader injects into one
// history, as script.MaxScriptRecords bounds a script's records. At a
// limit playback stops, with Err saying which; a seek back plays again.
const (
	MaxPlaySpan   = engine.Time(24 * 60 * 60 * 1000)
	MaxPlayEvents = 32_000_000
	MaxUserSteps  = 100_000
)

// The event log of a long run holds only its newest eventWindow events
// whole (some 6 MB), a checkpoint past them none of its own (a seek's
// log then holds what it replayed), and, apart, the newest
// maxKeptEvents of those the event log shows by default (Matters: commands, faults, elections, ISR
// changes, acks, truncation, violations), so that what the page shows of
// the past survives: the filtered event log, the timeline's markers, the
// inspector's fencing and truncation.
const (
	eventWindow   = 32 * 1024
	maxKeptEvents = 32 * 1024
)

// keptEvent says which events a long run keeps when it forgets the rest.
func keptEvent(e *engine.Event) bool { return MattersEvent(e) }

// window lets the cluster's log forget what lies eventWindow events
// behind its newest.
func (p *Player) window() {
	if n := p.c.EventCount(); n-p.c.FirstEvent() >= eventWindow+4*1024 {
		p.c.ForgetEventsBefore(n - eventWindow)
	}
}

// LimitError is a limit of the page's playback (MaxPlaySpan,
// MaxPlayEvents) that a history reached: Msg says which, and when.
type LimitError struct{ Msg string }

func (e *LimitError) Error() string { return e.Msg }

func (p *Player) playLimit() int {
	if p.maxEvents > 0 {
		return p.maxEvents
	}
	return MaxPlayEvents
}

func (p *Player) scriptLimit() int {
	if p.maxScriptEvents > 0 {
		return p.maxScriptEvents
	}
	return script.MaxScriptEvents
}

// clockTo moves the cluster's clock to t as engine.Cluster.AdvanceTo
// does, one delivery or timer at a time, taking the checkpoints that come
// due on the way; it stops, with p.limit set, when the history passes
// MaxPlayEvents, or the script's part of it (to scriptEnd)
// MaxScriptEvents, and then reports false.
func (p *Player) clockTo(t engine.Time) bool {
	c := p.c
	for {
		n := c.EventCount()
		if n > p.playLimit() {
			p.stop(&LimitError{Msg: "This history has made more than " + thousands(p.playLimit()) + " events by " + engine.FormatTime(c.Now()) +
				", the most the page plays (MaxPlayEvents), so playback stops here. Seek back, or apply the script again to start over."})
			return false
		}
		if n > p.scriptLimit() && c.Now() <= p.scriptEnd {
			p.stop(&StepError{Line: p.lineReached(), Err: errors.New(script.EventsLimitMsg(p.scriptLimit(), c.Now()))})
			return false
		}
		at, ok := c.NextAt()
		if !ok || at > t {
			c.AdvanceTo(t)
			return true
		}
		c.Step()
		if n-c.FirstEvent() >= eventWindow+4*1024 {
			p.window()
		}
		if at < t && p.cps.every > 0 && len(p.cps.list) > 0 && c.EventCount() >= p.cps.nextMark() {
			if next, ok := c.NextAt(); !ok || next > c.Now() {
				// The moment c.Now() is complete and every step up to it
				// applied (those pending are at t or later).
				p.cps.add(p.checkpoint(c.Now()))
			}
		}
	}
}

// stop ends playback at a limit.
func (p *Player) stop(err error) {
	p.limit = err
	p.playhead = max(p.playhead, p.c.Now())
	p.furthest = max(p.furthest, p.playhead)
}

// lineReached returns the script line of the latest scripted step applied,
// else of the first one, else 0.
func (p *Player) lineReached() int {
	for i := p.next - 1; i >= 0; i-- {
		if p.steps[i].Line > 0 {
			return p.steps[i].Line
		}
	}
	for _, st := range p.steps {
		if st.Line > 0 {
			return st.Line
		}
	}
	return 0
}

// thousands prints n with commas: 4,000,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// mergeSteps orders scripted and user steps by time; at the same time the
// scripted ones come first, since a user acts after the script has. Each
// list is usually in time order already (Player.scripted is sorted once;
// the user's actions are taken in time order), and then the merge is one
// pass, however many steps a rate producer expands into: the producer
// panel injects a command for every record.
func mergeSteps(scripted, user []script.Step) []script.Step {
	scripted, user = byTime(scripted), byTime(user)
	if len(user) == 0 {
		return scripted // never modified: steps are only read
	}
	out := make([]script.Step, 0, len(scripted)+len(user))
	i := 0
	for _, u := range user {
		for i < len(scripted) && scripted[i].At <= u.At {
			out = append(out, scripted[i])
			i++
		}
		out = append(out, u)
	}
	return append(out, scripted[i:]...)
}

// byTime returns steps in time order, keeping the order of steps at the
// same time: steps itself if it is already.
func byTime(steps []script.Step) []script.Step {
	if sort.SliceIsSorted(steps, func(i, j int) bool { return steps[i].At < steps[j].At }) {
		return steps
	}
	out := slices.Clone(steps)
	// sort.SliceStable, not slices.SortStableFunc: one copy of the
	// algorithm for every element type keeps the page's wasm small, and a
	// stable sort's result is the same whatever the algorithm.
	sort.SliceStable(out, func(i, j int) bool { return out[i].At < out[j].At })
	return out
}

// Scenario returns the scenario being played.
func (p *Player) Scenario() script.Scenario { return p.sc }

// UserSteps returns the commands injected so far, with their times.
func (p *Player) UserSteps() []script.Step { return slices.Clone(p.user) }

// Now returns the playhead in whole simulated milliseconds.
func (p *Player) Now() engine.Time { return p.playhead }

// Exact returns the playhead with its fraction of a millisecond, for
// animating messages between whole milliseconds.
func (p *Player) Exact() float64 { return float64(p.playhead) + p.frac }

// Generation counts the player's rebuilds (each Seek is one); together
// with EventCount it identifies what the event log holds.
func (p *Player) Generation() int { return p.gen }

// followGeneration makes p's generations count on from prev's (nil: none),
// so that they differ from every generation prev had.
func (p *Player) followGeneration(prev *Player) {
	if prev != nil {
		p.gen += prev.gen
	}
}

// Err returns the limit playback stopped at (a *LimitError, or for the
// script's own limit a *StepError naming the line reached), else the
// first error a scripted step gave, else the limit the timeline's run
// ahead (Markers) found the script reaches, or nil.
func (p *Player) Err() error {
	switch {
	case p.limit != nil:
		return p.limit
	case p.err != nil:
		return p.err
	case p.marks.valid && p.marks.hist == p.hist && p.marks.limit != nil:
		return p.marks.limit
	}
	return nil
}

// checkpoint returns the player's state at moment at. Past the first
// eventWindow events its cluster's log holds only the kept events (a
// checkpoint of nine brokers and twelve partitions with a few records is
// then some 43 KB; with 72,000 records 840 KB); before, it shares the
// whole log with the player, so that a short run seeks as if nothing were
// forgotten, and all of those checkpoints together hold no more than the
// first eventWindow events.
func (p *Player) checkpoint(at engine.Time) checkpoint {
	c := p.c.Clone()
	if c.EventCount() > eventWindow {
		c.ForgetEventsBefore(c.EventCount())
	}
	return checkpoint{at: at, c: c, next: p.next, err: p.err, events: c.EventCount()}
}

// advanceTo plays to t (at most MaxPlaySpan past the start), saving a
// checkpoint at the start and then whenever the events since the last
// checkpoint reach its spacing (checkpoint.go).
func (p *Player) advanceTo(t engine.Time) {
	if o := p.cps.origin; len(p.cps.list) == 0 && p.playhead <= o && t >= o {
		p.play(o)
		if p.limit == nil {
			p.cps.add(p.checkpoint(o))
		}
	}
	p.play(t)
}

// play plays to t: each pending step with At <= t runs at its time, after
// every delivery and timer due by then, and the clock ends at t. It stops
// short at a limit (clockTo), and plays nothing once stopped.
func (p *Player) play(t engine.Time) {
	if p.limit != nil {
		return
	}
	end := p.sc.Config.Start + MaxPlaySpan
	for p.next < len(p.steps) && p.steps[p.next].At <= min(t, end) {
		if !p.applyNext() {
			return
		}
	}
	if !p.clockTo(min(t, end)) {
		return
	}
	p.playhead = max(p.playhead, min(t, end))
	p.furthest = max(p.furthest, p.playhead)
	if p.later != nil && p.c.EventCount() >= p.later.EventCount() {
		p.later = nil // played up to it again
	}
	p.window()
	if t > end {
		p.stop(&LimitError{Msg: "The page plays at most " + script.SpanText(MaxPlaySpan) + " of simulated time past the scenario's start (MaxPlaySpan), so playback stops at " +
			engine.FormatTime(end) + ". Seek back, or apply the script again to start over."})
	}
}

// applyNext runs the next pending step at its time, and reports false if
// playback stopped at a limit on the way there.
func (p *Player) applyNext() bool {
	st := p.steps[p.next]
	if st.Flush || st.At > p.c.Now() {
		if !p.clockTo(st.At) {
			return false
		}
	}
	p.next++
	if err := p.c.Apply(st.Cmd); err != nil && p.err == nil {
		if st.Line > 0 {
			err = &StepError{Line: st.Line, Err: err}
		}
		p.err = err
	}
	return true
}

// StepError is the error a scripted step gave when played: the engine's
// Err for the command on script line Line.
type StepError struct {
	Line int
	Err  error
}

// Error prints "line L: err".
func (e *StepError) Error() string { return "line " + strconv.Itoa(e.Line) + ": " + e.Err.Error() }

// Unwrap returns the engine's error.
func (e *StepError) Unwrap() error { return e.Err }

// Advance plays dt simulated milliseconds. Fractions accumulate, so that
// tiny steps (slow motion) still move the clock in time.
func (p *Player) Advance(dt float64) {
	if !(dt > 0) || math.IsInf(dt, 0) {
		return
	}
	p.frac += dt
	whole := math.Floor(p.frac)
	p.frac -= whole
	p.advanceTo(p.playhead + engine.Time(whole))
}

// AdvanceTo plays to t, dropping any fraction of a millisecond. A t at or
// before the playhead does nothing.
func (p *Player) AdvanceTo(t engine.Time) {
	if t <= p.playhead {
		return
	}
	p.frac = 0
	p.advanceTo(t)
}

// NextActivity returns the time of the next scheduled delivery, timer or
// step, and false if nothing is left to happen.
func (p *Player) NextActivity() (engine.Time, bool) {
	at, ok := p.c.NextAt()
	if p.next < len(p.steps) && (!ok || p.steps[p.next].At < at) {
		return p.steps[p.next].At, true
	}
	return at, ok
}

// StepOne processes a single engine event (one delivery or timer), or the
// next pending step if it comes first, and moves the playhead to its time.
// It returns false when nothing is left to do.
func (p *Player) StepOne() bool {
	at, ok := p.c.NextAt()
	pending := p.next < len(p.steps)
	p.frac = 0
	switch {
	case p.limit != nil:
		return false
	case pending && (!ok || p.steps[p.next].At <= at):
		t := p.steps[p.next].At
		for p.next < len(p.steps) && p.steps[p.next].At == t {
			if !p.applyNext() {
				return true
			}
		}
		p.playhead = max(p.playhead, t)
		p.furthest = max(p.furthest, p.playhead)
		return true
	case ok:
		p.c.Step()
		p.playhead = max(p.playhead, p.c.Now())
		p.furthest = max(p.furthest, p.playhead)
		p.window()
		return true
	}
	return false
}

// Seek moves the playhead to t by replaying, injected commands included,
// from the latest checkpoint at or before t. A t before the start means
// the start, one past MaxPlaySpan the end of that span. The result is the
// same as a replay from the start, but for the events the log forgets
// (ForgetEventsBefore: past the first eventWindow events, what lies
// before the checkpoint, except the kept events). Within the furthest time played
// it costs one restore and at most one checkpoint spacing of replay
// (checkpoint.go); past it, the new time's events too.
func (p *Player) Seek(t engine.Time) {
	t = min(max(t, p.sc.Config.Start), p.sc.Config.Start+MaxPlaySpan)
	p.keepLater()
	from := 0
	if cp, ok := p.cps.atOrBefore(t); ok {
		p.restore(cp)
		from = cp.events
	} else if err := p.rebuild(); err != nil {
		// can't happen: NewPlayer built a cluster from the same config.
		panic("site: " + err.Error())
	}
	p.advanceTo(t)
	p.replayed = p.c.EventCount() - from
}

// keepLater keeps the cluster about to be replaced by a seek when it has
// played further in this history than the one kept: a restore clones a
// checkpoint and never changes the cluster it replaces, so its log still
// holds what the reader played after the seek's playhead.
func (p *Player) keepLater() {
	if p.later == nil || p.laterHist != p.hist || p.c.EventCount() > p.later.EventCount() {
		p.later, p.laterHist = p.c, p.hist
	}
}

// EachLaterEvent calls f with the events this history played after the
// playhead before a seek took it back (the reader's rewind, a click on
// an earlier event), oldest first, until f returns false: the same
// events a replay from here will give, since a history replays the same.
// It calls f with none when nothing played lies ahead: at the furthest
// moment played, or after a fork (a new history, whose future is not yet
// played). Like EachEvent, f must not keep the pointer.
func (p *Player) EachLaterEvent(f func(*engine.Event) bool) {
	if p.later == nil || p.laterHist != p.hist {
		return
	}
	now := p.playhead
	p.later.EachEvent(p.c.EventCount(), func(e *engine.Event) bool {
		if e.At <= now {
			return true // at the playhead: this cluster holds it, or a held step will
		}
		return f(e)
	})
}

// HoldAt moves the playhead to t where a script directive on line line
// stands (an ask): every step before t applied, and of the scripted steps
// at t only those from lines above line, each at its time, after every
// delivery and timer due by then. The next Advance, AdvanceTo, StepOne or
// Inject applies the rest at t, as a replay would.
func (p *Player) HoldAt(t engine.Time, line int) {
	start := p.sc.Config.Start
	t = max(t, start)
	if t > start {
		p.Seek(t - 1)
	} else if err := p.rebuild(); err != nil {
		panic("site: " + err.Error()) // can't happen: NewPlayer built a cluster from the same config
	}
	for p.next < len(p.steps) && p.limit == nil {
		st := p.steps[p.next]
		if st.At != t || st.Line <= 0 || st.Line >= line {
			break
		}
		p.applyNext()
	}
	if p.limit != nil {
		return
	}
	p.c.AdvanceTo(t)
	p.playhead, p.frac = t, 0
	p.furthest = max(p.furthest, t)
}

// HeldLine returns the script line of the first scripted step at the
// playhead not yet applied, and true, when HoldAt (or a stop at a
// question) holds the playhead before it: the directives from that line
// on have not happened yet at this moment. It returns false when every
// step due at the playhead has been applied.
func (p *Player) HeldLine() (int, bool) {
	if p.next >= len(p.steps) {
		return 0, false
	}
	st := p.steps[p.next]
	if st.At != p.playhead || st.Line <= 0 {
		return 0, false
	}
	return st.Line, true
}

// Inject applies a user's command at the playhead and records it, so that
// a later Seek replays it. Acting in the past forks history: injected
// commands after the playhead are forgotten. An invalid command changes
// nothing and returns the engine's error.
func (p *Player) Inject(cmd engine.Command) error {
	// Finish everything due at the playhead first, as a replay would
	// (after HoldAt, the steps it held back too).
	p.play(p.playhead)
	if p.limit != nil {
		return p.limit
	}
	kept := 0
	for _, st := range p.user {
		if st.At <= p.playhead {
			kept++
		}
	}
	if kept >= MaxUserSteps {
		return &LimitError{Msg: "This history holds " + thousands(MaxUserSteps) + " commands of yours, the most the page keeps (MaxUserSteps); seek back before some of them, or apply the script again to start over."}
	}
	shared := p.c.EventCount()
	if err := p.c.Apply(cmd); err != nil {
		return err
	}
	keep := p.user[:0]
	for _, st := range p.user {
		if st.At <= p.playhead {
			keep = append(keep, st)
		}
	}
	p.user = append(keep, script.Step{At: p.playhead, Cmd: cmd, Flush: true})
	p.steps = mergeSteps(p.scripted, p.user)
	// The future after the playhead is a new one: checkpoints and the
	// timeline beyond it belong to the old.
	p.cps.dropAfter(p.playhead)
	p.furthest = p.playhead
	p.forked(shared)
	p.next = sort.Search(len(p.steps), func(i int) bool { return p.steps[i].At > p.playhead })
	return nil
}

// State returns a snapshot of the cluster at the playhead. It is built
// once per change of the cluster and shared by every caller until the
// next: callers must not modify it.
func (p *Player) State() engine.State {
	if !p.stateOK || p.stateGen != p.gen || p.stateVer != p.c.Version() {
		p.state, p.stateGen, p.stateVer, p.stateOK = p.c.State(), p.gen, p.c.Version(), true
	}
	return p.state
}

// InFlight returns the messages on the wire at the playhead.
func (p *Player) InFlight() []engine.Message { return p.c.InFlight() }

// Events returns, in a new slice, the events with Seq >= from that the log
// holds. That is every one of them unless the run is long (window): then a
// from before the cluster's FirstEvent gets, up to it, only the kept events
// (keptEvent), then every event after. Views that run every frame read the
// log in place instead (engine.Cluster.EachEvent, Recent).
func (p *Player) Events(from int) []engine.Event { return p.c.Events(from) }

// EventCount returns how many events have happened by the playhead.
func (p *Player) EventCount() int { return p.c.EventCount() }

// RecentEvents returns at most the last n events, oldest first. It copies
// them when they span blocks of the log; views that run every frame use
// Recent instead.
func (p *Player) RecentEvents(n int) []engine.Event {
	return p.c.Events(max(0, p.c.EventCount()-n))
}

// Backward is a source of events, newest first: it calls yield with each
// until yield returns false or none is left. The events must not be
// modified.
type Backward func(yield func(*engine.Event) bool)

// BackwardOf yields evs newest first.
func BackwardOf(evs []engine.Event) Backward {
	return func(yield func(*engine.Event) bool) {
		for i := len(evs) - 1; i >= 0; i-- {
			if !yield(&evs[i]) {
				return
			}
		}
	}
}

// Recent yields at most the last n events, newest first, straight from
// the cluster's log (EachEventBefore): what the page's panels look at each
// frame, without copying a long run's history. yield must not keep the
// pointer.
func (p *Player) Recent(n int) Backward {
	return func(yield func(*engine.Event) bool) {
		left := n
		p.c.EachEventBefore(p.c.EventCount(), func(e *engine.Event) bool {
			if left <= 0 {
				return false
			}
			left--
			return yield(e)
		})
	}
}

// Describe returns what kafka-topics.sh --describe prints for every topic,
// from State, printed again only when the state changes.
func (p *Player) Describe() string {
	st := p.State()
	if p.describeOK && p.describeGen == p.stateGen && p.describeVer == p.stateVer {
		return p.describe
	}
	s, err := engine.DescribeState(st, "")
	if err != nil {
		s = err.Error()
	}
	p.describe, p.describeGen, p.describeVer, p.describeOK = s, p.stateGen, p.stateVer, true
	return s
}

// RecentFetchRounds returns how many fetch rounds follower has made of tp
// since the start, and the last n of them, oldest first: FetchRounds'
// length and tail. It reads only the events since its last call for the
// same follower, where FetchRounds reads the whole log: the fetch-loop
// panel asks on every frame that adds events.
func (p *Player) RecentFetchRounds(tp engine.TopicPartition, follower engine.BrokerID, n int) (int, []engine.FetchRound) {
	var rc *roundsCache
	for i := range p.rounds {
		if p.rounds[i].tp == tp && p.rounds[i].follower == follower {
			rc = &p.rounds[i]
		}
	}
	if rc == nil {
		p.rounds = append(p.rounds, roundsCache{})
		rc = &p.rounds[len(p.rounds)-1]
	}
	m := p.LogMark()
	if rc.tp != tp || rc.follower != follower || rc.keep != n || m.Since(rc.read) == LogRewound {
		*rc = roundsCache{read: LogMark{Gen: m.Gen}, tp: tp, follower: follower, keep: n}
	}
	if m.Since(rc.read) == LogGrew {
		node := engine.Broker(follower)
		p.c.EachEvent(rc.read.Count, func(e *engine.Event) bool {
			if e.Kind != engine.EvFetchRound || e.TP != tp || e.Node != node || e.At < p.sc.Config.Start {
				return true
			}
			rc.total++
			if n > 0 && len(rc.last) == n {
				rc.last = append(rc.last[:0], rc.last[1:]...)
			}
			if n > 0 {
				rc.last = append(rc.last, engine.FetchRound{At: e.At, LeaderLogEnd: e.LEO, AskedFrom: e.Offset, Returned: e.Count, LogEndAfter: e.End})
			}
			return true
		})
		rc.read = m
	}
	return rc.total, slices.Clone(rc.last)
}

// FetchRounds returns follower's fetch rounds of tp since the start.
func (p *Player) FetchRounds(tp engine.TopicPartition, follower engine.BrokerID) []engine.FetchRound {
	return p.c.FetchRounds(tp, follower, p.sc.Config.Start)
}
