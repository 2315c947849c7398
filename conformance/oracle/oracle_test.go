//go:build conformance && !js

package oracle

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"kplay/conformance/kafkacluster"
)

// libs is where ./build.sh conformance puts Kafka's jars.
func libs() string {
	if d := os.Getenv("KPLAY_KAFKA_LIBS"); d != "" {
		return d
	}
	d, _ := filepath.Abs("../.cache/kafka-4.4.0")
	return d
}

// sessionTimeout is the controller's broker.session.timeout.ms: a broker
// that sends no heartbeat for that long is fenced.
const sessionTimeout = 3 * time.Second

// eventually polls f every 100 ms until it returns nil, failing the test
// with f's last error after limit.
func eventually(t *testing.T, limit time.Duration, f func() error) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		err := f()
		if err == nil {
			return time.Since(start)
		}
		if time.Since(start) > limit {
			t.Fatalf("not within %v: %v", limit, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func ctx10(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// kafkaTopicsDescribe runs Kafka's own kafka-topics.sh --describe
// (org.apache.kafka.tools.TopicCommand) against the cluster and returns
// its standard output.
func kafkaTopicsDescribe(t *testing.T, c *kafkacluster.Cluster, topic string) string {
	t.Helper()
	var live []string
	for id := 1; id <= c.Brokers(); id++ {
		if c.Running(id) && !c.Stalled(id) {
			live = append(live, c.Addr(id))
		}
	}
	// The tool's log lines go to standard error, not into its output.
	log4j := filepath.Join(t.TempDir(), "log4j2.properties")
	if err := os.WriteFile(log4j, []byte(stderrLog4j), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "java", "-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
		"-Dlog4j2.configurationFile="+log4j,
		"-cp", filepath.Join(libs(), "*"), "org.apache.kafka.tools.TopicCommand",
		"--bootstrap-server", strings.Join(live, ","), "--describe", "--topic", topic)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("kafka-topics --describe: %v\n%s", err, stderr.String())
	}
	return string(out)
}

const stderrLog4j = `status = error
appender.e.type = Console
appender.e.name = E
appender.e.target = SYSTEM_ERR
appender.e.layout.type = PatternLayout
appender.e.layout.pattern = %p %m%n
rootLogger.level = WARN
rootLogger.appenderRef.e.ref = E
`

// sameAsKafkaTopics checks DescribeText against kafka-topics.sh itself.
func sameAsKafkaTopics(t *testing.T, c *kafkacluster.Cluster, cl *Client, topic string) string {
	t.Helper()
	got, err := cl.DescribeText(ctx10(t), topic)
	if err != nil {
		t.Fatal(err)
	}
	if want := kafkaTopicsDescribe(t, c, topic); got != want {
		t.Fatalf("DescribeText differs from kafka-topics.sh --describe\n got %q\nwant %q", got, want)
	}
	return got
}

// part describes topic's only partition.
func part(cl *Client, topic string) (Partition, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ps, err := cl.DescribePartitions(ctx, topic)
	if err != nil {
		return Partition{}, err
	}
	if len(ps) != 1 {
		return Partition{}, fmt.Errorf("%d partitions, want 1", len(ps))
	}
	return ps[0], nil
}

func mustPart(t *testing.T, cl *Client, topic string) Partition {
	t.Helper()
	p, err := part(cl, topic)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestOracle drives one real 3-broker Kafka 4.4 cluster (racks r1, r2,
// r3) through creation, idempotent produce, per-replica reads, follower
// requests, a leader crash and a preferred re-election, checking what
// Kafka answers at each step. The subtests depend on each other and run
// in order; the first failure stops the rest.
func TestOracle(t *testing.T) {
	start := time.Now()
	c, err := kafkacluster.Start(context.Background(), kafkacluster.Spec{
		Libs: libs(), Dir: t.TempDir(), Brokers: 3, Racks: []string{"r1", "r2", "r3"},
		Config: []kafkacluster.KV{
			{Key: "broker.session.timeout.ms", Value: fmt.Sprint(sessionTimeout.Milliseconds())},
			{Key: "broker.heartbeat.interval.ms", Value: "500"},
			{Key: "replica.lag.time.max.ms", Value: "2000"},
			// No automatic preferred election: the test runs its own.
			{Key: "auto.leader.rebalance.enable", Value: "false"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	defer func() {
		if t.Failed() {
			t.Log(c.LogTail(40))
		}
	}()
	cl, err := Dial(c)
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()

	steps := []struct {
		name string
		f    func(t *testing.T)
	}{
		{"WaitReady", func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			if err := cl.WaitReady(ctx, 3); err != nil {
				t.Fatal(err)
			}
			t.Logf("3 brokers ready %v after start", time.Since(start))
		}},

		{"CreateAndDescribe", func(t *testing.T) {
			id, err := cl.CreateTopic(ctx10(t), "t", [][]int32{{1, 2, 3}}, map[string]string{"min.insync.replicas": "2"})
			if err != nil {
				t.Fatal(err)
			}
			// The leader is the first live replica of the assignment,
			// epoch 0; TopicCommand's format for Kafka 4.x (ELR columns,
			// "none" for no leader) is checked against kafka-topics.sh.
			want := "Topic: t\tTopicId: " + id + "\tPartitionCount: 1\tReplicationFactor: 3\tConfigs: min.insync.replicas=2\n" +
				"\tTopic: t\tPartition: 0\tLeader: 1\tReplicas: 1,2,3\tIsr: 1,2,3\tElr: \tLastKnownElr: \n"
			got := sameAsKafkaTopics(t, c, cl, "t")
			if got != want {
				t.Fatalf("DescribeText\n got %q\nwant %q", got, want)
			}
			t.Logf("DescribeText = %q", got)
			p := mustPart(t, cl, "t")
			if p.Leader != 1 || p.LeaderEpoch != 0 || !slices.Equal(p.Replicas, []int32{1, 2, 3}) || !slices.Equal(p.ISR, []int32{1, 2, 3}) || len(p.ELR) != 0 || len(p.LastKnownELR) != 0 {
				t.Fatalf("partition %+v", p)
			}
		}},

		{"DescribeConfigsOrder", func(t *testing.T) {
			// Several overrides: Configs is in java.util.HashMap order.
			if _, err := cl.CreateTopic(ctx10(t), "cfg", [][]int32{{2, 3}, {3, 1}}, map[string]string{
				"min.insync.replicas": "1", "retention.ms": "123456789", "segment.bytes": "10485760",
				"cleanup.policy": "compact", "max.message.bytes": "65536",
			}); err != nil {
				t.Fatal(err)
			}
			t.Logf("DescribeText = %q", sameAsKafkaTopics(t, c, cl, "cfg"))
		}},

		{"ProduceIdempotent", func(t *testing.T) {
			p, err := cl.NewProducer("p-all", -1, true, 0, 5*time.Second, 20*time.Second, 5, math.MaxInt32)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			p.Produce("t", 0, "", []string{"m0", "m1"})
			if err := p.Flush(ctx10(t)); err != nil {
				t.Fatal(err)
			}
			want := []ProduceResult{{Value: "m0", Offset: 0}, {Value: "m1", Offset: 1}}
			if got := p.Results(); !slices.Equal(got, want) || p.Pending() != 0 {
				t.Fatalf("results %+v (pending %d), want %+v", got, p.Pending(), want)
			}
			recs := []Record{{Offset: 0, Value: "m0", LeaderEpoch: 0}, {Offset: 1, Value: "m1", LeaderEpoch: 0}}
			// The leader advanced its HW before acking acks=all.
			r, err := cl.ReplicaLog(ctx10(t), 1, "t", 0)
			if err != nil {
				t.Fatal(err)
			}
			if r.ErrCode != 0 || r.LogStart != 0 || r.HW != 2 || r.LEO != 2 || !slices.Equal(r.Records, recs) {
				t.Fatalf("leader replica %+v", r)
			}
			// Followers hold both records once acked; they learn HW 2 in
			// the answer to their next fetch.
			for b := 2; b <= 3; b++ {
				var last Replica
				d := eventually(t, 5*time.Second, func() error {
					r, err := cl.ReplicaLog(ctx10(t), b, "t", 0)
					if err != nil {
						return err
					}
					last = r
					if r.ErrCode != 0 || r.LogStart != 0 || r.LEO != 2 || !slices.Equal(r.Records, recs) {
						return fmt.Errorf("broker %d replica %+v", b, r)
					}
					if r.HW != 2 {
						return fmt.Errorf("broker %d HW %d", b, r.HW)
					}
					return nil
				})
				t.Logf("broker %d: %+v (HW 2 after %v)", b, last, d.Round(time.Millisecond))
			}
		}},

		{"FollowerRequests", func(t *testing.T) {
			code, off, err := cl.RawProduce(ctx10(t), 2, "t", 0, -1, "bad")
			if err != nil || code != 6 || off != -1 {
				t.Fatalf("produce to follower = %d (%s), %d, %v; want 6 NOT_LEADER_OR_FOLLOWER", code, ErrName(code), off, err)
			}
			// A consumer fetch carries client metadata from v11 on, so a
			// follower serves it up to its own HW (KIP-392).
			code, recs, hw, err := cl.RawFetch(ctx10(t), 2, "t", 0, 0, "r2")
			want := []Record{{Offset: 0, Value: "m0"}, {Offset: 1, Value: "m1"}}
			if err != nil || code != 0 || hw != 2 || !slices.Equal(recs, want) {
				t.Fatalf("fetch from follower = %d (%s), %v, hw %d, %v", code, ErrName(code), recs, hw, err)
			}
			if _, err := cl.CreateTopic(ctx10(t), "u", [][]int32{{1, 2}}, nil); err != nil {
				t.Fatal(err)
			}
			// Broker 3 knows u from the metadata but hosts no replica:
			// ReplicaManager.getPartitionOrError answers
			// NOT_LEADER_OR_FOLLOWER (6), not UNKNOWN_TOPIC_OR_PARTITION,
			// for a partition in the metadata cache with no local replica.
			code, recs, hw, err = cl.RawFetch(ctx10(t), 3, "u", 0, 0, "")
			if err != nil || code != 6 || len(recs) != 0 || hw != -1 {
				t.Fatalf("fetch from non-replica = %d (%s), %v, hw %d, %v; want 6", code, ErrName(code), recs, hw, err)
			}
			r, err := cl.ReplicaLog(ctx10(t), 3, "u", 0)
			if err != nil || r.ErrCode != 6 {
				t.Fatalf("ReplicaLog on non-replica = %+v, %v; want ErrCode 6", r, err)
			}
			code, _, err = cl.RawProduce(ctx10(t), 3, "u", 0, 1, "bad")
			if err != nil || code != 6 {
				t.Fatalf("produce to non-replica = %d (%s), %v; want 6", code, ErrName(code), err)
			}
		}},

		{"ConsumeFromEarliest", func(t *testing.T) {
			k, err := cl.NewConsumer("k-earliest", "t", 0, -2, "", "earliest")
			if err != nil {
				t.Fatal(err)
			}
			defer k.Close()
			want := []Record{{Offset: 0, Value: "m0"}, {Offset: 1, Value: "m1"}}
			eventually(t, 10*time.Second, func() error {
				if got := k.Records(); !slices.Equal(got, want) {
					return fmt.Errorf("consumed %+v (errors %v), want %+v", got, k.Errors(), want)
				}
				return nil
			})
		}},

		{"CrashLeader", func(t *testing.T) {
			crashed := time.Now()
			if err := c.Crash(1); err != nil {
				t.Fatal(err)
			}
			// The controller fences broker 1 when its session expires and
			// elects the first live ISR member of the assignment.
			var p Partition
			eventually(t, sessionTimeout+10*time.Second, func() error {
				var err error
				if p, err = part(cl, "t"); err != nil {
					return err
				}
				if p.Leader != 2 || p.LeaderEpoch != 1 || !slices.Equal(p.ISR, []int32{2, 3}) || len(p.ELR) != 0 {
					return fmt.Errorf("partition %+v", p)
				}
				return nil
			})
			t.Logf("leader 2, epoch 1, ISR [2 3] %v after SIGKILL (session timeout %v): %+v", time.Since(crashed).Round(time.Millisecond), sessionTimeout, p)
			t.Logf("DescribeText = %q", sameAsKafkaTopics(t, c, cl, "t"))
			if _, err := cl.ReplicaLog(ctx10(t), 1, "t", 0); err == nil {
				t.Fatal("ReplicaLog on a dead broker: no error")
			}
		}},

		{"RestartAndElectPreferred", func(t *testing.T) {
			if err := c.Restart(1); err != nil {
				t.Fatal(err)
			}
			restarted := time.Now()
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			if err := cl.WaitReady(ctx, 3); err != nil {
				t.Fatal(err)
			}
			eventually(t, 30*time.Second, func() error {
				p, err := part(cl, "t")
				if err != nil {
					return err
				}
				isr := slices.Sorted(slices.Values(p.ISR))
				if p.Leader != 2 || !slices.Equal(isr, []int32{1, 2, 3}) {
					return fmt.Errorf("partition %+v", p)
				}
				return nil
			})
			t.Logf("broker 1 back in the ISR %v after restart: %+v", time.Since(restarted).Round(time.Millisecond), mustPart(t, cl, "t"))
			t.Logf("DescribeText = %q", sameAsKafkaTopics(t, c, cl, "t"))
			codes, err := cl.ElectLeaders(ctx10(t), false, "t", []int32{0})
			if err != nil || len(codes) != 1 || codes[0] != 0 {
				t.Fatalf("preferred election = %v, %v; want {0: 0}", codes, err)
			}
			eventually(t, 5*time.Second, func() error {
				if p, err := part(cl, "t"); err != nil || p.Leader != 1 || p.LeaderEpoch != 2 {
					return fmt.Errorf("partition %+v, %v; want leader 1 epoch 2", p, err)
				}
				return nil
			})
			codes, err = cl.ElectLeaders(ctx10(t), false, "t", []int32{0})
			if err != nil || len(codes) != 1 || codes[0] != 84 {
				t.Fatalf("second preferred election = %v, %v; want {0: 84 ELECTION_NOT_NEEDED}", codes, err)
			}
		}},

		{"ReplicaLogPastHW", func(t *testing.T) {
			// With both followers stopped, an acks=1 record is in the
			// leader's log past its HW: ReplicaLog shows it, a consumer
			// fetch does not.
			wantTail := Record{Offset: 2, Value: "x2", LeaderEpoch: 2}
			eventually(t, 10*time.Second, func() error {
				for b := 1; b <= 3; b++ {
					r, err := cl.ReplicaLog(ctx10(t), b, "t", 0)
					if err != nil || r.LEO != 2 || r.HW != 2 {
						return fmt.Errorf("broker %d: %+v %v", b, r, err)
					}
				}
				return nil
			})
			if err := c.Stall(2); err != nil {
				t.Fatal(err)
			}
			if err := c.Stall(3); err != nil {
				c.Resume()
				t.Fatal(err)
			}
			stalled := time.Now()
			code, off, err := cl.RawProduce(ctx10(t), 1, "t", 0, 1, "x2")
			r, rerr := cl.ReplicaLog(ctx10(t), 1, "t", 0)
			fcode, frecs, fhw, ferr := cl.RawFetch(ctx10(t), 1, "t", 0, 0, "")
			c.Resume()
			t.Logf("followers stalled %v", time.Since(stalled).Round(time.Millisecond))
			if err != nil || code != 0 || off != 2 {
				t.Fatalf("acks=1 produce = %d (%s), %d, %v", code, ErrName(code), off, err)
			}
			if rerr != nil || r.HW != 2 || r.LEO != 3 || len(r.Records) != 3 || r.Records[2] != wantTail || r.Records[1].LeaderEpoch != 0 {
				t.Fatalf("leader replica past HW = %+v, %v", r, rerr)
			}
			if ferr != nil || fcode != 0 || fhw != 2 || len(frecs) != 2 {
				t.Fatalf("consumer fetch on leader = %d, %v, hw %d, %v; want the 2 records below the HW", fcode, frecs, fhw, ferr)
			}
			eventually(t, 10*time.Second, func() error {
				for b := 1; b <= 3; b++ {
					r, err := cl.ReplicaLog(ctx10(t), b, "t", 0)
					if err != nil || r.LEO != 3 || r.HW != 3 || len(r.Records) != 3 || r.Records[2] != wantTail {
						return fmt.Errorf("broker %d: %+v %v", b, r, err)
					}
				}
				return nil
			})
		}},
	}
	for _, s := range steps {
		if !t.Run(s.name, s.f) {
			t.Logf("stopping after %s failed", s.name)
			return
		}
	}
	t.Logf("total %v", time.Since(start).Round(time.Millisecond))
}
