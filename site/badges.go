package site

import (
	"slices"
	"unicode/utf8"

	"kplay/engine"
)

// This file places a broker box's state badges (BrokerLook.Badges) in
// the room between the box's name and its log strip: a first row under
// the name, left of a countdown ring, and a second row under it. Badges
// that find no room in two rows fold into one "+N" badge whose tooltip
// names them, so that a broker in four states at once (KIP-679's shut-down
// follower: out of sync, fenced, shut down cleanly, slow disk) stays
// inside its box on a phone as on a laptop.

// Badge geometry, in viewBox units: a badge is BadgeH tall, BadgeGap from
// the next; the second row starts BadgeRowH below the first
// (BoxBadgeY), which leaves it above the log strip (BoxStripY); badges
// keep BadgePad from the box's sides.
const (
	BadgeH    = 16
	BadgeGap  = 4
	BadgeRowH = 18
	BadgePad  = 12
	// HourglassW is the room the hourglass takes at a hung badge's left.
	HourglassW = 10
	// badgeRows is how many rows of badges fit above the strip.
	badgeRows = 2
)

// PlacedBadge is a badge as the box draws it: where (from the box's
// top-left corner) and how wide, the text drawn (Label: the badge's Text,
// or its short form, BadgeShort, where the whole finds no room) and its
// tooltip, which says the whole. A fold (Key "more", Text "+N") stands
// for the badges Folded names.
type PlacedBadge struct {
	Badge
	X, Y, W float64
	Label   string
	Title   string
	Folded  []Badge
}

// Equal reports whether p and q draw the same badge.
func (p PlacedBadge) Equal(q PlacedBadge) bool {
	return p.Badge == q.Badge && p.X == q.X && p.Y == q.Y && p.W == q.W && p.Label == q.Label && p.Title == q.Title && slices.Equal(p.Folded, q.Folded)
}

// BadgeShort is the short form of badge b that a box draws where b's
// whole text finds no room, its tooltip keeping the whole: "slow disk"
// for "slow disk +20000 ms" (a lesson about a slow follower must show
// the slow disk in an 800-px embed, whose boxes folded it into "+1").
// "" when b has none.
func BadgeShort(b Badge) string {
	if b.Key == "slow-disk" {
		return "slow disk"
	}
	return ""
}

// BadgeW is the width of badge b: its text at the diagram's TextPx bold
// (TextW), padding, and the hourglass of a hung one.
func BadgeW(b Badge) float64 {
	w := TextW(utf8.RuneCountInString(b.Text), TextPx) + 12
	if b.Key == "hung" {
		w += HourglassW
	}
	return w
}

// TimerRoomW is how much of the first badge row's right end a countdown
// labelled label takes: the ring (RingX from the box's right edge, RingR
// in radius), 4 units, and the label at TextPx (TextW); 0 without a
// countdown.
func TimerRoomW(label string) float64 {
	if label == "" {
		return 0
	}
	return RingX + RingR + 4 + TextW(utf8.RuneCountInString(label), TextPx) - BadgePad
}

// PlaceBadges lays out bs on a box boxW wide whose first row ends
// timerW before the box's right padding (TimerRoomW), and whose second
// row must keep clear of the spans above (the labels over the log strip,
// StripLabelSpans). Badges keep their order; each goes on the first row
// with room for it after the one before, else the second (past any label
// in its way). When one finds no room on either, it and every badge after
// it fold into a "+N" badge at the end of the second row (making room for
// it by folding the row's last badges too), whose tooltip lists them.
//
// A badge with a short form (BadgeShort) that finds no room whole takes
// it before anything folds.
func PlaceBadges(bs []Badge, boxW, timerW float64, above []Span) []PlacedBadge {
	rows := badgeRoom{limits: [badgeRows]float64{boxW - BadgePad - timerW, boxW - BadgePad}, above: above}
	out := make([]PlacedBadge, 0, len(bs))
	row, x := 0, float64(BadgePad)
	for i, b := range bs {
		label := b.Text
		w := BadgeW(b)
		at, r, ok := rows.place(row, x, w)
		if short := BadgeShort(b); !ok && short != "" {
			label = short
			w = BadgeW(Badge{b.Key, short})
			at, r, ok = rows.place(row, x, w)
		}
		if !ok {
			return rows.fold(out, bs[i:])
		}
		row = r
		out = append(out, PlacedBadge{Badge: b, X: at, Y: rowY(row), W: w, Label: label, Title: BadgeTitle(b)})
		x = at + w + BadgeGap
	}
	return out
}

// place finds where a badge w wide goes at or after x on row, or at the
// start of a later row: where, on which row, and whether it has room at
// all.
func (r badgeRoom) place(row int, x, w float64) (float64, int, bool) {
	at, ok := r.fit(row, x, w)
	for !ok && row < badgeRows-1 {
		row++
		at, ok = r.fit(row, BadgePad, w)
	}
	return at, row, ok
}

// FitBadges places box badges bs (PlaceBadges) beside countdown t, drawn
// as FitTimer draws it in a box boxW wide, and returns them and the
// countdown as drawn: when the badges would fold with the countdown's
// sentence and fit beside the time alone (t.Short, the ring's tooltip
// keeping the sentence), the countdown gives its row up, since a state
// folded into "+N" is one the reader does not see (an 800-px embed's
// slow follower hid its slow disk while it counted down to leaving the
// ISR).
func FitBadges(bs []Badge, boxW float64, t Timer, above []Span) ([]PlacedBadge, Timer) {
	t = FitTimer(t, boxW)
	placed := PlaceBadges(bs, boxW, TimerRoomW(t.Label), above)
	if !folds(placed) || t.Short == "" || t.Short == t.Label {
		return placed, t
	}
	short := t
	short.Label = t.Short
	if p := PlaceBadges(bs, boxW, TimerRoomW(short.Label), above); !folds(p) {
		return p, short
	}
	return placed, t
}

// folds says placed ends in a "+N" fold.
func folds(placed []PlacedBadge) bool {
	return len(placed) > 0 && placed[len(placed)-1].Key == "more"
}

// Span is a stretch [From, To) of a box's width, in viewBox units from
// its left edge.
type Span struct{ From, To float64 }

// StripLabelSpans are the spans the labels over a log strip take (the
// LEO's and the log start offset's, drawn as site/ui's marker draws them:
// TextPx semibold text (LabelW) centred on their offset, or flush with
// the strip's end near one), widened by BadgeGap, for the badges' second
// row to keep clear of.
func StripLabelSpans(s StripView) []Span {
	w := float64(s.To-s.From) * s.CellW
	span := func(o engine.Offset, label string) Span {
		x := float64(o-s.From) * s.CellW
		lw := LabelW(label, TextPx)
		from := x - lw/2
		switch {
		case x < 18:
			from = x
		case x > w-18:
			from = x - lw
		}
		return Span{s.X + from - BadgeGap, s.X + from + lw + BadgeGap}
	}
	if s.To <= s.From {
		return nil
	}
	out := []Span{span(s.LEO, "LEO "+itoa(int64(s.LEO)))}
	if s.LogStart > 0 && s.LogStart >= s.From && s.LogStart < s.LEO {
		out = append(out, span(s.LogStart, "start "+itoa(int64(s.LogStart))))
	}
	return out
}

// rowY is the top of badge row r.
func rowY(r int) float64 { return float64(BoxBadgeY + r*BadgeRowH) }

// badgeRoom is where badges may go: each row ends at its limit, and the
// last row keeps clear of the spans above the strip.
type badgeRoom struct {
	limits [badgeRows]float64
	above  []Span
}

// fit returns where on row a badge w wide may start at or after x: past
// any span in its way, and before the row's limit.
func (r badgeRoom) fit(row int, x, w float64) (float64, bool) {
	if row == badgeRows-1 {
		for moved := true; moved; {
			moved = false
			for _, sp := range r.above {
				if x < sp.To && sp.From < x+w {
					x, moved = sp.To, true
				}
			}
		}
	}
	return x, x+w <= r.limits[row]
}

// fold ends placed with a "+N" badge for rest on the last row, moving
// the row's last badges into the fold until it fits; when the row has no
// room for it at all (labels over the strip fill it), it goes at the end
// of the row above, folding that row's last badges as need be.
func (r badgeRoom) fold(placed []PlacedBadge, rest []Badge) []PlacedBadge {
	row := badgeRows - 1
	folded := append([]Badge(nil), rest...)
	for {
		more := Badge{"more", "+" + itoa(int64(len(folded)))}
		w := BadgeW(more)
		n := len(placed)
		onRow := n > 0 && placed[n-1].Y == rowY(row)
		x := float64(BadgePad)
		if onRow {
			x = placed[n-1].X + placed[n-1].W + BadgeGap
		}
		at, ok := r.fit(row, x, w)
		switch {
		case !ok && onRow:
			folded = append([]Badge{placed[n-1].Badge}, folded...)
			placed = placed[:n-1]
			continue
		case !ok && row > 0:
			row--
			continue
		case !ok:
			// No room for even the fold: at the box's padding, the
			// least bad place.
			at = BadgePad
		}
		title := ""
		for i, f := range folded {
			if i > 0 {
				title += "\n"
			}
			title += f.Text
			if t := BadgeTitle(f); t != "" {
				title += ": " + t
			}
		}
		return append(placed, PlacedBadge{Badge: more, X: at, Y: rowY(row), W: w, Label: more.Text, Title: title, Folded: folded})
	}
}
