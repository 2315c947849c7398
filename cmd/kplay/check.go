package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"kplay/engine"
	"kplay/engine/script"
)

// checkChunk is how many seeds each worker gets per round of kplay check:
// a round's results are gathered and printed in seed order before the next
// round starts, so memory stays bounded however many seeds run.
const checkChunk = 64

// checkMain runs kplay check: random workloads and fault schedules from
// seeds from..from+N-1 under one or more modes, with the invariant checker
// on (engine invariants.go, docs/kafka-rules.md §11). In the safe mode any
// violation is a failure and prints the script that reproduces it and its
// shrunk form; in the other modes (unclean elections, acks=1,
// min.insync.replicas=1, power losses) the run must find lost writes, or
// the checker would be vacuous. -workers runs seeds on that many
// goroutines; each seed's run is single-threaded and deterministic, and
// results are gathered in seed order, so the output on stdout is the same
// for every -workers. Timings go to stderr. It returns the exit code.
func checkMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seeds := fs.Uint64("seeds", 1000, "number of seeds to run")
	from := fs.Uint64("from", 1, "first seed")
	modes := fs.String("mode", "all", "safe, unclean, acks1, minisr1, unflushed or all")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "seeds run at once (goroutines), 1 or more")
	list := fs.Bool("list", false, "print one line per seed that broke a guarantee")
	shrink := fs.Bool("shrink", true, "shrink the script of a safe-mode failure to the lines it needs")
	budget := fs.Duration("for", 0, "stop each mode after this long (wall time, at the end of a round of seeds), 0 for no limit; the report then depends on the machine")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 || *seeds == 0 || *workers < 1 || *from+*seeds < *from {
		fmt.Fprint(stderr, "usage: kplay check [-seeds N] [-from S] [-mode safe|unclean|acks1|minisr1|unflushed|all] [-workers N] [-for DURATION] [-list] [-shrink=false]\n")
		return 2
	}
	var ms []script.CheckMode
	if *modes == "all" {
		ms = script.CheckModes()
	} else {
		m, err := script.ParseCheckMode(*modes)
		if err != nil {
			fmt.Fprintf(stderr, "kplay check: %v\n", err)
			return 2
		}
		ms = []script.CheckMode{m}
	}
	if os.Getenv("GOGC") == "" {
		// Each run allocates a few MB of short-lived garbage over a live
		// heap of a few MB, so at the default GOGC=100 the collector runs
		// all the time: on this machine's two cores 600 safe seeds took
		// 7.0 s at GOGC=100, 3.3 s at GOGC=1000 with one worker (1.7 s
		// with two), and peak RSS grew from 55 MB to 240 MB. The memory
		// limit keeps a long run from growing past 1 GiB.
		debug.SetGCPercent(1000)
		debug.SetMemoryLimit(1 << 30)
	}
	code := 0
	for _, mode := range ms {
		start := time.Now()
		var deadline time.Time
		if *budget > 0 {
			deadline = start.Add(*budget)
		}
		sum, err := checkSeeds(mode, *from, *seeds, *workers, *list, deadline, stdout)
		if err != nil {
			fmt.Fprintf(stderr, "kplay check: %v\n", err)
			return 1
		}
		took := time.Since(start).Seconds()
		fmt.Fprintf(stderr, "mode %s: %d seeds in %.1fs on %d workers (%.0f seeds/s, %.0f events/s)\n",
			mode, sum.runs, took, *workers, float64(sum.runs)/took, float64(sum.events)/took)
		if c := sum.report(stdout, *shrink); c != 0 {
			code = c
		}
	}
	return code
}

// checkOutcome is what kplay check keeps of one seed's run.
type checkOutcome struct {
	events, lostAtEnd, offline int
	violations                 []engine.Event
	err                        error
}

// checkSummary adds up one mode's runs.
type checkSummary struct {
	mode                script.CheckMode
	from                uint64
	runs, lossy, events int
	// lostSeeds counts the seeds that ended without an acknowledged batch
	// (lostBatches in all), offlineSeeds those that ended with a partition
	// offline.
	lostSeeds, lostBatches, offlineSeeds int
	// rules counts violations by rule ("AcknowledgedWriteLost"), and
	// ruleSeeds the seeds that broke each rule.
	rules, ruleSeeds map[string]int
	// first is the lowest seed that broke a guarantee (0 if none), firstV
	// its violations and firstSrc its script.
	first    uint64
	firstV   []engine.Event
	firstSrc string
}

// checkSeeds runs seeds from..from+n-1 under mode on workers goroutines,
// in rounds of workers*checkChunk seeds whose outcomes are added up (and,
// with list, printed) in seed order. A non-zero deadline stops it after
// the round that ends past it.
func checkSeeds(mode script.CheckMode, from, n uint64, workers int, list bool, deadline time.Time, stdout io.Writer) (checkSummary, error) {
	sum := checkSummary{mode: mode, from: from, rules: map[string]int{}, ruleSeeds: map[string]int{}}
	round := uint64(workers * checkChunk)
	out := make([]checkOutcome, round)
	for lo := from; lo < from+n && (deadline.IsZero() || time.Now().Before(deadline)); lo += round {
		cnt := min(round, from+n-lo)
		var wg sync.WaitGroup
		next := make(chan uint64, cnt)
		for i := uint64(0); i < cnt; i++ {
			next <- i
		}
		close(next)
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					res, err := script.Check(lo+i, mode)
					out[i] = checkOutcome{events: res.Events, lostAtEnd: res.LostAtEnd, offline: res.Offline, violations: res.Violations, err: err}
				}
			}()
		}
		wg.Wait()
		for i := uint64(0); i < cnt; i++ {
			seed, o := lo+i, out[i]
			if o.err != nil {
				return sum, fmt.Errorf("mode %s seed %d: %v\n%s", mode, seed, o.err, script.RandomScenario(seed, mode))
			}
			sum.runs++
			sum.events += o.events
			if o.lostAtEnd > 0 {
				sum.lostSeeds++
				sum.lostBatches += o.lostAtEnd
			}
			if o.offline > 0 {
				sum.offlineSeeds++
			}
			if len(o.violations) == 0 && o.lostAtEnd == 0 {
				continue
			}
			if len(o.violations) == 0 {
				if sum.first == 0 && !mode.ExpectsLoss() {
					sum.first, sum.firstSrc = seed, script.RandomScenario(seed, mode)
				}
				continue
			}
			sum.lossy++
			seen := map[string]bool{}
			for _, v := range o.violations {
				r := ruleName(v)
				sum.rules[r]++
				if !seen[r] {
					seen[r] = true
					sum.ruleSeeds[r]++
				}
			}
			if sum.first == 0 {
				sum.first, sum.firstV, sum.firstSrc = seed, o.violations, script.RandomScenario(seed, mode)
			}
			if list {
				fmt.Fprintf(stdout, "mode %s seed %d: %d violations, %d acknowledged batches gone at the end, first %s\n", mode, seed, len(o.violations), o.lostAtEnd, script.FormatEvent(o.violations[0]))
			}
		}
	}
	return sum, nil
}

// ruleName is a violation's rule, the text before its first ":".
func ruleName(e engine.Event) string {
	r, _, _ := strings.Cut(e.Text, ":")
	return r
}

// report prints the mode's summary and returns its exit code: 1 if the
// safe mode broke a guarantee or another mode lost nothing.
func (s checkSummary) report(stdout io.Writer, shrink bool) int {
	fmt.Fprintf(stdout, "mode %-7s %d seeds, %d with violations (%s), %d events, seeds %d..%d\n", s.mode, s.runs, s.lossy, percent(s.lossy, s.runs), s.events, s.from, s.from+uint64(s.runs)-1)
	if len(s.rules) > 0 {
		var names []string
		for r := range s.rules {
			names = append(names, r)
		}
		slices.Sort(names)
		var parts []string
		for _, r := range names {
			parts = append(parts, fmt.Sprintf("%s %d in %d seeds (%s)", r, s.rules[r], s.ruleSeeds[r], percent(s.ruleSeeds[r], s.runs)))
		}
		fmt.Fprintf(stdout, "  violations by rule: %s\n", strings.Join(parts, ", "))
	}
	fmt.Fprintf(stdout, "  at the end: %d acknowledged batches gone in %d seeds (%s); a partition offline in %d seeds (%s)\n",
		s.lostBatches, s.lostSeeds, percent(s.lostSeeds, s.runs), s.offlineSeeds, percent(s.offlineSeeds, s.runs))
	switch {
	case !s.mode.ExpectsLoss() && s.first != 0:
		fmt.Fprintf(stdout, "FAIL: seed %d broke a guarantee under the safe configuration:\n", s.first)
		for _, v := range s.firstV {
			fmt.Fprintf(stdout, "  %s\n", script.FormatEvent(v))
		}
		if len(s.firstV) == 0 {
			fmt.Fprintf(stdout, "  no violation was raised, but acknowledged batches are gone at the end\n")
		}
		fmt.Fprintf(stdout, "reproduce with this script (kplay run FILE):\n%s", s.firstSrc)
		if shrink {
			fmt.Fprintf(stdout, "or with its shrunk form:\n%s", script.Shrink(s.firstSrc))
		}
		return 1
	case s.mode.ExpectsLoss() && s.first == 0:
		fmt.Fprintf(stdout, "FAIL: no run lost a write under mode %s; the checker looks vacuous\n", s.mode)
		return 1
	case s.mode.ExpectsLoss():
		fmt.Fprintf(stdout, "  as expected, writes were lost; first at seed %d: %s\n", s.first, script.FormatEvent(s.firstV[0]))
	}
	return 0
}

// percent prints n/of as a percentage with two decimals, in integers.
func percent(n, of int) string {
	if of == 0 {
		return "0.00%"
	}
	bp := (n*10000 + of/2) / of
	return fmt.Sprintf("%d.%02d%%", bp/100, bp%100)
}
