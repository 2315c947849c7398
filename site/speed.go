package site

import (
	"math"
	"strconv"
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

// FormatSpeed prints a speed the way the page labels it: "1/100×" below
// real time, "1×", "2.5×" or "10×" at or above it.
func FormatSpeed(s float64) string {
	s = ClampSpeed(s)
	if s < 0.995 {
		return "1/" + strconv.Itoa(int(math.Round(1/s))) + "×"
	}
	return strconv.FormatFloat(math.Round(s*10)/10, 'f', -1, 64) + "×"
}
