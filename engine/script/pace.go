package script

import (
	"fmt"
	"slices"
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

// compileSpeed reads a speed directive into the scenario's Pace.
func compileSpeed(s *scene, d Directive) (string, *Error) {
	p, err := parsePace(d)
	if err != nil {
		return "", err
	}
	s.sc.Pace = p
	return "", nil
}

// Try is a try directive: a one-click suggestion the page offers from the
// moment it stands at, a label in double quotes and one action command,
// then, when the label says something that stops being true, while= and
// what it says, as claims (TryClaim):
//
//	try "Restart broker 1" restart 1
//	try "Restart broker 1 before the controller fences it" restart 1 while=(b1 unfenced)
//
// At is the time the commands above it reach, as for a say; Line is the
// 1-based script line. The command is checked as the script's own would
// be, but never runs in the script: it runs only when the reader clicks
// it (the Runner prints ok). The page offers it only while every claim of
// While holds: lesson 8 offered "Restart broker 1 before the controller
// fences it" beside "broker 1: fenced at 00:00:19.000".
type Try struct {
	At    engine.Time
	Line  int
	Label string
	Cmd   engine.Command
	While []TryClaim
}

// TryClaim is one claim of a try directive's while=, what its label says
// of the cluster now. The page judges it (site.ClaimHolds); here it is
// only read. Written as words, a broker as bN, a partition as TOPIC-P
// (the first partition, the one the page draws, when left out):
//
//	bN up | bN down                   the broker's process runs, or not
//	bN fenced | bN unfenced           the controller has fenced it, or not
//	bN leads [T-P]                    it leads the partition and runs
//	bN follows [T-P]                  it runs, is a replica, and another broker leads
//	bN in isr [T-P] | bN not in isr [T-P]
//	bN in elr [T-P] | bN not in elr [T-P]
//	bN has VALUE [T-P] | bN lacks VALUE [T-P]   its replica's log holds the record, or not
//	bN cut from bM | bN reaches bM    the network between them is cut (a cut, a split, an isolation), or not
//	no leader [T-P]                   the partition has no leader
type TryClaim struct {
	// What is the claim's kind: "up", "down", "fenced", "unfenced",
	// "leads", "follows", "in isr", "not in isr", "in elr", "not in elr",
	// "has", "lacks", "cut from", "reaches" or "no leader".
	What string
	// Broker is the broker the claim is about (0 for no leader), Other
	// the second one of cut from and reaches.
	Broker, Other engine.BrokerID
	// Value is the record of has and lacks.
	Value string
	// TP is the partition, when HasTP; else the first partition.
	TP    engine.TopicPartition
	HasTP bool
	// Text is the claim as written.
	Text string
}

// String is the claim as written.
func (c TryClaim) String() string { return c.Text }

// tryClaimSynopsis is the error messages' list of what while= states.
const tryClaimSynopsis = "bN up|down|fenced|unfenced, bN leads|follows [T-P], bN [not] in isr|elr [T-P], bN has|lacks VALUE [T-P], bN cut from|reaches bM, or no leader [T-P]"

// parseTryClaim reads one claim of while= (TryClaim).
func parseTryClaim(text string) (TryClaim, error) {
	c := TryClaim{Text: strings.TrimSpace(text)}
	w := strings.Fields(c.Text)
	bad := fmt.Errorf("while=: %q is not a claim; write %s", c.Text, tryClaimSynopsis)
	if len(w) >= 2 && w[0] == "no" && w[1] == "leader" {
		c.What = "no leader"
		return c, c.readTP(w[2:], bad)
	}
	if len(w) < 2 {
		return c, bad
	}
	b, ok := claimBroker(w[0])
	if !ok {
		return c, bad
	}
	c.Broker = b
	rest, takesTP, ok := c.readWhat(w)
	switch {
	case !ok:
		return c, bad
	case takesTP:
		return c, c.readTP(rest, bad)
	}
	return c, nil
}

// claimBroker reads a claim's broker, written bN.
func claimBroker(s string) (engine.BrokerID, bool) {
	if !strings.HasPrefix(s, "b") {
		return 0, false
	}
	n, err := parseInt(s[1:], 1, engine.MaxBrokers)
	return engine.BrokerID(n), err == nil
}

// readWhat reads what a claim w ("bN ...") states of its broker into c:
// What, and Value or Other. rest is the words left for a partition where
// one may follow (takesTP); ok is false for no claim.
func (c *TryClaim) readWhat(w []string) (rest []string, takesTP, ok bool) {
	switch {
	case len(w) == 2 && slices.Contains([]string{"up", "down", "fenced", "unfenced"}, w[1]):
		c.What = w[1]
		return nil, false, true
	case w[1] == "leads" || w[1] == "follows":
		c.What = w[1]
		return w[2:], true, true
	case len(w) >= 3 && w[1] == "in" && (w[2] == "isr" || w[2] == "elr"):
		c.What = "in " + w[2]
		return w[3:], true, true
	case len(w) >= 4 && w[1] == "not" && w[2] == "in" && (w[3] == "isr" || w[3] == "elr"):
		c.What = "not in " + w[3]
		return w[4:], true, true
	case len(w) >= 3 && (w[1] == "has" || w[1] == "lacks"):
		c.What, c.Value = w[1], w[2]
		return w[3:], true, true
	case len(w) == 4 && w[1] == "cut" && w[2] == "from", len(w) == 3 && w[1] == "reaches":
		c.What = "reaches"
		if w[1] == "cut" {
			c.What = "cut from"
		}
		o, ok := claimBroker(w[len(w)-1])
		if !ok || o == c.Broker {
			return nil, false, false
		}
		c.Other = o
		return nil, false, true
	}
	return nil, false, false
}

// readTP reads a claim's optional partition: rest is what follows the
// claim's words, none or one partition; bad is the error for more.
func (c *TryClaim) readTP(rest []string, bad error) error {
	switch len(rest) {
	case 0:
		return nil
	case 1:
		p, err := ParseTP(rest[0])
		if err != nil {
			return fmt.Errorf("while=: %q: %v", c.Text, err)
		}
		c.TP, c.HasTP = p, true
		return nil
	}
	return bad
}

// MaxTryBytes bounds a try directive's label, and MaxTries the try
// directives of one script.
const (
	MaxTryBytes = 80
	MaxTries    = 12
)

// compileTry reads a try directive into the scenario's Tries, at now: a
// suggestion acts on the cluster, so it comes after the cluster
// directive, and its command and claims are checked against the cluster
// as the directives above define it.
func compileTry(s *scene, d Directive) (string, *Error) {
	if !s.haveCluster {
		return "", errAt(d.Pos, "no cluster yet: a suggestion acts on the cluster, so try comes after the cluster directive")
	}
	t, err := parseTry(d, s.sc.Config.Kafka, &s.sh, s.actions)
	if err != nil {
		return "", err
	}
	t.At = s.now
	s.sc.Tries = append(s.sc.Tries, t)
	return "", nil
}

// parseTry reads a try directive: its quoted label, then one action
// command (crash, restart, produce without rate=, cut, ...) on a cluster
// of release kafka, read by its row in actions (the directive table), and
// its while= claims. The command and the claims are also checked against
// sh, the cluster as the script defines it at the try (shape.checkTry): a
// try that could never run is an error. Every error stands at the
// argument it is about.
func parseTry(d Directive, kafka engine.Release, sh *shape, actions func(string) (DirectiveSpec, bool)) (Try, *Error) {
	const example = `try "Restart broker 1" restart 1`
	label, err := quotedText(d, MaxTryBytes, example)
	if err != nil {
		return Try{}, err
	}
	// Parse split what follows the label into arguments, with their
	// columns: the command's name is the first.
	if len(d.Args) == 0 {
		return Try{}, errAt(d.Pos, "try needs a command after its label, as in: %s", example)
	}
	head, args := d.Args[0], d.Args[1:]
	row, known := actions(head.Key)
	if head.Vals != nil || !known || !row.Layer.acts() {
		return Try{}, errAt(head.Pos, "try's command is %q; it takes one action, such as crash, restart, produce or cut", head.Key)
	}
	while, whileArg, kept, err := tryClaims(head, args)
	if err != nil {
		return Try{}, err
	}
	_, tail, _, _, _ := leadText(d) // quotedText read the label
	c := Directive{Pos: head.Pos, Cmd: head.Key, Args: kept, Line: strings.TrimSpace(tail)}
	if isRate(c) {
		return Try{}, errAt(c.Pos, "try's produce sends records at once (values= or count=), not at a rate=")
	}
	if c.Cmd == "create-topic" {
		return Try{}, errAt(c.Pos, "try's command changes the running cluster; create-topic is not one")
	}
	ec, cerr := row.command(withoutEvents(c), kafka)
	if cerr != nil {
		return Try{}, looseWords(c.Cmd, args, cerr)
	}
	if err := sh.checkTry(c, ec); err != nil {
		return Try{}, err
	}
	if err := sh.checkClaims(whileArg, while); err != nil {
		return Try{}, err
	}
	return Try{Line: d.Pos.Line, Label: label, Cmd: ec, While: while}, nil
}

// tryClaims reads a try's while= among args, the arguments after its
// command head: the claims, the while= argument itself, and the other
// arguments, which are the command's.
func tryClaims(head Arg, args []Arg) (while []TryClaim, whileArg Arg, kept []Arg, err *Error) {
	kept = make([]Arg, 0, len(args))
	for _, a := range args {
		if a.Key != "while" {
			kept = append(kept, a)
			continue
		}
		if a.Vals == nil || while != nil {
			return nil, Arg{}, nil, errAt(a.Pos, "try takes one while=(CLAIM, ...), such as while=(b1 unfenced)")
		}
		whileArg = a
		for _, v := range a.Vals {
			c, err := parseTryClaim(v)
			if err != nil {
				return nil, Arg{}, nil, looseWords(head.Key, args, errAt(a.Pos, "%v", err))
			}
			while = append(while, c)
		}
	}
	return while, whileArg, kept, nil
}
