package site

import (
	"maps"
	"slices"
	"testing"

	"kplay/engine"
	"kplay/scenarios"
)

// everyBadge is a broker in every state a box can show at once: out of
// sync, a last known leader (KIP-966 LastKnownElr), elected uncleanly, a
// finished controlled shutdown, fenced, down, a slow disk, hung, and
// one-way cuts to and from the controller.
var everyBadge = []Badge{
	{"out-of-sync", "out of sync"}, {"last-known", "last known leader"}, {"unclean", "elected uncleanly"},
	{"shutting-down", "shut down cleanly"}, {"fenced", "fenced"}, {"down", "down"}, {"slow-disk", "slow disk +50 ms"},
	{"hung", "hung: no fetches"}, {"cut-to-controller", "↛ controller"}, {"cut-from-controller", "controller ↛"},
}

// kip679Badges is the incident's shut-down follower: out of sync, shut
// down cleanly, fenced, down (and on top a slow disk).
var kip679Badges = []Badge{{"out-of-sync", "out of sync"}, {"shutting-down", "shut down cleanly"}, {"fenced", "fenced"}, {"down", "down"}, {"slow-disk", "slow disk +50 ms"}}

// TestPlaceBadgesStayInsideTheBox places the badges on the broker boxes
// of the three layouts (wide, phone, embed; a few brokers and a grid of
// nine) with and without a countdown: every badge lies inside the box
// between its name and its log strip, none overlaps another or the
// countdown, their order is kept, and whatever finds no room is named by
// the "+N" badge, so nothing is lost.
func TestPlaceBadgesStayInsideTheBox(t *testing.T) {
	widths := map[float64]bool{}
	for _, st := range []engine.State{lessonState(t), manyState(t)} {
		for _, narrow := range []bool{false, true} {
			for _, compact := range []bool{false, true} {
				for _, n := range ComputeLayoutFor(st, narrow, compact).Nodes {
					if n.Broker != 0 {
						widths[n.Rect.W] = true
					}
				}
			}
		}
	}
	if len(widths) < 3 {
		t.Fatalf("only %d box widths across the layouts: %v", len(widths), widths)
	}
	for w := range widths {
		for _, bs := range [][]Badge{everyBadge, kip679Badges, everyBadge[:1]} {
			for k, label := range []string{"", "fenced in 8.2 s", "leaves the ISR in 29.9 s"} {
				timerW := TimerRoomW(label)
				// The LEO's label over the strip: none, mid-strip, or
				// at the strip's right end.
				above := [][]Span{nil, {{w/2 - 25, w/2 + 25}}, {{w - 70, w - 12}}}[k]
				placed := PlaceBadges(bs, w, timerW, above)
				var shown []Badge
				for i, p := range placed {
					for _, sp := range above {
						if p.Y == BoxBadgeY+BadgeRowH && p.X < sp.To && sp.From < p.X+p.W {
							t.Errorf("box %v: badge %q on the second row covers the strip's label at %v", w, p.Text, sp)
						}
					}
					if p.X < BadgePad || p.X+p.W > w-BadgePad+1e-9 || p.Y < BoxBadgeY || p.Y+BadgeH > BoxStripY {
						t.Errorf("box %v, timer %q: badge %q at (%v,%v) %v wide is outside the box's badge room", w, label, p.Text, p.X, p.Y, p.W)
					}
					if p.Y == BoxBadgeY && p.X+p.W > w-BadgePad-timerW+1e-9 {
						t.Errorf("box %v, timer %q: badge %q runs into the countdown", w, label, p.Text)
					}
					for _, q := range placed[:i] {
						if q.Y == p.Y && q.X+q.W > p.X {
							t.Errorf("box %v: badges %q and %q overlap", w, q.Text, p.Text)
						}
					}
					if p.Key == "more" {
						if i != len(placed)-1 || p.Text != "+"+itoa(int64(len(p.Folded))) || p.Title == "" {
							t.Errorf("box %v: fold %+v is not the last badge naming what it folds", w, p)
						}
						shown = append(shown, p.Folded...)
						continue
					}
					shown = append(shown, p.Badge)
				}
				if !slices.Equal(shown, bs) {
					t.Errorf("box %v, timer %q: badges shown %v, want %v in order", w, label, shown, bs)
				}
			}
		}
	}
}

// TestPlaceBadgesWrapsBeforeFolding: on a wide box KIP-679's four states
// fit in two rows without a fold, and a lone badge stays on the first row
// at the box's left padding.
func TestPlaceBadgesWrapsBeforeFolding(t *testing.T) {
	placed := PlaceBadges(kip679Badges[:4], 300, TimerRoomW("fenced in 8.2 s"), nil)
	if len(placed) != 4 {
		t.Fatalf("placed %d badges, want the 4 without a fold: %+v", len(placed), placed)
	}
	if placed[0].Y != BoxBadgeY || placed[len(placed)-1].Y != BoxBadgeY+BadgeRowH {
		t.Errorf("want two rows, got %+v", placed)
	}
	one := PlaceBadges(kip679Badges[:1], 300, 0, nil)
	if len(one) != 1 || one[0].X != BadgePad || one[0].Y != BoxBadgeY {
		t.Errorf("lone badge placed %+v", one)
	}
}

// TestStripLabelSpansFollowTheLEO: the LEO's label is centred on the LEO
// in the strip, flush right at the strip's end, in box units.
func TestStripLabelSpansFollowTheLEO(t *testing.T) {
	s := StripView{From: 190, To: 200, CellW: 26, X: 20, LEO: 195}
	sp := StripLabelSpans(s)
	mid := s.X + 5*26
	if len(sp) != 1 || sp[0].From >= mid || sp[0].To <= mid {
		t.Fatalf("spans %v, want one around x=%v", sp, mid)
	}
	s.LEO = 200
	sp = StripLabelSpans(s)
	if end := s.X + 10*26; len(sp) != 1 || sp[0].To != end+BadgeGap || sp[0].From >= end-40 {
		t.Errorf("spans %v at the strip's end, want one ending at %v", sp, end)
	}
	if sp := StripLabelSpans(StripView{}); sp != nil {
		t.Errorf("a box without a strip: %v", sp)
	}
}

// TestEveryPresetKeepsItsWordsInItsBoxes plays every preset through its
// timeline and, at each moment it samples, lays it out as the page
// (1280 px), a phone (390 px) and an embed (800 px) do: every badge and
// every countdown's label lies inside its broker box, clear of the box's
// sides (a follower past replica.lag.time.max.ms once said "out of sync:
// leaves the ISR at the leader's next check" in a box a third as wide),
// and no first-row badge runs into the countdown.
func TestEveryPresetKeepsItsWordsInItsBoxes(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range scenarios.All() {
		s := NewStoreFromScript(p.Name, p.Text)
		if s.Err != "" {
			t.Fatalf("%s: %s", p.Name, s.Err)
		}
		cfg := s.Player.Scenario().Config
		r := s.ScrubRange()
		var moments []engine.Time
		for i := range engine.Time(120) {
			moments = append(moments, r.From+r.Span()*i/119)
		}
		ms, _ := s.Player.Markers()
		for _, m := range ms {
			moments = append(moments, m.At, m.At+1)
		}
		slices.Sort(moments)
		for _, at := range slices.Compact(moments) {
			s.Player.Seek(at)
			st := s.Player.State()
			timers := Timers(st, cfg)
			for _, size := range []struct {
				name            string
				narrow, compact bool
			}{{"page", false, false}, {"phone", true, false}, {"embed", false, true}} {
				for _, v := range s.BrokerViews(st, ComputeLayoutFor(st, size.narrow, size.compact), timers) {
					w := v.Node.Rect.W
					where := func() string { return p.Name + " at " + engine.FormatTime(at) + " (" + size.name + "), " + v.Node.Key }
					timerW := 0.0
					if v.Timer.Kind != "" {
						seen[v.Timer.Label] = true
						timerW = TimerRoomW(v.Timer.Label)
						if left := w - RingX - RingR - 4 - float64(len([]rune(v.Timer.Label)))*6.4; left < BadgePad {
							t.Errorf("%s: countdown %q starts at %.0f of a %.0f-unit box, outside its padding", where(), v.Timer.Label, left, w)
						}
					}
					for _, b := range PlaceBadges(v.Look.Badges, w, timerW, StripLabelSpans(v.Strip)) {
						if b.X < BadgePad || b.X+b.W > w-BadgePad+1e-9 {
							t.Errorf("%s: badge %q at %.0f–%.0f spills out of a %.0f-unit box", where(), b.Text, b.X, b.X+b.W, w)
						}
						if b.Y == BoxBadgeY && b.X+b.W > w-BadgePad-timerW+1e-9 {
							t.Errorf("%s: badge %q runs into the countdown %q", where(), b.Text, v.Timer.Label)
						}
					}
				}
			}
		}
	}
	t.Logf("countdown labels drawn: %v", slices.Sorted(maps.Keys(seen)))
}

// TestFitTimerShortensForANarrowBox: the nine-broker phone grid's
// 169-unit box has room for "fenced in 6.2 s" but not for "leaves the
// ISR in 29.9 s", which it draws as the time left alone; a 300-unit box
// draws the whole label.
func TestFitTimerShortensForANarrowBox(t *testing.T) {
	lag := Timer{Kind: TimerLag, Label: "leaves the ISR in 29.9 s", Short: "29.9 s"}
	session := Timer{Kind: TimerSession, Label: "fenced in 6.2 s", Short: "6.2 s"}
	for _, c := range []struct {
		t    Timer
		w    float64
		want string
	}{{lag, 300, lag.Label}, {lag, 169, "29.9 s"}, {session, 169, session.Label}} {
		if got := FitTimer(c.t, c.w).Label; got != c.want {
			t.Errorf("FitTimer(%q, %v) draws %q, want %q", c.t.Label, c.w, got, c.want)
		}
	}
}
