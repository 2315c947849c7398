package ui

import (
	"math"
	"strconv"

	"github.com/hexops/vecty"

	"kplay/site"
)

// svgNS is the SVG namespace; every SVG element needs it, or the browser
// creates an unknown HTML element instead.
const svgNS = "http://www.w3.org/2000/svg"

// svgEl returns an SVG element.
func svgEl(tag string, m ...vecty.MarkupOrChild) *vecty.HTML {
	return vecty.Tag(tag, append([]vecty.MarkupOrChild{vecty.Markup(vecty.Namespace(svgNS))}, m...)...)
}

// num prints a coordinate with one decimal at most.
func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// num1 rounds a coordinate to one decimal, so that attribute strings stay
// short and the diff sees few changes.
func num1(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }

// attr is vecty.Attribute.
func attr(k string, v any) vecty.Applyer { return vecty.Attribute(k, v) }

// translate returns a transform attribute moving a group to p.
func translate(x, y float64) vecty.Applyer {
	return attr("transform", "translate("+num1(x)+","+num1(y)+")")
}

// svgText returns a <text> element at (x, y) holding s as text, never markup.
func svgText(x, y float64, s string, m ...vecty.Applyer) *vecty.HTML {
	ms := append([]vecty.Applyer{attr("x", num1(x)), attr("y", num1(y))}, m...)
	return svgEl("text", vecty.Markup(ms...), vecty.Text(s))
}

func itoa(i int64) string { return strconv.FormatInt(i, 10) }

// dist returns the distance between a and b.
func dist(a, b site.Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }

// pointsAttr is a polyline's points attribute for path r.
func pointsAttr(r site.Path) string {
	b := make([]byte, 0, len(r)*12)
	for i, p := range r {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, num1(p.X)...)
		b = append(b, ',')
		b = append(b, num1(p.Y)...)
	}
	return string(b)
}

// shorten returns r with its last point moved back d units along its
// last segment, so that an arrowhead ends at the box's edge.
func shorten(r site.Path, d float64) site.Path {
	if len(r) < 2 {
		return r
	}
	out := append(site.Path(nil), r...)
	a, b := out[len(out)-2], out[len(out)-1]
	out[len(out)-1] = site.Lerp(b, a, d/max(dist(a, b), d))
	return out
}
