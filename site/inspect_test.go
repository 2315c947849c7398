package site

import (
	"strings"
	"testing"

	"kplay/engine"
)

func badgeKeys(bs []Badge) string {
	var ks []string
	for _, b := range bs {
		ks = append(ks, b.Key)
	}
	return strings.Join(ks, " ")
}

// TestBadgesAndInspectorThroughACrash crashes the lesson's leader: b1 is
// down at once, fenced and out of sync once the controller notices; its
// inspector says so; b2 or b3 leads in a new epoch.
func TestBadgesAndInspectorThroughACrash(t *testing.T) {
	s := lessonStore(t)
	s.Player.Seek(at("10:00:03.000"))
	st := s.Player.State()
	if got := badgeKeys(BrokerBadges(st, 1, s.Fenced(1))); got != "in-isr" {
		t.Fatalf("b1's badges before the crash %q", got)
	}
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	if got := badgeKeys(BrokerBadges(s.Player.State(), 1, s.Fenced(1))); got != "in-isr down" {
		t.Fatalf("b1's badges right after the crash %q", got)
	}
	s.Player.AdvanceTo(at("10:00:30.000"))
	st = s.Player.State()
	if got := badgeKeys(BrokerBadges(st, 1, s.Fenced(1))); got != "out-of-sync fenced down" {
		t.Fatalf("b1's badges after failover %q", got)
	}
	s.Dispatch(Select{Target: Selection{Kind: SelBroker, Broker: 1}})
	in, ok := s.Inspect()
	if !ok || in.Title != "broker 1" || len(in.Table) != 1 {
		t.Fatalf("inspection %+v", in)
	}
	// A stopped broker that no longer leads follows no one: the table
	// view's "replica (down)" (ReplicaRole).
	if row := strings.Join(in.Table[0], " "); row != "orders-0 replica (down) 1209 1209 0 out of sync" {
		t.Errorf("b1's replica row %q", row)
	}
	if in.Rows[0].Value != "down" || !strings.HasPrefix(in.Rows[1].Value, "fenced") {
		t.Errorf("b1's rows %+v", in.Rows)
	}
	// The phone's folded drawer says it in one line (Seeing.Folded).
	if got := in.Summary(); got != "down · LEO 1209 · HW 1209 · replica (down)" {
		t.Errorf("b1's summary %q", got)
	}
	s.Dispatch(Select{Target: Selection{Kind: SelBroker, Broker: 2}})
	in, _ = s.Inspect()
	if len(in.Table) != 1 || in.Table[0][4] != "1" {
		t.Errorf("b2's replica %v, want leader epoch 1", in.Table)
	}
}

func TestInspectRecordCommitted(t *testing.T) {
	s := lessonStore(t)
	s.Player.Seek(at("10:00:00.010"))
	s.Dispatch(SelectOffsetAction{Broker: 1, Offset: 1204})
	in, ok := s.Inspect()
	if !ok {
		t.Fatal("nothing selected")
	}
	rows := map[string]string{}
	for _, r := range in.Rows {
		rows[r.Label] = r.Value
	}
	if rows["value"] != "order-9001" || rows["producer"] != "p1" || rows["produced at"] != "10:00:00.000" || rows["leader epoch"] != "0" ||
		!strings.HasPrefix(rows["committed"], "not yet") {
		t.Fatalf("rows at .010 %v", rows)
	}
	s.Player.AdvanceTo(at("10:00:00.012"))
	in, _ = s.Inspect()
	for _, r := range in.Rows {
		if r.Label == "committed" && !strings.HasPrefix(r.Value, "yes") {
			t.Fatalf("at .012 %q", r.Value)
		}
	}
	s.Dispatch(ClearSelection{})
	if _, ok := s.Inspect(); ok || s.Lifecycle() != nil {
		t.Fatal("still selected after ClearSelection")
	}
}

func TestInspectMessage(t *testing.T) {
	m := engine.Message{Kind: engine.MsgFetch, From: engine.Broker(2), To: engine.Broker(1), SentAt: 5, DeliverAt: 8,
		Parts: []engine.Part{{FetchOffset: 1205}}}
	in := InspectMessage(m)
	if in.Title != "Fetch b2 → b1" || in.Rows[2].Value != "00:00:00.005" || in.Rows[3].Value != "00:00:00.008" || in.Rows[4].Value != "Fetch @1205" {
		t.Fatalf("%+v", in)
	}
}

// TestInspectRecordBeforeItWasProduced: a record selected, then the
// playhead moved back to before its producer sent it, is not "no longer
// in the log": it has not been produced yet.
func TestInspectRecordBeforeItWasProduced(t *testing.T) {
	s := scriptStore(t, `cluster brokers=3
create-topic t partitions=1 rf=3
run until=00:00:01.000
produce t-0 values=(a) acks=all
run until=00:00:05.000
`)
	start := s.Player.Scenario().Config.Start
	s.Player.Seek(start + 3000)
	s.Dispatch(SelectOffsetAction{Broker: 1, Offset: 0})
	s.Player.Seek(start + 500)
	in, ok := s.Inspect()
	if !ok {
		t.Fatal("the selection was dropped")
	}
	for _, r := range in.Rows {
		if r.Label == "status" {
			if !strings.HasPrefix(r.Value, "not produced yet at this moment") || !strings.Contains(r.Value, "00:00:01.000") {
				t.Fatalf("status %q before the record was produced", r.Value)
			}
			return
		}
	}
	t.Fatalf("no status row: %+v", in.Rows)
}

// TestInspectorNeverShowsEpochMinusOne: right after broker 1 restarts it
// knows no leader epoch (Kafka's -1) until the controller's metadata
// reaches it; its inspector read "leader epoch -1". It says in words that
// the epoch is not known yet and why, with the Kafka term, and no cell
// or row holds -1; once the metadata has arrived the number is back.
func TestInspectorNeverShowsEpochMinusOne(t *testing.T) {
	s := lessonStore(t)
	s.Player.Seek(at("10:00:03.000"))
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	s.Player.AdvanceTo(at("10:00:20.000"))
	s.Dispatch(Act{Cmd: engine.Restart{Broker: 1}})
	s.Dispatch(Select{Target: Selection{Kind: SelBroker, Broker: 1}})
	r, ok := s.Player.State().Replica(1, engine.TopicPartition{Topic: "orders", Partition: 0})
	if !ok || r.LeaderEpoch != -1 {
		t.Fatalf("broker 1 right after its restart has leader epoch %d (%v): this tests nothing", r.LeaderEpoch, ok)
	}
	in, _ := s.Inspect()
	text := ""
	for _, row := range in.Rows {
		text += row.Label + ": " + row.Value + "\n"
	}
	for _, cells := range in.Table {
		text += strings.Join(cells, " | ") + "\n"
	}
	if strings.Contains(text, "-1") || strings.Contains(text, "−1") {
		t.Errorf("the inspector shows -1:\n%s", text)
	}
	if in.Table[0][4] != "not known yet" || !strings.Contains(text, "leader epoch: not known yet: this broker has not fetched the cluster metadata since it started") {
		t.Errorf("the inspector does not say the leader epoch is not known yet, and why:\n%s", text)
	}
	s.Player.AdvanceTo(at("10:00:25.000"))
	in, _ = s.Inspect()
	if in.Table[0][4] != "1" {
		t.Errorf("once its metadata arrived broker 1's leader epoch reads %q, want 1 (broker 2's)", in.Table[0][4])
	}
	for _, row := range in.Rows {
		if row.Label == "leader epoch" {
			t.Errorf("the epoch is known, yet the inspector says %q", row.Value)
		}
	}
}

// inspectRows maps the inspection of s's selection by row label.
func inspectRows(s *Store) map[string]string {
	in, _ := s.Inspect()
	rows := map[string]string{}
	for _, r := range in.Rows {
		rows[r.Label] = r.Value
	}
	return rows
}

// TestInspectRecordAtThePlayheadAfterARewind: a learner clicked m2's
// struck-through cell on broker 1 in lesson 8 (acks1-loss) at 41 s, after
// broker 1 truncated it at 40.002, then went back to 10.005, when broker 1
// still held m2 above its HW 2 (the acks=1 record no follower had
// copied). The inspector kept saying "truncated from broker 1's log",
// what happens to m2 later. It says what is true at the playhead, and so
// does the lifecycle: nothing after 10.005. Forward again, it is
// truncated again.
func TestInspectRecordAtThePlayheadAfterARewind(t *testing.T) {
	s := presetStore(t, "acks1-loss")
	s.Player.Seek(at("00:00:41.000"))
	s.Dispatch(SelectOffsetAction{Broker: 1, Offset: 2})
	if rows := inspectRows(s); !strings.HasPrefix(rows["status"], "truncated from broker 1's log") {
		t.Fatalf("at 41 s: %v", rows)
	}
	s.Player.Seek(at("00:00:10.005"))
	rows := inspectRows(s)
	if st, ok := rows["status"]; ok {
		t.Errorf("at 10.005 the status is %q, what happens to m2 later", st)
	}
	if !strings.HasPrefix(rows["committed"], "not yet: at or above broker 1's HW 2") {
		t.Errorf("at 10.005 committed %q, want not yet, above broker 1's HW 2", rows["committed"])
	}
	if rows["producer"] != "p2" || rows["produced at"] != "00:00:10.000" {
		t.Errorf("at 10.005 producer %q at %q, want p2 at 00:00:10.000", rows["producer"], rows["produced at"])
	}
	life := s.Lifecycle()
	for _, st := range life {
		if st.At > s.Player.Now() {
			t.Errorf("at 10.005 the lifecycle tells a later step: %s %s", engine.FormatTime(st.At), st.Text)
		}
	}
	if len(life) == 0 || life[0].Kind != StepProduce {
		t.Errorf("at 10.005 the lifecycle starts with %+v, want p2 asked to send m2", life)
	}
	// The struck-through cell named no producer; seen in the log at
	// 10.005, the selection knows it.
	s.Player.Seek(at("00:00:09.000"))
	if st := inspectRows(s)["status"]; st != "not produced yet at this moment: p2 sends it at 00:00:10.000" {
		t.Errorf("at 9 s status %q, want not produced yet, p2 sends it at 10.000", st)
	}
	s.Player.Seek(at("00:00:45.000"))
	if st := inspectRows(s)["status"]; !strings.HasPrefix(st, "truncated from broker 1's log") {
		t.Errorf("at 45 s status %q, want truncated", st)
	}
}

// TestInspectFollowerRecordBeforeItsCopy: order-9001 clicked on broker
// 2 once it had copied it, then seen at 10:00:00.007, when only the
// leader had appended it (at .006; broker 2 copies it at .009): broker 2
// has not copied it yet; it was never "no longer in broker 2's log".
// At .003, before the leader's append, it is in no log yet.
func TestInspectFollowerRecordBeforeItsCopy(t *testing.T) {
	s := lessonStore(t)
	s.Player.Seek(at("10:00:00.030"))
	if !(SelectOffsetAction{Broker: 2, Offset: 1204}).apply(s) {
		t.Fatal("no record at offset 1204 on b2")
	}
	s.Player.Seek(at("10:00:00.007"))
	if r, ok := s.Player.State().Replica(2, s.See.Sel.TP); !ok || r.LEO > 1204 {
		t.Fatalf("b2 already holds offset 1204 at 10:00:00.007 (LEO %d)", r.LEO)
	}
	if st := inspectRows(s)["status"]; !strings.HasPrefix(st, "not in broker 2's log yet") {
		t.Errorf("at .007 status %q, want not in broker 2's log yet", st)
	}
	s.Player.Seek(at("10:00:00.003"))
	if st := inspectRows(s)["status"]; !strings.HasPrefix(st, "not in any log yet") {
		t.Errorf("at .003 status %q, want not in any log yet", st)
	}
}
