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
// [start=1] [min.insync.replicas=N] [retention.ms=MS] ..." into an
// engine.CreateTopic whose topic configs release kafka accepts.
func createTopicCommand(d Directive, kafka engine.Release) (engine.Command, *Error) {
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
