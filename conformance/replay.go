//go:build !js

package conformance

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"kplay/conformance/kafkacluster"
	"kplay/conformance/oracle"
	"kplay/engine"
	"kplay/engine/script"
)

// Options says where Kafka's jars are and where the cluster may write.
type Options struct {
	Libs string
	Dir  string
	// Logf reports progress; nil is quiet.
	Logf func(format string, args ...any)
}

// ErrUntranslatable is returned for a directive that has no faithful
// counterpart on a real cluster of processes on one loopback interface.
var ErrUntranslatable = errors.New("no faithful translation on a real cluster")

// replayer holds the state of one replay.
type replayer struct {
	p         *Plan
	cl        *kafkacluster.Cluster
	k         *oracle.Client
	origin    time.Time
	isolated  []int
	producers map[prodKey]*prodEntry
	prodOrder []prodKey
	consumers map[string]*consEntry
	consOrder []string
	logf      func(string, ...any)
	// later holds the rows of observations polled in the background.
	later []chan []Row
}

type prodKey struct {
	id   int32
	acks engine.Acks
	tp   engine.TopicPartition
}

type prodEntry struct {
	p *oracle.Producer
	// raw holds results of values sent with a raw Produce (broker=N) that
	// the broker accepted.
	pre []string
}

type consEntry struct {
	tp   engine.TopicPartition
	olds [][]oracle.Record
	c    *oracle.Consumer
}

// Replay runs the plan on a fresh Kafka cluster and compares every
// observation. The cluster is torn down before it returns, also on error.
func Replay(ctx context.Context, p *Plan, opt Options) (res *Result, err error) {
	t0 := time.Now()
	logf := opt.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	spec, err := clusterSpec(p)
	if err != nil {
		return nil, err
	}
	spec.Libs, spec.Dir = opt.Libs, opt.Dir
	cl, err := kafkacluster.Start(ctx, spec)
	if err != nil {
		return nil, err
	}
	defer cl.Close()
	defer func() {
		if err != nil {
			err = fmt.Errorf("%w\n%s", err, cl.LogTail(25))
		}
	}()
	k, err := oracle.Dial(cl)
	if err != nil {
		return nil, err
	}
	defer k.Close()
	rctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	err = k.WaitReady(rctx, spec.Brokers)
	cancel()
	if err != nil {
		return nil, fmt.Errorf("cluster not ready: %w", err)
	}
	logf("%s: cluster of %d brokers ready after %v", p.Name, spec.Brokers, time.Since(t0).Round(time.Millisecond))
	r := &replayer{p: p, cl: cl, k: k, producers: map[prodKey]*prodEntry{}, consumers: map[string]*consEntry{}, logf: logf}
	defer r.closeClients()
	res = &Result{Plan: p}
	var last engine.Time
	for _, st := range p.Steps[1:] {
		if !r.origin.IsZero() {
			r.sleepUntil(ctx, st.At)
		}
		rows, err := r.step(ctx, st)
		if err != nil {
			return nil, fmt.Errorf("%s:%s: %s: %w", p.Name, st.D.Pos, st.D.Line, err)
		}
		res.Rows = append(res.Rows, rows...)
		last = max(st.At, st.Until)
	}
	if r.origin.IsZero() {
		return nil, fmt.Errorf("%s: the script creates no topic", p.Name)
	}
	r.sleepUntil(ctx, last+p.Settle)
	res.Rows = append(res.Rows, r.poll(ctx, last+p.Settle, p.Final, r.final)...)
	res.Rows = append(res.Rows, r.collectLater()...)
	slices.SortStableFunc(res.Rows, func(a, b Row) int { return cmp.Compare(a.At, b.At) })
	r.logHistory(ctx)
	res.Took = time.Since(t0)
	return res, nil
}

func (r *replayer) closeClients() {
	for _, e := range r.producers {
		e.p.Close()
	}
	for _, e := range r.consumers {
		e.c.Close()
	}
}

// sleepUntil waits for the real time that matches simulated time at.
func (r *replayer) sleepUntil(ctx context.Context, at engine.Time) {
	d := time.Until(r.origin.Add(time.Duration(at) * time.Millisecond))
	if d <= 0 {
		return
	}
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// clientSettings are the client settings (engine.ScopeProducer,
// ScopeConsumer, ScopeClient rows) whose value the replayer hands to the
// oracle's clients (produce: NewProducer; consume: NewConsumer). Every
// other client setting runs at Kafka's default on the oracle, so a script
// that changes one cannot be replayed faithfully.
var clientSettings = []string{
	"enable.idempotence", "linger.ms", "max.in.flight.requests.per.connection", "retries",
	"request.timeout.ms", "delivery.timeout.ms", "auto.offset.reset",
}

// clusterSpec translates the cluster directive into a Kafka cluster, row
// by row of the engine's settings table (engine.Settings): every broker
// setting into every node's server.properties, broker.rack per broker,
// feature levels into kafka-storage format. A setting Kafka 4.4 cannot
// take (an old release's behaviour, or a client setting the oracle does
// not pass on) at anything but its default is ErrUntranslatable.
func clusterSpec(p *Plan) (kafkacluster.Spec, error) {
	cfg := p.Config
	spec := kafkacluster.Spec{Brokers: cfg.Brokers, Racks: cfg.Racks}
	for _, s := range engine.Settings() {
		v := s.Value(cfg)
		switch s.Scope {
		case engine.ScopeKplay, engine.ScopePerBroker:
			// brokers and broker.rack are in the Spec; seed, start and
			// latency are kplay's model of time and network.
		case engine.ScopeBroker:
			// Every setting is passed, defaults too, so that both sides
			// are pinned to the same values whatever Kafka's defaults
			// become; Unset (a null class) is Kafka's default, left out.
			if s.Unset == "" || v != s.Unset {
				spec.Config = append(spec.Config, kafkacluster.KV{Key: s.Name, Value: v})
			}
		case engine.ScopeFeature:
			spec.Features = append(spec.Features, kafkacluster.KV{Key: s.Name, Value: v})
		case engine.ScopeProducer, engine.ScopeConsumer, engine.ScopeClient:
			if !slices.Contains(clientSettings, s.Name) && v != s.Default {
				return spec, fmt.Errorf("%s=%s: the oracle's clients keep Kafka's default %s: %w", s.Name, v, s.Default, ErrUntranslatable)
			}
		case engine.ScopeHistoric:
			if v != s.Default {
				return spec, fmt.Errorf("%s=%s: Kafka 4.4 has no such mode (%s): %w", s.Name, v, s.Source, ErrUntranslatable)
			}
		default:
			return spec, fmt.Errorf("%s: setting of unknown scope %d: %w", s.Name, s.Scope, ErrUntranslatable)
		}
	}
	return spec, nil
}

// step performs one directive on Kafka and returns the rows it compared,
// by the layer its row of the directive table names.
func (r *replayer) step(ctx context.Context, st Step) ([]Row, error) {
	switch layerOf(st.D.Cmd) {
	case script.LayerClock:
		if !r.origin.IsZero() {
			r.sleepUntil(ctx, st.Until)
		}
		return nil, nil
	case script.LayerObserve:
		return r.observe(ctx, st)
	case script.LayerCheck, script.LayerLesson, script.LayerStory, script.LayerVariant:
		// An expect, a question, the learner's text or another run's
		// settings (vs): it changes nothing on the cluster, and kplay's own
		// tests check its claims.
		return nil, nil
	}
	if st.D.Cmd == "seek" {
		return nil, r.seek(st.D)
	}
	return r.apply(ctx, st)
}

// observe compares an observation directive's pairs with what Kafka
// shows: describe, state or log (fetch-rounds has no counterpart).
func (r *replayer) observe(ctx context.Context, st Step) ([]Row, error) {
	switch st.D.Cmd {
	case "describe":
		topic := firstPositional(st.D)
		return r.poll(ctx, st.At, st.Pairs, func(ctx context.Context) ([]Pair, error) {
			text, err := r.k.DescribeText(ctx, topic)
			if err != nil {
				// No broker answers the Admin client: describe from the
				// controller's metadata log.
				cv, cerr := r.controllerView(ctx)
				if cerr != nil {
					return nil, fmt.Errorf("%w; controller: %w", err, cerr)
				}
				if text, err = cv.DescribeText(topic); err != nil {
					return nil, err
				}
			}
			return describePairs(text), nil
		}), nil
	case "state", "log":
		tp, err := parseTP(firstPositional(st.D))
		if err != nil {
			return nil, err
		}
		cmd := st.D.Cmd
		fast, slow := splitSlow(st.Pairs)
		defer r.epochLater(ctx, st.At, tp, slow)
		return r.poll(ctx, st.At, fast, func(ctx context.Context) ([]Pair, error) {
			pv, rvs, err := r.views(ctx, tp, nil)
			if err != nil {
				return nil, err
			}
			if cmd == "state" {
				ps, _ := splitSlow(statePairs(pv, rvs))
				return ps, nil
			}
			return logPairs(tp.Topic, int32(tp.Partition), rvs), nil
		}), nil
	}
	return nil, nil
}

// apply performs an action directive's engine command on Kafka.
func (r *replayer) apply(ctx context.Context, st Step) ([]Row, error) {
	switch c := st.Cmd.(type) {
	case engine.CreateTopic:
		return nil, r.createTopic(ctx, st, c)
	case engine.Produce:
		return r.produce(ctx, st, c)
	case engine.Consume:
		return r.consume(ctx, st, c)
	case engine.Crash:
		if c.LoseUnflushed > 0 {
			return nil, fmt.Errorf("lose-unflushed: a SIGKILLed JVM keeps what it wrote to the page cache: %w", ErrUntranslatable)
		}
		return nil, r.cl.Crash(int(c.Broker))
	case engine.Restart:
		return nil, r.restart(ctx, int32(c.Broker))
	case engine.Shutdown:
		t0 := time.Now()
		if err := r.cl.Shutdown(int(c.Broker)); err != nil {
			return nil, err
		}
		r.pause(t0)
		return nil, nil
	case engine.Isolate:
		return nil, r.isolate(c)
	case engine.Heal:
		r.cl.Resume()
		r.isolated = nil
		return nil, nil
	case engine.ElectLeaders:
		return r.electLeaders(ctx, st, c)
	case engine.AlterConfig:
		actx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		if c.Topic != "" {
			return nil, r.k.AlterTopicConfig(actx, c.Topic, c.Key, c.Value)
		}
		return nil, r.k.AlterClusterConfig(actx, c.Key, c.Value)
	case engine.Partition, engine.Slow, engine.Drop:
		return nil, fmt.Errorf("%s: cutting or slowing single links between processes on one loopback needs network namespaces; use isolate (SIGSTOP): %w", st.D.Cmd, ErrUntranslatable)
	}
	return nil, fmt.Errorf("unknown directive %s: %w", st.D.Cmd, ErrUntranslatable)
}

// createTopic creates the topic with the engine's assignment and configs;
// the first topic sets the replay's origin, the real moment that matches
// the step's simulated time.
func (r *replayer) createTopic(ctx context.Context, st Step, c engine.CreateTopic) error {
	tctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if _, err := r.k.CreateTopic(tctx, c.Name, r.p.Assignments[c.Name], r.p.TopicConfigs[c.Name]); err != nil {
		return err
	}
	if r.origin.IsZero() {
		r.origin = time.Now().Add(-time.Duration(st.At) * time.Millisecond)
	}
	return nil
}

// isolate stops a broker's process (SIGSTOP), kplay's isolation of it.
func (r *replayer) isolate(c engine.Isolate) error {
	if c.Node.Kind != engine.NodeBroker {
		return fmt.Errorf("isolating a client: %w", ErrUntranslatable)
	}
	if err := r.cl.Stall(int(c.Node.ID)); err != nil {
		return err
	}
	r.isolated = append(r.isolated, int(c.Node.ID))
	return nil
}

// electLeaders runs kafka-leader-election's request for one partition and
// compares its error with the one kplay's controller answered.
func (r *replayer) electLeaders(ctx context.Context, st Step, c engine.ElectLeaders) ([]Row, error) {
	if c.All {
		return nil, fmt.Errorf("elect-leaders for all partitions: name one partition: %w", ErrUntranslatable)
	}
	ectx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	codes, err := r.k.ElectLeaders(ectx, c.Unclean, c.TP.Topic, []int32{int32(c.TP.Partition)})
	if err != nil {
		return nil, err
	}
	kind := "preferred"
	if c.Unclean {
		kind = "unclean"
	}
	got := "no answer"
	if code, ok := codes[int32(c.TP.Partition)]; ok {
		got = oracle.ErrName(code)
	}
	return []Row{compareNow(st.At, "elect-leaders "+kind+" "+c.TP.String(), st.Result, got)}, nil
}

func acksValue(a engine.Acks) int {
	switch a {
	case engine.AcksOne:
		return 1
	case engine.AcksNone:
		return 0
	}
	return -1
}

// produce sends the directive's records with a producer like kplay's: one
// client per producer name, acks and partition. With broker=N the first
// record goes to broker N in a raw Produce first, as a client with stale
// metadata would send it; the answer is compared with kplay's.
func (r *replayer) produce(ctx context.Context, st Step, c engine.Produce) ([]Row, error) {
	id := max(c.Producer, 1)
	key := prodKey{id, c.Acks, c.TP}
	e := r.producers[key]
	if e == nil {
		cfg := r.p.Config
		idem := cfg.EnableIdempotence && c.Acks == engine.AcksAll
		pr, err := r.k.NewProducer("p"+strconv.Itoa(int(id)), acksValue(c.Acks), idem,
			time.Duration(cfg.LingerMs)*time.Millisecond, time.Duration(cfg.RequestTimeoutMs)*time.Millisecond, time.Duration(cfg.DeliveryTimeoutMs)*time.Millisecond,
			cfg.MaxInFlightRequestsPerConnection, cfg.Retries)
		if err != nil {
			return nil, err
		}
		e = &prodEntry{p: pr}
		r.producers[key] = e
		r.prodOrder = append(r.prodOrder, key)
	}
	values := c.Values
	var rows []Row
	if c.Broker != 0 {
		pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		code, off, err := r.k.RawProduce(pctx, int(c.Broker), c.TP.Topic, int32(c.TP.Partition), int16(acksValue(c.Acks)), values[0])
		cancel()
		got := "no answer"
		if err == nil {
			got = oracle.ErrName(code)
			if code == 0 {
				e.pre = append(e.pre, values[0]+"@"+strconv.FormatInt(off, 10))
				values = values[1:]
			}
		}
		rows = append(rows, compareNow(st.At, "p"+strconv.Itoa(int(id))+" first answer from b"+strconv.Itoa(int(c.Broker)), st.ClientErr, got))
	}
	if len(values) > 0 {
		e.p.Produce(c.TP.Topic, int32(c.TP.Partition), c.Key, values)
	}
	return rows, nil
}

// consume starts a consumer, or starts an existing one again as a new
// client (kplay's consume on an existing consumer forgets its metadata and
// preferred read replica, as a new KafkaConsumer has none). With broker=N
// its first fetch goes to broker N as a raw Fetch, and the answer is
// compared with kplay's.
func (r *replayer) consume(ctx context.Context, st Step, c engine.Consume) ([]Row, error) {
	name := "c" + strconv.Itoa(int(max(c.Consumer, 1)))
	var rows []Row
	if c.Broker != 0 {
		from := int64(c.From)
		if from < 0 {
			from = 0
		}
		fctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		code, _, _, err := r.k.RawFetch(fctx, int(c.Broker), c.TP.Topic, int32(c.TP.Partition), from, c.Rack)
		cancel()
		got := "no answer"
		if err == nil {
			got = oracle.ErrName(code)
		}
		rows = append(rows, compareNow(st.At, name+" first answer from b"+strconv.Itoa(int(c.Broker)), st.ClientErr, got))
	}
	from := int64(c.From)
	switch c.From {
	case engine.OffsetEarliest:
		from = -2
	case engine.OffsetLatest:
		from = -1
	}
	e := r.consumers[name]
	if e == nil {
		e = &consEntry{}
		r.consumers[name] = e
		r.consOrder = append(r.consOrder, name)
	} else {
		e.olds = append(e.olds, e.c.Records())
		e.c.Close()
	}
	k, err := r.k.NewConsumer(name, c.TP.Topic, int32(c.TP.Partition), from, c.Rack, r.p.Config.AutoOffsetReset)
	if err != nil {
		return nil, err
	}
	e.tp, e.c = c.TP, k
	return rows, nil
}

// compareNow is a row for a value read once, not polled.
func compareNow(at engine.Time, name, kplay, kafka string) Row {
	row := Row{At: at, Name: name, Kplay: kplay, Kafka: kafka, Lag: -1, Status: Differ}
	if kplay == kafka {
		row.Lag, row.Status = 0, Match
	}
	return row
}

// views reads partition tp on Kafka: the registration as a client sees it
// through DescribeTopicPartitions, and each replica's log through a Fetch
// to its broker. While no broker answers, the registration comes from the
// controller's metadata log instead. With cv, the controller's state read
// just before, the partition epoch comes from it (no client API returns
// it); without, it is left unread (-1).
func (r *replayer) views(ctx context.Context, tp engine.TopicPartition, cv *oracle.ControllerView) (PartView, []ReplicaView, error) {
	pv := PartView{PartitionEpoch: -1}
	epoch := cv != nil
	readController := func() error {
		if cv != nil {
			return nil
		}
		v, err := r.controllerView(ctx)
		if err != nil {
			return err
		}
		cv = &v
		return nil
	}
	ps, err := r.k.DescribePartitions(ctx, tp.Topic)
	found := false
	if err == nil {
		for _, p := range ps {
			if p.Partition == int32(tp.Partition) {
				pv = PartView{Topic: p.Topic, Partition: p.Partition, Leader: p.Leader, LeaderEpoch: p.LeaderEpoch,
					PartitionEpoch: -1, ISR: p.ISR, ELR: p.ELR, LastKnownELR: p.LastKnownELR}
				found = true
			}
		}
	} else {
		if cerr := readController(); cerr != nil {
			return pv, nil, fmt.Errorf("%w; controller: %w", err, cerr)
		}
		if pv, err = controllerPartView(*cv, tp); err != nil {
			return pv, nil, err
		}
		found = true
	}
	if !found {
		return pv, nil, fmt.Errorf("no partition %s on Kafka", tp)
	}
	if epoch {
		if err := readController(); err != nil {
			return pv, nil, err
		}
		if reg, ok := cv.Partition(tp.Topic, int32(tp.Partition)); ok {
			pv.PartitionEpoch = reg.PartitionEpoch
		}
	}
	var rvs []ReplicaView
	for _, b := range r.p.Assignments[tp.Topic][tp.Partition] {
		rv := ReplicaView{Broker: int(b)}
		switch {
		case !r.cl.Running(int(b)):
			rv.Status = "down"
		case r.cl.Stalled(int(b)):
			rv.Status = "isolated"
		default:
			rctx, cancel := context.WithTimeout(ctx, 3*time.Second)
			rep, err := r.k.ReplicaLog(rctx, int(b), tp.Topic, int32(tp.Partition))
			cancel()
			switch {
			case err != nil:
				rv.Status = "unreachable"
			case rep.ErrCode != 0:
				rv.Status = oracle.ErrName(rep.ErrCode)
			default:
				rv.LEO, rv.HW = rep.LEO, rep.HW
				for _, rec := range rep.Records {
					rv.Records = append(rv.Records, RecView{Offset: rec.Offset, Value: rec.Value, LeaderEpoch: rec.LeaderEpoch})
				}
			}
		}
		rvs = append(rvs, rv)
	}
	return pv, rvs, nil
}

// final is Kafka's side of the plan's final comparison.
func (r *replayer) final(ctx context.Context) ([]Pair, error) {
	var out []Pair
	cv, err := r.controllerView(ctx)
	if err != nil {
		return out, err
	}
	topics := make([]string, 0, len(r.p.Assignments))
	for t := range r.p.Assignments {
		topics = append(topics, t)
	}
	slices.Sort(topics)
	for _, t := range topics {
		for part := range r.p.Assignments[t] {
			tp := engine.TopicPartition{Topic: t, Partition: int32(part)}
			pv, rvs, err := r.views(ctx, tp, &cv)
			if err != nil {
				return out, err
			}
			out = append(out, statePairs(pv, rvs)...)
			out = append(out, logPairs(t, int32(part), rvs)...)
		}
	}
	out = append(out, registrationPairs(controllerRegs(cv, r.cl.Brokers()))...)

	for _, key := range r.prodOrder {
		e := r.producers[key]
		rs := slices.Clone(e.pre)
		for _, res := range e.p.Results() {
			v := res.Value
			switch {
			case res.ErrCode == 0 && res.Err == "" && key.acks == engine.AcksNone:
				v += "@sent"
			case res.ErrCode == 0 && res.Err == "":
				v += "@" + strconv.FormatInt(res.Offset, 10)
			case res.ErrCode == 7 || res.ErrCode == 0 && strings.Contains(strings.ToLower(res.Err), "time"):
				v += "!timeout"
			case res.ErrCode == 0:
				v += "!" + res.Err
			default:
				v += "!" + oracle.ErrName(res.ErrCode)
			}
			rs = append(rs, v)
		}
		rs = append(rs, repeat("pending", e.p.Pending())...)
		out = append(out, Pair{producerName(key.id, key.acks, key.tp), strings.Join(rs, " ")})
	}
	for _, name := range r.consOrder {
		e := r.consumers[name]
		var recs []RecView
		for _, old := range append(slices.Clone(e.olds), e.c.Records()) {
			for _, rec := range old {
				recs = append(recs, RecView{Offset: rec.Offset, Value: rec.Value})
			}
		}
		out = append(out, Pair{name + " read " + e.tp.String(), readString(recs)})
	}
	return out, nil
}

// poll reads Kafka's side of an observation until every pair shows kplay's
// value, or the tolerance after the observation's time has passed. A pair
// matches if Kafka showed kplay's value at any read within the window;
// otherwise the row holds Kafka's last value.
func (r *replayer) poll(ctx context.Context, at engine.Time, want []Pair, get func(context.Context) ([]Pair, error)) []Row {
	return r.pollFrom(ctx, r.origin.Add(time.Duration(at)*time.Millisecond), at, want, get)
}

// epochLater compares the partition epoch of a state observation. It
// copies the controller's metadata log now, once the observation's other
// values have been read (the controller's log is ahead of any broker's
// view, never behind), and decodes the copy in the background: the decoder
// is a JVM of its own, and waiting for it would hold back the script's
// next directives by seconds. Replay collects the row at the end.
func (r *replayer) epochLater(ctx context.Context, at engine.Time, tp engine.TopicPartition, want []Pair) {
	if len(want) == 0 {
		return
	}
	ch := make(chan []Row, 1)
	r.later = append(r.later, ch)
	dir, err := r.cl.SnapshotMetadataLog()
	go func() {
		got := "error: " + fmt.Sprint(err)
		if err == nil {
			cctx, cancel := context.WithTimeout(ctx, 60*time.Second)
			cv, err := r.k.ReadControllerViewIn(cctx, dir)
			cancel()
			got = "error: " + fmt.Sprint(err)
			if err == nil {
				got = "(absent)"
				if reg, ok := cv.Partition(tp.Topic, int32(tp.Partition)); ok {
					got = epochString(reg.PartitionEpoch)
				}
			}
		}
		rows := make([]Row, len(want))
		for i, w := range want {
			rows[i] = compareNow(at, w.Name, w.Value, got)
		}
		ch <- rows
	}()
}

// collectLater waits for every pollLater and returns their rows.
func (r *replayer) collectLater() []Row {
	var out []Row
	for _, ch := range r.later {
		out = append(out, <-ch...)
	}
	r.later = nil
	return out
}

// splitSlow separates the pairs read from the controller's metadata log
// (the partition epoch) from the rest.
func splitSlow(ps []Pair) (fast, slow []Pair) {
	for _, p := range ps {
		if strings.HasSuffix(p.Name, " partition epoch") {
			slow = append(slow, p)
		} else {
			fast = append(fast, p)
		}
	}
	return fast, slow
}

// pollFrom is poll with the observation's real due time given.
func (r *replayer) pollFrom(ctx context.Context, due time.Time, at engine.Time, want []Pair, get func(context.Context) ([]Pair, error)) []Row {
	deadline := due.Add(r.p.Tolerance)
	rows := make([]Row, len(want))
	for i, w := range want {
		rows[i] = Row{At: at, Name: w.Name, Kplay: w.Value, Kafka: "(not read)", Lag: -1, Status: Differ}
	}
	var extra []Row
	for {
		gctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		got, err := get(gctx)
		cancel()
		now := time.Now()
		seen := map[string]string{}
		for _, g := range got {
			seen[g.Name] = g.Value
		}
		pending := 0
		for i := range rows {
			if rows[i].Status == Match {
				continue
			}
			v, ok := seen[rows[i].Name]
			switch {
			case ok:
				rows[i].Kafka = v
			case err != nil:
				rows[i].Kafka = "error: " + err.Error()
			default:
				rows[i].Kafka = "(absent)"
			}
			if ok && v == rows[i].Kplay {
				rows[i].Status, rows[i].Lag = Match, max(0, now.Sub(due))
				continue
			}
			pending++
		}
		extra = extra[:0]
		for _, g := range got {
			if !slices.ContainsFunc(want, func(w Pair) bool { return w.Name == g.Name }) {
				extra = append(extra, Row{At: at, Name: g.Name, Kplay: "(absent)", Kafka: g.Value, Lag: -1, Status: Differ})
			}
		}
		if (pending == 0 && len(extra) == 0) || now.After(deadline) || ctx.Err() != nil {
			break
		}
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
	return append(rows, extra...)
}

// parseTP reads "topic-partition".
func parseTP(s string) (engine.TopicPartition, error) {
	i := strings.LastIndexByte(s, '-')
	if i <= 0 {
		return engine.TopicPartition{}, fmt.Errorf("%q is not topic-partition", s)
	}
	n, err := strconv.Atoi(s[i+1:])
	if err != nil {
		return engine.TopicPartition{}, fmt.Errorf("%q is not topic-partition", s)
	}
	return engine.TopicPartition{Topic: s[:i], Partition: int32(n)}, nil
}

// pause moves the replay's origin forward by the time since t0: a JVM's
// start or controlled shutdown takes seconds that kplay's broker does not,
// and the script's later times count from when Kafka's broker was ready.
func (r *replayer) pause(t0 time.Time) {
	d := time.Since(t0)
	r.origin = r.origin.Add(d)
	r.logf("%s: waited %v for Kafka's broker; the replay clock pauses as long", r.p.Name, d.Round(time.Millisecond))
}

// seek replays "seek TOPIC-P offset=N [consumer=cK]" as KafkaConsumer.seek
// on the consumer's existing client: its metadata and preferred read
// replica (KIP-392) stay, and its next fetch asks for offset N.
func (r *replayer) seek(d script.Directive) error {
	tp, err := parseTP(firstPositional(d))
	if err != nil {
		return err
	}
	name := "c1"
	if a, ok := d.Arg("consumer"); ok && len(a.Vals) == 1 {
		name = "c" + strings.TrimPrefix(a.Vals[0], "c")
	}
	a, ok := d.Arg("offset")
	if !ok || len(a.Vals) != 1 {
		return fmt.Errorf("seek needs offset=N")
	}
	off, err := strconv.ParseInt(a.Vals[0], 10, 64)
	if err != nil || off < 0 {
		return fmt.Errorf("seek offset=%s: want an offset", a.Vals[0])
	}
	e := r.consumers[name]
	if e == nil || e.tp != tp {
		return fmt.Errorf("seek: consumer %s is not consuming %s", name, tp)
	}
	e.c.SeekTo(off)
	return nil
}

// logHistory logs every partition change the controller made, one line per
// partition epoch, so that a difference in epochs can be read off.
func (r *replayer) logHistory(ctx context.Context) {
	cv, err := r.controllerView(ctx)
	if err != nil {
		r.logf("%s: no controller history: %v", r.p.Name, err)
		return
	}
	topics := make([]string, 0, len(r.p.Assignments))
	for t := range r.p.Assignments {
		topics = append(topics, t)
	}
	slices.Sort(topics)
	for _, t := range topics {
		for part := range r.p.Assignments[t] {
			if reg, ok := cv.Partition(t, int32(part)); ok {
				r.logf("%s: the controller's records for %s-%d, one per partition epoch:\n\t%s", r.p.Name, t, part, strings.Join(reg.History, "\n\t"))
			}
		}
	}
	for id := 1; id <= r.cl.Brokers(); id++ {
		if b, ok := cv.Brokers[int32(id)]; ok {
			r.logf("%s: the controller's records for broker %d:\n\t%s", r.p.Name, id, strings.Join(b.History, "\n\t"))
		}
	}
}
