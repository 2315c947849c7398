package site

import "unicode/utf8"

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
// top-left corner) and how wide, and its tooltip. A fold (Key "more",
// Text "+N") stands for the badges Folded names.
type PlacedBadge struct {
	Badge
	X, Y, W float64
	Title   string
	Folded  []Badge
}

// BadgeW is the width of badge b: its text at the diagram's 11 px bold
// (some 6.6 units a character), padding, and the hourglass of a hung one.
func BadgeW(b Badge) float64 {
	w := float64(utf8.RuneCountInString(b.Text))*6.6 + 12
	if b.Key == "hung" {
		w += HourglassW
	}
	return w
}

// TimerRoomW is how much of the first badge row's right end a countdown
// labelled label takes: the ring (RingX from the box's right edge, RingR
// in radius), 4 units, and the label at 11 px (some 6.4 units a
// character); 0 without a countdown.
func TimerRoomW(label string) float64 {
	if label == "" {
		return 0
	}
	return RingX + RingR + 4 + float64(utf8.RuneCountInString(label))*6.4 - BadgePad
}

// PlaceBadges lays out bs on a box boxW wide whose first row ends
// timerW before the box's right padding (TimerRoomW). Badges keep their
// order; each goes on the first row with room for it after the one
// before, else the second. When one finds no room on either, it and every
// badge after it fold into a "+N" badge at the end of the second row
// (making room for it by folding the row's last badges too), whose
// tooltip lists them.
func PlaceBadges(bs []Badge, boxW, timerW float64) []PlacedBadge {
	limits := [badgeRows]float64{boxW - BadgePad - timerW, boxW - BadgePad}
	out := make([]PlacedBadge, 0, len(bs))
	row, x := 0, float64(BadgePad)
	for i, b := range bs {
		w := BadgeW(b)
		for row < badgeRows && x+w > limits[row] {
			row, x = row+1, BadgePad
		}
		if row == badgeRows {
			return foldBadges(out, bs[i:], limits[badgeRows-1])
		}
		out = append(out, PlacedBadge{Badge: b, X: x, Y: float64(BoxBadgeY + row*BadgeRowH), W: w, Title: BadgeTitle(b)})
		x += w + BadgeGap
	}
	return out
}

// foldBadges ends placed with a "+N" badge for rest, on the last row
// before limit, moving the row's last badges into the fold until it fits.
func foldBadges(placed []PlacedBadge, rest []Badge, limit float64) []PlacedBadge {
	lastY := float64(BoxBadgeY + (badgeRows-1)*BadgeRowH)
	folded := append([]Badge(nil), rest...)
	for {
		more := Badge{"more", "+" + itoa(int64(len(folded)))}
		w := BadgeW(more)
		x := float64(BadgePad)
		if n := len(placed); n > 0 && placed[n-1].Y == lastY {
			x = placed[n-1].X + placed[n-1].W + BadgeGap
		}
		n := len(placed)
		if x+w <= limit || n == 0 || placed[n-1].Y != lastY {
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
			return append(placed, PlacedBadge{Badge: more, X: x, Y: lastY, W: w, Title: title, Folded: folded})
		}
		folded = append([]Badge{placed[n-1].Badge}, folded...)
		placed = placed[:n-1]
	}
}
