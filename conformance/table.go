//go:build !js

package conformance

import (
	"fmt"
	"path"
	"strings"
	"time"

	"kplay/engine"
)

// Row is one compared observable.
type Row struct {
	// At is the simulated time of the observation, ms since the start.
	At           engine.Time
	Name         string
	Kplay, Kafka string
	// Lag is how long after At Kafka first showed kplay's value; -1 if it
	// never did within the tolerance.
	Lag    time.Duration
	Status Status
	// Reason is the accepted difference's reason.
	Reason string
}

// Status is a row's verdict.
type Status uint8

// The verdicts.
const (
	Match    Status = iota + 1 // Kafka showed kplay's value in time
	Differ                     // it did not
	Accepted                   // it did not, and differences.txt says why
)

// Result is one scenario's comparison.
type Result struct {
	Plan *Plan
	Rows []Row
	// Took is the replay's real duration.
	Took time.Duration
}

// Failed counts the rows that differ without an accepted reason.
func (r *Result) Failed() int {
	n := 0
	for _, row := range r.Rows {
		if row.Status == Differ {
			n++
		}
	}
	return n
}

// Difference is one accepted difference between Kafka and kplay, from
// differences.txt: a scenario, an observable name (a trailing * matches any
// suffix) and the reason.
type Difference struct {
	Scenario, Observable, Reason string
	Line                         int
}

// ParseDifferences reads differences.txt: one difference per line as
// "scenario | observable | reason"; # starts a comment. Errors give the
// line number.
func ParseDifferences(src string) ([]Difference, error) {
	var out []Difference
	for i, line := range strings.Split(src, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, "|", 3)
		if len(parts) != 3 {
			return nil, fmt.Errorf("differences.txt:%d: want \"scenario | observable | reason\"", i+1)
		}
		d := Difference{Scenario: strings.TrimSpace(parts[0]), Observable: strings.TrimSpace(parts[1]), Reason: strings.TrimSpace(parts[2]), Line: i + 1}
		if d.Scenario == "" || d.Observable == "" || d.Reason == "" {
			return nil, fmt.Errorf("differences.txt:%d: scenario, observable and reason must all be given", i+1)
		}
		out = append(out, d)
	}
	return out, nil
}

func (d Difference) matches(scenario, name string) bool {
	if d.Scenario != scenario && d.Scenario != "*" {
		return false
	}
	if p, ok := strings.CutSuffix(d.Observable, "*"); ok {
		return strings.HasPrefix(name, p)
	}
	return d.Observable == name
}

// Accept marks the rows that differ and are listed as accepted, and
// returns the listed differences for this scenario that no row needed
// (stale entries to review).
func (r *Result) Accept(diffs []Difference) []Difference {
	name := strings.TrimSuffix(path.Base(r.Plan.Name), ".txt")
	used := make([]bool, len(diffs))
	for i := range r.Rows {
		for j, d := range diffs {
			if !d.matches(name, r.Rows[i].Name) {
				continue
			}
			used[j] = true
			if r.Rows[i].Status == Differ {
				r.Rows[i].Status, r.Rows[i].Reason = Accepted, d.Reason
			}
			break
		}
	}
	var stale []Difference
	for j, d := range diffs {
		if !used[j] && d.Scenario == name {
			stale = append(stale, d)
		}
	}
	return stale
}

// Table renders the result as a Markdown table: observable, Kafka, kplay,
// match.
func (r *Result) Table() string {
	var b strings.Builder
	name := strings.TrimSuffix(path.Base(r.Plan.Name), ".txt")
	fmt.Fprintf(&b, "### %s: %s\n\n", name, r.Plan.Title)
	match, accepted := 0, 0
	for _, row := range r.Rows {
		switch row.Status {
		case Match:
			match++
		case Accepted:
			accepted++
		}
	}
	fmt.Fprintf(&b, "%d observables: %d match, %d accepted differences, %d differ. Tolerance %v; replay took %v.\n\n",
		len(r.Rows), match, accepted, r.Failed(), r.Plan.Tolerance, r.Took.Round(100*time.Millisecond))
	b.WriteString("| kplay time | observable | Kafka 4.4.0 | kplay | match |\n|---|---|---|---|---|\n")
	for _, row := range r.Rows {
		verdict := "yes"
		switch row.Status {
		case Match:
			if row.Lag > 0 {
				verdict = fmt.Sprintf("yes (+%.1f s)", row.Lag.Seconds())
			}
		case Differ:
			verdict = "**NO**"
		case Accepted:
			verdict = "accepted: " + row.Reason
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", clock(row.At), cell(row.Name), cell(row.Kafka), cell(row.Kplay), cell(verdict))
	}
	return b.String()
}

// Differing renders the rows that differ without an accepted reason, one
// line each as "scenario @ time: observable: Kafka … kplay …", for the
// summary printed after every table; "" when none differ.
func (r *Result) Differing() string {
	var b strings.Builder
	name := strings.TrimSuffix(path.Base(r.Plan.Name), ".txt")
	for _, row := range r.Rows {
		if row.Status == Differ {
			fmt.Fprintf(&b, "- %s @ %s: %s: Kafka %q, kplay %q\n", name, clock(row.At), row.Name, row.Kafka, row.Kplay)
		}
	}
	return b.String()
}

func clock(t engine.Time) string {
	return fmt.Sprintf("%d.%03d", t/1000, t%1000)
}

func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
