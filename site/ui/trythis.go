package ui

import (
	"slices"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/site"
)

// maxTries is how many suggestions the "Try this" bar offers at once.
const maxTries = 3

// renderTryThis is the "Try this" bar under the diagram: one button per
// suggestion that fits the cluster now (Store.Suggestions: the scenario's
// own try directives, or else site.TryThis's), each a single
// click, what to watch in its tooltip. It carries <div id="try-this">
// with <button data-try="crash-leader"> and so on. It is one row of a fixed
// height, there even when nothing fits, so that the diagram below it
// never moves. v is the buttons (tryViewOf); a click calls try with its
// key.
func renderTryThis(v tryView, try func(key string)) vecty.MarkupOrChild {
	return viewEq(v, func(v tryView) *vecty.HTML { return tryBar(try, v) })
}

// tryViewOf is the bar's buttons: the first n suggestions.
func tryViewOf(sgs []site.Suggestion, n int) tryView {
	var v tryView
	for _, sg := range sgs[:min(len(sgs), n)] {
		v = append(v, tryButton{Key: sg.Key, Label: sg.Label, Watch: sg.Watch})
	}
	return v
}

// tryButton is one suggestion's button: its data-try key, its text and
// its tooltip (what to watch).
type tryButton struct{ Key, Label, Watch string }

// tryView is the "Try this" bar's buttons.
type tryView []tryButton

// Equal reports whether v and w draw the same buttons.
func (v tryView) Equal(w tryView) bool { return slices.Equal(v, w) }

// tryBar draws the bar of renderTryThis. A click does the suggestion of
// that key as it stands when clicked (try).
func tryBar(try func(key string), v tryView) *vecty.HTML {
	items := []vecty.MarkupOrChild{
		vecty.Markup(prop.ID("try-this"), vecty.Class("try-this"), attr("role", "group"), attr("aria-labelledby", "try-h")),
		elem.Span(vecty.Markup(vecty.Key("try-h"), prop.ID("try-h"), vecty.Class("try-h")), vecty.Text("Try this:")),
	}
	if len(v) == 0 {
		items = append(items, elem.Span(vecty.Markup(vecty.Key("hint"), vecty.Class("hint")), vecty.Text("click a broker or a link for its actions")))
	}
	for i, b := range v {
		key := b.Key
		// Keyed by its suggestion and its words: a suggestion that
		// changes under the focus ("Crash the leader (broker 1)" becoming
		// "Restart broker 1" once it is done, or "Crash the leader
		// (broker 2)") is a new button, and the focus leaves it
		// (to the page: Space then plays or pauses, as the help says,
		// rather than pressing what the button has become and undoing
		// the learner's crash).
		items = append(items, elem.Button(vecty.Markup(vecty.Key("try:"+key+":"+b.Label), prop.Type(prop.TypeButton), vecty.Data("try", key),
			vecty.ClassMap{"first": i == 0}, attr("title", b.Watch),
			event.Click(func(*vecty.Event) { try(key) })),
			vecty.Text(b.Label)))
	}
	return elem.Div(items...)
}

// renderCaption is the line under the diagram that says what the current
// moment shows: <p id="caption"> (the narration regions say it to screen
// readers: renderNarration), led for a few seconds by site.ResumeNote
// when the reader's action resumed playback. It is drawn in a box,
// <div class="caption" aria-hidden>, that also holds every one of the
// scenario's say captions, unseen (<span class="caption-room">,
// site.CaptionRoom), in one grid cell with it: above the diagram (a
// phone, an embed) the box is as tall as the longest of them, so that
// each shows whole and the diagram does not move from one to the next
// (static/screen.css). text is what the moment shows
// (Store.MomentCaption), note the resume note (Store.Resumed), playing and
// embed whether playback runs and the page is an embed, and room the say
// captions (Store.CaptionRoom).
func renderCaption(text, note string, playing, embed bool, room lines) vecty.MarkupOrChild {
	switch {
	case note != "" && text != "":
		// The reader's action on a paused cluster resumed playback
		// (site/resume.go): say so before what the moment shows.
		text = note + " " + text
	case note != "":
		text = note
	case text == "" && playing:
		text = "The cluster replicates; click a broker or a link to act on it."
	case text == "" && embed:
		text = "Press Play to watch the cluster replicate."
	case text == "":
		text = "Press Play, or try one of the experiments."
	}
	return elem.Div(vecty.Markup(vecty.Class("caption"), attr("aria-hidden", "true")),
		view(text, func(text string) *vecty.HTML {
			return elem.Paragraph(vecty.Markup(prop.ID("caption")), vecty.Text(text))
		}),
		viewEq(room, captionRoom),
	)
}

// captionRoom is the caption box's unseen copies of the scenario's say
// captions (renderCaption): one <span class="caption-room"> each.
func captionRoom(texts lines) *vecty.HTML {
	items := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("caption-rooms"))}
	for _, t := range texts {
		items = append(items, elem.Span(vecty.Markup(vecty.Class("caption-room")), vecty.Text(t)))
	}
	return elem.Span(items...)
}

// renderSummary is the scenario's summary, what to watch, at the top of
// the side panel: <section id="summary">, with the reports the scenario
// replays as links (<a class="source">, opening in a new tab) and the
// button to its partner preset (<button id="partner">, which picks it as
// the picker does) with the one that plays the partner beside it
// (<button id="side-by-side">, site.ComparePartner); nil if the script
// has none of these. v is Store.StoryView; the buttons dispatch
// site.PickPreset and site.ComparePartner.
func renderSummary(v site.StoryView, dispatch func(site.Action)) vecty.MarkupOrChild {
	if v.Summary == "" && v.NSources == 0 && v.Partner.Name == "" {
		return nil
	}
	return view(v, func(v site.StoryView) *vecty.HTML {
		var sources []vecty.MarkupOrChild
		if v.NSources > 0 {
			sources = append(sources, vecty.Markup(vecty.Class("sources")), vecty.Text("Source: "))
			for i, src := range v.Sources[:v.NSources] {
				if i > 0 {
					sources = append(sources, vecty.Text("; "))
				}
				sources = append(sources, elem.Anchor(vecty.Markup(vecty.Class("source"), prop.Href(src.URL),
					attr("target", "_blank"), attr("rel", "noopener")), vecty.Text(src.Text)))
			}
		}
		name := v.Partner.Name
		return elem.Section(vecty.Markup(prop.ID("summary"), vecty.Class("panel", "summary"), attr("aria-labelledby", "summary-h")),
			elem.Heading2(vecty.Markup(prop.ID("summary-h")), vecty.Text("What to watch")),
			vecty.If(v.Summary != "", elem.Paragraph(vecty.Text(v.Summary))),
			vecty.If(v.NSources > 0, elem.Paragraph(sources...)),
			vecty.If(name != "", elem.Div(vecty.Markup(vecty.Class("partner-row")),
				elem.Button(vecty.Markup(prop.ID("partner"), vecty.Class("partner"), prop.Type(prop.TypeButton), attr("data-preset", name),
					attr("title", "Opens the partner scenario in place of this one"),
					event.Click(func(*vecty.Event) { dispatch(site.PickPreset{Name: name}) })), vecty.Text(v.Partner.Label)),
				vecty.If(v.SideBySide != "", elem.Button(vecty.Markup(prop.ID("side-by-side"), vecty.Class("partner"), prop.Type(prop.TypeButton),
					attr("title", "Plays this schedule and the partner's cluster at once, one beside the other on the same clock, and lists where they end differently (a vs line in the script)"),
					event.Click(func(*vecty.Event) { dispatch(site.ComparePartner{}) })), vecty.Text(v.SideBySide))),
			)))
	})
}
