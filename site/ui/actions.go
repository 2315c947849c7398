package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/site"
)

// brokerAlive says whether broker id's process is running.
func brokerAlive(st engine.State, id engine.BrokerID) bool {
	for _, b := range st.Brokers {
		if b.ID == id {
			return b.Alive
		}
	}
	return false
}

// brokerLabel names a broker with its role, as screen readers hear it.
func brokerLabel(n site.NodeBox) string {
	l := "broker " + itoa(int64(n.Broker))
	if n.Role == site.RoleLeader || n.Role == site.RoleFollower {
		l += " (" + n.Role + ")"
	}
	return l
}

// brokerActs is what a broker box does when clicked: dispatch its
// actions, and read, at that moment, whether a broker's action menu is
// open (Store.MenuOpen) — after a click, to focus the menu it opened; on
// Escape, to close any broker's menu, not only this box's.
type brokerActs struct {
	dispatch func(site.Action)
	menuOpen func() bool
}

// brokerHandlers makes a broker box a button that opens its action menu:
// a click, Enter or Space opens it (and, from the keyboard, focuses its
// first enabled button); Escape closes it when it is open.
func brokerHandlers(acts brokerActs, id engine.BrokerID) []vecty.Applyer {
	dispatch, menuOpen := acts.dispatch, acts.menuOpen
	return []vecty.Applyer{
		event.Click(func(*vecty.Event) {
			dispatch(site.ClickBroker{Broker: id})
		}),
		event.KeyDown(func(e *vecty.Event) {
			switch e.Value.Get("key").String() {
			case "Enter", " ":
				e.Value.Call("preventDefault")
				dispatch(site.ClickBroker{Broker: id})
				if menuOpen() {
					focus(e, ".broker-menu button:not([disabled])")
				}
			case "Escape":
				// With no menu open, Escape goes on to the page's own
				// handler, which closes the inspector's card or drawer
				// (site.Dismiss); the box keeps the focus after a click.
				if menuOpen() {
					e.Value.Call("preventDefault")
					dispatch(site.CloseMenu{})
				}
			}
		}),
	}
}

// focus focuses the first element matching sel in the document of e's
// target.
func focus(e *vecty.Event, sel string) {
	doc := e.Target.Get("ownerDocument")
	if doc.IsUndefined() || !doc.Truthy() {
		return
	}
	if el := doc.Call("querySelector", sel); el.Truthy() {
		el.Call("focus")
	}
}

// brokerMenu is the broker action menu's state: whether it is open
// (Store.MenuOpen), for which broker (Store.Menu), and whether the
// inspector's card waits behind it (Store.DetailBehindMenu).
type brokerMenu struct {
	Open         bool
	Broker       engine.BrokerID
	DetailBehind bool
}

// renderBrokerMenu draws the open action menu next to its broker box,
// placed in percentages of the diagram so that it follows the SVG's
// scaling; data-anchor names the box, which the page opens the menu
// above when there is no room under it (site.FitMenu,
// wasm/playground/menufit.go). It carries the DOM contract's #act-crash,
// #act-restart, #act-shutdown, #act-isolate and #act-heal, and, where the
// inspector's card waits behind the menu (site.DetailBehindMenu), a
// Details button (#act-details) that closes the menu to show the card.
func renderBrokerMenu(dispatch func(site.Action), m brokerMenu, st engine.State, lay site.Layout) vecty.MarkupOrChild {
	if !m.Open {
		return nil
	}
	id := m.Broker
	n, ok := lay.Node(site.BrokerKey(id))
	if !ok {
		return nil
	}
	alive := brokerAlive(st, id)
	btn := func(key, text, title string, enabled bool, cmd engine.Command) *vecty.HTML {
		return elem.Button(
			vecty.Markup(prop.ID("act-"+key), prop.Type(prop.TypeButton), prop.Disabled(!enabled), attr("title", title+" ("+cmd.String()+")"),
				event.Click(func(*vecty.Event) { dispatch(site.Act{Cmd: cmd}) })),
			vecty.Text(text),
		)
	}
	left := (n.Rect.X + 8) / lay.Width * 100
	top := (n.Rect.Y + n.Rect.H - 6) / lay.Height * 100
	label := brokerLabel(n)
	return elem.Div(
		vecty.Markup(vecty.Class("broker-menu"), attr("role", "group"), attr("aria-label", label+" actions"),
			vecty.Style("left", num1(left)+"%"), vecty.Style("top", num1(top)+"%"),
			vecty.Data("anchor", `g.node[data-node="`+site.BrokerKey(id)+`"] .box`),
			event.KeyDown(func(e *vecty.Event) {
				if e.Value.Get("key").String() == "Escape" {
					e.Value.Call("preventDefault")
					dispatch(site.CloseMenu{})
					focus(e, `g.node[data-node="`+site.BrokerKey(id)+`"]`)
				}
			})),
		elem.Div(vecty.Markup(vecty.Class("menu-title")), vecty.Text(label)),
		btn("crash", "Crash", "Kill the process (kill -9); its log stays on disk", alive, engine.Crash{Broker: id}),
		btn("restart", "Restart", "Start the stopped broker again", !alive, engine.Restart{Broker: id}),
		btn("shutdown", "Shut down", "Controlled shutdown: leaderships move away first", alive, engine.Shutdown{Broker: id}),
		btn("isolate", "Isolate", "Cut every link to and from this broker", alive, engine.Isolate{Node: engine.Broker(id)}),
		btn("heal", "Heal network", "Remove every isolation, partition, slow or lossy link", true, engine.Heal{}),
		onlyIf(m.DetailBehind, func() vecty.MarkupOrChild {
			return elem.Button(vecty.Markup(prop.ID("act-details"), prop.Type(prop.TypeButton),
				attr("title", "Close this menu and show what "+label+" holds: its process, its registration with the controller, its disk and its replicas"),
				event.Click(func(*vecty.Event) { dispatch(site.CloseMenu{}) })),
				vecty.Text("Details"))
		}),
		elem.Button(vecty.Markup(vecty.Class("close"), prop.Type(prop.TypeButton), attr("aria-label", "Close the menu"),
			event.Click(func(*vecty.Event) { dispatch(site.CloseMenu{}) })), vecty.Text("×")),
	)
}

// renderActions lists the user's actions as script lines: the DOM
// contract's <ol id="actions">, drawn from acts (Store.Actions).
func renderActions(acts []string) *pureEq[lines] {
	return viewEq(lines(acts), actionsList)
}

// actionsList is renderActions' drawing of the script lines acts.
func actionsList(acts lines) *vecty.HTML {
	items := []vecty.MarkupOrChild{vecty.Markup(prop.ID("actions"), attr("aria-label", "Your actions"))}
	for _, a := range acts {
		items = append(items, elem.ListItem(elem.Code(vecty.Text(a))))
	}
	return elem.Div(vecty.Markup(vecty.Class("actions-wrap")),
		elem.Heading2(vecty.Text("Your actions")),
		vecty.If(len(acts) == 0, elem.Paragraph(vecty.Markup(vecty.Class("hint")), vecty.Text("Click a broker to crash, restart, shut down or isolate it, or an arrow to cut, heal or slow that link."))),
		elem.OrderedList(items...),
	)
}
