package site

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/link"
	"kplay/scenarios"
)

// crashScript crashes the leader two seconds in; the controller fences it
// when its broker.session.timeout.ms (9 s by default) runs out and elects
// a new leader in leader epoch 1.
const crashScript = `cluster brokers=3 latency=(1,3)
create-topic t partitions=1 rf=3
produce t-0 values=(a) acks=all
run until=00:00:02.000
crash 1
`

// mattersByHand is the reference for LogLines: every event the filtered
// log shows (it Matters and is not set-up chatter), read from the start.
func mattersByHand(p *Player) []LogLine {
	var out []LogLine
	for _, e := range p.Events(0) {
		if p.filteredIn(&e) {
			out = append(out, logLine(&e))
		}
	}
	return out
}

// TestLogKeepsTheElection: five simulated minutes after the crash, some
// 1,200 fetch rounds later, the election is still in the log, which shows
// no fetch or message chatter unless asked to.
func TestLogKeepsTheElection(t *testing.T) {
	s := storeAt(t, crashScript, 5*60_000)
	lines := s.LogLines(false, 50)
	var election *LogLine
	for i, l := range lines {
		if l.Class == "cat-net" || l.Class == "cat-fetch" {
			t.Errorf("chatter in the filtered log: %s %s", l.Time, l.Text)
		}
		if strings.Contains(l.Text, "leader epoch 1") && l.At > 2000 {
			election = &lines[i]
		}
	}
	if election == nil {
		t.Fatalf("no election in leader epoch 1 after the crash among %d lines:\n%v", len(lines), lines)
	}
	// The session runs out 9 s after b1's last heartbeat, which came at
	// most one broker.heartbeat.interval.ms (2 s) before the crash.
	if election.At < 9000 || election.At > 2000+9000+100 {
		t.Errorf("the election is at %s, want 9 to 11 s in (the session timeout after b1's last heartbeat)", election.Time)
	}
	// With every event shown, fetch chatter fills the last 50 rows.
	for _, l := range s.LogLines(true, 50) {
		if l.Seq == election.Seq {
			t.Error("the election is among the last 50 of all events: the test shows nothing")
		}
	}
	if s.LogTotal(true) < 1000 {
		t.Errorf("only %d events in five minutes: the fetch loop did not run", s.LogTotal(true))
	}
	s.Dispatch(SeekToEvent{At: election.At})
	if s.Playing || s.Player.Now() != election.At {
		t.Fatalf("after clicking the election: playing %v at %s, want paused at %s", s.Playing, engine.FormatTime(s.Player.Now()), election.Time)
	}
}

// TestLogIndexFollowsSeeksAndForks: the incremental index gives what a
// read of the whole log does, while playing, after a seek back, and after
// acting in the past.
func TestLogIndexFollowsSeeksAndForks(t *testing.T) {
	s := storeAt(t, crashScript, 0)
	same := func(what string) {
		t.Helper()
		want := mattersByHand(s.Player)
		var got []LogLine // up to the playhead: the later rows are TestLogKeepsLaterRows's
		for _, l := range s.LogLines(false, 1<<20) {
			if !l.Later {
				got = append(got, l)
			}
		}
		if len(got) != len(want) || s.LogTotal(false) != len(want) {
			t.Fatalf("%s: %d lines (total %d), want %d", what, len(got), s.LogTotal(false), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s: line %d is %+v, want %+v", what, i, got[i], want[i])
			}
		}
	}
	for range 40 {
		s.Player.Advance(500)
		s.LogLines(false, 10)
	}
	same("after playing 20 s")
	s.Dispatch(Seek{At: 5000})
	same("after a seek back to 5 s")
	s.Dispatch(Act{Cmd: engine.Restart{Broker: 1}})
	same("after restarting b1 at 5 s")
	s.Player.Advance(30_000)
	same("after playing on")
	s.Dispatch(UndoFork{})
	same("after undoing the restart")
	if got := s.LogLines(false, 3); len(got) != 3 || got[2] != mattersByHand(s.Player)[len(mattersByHand(s.Player))-1] {
		t.Errorf("the last 3 lines are not the newest, oldest first: %+v", got)
	}
}

// TestForkAndUndo: acting after a rewind drops the reader's later actions
// and says so; Undo brings them and the old run back.
func TestForkAndUndo(t *testing.T) {
	s := storeAt(t, crashScript, 20_000)
	s.Dispatch(Act{Cmd: engine.Restart{Broker: 1}})
	if s.Fork != nil {
		t.Fatalf("acting at the edge of the run forked: %+v", s.Fork)
	}
	s.Player.Advance(10_000)
	s.Dispatch(Seek{At: 8000})
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 2}})
	f := s.Fork
	if f == nil || f.At != 8000 || f.Dropped != 1 {
		t.Fatalf("fork %+v, want one at 8 s that dropped the restart at 20 s", f)
	}
	if !strings.Contains(f.Notice, "You changed the past at 00:00:08.000") || !strings.Contains(f.Notice, "1 later action of yours was dropped") {
		t.Errorf("notice %q", f.Notice)
	}
	if got := s.Actions(); len(got) != 1 || got[0] != "00:00:08.000 crash 2" {
		t.Fatalf("actions after the fork %q", got)
	}
	s.Dispatch(UndoFork{})
	if s.Fork != nil || s.Playing || s.Player.Now() != 8000 {
		t.Fatalf("after undo: fork %+v playing %v at %s", s.Fork, s.Playing, engine.FormatTime(s.Player.Now()))
	}
	if got := s.Actions(); len(got) != 1 || got[0] != "00:00:20.000 restart 1" {
		t.Fatalf("actions after undo %q, want the restart back", got)
	}
	if s.Player.Horizon() < 30_000 {
		t.Errorf("the timeline ends at %s, before the 30 s the old run reached", engine.FormatTime(s.Player.Horizon()))
	}
	s.Dispatch(Seek{At: 25_000})
	for _, b := range s.Player.State().Brokers {
		if !b.Alive {
			t.Errorf("b%d is down at 25 s in the restored run (b1 restarted at 20 s, b2 never crashed)", b.ID)
		}
	}
	// Producing after a rewind forks too, though no action is dropped:
	// the run the reader saw is played again.
	s.Dispatch(Seek{At: 3000})
	s.Dispatch(ProduceRecord{})
	if s.Fork == nil || s.Fork.Dropped != 1 {
		t.Fatalf("fork after producing at 3 s: %+v", s.Fork)
	}
	s.Dispatch(DismissFork{})
	if s.Fork != nil || len(s.Actions()) != 1 {
		t.Fatalf("dismiss: fork %+v actions %q", s.Fork, s.Actions())
	}
}

// TestLinkMomentClamped: a link's t far past its scenario (here about 31
// years of simulated time) opens at the scenario's end, its last command
// plus EndMargin, under a notice, and paused.
func TestLinkMomentClamped(t *testing.T) {
	frag := "#" + link.Encode(link.Link{Script: crashScript, T: 999999999999, HasT: true})
	s := OpenStartup(ParseStartup(frag, ""), false)
	if want := engine.Time(2000 + 5*60_000); s.Player.Now() != want || ScenarioEnd(s.Player.Scenario()) != want {
		t.Fatalf("opened at %s, want 00:05:02.000", engine.FormatTime(s.Player.Now()))
	}
	if s.Playing || !strings.Contains(s.Share.Notice, "opens at the scenario's end, 00:05:02.000") {
		t.Fatalf("playing %v notice %q", s.Playing, s.Share.Notice)
	}
	// A moment inside the scenario opens as it is, without a notice.
	frag = "#" + link.Encode(link.Link{Script: crashScript, T: 12_345, HasT: true})
	s = OpenStartup(ParseStartup(frag, ""), false)
	if s.Player.Now() != 12_345 || s.Share.Notice != "" || s.Player.Horizon() != 12_345 {
		t.Fatalf("at %s horizon %s notice %q", engine.FormatTime(s.Player.Now()), engine.FormatTime(s.Player.Horizon()), s.Share.Notice)
	}
}

// TestCaptionFollowsPlayhead: the caption is the last say at or before
// the playhead; of two at one instant, the later line.
func TestCaptionFollowsPlayhead(t *testing.T) {
	s := storeAt(t, `summary "Watch the leader crash."
cluster brokers=3 latency=(1,3)
create-topic t partitions=1 rf=3
run until=00:00:01.000
say "One second in."
say "Still one second in, said second."
run until=00:00:05.000
crash 1
say "b1 has crashed."
`, 0)
	if s.Summary() != "Watch the leader crash." {
		t.Errorf("summary %q", s.Summary())
	}
	for _, c := range []struct {
		at   engine.Time
		want string
	}{{0, ""}, {999, ""}, {1000, "Still one second in, said second."}, {4999, "Still one second in, said second."}, {5000, "b1 has crashed."}, {60_000, "b1 has crashed."}} {
		s.Player.Seek(c.at)
		got, ok := s.Caption()
		if got != c.want || ok != (c.want != "") {
			t.Errorf("at %s: caption %q %v, want %q", engine.FormatTime(c.at), got, ok, c.want)
		}
	}
}

// TestSeekIsBounded: a seek far past the scenario (an embed's host may
// send any time) stops at the scenario's end.
func TestSeekIsBounded(t *testing.T) {
	s := storeAt(t, crashScript, 0)
	s.Dispatch(Seek{At: 999999999999})
	if want := engine.Time(2000 + 5*60_000); s.Player.Now() != want {
		t.Fatalf("seek to 31 years: at %s, want the scenario's end 00:05:02.000", engine.FormatTime(s.Player.Now()))
	}
}

// TestLogLeavesOutTheSetUp: the default scenario prepares its cluster at
// 10:00:00.000 (a topic, three slow links, a consumer) and produces with
// produce rate=2/s. Filtered, the log opens with what happened (the
// topic's creation, its first leader) and the acknowledgements, not with
// the set-up's command lines nor one "> produce" line a record; every
// event is one click away. The reader's own actions and faults show.
func TestLogLeavesOutTheSetUp(t *testing.T) {
	s := defaultStore(t)
	s.Dispatch(Seek{At: at("10:00:05.000")})
	has := func(lines []LogLine, text string) bool {
		for _, l := range lines {
			if strings.Contains(l.Text, text) {
				return true
			}
		}
		return false
	}
	filtered, all := s.LogLines(false, 1<<20), s.LogLines(true, 1<<20)
	for _, set := range []string{"> slow 1 2", "link b1–b2 latency 30..50 ms", "> consume orders-0", "> produce orders-0", "> create-topic orders"} {
		if has(filtered, set) {
			t.Errorf("the filtered log shows the set-up line %q", set)
		}
		if !has(all, set) {
			t.Errorf("the whole log lacks %q", set)
		}
	}
	for _, kept := range []string{"controller created topic orders", "orders-0 leader b1 in leader epoch 0", "produce to orders-0 acknowledged"} {
		if !has(filtered, kept) {
			t.Errorf("the filtered log lacks %q: %v", kept, filtered)
		}
	}
	if s.LogTotal(false) != len(filtered) {
		t.Errorf("LogTotal %d, %d lines", s.LogTotal(false), len(filtered))
	}

	s.Dispatch(ProduceRecord{})
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	filtered = s.LogLines(false, 1<<20)
	for _, mine := range []string{"> produce orders-0 values=(order-1) acks=all", "> crash 1", "b1 crashed"} {
		if !has(filtered, mine) {
			t.Errorf("the filtered log lacks the reader's %q", mine)
		}
	}
}

// TestRetriesAgainstADeadBrokerAreChatter: after the leader crashes, the
// producer's NETWORK_EXCEPTION retries against it stay out of the filtered
// event log, which keeps the crash and the election; the full log keeps
// the retries.
func TestRetriesAgainstADeadBrokerAreChatter(t *testing.T) {
	s := NewStoreFromScript("retries.txt", `cluster brokers=3 latency=(1,1) start=10:00:00.000
create-topic t partitions=1 rf=3
advance 1s
crash 1
produce t-0 rate=20/s for=12s
advance 14s
`)
	s.Player.AdvanceTo(s.Player.Scenario().End)
	count := func(lines []LogLine, sub string) int {
		n := 0
		for _, l := range lines {
			if strings.Contains(l.Text, sub) {
				n++
			}
		}
		return n
	}
	all, filtered := s.LogLines(true, 100000), s.LogLines(false, 100000)
	if count(all, "NETWORK_EXCEPTION") == 0 {
		t.Fatal("the full log has no NETWORK_EXCEPTION retry: the test shows nothing")
	}
	if n := count(filtered, "NETWORK_EXCEPTION"); n != 0 {
		t.Errorf("the filtered log keeps %d NETWORK_EXCEPTION retries", n)
	}
	if count(filtered, "crashed") == 0 || count(filtered, "leader b2")+count(filtered, "leader b3") == 0 {
		t.Errorf("the filtered log lost the crash or the election: %v", filtered)
	}
}

// TestLogKeepsLaterRows: after a click on "b1 crashed" took the playhead
// back, the log listed only the events up to it; those the learner had
// played after it were gone, and they could not click forward to them.
// They stay, marked Later, in order and worded as before, and a click on
// one goes there; a played run's edge, and a fork's new future, have none.
func TestLogKeepsLaterRows(t *testing.T) {
	s := storeAt(t, crashScript+"run until=00:00:05.000\nproduce t-0 values=(b) acks=all\nrun until=00:00:12.000\nrestart 1\n", 0)
	s.Player.AdvanceTo(20_000)
	played := s.LogLines(false, 1<<20)
	var crashed LogLine
	for _, l := range played {
		if l.Later {
			t.Fatalf("a row after the playhead at the run's edge: %+v", l)
		}
		if l.Text == "b1 crashed" {
			crashed = l
		}
	}
	if crashed.Text == "" {
		t.Fatalf("no 'b1 crashed' row in %+v", played)
	}
	s.Dispatch(SeekToEvent{At: crashed.At})
	rows := s.LogLines(false, 1<<20)
	var before, later []LogLine
	for _, l := range rows {
		if l.Later {
			later = append(later, l)
		} else if len(later) > 0 {
			t.Fatalf("a row at the playhead after a later one: %+v", rows)
		} else {
			before = append(before, l)
		}
	}
	var wantLater []LogLine
	for _, l := range played {
		if l.At > crashed.At {
			l.Later = true
			wantLater = append(wantLater, l)
		}
	}
	if len(wantLater) == 0 || len(wantLater) > MaxLaterRows {
		t.Fatalf("%d rows after the crash: this tests nothing", len(wantLater))
	}
	if len(before) != len(played)-len(wantLater) || before[len(before)-1].Text != "b1 crashed" {
		t.Fatalf("up to the playhead: %+v", before)
	}
	if !slices.Equal(later, wantLater) {
		t.Fatalf("after the playhead:\n%+v\nwant\n%+v", later, wantLater)
	}
	// The page greys the later rows and marks the row at the playhead.
	html := LogLinesHTML(rows)
	if strings.Count(html, ` later" data-at`) != len(later) || strings.Count(html, ` now" data-at`) != 1 ||
		!strings.Contains(html, ` now" data-at="`+strconv.Itoa(int(crashed.At))+`"><time>`+crashed.Time+`</time> b1 crashed</li>`) {
		t.Errorf("the log's HTML marks %d rows later (want %d) and %d now (want 1, b1 crashed):\n%s",
			strings.Count(html, ` later"`), len(later), strings.Count(html, ` now"`), html)
	}
	// A click on a later row goes forward to it; the rest stay later.
	next := later[0]
	if next.At == later[len(later)-1].At {
		t.Fatalf("every later row is at %s: this tests nothing", next.Time)
	}
	s.Dispatch(SeekToEvent{At: next.At})
	if s.Player.Now() != next.At {
		t.Fatalf("the click on %q went to %s", next.Text, engine.FormatTime(s.Player.Now()))
	}
	rows = s.LogLines(false, 1<<20)
	if n := len(slices.DeleteFunc(slices.Clone(rows), func(l LogLine) bool { return !l.Later })); n == 0 || rows[len(rows)-1] != later[len(later)-1] {
		t.Errorf("after going forward to %q: %d later rows, last %+v", next.Text, n, rows[len(rows)-1])
	}
	// Played to the edge again: none.
	s.Player.AdvanceTo(20_000)
	if got := s.LaterLines(false, 100); len(got) != 0 {
		t.Errorf("at the run's edge again: %+v", got)
	}
	// Acting in the past forks a new future, not yet played: none.
	s.Dispatch(SeekToEvent{At: crashed.At})
	s.Dispatch(Act{Cmd: engine.Restart{Broker: 1}})
	if got := s.LaterLines(false, 100); len(got) != 0 {
		t.Errorf("after a fork: %+v", got)
	}
}

// TestLaterRowsKeepTheLessonsAnswers: in a lesson the log's later rows
// stop before a question ahead of the playhead that waits for its answer.
// Lesson 8 played past its first question and then replayed (Replay forgets
// the answers) lists what came before the question, never the crash or the
// loss after it; answered again, the question hides nothing.
func TestLaterRowsKeepTheLessonsAnswers(t *testing.T) {
	p, _ := scenarios.Get("acks1-loss")
	s := NewStoreFromScript(p.Name, p.Text)
	s.Speed = 1000
	playUntilPaused(s, 5000)
	a, ok := s.OpenAsk()
	if !ok {
		t.Fatal("no first question")
	}
	s.Dispatch(PickAnswer{Option: a.Answer})
	s.Dispatch(ContinueLesson{})
	for s.Player.Now() < at("00:00:25.000") && s.Playing {
		s.Dispatch(Tick{RealMs: 50})
	}
	s.Dispatch(Restart{})
	s.Playing = false
	later := s.LaterLines(false, 100)
	if len(later) == 0 {
		t.Fatal("no later rows after Replay: this tests nothing")
	}
	for _, l := range later {
		if l.At >= a.At {
			t.Errorf("a later row at or after the unanswered question (%s): %s %s", engine.FormatTime(a.At), l.Time, l.Text)
		}
	}
	s.Lesson.Revealed[0] = true // answered again
	var crash bool
	for _, l := range s.LaterLines(false, 100) {
		crash = crash || l.Text == "b1 crashed"
	}
	if !crash {
		t.Error("with the question answered the later rows still stop before it")
	}
}
