package site

import (
	"strings"

	"kplay/engine"
)

// RunView is one run of a script with vs lines as the page draws it side
// by side with the others (docs/design.md §4): its label, its cluster at
// the shared playhead in the compact layout every run shares, its
// brokers' boxes with the records whose fate differs from the base's
// marked (the lost one outlined as the diagram marks a lost write,
// CellView.Lost), and what differs in it by now, in words.
type RunView struct {
	// Label names the run ("acks=1"; the base by its own values,
	// BaseLabel), Summary its vs line's values ("" for the base).
	Label, Summary string
	Base           bool
	// Tab says a narrow page shows this run, of the runs as tabs
	// (Scene.RunTab).
	Tab bool
	St  engine.State
	Lay Layout
	// Brokers are the run's brokers in the layout's order, which a run's
	// diagram keeps (RunBrokersHTML).
	Brokers []BrokerView
	// Differs are the Differences whose first moment the playhead has
	// reached, each as it stands in this run at the playhead.
	Differs []RunDiffer
	// Err says why a command played in this run failed where the
	// base's did not (a crash of broker 4 the base has and a variant
	// with brokers=3 has not): "" when the run's commands all applied, or
	// failed as the base's did.
	Err string
}

// RunDiffer is one difference as it stands in one run at the playhead:
// Text in words ("m2 (on t-0): acknowledged, then lost"), and Kind, how
// the run's diagram marks it.
type RunDiffer struct {
	Text string
	Kind DifferKind
}

// DifferKind is what a difference is in one run, for its mark.
type DifferKind string

// The kinds of RunDiffer, as issue 28 asks each marked: a lost record
// (outlined in the run's log too, CellView.Lost), a record the producer
// gave up on with an error (refused: NOT_ENOUGH_REPLICAS, failed:
// TimeoutException; script.Outcome's fates) or a guarantee broken on a
// partition (a violation), a partition whose leader or
// leader epoch differs (an election one run has and another has not),
// and the rest (the ISR, the high watermark, a record's other fates).
const (
	DifferLost     DifferKind = "lost"
	DifferError    DifferKind = "error"
	DifferElection DifferKind = "election"
	DifferOther    DifferKind = "other"
)

// differKind is the kind of difference d whose value in a run is v.
func differKind(d RunDiff, v string) DifferKind {
	switch {
	case d.Record && strings.Contains(v, "lost"):
		return DifferLost
	case d.Record && (strings.HasPrefix(v, "refused") || strings.HasPrefix(v, "failed")),
		!d.Record && strings.HasSuffix(d.Key, " violations") && v != "none":
		return DifferError
	case !d.Record && (strings.HasSuffix(d.Key, " leader") || strings.HasSuffix(d.Key, " leader epoch")):
		return DifferElection
	}
	return DifferOther
}

// RunViews returns the base's and each variant's RunView at the
// playhead, base first; none for a script without vs lines. Every run
// is drawn in the narrow column layout (ComputeLayoutFor narrow), 400
// units wide, so that two fit side by side at their size and the brokers
// stand in the same places in each.
func (s *Store) RunViews() []RunView {
	if len(s.Variants) == 0 {
		return nil
	}
	diffs := s.Differences()
	runs := make([]RunView, 0, 1+len(s.Variants))
	runs = append(runs, s.runView(s.Player, s.BaseLabel(), "", 0, diffs))
	for i, v := range s.Variants {
		runs = append(runs, s.runView(v.Player, v.Label, v.Summary, i+1, diffs))
	}
	runs[0].Base = true
	runs[min(max(s.RunTab, 0), len(runs)-1)].Tab = true
	return runs
}

// PickRunTab is an action from the runs' tabs on a narrow page: show run
// Index (its index in RunViews, 0 the base).
type PickRunTab struct{ Index int }

func (a PickRunTab) apply(s *Store) bool {
	if a.Index < 0 || a.Index > len(s.Variants) || a.Index == s.RunTab {
		return false
	}
	s.RunTab = a.Index
	return true
}

// runView is run r's RunView (r indexes RunDiff.Values), played by p.
func (s *Store) runView(p *Player, label, summary string, r int, diffs []RunDiff) RunView {
	st := p.State()
	lay := ComputeLayoutFor(st, true, false)
	v := RunView{Label: label, Summary: summary, St: st, Lay: lay}
	var lost []LostRecord
	now := p.Now()
	for _, d := range diffs {
		if !s.diffReached(d) {
			continue
		}
		at := s.differsAt(d, r, now)
		if at == "" {
			at = "not sent yet"
			if !d.Record {
				at = "none"
			}
		}
		kind := differKind(d, at)
		v.Differs = append(v.Differs, RunDiffer{Text: d.Subject + ": " + at, Kind: kind})
		if kind == DifferLost {
			if o, ok := offsetOf(st, d.TP, d.Value); ok {
				lost = append(lost, LostRecord{TP: d.TP, Offset: o, Value: d.Value, Title: d.Words})
			}
		}
	}
	part, hasPart := FirstPartition(st)
	for _, n := range lay.Nodes {
		if n.Broker == 0 {
			continue
		}
		in := BrokerInputs{Part: part, HasPart: hasPart, CellW: lay.CellW, CellH: lay.CellH, Lost: lost}
		if hasPart {
			var maxLEO engine.Offset
			for _, id := range part.Replicas {
				if rs, ok := st.Replica(id, part.TP); ok {
					maxLEO = max(maxLEO, rs.LEO)
				}
			}
			in.From, in.To = LogWindow(maxLEO, 0, n.Cells)
			if rs, ok := st.Replica(n.Broker, part.TP); ok {
				in.From, in.To = ReplicaWindow(in.From, in.To, rs.LEO, 0, n.Cells)
			}
		}
		v.Brokers = append(v.Brokers, BrokerViewOf(st, n, in))
	}
	if err := p.Err(); err != nil && r > 0 {
		if base := s.Player.Err(); base == nil || base.Error() != err.Error() {
			v.Err = "A command did not apply in this run: " + err.Error()
		}
	}
	return v
}

// offsetOf returns the offset of the first record with value on any
// replica of tp in st.
func offsetOf(st engine.State, tp engine.TopicPartition, value string) (engine.Offset, bool) {
	for _, b := range st.Brokers {
		for _, r := range b.Replicas {
			if r.TP != tp {
				continue
			}
			for _, rec := range r.Log {
				if rec.Value == value {
					return rec.Offset, true
				}
			}
		}
	}
	return 0, false
}
