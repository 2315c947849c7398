package ui

import (
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/site"
)

// renderRoleBadge draws a broker's role ("leader", "follower",
// "replica", "no replica") as the pill p at the box's top right, clear of
// its name (site.RolePillOf), marked data-badge (site.BrokerLook.RoleKey);
// a pill cut short keeps the whole role in its tooltip.
func renderRoleBadge(p site.RolePill, key string) *vecty.HTML {
	return svgEl("g", vecty.Markup(vecty.Class("role-badge", "role-"+key), attr("data-badge", key)),
		vecty.If(p.Title != "", svgEl("title", vecty.Text(p.Title))),
		svgEl("rect", vecty.Markup(vecty.Class("pill"), attr("x", num1(p.X)), attr("y", "9"), attr("width", num1(p.W)), attr("height", "18"), attr("rx", "9"))),
		svgText(p.X+p.W/2, site.BoxTitleY-1, p.Text, vecty.Class("role"), attr("text-anchor", "middle")),
	)
}

// renderBadges draws a broker's state badges as site.FitBadges placed
// them (site.BrokerView.Badges): in up to two rows under its name, inside
// the box, the first left of a countdown's ring and label, the second
// clear of the LEO's label over the log strip, a badge too long for the
// room in its short form; what finds no room folds into a "+N" badge
// whose tooltip names the rest.
func renderBadges(placed []site.PlacedBadge) []vecty.MarkupOrChild {
	var out []vecty.MarkupOrChild
	for _, b := range placed {
		w := b.W
		icon := b.Key == "hung"
		cls := []string{"badge", "badge-" + b.Key}
		if b.Key == "out-of-sync" {
			cls = append(cls, "badge-oos")
		}
		kids := []vecty.MarkupOrChild{vecty.Markup(vecty.Class(cls...), attr("data-badge", b.Key), translate(b.X, b.Y))}
		if b.Title != "" {
			kids = append(kids, svgEl("title", vecty.Text(b.Title)))
		}
		kids = append(kids, svgEl("rect", vecty.Markup(attr("width", num1(w)), attr("height", itoa(site.BadgeH)), attr("rx", "4"))))
		if icon {
			// An hourglass: a half-alive broker's requests wait.
			kids = append(kids, svgEl("path", vecty.Markup(vecty.Class("hourglass"), attr("aria-hidden", "true"),
				attr("d", "M5 3h7l-3.5 5 3.5 5h-7l3.5-5z"))),
				svgText(site.HourglassW+(w-site.HourglassW)/2, 12, b.Label, attr("text-anchor", "middle")))
		} else {
			kids = append(kids, svgText(w/2, 12, b.Label, attr("text-anchor", "middle")))
		}
		out = append(out, svgEl("g", kids...))
	}
	return out
}

// renderController is the KRaft controller, which the diagram has no box
// for: a bar above it with a "controller" badge, what the controller
// knows of each broker's session (site.SessionLines: heartbeating, no
// heartbeat since T, fenced at T, registered again) and the first
// partition's state (site.PartitionLineOf: its leader, or none and
// offline, the ISR and ELR). It carries data-node="controller",
// #controller-state and #partition-state. st is the cluster now and cfg
// the scenario's configuration.
func renderController(st engine.State, cfg engine.Config) *pure[controllerView] {
	line, _ := site.PartitionLineOf(st)
	r := site.RulesOf(cfg)
	return view(controllerView{What: site.ControllerSummary(site.SessionLines(st, cfg)), Line: line, Name: r.Controller, Title: r.ControllerTitle},
		func(v controllerView) *vecty.HTML { return controllerBar(v) })
}

// controllerView is the controller bar: what the controller knows of the
// brokers' sessions, and the first partition's line.
type controllerView struct {
	What string
	Line site.PartitionLine
	// Name and Title are the controller's label and its tooltip
	// (site.RulesOf: "KRaft quorum", or "controller" with the era for a
	// pre-KRaft replay).
	Name, Title string
}

// controllerBar is renderController's drawing of the controller's summary
// and the first partition's line.
func controllerBar(v controllerView) *vecty.HTML {
	what, line, title := v.What, v.Line, v.Name+" · "+v.What
	if v.Title != "" {
		title = v.Title + " " + v.What
	}
	// The partition's line comes before the controller's sentence, so
	// that a wide strip floats it right of the sentence's first line
	// (static/screen.css); a screen reader reads the partition first.
	return elem.Div(vecty.Markup(vecty.Class("controller-bar"), attr("data-node", "controller"), attr("data-role", "controller")),
		elem.Span(vecty.Markup(vecty.Class("badge", "badge-controller"), attr("data-badge", "controller")), vecty.Text("controller")),
		elem.Span(vecty.Markup(prop.ID("partition-state"), vecty.Class("pstate", "pstate-"+line.Key), vecty.Data("state", line.Key), attr("title", line.Text)), vecty.Text(line.Text)),
		elem.Span(append([]vecty.MarkupOrChild{vecty.Markup(prop.ID("controller-state"), attr("title", title))}, sessionParts(v.Name, what)...)...),
	)
}

// sessionParts is the controller strip's sentence what (ControllerSummary,
// one part a broker, " · " between them) after the controller's name
// ("KRaft quorum", or "controller" for a release before KRaft), each part
// a span that keeps its words together, so that a narrow strip (a phone,
// an embed) wraps between brokers instead of cutting the last one off.
// Its text is the sentence unchanged.
func sessionParts(name, what string) []vecty.MarkupOrChild {
	out := []vecty.MarkupOrChild{elem.Span(vecty.Markup(vecty.Class("session")), vecty.Text(name))}
	for _, part := range strings.Split(what, " · ") {
		out = append(out, vecty.Text(" · "), elem.Span(vecty.Markup(vecty.Class("session")), vecty.Text(part)))
	}
	return out
}

// seeLegend explains the cells' colours and marks: colour = leader epoch
// (a palette cycling per epoch), truncated ghosts and lost records.
func seeLegend() vecty.List {
	sw := func(cls ...string) *vecty.HTML {
		return elem.Span(vecty.Markup(vecty.Class(append([]string{"swatch", "cell-swatch"}, cls...)...), attr("aria-hidden", "true")))
	}
	return vecty.List{
		elem.ListItem(vecty.Markup(vecty.Class("epoch-legend")), sw("ep0"), sw("ep1"), sw("ep2"), vecty.Text("colour = leader epoch (0, 1, 2 …)")),
		elem.ListItem(sw("truncated", "ep0"), vecty.Text("truncated (struck through until overwritten)")),
		elem.ListItem(sw("lost"), vecty.Text("lost by a violation")),
		elem.ListItem(vecty.Markup(vecty.Class("dup-legend")), sw("duplicate"), vecty.Text(site.DuplicateLegend)),
		elem.ListItem(elem.Span(vecty.Markup(vecty.Class("swatch", "slow-disk-swatch"), attr("aria-hidden", "true"))), vecty.Text(site.DiskLegend)),
		elem.ListItem(vecty.Markup(vecty.Class("fault-legend")), elem.Span(vecty.Markup(vecty.Class("swatch", "link-swatch", "cut-two-way"), attr("aria-hidden", "true"))),
			vecty.Text("link cut both ways ✕")),
		elem.ListItem(vecty.Markup(vecty.Class("fault-legend")), elem.Span(vecty.Markup(vecty.Class("swatch", "link-swatch", "slow-link"), attr("aria-hidden", "true"))),
			vecty.Text("slowed link, with its delay beside it (30–50 ms: each message takes that long each way)")),
		elem.ListItem(vecty.Markup(vecty.Class("fault-legend")), elem.Span(vecty.Markup(vecty.Class("swatch", "link-swatch", "cut-one-way"), attr("aria-hidden", "true"))),
			vecty.Text("one-way cut: A→B dropped, B→A still arrives (the arrow points where messages are lost)")),
		elem.ListItem(vecty.Markup(vecty.Class("fault-legend")), elem.Span(vecty.Markup(vecty.Class("swatch", "hung-swatch"), attr("aria-hidden", "true"))),
			vecty.Text("half-alive broker (hung, with an hourglass): registered and heartbeating, not serving fetches or clients")),
	}
}
