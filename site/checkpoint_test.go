package site

import (
	"fmt"
	"strings"
	"testing"

	"kplay/engine"
)

// snapshot renders what a seek must reproduce exactly: the state and the
// whole event log, each event with its time.
func snapshot(p *Player) string {
	var b strings.Builder
	fmt.Fprintf(&b, "now %s\n%+v\n", engine.FormatTime(p.Now()), p.State())
	for _, e := range p.Events(0) {
		b.WriteString(engine.FormatTime(e.At) + " " + e.String() + "\n")
	}
	return b.String()
}

// freshReplay plays p's scenario and user steps from the start to t in one
// go, with no checkpoint: what a seek did before checkpoints.
func freshReplay(t *testing.T, p *Player, to engine.Time) string {
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
	return snapshot(q)
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
		got, want := snapshot(p), freshReplay(t, p, to)
		if got != want {
			t.Fatalf("seek to %s differs from a fresh replay at %s", s, firstDiff(got, want))
		}
	}
}

func TestCheckpointsStayBounded(t *testing.T) {
	p, _ := NewPlayer(lesson(t))
	start := p.Now()
	for i := 1; i <= 40; i++ {
		p.Advance(30_000) // 20 simulated minutes in all
		if n := p.Checkpoints(); n > maxCheckpoints {
			t.Fatalf("%d checkpoints after %d s, want at most %d", n, 30*i, maxCheckpoints)
		}
	}
	if n := p.Checkpoints(); n < maxCheckpoints/2 {
		t.Fatalf("%d checkpoints over 20 minutes, want at least %d", n, maxCheckpoints/2)
	}
	// They stay spread over the whole run: the gap before any time is at
	// most the spacing.
	for _, cp := range p.cps.list {
		if (cp.at-start)%p.cps.every != 0 {
			t.Fatalf("checkpoint at %s off the %d ms grid", engine.FormatTime(cp.at), p.cps.every)
		}
	}
	last := p.cps.list[len(p.cps.list)-1].at
	if p.Now()-last > p.cps.every {
		t.Fatalf("last checkpoint %s is more than %d ms before the playhead %s", engine.FormatTime(last), p.cps.every, engine.FormatTime(p.Now()))
	}
	to := start + 17*60_000 + 123
	p.Seek(to)
	if got, want := snapshot(p), freshReplay(t, p, to); got != want {
		t.Fatalf("seek after thinning differs: %s", firstDiff(got, want))
	}
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
		if got, want := snapshot(p), freshReplay(t, p, at(s)); got != want {
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
		if got, want := snapshot(p), freshReplay(t, p, at(s)); got != want {
			t.Fatalf("seek to %s after single steps: %s", s, firstDiff(got, want))
		}
	}
}
