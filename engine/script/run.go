package script

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"kplay/engine"
)

// Runner executes a script's directives one by one against a cluster, and
// returns each directive's output text. It is what kplay run, kplay test
// and the golden tests use.
type Runner struct {
	// Variant is the label of the vs line whose variant this run plays
	// (its directives from ApplyVariant), "" for the base: an expect
	// with vs="LABEL" is checked only where it equals LABEL, one without
	// only where it is "".
	Variant string

	c *engine.Cluster
	// records counts the records the script has produced, against
	// MaxScriptRecords.
	records int
	// cursor is the first event not yet printed.
	cursor int
	// story checks where title, summary and why directives stand.
	story storyOrder
	// scene is what the story, lesson and check directives are read
	// against, as Compile reads them: the cluster as the directives so far
	// define it, against which a try's command is checked.
	scene scene
	// rates holds rate producers' records due later, applied as the
	// clock passes them.
	rates rateQueue
	// violations are the rule names of the invariant violations the run
	// has shown so far (EvViolation events), in the order first seen, for
	// expect violations=.
	violations []string
	// maxEvents is the limit on the events the script makes, for tests;
	// 0 means MaxScriptEvents.
	maxEvents int
}

// The limits on what one script may make kplay do (docs/design.md §9).
// MaxScriptSpan bounds how far past the cluster's start a script reaches
// in simulated time: no directive's moment and no rate producer's record
// may be later than the start plus one hour, as one advance or run moves
// at most MaxSpan. MaxScriptEvents bounds the events the script makes,
// counted while it runs: kplay run holds every one (about 190 bytes of Go
// heap each), so two million are some 380 MB; nine brokers and twelve
// partitions producing 120 records a second for ten minutes make about
// 1.8 million. A script past either limit stops at the directive that
// reached it, with an error saying which limit it was.
const (
	MaxScriptSpan   = engine.Time(60 * 60 * 1000)
	MaxScriptEvents = 2_000_000
)

// checkSpan returns the error for a directive at pos whose moment t is
// past MaxScriptSpan from start, nil for one within it.
func checkSpan(pos Pos, t, start engine.Time) *Error {
	if t-start <= MaxScriptSpan {
		return nil
	}
	return errAt(pos, "this reaches %s, %s after the script's start; a script spans at most %s of simulated time "+spanLimitTag,
		engine.FormatTime(t), SpanText(t-start), SpanText(MaxScriptSpan))
}

// spanLimitTag ends the message of checkSpan's error.
const spanLimitTag = "(kplay's limit, MaxScriptSpan)"

// IsSpanLimit says whether err is a script's refusal for reaching past
// MaxScriptSpan, which Compile finds without running anything: kplay run
// refuses such a script before it runs, as a page does.
func IsSpanLimit(err error) bool {
	var e *Error
	return errors.As(err, &e) && strings.HasSuffix(e.Msg, spanLimitTag)
}

// EventsLimitMsg says that a script made more than limit events by the
// moment at: the message of the error at the directive that did.
func EventsLimitMsg(limit int, at engine.Time) string {
	return fmt.Sprintf("the script has made more than %s events by %s, kplay's limit for one script (MaxScriptEvents); it stops here: shorten its span or lighten its load",
		thousands(limit), engine.FormatTime(at))
}

// SpanText prints a span of simulated ms as the script writes durations:
// "10h", "1h 30m", "2m 5s", "1.5s" or "20ms".
func SpanText(d engine.Time) string {
	h, m, sec, ms := d/3_600_000, d/60_000%60, d/1000%60, d%1000
	var parts []string
	if h > 0 {
		parts = append(parts, fmt.Sprintf("%dh", h))
	}
	if m > 0 {
		parts = append(parts, fmt.Sprintf("%dm", m))
	}
	switch {
	case sec > 0 && ms > 0:
		parts = append(parts, fmt.Sprintf("%d.%03ds", sec, ms))
	case sec > 0:
		parts = append(parts, fmt.Sprintf("%ds", sec))
	case ms > 0 || len(parts) == 0:
		parts = append(parts, fmt.Sprintf("%dms", ms))
	}
	return strings.Join(parts, " ")
}

// thousands prints n with commas: 2,000,000.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func (r *Runner) eventLimit() int {
	if r.maxEvents > 0 {
		return r.maxEvents
	}
	return MaxScriptEvents
}

// advanceTo moves the clock to t as engine.Cluster.AdvanceTo does, one
// delivery or timer at a time, and stops with the error of directive d
// once the script has made more than its limit of events.
func (r *Runner) advanceTo(d Directive, t engine.Time) *Error {
	c, limit := r.c, r.eventLimit()
	for c.EventCount() <= limit {
		at, ok := c.NextAt()
		if !ok || at > t {
			c.AdvanceTo(t)
			return nil
		}
		c.Step()
	}
	return &Error{Pos: d.Pos, Msg: EventsLimitMsg(limit, c.Now())}
}

// checkEvents returns the error of directive d if the script has made
// more than its limit of events.
func (r *Runner) checkEvents(d Directive) *Error {
	if r.c.EventCount() > r.eventLimit() {
		return &Error{Pos: d.Pos, Msg: EventsLimitMsg(r.eventLimit(), r.c.Now())}
	}
	return nil
}

// Cluster returns the runner's cluster, nil before the cluster directive.
func (r *Runner) Cluster() *engine.Cluster { return r.c }

// Exec runs one directive and returns its output ("ok" when there is
// nothing to print). Errors are *Error values with the directive's position.
func (r *Runner) Exec(d Directive) (string, error) {
	out, err := r.exec(d)
	if err != nil {
		err = looseWords(d.Cmd, d.Args, err)
		return "", err
	}
	if out == "" {
		out = "ok\n"
	}
	if !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	return out, nil
}

// exec runs directive d by its row; a story directive that says nothing
// of the cluster, and the cluster itself, come first, everything else
// needs the cluster.
func (r *Runner) exec(d Directive) (string, *Error) {
	s, ok := LookupDirective(d.Cmd)
	if !ok {
		return "", unknownCommand(d)
	}
	if err := r.story.see(d); err != nil {
		return "", err
	}
	if s.clusterFree { // a title, summary or source may stand above the cluster
		return s.compile(&r.scene, d)
	}
	if s.Layer == LayerCluster {
		return "", r.cluster(s, d)
	}
	if r.c == nil {
		return "", errAt(d.Pos, "no cluster yet: start the script with a cluster directive, such as cluster brokers=3")
	}
	switch {
	case s.Layer.acts():
		return r.action(d)
	case s.Layer == LayerClock:
		return r.clock(s, d)
	case s.observe != nil:
		return s.observe(r, d)
	}
	r.scene.now = r.c.Now()
	return s.compile(&r.scene, d)
}

// cluster runs the cluster directive: the script's one cluster.
func (r *Runner) cluster(s DirectiveSpec, d Directive) *Error {
	if r.c != nil {
		return errAt(d.Pos, "the cluster already exists; a script has one cluster directive")
	}
	cfg, err := s.config(d)
	if err != nil {
		return err
	}
	c, e := engine.New(cfg)
	if e != nil {
		return errAt(d.Pos, "%s", strings.TrimPrefix(e.Error(), "engine: "))
	}
	r.c = c
	r.scene.setCluster(cfg)
	return nil
}

// action applies an admin, client or fault directive to the cluster and
// prints the events it made; a rate producer applies its first record
// now and queues the rest.
func (r *Runner) action(d Directive) (string, *Error) {
	cats, err := categories(d, engine.CatDefault)
	if err != nil {
		return "", err
	}
	if isRate(d) {
		steps, err := expandRate(d, r.c.Now(), d.Pos.Line, &r.records, r.c.Config().Kafka)
		if err != nil {
			return "", err
		}
		if err := checkSpan(d.Pos, steps[len(steps)-1].At, r.c.Config().Start); err != nil {
			return "", err
		}
		if e := r.c.Apply(steps[0].Cmd); e != nil {
			return "", errAt(d.Pos, "%s", strings.TrimPrefix(e.Error(), "engine: "))
		}
		r.rates.add(steps[1:])
		if err := r.checkEvents(d); err != nil {
			return "", err
		}
		return r.flush(cats), nil
	}
	cmd, err := toCommandWithEvents(d, r.c.Config().Kafka)
	if err != nil {
		return "", err
	}
	if err := countRecords(d, cmd, &r.records); err != nil {
		return "", err
	}
	if e := r.c.Apply(cmd); e != nil {
		return "", errAt(d.Pos, "%s", strings.TrimPrefix(e.Error(), "engine: "))
	}
	r.scene.sh.see(cmd)
	if err := r.checkEvents(d); err != nil {
		return "", err
	}
	return r.flush(cats), nil
}

// clock runs an advance, run or step: the clock moves, the rate
// producers' records due on the way are applied at their times, and the
// events are printed.
func (r *Runner) clock(s DirectiveSpec, d Directive) (string, *Error) {
	cats, err := categories(d, engine.CatDefault)
	if err != nil {
		return "", err
	}
	if s.target == nil { // a step
		if len(r.rates) > 0 {
			return "", stepError(d)
		}
		return r.step(s, d)
	}
	t, err := s.target(d, r.c.Now(), r.c.Config().Start)
	if err != nil {
		return "", err
	}
	if err := checkSpan(d.Pos, t, r.c.Config().Start); err != nil {
		return "", err
	}
	for _, st := range r.rates.due(t) {
		if err := r.advanceTo(d, st.At); err != nil {
			return "", err
		}
		if e := r.c.Apply(st.Cmd); e != nil {
			return "", errAt(Pos{st.Line, 1}, "%s", strings.TrimPrefix(e.Error(), "engine: "))
		}
	}
	if err := r.advanceTo(d, t); err != nil {
		return "", err
	}
	return r.flush(cats), nil
}

// toCommandWithEvents is toCommand, tolerating the events= argument that
// every state-changing directive takes.
func toCommandWithEvents(d Directive, kafka engine.Release) (engine.Command, *Error) {
	return toCommand(withoutEvents(d), kafka)
}

// withoutEvents is d without its events= argument, which every
// state-changing directive takes and no action's reader reads.
func withoutEvents(d Directive) Directive {
	args := d.Args[:0:0]
	for _, a := range d.Args {
		if a.Key != "events" {
			args = append(args, a)
		}
	}
	d.Args = args
	return d
}

// countRecords adds a produce command's records to *n and fails past
// MaxScriptRecords.
func countRecords(d Directive, cmd engine.Command, n *int) *Error {
	if p, ok := cmd.(engine.Produce); ok {
		*n += len(p.Values)
		if *n > MaxScriptRecords {
			return errAt(d.Pos, "the script produces more than %d records in all", MaxScriptRecords)
		}
	}
	return nil
}

// step processes n scheduled items and prints every event they caused.
func (r *Runner) step(s DirectiveSpec, d Directive) (string, *Error) {
	n, err := s.steps(d)
	if err != nil {
		return "", err
	}
	cats, err := categories(d, engine.CatAll&^engine.CatCommand)
	if err != nil {
		return "", err
	}
	for i := int64(0); i < n && r.c.Step(); i++ {
		if err := r.checkEvents(d); err != nil {
			return "", err
		}
	}
	return r.flush(cats), nil
}

// flush prints the events since the last flush in categories cats.
func (r *Runner) flush(cats engine.Category) string {
	evs := r.c.Events(r.cursor)
	r.cursor += len(evs)
	var b strings.Builder
	for _, e := range evs {
		if e.Kind == engine.EvViolation {
			if rule, _, _ := strings.Cut(e.Text, ":"); !slices.Contains(r.violations, rule) {
				r.violations = append(r.violations, rule)
			}
		}
		if e.Kind.Category()&cats != 0 {
			b.WriteString(FormatEvent(e))
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// FormatEvent prints an event as one line: its time, then its sentence.
func FormatEvent(e engine.Event) string {
	return engine.FormatTime(e.At) + " " + e.String()
}

// StateText prints each partition's leader, epochs and ISR, then each
// replica's role, LEO, HW and leader epoch, then the consumers.
func StateText(s engine.State, only *engine.TopicPartition) string {
	var b strings.Builder
	for _, p := range s.Partitions {
		if only != nil && p.TP != *only {
			continue
		}
		leader := "none"
		if p.Leader != engine.NoLeader {
			leader = engine.Broker(p.Leader).String()
		}
		fmt.Fprintf(&b, "%s: leader %s, leader epoch %d, partition epoch %d, ISR %s\n", p.TP, leader, p.LeaderEpoch, p.PartitionEpoch, engine.JoinIDs(p.ISR))
		var t strings.Builder
		w := tabwriter.NewWriter(&t, 0, 0, 2, ' ', 0)
		for _, id := range p.Replicas {
			r, ok := s.Replica(id, p.TP)
			if !ok {
				continue
			}
			role := "follower"
			if r.Leader {
				role = "leader"
			}
			if !brokerAlive(s, id) {
				role = "down"
			}
			fetch := ""
			switch {
			case r.FetchParked:
				fetch = fmt.Sprintf("fetch from %d held open by b%d", r.FetchOffset, p.Leader)
			case r.FetchOffset >= 0:
				fetch = fmt.Sprintf("fetch from %d in flight", r.FetchOffset)
			}
			if r.LogStart > 0 {
				// Retention moved the log start offset (retention.go).
				fetch = strings.TrimSpace(fmt.Sprintf("log start %d  %s", r.LogStart, fetch))
			}
			if h, queued := brokerHung(s, id); h != 0 {
				// A half-alive broker (hang): what it no longer answers,
				// and how many requests wait in its queue.
				fetch = strings.TrimSpace(fetch + fmt.Sprintf("  hung for %s, %d request(s) queued", h, queued))
			}
			fmt.Fprintf(w, "  %s\t%s\tLEO %d\tHW %d\tleader epoch %d\t%s\n", engine.Broker(id), role, r.LEO, r.HW, r.LeaderEpoch, fetch)
		}
		w.Flush()
		b.WriteString(trimLines(t.String()))
	}
	for _, k := range s.Consumers {
		if only != nil && k.TP != *only {
			continue
		}
		fmt.Fprintf(&b, "consumer %s: %s position %d, %d record(s) read, fetching from %s%s\n", k.ID, k.TP, k.Position, len(k.Read), engine.Broker(k.Broker), groupText(k))
	}
	return b.String()
}

func brokerAlive(s engine.State, id engine.BrokerID) bool {
	for _, b := range s.Brokers {
		if b.ID == id {
			return b.Alive
		}
	}
	return false
}

// brokerHung is broker id's hang scope (0: it serves) and its queue's
// length.
func brokerHung(s engine.State, id engine.BrokerID) (engine.HangScope, int) {
	for _, b := range s.Brokers {
		if b.ID == id && b.Alive {
			return b.Hung, b.Queued
		}
	}
	return 0, 0
}

// LogText prints each replica's log of tp from offset from, one replica per
// line, with "|" where the replica's high watermark falls.
func LogText(s engine.State, tp engine.TopicPartition, from engine.Offset) string {
	p, _ := s.Partition(tp)
	var b strings.Builder
	for _, id := range p.Replicas {
		r, ok := s.Replica(id, tp)
		if !ok {
			continue
		}
		role := "follower"
		if r.Leader {
			role = "leader"
		}
		if !brokerAlive(s, id) {
			role = "down"
		}
		fmt.Fprintf(&b, "%s %-8s LEO %d HW %d", engine.Broker(id), role, r.LEO, r.HW)
		if r.LogStart > 0 {
			fmt.Fprintf(&b, " log start %d", r.LogStart) // retention deleted the offsets below it
		}
		b.WriteByte(':')
		if from > r.LogStart && from < r.LEO {
			b.WriteString(" …")
		}
		for _, rec := range r.Log {
			if rec.Offset < from {
				continue
			}
			if rec.Offset == r.HW {
				b.WriteString(" |")
			}
			fmt.Fprintf(&b, " %d:%s", rec.Offset, rec.Value)
		}
		if r.HW == r.LEO && r.LEO > from {
			b.WriteString(" |")
		}
		if r.LEO == r.LogStart {
			b.WriteString(" (empty)")
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// FetchRoundsText prints fetch rounds as the lesson's table: Tick, Leader log
// end, Follower asks from, Leader returns, Follower log end after.
func FetchRoundsText(rounds []engine.FetchRound) string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "Tick\tLeader log end\tFollower asks from\tLeader returns\tFollower log end after")
	for i, r := range rounds {
		fmt.Fprintf(w, "%d\t%d\toffset %d\t%s\t%d\n", i+1, r.LeaderLogEnd, r.AskedFrom, engine.ReturnsPhrase(r.AskedFrom, r.Returned), r.LogEndAfter)
	}
	w.Flush()
	return trimLines(b.String())
}

// trimLines removes the trailing spaces tabwriter leaves.
func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// RunAll runs every directive of a script and returns each output, or the
// first error.
func RunAll(dirs []Directive) ([]string, error) {
	var r Runner
	outs := make([]string, 0, len(dirs))
	for _, d := range dirs {
		out, err := r.Exec(d)
		if err != nil {
			return outs, err
		}
		outs = append(outs, out)
	}
	return outs, nil
}

// ErrorPos returns the position of a script error, if err is one.
func ErrorPos(err error) (Pos, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e.Pos, true
	}
	return Pos{}, false
}

// groupText is a group consumer's group, committed offset and leader
// epoch for its state line ("" for a consumer without a group.id).
func groupText(k engine.ConsumerState) string {
	if k.Group == "" {
		return ""
	}
	s := ", group " + k.Group + ", committed "
	if k.Committed < 0 {
		s += "none"
	} else {
		s += fmt.Sprintf("%d", k.Committed)
		if k.CommittedEpoch >= 0 {
			s += fmt.Sprintf(" (leader epoch %d)", k.CommittedEpoch)
		} else {
			s += " (no leader epoch)"
		}
	}
	if k.Closed {
		s += ", closed"
	}
	return s
}
