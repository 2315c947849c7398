package site

import (
	"strings"
	"unicode/utf8"

	"kplay/engine"
)

// This file keeps a truncation on screen long enough to be seen. A
// returning leader's truncation (KIP-101, KIP-279: the follower asks the
// new leader where its leader epoch ends and cuts its log there) lasts
// one simulated instant, and the catch-up fetch that follows overwrites
// the removed offsets one flight later: a learner at 6× slower saw
// "LEO 0" and the struck-through record for less than 0.4 s. So each
// truncation seen while playing is marked on its broker's box, under the
// strip, for TruncationHoldMs of real playing time: a struck-through
// ghost cell and what was removed and why ("m0 removed: diverged at
// leader epoch 0"). The strip itself always draws the log as it is; the
// mark says "removed", beside it. While a mark is held, quiet time is not
// sped up (Store.advance), so the truncation and the catch-up after it
// play at the slider's speed, the pace of something happening.

// TruncationHoldMs is how long, in real ms of playback, a truncation
// stays marked on its broker's box (and holds quiet-time skipping off).
const TruncationHoldMs = 4000

// Cut is one truncation of a replica's log, as the event log tells it.
type Cut struct {
	// Seq and At are the EvTruncated event's.
	Seq int
	At  engine.Time
	// Broker truncated its replica of TP, removing Records (by offset,
	// with the values and leader epochs the event log gives them).
	Broker  engine.BrokerID
	TP      engine.TopicPartition
	Records []engine.Record
	// Why is the engine's reason ("diverged from the leader at leader
	// epoch 0").
	Why string
}

// heldCuts are the truncations marked on screen: those of the index of
// (the cuts it had when first read are history, not marked), and each
// one's real ms left.
type heldCuts struct {
	of   *seeIndex
	seen int
	cuts []Cut
	left []float64
}

// heldNow brings the held truncations up to the event log, and holds
// each new one for TruncationHoldMs. A new index (a seek, a replay, a new
// scenario) is history: its truncations are not marked, and of those
// held only the ones it still holds stay (a seek back before one drops
// its mark).
func (s *Store) heldNow() *heldCuts {
	x, h := s.seeIndex(), &s.See.held
	if h.of != x {
		k := 0
		for i, c := range h.cuts {
			if x.hasCut(c) {
				h.cuts[k], h.left[k] = c, h.left[i]
				k++
			}
		}
		h.of, h.seen, h.cuts, h.left = x, len(x.cuts), h.cuts[:k], h.left[:k]
	}
	for _, c := range x.cuts[h.seen:] {
		h.cuts = append(h.cuts, c)
		h.left = append(h.left, TruncationHoldMs)
	}
	h.seen = len(x.cuts)
	return h
}

// hasCut reports whether the index holds truncation c.
func (x *seeIndex) hasCut(c Cut) bool {
	for _, d := range x.cuts {
		if d.Seq == c.Seq && d.At == c.At && d.Broker == c.Broker && d.TP == c.TP {
			return true
		}
	}
	return false
}

// holdCuts lets realMs of playing time pass for the marks on screen and
// forgets those whose time is up.
func (s *Store) holdCuts(realMs float64) {
	h := s.heldNow()
	k := 0
	for i := range h.cuts {
		if h.left[i] -= realMs; h.left[i] > 0 {
			h.cuts[k], h.left[k] = h.cuts[i], h.left[i]
			k++
		}
	}
	h.cuts, h.left = h.cuts[:k], h.left[:k]
}

// CutHeld reports whether a truncation is marked on screen now.
func (s *Store) CutHeld() bool { return len(s.heldNow().cuts) > 0 }

// HeldCut returns the newest truncation of broker b's replica of tp still
// marked on screen, false if none.
func (s *Store) HeldCut(b engine.BrokerID, tp engine.TopicPartition) (Cut, bool) {
	h := s.heldNow()
	for i := len(h.cuts) - 1; i >= 0; i-- {
		if c := h.cuts[i]; c.Broker == b && c.TP == tp {
			return c, true
		}
	}
	return Cut{}, false
}

// RemovedMark is a broker box's mark of a truncation held on screen
// (HeldCut), drawn under its strip in place of the fetch status: a
// struck-through ghost cell holding the first removed offset, then Text.
// It is comparable; the zero value draws nothing.
type RemovedMark struct {
	On bool
	// Offset is the first removed offset and Count how many were removed.
	Offset engine.Offset
	Count  int
	// EpochClass colours the ghost by the removed record's leader epoch.
	EpochClass string
	// Text fits the box ("m0 removed: diverged at leader epoch 0"); Tip
	// is the whole sentence.
	Text, Tip string
}

// removedGhostW is the ghost cell's width and its gap to the text, in
// viewBox units; removedCharW a character of its text (the status
// line's TextPx, semibold: TextW), a little wider than Chromium draws the
// page's sans-serif, so that it errs short.
const (
	removedGhostW = 24
	removedCharW  = 0.6 * TextPx
)

// RemovedMarkOf is the mark of cut c on a box boxW wide: the longest of
// "m0 removed: diverged at leader epoch 0", "m0 removed: diverged at
// epoch 0", "m0 removed" and "removed" that fits beside the ghost cell.
func RemovedMarkOf(c Cut, boxW float64) RemovedMark {
	if len(c.Records) == 0 {
		return RemovedMark{}
	}
	first := c.Records[0]
	what := "offset " + itoa(int64(first.Offset))
	if first.Value != "" {
		what = first.Value
	}
	if len(c.Records) > 1 {
		what = itoa(int64(len(c.Records))) + " records"
	}
	m := RemovedMark{On: true, Offset: first.Offset, Count: len(c.Records), EpochClass: epochClass(first.LeaderEpoch)}
	m.Tip = "Broker " + itoa(int64(c.Broker)) + " truncated its log of " + c.TP.String() + " at " + engine.FormatTime(c.At) + ", removing " + removedPhrase(c.Records) +
		": " + c.Why + ". The strip shows its log as it is now; this mark stays a few seconds so that the truncation can be seen."
	room := boxW - 12 - 8 - removedGhostW // the status line's left padding, a little on the right
	long, short := shortWhy(c.Why)
	for _, text := range []string{what + " removed: " + long, what + " removed: " + short, what + " removed", "removed"} {
		m.Text = text
		if float64(utf8.RuneCountInString(text))*removedCharW <= room {
			break
		}
	}
	return m
}

// removedPhrase says which records went: "offset 0 (m0)", "offsets 3 to
// 5 (m3 and 2 more)".
func removedPhrase(rs []engine.Record) string {
	first, last := rs[0], rs[len(rs)-1]
	name := ""
	if first.Value != "" {
		name = " (" + first.Value
		if len(rs) > 1 {
			name += " and " + itoa(int64(len(rs)-1)) + " more"
		}
		name += ")"
	}
	if len(rs) == 1 {
		return "offset " + itoa(int64(first.Offset)) + name
	}
	return "offsets " + itoa(int64(first.Offset)) + " to " + itoa(int64(last.Offset)) + name
}

// shortWhy words the engine's reason for a truncation (engine/fetch.go,
// lifecycle.go, broker.go) short enough for a box, and shorter: "diverged
// from the leader at leader epoch 0" becomes "diverged at leader epoch 0"
// and "diverged at epoch 0"; a reason it does not know is kept whole.
func shortWhy(why string) (long, short string) {
	switch {
	case strings.HasPrefix(why, "diverged from the leader at leader epoch "):
		epoch := strings.TrimPrefix(why, "diverged from the leader at leader epoch ")
		return "diverged at leader epoch " + epoch, "diverged at epoch " + epoch
	case strings.HasPrefix(why, "truncates to its high watermark"):
		return "cut to its HW (before KIP-101)", "cut to its HW"
	case strings.HasPrefix(why, "lost its unflushed tail"):
		return "unflushed, lost in the crash", "lost in the crash"
	case strings.HasPrefix(why, "truncates to the leader's log end"):
		return "past the leader's log end", "past the leader's end"
	}
	return why, why
}
