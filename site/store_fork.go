package site

import (
	"strconv"

	"kplay/engine"
	"kplay/engine/script"
)

// This file holds what acting in the past does: a command the reader
// takes while the playhead is behind the run they had already seen (after
// a rewind) forks history. Their later actions are dropped and the
// scripted future is played again with the new command in it. The Store
// says so (Fork) and keeps what it needs to undo it (UndoFork).

// Fork is the notice of the last fork and what undoing it restores.
type Fork struct {
	// At is the simulated time the reader acted at.
	At engine.Time
	// Dropped is how many of the reader's later actions the fork dropped.
	Dropped int
	// Notice says so in plain words, for the banner that offers the undo.
	Notice string
	// user, furthest and nextValue are the player's actions, the furthest
	// time it had played to, and the next produced record's number, as
	// they were before the fork.
	user      []script.Step
	furthest  engine.Time
	nextValue int
}

// UndoFork is an action which takes back the fork (Store.Fork): the
// command that forked is forgotten, the reader's dropped actions come
// back and the playhead returns to the fork's moment, paused.
type UndoFork struct{}

// DismissFork is an action which hides the fork's notice and keeps the
// new history.
type DismissFork struct{}

func (UndoFork) apply(s *Store) bool { return s.undoFork() }

func (DismissFork) apply(s *Store) bool {
	if s.Fork == nil {
		return false
	}
	s.Fork = nil
	return true
}

// beforeAct returns what a fork at the playhead would drop and undo, to be
// handed to afterAct once the command is in.
func (s *Store) beforeAct() Fork {
	p := s.Player
	return Fork{At: p.Now(), user: p.UserSteps(), furthest: p.furthest, nextValue: s.nextValue}
}

// afterAct records f as the Store's Fork when the command just injected
// (successfully) changed a past the reader had seen: some of their actions
// were later than the playhead, or the run had been played past it.
func (s *Store) afterAct(f Fork) {
	for _, st := range f.user {
		if st.At > f.At {
			f.Dropped++
		}
	}
	if f.Dropped == 0 && f.furthest <= f.At {
		return // acting at the edge of the run: nothing seen is undone
	}
	f.Notice = ForkNotice(f.At, f.Dropped)
	s.Fork = &f
}

// ForkNotice words a fork at at that dropped dropped of the reader's
// actions, shortly: it sits over a corner of the diagram, beside its Undo
// (whose tooltip says it puts the old run back) and Keep buttons.
func ForkNotice(at engine.Time, dropped int) string {
	n := "You changed the past at " + engine.FormatTime(at) + ": the run replays from there with your action in it."
	switch dropped {
	case 0:
	case 1:
		n += " 1 later action of yours was dropped."
	default:
		n += " " + strconv.Itoa(dropped) + " later actions of yours were dropped."
	}
	return n
}

// undoFork restores the history from before s.Fork and pauses at its
// moment.
func (s *Store) undoFork() bool {
	f := s.Fork
	if f == nil {
		return false
	}
	s.Fork = nil
	s.Player.restoreUser(f.user, f.At, f.furthest)
	s.nextValue = f.nextValue
	s.Playing = false
	s.Err = ""
	return true
}

// restoreUser replaces the reader's actions with user, which must agree
// with the current ones up to at (a fork's undo), and seeks to at. The
// checkpoints at or before at hold the same past for both; the timeline
// reaches furthest again.
func (p *Player) restoreUser(user []script.Step, at, furthest engine.Time) {
	p.user = user
	p.steps = mergeSteps(p.scripted, p.user)
	p.cps.dropAfter(at)
	p.Seek(at)
	// The restored history and the forked one share the events up to at,
	// the forked command's own excepted.
	p.forked(p.EventCount())
	p.furthest = max(p.furthest, furthest)
}

// forkMark says that history hist shares its first events events with the
// history before it.
type forkMark struct{ hist, events int }

// keptForks is how many forks a player remembers for sharedEvents.
const keptForks = 16

// forked starts a new history (hist) whose first shared events are the
// previous history's.
func (p *Player) forked(shared int) {
	p.hist++
	p.later = nil // the old history's future
	p.forks = append(p.forks, forkMark{hist: p.hist, events: shared})
	if len(p.forks) > keptForks {
		p.forks = append(p.forks[:0], p.forks[len(p.forks)-keptForks:]...)
	}
}

// sharedEvents returns how many first events history since shares with
// the current one, and false when the player no longer remembers (more
// than keptForks forks ago) or since is not one of its histories.
func (p *Player) sharedEvents(since int) (int, bool) {
	if since > p.hist || since < 0 {
		return 0, false
	}
	shared := -1
	for h := since + 1; h <= p.hist; h++ {
		i := len(p.forks) - 1 - (p.hist - h)
		if i < 0 || p.forks[i].hist != h {
			return 0, false
		}
		if shared < 0 || p.forks[i].events < shared {
			shared = p.forks[i].events
		}
	}
	if shared < 0 {
		return p.EventCount(), true // the same history
	}
	return shared, true
}

// restart takes the scenario back to its start as the script has it: the
// reader's actions are cleared (a fresh run is what a learner expects of
// Restart; keeping them replayed them, and the next action then forked a
// past the learner thought gone), with a notice whose Undo puts them back.
func (s *Store) restart() {
	p := s.Player
	start := p.Scenario().Config.Start
	user := p.UserSteps()
	if len(user) == 0 {
		p.Seek(start)
		p.furthest = start // a fresh run: acting in it changes no past seen
		return
	}
	f := Fork{At: start, Dropped: len(user), user: user, furthest: p.furthest, nextValue: s.nextValue}
	f.Notice = RestartNotice(len(user))
	p.restoreUser(nil, start, start)
	p.furthest = start // a fresh run: acting in it changes no past seen
	_, s.nextValue = valueSeries(p.Scenario())
	s.Fork = &f
}

// RestartNotice words a restart that cleared n of the reader's actions.
func RestartNotice(n int) string {
	what, back := "your action was", "it"
	if n > 1 {
		what, back = "your "+strconv.Itoa(n)+" actions were", "them"
	}
	return "Restarted from the beginning: " + what + " cleared. Undo puts " + back + " back."
}
