package ui

import (
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/site"
)

// badgeW is a badge's width for text.
func badgeW(text string) float64 { return float64(len(text))*6 + 12 }

// renderRoleBadge draws a broker's role ("leader", "follower", "no
// replica") as the pill at the box's top right, marked data-badge
// ("leader", "follower", "no-replica").
func renderRoleBadge(role, key string, boxW float64) *vecty.HTML {
	pillW := float64(len(role))*6.6 + 16
	if key == site.RoleBroker {
		key = "no-replica"
	}
	return svgEl("g", vecty.Markup(vecty.Class("role-badge"), attr("data-badge", key)),
		svgEl("rect", vecty.Markup(vecty.Class("pill"), attr("x", num1(boxW-12-pillW)), attr("y", "9"), attr("width", num1(pillW)), attr("height", "18"), attr("rx", "9"))),
		svgText(boxW-12-pillW/2, titleY-1, role, vecty.Class("role"), attr("text-anchor", "middle")),
	)
}

// renderBadges draws a broker's state badges (in ISR or out of sync,
// fenced, down): after its name when they fit between the name and the
// role pill, else along the box's top edge.
func renderBadges(bs []site.Badge, n site.NodeBox, role string) []vecty.MarkupOrChild {
	total := 0.0
	for _, b := range bs {
		total += badgeW(b.Text) + 4
	}
	bx, by := 12+float64(len("broker "+itoa(int64(n.Broker))))*8.2+6, 10.0
	room := n.Rect.W - 12 - (float64(len(role))*6.6 + 16) - 4 - bx
	if total > room {
		bx, by = 12, -9
	}
	var out []vecty.MarkupOrChild
	for _, b := range bs {
		w := badgeW(b.Text)
		cls := []string{"badge", "badge-" + b.Key}
		if b.Key == "out-of-sync" {
			cls = append(cls, "badge-oos")
		}
		out = append(out, svgEl("g", vecty.Markup(vecty.Class(cls...), attr("data-badge", b.Key), translate(bx, by)),
			svgEl("rect", vecty.Markup(attr("width", num1(w)), attr("height", "16"), attr("rx", "4"))),
			svgText(w/2, 12, b.Text, attr("text-anchor", "middle")),
		))
		bx += w + 4
	}
	return out
}

// renderController is the KRaft controller, which the diagram has no box
// for: a bar above it with a "controller" badge that names the brokers it
// has fenced. It carries data-node="controller".
func renderController(s *site.Store, st engine.State) *vecty.HTML {
	var fenced []string
	for _, b := range st.Brokers {
		if s.Fenced(b.ID) {
			fenced = append(fenced, "broker "+itoa(int64(b.ID)))
		}
	}
	what := "every broker registered and heartbeating"
	if len(fenced) > 0 {
		what = "fenced: " + strings.Join(fenced, ", ")
	}
	return elem.Div(vecty.Markup(vecty.Class("controller-bar"), attr("data-node", "controller"), attr("data-role", "controller")),
		elem.Span(vecty.Markup(vecty.Class("badge", "badge-controller"), attr("data-badge", "controller")), vecty.Text("controller")),
		elem.Span(vecty.Markup(prop.ID("controller-state")), vecty.Text(" KRaft quorum · "+what)),
	)
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
	}
}
