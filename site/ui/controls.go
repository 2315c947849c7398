package ui

import (
	"strconv"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/site"
)

// Controls is a vecty.Component which represents the playback toolbar:
// play/pause, step, restart, the speed slider and the produce button. It
// carries the DOM contract's #play, #step, #speed and #produce.
type Controls struct {
	vecty.Core

	// Dispatch takes the toolbar's actions (Store.Dispatch of the page's
	// one Store).
	Dispatch func(site.Action) `vecty:"prop"`
	Playing  bool              `vecty:"prop"`
	Speed    float64           `vecty:"prop"`
	// Skipping says quiet time is playing faster than Speed, as the
	// speed readout marks it (Store.QuietShown, held).
	Skipping  bool   `vecty:"prop"`
	NextValue string `vecty:"prop"`
	SkipQuiet bool   `vecty:"prop"`
}

// SkipRender implements the vecty.RenderSkipper interface: the toolbar
// re-renders only when what it shows changes, not on every frame. Dispatch
// is not compared: a page has one Store, whose Dispatch it always is.
func (c *Controls) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*Controls)
	return ok && p.Playing == c.Playing && p.Speed == c.Speed && p.Skipping == c.Skipping && p.NextValue == c.NextValue && p.SkipQuiet == c.SkipQuiet
}

// Render implements the vecty.Component interface.
func (c *Controls) Render() vecty.ComponentOrHTML {
	playText, playIcon := "Play", "play"
	if c.Playing {
		playText, playIcon = "Pause", "pause"
	}
	return elem.Div(
		vecty.Markup(vecty.Class("controls"), attr("role", "toolbar"), attr("aria-label", "Playback")),
		elem.Button(
			vecty.Markup(prop.ID("play"), prop.Type(prop.TypeButton), vecty.Class("primary"),
				attr("aria-pressed", strconv.FormatBool(c.Playing)), attr("title", "Play or pause (space)"),
				event.Click(c.onPlay)),
			elem.Span(vecty.Markup(vecty.Class("icon", playIcon), attr("aria-hidden", "true"))),
			vecty.Text(playText),
		),
		elem.Button(
			vecty.Markup(prop.ID("step"), prop.Type(prop.TypeButton), attr("title", "Process one engine event (→)"), event.Click(c.onStep)),
			vecty.Text("Step"),
		),
		elem.Button(
			vecty.Markup(prop.ID("restart"), prop.Type(prop.TypeButton), attr("title", "Replay from the scenario's start"), event.Click(c.onRestart)),
			vecty.Text("Replay"),
		),
		// The word, the slider and the speed in words are one group, so
		// that a phone's wrapping row never leaves "Speed" at the end of
		// one line and its slider at the start of the next.
		elem.Span(vecty.Markup(vecty.Class("speed-group")),
			elem.Label(
				vecty.Markup(vecty.Class("speed"), prop.For("speed")),
				vecty.Text("Speed"),
			),
			elem.Input(vecty.Markup(
				prop.ID("speed"), prop.Type(prop.TypeRange),
				attr("min", "0"), attr("max", strconv.Itoa(site.SliderMax)), attr("step", "1"),
				prop.Value(strconv.Itoa(site.SliderValue(c.Speed))),
				attr("aria-valuetext", site.SpeedWords(c.Speed)),
				event.Input(c.onSpeed),
			)),
			speedLabel(c.Speed, c.SkipQuiet, c.Skipping),
		),
		elem.Label(
			vecty.Markup(vecty.Class("toggle"), attr("title", "While no message is on the wire (a 9 s session timeout running out, heartbeats, idle long polls), play at least at real time instead of slowed down")),
			elem.Input(vecty.Markup(prop.ID("skip-quiet"), prop.Type(prop.TypeCheckbox), prop.Checked(c.SkipQuiet), event.Change(c.onSkipQuiet))),
			vecty.Text(" speed up quiet"),
		),
		elem.Button(
			vecty.Markup(prop.ID("produce"), prop.Type(prop.TypeButton), vecty.Class("accent"),
				attr("title", "p1 sends the next record to the first partition, acks=all"), event.Click(c.onProduce)),
			vecty.Text("Produce “"+c.NextValue+"”"),
		),
	)
}

func (c *Controls) onPlay(*vecty.Event)    { c.Dispatch(site.TogglePlay{}) }
func (c *Controls) onStep(*vecty.Event)    { c.Dispatch(site.StepOnce{}) }
func (c *Controls) onRestart(*vecty.Event) { c.Dispatch(site.Restart{}) }
func (c *Controls) onProduce(*vecty.Event) { c.Dispatch(site.ProduceRecord{}) }

func (c *Controls) onSkipQuiet(*vecty.Event) { c.Dispatch(site.ToggleSkipQuiet{}) }

func (c *Controls) onSpeed(e *vecty.Event) {
	v, err := strconv.Atoi(e.Target.Get("value").String())
	if err != nil {
		return
	}
	c.Dispatch(site.SetSpeed{Speed: site.SpeedFromSlider(v)})
}

// speedLabel is the speed's readout (#speed-label) in plain words
// (site.SpeedLabelOf): "100× slower than real time", or with quiet time
// sped up both speeds, the one playing now first and bold (class now):
// "100× slower" over "quiet: real time", or in a quiet stretch "quiet:
// real time" over "busy: 100× slower", held by the Store so that they do
// not swap every second, with what it means in its tooltip. It is drawn
// on two short lines of a fixed width (static/screen.css), so that the
// controls' row never wraps differently and the diagram under it never
// moves; its text reads as one phrase.
func speedLabel(speed float64, skipQuiet, quietNow bool) *vecty.HTML {
	l := site.SpeedLabelOf(speed, skipQuiet, quietNow)
	return elem.Output(vecty.Markup(prop.ID("speed-label"), prop.For("speed"), vecty.ClassMap{"both": l.Both, "quiet": l.QuietNow}, attr("title", l.Title)),
		elem.Span(vecty.Markup(vecty.ClassMap{"now": l.Both}), vecty.Text(l.First)), vecty.Text(" "),
		elem.Span(vecty.Text(l.Second)))
}
