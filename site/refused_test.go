package site

import (
	"strings"
	"testing"

	"kplay/engine"
)

// refusedScript crashes the leader b1 at 1 s and restarts it at 2 s, long
// before the controller fences it: broker.session.timeout.ms is 9 s
// (Kafka's default), so the old process's session is still valid and the
// controller refuses the new process's registration
// (ClusterControlManager.registerBroker, DUPLICATE_BROKER_REGISTRATION).
const refusedScript = `cluster brokers=3 seed=1 min.insync.replicas=2
create-topic orders partitions=1 rf=3
run until=00:00:01.000
crash 1
run until=00:00:02.000
restart 1
run until=00:00:02.500
`

// TestRegistrationRefusedShown: while the controller refuses a restarted
// broker's registration, its box says it is running but not registered,
// and that what it shows of its role is the controller's record of the
// old registration; the controller strip says the registration is refused
// and for how long the old session stays valid; the countdown to the
// fence keeps running on the box; the partition line and the table view
// say the leader is a leader on record; the inspector says why. Once the
// session has run out the controller fences the old registration and
// accepts the next one, and none of it is said any more.
func TestRegistrationRefusedShown(t *testing.T) {
	s := NewStoreFromScript("refused.txt", refusedScript)
	cfg := s.Player.Scenario().Config
	s.Player.AdvanceTo(2500)
	st := s.Player.State()
	var b1 engine.BrokerState
	for _, b := range st.Brokers {
		if b.ID == 1 {
			b1 = b
		}
	}
	if !b1.Alive || b1.Serving {
		t.Fatalf("b1 at 2.5 s: alive %v serving %v, want running and not serving", b1.Alive, b1.Serving)
	}
	// The old session: the controller last heard from b1 before its crash
	// and keeps the session broker.session.timeout.ms past that.
	if b1.Reg.LastHeartbeat > 1000 || b1.Reg.SessionExpires != b1.Reg.LastHeartbeat+cfg.BrokerSessionTimeoutMs || cfg.BrokerSessionTimeoutMs != 9000 {
		t.Fatalf("b1's session: %+v, timeout %d", b1.Reg, cfg.BrokerSessionTimeoutMs)
	}
	left, ok := RegistrationRefused(b1, st.Now)
	if !ok || left != b1.Reg.SessionExpires-2500 {
		t.Fatalf("RegistrationRefused(b1) = %d, %v; want %d, true", left, ok, b1.Reg.SessionExpires-2500)
	}

	look := LookOf(st, 1)
	if look.Role != "leader on record" {
		t.Errorf("b1's pill = %q, want the controller's record, %q", look.Role, "leader on record")
	}
	texts := func(l BrokerLook) []string {
		var out []string
		for _, b := range l.Badges {
			out = append(out, b.Text)
		}
		return out
	}
	if got := strings.Join(texts(look), ","); got != "in ISR on record,not registered" {
		t.Errorf("b1's badges = %s, want in ISR on record,not registered", got)
	}
	wantNote := "refused: old session valid " + Seconds(left)
	if look.Refused != wantNote {
		t.Errorf("b1's note = %q, want %q", look.Refused, wantNote)
	}
	lay := ComputeLayout(st, false)
	for _, n := range lay.Nodes {
		if n.Broker == 1 && n.Key == BrokerKey(1) {
			p, _ := FirstPartition(st)
			v := BrokerViewOf(st, n, BrokerInputs{Part: p, HasPart: true})
			if v.Status != wantNote || v.StatusClass != "note" {
				t.Errorf("b1's status line = %q (%s), want %q as a note", v.Status, v.StatusClass, wantNote)
			}
		}
	}
	if l2 := LookOf(st, 2); l2.Role != "follower" || l2.Refused != "" || strings.Join(texts(l2), ",") != "in ISR" {
		t.Errorf("b2's look = %+v, want a plain follower in the ISR", l2)
	}

	lines := SessionLines(st, cfg)
	if lines[0].State != SessionRefused || !strings.HasPrefix(lines[0].Text, "broker 1: running, registration refused") ||
		!strings.Contains(lines[0].Text, "DUPLICATE_BROKER_REGISTRATION") || !strings.Contains(lines[0].Text, "valid for "+Seconds(left)) {
		t.Errorf("strip's line for b1 = %+v", lines[0])
	}
	if sum := ControllerSummary(lines); strings.Contains(sum, "every broker registered") {
		t.Errorf("strip = %q while b1 is not registered", sum)
	}

	var timer Timer
	for _, tm := range Timers(st, cfg) {
		if tm.Node == BrokerKey(1) {
			timer = tm
		}
	}
	if timer.Kind != TimerSession || timer.Left != left || timer.Label != "fenced in "+Seconds(left) || !strings.Contains(timer.Title, "DUPLICATE_BROKER_REGISTRATION") {
		t.Errorf("b1's countdown = %+v, want the session's, %d ms left", timer, left)
	}

	if pl, _ := PartitionLineOf(st); !strings.Contains(pl.Text, "leader broker 1 on record: restarted, not registered yet") {
		t.Errorf("partition line = %q", pl.Text)
	}
	p, _ := FirstPartition(st)
	if r := ReplicaRole(st, p, 1); r != "leader on record (not registered)" {
		t.Errorf("table view's role for b1 = %q", r)
	}
	in := InspectBroker(st, 1, false)
	if in.Rows[1].Label != "controller" || !strings.HasPrefix(in.Rows[1].Value, "not registered: the controller refuses") {
		t.Errorf("inspector's controller row = %+v", in.Rows[1])
	}

	// The refusal is narrated, with Kafka's error name.
	said := ""
	s.Player.c.EachEvent(0, func(e *engine.Event) bool {
		if e.Kind == engine.EvRegistrationRefused {
			sn, _ := NarrateEvent(*e)
			said = sn.Text
		}
		return true
	})
	if !strings.HasPrefix(said, "Broker 1 runs again but is not registered: the controller refuses its registration (DUPLICATE_BROKER_REGISTRATION)") {
		t.Errorf("narration of the refusal = %q", said)
	}

	// The event log shows the refusal by default, beside the crash and
	// the restart.
	if !Matters(engine.EvRegistrationRefused) {
		t.Error("the event log hides the refused registration behind the fetch chatter toggle")
	}

	// Past the old session's end the controller fences it (EvBrokerFenced)
	// and accepts the next registration: nothing says "refused" any more.
	s.Player.AdvanceTo(b1.Reg.SessionExpires + 2000)
	st = s.Player.State()
	if l := LookOf(st, 1); l.Refused != "" || strings.Contains(l.Role, "on record") {
		t.Errorf("b1 after its old session ran out: %+v", l)
	}
	if lines := SessionLines(st, cfg); lines[0].State == SessionRefused {
		t.Errorf("strip after the session ran out: %+v", lines[0])
	}
}
