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

// SpeedLines splits words (SpeedWords or QuietWords) into the speed
// label's two short lines, before and after "than" or "at": "100×
// slower" and "than real time", "quiet: playing" and "at real time". A
// phrase without either is one line and "".
func SpeedLines(words string) (first, second string) {
	for _, sep := range []string{" than ", " at "} {
		if a, b, ok := strings.Cut(words, sep); ok {
			return a, strings.TrimPrefix(sep, " ") + b
		}
	}
	return words, ""
}

// QuietWords is the speed label while a quiet stretch (no message that
// carries the lesson on the wire, quiet.go) plays at QuietSpeed: "quiet:
// playing at real time". It is never longer than the longest SpeedWords
// below real time, so the label's fixed width holds both.
func QuietWords(speed float64) string {
	return "quiet: playing at " + SpeedWords(QuietSpeed(speed))
}

// SpeedTitle is the speed label's tooltip: what the words mean, and while
// skipping, why the clock runs faster than the slider says.
func SpeedTitle(speed float64, skipping bool) string {
	t := "Playback speed: " + SpeedWords(speed) + ". Real time is one simulated second per second; slower lets you follow each message between the brokers."
	if skipping {
		t = "No message that carries the lesson is on the wire, so this quiet stretch plays at " + SpeedWords(QuietSpeed(speed)) +
			"; playback returns to " + SpeedWords(speed) + " when the next one is sent. Untick “skip quiet time” to watch every moment at the slider's speed."
	}
	return t
}

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
