package site

import (
	"strings"
	"testing"

	"kplay/engine"
	"kplay/scenarios"
)

// lessonPreset is the lesson's order-9001 story (a 1,204-record log, the
// order-9001 record, a crash of the leader), which these tests follow;
// the page opens with another preset, scenarios.Default.
const lessonPreset = "order-9001"

func lessonStore(t *testing.T) *Store {
	t.Helper()
	p, ok := scenarios.Get(lessonPreset)
	if !ok {
		t.Fatal("no default preset")
	}
	s := NewStoreFromScript(p.Name, p.Text)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	return s
}

func TestStoreStartsPlaying(t *testing.T) {
	s := lessonStore(t)
	if !s.Playing || s.Speed != DefaultSpeed || !s.SkipQuiet {
		t.Fatalf("playing %v speed %v skip %v", s.Playing, s.Speed, s.SkipQuiet)
	}
	if s.Title == "" {
		t.Fatal("no title")
	}
	if got := s.NextValue(); got != "order-9006" {
		t.Fatalf("next value %q, want order-9006 (after the lesson's order-9005)", got)
	}
}

func TestStoreNotifiesInOrder(t *testing.T) {
	s := lessonStore(t)
	var got []int
	s.Subscribe(func() { got = append(got, 1) })
	s.Subscribe(func() { got = append(got, 2) })
	s.Dispatch(TogglePlay{})
	if s.Playing {
		t.Fatal("TogglePlay did not pause")
	}
	if len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Fatalf("notifications %v", got)
	}
	// A tick while paused changes nothing and notifies nobody.
	now := s.Player.Exact()
	s.Dispatch(Tick{RealMs: 1000})
	if s.Player.Exact() != now || len(got) != 2 {
		t.Fatal("a paused tick moved the clock or notified")
	}
}

func TestStoreTickUsesSpeed(t *testing.T) {
	s := lessonStore(t)
	s.SkipQuiet = false
	start := s.Player.Exact()
	s.Dispatch(SetSpeed{Speed: 0.01})
	for range 100 {
		s.Dispatch(Tick{RealMs: 10})
	}
	// 1000 real ms at 1/100× is 10 simulated ms.
	if got := s.Player.Exact() - start; got < 9.99 || got > 10.01 {
		t.Fatalf("advanced %v ms, want 10", got)
	}
	s.Dispatch(SetSpeed{Speed: 1e9})
	if s.Speed != MaxSpeed {
		t.Fatalf("speed %v not clamped to %v", s.Speed, MaxSpeed)
	}
	s.Dispatch(Tick{RealMs: -5})
	s.Dispatch(Tick{RealMs: 0})
}

// TestSkipQuietReachesTheStory: with quiet time skipped, the lesson's
// produce of order-9001 (1 s after the start) is reached in a few real
// seconds at the default speed, and message flights still play slowly.
func TestSkipQuietReachesTheStory(t *testing.T) {
	s := lessonStore(t)
	target := at("10:00:00.000")
	frames := 0
	for s.Player.Now() < target && frames < 100000 {
		s.Dispatch(Tick{RealMs: 1000.0 / 60})
		frames++
	}
	if secs := float64(frames) / 60; secs > 30 {
		t.Fatalf("reaching the story took %.1f s of real time", secs)
	}
	// Find a message in flight and check it moves at Speed.
	for range 10000 {
		if len(s.Player.InFlight()) > 0 {
			break
		}
		s.Dispatch(Tick{RealMs: 1000.0 / 60})
	}
	if len(s.Player.InFlight()) == 0 {
		t.Fatal("no message in flight")
	}
	before := s.Player.Exact()
	s.Dispatch(Tick{RealMs: 100})
	if got := s.Player.Exact() - before; got > 100*s.Speed+1e-9 {
		t.Fatalf("a flight advanced %v ms in 100 real ms at %v", got, s.Speed)
	}
}

func TestStoreProduceRecord(t *testing.T) {
	s := lessonStore(t)
	s.Dispatch(Seek{At: at("10:00:04.000")})
	s.Dispatch(ProduceRecord{})
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	if s.NextValue() != "order-9007" {
		t.Fatalf("next value %s", s.NextValue())
	}
	s.SkipQuiet = false
	s.Dispatch(SetSpeed{Speed: 1})
	for range 60 {
		s.Dispatch(Tick{RealMs: 1})
	}
	st := s.Player.State()
	r, _ := st.Replica(2, engine.TopicPartition{Topic: "orders"})
	if r.LEO != 1210 || r.Log[len(r.Log)-1].Value != "order-9006" {
		t.Fatalf("b2 LEO %d, last %q", r.LEO, r.Log[len(r.Log)-1].Value)
	}
	steps := s.Player.UserSteps()
	if len(steps) != 1 || !strings.Contains(steps[0].Cmd.String(), "acks=all") {
		t.Fatalf("user steps %+v", steps)
	}
}

// TestProduceButtonNamesTheScenarioSeries: lesson 8's records are m0, m1
// and m2, and its Produce button said "order-1". The button continues the
// scenario's own numbered records (a rate producer's aside), and names an
// extra "order-N" only where the script's records are not numbered.
func TestProduceButtonNamesTheScenarioSeries(t *testing.T) {
	for name, want := range map[string]string{
		"acks1-loss":       "m3",
		"fetch-loop":       "m9",
		"the-isr":          "m11",
		"jepsen-2013":      "w4",
		"order-9001":       "order-9006",
		"wrong-broker":     "order-2",
		"start-here":       "order-1", // a rate producer's m0, m1, ... only
		"unclean-election": "order-1", // first, second, third, fourth
	} {
		p, ok := scenarios.Get(name)
		if !ok {
			t.Fatalf("no preset %s", name)
		}
		s := NewStoreFromScript(p.Name, p.Text)
		if got := s.NextValue(); got != want {
			t.Errorf("%s: the Produce button names %q, want %q", name, got, want)
		}
	}
	p, _ := scenarios.Get("acks1-loss")
	s := NewStoreFromScript(p.Name, p.Text)
	s.Playing = false
	s.Dispatch(ProduceRecord{})
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	s.Player.Advance(100)
	r, _ := s.Player.State().Replica(1, engine.TopicPartition{Topic: "t"})
	if got := r.Log[len(r.Log)-1].Value; got != "m3" || s.NextValue() != "m4" {
		t.Errorf("after Produce the leader's last record is %q and the button names %q, want m3 and m4", got, s.NextValue())
	}
}

func TestStoreStepPauses(t *testing.T) {
	s := lessonStore(t)
	n := s.Player.EventCount()
	s.Dispatch(StepOnce{})
	if s.Playing {
		t.Fatal("step left playback running")
	}
	if s.Player.EventCount() == n {
		t.Fatal("step did nothing")
	}
}

func TestStoreRestart(t *testing.T) {
	s := lessonStore(t)
	s.Dispatch(Seek{At: at("10:00:01.000")})
	s.Dispatch(Restart{})
	if s.Player.Now() != s.Player.Scenario().Config.Start {
		t.Fatalf("restart left the playhead at %s", engine.FormatTime(s.Player.Now()))
	}
}

func TestStoreResize(t *testing.T) {
	s := lessonStore(t)
	calls := 0
	s.Subscribe(func() { calls++ })
	s.Dispatch(Resize{Width: 390})
	s.Dispatch(Resize{Width: 400})
	if !s.Narrow || calls != 1 {
		t.Fatalf("narrow %v after %d notifications", s.Narrow, calls)
	}
	s.Dispatch(Resize{Width: 1280})
	if s.Narrow {
		t.Fatal("still narrow at 1280")
	}
}

func TestStoreFromBadScript(t *testing.T) {
	s := NewStoreFromScript("bad", "# title: Broken\nfrobnicate now\n")
	if s.Err == "" || s.Player == nil || s.Title != "Broken" {
		t.Fatalf("err %q player %v title %q", s.Err, s.Player, s.Title)
	}
	s.Dispatch(ProduceRecord{})
	if !strings.Contains(s.Err, "no topic") {
		t.Fatalf("produce without a topic: %q", s.Err)
	}
}

func TestStoreActCrashAndRestart(t *testing.T) {
	s := lessonStore(t)
	s.Dispatch(OpenMenu{Broker: 1})
	if !s.MenuOpen || s.Menu != 1 {
		t.Fatalf("menu open %v for %d, want broker 1", s.MenuOpen, s.Menu)
	}
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	if s.MenuOpen {
		t.Error("the menu stays open after an action")
	}
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	alive := func(id engine.BrokerID) bool {
		for _, b := range s.Player.State().Brokers {
			if b.ID == id {
				return b.Alive
			}
		}
		t.Fatalf("no broker %d", id)
		return false
	}
	if alive(1) {
		t.Fatal("broker 1 is alive after the crash")
	}
	acts := s.Actions()
	if len(acts) != 1 || !strings.HasSuffix(acts[0], " crash 1") || !strings.HasPrefix(acts[0], engine.FormatTime(s.Player.Now())) {
		t.Fatalf("actions %q, want one \"<time> crash 1\"", acts)
	}

	// The controller fences broker 1 and elects another leader.
	s.Player.Advance(20000)
	p, ok := FirstPartition(s.Player.State())
	if !ok || p.Leader == 1 || p.Leader <= 0 {
		t.Fatalf("leader %d after broker 1 crashed, want another broker", p.Leader)
	}

	s.Dispatch(Act{Cmd: engine.Restart{Broker: 1}})
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	if !alive(1) {
		t.Fatal("broker 1 is not alive after the restart")
	}
	acts = s.Actions()
	if len(acts) != 2 || !strings.HasSuffix(acts[1], " restart 1") {
		t.Fatalf("actions %q, want crash 1 then restart 1", acts)
	}

	// A replay from the start repeats the actions.
	s.Dispatch(Seek{At: s.Player.Now()})
	if !alive(1) || len(s.Actions()) != 2 {
		t.Fatalf("after a replay: alive %v, actions %q", alive(1), s.Actions())
	}
}

func TestStoreMenuToggles(t *testing.T) {
	s := lessonStore(t)
	s.Dispatch(OpenMenu{Broker: 2})
	s.Dispatch(OpenMenu{Broker: 2})
	if s.MenuOpen {
		t.Fatal("opening the open menu again should close it")
	}
	s.Dispatch(OpenMenu{Broker: 3})
	s.Dispatch(CloseMenu{})
	if s.MenuOpen {
		t.Fatal("CloseMenu left the menu open")
	}
}

// Restart is a fresh run: the reader's actions are cleared, the next
// record is the script's first name again, acting then forks nothing, and
// the notice's Undo puts the actions back.
func TestStoreRestartClearsActions(t *testing.T) {
	s := defaultStore(t)
	first := s.NextValue()
	s.Dispatch(Seek{At: s.Player.Scenario().Config.Start + 1500})
	s.Dispatch(ProduceRecord{})
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	if n := len(s.Player.UserSteps()); n != 2 {
		t.Fatalf("%d actions before the restart, want 2", n)
	}
	s.Dispatch(Restart{})
	if n := len(s.Player.UserSteps()); n != 0 || s.Player.Now() != s.Player.Scenario().Config.Start {
		t.Fatalf("after Restart: %d actions, playhead %s; want none, at the start", n, engine.FormatTime(s.Player.Now()))
	}
	if s.NextValue() != first || s.Fork == nil || s.Fork.Notice != RestartNotice(2) {
		t.Fatalf("after Restart: next %s (want %s), notice %+v", s.NextValue(), first, s.Fork)
	}
	s.Dispatch(DismissFork{})
	s.Dispatch(Seek{At: s.Player.Scenario().Config.Start + 500})
	s.Dispatch(ProduceRecord{})
	if s.Fork != nil {
		t.Fatalf("acting in the fresh run forked: %q", s.Fork.Notice)
	}
	s.Dispatch(Restart{})
	s.Dispatch(UndoFork{})
	if n := len(s.Player.UserSteps()); n != 1 {
		t.Fatalf("Undo after Restart: %d actions, want the 1 it cleared", n)
	}
}

// Once the reader has acted, the script's captions give way (the
// fresh-eyes learner read "crash broker 1" while broker 2 led after their
// own crash of broker 1); before, and when the action is still ahead of
// the playhead, they show.
func TestCaptionGivesWayToTheReader(t *testing.T) {
	s := defaultStore(t)
	start := s.Player.Scenario().Config.Start
	s.Dispatch(Seek{At: start + 1500})
	if _, ok := s.Caption(); !ok {
		t.Fatal("start-here has no caption at 00:00:01.500")
	}
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	s.Dispatch(Seek{At: start + 9500})
	if text, ok := s.Caption(); ok {
		t.Errorf("after the reader crashed broker 1 the caption still says %q", text)
	}
	s.Dispatch(Seek{At: start + 1000})
	if _, ok := s.Caption(); !ok {
		t.Error("before the reader's action the caption is gone")
	}
}
