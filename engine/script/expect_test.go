package script

import (
	"strings"
	"testing"
)

// runOutputs runs src and returns each directive's output by its line.
func runOutputs(t *testing.T, src string) map[int]string {
	t.Helper()
	dirs, err := Parse("expect", src)
	if err != nil {
		t.Fatal(err)
	}
	outs, err := RunAll(dirs)
	if err != nil {
		t.Fatal(err)
	}
	byLine := map[int]string{}
	for i, d := range dirs {
		byLine[d.Pos.Line] = outs[i]
	}
	return byLine
}

// TestExpectClaims: each claim prints ok when it holds and says what
// differs when it does not. The cluster facts are Kafka's rules: with
// acks=all and three in-sync replicas the leader's HW passes both records
// (Partition.maybeIncrementLeaderHW); when the leader b1 is fenced after
// broker.session.timeout.ms, the controller elects the first live ISR
// member in replica order, b2, in leader epoch 1, and drops b1 from the
// ISR (PartitionChangeBuilder); b1's own high watermark moved once, from
// 0 to 2, when the last of its followers fetched past both records (the
// minimum log end over the ISR); an acks=1 record the leader answered
// before any follower fetched it is gone from the new leader.
func TestExpectClaims(t *testing.T) {
	const src = `cluster brokers=3 latency=(0,0) linger.ms=0
create-topic t partitions=1 rf=3 start=1
produce t-0 values=(a, b) acks=all
advance 1s
expect leader t-0=1
expect leader t-0=b2
expect isr t-0=(3,2,1)
expect leader-epoch t-0=0
expect hw t-0=2
expect kept t-0 values=(b, a)
expect lost t-0 values=none
expect violations=none
isolate 2
isolate 3
produce t-0 values=(c) acks=1
advance 100ms
crash 1
heal
advance 10s
expect leader t-0=2
expect leader t-0=b2
expect isr t-0=(2,3)
expect leader-epoch t-0=1
expect lost t-0 values=(c)
expect kept t-0 values=(a, b)
expect violations=(AcknowledgedWriteLost)
expect elr t-0=none
expect duplicates t-0 values=()
expect hw t-0=7
expect hw-moves t-0 broker=1 values=(0->2)
expect hw-moves t-0 broker=1 since=00:00:00.500 values=none
expect hw-moves t-0 broker=1 values=(0→2, 2->3)
`
	out := runOutputs(t, src)
	want := map[int]string{
		5:  "ok\n",
		6:  "claim failed: t-0's leader is b1, not b2\n",
		7:  "ok\n",
		8:  "ok\n",
		9:  "ok\n",
		10: "ok\n",
		11: "ok\n",
		12: "ok\n",
		20: "ok\n",
		21: "ok\n",
		22: "ok\n",
		23: "ok\n",
		24: "ok\n",
		25: "ok\n",
		26: "ok\n",
		27: "ok\n",
		28: "ok\n",
		29: "claim failed: t-0's leader's high watermark is 2, not 7\n",
		30: "ok\n",
		31: "ok\n",
		32: "claim failed: b1's high watermark of t-0 moved (0->2) since 00:00:00.000, not (0->2, 2->3)\n",
	}
	for line, w := range want {
		if out[line] != w {
			t.Errorf("line %d: got %q, want %q", line, out[line], w)
		}
	}
}

// TestExpectErrors: a malformed claim is an error at its position, in
// Compile (the page) as in the Runner.
func TestExpectErrors(t *testing.T) {
	for _, c := range []struct{ line, msg string }{
		{"expect", "2:1: expect needs a claim"},
		{"expect foo t-0=1", `2:8: expect does not state "foo"`},
		{"expect leader t-0", `2:15: expect leader takes TOPIC-P=VALUE; "t-0" has no value`},
		{"expect leader", "2:1: expect leader needs TOPIC-P=VALUE"},
		{"expect leader t-0=x", "2:15: t-0: the leader is a broker id or none"},
		{"expect isr t-0=(1,x)", "2:12: t-0:"},
		{"expect hw t-0=-1", "2:11: t-0:"},
		{"expect lost t-0", "2:1: expect lost takes a partition and values=(...)"},
		{"expect lost values=(a)", "2:1: expect lost takes a partition and values=(...)"},
		{"expect kept nope values=(a)", `2:13: "nope" is not a partition`},
		{"expect violations=(1bad)", `2:8: violations: "1bad" is not a rule name`},
		{"expect violations=none lost", `2:24: expect violations= takes nothing more`},
		{"expect hw=1", "2:8: expect does not state hw="},
		{"expect hw-moves t-0 values=(1->2)", "2:1: expect hw-moves needs broker=ID and values=(...)"},
		{"expect hw-moves broker=1 values=(1->2)", "2:1: expect hw-moves takes a partition"},
		{"expect hw-moves t-0 broker=1 values=(1-2)", `2:30: values: "1-2" is not a move such as 2->3`},
		{"expect hw-moves t-0 broker=1 since=soon values=(1->2)", "2:30: since:"},
		{"expect hw-moves t-0 broker=1 at=1s values=(1->2)", "2:30: expect hw-moves takes broker=, since= and values=, not at="},
		{"expect hw-moves t-0 broker=x values=(1->2)", "2:21: broker:"},
	} {
		_, err := ParseAndCompile("x", "cluster brokers=3\n"+c.line+"\n")
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: compile error %v, want %q", c.line, err, c.msg)
		}
		dirs, perr := Parse("", "cluster brokers=3\n"+c.line+"\n")
		if perr != nil {
			t.Fatal(perr)
		}
		if _, err := RunAll(dirs); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: run error %v, want %q", c.line, err, c.msg)
		}
	}
	dirs, _ := Parse("", "cluster brokers=3\nexpect leader nope-0=1\n")
	if _, err := RunAll(dirs); err == nil || !strings.Contains(err.Error(), "2:15: no partition nope-0") {
		t.Errorf("a claim on a partition that does not exist: %v", err)
	}
}
