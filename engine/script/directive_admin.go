package script

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"kplay/engine"
)

// The directives an operator runs with Kafka's admin tools (LayerAdmin):
// create-topic (kafka-topics.sh --create), elect-leaders
// (kafka-leader-election.sh) and config (kafka-configs.sh --alter).

// createTopicCommand reads "create-topic NAME [partitions=1] [rf=3]
// [start=1] [assignment=(1:2:3, ...)] [min.insync.replicas=N]
// [retention.ms=MS] ..." into an
// engine.CreateTopic whose topic configs release kafka accepts.
func createTopicCommand(d Directive, kafka engine.Release) (engine.Command, *Error) {
	pos, err := positional(d, 1)
	if err != nil {
		return nil, err
	}
	if len(pos) == 0 {
		return nil, errAt(d.Pos, "create-topic needs a topic name")
	}
	if err := checkKeys(d, append([]string{"partitions", "rf", "start", "min.insync.replicas", "assignment"}, engine.TopicLogConfigKeys()...)...); err != nil {
		return nil, err
	}
	ct := engine.CreateTopic{Name: pos[0].Key, Partitions: 1, ReplicationFactor: 3}
	for _, a := range d.Args {
		if a.Vals == nil || a.Key == "assignment" {
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
	if a, ok := d.Arg("assignment"); ok {
		if err := withAssignment(d, a, &ct); err != nil {
			return nil, err
		}
	}
	return ct, nil
}

// withAssignment reads create-topic's assignment=(1:2:3, 2:3:1), Kafka's
// kafka-topics.sh --create --replica-assignment 1:2:3,2:3:1: one value per
// partition, in partition order, each its replicas' broker ids joined by
// ':', the first the preferred leader. The partitions and the replication
// factor follow from it; a partitions= or rf= that disagrees is refused,
// as is start= (TopicCommand refuses --replica-assignment beside
// --partitions and --replication-factor; kplay lets them agree). Like
// TopicCommand.parseReplicaAssignment it refuses a broker twice in one
// partition ("Partition replica lists may not contain duplicate
// entries") and partitions of unequal length ("Partition N has different
// replication factor"). A broker the cluster does not have is refused
// when the command runs (engine.CreateTopic.check, as
// ReplicationControlManager.validateManualPartitionAssignment).
func withAssignment(d Directive, a Arg, ct *engine.CreateTopic) *Error {
	if len(a.Vals) == 0 || len(a.Vals) > engine.MaxPartitions {
		return errAt(a.Pos, "assignment: one replica list per partition, 1 to %d of them, such as assignment=(1:2:3, 2:3:1)", engine.MaxPartitions)
	}
	var rows [][]engine.BrokerID
	for p, v := range a.Vals {
		parts := strings.Split(strings.TrimSpace(v), ":")
		if len(parts) > engine.MaxBrokers {
			return errAt(a.Pos, "assignment: partition %d lists %d replicas; a cluster has at most %d brokers", p, len(parts), engine.MaxBrokers)
		}
		var row []engine.BrokerID
		for _, f := range parts {
			n, e := parseInt(strings.TrimSpace(f), 1, engine.MaxBrokers)
			if e != nil {
				return errAt(a.Pos, "assignment: partition %d: %q is not a broker id (%v); write each partition's replicas as 1:2:3", p, f, e)
			}
			id := engine.BrokerID(n)
			if slices.Contains(row, id) {
				return errAt(a.Pos, "assignment: partition %d lists broker %d twice; a partition's replica list may not contain duplicate entries", p, id)
			}
			row = append(row, id)
		}
		if p > 0 && len(row) != len(rows[0]) {
			return errAt(a.Pos, "assignment: partition %d has different replication factor: %d replicas, partition 0 has %d", p, len(row), len(rows[0]))
		}
		rows = append(rows, row)
	}
	for _, o := range d.Args {
		switch {
		case o.Key == "start" && o.Vals != nil:
			return errAt(o.Pos, "start= places replicas; assignment= gives them, so they cannot go together")
		case o.Key == "partitions" && o.Vals != nil && ct.Partitions != len(rows):
			return errAt(o.Pos, "partitions=%d disagrees with assignment=, which lists %d partitions", ct.Partitions, len(rows))
		case o.Key == "rf" && o.Vals != nil && ct.ReplicationFactor != len(rows[0]):
			return errAt(o.Pos, "rf=%d disagrees with assignment=, which gives each partition %d replicas", ct.ReplicationFactor, len(rows[0]))
		}
	}
	ct.Partitions, ct.ReplicationFactor, ct.Assignment = len(rows), len(rows[0]), rows
	return nil
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

// electLeadersCommand reads "elect-leaders type=preferred|unclean
// (TOPIC-P | all)" (engine.ElectLeaders).
func electLeadersCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
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
}

// configCommand reads "config [topic=NAME] SETTING=VALUE", one setting the
// settings table marks Runtime, into an engine.AlterConfig.
func configCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
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

// configArgs is the config directive's arguments, naming the settings
// the settings table marks Runtime with what each takes.
func configArgs() string {
	var alts []string
	for _, s := range engine.Settings() {
		if s.Runtime {
			alts = append(alts, s.Name+"=<"+s.Range()+">")
		}
	}
	return "[topic=NAME] " + strings.Join(alts, " | ")
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
