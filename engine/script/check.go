package script

import (
	"fmt"
	"strings"

	"kplay/engine"
	"kplay/engine/internal/rng"
)

// CheckMode is the configuration a random check runs under.
type CheckMode uint8

// The modes of kplay check.
const (
	// CheckSafe is acks=all, min.insync.replicas=2, RF 3, unclean election
	// off: Kafka promises no acknowledged write is ever lost.
	CheckSafe CheckMode = iota
	// CheckUnclean turns unclean.leader.election.enable on.
	CheckUnclean
	// CheckAcks1 produces with acks=1.
	CheckAcks1
)

// String names the mode as kplay check's -mode flag does.
func (m CheckMode) String() string {
	switch m {
	case CheckUnclean:
		return "unclean"
	case CheckAcks1:
		return "acks1"
	}
	return "safe"
}

// ParseCheckMode reads a mode name.
func ParseCheckMode(s string) (CheckMode, error) {
	for _, m := range []CheckMode{CheckSafe, CheckUnclean, CheckAcks1} {
		if m.String() == s {
			return m, nil
		}
	}
	return 0, fmt.Errorf("unknown mode %q (safe, unclean, acks1)", s)
}

// RandomScenario writes the script of one random run: a workload of
// produces and a fault schedule (crashes, restarts, controlled shutdowns,
// isolations, network splits, heals) drawn from seed, then a quiet period
// with every fault undone so that the cluster can converge. The same seed
// and mode always give the same text.
func RandomScenario(seed uint64, mode CheckMode) string {
	r := rng.New(seed ^ 0x6b706c6179) // "kplay": keep the workload apart from the cluster's own draws
	var b strings.Builder
	fmt.Fprintf(&b, "# title: kplay check, mode %s, seed %d\n", mode, seed)
	acks := "all"
	extra := ""
	switch mode {
	case CheckUnclean:
		extra = " unclean.leader.election.enable=true"
	case CheckAcks1:
		acks = "1"
	}
	brokers := 3 + r.Intn(3)
	fmt.Fprintf(&b, "cluster brokers=%d seed=%d latency=(1,5) min.insync.replicas=2 replica.lag.time.max.ms=3000%s\n", brokers, seed, extra)
	parts := 1 + r.Intn(3)
	fmt.Fprintf(&b, "create-topic t partitions=%d rf=3\n", parts)
	fmt.Fprintf(&b, "consume t-0 from=earliest\n")
	down := make([]bool, brokers+1)
	n := 0
	for step := 0; step < 40; step++ {
		fmt.Fprintf(&b, "advance %dms\n", 10+r.Intn(3000))
		switch k := r.Intn(20); {
		case k < 11:
			vals := make([]string, 1+r.Intn(3))
			for i := range vals {
				n++
				vals[i] = fmt.Sprintf("v%d", n)
			}
			fmt.Fprintf(&b, "produce t-%d producer=p%d values=(%s) acks=%s\n", r.Intn(parts), 1+r.Intn(3), strings.Join(vals, ", "), acks)
		case k < 13:
			if id := pick(&r, down, false); id > 0 {
				fmt.Fprintf(&b, "crash %d\n", id)
				down[id] = true
			}
		case k < 15:
			if id := pick(&r, down, true); id > 0 {
				fmt.Fprintf(&b, "restart %d\n", id)
				down[id] = false
			}
		case k < 16:
			if id := pick(&r, down, false); id > 0 {
				fmt.Fprintf(&b, "shutdown %d\n", id)
				down[id] = true
			}
		case k < 17:
			fmt.Fprintf(&b, "isolate %d\n", 1+r.Intn(brokers))
		case k < 18:
			a := 1 + r.Intn(brokers)
			fmt.Fprintf(&b, "partition g1=(%d) g2=(%s)\n", a, othersExcept(brokers, a))
		default:
			fmt.Fprintf(&b, "heal\n")
		}
	}
	fmt.Fprintf(&b, "heal\n")
	for id := 1; id <= brokers; id++ {
		if down[id] {
			fmt.Fprintf(&b, "restart %d\n", id)
		}
	}
	fmt.Fprintf(&b, "advance 60s\n")
	return b.String()
}

// pick draws a broker that is down (wantDown) or up, or 0 if none is.
func pick(r *rng.Rand, down []bool, wantDown bool) int {
	var c []int
	for id := 1; id < len(down); id++ {
		if down[id] == wantDown {
			c = append(c, id)
		}
	}
	if len(c) == 0 {
		return 0
	}
	return c[r.Intn(len(c))]
}

func othersExcept(n, a int) string {
	var s []string
	for id := 1; id <= n; id++ {
		if id != a {
			s = append(s, fmt.Sprint(id))
		}
	}
	return strings.Join(s, ", ")
}

// CheckResult is the outcome of one random run.
type CheckResult struct {
	Seed   uint64
	Mode   CheckMode
	Script string
	// Violations are the run's EvViolation events; Events counts all.
	Violations []engine.Event
	Events     int
}

// Check runs RandomScenario(seed, mode) with the invariant checker on.
func Check(seed uint64, mode CheckMode) (CheckResult, error) {
	res := CheckResult{Seed: seed, Mode: mode, Script: RandomScenario(seed, mode)}
	dirs, err := Parse("check", res.Script)
	if err != nil {
		return res, err
	}
	var run Runner
	for _, d := range dirs {
		if _, err := run.Exec(d); err != nil {
			return res, err
		}
	}
	evs := run.Cluster().Events(0)
	res.Events = run.Cluster().EventCount()
	for _, e := range evs {
		if e.Kind == engine.EvViolation {
			res.Violations = append(res.Violations, e)
		}
	}
	return res, nil
}
