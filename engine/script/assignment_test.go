package script

import (
	"strings"
	"testing"
)

// TestCreateTopicAssignment: create-topic assignment= is kafka-topics.sh
// --create --replica-assignment 1:2:3,2:3:1. Each partition's replicas are
// in the given order and its leader is the first of them, the preferred
// replica; with every broker active the ISR is all of them
// (ReplicationControlManager.createTopic, buildPartitionRegistration).
func TestCreateTopicAssignment(t *testing.T) {
	out := runLines(t, "cluster brokers=3",
		"create-topic t assignment=(1:2:3, 2:3:1, 3:1:2, 2:1:3)",
		"describe t",
		"expect leader t-0=1 t-1=2 t-2=3 t-3=2",
		"expect isr t-0=(1,2,3) t-3=(1,2,3)")
	for _, want := range []string{
		"PartitionCount: 4\tReplicationFactor: 3",
		"Partition: 0\tLeader: 1\tReplicas: 1,2,3\tIsr: 1,2,3",
		"Partition: 1\tLeader: 2\tReplicas: 2,3,1\tIsr: 2,3,1",
		"Partition: 3\tLeader: 2\tReplicas: 2,1,3\tIsr: 2,1,3",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("describe lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "claim failed") {
		t.Errorf("a claim failed:\n%s", out)
	}
}

// TestCreateTopicAssignmentSkipsFencedBrokers: a broker that is fenced when
// the topic is created is assigned but not in the ISR, and the leader is
// the first assigned replica that is active (ReplicationControlManager
// .createTopic: isr = the replicas filtered by clusterControl::isActive;
// leader = isr.get(0)).
func TestCreateTopicAssignmentSkipsFencedBrokers(t *testing.T) {
	out := runLines(t, "cluster brokers=3",
		"crash 1",
		"advance 10s events=none",
		"create-topic t assignment=(1:2:3)",
		"expect leader t-0=2",
		"expect isr t-0=(2,3)")
	if strings.Contains(out, "claim failed") {
		t.Errorf("a claim failed:\n%s", out)
	}
}

// TestCreateTopicAssignmentRefused: what Kafka refuses, kplay refuses,
// with the line and column.
func TestCreateTopicAssignmentRefused(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		// TopicCommand.parseReplicaAssignment.
		{"create-topic t assignment=(1:2:1)", "2:16: assignment: partition 0 lists broker 1 twice"},
		{"create-topic t assignment=(1:2:3, 2:3)", "2:16: assignment: partition 1 has different replication factor: 2 replicas, partition 0 has 3"},
		{"create-topic t assignment=(1:x)", "2:16: assignment: partition 0: \"x\" is not a broker id"},
		// kplay lets partitions= and rf= agree, refuses them when not.
		{"create-topic t partitions=3 assignment=(1:2, 2:3)", "2:16: partitions=3 disagrees with assignment=, which lists 2 partitions"},
		{"create-topic t assignment=(1:2, 2:3) rf=3", "2:38: rf=3 disagrees with assignment=, which gives each partition 2 replicas"},
		{"create-topic t start=2 assignment=(1:2)", "2:16: start= places replicas"},
		// ReplicationControlManager.validateManualPartitionAssignment.
		{"create-topic t assignment=(1:2:4)", "2:1: the manual partition assignment includes broker 4, but no such broker is registered"},
	} {
		dirs, err := Parse("", "cluster brokers=3\n"+tc.line+"\n")
		if err == nil {
			_, err = RunAll(dirs)
		}
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %s", tc.line, err, tc.want)
		}
	}
}

// TestCreateTopicStringAssignment: the command prints back as the line
// that makes it.
func TestCreateTopicStringAssignment(t *testing.T) {
	dirs, err := Parse("", "create-topic t assignment=(1:2, 2:1) min.insync.replicas=2\n")
	if err != nil {
		t.Fatal(err)
	}
	cmd, perr := toCommand(dirs[0], 0)
	if perr != nil {
		t.Fatal(perr)
	}
	if got, want := cmd.(interface{ String() string }).String(), "create-topic t partitions=2 rf=2 assignment=(1:2, 2:1) min.insync.replicas=2"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// runLines runs the script lines and returns every directive's output.
func runLines(t *testing.T, lines ...string) string {
	t.Helper()
	dirs, err := Parse("", strings.Join(lines, "\n")+"\n")
	if err != nil {
		t.Fatal(err)
	}
	outs, err := RunAll(dirs)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(outs, "\n")
}

// TestExpectLastKnownElrAndReplicas: expect claims LastKnownElr and the
// replicas in order. The last ISR member going down with the ELR on
// (KIP-966; docs/kafka-rules.md §5.6, §13.6): rf 3, min.insync.replicas 2;
// broker 3 leaves while two remain (no ELR), broker 2 leaves as the ISR
// drops below 2 (ELR 2), broker 1, the leader, leaves last: ISR empty,
// no leader, ELR 1,2, LastKnownElr 1.
func TestExpectLastKnownElrAndReplicas(t *testing.T) {
	out := runLines(t, "cluster brokers=3 min.insync.replicas=2 eligible.leader.replicas.version=1",
		"create-topic t assignment=(1:2:3)",
		"crash 3", "advance 10s events=none",
		"crash 2", "advance 10s events=none",
		"crash 1", "advance 10s events=none",
		"expect leader t-0=none",
		"expect isr t-0=none",
		"expect elr t-0=(1,2)",
		"expect last-known-elr t-0=(1)",
		"expect replicas t-0=(1,2,3)",
		"expect replicas t-0=(2,1,3)",
		"expect last-known-elr t-0=(2)")
	want := []string{"ok", "ok", "ok", "ok", "ok",
		"claim failed: t-0's replicas is 1,2,3, not 2,1,3",
		"claim failed: t-0's LastKnownElr is"}
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if l != "" {
			lines = append(lines, l)
		}
	}
	got := lines[len(lines)-len(want):]
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("claim %d: got %q, want %q", i, got[i], want[i])
		}
	}
}
