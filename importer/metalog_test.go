package importer

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
)

// step is a directive of a replay script at the clock time the run until=
// lines before it reach: "00:00:51.321 crash 1".
type step = string

// claimResult is one expect directive of a script run by the engine: its
// time and line, and whether it held.
type claimResult struct {
	at, line string
	ok       bool
	out      string
}

// runReplay parses a script, runs it with kplay's script runner, and
// returns its actions (every directive but run, expect and cluster) and
// its claims, each at its clock time. A directive the engine refuses fails
// the test.
func runReplay(t *testing.T, name, src string) (actions []step, claims []claimResult) {
	t.Helper()
	if len(src) > script.MaxScriptBytes {
		t.Fatalf("%s: the script is %d bytes, over script.MaxScriptBytes", name, len(src))
	}
	execScript(t, name, src, func(d script.Directive, out string, r *script.Runner) {
		at := engine.FormatTime(r.Cluster().Now())
		switch d.Cmd {
		case "run", "cluster":
		case "expect":
			out = strings.TrimSpace(out)
			claims = append(claims, claimResult{at: at, line: d.Line, ok: out == "ok", out: out})
		default:
			actions = append(actions, at+" "+d.Line)
		}
	})
	return actions, claims
}

// execScript parses src and runs each of its directives with kplay's
// script runner, calling each with the directive, its output and the
// runner after it; a script that does not parse, or a directive the engine
// refuses, fails the test. It returns the runner, at the script's end.
func execScript(t *testing.T, name, src string, each func(d script.Directive, out string, r *script.Runner)) *script.Runner {
	t.Helper()
	dirs, err := script.Parse(name, src)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	var r script.Runner
	for _, d := range dirs {
		out, err := r.Exec(d)
		if err != nil {
			t.Fatalf("%s: %v\n%s", d.Line, err, src)
		}
		each(d, out, &r)
	}
	return &r
}

func readFixture(t *testing.T, file string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestReplayMetadataLog imports each metadata log dump of
// importer/testdata (*.metadata-dump, in DumpLogSegments' format, written
// by hand; the 4.4 one holds records Kafka 4.4.0 wrote), checks
// the faults and commands the script infers and the claims it makes,
// both derived here from the fixture's records, then runs the script with
// kplay's script runner and checks which claims hold.
//
// The expected times: the clock is the CreateTime since the first batch
// (1730000000000); a fence without a controlled shutdown before it is a
// crash (a new incarnation registers later) or an isolation (unfenced
// later under the same broker epoch) broker.session.timeout.ms (9 s)
// before it; an ISR shrink no broker record explains is a one-way cut of
// the follower's fetches replica.lag.time.max.ms plus its check interval
// (45 s) before it, healed 30.5 s before it rejoins. Each claim is checked
// a second after its change or 1 ms before the next change. Leader epochs
// follow PartitionRegistration.merge: +1 for every change record that sets
// the leader.
func TestReplayMetadataLog(t *testing.T) {
	for _, tc := range []struct {
		file    string
		cluster string
		says    []string
		actions []step
		claims  []string // "TIME expect ..." in order
		failing []string // the claims kplay's run does not reproduce
	}{
		{
			file: "crash-shutdown-39.metadata-dump",
			// FeatureLevelRecord metadata.version 21 and no
			// eligible.leader.replicas.version in a log from offset 0; no
			// imbalance lasts past the rebalance interval.
			cluster: "cluster brokers=3 eligible.leader.replicas.version=0",
			says: []string{
				"metadata.version is at level 21 (3.9-IV0)",
				"offset 7: b1 registers (broker epoch 7, incarnation Vj0m2FJ6T0uKq9e3aXv4BQ)",
				"b1 registers a new incarnation c1Rz8LrGQmGyC4v7kz0ZUw (a new process) under broker epoch 201",
				"It registers again at +95.400 s with a new incarnation id, a new process: it crashed",
				"b3 enters controlled shutdown (broker epoch 9)",
				"the controller fences b3 (broker epoch 9), its controlled shutdown done",
				// 360.326 - 60.321 = 300.005 s after the first imbalance.
				"orders-0 and orders-2 move back to the preferred replica in the controller's automatic preferred election, 300.005 s after",
				// The garbage, the record the tool could not decode, the unknown type.
				"2 line(s) that are neither a batch nor a record of the dump (the first, line 23",
				"1 record(s) kafka-dump-log could not decode (the first, line 87",
				"1 record(s) of a type kplay does not know (FUTURE_EXAMPLE_RECORD; the first at line 89)",
			},
			actions: []step{
				"00:00:10.230 create-topic orders assignment=(1:2:3, 2:3:1, 3:1:2) min.insync.replicas=2", // offsets 30-34
				"00:00:51.321 crash 1",   // fenced at 60.321, registers a new incarnation at 95.400
				"00:01:35.400 restart 1", // offset 201
				"00:02:10.114 shutdown 3",
				"00:02:51.050 restart 3", // offset 350
			},
			claims: []string{
				"00:00:11.230 expect replicas orders-0=(1,2,3) orders-1=(2,3,1) orders-2=(3,1,2)",
				"00:00:11.230 expect leader orders-0=1 orders-1=2 orders-2=3",
				"00:00:11.230 expect isr orders-0=(1,2,3) orders-1=(2,3,1) orders-2=(3,1,2)",
				"00:00:11.230 expect leader-epoch orders-0=0 orders-1=0 orders-2=0",
				// Offsets 128-131: b1 fenced; orders-0 leader 2 (epoch 1).
				"00:01:01.321 expect leader orders-0=2 orders-1=2 orders-2=3",
				"00:01:01.321 expect isr orders-0=(2,3) orders-1=(2,3) orders-2=(3,2)",
				"00:01:01.321 expect leader-epoch orders-0=1 orders-1=0 orders-2=0",
				// Offsets 204-205 at 97.410, 1 ms before offset 206.
				"00:01:37.431 expect leader orders-0=2 orders-1=2",
				"00:01:37.431 expect isr orders-0=(2,3,1) orders-1=(2,3,1)",
				"00:01:37.431 expect leader-epoch orders-0=1 orders-1=0",
				"00:01:38.432 expect leader orders-2=3",
				"00:01:38.432 expect isr orders-2=(3,2,1)",
				"00:01:38.432 expect leader-epoch orders-2=0",
				// Offsets 271-274 at 130.114, 1 ms before the fence at 130.170.
				"00:02:10.169 expect leader orders-0=2 orders-1=2 orders-2=1",
				"00:02:10.169 expect isr orders-0=(2,1) orders-1=(2,1) orders-2=(2,1)",
				"00:02:10.169 expect leader-epoch orders-0=1 orders-1=0 orders-2=1",
				"00:02:52.960 expect leader orders-0=2 orders-1=2",
				"00:02:52.960 expect isr orders-0=(2,1,3) orders-1=(2,1,3)",
				"00:02:52.960 expect leader-epoch orders-0=1 orders-1=0",
				"00:02:53.961 expect leader orders-2=1",
				"00:02:53.961 expect isr orders-2=(2,1,3)",
				"00:02:53.961 expect leader-epoch orders-2=1",
				// Offsets 751-752: the rebalance.
				"00:06:01.326 expect leader orders-0=1 orders-2=3",
				"00:06:01.326 expect isr orders-0=(2,1,3) orders-2=(2,1,3)",
				"00:06:01.326 expect leader-epoch orders-0=2 orders-2=2",
				"00:06:01.326 expect replicas orders-0=(1,2,3) orders-1=(2,3,1) orders-2=(3,1,2)",
				"00:06:01.326 expect leader orders-0=1 orders-1=2 orders-2=3",
				"00:06:01.326 expect isr orders-0=(2,1,3) orders-1=(2,1,3) orders-2=(2,1,3)",
				"00:06:01.326 expect leader-epoch orders-0=2 orders-1=0 orders-2=2",
			},
		},
		{
			file:    "isolate-lag-39.metadata-dump",
			cluster: "cluster brokers=3 eligible.leader.replicas.version=0",
			says: []string{
				"At +260.118 s the controller unfences it under the same broker epoch 6 without a new registration",
				"No broker record explains b3 leaving payments-0's ISR at +80.004 s",
				"not 300 s after an imbalance as the controller's own check would",
			},
			actions: []step{
				"00:00:05.007 create-topic payments assignment=(1:2:3, 2:3:1)",
				"00:00:35.004 cut 3 1 one-way", // 80.004 - 45 s
				"00:00:35.004 produce payments-0 count=1 acks=1",
				"00:01:49.712 heal 3 1",                                // 140.212 - 30.5 s
				"00:03:11.031 isolate 2",                               // 200.031 - 9 s
				"00:04:18.118 heal",                                    // 260.118 - 2 s
				"00:04:35.002 elect-leaders type=preferred payments-1", // 75 s after the imbalance
			},
			claims: []string{
				"00:00:06.007 expect replicas payments-0=(1,2,3) payments-1=(2,3,1)",
				"00:00:06.007 expect leader payments-0=1 payments-1=2",
				"00:00:06.007 expect isr payments-0=(1,2,3) payments-1=(2,3,1)",
				"00:00:06.007 expect leader-epoch payments-0=0 payments-1=0",
				"00:01:21.004 expect leader payments-0=1",
				"00:01:21.004 expect isr payments-0=(1,2)",
				"00:01:21.004 expect leader-epoch payments-0=0",
				"00:02:21.212 expect leader payments-0=1",
				"00:02:21.212 expect isr payments-0=(1,2,3)",
				"00:02:21.212 expect leader-epoch payments-0=0",
				"00:03:21.031 expect leader payments-0=1 payments-1=3",
				"00:03:21.031 expect isr payments-0=(1,3) payments-1=(3,1)",
				"00:03:21.031 expect leader-epoch payments-0=0 payments-1=1",
				"00:04:20.582 expect leader payments-1=3",
				"00:04:20.582 expect isr payments-1=(3,1,2)",
				"00:04:20.582 expect leader-epoch payments-1=1",
				"00:04:21.583 expect leader payments-0=1",
				"00:04:21.583 expect isr payments-0=(1,3,2)",
				"00:04:21.583 expect leader-epoch payments-0=0",
				"00:04:36.002 expect leader payments-1=2",
				"00:04:36.002 expect isr payments-1=(3,1,2)",
				"00:04:36.002 expect leader-epoch payments-1=2",
				"00:04:36.002 expect replicas payments-0=(1,2,3) payments-1=(2,3,1)",
				"00:04:36.002 expect leader payments-0=1 payments-1=2",
				"00:04:36.002 expect isr payments-0=(1,3,2) payments-1=(3,1,2)",
				"00:04:36.002 expect leader-epoch payments-0=0 payments-1=2",
			},
		},
		{
			// Kafka 4.4.0's records (FeatureLevelRecord
			// eligible.leader.replicas.version=1, PartitionRecord and
			// PartitionChangeRecord v2 with the ELR fields).
			file:    "elr-last-replica-44.metadata-dump",
			cluster: "cluster brokers=1 eligible.leader.replicas.version=1",
			says: []string{
				"the log does not show it again: taken as a crash 9 s before the fence",
				"t-0: leader b1 → none (leader epoch 1), ISR 1 → none, ELR none → 1, LastKnownElr none → 1",
			},
			actions: []step{
				"00:00:05.012 create-topic t assignment=(1)",
				"00:00:31.006 crash 1", // fenced at 40.006
			},
			claims: []string{
				"00:00:06.012 expect replicas t-0=(1)",
				"00:00:06.012 expect leader t-0=1",
				"00:00:06.012 expect isr t-0=(1)",
				"00:00:06.012 expect leader-epoch t-0=0",
				"00:00:06.012 expect elr t-0=none",
				"00:00:06.012 expect last-known-elr t-0=none",
				"00:00:41.006 expect leader t-0=none",
				"00:00:41.006 expect isr t-0=none",
				"00:00:41.006 expect leader-epoch t-0=1",
				"00:00:41.006 expect elr t-0=(1)",
				"00:00:41.006 expect last-known-elr t-0=(1)",
				"00:00:41.006 expect replicas t-0=(1)",
				"00:00:41.006 expect leader t-0=none",
				"00:00:41.006 expect isr t-0=none",
				"00:00:41.006 expect leader-epoch t-0=1",
				"00:00:41.006 expect elr t-0=(1)",
				"00:00:41.006 expect last-known-elr t-0=(1)",
			},
		},
	} {
		t.Run(tc.file, func(t *testing.T) {
			src, err := Import([]Input{{tc.file, readFixture(t, tc.file)}})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(src, "\n"+tc.cluster+"\n") {
				t.Errorf("the script has no line %q:\n%s", tc.cluster, src)
			}
			flat := strings.ReplaceAll(src, "\n# ", " ")
			for _, s := range tc.says {
				if !strings.Contains(flat, s) {
					t.Errorf("the script does not say %q:\n%s", s, src)
				}
			}
			actions, claims := runReplay(t, tc.file, src)
			if !slices.Equal(actions, tc.actions) {
				t.Errorf("actions:\n%s\nwant:\n%s", strings.Join(actions, "\n"), strings.Join(tc.actions, "\n"))
			}
			var got, failing []string
			passed := 0
			for _, c := range claims {
				got = append(got, c.at+" "+c.line)
				if c.ok {
					passed++
				} else {
					failing = append(failing, c.at+" "+c.line+": "+c.out)
				}
			}
			if !slices.Equal(got, tc.claims) {
				t.Errorf("claims:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.claims, "\n"))
			}
			if !slices.Equal(failing, tc.failing) {
				t.Errorf("claims kplay does not reproduce:\n%s\nwant:\n%s", strings.Join(failing, "\n"), strings.Join(tc.failing, "\n"))
			}
			t.Logf("%s: %d of %d claims hold on kplay's cluster", tc.file, passed, len(claims))
		})
	}
}

// TestReplayShowsWhereKplayDiffers: a log whose controller elects another
// leader than kplay's would fails kplay's claims there and only there.
// When broker 1 is fenced, orders-0 (replicas 1,2,3, ISR 1,2,3) gets the
// first replica in assignment order that is in the ISR and unfenced,
// broker 2 (PartitionChangeBuilder.electLeader); the fixture's fence
// batch, edited to elect broker 3, makes every claim of orders-0's
// leader from the fence to the rebalance fail, saying kplay has b2.
func TestReplayShowsWhereKplayDiffers(t *testing.T) {
	data := string(readFixture(t, "crash-shutdown-39.metadata-dump"))
	edited := strings.Replace(data, `"isr":[2,3],"leader":2}`, `"isr":[2,3],"leader":3}`, 1)
	if edited == data {
		t.Fatal("the fixture's fence of b1 no longer elects b2")
	}
	src, err := Import([]Input{{"edited.metadata-dump", []byte(edited)}})
	if err != nil {
		t.Fatal(err)
	}
	_, claims := runReplay(t, "edited", src)
	var failing []string
	for _, c := range claims {
		if !c.ok {
			failing = append(failing, c.at+" "+c.line+": "+c.out)
		}
	}
	const msg = ": claim failed: orders-0's leader is b2, not b3"
	want := []string{
		"00:01:01.321 expect leader orders-0=3 orders-1=2 orders-2=3" + msg,
		"00:01:37.431 expect leader orders-0=3 orders-1=2" + msg,
		"00:02:10.169 expect leader orders-0=3 orders-1=2 orders-2=1" + msg,
		"00:02:52.960 expect leader orders-0=3 orders-1=2" + msg,
	}
	if !slices.Equal(failing, want) {
		t.Errorf("failing claims:\n%s\nwant:\n%s", strings.Join(failing, "\n"), strings.Join(want, "\n"))
	}
}

// dump writes a small metadata log dump in DumpLogSegments' format: one
// batch per entry, its records' payloads as given, at base offset and
// CreateTime (ms after 1730000000000) given.
type dumpBatch struct {
	offset, ms int64
	payloads   []string
}

func dump(batches ...dumpBatch) string {
	var b strings.Builder
	b.WriteString("Dumping /tmp/__cluster_metadata-0/00000000000000000000.log\nLog starting offset: 0\n")
	for _, bt := range batches {
		t := 1730000000000 + bt.ms
		last := bt.offset + int64(len(bt.payloads)) - 1
		fmt.Fprintf(&b, "baseOffset: %d lastOffset: %d count: %d baseSequence: -1 lastSequence: -1 producerId: -1 producerEpoch: -1 partitionLeaderEpoch: 1 isTransactional: false isControl: false deleteHorizonMs: OptionalLong.empty position: 0 CreateTime: %d size: 100 magic: 2 compresscodec: none crc: 1 isvalid: true\n", bt.offset, last, len(bt.payloads), t)
		for i, p := range bt.payloads {
			fmt.Fprintf(&b, "| offset: %d CreateTime: %d keySize: -1 valueSize: 10 sequence: -1 headerKeys: [] payload: %s\n", bt.offset+int64(i), t, p)
		}
	}
	return b.String()
}

func regRec(b int, epoch int64, inc string) string {
	return fmt.Sprintf(`{"type":"REGISTER_BROKER_RECORD","version":3,"data":{"brokerId":%d,"isMigratingZkBroker":false,"incarnationId":"%s","brokerEpoch":%d,"endPoints":[],"features":[],"rack":null,"fenced":true,"inControlledShutdown":false,"logDirs":[]}}`, b, inc, epoch)
}

const topicT = `{"type":"TOPIC_RECORD","version":0,"data":{"name":"t","topicId":"tTtTtTtTtTtTtTtTtTtTtA"}}`

func partRec(p int, reps string) string {
	return fmt.Sprintf(`{"type":"PARTITION_RECORD","version":1,"data":{"partitionId":%d,"topicId":"tTtTtTtTtTtTtTtTtTtTtA","replicas":[%s],"isr":[%s],"removingReplicas":[],"addingReplicas":[],"leader":%s,"leaderEpoch":0,"partitionEpoch":0,"directories":[]}}`, p, reps, reps, strings.Split(reps, ",")[0])
}

// small is a valid log: three brokers and topic t on them.
func small() string {
	return dump(dumpBatch{0, 0, []string{regRec(1, 0, "AAAAAAAAAAAAAAAAAAAAAA")}},
		dumpBatch{1, 10, []string{regRec(2, 1, "BBBBBBBBBBBBBBBBBBBBBA")}},
		dumpBatch{2, 20, []string{regRec(3, 2, "CCCCCCCCCCCCCCCCCCCCCA")}},
		dumpBatch{3, 1000, []string{topicT, partRec(0, "1,2,3")}})
}

// TestReadMetadataLogRefuses: each bad dump gets a message that names the
// input and says what was read and why, and costs no more than reading it.
func TestReadMetadataLogRefuses(t *testing.T) {
	good := small()
	lines := strings.SplitAfter(good, "\n")
	header := strings.Join(lines[:2], "")
	var many strings.Builder
	var regs []dumpBatch
	for b := 0; b < 65; b++ {
		regs = append(regs, dumpBatch{int64(b), int64(b), []string{regRec(b, int64(b), fmt.Sprintf("I%021d", b))}})
	}
	regs = append(regs, dumpBatch{65, 100, []string{topicT, partRec(0, "0")}})
	many.WriteString(dump(regs...))
	later := strings.Replace(dump(dumpBatch{5000, 0, []string{`{"type":"PARTITION_CHANGE_RECORD","version":1,"data":{"partitionId":0,"topicId":"nOtInThisDumpAAAAAAAAA","isr":[1,2]}}`}}), "Log starting offset: 0", "Log starting offset: 5000", 1)
	batchOnly := header + strings.SplitAfter(dump(dumpBatch{0, 0, []string{regRec(1, 0, "AAAAAAAAAAAAAAAAAAAAAA")}}), "\n")[2]
	for _, tc := range []struct {
		name, in, want string
	}{
		{"garbage", "hello\nworld\n", `in.dump: not a format kplay imports: no "Topic:" line of kafka-topics --describe, no JSON object of kcat -L -J and no batch (baseOffset: …) of kafka-dump-log --cluster-metadata-decoder; it starts "hello"`},
		{"garbage after the heading", "Dumping x.log\nhello\n", `in.dump: no batch of kafka-dump-log --cluster-metadata-decoder read: 1 line(s) of neither a batch's shape (baseOffset: …) nor a record's (| offset: … payload: {…}); the first, line 2, is "hello"`},
		{"without the decoder", batchOnly, "in.dump:3: the batch at offset 0 has no record lines under it: was the dump made without --cluster-metadata-decoder? Run kafka-dump-log --cluster-metadata-decoder --files …/__cluster_metadata-0/….log"},
		{"print-data-log without the decoder", strings.Replace(good, "payload: "+regRec(1, 0, "AAAAAAAAAAAAAAAAAAAAAA"), "payload: \x01\x00\x00AAAA", 1), `in.dump:4: the payload is not JSON ("\x01\x00\x00AAAA"): was the dump made without --cluster-metadata-decoder, or of a topic other than __cluster_metadata?`},
		{"a record line missing mid-dump", strings.Replace(good, lines[5], "", 1), "in.dump:5: the batch at offset 1 says count: 1, but 0 record line(s) follow it before line 6: the dump was cut or edited here"},
		{"a record's offset out of its batch", strings.Replace(good, "| offset: 1 ", "| offset: 7 ", 1), "in.dump:6: record offset 7 where the batch at offset 1 (line 5) puts offset 1: the dump was edited here"},
		{"a record line more than its count", strings.Replace(good, lines[3], lines[3]+lines[3], 1), "in.dump:5: the batch at offset 0 (line 3) says count: 1, but more record lines follow it: the dump was edited here"},
		{"offsets back", good + strings.Join(lines[2:4], ""), "in.dump:12: the batch at offset 0 comes after offset 4: the offsets go back (segments out of order, or one dumped twice?); give kafka-dump-log the segments in order"},
		{"no topic record", later, "in.dump: no topic to import (1 record(s) of topic id nOtInThisDumpAAAAAAAAA, which no TopicRecord in the dump creates, skipped: the dump starts at offset 5000, after the topic was created? Dump the segment that holds its creation (or the latest snapshot, a .checkpoint file))"},
		{"65 brokers", many.String(), "in.dump: 65 brokers (ids 0 to 64); a kplay cluster has at most 64"},
		{"a negative broker id", dump(dumpBatch{0, 0, []string{regRec(-1, 0, "AAAAAAAAAAAAAAAAAAAAAA")}}), "in.dump:4: a REGISTER_BROKER_RECORD whose data kplay cannot read: broker id -1 is not a broker id"},
		{"not UTF-8", "Dumping x\n\xff\xfe", "in.dump: not UTF-8 text: not the output of kafka-dump-log --cluster-metadata-decoder"},
		{"over the cap", "Dumping x.log\n" + strings.Repeat("x", MaxMetadataLogBytes), "in.dump: more than 16777216 bytes (16 MiB), the limit for a metadata log dump: some four hours"},
		{"only Raft's control records", "Dumping x.log\nbaseOffset: 0 lastOffset: 0 count: 1 partitionLeaderEpoch: 1 isControl: true CreateTime: 1 isvalid: true\n| offset: 0 CreateTime: 1 keySize: 4 valueSize: 28 sequence: -1 headerKeys: [] controlType: LEADER_CHANGE(2)\n", "in.dump: no metadata record batch in the dump (1 control record(s) of Raft only): nothing to import"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Import([]Input{{"in.dump", []byte(tc.in)}})
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got  %q\nwant %q", err, tc.want)
			}
		})
	}
	t.Run("a dump and a snapshot", func(t *testing.T) {
		_, err := Import([]Input{{"a.dump", []byte(good)}, {"b.describe", readFixture(t, "healthy-3x.describe")}})
		want := "a.dump: a metadata log dump (kafka-dump-log --cluster-metadata-decoder), and b.describe: a snapshot; import a log's history or a snapshot's state, not both at once"
		if err == nil || err.Error() != want {
			t.Errorf("got %v, want %q", err, want)
		}
	})
}

// TestReadMetadataLogSkips: what a dump holds beside its records is read
// past, counted and said, and the script still replays the rest.
func TestReadMetadataLogSkips(t *testing.T) {
	good := small()
	fence := dumpBatch{10, 60000, []string{
		`{"type":"PARTITION_CHANGE_RECORD","version":1,"data":{"partitionId":0,"topicId":"tTtTtTtTtTtTtTtTtTtTtA","isr":[2,3],"leader":2}}`,
		`{"type":"BROKER_REGISTRATION_CHANGE_RECORD","version":0,"data":{"brokerId":1,"brokerEpoch":0,"fenced":1}}`}}
	fenceText := strings.SplitAfter(dump(fence), "\n")[2:]
	cut := strings.Join(fenceText, "")
	cut = cut[:len(cut)-20] // the last line cut inside its JSON
	for _, tc := range []struct {
		name, in string
		says     []string
		lacks    string
	}{
		{"a truncated last line", good + cut,
			[]string{"Skipped: in.dump: truncated: line 14, the last, is cut in its JSON (not {\"type\":…,\"version\":…,\"data\":{…}}): the dump is cut short there, and its batch (offset 10) is left out."}, "crash 1"},
		{"a last batch short of its count", good + strings.Join(fenceText[:2], ""),
			[]string{"Skipped: in.dump: truncated: the last batch (line 12, offsets 10 to 11) says count: 2, but 1 record line(s) follow it: the dump is cut short there, and that batch is left out."}, "crash 1"},
		{"an unknown record type", good + dump(dumpBatch{9, 2000, []string{`{"type":"SOME_LATER_RECORD","version":0,"data":{}}`, `{"type":"SOME_LATER_RECORD","version":1,"data":{}}`}})[len("Dumping /tmp/__cluster_metadata-0/00000000000000000000.log\nLog starting offset: 0\n"):],
			[]string{"Skipped: in.dump: 2 record(s) of a type kplay does not know (SOME_LATER_RECORD; the first at line 13), skipped: a newer Kafka's, or not a metadata record."}, ""},
		{"the tool's own error", good + strings.Join(strings.SplitAfter(dump(dumpBatch{9, 2000, []string{"Error at 9, skipping. org.apache.kafka.common.errors.UnsupportedVersionException: Unknown metadata id 99"}}), "\n")[2:], ""),
			[]string{"Skipped: in.dump: 1 record(s) kafka-dump-log could not decode (the first, line 13: \"Error at 9, skipping. org.apache.kafka.common.errors.UnsupportedVersionException: Unknown metadata id 99\"), skipped."}, ""},
		{"an internal topic", strings.Replace(good, `"name":"t","topicId"`, `"name":"__consumer_offsets","topicId"`, 1), nil, ""},
		{"noise lines and comments", "# a note\nSLF4J: noise\n" + good + "Found 12 invalid bytes at the end of 00000000000000000000.log\n",
			[]string{"Skipped: in.dump: 1 line(s) that are neither a batch nor a record of the dump (the first, line 2: \"SLF4J: noise\"), skipped", "Skipped: in.dump: line 14: the tool says \"Found 12 invalid bytes at the end of 00000000000000000000.log\""}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := Import([]Input{{"in.dump", []byte(tc.in)}})
			switch tc.name {
			case "an internal topic":
				want := "in.dump: no topic to import (topic __consumer_offsets: an internal topic, which kplay's cluster has no use for; skipped)"
				if err == nil || err.Error() != want {
					t.Errorf("got %v, want %q", err, want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			flat := strings.ReplaceAll(src, "\n# ", " ")
			for _, s := range tc.says {
				if !strings.Contains(flat, s) {
					t.Errorf("the script does not say %q:\n%s", s, src)
				}
			}
			if tc.lacks != "" && strings.Contains(src, tc.lacks) {
				t.Errorf("the script holds %q from the batch left out:\n%s", tc.lacks, src)
			}
			runReplay(t, tc.name, src)
		})
	}
}

// longLog writes a dump of an idle cluster's log: brokers 1 to 3 and
// topic t (replicas 1,2,3), a NoOpRecord every 500 ms
// (metadata.max.idle.interval.ms) for span ms, and every flapEvery ms
// broker 3 dropped from t-0's ISR by its leader and, half of flapEvery
// later, taken back. It stops before size bytes.
func longLog(span, flapEvery int64, size int) string {
	var b strings.Builder
	b.WriteString(small())
	off := int64(5)
	isr := []string{`[1,2]`, `[1,2,3]`}
	flip := 0
	nextFlap := flapEvery
	for ms := int64(1500); ms <= span; ms += 500 {
		p := `{"type":"NO_OP_RECORD","version":0,"data":{}}`
		if flapEvery > 0 && ms >= nextFlap {
			p = `{"type":"PARTITION_CHANGE_RECORD","version":1,"data":{"partitionId":0,"topicId":"tTtTtTtTtTtTtTtTtTtTtA","isr":` + isr[flip] + `}}`
			flip = 1 - flip
			nextFlap += flapEvery / 2
		}
		text := dump(dumpBatch{off, ms, []string{p}})
		text = text[strings.Index(text, "baseOffset"):]
		if b.Len()+len(text) > size {
			break
		}
		b.WriteString(text)
		off++
	}
	return b.String()
}

// TestReplayLongLog: a history longer than a script's hour is shortened
// (stretches without change of more than 6 minutes become 6 minutes) or,
// when its changes alone pass the hour or 64 KiB of script, cut at the
// first moment that does not fit; the header says which and where, and
// the script still runs.
func TestReplayLongLog(t *testing.T) {
	t.Run("idle hours shortened", func(t *testing.T) {
		// Broker 3 leaves t-0's ISR after an hour and comes back and
		// goes every 30 minutes after: five changes over three hours,
		// 6 minutes apart in the script.
		src, err := Import([]Input{{"long.dump", []byte(longLog(3*3600000, 3600000, MaxMetadataLogBytes))}})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.ReplaceAll(src, "\n# ", " "), "The history spans 10800.000 s, more than a kplay script's hour: every stretch without a change longer than 6 minutes is shortened to 6 minutes") {
			t.Errorf("no word of the shortened clock:\n%s", src)
		}
		if strings.Contains(src, "is left out") {
			t.Errorf("left history out:\n%s", src)
		}
		actions, claims := runReplay(t, "long", src)
		var at []string
		for _, c := range claims {
			if strings.HasPrefix(c.line, "expect isr") {
				at = append(at, c.at+" "+c.line)
			}
		}
		// The topic at 1 s, the changes 6 min apart from 6 min after it,
		// each claimed a second after it; the last state again at the end.
		want := []string{
			"00:00:02.000 expect isr t-0=(1,2,3)",
			"00:06:02.000 expect isr t-0=(1,2)",
			"00:12:02.000 expect isr t-0=(1,2,3)",
			"00:18:02.000 expect isr t-0=(1,2)",
			"00:24:02.000 expect isr t-0=(1,2,3)",
			"00:30:02.000 expect isr t-0=(1,2)",
			"00:30:02.000 expect isr t-0=(1,2)",
		}
		if !slices.Equal(at, want) {
			t.Errorf("isr claims at:\n%s\nwant:\n%s\nactions: %v", strings.Join(at, "\n"), strings.Join(want, "\n"), actions)
		}
	})
	t.Run("cut at the hour", func(t *testing.T) {
		// A flap every 40 s for 2 h: 180 changes, 20 s apart, none
		// shortened.
		src, err := Import([]Input{{"busy.dump", []byte(longLog(2*3600000, 40000, MaxMetadataLogBytes))}})
		if err != nil {
			t.Fatal(err)
		}
		if len(src) > script.MaxScriptBytes {
			t.Fatalf("%d bytes", len(src))
		}
		flat := strings.ReplaceAll(src, "\n# ", " ")
		if !strings.Contains(flat, "is left out: ") {
			t.Errorf("no word of the history left out:\n%s", src[:2000])
		}
		runReplay(t, "busy", src)
	})
}

// BenchmarkReadMetadataLog reads and replays a dump at the 16 MiB cap:
// an idle cluster's NoOpRecords, some 4.5 hours, with an ISR change every
// ten minutes.
func BenchmarkReadMetadataLog(b *testing.B) {
	data := []byte(longLog(24*3600000, 600000, MaxMetadataLogBytes))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Import([]Input{{"big.dump", data}}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestReplayInfersSettings: what the log shows of the cluster's settings
// goes on the cluster line. A partition led by another broker than its
// preferred replica, which is in its ISR and unfenced, for longer than
// leader.imbalance.check.interval.seconds (300 s) with no election, shows
// auto.leader.rebalance.enable=false; a broker whose first registration
// comes after the first topic's creation is crashed at the start and
// started at its registration, as kplay starts every broker with its
// cluster.
func TestReplayInfersSettings(t *testing.T) {
	t.Run("rebalance off", func(t *testing.T) {
		data := string(readFixture(t, "crash-shutdown-39.metadata-dump"))
		// Drop the rebalance at offset 751 and end the log at +700 s.
		i := strings.Index(data, "baseOffset: 751 ")
		j := strings.Index(data, "baseOffset: 753 ")
		noop := dump(dumpBatch{900, 700000, []string{`{"type":"NO_OP_RECORD","version":0,"data":{}}`}})
		edited := data[:i] + data[j:] + noop[strings.Index(noop, "baseOffset"):]
		src, err := Import([]Input{{"norebalance.dump", []byte(edited)}})
		if err != nil {
			t.Fatal(err)
		}
		flat := strings.ReplaceAll(src, "\n# ", " ")
		// orders-0: led by b2 from the fence; b1, its preferred replica,
		// back in its ISR at +97.410 s; the log ends at +700 s.
		if s := "orders-0 was led by another broker than its preferred replica, which was in its ISR and unfenced, from +97.410 s to +700.000 s"; !strings.Contains(flat, s) {
			t.Errorf("the script does not say %q:\n%s", s, src)
		}
		if s := "\ncluster brokers=3 eligible.leader.replicas.version=0 auto.leader.rebalance.enable=false\n"; !strings.Contains(src, s) {
			t.Errorf("the script has no line %q:\n%s", s, src)
		}
		_, claims := runReplay(t, "norebalance", src)
		for _, c := range claims {
			if !c.ok {
				t.Errorf("%s %s: %s", c.at, c.line, c.out)
			}
		}
	})
	t.Run("a broker that joins later", func(t *testing.T) {
		topicU := `{"type":"TOPIC_RECORD","version":0,"data":{"name":"u","topicId":"uUuUuUuUuUuUuUuUuUuUuA"}}`
		partU := `{"type":"PARTITION_RECORD","version":1,"data":{"partitionId":0,"topicId":"uUuUuUuUuUuUuUuUuUuUuA","replicas":[4,1,2],"isr":[4,1,2],"removingReplicas":[],"addingReplicas":[],"leader":4,"leaderEpoch":0,"partitionEpoch":0,"directories":[]}}`
		unfence4 := `{"type":"BROKER_REGISTRATION_CHANGE_RECORD","version":0,"data":{"brokerId":4,"brokerEpoch":5,"fenced":-1}}`
		// Broker 4 registers at +20 s, after its start's session (9 s) ran
		// out on kplay's controller, which refuses a new incarnation before
		// (DUPLICATE_BROKER_REGISTRATION).
		later := dump(dumpBatch{5, 20000, []string{regRec(4, 5, "DDDDDDDDDDDDDDDDDDDDDA")}}, dumpBatch{6, 21200, []string{unfence4}}, dumpBatch{7, 25000, []string{topicU, partU}})
		src, err := Import([]Input{{"late.dump", []byte(small() + later[strings.Index(later, "baseOffset"):])}})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(src, "\ncluster brokers=4 eligible.leader.replicas.version=0\n") || !strings.Contains(src, "\ncrash 4\n") {
			t.Errorf("no cluster of 4 with broker 4 crashed at the start:\n%s", src)
		}
		actions, claims := runReplay(t, "late", src)
		want := []string{
			"00:00:00.000 crash 4",
			"00:00:01.000 create-topic t assignment=(1:2:3)",
			"00:00:20.000 restart 4",
			"00:00:25.000 create-topic u assignment=(4:1:2)",
		}
		if !slices.Equal(actions, want) {
			t.Errorf("actions:\n%s\nwant:\n%s", strings.Join(actions, "\n"), strings.Join(want, "\n"))
		}
		for _, c := range claims {
			if !c.ok {
				t.Errorf("%s %s: %s", c.at, c.line, c.out)
			}
		}
	})
}

// FuzzImportMetadataLog: no dump makes the importer panic, and every
// script it writes fits kplay's limits, compiles, and never asks the
// engine to restart a running broker or to crash or shut down a stopped
// one (checked on the script's text: running the engine under the fuzzer's
// instrumentation is too slow; TestReplayMetadataLog runs the fixtures).
func FuzzImportMetadataLog(f *testing.F) {
	for _, file := range []string{"crash-shutdown-39.metadata-dump", "isolate-lag-39.metadata-dump", "elr-last-replica-44.metadata-dump"} {
		data, err := os.ReadFile(filepath.Join("testdata", file))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(small()))
	f.Fuzz(func(t *testing.T, data []byte) {
		src, err := Import([]Input{{"fuzz.dump", data}})
		if err != nil {
			return
		}
		if len(src) > script.MaxScriptBytes {
			t.Fatalf("%d bytes", len(src))
		}
		dirs, err := script.Parse("fuzz", src)
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		if _, err := script.Compile(dirs); err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		checkLifecycle(t, src)
	})
}

// checkLifecycle follows the brokers' processes through a script's crash,
// restart and shutdown lines and fails on one the engine would refuse.
func checkLifecycle(t *testing.T, src string) {
	t.Helper()
	down := map[string]bool{}
	for _, l := range strings.Split(src, "\n") {
		f := strings.Fields(l)
		if len(f) < 2 {
			continue
		}
		switch f[0] {
		case "crash", "shutdown":
			if down[f[1]] {
				t.Fatalf("%q with broker %s stopped already:\n%s", l, f[1], src)
			}
			down[f[1]] = true
		case "restart":
			if !down[f[1]] {
				t.Fatalf("%q with broker %s running:\n%s", l, f[1], src)
			}
			down[f[1]] = false
		}
	}
}

// BenchmarkReplayBusyLog imports a dump at the cap made of nothing but
// changes: 64 brokers fenced and unfenced in turn, each fence moving the
// leaders of 256 partitions, so that every record is work.
func BenchmarkReplayBusyLog(b *testing.B) {
	var sb strings.Builder
	var batches []dumpBatch
	for id := 0; id < 64; id++ {
		batches = append(batches, dumpBatch{int64(id), int64(id), []string{regRec(id, int64(id), fmt.Sprintf("I%021d", id))}})
	}
	var parts []string
	parts = append(parts, topicT)
	for p := 0; p < 256; p++ {
		parts = append(parts, partRec(p, fmt.Sprintf("%d,%d", p%64, (p+1)%64)))
	}
	batches = append(batches, dumpBatch{64, 1000, parts})
	sb.WriteString(dump(batches...))
	off, ms := int64(64+len(parts)), int64(2000)
	for sb.Len() < MaxMetadataLogBytes-64<<10 {
		id := int(off) % 64
		var recs []string
		for p := id; p < 256; p += 64 {
			recs = append(recs, fmt.Sprintf(`{"type":"PARTITION_CHANGE_RECORD","version":1,"data":{"partitionId":%d,"topicId":"tTtTtTtTtTtTtTtTtTtTtA","isr":[%d],"leader":%d}}`, p, (p+1)%64, (p+1)%64))
		}
		recs = append(recs, fmt.Sprintf(`{"type":"BROKER_REGISTRATION_CHANGE_RECORD","version":0,"data":{"brokerId":%d,"brokerEpoch":%d,"fenced":1}}`, id, id))
		text := dump(dumpBatch{off, ms, recs})
		sb.WriteString(text[strings.Index(text, "baseOffset"):])
		off += int64(len(recs))
		ms += 700
	}
	data := []byte(sb.String())
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Import([]Input{{"busy.dump", data}}); err != nil {
			b.Fatal(err)
		}
	}
}
