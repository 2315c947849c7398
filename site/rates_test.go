package site

import (
	"strconv"
	"strings"
	"testing"

	"kplay/engine"
)

// start-here's produce orders-0 rate=2/s for=10m acks=all, is
// one record every 500 ms for ten minutes (expandRate: 1000/N ms): while
// it runs the producer panel names it, and after its last record it is
// gone.
func TestScriptRatesStartHere(t *testing.T) {
	s := defaultStore(t)
	sc := s.Player.Scenario()
	start := sc.Config.Start
	line := 0
	for i, l := range strings.Split(s.ScriptText(), "\n") {
		if strings.HasPrefix(l, "produce orders-0 rate=2/s for=10m acks=all") {
			line = i + 1
		}
	}
	if line == 0 {
		t.Fatal("the editor's text has no rate producer")
	}
	got := ScriptRates(sc.Steps, start+5_000)
	want := ScriptRate{Line: line, Producer: 0, Every: 500, Acks: engine.AcksAll, First: start, Last: start + 10*60_000 - 500}
	if len(got) != 1 || got[0] != want {
		t.Fatalf("ScriptRates at 00:00:05 = %+v, want [%+v]", got, want)
	}
	if s := got[0].String(); s != "script line "+strconv.Itoa(line)+": p1 sends one record every 500 ms (simulated), acks=all, until "+engine.FormatTime(want.Last) {
		t.Errorf("String() = %q", s)
	}
	if got := s.ScriptRatesNow(); len(got) != 1 || got[0] != want {
		t.Errorf("ScriptRatesNow at the start = %+v, want [%+v]", got, want)
	}
	if got := ScriptRates(sc.Steps, start+11*60_000); len(got) != 0 {
		t.Errorf("ScriptRates after the rate's end = %+v, want none", got)
	}
}
