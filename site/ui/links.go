package ui

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/site"
)

// linkKey is a link's data-link value: "b1-b2", "producer-b1".
func linkKey(l site.Link) string { return l.From + "-" + l.To }

// linkNodeName names a diagram node for people: "broker 1", "producer".
func linkNodeName(key string) string {
	switch key {
	case site.NodeKeyProducer, site.NodeKeyConsumer:
		return key
	}
	return "broker " + key[1:]
}

// linkNodes returns the engine nodes a diagram node stands for: a broker,
// or every producer (every consumer) client, p1 (c1) before there is one.
func linkNodes(st engine.State, key string) []engine.NodeID {
	var out []engine.NodeID
	switch key {
	case site.NodeKeyProducer:
		for _, p := range st.Producers {
			out = append(out, p.ID)
		}
		if len(out) == 0 {
			out = append(out, engine.NodeID{Kind: engine.NodeProducer, ID: 1})
		}
	case site.NodeKeyConsumer:
		for _, c := range st.Consumers {
			out = append(out, c.ID)
		}
		if len(out) == 0 {
			out = append(out, engine.NodeID{Kind: engine.NodeConsumer, ID: 1})
		}
	default:
		n, err := strconv.Atoi(key[1:])
		if err == nil {
			out = append(out, engine.Broker(engine.BrokerID(n)))
		}
	}
	return out
}

// placeLinkMarks places the marks of the lesson's links that the
// network cuts or slows (Layout.PlaceMarks), before the diagram is drawn,
// so that the message labels keep off them.
func placeLinkMarks(nf site.NetFaults, st engine.State, lay *site.Layout) {
	lay.PlaceMarks(func(l site.Link) site.MarkFor {
		var m site.MarkFor
		fwd, back := false, false
		for _, x := range linkNodes(st, l.From) {
			for _, y := range linkNodes(st, l.To) {
				m.Cut = m.Cut || nf.Cut(x, y)
				if m.Slow == "" {
					m.Slow = nf.SlowLabel(x, y)
				}
				fwd = fwd || nf.OneWayCut(x, y)
				back = back || nf.OneWayCut(y, x)
			}
		}
		// Two one-way cuts are a cut.
		m.Cut = m.Cut || fwd && back
		m.OneWay = !m.Cut && (fwd || back)
		return m
	})
}

// renderLinkHits draws a wide, invisible hit area over each of the
// lesson's links: a button (data-link, tabindex, aria-label) that opens the
// link's menu (dispatch), with the link's mark where PlaceMarks put it;
// nf is the network's faults and open the link whose menu is open.
func renderLinkHits(dispatch func(site.Action), nf site.NetFaults, open openLink, st engine.State, lay site.Layout) *vecty.HTML {
	items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("link-hits"))}
	for _, l := range lay.Links {
		r, ok := lay.Route(l.From, l.To)
		if !ok {
			continue
		}
		key := linkKey(l)
		isOpen := open.Open && open.Key == key
		var mark site.LinkMark
		for _, m := range lay.Marks {
			if m.Link == l {
				mark = m
			}
		}
		cut, slow := mark.Cut, mark.Slow
		fwd, back := false, false
		for _, x := range linkNodes(st, l.From) {
			for _, y := range linkNodes(st, l.To) {
				fwd = fwd || nf.OneWayCut(x, y)
				back = back || nf.OneWayCut(y, x)
			}
		}
		if cut || fwd && back {
			// Both directions cut, by one cut or by two one-way ones.
			fwd, back = false, false
		}
		state := ""
		switch {
		case cut:
			state = " (cut)"
		case fwd:
			state = " (cut one way: " + linkNodeName(l.From) + "'s messages to " + linkNodeName(l.To) + " are lost)"
		case back:
			state = " (cut one way: " + linkNodeName(l.To) + "'s messages to " + linkNodeName(l.From) + " are lost)"
		case slow:
			state = " (slowed: " + slowLabel(nf, st, l) + " each way)"
		}
		pts := pointsAttr(r)
		v := linkHitView{Key: key, Link: l, Points: pts, Mark: mark.At, MarkText: mark.Text, Open: isOpen, Cut: cut, Slow: slow, State: state}
		if fwd || back {
			a := site.OneWayArrow(r, fwd)
			v.OneWay, v.Arrow = true, pointsAttr(site.Path(a[:]))
		}
		items = append(items, view(v, func(v linkHitView) *vecty.HTML { return linkHit(dispatch, v) }))
	}
	return svgEl("g", items...)
}

// linkHitView is one link's click target: its key and nodes, its line's
// points, where its mark goes (Layout.PlaceMarks), whether its menu is
// open, whether it is cut or slow, and those words for its label
// (" (cut)").
type linkHitView struct {
	Key             string
	Link            site.Link
	Points          string
	Mark            site.Point
	MarkText        string
	Open, Cut, Slow bool
	State           string
	// OneWay says one direction only is cut; Arrow is the arrowhead's
	// points (site.OneWayArrow), pointing where messages are lost.
	OneWay bool
	Arrow  string
}

// linkHit draws one link's click target (see renderLinkHits) from its
// view, so that a frame leaves it and its handlers alone.
func linkHit(dispatch func(site.Action), v linkHitView) *vecty.HTML {
	key, l, pts, mark, open, cut, slow, state := v.Key, v.Link, v.Points, v.Mark, v.Open, v.Cut, v.Slow, v.State
	return svgEl("g",
		vecty.Markup(vecty.Class("link-hit"), vecty.ClassMap{"open": open, "cut": cut, "slow": slow, "cut-one-way": v.OneWay}, attr("data-link", key),
			attr("tabindex", "0"), attr("role", "button"), attr("aria-haspopup", "true"),
			attr("aria-expanded", strconv.FormatBool(open)),
			attr("aria-label", "link from "+linkNodeName(l.From)+" to "+linkNodeName(l.To)+state+": cut, heal or slow"),
			event.Click(func(*vecty.Event) { dispatch(site.OpenLink{Link: key}) }),
			event.KeyDown(func(e *vecty.Event) {
				switch e.Value.Get("key").String() {
				case "Enter", " ":
					e.Value.Call("preventDefault")
					dispatch(site.OpenLink{Link: key})
				case "Escape":
					e.Value.Call("preventDefault")
					dispatch(site.CloseLink{})
				}
			})),
		vecty.If(state != "", svgEl("title", vecty.Text("link from "+linkNodeName(l.From)+" to "+linkNodeName(l.To)+state))),
		svgEl("polyline", vecty.Markup(vecty.Class("hit"), attr("points", pts))),
		vecty.If(cut || slow || v.OneWay, svgEl("polyline", vecty.Markup(vecty.Class("fault"), attr("points", pts)))),
		vecty.If(cut, svgText(mark.X, mark.Y, "✕", vecty.Class("link-mark"), attr("text-anchor", "middle"), attr("aria-hidden", "true"))),
		vecty.If(v.OneWay, svgEl("polygon", vecty.Markup(vecty.Class("one-way-arrow"), attr("points", v.Arrow), attr("aria-hidden", "true")))),
		vecty.If(v.MarkText != "" && !cut, svgText(mark.X, mark.Y, v.MarkText, vecty.Class("link-mark"), attr("text-anchor", "middle"), attr("aria-hidden", "true"))),
	)
}

// openLink is the link whose menu is open (Acting.Link), when Open
// (Acting.LinkOpen).
type openLink struct {
	Open bool
	Key  string
}

// renderLinkMenu draws the open link's menu at the link's middle: cut
// (cut A B, which adds to the cuts made before), cut one way (from the
// link's first node to its second), heal this link (while it has a cut
// or a slowing of its own, NetFaults.Healable), heal the network and slow, as engine commands at the
// playhead. It carries #link-cut, #link-cut-one-way, #link-heal-link,
// #link-heal and #link-slow.
func renderLinkMenu(dispatch func(site.Action), nf site.NetFaults, open openLink, st engine.State, lay site.Layout) vecty.MarkupOrChild {
	if !open.Open {
		return nil
	}
	var link site.Link
	found := false
	for _, l := range lay.Links {
		if linkKey(l) == open.Key {
			link, found = l, true
		}
	}
	if !found {
		return nil
	}
	r, ok := lay.Route(link.From, link.To)
	if !ok {
		return nil
	}
	mid, _ := r.At(0.5)
	from, to := linkNodes(st, link.From), linkNodes(st, link.To)
	if len(from) == 0 || len(to) == 0 {
		return nil
	}
	slow := func(ms engine.Time) engine.Command {
		return engine.Slow{A: from[0], B: to[0], MinLatency: ms, MaxLat: ms}
	}
	btn := func(id, text, title string, cmd engine.Command) *vecty.HTML {
		return elem.Button(
			vecty.Markup(prop.ID(id), prop.Type(prop.TypeButton), attr("title", title+" ("+cmd.String()+")"),
				event.Click(func(*vecty.Event) {
					dispatch(site.CloseLink{})
					dispatch(site.Act{Cmd: cmd})
				})),
			vecty.Text(text),
		)
	}
	label := linkNodeName(link.From) + " → " + linkNodeName(link.To)
	// The menu's cuts are cut commands, one a pair of the link's nodes:
	// cuts add up (engine.Cut), so a second link cut keeps the first,
	// as the diagram and the event log show. A partition command would
	// replace the network's partition and heal the link cut before.
	cutBtn := func(id, text, title string, oneWay bool) *vecty.HTML {
		return elem.Button(
			vecty.Markup(prop.ID(id), prop.Type(prop.TypeButton), attr("title", title+" ("+engine.Cut{A: from[0], B: to[0], OneWay: oneWay}.String()+")"),
				event.Click(func(*vecty.Event) { dispatch(site.CutLink{From: from, To: to, OneWay: oneWay}) })),
			vecty.Text(text),
		)
	}
	healable := false
	for _, x := range from {
		for _, y := range to {
			healable = healable || nf.Healable(x, y)
		}
	}
	return elem.Div(
		vecty.Markup(vecty.Class("broker-menu", "link-menu"), attr("role", "group"), attr("aria-label", "link "+label+" actions"),
			vecty.Style("left", num1(mid.X/lay.Width*100)+"%"), vecty.Style("top", num1(mid.Y/lay.Height*100)+"%"),
			event.KeyDown(func(e *vecty.Event) {
				if e.Value.Get("key").String() == "Escape" {
					e.Value.Call("preventDefault")
					key := open.Key
					dispatch(site.CloseLink{})
					focus(e, `g.link-hit[data-link="`+key+`"]`)
				}
			})),
		elem.Div(vecty.Markup(vecty.Class("menu-title")), vecty.Text("link "+label)),
		&focusOnMount{Selector: "button"},
		cutBtn("link-cut", "Cut", "Take this link down both ways: "+linkNodeName(link.From)+" and "+linkNodeName(link.To)+" cannot talk; links cut before stay cut (cuts add up). A follower cut from its leader leaves the ISR once the leader has records it lacks for replica.lag.time.max.ms", false),
		cutBtn("link-cut-one-way", "Cut "+label+" only", "Lose only what "+linkNodeName(link.From)+" sends to "+linkNodeName(link.To)+"; what comes back still arrives", true),
		vecty.If(healable, elem.Button(
			vecty.Markup(prop.ID("link-heal-link"), prop.Type(prop.TypeButton),
				attr("title", "Restore this link alone: its cut, one-way cut and slowing go; the rest of the network stays as it is ("+engine.Heal{A: from[0], B: to[0]}.String()+")"),
				event.Click(func(*vecty.Event) { dispatch(site.HealLink{From: from, To: to}) })),
			vecty.Text("Heal this link"),
		)),
		btn("link-heal", "Heal network", "Remove every cut, isolation and slow link", engine.Heal{}),
		btn("link-slow", "Slow to 50 ms", "Make this link take 50 ms each way", slow(50)),
		btn("link-slow-500", "500 ms", "Make this link take 500 ms each way: slower than a fetch's long poll", slow(500)),
		elem.Button(vecty.Markup(vecty.Class("close"), prop.Type(prop.TypeButton), attr("aria-label", "Close the menu"),
			event.Click(func(*vecty.Event) { dispatch(site.CloseLink{}) })), vecty.Text("×")),
	)
}

// slowLabel is a slowed link's latency as its slow command set it
// ("30–50 ms"), for the link's label.
func slowLabel(nf site.NetFaults, st engine.State, l site.Link) string {
	for _, x := range linkNodes(st, l.From) {
		for _, y := range linkNodes(st, l.To) {
			if t := nf.SlowLabel(x, y); t != "" {
				return t
			}
		}
	}
	return "a latency of its own"
}
