package ui

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"kplay/engine"
	"kplay/site"
)

// renderStage is the diagram, with its message dots drawn by dots, and
// the open broker action menu over it, drawn from v (stageViewOf); acts
// dispatch what a click asks.
func renderStage(v stageView, acts stageActs, dots *Dots) *vecty.HTML {
	wrap := renderDiagramWrap(v, acts, dots)
	if len(v.Runs) == 0 {
		return wrap
	}
	// With runs side by side the main diagram is one of them, the
	// script's own: it says which, so that a reader comparing the runs
	// can tell the big diagram's settings (a teacher found it unlabelled
	// among four labelled runs). The runs come first, under the question
	// card: a teacher found "which of these clusters accepts the write?"
	// a screen away from the clusters it asks about.
	label := elem.Paragraph(vecty.Markup(vecty.Class("main-run-label")),
		vecty.Text("This diagram plays "+v.Runs[0].Label+", the script's own run, with its messages in flight; the runs above draw each cluster's brokers."))
	return elem.Div(vecty.Markup(vecty.Class("stage-runs")), renderRuns(v.Runs, v.Diffs, brokerActs{dispatch: acts.dispatch, menuOpen: acts.menuOpen}), label, wrap)
}

// renderDiagramWrap is the diagram with its controller strip, the
// fork's notice and the menus over it (renderStage).
func renderDiagramWrap(v stageView, acts stageActs, dots *Dots) *vecty.HTML {
	return elem.Div(vecty.Markup(vecty.Class("diagram-wrap")), renderController(v.St, v.Config), renderFork(v.Fork, acts.dispatch), renderDiagram(v, acts, dots), renderBrokerMenu(acts.dispatch, v.Menu, v.St, v.Lay), renderLinkMenu(acts.dispatch, v.NF, v.Link, v.St, v.Lay))
}

// stageView is what the stage draws (stageViewOf): the cluster at the
// playhead, its layout with the link marks placed, the network faults and
// the link menu, the config, the fork's notice when the diagram holds it,
// the broker menu, the brokers' boxes and countdowns, the messages in
// flight, the player's generation and the violations banner when it lies
// over the diagram.
type stageView struct {
	St     engine.State
	Lay    site.Layout
	NF     site.NetFaults
	Link   openLink
	Config engine.Config
	// Fork is the fork's notice when the diagram's frame holds it (not
	// site.Store.ForkInDrawer), nil if not.
	Fork *site.Fork
	Menu brokerMenu
	// Timers are the countdowns (site.Timers) and Brokers the brokers'
	// boxes in the layout's order (site.Store.BrokerViews).
	Timers  []site.Timer
	Brokers []site.BrokerView
	// InFlight are the messages on the wire (Player.InFlight) and Gen the
	// player's generation (Player.Generation).
	InFlight []engine.Message
	Gen      int
	// Banner is the violations banner of an 800-px embed
	// (site.ViolationsOnDiagram), nil elsewhere (renderBannerOnDiagram).
	Banner *ViolationsBanner
	// Runs are the script's runs side by side and Diffs how they end
	// differently (site.Store.RunViews, Differences), none without vs
	// lines (renderRuns).
	Runs  []site.RunView
	Diffs site.DifferencesView
}

// stageActs is what the stage's clicks act through: dispatch, and what
// they read when clicked: whether a broker's menu is open
// (site.Store.MenuOpen) and the messages in flight (Player.InFlight).
type stageActs struct {
	dispatch func(site.Action)
	menuOpen func() bool
	inFlight func() []engine.Message
}

// renderDiagram draws the cluster at the playhead as the lesson does:
// nodes, the lesson's links, each broker's log strip, and the messages in
// flight as dots along their links. It carries the DOM contract's
// <svg id="diagram"> and <g class="node" data-node data-role>.
//
// The dots are not children of the diagram: they are drawn in a second
// <svg id="dots"> with the same viewBox, stacked exactly over it inside
// <div class="diagram-box"> and given a compositing layer of its own
// (static/style.css). A frame that only moves dots then repaints and
// commits that small layer, not the page's layer holding every box, cell
// and label of the diagram (docs/design.md §7). The layer lets clicks
// through to the diagram except on a dot, whose click it handles
// (selectMessageIn).
func renderDiagram(v stageView, sa stageActs, dots *Dots) *vecty.HTML {
	st, lay, timers, brokers := v.St, v.Lay, v.Timers, v.Brokers
	acts := brokerActs{dispatch: sa.dispatch, menuOpen: sa.menuOpen}
	nodes := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("nodes"))}
	for _, n := range lay.Nodes {
		switch n.Role {
		case site.RoleProducer:
			// Its countdown goes beside its box, clear of the links, and
			// the messages' labels keep off it (Layout.Reserved).
			ct, ok := lay.PlaceClientTimer(n.Key, site.TimerOn(timers, n.Key))
			if ok {
				lay.Reserved = append(lay.Reserved, ct.Box)
			}
			nodes = append(nodes, renderProducer(n, st, ct, ok))
		case site.RoleConsumer:
			nodes = append(nodes, renderConsumer(n, st))
		default:
			b := brokers[0]
			brokers = brokers[1:]
			nodes = append(nodes, viewEq(b, func(b site.BrokerView) *vecty.HTML { return renderBroker(acts, b) }))
		}
	}

	dots.lay = lay
	viewBox := attr("viewBox", "0 0 "+num(lay.Width)+" "+num(lay.Height))
	return elem.Div(vecty.Markup(vecty.Class("diagram-box")),
		svgEl("svg",
			vecty.Markup(
				attr("id", "diagram"),
				viewBox,
				attr("role", "group"),
				attr("aria-label", diagramLabel(st, lay)),
				vecty.ClassMap{"narrow": lay.Narrow, "grid": lay.Grid, "row": lay.Row},
			),
			fixed(arrowDefs),
			renderLinks(lay, v.InFlight),
			renderLinkHits(sa.dispatch, v.NF, v.Link, st, lay),
			svgEl("g", nodes...),
			renderLeaderMark(lay, v.Gen),
			renderPartitionMaps(sa.dispatch, st, lay),
		),
		svgEl("svg",
			vecty.Markup(attr("id", "dots"), viewBox, attr("aria-hidden", "true"), attr("focusable", "false"), selectMessageIn(sa.inFlight, sa.dispatch)),
			dots,
		),
		renderBannerOnDiagram(v.Banner, lay),
	)
}

// renderBannerOnDiagram is the violations banner of an 800-px embed
// (site.ViolationsOnDiagram), in an anchor over the diagram's lane under
// its lowest box (site.BannerTop): where the reader looks, covering no
// box, rather than heading the side column under the legend, below the
// frame's bottom edge. nil elsewhere (banner nil).
func renderBannerOnDiagram(banner *ViolationsBanner, lay site.Layout) vecty.MarkupOrChild {
	if banner == nil {
		return nil
	}
	return elem.Div(vecty.Markup(vecty.Class("violations-anchor"), vecty.Style("top", num1(site.BannerTop(lay))+"%")), banner)
}

// arrowDefs is the diagram's <defs>: the arrowhead marker the links end
// in. It never changes.
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
// crossing between. It is drawn from the lines' points: a frame whose
// messages cross the same pairs leaves the lines alone.
func renderLinks(lay site.Layout, inflight []engine.Message) *pureEq[linkLines] {
	var lines linkLines
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
		lines = append(lines, linkLine{pointsAttr(shorten(r, 3)), cls})
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
	return viewEq(lines, func(lines linkLines) *vecty.HTML {
		items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("links"))}
		for _, l := range lines {
			cls := []string{"link"}
			if l.cls == "adhoc" {
				cls = append(cls, "adhoc")
			}
			items = append(items, svgEl("polyline", vecty.Markup(vecty.Class(cls...), attr("points", l.points))))
		}
		return svgEl("g", items...)
	})
}

// linkLine is one line of renderLinks: its points attribute, and "link"
// or "adhoc".
type linkLine struct{ points, cls string }

// linkLines is renderLinks' view.
type linkLines []linkLine

// Equal reports whether l and m draw the same lines.
func (l linkLines) Equal(m linkLines) bool { return slices.Equal(l, m) }

// Dots is a vecty.Component which represents the message dots
// (renderMessages). The Page keeps one for its life and, on a frame in
// which only the playhead moved (Store.FullRedraw), redraws it alone.
type Dots struct {
	vecty.Core

	// Moving reads the messages in flight and the playhead's exact time
	// (Player.InFlight, Player.Exact) when the dots render: a frame may
	// redraw them alone.
	Moving func() ([]engine.Message, float64) `vecty:"prop"`
	// mounted says it is in the document, so that it may be redrawn alone.
	mounted bool
	// lay is the diagram's layout as last drawn in full: the dots follow
	// the boxes on screen, and a frame that redraws only them computes
	// neither the state nor the layout (at 9 × 12 most of a frame).
	lay site.Layout
}

// Render implements the vecty.Component interface.
func (d *Dots) Render() vecty.ComponentOrHTML {
	inflight, now := d.Moving()
	return renderMessages(d.lay, inflight, now)
}

// Mount implements the vecty.Mounter interface.
func (d *Dots) Mount() { d.mounted = true }

// Unmount implements the vecty.Unmounter interface.
func (d *Dots) Unmount() { d.mounted = false }

// renderMessages draws each message in flight (site.Dots) as a dot on
// its sender's lane with a short label: <g class="msg …" data-kind
// data-msg> holding a <circle> and a <text>, keyed by the message's ID.
// A frame in which a dot only moves changes its group's transform and
// nothing else: the browser repaints the dot's old and new places instead
// of rebuilding the group (which cost the default scenario a third of its
// main thread). A click on a dot selects its message: one listener on the
// diagram serves every dot (selectMessageIn), so that a frame that redraws
// only the dots adds and removes no listener.
func renderMessages(lay site.Layout, inflight []engine.Message, now float64) *vecty.HTML {
	dots := site.Dots(lay, inflight, now)
	items := make([]vecty.MarkupOrChild, 0, len(dots)+1)
	items = append(items, vecty.Markup(vecty.Class("msgs"), attr("aria-hidden", "true")))
	for _, d := range dots {
		items = append(items, svgEl("g", vecty.Markup(vecty.Key(d.ID), vecty.Class("msg", d.Class), attr("data-kind", d.Kind), attr("data-msg", itoa(d.ID)), translate(d.X, d.Y)),
			view(d.Label, dotBody)))
	}
	return svgEl("g", items...)
}

// dotBody is a dot's circle and label, drawn around the group's origin.
func dotBody(l site.DotLabel) *vecty.HTML {
	circle := svgEl("circle", vecty.Markup(attr("r", itoa(site.DotR))))
	if l.Text == "" {
		return svgEl("g", circle)
	}
	return svgEl("g", circle, svgText(l.DX, l.DY, l.Text, attr("text-anchor", l.Anchor), attr("opacity", num1(float64(l.Opacity)/10))))
}

// renderProducer draws the producer node: every producer client shares
// it; with its countdown ct where site.Layout.PlaceClientTimer put it,
// when timed.
func renderProducer(n site.NodeBox, st engine.State, ct site.ClientTimer, timed bool) vecty.ComponentOrHTML {
	sub, sub2, tip := site.ProducerLines(st)
	g := view(clientView{Node: n, Title: "producer", Sub: sub, Sub2: sub2, Tip: tip}, clientBox)
	if !timed {
		return g
	}
	return svgEl("g", g, renderTimerAt(site.ViewOf(ct.Timer), ct.Ring))
}

// renderConsumer draws the consumer node: every consumer client shares it.
func renderConsumer(n site.NodeBox, st engine.State) *pure[clientView] {
	sub, sub2 := "no consumer yet", ""
	if len(st.Consumers) > 0 {
		k := st.Consumers[0]
		sub = k.ID.String() + " at offset " + itoa(int64(k.Position))
		if len(k.Read) > 0 {
			sub2 = "read " + site.Clip(k.Read[len(k.Read)-1].Value, 16)
		}
		if stall, _ := site.ConsumerStall(st, k); stall != "" {
			sub2 = stall
		}
		if len(st.Consumers) > 1 {
			sub += " +" + itoa(int64(len(st.Consumers)-1))
		}
	}
	return clientNode(n, "consumer", sub, sub2)
}

// clientNode draws a client's box: its title and two lines under it,
// drawn from exactly those.
func clientNode(n site.NodeBox, title, sub, sub2 string) *pure[clientView] {
	return view(clientView{Node: n, Title: title, Sub: sub, Sub2: sub2}, clientBox)
}

// clientView is a client's box: where it is, its title and two lines.
type clientView struct {
	Node             site.NodeBox
	Title, Sub, Sub2 string
	// Tip is the box's tooltip, "" for none.
	Tip string
}

// clientBox is clientNode's drawing.
func clientBox(v clientView) *vecty.HTML {
	n, title, sub, sub2 := v.Node, v.Title, v.Sub, v.Sub2
	r := n.Rect
	return svgEl("g",
		vecty.Markup(vecty.Class("node", "client", n.Role), attr("data-node", n.Key), attr("data-role", n.Role), translate(r.X, r.Y)),
		vecty.If(v.Tip != "", svgEl("title", vecty.Text(v.Tip))),
		svgEl("rect", vecty.Markup(vecty.Class("box"), attr("width", num1(r.W)), attr("height", num1(r.H)), attr("rx", "10"))),
		svgText(r.W/2, 22, title, vecty.Class("name"), attr("text-anchor", "middle")),
		svgText(r.W/2, 40, site.ClipW(sub, r.W-8, site.TextPx), vecty.Class("sub"), attr("text-anchor", "middle")),
		svgText(r.W/2, 55, site.ClipW(sub2, r.W-8, site.TextPx), vecty.Class("sub"), attr("text-anchor", "middle")),
	)
}

// renderBroker draws broker box v: its name, its role for the first
// partition, its state badges (site.LookOf), its countdown, its
// replica's log strip and what its fetch loop is doing, or its warning
// note. A click or Enter on it dispatches the opening of its actions
// (acts).
func renderBroker(acts brokerActs, v site.BrokerView) *vecty.HTML {
	n, r := v.Node, v.Node.Rect
	name := n.Name
	if name == "" {
		name = site.BrokerName(n.Broker, false)
	}
	mk := []vecty.Applyer{vecty.Class("node", "broker", n.Role), vecty.ClassMap{"down": !v.Alive, "out-of-sync": v.OutOfSync, "fenced": v.Fenced, "unclean": v.Look.Note != "", "hung": v.Look.Hung != 0},
		attr("data-node", n.Key), attr("data-role", n.Role), attr("data-alive", strconv.FormatBool(v.Alive)), translate(r.X, r.Y),
		attr("tabindex", "0"), attr("role", "button"), attr("aria-label", brokerLabel(n)+": actions"),
		attr("aria-haspopup", "true"), attr("aria-expanded", strconv.FormatBool(v.MenuOpen))}
	mk = append(mk, brokerHandlers(acts, n.Broker)...)
	items := []vecty.MarkupOrChild{
		vecty.Markup(mk...),
		svgEl("rect", vecty.Markup(vecty.Class("box"), attr("width", num1(r.W)), attr("height", num1(r.H)), attr("rx", "10"))),
		svgText(12, site.BoxTitleY, name, vecty.Class("name")),
		renderRoleBadge(site.RolePillOf(v.Look.Role, name, r.W), v.Look.RoleKey),
	}
	items = append(items, renderBadges(v.Badges)...)
	items = append(items, renderTimer(v.Timer, r.W))
	if !v.HasReplica {
		items = append(items, svgText(12, site.BoxStripY+18, v.Status, vecty.Class(v.StatusClass)))
		return svgEl("g", items...)
	}
	items = append(items, svgEl("g", vecty.Markup(translate(v.Strip.X, site.BoxStripY)), renderStrip(acts.dispatch, v.Strip)))
	if v.Removed.On {
		items = append(items, renderRemoved(v.Removed))
	} else {
		items = append(items, svgText(12, site.BoxStatusY, v.Status, vecty.Class(v.StatusClass), squeezeTo(v.Status, r.W-2*site.BadgePad)))
	}
	return svgEl("g", items...)
}

// squeezeTo narrows a line of the diagram's regular text to w viewBox
// units (textLength) when it would run past them (site.RegularW), so
// that a narrow box's status line keeps inside it at its full size.
func squeezeTo(text string, w float64) vecty.Applyer {
	if site.RegularW(text, site.TextPx) <= w {
		return nil
	}
	return vecty.Markup(attr("textLength", num1(w)), attr("lengthAdjust", "spacingAndGlyphs"))
}

// renderRemoved draws a truncation still marked on a broker box
// (site.RemovedMark) on its status line: a ghost cell, dashed and struck
// through as the strip draws a truncated record, holding the first
// removed offset, and what was removed and why. The group carries
// class="removed-mark", data-offset and data-count.
func renderRemoved(m site.RemovedMark) *vecty.HTML {
	const w, h = 20.0, 14.0
	return svgEl("g", vecty.Markup(vecty.Class("removed-mark"), attr("data-offset", itoa(int64(m.Offset))), attr("data-count", itoa(int64(m.Count))),
		translate(12, site.BoxStatusY-h+3)),
		svgEl("title", vecty.Text(m.Tip)),
		svgEl("g", vecty.Markup(vecty.Class("ghost", m.EpochClass)),
			svgEl("rect", vecty.Markup(attr("x", "0.5"), attr("y", "0.5"), attr("width", num1(w-1)), attr("height", num1(h-1)), attr("rx", "2"))),
			svgText(w/2, h/2+3.5, itoa(int64(m.Offset)), attr("text-anchor", "middle")),
			svgEl("line", vecty.Markup(vecty.Class("strike"), attr("x1", "2"), attr("x2", num1(w-2)), attr("y1", num1(h/2)), attr("y2", num1(h/2))))),
		svgText(w+4, h-3, m.Text),
	)
}

// renderLeaderMark draws the leader's halo: an outline around the first
// partition's leader that slides (a CSS transition on its transform) to
// the new leader's box when leadership moves from one broker to another
// while the cluster plays, so the change is seen, not only the new label;
// under reduced motion it simply jumps. It never slides from nowhere:
// without a leader (offline, "Leader: none") it is not drawn, so the next
// leader's mark is a new element that appears in place; and each rebuild
// of the player (gen: a seek, a rewind by clicking an event, a restart)
// draws it as a new element too, keyed by gen, so that a rewind shows the
// mark on the leader at once instead of sliding back across the diagram
// (a learner saw a doubled, offset outline on broker 1 after a rewind, and
// a halo sliding in from the top left corner after a "no leader" period).
func renderLeaderMark(lay site.Layout, gen int) *pure[haloView] {
	var lead site.NodeBox
	found := false
	for _, n := range lay.Nodes {
		if n.Role == site.RoleLeader {
			lead, found = n, true
		}
	}
	return view(haloView{Rect: lead.Rect, Found: found, Gen: gen}, leaderMark)
}

// haloView is the leader's halo: the leader's box, or Found false when
// the partition has no leader, and the player's generation it is drawn
// in.
type haloView struct {
	Rect  site.Rect
	Found bool
	Gen   int
}

// leaderMark is renderLeaderMark's drawing: a group that holds the halo
// around v.Rect, keyed by v.Gen, when v.Found, and nothing else.
func leaderMark(v haloView) *vecty.HTML {
	if !v.Found {
		return svgEl("g", vecty.Markup(vecty.Class("leader-wrap"), attr("aria-hidden", "true")))
	}
	r := v.Rect
	return svgEl("g", vecty.Markup(vecty.Class("leader-wrap"), attr("aria-hidden", "true")),
		svgEl("g", vecty.Markup(vecty.Key(v.Gen), vecty.Class("leader-mark"),
			vecty.Style("transform", "translate("+num1(r.X)+"px,"+num1(r.Y)+"px)")),
			svgEl("rect", vecty.Markup(attr("x", "-5"), attr("y", "-5"), attr("width", num1(r.W+10)), attr("height", num1(r.H+10)), attr("rx", "14"))),
		),
	)
}

// renderTimer draws countdown t as a ring whose arc shrinks as it runs
// out (RaftScope's election timers), with its label to the left, at the
// right end of a box boxW wide's badge row. The group carries data-timer (the kind) and data-left (ms). It
// is an empty group without a timer, so that the box's children keep
// their places.
func renderTimer(t site.TimerView, boxW float64) *vecty.HTML {
	if t.Kind == "" {
		return svgEl("g", vecty.Markup(vecty.Class("timer", "idle")))
	}
	return renderTimerAt(t, site.Point{X: boxW - site.RingX, Y: float64(site.BoxBadgeY + site.RingR)})
}

// renderTimerAt draws countdown t as renderTimer does, its ring centred
// at c and its label ending left of it.
func renderTimerAt(t site.TimerView, c site.Point) *vecty.HTML {
	cx, cy := c.X, c.Y
	circ := 2 * math.Pi * site.RingR
	arc := circ * float64(t.Percent) / 100
	return svgEl("g", vecty.Markup(vecty.Class("timer", "timer-"+t.Kind), attr("data-timer", t.Kind), attr("data-left", itoa(int64(t.Left)))),
		svgEl("title", vecty.Text(t.Title)),
		svgEl("circle", vecty.Markup(vecty.Class("ring-track"), attr("cx", num1(cx)), attr("cy", num1(cy)), attr("r", itoa(site.RingR)))),
		svgEl("circle", vecty.Markup(vecty.Class("ring"), attr("cx", num1(cx)), attr("cy", num1(cy)), attr("r", itoa(site.RingR)),
			attr("stroke-dasharray", num1(arc)+" "+num1(circ)), attr("transform", "rotate(-90 "+num1(cx)+" "+num1(cy)+")"))),
		svgText(cx-site.RingR-4, cy+4, t.Label, vecty.Class("timer-label"), attr("text-anchor", "end")),
	)
}
