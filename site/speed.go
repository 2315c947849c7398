package site

import (
	"math"
	"strconv"
	"strings"

	"kplay/engine/script"
)

// Speeds are simulated milliseconds per real millisecond.
const (
	// MinSpeed plays 1000× slower than real time.
	MinSpeed = 0.001
	// MaxSpeed plays 10× faster than real time.
	MaxSpeed = 10
	// DefaultSpeed plays 100× slower than real time: a 2 ms message flight
	// takes 0.2 s on screen, and the lesson's 20 ms story about 2 s.
	DefaultSpeed = 0.01
	// SliderMax is the speed slider's top value; the slider runs 0..SliderMax
	// over log10(speed) from -3 to 1.
	SliderMax = 400
)

// ClampSpeed keeps s within [MinSpeed, MaxSpeed]; NaN gives DefaultSpeed.
func ClampSpeed(s float64) float64 {
	if math.IsNaN(s) {
		return DefaultSpeed
	}
	return math.Max(MinSpeed, math.Min(MaxSpeed, s))
}

// SliderValue maps a speed to the log-scale slider's position.
func SliderValue(s float64) int {
	s = ClampSpeed(s)
	return int(math.Round((math.Log10(s) - math.Log10(MinSpeed)) * SliderMax / (math.Log10(MaxSpeed) - math.Log10(MinSpeed))))
}

// SpeedFromSlider maps the slider's position back to a speed.
func SpeedFromSlider(v int) float64 {
	v = max(0, min(SliderMax, v))
	lo, hi := math.Log10(MinSpeed), math.Log10(MaxSpeed)
	return ClampSpeed(math.Pow(10, lo+float64(v)*(hi-lo)/SliderMax))
}

// SpeedWords says a speed in plain words, as the speed control labels
// it: "100× slower than real time", "real time", "2× faster than real
// time". (One simulated millisecond per real millisecond is real time.)
func SpeedWords(s float64) string {
	s = ClampSpeed(s)
	switch {
	case s < 0.995:
		return strconv.Itoa(int(math.Round(1/s))) + "× slower than real time"
	case s < 1.005:
		return "real time"
	}
	return strconv.FormatFloat(math.Round(s*10)/10, 'f', -1, 64) + "× faster than real time"
}

// SpeedLines splits words (SpeedWords) into the speed label's two short
// lines, before and after "than" or "at": "100× slower" and "than real
// time". A phrase without either is one line and "".
func SpeedLines(words string) (first, second string) {
	for _, sep := range []string{" than ", " at "} {
		if a, b, ok := strings.Cut(words, sep); ok {
			return a, strings.TrimPrefix(sep, " ") + b
		}
	}
	return words, ""
}

// SpeedLabel is the speed readout (#speed-label): two short lines and
// its tooltip. With quiet time sped up below real time it names both
// speeds at once, the one playing now first (drawn bold): "100× slower"
// over "quiet: real time" while a message that carries the lesson is on
// the wire, "quiet: real time" over "busy: 100× slower" in a quiet
// stretch. Which plays is QuietNow, held for SpeedModeHoldMs (speedMode),
// so that the lines swap at most once in that time, not each time a
// message goes on the wire or the last one lands; the label's fixed
// width keeps the page still when they do. The tooltip says it in a
// sentence. (A learner read "100× slower" over a small bold "quiet: real
// time" while lesson 8 ran at real time.)
type SpeedLabel struct {
	First, Second string
	// Both says the two lines are the two speeds, the first the one
	// playing now; QuietNow that it is quiet time's.
	Both, QuietNow bool
	Title          string
}

// SpeedLabelOf is the speed readout for the slider's speed, with quiet
// time sped up (skipQuiet) or not, and quiet time playing now (quietNow,
// the held Store.QuietShown).
func SpeedLabelOf(speed float64, skipQuiet, quietNow bool) SpeedLabel {
	words := SpeedWords(speed)
	base := "Playback speed: " + words + ". Real time is one simulated second per second; slower lets you follow each message between the brokers."
	if !skipQuiet || QuietSpeed(speed) == speed {
		a, b := SpeedLines(words)
		return SpeedLabel{First: a, Second: b, Title: base}
	}
	busy, _ := SpeedLines(words)
	quiet := "quiet: " + SpeedWords(QuietSpeed(speed))
	l := SpeedLabel{First: busy, Second: quiet, Both: true, QuietNow: quietNow}
	now := "Now a message that carries the lesson is on the wire, so playback runs at " + words + "."
	if quietNow {
		l.First, l.Second = quiet, "busy: "+busy
		now = "Now no message that carries the lesson is on the wire (heartbeats, idle long polls, a session timeout running out), so this quiet stretch plays at " +
			SpeedWords(QuietSpeed(speed)) + "; playback returns to " + words + " when the next one is sent."
	}
	l.Title = "Playback speed: " + words + " while a message that carries the lesson is on the wire (busy), " + SpeedWords(QuietSpeed(speed)) + " in quiet time between them. " + now +
		" The first line is the speed playing now. Untick “speed up quiet” to watch every moment at the slider's speed."
	return l
}

// SpeedModeHoldMs is how long, in real ms, quiet time must have played
// (or stopped playing) before the speed readout marks the change: a
// record's acknowledgement crossing a quiet stretch would otherwise flip
// the mark every second.
const SpeedModeHoldMs = 1500

// speedMode is the held state of the speed readout's mark: shown is what
// it marks (quiet time playing), held the real ms the frames have played
// the other way since.
type speedMode struct {
	shown bool
	held  float64
}

// hold records a frame of realMs that played quiet time (quiet) or not.
func (m *speedMode) hold(quiet bool, realMs float64) {
	if quiet == m.shown {
		m.held = 0
		return
	}
	m.held += realMs
	if m.held >= SpeedModeHoldMs {
		m.shown, m.held = quiet, 0
	}
}

// QuietShown reports whether the speed readout marks quiet time as
// playing: Skipping, held for SpeedModeHoldMs (speedMode).
func (s *Store) QuietShown() bool { return s.Playing && s.SkipQuiet && s.speedMode.shown }

// PaceSpeed is the playback speed a scenario's speed directive asks for
// (script.Pace, simulated ms per real ms), clamped to the slider's range;
// DefaultSpeed for a script without one.
func PaceSpeed(p script.Pace) float64 {
	if p.IsZero() {
		return DefaultSpeed
	}
	return ClampSpeed(float64(p.Num) / float64(p.Den))
}

// followPace sets the speed to the scenario's pace (PaceSpeed) unless the
// reader has chosen one (Session.SpeedChosen: the slider, the speed keys
// or an embed's speed=), which no scenario overrides. A preset whose
// slowest link takes a second asks for speed 1/2, so that one message
// flight takes about two seconds on screen rather than the hundred it
// would take at DefaultSpeed.
func (s *Store) followPace() {
	if !s.SpeedChosen {
		s.Speed = PaceSpeed(s.Player.Scenario().Pace)
	}
}
