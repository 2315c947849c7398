package ui

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/site"
)

// renderMannersBar is the header's buttons for the help dialog, the theme
// and the table view: the DOM contract's #help-open, #theme and
// #table-toggle, drawn from the reader's manners m; a click dispatches.
func renderMannersBar(m site.Manners, dispatch func(site.Action)) *pure[mannersView] {
	return view(mannersView{TableView: m.TableView, Theme: m.EffectiveTheme(), HelpOpen: m.HelpOpen},
		func(v mannersView) *vecty.HTML { return mannersBar(dispatch, v.TableView, v.Theme, v.HelpOpen) })
}

// mannersView is the header's buttons: the table view on or off, the
// theme in effect and the help dialog open or closed.
type mannersView struct {
	TableView bool
	Theme     string
	HelpOpen  bool
}

// mannersBar is renderMannersBar's drawing, for the table view on or off,
// the theme in effect and the help dialog open or closed.
func mannersBar(dispatch func(site.Action), tableView bool, theme string, helpOpen bool) *vecty.HTML {
	themeText, themeNext := "Dark theme", "dark"
	if theme == site.ThemeDark {
		themeText, themeNext = "Light theme", "light"
	}
	return elem.Div(vecty.Markup(vecty.Class("manners-bar"), attr("role", "group"), attr("aria-label", "View")),
		elem.Button(vecty.Markup(prop.ID("table-toggle"), prop.Type(prop.TypeButton),
			attr("aria-pressed", strconv.FormatBool(tableView)), attr("aria-controls", "table-view"),
			attr("title", "Show every partition as tables (v)"),
			event.Click(func(*vecty.Event) { dispatch(site.ToggleTable{}) })),
			vecty.Text("Table view")),
		elem.Button(vecty.Markup(prop.ID("theme"), prop.Type(prop.TypeButton),
			attr("data-theme", theme), attr("title", "Switch to the "+themeNext+" theme (t)"),
			event.Click(func(*vecty.Event) { dispatch(site.ToggleTheme{}) })),
			vecty.Text(themeText)),
		elem.Button(vecty.Markup(prop.ID("help-open"), prop.Type(prop.TypeButton),
			attr("aria-haspopup", "dialog"), attr("aria-expanded", strconv.FormatBool(helpOpen)),
			// The dialog opens on "Words on the page" (the glossary), the
			// keyboard shortcuts under it: the tooltip names both.
			attr("title", "Words on the page and keyboard shortcuts (?)"), attr("aria-label", "Words on the page and keyboard shortcuts"),
			event.Click(func(*vecty.Event) { dispatch(site.ToggleHelp{}) })),
			vecty.Text("?")),
	)
}

// helpState is the help dialog: open or closed (Manners.HelpOpen), and,
// when open, whether opening it paused playback (Store.HelpPaused).
type helpState struct{ Open, Paused bool }

// renderHelp is the help dialog, "Words on the page" (the glossary) and
// the keyboard shortcuts, <div id="help"
// role="dialog">, listing site.Shortcuts; nil while it is closed. Escape
// (through the page's key map), its close button and a click beside it
// close it (dispatch).
func renderHelp(h helpState, dispatch func(site.Action)) vecty.MarkupOrChild {
	if !h.Open {
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
				dispatch(site.ToggleHelp{})
			}
		})),
		elem.Div(vecty.Markup(prop.ID("help"), attr("role", "dialog"), attr("aria-modal", "true"), attr("aria-labelledby", "help-h"),
			// The close button is the dialog's one control: Tab stays on it.
			event.KeyDown(func(e *vecty.Event) {
				if e.Value.Get("key").String() == "Tab" {
					e.Value.Call("preventDefault")
				}
			})),
			elem.Heading2(vecty.Markup(prop.ID("help-h")), vecty.Text("Words on the page")),
			elem.Paragraph(vecty.Markup(prop.ID("help-paused"), vecty.Class("hint")), vecty.Text(site.HelpPauseNote(h.Paused))),
			glossary(),
			elem.Heading2(vecty.Text("Keyboard shortcuts")),
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
				attr("aria-label", "Close the help"),
				event.Click(func(*vecty.Event) { dispatch(site.ToggleHelp{}) })),
				vecty.Text("×")),
		),
	)
}

// scriptHelp is the script editor's help, a closed <details
// id="script-help">: every directive with its synopsis (script.Directives, the directive table)
// and every setting a cluster line takes, from the engine's settings
// table, with its default, range, unit and source. Its text is fixed, so
// the editor's component draws it only when the editor itself re-renders.
func scriptHelp() *vecty.HTML {
	dirs := []vecty.MarkupOrChild{}
	for _, d := range script.Directives() {
		for _, syn := range d.Synopses() {
			dirs = append(dirs, elem.ListItem(elem.Code(vecty.Text(syn))))
		}
	}
	rows := []vecty.MarkupOrChild{}
	for _, s := range engine.Settings() {
		def := s.Default
		if def == "" {
			def = "none"
		}
		source := vecty.MarkupOrChild(vecty.Text(s.Source))
		if s.Doc != "" {
			source = elem.Anchor(vecty.Markup(prop.Href(s.Doc), attr("target", "_blank"), attr("rel", "noopener")), vecty.Text(s.Source))
		}
		rows = append(rows, elem.TableRow(
			elem.TableHeader(vecty.Markup(attr("scope", "row")), elem.Code(vecty.Text(s.Arg(s.Example)))),
			elem.TableData(vecty.Text(s.Help)),
			elem.TableData(vecty.Text(def)),
			elem.TableData(vecty.Text(s.Range())),
			elem.TableData(source),
		))
	}
	return elem.Details(vecty.Markup(prop.ID("script-help"), vecty.Class("script-help")),
		elem.Summary(vecty.Text("Script help: directives and settings")),
		elem.Paragraph(vecty.Markup(vecty.Class("act-hint")),
			vecty.Text("One directive a line; # starts a comment. Durations take ms, s, m or h (500ms, 1.5s); times are HH:MM:SS.mmm or a duration since the start. A setting goes on the cluster line, such as cluster brokers=3 replica.lag.time.max.ms=5000; config changes the runtime ones later.")),
		elem.Heading3(vecty.Text("Directives")),
		elem.UnorderedList(dirs...),
		elem.Heading3(vecty.Text("Cluster settings")),
		elem.Div(vecty.Markup(vecty.Class("cfg-scroll")), elem.Table(vecty.Markup(vecty.Class("cfg-table")),
			elem.TableHead(elem.TableRow(
				elem.TableHeader(vecty.Markup(attr("scope", "col")), vecty.Text("example")),
				elem.TableHeader(vecty.Markup(attr("scope", "col")), vecty.Text("what it does")),
				elem.TableHeader(vecty.Markup(attr("scope", "col")), vecty.Text("default")),
				elem.TableHeader(vecty.Markup(attr("scope", "col")), vecty.Text("takes")),
				elem.TableHeader(vecty.Markup(attr("scope", "col")), vecty.Text("source")),
			)),
			elem.TableBody(rows...),
		)),
	)
}

// glossary lists site.Glossary: each word, what it means, and where Kafka
// defines it.
func glossary() *vecty.HTML {
	items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("glossary"))}
	for _, t := range site.Glossary() {
		items = append(items,
			elem.DefinitionTerm(vecty.Text(t.Word)),
			elem.Description(vecty.Text(t.Meaning+" "), elem.Span(vecty.Markup(vecty.Class("hint")), vecty.Text("("+t.Source+")"))))
	}
	return elem.DescriptionList(items...)
}
