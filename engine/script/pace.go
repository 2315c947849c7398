package script

import (
	"strconv"
	"strings"

	"kplay/engine"
)

// Pace is a speed directive: how fast the page plays the scenario when a
// reader picks it, as simulated milliseconds per real millisecond,
// Num/Den:
//
//	speed 1/10
//
// plays ten times slower than real time, so that a scenario whose links
// take a second plays one message flight in about ten seconds rather than
// the hundred it takes at the page's default, 1/100. A script without one
// has the zero Pace, and the page keeps the reader's speed. It is a
// presentation hint only: the Runner checks it and prints ok, and Compile
// keeps it out of the Steps.
type Pace struct{ Num, Den int64 }

// The bounds of a speed directive, the page's slider's: 1/MaxPaceSlower
// to MaxPaceFaster times real time.
const (
	MaxPaceSlower = 1000
	MaxPaceFaster = 10
)

// IsZero reports whether p was not set.
func (p Pace) IsZero() bool { return p.Den == 0 }

// String prints p as a speed directive writes it: "1/10" or "2".
func (p Pace) String() string {
	if p.Den == 1 {
		return strconv.FormatInt(p.Num, 10)
	}
	return strconv.FormatInt(p.Num, 10) + "/" + strconv.FormatInt(p.Den, 10)
}

// parsePace reads a speed directive's one argument: 1/N, N times slower
// than real time (N from 1 to MaxPaceSlower), or N, N times faster (1 to
// MaxPaceFaster).
func parsePace(d Directive) (Pace, *Error) {
	const example = "speed 1/10  (ten times slower than real time)"
	if len(d.Args) != 1 || d.Args[0].Vals != nil {
		return Pace{}, errAt(d.Pos, "speed takes one value, 1/N or N, as in: %s", example)
	}
	a := d.Args[0]
	if n, ok := strings.CutPrefix(a.Key, "1/"); ok {
		v, err := parseInt(n, 1, MaxPaceSlower)
		if err != nil {
			return Pace{}, errAt(a.Pos, "speed 1/N: N %v", err)
		}
		return Pace{Num: 1, Den: v}, nil
	}
	v, err := parseInt(a.Key, 1, MaxPaceFaster)
	if err != nil {
		return Pace{}, errAt(a.Pos, "speed %s: write 1/N (N times slower than real time) or N from 1 to %d (N times faster): %v", a.Key, MaxPaceFaster, err)
	}
	return Pace{Num: v, Den: 1}, nil
}

// Try is a try directive: a one-click suggestion the page offers from the
// moment it stands at, a label in double quotes and one action command:
//
//	try "Restart broker 1" restart 1
//
// At is the time the commands above it reach, as for a say; Line is the
// 1-based script line. The command is checked as the script's own would
// be, but never runs in the script: it runs only when the reader clicks
// it (the Runner prints ok).
type Try struct {
	At    engine.Time
	Line  int
	Label string
	Cmd   engine.Command
}

// MaxTryBytes bounds a try directive's label, and MaxTries the try
// directives of one script.
const (
	MaxTryBytes = 80
	MaxTries    = 12
)

// parseTry reads a try directive: its quoted label, then one action
// command (crash, restart, produce without rate=, cut, ...) on a cluster
// of release kafka.
func parseTry(d Directive, kafka engine.Release) (Try, *Error) {
	const example = `try "Restart broker 1" restart 1`
	label, err := quotedText(d, MaxTryBytes, example)
	if err != nil {
		return Try{}, err
	}
	rest := strings.TrimPrefix(strings.TrimSpace(d.Line), d.Cmd)
	open := strings.IndexByte(rest, '"')
	end := open + 1 + strings.IndexByte(rest[open+1:], '"') // quotedText found both quotes
	tail := strings.TrimSpace(rest[end+1:])
	cmd, args, _, perr := parseLine(tail)
	if perr != nil {
		return Try{}, errAt(d.Pos, "try's command: %v", perr)
	}
	if cmd == "" {
		return Try{}, errAt(d.Pos, "try needs a command after its label, as in: %s", example)
	}
	if classify(cmd) != kindAction {
		return Try{}, errAt(d.Pos, "try's command is %q; it takes one action, such as crash, restart, produce or cut", cmd)
	}
	for i := range args {
		args[i].Pos = d.Pos
	}
	c := Directive{Pos: d.Pos, Cmd: cmd, Args: args, Line: tail}
	if isRate(c) {
		return Try{}, errAt(d.Pos, "try's produce sends records at once (values= or count=), not at a rate=")
	}
	if c.Cmd == "create-topic" {
		return Try{}, errAt(d.Pos, "try's command changes the running cluster; create-topic is not one")
	}
	ec, cerr := toCommandWithEvents(c, kafka)
	if cerr != nil {
		return Try{}, cerr
	}
	return Try{Line: d.Pos.Line, Label: label, Cmd: ec}, nil
}
