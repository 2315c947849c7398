package site

import (
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
)

func TestTeachingScaleRestartsWithANewClusterLine(t *testing.T) {
	s := actPresetStore(t, lessonPreset)
	s.Player.AdvanceTo(s.Player.Scenario().End + 50)
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 3}})
	notified := 0
	s.Subscribe(func() { notified++ })
	s.Dispatch(ApplyConfig{Values: TeachingScale()})
	if s.Err != "" {
		t.Fatalf("teaching scale: %s", s.Err)
	}
	if notified != 1 {
		t.Errorf("subscribers notified %d times, want 1", notified)
	}
	text := s.ScriptText()
	line := ""
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "cluster ") {
			line = l
		}
	}
	for _, want := range []string{"seed=9001", "start=09:59:59.000", "replica.lag.time.max.ms=5000", "broker.session.timeout.ms=3000", "broker.heartbeat.interval.ms=500", "leader.imbalance.check.interval.seconds=10"} {
		if !strings.Contains(line, want) {
			t.Errorf("cluster line %q lacks %s", line, want)
		}
	}
	if strings.Contains(line, "replica.fetch.wait.max.ms") {
		t.Errorf("cluster line %q spells out a default", line)
	}
	if !strings.Contains(text, "crash 3") || !strings.Contains(text, `title "`+s.Title+`"`) {
		t.Errorf("the restarted script lost the user's crash or the title:\n%s", text)
	}
	if cfg := s.Player.Scenario().Config; cfg.ReplicaLagTimeMaxMs != 5000 || cfg.Seed != 9001 {
		t.Errorf("config after restart: lag %d seed %d", cfg.ReplicaLagTimeMaxMs, cfg.Seed)
	}
	if s.Player.Now() != s.Player.Scenario().Config.Start {
		t.Errorf("playhead %s, want the start", engine.FormatTime(s.Player.Now()))
	}

	s.Dispatch(ApplyConfig{Values: KafkaDefaults()})
	if got := s.Player.Scenario().Config; got.ReplicaLagTimeMaxMs != 30000 || got.BrokerSessionTimeoutMs != 9000 || got.Brokers != 3 {
		t.Errorf("Kafka defaults gave lag %d session %d brokers %d", got.ReplicaLagTimeMaxMs, got.BrokerSessionTimeoutMs, got.Brokers)
	}
}

func TestRuntimeConfigBecomesACommand(t *testing.T) {
	s := actPresetStore(t, lessonPreset)
	s.Player.AdvanceTo(s.Player.Scenario().End)
	before := s.Player.Generation()
	s.Dispatch(ApplyConfig{Values: map[string]string{"unclean.leader.election.enable": "true", "min.insync.replicas": "1"}})
	steps := s.Player.UserSteps()
	if len(steps) != 1 || steps[0].Cmd.String() != "config unclean.leader.election.enable=true" {
		t.Fatalf("user steps %v, want one config command", steps)
	}
	if s.Player.Generation() != before {
		t.Errorf("a runtime change restarted the scenario")
	}
	if got := s.CurrentConfig()["unclean.leader.election.enable"]; got != "true" {
		t.Errorf("current unclean.leader.election.enable %q", got)
	}
}

func TestClusterLineRoundTrips(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.Brokers, cfg.Seed, cfg.Racks, cfg.ReplicaSelectorRackAware = 4, 7, []string{"a", "b", "a", "b"}, true
	cfg.MinLatency, cfg.MaxLatency, cfg.EligibleLeaderReplicas, cfg.LeaderImbalanceCheckIntervalMs = 2, 9, false, 10000
	sc, err := script.ParseAndCompile("x", ClusterLine(cfg)+"\n")
	if err != nil {
		t.Fatalf("%s: %v", ClusterLine(cfg), err)
	}
	if got, want := ClusterLine(sc.Config), ClusterLine(cfg); got != want {
		t.Errorf("round trip %q, want %q", got, want)
	}
	for _, set := range Settings() {
		if ConfigValue(sc.Config, set.Key) != ConfigValue(cfg, set.Key) {
			t.Errorf("%s: %q after the round trip, want %q", set.Key, ConfigValue(sc.Config, set.Key), ConfigValue(cfg, set.Key))
		}
	}
	if ClusterLine(engine.DefaultConfig()) != "cluster brokers=3" {
		t.Errorf("the default cluster line is %q", ClusterLine(engine.DefaultConfig()))
	}
}

func TestLinkMenuAndConsumer(t *testing.T) {
	s := actPresetStore(t, lessonPreset)
	s.Dispatch(OpenMenu{Broker: 1})
	s.Dispatch(OpenLink{Link: "b1-b2"})
	if !s.Acting.LinkOpen || s.Acting.Link != "b1-b2" || s.MenuOpen {
		t.Errorf("link menu %v %q, broker menu %v", s.Acting.LinkOpen, s.Acting.Link, s.MenuOpen)
	}
	s.Dispatch(OpenLink{Link: "b1-b2"})
	if s.Acting.LinkOpen {
		t.Errorf("a second click did not close the link menu")
	}
	if s.HasRacks() {
		t.Errorf("order-9001 has no racks")
	}
	s.Player.AdvanceTo(s.Player.Scenario().End)
	n := len(s.Player.State().Consumers)
	s.Dispatch(StartConsumer{From: 5})
	st := s.Player.State()
	if len(st.Consumers) != n+1 {
		t.Fatalf("%d consumers, want %d", len(st.Consumers), n+1)
	}
	if got := s.Player.UserSteps()[0].Cmd.String(); got != "consume orders-0 consumer=c2 from=5" {
		t.Errorf("consume step %q", got)
	}
}

func TestNetFaultsFollowTheCommands(t *testing.T) {
	s := actPresetStore(t, lessonPreset)
	s.Player.AdvanceTo(s.Player.Scenario().End)
	b := func(n int) engine.NodeID { return engine.Broker(engine.BrokerID(n)) }
	s.Dispatch(Act{Cmd: engine.Partition{Groups: [][]engine.NodeID{{b(1)}, {b(2)}}}})
	s.Dispatch(Act{Cmd: engine.Slow{A: b(1), B: b(3), MinLatency: 50, MaxLat: 50}})
	f := s.NetFaults()
	if !f.Cut(b(1), b(2)) || !f.Cut(b(2), b(1)) || f.Cut(b(1), b(3)) || f.Cut(b(2), b(3)) {
		t.Errorf("cuts after partition g1=(1) g2=(2): %+v", f)
	}
	if !f.Slow(b(3), b(1)) || f.Slow(b(1), b(2)) {
		t.Errorf("slow links: %+v", f)
	}
	s.Player.Advance(10)
	s.Dispatch(Act{Cmd: engine.Heal{}})
	if f := s.NetFaults(); f.Cut(b(1), b(2)) || f.Slow(b(1), b(3)) {
		t.Errorf("after heal: %+v", f)
	}
	s.Player.Advance(10)
	s.Dispatch(Act{Cmd: engine.Isolate{Node: b(3)}})
	if f := s.NetFaults(); !f.Cut(b(1), b(3)) || f.Cut(b(1), b(2)) {
		t.Errorf("after isolate 3: %+v", f)
	}
}

func TestConsumerFromARackReadsAFollower(t *testing.T) {
	s := NewStoreFromScript("racks.txt", `cluster brokers=3 broker.rack=(a, b, c) replica.selector.class=org.apache.kafka.common.replica.RackAwareReplicaSelector
create-topic t
produce t-0 count=5
`)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	if !s.HasRacks() {
		t.Fatal("HasRacks is false with broker.rack and the RackAwareReplicaSelector")
	}
	s.Player.Advance(2000)
	s.Dispatch(StartConsumer{From: engine.OffsetEarliest, Rack: "b"})
	s.Player.Advance(3000)
	st := s.Player.State()
	if len(st.Consumers) != 1 || len(st.Consumers[0].Read) != 5 {
		t.Errorf("consumers %+v, want c1 with 5 records read", st.Consumers)
	}
	fromB2 := false
	for _, e := range s.Player.Events(0) {
		fromB2 = fromB2 || strings.Contains(e.String(), "c1 reads offsets 0..4 of t-0 from b2")
	}
	if !fromB2 {
		t.Errorf("c1 in rack b did not read from b2")
	}
	checkFaithful(t, s)
}

// TestSecondCutKeepsTheFirst: the link menu's cuts add up, as the
// engine's do; healing one link leaves the other cut; a plain heal ends
// both.
func TestSecondCutKeepsTheFirst(t *testing.T) {
	s := storeAt(t, crashScript, 1000)
	b1, b2, b3 := engine.Broker(1), engine.Broker(2), engine.Broker(3)
	s.Dispatch(CutLink{From: []engine.NodeID{b1}, To: []engine.NodeID{b2}})
	s.Dispatch(CutLink{From: []engine.NodeID{b1}, To: []engine.NodeID{b3}})
	nf := s.NetFaults()
	if !nf.Cut(b1, b2) || !nf.Cut(b3, b1) || nf.Cut(b2, b3) {
		t.Fatalf("after two cuts: b1-b2 %v b1-b3 %v b2-b3 %v, want the first two cut", nf.Cut(b1, b2), nf.Cut(b3, b1), nf.Cut(b2, b3))
	}
	if got := s.Actions(); len(got) != 2 || got[0] != "00:00:01.000 cut 1 2" || got[1] != "00:00:01.000 cut 1 3" {
		t.Errorf("actions %q", got)
	}
	s.Dispatch(HealLink{From: []engine.NodeID{b2}, To: []engine.NodeID{b1}})
	if nf := s.NetFaults(); nf.Cut(b1, b2) || !nf.Cut(b1, b3) {
		t.Fatalf("after healing b1-b2: b1-b2 %v b1-b3 %v", nf.Cut(b1, b2), nf.Cut(b1, b3))
	}
	s.Dispatch(Act{Cmd: engine.Heal{}})
	if nf := s.NetFaults(); nf.Cut(b1, b3) || len(nf.Cuts) != 0 {
		t.Fatalf("a plain heal left %v", nf.Cuts)
	}
}

// TestRestartThenActForksNothing: Restart with no action of the reader's
// starts a fresh run, so a crash clicked in it changes no past they saw
// and no "You changed the past" notice shows.
func TestRestartThenActForksNothing(t *testing.T) {
	s := defaultStore(t)
	for range 20 {
		s.Dispatch(Tick{RealMs: 100})
	}
	s.Dispatch(Restart{})
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	if s.Fork != nil {
		t.Errorf("after Restart a crash forked: %q", s.Fork.Notice)
	}
	if got := RestartNotice(1); !strings.HasSuffix(got, "Undo puts it back.") {
		t.Errorf("one action's restart notice %q", got)
	}
}

// TestFormErrorsNameTheirField: what a form's reader typed wrong is the
// form's complaint, shown beside it, with the field at fault; the page's
// banner (Store.Err) stays empty, and the config form keeps every value
// typed until an Apply succeeds. Expected ranges are the settings
// table's (min.insync.replicas 1..64, Kafka's ConfigDef range atLeast(1)
// capped by kplay's 64 brokers).
func TestFormErrorsNameTheirField(t *testing.T) {
	s := lessonStore(t)
	typed := map[string]string{"min.insync.replicas": "two", "replica.lag.time.max.ms": "5000"}
	s.Dispatch(ApplyConfig{Values: typed})
	fe := s.Acting.FormErr
	if fe.Form != FormConfig || fe.Field != "min.insync.replicas" || !strings.Contains(fe.Text, `"two"`) || !strings.Contains(fe.Text, "1..64") || s.Err != "" {
		t.Fatalf("min.insync.replicas=two: form error %+v, banner %q", fe, s.Err)
	}
	if s.Acting.ConfigDraft["min.insync.replicas"] != "two" || s.Acting.ConfigDraft["replica.lag.time.max.ms"] != "5000" {
		t.Errorf("the config form's draft %v lost what was typed", s.Acting.ConfigDraft)
	}
	if got := s.CurrentConfig()["replica.lag.time.max.ms"]; got != "30000" {
		t.Errorf("a failed Apply changed replica.lag.time.max.ms to %s", got)
	}
	// A value good alone that the script cannot take: the one field
	// changed is at fault.
	s.Dispatch(ApplyConfig{Values: map[string]string{"brokers": "2"}})
	if fe := s.Acting.FormErr; fe.Form != FormConfig || fe.Field != "brokers" || s.Err != "" {
		t.Fatalf("brokers=2 under rf=3: form error %+v, banner %q", fe, s.Err)
	}
	s.Dispatch(ApplyConfig{Values: map[string]string{"min.insync.replicas": "2"}})
	if fe := s.Acting.FormErr; fe != (FormError{}) || s.Acting.ConfigDraft != nil || s.CurrentConfig()["min.insync.replicas"] != "2" {
		t.Fatalf("a good Apply left form error %+v, draft %v, min.insync.replicas %s", fe, s.Acting.ConfigDraft, s.CurrentConfig()["min.insync.replicas"])
	}

	s.Dispatch(ProduceWith{Values: []string{"ok"}, Key: "a=b"})
	if fe := s.Acting.FormErr; fe.Form != FormProduce || fe.Field != "key" || s.Err != "" {
		t.Errorf("key a=b: form error %+v, banner %q", fe, s.Err)
	}
	s.Dispatch(ProduceWith{Values: []string{"ok"}})
	if fe := s.Acting.FormErr; fe != (FormError{}) {
		t.Errorf("a good send left %+v", fe)
	}
	s.Dispatch(StartRate{PerSec: 0})
	if fe := s.Acting.FormErr; fe.Form != FormRate || fe.Field != "rate" || s.Err != "" || s.Acting.Rate.On {
		t.Errorf("rate 0: form error %+v, banner %q, rate on %v", fe, s.Err, s.Acting.Rate.On)
	}
}
