package script

import (
	"strings"

	"kplay/engine"
	"kplay/link"
)

// Step is one command of a compiled scenario and the time it runs at.
type Step struct {
	At  engine.Time
	Cmd engine.Command
	// Line is the script line the command came from.
	Line int
	// Flush says an advance or run came before the command, so every
	// delivery and timer due at At runs first, as the Runner does; without
	// it the command follows the previous one (or the cluster's creation)
	// at once.
	Flush bool
}

// Scenario is a script compiled for playback: the cluster's Config, the
// commands with their times, and the time the script's last directive
// reaches. Observation directives are dropped; advance and run become times.
type Scenario struct {
	Config engine.Config
	Steps  []Step
	End    engine.Time
	// Title is the script's title directive, or else its "# title:"
	// comment (the form older links carry), or "".
	Title string
	// Summary is the script's summary directive: two or three sentences
	// for the learner on what to watch, or "".
	Summary string
	// Asks are the lesson's questions, in script order.
	Asks []Ask
	// Captions are the say directives, in script order.
	Captions []Caption
	// Sources are the source directives, in script order: the public
	// reports (JIRA tickets, KIPs, threads) the scenario replays.
	Sources []Source
	// FixedBy is the fixed-by directive's preset name: in a scenario that
	// shows a bug on the release that had it, the preset that replays the
	// same schedule on Kafka 4.4. BugIn is the bug-in directive's, in the
	// fixed preset: the one that shows the bug. At most one is set; "" when
	// the script names no partner.
	FixedBy, BugIn string
	// Pace is the speed directive: how fast the page plays the scenario
	// when it is picked; zero when the script has none.
	Pace Pace
	// Tries are the try directives, in script order: one-click
	// suggestions, each offered from its moment.
	Tries []Try
	// Variants are the vs directives, in script order: the other runs of
	// this script, each with some values changed (CompileVariants).
	Variants []Variant
}

// Compile turns parsed directives into a Scenario. It checks every argument
// (the same checks the Runner makes) but runs nothing, so command errors the
// engine finds (a topic that does not exist) appear only when played.
func Compile(dirs []Directive) (Scenario, error) {
	at := -1
	sc, err := compile(dirs, &at)
	if err != nil && at >= 0 {
		// A value of several words without parentheses (answer=not safe)
		// is refused as a word the directive does not take: say so.
		err = looseWords(dirs[at].Cmd, dirs[at].Args, err)
	}
	if err != nil {
		return sc, err
	}
	return sc, nil
}

// compiler is the state of one Compile: the scenario so far and what
// the directives above the current one define (its scene), and the
// records and rate producers so far.
type compiler struct {
	scene
	records int
	// flush says an advance or run came before the next command.
	flush bool
	story storyOrder
	rates rateQueue
}

// compile is Compile, with *at the index of the directive it is at.
func compile(dirs []Directive, at *int) (Scenario, *Error) {
	c := compiler{scene: scene{sc: Scenario{Config: engine.DefaultConfig()}}}
	c.now = c.sc.Config.Start
	for i, d := range dirs {
		*at = i
		if err := c.directive(d); err != nil {
			return c.sc, err
		}
	}
	return c.finish()
}

// directive compiles one directive by its row: the cluster, an action
// or a clock by the compiler's own steps, a story, lesson or check
// directive by the row's compile function; an observation changes
// nothing.
func (c *compiler) directive(d Directive) *Error {
	if err := c.story.see(d); err != nil {
		return err
	}
	s, ok := LookupDirective(d.Cmd)
	switch {
	case !ok:
		return unknownCommand(d)
	case s.Layer == LayerCluster:
		return c.cluster(s, d)
	case s.Layer.acts():
		return c.action(d)
	case s.Layer == LayerClock:
		return c.clock(s, d)
	case s.compile != nil:
		_, err := s.compile(&c.scene, d)
		return err
	}
	return nil
}

// cluster reads the cluster directive into the scenario's Config.
func (c *compiler) cluster(s DirectiveSpec, d Directive) *Error {
	if c.haveCluster {
		return errAt(d.Pos, "the cluster already exists; a script has one cluster directive")
	}
	cfg, err := s.config(d)
	if err != nil {
		return err
	}
	c.setCluster(cfg)
	return nil
}

// needCluster is the error of a directive d above the cluster directive.
func (c *compiler) needCluster(d Directive) *Error {
	if c.haveCluster {
		return nil
	}
	return errAt(d.Pos, "no cluster yet: start the script with a cluster directive, such as cluster brokers=3")
}

// action adds an admin, client or fault directive's command as a step at
// now; a rate producer adds its first record and queues the rest.
func (c *compiler) action(d Directive) *Error {
	if err := c.needCluster(d); err != nil {
		return err
	}
	if _, err := categories(d, engine.CatDefault); err != nil {
		return err
	}
	if isRate(d) {
		steps, err := expandRate(d, c.now, d.Pos.Line, &c.records, c.sc.Config.Kafka)
		if err != nil {
			return err
		}
		if err := checkSpan(d.Pos, steps[len(steps)-1].At, c.sc.Config.Start); err != nil {
			return err
		}
		steps[0].Flush = c.flush
		c.sc.Steps = append(c.sc.Steps, steps[0])
		c.rates.add(steps[1:])
		c.flush = false
		return nil
	}
	cmd, err := toCommandWithEvents(d, c.sc.Config.Kafka)
	if err != nil {
		return err
	}
	if err := countRecords(d, cmd, &c.records); err != nil {
		return err
	}
	c.sh.see(cmd)
	c.sc.Steps = append(c.sc.Steps, Step{At: c.now, Cmd: cmd, Line: d.Pos.Line, Flush: c.flush})
	c.flush = false
	return nil
}

// clock moves now to an advance's or run's time, adding the rate
// producers' records due by then; a step has no fixed duration, and
// playback ignores it.
func (c *compiler) clock(s DirectiveSpec, d Directive) *Error {
	if err := c.needCluster(d); err != nil {
		return err
	}
	if _, err := categories(d, engine.CatDefault); err != nil {
		return err
	}
	if s.target == nil { // a step
		if len(c.rates) > 0 {
			return stepError(d)
		}
		return nil
	}
	t, err := s.target(d, c.now, c.sc.Config.Start)
	if err != nil {
		return err
	}
	if err := checkSpan(d.Pos, t, c.sc.Config.Start); err != nil {
		return err
	}
	c.sc.Steps = append(c.sc.Steps, c.rates.due(t)...)
	c.now, c.flush = t, true
	return nil
}

// finish ends the scenario at the last directive's time, with the rate
// producers' records past it, and checks every why's show= against it.
func (c *compiler) finish() (Scenario, *Error) {
	if !c.haveCluster {
		return c.sc, &Error{Pos: Pos{1, 1}, Msg: "the script has no cluster directive, such as cluster brokers=3"}
	}
	c.sc.End = c.now
	// A rate producer's records past the script's last moment still play
	// when the page runs on past it.
	c.sc.Steps = append(c.sc.Steps, c.rates...)
	for i, a := range c.sc.Asks {
		if a.ShowAt > c.sc.End {
			return c.sc, errAt(c.whyPos[i], "show=%s is after the script's end %s", engine.FormatTime(a.ShowAt), engine.FormatTime(c.sc.End))
		}
	}
	return c.sc, nil
}

// ParseAndCompile parses and compiles script text, and reads its title.
func ParseAndCompile(name, src string) (Scenario, error) {
	dirs, err := Parse(name, src)
	if err != nil {
		return Scenario{}, err
	}
	sc, err := Compile(dirs)
	if err != nil {
		if e, ok := err.(*Error); ok {
			e.Name = name
		}
		return sc, err
	}
	if sc.Title == "" {
		sc.Title = link.Title(src)
	}
	return sc, nil
}

// StripExpected returns the script without its expected outputs: the form a
// scenario takes in the page and in links. Comments and input lines stay.
func StripExpected(src string) string {
	lines := splitLines(src)
	var b strings.Builder
	for i := 0; i < len(lines); i++ {
		if lines[i] != "----" {
			b.WriteString(lines[i] + "\n")
			continue
		}
		i++
		readExpected(lines, &i)
		b.WriteString("\n")
		i-- // the loop's i++ moves past the last line readExpected consumed
	}
	return b.String()
}
