package site

import (
	"fmt"
	"slices"

	"kplay/engine"
	"kplay/engine/script"
)

// This file holds the variants of the scenario playing (the script's vs
// lines, docs/design.md §3 "Variants (vs)"): one Player per variant
// beside the base's, on one clock. The base's Player is the clock: every
// action moves it as it always has, and after each one (Store.Dispatch,
// setScene) every variant follows it (follow): the reader's commands,
// a crash, a cut, a produce, the rate's records, at the same moments,
// and the same playhead. A variant is the script with its values written
// into its lines (script.ApplyVariant), compiled (script.CompileVariants)
// and played as any script, so its run is the one kplay run prints.

// VariantRun is one variant of the scenario and the player of its run.
type VariantRun struct {
	// Label is the vs line's label ("acks=1"), Summary its values as
	// the line writes them ("acks=1 min.insync.replicas@t=1").
	Label, Summary string
	// Player plays the variant, at the base's playhead after every
	// action.
	Player *Player
	// hist is the base player's history (Player.hist) whose reader's
	// commands Player holds.
	hist int
}

// variantRuns compiles the variants of script src (script
// .CompileVariants) and starts a player for each at the scenario's
// start. A script without vs lines has none; a variant that does not
// compile, or whose cluster is invalid, is the error, and then none
// plays.
func variantRuns(name, src string) ([]VariantRun, error) {
	dirs, err := script.Parse(name, src)
	if err != nil {
		return nil, err
	}
	base, scs, err := script.CompileVariants(dirs)
	if err != nil || len(scs) == 0 {
		return nil, err
	}
	runs := make([]VariantRun, len(scs))
	for i, sc := range scs {
		v := base.Variants[i]
		sc.Title = v.Label
		p, err := NewPlayer(sc)
		if err != nil {
			return nil, variantErr(v, err)
		}
		runs[i] = VariantRun{Label: v.Label, Summary: v.Summary(), Player: p}
	}
	return runs, nil
}

// variantErr is err, variant v's cluster refused (engine.New), naming
// the variant and its vs line.
func variantErr(v script.Variant, err error) error {
	return fmt.Errorf("line %d: variant %q (%s): %w", v.Line, v.Label, v.Summary(), err)
}

// withVariants gives scene n the variants of its script src, or shows
// why they cannot play in n.Err (the base plays alone).
func (n *Scene) withVariants(name, src string) {
	runs, err := variantRuns(name, src)
	if err != nil {
		if n.Err == "" {
			n.Err = err.Error()
		}
		return
	}
	n.Variants = runs
	if len(runs) > 0 {
		n.RunTab = 1
	}
}

// syncVariants brings every variant to the base's reader's commands and
// playhead (follow).
func (s *Scene) syncVariants() {
	for i := range s.Variants {
		s.Variants[i].follow(s.Player)
	}
}

// follow makes the variant's player hold the base's reader's commands,
// each at its moment, and stand at the base's playhead: after the base
// played on, it plays on to the same moment; after a seek, it seeks; where
// the base holds the playhead before a line's steps (an ask, HoldAt), it
// holds before the same line. Its cost is the variant's own play or seek.
func (v *VariantRun) follow(b *Player) {
	p := v.Player
	if v.hist != b.hist {
		v.hist = b.hist
		if p.takeUser(b.user) {
			p.Seek(b.playhead)
		}
	}
	if line, held := b.HeldLine(); held {
		if l, h := p.HeldLine(); !h || l != line || p.playhead != b.playhead {
			p.HoldAt(b.playhead, line)
		}
		p.frac = b.frac
		return
	}
	switch {
	case b.playhead > p.playhead && p.checkpointAhead(b.playhead):
		p.Seek(b.playhead)
	case b.playhead > p.playhead:
		p.AdvanceTo(b.playhead)
	case b.playhead < p.playhead:
		p.Seek(b.playhead)
	default:
		p.play(p.playhead) // steps HoldAt left at the playhead
	}
	p.frac = b.frac
}

// checkpointAhead says a forward move to t is cheaper as a seek: the
// player holds a checkpoint at or before t that is more than a
// checkpoint's spacing of events past where it stands, so restoring it
// replays less than playing on would. A jump of the base's playhead (a
// click on the timeline) then costs each variant what it costs the base
// (Player.Seek, at most a spacing of events), not the whole span; play's
// small steps, which cross a checkpoint now and then, keep playing on.
func (p *Player) checkpointAhead(t engine.Time) bool {
	cp, ok := p.cps.atOrBefore(t)
	return ok && p.cps.every > 0 && cp.events > p.EventCount()+p.cps.every
}

// takeUser replaces the player's reader's commands with user (the base's)
// and reports whether they differ: then the checkpoints from the first
// moment they differ on hold a future that no longer happens, and the
// caller seeks to replay it.
func (p *Player) takeUser(user []script.Step) bool {
	i := 0
	for i < len(p.user) && i < len(user) && sameStep(p.user[i], user[i]) {
		i++
	}
	if i == len(p.user) && i == len(user) {
		return false
	}
	from := engine.Time(-1)
	if i < len(p.user) {
		from = p.user[i].At
	}
	if i < len(user) && (from < 0 || user[i].At < from) {
		from = user[i].At
	}
	shared := p.EventCount()
	p.user = slices.Clone(user)
	p.steps = mergeSteps(p.scripted, p.user)
	p.cps.dropAfter(from - 1)
	p.furthest = min(p.furthest, from)
	p.forked(min(shared, p.eventsBefore(from)))
	return true
}

// eventsBefore returns how many of the log's first events came before
// moment t (its checkpoint's count at the latest checkpoint before t, 0
// without one): what a change of the commands from t leaves the same.
func (p *Player) eventsBefore(t engine.Time) int {
	if cp, ok := p.cps.atOrBefore(t - 1); ok {
		return cp.events
	}
	return 0
}

// sameStep says whether two of the reader's commands are the same
// command at the same moment.
func sameStep(a, b script.Step) bool {
	return a.At == b.At && a.Flush == b.Flush && a.Line == b.Line && a.Cmd.String() == b.Cmd.String()
}
