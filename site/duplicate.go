package site

import "kplay/engine"

// This file finds the duplicates a producer's retry leaves in a log when
// idempotence is off (enable.idempotence=false, or a release before
// KIP-679 made it the default): the producer resends a batch the leader
// already appended, because its answer was lost or came back as an error
// (NOT_LEADER_OR_FOLLOWER after a leader change), and without a producer
// id and sequence numbers (KIP-98) the broker cannot tell the resent batch
// from a new one, so it appends it again. With idempotence the leader
// recognises the retry (ProducerStateManager, EvDuplicate) and appends
// nothing, so there is nothing to mark.

// sameSend identifies a record as its producer sent it: a retry resends
// the same batch (ProducerBatch, kept across retries), so a resent
// record has the same producer, send time, key, value and place in its
// batch as the copy already in the log.
type sameSend struct {
	producer engine.NodeID
	at       engine.Time
	key, val string
	delta    int32
}

// nonIdempotent says r came from a producer without idempotence: no
// producer id or sequence (engine.Record: 0 and -1).
func nonIdempotent(r engine.Record) bool {
	return r.Producer.Kind == engine.NodeProducer && r.ProducerID == 0 && r.Sequence < 0
}

// Duplicates returns, for each record of log (which starts at offset
// logStart) in [from, to) that is a second append of a record already in
// the log before it, the offset of that first copy. It is nil when the
// window holds no record of a producer without idempotence, which costs
// one pass over the window.
func Duplicates(log []engine.Record, logStart, from, to engine.Offset) map[engine.Offset]engine.Offset {
	from, to = max(from, logStart), min(to, logStart+engine.Offset(len(log)))
	found := false
	for o := from; o < to; o++ {
		if nonIdempotent(log[o-logStart]) {
			found = true
			break
		}
	}
	if !found {
		return nil
	}
	first := map[sameSend]engine.Offset{}
	var out map[engine.Offset]engine.Offset
	for i, r := range log[:to-logStart] {
		if !nonIdempotent(r) {
			continue
		}
		o := logStart + engine.Offset(i)
		k := sameSend{r.Producer, r.ProducedAt, r.Key, r.Value, r.OffsetDelta}
		f, seen := first[k]
		if !seen {
			first[k] = o
			continue
		}
		if o >= from {
			if out == nil {
				out = map[engine.Offset]engine.Offset{}
			}
			out[o] = f
		}
	}
	return out
}

// DuplicateSentence says in plain words that the record name at offset o
// is a second append of the one at offset first, with the Kafka terms;
// the tooltip and the lifecycle put "duplicate: " before it.
func DuplicateSentence(name string, o, first engine.Offset) string {
	return "a retry appended " + name + " again (offset " + itoa(int64(o)) + "; the first copy is at offset " + itoa(int64(first)) +
		"). Without idempotence (enable.idempotence=false, KIP-98) the broker cannot tell a resent batch from a new one"
}

// DuplicateLegend is the legend's entry for a duplicate cell.
const DuplicateLegend = "duplicate: a retry appended the record again (no idempotence, enable.idempotence=false)"

// SelectedDuplicate returns the offset of the first copy when the
// selected record is a duplicate in its broker's log (Duplicates), and
// false otherwise, or while a question waits for its answer
// (HideOutcome).
func (s *Store) SelectedDuplicate() (engine.Offset, bool) {
	sel := s.See.Sel
	if sel.Kind != SelRecord || s.HideOutcome() {
		return 0, false
	}
	if sel = s.recordNow(sel); sel.Ghost {
		return 0, false
	}
	r, ok := s.Player.State().Replica(sel.Broker, sel.TP)
	o := sel.Record.Offset
	if !ok || o < r.LogStart || o >= r.LEO || r.Log[o-r.LogStart] != sel.Record {
		return 0, false
	}
	first, ok := Duplicates(r.Log, r.LogStart, o, o+1)[o]
	return first, ok
}
