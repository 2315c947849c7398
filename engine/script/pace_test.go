package script

import (
	"strings"
	"testing"

	"kplay/engine"
)

// paceScript has a speed directive above the cluster and two try
// directives: one at the start, one after 2 s.
const paceScript = `speed 1/10
cluster brokers=3 start=10:00:00.000 latency=(1000,1000)
create-topic t
try "Crash broker 1" crash 1
advance 2s
try "Send one record with acks=1" produce t-0 values=(x) acks=1
try "Cut broker 2 off from broker 1" cut 1 2
`

func TestPaceAndTryCompile(t *testing.T) {
	sc, err := ParseAndCompile("pace", paceScript)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Pace{Num: 1, Den: 10}); sc.Pace != want {
		t.Errorf("Pace = %+v, want %+v", sc.Pace, want)
	}
	if len(sc.Tries) != 3 {
		t.Fatalf("Tries = %+v, want 3", sc.Tries)
	}
	start := sc.Config.Start
	if tr := sc.Tries[0]; tr.At != start || tr.Label != "Crash broker 1" || tr.Line != 4 {
		t.Errorf("Tries[0] = %+v", tr)
	}
	if c, ok := sc.Tries[0].Cmd.(engine.Crash); !ok || c.Broker != 1 {
		t.Errorf("Tries[0].Cmd = %#v, want crash 1", sc.Tries[0].Cmd)
	}
	if tr := sc.Tries[1]; tr.At != start+2000 {
		t.Errorf("Tries[1].At = %d, want 2 s after the start", tr.At)
	}
	if p, ok := sc.Tries[1].Cmd.(engine.Produce); !ok || p.Acks != engine.AcksOne || len(p.Values) != 1 {
		t.Errorf("Tries[1].Cmd = %#v, want one acks=1 record", sc.Tries[1].Cmd)
	}
	// A try is never a step of the script: only create-topic is.
	if len(sc.Steps) != 1 {
		t.Errorf("Steps = %+v, want only create-topic", sc.Steps)
	}
	// No speed directive: the zero Pace.
	sc, err = ParseAndCompile("none", "cluster brokers=1\n")
	if err != nil || !sc.Pace.IsZero() || sc.Tries != nil {
		t.Errorf("no directives: Pace %+v Tries %+v err %v", sc.Pace, sc.Tries, err)
	}
}

func TestPaceValues(t *testing.T) {
	for _, c := range []struct {
		arg  string
		want Pace
	}{{"1/1000", Pace{1, 1000}}, {"1/1", Pace{1, 1}}, {"1", Pace{1, 1}}, {"10", Pace{10, 1}}} {
		sc, err := ParseAndCompile("p", "speed "+c.arg+"\ncluster brokers=1\n")
		if err != nil || sc.Pace != c.want {
			t.Errorf("speed %s: %+v, %v; want %+v", c.arg, sc.Pace, err, c.want)
		}
	}
}

func TestPaceAndTryErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"speed\ncluster brokers=1\n", "speed takes one value"},
		{"speed 1/0\ncluster brokers=1\n", "1..1000"},
		{"speed 1/1001\ncluster brokers=1\n", "1..1000"},
		{"speed 11\ncluster brokers=1\n", "1 to 10"},
		{"speed 0.1\ncluster brokers=1\n", "write 1/N"},
		{"speed x=1\ncluster brokers=1\n", "speed takes one value"},
		{"speed 1/10\nspeed 1/10\ncluster brokers=1\n", "one speed directive"},
		{`try "Crash" crash 1` + "\ncluster brokers=1\n", "no cluster yet"},
		{"cluster brokers=1\n" + `try crash 1`, "double quotes"},
		{"cluster brokers=1\n" + `try "Crash"`, "needs a command"},
		{"cluster brokers=1\n" + `try "Wait" advance 1s`, "one action"},
		{"cluster brokers=1\n" + `try "Say" say "x"`, "one action"},
		{"cluster brokers=1\n" + `try "Rate" produce t-0 rate=2/s for=1s`, "not at a rate"},
		{"cluster brokers=1\n" + `try "Topic" create-topic u`, "create-topic"},
		{"cluster brokers=1\n" + `try "Bad" crash x`, "not a broker id"},
		{"cluster brokers=1\n" + `try "` + strings.Repeat("a", MaxTryBytes+1) + `" crash 1`, "limit"},
		{"cluster brokers=1\n" + strings.Repeat(`try "c" crash 1`+"\n", MaxTries+1), "limit"},
		{"cluster brokers=1\n" + `try "c" crash 1 while=(b1 asleep)`, "not a claim"},
		{"cluster brokers=1\n" + `try "c" crash 1 while=(broker 1 up)`, "not a claim"},
		{"cluster brokers=1\n" + `try "c" crash 1 while=()`, "not a claim"},
		{"cluster brokers=1\n" + `try "c" crash 1 while=(b1 leads t)`, "not a partition"},
		{"cluster brokers=1\n" + `try "c" crash 1 while=(b1 cut from b1)`, "not a claim"},
		{"cluster brokers=1\n" + `try "c" crash 1 while=(b1 up) while=(b1 up)`, "one while="},
		{"cluster brokers=1\n" + `try "c" crash 1 while`, "one while="},
	} {
		_, err := ParseAndCompile("e", c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.src, err, c.want)
		}
		// The Runner reports the same scripts as wrong.
		dirs, perr := Parse("e", c.src)
		if perr != nil {
			continue
		}
		if _, rerr := RunAll(dirs); rerr == nil {
			t.Errorf("%q: the Runner accepts it", c.src)
		}
	}
}

// TestPaceAndTryRun checks that the Runner prints ok for both directives
// and runs no try: broker 1 is still alive after its try "crash 1".
func TestPaceAndTryRun(t *testing.T) {
	dirs, err := Parse("pace", paceScript+"describe\n")
	if err != nil {
		t.Fatal(err)
	}
	out, err := RunAll(dirs)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range dirs {
		if d.Cmd == "speed" || d.Cmd == "try" {
			if out[i] != "ok\n" {
				t.Errorf("%s: printed %q, want ok", d.Line, out[i])
			}
		}
	}
	if last := out[len(out)-1]; !strings.Contains(last, "Leader: 1") {
		t.Errorf("describe = %q: a try ran in the script", last)
	}
}

// TestTryWhile reads a try's while= claims: the command is the same as
// without them, and each claim is read into its kind, brokers, value and
// partition (the first partition when none is named).
func TestTryWhile(t *testing.T) {
	src := "cluster brokers=3\ncreate-topic t\n" +
		`try "Restart broker 1 before it is fenced" restart 1 while=(b1 unfenced, b2 leads t-0, b3 not in isr, b2 has m2, b1 cut from b3, b2 reaches b1, no leader t-0, b1 in elr, b1 down)` + "\n"
	sc, err := ParseAndCompile("w", src)
	if err != nil {
		t.Fatal(err)
	}
	tr := sc.Tries[0]
	if c, ok := tr.Cmd.(engine.Restart); !ok || c.Broker != 1 {
		t.Fatalf("Cmd = %#v, want restart 1", tr.Cmd)
	}
	tp := engine.TopicPartition{Topic: "t"}
	want := []TryClaim{
		{What: "unfenced", Broker: 1, Text: "b1 unfenced"},
		{What: "leads", Broker: 2, TP: tp, HasTP: true, Text: "b2 leads t-0"},
		{What: "not in isr", Broker: 3, Text: "b3 not in isr"},
		{What: "has", Broker: 2, Value: "m2", Text: "b2 has m2"},
		{What: "cut from", Broker: 1, Other: 3, Text: "b1 cut from b3"},
		{What: "reaches", Broker: 2, Other: 1, Text: "b2 reaches b1"},
		{What: "no leader", TP: tp, HasTP: true, Text: "no leader t-0"},
		{What: "in elr", Broker: 1, Text: "b1 in elr"},
		{What: "down", Broker: 1, Text: "b1 down"},
	}
	if len(tr.While) != len(want) {
		t.Fatalf("While = %+v, want %d claims", tr.While, len(want))
	}
	for i := range want {
		if tr.While[i] != want[i] {
			t.Errorf("claim %d = %+v, want %+v", i, tr.While[i], want[i])
		}
	}
	// The Runner takes it too, and runs no try.
	dirs, perr := Parse("w", src)
	if perr != nil {
		t.Fatal(perr)
	}
	if _, rerr := RunAll(dirs); rerr != nil {
		t.Errorf("the Runner refuses it: %v", rerr)
	}
}
