package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/site"
)

// renderShareBar is the preset picker (#preset), "Copy link" (#share) and
// "Copy embed code" (#copy-embed), with a confirmation of the last copy.
// It is drawn from its view: a frame rebuilds it only when the preset or
// the last copy changed. Its controls dispatch, and its export items call
// export with what to save ("svg", "png", "clip", "stop").
func renderShareBar(v shareView, dispatch func(site.Action), export func(what string)) *pure[shareView] {
	return view(v, func(v shareView) *vecty.HTML { return shareBar(dispatch, export, v) })
}

// shareView is the share bar's state: the preset picked ("" for a shared
// or edited scenario), the picker's name for such a scenario
// (Store.PickerLabel), what the last copy copied, and whether the browser
// refused it.
type shareView struct {
	Preset, Label, Copied, CopiedText, Refused string
	CopyFailed, Recording                      bool
	// EmbedTheme is the colours the embed code asks for
	// (site.Sharing.EmbedTheme).
	EmbedTheme string
}

// shareBar draws the share bar v (see renderShareBar); its controls
// dispatch, and its export items call export.
func shareBar(dispatch func(site.Action), export func(what string), v shareView) *vecty.HTML {
	var opts []vecty.MarkupOrChild
	opts = append(opts, vecty.Markup(prop.ID("preset"), attr("aria-label", "Scenario"),
		event.Change(func(e *vecty.Event) { dispatch(site.PickPreset{Name: e.Target.Get("value").String()}) })))
	if v.Preset == "" {
		opts = append(opts, elem.Option(vecty.Markup(prop.Value(""), vecty.Property("selected", true)), vecty.Text(v.Label)))
	}
	// The picker is a course (site.Course): the lesson's sections in
	// order, then the famous failures, then one group per incident with
	// its fixed partner, each group an <optgroup>.
	for _, g := range site.Course() {
		group := []vecty.MarkupOrChild{vecty.Markup(attr("label", g.Label))}
		for _, it := range g.Items {
			group = append(group, elem.Option(vecty.Markup(prop.Value(it.Name), vecty.Property("selected", it.Name == v.Preset)), vecty.Text(it.Label)))
		}
		opts = append(opts, elem.OptionsGroup(group...))
	}
	return elem.Div(vecty.Markup(vecty.Class("share-bar")),
		elem.Label(vecty.Markup(vecty.Class("share-label")), vecty.Text("Scenario "), elem.Select(opts...)),
		elem.Button(vecty.Markup(prop.ID("share"), prop.Type(prop.TypeButton), attr("title", "Copy a link that reopens this scenario, with your actions, at this moment"),
			event.Click(func(*vecty.Event) { dispatch(site.CopyLink{}) })), vecty.Text("Copy link")),
		embedMenu(dispatch, export, v.Recording, v.EmbedTheme),
		// The confirmation sits beside the buttons, in an anchor that is
		// always there and takes no width (static/screen.css), and goes
		// away on its own (site.CopyExpired).
		elem.Span(vecty.Markup(vecty.Class("copied-anchor")),
			vecty.If(v.Copied != "" && !v.CopyFailed, elem.Span(vecty.Markup(prop.ID("copied"), attr("role", "status"), attr("data-text", v.CopiedText)),
				vecty.Text("Copied the "+v.Copied+".")))),
		// The fallback field floats under the buttons (static/screen.css)
		// instead of wrapping onto a row of its own, which pushed the whole
		// page down 30 px; its × closes it.
		vecty.If(v.CopyFailed, elem.Span(vecty.Markup(prop.ID("copied"), vecty.Class("copy-fallback"), attr("role", "status"), attr("data-text", v.CopiedText)),
			vecty.Text("The browser would not copy the "+v.Copied+"; select it here: "),
			elem.Input(vecty.Markup(prop.Type(prop.TypeText), prop.Value(v.CopiedText), vecty.Property("readOnly", true), attr("aria-label", v.Copied))),
			elem.Button(vecty.Markup(prop.ID("copied-close"), prop.Type(prop.TypeButton), vecty.Class("dismiss"), attr("aria-label", "Close"),
				event.Click(func(*vecty.Event) { dispatch(site.Copied{}) })), vecty.Text("×")))),
		// A link the page would not open is not copied; the bar says why,
		// in the fallback's place, until its × or the next copy.
		vecty.If(v.Refused != "", elem.Span(vecty.Markup(prop.ID("copy-refused"), vecty.Class("copy-fallback"), attr("role", "alert")),
			vecty.Text(v.Refused+" "),
			elem.Button(vecty.Markup(prop.ID("copy-refused-close"), prop.Type(prop.TypeButton), vecty.Class("dismiss"), attr("aria-label", "Close"),
				event.Click(func(*vecty.Event) { dispatch(site.Copied{}) })), vecty.Text("×")))),
	)
}

// embedMenu is "Embed & export" (#copy-embed), a disclosure that offers
// the embed code from the scenario's start (#copy-embed-start) or at
// this moment (#copy-embed-now) (a teacher who had paused to copy got an
// embed frozen at that moment, with no way to copy one from the start),
// and the diagram for slides: at this moment as SVG (#export-svg) or PNG
// (#export-png), or a 10-second clip of it playing as WebM
// (#export-clip, "Stop recording" while recording). An item does its
// work and closes the menu: a copy dispatches site.CopyEmbed, an export
// calls export with what to save.
func embedMenu(dispatch func(site.Action), export func(what string), recording bool, theme string) *vecty.HTML {
	item := func(id, label, title string, fromStart bool) *vecty.HTML {
		return elem.Button(vecty.Markup(prop.ID(id), prop.Type(prop.TypeButton), attr("title", title),
			event.Click(func(e *vecty.Event) {
				if d := e.Target.Call("closest", "details"); d.Truthy() {
					d.Set("open", false)
				}
				dispatch(site.CopyEmbed{FromStart: fromStart})
			})), vecty.Text(label))
	}
	exportItem := func(id, label, title, what string) *vecty.HTML {
		return elem.Button(vecty.Markup(prop.ID(id), prop.Type(prop.TypeButton), attr("title", title),
			event.Click(func(e *vecty.Event) {
				if d := e.Target.Call("closest", "details"); d.Truthy() {
					d.Set("open", false)
				}
				export(what)
			})), vecty.Text(label))
	}
	clip := exportItem("export-clip", "Record a 10-second clip (WebM)", "Plays on and records the diagram for 10 seconds, then saves it as a WebM video", "clip")
	if recording {
		clip = exportItem("export-clip", "Stop recording ●", "Ends the clip now and saves it", "stop")
	}
	return elem.Details(vecty.Markup(vecty.Class("share-menu")),
		elem.Summary(vecty.Markup(prop.ID("copy-embed"), attr("title", "Copy an <iframe> to paste into a lesson page, or save the diagram for slides")), vecty.Text("Embed & export")),
		elem.Div(vecty.Markup(vecty.Class("share-menu-items")),
			elem.Span(vecty.Markup(vecty.Class("share-menu-h")), vecty.Text("Copy embed code")),
			embedThemes(dispatch, theme),
			item("copy-embed-start", "From the start", "The embed plays the scenario from its beginning", true),
			item("copy-embed-now", "At this moment", "The embed opens paused where the playhead is now", false),
			elem.Span(vecty.Markup(vecty.Class("share-menu-h")), vecty.Text("The diagram, for slides")),
			exportItem("export-svg", "Save as SVG", "The diagram at this moment, as a vector picture", "svg"),
			exportItem("export-png", "Save as PNG", "The diagram at this moment, as a picture at twice its size on screen", "png"),
			clip,
		))
}

// embedThemes is the embed code's choice of colours (theme=, picked with
// site.PickEmbedTheme): the reader's system's, as an embed follows by
// default, or light or dark to match the lesson page whatever the
// reader's system.
func embedThemes(dispatch func(site.Action), theme string) *vecty.HTML {
	items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("embed-theme")), elem.Legend(vecty.Text("Colours"))}
	for _, o := range [...]struct{ value, label, title string }{
		{"", "the reader's", "Light or dark as the reader's system is set (no theme=)"},
		{"light", "light", "Always light, to match a light lesson page (theme=light)"},
		{"dark", "dark", "Always dark, to match a dark lesson page (theme=dark)"},
	} {
		value := o.value
		items = append(items, elem.Label(vecty.Markup(attr("title", o.title)),
			elem.Input(vecty.Markup(prop.Type(prop.TypeRadio), attr("name", "embed-theme"), prop.Value(value), vecty.Data("theme", value), prop.Checked(theme == value),
				event.Change(func(*vecty.Event) { dispatch(site.PickEmbedTheme{Theme: value}) }))),
			vecty.Text(" "+o.label)))
	}
	return elem.FieldSet(items...)
}

// renderNotice is the banner explaining a link that could not be opened,
// notice (nil when ""); its × dispatches site.DismissNotice.
func renderNotice(notice string, dispatch func(site.Action)) vecty.MarkupOrChild {
	if notice == "" {
		return nil
	}
	return elem.Div(vecty.Markup(prop.ID("notice"), vecty.Class("error"), attr("role", "alert")),
		vecty.Text(notice+" "),
		elem.Button(vecty.Markup(prop.Type(prop.TypeButton), vecty.Class("dismiss"), attr("aria-label", "Dismiss"),
			event.Click(func(*vecty.Event) { dispatch(site.DismissNotice{}) })), vecty.Text("×")))
}

// onlyIf is x() when cond holds, else nothing; unlike only, it builds x
// only when it is shown.
func onlyIf(cond bool, x func() vecty.MarkupOrChild) vecty.MarkupOrChild {
	if cond {
		return x()
	}
	return nil
}

// only is x when cond holds, else nothing (vecty skips a nil child).
func only(cond bool, x vecty.MarkupOrChild) vecty.MarkupOrChild {
	if cond {
		return x
	}
	return nil
}
