package script

import (
	"reflect"
	"strings"
	"testing"

	"kplay/engine"
)

// rateTimes lists the times and values of a scenario's produce steps.
func rateTimes(sc Scenario) (times []engine.Time, values []string) {
	for _, st := range sc.Steps {
		if p, ok := st.Cmd.(engine.Produce); ok {
			times = append(times, st.At)
			values = append(values, strings.Join(p.Values, ","))
		}
	}
	return times, values
}

// TestRateProducerExpands: rate=4/s for=1s is one record every 1000/4 =
// 250 ms from the directive's moment, four in all, named as count= names
// them; the steps keep time order with the directives around them, and a
// record due past the script's end is kept for playback beyond it.
func TestRateProducerExpands(t *testing.T) {
	src := "cluster brokers=3 start=10:00:00.000\ncreate-topic t\n" +
		"produce t-0 rate=4/s for=1s acks=1 key=k producer=p2\n" +
		"advance 600ms\ncrash 1\n"
	sc, err := ParseAndCompile("rate", src)
	if err != nil {
		t.Fatal(err)
	}
	const t0 = 36000000
	times, values := rateTimes(sc)
	if want := []engine.Time{t0, t0 + 250, t0 + 500, t0 + 750}; !reflect.DeepEqual(times, want) {
		t.Errorf("times %v, want %v", times, want)
	}
	if want := []string{"m0", "m1", "m2", "m3"}; !reflect.DeepEqual(values, want) {
		t.Errorf("values %v, want %v", values, want)
	}
	var kinds []string
	for _, st := range sc.Steps {
		kinds = append(kinds, strings.Fields(st.Cmd.(interface{ String() string }).String())[0]+"@"+engine.FormatTime(st.At))
	}
	if want := "create-topic@10:00:00.000 produce@10:00:00.000 produce@10:00:00.250 produce@10:00:00.500 crash@10:00:00.600 produce@10:00:00.750"; strings.Join(kinds, " ") != want {
		t.Errorf("steps %s, want %s", strings.Join(kinds, " "), want)
	}
	for i, st := range sc.Steps {
		want := 3 // the rate directive's line
		switch st.Cmd.(type) {
		case engine.CreateTopic:
			want = 2
		case engine.Crash:
			want = 5
		}
		if st.Line != want {
			t.Errorf("step %d line %d, want %d", i, st.Line, want)
		}
	}
	p := sc.Steps[2].Cmd.(engine.Produce)
	if p.Acks != engine.AcksOne || p.Key != "k" || p.Producer != 2 || p.TP != (engine.TopicPartition{Topic: "t"}) {
		t.Errorf("record %+v, want acks=1 key k from p2 to t-0", p)
	}
	if sc.Steps[1].Flush || !sc.Steps[2].Flush || sc.End != t0+600 {
		t.Errorf("first record flush %v, second %v, end %d", sc.Steps[1].Flush, sc.Steps[2].Flush, sc.End)
	}

	// 1000/3 is 333 ms in whole milliseconds, so for=1s holds four
	// records: at 0, 333, 666 and 999 ms.
	sc, err = ParseAndCompile("rate", "cluster brokers=3\nproduce t-0 rate=3/s for=1s\n")
	if err != nil {
		t.Fatal(err)
	}
	if times, _ := rateTimes(sc); !reflect.DeepEqual(times, []engine.Time{0, 333, 666, 999}) {
		t.Errorf("rate=3/s times %v, want 0, 333, 666, 999", times)
	}
}

// TestRateProducerRunnerMatchesPlayback: kplay run (the Runner) and the
// page's playback of the compiled steps (advance to a step's time when it
// follows an advance or lies ahead, then apply it) give the same events,
// so the golden output is what the page shows.
func TestRateProducerRunnerMatchesPlayback(t *testing.T) {
	src := "cluster brokers=3 latency=(1,3)\ncreate-topic t\n" +
		"produce t-0 rate=10/s for=2s acks=1\nadvance 500ms\n" +
		"produce t-0 rate=4/s for=1s acks=all producer=p2\nadvance 250ms\ncrash 1\nadvance 3s\nstate t-0\n"
	dirs, err := Parse("rate", src)
	if err != nil {
		t.Fatal(err)
	}
	var r Runner
	for _, d := range dirs {
		if _, err := r.Exec(d); err != nil {
			t.Fatal(err)
		}
	}
	sc, err := Compile(dirs)
	if err != nil {
		t.Fatal(err)
	}
	c, err := engine.New(sc.Config)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range sc.Steps {
		if st.At > sc.End {
			break
		}
		if st.Flush || st.At > c.Now() {
			c.AdvanceTo(st.At)
		}
		if err := c.Apply(st.Cmd); err != nil {
			t.Fatalf("step %v: %v", st, err)
		}
	}
	c.AdvanceTo(sc.End)
	want, got := r.Cluster().Events(0), c.Events(0)
	if len(got) != len(want) {
		t.Fatalf("playback has %d events, the Runner %d", len(got), len(want))
	}
	for i := range want {
		if FormatEvent(got[i]) != FormatEvent(want[i]) {
			t.Fatalf("event %d: playback %q, Runner %q", i, FormatEvent(got[i]), FormatEvent(want[i]))
		}
	}
	// Every record of both rate producers was sent: 20 from p1 (10/s for
	// 2 s) and 4 from p2 (4/s for 1 s).
	produced := 0
	for _, e := range want {
		if e.Kind == engine.EvCommand && strings.HasPrefix(e.Text, "produce t-0 ") && strings.Contains(e.Text, "values=(m") {
			produced++
		}
	}
	if produced != 24 {
		t.Errorf("%d produce commands ran, want 20 + 4", produced)
	}
}

func TestRateProducerErrors(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"produce t-0 rate=0/s for=1s", "2:13: rate takes records per second from 1/s to 1000/s"},
		{"produce t-0 rate=1001/s for=1s", "2:13: rate takes records per second"},
		{"produce t-0 rate=2 for=1s", `2:13: rate takes records per second from 1/s to 1000/s, such as rate=2/s; got "2"`},
		{"produce t-0 rate=2/s", "2:1: rate= needs for=DURATION"},
		{"produce t-0 for=1s", "2:1: for= goes with rate="},
		{"produce t-0 rate=2/s for=0s", "2:22: for must be longer than 0ms"},
		{"produce t-0 rate=2/s for=soon", "2:22: for:"},
		{"produce t-0 rate=2/s for=1s values=(a)", "2:29: produce does not take values"},
		{"produce t-0 rate=2/s for=1s count=3", "2:29: produce does not take count"},
		{"produce t-0 rate=2/s for=1s acks=2", "2:29: acks must be all, 1 or 0"},
		{"produce t-0 rate=1000/s for=101s", "2:1: rate=1000/s for=101s makes 101000 records; a script produces at most 100000 in all"},
		{"produce t-0 rate=2/s for=1s\nstep", "3:1: step cannot run while a rate producer is still producing"},
	} {
		_, err := ParseAndCompile("", "cluster brokers=3\n"+c.line+"\n")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.line, err, c.want)
		}
	}
	// The Runner says the same, and the records of all the script's
	// produces count against one limit.
	dirs, _ := Parse("", "cluster brokers=3\ncreate-topic t\nproduce t-0 rate=1000/s for=60s\nproduce t-0 rate=1000/s for=41s\n")
	if _, err := RunAll(dirs); err == nil || !strings.HasPrefix(err.Error(), "4:1: rate=1000/s for=41s makes 41000 records") {
		t.Errorf("Runner over the limit: err = %v", err)
	}
}
