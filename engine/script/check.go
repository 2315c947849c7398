package script

import (
	"fmt"
	"strings"

	"kplay/engine"
	"kplay/engine/internal/rng"
)

// CheckMode is the configuration a random check runs under.
type CheckMode uint8

// The modes of kplay check.
const (
	// CheckSafe is acks=all, min.insync.replicas=2, RF 3, unclean election
	// off: Kafka promises no acknowledged write is ever lost to crashes,
	// restarts, controlled shutdowns and network faults.
	CheckSafe CheckMode = iota
	// CheckUnclean turns unclean.leader.election.enable on.
	CheckUnclean
	// CheckAcks1 produces with acks=1.
	CheckAcks1
	// CheckMinISR1 sets min.insync.replicas=1, so that acks=all is
	// answered by a leader alone in its ISR, and draws power losses as
	// CheckUnflushed does. (Against kill -9 and network faults alone
	// min.insync.replicas=1 loses nothing with unclean election off: the
	// last ISR member keeps its log on disk and the partition waits for
	// it, offline.)
	CheckMinISR1
	// CheckUnflushed is the safe configuration with crashes that also
	// lose each log's unflushed tail (crash lose-unflushed=N), a power
	// loss. Kafka does not fsync each write (log.flush.interval.messages
	// is Long.MAX_VALUE): it counts on replication, so it does not
	// promise an acknowledged write survives every replica that holds it
	// losing its page cache at once.
	CheckUnflushed
)

// CheckModes lists every mode, in the order kplay check -mode all runs them.
func CheckModes() []CheckMode {
	return []CheckMode{CheckSafe, CheckUnclean, CheckAcks1, CheckMinISR1, CheckUnflushed}
}

// String names the mode as kplay check's -mode flag does.
func (m CheckMode) String() string {
	switch m {
	case CheckUnclean:
		return "unclean"
	case CheckAcks1:
		return "acks1"
	case CheckMinISR1:
		return "minisr1"
	case CheckUnflushed:
		return "unflushed"
	}
	return "safe"
}

// ExpectsLoss says whether runs under m may lose acknowledged or committed
// writes: every mode but CheckSafe.
func (m CheckMode) ExpectsLoss() bool { return m != CheckSafe }

// ParseCheckMode reads a mode name.
func ParseCheckMode(s string) (CheckMode, error) {
	for _, m := range CheckModes() {
		if m.String() == s {
			return m, nil
		}
	}
	return 0, fmt.Errorf("unknown mode %q (safe, unclean, acks1, minisr1, unflushed)", s)
}

// RandomScenario writes the script of one random run: a workload of
// produces and a fault schedule drawn from seed, then a quiet period with
// every fault undone so that the cluster can converge. The same seed and
// mode always give the same text.
//
// The faults are kill -9 crashes, crashes that also lose each log's
// unflushed tail (crash lose-unflushed=N: a power loss, since Kafka does
// not fsync each write, docs/kafka-rules.md §1.8), restarts, controlled
// shutdowns, bounces (a crash or a controlled shutdown restarted within
// broker.session.timeout.ms, 9 s, so the controller sees the new
// incarnation before it fences the old one: BrokerHeartbeatManager,
// ReplicationControlManager.handleBrokerUncleanShutdown for the crash),
// isolations, network splits, one-link cuts (both ways, or one way: cut A
// B one-way), slow links, lossy links, half-alive brokers (hang B
// requests=replicas|clients|all, and resume B), preferred leader elections
// and heals. A hung broker that crashes or shuts down is no longer hung;
// every broker still hung is resumed before the quiet period.
func RandomScenario(seed uint64, mode CheckMode) string {
	r := rng.New(seed ^ 0x6b706c6179) // "kplay": keep the workload apart from the cluster's own draws
	var b strings.Builder
	fmt.Fprintf(&b, "# title: kplay check, mode %s, seed %d\n", mode, seed)
	acks := "all"
	extra := ""
	minISR := 2
	switch mode {
	case CheckUnclean:
		extra = " unclean.leader.election.enable=true"
	case CheckAcks1:
		acks = "1"
	case CheckMinISR1:
		minISR = 1
	}
	brokers := 3 + r.Intn(3)
	fmt.Fprintf(&b, "cluster brokers=%d seed=%d latency=(1,5) min.insync.replicas=%d replica.lag.time.max.ms=3000%s\n", brokers, seed, minISR, extra)
	parts := 1 + r.Intn(3)
	fmt.Fprintf(&b, "create-topic t partitions=%d rf=3\n", parts)
	fmt.Fprintf(&b, "consume t-0 from=earliest\n")
	w := randomRun{r: &r, b: &b, mode: mode, acks: acks, brokers: brokers, parts: parts,
		down: make([]bool, brokers+1), hung: make([]bool, brokers+1)}
	for step := 0; step < 40; step++ {
		fmt.Fprintf(&b, "advance %dms\n", 10+r.Intn(3000))
		w.draw()
	}
	for id := 1; id <= brokers; id++ {
		if w.hung[id] {
			fmt.Fprintf(&b, "resume %d\n", id)
		}
	}
	fmt.Fprintf(&b, "heal\n")
	for id := 1; id <= brokers; id++ {
		if w.down[id] {
			fmt.Fprintf(&b, "restart %d\n", id)
		}
	}
	fmt.Fprintf(&b, "advance 60s\n")
	return b.String()
}

// randomRun is RandomScenario's schedule as it is drawn: the script so
// far, and which brokers are down or hung.
type randomRun struct {
	r              *rng.Rand
	b              *strings.Builder
	mode           CheckMode
	acks           string
	brokers, parts int
	down, hung     []bool
	// n counts the records produced, for their values v1, v2, ...
	n int
}

// draw writes one drawn directive: a produce 11 times in 31, else a
// fault (fault).
func (w *randomRun) draw() {
	k := w.r.Intn(31)
	if k >= 11 {
		w.fault(k)
		return
	}
	vals := make([]string, 1+w.r.Intn(3))
	for i := range vals {
		w.n++
		vals[i] = fmt.Sprintf("v%d", w.n)
	}
	fmt.Fprintf(w.b, "produce t-%d producer=p%d values=(%s) acks=%s\n", w.r.Intn(w.parts), 1+w.r.Intn(3), strings.Join(vals, ", "), w.acks)
}

// crash draws a kill -9, or under CheckUnflushed and CheckMinISR1 as
// often a power loss; the draws are made in every mode so that the
// schedules of the modes stay alike.
func (w *randomRun) crash(id int) string {
	lose, power := 1+w.r.Intn(3), w.r.Intn(2) == 0
	if (w.mode == CheckUnflushed || w.mode == CheckMinISR1) && power {
		return fmt.Sprintf("crash %d lose-unflushed=%d\n", id, lose)
	}
	return fmt.Sprintf("crash %d\n", id)
}

// fault writes the fault that draw k (11 to 30) picks.
func (w *randomRun) fault(k int) {
	r, b, brokers := w.r, w.b, w.brokers
	switch {
	case k < 13:
		if id := pick(r, w.down, false); id > 0 {
			b.WriteString(w.crash(id))
			w.down[id], w.hung[id] = true, false
		}
	case k < 15:
		if id := pick(r, w.down, true); id > 0 {
			fmt.Fprintf(b, "restart %d\n", id)
			w.down[id] = false
		}
	case k < 16:
		if id := pick(r, w.down, false); id > 0 {
			fmt.Fprintf(b, "shutdown %d\n", id)
			w.down[id], w.hung[id] = true, false
		}
	case k < 17:
		fmt.Fprintf(b, "isolate %d\n", 1+r.Intn(brokers))
	case k < 18:
		a := 1 + r.Intn(brokers)
		fmt.Fprintf(b, "partition g1=(%d) g2=(%s)\n", a, othersExcept(brokers, a))
	case k < 21:
		fmt.Fprintf(b, "heal\n")
	case k < 24:
		w.bounce()
	case k < 25:
		a, c := drawLink(r, brokers)
		fmt.Fprintf(b, "cut %s %s\n", a, c)
	case k < 26:
		a, c := drawLink(r, brokers)
		lo := 1 + r.Intn(50)
		fmt.Fprintf(b, "slow %s %s latency=(%d, %d)\n", a, c, lo, lo+r.Intn(500))
	case k < 27:
		a, c := drawLink(r, brokers)
		fmt.Fprintf(b, "drop %s %s per-mille=%d\n", a, c, 1+r.Intn(500))
	case k < 28:
		// A slow disk (engine/disk.go), left slow to the end: 0ms heals it.
		fmt.Fprintf(b, "slow-disk %d latency=%dms\n", 1+r.Intn(brokers), r.Intn(200))
	case k < 29:
		a, c := drawLink(r, brokers)
		fmt.Fprintf(b, "cut %s %s one-way\n", a, c)
	case k < 30:
		w.hangOrResume()
	default:
		fmt.Fprintf(b, "elect-leaders type=preferred all\n")
	}
}

// bounce writes a broker going down and up again within the session
// timeout.
func (w *randomRun) bounce() {
	id := pick(w.r, w.down, false)
	if id == 0 {
		return
	}
	fmt.Fprintf(w.b, "# bounce: broker %d back within broker.session.timeout.ms\n", id)
	if w.r.Intn(2) == 0 {
		w.b.WriteString(w.crash(id))
	} else {
		fmt.Fprintf(w.b, "shutdown %d\n", id)
	}
	fmt.Fprintf(w.b, "advance %dms\nrestart %d\n", 50+w.r.Intn(int(engine.DefaultConfig().BrokerSessionTimeoutMs)-1000), id)
	w.hung[id] = false
}

// hangOrResume writes a half-alive broker, or the end of one: a running
// broker hangs with a drawn scope; a hung one resumes half the time.
func (w *randomRun) hangOrResume() {
	id := pick(w.r, w.down, false)
	scope := [...]string{"replicas", "clients", "all"}[w.r.Intn(3)]
	switch {
	case id == 0:
	case w.hung[id] && w.r.Intn(2) == 0:
		fmt.Fprintf(w.b, "resume %d\n", id)
		w.hung[id] = false
	default:
		fmt.Fprintf(w.b, "hang %d requests=%s\n", id, scope)
		w.hung[id] = true
	}
}

// drawLink draws two different nodes of a cluster of n brokers, the
// controller among them, as a script names them.
func drawLink(r *rng.Rand, n int) (string, string) {
	a := r.Intn(n + 1)
	c := r.Intn(n)
	if c >= a {
		c++
	}
	name := func(i int) string {
		if i == 0 {
			return "controller"
		}
		return fmt.Sprint(i)
	}
	return name(a), name(c)
}

// pick draws a broker that is down (wantDown) or up, or 0 if none is.
func pick(r *rng.Rand, down []bool, wantDown bool) int {
	var c []int
	for id := 1; id < len(down); id++ {
		if down[id] == wantDown {
			c = append(c, id)
		}
	}
	if len(c) == 0 {
		return 0
	}
	return c[r.Intn(len(c))]
}

func othersExcept(n, a int) string {
	var s []string
	for id := 1; id <= n; id++ {
		if id != a {
			s = append(s, fmt.Sprint(id))
		}
	}
	return strings.Join(s, ", ")
}

// CheckResult is the outcome of one random run.
type CheckResult struct {
	Seed   uint64
	Mode   CheckMode
	Script string
	// Violations are the run's EvViolation events; Events counts all.
	Violations []engine.Event
	Events     int
	// LostAtEnd counts the acknowledged batches missing from their
	// partition's leader once the run is over (every fault undone, a
	// minute of quiet): the batch's first record is not at its offset, or
	// the log ends before the batch does. Unlike a violation, which the
	// checker raises the moment a leader lacks a record, this is what a
	// consumer could no longer read. Offline counts the partitions left
	// without a leader, whose records cannot be read at all.
	LostAtEnd, Offline int
}

// Check runs RandomScenario(seed, mode) with the invariant checker on.
func Check(seed uint64, mode CheckMode) (CheckResult, error) {
	res := CheckResult{Seed: seed, Mode: mode, Script: RandomScenario(seed, mode)}
	run, err := runScript(res.Script)
	if err != nil {
		return res, err
	}
	res.Violations, res.Events = violations(run), run.Cluster().EventCount()
	res.LostAtEnd, res.Offline = lostAtEnd(run.Cluster())
	return res, nil
}

// runChecked runs a script with the invariant checker on and returns its
// EvViolation events and the number of events in all.
func runChecked(src string) ([]engine.Event, int, error) {
	run, err := runScript(src)
	if err != nil {
		return nil, 0, err
	}
	return violations(run), run.Cluster().EventCount(), nil
}

func runScript(src string) (*Runner, error) {
	dirs, err := Parse("check", src)
	if err != nil {
		return nil, err
	}
	run := &Runner{}
	for _, d := range dirs {
		if _, err := run.Exec(d); err != nil {
			return nil, err
		}
	}
	return run, nil
}

func violations(run *Runner) []engine.Event {
	var vs []engine.Event
	for _, e := range run.Cluster().Events(0) {
		if e.Kind == engine.EvViolation {
			vs = append(vs, e)
		}
	}
	return vs
}

// lostAtEnd counts the acknowledged batches (EvProduceAcked with an
// offset, so acks=1 or all) that the partition's leader no longer holds,
// and the partitions without a leader.
func lostAtEnd(c *engine.Cluster) (lost, offline int) {
	st := c.State()
	logs := map[engine.TopicPartition][]engine.Record{}
	for _, p := range st.Partitions {
		if p.Leader == engine.NoLeader {
			offline++
			continue
		}
		for _, b := range st.Brokers {
			if b.ID != p.Leader {
				continue
			}
			for _, r := range b.Replicas {
				if r.TP == p.TP {
					logs[p.TP] = r.Log
				}
			}
		}
	}
	for _, e := range c.Events(0) {
		if e.Kind != engine.EvProduceAcked || e.Offset < 0 {
			continue
		}
		log, ok := logs[e.TP]
		if !ok {
			continue // offline: counted above
		}
		i := -1
		if len(log) > 0 {
			i = int(e.Offset - log[0].Offset)
		}
		if i < 0 || i >= len(log) || log[i].Value != e.Value || log[len(log)-1].Offset+1 < e.End {
			lost++
		}
	}
	return lost, offline
}

// Shrink returns the shortest script it finds, by deleting lines of src,
// that still runs and still breaks a guarantee whose rule (the text before
// the first ":" of a violation, such as "AcknowledgedWriteLost") is one
// that src breaks; src itself if src breaks none. The cluster and
// create-topic lines are kept. It deletes runs of lines, halving their
// length down to one line (delta debugging), so it costs O(lines · log
// lines) runs of at most src's length each.
func Shrink(src string) string {
	vs, _, err := runChecked(src)
	if err != nil || len(vs) == 0 {
		return src
	}
	rules := map[string]bool{}
	for _, v := range vs {
		rules[ruleOf(v)] = true
	}
	breaks := func(lines []string) bool {
		vs, _, err := runChecked(strings.Join(lines, "\n") + "\n")
		if err != nil {
			return false
		}
		for _, v := range vs {
			if rules[ruleOf(v)] {
				return true
			}
		}
		return false
	}
	lines := strings.Split(strings.TrimSuffix(src, "\n"), "\n")
	keep := func(l string) bool {
		return strings.HasPrefix(l, "cluster ") || strings.HasPrefix(l, "create-topic ") || strings.HasPrefix(l, "# title")
	}
	for size := len(lines) / 2; size >= 1; size /= 2 {
		for i := 0; i < len(lines); {
			j := min(i+size, len(lines))
			cut := false
			for _, l := range lines[i:j] {
				if keep(l) {
					cut = true
				}
			}
			if !cut {
				try := append(append([]string{}, lines[:i]...), lines[j:]...)
				if breaks(try) {
					lines = try
					continue
				}
			}
			i = j
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// ruleOf is a violation's rule: its text up to the first ":".
func ruleOf(e engine.Event) string {
	r, _, _ := strings.Cut(e.Text, ":")
	return r
}
