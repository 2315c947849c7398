package ui

import (
	"strconv"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/site"
)

// renderAsk is the question card (#ask) of lesson mode: when playback
// stops at a script's ask directive, the question and one button per
// option; once the reader picks one (or asks to be shown), the answer,
// marked right or wrong, and Continue. Every scenario with questions has a
// lesson-mode switch (#lesson-mode). Questions and options are the
// script's text, drawn as text, never as markup.
//
// With side false the card takes the switch's place under the timeline
// (a page without a side column, where nothing else has room). With side
// true the card is drawn by renderAskSide at the head of the side column,
// so that a question never pushes the diagram down (at 1280×800 it moved
// 200–300 px, and broker 3 went off-screen while the learner answered a
// question about it), and the switch sits in the timeline's heading row
// when the page has a timeline (timeline true; newTimeline), else in a
// row of its own under the controls. With over true (askOverDiagram) the
// card is drawn in the "Try this" row's place by the Page, and this is
// only the switch.
func renderAsk(a askState, dispatch func(site.Action), side, timeline, over bool) vecty.MarkupOrChild {
	if a.Switch.N == 0 || side && timeline || a.HostAsks {
		return nil
	}
	toggle := lessonToggle(a.Switch, dispatch)
	if !a.Open || side || over {
		return elem.Div(vecty.Markup(vecty.Class("lesson-bar")), toggle)
	}
	return askCard(a, dispatch, toggle)
}

// askState is what the question card and the lesson-mode switch draw:
// the switch (whose N is how many questions the scenario asks), whether
// the embed's host asks them instead (Store.HostAsks), and the open
// question (Store.OpenAsk) and its card (Store.AskCard) when Open.
type askState struct {
	Switch   lessonSwitch
	HostAsks bool
	Open     bool
	Ask      script.Ask
	Card     site.AskCard
}

// askOverDiagram says the open question's card goes right above the
// diagram, in the place of the "Try this" row while it is open: in an
// embed whose side column (withSide) is not beside the diagram, because
// the frame is narrower than site.WideFrom or the embed has none. There
// the side column is under the diagram and the legend, 750 px down an
// 800-px frame and 1,500 px down a phone's, out of the view of a reader
// looking at the paused diagram; and a frame grown to its content (the
// embed code's script) is never short enough for a drawer.
func askOverDiagram(embedded, withSide, wide bool) bool {
	return embedded && !(withSide && wide)
}

// renderAskSide is the open question's card for the side column (see
// renderAsk), without the switch; nil when no question is open.
func renderAskSide(a askState, dispatch func(site.Action)) vecty.MarkupOrChild {
	if !a.Open || a.Switch.N == 0 || a.HostAsks {
		return nil
	}
	return askCard(a, dispatch, nil)
}

// lessonToggle is the lesson-mode switch v, a view: it changes only when
// it is flipped, which dispatches site.ToggleLesson.
func lessonToggle(v lessonSwitch, dispatch func(site.Action)) *pure[lessonSwitch] {
	return view(v, func(v lessonSwitch) *vecty.HTML {
		on, n := v.On, v.N
		more := " (" + strconv.Itoa(n) + " in this scenario: predict, then see)"
		return elem.Label(vecty.Markup(vecty.Class("lesson-toggle"), attr("title", "Stop at questions"+more)),
			elem.Input(vecty.Markup(prop.ID("lesson-mode"), prop.Type(prop.TypeCheckbox), prop.Checked(on),
				event.Change(func(*vecty.Event) { dispatch(site.ToggleLesson{}) }))),
			vecty.Text(" Stop at questions"),
			// In the timeline's heading row the count goes (its tooltip
			// keeps it): static/timeline.css.
			elem.Span(vecty.Markup(vecty.Class("more")), vecty.Text(more)),
		)
	})
}

// askCard is the open question's card, with toggle (the lesson-mode
// switch) at its foot unless nil. Its buttons dispatch the reader's
// answer, "Show me" and Continue.
func askCard(st askState, dispatch func(site.Action), toggle vecty.MarkupOrChild) vecty.MarkupOrChild {
	a, card, n := st.Ask, st.Card, st.Switch.N
	i := card.Index
	revealed, picked := card.Revealed, card.Picked
	opts := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("ask-options"), attr("role", "group"), attr("aria-labelledby", "ask-q"))}
	for _, o := range a.Options {
		opts = append(opts, elem.Button(vecty.Markup(
			prop.Type(prop.TypeButton), vecty.Data("option", o),
			vecty.ClassMap{"ask-option": true, "picked": o == picked, "right": revealed && o == a.Answer, "wrong": revealed && o == picked && o != a.Answer},
			prop.Disabled(revealed),
			attr("aria-pressed", strconv.FormatBool(o == picked)),
			event.Click(func(*vecty.Event) { dispatch(site.PickAnswer{Option: o}) })),
			vecty.Text(o)))
	}
	var verdict, answerText string
	switch {
	case picked == "":
		verdict, answerText = "shown", "The answer: "+a.Answer+"."
	case picked == a.Answer:
		verdict, answerText = "right", "Right: "+a.Answer+". Continue to watch it happen."
	default:
		verdict, answerText = "wrong", "Not quite: you said "+picked+"; the answer is "+a.Answer+". Continue to watch why."
	}
	return elem.Section(
		vecty.Markup(prop.ID("ask"), vecty.ClassMap{"ask-card": true, "answered": revealed, "showing": card.Showing}, attr("aria-labelledby", "ask-q"), vecty.Data("index", strconv.Itoa(i))),
		elem.Paragraph(vecty.Markup(vecty.Class("ask-kicker")),
			vecty.Text("Predict, then see · question "+strconv.Itoa(i+1)+" of "+strconv.Itoa(n)+" · "+engine.FormatTime(a.At))),
		elem.Heading2(vecty.Markup(prop.ID("ask-q")), vecty.Text(a.Question)),
		elem.Div(opts...),
		vecty.If(!revealed, elem.Div(vecty.Markup(vecty.Class("ask-actions")),
			&focusOnMount{Scope: "#ask", Selector: ".ask-option", Announce: askAnnouncement(i, n, a)},
			elem.Button(vecty.Markup(prop.ID("ask-reveal"), prop.Type(prop.TypeButton), vecty.Class("ask-link"),
				event.Click(func(*vecty.Event) { dispatch(site.RevealAnswer{}) })),
				vecty.Text("Just show me the answer")))),
		vecty.If(revealed, elem.Div(vecty.Markup(vecty.Class("ask-actions")),
			elem.Paragraph(vecty.Markup(prop.ID("ask-answer"), vecty.Class("ask-answer", verdict), attr("role", "status")), vecty.Text(answerText)),
			vecty.If(card.Why != "", elem.Paragraph(vecty.Markup(prop.ID("ask-why"), vecty.Class("ask-why")), vecty.Text("Why: "+card.Why))),
			&focusOnMount{Scope: "#ask", Selector: "#ask-continue"},
			// After "Show me" the card stays beside what it shows: it
			// says where the playhead went and that Continue plays on
			// from there (a learner whose card vanished had to guess).
			vecty.If(card.Showing, elem.Paragraph(vecty.Markup(prop.ID("ask-showing"), vecty.Class("ask-showing")),
				vecty.Text("This is the moment it happens, "+engine.FormatTime(card.ShowAt)+". Continue plays on from here."))),
			vecty.If(card.CanShow && !card.Showing, elem.Button(vecty.Markup(prop.ID("ask-show"), prop.Type(prop.TypeButton),
				attr("title", "Go to the moment that shows it ("+engine.FormatTime(card.ShowAt)+")"),
				event.Click(func(*vecty.Event) { dispatch(site.ShowAnswerMoment{}) })),
				vecty.Text("Show me"))),
			elem.Button(vecty.Markup(prop.ID("ask-continue"), prop.Type(prop.TypeButton),
				event.Click(func(*vecty.Event) { dispatch(site.ContinueLesson{}) })),
				vecty.Text("Continue ▶")))),
		toggle,
	)
}

// focusOnMount is an invisible component that, when it first mounts,
// moves the focus to the first element matching Selector within the
// closest ancestor matching Scope ("" for its parent), without
// scrolling (an embed must not scroll its host page), unless the reader is
// typing in a field, or the page is a frame (an embed) whose document
// does not have the focus: the reader is in the host page (typing notes
// there, a student's space bar answered the question), and the focus
// stays there. Then Announce, when not "", is said in the polite live
// region #announce instead (renderAnnounce), and the embed moves the
// focus to the question when the reader comes to the frame
// (wasm/playground askOnArrival). Vecty draws a card or menu on the next
// frame, after the handler that opened it returns, so the focus moves
// here.
type focusOnMount struct {
	vecty.Core
	Scope    string `vecty:"prop"`
	Selector string `vecty:"prop"`
	Announce string `vecty:"prop"`
	span     *vecty.HTML
	// said says Mount put Announce in the live region, which Unmount
	// empties, so that the same question opened again is said again.
	said bool
}

// Render implements the vecty.Component interface.
func (f *focusOnMount) Render() vecty.ComponentOrHTML {
	f.span = elem.Span(vecty.Markup(attr("hidden", "")))
	return f.span
}

// Mount implements the vecty.Mounter interface.
func (f *focusOnMount) Mount() {
	if f.span == nil {
		return
	}
	card := f.span.Node().Get("parentNode")
	if f.Scope != "" {
		card = f.span.Node().Call("closest", f.Scope)
	}
	if !card.Truthy() {
		return
	}
	doc := card.Get("ownerDocument")
	// Never take the focus from a reader typing (the script editor, a
	// panel's field).
	if a := doc.Get("activeElement"); a.Truthy() {
		switch a.Get("tagName").String() {
		case "TEXTAREA", "INPUT", "SELECT":
			f.say(f.Announce)
			return
		}
	}
	// Nor from the page that frames this one: focus() in a frame whose
	// document does not have the focus takes it from the host page.
	if win := doc.Get("defaultView"); win.Truthy() && !win.Equal(win.Get("top")) && !doc.Call("hasFocus").Bool() {
		f.say(f.Announce)
		return
	}
	if el := card.Call("querySelector", f.Selector); el.Truthy() {
		el.Call("focus", map[string]any{"preventScroll": true})
	}
}

// Unmount implements the vecty.Unmounter interface.
func (f *focusOnMount) Unmount() {
	if f.said {
		f.say("")
	}
}

// say puts text in the live region #announce (renderAnnounce), which
// Vecty draws once and leaves alone.
func (f *focusOnMount) say(text string) {
	if f.span == nil || text == "" && !f.said {
		return
	}
	region := f.span.Node().Get("ownerDocument").Call("getElementById", "announce")
	if !region.Truthy() {
		return
	}
	region.Set("textContent", text)
	f.said = text != ""
}

// renderAnnounce is the polite live region, visually hidden, in which a
// question that opens without the focus (focusOnMount) is said: <p
// id="announce">. Drawn once, never reconciled again: focusOnMount writes
// its text.
func renderAnnounce() *pure[never] {
	return fixed(func() *vecty.HTML {
		return elem.Paragraph(vecty.Markup(prop.ID("announce"), vecty.Class("visually-hidden"),
			attr("aria-live", "polite"), attr("aria-atomic", "true")))
	})
}

// askAnnouncement is what the live region says of a question that opens
// without the focus: which question, the question, its options.
func askAnnouncement(i, n int, a script.Ask) string {
	return "Question " + strconv.Itoa(i+1) + " of " + strconv.Itoa(n) + ": " + a.Question + " Answer: " + strings.Join(a.Options, ", ") + "."
}

// lessonSwitch is the lesson-mode switch: on or off, and how many
// questions the scenario asks.
type lessonSwitch struct {
	On bool
	N  int
}

// lessonSwitchOf is the lesson-mode switch of lesson l.
func lessonSwitchOf(l *site.Lesson) lessonSwitch { return lessonSwitch{On: !l.Off, N: len(l.Asks)} }
