package importer

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
)

// TestImportReproducesSnapshots: each fixture, in the formats
// kafka-topics --describe (TopicCommand's tab-separated "Key: value"
// lines, Kafka 3.x without and 4.x with Elr/LastKnownElr) and kcat -L -J
// print, is imported, the script is run by the engine, and the engine's
// final state is compared with the input's: every partition's replicas
// in order, leader, ISR (as a set), and with Elr the ELR and
// LastKnownElr. Every expect claim of the script must hold too.
func TestImportReproducesSnapshots(t *testing.T) {
	for _, tc := range []struct {
		file string
		// header lines the script must say (the cause it chose).
		says []string
	}{
		{"healthy-3x.describe", []string{"Kafka broker 0 is b1, Kafka broker 1 is b2, Kafka broker 2 is b3", "eligible.leader.replicas.version=0"}},
		{"follower-out-3x.describe", []string{"b3 is out of t-0's ISR though it is up: it fell behind", "cut 3 1 one-way"}},
		{"non-preferred-4x.describe", []string{"t-0 is led by b2, not its preferred replica b1", "restart 1", "auto.leader.rebalance.enable=false"}},
		{"four-brokers-one-down-3x.describe", []string{"b4 leads nothing and is in the ISR of no partition that has a leader, so it is taken as down", "crash 4"}},
		{"elr-last-isr-down-4x.describe", []string{"eligible.leader.replicas.version=1", "crash 3\nadvance 10s events=cluster\ncrash 2\nadvance 10s events=cluster\ncrash 1\n"}},
		{"follower-down.kcat.json", []string{"(kcat -L -J)", "crash 3"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			snap, err := Read(tc.file, data)
			if err != nil {
				t.Fatal(err)
			}
			src, err := Script(snap)
			if err != nil {
				t.Fatal(err)
			}
			flat := strings.ReplaceAll(src, "\n# ", " ")
			for _, s := range tc.says {
				if !strings.Contains(flat, s) {
					t.Errorf("script does not say %q:\n%s", s, src)
				}
			}
			r := execScript(t, tc.file, src, func(d script.Directive, out string, _ *script.Runner) {
				if d.Cmd == "expect" && strings.TrimSpace(out) != "ok" {
					t.Errorf("%s\n  %s", d.Line, out)
				}
			})
			checkState(t, snap, r.Cluster().State())
		})
	}
}

// checkState compares the engine's partitions with the snapshot's,
// Kafka's broker ids mapped to kplay's 1..N in sorted order.
func checkState(t *testing.T, snap *Snapshot, st engine.State) {
	t.Helper()
	all := snap.Brokers()
	m := func(xs []int32) []int32 {
		var out []int32
		for _, x := range xs {
			i, _ := slices.BinarySearch(all, x)
			out = append(out, int32(i+1))
		}
		return out
	}
	asSet := func(xs []int32) []int32 { s := slices.Clone(xs); slices.Sort(s); return s }
	eng := func(xs []engine.BrokerID) []int32 {
		var out []int32
		for _, x := range xs {
			out = append(out, int32(x))
		}
		return out
	}
	for _, top := range snap.Topics {
		for _, p := range top.Partitions {
			ps, ok := st.Partition(engine.TopicPartition{Topic: top.Name, Partition: p.ID})
			if !ok {
				t.Errorf("%s-%d: not in the engine", top.Name, p.ID)
				continue
			}
			if got, want := eng(ps.Replicas), m(p.Replicas); !slices.Equal(got, want) {
				t.Errorf("%s-%d replicas %v, want %v", top.Name, p.ID, got, want)
			}
			wantLeader := int32(engine.NoLeader)
			if p.Leader != NoLeader {
				wantLeader = m([]int32{p.Leader})[0]
			}
			if int32(ps.Leader) != wantLeader {
				t.Errorf("%s-%d leader %d, want %d", top.Name, p.ID, ps.Leader, wantLeader)
			}
			if got, want := asSet(eng(ps.ISR)), asSet(m(p.ISR)); !slices.Equal(got, want) {
				t.Errorf("%s-%d ISR %v, want %v", top.Name, p.ID, got, want)
			}
			if snap.HasELR {
				if got, want := asSet(eng(ps.ELR)), asSet(m(p.ELR)); !slices.Equal(got, want) {
					t.Errorf("%s-%d ELR %v, want %v", top.Name, p.ID, got, want)
				}
				if got, want := asSet(eng(ps.LastKnownELR)), asSet(m(p.LastKnownELR)); !slices.Equal(got, want) {
					t.Errorf("%s-%d LastKnownElr %v, want %v", top.Name, p.ID, got, want)
				}
			}
		}
	}
}

// TestImportRefusesBadInput: each bad input gets an error saying what
// was read and why, never a panic.
func TestImportRefusesBadInput(t *testing.T) {
	healthy, err := os.ReadFile("testdata/healthy-3x.describe")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(healthy), "\n")
	var wide strings.Builder
	wide.WriteString("Topic: wide\tTopicId: x\tPartitionCount: 65\tReplicationFactor: 1\tConfigs: \n")
	for p := 0; p < 65; p++ {
		id := itoa(p + 1)
		wide.WriteString("\tTopic: wide\tPartition: " + itoa(p) + "\tLeader: " + id + "\tReplicas: " + id + "\tIsr: " + id + "\n")
	}
	for _, tc := range []struct {
		name, in, want string
	}{
		{"empty", "", "empty: nothing to import"},
		{"blank", " \n\t\n", "empty: nothing to import"},
		{"garbage", "hello world\nthis is not kafka\n", "not a format kplay imports: no \"Topic:\" line of kafka-topics --describe, no JSON object of kcat -L -J and no batch (baseOffset: …) of kafka-dump-log --cluster-metadata-decoder; it starts \"hello world\""},
		{"binary", "\xff\xfe\x00Topic:", "not UTF-8 text"},
		{"truncated lines", strings.Join(lines[:3], ""), "truncated: topic orders's header says PartitionCount: 3, but 2 partition line(s) follow it"},
		{"truncated mid-line", strings.Join(lines[:3], "") + "\tTopic: orders\tPartition: 2\tLeader: 0\tRepli", "orders-2: the line has no Replicas: (truncated?)"},
		{"partition without header", lines[1], "a partition line of topic orders without its topic's header line"},
		{"kcat messages", `{"topic":"orders","partition":0,"offset":3,"key":null,"payload":"m3"}`, "JSON without \"brokers\" and \"topics\": not the shape of kcat -L -J"},
		{"kcat cut short", `{"brokers":[{"id":1}],"topics":[{"topic":"t","partitions":[{"partition":0,`, "starts as JSON but is not kcat -L -J output"},
		{"65 brokers", wide.String(), "65 brokers (ids 1 to 65); a kplay cluster has at most 64"},
		{"over the cap", strings.Repeat("x", MaxInputBytes+1), "1048577 bytes, over the 1048576-byte (1 MiB) limit"},
		{"only internal", "Topic: __consumer_offsets\tTopicId: x\tPartitionCount: 1\tReplicationFactor: 1\tConfigs: \n\tTopic: __consumer_offsets\tPartition: 0\tLeader: 1\tReplicas: 1\tIsr: 1\n", "no topic left to import (topic __consumer_offsets: an internal topic"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			snap, err := Read("in.txt", []byte(tc.in))
			if err == nil {
				_, err = Script(snap)
			}
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "in.txt") {
				t.Errorf("got %q\nwant it to start with in.txt and hold %q", err, tc.want)
			}
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
