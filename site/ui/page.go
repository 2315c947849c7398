package ui

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"kplay/engine"
	"kplay/site"
)

// Page is a vecty.Component which represents the whole page: the header
// with the clock, the controls, the diagram and the panels. It renders the
// <body> and reads the Store only through its prop.
type Page struct {
	vecty.Core

	Store *site.Store `vecty:"prop"`

	// log is the event log's rows, kept from frame to frame.
	log eventLogRows
	// rounds throttles the fetch-loop table (FetchRoundsPanel).
	rounds throttle
	// dots are the diagram's message dots, the one part a frame may
	// redraw alone (Redraw).
	dots *Dots
	// stage is the diagram with its dots, which a frame in which an event
	// happened redraws without the rest of the page (Redraw); stageFor is
	// the Store the stage and the dots were made for (stageOf).
	stage    *Stage
	stageFor *site.Store
	// pending says a full render is queued, and stagePending a render of
	// the stage (Redraw).
	pending, stagePending bool
	// horizon is the timeline's end at the last render, and rendered
	// says there was one (settle).
	horizon  engine.Time
	rendered bool
}

// settle renders the page once more on the next frame when the
// timeline's end moved and the page is not playing. Vecty sets the
// slider's value before its max, so a render that moves both leaves the
// value clamped to the old max; while playing, the next full redraw
// (within site.FullRedrawMs) puts it right, but a paused page has no next
// redraw.
func (p *Page) settle(s *site.Store) {
	h := s.ScrubRange().To
	if h == p.horizon {
		return
	}
	// Vecty cannot rerender what it has not rendered yet; the page's
	// first draw renders again anyway (wasm/playground).
	first := !p.rendered
	p.horizon, p.rendered = h, true
	if !s.Playing && !first {
		vecty.Rerender(p)
	}
}

// Redraw redraws what the Store's last change needs (Store.NextRedraw):
// the whole page; on a playing frame in which an event happened, the
// stage; on one in which only the playhead moved, only the message dots.
// It must not be called before the page's first render.
func (p *Page) Redraw() {
	kind := p.Store.NextRedraw()
	if kind == site.RedrawPage || p.dots == nil || !p.dots.mounted || p.stage == nil || !p.stage.mounted {
		p.pending = true
		vecty.Rerender(p)
		return
	}
	if p.pending { // a full render, queued, draws the stage and dots too
		return
	}
	if kind == site.RedrawStage {
		p.stagePending = true
		vecty.Rerender(p.stage)
		return
	}
	if !p.stagePending { // a stage render, queued, draws the dots too
		vecty.Rerender(p.dots)
	}
}

// Render implements the vecty.Component interface.
func (p *Page) Render() vecty.ComponentOrHTML {
	s := p.Store
	pl := s.Player
	p.pending, p.stagePending = false, false
	p.settle(s)
	title := s.Title
	if title == "" {
		title = "untitled scenario"
	}
	mark := pl.LogMark()
	count, gen := mark.Count, mark.Gen
	full := s.Share.Embed == nil
	controls := controlsMode(s) != "none"
	withSide := (full || embedSide(s)) && len(pl.State().Brokers) <= site.ColumnMax
	onDiagram := s.DetailOnDiagram()
	bannerOnDiagram := s.ViolationsOnDiagram()
	// In an embed whose side column is not beside the diagram the open
	// question takes the "Try this" row's place, right above the diagram
	// (askOverDiagram).
	askOver := askOverDiagram(s.Share.Embed != nil, withSide, s.Wide)
	ask := askStateOf(s)
	askOpen := ask.Open
	return elem.Body(
		vecty.Markup(vecty.MarkupIf(!full, vecty.Class("embedded")), vecty.Class("controls-"+controlsMode(s))),
		elem.Header(vecty.Markup(vecty.Class("top")),
			fixed(pageHeading),
			view(title, func(title string) *vecty.HTML {
				return elem.Span(vecty.Markup(vecty.Class("title")), vecty.Text(title))
			}),
			renderClock(site.ClockOf(pl.Now(), pl.Scenario().Config.Start)),
			only(full, renderMannersBar(s.Manners, s.Dispatch)),
			only(full, view(site.RulesOf(pl.Scenario().Config).Cluster, pageSubtitle)),
		),
		only(full && controls, renderCompactBar(compactBar{Clock: site.ClockOf(pl.Now(), pl.Scenario().Config.Start).Text, Playing: s.Playing}, s.Dispatch)),
		only(full, renderShareBar(shareViewOf(s), s.Dispatch, func(what string) { exportDiagram(s, what) })),
		renderNotice(s.Share.Notice, s.Dispatch),
		onlyIf(s.Err != "", func() vecty.MarkupOrChild {
			return elem.Div(vecty.Markup(vecty.Class("error"), attr("role", "alert")), vecty.Text(s.Err))
		}),
		// With a side column the violations banner heads it, so that
		// crossing a violation does not push the controls and the diagram
		// down by the banner's height (a learner's click aimed at the
		// timeline landed on the diagram); without one it heads the page;
		// in an 800-px embed it lies over the diagram, under its boxes
		// (site.ViolationsOnDiagram, renderStage).
		only(!withSide && !bannerOnDiagram, newViolationsBanner(s, mark)),
		elem.Main(vecty.Markup(vecty.ClassMap{"with-side": withSide}),
			elem.Section(vecty.Markup(vecty.Class("stage"), vecty.ClassMap{"with-asks": controls && len(s.Lesson.Asks) > 0}, attr("aria-label", "Cluster")),
				only(controls, &Controls{Dispatch: s.Dispatch, Playing: s.Playing, Speed: s.Speed, Skipping: s.QuietShown(), NextValue: s.NextValue(), SkipQuiet: s.SkipQuiet}),
				only(controls, &Timeline{View: timelineViewOf(s, withSide), Dispatch: s.Dispatch}),
				renderAsk(ask, s.Dispatch, withSide, controls, askOver),
				p.stageOf(s),
				// In an embed too narrow for its side column the inspector
				// is a card over the diagram's bottom corner: its anchor,
				// right under the diagram, holds it (site.DetailOnDiagram).
				onlyIf(onDiagram, func() vecty.MarkupOrChild {
					return elem.Div(vecty.Markup(vecty.Class("detail-anchor")), renderDetail(detailOf(s, true), s.Dispatch, true))
				}),
				renderCaption(s.MomentCaption(), s.Resumed(), s.Playing, s.Share.Embed != nil, lines(s.CaptionRoom())),
				onlyIf(askOver && askOpen && !ask.HostAsks, func() vecty.MarkupOrChild { return askCard(ask, s.Dispatch, nil) }),
				only(!(askOver && askOpen) && s.TryBarSize(maxTries) > 0, renderTryThis(tryViewOf(s.Suggestions(), s.TryBarSize(maxTries)), func(key string) { trySuggestion(s, key) })),
				renderInFlight(s.Player.State(), s.Manners.ReducedMotion, s.Player.InFlight),
				legend(),
			),
			elem.Aside(vecty.Markup(vecty.Class("side"), attr("aria-label", "Explanations")),
				only(withSide && !askOver, renderAskSide(ask, s.Dispatch)),
				only(withSide && !bannerOnDiagram, newViolationsBanner(s, mark)),
				only(full, renderTableView(s.Manners.TableView, s.Player.State(), s.Dispatch)),
				only(full, renderSummary(s.StoryView(), s.Dispatch)),
				onlyIf(!onDiagram, func() vecty.MarkupOrChild { return renderDetail(detailOf(s, false), s.Dispatch, false) }),
				onlyIf(s.ShowPanel("log"), func() vecty.MarkupOrChild { return p.log.eventLog(s, s.ShowNet) }),
			),
			elem.Div(vecty.Markup(vecty.Class("panels")),
				onlyIf(s.ShowPanel("describe"), func() vecty.MarkupOrChild { return &DescribePanel{Text: pl.Describe()} }),
				only(s.ShowPanel("fetch"), &FetchRoundsPanel{Rounds: pl, Count: p.rounds.count(pl, s.Playing, s.PlayedMs(), count), Gen: gen}),
				onlyIf(s.ShowPanel("outline"), func() vecty.MarkupOrChild { return renderOutline(s.Outline(), s.Dispatch) }),
				embedScript(s),
			),
			only(full, renderActing(actingViewOf(s), s.Dispatch, func() bool { return s.Acting.FormErr.Form == site.FormConfig })),
			only(full, renderActions(s.Actions())),
		),
		renderNarration(narrationView{Spoken: s.Manners.Narration.Spoken, Current: s.Manners.Narration.Current}),
		renderCaptionSaid(captionSaid(s)),
		renderAnnounce(),
		renderHelp(helpOf(s), s.Dispatch),
	)
}

// renderDetail is what the reader clicked, in words: the inspector and
// the record lifecycle, <div class="side-detail">, with a × to close them
// (#detail-close) when they show something (site.DetailShows). It goes in
// the side column, which a phone makes a drawer at the bottom of the
// screen, or, onDiagram, in a card over the diagram's corner on the side
// away from the selection (site.DetailSide), hidden while a broker's menu
// is open (site.DetailBehindMenu). The phone's drawer has a
// button (#detail-fold) that folds it to a one-line summary and unfolds
// it (site.DetailFolded), and holds the fork's notice when there is one
// (site.ForkInDrawer).
func renderDetail(v detailView, dispatch func(site.Action), onDiagram bool) *vecty.HTML {
	return elem.Div(vecty.Markup(vecty.Class("side-detail"), vecty.ClassMap{"selected": v.Shows, "on-diagram": onDiagram, "folded": v.Folded, "behind-menu": v.BehindMenu, v.Side: v.Side != ""}),
		vecty.If(v.Shows, elem.Button(vecty.Markup(prop.ID("detail-close"), vecty.Class("detail-close"), prop.Type(prop.TypeButton),
			attr("aria-label", "Close the details"), event.Click(func(*vecty.Event) { dispatch(site.ClearSelection{}) })), vecty.Text("×"))),
		onlyIf(v.Shows && v.Narrow, func() vecty.MarkupOrChild { return renderFold(v.Folded, v.FoldText, dispatch) }),
		onlyIf(v.Fork != nil, func() vecty.MarkupOrChild { return renderFork(v.Fork, dispatch) }),
		onlyIf(v.Inspector != nil, func() vecty.MarkupOrChild { return renderInspector(*v.Inspector, dispatch) }),
		onlyIf(v.Lifecycle != nil, func() vecty.MarkupOrChild { return renderLifecycle(*v.Lifecycle) }),
	)
}

// detailView is what renderDetail draws (detailOf).
type detailView struct {
	// Shows says the selection shows something (site.Store.DetailShows),
	// Folded that the phone's drawer is folded (DetailFolded), Narrow that
	// the page is a phone's (site.Store.Narrow).
	Shows, Folded, Narrow bool
	// Side is the card's class over the diagram, "at-" and
	// site.Store.DetailSide, "" in the side column; BehindMenu hides the
	// card while a broker's menu is open (DetailBehindMenu).
	Side       string
	BehindMenu bool
	// FoldText is the folded drawer's line: the selection's title and
	// summary ("" unfolded).
	FoldText string
	// Fork is the fork's notice when the drawer holds it
	// (site.Store.ForkInDrawer), nil if not.
	Fork *site.Fork
	// Inspector and Lifecycle are the two panels' views, nil when the
	// panel is not shown (site.Store.ShowPanel).
	Inspector *site.InspectorView
	Lifecycle *site.LifecycleView
}

// renderFold is the phone drawer's fold button, #detail-fold: folded, a
// row with the selection's title and one-line summary (text) that
// unfolds the drawer on a tap; unfolded, a small ▾ beside the × that
// folds it again.
func renderFold(folded bool, text string, dispatch func(site.Action)) *vecty.HTML {
	label, mark := "Show less", "▾ less"
	if folded {
		label, mark = "Show the details", "▴ more"
	}
	return elem.Button(vecty.Markup(prop.ID("detail-fold"), vecty.Class("detail-fold"), prop.Type(prop.TypeButton),
		attr("aria-expanded", strconv.FormatBool(!folded)), attr("title", label),
		event.Click(func(*vecty.Event) { dispatch(site.ToggleDetail{}) })),
		vecty.If(text != "", elem.Span(vecty.Markup(vecty.Class("fold-text")), vecty.Text(text))),
		elem.Span(vecty.Markup(vecty.Class("fold-mark"), attr("aria-hidden", "true")), vecty.Text(mark)),
	)
}

// renderCompactBar is the phone's compact bar: the clock (#bar-clock),
// play or pause (#bar-play) and step (#bar-step), fixed at the top of the
// screen while the header's clock is scrolled away and the diagram is on
// screen (wasm/playground sets <html data-bar>; static/screen.css shows it
// then, on a phone only), so that a reader watching the diagram, or sent
// back to it by a click in the event log, sees the time and can pause.
func renderCompactBar(v compactBar, dispatch func(site.Action)) *pure[compactBar] {
	return view(v, func(v compactBar) *vecty.HTML {
		playText, playIcon := "Play", "play"
		if v.Playing {
			playText, playIcon = "Pause", "pause"
		}
		return elem.Div(vecty.Markup(vecty.Class("compact-bar"), attr("role", "toolbar"), attr("aria-label", "Playback, compact")),
			elem.Button(vecty.Markup(prop.ID("bar-play"), prop.Type(prop.TypeButton), vecty.Class("primary"),
				attr("aria-pressed", strconv.FormatBool(v.Playing)), attr("title", "Play or pause (space)"),
				event.Click(func(*vecty.Event) { dispatch(site.TogglePlay{}) })),
				elem.Span(vecty.Markup(vecty.Class("icon", playIcon), attr("aria-hidden", "true"))), vecty.Text(playText)),
			elem.Button(vecty.Markup(prop.ID("bar-step"), prop.Type(prop.TypeButton), attr("title", "Process one engine event (→)"),
				event.Click(func(*vecty.Event) { dispatch(site.StepOnce{}) })), vecty.Text("Step")),
			elem.Span(vecty.Markup(vecty.Class("bar-clock-wrap")),
				elem.Span(vecty.Markup(vecty.Class("bar-clock-label")), vecty.Text("clock ")),
				elem.Span(vecty.Markup(prop.ID("bar-clock"), attr("aria-label", "simulated time")), vecty.Text(v.Clock))),
		)
	})
}

// compactBar is the compact bar's view: the clock's text and whether the
// page plays.
type compactBar struct {
	Clock   string
	Playing bool
}

// pageHeading is the page's <h1>; it never changes.
func pageHeading() *vecty.HTML {
	return elem.Heading1(vecty.Text("kplay"), elem.Span(vecty.Markup(vecty.Class("tagline")), vecty.Text(" — Apache Kafka replication, simulated")))
}

// pageSubtitle is the line under the heading: what the page draws, and
// which Kafka rules the scenario replays (site.RulesOf: kafka=, or an
// incident preset's old truncation protocol).
func pageSubtitle(cluster string) *vecty.HTML {
	return elem.Paragraph(vecty.Markup(vecty.Class("subtitle")),
		vecty.Text("A partition's leader, its followers, the in-sync replicas (ISR) and the high watermark, drawn as "+cluster+". Crash a broker and watch."))
}

// controlsMode is the embed's controls= ("full", "min" or "none"); the
// page itself always has the full controls.
func controlsMode(s *site.Store) string {
	if e := s.Share.Embed; e != nil && (e.Controls == "min" || e.Controls == "none") {
		return e.Controls
	}
	return "full"
}

// embedSide says an embed shows a panel that goes beside the diagram.
func embedSide(s *site.Store) bool {
	return s.Share.Embed != nil && (s.ShowPanel("inspector") || s.ShowPanel("lifecycle") || s.ShowPanel("log"))
}

// embedScript is the script editor of an embed whose panels= lists
// "script" (an embed shows it only when asked), else nil.
func embedScript(s *site.Store) vecty.MarkupOrChild {
	if e := s.Share.Embed; e == nil || e.Panels == nil || !s.ShowPanel("script") {
		return nil
	}
	return &ScriptView{View: scriptViewOf(s), Dispatch: s.Dispatch}
}

// legend explains the dots' colours. It never changes: drawn once, never
// reconciled again.
func legend() *pure[never] { return fixed(legendList) }

// legendList draws the legend.
func legendList() *vecty.HTML {
	item := func(class, text string) *vecty.HTML {
		return elem.ListItem(elem.Span(vecty.Markup(vecty.Class("swatch", class), attr("aria-hidden", "true"))), vecty.Text(text))
	}
	return elem.UnorderedList(vecty.Markup(vecty.Class("legend"), attr("aria-label", "Legend")),
		item("msg-produce", "Produce"),
		item("msg-produce-resp", "ProduceResponse"),
		item("msg-fetch", "Fetch"),
		item("msg-fetch-resp", "FetchResponse"),
		item("msg-metadata", "Metadata"),
		elem.ListItem(elem.Span(vecty.Markup(vecty.Class("swatch", "committed"), attr("aria-hidden", "true"))), vecty.Text("below HW (committed)")),
		elem.ListItem(elem.Span(vecty.Markup(vecty.Class("swatch", "uncommitted"), attr("aria-hidden", "true"))), vecty.Text("above HW")),
		elem.ListItem(elem.Span(vecty.Markup(vecty.Class("swatch", "fresh"), attr("aria-hidden", "true"))), vecty.Text("just appended")),
		seeLegend(),
	)
}

// renderFork is the notice that an action in the past forked history,
// with Undo (#fork-undo) and Keep (#fork-keep): <div id="fork">; nil
// without a fork. It is drawn in the diagram's frame, under the controller
// strip: beside a side column it sits over the diagram's top left corner,
// where the cluster leaves room (over the side column it covered the
// event log the reader had just used to go back); elsewhere it floats at
// the bottom of the screen (static/screen.css).
func renderFork(f *site.Fork, dispatch func(site.Action)) vecty.MarkupOrChild {
	if f == nil {
		return nil
	}
	return elem.Div(vecty.Markup(prop.ID("fork"), vecty.Class("fork-notice"), attr("role", "status")),
		elem.Span(vecty.Text(f.Notice)),
		elem.Button(vecty.Markup(prop.ID("fork-undo"), prop.Type(prop.TypeButton), attr("title", "Put the old run back"), event.Click(func(*vecty.Event) { dispatch(site.UndoFork{}) })), vecty.Text("Undo")),
		elem.Button(vecty.Markup(prop.ID("fork-keep"), prop.Type(prop.TypeButton), attr("title", "Keep the new history"), event.Click(func(*vecty.Event) { dispatch(site.DismissFork{}) })), vecty.Text("Keep it")),
	)
}

// renderClock is the header's clock (site.ClockOf): the simulated time,
// #clock, and for a scenario whose clock starts elsewhere than 00:00 how
// long it has run, #clock-since, with where its start comes from in the
// tooltip.
func renderClock(c site.ClockView) *vecty.HTML {
	return elem.Span(vecty.Markup(vecty.Class("clock-wrap"), attr("title", c.Title)),
		elem.Span(vecty.Markup(vecty.Class("clock-label")), vecty.Text("clock ")),
		elem.Span(vecty.Markup(prop.ID("clock"), attr("aria-label", "simulated time")), vecty.Text(c.Text)),
		vecty.If(c.Since != "", elem.Span(vecty.Markup(prop.ID("clock-since"), vecty.Class("clock-label")), vecty.Text(" · "+c.Since))),
	)
}

// stageOf returns the page's stage for s, and its message dots, made on
// first use.
func (p *Page) stageOf(s *site.Store) *Stage {
	if p.stage == nil || p.stageFor != s || p.stage.page != p {
		p.stageFor = s
		p.dots = &Dots{Moving: func() ([]engine.Message, float64) { return s.Player.InFlight(), s.Player.Exact() }}
		p.stage = &Stage{View: func() stageView { return stageViewOf(s) }, Acts: stageActs{
			dispatch: s.Dispatch,
			menuOpen: func() bool { return s.MenuOpen },
			inFlight: func() []engine.Message { return s.Player.InFlight() },
		}, page: p}
	}
	return p.stage
}

// Stage is a vecty.Component which represents the diagram with its
// controller strip, menus and message dots (renderStage). The Page keeps
// one for its life and, on a playing frame in which an event happened
// (site.RedrawStage), redraws it without the rest of the page: so it
// reads its view when it renders (View), not when the page made it.
type Stage struct {
	vecty.Core

	// View returns the stage's view now (stageViewOf).
	View func() stageView `vecty:"prop"`
	// Acts is what its clicks act through.
	Acts stageActs `vecty:"prop"`
	// page owns the dots the stage draws.
	page *Page
	// mounted says it is in the document, so that it may be redrawn alone.
	mounted bool
}

// Render implements the vecty.Component interface.
func (g *Stage) Render() vecty.ComponentOrHTML {
	g.page.stagePending = false
	return renderStage(g.View(), g.Acts, g.page.dots)
}

// Mount implements the vecty.Mounter interface.
func (g *Stage) Mount() { g.mounted = true }

// Unmount implements the vecty.Unmounter interface.
func (g *Stage) Unmount() { g.mounted = false }

// captionSaid is the say caption #caption-said speaks (renderCaptionSaid):
// Store.Caption's text.
func captionSaid(s *site.Store) string {
	text, _ := s.Caption()
	return text
}

// trySuggestion does the suggestion of that key as it stands now
// (site.Try), if one fits the cluster: a "Try this" button's click.
func trySuggestion(s *site.Store, key string) {
	for _, sg := range s.Suggestions() {
		if sg.Key == key {
			site.Try(s, sg)
			return
		}
	}
}

// shareViewOf is the share bar's view of s (renderShareBar).
func shareViewOf(s *site.Store) shareView {
	sh := &s.Share
	return shareView{Preset: sh.Preset, Label: s.PickerLabel(), Copied: sh.Copied, CopyFailed: sh.CopyFailed, CopiedText: sh.CopiedText, Refused: sh.Refused, Recording: sh.Recording, EmbedTheme: sh.EmbedTheme}
}

// exportDiagram saves the diagram as what says ("svg", "png", "clip",
// "stop") through the page's export hook, if it has one.
func exportDiagram(s *site.Store, what string) {
	if h := s.Share.Hooks; h.Export != nil {
		h.Export(what)
	}
}

// consumerViewOf is s's consumer panel (renderConsumerPanel).
func consumerViewOf(s *site.Store) consumerView {
	cfg := s.Player.Scenario().Config
	var v consumerView
	if s.HasRacks() {
		for _, r := range cfg.Racks {
			if r == "" || slices.Contains(v.Racks, r) {
				continue
			}
			var ids []string
			for i, r2 := range cfg.Racks {
				if r2 == r {
					ids = append(ids, itoa(int64(i+1)))
				}
			}
			v.Racks = append(v.Racks, r)
			v.RackLabels = append(v.RackLabels, "a replica in rack "+r+" (client.rack="+r+", brokers "+strings.Join(ids, ", ")+")")
		}
	}
	v.Consumers = site.ConsumerRows(s.Player.State())
	return v
}

// producerViewOf is s's producer panel (renderProducerPanel).
func producerViewOf(s *site.Store) producerView {
	r := s.Acting.Rate
	v := producerView{On: r.On, Status: "no rate started here"}
	if r.On {
		v.Status = "producing one record every " + itoa(int64(r.Every)) + " ms (simulated), acks=" + r.Acks.String() + "; next at " + engine.FormatTime(r.Next)
	}
	var script []string
	for _, sr := range s.ScriptRatesNow() {
		script = append(script, sr.String())
	}
	if len(script) > 0 {
		v.Status += "; the script's own: " + strings.Join(script, "; ")
	}
	if fe := s.Acting.FormErr; fe.Form == site.FormProduce || fe.Form == site.FormRate {
		v.Err = fe
	}
	return v
}

// timelineViewOf is the timeline of s's player (Timeline); lesson says
// the page has a side column, where the lesson-mode switch goes in the
// timeline's heading row.
func timelineViewOf(s *site.Store, lesson bool) timelineView {
	p := s.Player
	markers, version := s.TimelineMarkers()
	v := timelineView{Player: p, Markers: markers, Version: version, Now: p.Now(), Switch: lessonSwitchOf(&s.Lesson)}
	asks := make([]byte, len(s.Lesson.Asks))
	for i, a := range s.Lesson.Asks {
		v.AskAt = append(v.AskAt, a.At)
		asks[i] = '-'
		if s.Lesson.Revealed[i] {
			asks[i] = '+'
		}
	}
	v.Asks, v.Lesson = string(asks), lesson && len(asks) > 0
	r := s.ScrubRange()
	v.Start, v.End = r.From, r.To
	_, hasViolation := s.FirstViolation()
	jumpLabel, jumpTitle := site.JumpWords(s.Violations())
	if !hasViolation {
		jumpTitle = "No guarantee has broken in this run"
	}
	v.Head = timelineHead{Range: engine.FormatTime(r.From) + " – " + engine.FormatTime(r.To), Hide: s.HideOutcome(), HasViolation: hasViolation,
		JumpTitle: jumpTitle, JumpLabel: jumpLabel, NextBlocked: s.NextMomentBlocked()}
	return v
}

// actingViewOf is s's acting panels and script editor (renderActing).
func actingViewOf(s *site.Store) actingView {
	return actingView{Producer: producerViewOf(s), Consumer: consumerViewOf(s), Config: configViewOf(s), Script: scriptViewOf(s)}
}

// scriptViewOf is s's script editor (ScriptView): what it shows now.
func scriptViewOf(s *site.Store) scriptView {
	v := scriptView{Text: s.EditorText(), Dirty: s.Edit.Dirty, Status: s.Edit.Status, Folded: s.HideOutcome() && !s.Edit.Dirty}
	if p := s.EditorProblem(); p != nil {
		v.Problem, v.Bad = *p, true
	}
	if s.EditorStale() {
		v.Status = "The scenario changed since you began editing (you acted on the page). Apply plays your text instead; Revert shows the scenario's script with your actions."
	}
	return v
}

// configViewOf is s's config panel (renderConfigPanel).
func configViewOf(s *site.Store) configView {
	cur := s.CurrentConfig()
	v := configView{Note: s.Acting.Note, Draft: s.Acting.ConfigDraft != nil, CompareWhy: s.CompareWhy(), Scene: s.SceneSerial()}
	if fe := s.Acting.FormErr; fe.Form == site.FormConfig {
		v.Err = fe
	}
	for _, set := range site.Settings() {
		val := cur[set.Key]
		if d, ok := s.Acting.ConfigDraft[set.Key]; ok {
			val = d // what the reader typed, kept while its Apply failed
		}
		v.Values = append(v.Values, val)
	}
	return v
}

// detailOf is s's detail column (renderDetail), onDiagram in the card
// over the diagram's corner.
func detailOf(s *site.Store, onDiagram bool) detailView {
	v := detailView{Shows: s.DetailShows(), Folded: s.DetailFolded(), Narrow: s.Narrow}
	if onDiagram {
		v.Side, v.BehindMenu = "at-"+s.DetailSide(), s.DetailBehindMenu()
	}
	if v.Shows && v.Narrow && v.Folded {
		if in, ok := s.Inspect(); ok {
			v.FoldText = in.Title
			if sum := in.Summary(); sum != "" {
				v.FoldText += ": " + sum
			}
		}
	}
	if s.ForkInDrawer() {
		v.Fork = s.Fork
	}
	if s.ShowPanel("inspector") {
		in := s.InspectorView()
		v.Inspector = &in
	}
	if s.ShowPanel("lifecycle") {
		l := s.LifecycleView()
		v.Lifecycle = &l
	}
	return v
}

// newViolationsBanner is the banner of s's violations at the playhead, m
// the event log's mark (site.Player.LogMark).
func newViolationsBanner(s *site.Store, m site.LogMark) *ViolationsBanner {
	return &ViolationsBanner{Key: violationsKey{Log: m, Fold: s.Narrow, Folded: s.ViolationsFolded()}, Violations: s.Violations, Dispatch: s.Dispatch}
}

// stageViewOf is s's stage at the playhead (renderStage).
func stageViewOf(s *site.Store) stageView {
	st := s.Player.State()
	v := stageView{St: st, Lay: s.DiagramLayout(st), NF: s.NetFaults()}
	placeLinkMarks(v.NF, st, &v.Lay)
	v.Link = openLink{Open: s.Acting.LinkOpen, Key: s.Acting.Link}
	v.Config = s.Player.Scenario().Config
	if !s.ForkInDrawer() {
		v.Fork = s.Fork
	}
	v.Timers = site.Timers(st, v.Config)
	v.Brokers = s.BrokerViews(st, v.Lay, v.Timers)
	v.InFlight, v.Gen = s.Player.InFlight(), s.Player.Generation()
	if s.ViolationsOnDiagram() {
		v.Banner = newViolationsBanner(s, s.Player.LogMark())
	}
	v.Menu = menuOf(s)
	v.Runs, v.Diffs = s.RunViews(), s.DifferencesList()
	return v
}

// menuOf is s's broker action menu.
func menuOf(s *site.Store) brokerMenu {
	return brokerMenu{Open: s.MenuOpen, Broker: s.Menu, DetailBehind: s.DetailBehindMenu()}
}

// askStateOf is s's question card and lesson-mode switch.
func askStateOf(s *site.Store) askState {
	a := askState{Switch: lessonSwitchOf(&s.Lesson), HostAsks: s.HostAsks()}
	a.Ask, a.Open = s.OpenAsk()
	a.Card, _ = s.AskCard()
	return a
}

// helpOf is s's help dialog.
func helpOf(s *site.Store) helpState {
	if !s.Manners.HelpOpen {
		return helpState{}
	}
	return helpState{Open: true, Paused: s.HelpPaused()}
}
