package ui

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"kplay/site"
)

// renderScriptView is the script view (<pre id="script">): the scenario's
// script with every action the user took merged in at its time, a kplay
// script that replays what the page shows. Read-only.
func renderScriptView(s *site.Store) *vecty.HTML {
	return elem.Section(
		vecty.Markup(vecty.Class("act-panel", "script-panel"), attr("aria-labelledby", "script-h")),
		elem.Heading2(vecty.Markup(prop.ID("script-h")), vecty.Text("Script")),
		elem.Paragraph(vecty.Markup(vecty.Class("act-hint")), vecty.Text("The scenario with your actions as script lines: go run ./cmd/kplay run FILE replays it.")),
		elem.Preformatted(vecty.Markup(prop.ID("script"), attr("tabindex", "0"), attr("aria-label", "kplay script")), vecty.Text(s.ScriptText())),
	)
}

// renderActing is the acting panels and the script view.
func renderActing(s *site.Store) *vecty.HTML {
	return elem.Div(vecty.Markup(vecty.Class("acting")),
		renderProducerPanel(s),
		renderConsumerPanel(s),
		renderConfigPanel(s),
		renderScriptView(s),
	)
}
