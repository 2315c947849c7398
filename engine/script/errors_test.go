package script

import (
	"strings"
	"testing"
)

// TestErrorPositions: bad input is reported as line:column with the reason.
func TestErrorPositions(t *testing.T) {
	for _, tc := range []struct {
		src, want string
	}{
		{"cluster brokers=3\nproduce orders-0 values=(a, b\n", "2:18: argument values has an unclosed '('"},
		{"cluster brokers=3\n  frobnicate\n", "2:3: unknown command \"frobnicate\""},
		{"cluster brokers=0\n", "1:9: brokers: \"0\" is not a whole number in 1..64"},
		{"cluster brokers=3\nadvance soon\n", "2:9: \"soon\" is not a duration"},
		{"cluster brokers=3\nrun until=25:99:00.000\n", "2:5: until: \"25:99:00.000\" has minutes or seconds past 59"},
		{"produce orders-0 values=(a)\n", "1:1: no cluster yet"},
		{"cluster brokers=3\nproduce orders values=(a)\n", "2:9: \"orders\" is not a partition (try orders-0)"},
		{"cluster brokers=3\nproduce orders-0 acks=2 values=(a)\n", "2:18: acks must be all, 1 or 0, got \"2\""},
		{"cluster brokers=3\ncreate-topic t colour=red\n", "2:16: create-topic does not take colour"},
		{"cluster brokers=3 =x\n", "1:19: expected an argument name before '='"},
		// Settings come from engine.Settings: a misspelt key gets the
		// nearest one, an out-of-range value its range and unit.
		{"cluster brokers=3 replica.lag.time.max=5000\n", "1:19: cluster does not take replica.lag.time.max; did you mean replica.lag.time.max.ms? (it takes: brokers, seed, start, protocol, latency, min.insync.replicas,"},
		{"cluster brokers=3 colour=red\n", "1:19: cluster does not take colour (it takes: brokers, seed,"},
		{"cluster replica.lag.time.max.ms=0\n", "1:9: replica.lag.time.max.ms: \"0\" is out of range; it takes at least 1 ms"},
		{"cluster leader.imbalance.check.interval.seconds=90000\n", "1:9: leader.imbalance.check.interval.seconds: \"90000\" is not a whole number in 1..86400 s"},
		{"cluster protocol=pre-kip-102\n", "1:9: protocol: \"pre-kip-102\" is not current, pre-kip-101 or pre-kip-279"},
		{"cluster broker.heartbeat.interval.ms=9s\n", "1:1: broker.session.timeout.ms must be greater than broker.heartbeat.interval.ms"},
		{"cluster brokers=3\nconfig linger.ms=0\n", "2:8: config can change min.insync.replicas or unclean.leader.election.enable at run time, not linger.ms, which is fixed when the cluster starts (set it on the cluster line)"},
		{"cluster brokers=3\nconfig min.insync.replica=2\n", "2:8: config can change min.insync.replicas or unclean.leader.election.enable at run time, not min.insync.replica; did you mean min.insync.replicas?"},
		{"cluster brokers=3\nconfig min.insync.replicas=0\n", "2:8: min.insync.replicas: \"0\" is not a whole number in 1..64"},
		{"cluster brokers=3\ncreate-topic t partition=2\n", "2:16: create-topic does not take partition; did you mean partitions?"},
	} {
		dirs, err := Parse("", tc.src)
		if err == nil {
			_, err = Compile(dirs)
		}
		if err == nil {
			t.Errorf("%q: no error, want %q", tc.src, tc.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q:\n got %q\nwant %q", tc.src, err.Error(), tc.want)
		}
	}
}

// TestRunnerReportsEngineErrors: an engine error (a topic that does not
// exist) comes back with the directive's position.
func TestRunnerReportsEngineErrors(t *testing.T) {
	dirs, err := Parse("s.txt", "cluster brokers=3\nproduce nope-0 values=(a)\n")
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunAll(dirs)
	if err == nil || err.Error() != "2:1: no topic nope" {
		t.Fatalf("got %v, want 2:1: no topic nope", err)
	}
}

func TestParseDuration(t *testing.T) {
	for in, want := range map[string]int64{"500ms": 500, "2s": 2000, "1.5s": 1500, "0.001s": 1, "1m": 60000, "250": 250, "1h": 3600000} {
		got, err := ParseDuration(in)
		if err != nil || int64(got) != want {
			t.Errorf("ParseDuration(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "ms", "1.ms", "0.0001s", "-1s", "1e3ms", "1.2.3s", "99999999999999999999"} {
		if _, err := ParseDuration(in); err == nil {
			t.Errorf("ParseDuration(%q) accepted", in)
		}
	}
}

func TestParseClock(t *testing.T) {
	got, err := ParseClock("10:00:00.020")
	if err != nil || got != 36000020 {
		t.Fatalf("ParseClock = %d, %v", got, err)
	}
	for _, in := range []string{"10:00", "10:60:00", "10:00:00.2", "a:b:c", "10:00:00.0200"} {
		if _, err := ParseClock(in); err == nil {
			t.Errorf("ParseClock(%q) accepted", in)
		}
	}
}

// TestCompile: advance and run become times; observations are dropped.
func TestCompile(t *testing.T) {
	src := "# title: demo\ncluster brokers=3 start=10:00:00.000\ncreate-topic orders\nadvance 500ms\nproduce orders-0 values=(a)\ndescribe\nrun until=10:00:02.000\nproduce orders-0 values=(b) acks=1\n"
	sc, err := ParseAndCompile("demo", src)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Title != "demo" || sc.Config.Brokers != 3 || sc.Config.Start != 36000000 || sc.End != 36002000 {
		t.Fatalf("scenario %+v", sc)
	}
	wantAt := []int64{36000000, 36000500, 36002000}
	if len(sc.Steps) != 3 {
		t.Fatalf("%d steps, want 3", len(sc.Steps))
	}
	for i, s := range sc.Steps {
		if int64(s.At) != wantAt[i] {
			t.Errorf("step %d at %d, want %d", i, s.At, wantAt[i])
		}
	}
	if sc.Steps[2].Line != 8 {
		t.Errorf("step 2 from line %d, want 8", sc.Steps[2].Line)
	}
}

// TestStripExpected keeps comments and directives and drops outputs.
func TestStripExpected(t *testing.T) {
	src := "# c\ncluster brokers=3\n----\nok\n\ndescribe\n----\n----\na\n\nb\n----\n----\n\nadvance 1s\n"
	got := StripExpected(src)
	want := "# c\ncluster brokers=3\n\ndescribe\n\nadvance 1s\n"
	if got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	dirs, err := Parse("", got)
	if err != nil || len(dirs) != 3 {
		t.Fatalf("stripped script parses to %d directives, %v", len(dirs), err)
	}
}

// TestConfigDirectiveReadsTheTable: config takes the settings the table
// marks Runtime, and hands the engine Kafka's spelling of the value.
func TestConfigDirectiveReadsTheTable(t *testing.T) {
	for src, want := range map[string]string{
		"config unclean.leader.election.enable=on":    "config unclean.leader.election.enable=true",
		"config topic=t min.insync.replicas=2":        "config topic=t min.insync.replicas=2",
		"config unclean.leader.election.enable=false": "config unclean.leader.election.enable=false",
	} {
		dirs, err := Parse("", src+"\n")
		if err != nil {
			t.Fatal(err)
		}
		cmd, err := Command(dirs[0])
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if cmd.String() != want {
			t.Errorf("%s: command %q, want %q", src, cmd.String(), want)
		}
	}
}
