package ui

import (
	"html"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"kplay/engine"
	"kplay/site"
)

// Broker box geometry, relative to the box's top-left corner.
const (
	stripY   = 66
	statusY  = 126
	titleY   = 22
	badgeY   = 30
	dotR     = 5
	laneGap  = 5
	labelGap = 11
	// msgLabelPx is a message label's font size (static/style.css).
	msgLabelPx = 11
)

// renderStage is the diagram with the open broker action menu over it.
func renderStage(s *site.Store) *vecty.HTML {
	st := s.Player.State()
	lay := site.ComputeLayout(st, s.Narrow)
	return elem.Div(vecty.Markup(vecty.Class("diagram-wrap")), renderController(s, st), renderDiagram(s, st, lay), renderBrokerMenu(s, st, lay), renderLinkMenu(s, st, lay))
}

// renderDiagram draws the cluster at the playhead as the lesson does:
// nodes, the lesson's links, each broker's log strip, and the messages in
// flight as dots along their links. It carries the DOM contract's
// <svg id="diagram"> and <g class="node" data-node data-role>.
func renderDiagram(s *site.Store, st engine.State, lay site.Layout) *vecty.HTML {
	p := s.Player
	part, hasPart := site.FirstPartition(st)

	var maxLEO, logStart engine.Offset
	if hasPart {
		logStart = -1
		for _, id := range part.Replicas {
			if r, ok := st.Replica(id, part.TP); ok {
				maxLEO = max(maxLEO, r.LEO)
				if logStart < 0 || r.LogStart < logStart {
					logStart = r.LogStart
				}
			}
		}
		logStart = max(logStart, 0)
		// Truncated ghosts stay in view until overwritten.
		maxLEO = max(maxLEO, s.GhostEnd(part.TP)-1)
	}
	var fresh map[engine.BrokerID][2]engine.Offset
	if hasPart {
		fresh = site.FreshCells(p.Recent(4096), part.TP, p.Now(), site.FreshWindow(s.Speed))
	}

	lost := s.Lost()
	timers := site.Timers(st, p.Scenario().Config)
	timerOn := func(key string) site.Timer {
		for _, t := range timers {
			if t.Node == key {
				return t
			}
		}
		return site.Timer{}
	}
	nodes := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("nodes"))}
	for _, n := range lay.Nodes {
		switch n.Role {
		case site.RoleProducer:
			nodes = append(nodes, renderProducer(n, st, timerOn(n.Key)))
		case site.RoleConsumer:
			nodes = append(nodes, renderConsumer(n, st))
		default:
			bv := brokerView{store: s, n: n, st: st, part: part, hasPart: hasPart, cellW: lay.CellW, cellH: lay.CellH, lost: lost, timer: timerOn(n.Key)}
			if hasPart {
				bv.from, bv.to = site.LogWindow(maxLEO, logStart, n.Cells)
				if r, ok := st.Replica(n.Broker, part.TP); ok {
					own := max(r.LEO, s.GhostEndOn(part.TP, n.Broker)-1)
					bv.from, bv.to = site.ReplicaWindow(bv.from, bv.to, own, r.LogStart, n.Cells)
				}
				bv.fresh, bv.freshValid = fresh[n.Broker]
			}
			nodes = append(nodes, &memo{Sig: brokerSig(bv), Body: func() *vecty.HTML { return renderBroker(bv) }})
		}
	}

	inflight := p.InFlight()
	return svgEl("svg",
		vecty.Markup(
			attr("id", "diagram"),
			attr("viewBox", "0 0 "+num(lay.Width)+" "+num(lay.Height)),
			attr("role", "group"),
			attr("aria-label", diagramLabel(st, lay)),
			vecty.ClassMap{"narrow": lay.Narrow, "grid": lay.Grid},
		),
		&memo{Body: arrowDefs},
		renderLinks(lay, inflight),
		renderLinkHits(s, st, lay),
		svgEl("g", nodes...),
		renderLeaderMark(lay),
		renderPartitionMaps(s, st, lay),
		renderMessages(s, lay, inflight, p.Exact()),
	)
}

// arrowDefs is the diagram's <defs>: the arrowhead marker the links end
// in. It never changes, so it is a memo with an empty signature.
func arrowDefs() *vecty.HTML {
	return svgEl("defs",
		svgEl("marker", vecty.Markup(attr("id", "arrow"), attr("viewBox", "0 0 10 10"), attr("refX", "9"), attr("refY", "5"),
			attr("markerWidth", "7"), attr("markerHeight", "7"), attr("orient", "auto-start-reverse")),
			svgEl("path", vecty.Markup(attr("d", "M0,0 L10,5 L0,10 z"), vecty.Class("arrowhead"))),
		),
	)
}

// diagramLabel is the diagram's text alternative.
func diagramLabel(st engine.State, lay site.Layout) string {
	var parts []string
	for _, n := range lay.Nodes {
		switch n.Role {
		case site.RoleLeader, site.RoleFollower:
			parts = append(parts, "broker "+itoa(int64(n.Broker))+" ("+n.Role+")")
		case site.RoleBroker:
			parts = append(parts, "broker "+itoa(int64(n.Broker)))
		default:
			parts = append(parts, n.Role)
		}
	}
	head := "Cluster diagram"
	if p, ok := site.FirstPartition(st); ok {
		head = "Replication of " + p.TP.String()
	}
	return head + ": " + strings.Join(parts, ", ")
}

// renderLinks draws the lesson's links with arrows in the direction data
// flows, and a dashed line for any other pair of nodes a message is
// crossing between. It is a memo of the lines' points: a frame whose
// messages cross the same pairs leaves the lines alone.
func renderLinks(lay site.Layout, inflight []engine.Message) *memo {
	type line struct{ points, cls string }
	var lines []line
	has := map[[2]string]bool{}
	add := func(from, to string, adhoc bool) {
		r, ok := lay.Route(from, to)
		if !ok {
			return
		}
		cls := "link"
		if adhoc {
			cls = "adhoc"
		}
		lines = append(lines, line{pointsAttr(shorten(r, 3)), cls})
	}
	for _, l := range lay.Links {
		has[[2]string{l.From, l.To}], has[[2]string{l.To, l.From}] = true, true
		add(l.From, l.To, false)
	}
	for _, m := range inflight {
		k := [2]string{site.NodeKey(m.From), site.NodeKey(m.To)}
		if k[0] == "" || k[1] == "" || has[k] {
			continue
		}
		has[k], has[[2]string{k[1], k[0]}] = true, true
		add(k[0], k[1], true)
	}
	g := &sig{}
	for _, l := range lines {
		g.s(l.points).s(l.cls)
	}
	return &memo{Sig: g.String(), Body: func() *vecty.HTML {
		items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("links"))}
		for _, l := range lines {
			cls := []string{"link"}
			if l.cls == "adhoc" {
				cls = append(cls, "adhoc")
			}
			items = append(items, svgEl("polyline", vecty.Markup(vecty.Class(cls...), attr("points", l.points))))
		}
		return svgEl("g", items...)
	}}
}

// renderMessages draws each message in flight as a dot a fraction
// (now − SentAt) / (DeliverAt − SentAt) along the line from its sender to
// its receiver, on the sender's lane, with a short label:
// <g class="msg …" data-kind data-msg> holding a <circle> and a <text>.
//
// The dots move on every frame a message is on the wire, so they are not
// Vecty elements but the group's markup, set in one go (and not at all
// when it did not change): reconciling them element by element cost
// several calls into the browser per dot per frame, most of a frame of a
// large cluster. Labels are escaped; a label is text, never markup. A
// click on a dot selects its message: one listener on the group serves
// every dot (each dot carries data-msg, its ID).
func renderMessages(s *site.Store, lay site.Layout, inflight []engine.Message, now float64) *vecty.HTML {
	var b strings.Builder
	for _, m := range inflight {
		r, ok := lay.Route(site.NodeKey(m.From), site.NodeKey(m.To))
		if !ok {
			continue
		}
		f := site.Progress(now, m.SentAt, m.DeliverAt)
		at, dir := r.At(f)
		dot := site.Offset(at, dir, laneGap)
		lbl := site.Offset(at, dir, laneGap+labelGap)
		anchor := "middle"
		switch {
		case lbl.X < dot.X-2:
			anchor = "end"
		case lbl.X > dot.X+2:
			anchor = "start"
		}
		b.WriteString(`<g class="msg ` + site.MsgClass(m.Kind) + `" data-kind="` + html.EscapeString(m.Kind.String()) + `" data-msg="` + itoa(m.ID) + `">`)
		b.WriteString(`<circle cx="` + num1(dot.X) + `" cy="` + num1(dot.Y) + `" r="` + itoa(dotR) + `"></circle>`)
		text := site.MsgLabel(m)
		if !lay.Covers(site.LabelBox(site.Point{X: lbl.X, Y: lbl.Y + 3}, anchor, len([]rune(text)), msgLabelPx)) {
			b.WriteString(`<text x="` + num1(lbl.X) + `" y="` + num1(lbl.Y+3) + `" text-anchor="` + anchor + `" opacity="` + num1(site.LabelOpacity(f)) + `">` +
				html.EscapeString(text) + `</text>`)
		}
		b.WriteString(`</g>`)
	}
	return svgEl("g", vecty.Markup(vecty.Class("msgs"), attr("aria-hidden", "true"), selectMessageIn(s, inflight), vecty.UnsafeHTML(b.String())))
}

// renderProducer draws the producer node: every producer client shares it.
func renderProducer(n site.NodeBox, st engine.State, t site.Timer) vecty.ComponentOrHTML {
	sub := "no producer yet"
	if len(st.Producers) > 0 {
		var ps []string
		for _, p := range st.Producers {
			s := p.ID.String()
			if p.Pending > 0 {
				s += " · " + itoa(int64(p.Pending)) + " unacked"
			} else {
				s += " · all acked"
			}
			ps = append(ps, s)
		}
		sub = strings.Join(ps, ", ")
	}
	g := clientNode(n, "producer", sub, "")
	if t.Kind == "" {
		return g
	}
	return svgEl("g", g, svgEl("g", vecty.Markup(translate(n.Rect.X+n.Rect.W/2+30, n.Rect.Y+n.Rect.H+14)), renderTimer(t, 0)))
}

// renderConsumer draws the consumer node: every consumer client shares it.
func renderConsumer(n site.NodeBox, st engine.State) *memo {
	sub, sub2 := "no consumer yet", ""
	if len(st.Consumers) > 0 {
		k := st.Consumers[0]
		sub = k.ID.String() + " at offset " + itoa(int64(k.Position))
		if len(k.Read) > 0 {
			sub2 = "read " + site.Clip(k.Read[len(k.Read)-1].Value, 16)
		}
		if len(st.Consumers) > 1 {
			sub += " +" + itoa(int64(len(st.Consumers)-1))
		}
	}
	return clientNode(n, "consumer", sub, sub2)
}

// clientNode draws a client's box: its title and two lines under it. It
// is a memo of exactly those inputs.
func clientNode(n site.NodeBox, title, sub, sub2 string) *memo {
	g := &sig{}
	g.node(n).s(title).s(sub).s(sub2)
	return &memo{Sig: g.String(), Body: func() *vecty.HTML { return clientBox(n, title, sub, sub2) }}
}

// clientBox is clientNode's drawing.
func clientBox(n site.NodeBox, title, sub, sub2 string) *vecty.HTML {
	r := n.Rect
	return svgEl("g",
		vecty.Markup(vecty.Class("node", "client", n.Role), attr("data-node", n.Key), attr("data-role", n.Role), translate(r.X, r.Y)),
		svgEl("rect", vecty.Markup(vecty.Class("box"), attr("width", num1(r.W)), attr("height", num1(r.H)), attr("rx", "10"))),
		svgText(r.W/2, 22, title, vecty.Class("name"), attr("text-anchor", "middle")),
		svgText(r.W/2, 40, site.Clip(sub, 19), vecty.Class("sub"), attr("text-anchor", "middle")),
		svgText(r.W/2, 54, sub2, vecty.Class("sub"), attr("text-anchor", "middle")),
	)
}

// brokerView is what one broker box needs.
type brokerView struct {
	store        *site.Store
	n            site.NodeBox
	st           engine.State
	part         engine.PartitionState
	hasPart      bool
	from, to     engine.Offset
	cellW, cellH float64
	fresh        [2]engine.Offset
	freshValid   bool
	lost         []site.LostRecord
	// timer is the countdown on this broker, zero if none.
	timer site.Timer
}

// renderBroker draws a broker: its name, its role for the first
// partition, its state badges (site.LookOf), its replica's log strip and
// what its fetch loop is doing, or its warning note.
func renderBroker(v brokerView) *vecty.HTML {
	n, r := v.n, v.n.Rect
	alive := brokerAlive(v.st, n.Broker)
	look := site.LookOf(v.st, n.Broker)
	inSync := !v.hasPart || !(n.Role == site.RoleLeader || n.Role == site.RoleFollower) || slices.Contains(v.part.ISR, n.Broker)
	fenced := hasBadge(look, "fenced")
	mk := []vecty.Applyer{vecty.Class("node", "broker", n.Role), vecty.ClassMap{"down": !alive, "out-of-sync": !inSync, "fenced": fenced, "unclean": look.Note != ""},
		attr("data-node", n.Key), attr("data-role", n.Role), attr("data-alive", strconv.FormatBool(alive)), translate(r.X, r.Y),
		attr("tabindex", "0"), attr("role", "button"), attr("aria-label", brokerLabel(n)+": actions"),
		attr("aria-haspopup", "true"), attr("aria-expanded", strconv.FormatBool(v.store.MenuOpen && v.store.Menu == n.Broker))}
	mk = append(mk, brokerHandlers(v.store, n.Broker)...)
	items := []vecty.MarkupOrChild{
		vecty.Markup(mk...),
		svgEl("rect", vecty.Markup(vecty.Class("box"), attr("width", num1(r.W)), attr("height", num1(r.H)), attr("rx", "10"))),
		svgText(12, titleY, "broker "+itoa(int64(n.Broker)), vecty.Class("name")),
		renderRoleBadge(look.Role, look.RoleKey, r.W),
	}
	items = append(items, renderBadges(look.Badges, n)...)
	items = append(items, renderTimer(v.timer, r.W))
	rep, ok := engine.ReplicaState{}, false
	if v.hasPart {
		rep, ok = v.st.Replica(n.Broker, v.part.TP)
	}
	if !ok {
		items = append(items, svgText(12, stripY+18, "holds no replica of the first partition", vecty.Class("sub")))
		return svgEl("g", items...)
	}
	status, cls := site.ReplicaStatus(v.part, rep, r.W < 250), "status"
	if !alive {
		status = "stopped: its log stays on disk"
	}
	if look.Note != "" {
		status, cls = look.Note, "note"
	}
	sw := float64(v.to-v.from) * v.cellW
	items = append(items,
		svgEl("g", vecty.Markup(translate((r.W-sw)/2, stripY)),
			renderStrip(strip{r: rep, from: v.from, to: v.to, cellW: v.cellW, cellH: v.cellH, fresh: v.fresh, freshValid: v.freshValid,
				store: v.store, tp: v.part.TP, ghosts: v.store.Ghosts(n.Broker, v.part.TP), lost: v.lost})),
		svgText(12, statusY, status, vecty.Class(cls)),
	)
	return svgEl("g", items...)
}

// hasBadge says look carries the badge key.
func hasBadge(look site.BrokerLook, key string) bool {
	for _, b := range look.Badges {
		if b.Key == key {
			return true
		}
	}
	return false
}

// brokerSig is the signature of renderBroker(v): every input it reads.
func brokerSig(v brokerView) string {
	n := v.n
	g := &sig{}
	look := site.LookOf(v.st, n.Broker)
	g.node(n).t(brokerAlive(v.st, n.Broker)).t(v.store.MenuOpen && v.store.Menu == n.Broker).t(v.hasPart)
	g.s(look.Role).s(look.RoleKey).s(look.Note)
	for _, b := range look.Badges {
		g.s(b.Key).s(b.Text)
	}
	g.s(v.timer.Kind).s(v.timer.Label).s(v.timer.Title).i(int64(v.timer.Left * 100 / max(1, v.timer.Total)))
	if !v.hasPart {
		return g.String()
	}
	g.t(slices.Contains(v.part.ISR, n.Broker)).tp(v.part.TP)
	rep, ok := v.st.Replica(n.Broker, v.part.TP)
	g.t(ok)
	if !ok {
		return g.String()
	}
	g.s(site.ReplicaStatus(v.part, rep, n.Rect.W < 250))
	g.i(int64(rep.Broker)).i(int64(rep.LEO)).i(int64(rep.HW)).i(int64(rep.LogStart))
	g.i(int64(v.from)).i(int64(v.to)).f(v.cellW).f(v.cellH).t(v.freshValid).i(int64(v.fresh[0])).i(int64(v.fresh[1]))
	sel := v.store.See.Sel
	if sel.Kind == site.SelRecord && sel.Broker == rep.Broker && sel.TP == v.part.TP {
		g.s("sel").record(sel.Record)
	}
	ghosts := v.store.Ghosts(n.Broker, v.part.TP)
	for o := v.from; o < v.to; o++ {
		if o < rep.LogStart || o >= rep.LEO {
			if gh, ok := ghostAt(ghosts, o); ok {
				g.s("g").record(gh)
			} else {
				g.s("-")
			}
		} else {
			g.s("r").record(rep.Log[o-rep.LogStart])
		}
		if l, ok := site.LostAt(v.lost, v.part.TP, o); ok {
			g.s(l.Value).s(l.Title)
		} else {
			g.s("")
		}
	}
	return g.String()
}

// renderLeaderMark draws the leader's halo: an outline around the first
// partition's leader that slides (a CSS transition on its transform) to
// the new leader's box when leadership moves, so the change is seen, not
// only the new label; under reduced motion it simply jumps. Without a
// leader it is there but hidden, so that the next leader's mark slides in
// from where the last one was.
func renderLeaderMark(lay site.Layout) *memo {
	var lead site.NodeBox
	found := false
	for _, n := range lay.Nodes {
		if n.Role == site.RoleLeader {
			lead, found = n, true
		}
	}
	r := lead.Rect
	g := &sig{}
	g.rect(r).t(found)
	return &memo{Sig: g.String(), Body: func() *vecty.HTML { return leaderMark(r, found) }}
}

// leaderMark is renderLeaderMark's drawing: the halo around r, hidden
// unless found.
func leaderMark(r site.Rect, found bool) *vecty.HTML {
	return svgEl("g", vecty.Markup(vecty.Class("leader-mark"), vecty.ClassMap{"none": !found}, attr("aria-hidden", "true"),
		vecty.Style("transform", "translate("+num1(r.X)+"px,"+num1(r.Y)+"px)")),
		svgEl("rect", vecty.Markup(attr("x", "-5"), attr("y", "-5"), attr("width", num1(r.W+10)), attr("height", num1(r.H+10)), attr("rx", "14"))),
	)
}

// Ring geometry: a timer's ring is ringR in radius, drawn ringX left of
// the box's right edge on the badge row.
const (
	ringR = 8
	ringX = 20
)

// renderTimer draws countdown t as a ring whose arc shrinks as it runs
// out (RaftScope's election timers), with its label to the left, at the
// right end of a box boxW wide's badge row (boxW 0: centred on the
// origin). The group carries data-timer (the kind) and data-left (ms). It
// is an empty group without a timer, so that the box's children keep
// their places.
func renderTimer(t site.Timer, boxW float64) *vecty.HTML {
	if t.Kind == "" {
		return svgEl("g", vecty.Markup(vecty.Class("timer", "idle")))
	}
	cx, cy := boxW-ringX, float64(badgeY+ringR)
	if boxW == 0 {
		cx, cy = 0, 0
	}
	circ := 2 * math.Pi * ringR
	arc := circ * t.Fraction()
	return svgEl("g", vecty.Markup(vecty.Class("timer", "timer-"+t.Kind), attr("data-timer", t.Kind), attr("data-left", itoa(int64(t.Left)))),
		svgEl("title", vecty.Text(t.Title)),
		svgEl("circle", vecty.Markup(vecty.Class("ring-track"), attr("cx", num1(cx)), attr("cy", num1(cy)), attr("r", itoa(ringR)))),
		svgEl("circle", vecty.Markup(vecty.Class("ring"), attr("cx", num1(cx)), attr("cy", num1(cy)), attr("r", itoa(ringR)),
			attr("stroke-dasharray", num1(arc)+" "+num1(circ)), attr("transform", "rotate(-90 "+num1(cx)+" "+num1(cy)+")"))),
		svgText(cx-ringR-4, cy+4, t.Label, vecty.Class("timer-label"), attr("text-anchor", "end")),
	)
}
