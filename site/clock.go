package site

import "kplay/engine"

// ClockView is the header's clock: the simulated time at the playhead
// (engine.FormatTime, as the event log and the captions write it), and,
// for a scenario whose cluster line starts its clock somewhere other than
// 00:00:00.000 (start-here starts at 10:00, as a cluster's wall clock
// might read; the lessons start at 00:00), how long it has run, so that
// every scenario's clock can be read the same way.
type ClockView struct {
	// Text is the time: "10:00:03.214".
	Text string
	// Since is "3.2 s in", "" for a scenario that starts at 00:00:00.000,
	// whose clock already says it.
	Since string
	// Title is the tooltip: what the clock is, and where its start comes
	// from.
	Title string
}

// ClockOf returns the clock at now for a scenario whose clock starts at
// start (its cluster line's start=, engine.Config.Start).
func ClockOf(now, start engine.Time) ClockView {
	v := ClockView{Text: engine.FormatTime(now)}
	if start == 0 {
		v.Title = "Simulated time since the scenario began (its cluster line sets no start=, so its clock starts at 00:00:00.000). The event log and the captions use the same clock."
		return v
	}
	v.Since = Elapsed(now-start) + " in"
	v.Title = "Simulated time on the cluster's clock, which this scenario's cluster line starts at " + engine.FormatTime(start) +
		" (start=); " + Elapsed(now-start) + " have passed since it began. Scenarios without start= begin at 00:00:00.000. The event log and the captions use the same clock."
	return v
}

// Elapsed says d ms of simulated time in plain words, to a tenth of a
// second: "3.2 s", "1 min 05.0 s", "2 h 00 min".
func Elapsed(d engine.Time) string {
	d = max(0, d)
	switch {
	case d < 60_000:
		return Seconds(d)
	case d < 3_600_000:
		sec := d % 60_000
		return itoa(int64(d/60_000)) + " min " + pad2(int64(sec/1000)) + "." + itoa(int64(sec%1000/100)) + " s"
	}
	return itoa(int64(d/3_600_000)) + " h " + pad2(int64(d%3_600_000/60_000)) + " min"
}

// pad2 writes n with at least two digits.
func pad2(n int64) string {
	if n < 10 {
		return "0" + itoa(n)
	}
	return itoa(n)
}
