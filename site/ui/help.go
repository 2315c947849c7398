package ui

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/site"
)

// renderMannersBar is the header's buttons for the help dialog, the theme
// and the table view: the DOM contract's #help-open, #theme and
// #table-toggle.
func renderMannersBar(s *site.Store) *memo {
	m := s.Manners
	g := &sig{}
	g.t(m.TableView).s(m.EffectiveTheme()).t(m.HelpOpen)
	return &memo{Sig: g.String(), Body: func() *vecty.HTML { return mannersBar(s, m.TableView, m.EffectiveTheme(), m.HelpOpen) }}
}

// mannersBar is renderMannersBar's drawing, for the table view on or off,
// the theme in effect and the help dialog open or closed.
func mannersBar(s *site.Store, tableView bool, theme string, helpOpen bool) *vecty.HTML {
	themeText, themeNext := "Dark theme", "dark"
	if theme == site.ThemeDark {
		themeText, themeNext = "Light theme", "light"
	}
	return elem.Div(vecty.Markup(vecty.Class("manners-bar"), attr("role", "group"), attr("aria-label", "View")),
		elem.Button(vecty.Markup(prop.ID("table-toggle"), prop.Type(prop.TypeButton),
			attr("aria-pressed", strconv.FormatBool(tableView)), attr("aria-controls", "table-view"),
			attr("title", "Show every partition as tables (v)"),
			event.Click(func(*vecty.Event) { s.Dispatch(site.ToggleTable{}) })),
			vecty.Text("Table view")),
		elem.Button(vecty.Markup(prop.ID("theme"), prop.Type(prop.TypeButton),
			attr("data-theme", theme), attr("title", "Switch to the "+themeNext+" theme (t)"),
			event.Click(func(*vecty.Event) { s.Dispatch(site.ToggleTheme{}) })),
			vecty.Text(themeText)),
		elem.Button(vecty.Markup(prop.ID("help-open"), prop.Type(prop.TypeButton),
			attr("aria-haspopup", "dialog"), attr("aria-expanded", strconv.FormatBool(helpOpen)),
			attr("title", "Keyboard shortcuts (?)"), attr("aria-label", "Keyboard shortcuts"),
			event.Click(func(*vecty.Event) { s.Dispatch(site.ToggleHelp{}) })),
			vecty.Text("?")),
	)
}

// renderHelp is the keyboard shortcut dialog, <div id="help"
// role="dialog">, listing site.Shortcuts; nil while it is closed. Escape
// (through the page's key map), its close button and a click beside it
// close it.
func renderHelp(s *site.Store) vecty.MarkupOrChild {
	if !s.Manners.HelpOpen {
		return nil
	}
	rows := []vecty.MarkupOrChild{}
	for _, sc := range site.Shortcuts() {
		rows = append(rows, elem.TableRow(
			elem.TableHeader(vecty.Markup(attr("scope", "row")), elem.KeyboardInput(vecty.Text(sc.Label))),
			elem.TableData(vecty.Text(sc.Help)),
		))
	}
	return elem.Div(vecty.Markup(vecty.Class("help-backdrop"),
		event.Click(func(e *vecty.Event) {
			if e.Target.Get("classList").Call("contains", "help-backdrop").Bool() {
				s.Dispatch(site.ToggleHelp{})
			}
		})),
		elem.Div(vecty.Markup(prop.ID("help"), attr("role", "dialog"), attr("aria-modal", "true"), attr("aria-labelledby", "help-h"),
			// The close button is the dialog's one control: Tab stays on it.
			event.KeyDown(func(e *vecty.Event) {
				if e.Value.Get("key").String() == "Tab" {
					e.Value.Call("preventDefault")
				}
			})),
			elem.Heading2(vecty.Markup(prop.ID("help-h")), vecty.Text("Keyboard shortcuts")),
			elem.Table(
				elem.TableHead(elem.TableRow(
					elem.TableHeader(vecty.Markup(attr("scope", "col")), vecty.Text("Key")),
					elem.TableHeader(vecty.Markup(attr("scope", "col")), vecty.Text("What it does")),
				)),
				elem.TableBody(rows...),
			),
			elem.Paragraph(vecty.Markup(vecty.Class("hint")),
				vecty.Text("While the speed slider or a checkbox has the focus only Esc is a shortcut, and Space presses a focused button. Tab reaches every broker; Enter opens its menu.")),
			elem.Button(vecty.Markup(prop.ID("help-close"), prop.Type(prop.TypeButton), vecty.Class("close"),
				attr("aria-label", "Close the keyboard shortcuts"),
				event.Click(func(*vecty.Event) { s.Dispatch(site.ToggleHelp{}) })),
				vecty.Text("×")),
		),
	)
}
