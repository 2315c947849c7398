package ui

import (
	"sort"
	"strconv"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/site"
)

// renderConfigPanel is the config panel (#config-panel): every row of
// the engine's settings table, with Kafka's spelling, its default, unit,
// range and documentation, and the one-click "Kafka defaults" and
// "Teaching scale" buttons. #cfg-scale says in words which timing scale
// is in effect, and the button for it is pressed. The runtime settings
// change at the playhead with config commands; any other change restarts
// the scenario with a new cluster line.
//
// The panel is drawn from its view: it re-renders only when a setting's
// value or the note changes, not on every frame.
//
// Its buttons dispatch; refused says, right after a preset button's
// dispatch, that the Store refused the change (a complaint on the config
// form), so that the settings' table opens where the complaint is.
func renderConfigPanel(v configView, dispatch func(site.Action), refused func() bool) *pureEq[configView] {
	return viewEq(v, func(v configView) *vecty.HTML { return configPanel(dispatch, refused, v) })
}

// configView is the config panel's state (site.ConfigFormView, whose Equal
// site's tests check field by field).
type configView = site.ConfigFormView

// configPanel draws the config panel v; its buttons dispatch (see
// renderConfigPanel for refused).
func configPanel(dispatch func(site.Action), refused func() bool, v configView) *vecty.HTML {
	cur := map[string]string{}
	for i, set := range site.Settings() {
		cur[set.Key] = v.Values[i]
	}
	sets := site.Settings()
	rows := []vecty.MarkupOrChild{}
	var runtime []string
	for _, set := range sets {
		control := &cfgField{Key: set.Key, Value: cur[set.Key], Choices: set.Choices, Invalid: v.Err.Text != "" && v.Err.Field == set.Key, Scene: v.Scene}
		scope := "restarts"
		if set.Runtime {
			scope = "at the playhead"
			runtime = append(runtime, set.Key)
		}
		dv := set.Default
		if dv == "" {
			dv = "none"
		}
		about := []vecty.MarkupOrChild{elem.Code(dotBreaks(set.Key)...),
			elem.Div(vecty.Markup(vecty.Class("act-hint")), vecty.Text(set.Help+"; takes "+set.Range+"."))}
		if set.Doc != "" {
			about = append(about, elem.Div(vecty.Markup(vecty.Class("act-hint")),
				elem.Anchor(vecty.Markup(prop.Href(set.Doc), attr("target", "_blank"), attr("rel", "noopener")), vecty.Text("Kafka's documentation"))))
		} else {
			about = append(about, elem.Div(vecty.Markup(vecty.Class("act-hint")), vecty.Text("kplay's own (no Kafka config)")))
		}
		rows = append(rows, elem.TableRow(
			vecty.Markup(attr("data-key", set.Key)),
			elem.TableData(about...),
			elem.TableData(control),
			elem.TableData(vecty.Text(set.Unit)),
			elem.TableData(vecty.Markup(vecty.Class("cfg-default")), vecty.Text(dv)),
			elem.TableData(vecty.Markup(vecty.Class("act-hint")), vecty.Text(scope)),
		))
	}
	values := func(e *vecty.Event) map[string]string {
		vals := map[string]string{}
		for _, set := range sets {
			vals[set.Key] = field(e, set.Key)
		}
		return vals
	}
	apply := func(e *vecty.Event) { dispatch(site.ApplyConfig{Values: values(e)}) }
	compare := func(e *vecty.Event) { dispatch(site.CompareConfig{Values: values(e)}) }
	edited := func(e *vecty.Event) { dispatch(site.EditConfig{Values: values(e)}) }
	preset := func(vals map[string]string) func(*vecty.Event) {
		return func(e *vecty.Event) {
			dispatch(site.ApplyConfig{Values: vals})
			if refused() {
				// The complaint sits in the settings' Apply bar: open
				// the table (the page never draws its open attribute,
				// so that a redraw leaves the reader's choice alone).
				if d := e.Target.Call("closest", "[data-panel]").Call("querySelector", "details"); d.Truthy() {
					d.Set("open", true)
				}
			}
		}
	}
	teach := site.TeachingScale()
	scale := site.TimingScale(cur)
	// The buttons' tooltips and the texts below them say the same thing,
	// so that a reader without a mouse gets it too.
	kafkaWhat := "Every Kafka setting goes back to Kafka 4.4's default; brokers, seed, start, latency and broker.rack stay. Restarts the scenario."
	teachWhat := "Scales timeouts down so that failures show within seconds instead of tens of seconds: " + scaledList(teach, nil) + ". Restarts the scenario."
	return elem.Section(
		vecty.Markup(prop.ID("config-panel"), vecty.Class("act-panel", "config-panel"), attr("data-panel", "config"), attr("data-scale", scale), attr("aria-labelledby", "config-panel-h")),
		elem.Heading2(vecty.Markup(prop.ID("config-panel-h")), vecty.Text("Cluster settings")),
		elem.Paragraph(vecty.Markup(prop.ID("cfg-scale"), attr("aria-live", "polite")), elem.Strong(vecty.Text("Timing in effect: ")), vecty.Text(scaleText(scale, teach, cur))),
		elem.Div(vecty.Markup(vecty.Class("act-row")),
			scaleButton("cfg-defaults", "Kafka defaults", scale == site.ScaleKafka && len(site.KafkaChanges(cur, nil)) == 0, kafkaWhat, preset(site.KafkaDefaults())),
			scaleButton("cfg-teaching", "Teaching scale", scale == site.ScaleTeaching, teachWhat, preset(teach)),
		),
		elem.UnorderedList(vecty.Markup(vecty.Class("act-hint", "cfg-what")),
			elem.ListItem(elem.Strong(vecty.Text("Kafka defaults: ")), vecty.Text(kafkaWhat)),
			elem.ListItem(elem.Strong(vecty.Text("Teaching scale: ")), vecty.Text(teachWhat)),
			elem.ListItem(elem.Strong(vecty.Text("All settings: ")), vecty.Text("change any value and press Apply. "+joinAnd(runtime)+" change at the playhead with config commands; any other change restarts the scenario with a new cluster line. Or press Compare side by side to keep these settings and watch your changed values play beside them.")),
		),
		vecty.If(v.Note != "", elem.Paragraph(vecty.Markup(prop.ID("cfg-note"), vecty.Class("act-hint"), attr("aria-live", "polite")), vecty.Text(v.Note))),
		elem.Details(
			elem.Summary(vecty.Text("All settings")),
			// One form: Enter in a field applies it, and the Apply bar
			// (with the form's complaint) stays at the top of the screen
			// while the long table scrolls under it.
			elem.Form(vecty.Markup(prop.ID("cfg-form"), attr("novalidate", true), event.Submit(apply).PreventDefault(), event.Input(edited)),
				elem.Div(vecty.Markup(vecty.Class("cfg-apply-bar")),
					elem.Button(vecty.Markup(prop.ID("cfg-apply"), prop.Type(prop.TypeSubmit), vecty.Class("accent"), attr("title", "Replace the settings with these and restart the scenario")), vecty.Text("Apply")),
					elem.Span(vecty.Markup(vecty.Class("act-hint")), vecty.Text("or press Enter in a field")),
					compareButton(v.CompareWhy, compare),
					formError("cfg-error", v.Err),
				),
				elem.Div(vecty.Markup(vecty.Class("cfg-scroll")), elem.Table(vecty.Markup(vecty.Class("cfg-table")),
					elem.TableHead(elem.TableRow(
						elem.TableHeader(vecty.Text("setting")), elem.TableHeader(vecty.Text("value")), elem.TableHeader(vecty.Text("unit")),
						elem.TableHeader(vecty.Text("default")), elem.TableHeader(vecty.Text("applies")),
					)),
					elem.TableBody(rows...),
				)),
			),
		),
	)
}

// compareWhat says what the config panel's Compare does, in plain
// words: its tooltip and the line beside it.
const compareWhat = "Keeps the settings playing and plays your changed values beside them, as a second run on the same clock (a vs line in the script)."

// compareButton is the config panel's Compare (#cfg-compare): it plays
// the changed values beside the settings playing (site.CompareConfig),
// and the line beside it (#cfg-compare-what) says so, or, while it is
// disabled, why (why, site.Store.CompareWhy: nothing changed yet, four
// runs already, these values beside already).
func compareButton(why string, click func(*vecty.Event)) vecty.List {
	what := compareWhat
	if why != "" {
		what = why
	}
	return vecty.List{
		elem.Button(vecty.Markup(prop.ID("cfg-compare"), prop.Type(prop.TypeButton), attr("title", what),
			attr("aria-describedby", "cfg-compare-what"), vecty.MarkupIf(why != "", attr("disabled", true)),
			event.Click(click)), vecty.Text("Compare side by side")),
		elem.Span(vecty.Markup(prop.ID("cfg-compare-what"), vecty.Class("act-hint", "cfg-compare-what")), vecty.Text(what)),
	}
}

// formError is a form's complaint fe beside it, an alert paragraph with
// id (the field at fault names it in aria-describedby); an empty
// placeholder while there is none, so that the region is in the page
// before the complaint arrives and is announced.
func formError(id string, fe site.FormError) *vecty.HTML {
	return elem.Paragraph(vecty.Markup(prop.ID(id), vecty.Class("form-error"), vecty.ClassMap{"none": fe.Text == ""}, attr("role", "alert")),
		vecty.Text(fe.Text))
}

// invalidMarks mark a form's field at fault: aria-invalid, and
// aria-describedby naming the complaint's paragraph (formError's id).
func invalidMarks(invalid bool, errID string) vecty.Applyer {
	return vecty.MarkupIf(invalid, attr("aria-invalid", "true"), attr("aria-describedby", errID))
}

// scaleButton is a timing-scale preset button: pressed (aria-pressed and
// the accent colour) while its scale is in effect.
func scaleButton(id, label string, on bool, what string, click func(*vecty.Event)) *vecty.HTML {
	text := label
	if on {
		text = label + " ✓"
	}
	return elem.Button(vecty.Markup(prop.ID(id), prop.Type(prop.TypeButton), attr("aria-pressed", strconv.FormatBool(on)),
		vecty.ClassMap{"accent": on}, attr("title", what), event.Click(click)), vecty.Text(text))
}

// scaleText says in words which timing scale cur is at, what it means
// for the two timeouts a reader meets first, and which other Kafka
// settings differ from Kafka's defaults.
func scaleText(scale string, teach, cur map[string]string) string {
	lag, session := cur["replica.lag.time.max.ms"], cur["broker.session.timeout.ms"]
	var text string
	switch scale {
	case site.ScaleKafka:
		text = "Kafka 4.4's timeouts. A follower that falls behind leaves the ISR after " + lag + " ms and the controller fences a silent broker after " + session + " ms, as on a real cluster."
	case site.ScaleTeaching:
		text = "the teaching scale, not Kafka's defaults. A follower that falls behind leaves the ISR after " + lag + " ms (Kafka: " + kafkaDefault("replica.lag.time.max.ms") +
			") and the controller fences a silent broker after " + session + " ms (Kafka: " + kafkaDefault("broker.session.timeout.ms") + ")."
	default:
		text = "custom timeouts, neither Kafka's defaults nor the teaching scale: " + scaledList(teach, cur) + "."
	}
	switch other := site.KafkaChanges(cur, teach); {
	case len(other) > 0:
		text += " Other settings that differ from Kafka's defaults: " + strings.Join(other, ", ") + "."
	case scale == site.ScaleKafka:
		text += " Every Kafka setting is at its default."
	}
	return text
}

// kafkaDefault is the settings table's default of key.
func kafkaDefault(key string) string {
	s, _ := engine.LookupSetting(key)
	return s.Default
}

// scaledList lists the teaching scale's keys whose value (in cur, or the
// teaching scale's own when cur is nil) differs from Kafka's default,
// with Kafka's default beside each.
func scaledList(teach, cur map[string]string) string {
	keys := make([]string, 0, len(teach))
	for k := range teach {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []string
	for _, k := range keys {
		v := teach[k]
		if cur != nil {
			v = cur[k]
		}
		if def := kafkaDefault(k); v != def {
			out = append(out, k+"="+v+" (Kafka: "+def+")")
		}
	}
	if len(out) == 0 {
		return "none differs from Kafka's defaults"
	}
	return strings.Join(out, ", ")
}

// joinAnd joins names as "a, b and c".
func joinAnd(names []string) string {
	switch len(names) {
	case 0:
		return "No setting"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// cfgField is one setting's control. It re-renders only when the setting's
// value changes, so that what a user types survives the page's frames
// until Apply (Vecty resets an input's value property on every render).
//
// Invalid marks the field at fault in a failed Apply (aria-invalid,
// described by #cfg-error); its Value is then what the reader typed
// (site.Acting.ConfigDraft), so that the redraw keeps it.
type cfgField struct {
	vecty.Core

	Key     string   `vecty:"prop"`
	Value   string   `vecty:"prop"`
	Choices []string `vecty:"prop"`
	Invalid bool     `vecty:"prop"`
	// Scene is the scene's serial (site.Store.SceneSerial): in a new
	// scene (a preset, a restart, a Compare) the field shows Value
	// again, not what the reader had typed.
	Scene int `vecty:"prop"`
}

// SkipRender implements the vecty.RenderSkipper interface.
func (f *cfgField) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*cfgField)
	return ok && p.Key == f.Key && p.Value == f.Value && p.Invalid == f.Invalid && p.Scene == f.Scene
}

// Render implements the vecty.Component interface.
func (f *cfgField) Render() vecty.ComponentOrHTML {
	if f.Choices != nil {
		// Its value property too, which a redraw sets back to Value (the
		// options' selected properties change only with Value).
		opts := []vecty.MarkupOrChild{vecty.Markup(attr("name", f.Key), attr("aria-label", f.Key), prop.Value(f.Value), invalidMarks(f.Invalid, "cfg-error"))}
		for _, c := range f.Choices {
			opts = append(opts, option(c, c, c == f.Value))
		}
		return elem.Select(opts...)
	}
	return elem.Input(vecty.Markup(attr("name", f.Key), attr("aria-label", f.Key), prop.Type(prop.TypeText), prop.Value(f.Value), attr("size", "9"),
		invalidMarks(f.Invalid, "cfg-error")))
}

// dotBreaks is a setting's name as text with a line-break opportunity
// (<wbr>) after each dot, so that a narrow table wraps
// "min.insync.replicas" at its dots, never mid-word ("min.in/sync.r/
// eplica/s" on a phone).
func dotBreaks(key string) []vecty.MarkupOrChild {
	var out []vecty.MarkupOrChild
	for {
		i := strings.IndexByte(key, '.')
		if i < 0 || i == len(key)-1 {
			return append(out, vecty.Text(key))
		}
		out = append(out, vecty.Text(key[:i+1]), vecty.Tag("wbr"))
		key = key[i+1:]
	}
}
