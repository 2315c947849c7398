package site

import (
	"strings"
	"testing"

	"kplay/engine"
	"kplay/scenarios"
)

// TestClockSaysWhereItStarts: start-here's cluster line starts its clock
// at 10:00, the lessons' at 00:00; the header's clock says how long a
// scenario that starts elsewhere has run, and its tooltip where the start
// comes from, so that the two read alike.
func TestClockSaysWhereItStarts(t *testing.T) {
	here, _ := scenarios.Get("start-here")
	lesson, _ := scenarios.Get("acks1-loss")
	a, b := NewStoreFromScript(here.Name, here.Text), NewStoreFromScript(lesson.Name, lesson.Text)
	sa, sb := a.Player.Scenario().Config.Start, b.Player.Scenario().Config.Start
	if sa != 10*3_600_000 || sb != 0 {
		t.Fatalf("starts: start-here %d, acks1-loss %d; want 10:00 and 00:00 as their cluster lines say", sa, sb)
	}
	c := ClockOf(sa+3_250, sa)
	if c.Text != "10:00:03.250" || c.Since != "3.2 s in" || !strings.Contains(c.Title, "starts at 10:00:00.000 (start=)") {
		t.Errorf("start-here's clock 3.25 s in: %+v", c)
	}
	c = ClockOf(3_250, 0)
	if c.Text != "00:00:03.250" || c.Since != "" || !strings.Contains(c.Title, "starts at 00:00:00.000") {
		t.Errorf("a lesson's clock 3.25 s in: %+v", c)
	}
	for _, e := range []struct {
		d    int64
		want string
	}{{0, "0.0 s"}, {59_999, "59.9 s"}, {65_000, "1 min 05.0 s"}, {3_600_000, "1 h 00 min"}, {-5, "0.0 s"}} {
		if got := Elapsed(engine.Time(e.d)); got != e.want {
			t.Errorf("Elapsed(%d) = %q, want %q", e.d, got, e.want)
		}
	}
}
