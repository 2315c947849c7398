package site

import (
	"slices"

	"kplay/engine"
)

// This file holds the views of the detail column (site/ui's renderDetail):
// the inspector and the record lifecycle, each a plain value the page
// draws without the Store and redraws only when its Equal says it changed
// (TestViewEqualComparesEveryField checks Equal sees every field).

// InspectorView is what the inspector shows (Store.Inspect): the
// inspection of the selection, OK false when nothing is selected.
type InspectorView struct {
	In Inspection
	OK bool
}

// Equal reports whether v and w show the same.
func (v InspectorView) Equal(w InspectorView) bool { return v.OK == w.OK && v.In.Equal(w.In) }

// InspectorView returns the inspector's view of the selection.
func (s *Store) InspectorView() InspectorView {
	in, ok := s.Inspect()
	return InspectorView{In: in, OK: ok}
}

// LifecycleView is what the lifecycle panel shows: whether a record is
// selected, which (on which partition), and the steps it went through
// (Store.Lifecycle).
type LifecycleView struct {
	Has    bool
	TP     engine.TopicPartition
	Record engine.Record
	Steps  []LifeStep
	// Dup says the record is a second append of a retry, "" if not
	// (DuplicateSentence).
	Dup string
}

// Equal reports whether v and w show the same.
func (v LifecycleView) Equal(w LifecycleView) bool {
	return v.Has == w.Has && v.TP == w.TP && v.Record == w.Record && v.Dup == w.Dup && slices.Equal(v.Steps, w.Steps)
}

// LifecycleView returns the lifecycle panel's view of the selected
// record; Has is false when no record is selected.
func (s *Store) LifecycleView() LifecycleView {
	sel := s.See.Sel
	var v LifecycleView
	if sel.Kind != SelRecord {
		return v
	}
	v.Has, v.TP, v.Record, v.Steps = true, sel.TP, sel.Record, s.Lifecycle()
	if first, ok := s.SelectedDuplicate(); ok {
		v.Dup = "duplicate: " + DuplicateSentence(recordName(sel.Record), sel.Record.Offset, first)
	}
	return v
}
