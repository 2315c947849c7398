package site

import (
	"slices"
	"strings"
	"testing"

	"kplay/engine"
)

func TestNarrateEventSaysImportantThings(t *testing.T) {
	tp := engine.TopicPartition{Topic: "t", Partition: 0}
	leader := engine.Event{Kind: engine.EvLeaderElected, TP: tp, Peer: engine.Broker(2), Epoch: 1}
	s, ok := NarrateEvent(leader)
	if !ok || s.Text != "Broker 2 is now the leader of partition t-0, leader epoch 1." || s.Priority != PrioLeader {
		t.Fatalf("leader: %+v %v", s, ok)
	}
	crash := engine.Event{Kind: engine.EvBrokerStopped, Node: engine.Broker(1), Text: "crashed"}
	if s, _ := NarrateEvent(crash); s.Text != "Broker 1 crashed." {
		t.Fatalf("crash: %q", s.Text)
	}
	for _, k := range []engine.EventKind{engine.EvMsgSent, engine.EvAppended, engine.EvHWChanged, engine.EvFetchRound} {
		if _, ok := NarrateEvent(engine.Event{Kind: k}); ok {
			t.Errorf("kind %d is narrated", k)
		}
	}
}

// feed is an event source for a Narrator.
type feed struct{ evs []engine.Event }

func (f *feed) from(i int, each func(*engine.Event) bool) {
	for k := i; k < len(f.evs); k++ {
		if !each(&f.evs[k]) {
			return
		}
	}
}
func (f *feed) add(e engine.Event) {
	e.Seq = len(f.evs)
	f.evs = append(f.evs, e)
}

func TestNarratorPacesAndPrioritises(t *testing.T) {
	var n Narrator
	f := &feed{}
	f.add(engine.Event{Kind: engine.EvBrokerStarted, Node: engine.Broker(1)})
	// The first update only catches up: history is not read out.
	if n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, 5000) || n.Current != "" {
		t.Fatalf("history narrated: %q", n.Current)
	}
	tp := func(p int32) engine.TopicPartition { return engine.TopicPartition{Topic: "t", Partition: p} }
	f.add(engine.Event{Kind: engine.EvBrokerStopped, Node: engine.Broker(1), Text: "crashed"})
	for p := range int32(12) {
		f.add(engine.Event{Kind: engine.EvLeaderElected, TP: tp(p), Peer: engine.Broker(2), Epoch: 1})
	}
	f.add(engine.Event{Kind: engine.EvProduceAcked, Node: engine.NodeID{Kind: engine.NodeProducer, ID: 1}, TP: tp(0), Offset: 4, End: 5})
	// A second has passed since the start: the story is told in its order,
	// the crash before the elections it caused, and the less important
	// acknowledgement after both.
	if !n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, 16) {
		t.Fatal("nothing said")
	}
	if n.Current != "Broker 1 crashed." {
		t.Fatalf("first sentence %q", n.Current)
	}
	// Within the next second nothing more is said.
	for range 50 {
		if n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, 16) {
			t.Fatalf("spoke again within a second: %q", n.Current)
		}
	}
	// The twelve leader changes are one sentence, saying the newest.
	if !n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, 300) || !strings.HasPrefix(n.Current, "Broker 2 is now the leader of partition t-11") || !strings.HasSuffix(n.Current, "And 11 more like it.") {
		t.Fatalf("second sentence %q", n.Current)
	}
	// A minor sentence waits NarrationStoryMs behind a major one.
	if n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, NarrationGapMs) {
		t.Fatalf("the acknowledgement replaced the story's sentence after a second: %q", n.Current)
	}
	if !n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, NarrationStoryMs-NarrationGapMs) || !strings.Contains(n.Current, "offset 4 of t-0 acknowledged") {
		t.Fatalf("third sentence %q", n.Current)
	}
	if n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, 1000) || n.Spoken != 3 {
		t.Fatalf("spoke %d sentences, last %q", n.Spoken, n.Current)
	}
	// A replay (a new generation) is not read out sentence by sentence:
	// the region holds only the sentence of its newest moment, unqueued
	// and uncounted.
	f.add(engine.Event{Kind: engine.EvBrokerStopped, Node: engine.Broker(3), Text: "crashed"})
	n.Update(LogMark{Gen: 1, Count: len(f.evs)}, f.from, 0, 5000)
	if n.Current != "Broker 3 crashed." || n.Spoken != 3 || len(n.queue) != 0 {
		t.Fatalf("after a replay: %q, %d spoken, %d queued", n.Current, n.Spoken, len(n.queue))
	}
}

// TestNarratorSaysTheActionNotWhatWasQueued: a leader's election read but
// not yet said (the gap between sentences had not passed) when the reader
// crashes that leader is not said after the action: the caption tells
// what the crash did.
func TestNarratorSaysTheActionNotWhatWasQueued(t *testing.T) {
	var n Narrator
	f := &feed{}
	f.add(engine.Event{Kind: engine.EvBrokerStarted, Node: engine.Broker(1)})
	n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, 5000)
	f.add(engine.Event{Kind: engine.EvBrokerStopped, Node: engine.Broker(2), Text: "crashed"})
	n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, 5000) // said: broker 2 crashed
	tp := engine.TopicPartition{Topic: "t"}
	f.add(engine.Event{Kind: engine.EvLeaderElected, TP: tp, Peer: engine.Broker(1), Epoch: 1})
	if n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, 16) {
		t.Fatalf("the election was said within the gap: %q", n.Current)
	}
	n.SayNextNow() // the reader crashes broker 1
	f.add(engine.Event{Kind: engine.EvBrokerStopped, Node: engine.Broker(1), Text: "crashed"})
	if !n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, 16) || n.Current != "Broker 1 crashed." {
		t.Fatalf("after the reader's crash the caption says %q, want %q", n.Current, "Broker 1 crashed.")
	}
	for range 200 {
		n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, 100)
		if strings.Contains(n.Current, "is now the leader") {
			t.Fatalf("the election from before the crash was said after it: %q", n.Current)
		}
	}
}

func TestStoreNarratesACrash(t *testing.T) {
	s := lessonStore(t)
	s.Speed = MaxSpeed
	s.Dispatch(Narrate{RealMs: 16})
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	said := []string{}
	for range 300 {
		s.Dispatch(Tick{RealMs: 100})
		before := s.Manners.Narration.Spoken
		s.Dispatch(Narrate{RealMs: 100})
		if s.Manners.Narration.Spoken != before {
			said = append(said, s.Manners.Narration.Current)
		}
	}
	all := strings.Join(said, "\n")
	if !strings.Contains(all, "Broker 1 crashed.") || !strings.Contains(all, "is now the leader of partition") {
		t.Fatalf("narration after crashing the leader:\n%s", all)
	}
}

// TestNarratorRewoundSaysTheNewMoment: after a seek back (fewer events
// than it saw) the narrator holds the sentence of the newest event at the
// new playhead, not one of a moment later.
func TestNarratorRewoundSaysTheNewMoment(t *testing.T) {
	var n Narrator
	f := &feed{}
	f.add(engine.Event{Kind: engine.EvBrokerStarted, Node: engine.Broker(1)})
	n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, 0)
	tp := engine.TopicPartition{Topic: "t", Partition: 0}
	f.add(engine.Event{Kind: engine.EvBrokerStopped, Node: engine.Broker(1), Text: "crashed"})
	crashed := len(f.evs)
	f.add(engine.Event{Kind: engine.EvProduceAcked, Node: engine.NodeID{Kind: engine.NodeProducer, ID: 1}, TP: tp, Offset: 24, End: 25})
	for range 3 {
		n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, 1000)
	}
	if !strings.Contains(n.Current, "offset 24") {
		t.Fatalf("before the rewind %q, want the acknowledgement", n.Current)
	}
	f.evs = f.evs[:crashed] // the history replayed up to the crash
	if !n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, 16) || n.Current != "Broker 1 crashed." {
		t.Errorf("after the rewind to the crash %q, want %q", n.Current, "Broker 1 crashed.")
	}
}

// TestNarratorRewoundToAQuietMomentSaysTheLastMajor: a seek to a moment
// with nothing narrated in the second before it (the controller waiting
// out a crashed leader's session: no acknowledgement, no election yet),
// or a link opened there, holds the newest major sentence before it,
// the crash, not nothing (the page then read "Press Play, or try one of
// the experiments." in the middle of a failover).
func TestNarratorRewoundToAQuietMomentSaysTheLastMajor(t *testing.T) {
	tp := engine.TopicPartition{Topic: "t", Partition: 0}
	history := func() *feed {
		f := &feed{}
		f.add(engine.Event{At: 0, Kind: engine.EvLeaderElected, Peer: engine.Broker(1), TP: tp})
		f.add(engine.Event{At: 100, Kind: engine.EvProduceAcked, Node: engine.NodeID{Kind: engine.NodeProducer, ID: 1}, TP: tp, Offset: 3, End: 4})
		f.add(engine.Event{At: 200, Kind: engine.EvBrokerStopped, Node: engine.Broker(1), Text: "crashed"})
		// Messages only, for 5 s: the producer's retries, heartbeats.
		for at := engine.Time(300); at < 5300; at += 10 {
			f.add(engine.Event{At: at, Kind: engine.EvMsgSent, Node: engine.Broker(2), Peer: engine.Controller})
		}
		return f
	}
	var n Narrator
	f := history()
	n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 5250, 0)
	n.Update(LogMark{Gen: 1, Count: len(f.evs)}, f.from, 5250, 16) // a seek: the history replayed
	if n.Current != "Broker 1 crashed." {
		t.Errorf("after a seek to a quiet moment %q, want %q", n.Current, "Broker 1 crashed.")
	}
	var opened Narrator
	opened.ResetAt()
	f = history()
	opened.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 5250, 0)
	if opened.Current != "Broker 1 crashed." {
		t.Errorf("a link opened at a quiet moment says %q, want %q", opened.Current, "Broker 1 crashed.")
	}
}

// TestNarratorTellsAFailoverInOrder: a fence, the election it causes and
// the ISR change after it, read in one frame, are said in that order (a
// learner read the election first and the fence after it).
func TestNarratorTellsAFailoverInOrder(t *testing.T) {
	var n Narrator
	f := &feed{}
	f.add(engine.Event{Kind: engine.EvBrokerStarted, Node: engine.Broker(1)})
	n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, 5000)
	tp := engine.TopicPartition{Topic: "orders"}
	f.add(engine.Event{Kind: engine.EvBrokerFenced, Peer: engine.Broker(1)})
	f.add(engine.Event{Kind: engine.EvLeaderElected, TP: tp, Peer: engine.Broker(2), Epoch: 1})
	f.add(engine.Event{Kind: engine.EvISRChanged, TP: tp, Text: "ISR 1,2,3 → 2,3"})
	var said []string
	for range 10 {
		if n.Update(LogMark{Gen: 0, Count: len(f.evs)}, f.from, 0, 1000) {
			said = append(said, n.Current)
		}
	}
	want := []string{"The controller fenced broker 1.", "Broker 2 is now the leader of partition orders-0, leader epoch 1.", "The in-sync replicas of orders-0 changed: ISR 1,2,3 → 2,3."}
	if !slices.Equal(said, want) {
		t.Fatalf("said %q, want %q", said, want)
	}
}

// TestNarratorSaysAWholeSentenceOfALoss: after start-here's "Produce with
// acks=1, then crash the leader", the caption under the diagram read
// "Guarantee broken: AcknowledgedWriteLost: … acks=1 was answered before
// any follower …." (cut at MaxEventText). The caption says whole
// sentences: the rule and what broke, the why left to the red panel.
func TestNarratorSaysAWholeSentenceOfALoss(t *testing.T) {
	s := OpenStartup(ParseStartup("", ""), false)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	s.Playing = false
	s.Player.Seek(s.Player.Scenario().Config.Start + 2000)
	var sg Suggestion
	for _, g := range TryThis(s.Player.State()) {
		if g.Key == "acks1-crash" {
			sg = g
		}
	}
	if sg.Key == "" {
		t.Fatal("no acks1-crash suggestion at 2 s")
	}
	from := s.Player.EventCount()
	Try(s, sg)
	s.Player.Advance(12000)
	var said []string
	for _, e := range s.Player.Events(from) {
		if e.Kind != engine.EvViolation {
			continue
		}
		sn, ok := NarrateEvent(e)
		if !ok {
			t.Fatalf("%q is not narrated", e.Text)
		}
		said = append(said, sn.Text)
		if len(e.Text) <= MaxEventText {
			t.Errorf("the violation %q fits MaxEventText: this tests nothing", e.Text)
		}
	}
	if len(said) == 0 {
		t.Fatal("nothing was lost")
	}
	for _, c := range said {
		if strings.Contains(c, "…") || strings.HasSuffix(c, "..") || !strings.HasSuffix(c, ".") {
			t.Errorf("the caption %q is not whole sentences", c)
		}
		// An acks=1 record lost with its leader breaks no guarantee (the
		// producer's acks documentation: it "will be lost").
		if !strings.HasPrefix(c, "Lost, as acks=1 allows (AcknowledgedWriteLost): p1's record order-1, acknowledged with acks=1") || !strings.HasSuffix(c, "is not on the leader b2.") {
			t.Errorf("the caption %q does not say which rule broke and what was lost", c)
		}
		if len(c) > MaxEventText {
			t.Errorf("the caption is %d bytes, more than MaxEventText", len(c))
		}
	}
}

// TestWholeClause: a text too long for its room is said up to a clause's
// end, never cut inside one; a violation whose what is itself too long is
// said by its rule alone.
func TestWholeClause(t *testing.T) {
	long := "lost its place on t-0: its committed offset 2 is gone from b1's log (OFFSET_OUT_OF_RANGE), so it jumps to the earliest offset 6 (auto.offset.reset=earliest)"
	if got := wholeClause(long, 60); got != "lost its place on t-0" {
		t.Errorf("wholeClause: %q", got)
	}
	if got := wholeClause(long, len(long)); got != long {
		t.Errorf("a text that fits: %q", got)
	}
	if got := wholeClause("no break in reach of the end at all", 10); got != "no break in reach of the end at all" {
		t.Errorf("a text with no clause break: %q", got)
	}
	v := "StrongIsr: " + strings.Repeat("b1 leads t-0 with HW 3 but ISR member b2 does not hold m1 at offset 2 ", 3)
	if got := violationSentence(engine.Event{Kind: engine.EvViolation, Text: v}); got != "Guarantee broken: StrongIsr. The red panel says what and why." {
		t.Errorf("a long what: %q", got)
	}
}
