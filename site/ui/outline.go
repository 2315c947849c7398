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

// renderOutline is the outline panel (#outline): the scenario's captions,
// questions and suggestions with their times (Store.Outline), each a
// button that goes to its moment (site.GoToOutline), the line the
// playhead is at marked. A teacher checks a lesson with it; a reader
// finds their way back to a caption. Questions show their text only, and
// in lesson mode what comes after an unanswered question waits for its
// answer. v is Store.Outline; a click dispatches site.GoToOutline.
func renderOutline(v site.OutlineView, dispatch func(site.Action)) *pureEq[site.OutlineView] {
	return viewEq(v, func(v site.OutlineView) *vecty.HTML { return outlinePanel(dispatch, v) })
}

// outlinePanel draws v (see renderOutline).
func outlinePanel(dispatch func(site.Action), v site.OutlineView) *vecty.HTML {
	items := []vecty.MarkupOrChild{vecty.Markup(prop.ID("outline"), vecty.Class("outline"))}
	for i, it := range v.Items {
		kind, class := "Caption", "say"
		switch it.Kind {
		case site.OutlineAsk:
			kind, class = "Question "+strconv.Itoa(it.Ask+1), "ask"
			if it.Answered {
				kind += " ✓"
			}
		case site.OutlineTry:
			kind, class = "Try", "try"
		}
		idx := i
		items = append(items, elem.ListItem(vecty.Markup(vecty.Class(class), vecty.ClassMap{"current": i == v.Current}),
			elem.Button(vecty.Markup(prop.Type(prop.TypeButton), vecty.Data("outline", strconv.Itoa(i)),
				vecty.MarkupIf(i == v.Current, attr("aria-current", "step")),
				event.Click(func(*vecty.Event) { dispatch(site.GoToOutline{Index: idx}) })),
				elem.Time(vecty.Text(engine.FormatTime(it.At))),
				elem.Span(vecty.Markup(vecty.Class("outline-kind")), vecty.Text(kind)),
				elem.Span(vecty.Markup(vecty.Class("outline-text")), vecty.Text(it.Text)),
			)))
	}
	body := []vecty.MarkupOrChild{
		vecty.Markup(vecty.Class("panel", "outline-panel"), attr("aria-labelledby", "outline-h")),
		elem.Heading2(vecty.Markup(prop.ID("outline-h")), vecty.Text("Outline")),
	}
	if len(v.Items) == 0 {
		return elem.Section(append(body, elem.Paragraph(vecty.Markup(vecty.Class("hint")),
			vecty.Text("This scenario has no captions, questions or suggestions (say, ask and try lines).")))...)
	}
	body = append(body, elem.OrderedList(items...))
	if v.Held > 0 {
		more := strconv.Itoa(v.Held) + " more lines come after you answer question " + strconv.Itoa(v.HeldAsk+1) + "."
		if v.Held == 1 {
			more = "1 more line comes after you answer question " + strconv.Itoa(v.HeldAsk+1) + "."
		}
		body = append(body, elem.Paragraph(vecty.Markup(prop.ID("outline-held"), vecty.Class("hint")), vecty.Text(more)))
	}
	if v.Acted {
		body = append(body, elem.Paragraph(vecty.Markup(vecty.Class("hint")),
			vecty.Text("Your actions changed this run: the captions tell the scenario's own story, which Replay plays again.")))
	}
	return elem.Section(body...)
}
