package site

import (
	"strconv"

	"kplay/engine"
	"kplay/engine/script"
)

// ScriptRate is a rate producer of the script (produce … rate=N/s
// for=D) that is sending at a moment: the script line, the producer, how
// often it sends (simulated ms), with which acks, and when its last
// record goes.
type ScriptRate struct {
	Line     int
	Producer int32
	Every    engine.Time
	Acks     engine.Acks
	// First and Last are when its first and last records go.
	First, Last engine.Time
}

// String says it for the producer panel: "script line 12: p1 sends one
// record every 500 ms (simulated), acks=all, until 10:09:59.500".
func (r ScriptRate) String() string {
	return "script line " + strconv.Itoa(r.Line) + ": " + engine.NodeID{Kind: engine.NodeProducer, ID: max(r.Producer, 1)}.String() +
		" sends one record every " + itoa(int64(r.Every)) + " ms (simulated), acks=" + r.Acks.String() + ", until " + engine.FormatTime(r.Last)
}

// ScriptRates returns the script's rate producers sending at now: each
// script line whose produce steps (a rate expands into one per interval,
// expandRate) started at or before now and go on after it, in line order.
func ScriptRates(steps []script.Step, now engine.Time) []ScriptRate {
	var out []ScriptRate
	for _, r := range RateProducers(steps) {
		if r.First <= now && now < r.Last {
			out = append(out, r)
		}
	}
	return out
}

// RateProducers returns every rate producer of the script: each line with
// three produce steps or more, in line order.
func RateProducers(steps []script.Step) []ScriptRate {
	type span struct {
		first, second, last engine.Time
		n                   int
		p                   engine.Produce
	}
	byLine := map[int]*span{}
	var order []int
	for _, st := range steps {
		p, ok := st.Cmd.(engine.Produce)
		if !ok {
			continue
		}
		sp := byLine[st.Line]
		if sp == nil {
			sp = &span{first: st.At, p: p}
			byLine[st.Line] = sp
			order = append(order, st.Line)
		}
		if sp.n == 1 {
			sp.second = st.At
		}
		sp.n++
		sp.last = st.At
	}
	var out []ScriptRate
	for _, line := range order {
		sp := byLine[line]
		if sp.n < 3 {
			continue
		}
		out = append(out, ScriptRate{Line: line, Producer: sp.p.Producer, Every: sp.second - sp.first, Acks: sp.p.Acks, First: sp.first, Last: sp.last})
	}
	// order holds the lines in the order their first step came; steps are
	// in time order, so sort by line for a stable reading.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Line < out[j-1].Line; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// ScriptRatesNow is ScriptRates for the Store's scenario at the playhead,
// its rate producers found once per scenario.
func (s *Store) ScriptRatesNow() []ScriptRate {
	p, c := s.Player, &s.rates
	if c.player != p {
		c.player, c.all = p, RateProducers(p.Scenario().Steps)
	}
	var out []ScriptRate
	now := p.Now()
	for _, r := range c.all {
		if r.First <= now && now < r.Last {
			out = append(out, r)
		}
	}
	return out
}

// rateCache is the Store's scenario's rate producers (ScriptRatesNow).
type rateCache struct {
	player *Player
	all    []ScriptRate
}
