//go:build !js

// Package conformance runs one kplay script twice, on kplay's engine and on
// a real Apache Kafka 4.4.0 cluster, and compares what both sides let a
// client observe: leaders, leader epochs, ISR, ELR, describe text, each
// replica's log, produce results and the records consumers read.
//
// The engine runs first and instantly; that gives the plan: every directive
// with the simulated time it ran at and what kplay showed. The plan is then
// replayed on Kafka in real time (one simulated millisecond is one real
// millisecond, measured from the moment the first topic exists), and each
// observation is polled on Kafka until it shows kplay's value or the
// scenario's tolerance runs out.
package conformance

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"kplay/engine"
	"kplay/engine/script"
)

// Plan is a script run on the engine, ready to be replayed on Kafka.
type Plan struct {
	Name, Title string
	// Config is the engine configuration of the cluster directive, and
	// Cluster the directive itself (its keys are translated for Kafka).
	Config  engine.Config
	Cluster script.Directive
	Steps   []Step
	// Final is what kplay shows after the script and Settle more
	// milliseconds: every partition's state and logs, every producer's
	// results and every consumer's records.
	Final  []Pair
	Settle engine.Time
	// Tolerance is how long after kplay's time Kafka may take to show the
	// same value (the script's "# conformance: tolerance=" line).
	Tolerance time.Duration
	// Assignments maps each topic to its partitions' replicas, as the
	// engine placed them; Kafka is given the same explicit assignment.
	Assignments map[string][][]int32
	// TopicConfigs are the topic-level configs create-topic set.
	TopicConfigs map[string]map[string]string
}

// Step is one directive of the script.
type Step struct {
	D script.Directive
	// Cmd is the engine command of an action directive, nil otherwise.
	Cmd engine.Command
	// At is the simulated time the directive ran at, Until the time a run or
	// advance directive moved to; milliseconds since the scenario's start.
	At, Until engine.Time
	// Pairs is what kplay showed for an observation directive (describe,
	// state, log).
	Pairs []Pair
	// Isolated lists the brokers cut off at this point, for observations.
	Isolated []int
	// ClientErr is, for a produce or consume directive with broker=N, the
	// error kplay's client got from that broker ("NONE" if none).
	ClientErr string
	// Result is, for elect-leaders, the error kplay's controller answered
	// for the partition: NONE, ELECTION_NOT_NEEDED, ...
	Result string
}

// DefaultTolerance is how much later than kplay a real cluster may show a
// state: its heartbeats, isr-expiration ticks and fetcher threads run on
// their own phases, and a JVM adds milliseconds everywhere.
const DefaultTolerance = 5 * time.Second

// DefaultSettle is how long both sides run after the last directive before
// the final comparison.
const DefaultSettle engine.Time = 3000

// NewPlan runs the script src on the engine. Errors name the directive's
// line:column. A directive the conformance suite cannot replay on Kafka
// (its row of the directive table, script.Directives, gives the reason)
// is an error wrapping ErrUntranslatable; one that changes nothing on the
// cluster (a story, a question, an expect) is a step the replay skips.
func NewPlan(name, src string) (*Plan, error) {
	dirs, err := script.Parse(name, src)
	if err != nil {
		return nil, err
	}
	p := &Plan{Name: name, Title: script.Title(src), Settle: DefaultSettle, Tolerance: DefaultTolerance,
		Assignments: map[string][][]int32{}, TopicConfigs: map[string]map[string]string{}}
	if err := p.readHints(src); err != nil {
		return nil, err
	}
	pl := planner{p: p, isolated: []int{}}
	for _, d := range dirs {
		if err := pl.directive(d); err != nil {
			return nil, err
		}
	}
	c := pl.r.Cluster()
	if c == nil {
		return nil, fmt.Errorf("%s: the script has no cluster directive", name)
	}
	c.Advance(p.Settle)
	if err := pl.final(c); err != nil {
		return nil, err
	}
	return p, nil
}

// planner is the state of one NewPlan: the engine's run, the brokers
// isolated so far and the records each produce sent.
type planner struct {
	p        *Plan
	r        script.Runner
	isolated []int
	produced []sent
}

// sent is one produce directive's records.
type sent struct {
	producer int32
	acks     engine.Acks
	tp       engine.TopicPartition
	values   []string
}

// directive runs d on the engine and adds its step to the plan.
func (pl *planner) directive(d script.Directive) error {
	row, known := script.LookupDirective(d.Cmd)
	if known && row.Replay != "" {
		return fmt.Errorf("%s:%s: %s: %s: %w", pl.p.Name, d.Pos, d.Cmd, row.Replay, ErrUntranslatable)
	}
	var start engine.Time
	if c := pl.r.Cluster(); c != nil {
		start = c.Config().Start
	}
	st := Step{D: d}
	if c := pl.r.Cluster(); c != nil {
		st.At = c.Now() - start
	}
	if known && isAction(row.Layer) {
		cmd, err := script.Command(d)
		if err != nil {
			return err
		}
		st.Cmd = cmd
	}
	seq := 0
	if c := pl.r.Cluster(); c != nil {
		seq = c.EventCount()
	}
	out, err := pl.r.Exec(d)
	if err != nil {
		return err
	}
	c := pl.r.Cluster()
	switch {
	case d.Cmd == "cluster":
		cfg, err := script.ClusterConfig(d)
		if err != nil {
			return err
		}
		pl.p.Config, pl.p.Cluster = cfg, d
		pl.p.Steps = append(pl.p.Steps, st)
		return nil
	case c == nil:
		return nil // a title, summary or source above the cluster: nothing to replay
	}
	start = c.Config().Start
	pl.see(c, &st, seq)
	st.Isolated = slices.Clone(pl.isolated)
	if isTime(d.Cmd) {
		st.Until = c.Now() - start
	}
	if err := pl.observe(c, &st, out); err != nil {
		return err
	}
	// A produce or consume aimed at a named broker: the first answer
	// kplay's client got from it is an observable.
	if pr, ok := st.Cmd.(engine.Produce); ok && pr.Broker != 0 {
		st.ClientErr = "pending"
	}
	if k, ok := st.Cmd.(engine.Consume); ok && k.Broker != 0 {
		st.ClientErr = "pending"
	}
	pl.p.Steps = append(pl.p.Steps, st)
	return nil
}

// see records what step st's command tells the replay: a topic's
// assignment and configs, a produce's records, the isolated brokers, an
// election's result (from the events since seq).
func (pl *planner) see(c *engine.Cluster, st *Step, seq int) {
	switch cmd := st.Cmd.(type) {
	case engine.CreateTopic:
		s := c.State()
		for _, ps := range s.Partitions {
			if ps.TP.Topic != cmd.Name {
				continue
			}
			reps := make([]int32, len(ps.Replicas))
			for i, b := range ps.Replicas {
				reps[i] = int32(b)
			}
			pl.p.Assignments[cmd.Name] = append(pl.p.Assignments[cmd.Name], reps)
		}
		if cmd.MinInsyncReplicas > 0 {
			pl.p.TopicConfigs[cmd.Name] = map[string]string{"min.insync.replicas": strconv.Itoa(cmd.MinInsyncReplicas)}
		}
	case engine.Produce:
		id := cmd.Producer
		if id == 0 {
			id = 1
		}
		pl.produced = append(pl.produced, sent{id, cmd.Acks, cmd.TP, cmd.Values})
	case engine.Isolate:
		if cmd.Node.Kind == engine.NodeBroker && !slices.Contains(pl.isolated, int(cmd.Node.ID)) {
			pl.isolated = append(pl.isolated, int(cmd.Node.ID))
		}
	case engine.Heal:
		pl.isolated = []int{}
	case engine.ElectLeaders:
		st.Result = electionResult(c.Events(seq))
	}
}

// observe fills an observation step's pairs: what kplay showed for a
// describe (its output out), state or log.
func (pl *planner) observe(c *engine.Cluster, st *Step, out string) error {
	d := st.D
	switch d.Cmd {
	case "describe":
		st.Pairs = describePairs(out)
	case "state", "log":
		tp, err := script.ParseTP(firstPositional(d))
		if err != nil {
			return fmt.Errorf("%s:%s: %v", pl.p.Name, d.Pos, err)
		}
		pv, rvs := engineViews(c.State(), tp, pl.isolated)
		if d.Cmd == "state" {
			st.Pairs = statePairs(pv, rvs)
		} else {
			st.Pairs = logPairs(tp.Topic, int32(tp.Partition), rvs)
		}
	}
	return nil
}

// final fills the plan's final observations, once the engine has settled:
// the client errors of broker= directives, every partition's state and
// logs, the registrations, each producer's results and each consumer's
// records.
func (pl *planner) final(c *engine.Cluster) error {
	p := pl.p
	s := c.State()
	// Client errors of broker= directives, from the whole event log.
	events := c.Events(0)
	for i := range p.Steps {
		if p.Steps[i].ClientErr == "pending" {
			p.Steps[i].ClientErr = firstClientErr(events, p.Steps[i], start(c))
		}
	}
	isolated := p.Steps[len(p.Steps)-1].Isolated
	for _, ps := range s.Partitions {
		pv, rvs := engineViews(s, ps.TP, isolated)
		p.Final = append(p.Final, statePairs(pv, rvs)...)
		p.Final = append(p.Final, logPairs(ps.TP.Topic, int32(ps.TP.Partition), rvs)...)
	}
	p.Final = append(p.Final, registrationPairs(engineRegs(s))...)
	results, err := producerResults(p.Name, pl.produced, events)
	if err != nil {
		return err
	}
	p.Final = append(p.Final, results...)
	for _, k := range s.Consumers {
		recs := make([]RecView, len(k.Read))
		for i, r := range k.Read {
			recs[i] = RecView{Offset: int64(r.Offset), Value: r.Value, LeaderEpoch: int32(r.LeaderEpoch)}
		}
		p.Final = append(p.Final, Pair{k.ID.String() + " read " + k.TP.String(), readString(recs)})
	}
	return nil
}

// prodQueue names one producer's records of one acks to one partition.
type prodQueue struct {
	producer int32
	acks     engine.Acks
	tp       engine.TopicPartition
}

// producerResults are each producer's records in send order, matched
// with the acknowledgements and failures the engine reported for them.
func producerResults(name string, produced []sent, events []engine.Event) ([]Pair, error) {
	queues := map[prodQueue][]string{}
	var order []prodQueue
	for _, x := range produced {
		k := prodQueue{x.producer, x.acks, x.tp}
		if _, ok := queues[k]; !ok {
			order = append(order, k)
		}
		queues[k] = append(queues[k], x.values...)
	}
	results := map[prodQueue][]string{}
	acksOf := map[int32]map[engine.TopicPartition][]engine.Acks{}
	for _, x := range produced {
		if acksOf[x.producer] == nil {
			acksOf[x.producer] = map[engine.TopicPartition][]engine.Acks{}
		}
		for range x.values {
			acksOf[x.producer][x.tp] = append(acksOf[x.producer][x.tp], x.acks)
		}
	}
	for _, e := range events {
		if e.Node.Kind != engine.NodeProducer || (e.Kind != engine.EvProduceAcked && e.Kind != engine.EvProduceFailed) {
			continue
		}
		as := acksOf[e.Node.ID][e.TP]
		if len(as) < e.Count {
			return nil, fmt.Errorf("%s: the engine reported more results for %s than it was sent", name, e.Node)
		}
		k := prodQueue{e.Node.ID, as[0], e.TP}
		acksOf[e.Node.ID][e.TP] = as[e.Count:]
		var got []string
		queues[k], got = takeResults(queues[k], e)
		results[k] = append(results[k], got...)
	}
	var out []Pair
	for _, k := range order {
		rs := append(results[k], repeat("pending", len(queues[k]))...)
		out = append(out, Pair{producerName(k.producer, k.acks, k.tp), strings.Join(rs, " ")})
	}
	return out, nil
}

// takeResults takes the records of produce result e from the front of
// vals: "v@offset" acknowledged, "v@sent" acknowledged without an offset
// (acks=0), "v!ERROR" failed. It returns what is left and the results.
func takeResults(vals []string, e engine.Event) ([]string, []string) {
	var out []string
	for i := 0; i < e.Count && len(vals) > 0; i++ {
		v := vals[0]
		vals = vals[1:]
		if e.Kind == engine.EvProduceAcked && e.Offset >= 0 {
			v += "@" + strconv.FormatInt(int64(e.Offset)+int64(i), 10)
		} else if e.Kind == engine.EvProduceAcked {
			v += "@sent"
		} else {
			v += "!" + failName(e.Err)
		}
		out = append(out, v)
	}
	return vals, out
}

func start(c *engine.Cluster) engine.Time { return c.Config().Start }

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// producerName is the observable name of a producer's results.
func producerName(id int32, acks engine.Acks, tp engine.TopicPartition) string {
	a := "all"
	switch acks {
	case engine.AcksOne:
		a = "1"
	case engine.AcksNone:
		a = "0"
	}
	return "p" + strconv.Itoa(int(id)) + " acks=" + a + " " + tp.String()
}

// failName is the name a failed record is shown with: Kafka's error name,
// or "timeout" when the producer's delivery.timeout.ms ran out.
func failName(code engine.ErrorCode) string {
	if code == engine.ErrNone || code == engine.ErrRequestTimedOut {
		return "timeout"
	}
	return code.String()
}

// firstClientErr finds the first answer the client of st (a produce or
// consume with broker=N) got from broker N after st ran.
func firstClientErr(events []engine.Event, st Step, start engine.Time) string {
	var node engine.NodeID
	var broker engine.BrokerID
	switch c := st.Cmd.(type) {
	case engine.Produce:
		node, broker = engine.NodeID{Kind: engine.NodeProducer, ID: max(c.Producer, 1)}, c.Broker
	case engine.Consume:
		node, broker = engine.NodeID{Kind: engine.NodeConsumer, ID: max(c.Consumer, 1)}, c.Broker
	}
	for _, e := range events {
		if e.At-start < st.At || e.Node != node || e.Peer != engine.Broker(broker) {
			continue
		}
		switch e.Kind {
		case engine.EvProduceError, engine.EvConsumerError, engine.EvProduceFailed:
			return e.Err.String()
		case engine.EvProduceAcked, engine.EvConsumerRead, engine.EvConsumerRedirected:
			return "NONE"
		}
	}
	return "no answer"
}

// engineViews is the engine's partition tp as a client would see it.
func engineViews(s engine.State, tp engine.TopicPartition, isolated []int) (PartView, []ReplicaView) {
	ps, _ := s.Partition(tp)
	pv := PartView{Topic: tp.Topic, Partition: int32(tp.Partition), Leader: int32(ps.Leader), LeaderEpoch: int32(ps.LeaderEpoch),
		PartitionEpoch: int32(ps.PartitionEpoch), ISR: toInt32(ps.ISR), ELR: toInt32(ps.ELR), LastKnownELR: toInt32(ps.LastKnownELR)}
	var rvs []ReplicaView
	for _, b := range ps.Replicas {
		rv := ReplicaView{Broker: int(b)}
		alive, serving := false, false
		for _, bs := range s.Brokers {
			if bs.ID == b {
				alive, serving = bs.Alive, bs.Serving
			}
		}
		switch {
		case !alive:
			rv.Status = "down"
		case !serving:
			// Restarted and not yet registered: it answers no request, as
			// the oracle finds Kafka's (BrokerServer.startup).
			rv.Status = "unreachable"
		case slices.Contains(isolated, int(b)):
			rv.Status = "isolated"
		default:
			r, _ := s.Replica(b, tp)
			rv.LEO, rv.HW = int64(r.LEO), int64(r.HW)
			for _, rec := range r.Log {
				rv.Records = append(rv.Records, RecView{Offset: int64(rec.Offset), Value: rec.Value, LeaderEpoch: int32(rec.LeaderEpoch)})
			}
		}
		rvs = append(rvs, rv)
	}
	return pv, rvs
}

// engineRegs is the engine controller's registration of every broker.
func engineRegs(s engine.State) []RegView {
	out := make([]RegView, len(s.Brokers))
	for i, b := range s.Brokers {
		out[i] = RegView{Broker: int(b.ID), Registered: b.Reg.Registered, Fenced: b.Reg.Fenced, InControlledShutdown: b.Reg.ShuttingDown}
	}
	return out
}

func toInt32(xs []engine.BrokerID) []int32 {
	out := make([]int32, len(xs))
	for i, x := range xs {
		out[i] = int32(x)
	}
	return out
}

// isObservation says whether the directive named cmd prints what a client
// or operator sees (script.LayerObserve).
func isObservation(cmd string) bool { return layerOf(cmd) == script.LayerObserve }

// isTime says whether the directive named cmd moves the clock
// (script.LayerClock).
func isTime(cmd string) bool { return layerOf(cmd) == script.LayerClock }

// isAction says whether a directive of layer l is an engine.Command.
func isAction(l script.Layer) bool {
	return l == script.LayerAdmin || l == script.LayerClient || l == script.LayerFault
}

// layerOf is the layer of the directive named cmd, 0 for an unknown one.
func layerOf(cmd string) script.Layer {
	row, _ := script.LookupDirective(cmd)
	return row.Layer
}

func firstPositional(d script.Directive) string {
	for _, a := range d.Args {
		if a.Vals == nil {
			return a.Key
		}
	}
	return ""
}

// readHints reads "# conformance: tolerance=5s settle=4s" comment lines.
func (p *Plan) readHints(src string) error {
	for i, line := range strings.Split(src, "\n") {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "# conformance:")
		if !ok {
			continue
		}
		for _, f := range strings.Fields(rest) {
			k, v, _ := strings.Cut(f, "=")
			ms, err := script.ParseDuration(v)
			if err != nil {
				return fmt.Errorf("%s:%d: conformance hint %s: %v", p.Name, i+1, k, err)
			}
			switch k {
			case "tolerance":
				p.Tolerance = time.Duration(ms) * time.Millisecond
			case "settle":
				p.Settle = ms
			default:
				return fmt.Errorf("%s:%d: unknown conformance hint %q (tolerance, settle)", p.Name, i+1, k)
			}
		}
	}
	return nil
}

// electionResult reads the partition's ElectLeaders error from the lines
// kafka-leader-election.sh would print (LeaderElectionCommand), as the
// engine emits them.
func electionResult(events []engine.Event) string {
	for _, e := range events {
		if e.Kind != engine.EvElection {
			continue
		}
		switch {
		case strings.HasPrefix(e.Text, "Successfully completed"):
			return "NONE"
		case strings.HasPrefix(e.Text, "Valid replica already elected"):
			return "ELECTION_NOT_NEEDED"
		default:
			if i := strings.LastIndex(e.Text, ": "); i >= 0 {
				return e.Text[i+2:]
			}
			return e.Text
		}
	}
	return "no answer"
}
