package site

import (
	"strings"
	"testing"

	"kplay/engine"
	"kplay/scenarios"
)

func TestSpeedSlider(t *testing.T) {
	if SliderValue(MinSpeed) != 0 || SliderValue(MaxSpeed) != SliderMax || SliderValue(1) != 300 || SliderValue(DefaultSpeed) != 100 {
		t.Fatalf("slider values %d %d %d %d", SliderValue(MinSpeed), SliderValue(MaxSpeed), SliderValue(1), SliderValue(DefaultSpeed))
	}
	for v := 0; v <= SliderMax; v += 25 {
		if got := SliderValue(SpeedFromSlider(v)); got != v {
			t.Errorf("round trip of %d gave %d", v, got)
		}
	}
	if s := SpeedFromSlider(-10); s != MinSpeed {
		t.Errorf("below the slider: %v", s)
	}
}

func TestSpeedWords(t *testing.T) {
	for _, c := range []struct {
		s    float64
		want string
	}{
		{0.001, "1000× slower than real time"}, {0.01, "100× slower than real time"}, {0.1, "10× slower than real time"},
		{0.5, "2× slower than real time"}, {1, "real time"}, {2.5, "2.5× faster than real time"},
		{10, "10× faster than real time"}, {100, "10× faster than real time"}, {0.0001, "1000× slower than real time"},
	} {
		if got := SpeedWords(c.s); got != c.want {
			t.Errorf("SpeedWords(%v) = %q, want %q", c.s, got, c.want)
		}
	}
	// Quiet time is sped up only below real time, where it plays at real
	// time: the readout then names both speeds, the one playing now
	// first, and its tooltip says which.
	for _, c := range []struct {
		quietNow      bool
		first, second string
	}{{false, "100× slower", "quiet: real time"}, {true, "quiet: real time", "busy: 100× slower"}} {
		quietNow := c.quietNow
		l := SpeedLabelOf(0.01, true, quietNow)
		if l.First != c.first || l.Second != c.second || !l.Both || l.QuietNow != quietNow {
			t.Errorf("SpeedLabelOf(1/100, skip, %v) = %+v, want %q over %q", quietNow, l, c.first, c.second)
		}
		if !strings.Contains(l.Title, "100× slower") || !strings.Contains(l.Title, "real time in quiet time") {
			t.Errorf("SpeedLabelOf(1/100, skip, %v).Title = %q: it does not name both speeds", quietNow, l.Title)
		}
		if now := strings.Contains(l.Title, "this quiet stretch plays at real time"); now != quietNow {
			t.Errorf("SpeedLabelOf(1/100, skip, %v).Title = %q: it says the wrong one plays now", quietNow, l.Title)
		}
	}
	// The longest line of any is the busy line of the slowest speed,
	// which the label's fixed width holds (static/screen.css).
	longest := len([]rune(SpeedLabelOf(MinSpeed, true, true).Second))
	for _, sp := range []float64{MinSpeed, 0.01, 0.5, 1, MaxSpeed} {
		for _, skip := range []bool{false, true} {
			for _, q := range []bool{false, true} {
				l := SpeedLabelOf(sp, skip, q)
				if n := max(len([]rune(l.First)), len([]rune(l.Second))); n > longest {
					t.Errorf("SpeedLabelOf(%v, %v, %v) = %+v has a line of %d characters, longer than %d", sp, skip, q, l, n, longest)
				}
			}
		}
	}
	for _, c := range []struct {
		speed float64
		skip  bool
		a, b  string
	}{{0.01, false, "100× slower", "than real time"}, {2, true, "2× faster", "than real time"}, {1, true, "real time", ""}} {
		if l := SpeedLabelOf(c.speed, c.skip, true); l.First != c.a || l.Second != c.b || l.Both || l.QuietNow {
			t.Errorf("SpeedLabelOf(%v, %v, true) = %+v, want one speed, %q %q", c.speed, c.skip, l, c.a, c.b)
		}
	}
}

func TestMsgLabel(t *testing.T) {
	tp := engine.TopicPartition{Topic: "orders"}
	for _, c := range []struct {
		m    engine.Message
		want string
	}{
		{engine.Message{Kind: engine.MsgFetch, Parts: []engine.Part{{TP: tp, FetchOffset: 1205}}}, "Fetch @1205"},
		{engine.Message{Kind: engine.MsgFetchResponse, Parts: []engine.Part{{TP: tp, Records: []engine.Record{{Offset: 1204}}}}}, "FetchResp 1204"},
		{engine.Message{Kind: engine.MsgFetchResponse, Parts: []engine.Part{{TP: tp, Records: []engine.Record{{Offset: 0}, {Offset: 1203}}}}}, "FetchResp 0–1203"},
		{engine.Message{Kind: engine.MsgFetchResponse, Parts: []engine.Part{{TP: tp}}}, "FetchResp none"},
		{engine.Message{Kind: engine.MsgProduce, Parts: []engine.Part{{TP: tp, Records: []engine.Record{{Value: "order-9001"}}}}}, "Produce order-9001"},
		{engine.Message{Kind: engine.MsgProduceResponse, Parts: []engine.Part{{TP: tp, Err: engine.ErrNotLeaderOrFollower}}}, "ProduceResp NOT_LEADER_OR_FOLLOWER"},
		{engine.Message{Kind: engine.MsgMetadata}, "Metadata"},
	} {
		if got := MsgLabel(c.m); got != c.want {
			t.Errorf("MsgLabel = %q, want %q", got, c.want)
		}
	}
	if MsgClass(engine.MsgFetchResponse) != "msg-fetch-resp" {
		t.Error("class of FetchResponse")
	}
}

func TestLastEvents(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	p.Seek(at("10:00:00.020"))
	lines := LastEvents(BackwardOf(p.Events(0)), engine.CatDefault, 5)
	if len(lines) != 5 {
		t.Fatalf("%d lines", len(lines))
	}
	for i := 1; i < len(lines); i++ {
		if lines[i].Seq <= lines[i-1].Seq {
			t.Fatal("not oldest first")
		}
	}
	last := lines[len(lines)-1]
	if last.Time > "10:00:00.020" || !strings.Contains(last.Text, "holds c1's fetch") {
		t.Fatalf("last line %+v", last)
	}
	for _, l := range LastEvents(BackwardOf(p.Events(0)), engine.CatAll, 1000) {
		if len([]rune(l.Text)) > MaxLogText {
			t.Fatalf("line of %d runes", len([]rune(l.Text)))
		}
		if l.Class == "log" {
			t.Fatal(`an event line uses class "log", which the diagram's strips own`)
		}
	}
}

func TestFreshCells(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	p.Seek(at("10:00:00.011"))
	tp := engine.TopicPartition{Topic: "orders"}
	fresh := FreshCells(BackwardOf(p.Events(0)), tp, p.Now(), 5)
	for _, b := range []engine.BrokerID{1, 2, 3} {
		if r, ok := fresh[b]; !ok || r != [2]engine.Offset{1204, 1205} {
			t.Errorf("b%d fresh %v %v", b, r, ok)
		}
	}
	if f := FreshCells(BackwardOf(p.Events(0)), tp, p.Now()+100, 5); len(f) != 0 {
		t.Errorf("stale appends still fresh: %v", f)
	}
	if FreshWindow(0.01) != 6 || FreshWindow(0.001) != 1 {
		t.Errorf("fresh windows %d %d", FreshWindow(0.01), FreshWindow(0.001))
	}
}

func TestFetchRoundRows(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	p.Seek(at("10:00:00.020"))
	rows := FetchRoundRows(p.FetchRounds(engine.TopicPartition{Topic: "orders"}, 2), 2)
	if len(rows) != 2 {
		t.Fatalf("%d rows", len(rows))
	}
	last := rows[len(rows)-1]
	if last[1] != "1205" || last[2] != "offset 1204" || last[3] != "offset 1204" || last[4] != "1205" {
		t.Fatalf("last round %v", last)
	}
}

func TestReplicaStatus(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	p.Seek(at("10:00:00.020"))
	st := p.State()
	part, _ := FirstPartition(st)
	r, _ := st.Replica(2, part.TP)
	if got := ReplicaStatus(part, r, false); got != "fetch @1205 held open by b1" {
		t.Fatalf("b2 status %q", got)
	}
	r, _ = st.Replica(1, part.TP)
	if got := ReplicaStatus(part, r, true); got != "ISR 1,2,3 · leader epoch 0" {
		t.Fatalf("b1 status %q", got)
	}
	r, _ = st.Replica(3, part.TP)
	if got := ReplicaStatus(part, r, true); got != "fetch @1205 held open" {
		t.Fatalf("b3 compact status %q", got)
	}
}

func TestLabelOpacity(t *testing.T) {
	if LabelOpacity(0) != 0 || LabelOpacity(1) != 0 || LabelOpacity(0.5) != 1 {
		t.Fatal("label opacity ends")
	}
}

func TestFetchRoundsHTML(t *testing.T) {
	got := FetchRoundsHTML("broker 2 fetching orders-0 from broker 1", [][5]string{{"1", "5", "offset 4", "offset 4", "5"}})
	want := `<table><caption>broker 2 fetching orders-0 from broker 1</caption><thead><tr><th>Tick</th><th>Leader log end</th><th>Follower asks from</th><th>Leader returns</th><th>Follower log end after</th></tr></thead>` +
		`<tbody><tr><td>1</td><td>5</td><td>offset 4</td><td>offset 4</td><td>5</td></tr></tbody></table>`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := FetchRoundsHTML("a<b", nil); !strings.Contains(got, "<caption>a&lt;b</caption>") || !strings.Contains(got, `<td colspan="5">no rounds yet</td>`) {
		t.Errorf("empty table: %s", got)
	}
}

// The event log's rows carry their event's time for click-to-seek, and
// their text is escaped: a record value cannot inject markup.
func TestLogLinesHTML(t *testing.T) {
	lines := []LogLine{
		{EventLine: EventLine{Time: "10:00:01.000", Text: `p1 produced <b>"x"</b> & more`, Class: "cat-client"}, At: 36001000},
		{EventLine: EventLine{Time: "10:00:09.001", Text: "controller fenced b1", Class: "cat-cluster"}, At: 36009001},
	}
	got := LogLinesHTML(lines)
	want := `<li tabindex="0" class="cat-client" data-at="36001000"><time>10:00:01.000</time> p1 produced &lt;b&gt;&#34;x&#34;&lt;/b&gt; &amp; more</li>` +
		`<li tabindex="0" class="cat-cluster" data-at="36009001"><time>10:00:09.001</time> controller fenced b1</li>`
	if got != want {
		t.Fatalf("LogLinesHTML =\n%s\nwant\n%s", got, want)
	}
	if LogLinesHTML(nil) != "" {
		t.Fatal("no lines should give no HTML")
	}
}

func TestSpeedLines(t *testing.T) {
	for _, c := range []struct{ words, a, b string }{
		{"100× slower than real time", "100× slower", "than real time"},
		{"real time", "real time", ""},
		{"2× faster than real time", "2× faster", "than real time"},
	} {
		if a, b := SpeedLines(c.words); a != c.a || b != c.b {
			t.Errorf("SpeedLines(%q) = %q, %q", c.words, a, b)
		}
	}
}

// TestProducerLinesFit: lesson 8 (acks1-loss) has two producers, and the
// producer box gives each a line of its own, short enough for the box
// (clientBox clips a line at 19 characters), with both named in full in
// the tooltip; more than two count the rest.
func TestProducerLinesFit(t *testing.T) {
	pre, _ := scenarios.Get("acks1-loss")
	s := NewStoreFromScript(pre.Name, pre.Text)
	s.Player.AdvanceTo(s.Player.Scenario().End)
	st := s.Player.State()
	if len(st.Producers) != 2 {
		t.Fatalf("acks1-loss has %d producers at its end, want p1 and p2", len(st.Producers))
	}
	sub, sub2, tip := ProducerLines(st)
	if !strings.HasPrefix(sub, "p1 · ") || !strings.HasPrefix(sub2, "p2 · ") || len([]rune(sub)) > 19 || len([]rune(sub2)) > 19 {
		t.Errorf("lines %q, %q: want p1 and p2 a line each, each at most 19 characters", sub, sub2)
	}
	if !strings.Contains(tip, sub) || !strings.Contains(tip, sub2) {
		t.Errorf("tooltip %q does not name both", tip)
	}
	st.Producers = append(st.Producers, st.Producers[0], st.Producers[0])
	if _, sub2, _ := ProducerLines(st); sub2 != "+3 more" {
		t.Errorf("four producers: second line %q, want +3 more", sub2)
	}
	if sub, sub2, tip := ProducerLines(engine.State{}); sub != "no producer yet" || sub2 != "" || tip != "" {
		t.Errorf("no producer: %q %q %q", sub, sub2, tip)
	}
}

// TestClipWords: a long line is cut at a word's end, never mid-number;
// the AlterPartition sentence that drops a follower, some 200 runes, is
// whole in the event log (the-isr's showed "last caught up 45000 …").
func TestClipWords(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"last caught up 45000 ms ago", 20, "last caught up …"},
		{"values=(a, b, c, d, e, f)", 18, "values=(a, b, c …"},
		{"abcdefghijklmnopqrstuvwxyz", 10, "abcdefghi…"},
	} {
		if got := ClipWords(c.s, c.n); got != c.want {
			t.Errorf("ClipWords(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
		if got := ClipWords(c.s, c.n); len([]rune(got)) > c.n {
			t.Errorf("ClipWords(%q, %d) = %q: longer than %d", c.s, c.n, got, c.n)
		}
	}
	drop := engine.Event{Kind: engine.EvISRShrinkProposed, Node: engine.Broker(1), Peer: engine.Broker(3), TP: engine.TopicPartition{Topic: "t"}, ISR: []engine.BrokerID{1, 2},
		Text: "no caught-up fetch for more than replica.lag.time.max.ms", Offset: 45000}
	if s := drop.String(); !strings.HasSuffix(ClipWords(s, MaxLogText), "45000 ms ago") {
		t.Errorf("the log cuts %q (%d runes) to %q", s, len([]rune(s)), ClipWords(s, MaxLogText))
	}
}

// TestReplicaStatusWithoutALeader: with the partition's leader -1 (Jepsen
// 2013 at 00:00:14.501, broker 1 down and no one elected) a follower
// fetches from no one; its box said "fetch response on the way" from a
// leader that was not there.
func TestReplicaStatusWithoutALeader(t *testing.T) {
	p := engine.PartitionState{Leader: engine.NoLeader, ISR: []engine.BrokerID{1}}
	for _, compact := range []bool{false, true} {
		if got := ReplicaStatus(p, engine.ReplicaState{FetchOffset: -1}, compact); got != "no leader to fetch from" {
			t.Errorf("compact %v: %q", compact, got)
		}
	}
}

// TestProducerLinesSayFailed: a producer that gave up on a record does
// not read "all acked". not-enough-replicas with retries=0: m3, sent at
// 19.100 with acks=all to a partition whose ISR is broker 1 alone, below
// min.insync.replicas=2, is refused with NOT_ENOUGH_REPLICAS
// (Partition.appendRecordsToLeader) and, with no retries, failed back to
// the application (Sender.completeBatch); m2 still waits for its
// followers. One producer with both takes both lines.
func TestProducerLinesSayFailed(t *testing.T) {
	pre, _ := scenarios.Get("not-enough-replicas")
	src := strings.Replace(pre.Text, "eligible.leader.replicas.version=0\n", "eligible.leader.replicas.version=0 retries=0 enable.idempotence=false\n", 1)
	s := NewStoreFromScript("ner.txt", src)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	s.Player.AdvanceTo(s.Player.Scenario().Config.Start + 19_500)
	st := s.Player.State()
	if len(st.Producers) != 1 || st.Producers[0].Failed != 1 || st.Producers[0].Pending != 1 {
		t.Fatalf("producers %+v, want p1 with m2 waiting and m3 failed", st.Producers)
	}
	sub, sub2, tip := ProducerLines(st)
	if sub != "p1 · 1 unacked" || sub2 != "1 failed" || !strings.Contains(tip, "p1 · 1 unacked, 1 failed") || !strings.Contains(tip, "Failed: records the producer gave up on") {
		t.Errorf("lines %q, %q, tooltip %q", sub, sub2, tip)
	}
	st.Producers[0].Pending = 0
	if sub, sub2, _ := ProducerLines(st); sub != "p1 · 1 failed" || sub2 != "" {
		t.Errorf("nothing waiting: lines %q, %q; want p1 · 1 failed", sub, sub2)
	}
}
