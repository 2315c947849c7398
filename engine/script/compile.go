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
	// Title is the script's "# title:" comment, if any.
	Title string
	// Asks are the lesson's questions, in script order.
	Asks []Ask
}

// Compile turns parsed directives into a Scenario. It checks every argument
// (the same checks the Runner makes) but runs nothing, so command errors the
// engine finds (a topic that does not exist) appear only when played.
func Compile(dirs []Directive) (Scenario, error) {
	sc := Scenario{Config: engine.DefaultConfig()}
	haveCluster := false
	now := sc.Config.Start
	records := 0
	flush := false
	for _, d := range dirs {
		switch classify(d.Cmd) {
		case kindUnknown:
			return sc, unknownCommand(d)
		case kindCluster:
			if haveCluster {
				return sc, errAt(d.Pos, "the cluster already exists; a script has one cluster directive")
			}
			cfg, err := clusterConfig(d)
			if err != nil {
				return sc, err
			}
			sc.Config, haveCluster, now = cfg, true, cfg.Start
		case kindAction:
			if !haveCluster {
				return sc, errAt(d.Pos, "no cluster yet: start the script with a cluster directive, such as cluster brokers=3")
			}
			if _, err := categories(d, engine.CatDefault); err != nil {
				return sc, err
			}
			cmd, err := toCommandWithEvents(d)
			if err != nil {
				return sc, err
			}
			if err := countRecords(d, cmd, &records); err != nil {
				return sc, err
			}
			sc.Steps = append(sc.Steps, Step{At: now, Cmd: cmd, Line: d.Pos.Line, Flush: flush})
			flush = false
		case kindTime:
			if !haveCluster {
				return sc, errAt(d.Pos, "no cluster yet: start the script with a cluster directive, such as cluster brokers=3")
			}
			if _, err := categories(d, engine.CatDefault); err != nil {
				return sc, err
			}
			if d.Cmd == "step" {
				continue // a step has no fixed duration; playback ignores it
			}
			t, err := timeTarget(d, now, sc.Config.Start)
			if err != nil {
				return sc, err
			}
			now, flush = t, true
		case kindAsk:
			a, err := parseAsk(d)
			if err != nil {
				return sc, err
			}
			a.At = now
			sc.Asks = append(sc.Asks, a)
		}
	}
	if !haveCluster {
		return sc, &Error{Pos: Pos{1, 1}, Msg: "the script has no cluster directive, such as cluster brokers=3"}
	}
	sc.End = now
	return sc, nil
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
	sc.Title = Title(src)
	return sc, nil
}

// Title returns the text of the first "# title:" comment, or "".
func Title(src string) string { return link.Title(src) }

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
