package script_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/engine/script/scripttest"
)

// compileCluster compiles a one-line script and returns its Config.
func compileCluster(t *testing.T, line string) engine.Config {
	t.Helper()
	sc, err := script.ParseAndCompile("x", line+"\n")
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return sc.Config
}

// TestKafkaReleaseDefaults: kafka=VERSION gives every setting whose
// default changed since that release its old default, unless the line
// writes it: unclean.leader.election.enable true before 0.11 (KIP-106,
// KAFKA-4623), replica.lag.time.max.ms 10000 before 2.5 (KIP-537,
// KAFKA-9102), the producer's retries 0 before 2.1 (KIP-91, KAFKA-5886),
// enable.idempotence false before 3.2 (KIP-679, KAFKA-10619: 3.0.0 and
// 3.1.0 left it off unless written, KAFKA-13598),
// linger.ms 0 before 4.0 (KIP-1030) and eligible leader replicas off before
// 4.1 (KIP-966; 4.0 formats new clusters at level 0).
func TestKafkaReleaseDefaults(t *testing.T) {
	c := compileCluster(t, "cluster kafka=0.10")
	if c.Kafka != 10 || !c.UncleanLeaderElectionEnable || c.ReplicaLagTimeMaxMs != 10000 || c.EnableIdempotence || c.LingerMs != 0 || c.EligibleLeaderReplicas {
		t.Errorf("kafka=0.10: %+v", c)
	}
	if c.Enabled("kip-101") || c.Enabled("kip-279") {
		t.Errorf("kafka=0.10 truncates by leader epoch")
	}
	if c = compileCluster(t, "cluster kafka=2.0"); c.Retries != 0 {
		t.Errorf("kafka=2.0: retries %d, want 0", c.Retries)
	}
	c = compileCluster(t, "cluster kafka=2.4")
	if c.UncleanLeaderElectionEnable || c.ReplicaLagTimeMaxMs != 10000 || c.EnableIdempotence || c.LingerMs != 0 || c.Retries != 2147483647 {
		t.Errorf("kafka=2.4: %+v", c)
	}
	c = compileCluster(t, "cluster kafka=3.0")
	if c.ReplicaLagTimeMaxMs != 30000 || c.EnableIdempotence || c.LingerMs != 0 || c.EligibleLeaderReplicas {
		t.Errorf("kafka=3.0: %+v", c)
	}
	if c = compileCluster(t, "cluster kafka=3.1"); c.EnableIdempotence {
		t.Errorf("kafka=3.1 is idempotent by default; KAFKA-13598 left 3.1.0 without")
	}
	if c = compileCluster(t, "cluster kafka=3.2"); !c.EnableIdempotence {
		t.Errorf("kafka=3.2 is not idempotent by default")
	}
	c = compileCluster(t, "cluster kafka=4.0")
	if c.LingerMs != 5 || c.EligibleLeaderReplicas {
		t.Errorf("kafka=4.0: linger.ms %d ELR %v, want 5 and off", c.LingerMs, c.EligibleLeaderReplicas)
	}
	if c = compileCluster(t, "cluster kafka=4.0 eligible.leader.replicas.version=1"); !c.EligibleLeaderReplicas {
		t.Errorf("kafka=4.0 with the feature at 1 has no ELR")
	}
	if c = compileCluster(t, "cluster kafka=4.1"); !c.EligibleLeaderReplicas {
		t.Errorf("kafka=4.1 has no ELR")
	}
	// A written value wins, wherever it stands on the line.
	c = compileCluster(t, "cluster unclean.leader.election.enable=false kafka=0.10 linger.ms=7")
	if c.UncleanLeaderElectionEnable || c.LingerMs != 7 || c.EnableIdempotence {
		t.Errorf("written values lost: unclean %v linger.ms %d idempotence %v", c.UncleanLeaderElectionEnable, c.LingerMs, c.EnableIdempotence)
	}
	// The default is Kafka 4.4, today's behaviour.
	if c := compileCluster(t, "cluster brokers=3"); c.Kafka != engine.LatestRelease {
		t.Errorf("default release %s", c.Kafka)
	}
	def := engine.DefaultConfig()
	if got := compileCluster(t, "cluster kafka=4.4"); got.Kafka != def.Kafka || got.LingerMs != def.LingerMs || !got.EligibleLeaderReplicas {
		t.Errorf("kafka=4.4 is not the default: %+v", got)
	}
}

// TestKafkaSwitchOnItsOwn: a switch set on the line overrides its release,
// in either order.
func TestKafkaSwitchOnItsOwn(t *testing.T) {
	for _, line := range []string{"cluster kafka=2.0 kip-320=on", "cluster kip-320=on kafka=2.0"} {
		c := compileCluster(t, line)
		if c.Kafka != 200 || !c.Enabled("kip-320") || c.Enabled("kip-392") || !c.Enabled("kip-279") {
			t.Errorf("%s: kafka %s kip-320 %v kip-392 %v kip-279 %v", line, c.Kafka, c.Enabled("kip-320"), c.Enabled("kip-392"), c.Enabled("kip-279"))
		}
	}
	if c := compileCluster(t, "cluster kip-903=off"); c.Enabled("kip-903") || !c.Enabled("kip-841") {
		t.Errorf("kip-903=off on 4.4: kip-903 %v kip-841 %v", c.Enabled("kip-903"), c.Enabled("kip-841"))
	}
	if c := compileCluster(t, "cluster kip-101=false"); c.Enabled("kip-101") {
		t.Errorf("kip-101=false left it on")
	}
}

// TestKafkaSwitchErrors: an unknown release or switch value names the line,
// the column and the known values; a ZooKeeper-only change says why it
// cannot be switched; a default change points at its setting.
func TestKafkaSwitchErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"cluster kafka=5.0\n", `1:9: kafka: "5.0" is not 0.10, 0.11, 1.0, 1.1, 2.0,`},
		{"cluster kafka=5.0\n", `4.3 or 4.4`},
		{"# a comment\n\ncluster kafka=2\n", `3:9: kafka: "2" is not 0.10,`},
		{"cluster kip-320=maybe\n", `1:9: kip-320: "maybe" is not release, on or off`},
		{"cluster brokers=3 kip-497=off\n", "1:19: kip-497 (Kafka 2.7) changed ZooKeeper mode only, which kplay does not simulate: KRaft has only the AlterPartition path"},
		{"cluster kip-380=on\n", "1:9: kip-380 (Kafka 2.2) changed ZooKeeper mode only"},
		{"cluster kip-106=off\n", "1:9: kip-106 (Kafka 0.11) changed the default of unclean.leader.election.enable; set unclean.leader.election.enable=true for the old behaviour"},
		{"cluster kip-3200=on\n", "1:9: cluster does not take kip-3200; did you mean kip-320?"},
		// 2.0's producer refused idempotence without retries
		// (ProducerConfig: "Must set retries to non-zero when using the
		// idempotent producer").
		{"cluster kafka=2.0 enable.idempotence=true\n", "1:1: must set retries to non-zero when using the idempotent producer"},
		{"cluster kafka=3.9 eligible.leader.replicas.version=1\n", "1:1: eligible.leader.replicas.version=1 needs Kafka 4.0 or later (KIP-966)"},
		{"cluster kafka=2.3 broker.rack=(a,b,c) replica.selector.class=rack-aware\n", "1:1: replica.selector.class needs fetch from follower (KIP-392, Kafka 2.4)"},
	} {
		_, err := script.ParseAndCompile("", tc.src)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.src, err, tc.want)
		}
	}
}

// TestProtocolScriptsAsSwitches: the two presets that replay the old
// truncation protocols give the same output, byte for byte, when
// protocol=pre-kip-101 is written kip-101=off and protocol=pre-kip-279
// kip-279=off.
func TestProtocolScriptsAsSwitches(t *testing.T) {
	for _, tc := range []struct{ file, old, new string }{
		{"kip101-before-the-fix.txt", "protocol=pre-kip-101", "kip-101=off"},
		{"kip279-before-the-fix.txt", "protocol=pre-kip-279", "kip-279=off"},
	} {
		src, err := os.ReadFile("../../scenarios/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		text := string(src)
		i := strings.Index(text, "\ncluster ")
		j := strings.Index(text[i+1:], "\n") + i + 1
		line := text[i+1 : j]
		if !strings.Contains(line, tc.old) {
			t.Fatalf("%s: cluster line %q lacks %s", tc.file, line, tc.old)
		}
		text = text[:i+1] + strings.Replace(line, tc.old, tc.new, 1) + text[j:]
		path := filepath.Join(t.TempDir(), tc.file)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Run(tc.file, func(t *testing.T) { scripttest.RunFile(t, path, text) })
	}
}
