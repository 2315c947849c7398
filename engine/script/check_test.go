package script

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestSimulation runs random workloads and fault schedules (VOPR style).
// Under the safe configuration no invariant may ever break; under unclean
// elections, acks=1, min.insync.replicas=1 or power losses the checker must
// find lost writes, which proves it is not vacuous. KPLAY_SEEDS sets how
// many seeds (default 60).
func TestSimulation(t *testing.T) {
	n := uint64(60)
	if s := os.Getenv("KPLAY_SEEDS"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		n = v
	}
	for _, mode := range CheckModes() {
		lossy, lostAtEnd := 0, 0
		for seed := uint64(1); seed <= n; seed++ {
			res, err := Check(seed, mode)
			if err != nil {
				t.Fatalf("mode %s seed %d: %v\n%s", mode, seed, err, res.Script)
			}
			if res.LostAtEnd > 0 {
				lostAtEnd++
				if !mode.ExpectsLoss() {
					t.Fatalf("mode safe seed %d: %d acknowledged batches are gone at the end\n%s", seed, res.LostAtEnd, res.Script)
				}
			}
			if len(res.Violations) > 0 {
				lossy++
				if !mode.ExpectsLoss() {
					t.Fatalf("mode safe seed %d: %s\nreproduce with this script:\n%s", seed, FormatEvent(res.Violations[0]), res.Script)
				}
			}
		}
		if mode.ExpectsLoss() && lossy == 0 {
			t.Errorf("mode %s: no run out of %d lost a write; the checker looks vacuous", mode, n)
		}
		if (mode == CheckUnclean || mode == CheckAcks1) && lostAtEnd == 0 {
			t.Errorf("mode %s: no run out of %d ended without an acknowledged batch; LostAtEnd looks vacuous", mode, n)
		}
		t.Logf("mode %s: %d of %d runs broke a guarantee, %d ended without an acknowledged batch", mode, lossy, n, lostAtEnd)
	}
}

// TestRandomScenarioIsDeterministic: the same seed gives the same script and
// the same run.
func TestRandomScenarioIsDeterministic(t *testing.T) {
	a, err1 := Check(42, CheckUnclean)
	b, err2 := Check(42, CheckUnclean)
	if err1 != nil || err2 != nil || a.Script != b.Script || a.Events != b.Events || len(a.Violations) != len(b.Violations) {
		t.Fatalf("seed 42 differs between runs: %v %v", err1, err2)
	}
}

// TestRandomScenarioDrawsEveryFault: across 100 seeds each mode's
// schedules hold every fault kind check promises (docs/design.md "Fuzzing
// and checking at scale"), bounces restart within broker.session.timeout.ms
// (9000 ms by default, KRaftConfigs), and power losses (crash
// lose-unflushed) come only in the modes that draw them.
func TestRandomScenarioDrawsEveryFault(t *testing.T) {
	bounce := regexp.MustCompile(`(?m)^# bounce: broker \d+ back within broker.session.timeout.ms\n(?:crash|shutdown) (\d+)(?: lose-unflushed=\d+)?\nadvance (\d+)ms\nrestart (\d+)$`)
	kinds := []string{"\ncrash ", "\nrestart ", "\nshutdown ", "\nisolate ", "\npartition ", "\ncut ", "\nslow ", "\ndrop ", "\nslow-disk ", "\nelect-leaders type=preferred all", "\nheal\n", "\nproduce ",
		" one-way\n", "\nhang ", " requests=replicas\n", " requests=clients\n", " requests=all\n", "\nresume "}
	for _, mode := range CheckModes() {
		var all strings.Builder
		bounces := 0
		for seed := uint64(1); seed <= 100; seed++ {
			src := RandomScenario(seed, mode)
			all.WriteString(src)
			for _, m := range bounce.FindAllStringSubmatch(src, -1) {
				ms, _ := strconv.Atoi(m[2])
				if m[1] != m[3] || ms >= 9000 {
					t.Errorf("mode %s seed %d: a bounce %q does not restart the same broker within 9 s", mode, seed, m[0])
				}
				bounces++
			}
		}
		text := all.String()
		for _, k := range kinds {
			if !strings.Contains(text, k) {
				t.Errorf("mode %s: no schedule in 100 seeds holds %q", mode, strings.TrimSpace(k))
			}
		}
		if bounces == 0 {
			t.Errorf("mode %s: no bounce (a restart within the session timeout) in 100 seeds", mode)
		}
		power := strings.Contains(text, "lose-unflushed=")
		if want := mode == CheckUnflushed || mode == CheckMinISR1; power != want {
			t.Errorf("mode %s: power losses drawn = %v, want %v", mode, power, want)
		}
	}
}

// TestShrink: a failing run's shrunk script is shorter, still parses and
// still breaks a guarantee of the same rule; a clean script is returned as
// it is.
func TestShrink(t *testing.T) {
	var res CheckResult
	for seed := uint64(1); ; seed++ {
		r, err := Check(seed, CheckUnclean)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Violations) > 0 {
			res = r
			break
		}
		if seed > 100 {
			t.Fatal("no unclean run in 100 seeds lost a write")
		}
	}
	small := Shrink(res.Script)
	if strings.Count(small, "\n") >= strings.Count(res.Script, "\n") {
		t.Fatalf("seed %d: shrink kept all %d lines", res.Seed, strings.Count(res.Script, "\n"))
	}
	vs, _, err := runChecked(small)
	if err != nil || len(vs) == 0 {
		t.Fatalf("seed %d: the shrunk script no longer breaks a guarantee (%v):\n%s", res.Seed, err, small)
	}
	want := map[string]bool{}
	for _, v := range res.Violations {
		want[ruleOf(v)] = true
	}
	if !want[ruleOf(vs[0])] {
		t.Errorf("the shrunk script breaks %q, the original only %v", ruleOf(vs[0]), want)
	}
	clean := RandomScenario(1, CheckSafe)
	if got := Shrink(clean); got != clean {
		t.Errorf("Shrink changed a script that breaks nothing")
	}
}
