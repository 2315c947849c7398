package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/scenarios"
	"kplay/site"
)

// renderShareBar is the preset picker (#preset), "Copy link" (#share) and
// "Copy embed code" (#copy-embed), with a confirmation of the last copy.
// It is a memo: a frame rebuilds it only when the preset or the last copy
// changed.
func renderShareBar(s *site.Store) *memo {
	sh := &s.Share
	g := (&sig{}).s(sh.Preset).s(sh.Copied).t(sh.CopyFailed).s(sh.CopiedText)
	return &memo{Sig: g.String(), Body: func() *vecty.HTML { return shareBar(s) }}
}

// shareBar draws the share bar (see renderShareBar).
func shareBar(s *site.Store) *vecty.HTML {
	var opts []vecty.MarkupOrChild
	opts = append(opts, vecty.Markup(prop.ID("preset"), attr("aria-label", "Scenario"),
		event.Change(func(e *vecty.Event) { s.Dispatch(site.PickPreset{Name: e.Target.Get("value").String()}) })))
	if s.Share.Preset == "" {
		opts = append(opts, elem.Option(vecty.Markup(prop.Value(""), vecty.Property("selected", true)), vecty.Text("(a shared or edited scenario)")))
	}
	// The picker is a course: the lesson's sections in order, then the
	// famous failures, each group an <optgroup>.
	all := scenarios.All()
	for _, g := range scenarios.Groups() {
		group := []vecty.MarkupOrChild{vecty.Markup(attr("label", g))}
		for _, p := range all {
			if p.Group == g {
				group = append(group, elem.Option(vecty.Markup(prop.Value(p.Name), vecty.Property("selected", p.Name == s.Share.Preset)), vecty.Text(p.Title)))
			}
		}
		if len(group) > 1 {
			opts = append(opts, elem.OptionsGroup(group...))
		}
	}
	return elem.Div(vecty.Markup(vecty.Class("share-bar")),
		elem.Label(vecty.Markup(vecty.Class("share-label")), vecty.Text("Scenario "), elem.Select(opts...)),
		elem.Button(vecty.Markup(prop.ID("share"), prop.Type(prop.TypeButton), attr("title", "Copy a link that reopens this scenario, with your actions, at this moment"),
			event.Click(func(*vecty.Event) {
				if h := s.Share.Hooks; h.ShareLink != nil {
					h.ShareLink(s.ShareFragment())
				}
			})), vecty.Text("Copy link")),
		elem.Button(vecty.Markup(prop.ID("copy-embed"), prop.Type(prop.TypeButton), attr("title", "Copy an <iframe> to paste into a lesson page"),
			event.Click(func(*vecty.Event) {
				if h := s.Share.Hooks; h.CopyEmbed != nil {
					h.CopyEmbed(s.EmbedCode(h.Origin))
				}
			})), vecty.Text("Copy embed code")),
		vecty.If(s.Share.Copied != "" && !s.Share.CopyFailed, elem.Span(vecty.Markup(prop.ID("copied"), attr("role", "status"), attr("data-text", s.Share.CopiedText)),
			vecty.Text("Copied the "+s.Share.Copied+"."))),
		vecty.If(s.Share.CopyFailed, elem.Span(vecty.Markup(prop.ID("copied"), attr("role", "status"), attr("data-text", s.Share.CopiedText)),
			vecty.Text("The browser would not copy the "+s.Share.Copied+"; select it here: "),
			elem.Input(vecty.Markup(prop.Type(prop.TypeText), prop.Value(s.Share.CopiedText), vecty.Property("readOnly", true), attr("aria-label", s.Share.Copied))))),
	)
}

// renderNotice is the banner explaining a link that could not be opened.
func renderNotice(s *site.Store) vecty.MarkupOrChild {
	if s.Share.Notice == "" {
		return nil
	}
	return elem.Div(vecty.Markup(prop.ID("notice"), vecty.Class("error"), attr("role", "alert")),
		vecty.Text(s.Share.Notice+" "),
		elem.Button(vecty.Markup(prop.Type(prop.TypeButton), vecty.Class("dismiss"), attr("aria-label", "Dismiss"),
			event.Click(func(*vecty.Event) { s.Dispatch(site.DismissNotice{}) })), vecty.Text("×")))
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
