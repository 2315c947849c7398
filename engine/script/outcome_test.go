package script

import (
	"reflect"
	"testing"

	"kplay/engine"
)

// TestDifferencesFirstMoment: a subject is a difference when its end
// differs between runs, at the first moment whose end sees the runs
// apart, though they agree again for a while after it; a subject that
// ends the same in every run is none, however its runs went; a run that
// never had a subject shows "".
func TestDifferencesFirstMoment(t *testing.T) {
	lf := func(name string, cs ...change) life { return life{Name: name, changes: cs} }
	base := Outcome{records: []life{
		lf("t-0 m1", change{10, fateSent}, change{20, fateAcked}),
		lf("t-0 m2", change{10, fateSent}, change{12, fateAcked}),
		lf("t-0 m3", change{10, fateSent}, change{12, fateAcked}, change{30, fateAcked + duplicated}),
	}}
	other := Outcome{records: []life{
		lf("t-0 m1", change{10, fateSent}, change{15, fateAcked}), // apart from 15 to 20, the same at the end
		lf("t-0 m2", change{10, fateSent}, change{12, fateAcked}, change{19, fateLost}),
		lf("t-0 m3", change{10, fateSent}, change{11, fateAcked}, change{12, fateAcked}), // apart at 11, together at 12, apart at the end
		lf("t-0 m4", change{40, fateSent}),
	}}
	got := Differences([]Outcome{base, other})
	want := []Difference{
		{Subject: "t-0 m2", At: 19, Values: []string{fateAcked, fateLost}},
		{Subject: "t-0 m3", At: 11, Values: []string{fateAcked + duplicated, fateAcked}},
		{Subject: "t-0 m4", At: 40, Values: []string{"", fateSent}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

// TestOutcomeAt: a subject's value at a moment is the last change at or
// before it, "" before its first change and for a subject the run never
// had; records and partitions are both found by name.
func TestOutcomeAt(t *testing.T) {
	o := Outcome{
		records: []life{{Name: "t-0 m2", changes: []change{{10, fateSent}, {12, fateAcked}, {19, fateLost}}}},
		parts:   []life{{Name: "t-0 leader", changes: []change{{0, "b1"}, {19, "b2"}}}},
	}
	for _, c := range []struct {
		name string
		at   int64
		want string
	}{
		{"t-0 m2", 9, ""},
		{"t-0 m2", 10, fateSent},
		{"t-0 m2", 18, fateAcked},
		{"t-0 m2", 19, fateLost},
		{"t-0 m2", 1000, fateLost},
		{"t-0 leader", 18, "b1"},
		{"t-0 leader", 19, "b2"},
		{"t-0 m9", 19, ""},
	} {
		if got := o.At(c.name, engine.Time(c.at)); got != c.want {
			t.Errorf("At(%q, %d) = %q, want %q", c.name, c.at, got, c.want)
		}
	}
}
