package script

import (
	"os"
	"strconv"
	"testing"
)

// TestSimulation runs random workloads and fault schedules (VOPR style).
// Under the safe configuration no invariant may ever break; under unclean
// elections or acks=1 the checker must find lost writes, which proves it is
// not vacuous. KPLAY_SEEDS sets how many seeds (default 60).
func TestSimulation(t *testing.T) {
	n := uint64(60)
	if s := os.Getenv("KPLAY_SEEDS"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		n = v
	}
	for _, mode := range []CheckMode{CheckSafe, CheckUnclean, CheckAcks1} {
		lossy := 0
		for seed := uint64(1); seed <= n; seed++ {
			res, err := Check(seed, mode)
			if err != nil {
				t.Fatalf("mode %s seed %d: %v\n%s", mode, seed, err, res.Script)
			}
			if len(res.Violations) > 0 {
				lossy++
				if mode == CheckSafe {
					t.Fatalf("mode safe seed %d: %s\nreproduce with this script:\n%s", seed, FormatEvent(res.Violations[0]), res.Script)
				}
			}
		}
		if mode != CheckSafe && lossy == 0 {
			t.Errorf("mode %s: no run out of %d lost a write; the checker looks vacuous", mode, n)
		}
		t.Logf("mode %s: %d of %d runs broke a guarantee", mode, lossy, n)
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
