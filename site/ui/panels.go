package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/site"
)

// DescribePanel is a vecty.Component which represents the live
// kafka-topics.sh --describe output. It carries the DOM contract's
// <pre id="describe">.
type DescribePanel struct {
	vecty.Core

	Text string `vecty:"prop"`
}

// SkipRender implements the vecty.RenderSkipper interface.
func (d *DescribePanel) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*DescribePanel)
	return ok && p.Text == d.Text
}

// Render implements the vecty.Component interface.
func (d *DescribePanel) Render() vecty.ComponentOrHTML {
	text := d.Text
	if text == "" {
		text = "(no topics yet)"
	}
	return elem.Section(
		vecty.Markup(vecty.Class("panel", "describe-panel"), attr("aria-labelledby", "describe-h")),
		elem.Heading2(vecty.Markup(prop.ID("describe-h")), elem.Code(vecty.Text("kafka-topics.sh --describe"))),
		elem.Preformatted(vecty.Markup(prop.ID("describe")), vecty.Text(text)),
	)
}

// FetchRoundsPanel is a vecty.Component which represents the lesson's
// fetch-loop table for each follower of the first partition. It reads
// the fetch rounds from Rounds (the Player) only when it renders, which it
// skips while Count and Gen stay the same.
type FetchRoundsPanel struct {
	vecty.Core

	Rounds fetchRounds `vecty:"prop"`
	Count  int         `vecty:"prop"`
	Gen    int         `vecty:"prop"`
}

// fetchRounds is what the fetch-loop table reads: the cluster at the
// playhead and a follower's last fetch rounds (site.Player).
type fetchRounds interface {
	State() engine.State
	RecentFetchRounds(tp engine.TopicPartition, follower engine.BrokerID, n int) (int, []engine.FetchRound)
}

// throttle is an event count that follows the player's at most every
// site.FullRedrawMs of real time while playing, for a panel that need not
// follow every frame (FetchRoundsPanel): at 9 brokers × 12 partitions at
// the top speed a fetch round ends on nearly every frame, and each one
// set the fetch table's HTML again, which the browser parsed and laid
// out again. Paused, stepped or seeked, it follows at once.
type throttle struct {
	mark site.LogMark
	n    int
	set  bool
	at   float64
}

// count returns the event count the panel draws: now, the player's own
// count n, unless playing and less than site.FullRedrawMs (of the Store's
// PlayedMs, playedMs) since it last took it.
func (t *throttle) count(pl *site.Player, playing bool, playedMs float64, n int) int {
	m := pl.LogMark()
	if !t.set || m.Since(t.mark) == site.LogRewound || !playing || playedMs-t.at >= site.FullRedrawMs {
		*t = throttle{mark: m, n: n, set: true, at: playedMs}
	}
	return t.n
}

// FetchRoundsShown is how many rounds per follower the table shows.
const FetchRoundsShown = 4

// SkipRender implements the vecty.RenderSkipper interface.
func (f *FetchRoundsPanel) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*FetchRoundsPanel)
	return ok && p.Count == f.Count && p.Gen == f.Gen
}

// Render implements the vecty.Component interface.
func (f *FetchRoundsPanel) Render() vecty.ComponentOrHTML {
	pl := f.Rounds
	st := pl.State()
	part, ok := site.FirstPartition(st)
	body := []vecty.MarkupOrChild{
		vecty.Markup(vecty.Class("panel", "rounds-panel"), attr("aria-labelledby", "rounds-h")),
		elem.Heading2(vecty.Markup(prop.ID("rounds-h")), vecty.Text("Fetch loop")),
	}
	if !ok {
		return elem.Section(append(body, elem.Paragraph(vecty.Text("No partition yet.")))...)
	}
	for _, id := range part.Replicas {
		if id == part.Leader {
			continue
		}
		rows := site.LastFetchRoundRows(pl.RecentFetchRounds(part.TP, id, FetchRoundsShown))
		caption := "broker " + itoa(int64(id)) + " fetching " + part.TP.String() + " from broker " + itoa(int64(part.Leader))
		// One innerHTML for the table: it changes with every round.
		body = append(body, elem.Div(vecty.Markup(vecty.Class("table-wrap"), vecty.UnsafeHTML(site.FetchRoundsHTML(caption, rows)))))
	}
	return elem.Section(body...)
}
