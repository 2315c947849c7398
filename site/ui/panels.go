package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

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
// fetch-loop table for each follower of the first partition.
type FetchRoundsPanel struct {
	vecty.Core

	Store *site.Store `vecty:"prop"`
	Count int         `vecty:"prop"`
	Gen   int         `vecty:"prop"`
}

// FetchRoundsShown is how many rounds per follower the table shows.
const FetchRoundsShown = 4

// SkipRender implements the vecty.RenderSkipper interface.
func (f *FetchRoundsPanel) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*FetchRoundsPanel)
	return ok && p.Store == f.Store && p.Count == f.Count && p.Gen == f.Gen
}

// Render implements the vecty.Component interface.
func (f *FetchRoundsPanel) Render() vecty.ComponentOrHTML {
	pl := f.Store.Player
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
