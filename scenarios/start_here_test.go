package scenarios_test

import (
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/scenarios"
)

// trial plays a preset, then the learner's own directives, on one Runner.
type trial struct {
	t *testing.T
	r script.Runner
}

// newTrial plays the named preset, stripped of its expected output, as the
// page loads it.
func newTrial(t *testing.T, name string) *trial {
	t.Helper()
	p, ok := scenarios.Get(name)
	if !ok {
		t.Fatalf("no preset %s", name)
	}
	dirs, err := script.Parse(name, script.StripExpected(p.Text))
	if err != nil {
		t.Fatal(err)
	}
	tr := &trial{t: t}
	for _, d := range dirs {
		if _, err := tr.r.Exec(d); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return tr
}

// do runs one directive line, as the page adds a learner's action.
func (tr *trial) do(line string) {
	tr.t.Helper()
	dirs, err := script.Parse("learner", line)
	if err != nil || len(dirs) != 1 {
		tr.t.Fatalf("%q: %v", line, err)
	}
	if _, err := tr.r.Exec(dirs[0]); err != nil {
		tr.t.Fatalf("%q: %v", line, err)
	}
}

// waitFor advances 1 ms at a time, for at most limit ms, until an event
// matches, and returns it.
func (tr *trial) waitFor(limit int, match func(engine.Event) bool) engine.Event {
	tr.t.Helper()
	from := tr.r.Cluster().EventCount()
	for range limit {
		tr.do("advance 1ms events=none")
		for _, e := range tr.r.Cluster().Events(from) {
			if match(e) {
				return e
			}
		}
	}
	tr.t.Fatalf("no matching event within %d ms", limit)
	return engine.Event{}
}

// events returns the events since from that match.
func (tr *trial) events(from int, match func(engine.Event) bool) []engine.Event {
	var out []engine.Event
	for _, e := range tr.r.Cluster().Events(from) {
		if match(e) {
			out = append(out, e)
		}
	}
	return out
}

func lostWrite(e engine.Event) bool {
	return e.Kind == engine.EvViolation && strings.HasPrefix(e.Text, "AcknowledgedWriteLost")
}

// The learner's moments: after the story, in a lull and between the
// steady producer's records.
var learnerMoments = []string{"10:00:12.000", "10:00:31.250", "10:01:07.333"}

// TestStartHereLosesAnAcks1RecordCrashedAtOnce is the default scenario's
// headline lesson, played as a learner clicks it: produce one record with
// acks=1, then crash the leader within a few tens of milliseconds of the
// acknowledgement. With acks=1 the leader answers once it has appended the
// record; the followers' fetch links take at least 30 ms, so no follower
// has it when broker 1 dies. The controller elects a follower after
// broker.session.timeout.ms (9 s), which reports the acknowledged record
// lost; broker 1, restarted, truncates it (its epoch-0 log is longer than
// the new leader's).
func TestStartHereLosesAnAcks1RecordCrashedAtOnce(t *testing.T) {
	for _, at := range learnerMoments {
		t.Run(at, func(t *testing.T) {
			tr := newTrial(t, scenarios.Default)
			tr.do("run until=" + at + " events=none")
			tr.do("produce orders-0 producer=p9 values=(try-acks1) acks=1")
			ack := tr.waitFor(100, func(e engine.Event) bool {
				return e.Kind == engine.EvProduceAcked && e.Value == "try-acks1"
			})
			tr.do("advance 20ms events=none") // the learner's reaction
			tr.do("crash 1")
			from := tr.r.Cluster().EventCount()
			tr.do("advance 12s events=none")
			lost := tr.events(from, lostWrite)
			if len(lost) != 1 || lost[0].Value != "try-acks1" || lost[0].Offset != ack.Offset {
				t.Fatalf("lost writes after the crash: %v; want try-acks1 at offset %d", lost, ack.Offset)
			}
			from = tr.r.Cluster().EventCount()
			tr.do("restart 1")
			tr.do("advance 5s events=none")
			cut := tr.events(from, func(e engine.Event) bool {
				return e.Kind == engine.EvTruncated && e.Node == engine.Broker(1) && e.Offset <= ack.Offset && ack.Offset < e.End
			})
			if len(cut) != 1 {
				t.Fatalf("broker 1 truncations covering offset %d after its restart: %v; want one", ack.Offset, cut)
			}
		})
	}
}

// TestStartHereKeepsAnAcksAllRecordCrashedAtOnce is the contrast: the same
// clicks with acks=all lose nothing. The leader acknowledges only once the
// ISR (all three brokers, min.insync.replicas=2) has the record, so the
// follower the controller elects holds it.
func TestStartHereKeepsAnAcksAllRecordCrashedAtOnce(t *testing.T) {
	for _, at := range learnerMoments {
		t.Run(at, func(t *testing.T) {
			tr := newTrial(t, scenarios.Default)
			tr.do("run until=" + at + " events=none")
			tr.do("produce orders-0 producer=p9 values=(try-acks-all) acks=all")
			tr.waitFor(500, func(e engine.Event) bool {
				return e.Kind == engine.EvProduceAcked && e.Value == "try-acks-all"
			})
			from := tr.r.Cluster().EventCount()
			tr.do("crash 1")
			tr.do("advance 12s events=none")
			if lost := tr.events(from, lostWrite); len(lost) != 0 {
				t.Fatalf("acks=all records lost: %v", lost)
			}
			elected := tr.events(from, func(e engine.Event) bool { return e.Kind == engine.EvLeaderElected })
			if len(elected) == 0 || elected[len(elected)-1].Peer == engine.Broker(1) {
				t.Fatalf("elections after the crash: %v; want a follower elected", elected)
			}
		})
	}
}

// TestStartHereOpensWithCaptionsAndNoQuestion: the default scenario is a
// playground, not a quiz: no ask, three brokers with min.insync.replicas=2,
// and captions from its first moment that end by pointing at something to
// try.
func TestStartHereOpensWithCaptionsAndNoQuestion(t *testing.T) {
	p, _ := scenarios.Get(scenarios.Default)
	sc, ok := compile(t, p)
	if !ok {
		return
	}
	if len(sc.Asks) != 0 {
		t.Errorf("the default scenario asks %d questions, want none", len(sc.Asks))
	}
	if sc.Config.Brokers != 3 || sc.Config.MinInsyncReplicas != 2 {
		t.Errorf("cluster of %d brokers, min.insync.replicas=%d; want 3 and 2", sc.Config.Brokers, sc.Config.MinInsyncReplicas)
	}
	if len(sc.Captions) < 3 || sc.Captions[0].At != sc.Config.Start {
		t.Fatalf("captions %+v: want three or more, the first at the start", sc.Captions)
	}
	last := sc.Captions[len(sc.Captions)-1]
	if !strings.Contains(last.Text, "acks=1") || !strings.Contains(sc.Captions[len(sc.Captions)-2].Text, "crash the leader") {
		t.Errorf("the last captions do not suggest crashing the leader and acks=1: %+v", sc.Captions)
	}
}
