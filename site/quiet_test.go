package site

import (
	"testing"

	"kplay/engine"
	"kplay/scenarios"
)

// frameMs is one frame of a 60 Hz display, as the page's animation loop
// ticks.
const frameMs = 16.7

func defaultStore(t *testing.T) *Store {
	t.Helper()
	p, ok := scenarios.Get(scenarios.Default)
	if !ok {
		t.Fatal("no default preset")
	}
	s := NewStoreFromScript(p.Name, p.Text)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	return s
}

// playUntil ticks frames, as the animation loop does, until an event
// added since the call matches, for at most limitMs of real time; it
// returns the real ms spent and the event.
func playUntil(t *testing.T, s *Store, limitMs float64, match func(engine.Event) bool) (float64, engine.Event) {
	t.Helper()
	from := s.Player.EventCount()
	real := 0.0
	for real < limitMs {
		s.Dispatch(Tick{RealMs: frameMs})
		real += frameMs
		for _, e := range s.Player.Events(from) {
			if match(e) {
				return real, e
			}
		}
		from = s.Player.EventCount()
	}
	t.Fatalf("nothing matched within %.0f real ms (playhead %s)", limitMs, engine.FormatTime(s.Player.Now()))
	return 0, engine.Event{}
}

// TestQuietTimeReachesTheFencing is the default scenario's crash at the
// default speed: the learner crashes the leader right after a record is
// acknowledged, and the controller fences it broker.session.timeout.ms
// (9 s) after its last heartbeat. Heartbeats, metadata and empty long
// polls are not the lesson, and every produce and fetch goes to the dead
// broker, so the wait is quiet and plays at real time: the fencing comes
// within 25 s of real time, and no sooner than real time would bring it.
func TestQuietTimeReachesTheFencing(t *testing.T) {
	s := defaultStore(t)
	if s.Speed != DefaultSpeed || !s.SkipQuiet {
		t.Fatalf("speed %v, skip quiet %v; want the defaults", s.Speed, s.SkipQuiet)
	}
	s.Dispatch(Seek{At: at("10:00:12.000")})
	playUntil(t, s, 60000, func(e engine.Event) bool { return e.Kind == engine.EvProduceAcked })
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	crashed := s.Player.Exact()
	real, fenced := playUntil(t, s, 60000, func(e engine.Event) bool { return e.Kind == engine.EvBrokerFenced })
	if real > 25000 {
		t.Fatalf("the fencing took %.1f s of real time at the default speed; want at most 25 s", real/1000)
	}
	if sim := float64(fenced.At) - crashed; real < sim-frameMs {
		t.Fatalf("%.0f simulated ms played in %.0f real ms: quiet time plays at most at real time", sim, real)
	}
}

// TestAcks1TripPlaysSlowly: the acks=1 record's copy from the leader to a
// follower is what the learner watches, so it plays at the chosen speed:
// over a link of 30 to 50 ms at 1/100×, at least 3 s of real time.
func TestAcks1TripPlaysSlowly(t *testing.T) {
	s := defaultStore(t)
	s.Dispatch(Seek{At: at("10:00:12.250")})
	s.Dispatch(Act{Cmd: engine.Produce{TP: engine.TopicPartition{Topic: "orders"}, Values: []string{"try-acks1"}, Acks: engine.AcksOne}})
	s.Playing = true
	appended := func(b engine.BrokerID) func(engine.Event) bool {
		return func(e engine.Event) bool {
			return e.Kind == engine.EvAppended && e.Node == engine.Broker(b) && e.Value == "try-acks1"
		}
	}
	playUntil(t, s, 60000, appended(1))
	leaderAt := s.Player.Exact()
	real, copied := playUntil(t, s, 60000, func(e engine.Event) bool {
		return appended(2)(e) || appended(3)(e)
	})
	if sim := float64(copied.At) - leaderAt; sim < 30 {
		t.Fatalf("a follower appended the record %.1f ms after the leader; the link takes at least 30 ms", sim)
	}
	if real < 3000 || real > 15000 {
		t.Fatalf("the record's trip to a follower took %.1f s of real time; want several seconds (3 to 15)", real/1000)
	}
}

// TestSkipQuietOffPlaysAtSpeed: without skipping, the crash's quiet wait
// plays at the chosen speed too: 1 s of real time is 10 simulated ms.
func TestSkipQuietOffPlaysAtSpeed(t *testing.T) {
	s := defaultStore(t)
	s.Dispatch(Seek{At: at("10:00:12.000")})
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	s.Dispatch(ToggleSkipQuiet{})
	s.Playing = true
	before := s.Player.Exact()
	for range 100 {
		s.Dispatch(Tick{RealMs: 10})
	}
	if got := s.Player.Exact() - before; got < 9.99 || got > 10.01 {
		t.Fatalf("1000 real ms advanced %v simulated ms, want 10", got)
	}
}

// TestWireJudge checks the rule of quiet.go message by message against
// the default scenario's cluster at 10:00:12 (broker 1 leads orders-0,
// all three brokers in sync).
func TestWireJudge(t *testing.T) {
	s := defaultStore(t)
	s.Dispatch(Seek{At: at("10:00:12.000")})
	st := s.Player.State()
	tp := engine.TopicPartition{Topic: "orders"}
	leader, ok := st.Replica(1, tp)
	if !ok {
		t.Fatal("no replica of orders-0 on broker 1")
	}
	follower, _ := st.Replica(2, tp)
	b1, b2, p1 := engine.Broker(1), engine.Broker(2), engine.NodeID{Kind: engine.NodeProducer, ID: 1}
	rec := []engine.Record{{Value: "v"}}
	cases := []struct {
		name string
		m    engine.Message
		want bool
	}{
		{"heartbeat", engine.Message{Kind: engine.MsgBrokerHeartbeat, From: b2, To: engine.Controller}, false},
		{"heartbeat asking to shut down", engine.Message{Kind: engine.MsgBrokerHeartbeat, From: b2, To: engine.Controller, WantShutDown: true}, true},
		{"metadata", engine.Message{Kind: engine.MsgMetadata, From: p1, To: b1}, false},
		{"metadata response", engine.Message{Kind: engine.MsgMetadataResponse, From: b1, To: p1}, false},
		{"produce", engine.Message{Kind: engine.MsgProduce, From: p1, To: b1, Parts: []engine.Part{{TP: tp, Records: rec}}}, true},
		{"produce the network drops", engine.Message{Kind: engine.MsgProduce, From: p1, To: b1, Dropped: true}, false},
		{"produce response", engine.Message{Kind: engine.MsgProduceResponse, From: b1, To: p1}, true},
		{"alter partition", engine.Message{Kind: engine.MsgAlterPartition, From: b1, To: engine.Controller}, true},
		{"empty long-poll answer", engine.Message{Kind: engine.MsgFetchResponse, From: b1, To: b2, Parts: []engine.Part{{TP: tp, HW: follower.HW}}}, false},
		{"answer moving the follower's HW", engine.Message{Kind: engine.MsgFetchResponse, From: b1, To: b2, Parts: []engine.Part{{TP: tp, HW: follower.HW + 1}}}, true},
		{"answer with records", engine.Message{Kind: engine.MsgFetchResponse, From: b1, To: b2, Parts: []engine.Part{{TP: tp, HW: follower.HW, Records: rec}}}, true},
		{"answer with an error", engine.Message{Kind: engine.MsgFetchResponse, From: b1, To: b2, Parts: []engine.Part{{TP: tp, HW: follower.HW, Err: engine.ErrNotLeaderOrFollower}}}, true},
		{"answer with a diverging epoch", engine.Message{Kind: engine.MsgFetchResponse, From: b1, To: b2, Parts: []engine.Part{{TP: tp, HW: follower.HW, HasDiverging: true}}}, true},
		{"follower fetch at the HW", engine.Message{Kind: engine.MsgFetch, From: b2, To: b1, ReplicaID: 2, Parts: []engine.Part{{TP: tp, FetchOffset: leader.HW}}}, false},
		{"follower fetch above the HW", engine.Message{Kind: engine.MsgFetch, From: b2, To: b1, ReplicaID: 2, Parts: []engine.Part{{TP: tp, FetchOffset: leader.HW + 1}}}, false},
		{"consumer fetch", engine.Message{Kind: engine.MsgFetch, From: engine.NodeID{Kind: engine.NodeConsumer, ID: 1}, To: b1, ReplicaID: engine.ConsumerReplicaID, Parts: []engine.Part{{TP: tp, FetchOffset: leader.HW + 1}}}, false},
	}
	w := wireJudge{st}
	for _, c := range cases {
		if got := w.carries(&c.m); got != c.want {
			t.Errorf("%s: carries the lesson %v, want %v", c.name, got, c.want)
		}
	}
	// Once broker 1 is down, a produce to it changes nothing: the producer
	// retrying its dead leader is not the lesson, nor is what b1 had sent.
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	w = wireJudge{s.Player.State()}
	if w.carries(&cases[4].m) {
		t.Error("a produce to a crashed broker carries the lesson")
	}
	if w.carries(&cases[10].m) {
		t.Error("a fetch answer from a crashed broker carries the lesson")
	}
}

// Skipping says when a frame played quiet time faster than the speed: in
// the default scenario some frames do, and none once skip quiet time is
// off or the page is paused.
func TestSkippingSaysSo(t *testing.T) {
	s := defaultStore(t)
	saw := false
	for i := 0; i < 2000 && !saw; i++ {
		s.Dispatch(Tick{RealMs: 16})
		saw = s.Skipping()
	}
	if !saw {
		t.Fatal("no frame of the default scenario skipped quiet time")
	}
	s.Dispatch(TogglePlay{})
	if s.Skipping() {
		t.Error("a paused page says it is skipping quiet time")
	}
	s.Dispatch(TogglePlay{})
	s.Dispatch(ToggleSkipQuiet{})
	for i := 0; i < 500; i++ {
		s.Dispatch(Tick{RealMs: 16})
		if s.Skipping() {
			t.Fatal("skipping with skip quiet time off")
		}
	}
}

// TestSpeedReadoutHeld: the speed readout's mark of quiet time playing
// (QuietShown) follows Skipping only once it has held for SpeedModeHoldMs
// of real time, so that in the default scenario, whose records cross
// quiet stretches twice a simulated second, the frames' raw state flips
// far more often than the readout, and the readout never marks a state
// the frames have not kept for SpeedModeHoldMs. Its words change only
// with the mark (SpeedLabelOf names both speeds, the marked one first).
func TestSpeedReadoutHeld(t *testing.T) {
	s := defaultStore(t)
	if !s.SkipQuiet || !s.Playing {
		t.Fatalf("the default store: skip quiet %v, playing %v", s.SkipQuiet, s.Playing)
	}
	const frame = 16.0
	raw, shown := 0, 0
	lastRaw, lastShown := s.Skipping(), s.QuietShown()
	runMs := 0.0 // real ms the raw state has held
	words := SpeedLabelOf(s.Speed, true, lastShown)
	for range 60000 / int(frame) {
		s.Dispatch(Tick{RealMs: frame})
		r, q := s.Skipping(), s.QuietShown()
		if r != lastRaw {
			raw++
			runMs = 0
		}
		runMs += frame
		if q != lastShown {
			shown++
			if q != r || runMs < SpeedModeHoldMs {
				t.Fatalf("the readout marked quiet=%v after %v ms of frames with quiet=%v", q, runMs, r)
			}
		}
		if l := SpeedLabelOf(s.Speed, true, q); (l.First != words.First || l.Second != words.Second) && q == lastShown {
			t.Fatalf("the readout's words changed without its mark: %+v, then %+v", words, l)
		} else {
			words = l
		}
		lastRaw, lastShown = r, q
	}
	if raw < 10 || shown*3 > raw {
		t.Errorf("in a minute the frames flipped %d times and the readout %d: want many raw flips and a third or fewer marked", raw, shown)
	}
	// The leader's crash starts the controller's 9 s wait to fence it
	// (broker.session.timeout.ms): a long quiet stretch, which the
	// readout does mark once it has held.
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	marked := 0.0
	for range 12000 / int(frame) {
		s.Dispatch(Tick{RealMs: frame})
		if s.QuietShown() {
			marked += frame
		}
	}
	if marked < 3000 {
		t.Errorf("in 12 s of real time after the crash the readout marked quiet time for %v ms", marked)
	}
	s.Dispatch(TogglePlay{})
	if s.QuietShown() {
		t.Error("a paused page marks quiet time playing")
	}
}
