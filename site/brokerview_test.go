package site

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/scenarios"
)

// acks1Store is the acks1-loss preset with its question answered, so
// that the outcome is on screen, played to at (simulated ms from its
// start).
func acks1Store(t *testing.T, at engine.Time) *Store {
	t.Helper()
	p, ok := scenarios.Get("acks1-loss")
	if !ok {
		t.Fatal("no acks1-loss preset")
	}
	s := NewStoreFromScript(p.Name, p.Text)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	s.Dispatch(ToggleLesson{})
	s.Dispatch(Seek{At: s.Player.Scenario().Config.Start + at})
	return s
}

// brokerView returns broker b's box at the Store's playhead.
func brokerView(t *testing.T, s *Store, b engine.BrokerID) BrokerView {
	t.Helper()
	st := s.Player.State()
	lay := ComputeLayout(st, false)
	for _, v := range s.BrokerViews(st, lay, Timers(st, s.Player.Scenario().Config)) {
		if v.Node.Broker == b {
			return v
		}
	}
	t.Fatalf("no box for broker %d", b)
	return BrokerView{}
}

// cellAt returns the cell of offset o in v's strip.
func cellAt(t *testing.T, v BrokerView, o engine.Offset) CellView {
	t.Helper()
	for _, c := range v.Strip.Cells {
		if c.Offset == o {
			return c
		}
	}
	t.Fatalf("broker %d's strip (%d–%d) has no offset %d", v.Node.Broker, v.Strip.From, v.Strip.To, o)
	return CellView{}
}

// The lesson's acks=1 story, box by box (seed lesson, "acks=1"; the
// preset's own state and log checks give the offsets): while broker 1 is
// down after acknowledging m2 with acks=1, it still holds m2 at offset 2
// above its HW, and the new leader, broker 2, has no record there; both
// are marked as the lost record. After broker 1 returns and truncates to
// the leader's log end (KIP-101), m2 stays on its box struck through.
func TestBrokerViewsAcks1Loss(t *testing.T) {
	s := acks1Store(t, 19_000)
	b1, b2 := brokerView(t, s, 1), brokerView(t, s, 2)
	if b1.Alive || b1.Status != "stopped: its log stays on disk" {
		t.Errorf("b1 alive %v, status %q; want down with its log on disk", b1.Alive, b1.Status)
	}
	if b2.Node.Role != RoleLeader || b2.Look.RoleKey != RoleLeader {
		t.Errorf("b2 drawn as %q/%q, want the leader", b2.Node.Role, b2.Look.RoleKey)
	}
	m2 := cellAt(t, b1, 2)
	if m2.Kind != CellRecord || m2.Record.Value != "m2" || m2.Committed || !m2.Lost {
		t.Errorf("b1 offset 2 = %+v; want m2, above the HW, marked lost", m2)
	}
	for o := engine.Offset(0); o < 2; o++ {
		if c := cellAt(t, b2, o); c.Kind != CellRecord || !c.Committed || c.Lost {
			t.Errorf("b2 offset %d = %+v; want a committed record, not lost", o, c)
		}
	}
	gap := cellAt(t, b2, 2)
	if gap.Kind != CellEmpty || !gap.Lost || !strings.Contains(gap.Tip, "m2 is not here") {
		t.Errorf("b2 offset 2 = %+v; want an empty slot saying m2 is not here", gap)
	}

	s = acks1Store(t, 45_000)
	b1 = brokerView(t, s, 1)
	if !b1.Alive || b1.Strip.LEO != 2 {
		t.Fatalf("b1 alive %v LEO %d at 00:00:45; want back, truncated to LEO 2", b1.Alive, b1.Strip.LEO)
	}
	ghost := cellAt(t, b1, 2)
	if ghost.Kind != CellGhost || ghost.Record.Value != "m2" || !strings.Contains(ghost.Tip, "truncated from broker 1's log") {
		t.Errorf("b1 offset 2 = %+v; want m2 struck through as truncated", ghost)
	}
}

// A selected record is marked on the replica it was clicked on only, and
// a broker's open menu on its own box only.
func TestBrokerViewsSelection(t *testing.T) {
	s := acks1Store(t, 19_000)
	rec := cellAt(t, brokerView(t, s, 2), 0).Record
	s.Dispatch(Select{Target: Selection{Kind: SelRecord, Broker: 2, TP: engine.TopicPartition{Topic: "t", Partition: 0}, Record: rec}})
	s.Dispatch(OpenMenu{Broker: 3})
	for _, b := range []engine.BrokerID{1, 2, 3} {
		v := brokerView(t, s, b)
		if got := cellAt(t, v, 0).Selected; got != (b == 2) {
			t.Errorf("b%d offset 0 selected %v", b, got)
		}
		if v.MenuOpen != (b == 3) {
			t.Errorf("b%d menu open %v", b, v.MenuOpen)
		}
	}
}

// Equal tells boxes apart by what they draw: the ring's arc moves it, the
// ring's exact ms left does not (data-left follows the arc).
func TestBrokerViewEqual(t *testing.T) {
	s := acks1Store(t, 12_000) // b1 down, its session running out
	v := brokerView(t, s, 1)
	if v.Timer.Kind != TimerSession {
		t.Fatalf("b1's timer %+v at 00:00:12; want the session countdown", v.Timer)
	}
	if !v.Equal(v) {
		t.Fatal("a view differs from itself")
	}
	w := v
	w.Timer.Left--
	if !v.Equal(w) {
		t.Error("a millisecond less on the ring redraws the box")
	}
	w.Timer.Percent--
	if v.Equal(w) {
		t.Error("a ring that moved does not redraw the box")
	}
	w = v
	w.Strip.Cells = append([]CellView(nil), v.Strip.Cells...)
	w.Strip.Cells[0].Fresh = !w.Strip.Cells[0].Fresh
	if v.Equal(w) {
		t.Error("a cell that changed does not redraw the box")
	}
}

// cellClasses lists every broker's cells at s's playhead as the page
// classes them (site/ui/logview.go): offset, epoch, committed, just
// appended (fresh), lost, duplicate.
func cellClasses(s *Store) []string {
	st := s.Player.State()
	var out []string
	for _, v := range s.BrokerViews(st, ComputeLayout(st, false), Timers(st, s.Player.Scenario().Config)) {
		for _, c := range v.Strip.Cells {
			out = append(out, fmt.Sprintf("b%d@%d %s committed=%v fresh=%v lost=%v dup=%v", v.Node.Broker, c.Offset, c.EpochClass, c.Committed, c.Fresh, c.Lost, c.Duplicate))
		}
	}
	return out
}

// TestSameMomentSameCells: the learner played start-here at 10× and
// copied a link; the link opened the same moment at the default speed
// with other cells marked "just appended" (every recent record yellow at
// 10×, none from the link). A moment reached by playing at 10× and by
// opening its link draws the same cells, both at a moment between appends
// and right after one, where the appended record is marked in both.
func TestSameMomentSameCells(t *testing.T) {
	s := presetStore(t, "start-here")
	start := s.Player.Scenario().Config.Start
	s.Dispatch(SetSpeed{Speed: MaxSpeed})
	if !s.Playing {
		s.Dispatch(TogglePlay{})
	}
	for s.Player.Now() < start+13_500 {
		s.Dispatch(Tick{RealMs: 16.7})
	}
	s.Dispatch(TogglePlay{})
	same := func(when string) []string {
		t.Helper()
		played := cellClasses(s)
		l := OpenStartup(ParseStartup("#"+s.ShareFragment(), ""), false)
		if l.Err != "" || l.Player.Now() != s.Player.Now() {
			t.Fatalf("%s: the link opens at %s (%s), want %s", when, engine.FormatTime(l.Player.Now()), l.Err, engine.FormatTime(s.Player.Now()))
		}
		if linked := cellClasses(l); !slices.Equal(played, linked) {
			t.Errorf("%s (%s): played at 10× and linked draw different cells:\nplayed %q\nlinked %q", when, engine.FormatTime(s.Player.Now()), played, linked)
		}
		return played
	}
	same("paused while playing at 10×")
	// Step on to the next append: its record is just appended, drawn so
	// whichever way the page came to it.
	for range 2000 {
		from := s.Player.EventCount()
		s.Dispatch(StepOnce{})
		appended := false
		for _, e := range s.Player.Events(from) {
			appended = appended || e.Kind == engine.EvAppended
		}
		if appended {
			break
		}
	}
	fresh := 0
	for _, c := range same("stepped to an append") {
		if strings.Contains(c, "fresh=true") {
			fresh++
		}
	}
	if fresh == 0 {
		t.Errorf("at an append (%s) no cell is marked just appended", engine.FormatTime(s.Player.Now()))
	}
}

// TestBrokerViewWithoutAPartition: a cluster without a topic (a script
// whose topic line failed to compile opens as one) draws its brokers with
// a status class the page can add: an empty one made the browser refuse
// the class list, and the page died ("The token provided must not be
// empty").
func TestBrokerViewWithoutAPartition(t *testing.T) {
	s := NewStoreFromScript("x", "cluster brokers=3\n")
	for b := engine.BrokerID(1); b <= 3; b++ {
		if v := brokerView(t, s, b); v.StatusClass == "" || strings.ContainsAny(v.StatusClass, " \t") {
			t.Errorf("broker %d's status class is %q", b, v.StatusClass)
		}
	}
}
