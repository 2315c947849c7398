package script

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"kplay/engine"
)

// kind sorts directives by what they do to a run.
type kind uint8

const (
	kindUnknown kind = iota
	kindCluster      // cluster: creates the world
	kindAction       // create-topic, produce, consume: an engine.Command
	kindTime         // advance, run, step: moves the clock
	kindObserve      // describe, state, log, fetch-rounds, expect: changes nothing
	kindAsk          // ask: a lesson's question; changes nothing
	kindStory        // title, summary, say, why, source, fixed-by, bug-in, speed, try: the learner's text; changes nothing
)

// Commands lists the script vocabulary with a one-line synopsis each, in the
// order the help text shows them; a command with two forms (produce) is
// listed twice.
var Commands = []struct{ Name, Synopsis string }{
	{"cluster", "cluster brokers=3 [seed=1] [start=10:00:00.000] [latency=(1,3)] [kafka=4.4 [kip-320=on|off ...]] [<kafka.config>=<value>...]"},
	{"create-topic", "create-topic NAME [partitions=1] [rf=3] [start=1] [min.insync.replicas=N] [retention.ms=MS] [retention.bytes=N] [segment.bytes=N] [segment.ms=MS]"},
	{"produce", "produce TOPIC-P values=(a, b) | count=N [key=K] [acks=all|1|0] [producer=p1] [broker=ID] [size=1024]  (size: each record's bytes, for the fetch size limits and segment.bytes)"},
	{"produce", "produce TOPIC-P rate=N/s for=DURATION [key=K] [acks=all|1|0] [producer=p1] [size=1024]  (one record every 1000/N ms)"},
	{"consume", "consume TOPIC-P [from=earliest|latest|OFFSET] [consumer=c1] [broker=ID] [client.rack=R]"},
	{"consume", "consume TOPIC-P group.id=G [consumer=c1] [broker=ID] [client.rack=R]  (a group consumer: starts from the group's committed offset, or by auto.offset.reset without one)"},
	{"seek", "seek TOPIC-P offset=N [consumer=c1]  (KafkaConsumer.seek: move a running consumer, keeping its preferred read replica)"},
	{"commit", "commit TOPIC-P [consumer=c1]  (KafkaConsumer.commitSync: commit the position and its leader epoch to the group coordinator)"},
	{"close", "close TOPIC-P [consumer=c1]  (KafkaConsumer.close: commit if enable.auto.commit, leave the group, stop)"},
	{"crash", "crash BROKER [lose-unflushed=N]  (kill -9; optionally lose the last N records of each log)"},
	{"restart", "restart BROKER"},
	{"shutdown", "shutdown BROKER  (controlled shutdown)"},
	{"isolate", "isolate NODE  (a broker id, controller, p1 or c1)"},
	{"partition", "partition g1=(NODE, ...) g2=(NODE, ...) ..."},
	{"cut", "cut NODE NODE [one-way]  (take one link down, both ways; cuts add up. one-way: only the first node's messages to the second are lost, the answers the other way still arrive)"},
	{"heal", "heal [NODE NODE]  (undo isolate, partition, cut, slow and drop; with two nodes only that link's cut (both ways and one-way), slow and drop)"},
	{"hang", "hang BROKER [requests=replicas|clients|all]  (a half-alive broker: it stays registered and heartbeats to the controller, but its request handlers answer no followers' fetches, no clients, or neither; default all)"},
	{"resume", "resume BROKER  (end a hang: the queued requests are answered in arrival order; a crash also ends it)"},
	{"slow", "slow NODE NODE latency=(MIN, MAX)"},
	{"slow-disk", "slow-disk BROKER latency=DURATION  (every append to its logs takes this long; latency=0ms heals the disk, heal does not)"},
	{"drop", "drop NODE NODE per-mille=N"},
	{"elect-leaders", "elect-leaders type=preferred|unclean (TOPIC-P | all)  (kafka-leader-election.sh)"},
	{"config", configSynopsis()},
	{"advance", "advance DURATION [events=default|all|none|(net,fetch,log,cluster,client)]"},
	{"run", "run until=TIME [events=...]"},
	{"step", "step [n=1]  (process n scheduled deliveries or timers; prints every event)"},
	{"describe", "describe [TOPIC]  (kafka-topics.sh --describe)"},
	{"state", "state [TOPIC-P]"},
	{"log", "log TOPIC-P [from=OFFSET]"},
	{"fetch-rounds", "fetch-rounds TOPIC-P follower=ID [since=TIME]"},
	{"ask", `ask "QUESTION" options=(A, B, ...) answer=A  (a lesson's question at this moment; an answer of several words in parentheses: answer=(not safe))`},
	{"why", `why "TEXT" [show=TIME]  (directly after an ask: why its answer is right, and the moment that shows it)`},
	{"say", `say "TEXT"  (a caption shown from this moment; in any quoted text \" is a double quote and \\ a backslash)`},
	{"title", `title "TEXT"  (the scenario's title)`},
	{"summary", `summary "TEXT"  (two or three sentences on what to watch)`},
	{"source", `source "TEXT" url=https://...  (the public report the scenario replays: a JIRA ticket, KIP or thread)`},
	{"fixed-by", "fixed-by PRESET  (in a bug's preset: the preset with the same schedule on Kafka 4.4)"},
	{"speed", "speed 1/N | N  (how fast the page plays the scenario when it is picked: N times slower, or faster, than real time)"},
	{"try", `try "LABEL" COMMAND [while=(CLAIM, ...)]  (a one-click suggestion offered from this moment while its claims hold, such as: try "Restart broker 1 before it is fenced" restart 1 while=(b1 unfenced))`},
	{"bug-in", "bug-in PRESET  (in a fix's preset: the preset that shows the bug on the release that had it)"},
	{"expect", "expect leader|isr|elr|leader-epoch|hw TOPIC-P=VALUE ...  (a claim: ok if it holds, else what differs)"},
	{"expect", "expect lost|kept|duplicates TOPIC-P values=(a, b)  (committed or acknowledged records missing from / on the leader; values on the leader more than once)"},
	{"expect", "expect hw-moves TOPIC-P broker=ID [since=TIME] values=(2->3, 3->2)  (one broker's high watermark moves, in order)"},
	{"expect", "expect violations=(CommittedDurability, ...)|none  (the broken guarantees seen so far)"},
}

// configSynopsis is the config directive's synopsis, naming the settings
// the settings table marks Runtime with what each takes.
func configSynopsis() string {
	var alts []string
	for _, s := range engine.Settings() {
		if s.Runtime {
			alts = append(alts, s.Name+"=<"+s.Range()+">")
		}
	}
	return "config [topic=NAME] " + strings.Join(alts, " | ") + "  (at run time; every other setting goes on the cluster line)"
}

func classify(cmd string) kind {
	switch cmd {
	case "cluster":
		return kindCluster
	case "create-topic", "produce", "consume", "seek", "commit", "close", "crash", "restart", "shutdown", "isolate", "partition", "cut", "heal", "hang", "resume", "slow", "slow-disk", "drop", "elect-leaders", "config":
		return kindAction
	case "advance", "run", "step":
		return kindTime
	case "ask":
		return kindAsk
	case "title", "summary", "say", "why", "source", "fixed-by", "bug-in", "speed", "try":
		return kindStory
	case "describe", "state", "log", "fetch-rounds", "expect":
		return kindObserve
	}
	return kindUnknown
}

func errAt(p Pos, format string, a ...any) *Error {
	return &Error{Pos: p, Msg: fmt.Sprintf(format, a...)}
}

func unknownCommand(d Directive) *Error {
	var names []string
	for _, c := range Commands {
		if !slices.Contains(names, c.Name) { // produce has two forms
			names = append(names, c.Name)
		}
	}
	return errAt(d.Pos, "unknown command %q (known: %s)", d.Cmd, strings.Join(names, ", "))
}

// single returns an argument's one value.
func single(a Arg) (string, *Error) {
	if len(a.Vals) != 1 {
		return "", errAt(a.Pos, "%s takes one value, got %d", a.Key, len(a.Vals))
	}
	return a.Vals[0], nil
}

// positional returns the directive's valueless arguments (such as the topic
// in "describe orders") and checks there are at most max of them.
func positional(d Directive, max int) ([]Arg, *Error) {
	var out []Arg
	for _, a := range d.Args {
		if a.Vals == nil {
			out = append(out, a)
		}
	}
	if len(out) > max {
		return nil, errAt(out[max].Pos, "%s takes %d positional argument(s); %q is one too many", d.Cmd, max, out[max].Key)
	}
	return out, nil
}

// checkKeys rejects keyed arguments outside allowed.
func checkKeys(d Directive, allowed ...string) *Error {
	for _, a := range d.Args {
		if a.Vals == nil {
			continue
		}
		if !slices.Contains(allowed, a.Key) {
			return unknownKey(d, a, allowed)
		}
	}
	return nil
}

// unknownKey reports a key the directive does not take, with the nearest
// key it does take when one is close, and the list of them all.
func unknownKey(d Directive, a Arg, allowed []string) *Error {
	if near := nearest(a.Key, allowed); near != "" {
		return errAt(a.Pos, "%s does not take %s; did you mean %s? (it takes: %s)", d.Cmd, a.Key, near, strings.Join(allowed, ", "))
	}
	return errAt(a.Pos, "%s does not take %s (it takes: %s)", d.Cmd, a.Key, strings.Join(allowed, ", "))
}

// nearest returns the name in names closest to key in edit distance, if
// it is within a third of the key's length (and at most 4 edits), or "".
// Keys longer than 64 bytes get no suggestion, which bounds the cost.
func nearest(key string, names []string) string {
	if len(key) > 64 {
		return ""
	}
	best, bestD := "", min(4, max(1, len(key)/3))+1
	for _, n := range names {
		if d := editDistance(key, n, bestD); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of a and b in bytes, or limit
// once it is clear the distance is at least limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= limit {
			return limit
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit)
}

// clusterConfig turns a cluster directive into a Config on Kafka's
// defaults. Every key is a row of the settings table (engine.Settings),
// which reads and checks the value.
func clusterConfig(d Directive) (engine.Config, *Error) {
	cfg := engine.DefaultConfig()
	if _, err := positional(d, 0); err != nil {
		return cfg, err
	}
	explicitIdempotence := false
	written := map[string]bool{}
	for _, a := range d.Args {
		s, ok := engine.LookupSetting(a.Key)
		if !ok {
			if ch, isChange := engine.LookupChange(a.Key); isChange {
				return cfg, notSwitchable(a, ch)
			}
			return cfg, unknownKey(d, a, engine.SettingNames())
		}
		written[a.Key] = true
		if err := s.Set(&cfg, a.Vals); err != nil {
			return cfg, errAt(a.Pos, "%s: %v", a.Key, err)
		}
		if a.Key == "enable.idempotence" {
			explicitIdempotence = cfg.EnableIdempotence
		}
	}
	if err := releaseDefaults(d, &cfg, written); err != nil {
		return cfg, err
	}
	if err := cfg.Validate(); err != nil {
		return cfg, errAt(d.Pos, "%s", strings.TrimPrefix(err.Error(), "engine: "))
	}
	// An explicit enable.idempotence=true that cannot hold is Kafka's
	// ConfigException (ProducerConfig.postProcessAndValidateIdempotenceConfigs);
	// left at its default, idempotence is turned off instead.
	switch {
	case explicitIdempotence && cfg.Retries == 0:
		return cfg, errAt(d.Pos, "must set retries to non-zero when using the idempotent producer (enable.idempotence=true)")
	case explicitIdempotence && cfg.MaxInFlightRequestsPerConnection > 5:
		return cfg, errAt(d.Pos, "must set max.in.flight.requests.per.connection to at most 5 to use the idempotent producer (enable.idempotence=true)")
	}
	return cfg, nil
}

// releaseDefaults gives every setting the script did not write the
// default of the release kafka= names (engine.ReleaseDefault: KIP-106's
// unclean.leader.election.enable=true before 0.11, KIP-679's
// enable.idempotence=false before 3.0, ...), so that kafka=2.0 is a 2.0
// cluster with its own defaults, and a written value still wins.
func releaseDefaults(d Directive, cfg *engine.Config, written map[string]bool) *Error {
	for _, s := range engine.Settings() {
		if written[s.Name] {
			continue
		}
		v, ok := engine.ReleaseDefault(cfg.Kafka, s.Name)
		if !ok {
			continue
		}
		if err := s.Set(cfg, []string{v}); err != nil {
			return errAt(d.Pos, "%s: the default of kafka=%s, %s, does not parse: %v", s.Name, cfg.Kafka, v, err)
		}
	}
	return nil
}

// notSwitchable reports a release-table name that is not a setting: a
// ZooKeeper-era change KRaft has no path for, or a default change, which
// is set by its setting.
func notSwitchable(a Arg, ch engine.Change) *Error {
	if ch.Kind == engine.ChangeNotInKRaft {
		return errAt(a.Pos, "%s (Kafka %s) changed ZooKeeper mode only, which kplay does not simulate: %s", a.Key, ch.Since, ch.NotInKRaft)
	}
	return errAt(a.Pos, "%s (Kafka %s) changed the default of %s; set %s=%s for the old behaviour, or pick the release with kafka=", a.Key, ch.Since, ch.Setting, ch.Setting, ch.OldDefault)
}

// tpArg reads the directive's one positional partition argument.
func tpArg(d Directive) (engine.TopicPartition, *Error) {
	pos, err := positional(d, 1)
	if err != nil {
		return engine.TopicPartition{}, err
	}
	if len(pos) == 0 {
		return engine.TopicPartition{}, errAt(d.Pos, "%s needs a partition, such as orders-0", d.Cmd)
	}
	tp, e := ParseTP(pos[0].Key)
	if e != nil {
		return tp, errAt(pos[0].Pos, "%v", e)
	}
	return tp, nil
}

// maxCount bounds produce count= so that a hostile script stays small.
const maxCount = 10000

// MaxCount is the most records one produce line sends (values= or
// count=); the page's producer panel holds a send to it, so that the
// reader's send stays one script line that a share link can reopen.
const MaxCount = maxCount

// MaxScriptRecords bounds the records one script may produce in all, and
// MaxSpan one advance or run, so that a hostile script or link cannot make
// the page or kplay run hold gigabytes.
const (
	MaxScriptRecords = 100000
	MaxSpan          = engine.Time(3600000)
)

// toCommand turns an action directive into an engine.Command for a
// cluster on release kafka (create-topic's configs depend on it).
func toCommand(d Directive, kafka engine.Release) (engine.Command, *Error) {
	switch d.Cmd {
	case "create-topic":
		pos, err := positional(d, 1)
		if err != nil {
			return nil, err
		}
		if len(pos) == 0 {
			return nil, errAt(d.Pos, "create-topic needs a topic name")
		}
		if err := checkKeys(d, append([]string{"partitions", "rf", "start", "min.insync.replicas"}, engine.TopicLogConfigKeys()...)...); err != nil {
			return nil, err
		}
		ct := engine.CreateTopic{Name: pos[0].Key, Partitions: 1, ReplicationFactor: 3}
		for _, a := range d.Args {
			if a.Vals == nil {
				continue
			}
			v, err := single(a)
			if err != nil {
				return nil, err
			}
			if slices.Contains(engine.TopicLogConfigKeys(), a.Key) {
				tc, e := topicConfig(a.Key, v, kafka)
				if e != nil {
					return nil, errAt(a.Pos, "%v", e)
				}
				ct.Configs = append(ct.Configs, tc)
				continue
			}
			n, e := parseInt(v, 1, engine.MaxPartitions)
			if e != nil {
				return nil, errAt(a.Pos, "%s: %v", a.Key, e)
			}
			switch a.Key {
			case "partitions":
				ct.Partitions = int(n)
			case "rf":
				ct.ReplicationFactor = int(n)
			case "start":
				ct.StartBroker = engine.BrokerID(n)
			case "min.insync.replicas":
				ct.MinInsyncReplicas = int(n)
			}
		}
		return ct, nil
	case "produce":
		tp, err := tpArg(d)
		if err != nil {
			return nil, err
		}
		if err := checkKeys(d, "values", "count", "key", "acks", "producer", "broker", "size"); err != nil {
			return nil, err
		}
		p := engine.Produce{TP: tp, Acks: engine.AcksAll}
		for _, a := range d.Args {
			if a.Vals == nil {
				continue
			}
			if a.Key == "values" {
				p.Values = append(p.Values, a.Vals...)
				continue
			}
			v, err := single(a)
			if err != nil {
				return nil, err
			}
			switch a.Key {
			case "count":
				n, e := parseInt(v, 1, maxCount)
				if e != nil {
					return nil, errAt(a.Pos, "count: %v", e)
				}
				for i := int64(0); i < n; i++ {
					p.Values = append(p.Values, "m"+strconv.FormatInt(i, 10))
				}
			case "key":
				p.Key = v
			case "acks":
				switch v {
				case "all", "-1":
					p.Acks = engine.AcksAll
				case "1":
					p.Acks = engine.AcksOne
				case "0":
					p.Acks = engine.AcksNone
				default:
					return nil, errAt(a.Pos, "acks must be all, 1 or 0, got %q", v)
				}
			case "producer":
				id, e := parseClientID(v, 'p')
				if e != nil {
					return nil, errAt(a.Pos, "producer: %v", e)
				}
				p.Producer = id
			case "broker":
				n, e := parseInt(v, 1, engine.MaxBrokers)
				if e != nil {
					return nil, errAt(a.Pos, "broker: %v", e)
				}
				p.Broker = engine.BrokerID(n)
			case "size":
				n, e := parseInt(v, 1, engine.MaxRecordSize)
				if e != nil {
					return nil, errAt(a.Pos, "size (each record's bytes, default %d): %v", engine.DefaultRecordSize, e)
				}
				p.Size = int32(n)
			}
		}
		if len(p.Values) == 0 {
			return nil, errAt(d.Pos, "produce needs values=(...) or count=N")
		}
		if len(p.Values) > maxCount {
			return nil, errAt(d.Pos, "produce takes at most %d records", maxCount)
		}
		return p, nil
	case "seek":
		return seekCommand(d)
	case "slow-disk":
		return slowDiskCommand(d)
	case "commit", "close":
		return groupCommand(d)
	case "consume":
		tp, err := tpArg(d)
		if err != nil {
			return nil, err
		}
		if err := checkKeys(d, "from", "consumer", "broker", "client.rack", "group.id"); err != nil {
			return nil, err
		}
		k := engine.Consume{TP: tp, From: engine.OffsetEarliest}
		for _, a := range d.Args {
			if a.Vals == nil {
				continue
			}
			v, err := single(a)
			if err != nil {
				return nil, err
			}
			switch a.Key {
			case "from":
				switch v {
				case "earliest":
					k.From = engine.OffsetEarliest
				case "latest":
					k.From = engine.OffsetLatest
				default:
					n, e := parseInt(v, 0, 1<<50)
					if e != nil {
						return nil, errAt(a.Pos, "from: %v (or earliest, latest)", e)
					}
					k.From = engine.Offset(n)
				}
			case "client.rack":
				k.Rack = v
			case "group.id":
				if v == "" {
					return nil, errAt(a.Pos, "group.id must not be empty (InvalidGroupIdException)")
				}
				k.Group = v
			case "consumer":
				id, e := parseClientID(v, 'c')
				if e != nil {
					return nil, errAt(a.Pos, "consumer: %v", e)
				}
				k.Consumer = id
			case "broker":
				n, e := parseInt(v, 1, engine.MaxBrokers)
				if e != nil {
					return nil, errAt(a.Pos, "broker: %v", e)
				}
				k.Broker = engine.BrokerID(n)
			}
		}
		return k, nil
	}
	return faultCommand(d)
}

// timeTarget returns the time an advance or run directive moves to.
func timeTarget(d Directive, now, start engine.Time) (engine.Time, *Error) {
	switch d.Cmd {
	case "advance":
		pos, err := positional(d, 1)
		if err != nil {
			return 0, err
		}
		if err := checkKeys(d, "events"); err != nil {
			return 0, err
		}
		if len(pos) == 0 {
			return 0, errAt(d.Pos, "advance needs a duration, such as advance 500ms")
		}
		dur, e := ParseDuration(pos[0].Key)
		if e != nil {
			return 0, errAt(pos[0].Pos, "%v", e)
		}
		if dur > MaxSpan {
			return 0, errAt(pos[0].Pos, "advance moves at most 1h at a time")
		}
		return now + dur, nil
	case "run":
		if _, err := positional(d, 0); err != nil {
			return 0, err
		}
		if err := checkKeys(d, "until", "events"); err != nil {
			return 0, err
		}
		a, ok := d.Arg("until")
		if !ok {
			return 0, errAt(d.Pos, "run needs until=TIME, such as run until=10:00:00.020")
		}
		v, err := single(a)
		if err != nil {
			return 0, err
		}
		t, e := parseInstant(v, start)
		if e != nil {
			return 0, errAt(a.Pos, "until: %v", e)
		}
		if t < now {
			return 0, errAt(a.Pos, "until=%s is before the current time %s", v, engine.FormatTime(now))
		}
		if t-now > MaxSpan {
			return 0, errAt(a.Pos, "run moves at most 1h at a time")
		}
		return t, nil
	}
	return now, nil
}

// categories reads events= (default, all, none, or a list of category names).
func categories(d Directive, def engine.Category) (engine.Category, *Error) {
	a, ok := d.Arg("events")
	if !ok {
		return def, nil
	}
	var c engine.Category
	for _, v := range a.Vals {
		switch v {
		case "default":
			c |= engine.CatDefault
		case "all":
			c |= engine.CatAll
		case "none":
		case "net":
			c |= engine.CatNet
		case "fetch":
			c |= engine.CatFetch
		case "log":
			c |= engine.CatLog
		case "cluster":
			c |= engine.CatCluster
		case "client":
			c |= engine.CatClient
		case "command":
			c |= engine.CatCommand
		case "fault":
			c |= engine.CatFault
		case "violation":
			c |= engine.CatViolation
		default:
			return 0, errAt(a.Pos, "events: unknown category %q (default, all, none, net, fetch, log, cluster, client, fault, violation, command)", v)
		}
	}
	return c, nil
}

// parseNode reads a node name: a broker id ("2" or "b2"), "controller",
// "p1" or "c1".
func parseNode(a Arg) (engine.NodeID, *Error) {
	s := a.Key
	switch {
	case s == "controller":
		return engine.Controller, nil
	case strings.HasPrefix(s, "p") || strings.HasPrefix(s, "c"):
		kind := engine.NodeProducer
		if s[0] == 'c' {
			kind = engine.NodeConsumer
		}
		n, e := parseInt(s[1:], 1, 64)
		if e != nil {
			return engine.NodeID{}, errAt(a.Pos, "%q is not a node (a broker id, controller, p1 or c1)", s)
		}
		return engine.NodeID{Kind: kind, ID: int32(n)}, nil
	}
	n, e := parseInt(strings.TrimPrefix(s, "b"), 1, engine.MaxBrokers)
	if e != nil {
		return engine.NodeID{}, errAt(a.Pos, "%q is not a node (a broker id, controller, p1 or c1)", s)
	}
	return engine.Broker(engine.BrokerID(n)), nil
}

// brokerArg reads the directive's one positional broker id.
func brokerArg(d Directive) (engine.BrokerID, *Error) {
	pos, err := positional(d, 1)
	if err != nil {
		return 0, err
	}
	if len(pos) == 0 {
		return 0, errAt(d.Pos, "%s needs a broker id, such as %s 1", d.Cmd, d.Cmd)
	}
	n, e := parseInt(strings.TrimPrefix(pos[0].Key, "b"), 1, engine.MaxBrokers)
	if e != nil {
		return 0, errAt(pos[0].Pos, "%q is not a broker id", pos[0].Key)
	}
	return engine.BrokerID(n), nil
}

// twoNodes reads the directive's two positional node names.
func twoNodes(d Directive) (engine.NodeID, engine.NodeID, *Error) {
	pos, err := positional(d, 2)
	if err != nil {
		return engine.NodeID{}, engine.NodeID{}, err
	}
	if len(pos) != 2 {
		return engine.NodeID{}, engine.NodeID{}, errAt(d.Pos, "%s needs two nodes, such as %s 1 2", d.Cmd, d.Cmd)
	}
	a, err := parseNode(pos[0])
	if err != nil {
		return a, a, err
	}
	b, err := parseNode(pos[1])
	return a, b, err
}

// faultCommand turns a fault, election or config directive into a command.
func faultCommand(d Directive) (engine.Command, *Error) {
	switch d.Cmd {
	case "crash":
		if err := checkKeys(d, "lose-unflushed"); err != nil {
			return nil, err
		}
		b, err := brokerArg(d)
		if err != nil {
			return nil, err
		}
		cmd := engine.Crash{Broker: b}
		if a, ok := d.Arg("lose-unflushed"); ok {
			v, err := single(a)
			if err != nil {
				return nil, err
			}
			n, e := parseInt(v, 0, maxCount)
			if e != nil {
				return nil, errAt(a.Pos, "lose-unflushed: %v", e)
			}
			cmd.LoseUnflushed = int(n)
		}
		return cmd, nil
	case "restart", "shutdown":
		if err := checkKeys(d); err != nil {
			return nil, err
		}
		b, err := brokerArg(d)
		if err != nil {
			return nil, err
		}
		if d.Cmd == "restart" {
			return engine.Restart{Broker: b}, nil
		}
		return engine.Shutdown{Broker: b}, nil
	case "isolate":
		if err := checkKeys(d); err != nil {
			return nil, err
		}
		pos, err := positional(d, 1)
		if err != nil {
			return nil, err
		}
		if len(pos) == 0 {
			return nil, errAt(d.Pos, "isolate needs a node, such as isolate 1")
		}
		n, err := parseNode(pos[0])
		if err != nil {
			return nil, err
		}
		return engine.Isolate{Node: n}, nil
	case "partition":
		if _, err := positional(d, 0); err != nil {
			return nil, err
		}
		var cmd engine.Partition
		for _, a := range d.Args {
			var g []engine.NodeID
			for _, v := range a.Vals {
				n, err := parseNode(Arg{Key: v, Pos: a.Pos})
				if err != nil {
					return nil, err
				}
				g = append(g, n)
			}
			cmd.Groups = append(cmd.Groups, g)
		}
		return cmd, nil
	case "hang", "resume":
		if d.Cmd == "resume" {
			if err := checkKeys(d); err != nil {
				return nil, err
			}
		} else if err := checkKeys(d, "requests"); err != nil {
			return nil, err
		}
		b, err := brokerArg(d)
		if err != nil {
			return nil, err
		}
		if d.Cmd == "resume" {
			return engine.Resume{Broker: b}, nil
		}
		scope := engine.HangAll
		if arg, ok := d.Arg("requests"); ok {
			v, err := single(arg)
			if err != nil {
				return nil, err
			}
			switch v {
			case "replicas":
				scope = engine.HangReplicas
			case "clients":
				scope = engine.HangClients
			case "all":
			default:
				return nil, errAt(arg.Pos, "requests takes replicas (followers' fetches), clients (produce, metadata, consumer fetches) or all, not %q", v)
			}
		}
		return engine.Hang{Broker: b, Requests: scope}, nil
	case "heal", "cut":
		if err := checkKeys(d); err != nil {
			return nil, err
		}
		oneWay := false
		if d.Cmd == "cut" {
			// cut A B one-way: a third positional word, as elect-leaders
			// takes all.
			if p, _ := positional(d, 3); len(p) == 3 && p[2].Key == "one-way" {
				oneWay = true
				d.Args = slices.DeleteFunc(slices.Clone(d.Args), func(a Arg) bool { return a.Vals == nil && a.Key == "one-way" })
			}
		}
		pos, err := positional(d, 2)
		if err != nil {
			return nil, err
		}
		if d.Cmd == "heal" && len(pos) == 0 {
			return engine.Heal{}, nil
		}
		a, b, err := twoNodes(d)
		if err != nil {
			return nil, err
		}
		if a == b {
			return nil, errAt(pos[1].Pos, "%s needs two different nodes; %s is the same node twice", d.Cmd, pos[1].Key)
		}
		if d.Cmd == "cut" {
			return engine.Cut{A: a, B: b, OneWay: oneWay}, nil
		}
		return engine.Heal{A: a, B: b}, nil
	case "slow", "drop":
		key := "latency"
		if d.Cmd == "drop" {
			key = "per-mille"
		}
		if err := checkKeys(d, key); err != nil {
			return nil, err
		}
		a, b, err := twoNodes(d)
		if err != nil {
			return nil, err
		}
		arg, ok := d.Arg(key)
		if !ok {
			return nil, errAt(d.Pos, "%s needs %s=", d.Cmd, key)
		}
		if d.Cmd == "drop" {
			v, err := single(arg)
			if err != nil {
				return nil, err
			}
			n, e := parseInt(v, 0, 1000)
			if e != nil {
				return nil, errAt(arg.Pos, "per-mille: %v", e)
			}
			return engine.Drop{A: a, B: b, PerMille: int(n)}, nil
		}
		if len(arg.Vals) != 2 {
			return nil, errAt(arg.Pos, "latency takes a range of milliseconds: latency=(50, 60)")
		}
		lo, e1 := ParseDuration(arg.Vals[0])
		hi, e2 := ParseDuration(arg.Vals[1])
		if e1 != nil || e2 != nil || hi < lo || hi > MaxSpan {
			return nil, errAt(arg.Pos, "latency=(%s, %s) is not a range of milliseconds", arg.Vals[0], arg.Vals[1])
		}
		return engine.Slow{A: a, B: b, MinLatency: lo, MaxLat: hi}, nil
	case "elect-leaders":
		if err := checkKeys(d, "type"); err != nil {
			return nil, err
		}
		pos, err := positional(d, 1)
		if err != nil {
			return nil, err
		}
		cmd := engine.ElectLeaders{}
		if a, ok := d.Arg("type"); ok {
			v, err := single(a)
			if err != nil {
				return nil, err
			}
			switch v {
			case "preferred":
			case "unclean":
				cmd.Unclean = true
			default:
				return nil, errAt(a.Pos, "type must be preferred or unclean")
			}
		}
		if len(pos) == 0 {
			return nil, errAt(d.Pos, "elect-leaders needs a partition or all")
		}
		if pos[0].Key == "all" {
			cmd.All = true
			return cmd, nil
		}
		tp, e := ParseTP(pos[0].Key)
		if e != nil {
			return nil, errAt(pos[0].Pos, "%v", e)
		}
		cmd.TP = tp
		return cmd, nil
	case "config":
		if _, err := positional(d, 0); err != nil {
			return nil, err
		}
		cmd := engine.AlterConfig{}
		n := 0
		for _, a := range d.Args {
			v, err := single(a)
			if err != nil {
				return nil, err
			}
			if a.Key == "topic" {
				cmd.Topic = v
				continue
			}
			s, ok := engine.LookupSetting(a.Key)
			if !ok || !s.Runtime {
				return nil, notRuntime(a, ok)
			}
			canon, e := s.Canonical(a.Vals)
			if e != nil {
				return nil, errAt(a.Pos, "%s: %v", a.Key, e)
			}
			cmd.Key, cmd.Value = a.Key, canon
			n++
		}
		if n != 1 {
			return nil, errAt(d.Pos, "config changes exactly one setting")
		}
		return cmd, nil
	}
	return nil, unknownCommand(d)
}

// runtimeSettings are the settings the config directive changes at run
// time, in table order.
func runtimeSettings() []string {
	var out []string
	for _, s := range engine.Settings() {
		if s.Runtime {
			out = append(out, s.Name)
		}
	}
	return out
}

// notRuntime reports a config key that cannot change at run time: a
// setting fixed when the cluster starts (known), or no setting at all.
func notRuntime(a Arg, known bool) *Error {
	rt := strings.Join(runtimeSettings(), " or ")
	if known {
		return errAt(a.Pos, "config can change %s at run time, not %s, which is fixed when the cluster starts (set it on the cluster line)", rt, a.Key)
	}
	if near := nearest(a.Key, runtimeSettings()); near != "" {
		return errAt(a.Pos, "config can change %s at run time, not %s; did you mean %s?", rt, a.Key, near)
	}
	return errAt(a.Pos, "config can change %s at run time, not %s", rt, a.Key)
}

// seekCommand reads "seek TOPIC-P offset=N [consumer=c1]" into a Consume
// with Seek set (KafkaConsumer.seek).
func seekCommand(d Directive) (engine.Command, *Error) {
	tp, err := tpArg(d)
	if err != nil {
		return nil, err
	}
	if err := checkKeys(d, "offset", "consumer"); err != nil {
		return nil, err
	}
	k := engine.Consume{TP: tp, From: -1, Seek: true}
	for _, a := range d.Args {
		if a.Vals == nil {
			continue
		}
		v, err := single(a)
		if err != nil {
			return nil, err
		}
		switch a.Key {
		case "offset":
			n, e := parseInt(v, 0, 1<<50)
			if e != nil {
				return nil, errAt(a.Pos, "offset: %v", e)
			}
			k.From = engine.Offset(n)
		case "consumer":
			id, e := parseClientID(v, 'c')
			if e != nil {
				return nil, errAt(a.Pos, "consumer: %v", e)
			}
			k.Consumer = id
		}
	}
	if k.From < 0 {
		return nil, errAt(d.Pos, "seek needs offset=N")
	}
	return k, nil
}

// groupCommand reads "commit TOPIC-P [consumer=c1]" or "close TOPIC-P
// [consumer=c1]" into a Consume with Commit or Close set.
func groupCommand(d Directive) (engine.Command, *Error) {
	tp, err := tpArg(d)
	if err != nil {
		return nil, err
	}
	if err := checkKeys(d, "consumer"); err != nil {
		return nil, err
	}
	k := engine.Consume{TP: tp, From: engine.OffsetEarliest, Commit: d.Cmd == "commit", Close: d.Cmd == "close"}
	for _, a := range d.Args {
		if a.Vals == nil {
			continue
		}
		v, err := single(a)
		if err != nil {
			return nil, err
		}
		id, e := parseClientID(v, 'c')
		if e != nil {
			return nil, errAt(a.Pos, "consumer: %v", e)
		}
		k.Consumer = id
	}
	return k, nil
}

// topicConfig reads a create-topic retention or segment override: a whole
// number of bytes, or of milliseconds (a duration such as 10s also
// works), -1 meaning no limit where Kafka allows it, checked as release
// kafka checks it (engine.CheckTopicConfig: segment.bytes at least 1 MiB
// from Kafka 4.0, KIP-1030). The error names the key.
func topicConfig(key, v string, kafka engine.Release) (engine.TopicConfig, error) {
	tc := engine.TopicConfig{Key: key}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		tc.Value = n
	} else if strings.HasSuffix(key, ".ms") {
		d, derr := engine.ParseDuration(v)
		if derr != nil {
			return tc, fmt.Errorf("%s: %v", key, derr)
		}
		tc.Value = int64(d)
	} else {
		return tc, fmt.Errorf("%s: %q is not a whole number of bytes", key, v)
	}
	if err := engine.CheckTopicConfig(tc, kafka); err != nil {
		return tc, errors.New(strings.TrimPrefix(strings.TrimPrefix(err.Error(), "engine: "), "topic config "))
	}
	return tc, nil
}
