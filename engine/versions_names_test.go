package engine

import "testing"

// TestParseReleaseNames: kafka= takes the names Kafka published
// (https://kafka.apache.org/downloads): 0.10.0.0 to 0.10.2.2, the three
// feature releases of the 0.10 line, as 0.10; 0.11.0.x as 0.11; from 1.0
// on MAJOR.MINOR.PATCH as its feature release. Names Kafka never used are
// refused: a fourth 0.10 feature release, an 0.11.1, a four-part name
// from 1.0 on, a release before 0.10 or after 4.4.
func TestParseReleaseNames(t *testing.T) {
	for name, want := range map[string]Release{
		"0.10": 10, "0.10.0": 10, "0.10.0.1": 10, "0.10.1": 10, "0.10.1.1": 10, "0.10.2": 10, "0.10.2.2": 10,
		"0.11": 11, "0.11.0": 11, "0.11.0.3": 11,
		"1.0": 100, "1.0.2": 100, "1.1.1": 101,
		"2.0.1": 200, "2.8.2": 208, "3.3.2": 303, "3.7.1": 307, "3.9.1": 309, "4.4.0": 404, "4.4": 404,
	} {
		if got, ok := ParseRelease(name); !ok || got != want {
			t.Errorf("ParseRelease(%q) = %v, %v; want %v", name, got, ok, want)
		}
	}
	for _, name := range []string{"0.9", "0.9.0.1", "0.10.3", "0.11.1", "0.11.0.3.1", "3.7.1.2", "4.5", "5.0", "3", "3.x", "", "03.07.100"} {
		if got, ok := ParseRelease(name); ok {
			t.Errorf("ParseRelease(%q) = %v, want refused", name, got)
		}
	}
	set, _ := LookupSetting("kafka")
	if v, err := set.parse([]string{"3.7.1"}); err != nil || v.s != "3.7" {
		t.Errorf("kafka=3.7.1: %q, %v; want 3.7", v.s, err)
	}
	if _, err := set.parse([]string{"0.10.3"}); err == nil {
		t.Error("kafka=0.10.3 taken")
	}
}
