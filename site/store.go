package site

import (
	"strconv"
	"strings"

	"kplay/engine"
	"kplay/engine/script"
)

// Action is something the user or the animation loop asks the Store to do.
// Components never change the Store; they Dispatch actions. Each action
// type applies itself, beside its declaration.
type Action interface {
	// apply performs the action on s and reports whether anything
	// changed, so that Dispatch notifies the subscribers.
	apply(s *Store) bool
}

// TogglePlay is an action which starts or pauses playback.
type TogglePlay struct{}

// StepOnce is an action which pauses and processes one engine event.
type StepOnce struct{}

// SetSpeed is an action which sets the playback speed in simulated ms per
// real ms; it is clamped to [MinSpeed, MaxSpeed].
type SetSpeed struct{ Speed float64 }

// Tick is an action from the animation loop: RealMs real milliseconds have
// passed since the last frame. While paused it only carries on filling
// the timeline's markers, if that is under way.
type Tick struct{ RealMs float64 }

// ProduceRecord is an action which has p1 send the next record of the
// scenario's series (Store.NextValue: "m3" after a lesson's m0–m2, else
// "order-<n>") to the first partition with acks=all, at the playhead.
type ProduceRecord struct{}

// Seek is an action which moves the playhead to At, or to the end of the
// scenario (ScenarioEnd) or of the run played so far, whichever is later,
// if At is beyond both.
type Seek struct{ At engine.Time }

// Restart is an action which seeks to the scenario's start.
type Restart struct{}

// Resize is an action which tells the Store the viewport's width in CSS
// pixels, so that the diagram can stack vertically on a phone.
type Resize struct{ Width float64 }

// ToggleSkipQuiet is an action which turns quiet-time skipping on or off.
type ToggleSkipQuiet struct{}

// ToggleNetEvents is an action which shows or hides message events (sent,
// delivered, dropped) in the event log.
type ToggleNetEvents struct{}

// OpenMenu is an action which opens the action menu of a broker; asking
// for the menu that is already open closes it.
type OpenMenu struct{ Broker engine.BrokerID }

// CloseMenu is an action which closes the broker action menu.
type CloseMenu struct{}

// ClickBroker is an action from a click (or Enter or Space) on a broker's
// box: it opens the broker's action menu (closes it if it is the open
// one, as OpenMenu) and selects the broker for the inspector (Select).
type ClickBroker struct{ Broker engine.BrokerID }

// Act is an action which applies a user's command (crash, restart, ...) at
// the playhead through Player.Inject, so that it joins the script, and
// closes the broker action menu.
type Act struct{ Cmd engine.Command }

// NarrowBelow is the viewport width, in CSS pixels, under which the
// diagram stacks vertically.
const NarrowBelow = 720

// Store holds everything the page shows. It is framework-free: the page's
// components read it, dispatch actions to it, and re-render when it
// notifies them. It is two parts, embedded so that their fields read as
// the Store's own (s.Speed, s.Player): the reader's Session, which lasts
// as long as the page, and the Scene, which a new scenario (a picked
// preset, an applied script, a restart with a new cluster line) replaces
// whole, through setScene, without touching the Session.
type Store struct {
	Session
	Scene
	// onChange holds the subscribers, called in order after each change.
	onChange []func()
	// redraw is what the page last drew in full (FullRedraw).
	redraw redrawState
	// skipping says the last frame played quiet time (Skipping), and
	// speedMode is that, held for the speed readout (QuietShown).
	skipping  bool
	speedMode speedMode
	// turn counts dispatched actions (a frame's Tick among them), so that
	// what a render reads of the timeline runs ahead at most once between
	// two of them (Player.markersOnce).
	turn int
}

// Session is the reader's side of the page: how they like to watch, which
// outlives any scenario.
type Session struct {
	// Speed is simulated ms per real ms.
	Speed float64
	// SpeedChosen says the reader set the speed (the slider, the speed
	// keys, an embed's speed=): from then on a new scenario keeps it
	// rather than playing at its own pace (followPace).
	SpeedChosen bool
	// Narrow says the viewport is phone-sized (under NarrowBelow), and
	// Wide that it has room for the side column beside the diagram
	// (WideFrom and more).
	Narrow, Wide bool
	// Reveal is the last scroll the page was asked for (reveal.go).
	Reveal Revealing
	// ShowNet says the event log lists every event, message and fetch
	// chatter included, not only what matters (LogLines).
	ShowNet bool
	// SkipQuiet says quiet time (no message that carries the lesson on
	// the wire, quiet.go) plays at QuietSpeed, at least real time, so that
	// the 9 s broker.session.timeout.ms, with its heartbeats and empty
	// long polls, does not take 15 minutes on screen at the default speed.
	SkipQuiet bool
	// Manners is the help dialog, theme, motion, table view and narration
	// state (store_manners.go).
	Manners Manners
	// Share is the share bar's and the embed's state, the embed's options
	// and panels among them (store_share.go).
	Share Sharing
	// Edit is the script editor's state (store_edit.go): the reader's
	// draft survives a change of scenario.
	Edit Editing
	// Lesson is lesson mode (store_lesson.go): the switch and the hooks
	// to the page's host outlive a scenario; the questions and the
	// reader's answers are the scenario's, which setScene starts over
	// (Lesson.start).
	Lesson Lesson
}

// Scene is the scenario being played and what the reader did to it: the
// player, their actions and selection. The reader's answers to its
// questions are the Session's Lesson, which a new scenario starts over
// (Lesson.start).
type Scene struct {
	// Title is the scenario's title.
	Title string
	// Player owns the cluster at the playhead.
	Player *Player
	// Variants are the runs of the script's vs lines, in script order,
	// each at Player's playhead with the reader's commands (variants.go);
	// none for a script without vs lines.
	Variants []VariantRun
	// RunTab is the run a narrow page shows of the runs side by side (its
	// index in RunViews, 0 the base), which start at the first variant:
	// the main diagram above already draws the base (PickRunTab).
	RunTab int
	// diffs caches Differences.
	diffs variantDiffs
	// Playing says the animation loop advances the playhead.
	Playing bool
	// Err is a problem to show the user, "" if none.
	Err string
	// Menu is the broker whose action menu is open, when MenuOpen.
	Menu     engine.BrokerID
	MenuOpen bool
	// See is the inspector's selection and the views derived from the
	// event log (store_see.go).
	See Seeing
	// Acting is the link menu, producer, consumer and config panels'
	// state (store_act.go).
	Acting Acting
	// Fork is the last time the reader changed the past, nil if none
	// since the scenario began or since it was undone (store_fork.go).
	Fork *Fork
	// outline is the outline line the reader last went to
	// (GoToOutline): its moment and script line, which the outline marks
	// as current while the playhead stays held there.
	outline outlineMark
	// readerFrom is when the first of the reader's own commands that a
	// share link carried runs (ReaderMark), when hasReader: from then on
	// the script's captions are out of date, as they were in the session
	// the link was copied from (Caption).
	readerFrom engine.Time
	hasReader  bool
	// log is the event log's index of what matters (store_log.go).
	log logIndex
	// lines caches the event log's formatted rows.
	lines lineCache
	// rates caches the scenario's rate producers (ScriptRatesNow).
	rates rateCache
	// marks are the timeline's markers as drawn (TimelineMarkers).
	marks shownMarkers
	// actions caches Actions.
	actions actionLines
	// valuePrefix and nextValue name the next record the reader produces:
	// valuePrefix + nextValue ("m3", "order-9006"; valueSeries). An empty
	// prefix is "order-".
	valuePrefix string
	nextValue   int
	// resumeLeft is how many real ms the caption still says that the
	// reader's action resumed playback (resume.go).
	resumeLeft float64
	// readerPaused says the reader stopped playback themselves (Pause or
	// Step), so that their actions do not resume it (resume.go).
	readerPaused bool
	// serial counts the scenes the Store has played, this one's
	// (SceneSerial).
	serial int
}

// newSession is a new reader's session: the default speed, quiet time
// skipped.
func newSession() Session { return Session{Speed: DefaultSpeed, SkipQuiet: true} }

// newScene returns the Scene playing sc from its start; a scenario whose
// cluster is invalid gives a paused empty cluster and the error in Err.
func newScene(sc script.Scenario) Scene {
	n := Scene{Title: sc.Title, Playing: true}
	n.valuePrefix, n.nextValue = valueSeries(sc)
	p, err := NewPlayer(sc)
	if err != nil {
		n.Err = err.Error()
		p = emptyPlayer()
		n.Playing = false
	}
	n.Player = p
	n.syncErr()
	return n
}

// sceneFromScript compiles a scenario script (expected outputs are
// stripped) and returns its Scene. A script that does not compile gives a
// Scene showing the error over an empty default cluster, and the editor
// state that keeps the script, its error marked, to be fixed and applied
// (a broken link's text is not lost); draft is nil otherwise.
func sceneFromScript(name, src string) (n Scene, draft *Editing) {
	sc, err := script.ParseAndCompile(name, script.StripExpected(src))
	if err != nil {
		n = Scene{Title: script.Title(src), Err: err.Error(), Player: emptyPlayer(), nextValue: 1}
		base := ScriptText("", n.Player.Scenario(), nil, 0)
		return n, &Editing{Draft: src, Dirty: true, Base: base, Problem: problemOf(err),
			Status: "This script does not compile, so the page plays an empty cluster; fix it and apply."}
	}
	n = newScene(sc)
	n.Acting.Source = script.StripExpected(src)
	n.withVariants(name, n.Acting.Source)
	n.readerFrom, n.hasReader = readerFrom(n.Acting.Source, sc)
	return n, nil
}

// setScene puts n in place of the scenario playing. Only the Scene
// changes, and the lesson starts over on n's questions (Lesson.start):
// the rest of the Session (speed, theme, motion, panels, the draft, the
// lesson switch and hooks) stays as it is.
func (s *Store) setScene(n Scene) {
	n.Player.followGeneration(s.Player)
	n.serial = s.serial + 1
	s.Scene = n
	s.syncVariants()
	s.Lesson.start(n.Player.Scenario())
	s.followPace()
}

// NewStore returns a Store playing sc from its start at its pace
// (PaceSpeed: DefaultSpeed unless the script has a speed directive).
func NewStore(sc script.Scenario) *Store {
	s := &Store{Session: newSession(), Scene: newScene(sc)}
	s.Lesson.start(sc)
	s.followPace()
	return s
}

// NewStoreFromScript compiles a scenario script (expected outputs are
// stripped) and returns a Store playing it. A script that does not compile
// gives a Store showing the error over an empty default cluster, with the
// script in the editor.
func NewStoreFromScript(name, src string) *Store {
	n, draft := sceneFromScript(name, src)
	s := &Store{Session: newSession(), Scene: n}
	s.Lesson.start(n.Player.Scenario())
	s.followPace()
	if draft != nil {
		s.Edit = *draft
	}
	return s
}

// emptyPlayer plays a default cluster with no commands.
func emptyPlayer() *Player {
	p, err := NewPlayer(script.Scenario{Config: engine.DefaultConfig()})
	if err != nil {
		panic("site: the default config is invalid: " + err.Error()) // can't happen
	}
	return p
}

// defaultPrefix names the reader's records in a scenario whose own
// records are not numbered ("first", "second") or that has none but a rate
// producer's: "order-1", "order-2"...
const defaultPrefix = "order-"

// valueSeries returns how the records the reader produces are named: the
// prefix of the scenario's own numbered records ("m" for m0, m1, m2;
// "order-" for order-9001; the most used one, "order-" first, when there
// are several) and one past the largest number its steps give that
// prefix, so that the reader's record takes the name of none the script
// sends (a try's record, sent only if the reader asks, may share it). The
// series comes from the script's own produce lines: a rate producer's
// records (m0, m1, ... one a period) do not set it, or the reader's first
// record would be named after the last of ten minutes' (start-here's);
// with no numbered record the reader's are "order-1", "order-2"... A
// lesson's button said "order-1" beside its m0, m1 and m2.
func valueSeries(sc script.Scenario) (prefix string, next int) {
	spread := map[int]bool{}
	for _, ls := range spreadLines(sc) {
		spread[ls.line] = true
	}
	var all []string
	count := map[string]int{}
	var order []string
	for _, st := range sc.Steps {
		pr, ok := st.Cmd.(engine.Produce)
		if !ok {
			continue
		}
		for _, v := range pr.Values {
			all = append(all, v)
			p, _, ok := numbered(v)
			if !ok || spread[st.Line] {
				continue
			}
			if count[p] == 0 {
				order = append(order, p)
			}
			count[p]++
		}
	}
	prefix = defaultPrefix
	if count[defaultPrefix] == 0 {
		for _, p := range order {
			if count[p] > count[prefix] {
				prefix = p
			}
		}
	}
	n := 0
	for _, v := range all {
		if p, k, ok := numbered(v); ok && p == prefix {
			n = max(n, k+1)
		}
	}
	return prefix, max(n, 1)
}

// numbered splits a record value of the form <letters><digits> or
// <letters>-<digits> ("m2", "order-9001") into its prefix and number.
func numbered(v string) (prefix string, n int, ok bool) {
	i := len(v)
	for i > 0 && v[i-1] >= '0' && v[i-1] <= '9' {
		i--
	}
	if i == 0 || i == len(v) || i > 24 || len(v)-i > 9 {
		return "", 0, false
	}
	head := strings.TrimSuffix(v[:i], "-")
	if head == "" {
		return "", 0, false
	}
	for _, r := range head {
		if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') {
			return "", 0, false
		}
	}
	n, err := strconv.Atoi(v[i:])
	return v[:i], n, err == nil
}

// valueName names the reader's record numbered n: "m3", "order-7".
func (s *Scene) valueName(n int) string {
	if s.valuePrefix == "" {
		return defaultPrefix + strconv.Itoa(n)
	}
	return s.valuePrefix + strconv.Itoa(n)
}

// NextValue returns the value the produce button sends next: the next of
// the scenario's own series (valueSeries).
func (s *Store) NextValue() string { return s.valueName(s.nextValue) }

// Actions returns the commands the user has taken, in order, each as a
// script line prefixed with its simulated time, e.g.
// "10:00:03.120 crash 1". They come from the player, so that a seek into
// the past (which forgets later actions) shows what will replay. They are
// built once per history (a new action or an undo starts one), not on
// every frame: the slice must not be modified.
func (s *Store) Actions() []string {
	p, c := s.Player, &s.actions
	if c.ok && c.player == p && c.hist == p.hist {
		return c.lines
	}
	out := make([]string, 0, len(p.user))
	for _, st := range p.user {
		out = append(out, engine.FormatTime(st.At)+" "+st.Cmd.String())
	}
	*c = actionLines{ok: true, player: p, hist: p.hist, lines: out}
	return out
}

// actionLines caches Actions for one history of one player.
type actionLines struct {
	ok     bool
	player *Player
	hist   int
	lines  []string
}

// Subscribe registers f to run after every change.
func (s *Store) Subscribe(f func()) { s.onChange = append(s.onChange, f) }

// Dispatch performs an action and notifies the subscribers if anything
// changed.
func (s *Store) Dispatch(a Action) {
	s.turn++
	wasPlaying := s.Playing
	changed := a.apply(s)
	s.syncVariants()
	if !changed {
		return
	}
	s.syncLesson()
	s.syncErr()
	s.redraw.count(wasPlaying && s.Playing)
	for _, f := range s.onChange {
		f()
	}
}

func (a TogglePlay) apply(s *Store) bool {
	if !s.Playing && !s.mayPlay() {
		return false
	}
	s.Playing = !s.Playing
	s.readerPaused = !s.Playing
	s.resumeLeft, s.Share.autoStarted = 0, false
	return true
}

func (StepOnce) apply(s *Store) bool {
	s.Playing, s.readerPaused = false, true
	before := s.Player.Now()
	s.Player.StepOne()
	s.stopAtAsk(before)
	return true
}

func (a SetSpeed) apply(s *Store) bool {
	s.Speed, s.SpeedChosen = ClampSpeed(a.Speed), true
	return true
}

func (ProduceRecord) apply(s *Store) bool {
	s.produce()
	return true
}

func (a Seek) apply(s *Store) bool {
	s.Player.Seek(s.clampSeek(a.At))
	return true
}

func (Restart) apply(s *Store) bool {
	s.restart()
	s.resetLesson()
	return true
}

func (a Resize) apply(s *Store) bool {
	narrow, wide := a.Width > 0 && a.Width < NarrowBelow, a.Width >= WideFrom
	if narrow == s.Narrow && wide == s.Wide {
		return false
	}
	s.Narrow, s.Wide = narrow, wide
	return true
}

func (ToggleNetEvents) apply(s *Store) bool {
	s.ShowNet = !s.ShowNet
	return true
}

func (ToggleSkipQuiet) apply(s *Store) bool {
	s.SkipQuiet = !s.SkipQuiet
	return true
}

func (a OpenMenu) apply(s *Store) bool {
	s.openMenu(a.Broker)
	return true
}

func (CloseMenu) apply(s *Store) bool {
	if !s.MenuOpen {
		return false
	}
	s.MenuOpen = false
	return true
}

func (a ClickBroker) apply(s *Store) bool {
	s.openMenu(a.Broker)
	return Select{Target: Selection{Kind: SelBroker, Broker: a.Broker}}.apply(s)
}

func (a Act) apply(s *Store) bool {
	s.MenuOpen = false
	if a.Cmd == nil {
		return true
	}
	s.inject(a.Cmd)
	// What the reader's own action does is said at once, not after
	// the gap the narrator keeps between sentences.
	s.Manners.Narration.SayNextNow()
	return true
}

// NeedsFrames reports whether the animation loop's next frame has work:
// the playhead moves (Playing), the narrator (Narrate) has events to
// read or sentences to say, or the timeline's markers are still being
// run ahead (Player.Markers; a paused Tick carries that on). While it is false a Tick and a Narrate change
// nothing, so the page stops asking for animation frames, and a paused
// page costs no main-thread time; a Dispatch that makes it true again
// (play, step, seek, an action) reaches the loop through its subscriber.
func (s *Store) NeedsFrames() bool {
	if s.Playing {
		return true
	}
	p, m := s.Player, &s.Manners
	return m.narrated != p || m.Narration.Pending(p.LogMark()) || p.markersFilling()
}

// clampSeek bounds a seek's target to what a seek may cost: the furthest
// the run has been played (Horizon) or the scenario's end (ScenarioEnd),
// whichever is later. An embed's host sends seek messages with any time.
func (s *Store) clampSeek(at engine.Time) engine.Time {
	return min(at, max(s.Player.Horizon(), ScenarioEnd(s.Player.Scenario())))
}

// syncErr shows a scripted step's error, if the player has one.
func (s *Scene) syncErr() {
	if err := s.Player.Err(); err != nil && s.Err == "" {
		s.Err = err.Error()
	}
}

// produce sends the next record to the first partition with acks=all.
func (s *Store) produce() {
	p, ok := FirstPartition(s.Player.State())
	if !ok {
		s.Err = "there is no topic to produce to yet"
		return
	}
	cmd := engine.Produce{TP: p.TP, Values: []string{s.NextValue()}, Acks: engine.AcksAll}
	if s.inject(cmd) {
		s.nextValue++
	}
}
