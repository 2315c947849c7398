package site

import (
	"errors"
	"strconv"
	"strings"

	"kplay/engine"
	"kplay/engine/script"
)

// This file holds the acting panels' state and actions: the link menu,
// the producer panel (with its rate), the consumer panel, the config panel
// and the script view. each action applies itself
// (Action.apply).

// Acting is the Store's state for the acting panels.
type Acting struct {
	// Source is the scenario's script without expected outputs, "" when
	// the Store was built from a compiled scenario.
	Source string
	// Link is the data-link ("b1-b2", "producer-b1") whose menu is open,
	// when LinkOpen.
	Link     string
	LinkOpen bool
	// Rate is the producer panel's running rate.
	Rate Rate
	// Note is the last config change's explanation, "" for none.
	Note string
	// FormErr is the complaint of the form the reader submitted last
	// about what they typed, shown beside that form (not in the page's
	// banner, thousands of pixels above it); zero for none.
	FormErr FormError
	// ConfigDraft holds every value of the config form whose Apply
	// failed, keyed as Settings spells them, so that the form, redrawn
	// to mark the field at fault, keeps what the reader typed; nil once
	// an Apply succeeds.
	ConfigDraft map[string]string
	// ConfigTyped is what the config form's fields hold after the
	// reader's last edit (EditConfig), keyed as Settings spells them;
	// nil before one. The Compare button is enabled by it
	// (Store.CompareWhy).
	ConfigTyped map[string]string
	// script caches ScriptText for the player's history hist.
	script     string
	scriptHist int
	scriptOK   bool
}

// Rate produces records at a steady pace in simulated time: one engine
// Produce every Every ms, injected when the playhead passes Next.
type Rate struct {
	On    bool
	Every engine.Time
	Next  engine.Time
	Key   string
	Acks  engine.Acks
}

// The forms whose complaints FormError carries.
const (
	FormConfig  = "config"  // the config panel's settings (ApplyConfig)
	FormProduce = "produce" // the producer panel's records (ProduceWith)
	FormRate    = "rate"    // the producer panel's rate (StartRate)
)

// FormError is a form's complaint about what the reader typed: the form
// (FormConfig, FormProduce, FormRate), the name of the field at fault
// ("min.insync.replicas", "values", "key", "rate"; "" when no one field
// is), and a sentence saying what is wrong and what it takes.
type FormError struct{ Form, Field, Text string }

// formErr records what the form submitted last says about its input: a
// zero err clears it. A form's complaint is shown beside it, so it
// leaves the page's banner (Store.Err) alone, after taking from it what
// an engine refusal put there.
func (s *Store) formErr(form, fieldName, text string) {
	s.Acting.FormErr = FormError{}
	if text != "" {
		s.Acting.FormErr = FormError{Form: form, Field: fieldName, Text: text}
	}
}

// injectFrom is inject for a form: the engine's refusal is the form's
// complaint about field, not the banner's.
func (s *Store) injectFrom(form, fieldName string, cmd engine.Command) bool {
	if s.inject(cmd) {
		return true
	}
	s.formErr(form, fieldName, s.Err)
	s.Err = ""
	return false
}

// OpenLink is an action which opens the menu of a link of the diagram
// (data-link "b1-b2"); asking for the open one closes it.
type OpenLink struct{ Link string }

// CloseLink is an action which closes the link menu.
type CloseLink struct{}

// ProduceWith is an action from the producer panel: send Values (or, with
// none, Count records) with Key and Acks to the first partition, at the
// playhead. Up to NumberedSend records are numbered on from the produce
// button's ("m3", "m4"); more are named m0, m1, … as a script's count=
// names them, so that the script line is "count=N", not N values. A send
// holds at most script.MaxCount records, as one produce line does.
type ProduceWith struct {
	Values []string
	Count  int
	Key    string
	Acks   engine.Acks
}

// StartRate is an action which produces PerSec records per simulated
// second, one at a time, until StopRate.
type StartRate struct {
	PerSec int
	Key    string
	Acks   engine.Acks
}

// StopRate is an action which stops the producer panel's rate.
type StopRate struct{}

// StartConsumer is an action which starts a new consumer of the first
// partition at From, with client.rack Rack ("" reads from the leader).
// With a Group it is a group consumer (group.id), which starts from the
// group's committed offset instead and ignores From.
type StartConsumer struct {
	From  engine.Offset
	Rack  string
	Group string
}

// ApplyConfig is an action from the config panel: the settings in Values
// (keys as Settings spells them) replace the current ones. Changes to
// runtime settings alone become config commands at the playhead; any other
// change restarts the scenario with a new cluster line.
type ApplyConfig struct{ Values map[string]string }

// CutLink is an action from the link menu: cut every link between a node
// of From and a node of To (engine.Cut, one a pair), at the playhead;
// with OneWay only what From's nodes send to To's (cut A B one-way).
// Cuts add up, so a second cut keeps the first; HealLink or a plain heal
// takes them back.
type CutLink struct {
	From, To []engine.NodeID
	OneWay   bool
}

// HealLink is an action from the link menu: restore every link between a
// node of From and a node of To (engine.Heal with both ends), leaving
// the rest of the network's damage as it is.
type HealLink struct{ From, To []engine.NodeID }

func (a CutLink) apply(s *Store) bool {
	s.Acting.LinkOpen = false
	return s.eachPair(a.From, a.To, func(x, y engine.NodeID) engine.Command { return engine.Cut{A: x, B: y, OneWay: a.OneWay} })
}

func (a HealLink) apply(s *Store) bool {
	s.Acting.LinkOpen = false
	return s.eachPair(a.From, a.To, func(x, y engine.NodeID) engine.Command { return engine.Heal{A: x, B: y} })
}

// eachPair injects cmd(x, y) for every x of from and y of to, stopping at
// the first the engine refuses; it reports whether anything changed.
func (s *Store) eachPair(from, to []engine.NodeID, cmd func(x, y engine.NodeID) engine.Command) bool {
	if len(from) == 0 || len(to) == 0 {
		return true // the menu closed
	}
	for _, x := range from {
		for _, y := range to {
			if x != y && !s.inject(cmd(x, y)) {
				return true
			}
		}
	}
	return true
}

// ShowError is an action which shows a panel's complaint about its input.
type ShowError struct{ Text string }

func (a ShowError) apply(s *Store) bool {
	s.Err = a.Text
	return true
}

func (a OpenLink) apply(s *Store) bool {
	if s.Acting.LinkOpen && s.Acting.Link == a.Link {
		s.Acting.LinkOpen = false
	} else {
		s.Acting.Link, s.Acting.LinkOpen = a.Link, true
		s.MenuOpen = false
	}
	return true
}

func (CloseLink) apply(s *Store) bool {
	if !s.Acting.LinkOpen {
		return false
	}
	s.Acting.LinkOpen = false
	return true
}

func (a ProduceWith) apply(s *Store) bool {
	p, ok := FirstPartition(s.Player.State())
	if !ok {
		s.formErr(FormProduce, "", "there is no topic to produce to yet")
		return true
	}
	for i, v := range append([]string{a.Key}, a.Values...) {
		if v != "" && !ScriptSafe(v) {
			name, what := "values", "a record value"
			if i == 0 {
				name, what = "key", "a key"
			}
			s.formErr(FormProduce, name, what+" must be one word of printable ASCII without , ( ) = # or quotes, so that it can be a script line: "+strconv.Quote(v))
			return true
		}
	}
	vals := a.Values
	n := len(vals)
	if n == 0 {
		n = max(a.Count, 1)
	}
	if n > script.MaxCount {
		s.formErr(FormProduce, "count", "one send takes at most "+thousands(script.MaxCount)+" records, as one produce line of a script does (count=), not "+thousands(n)+
			": send them in several, so that a link can reopen what you did")
		return true
	}
	numbered := len(vals) == 0 && n <= NumberedSend
	switch {
	case numbered:
		for i := range n {
			vals = append(vals, s.valueName(s.nextValue+i))
		}
	case len(vals) == 0:
		// Written "count=N" (engine.Produce.String), which a script
		// expands to m0, m1, ... again.
		for i := range n {
			vals = append(vals, "m"+strconv.Itoa(i))
		}
	}
	if !s.injectFrom(FormProduce, "", engine.Produce{TP: p.TP, Values: vals, Key: a.Key, Acks: a.Acks}) {
		return true
	}
	s.formErr(FormProduce, "", "")
	if numbered {
		s.nextValue += len(vals)
	}
	return true
}

// NumberedSend is the most records a producer panel's send names on from
// the scenario's own numbered records (ProduceWith); a larger send is one
// count= line, named m0, m1, … as a script names them.
const NumberedSend = 100

func (a StartRate) apply(s *Store) bool {
	if a.Key != "" && !ScriptSafe(a.Key) {
		s.formErr(FormRate, "key", "a key must be one word of printable ASCII without , ( ) = # or quotes: "+strconv.Quote(a.Key))
		return true
	}
	if a.PerSec < 1 || a.PerSec > 100 {
		s.formErr(FormRate, "rate", "the rate must be a whole number of records per simulated second, 1 to 100")
		return true
	}
	every := engine.Time(1000 / a.PerSec)
	s.Acting.Rate = Rate{On: true, Every: every, Next: s.Player.Now() + every, Key: a.Key, Acks: a.Acks}
	s.formErr(FormRate, "", "")
	return true
}

func (StopRate) apply(s *Store) bool {
	if !s.Acting.Rate.On {
		return false
	}
	s.Acting.Rate.On = false
	return true
}

func (a StartConsumer) apply(s *Store) bool {
	st := s.Player.State()
	p, ok := FirstPartition(st)
	if !ok {
		s.Err = "there is no topic to consume from yet"
		return true
	}
	from := a.From
	if a.Group != "" {
		from = engine.OffsetEarliest // a group consumer takes no from=
	}
	s.inject(engine.Consume{Consumer: int32(len(st.Consumers) + 1), TP: p.TP, From: from, Rack: a.Rack, Group: a.Group})
	return true
}

func (a ApplyConfig) apply(s *Store) bool {
	sc := s.Player.Scenario()
	cur := s.CurrentConfig()
	var runtime []engine.AlterConfig
	restart := false
	changed := map[string]string{}
	fail := func(key, text string) bool {
		s.formErr(FormConfig, key, text)
		s.Acting.ConfigDraft = a.Values
		return true
	}
	for _, set := range Settings() {
		v, ok := a.Values[set.Key]
		if !ok || normal(set.Key, v) == normal(set.Key, cur[set.Key]) {
			continue
		}
		if err := CheckSetting(set.Key, v); err != nil {
			return fail(set.Key, err.Error())
		}
		changed[set.Key] = v
		if set.Runtime {
			runtime = append(runtime, engine.AlterConfig{Key: set.Key, Value: strings.TrimSpace(v)})
		} else {
			restart = true
		}
	}
	switch {
	case restart:
		// Only the changed settings move into the cluster line: a runtime
		// setting that a config command changed later keeps its command.
		if err := s.restartWith(clusterLine(sc.Config, changed)); err != nil {
			// A value good alone may not fit the rest of the script
			// (brokers=2 under a topic of rf=3): the field is the one
			// changed, or the one the message names.
			key := ""
			for k := range changed {
				if len(changed) == 1 || strings.Contains(err.Error(), k) && len(k) > len(key) {
					key = k
				}
			}
			return fail(key, err.Error())
		}
	case len(runtime) > 0:
		for _, c := range runtime {
			if !s.injectFrom(FormConfig, c.Key, c) {
				s.Acting.ConfigDraft = a.Values
				return true
			}
		}
		s.Acting.Note = "applied at " + engine.FormatTime(s.Player.Now()) + " with config commands"
	default:
		s.Acting.Note = "nothing changed"
	}
	s.formErr(FormConfig, "", "")
	s.Acting.ConfigDraft = nil
	return true
}

// CheckSetting checks v, a value the config panel offers for the setting
// key, against the settings table's type and limits (engine.Setting), and
// returns an error that names the key, says why and what the setting
// takes. A list's or a range's items are comma-separated, with or without
// the parentheses of a cluster line.
func CheckSetting(key, v string) error {
	set, ok := engine.LookupSetting(key)
	if !ok {
		return errors.New(key + " is no setting")
	}
	v = strings.TrimSpace(v)
	vals := []string{v}
	if set.Type == engine.TypeList || set.Type == engine.TypeRange {
		vals = nil
		for _, x := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(v, "("), ")"), ",") {
			vals = append(vals, strings.TrimSpace(x))
		}
	}
	if _, err := set.Canonical(vals); err != nil {
		text := key + ": " + err.Error()
		if r := set.Range(); !strings.Contains(text, r) {
			text += "; it takes " + r
		}
		return errors.New(text)
	}
	return nil
}

// ScriptSafe says v can stand as a value in a script line as it is: the
// script parser has no quoting.
func ScriptSafe(v string) bool {
	if v == "" || len(v) > 200 {
		return false
	}
	for _, r := range v {
		if r <= ' ' || r > '~' || strings.ContainsRune(`,()"'=#\`, r) {
			return false
		}
	}
	return true
}

// normal spells a setting's value for comparison.
func normal(key, v string) string {
	if key == "latency" || key == "broker.rack" {
		return strings.ReplaceAll(v, " ", "")
	}
	return strings.TrimSpace(v)
}

// inject applies the reader's cmd at the playhead, showing the engine's
// error if it refuses, records a Fork if it changed the past
// (store_fork.go), and resumes playback if it was paused, so that the
// action's consequence shows (resume.go); it reports success.
func (s *Store) inject(cmd engine.Command) bool {
	f := s.beforeAct()
	if err := s.Player.Inject(cmd); err != nil {
		s.Err = err.Error()
		return false
	}
	s.Err = ""
	s.afterAct(f)
	s.resumeAfterAct()
	return true
}

// CurrentConfig returns every setting's value at the playhead: the
// cluster line's, changed by the config commands (without topic=) run so
// far.
func (s *Store) CurrentConfig() map[string]string {
	p := s.Player
	cfg := p.Scenario().Config
	out := map[string]string{}
	for _, set := range Settings() {
		out[set.Key] = ConfigValue(cfg, set.Key)
	}
	for _, st := range p.steps { // scripted and user steps, merged
		if ac, ok := st.Cmd.(engine.AlterConfig); ok && ac.Topic == "" && st.At <= p.Now() {
			out[ac.Key] = ac.Value
		}
	}
	return out
}

// sceneOf compiles script text into a new scene titled as the one
// playing, and its scenario; the error is the script's, or its
// cluster's (engine.New).
func (s *Store) sceneOf(text string) (Scene, script.Scenario, error) {
	sc, err := script.ParseAndCompile("script", text)
	if err != nil {
		return Scene{}, sc, err
	}
	sc.Title = s.Title
	n := newScene(sc)
	if n.Err != "" {
		return Scene{}, sc, errors.New(n.Err)
	}
	return n, sc, nil
}

// restartWith replaces the script's cluster line (the user's actions
// become script lines) and plays the result from its start; an error
// (the script does not compile with that line) leaves the scene as it
// was.
func (s *Store) restartWith(line string) error {
	text, err := ReplaceClusterLine(s.ScriptText(), line)
	if err != nil {
		return err
	}
	n, _, err := s.sceneOf(text)
	if err != nil {
		return err
	}
	n.Acting.Source = text
	n.withVariants("script", text)
	n.Acting.Note = "restarted with: " + line
	s.setScene(n)
	s.leavePreset()
	return nil
}

// ScriptText returns the scenario's script with the user's actions merged
// in at their times: what the script view shows.
func (s *Store) ScriptText() string {
	p, a := s.Player, &s.Acting
	if !a.scriptOK || a.scriptHist != p.hist {
		a.script, a.scriptHist, a.scriptOK = ScriptText(a.Source, p.Scenario(), p.UserSteps(), 0), p.hist, true
	}
	return a.script
}

// HasRacks says every broker has a broker.rack and consumers may fetch
// from a follower in their rack (replica.selector.class is the
// RackAwareReplicaSelector).
func (s *Store) HasRacks() bool {
	cfg := s.Player.Scenario().Config
	return cfg.ReplicaSelectorRackAware && len(cfg.Racks) > 0
}

// ratePartition is the partition the rate produces to.
func (s *Store) ratePartition() engine.TopicPartition {
	p, _ := FirstPartition(s.Player.State())
	return p.TP
}
