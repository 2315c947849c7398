package site

import (
	"strings"
	"testing"
)

// presetRules returns RulesOf the named preset's cluster.
func presetRules(t *testing.T, name string) Rules {
	t.Helper()
	return RulesOf(presetStore(t, name).Player.Scenario().Config)
}

// TestRulesSayWhichKafka: the default cluster is Kafka 4.4 with a KRaft
// quorum; KIP-101's "before the fix" (protocol=pre-kip-101) replays the
// truncation of Kafka before 0.11, which had a ZooKeeper controller
// (KRaft is Kafka 2.8's, KIP-500); KIP-279's (pre-kip-279) that of 0.11
// to 1.1; kafka=2.2 says so; kafka=3.4 keeps the KRaft label.
func TestRulesSayWhichKafka(t *testing.T) {
	for _, c := range []struct {
		preset, cluster, controller string
	}{
		{"start-here", "a simulated Kafka 4.4 cluster runs", "KRaft quorum"},
		{"kip101-after-the-fix", "a simulated Kafka 4.4 cluster runs", "KRaft quorum"},
		{"kip101-before-the-fix", "replaying the replication rules of Kafka before 0.11", "controller"},
		{"kip279-before-the-fix", "replaying the replication rules of Kafka 0.11 to 1.1", "controller"},
		{"incident-unclean-by-default", "replication rules of Kafka 0.10", "controller"},
		{"incident-kip-903", "replication rules of Kafka 3.4", "KRaft quorum"},
	} {
		r := presetRules(t, c.preset)
		if !strings.Contains(r.Cluster, c.cluster) {
			t.Errorf("%s: cluster %q, want it to contain %q", c.preset, r.Cluster, c.cluster)
		}
		if c.controller != "" && r.Controller != c.controller {
			t.Errorf("%s: controller %q, want %q", c.preset, r.Controller, c.controller)
		}
		if (r.Controller == "controller") != (r.ControllerTitle != "") {
			t.Errorf("%s: controller %q with tooltip %q", c.preset, r.Controller, r.ControllerTitle)
		}
	}
}
