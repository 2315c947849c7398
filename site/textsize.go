package site

import (
	"unicode/utf8"

	"kplay/engine"
)

// The diagram's text sizes, in viewBox units, as static/style.css (and
// manners.css, see.css, act.css) draws them: TextPx for all its small
// text (state badges, the role pill, LEO and HW, status lines, the
// offsets in log cells and partition chips, countdowns, link marks and
// message labels), NamePx for the boxes' names. The page draws the
// diagram at as little as 0.9 of its viewBox at the sizes it is made for
// (the three-broker column at 1280×800 in 464 px of height, a phone's
// 400-unit layouts 364 px wide), so that TextPx of 12.5 is drawn at no
// less than 11 px (docs/design.md §4); at the old 9 to 11 units a
// learner read 6-px offsets.
const (
	TextPx = 12.5
	NamePx = 14
)

// TextW is the width, in viewBox units, of n characters of text px in
// size in the diagram's sans-serif: 0.6 of the size a character, as
// Chromium draws DejaVu Sans's bold and more than its regular takes, so
// that what is placed by it errs wide and keeps clear.
func TextW(n int, px float64) float64 { return float64(n) * 0.6 * px }

// LabelW is the width, in viewBox units, of text in the diagram's bold
// or semibold at px, character by character: digits and capitals at 0.72
// of the size, as Chromium draws DejaVu Sans Bold's ("LEO 1" measures
// 0.64 a character, "+1" 0.77, where TextW's 0.6 let a badge placed
// beside "LEO 1" touch it), other characters at TextW's 0.6; so that what
// is placed by it errs wide.
func LabelW(text string, px float64) float64 {
	w := 0.0
	for _, r := range text {
		switch {
		case r >= '0' && r <= '9', r >= 'A' && r <= 'Z', r == '+':
			w += 0.72
		default:
			w += 0.6
		}
	}
	return w * px
}

// RegularW is the width, in viewBox units, of text in the diagram's
// regular weight at px: 0.52 of the size a character, as Chromium draws
// DejaVu Sans's lines such as "ISR 1,2,3 · leader epoch 0" (0.50).
func RegularW(text string, px float64) float64 {
	return float64(utf8.RuneCountInString(text)) * 0.52 * px
}

// NoReplicaLine is what the box of a broker without a replica of the
// first partition tp says where its log strip would be: the longest of
// "holds no replica of the first partition", "no replica of orders-0"
// and "no replica here" that fits w viewBox units of TextPx (RegularW).
func NoReplicaLine(tp engine.TopicPartition, w float64) string {
	lines := []string{"holds no replica of the first partition", "no replica of " + tp.String(), "no replica here"}
	for _, l := range lines[:2] {
		if RegularW(l, TextPx) <= w {
			return l
		}
	}
	return lines[2]
}

// ClipW is s cut (Clip) to what fits w viewBox units of text px in size
// by TextW.
func ClipW(s string, w, px float64) string { return Clip(s, max(2, int(w/TextW(1, px)))) }
