package site

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"kplay/engine"
)

// snapshot renders what a seek must reproduce exactly: the state, the
// event count and the event log, each event with its time: every event
// from Seq from on, and before from those the log keeps (keptEvent) from
// Seq kept on.
func snapshot(p *Player, from, kept int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "now %s, %d events\n%+v\n", engine.FormatTime(p.Now()), p.EventCount(), p.State())
	p.c.EachEvent(0, func(e *engine.Event) bool {
		if e.Seq >= from || (e.Seq >= kept && keptEvent(e)) {
			b.WriteString(strconv.Itoa(e.Seq) + " " + engine.FormatTime(e.At) + " " + e.String() + "\n")
		}
		return true
	})
	return b.String()
}

// oldestKept returns the Seq of the oldest event p's log still has.
func oldestKept(p *Player) int {
	first := p.c.FirstEvent()
	p.c.EachEvent(0, func(e *engine.Event) bool { first = e.Seq; return false })
	return first
}

// seekAndReplay returns snapshots of p (just sought to to) and of p's
// scenario and user steps played from the start to to in one go, with no
// checkpoint: what a seek did before checkpoints. Both show every event
// both logs hold whole, and the kept events both still have.
func seekAndReplay(t *testing.T, p *Player, to engine.Time) (got, want string) {
	t.Helper()
	q, err := NewPlayer(p.sc)
	if err != nil {
		t.Fatal(err)
	}
	if err := q.rebuild(); err != nil {
		t.Fatal(err)
	}
	q.user = p.UserSteps()
	q.steps = mergeSteps(q.sc.Steps, q.user)
	q.play(max(to, q.sc.Config.Start))
	from := max(p.c.FirstEvent(), q.c.FirstEvent())
	kept := max(oldestKept(p), oldestKept(q))
	return snapshot(p, from, kept), snapshot(q, from, kept)
}

// firstDiff names the first line where two snapshots differ.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n  seek:   %.300s\n  replay: %.300s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d lines", len(al), len(bl))
}

func TestSeekViaCheckpointsMatchesReplay(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	p.cps.every = 256 // many checkpoints in a short run
	tp := engine.TopicPartition{Topic: "orders"}
	// User commands: a produce at 10:00:02, the leader crashed at 10:00:04
	// and restarted at 10:00:30, a produce at 10:01:00.
	p.Seek(at("10:00:02.000"))
	if err := p.Inject(engine.Produce{TP: tp, Values: []string{"u1"}, Acks: engine.AcksAll}); err != nil {
		t.Fatal(err)
	}
	p.Seek(at("10:00:04.000"))
	if err := p.Inject(engine.Crash{Broker: 1}); err != nil {
		t.Fatal(err)
	}
	p.Seek(at("10:00:30.000"))
	if err := p.Inject(engine.Restart{Broker: 1}); err != nil {
		t.Fatal(err)
	}
	p.Seek(at("10:01:00.000"))
	if err := p.Inject(engine.Produce{TP: tp, Values: []string{"u2"}, Acks: engine.AcksAll}); err != nil {
		t.Fatal(err)
	}
	p.Advance(120_000)
	if p.Checkpoints() < 10 {
		t.Fatalf("only %d checkpoints after two minutes", p.Checkpoints())
	}
	// Forward and backward, on and between checkpoints, before and after
	// each user command.
	for _, s := range []string{
		"10:02:30.000", "10:00:00.500", "10:00:04.000", "10:00:03.999", "10:00:04.001",
		"10:00:29.000", "10:00:31.250", "10:00:58.000", "10:01:00.000", "10:01:07.333",
		"10:00:02.000", "09:59:59.000", "10:02:59.999", "10:00:45.000",
	} {
		to := at(s)
		p.Seek(to)
		got, want := seekAndReplay(t, p, to)
		if got != want {
			t.Fatalf("seek to %s differs from a fresh replay at %s", s, firstDiff(got, want))
		}
	}
}

// TestCheckpointsStayBounded plays with a spacing of 16 events, so that
// the list thins (every other checkpoint goes, the spacing doubles) many
// times over twenty simulated minutes: it never holds more than
// maxCheckpoints, and consecutive ones stay at most the spacing apart,
// plus one moment's events.
func TestCheckpointsStayBounded(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	p.cps.every = 16
	start := p.Now()
	for i := 1; i <= 40; i++ {
		p.Advance(30_000) // 20 simulated minutes in all
		if n := p.Checkpoints(); n > maxCheckpoints {
			t.Fatalf("%d checkpoints after %d s, want at most %d", n, 30*i, maxCheckpoints)
		}
	}
	if p.cps.every < 16*4 {
		t.Fatalf("spacing %d events after 20 minutes: the list never thinned twice", p.cps.every)
	}
	if n := p.Checkpoints(); n < maxCheckpoints/2 {
		t.Fatalf("%d checkpoints over 20 minutes, want at least %d", n, maxCheckpoints/2)
	}
	moment := biggestMoment(t, p)
	prev := p.cps.list[0]
	if prev.at != start {
		t.Fatalf("the first checkpoint is at %s, not the start", engine.FormatTime(prev.at))
	}
	for _, cp := range p.cps.list[1:] {
		if cp.at <= prev.at || cp.events-prev.events > p.cps.every+moment {
			t.Fatalf("checkpoints at %s (%d events) and %s (%d): more than %d+%d events apart", engine.FormatTime(prev.at), prev.events, engine.FormatTime(cp.at), cp.events, p.cps.every, moment)
		}
		prev = cp
	}
	if p.EventCount()-prev.events > p.cps.every+moment {
		t.Fatalf("last checkpoint %d events before the playhead's %d", prev.events, p.EventCount())
	}
	to := start + 17*60_000 + 123
	p.Seek(to)
	if got, want := seekAndReplay(t, p, to); got != want {
		t.Fatalf("seek after thinning differs: %s", firstDiff(got, want))
	}
}

// biggestMoment returns the most events p's scenario makes at one
// simulated millisecond, replayed from the start, so that a test can
// bound a checkpoint's gap, which cannot split a moment.
func biggestMoment(t *testing.T, p *Player) int {
	t.Helper()
	q, err := NewPlayer(p.sc)
	if err != nil {
		t.Fatal(err)
	}
	q.user, q.steps = p.UserSteps(), mergeSteps(p.sc.Steps, p.UserSteps())
	q.cps.every = 0
	most, run, at, seen := 0, 0, engine.Time(-1), 0
	for q.Now() < p.Now() {
		// Pieces short enough that the log still holds all they made.
		q.play(min(p.Now(), q.Now()+10_000))
		q.c.EachEvent(max(seen, q.c.FirstEvent()), func(e *engine.Event) bool {
			if e.At != at {
				run, at = 0, e.At
			}
			run++
			most = max(most, run)
			return true
		})
		seen = q.EventCount()
	}
	return most
}

func TestForkDropsLaterCheckpoints(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	p.Advance(60_000)
	fork := at("10:00:10.500")
	p.Seek(fork)
	if err := p.Inject(engine.Crash{Broker: 2}); err != nil {
		t.Fatal(err)
	}
	for _, cp := range p.cps.list {
		if cp.at > fork {
			t.Fatalf("a checkpoint at %s survived the fork at %s", engine.FormatTime(cp.at), engine.FormatTime(fork))
		}
	}
	if h := p.Horizon(); h != fork {
		t.Fatalf("horizon %s after the fork, want the fork %s", engine.FormatTime(h), engine.FormatTime(fork))
	}
	p.Advance(20_000)
	for _, s := range []string{"10:00:25.000", "10:00:10.000", "10:00:10.500", "10:00:11.000"} {
		p.Seek(at(s))
		if got, want := seekAndReplay(t, p, at(s)); got != want {
			t.Fatalf("seek to %s after a fork: %s", s, firstDiff(got, want))
		}
	}
}

func TestCheckpointsAfterSingleSteps(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	// Step event by event across the first checkpoint times, then play on.
	for p.Now() < at("10:00:01.500") && p.StepOne() {
	}
	if n := p.Checkpoints(); n != 1 {
		t.Fatalf("%d checkpoints after single steps, want only the start's", n)
	}
	p.Advance(7_000)
	for _, s := range []string{"10:00:01.000", "10:00:00.317", "10:00:02.000", "09:59:59.500"} {
		p.Seek(at(s))
		if got, want := seekAndReplay(t, p, at(s)); got != want {
			t.Fatalf("seek to %s after single steps: %s", s, firstDiff(got, want))
		}
	}
}
