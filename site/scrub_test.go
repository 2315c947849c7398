package site

import (
	"testing"

	"kplay/engine"
	"kplay/link"
	"kplay/scenarios"
)

// TestScrubSpanRule: the slider spans a scenario's last moment and a
// quarter more (at least 2 s), rounded up to its grain.
func TestScrubSpanRule(t *testing.T) {
	const s = engine.Time(1000)
	for _, c := range []struct{ reach, want engine.Time }{
		{0, 5 * s},                 // 2 s of room, rounded to 5 s
		{4 * s, 10 * s},            // 6 s → 10 s
		{10 * s, 15 * s},           // 12.5 s → 15 s
		{40 * s, 60 * s},           // 50 s → a minute (15 s grain)
		{100 * s, 150 * s},         // 125 s → 150 s (30 s grain)
		{20 * 60 * s, 25 * 60 * s}, // 25 min (a minute's grain)
		{60 * 60 * s, 75 * 60 * s}, // 75 min (five minutes' grain)
	} {
		if got := ScrubSpan(c.reach); got != c.want {
			t.Errorf("ScrubSpan(%d) = %d, want %d", c.reach, got, c.want)
		}
	}
	for r := engine.Time(0); r < 40*60*s; r += 777 {
		if got := ScrubSpan(r); got < r+2*s || got < r+r/4 {
			t.Fatalf("ScrubSpan(%d) = %d leaves the last moment no room", r, got)
		}
	}
}

// TestScrubRangeFollowsTheScenario: start-here's producer runs ten
// minutes (produce rate=2/s for=10m), but its lesson is its first ten
// seconds (its captions and advances, to 10:00:10): the slider spans
// those and a little more, not the ten minutes; it grows as play passes
// its end, and a scenario without a rate producer spans its own last
// step (incident-duplicate-on-retry runs to 00:00:04, acks1-loss to its
// truncation at 00:00:40).
func TestScrubRangeFollowsTheScenario(t *testing.T) {
	s := presetStore(t, "start-here")
	start := at("10:00:00.000")
	if h := s.Player.Horizon(); h < at("10:09:00.000") {
		t.Fatalf("start-here's horizon %s: the test assumes its ten-minute producer", engine.FormatTime(h))
	}
	if got, want := s.ScrubRange(), (ScrubRange{start, start + ScrubSpan(at("10:00:10.000")-start)}); got != want {
		t.Fatalf("range at the start %s – %s, want %s – %s", engine.FormatTime(got.From), engine.FormatTime(got.To), engine.FormatTime(want.From), engine.FormatTime(want.To))
	}
	if got := s.ScrubRange().To; got != at("10:00:15.000") {
		t.Errorf("range ends %s, want 10:00:15.000", engine.FormatTime(got))
	}
	// Play past the end: the range grows with the furthest played.
	s.Player.Seek(at("10:00:40.000"))
	if got := s.ScrubRange(); got.To != at("10:01:00.000") {
		t.Errorf("played to 10:00:40, range ends %s, want 10:01:00.000", engine.FormatTime(got.To))
	}
	// Back to the start: the range keeps what was played.
	s.Player.Seek(start)
	if got := s.ScrubRange(); got.To != at("10:01:00.000") {
		t.Errorf("rewound, range ends %s, want 10:01:00.000 still", engine.FormatTime(got.To))
	}

	// acks1-loss's lesson ends when broker 1 truncates m2 at 40 s; its
	// slider spans a minute, not the seven it spanned while the preset
	// ran on to the preferred leader's return at 5:19.
	if got := presetStore(t, "acks1-loss").ScrubRange(); got.From != 0 || got.To != 60_000 {
		t.Errorf("acks1-loss's range %d – %d, want 0 – 60000 (its truncation at 40 s, and room)", got.From, got.To)
	}

	d := presetStore(t, "incident-duplicate-on-retry")
	if got := d.ScrubRange(); got.From != 0 || got.To != 10000 {
		t.Errorf("incident-duplicate-on-retry's range %d – %d, want 0 – 10000 (its run to 4 s, and room)", got.From, got.To)
	}
}

// TestScrubRangeHoldsALinksMoment: a link opened at t= later than the
// scenario's last moment puts the thumb at t, inside the range, not at
// its end or start.
func TestScrubRangeHoldsALinksMoment(t *testing.T) {
	p, _ := scenarios.Get("start-here")
	at3 := at("10:03:00.000")
	s := OpenStartup(ParseStartup("#"+link.Encode(link.Link{Script: p.LearnerText(), T: int64(at3), HasT: true}), ""), false)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	r := s.ScrubRange()
	if s.Player.Now() != at3 || r.From > at3 || r.To <= at3 {
		t.Fatalf("link at 10:03:00 opens at %s in range %s – %s", engine.FormatTime(s.Player.Now()), engine.FormatTime(r.From), engine.FormatTime(r.To))
	}
	if want := r.From + ScrubSpan(at3-r.From); r.To != want {
		t.Errorf("range ends %s, want %s", engine.FormatTime(r.To), engine.FormatTime(want))
	}
	// The markers stop at the range's end.
	ms, _ := s.TimelineMarkers()
	for _, m := range ms {
		if m.At > r.To {
			t.Errorf("marker %v at %s after the range's end %s", m.Kind, engine.FormatTime(m.At), engine.FormatTime(r.To))
		}
	}
}
