package site

import (
	"strings"
	"testing"

	"kplay/engine"
)

// This file tests the narrator's honesty rules (narration.go): a caption
// never tells of an event older than the one it already told, and never
// lags the playhead by more than NarrationLagMs with something newer and
// as important to say. The cases are a fresh-eyes learner's two runs.

// clock drives a Narrator as the page's frames do: frames of narrFrameMs
// real time, the playhead moving speed simulated ms per real ms.
type clock struct {
	n     *Narrator
	f     *feed
	now   engine.Time
	speed float64
	// said is every sentence said, with the playhead when it was.
	said []saidAt
}

type saidAt struct {
	text string
	at   engine.Time
}

const narrFrameMs = 16

// frame lets one frame pass and reads the events before the playhead.
func (c *clock) frame() {
	c.now += engine.Time(narrFrameMs * c.speed)
	if c.n.Update(LogMark{Gen: 0, Count: len(c.f.evs)}, c.f.from, c.now, narrFrameMs) {
		c.said = append(c.said, saidAt{c.n.Current, c.now})
	}
}

// until plays frames until the playhead reaches at.
func (c *clock) until(at engine.Time) {
	for c.now < at {
		c.frame()
	}
}

// captionAt is what the caption read at playhead at: the last sentence
// said by then.
func (c *clock) captionAt(at engine.Time) string {
	text := ""
	for _, s := range c.said {
		if s.at <= at {
			text = s.text
		}
	}
	return text
}

func producerAck(at engine.Time, o engine.Offset) engine.Event {
	return engine.Event{Kind: engine.EvProduceAcked, At: at, Node: engine.NodeID{Kind: engine.NodeProducer, ID: 1},
		TP: engine.TopicPartition{Topic: "orders"}, Offset: o, End: o + 1}
}

// TestNarratorNeverSaysAnAckAfterTheLaterCrash is the learner's "acks=1,
// then crash the leader" at 1.7× faster: the record's acknowledgement
// (10:00:00.037) and the crash right after it are read in one frame; the
// caption said "Broker 1 crashed." and then, three seconds later,
// "offset 1 of orders-0 acknowledged", which happened before the crash.
// The acknowledgement is older than what the caption told: it is dropped.
func TestNarratorNeverSaysAnAckAfterTheLaterCrash(t *testing.T) {
	for _, oneFrame := range []bool{true, false} {
		f := &feed{}
		f.add(engine.Event{Kind: engine.EvBrokerStarted, At: 0, Node: engine.Broker(1)})
		c := &clock{n: &Narrator{}, f: f, speed: 1.7}
		c.frame() // catches up: history is not read out
		c.n.SayNextNow()
		f.add(producerAck(37, 1))
		if !oneFrame {
			c.frame() // the acknowledgement, said at once (the reader acted)
		}
		c.n.SayNextNow() // the try crashes the leader
		f.add(engine.Event{Kind: engine.EvBrokerStopped, At: 37, Node: engine.Broker(1), Text: "crashed"})
		c.frame()
		if c.n.Current != "Broker 1 crashed." {
			t.Fatalf("one frame %v: the frame after the crash reads %q", oneFrame, c.n.Current)
		}
		c.until(8000)
		for _, s := range c.said {
			if s.text == "Broker 1 crashed." {
				continue
			}
			if strings.Contains(s.text, "offset 1 of orders-0 acknowledged") && s.at > 37+2*narrFrameMs*2 {
				t.Errorf("one frame %v: at %s, after the crash was said, the caption read %q", oneFrame, engine.FormatTime(s.at), s.text)
			}
		}
		if got := c.captionAt(4200); got != "Broker 1 crashed." {
			t.Errorf("one frame %v: at 4.2 s the caption reads %q, want the crash", oneFrame, got)
		}
	}
}

// TestNarratorKeepsUpAtTenTimes is the learner's crash at 10× faster:
// the crash said at once, then the controller fences broker 1 and elects
// broker 2 at 10:00:09.001, with the ISR change, and acknowledgements
// resume. The caption read "The controller fenced broker 1." at 17.2 s
// and named broker 2 only around 20 s: one sentence a real second is ten
// seconds of clock. Now it skips to the newest major sentence, the
// election, within NarrationLagMs and two frames of it.
func TestNarratorKeepsUpAtTenTimes(t *testing.T) {
	f := &feed{}
	f.add(engine.Event{Kind: engine.EvBrokerStarted, At: 0, Node: engine.Broker(1)})
	c := &clock{n: &Narrator{}, f: f, speed: MaxSpeed}
	c.frame()
	c.until(300)
	c.n.SayNextNow()
	f.add(engine.Event{Kind: engine.EvBrokerStopped, At: c.now, Node: engine.Broker(1), Text: "crashed"})
	const elected = 9001
	tp := engine.TopicPartition{Topic: "orders"}
	for c.now < 25000 {
		if c.now >= elected && len(f.evs) == 2 {
			f.add(engine.Event{Kind: engine.EvBrokerFenced, At: elected, Peer: engine.Broker(1)})
			f.add(engine.Event{Kind: engine.EvLeaderElected, At: elected, TP: tp, Peer: engine.Broker(2), Epoch: 1})
			f.add(engine.Event{Kind: engine.EvISRChanged, At: elected, TP: tp, Text: "ISR 1,2,3 → 2,3"})
		}
		if c.now > elected+200 && (c.now/500) != ((c.now-engine.Time(narrFrameMs*c.speed))/500) {
			f.add(producerAck(c.now, engine.Offset(c.now/500)))
		}
		c.frame()
	}
	leader := "Broker 2 is now the leader of partition orders-0, leader epoch 1."
	at := engine.Time(-1)
	for _, s := range c.said {
		if s.text == leader {
			at = s.at
			break
		}
	}
	if by := engine.Time(elected + NarrationLagMs + 2*narrFrameMs*MaxSpeed); at < 0 || at > by {
		t.Errorf("the election at %s was said at %s, want by %s; said %v", engine.FormatTime(elected), engine.FormatTime(at), engine.FormatTime(by), c.said)
	}
	if got := c.captionAt(17200); got != leader {
		t.Errorf("at 17.2 s the caption still reads %q", got)
	}
	for _, s := range c.said {
		if strings.Contains(s.text, "ISR") && s.at > elected+NarrationLagMs {
			t.Errorf("the ISR change of %s said late, at %s", engine.FormatTime(elected), engine.FormatTime(s.at))
		}
		if s.text == "The controller fenced broker 1." && s.at > elected+NarrationLagMs {
			t.Errorf("the fence of %s said late, at %s", engine.FormatTime(elected), engine.FormatTime(s.at))
		}
	}
	if !strings.Contains(c.captionAt(24000), "acknowledged") {
		t.Errorf("after the failover the caption reads %q, want the acknowledgements that resumed", c.captionAt(24000))
	}
}

// TestNarratorTellsTheStoryInOrderAtTheDefaultSpeed: slow enough for one
// sentence a second, nothing is skipped: the fence, the election and the
// ISR change of one instant are all said, in that order, and the
// acknowledgement queued before the fence is not said after it.
func TestNarratorTellsTheStoryInOrderAtTheDefaultSpeed(t *testing.T) {
	f := &feed{}
	f.add(engine.Event{Kind: engine.EvBrokerStarted, At: 0, Node: engine.Broker(1)})
	c := &clock{n: &Narrator{}, f: f, speed: DefaultSpeed}
	c.frame()
	for range 100 {
		c.frame()
	}
	tp := engine.TopicPartition{Topic: "orders"}
	f.add(producerAck(c.now, 3))
	f.add(engine.Event{Kind: engine.EvBrokerFenced, At: c.now, Peer: engine.Broker(1)})
	f.add(engine.Event{Kind: engine.EvLeaderElected, At: c.now, TP: tp, Peer: engine.Broker(2), Epoch: 1})
	f.add(engine.Event{Kind: engine.EvISRChanged, At: c.now, TP: tp, Text: "ISR 1,2,3 → 2,3"})
	for range 400 {
		c.frame()
	}
	var texts []string
	for _, s := range c.said {
		texts = append(texts, s.text)
	}
	want := "The controller fenced broker 1.|Broker 2 is now the leader of partition orders-0, leader epoch 1.|The in-sync replicas of orders-0 changed: ISR 1,2,3 → 2,3."
	if got := strings.Join(texts, "|"); got != want {
		t.Errorf("said %q, want %q", got, want)
	}
}

// TestNarratorMajorDoesNotWaitBehindMinor: an acknowledgement just said
// does not hold back the crash after it for the rest of the gap.
func TestNarratorMajorDoesNotWaitBehindMinor(t *testing.T) {
	f := &feed{}
	f.add(engine.Event{Kind: engine.EvBrokerStarted, At: 0, Node: engine.Broker(1)})
	c := &clock{n: &Narrator{}, f: f, speed: 1}
	c.frame()
	c.until(2000)
	f.add(producerAck(c.now, 4))
	c.frame()
	if !strings.Contains(c.n.Current, "offset 4") {
		t.Fatalf("the acknowledgement was not said: %q", c.n.Current)
	}
	f.add(engine.Event{Kind: engine.EvBrokerStopped, At: c.now, Node: engine.Broker(1), Text: "crashed"})
	c.frame()
	if c.n.Current != "Broker 1 crashed." {
		t.Errorf("a frame after the crash the caption reads %q", c.n.Current)
	}
	// But a minor sentence waits out the gap behind it.
	f.add(producerAck(c.now, 5))
	c.frame()
	if c.n.Current != "Broker 1 crashed." {
		t.Errorf("the crash gave way to %q within the gap", c.n.Current)
	}
}

// tellsInOrder plays s for ms of real time in frames of narrFrameMs, with
// the narrator, and fails if the event a caption tells is ever older
// than the one told before it (Narrator.told), or the caption tells of a
// moment more than lag simulated ms behind the playhead while a newer
// major event, at least lag old, was waiting. It returns what was said,
// with the playhead.
func tellsInOrder(t *testing.T, s *Store, ms int) []saidAt {
	t.Helper()
	var said []saidAt
	n := &s.Manners.Narration
	told := -1
	for range ms / narrFrameMs {
		s.Dispatch(Tick{RealMs: narrFrameMs})
		before := n.Spoken
		s.Dispatch(Narrate{RealMs: narrFrameMs})
		if n.Spoken == before {
			continue
		}
		said = append(said, saidAt{n.Current, s.Player.Now()})
		if n.told < told {
			t.Fatalf("at %s the caption %q tells event %d, older than event %d it told before", engine.FormatTime(s.Player.Now()), n.Current, n.told, told)
		}
		told = n.told
	}
	return said
}

// TestStoreTryAcksOneThenCrashIsToldInOrder is the learner's first run
// on the real engine: "Produce with acks=1, then crash the leader" at
// 1.7× faster. The caption says the crash, and never the record's
// acknowledgement, which came before it.
func TestStoreTryAcksOneThenCrashIsToldInOrder(t *testing.T) {
	s := presetStore(t, "start-here")
	s.Dispatch(SetSpeed{Speed: 1.7})
	for range 3 {
		s.Dispatch(Tick{RealMs: narrFrameMs})
		s.Dispatch(Narrate{RealMs: narrFrameMs})
	}
	var try Suggestion
	for _, sg := range s.Suggestions() {
		if sg.CrashAfterAck {
			try = sg
		}
	}
	if !try.CrashAfterAck {
		t.Fatal("start-here offers no acks=1-then-crash try")
	}
	Try(s, try)
	said := tellsInOrder(t, s, 5000)
	if len(said) == 0 || said[0].text != "Broker 1 crashed." {
		t.Fatalf("said %v, want the crash first", said)
	}
	for _, x := range said {
		if strings.Contains(x.text, "acknowledged") {
			t.Errorf("at %s the caption read %q after the crash before which it happened", engine.FormatTime(x.at), x.text)
		}
	}
}

// TestStoreCrashAtTenTimesNamesTheLeaderInTime is the learner's second
// run on the real engine: crash the leader of start-here at 10× faster.
// The caption names the new leader within NarrationLagMs and two frames
// of the election (the old narrator said the fence first and the
// election a real second, ten simulated seconds, later), and its events
// never go back in time.
func TestStoreCrashAtTenTimesNamesTheLeaderInTime(t *testing.T) {
	s := presetStore(t, "start-here")
	s.Dispatch(SetSpeed{Speed: MaxSpeed})
	for range 3 {
		s.Dispatch(Tick{RealMs: narrFrameMs})
		s.Dispatch(Narrate{RealMs: narrFrameMs})
	}
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	said := tellsInOrder(t, s, 3000)
	elected := engine.Time(-1)
	var leader engine.BrokerID
	s.Player.c.EachEvent(0, func(e *engine.Event) bool {
		if e.Kind == engine.EvLeaderElected && e.Peer.Kind == engine.NodeBroker && e.Peer.ID != 1 {
			elected, leader = e.At, engine.BrokerID(e.Peer.ID)
			return false
		}
		return true
	})
	if elected < 0 {
		t.Fatalf("no election in three real seconds at 10×; said %v", said)
	}
	want := "Broker " + itoa(int64(leader)) + " is now the leader"
	for _, x := range said {
		if strings.HasPrefix(x.text, want) {
			if x.at > elected+NarrationLagMs+2*narrFrameMs*MaxSpeed {
				t.Errorf("the election at %s was said at %s", engine.FormatTime(elected), engine.FormatTime(x.at))
			}
			return
		}
	}
	t.Errorf("the election at %s was never said: %v", engine.FormatTime(elected), said)
}
