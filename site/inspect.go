package site

import (
	"slices"
	"strings"

	"kplay/engine"
)

// This file words what the inspector shows for the selection: a broker
// and its replicas, a record, or a message.

// InspectRow is one labelled fact.
type InspectRow struct{ Label, Value string }

// Inspection is the inspector's content.
type Inspection struct {
	Title string
	Rows  []InspectRow
	// Head and Table list a broker's replicas, one row each.
	Head  []string
	Table [][]string
}

// Equal reports whether in and o show the same.
func (in Inspection) Equal(o Inspection) bool {
	return in.Title == o.Title && slices.Equal(in.Rows, o.Rows) && slices.Equal(in.Head, o.Head) &&
		slices.EqualFunc(in.Table, o.Table, slices.Equal[[]string])
}

// Summary is the inspection in one line, for the phone's folded drawer
// (Seeing.Folded): for a broker, its process and its first replica's
// LEO, HW and role ("down · LEO 1 · HW 0 · leader (down)"); for a record
// or a message, its last fact ("committed: yes: below broker 2's HW 3").
func (in Inspection) Summary() string {
	if len(in.Head) > 0 && len(in.Rows) > 0 {
		parts := []string{in.Rows[0].Value}
		if len(in.Table) > 0 {
			r := in.Table[0] // replicaHead: partition, role, LEO, HW, ...
			parts = append(parts, "LEO "+r[2], "HW "+r[3], r[1])
		}
		return strings.Join(parts, " · ")
	}
	if len(in.Rows) == 0 {
		return ""
	}
	last := in.Rows[len(in.Rows)-1]
	return last.Label + ": " + last.Value
}

// replicaHead returns the columns of a broker's replica table.
func replicaHead() []string { return []string{"partition", "role", "LEO", "HW", "leader epoch", "ISR"} }

// Inspect returns what the inspector shows for the Store's selection, and
// false when nothing is selected.
func (s *Store) Inspect() (Inspection, bool) {
	s.seeIndex() // drops a selection from another scenario
	sel := s.See.Sel
	st := s.Player.State()
	switch sel.Kind {
	case SelBroker:
		return InspectBroker(st, sel.Broker, s.Fenced(sel.Broker)), true
	case SelRecord:
		in := InspectRecord(st, s.recordNow(sel), s.Lifecycle())
		if first, ok := s.SelectedDuplicate(); ok {
			in.Rows = append(in.Rows, InspectRow{"duplicate", "yes: " + DuplicateSentence(recordName(sel.Record), sel.Record.Offset, first)})
		}
		return in, true
	case SelMessage:
		return InspectMessage(sel.Msg), true
	}
	return Inspection{}, false
}

// InspectBroker describes broker b: alive or down, fenced, and each of its
// replicas' role, LEO, HW, leader epoch and ISR membership.
func InspectBroker(st engine.State, b engine.BrokerID, fenced bool) Inspection {
	in := Inspection{Title: "broker " + itoa(int64(b)), Head: replicaHead()}
	var bs engine.BrokerState
	found := false
	for _, x := range st.Brokers {
		if x.ID == b {
			bs, found = x, true
		}
	}
	if !found {
		in.Rows = append(in.Rows, InspectRow{"process", "no such broker"})
		return in
	}
	in.Rows = append(in.Rows, InspectRow{"process", yesNo(bs.Alive, "running", "down")})
	if bs.Alive && bs.Hung != 0 {
		in.Rows = append(in.Rows, InspectRow{"requests", HungSentence(bs.Hung) + " (" + itoa(int64(bs.Queued)) + " waiting now)"})
	}
	if left, refused := RegistrationRefused(bs, st.Now); refused {
		in.Rows = append(in.Rows, InspectRow{"controller", "not registered: the controller refuses this process's registration (DUPLICATE_BROKER_REGISTRATION) while the previous process's session is valid, " +
			Seconds(left) + " more, until " + engine.FormatTime(bs.Reg.SessionExpires) + "; until then this process serves nothing, and what the metadata says of the broker is the old registration's"})
	} else {
		in.Rows = append(in.Rows, InspectRow{"controller", yesNo(fenced, "fenced: it may not lead or join an ISR", "registered, not fenced")})
	}
	in.Rows = append(in.Rows, DiskRow(bs))
	unknown := false
	for _, r := range bs.Replicas {
		isr := "—"
		role := yesNo(r.Leader, "leader", "follower")
		for _, p := range st.Partitions {
			if p.TP == r.TP {
				isr = yesNo(slices.Contains(p.ISR, b), "in ISR", "out of sync")
				role = ReplicaRole(st, p, b)
			}
		}
		in.Table = append(in.Table, []string{r.TP.String(), role, itoa(int64(r.LEO)), itoa(int64(r.HW)), LeaderEpochText(r.LeaderEpoch), isr})
		unknown = unknown || r.LeaderEpoch < 0
	}
	if unknown {
		in.Rows = append(in.Rows, InspectRow{"leader epoch", EpochUnknownSentence})
	}
	return in
}

// EpochUnknown is what a replica's leader epoch reads while its broker does
// not know it: a broker that starts again knows no leader and no leader
// epoch of its partitions until the controller's metadata reaches it
// (engine restartBroker; Kafka's requests then carry leader epoch -1).
// The page never shows the -1.
const EpochUnknown = "not known yet"

// EpochUnknownSentence says why a replica's leader epoch is EpochUnknown,
// for the inspector.
const EpochUnknownSentence = "not known yet: this broker has not fetched the cluster metadata since it started, so it does not yet know who leads its partitions or in which leader epoch"

// LeaderEpochText says a replica's leader epoch e: its number, or
// EpochUnknown for the -1 of a broker that has not learnt it.
func LeaderEpochText(e engine.Epoch) string {
	if e < 0 {
		return EpochUnknown
	}
	return itoa(int64(e))
}

// SameRecord says a and b are one record of a partition: the same offset
// in the same leader epoch, with the same value where both name one (a
// truncated ghost cell knows no producer, and may know no value).
func SameRecord(a, b engine.Record) bool {
	return a.Offset == b.Offset && a.LeaderEpoch == b.LeaderEpoch && (a.Value == b.Value || a.Value == "" || b.Value == "")
}

// recordNow is the selected record sel as broker sel.Broker has it at the
// playhead, whenever it was clicked: in its log (Ghost false, Record as
// the log holds it, with its producer), among its truncated ghosts
// (Ghost true), or neither (Ghost false: not there yet, or overwritten).
// A record is the same one by SameRecord. The click's own moment says
// nothing: a cell clicked struck through and seen again before the
// truncation is in the log.
func (s *Store) recordNow(sel Selection) Selection {
	o := sel.Record.Offset
	sel.Ghost = false
	if r, ok := s.Player.State().Replica(sel.Broker, sel.TP); ok && o >= r.LogStart && o < r.LEO && SameRecord(r.Log[o-r.LogStart], sel.Record) {
		sel.Record = r.Log[o-r.LogStart]
		return sel
	}
	for _, g := range s.Ghosts(sel.Broker, sel.TP) {
		if SameRecord(g, sel.Record) {
			sel.Ghost = true
			break
		}
	}
	return sel
}

// InspectRecord describes a selected record at the playhead: where it
// sits, who produced it when, its leader epoch and its status on the
// replica it was clicked on, st's: committed or not, truncated (a ghost
// at the playhead, Selection.Ghost), not produced yet, not copied to that
// broker yet, or no longer in its log. life is its lifecycle up to the
// playhead (Store.Lifecycle), which says whether the record was appended
// anywhere yet, and on sel.Broker, when its producer is not known (a
// ghost cell names none).
func InspectRecord(st engine.State, sel Selection, life []LifeStep) Inspection {
	rec := sel.Record
	in := Inspection{Title: "offset " + itoa(int64(rec.Offset)) + " of " + sel.TP.String() + " on broker " + itoa(int64(sel.Broker))}
	add := func(l, v string) { in.Rows = append(in.Rows, InspectRow{l, v}) }
	add("offset", itoa(int64(rec.Offset)))
	add("value", orDash(rec.Value))
	add("key", orDash(rec.Key))
	if rec.Size > 0 {
		add("size", itoa(int64(rec.Size))+" bytes (fetches count whole batches against replica.fetch.max.bytes)")
	}
	if rec.Producer.Kind != engine.NodeNone {
		add("producer", rec.Producer.String())
		add("produced at", engine.FormatTime(rec.ProducedAt))
	} else {
		add("producer", "—")
	}
	add("leader epoch", itoa(int64(rec.LeaderEpoch)))
	appended, here := false, false
	for _, l := range life {
		if l.Kind == StepAppend || l.Kind == StepCopy {
			appended = true
			here = here || l.Node == engine.Broker(sel.Broker)
		}
	}
	r, ok := st.Replica(sel.Broker, sel.TP)
	b := itoa(int64(sel.Broker))
	switch {
	case sel.Ghost:
		add("status", "truncated from broker "+b+"'s log (struck through until a new record takes its offset)")
	case !ok:
		add("status", "broker "+b+" holds no replica of "+sel.TP.String())
	case rec.Producer.Kind != engine.NodeNone && st.Now < rec.ProducedAt:
		// The reader went back to before the record existed.
		add("status", "not produced yet at this moment: "+rec.Producer.String()+" sends it at "+engine.FormatTime(rec.ProducedAt))
	case rec.Offset >= r.LEO || rec.Offset < r.LogStart || r.Log[rec.Offset-r.LogStart] != rec:
		switch {
		case !appended:
			add("status", "not in any log yet at this moment: the leader has not appended it")
		case !here:
			add("status", "not in broker "+b+"'s log yet: its fetch has not copied it at this moment")
		default:
			add("status", "no longer in broker "+b+"'s log")
		}
	case rec.Offset < r.HW:
		add("committed", "yes: below broker "+b+"'s HW "+itoa(int64(r.HW)))
	default:
		add("committed", "not yet: at or above broker "+b+"'s HW "+itoa(int64(r.HW)))
	}
	return in
}

// InspectMessage describes a message as it was when clicked.
func InspectMessage(m engine.Message) Inspection {
	in := Inspection{Title: m.Kind.String() + " " + m.From.String() + " → " + m.To.String()}
	in.Rows = []InspectRow{
		{"kind", m.Kind.String()},
		{"from → to", m.From.String() + " → " + m.To.String()},
		{"sent at", engine.FormatTime(m.SentAt)},
		{"deliver at", engine.FormatTime(m.DeliverAt)},
		{"carries", MsgLabel(m)},
	}
	return in
}

func yesNo(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// Badge is one label on a broker box: Key is its data-badge value
// ("leader", "follower", "in-isr", "out-of-sync", "fenced", "down",
// "controller"), Text what it says.
type Badge struct{ Key, Text string }

// BrokerBadges returns the badges of broker b after its role: whether it is
// in the first partition's ISR (for a replica of it), fenced by the
// controller, and down.
func BrokerBadges(st engine.State, b engine.BrokerID, fenced bool) []Badge {
	var out []Badge
	if p, ok := FirstPartition(st); ok && slices.Contains(p.Replicas, b) {
		if slices.Contains(p.ISR, b) {
			out = append(out, Badge{"in-isr", "in ISR"})
		} else {
			out = append(out, Badge{"out-of-sync", "out of sync"})
		}
	}
	if fenced {
		out = append(out, Badge{"fenced", "fenced"})
	}
	alive := false
	for _, x := range st.Brokers {
		if x.ID == b {
			alive = x.Alive
		}
	}
	if !alive {
		out = append(out, Badge{"down", "down"})
	}
	for _, x := range st.Brokers {
		if d, ok := DiskBadge(x); ok && x.ID == b {
			out = append(out, d)
		}
	}
	return out
}
