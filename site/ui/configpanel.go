package ui

import (
	"sort"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/site"
)

// renderConfigPanel is the config panel (#config-panel): every setting
// the engine supports, with Kafka's spelling, its default and its unit,
// and the one-click "Kafka defaults" and "Teaching scale" buttons. The
// runtime settings change at the playhead with config commands; any other
// change restarts the scenario with a new cluster line.
//
// The panel is a memo: it re-renders only when a setting's value or the
// note changes, not on every frame.
func renderConfigPanel(s *site.Store) *memo {
	cur := s.CurrentConfig()
	g := &sig{}
	g.s(s.Acting.Note)
	for _, set := range site.Settings() {
		g.s(set.Key).s(cur[set.Key])
	}
	return &memo{Sig: g.String(), Body: func() *vecty.HTML { return configPanel(s, cur) }}
}

// configPanel draws the config panel for the settings' values cur.
func configPanel(s *site.Store, cur map[string]string) *vecty.HTML {
	def := engine.DefaultConfig()
	sets := site.Settings()
	rows := []vecty.MarkupOrChild{}
	for _, set := range sets {
		control := &cfgField{Key: set.Key, Value: cur[set.Key], Choices: set.Choices}
		scope := "restarts"
		if set.Runtime {
			scope = "at the playhead"
		}
		dv := site.ConfigValue(def, set.Key)
		if dv == "" {
			dv = "none"
		}
		rows = append(rows, elem.TableRow(
			vecty.Markup(attr("data-key", set.Key)),
			elem.TableData(elem.Code(vecty.Text(set.Key)), elem.Div(vecty.Markup(vecty.Class("act-hint")), vecty.Text(set.Help))),
			elem.TableData(control),
			elem.TableData(vecty.Text(set.Unit)),
			elem.TableData(vecty.Markup(vecty.Class("cfg-default")), vecty.Text(dv)),
			elem.TableData(vecty.Markup(vecty.Class("act-hint")), vecty.Text(scope)),
		))
	}
	apply := func(e *vecty.Event) {
		vals := map[string]string{}
		for _, set := range sets {
			vals[set.Key] = field(e, set.Key)
		}
		s.Dispatch(site.ApplyConfig{Values: vals})
	}
	preset := func(vals map[string]string) func(*vecty.Event) {
		return func(*vecty.Event) { s.Dispatch(site.ApplyConfig{Values: vals}) }
	}
	teach := site.TeachingScale()
	keys := make([]string, 0, len(teach))
	for k := range teach {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	scaled := ""
	for i, k := range keys {
		if i > 0 {
			scaled += ", "
		}
		scaled += k + "=" + teach[k] + " (Kafka: " + site.ConfigValue(def, k) + ")"
	}
	return elem.Section(
		vecty.Markup(prop.ID("config-panel"), vecty.Class("act-panel", "config-panel"), attr("data-panel", "config"), attr("aria-labelledby", "config-panel-h")),
		elem.Heading2(vecty.Markup(prop.ID("config-panel-h")), vecty.Text("Cluster settings")),
		elem.Div(vecty.Markup(vecty.Class("act-row")),
			elem.Button(vecty.Markup(prop.ID("cfg-defaults"), prop.Type(prop.TypeButton), attr("title", "Every Kafka setting at Kafka's default (brokers, broker.rack and latency stay); restarts the scenario"),
				event.Click(preset(site.KafkaDefaults()))), vecty.Text("Kafka defaults")),
			elem.Button(vecty.Markup(prop.ID("cfg-teaching"), prop.Type(prop.TypeButton), attr("title", "Scaled-down timeouts so that failures show in seconds; restarts the scenario"),
				event.Click(preset(teach))), vecty.Text("Teaching scale")),
		),
		elem.Paragraph(vecty.Markup(vecty.Class("act-hint")), vecty.Text("Teaching scale is scaled down, not Kafka's defaults: "+scaled+".")),
		vecty.If(s.Acting.Note != "", elem.Paragraph(vecty.Markup(prop.ID("cfg-note"), vecty.Class("act-hint"), attr("aria-live", "polite")), vecty.Text(s.Acting.Note))),
		elem.Details(
			elem.Summary(vecty.Text("All settings")),
			elem.Div(vecty.Markup(vecty.Class("cfg-scroll")), elem.Table(vecty.Markup(vecty.Class("cfg-table")),
				elem.TableHead(elem.TableRow(
					elem.TableHeader(vecty.Text("setting")), elem.TableHeader(vecty.Text("value")), elem.TableHeader(vecty.Text("unit")),
					elem.TableHeader(vecty.Text("default")), elem.TableHeader(vecty.Text("applies")),
				)),
				elem.TableBody(rows...),
			)),
			elem.Button(vecty.Markup(prop.ID("cfg-apply"), prop.Type(prop.TypeButton), vecty.Class("accent"), event.Click(apply)), vecty.Text("Apply")),
		),
	)
}

// cfgField is one setting's control. It re-renders only when the setting's
// value changes, so that what a user types survives the page's frames
// until Apply (Vecty resets an input's value property on every render).
type cfgField struct {
	vecty.Core

	Key     string   `vecty:"prop"`
	Value   string   `vecty:"prop"`
	Choices []string `vecty:"prop"`
}

// SkipRender implements the vecty.RenderSkipper interface.
func (f *cfgField) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*cfgField)
	return ok && p.Key == f.Key && p.Value == f.Value
}

// Render implements the vecty.Component interface.
func (f *cfgField) Render() vecty.ComponentOrHTML {
	if f.Choices != nil {
		opts := []vecty.MarkupOrChild{vecty.Markup(attr("name", f.Key), attr("aria-label", f.Key))}
		for _, c := range f.Choices {
			opts = append(opts, option(c, c, c == f.Value))
		}
		return elem.Select(opts...)
	}
	return elem.Input(vecty.Markup(attr("name", f.Key), attr("aria-label", f.Key), prop.Type(prop.TypeText), prop.Value(f.Value), attr("size", "9")))
}
