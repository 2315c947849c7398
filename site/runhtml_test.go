package site

import (
	"strings"
	"testing"
)

// TestRunBrokersHTML: a run's card keeps the DOM contract's hooks (the
// broker's data-node, its role, .cell, .lost and data-offset on the
// log), marks a broker that is down, bars the cell at the HW, strikes
// through a truncated record, and escapes what it writes.
func TestRunBrokersHTML(t *testing.T) {
	down := BrokerView{
		Node:        NodeBox{Key: "b2", Role: RoleFollower, Broker: 2},
		Look:        BrokerLook{Role: "replica", RoleKey: "replica", Badges: []Badge{{"out-of-sync", "out of sync"}, {"down", "down"}}},
		HasReplica:  true,
		Status:      `stopped: "its" log <stays>`,
		StatusClass: "status",
		Strip: StripView{Broker: 2, LEO: 3, HW: 1, From: 0, To: 4, Cells: []CellView{
			{Kind: CellRecord, Offset: 0, EpochClass: "ep0", Committed: true, Tip: "m1 & more"},
			{Kind: CellRecord, Offset: 1, EpochClass: "ep0"},
			{Kind: CellGhost, Offset: 2, EpochClass: "ep0", Lost: true},
			{Kind: CellEmpty, Offset: 3},
		}},
	}
	got := RunBrokersHTML([]BrokerView{down})
	for _, want := range []string{
		`<div class="rb follower down" data-node="b2" data-role="follower"`,
		`aria-label="broker 2: actions"`,
		`<span class="rb-role" data-badge="replica">replica</span>`,
		`<span class="rb-badge" data-badge="down">down</span>`,
		`<div class="rb-log" data-leo="3" data-hw="1">`,
		`<span class="cell ep0 committed" data-offset="0" title="m1 &amp; more">0</span>`,
		`<span class="cell ep0 at-hw" data-offset="1">1</span>`,
		`<span class="cell truncated ep0 lost" data-offset="2">2</span>`,
		`<span class="slot" data-offset="3"></span>`,
		`LEO 3</span> · <span class="rb-hw">HW 1</span>`,
		`stopped: &#34;its&#34; log &lt;stays&gt;`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the card lacks %s\nin %s", want, got)
		}
	}
	if strings.Contains(got, "rb-more") {
		t.Errorf("a strip from offset 0 says offsets are to its left: %s", got)
	}
	down.Strip.From = 12
	if got := RunBrokersHTML([]BrokerView{down}); !strings.Contains(got, `title="Offsets 0 to 11 are to the left`) {
		t.Errorf("a strip from offset 12 does not say 0 to 11 are to its left: %s", got)
	}
}
