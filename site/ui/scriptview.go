package ui

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/site"
)

// ScriptView is a vecty.Component which represents the script editor
// (<textarea id="script">): the scenario's script with every action the
// user took merged in at its time, which the reader may edit and apply
// (button or Ctrl+Enter). A line-number gutter marks the line of the first
// error, an underline marks its column, and #script-problem says where and
// why; a draft that does not compile is kept, never applied. It re-renders
// only when its text, problem or status changes.
type ScriptView struct {
	vecty.Core

	View scriptView `vecty:"prop"`
	// Dispatch takes the editor's edits, Apply and Revert.
	Dispatch func(site.Action) `vecty:"prop"`
}

// scriptView is what the editor shows: the text, its problem (Bad false:
// none), whether it is edited and not applied, and the status line.
type scriptView struct {
	Text    string
	Problem site.ScriptProblem
	Bad     bool
	Dirty   bool
	Status  string
	// Folded says the script holds answers the reader has not given yet
	// (Store.HideOutcome): the panel starts closed, saying so.
	Folded bool
}

// SkipRender implements the vecty.RenderSkipper interface.
func (c *ScriptView) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*ScriptView)
	return ok && p.View == c.View
}

// Render implements the vecty.Component interface.
func (c *ScriptView) Render() vecty.ComponentOrHTML {
	v := c.View
	text := v.Text
	lines, _ := site.TextSize(text)
	var problem *site.ScriptProblem
	if v.Bad {
		problem = &v.Problem
	}
	gutter := make([]vecty.MarkupOrChild, 0, lines+1)
	gutter = append(gutter, vecty.Markup(vecty.Class("editor-gutter"), attr("aria-hidden", "true")))
	for i := 1; i <= lines; i++ {
		bad := problem != nil && problem.Line == i
		gutter = append(gutter, elem.Span(vecty.Markup(vecty.ClassMap{"ln": true, "ln-error": bad}), vecty.Text(strconv.Itoa(i))))
	}
	var mark vecty.MarkupOrChild
	if problem != nil && problem.Line > 0 {
		col := max(problem.Col, 1)
		mark = elem.Span(vecty.Markup(vecty.Class("editor-mark"), vecty.MarkupIf(problem.Col == 0, vecty.Class("whole-line")),
			attr("aria-hidden", "true"),
			vecty.Style("--line", strconv.Itoa(problem.Line)), vecty.Style("--col", strconv.Itoa(col))))
	}
	dirty, status := v.Dirty, v.Status
	// While a question waits for its answer, the script (whose ask and
	// why lines hold it) sits in a closed <details>: the reader opens it
	// on purpose, knowing what it holds.
	var fold vecty.MarkupOrChild
	if v.Folded {
		fold = elem.Paragraph(vecty.Markup(prop.ID("script-folded"), vecty.Class("act-hint")),
			vecty.Text("The script holds this lesson's answers, so it stays folded until you answer the question. Open it below if you want to read or edit it anyway."))
	}
	return elem.Section(
		vecty.Markup(vecty.Class("act-panel", "script-panel"), attr("aria-labelledby", "script-h")),
		elem.Heading2(vecty.Markup(prop.ID("script-h")), vecty.Text("Script")),
		fold,
		elem.Details(vecty.Markup(prop.ID("script-details"), vecty.MarkupIf(!v.Folded, vecty.Property("open", true))),
			elem.Summary(vecty.Text("The scenario as a script")),
			c.editor(problem, gutter, mark, dirty, status)),
	)
}

// editor is the editing part of the panel: the hint, the text area with
// its gutter and mark, the problem line, the buttons and the help.
func (c *ScriptView) editor(problem *site.ScriptProblem, gutter []vecty.MarkupOrChild, mark vecty.MarkupOrChild, dirty bool, status string) *vecty.HTML {
	dispatch, text := c.Dispatch, c.View.Text
	lines, widest := site.TextSize(text)
	return elem.Div(
		elem.Paragraph(vecty.Markup(vecty.Class("act-hint")),
			vecty.Text("The scenario with your actions as script lines. Change a line and apply it (Ctrl+Enter): an edit plays on from the same moment; a script with another cluster line starts from its own start.")),
		elem.Div(vecty.Markup(vecty.ClassMap{"editor": true, "editor-dirty": dirty, "editor-bad": problem != nil}),
			elem.Div(gutter...),
			elem.TextArea(vecty.Markup(
				prop.ID("script"),
				vecty.Property("value", text),
				attr("rows", strconv.Itoa(lines+1)),
				attr("cols", strconv.Itoa(max(widest+2, 40))),
				attr("wrap", "off"), attr("spellcheck", "false"), attr("autocapitalize", "off"), attr("autocomplete", "off"),
				attr("aria-label", "kplay script"),
				attr("aria-invalid", strconv.FormatBool(problem != nil)),
				vecty.MarkupIf(problem != nil, attr("aria-describedby", "script-problem")),
				event.Input(func(e *vecty.Event) {
					dispatch(site.EditScript{Text: e.Target.Get("value").String()})
				}),
				event.KeyDown(func(e *vecty.Event) {
					if e.Value.Get("key").String() == "Enter" && (e.Value.Get("ctrlKey").Bool() || e.Value.Get("metaKey").Bool()) {
						e.Value.Call("preventDefault")
						dispatch(site.EditScript{Text: e.Target.Get("value").String()})
						dispatch(site.ApplyScript{})
					}
				}),
			)),
			mark,
		),
		problemLine(problem),
		elem.Div(vecty.Markup(vecty.Class("editor-buttons")),
			elem.Button(vecty.Markup(prop.ID("script-apply"), prop.Type(prop.TypeButton), prop.Disabled(!dirty),
				attr("title", "Play this script from the same moment (Ctrl+Enter)"),
				event.Click(func(*vecty.Event) { dispatch(site.ApplyScript{}) })),
				vecty.Text("Apply")),
			elem.Button(vecty.Markup(prop.ID("script-revert"), prop.Type(prop.TypeButton), prop.Disabled(!dirty),
				attr("title", "Drop your edits and show the scenario's script"),
				event.Click(func(*vecty.Event) { dispatch(site.RevertScript{}) })),
				vecty.Text("Revert")),
			elem.Span(vecty.Markup(prop.ID("script-status"), vecty.Class("editor-status"), attr("role", "status")), vecty.Text(status)),
		),
		scriptHelp(),
	)
}

// problemLine is #script-problem: where and why the script fails, with a
// button that puts the caret there; nil without a problem.
func problemLine(problem *site.ScriptProblem) vecty.MarkupOrChild {
	if problem == nil {
		return nil
	}
	line, col := problem.Line, problem.Col
	return elem.Paragraph(vecty.Markup(prop.ID("script-problem"), vecty.Class("editor-problem"), attr("role", "alert"),
		vecty.Data("line", strconv.Itoa(line)), vecty.Data("col", strconv.Itoa(col))),
		vecty.Text(problem.String()+" "),
		vecty.If(line > 0, elem.Button(vecty.Markup(prop.Type(prop.TypeButton), vecty.Class("editor-goto"),
			event.Click(func(e *vecty.Event) { goToLine(e, line, col) })),
			vecty.Text("Go to line "+strconv.Itoa(line)))),
	)
}

// goToLine focuses the editor with the caret at line:col (1-based; col 0
// means the line's start) and scrolls the editor so that the caret is in
// view. The textarea is as wide and as tall as its text and the .editor
// box around it scrolls (static/act.css), so the browser, which scrolls
// a textarea's own content to its caret, moved nothing: an error far
// right on a long line stayed out of sight.
//
// A textarea tells no caret coordinates, so they are measured the usual
// way: the text before the caret is laid out in a hidden copy of the
// textarea's text styles inside the box, and an empty marker after it
// gives the caret's place in the box's scrolled content (tabs and wide
// characters count as the browser draws them).
func goToLine(e *vecty.Event, line, col int) {
	ta := e.Target.Call("closest", ".script-panel").Call("querySelector", "textarea")
	if !ta.Truthy() {
		return
	}
	text := ta.Get("value").String()
	at := site.CaretOffset(text, line, col)
	ta.Call("focus", map[string]any{"preventScroll": true})
	ta.Call("setSelectionRange", at, at)
	box, doc := ta.Get("parentElement"), ta.Get("ownerDocument")
	if !box.Truthy() || !doc.Truthy() || !doc.Get("defaultView").Truthy() {
		return
	}
	cs := doc.Get("defaultView").Call("getComputedStyle", ta)
	mirror := doc.Call("createElement", "div")
	st := mirror.Get("style")
	for _, p := range []string{"fontFamily", "fontSize", "fontWeight", "fontStyle", "letterSpacing", "lineHeight", "tabSize",
		"paddingTop", "paddingLeft", "borderTopWidth", "borderLeftWidth", "borderStyle"} {
		st.Set(p, cs.Get(p))
	}
	for _, pv := range [][2]string{{"position", "absolute"}, {"visibility", "hidden"}, {"whiteSpace", "pre"}, {"left", "0"}, {"top", "0"}} {
		st.Set(pv[0], pv[1])
	}
	mirror.Set("textContent", site.BeforeCaret(text, line, col))
	mark := doc.Call("createElement", "span")
	mark.Set("textContent", "\u200b") // a zero-width space gives the marker its line's height
	mirror.Call("appendChild", mark)
	box.Call("appendChild", mirror)
	x := ta.Get("offsetLeft").Float() + mark.Get("offsetLeft").Float()
	y := ta.Get("offsetTop").Float() + mark.Get("offsetTop").Float()
	h := mark.Get("offsetHeight").Float()
	mirror.Call("remove")
	lead := 0.0
	if g := box.Call("querySelector", ".editor-gutter"); g.Truthy() {
		lead = g.Get("offsetWidth").Float() // sticky: it covers the text under it
	}
	box.Set("scrollLeft", site.ScrollToReveal(box.Get("scrollLeft").Float(), lead, box.Get("clientWidth").Float(), x, 2))
	box.Set("scrollTop", site.ScrollToReveal(box.Get("scrollTop").Float(), 0, box.Get("clientHeight").Float(), y, h))
	box.Call("scrollIntoView", map[string]any{"block": "nearest", "inline": "nearest"})
}

// renderActing is the acting panels and the script editor, drawn from
// their views; their buttons dispatch, and configRefused says the Store
// refused a config change (renderConfigPanel).
func renderActing(v actingView, dispatch func(site.Action), configRefused func() bool) *vecty.HTML {
	return elem.Div(vecty.Markup(vecty.Class("acting")),
		renderProducerPanel(v.Producer, dispatch),
		renderConsumerPanel(v.Consumer, dispatch),
		renderConfigPanel(v.Config, dispatch, configRefused),
		&ScriptView{View: v.Script, Dispatch: dispatch},
	)
}

// actingView is what renderActing draws: the producer, consumer and
// config panels' views and the script editor's.
type actingView struct {
	Producer producerView
	Consumer consumerView
	Config   configView
	Script   scriptView
}
