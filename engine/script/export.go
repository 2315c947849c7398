package script

import "kplay/engine"

// ClusterConfig returns the Config a cluster directive asks for, on
// Kafka's defaults. Errors are *Error values with the argument's position.
// The conformance suite uses it to give a real Kafka cluster the same
// settings.
func ClusterConfig(d Directive) (engine.Config, error) {
	cfg, err := clusterConfig(d)
	if err != nil {
		return cfg, err
	}
	return cfg, nil
}

// Command returns the engine.Command an action directive (create-topic,
// produce, consume, crash, restart, shutdown, isolate, partition, cut, heal,
// slow, drop, elect-leaders, config) stands for, reading create-topic's
// configs as Kafka 4.4 (engine.LatestRelease, the release the
// conformance suite runs) takes them; a Runner checks them against its
// cluster's release. Errors are *Error values.
func Command(d Directive) (engine.Command, error) {
	if classify(d.Cmd) != kindAction {
		return nil, errAt(d.Pos, "%s is not an action", d.Cmd)
	}
	cmd, err := toCommand(d, engine.LatestRelease)
	if err != nil {
		return nil, err
	}
	return cmd, nil
}
