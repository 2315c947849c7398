package script

import (
	"slices"
	"strings"

	"kplay/engine"
)

// The vocabulary of directives: every directive a script may write is one
// row of directiveTable, with its forms, help, an example and the layer it
// touches, and the one function that reads it. The parser (which
// directives open with quoted text), the Runner and Compile (what each
// directive does to a run), the error for an unknown command, the page's
// script help (Directives) and the conformance suite's plan (Replay) all
// read this one table (docs/design.md §3). A new directive is one row here
// and one function in the file of its concept: actions in
// directive_admin.go, directive_client.go, directive_lifecycle.go,
// directive_network.go and disk.go; the cluster in directive_cluster.go;
// clocks in directive_clock.go; observations in directive_observe.go;
// the story's text in story.go, speed and try in pace.go, ask in ask.go,
// expect in expect.go and vs in directive_variant.go.

// Layer is what a directive touches.
type Layer uint8

// The layers, in the order the help lists them.
const (
	// LayerCluster creates the cluster from the settings table
	// (engine.Settings): the cluster directive.
	LayerCluster Layer = iota + 1
	// LayerAdmin changes topics, leaders or configs as Kafka's admin
	// tools do: create-topic, elect-leaders, config.
	LayerAdmin
	// LayerClient starts or moves a producer or consumer: produce,
	// consume, seek, commit, close.
	LayerClient
	// LayerFault breaks or mends a broker, a disk or the network: crash,
	// restart, shutdown, hang, resume, slow-disk, isolate, partition,
	// cut, heal, slow, drop.
	LayerFault
	// LayerClock moves simulated time: advance, run, step.
	LayerClock
	// LayerObserve prints what a client or operator would see, changing
	// nothing: describe, state, log, fetch-rounds.
	LayerObserve
	// LayerCheck states a claim a test checks, changing nothing: expect.
	LayerCheck
	// LayerLesson asks the learner a question, changing nothing: ask.
	LayerLesson
	// LayerStory is the learner's text and the page's hints, changing
	// nothing: title, summary, say, why, source, fixed-by, bug-in, speed,
	// try.
	LayerStory
	// LayerVariant names another run of the same script with some
	// settings changed, changing nothing in this one: vs.
	LayerVariant
)

// String names the layer as the help groups it: "cluster", "admin",
// "client", "fault", "clock", "observe", "check", "lesson", "story" or
// "variant".
func (l Layer) String() string {
	switch l {
	case LayerCluster:
		return "cluster"
	case LayerAdmin:
		return "admin"
	case LayerClient:
		return "client"
	case LayerFault:
		return "fault"
	case LayerClock:
		return "clock"
	case LayerObserve:
		return "observe"
	case LayerCheck:
		return "check"
	case LayerLesson:
		return "lesson"
	case LayerStory:
		return "story"
	case LayerVariant:
		return "variant"
	}
	return "unknown"
}

// acts says directives of the layer are actions: an engine.Command read
// by the row's command.
func (l Layer) acts() bool {
	return l == LayerAdmin || l == LayerClient || l == LayerFault
}

// Form is one way of writing a directive: its arguments after the name,
// and what it does in a line of plain words.
type Form struct {
	Args, Help string
}

// DirectiveSpec is one row of the vocabulary. Rows are values; a caller
// must not modify the Forms it shares with the table.
type DirectiveSpec struct {
	// Name is the directive's command word.
	Name  string
	Layer Layer
	// Forms are its ways of writing, in the order the help shows them
	// (produce has two: values= or count=, and rate=).
	Forms []Form
	// Example is one complete, valid line of it, on the cluster the
	// directive test builds (brokers 1 to 3, topic orders).
	Example string
	// Quoted says its first argument is double-quoted text, which Parse
	// keeps whole.
	Quoted bool
	// Replay is why the conformance suite cannot replay the directive on
	// a real Kafka cluster, or "" when it can (a directive that changes
	// nothing on the cluster is replayed as nothing).
	Replay string

	// command reads an action (LayerAdmin, LayerClient, LayerFault) into
	// its engine.Command for a cluster on release kafka.
	command func(d Directive, kafka engine.Release) (engine.Command, *Error)
	// target reads an advance or run into the time it moves to, from now
	// on a cluster that started at start.
	target func(d Directive, now, start engine.Time) (engine.Time, *Error)
	// observe prints an observation (LayerObserve, LayerCheck).
	observe func(r *Runner, d Directive) (string, *Error)
	// config reads the cluster directive (LayerCluster) into the
	// cluster's Config.
	config func(d Directive) (engine.Config, *Error)
	// steps reads a step (LayerClock without a target) into the number
	// of scheduled deliveries or timers it processes.
	steps func(d Directive) (int64, *Error)
	// compile reads a story, lesson, check or variant directive
	// (LayerStory, LayerLesson, LayerCheck, LayerVariant) at scene s and adds it to s's scenario,
	// returning what kplay run prints for it ("" for ok). The Runner
	// reads the story and lesson rows by it too; an expect it checks on
	// its cluster by observe.
	compile func(s *scene, d Directive) (string, *Error)
	// clusterFree says the story directive says nothing of the cluster,
	// so kplay run reads it above the cluster directive too: title,
	// summary, source, fixed-by, bug-in, speed.
	clusterFree bool
}

// Synopses are the row's forms as the help prints them, one per form:
// "crash BROKER [lose-unflushed=N]  (kill -9; ...)".
func (s DirectiveSpec) Synopses() []string {
	out := make([]string, len(s.Forms))
	for i, f := range s.Forms {
		out[i] = s.Name
		if f.Args != "" {
			out[i] += " " + f.Args
		}
		out[i] += "  (" + f.Help + ")"
	}
	return out
}

// netDenied is the reason the conformance suite replays no single-link
// network fault.
const netDenied = "cutting or slowing single links between processes on one loopback needs network namespaces; use isolate (SIGSTOP)"

// directiveTable is the vocabulary, in the order the help and the unknown
// command error list it.
var directiveTable = [...]DirectiveSpec{
	{Name: "cluster", Layer: LayerCluster, Example: "cluster brokers=3", config: clusterConfig,
		Forms: []Form{{"brokers=3 [seed=1] [start=10:00:00.000] [latency=(1,3)] [kafka=4.4 [kip-320=on|off ...]] [<kafka.config>=<value>...]",
			"the cluster the script runs, on Kafka's defaults: every setting of the settings table may go on this line, and kafka= picks a release with its own defaults"}}},
	{Name: "create-topic", Layer: LayerAdmin, Example: "create-topic invoices partitions=2 rf=3 min.insync.replicas=2", command: createTopicCommand,
		Forms: []Form{
			{"NAME [partitions=1] [rf=3] [start=1] [min.insync.replicas=N] [retention.ms=MS] [retention.bytes=N] [segment.bytes=N] [segment.ms=MS]",
				"kafka-topics.sh --create: rf replicas per partition, partition 0's first on broker start (Kafka draws it at random); the other keys are topic configs"},
			{"NAME assignment=(1:2:3, 2:3:1) [min.insync.replicas=N] ...",
				"kafka-topics.sh --create --replica-assignment: each partition's replicas in order, the first its preferred leader; partitions and rf follow from it"}}},
	{Name: "produce", Layer: LayerClient, Example: "produce orders-0 values=(a, b) acks=all", command: produceCommand,
		Forms: []Form{
			{"TOPIC-P values=(a, b) | count=N [key=K] [acks=all|1|0] [producer=p1] [broker=ID] [size=1024]",
				"send these records now; size: each record's bytes, for the fetch size limits and segment.bytes"},
			{"TOPIC-P rate=N/s for=DURATION [key=K] [acks=all|1|0] [producer=p1] [size=1024]", "one record every 1000/N ms"}}},
	{Name: "consume", Layer: LayerClient, Example: "consume orders-0 from=earliest", command: consumeCommand,
		Forms: []Form{
			{"TOPIC-P [from=earliest|latest|OFFSET] [consumer=c1] [broker=ID] [client.rack=R]",
				"a consumer assigned the partition: reads from from=, earliest by default"},
			{"TOPIC-P group.id=G [consumer=c1] [broker=ID] [client.rack=R]",
				"a group consumer: starts from the group's committed offset, or by auto.offset.reset without one"}}},
	{Name: "seek", Layer: LayerClient, Example: "seek orders-0 offset=0", command: seekCommand,
		Forms: []Form{{"TOPIC-P offset=N [consumer=c1]", "KafkaConsumer.seek: move a running consumer, keeping its preferred read replica"}}},
	{Name: "commit", Layer: LayerClient, Example: "commit orders-0", command: groupCommand,
		Replay: "the oracle's consumers are assigned their partition (kgo.ConsumePartitions) without a group, so they have no offset to commit",
		Forms:  []Form{{"TOPIC-P [consumer=c1]", "KafkaConsumer.commitSync: commit the position and its leader epoch to the group coordinator"}}},
	{Name: "close", Layer: LayerClient, Example: "close orders-0", command: groupCommand,
		Replay: "the oracle's consumers are assigned their partition (kgo.ConsumePartitions) without a group, so they have no group to leave",
		Forms:  []Form{{"TOPIC-P [consumer=c1]", "KafkaConsumer.close: commit if enable.auto.commit, leave the group, stop"}}},
	{Name: "crash", Layer: LayerFault, Example: "crash 1 lose-unflushed=1", command: crashCommand,
		Forms: []Form{{"BROKER [lose-unflushed=N]", "kill -9; optionally lose the last N records of each log"}}},
	{Name: "restart", Layer: LayerFault, Example: "restart 1", command: restartCommand,
		Forms: []Form{{"BROKER", "start a crashed or shut-down broker again: it registers with the controller under a new broker epoch and, once unfenced, fetches"}}},
	{Name: "shutdown", Layer: LayerFault, Example: "shutdown 1", command: shutdownCommand,
		Forms: []Form{{"BROKER", "controlled shutdown"}}},
	{Name: "isolate", Layer: LayerFault, Example: "isolate 1", command: isolateCommand,
		Forms: []Form{{"NODE", "cut every link to and from the node: a broker id, controller, p1 or c1"}}},
	{Name: "partition", Layer: LayerFault, Example: "partition g1=(1) g2=(2, 3, controller)", command: partitionCommand, Replay: netDenied,
		Forms: []Form{{"g1=(NODE, ...) g2=(NODE, ...) ...", "split the network: nodes in different groups cannot talk, and a node in no group reaches everyone"}}},
	{Name: "cut", Layer: LayerFault, Example: "cut 1 2 one-way", command: cutCommand, Replay: netDenied,
		Forms: []Form{{"NODE NODE [one-way]", "take one link down, both ways; cuts add up. one-way: only the first node's messages to the second are lost, the answers the other way still arrive"}}},
	{Name: "heal", Layer: LayerFault, Example: "heal", command: healCommand,
		Forms: []Form{{"[NODE NODE]", "undo isolate, partition, cut, slow and drop; with two nodes only that link's cut (both ways and one-way), slow and drop"}}},
	{Name: "hang", Layer: LayerFault, Example: "hang 1 requests=replicas", command: hangCommand,
		Replay: "a half-alive broker answers its controller but not its clients or followers; the test cluster can only stop a whole process (SIGSTOP)",
		Forms: []Form{{"BROKER [requests=replicas|clients|all]",
			"a half-alive broker: it stays registered and heartbeats to the controller, but its request handlers answer no followers' fetches, no clients, or neither; default all"}}},
	{Name: "resume", Layer: LayerFault, Example: "resume 1", command: resumeCommand,
		Replay: "it ends a hang, which the test cluster cannot make",
		Forms:  []Form{{"BROKER", "end a hang: the queued requests are answered in arrival order; a crash also ends it"}}},
	{Name: "slow", Layer: LayerFault, Example: "slow 1 2 latency=(50, 60)", command: slowCommand, Replay: netDenied,
		Forms: []Form{{"NODE NODE latency=(MIN, MAX)", "every message on the link between the two nodes, both ways, takes MIN to MAX to arrive"}}},
	{Name: "slow-disk", Layer: LayerFault, Example: "slow-disk 1 latency=50ms", command: slowDiskCommand,
		Replay: "slowing one broker's log appends needs a slow block device under its log directory, which the test cluster does not set up",
		Forms:  []Form{{"BROKER latency=DURATION", "every append to its logs takes this long; latency=0ms heals the disk, heal does not"}}},
	{Name: "drop", Layer: LayerFault, Example: "drop 1 2 per-mille=100", command: dropCommand, Replay: netDenied,
		Forms: []Form{{"NODE NODE per-mille=N", "the link between the two nodes loses N messages in a thousand, both ways"}}},
	{Name: "elect-leaders", Layer: LayerAdmin, Example: "elect-leaders type=preferred orders-0", command: electLeadersCommand,
		Forms: []Form{{"type=preferred|unclean (TOPIC-P | all)", "kafka-leader-election.sh"}}},
	{Name: "config", Layer: LayerAdmin, Example: "config min.insync.replicas=1", command: configCommand,
		Forms: []Form{{configArgs(), "at run time; every other setting goes on the cluster line"}}},
	{Name: "advance", Layer: LayerClock, Example: "advance 500ms events=none", target: advanceTarget,
		Forms: []Form{{"DURATION [events=default|all|none|(net,fetch,log,cluster,client)]", "move the clock on by DURATION, printing the events of these kinds"}}},
	{Name: "run", Layer: LayerClock, Example: "run until=00:00:02.000", target: runTarget,
		Forms: []Form{{"until=TIME [events=...]", "move the clock to TIME, printing the events"}}},
	{Name: "step", Layer: LayerClock, Example: "step n=2", steps: stepCount,
		Forms: []Form{{"[n=1]", "process n scheduled deliveries or timers; prints every event"}}},
	{Name: "describe", Layer: LayerObserve, Example: "describe orders", observe: (*Runner).describe,
		Forms: []Form{{"[TOPIC]", "kafka-topics.sh --describe"}}},
	{Name: "state", Layer: LayerObserve, Example: "state orders-0", observe: (*Runner).state,
		Forms: []Form{{"[TOPIC-P]", "each partition's leader, epochs and ISR, each replica's LEO, high watermark and leader epoch, and the consumers"}}},
	{Name: "log", Layer: LayerObserve, Example: "log orders-0 from=0", observe: (*Runner).log,
		Forms: []Form{{"TOPIC-P [from=OFFSET]", "each replica's log of the partition, with | where its high watermark falls"}}},
	{Name: "fetch-rounds", Layer: LayerObserve, Example: "fetch-rounds orders-0 follower=2", observe: (*Runner).fetchRounds,
		Forms: []Form{{"TOPIC-P follower=ID [since=TIME]", "a follower's fetch rounds: what it asked the leader for and what came back"}}},
	{Name: "ask", Layer: LayerLesson, Quoted: true, Example: `ask "Who leads orders-0?" options=(b1, b2) answer=b1`, compile: compileAsk,
		Forms: []Form{{`"QUESTION" options=(A, B, ...) answer=A`, "a lesson's question at this moment; an answer of several words in parentheses: answer=(not safe)"}}},
	{Name: "why", Layer: LayerStory, Quoted: true, Example: `why "Broker 1 was the first replica placed." show=00:00:00.500`, compile: compileWhy,
		Forms: []Form{{`"TEXT" [show=TIME]`, "directly after an ask: why its answer is right, and the moment that shows it"}}},
	{Name: "say", Layer: LayerStory, Quoted: true, Example: `say "Broker 1 leads orders-0."`, compile: compileSay,
		Forms: []Form{{`"TEXT"`, `a caption shown from this moment; in any quoted text \" is a double quote and \\ a backslash`}}},
	{Name: "title", Layer: LayerStory, Quoted: true, Example: `title "Who leads"`, compile: compileTitle, clusterFree: true,
		Forms: []Form{{`"TEXT"`, "the scenario's title"}}},
	{Name: "summary", Layer: LayerStory, Quoted: true, Example: `summary "Watch broker 1 lead orders-0."`, compile: compileSummary, clusterFree: true,
		Forms: []Form{{`"TEXT"`, "two or three sentences on what to watch"}}},
	{Name: "source", Layer: LayerStory, Quoted: true, Example: `source "KIP-966: Eligible Leader Replicas" url=https://cwiki.apache.org/confluence/display/KAFKA/KIP-966%3A+Eligible+Leader+Replicas`, compile: compileSource, clusterFree: true,
		Forms: []Form{{`"TEXT" url=https://...`, "the public report the scenario replays: a JIRA ticket, KIP or thread"}}},
	{Name: "fixed-by", Layer: LayerStory, Example: "fixed-by acks1-loss", compile: compileFixedBy, clusterFree: true,
		Forms: []Form{{"PRESET", "in a bug's preset: the preset with the same schedule on Kafka 4.4"}}},
	{Name: "speed", Layer: LayerStory, Example: "speed 1/10", compile: compileSpeed, clusterFree: true,
		Forms: []Form{{"1/N | N", "how fast the page plays the scenario when it is picked: N times slower, or faster, than real time"}}},
	{Name: "try", Layer: LayerStory, Quoted: true, Example: `try "Restart broker 1" restart 1 while=(b1 up)`, compile: compileTry,
		Forms: []Form{{`"LABEL" COMMAND [while=(CLAIM, ...)]`, `a one-click suggestion offered from this moment while its claims hold, such as: try "Restart broker 1 before it is fenced" restart 1 while=(b1 unfenced)`}}},
	{Name: "bug-in", Layer: LayerStory, Example: "bug-in acks1-loss", compile: compileBugIn, clusterFree: true,
		Forms: []Form{{"PRESET", "in a fix's preset: the preset that shows the bug on the release that had it"}}},
	{Name: "expect", Layer: LayerCheck, Example: "expect leader orders-0=1", observe: (*Runner).expect, compile: compileExpect,
		Forms: []Form{
			{"leader|isr|elr|last-known-elr|replicas|leader-epoch|hw TOPIC-P=VALUE ...", "a claim: ok if it holds, else what differs; replicas in order, the other lists as sets"},
			{"lost|kept|duplicates TOPIC-P values=(a, b)", "committed or acknowledged records missing from / on the leader; values on the leader more than once"},
			{"hw-moves TOPIC-P broker=ID [since=TIME] values=(2->3, 3->2)", "one broker's high watermark moves, in order"},
			{"violations=(CommittedDurability, ...)|none", "the broken guarantees seen so far"},
			{`vs="LABEL" CLAIM`, "a claim about the variant the vs line LABEL names, checked in that run only; an expect without vs= is checked in the base run only"}}},
	{Name: "vs", Layer: LayerVariant, Quoted: true, Example: `vs "acks=1" acks=1`, compile: compileVs,
		Forms: []Form{{`"LABEL" KEY=VALUE ...`,
			"another run of the same script with these values changed, shown beside it (at most 3 vs lines): any setting of the cluster line, kafka=, acks=all|1|0 for every produce line that does not set acks, and min.insync.replicas@TOPIC=N for create-topic TOPIC's topic"}}},
}

// Directives returns the vocabulary, in the order the help lists it.
func Directives() []DirectiveSpec {
	return slices.Clone(directiveTable[:])
}

// LookupDirective returns the row of the directive named name.
func LookupDirective(name string) (DirectiveSpec, bool) {
	for i := range directiveTable {
		if directiveTable[i].Name == name {
			return directiveTable[i], true
		}
	}
	return DirectiveSpec{}, false
}

// kind sorts directives by what a run does with them; every layer is
// one kind.
type kind uint8

const (
	kindUnknown kind = iota
	kindCluster      // cluster: creates the world
	kindAction       // admin, client and fault directives: an engine.Command
	kindTime         // advance, run, step: moves the clock
	kindObserve      // describe, state, log, fetch-rounds, expect: changes nothing
	kindAsk          // ask: a lesson's question; changes nothing
	kindStory        // title, summary, say, why, source, fixed-by, bug-in, speed, try: the learner's text; changes nothing
)

// classify returns the kind of the directive named cmd.
func classify(cmd string) kind {
	s, ok := LookupDirective(cmd)
	if !ok {
		return kindUnknown
	}
	switch s.Layer {
	case LayerCluster:
		return kindCluster
	case LayerAdmin, LayerClient, LayerFault:
		return kindAction
	case LayerClock:
		return kindTime
	case LayerObserve, LayerCheck:
		return kindObserve
	case LayerLesson:
		return kindAsk
	}
	return kindStory
}

// quoted says whether the directive named cmd opens with quoted text.
func quoted(cmd string) bool {
	s, ok := LookupDirective(cmd)
	return ok && s.Quoted
}

func unknownCommand(d Directive) *Error {
	names := make([]string, len(directiveTable))
	for i := range directiveTable {
		names[i] = directiveTable[i].Name
	}
	return errAt(d.Pos, "unknown command %q (known: %s)", d.Cmd, strings.Join(names, ", "))
}

// toCommand turns an action directive into an engine.Command for a
// cluster on release kafka (create-topic's configs depend on it), by its
// row's reader.
func toCommand(d Directive, kafka engine.Release) (engine.Command, *Error) {
	s, ok := LookupDirective(d.Cmd)
	if !ok || s.command == nil {
		return nil, unknownCommand(d)
	}
	return s.command(d, kafka)
}
