package site

import (
	"slices"

	"kplay/engine"
)

// This file holds the views of the page's forms and partition map whose
// drawing (site/ui) skips a render when Equal says nothing changed. They
// live here, not in site/ui, so that TestViewEqualComparesEveryField
// checks that each Equal compares every field (site/ui's tests cannot run
// outside a browser).

// ConfigFormView is the config panel's state: each setting's value, in
// the order of Settings (the reader's draft while an Apply of it failed:
// Draft), the note of the last change and the form's complaint.
// CompareWhy is why its Compare button is disabled ("" when it is not,
// Store.CompareWhy), and Scene the scene's serial (Store.SceneSerial),
// whose change puts the fields back to Values, dropping what the reader
// typed there.
type ConfigFormView struct {
	Note       string
	Values     []string
	Draft      bool
	Err        FormError
	CompareWhy string
	Scene      int
}

// Equal reports whether v and w draw the same panel.
func (v ConfigFormView) Equal(w ConfigFormView) bool {
	return v.Note == w.Note && v.Draft == w.Draft && v.Err == w.Err && slices.Equal(v.Values, w.Values) &&
		v.CompareWhy == w.CompareWhy && v.Scene == w.Scene
}

// ConsumerFormView is what the consumer panel shows: the racks a consumer
// may read from (client.rack), each with its option's label, and a row
// per consumer (with its group and committed offset, ConsumerRow).
type ConsumerFormView struct {
	Racks, RackLabels []string
	Consumers         []ConsumerRow
}

// Equal reports whether v and w draw the same panel.
func (v ConsumerFormView) Equal(w ConsumerFormView) bool {
	return slices.Equal(v.Racks, w.Racks) && slices.Equal(v.RackLabels, w.RackLabels) && slices.Equal(v.Consumers, w.Consumers)
}

// PartitionMapView is one broker's partition map: whose, whether it is
// down, and its chips.
type PartitionMapView struct {
	Broker engine.BrokerID
	Down   bool
	Chips  []Chip
}

// Equal reports whether v and w draw the same map.
func (v PartitionMapView) Equal(w PartitionMapView) bool {
	return v.Broker == w.Broker && v.Down == w.Down && slices.Equal(v.Chips, w.Chips)
}
