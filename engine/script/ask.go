package script

import (
	"strings"

	"kplay/engine"
)

// Ask is a predict-then-reveal question of a lesson script:
//
//	ask "Which broker leads after broker 1 is fenced?" options=(b2, b3, nobody) answer=b2
//
// In lesson mode the page pauses at At until the reader picks an option,
// then shows the answer. kplay run prints the question, the options and
// the answer; the engine never sees it.
type Ask struct {
	At       engine.Time
	Line     int
	Question string
	Options  []string
	// Answer is one of Options.
	Answer string
	// Why is the why directive that directly follows the ask: a sentence
	// or two on why the answer is right, shown after the reader answers;
	// "" without one.
	Why string
	// ShowAt is the why directive's show= time, the moment that shows the
	// answer (absolute, as At); -1 when there is no why or it has no show=.
	ShowAt engine.Time
}

// MaxAskOptions bounds an ask directive's options.
const MaxAskOptions = 8

// parseAsk reads an ask directive. The question is the double-quoted text
// after "ask" on the directive line; options=(...) lists 2 to MaxAskOptions
// choices and answer= names one of them. Parse splits only what follows
// the question into arguments, so the question may hold any text, with
// \" for a double quote and \\ for a backslash; in a datadriven test file
// the question must also split as datadriven splits lines (no lone "=").
func parseAsk(d Directive) (Ask, *Error) {
	a := Ask{Line: d.Pos.Line, ShowAt: -1}
	q, _, open, closed, err := leadText(d)
	switch {
	case err != nil:
		return a, err
	case !open:
		return a, errAt(d.Pos, `ask needs a question in double quotes first: ask "Which broker leads now?" options=(b1, b2) answer=b1`)
	case !closed:
		return a, errAt(d.Pos, "the question has no closing double quote")
	case q == "":
		return a, errAt(d.Pos, "the question is empty")
	}
	a.Question = q
	// The arguments after the question, as parsed.
	var sawOptions, sawAnswer bool
	var answerPos Pos
	for _, arg := range d.Args {
		switch arg.Key {
		case "options":
			if sawOptions {
				return a, errAt(arg.Pos, "options is given twice")
			}
			sawOptions = true
			for _, o := range arg.Vals {
				o = strings.TrimSpace(o)
				if o == "" {
					return a, errAt(arg.Pos, "an option is empty")
				}
				for _, prev := range a.Options {
					if prev == o {
						return a, errAt(arg.Pos, "option %q is listed twice", o)
					}
				}
				a.Options = append(a.Options, o)
			}
		case "answer":
			v, err := single(arg)
			if err != nil {
				return a, err
			}
			sawAnswer, answerPos = true, arg.Pos
			a.Answer = strings.TrimSpace(v)
		default:
			if arg.Vals == nil {
				return a, errAt(arg.Pos, "%q follows the question; ask takes only options=(...) and answer=... after it", arg.Key)
			}
			return a, errAt(arg.Pos, "ask takes options= and answer=, not %s=", arg.Key)
		}
	}
	switch {
	case !sawOptions || len(a.Options) < 2:
		return a, errAt(d.Pos, "ask needs options=(...) with at least two choices")
	case len(a.Options) > MaxAskOptions:
		return a, errAt(d.Pos, "ask takes at most %d options", MaxAskOptions)
	case !sawAnswer:
		return a, errAt(d.Pos, "ask needs answer= naming one of the options")
	}
	for _, o := range a.Options {
		if o == a.Answer {
			return a, nil
		}
	}
	return a, errAt(answerPos, "answer %q is not one of the options (%s)", a.Answer, strings.Join(a.Options, ", "))
}

// compileAsk reads an ask directive into the scenario's Asks, at now, and
// returns the question as kplay run prints it.
func compileAsk(s *scene, d Directive) (string, *Error) {
	a, err := parseAsk(d)
	if err != nil {
		return "", err
	}
	a.At = s.now
	s.sc.Asks = append(s.sc.Asks, a)
	s.whyPos = append(s.whyPos, Pos{})
	return a.String(), nil
}

// String prints the question as kplay run shows it.
func (a Ask) String() string {
	return "ask: " + a.Question + " (" + strings.Join(a.Options, " | ") + ") answer: " + a.Answer
}
