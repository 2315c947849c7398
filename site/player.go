package site

import (
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
	// they showed before.
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
	// whichever is later, for Horizon.
	lastStep engine.Time
	// state caches State() for the cluster of generation stateGen at
	// engine version stateVer; a frame asks for it several times.
	state    engine.State
	stateGen int
	stateVer uint64
	stateOK  bool
	// rounds caches RecentFetchRounds, one entry per follower asked about.
	rounds []roundsCache
}

// roundsCache is what the log holds, up to event n of generation gen, of
// follower's fetch rounds of tp: how many, and the last keep of them.
type roundsCache struct {
	gen      int
	tp       engine.TopicPartition
	follower engine.BrokerID
	keep     int
	n        int
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
	p.c, p.playhead, p.frac, p.next, p.err = c, p.sc.Config.Start, 0, 0, nil
	p.gen++
	return nil
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

// Err returns the first error a scripted step gave, or nil.
func (p *Player) Err() error { return p.err }

// advanceTo plays to t, saving a checkpoint at each checkpoint time it
// passes.
func (p *Player) advanceTo(t engine.Time) {
	for {
		at := p.cps.due(p.playhead)
		if at > t {
			break
		}
		p.play(at)
		p.cps.add(checkpoint{at: at, c: p.c.Clone(), next: p.next, err: p.err})
	}
	p.play(t)
}

// play plays to t: each pending step with At <= t runs at its time, after
// every delivery and timer due by then, and the clock ends at t.
func (p *Player) play(t engine.Time) {
	for p.next < len(p.steps) && p.steps[p.next].At <= t {
		p.applyNext()
	}
	p.c.AdvanceTo(t)
	if t > p.playhead {
		p.playhead = t
	}
	p.furthest = max(p.furthest, p.playhead)
}

// applyNext runs the next pending step at its time.
func (p *Player) applyNext() {
	st := p.steps[p.next]
	p.next++
	if st.Flush || st.At > p.c.Now() {
		p.c.AdvanceTo(st.At)
	}
	if err := p.c.Apply(st.Cmd); err != nil && p.err == nil {
		if st.Line > 0 {
			err = &StepError{Line: st.Line, Err: err}
		}
		p.err = err
	}
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
	case pending && (!ok || p.steps[p.next].At <= at):
		t := p.steps[p.next].At
		for p.next < len(p.steps) && p.steps[p.next].At == t {
			p.applyNext()
		}
		p.playhead = max(p.playhead, t)
		p.furthest = max(p.furthest, p.playhead)
		return true
	case ok:
		p.c.Step()
		p.playhead = max(p.playhead, p.c.Now())
		p.furthest = max(p.furthest, p.playhead)
		return true
	}
	return false
}

// Seek moves the playhead to t by replaying, injected commands included,
// from the latest checkpoint at or before t. A t before the start means
// the start. The result is the same as a replay from the start.
func (p *Player) Seek(t engine.Time) {
	t = max(t, p.sc.Config.Start)
	if cp, ok := p.cps.atOrBefore(t); ok {
		p.restore(cp)
	} else if err := p.rebuild(); err != nil {
		// can't happen: NewPlayer built a cluster from the same config.
		panic("site: " + err.Error())
	}
	p.advanceTo(t)
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
	for p.next < len(p.steps) {
		st := p.steps[p.next]
		if st.At != t || st.Line <= 0 || st.Line >= line {
			break
		}
		p.applyNext()
	}
	p.c.AdvanceTo(t)
	p.playhead, p.frac = t, 0
	p.furthest = max(p.furthest, t)
}

// Inject applies a user's command at the playhead and records it, so that
// a later Seek replays it. Acting in the past forks history: injected
// commands after the playhead are forgotten. An invalid command changes
// nothing and returns the engine's error.
func (p *Player) Inject(cmd engine.Command) error {
	// Finish everything due at the playhead first, as a replay would
	// (after HoldAt, the steps it held back too).
	p.play(p.playhead)
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

// Events returns the events with Seq >= from; the slice must not be
// modified.
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
// the cluster's log: what the page's panels look at each frame, without
// copying a long run's history.
func (p *Player) Recent(n int) Backward {
	return func(yield func(*engine.Event) bool) {
		end := p.c.EventCount()
		stop := max(0, end-n)
		for end > stop {
			run := p.c.EventsBefore(end)
			for i := len(run) - 1; i >= 0 && end > stop; i-- {
				if !yield(&run[i]) {
					return
				}
				end--
			}
		}
	}
}

// Describe returns what kafka-topics.sh --describe prints for every topic.
func (p *Player) Describe() string {
	s, err := p.c.Describe("")
	if err != nil {
		return err.Error()
	}
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
	if rc.gen != p.gen || rc.tp != tp || rc.follower != follower || rc.keep != n || rc.n > p.c.EventCount() {
		*rc = roundsCache{gen: p.gen, tp: tp, follower: follower, keep: n}
	}
	node := engine.Broker(follower)
	for _, e := range p.c.Events(rc.n) {
		if e.Kind != engine.EvFetchRound || e.TP != tp || e.Node != node || e.At < p.sc.Config.Start {
			continue
		}
		rc.total++
		if n > 0 && len(rc.last) == n {
			rc.last = append(rc.last[:0], rc.last[1:]...)
		}
		if n > 0 {
			rc.last = append(rc.last, engine.FetchRound{At: e.At, LeaderLogEnd: e.LEO, AskedFrom: e.Offset, Returned: e.Count, LogEndAfter: e.End})
		}
	}
	rc.n = p.c.EventCount()
	return rc.total, slices.Clone(rc.last)
}

// FetchRounds returns follower's fetch rounds of tp since the start.
func (p *Player) FetchRounds(tp engine.TopicPartition, follower engine.BrokerID) []engine.FetchRound {
	return p.c.FetchRounds(tp, follower, p.sc.Config.Start)
}
