package site

import (
	"strings"
	"testing"

	"kplay/engine"
)

// pickedStore is a Store playing preset name, as the picker opens it.
func pickedStore(t *testing.T, name string) *Store {
	t.Helper()
	s := NewStoreFromScript("s.txt", "cluster brokers=3\n")
	s.Dispatch(PickPreset{Name: name})
	if s.Err != "" || s.Share.Preset != name {
		t.Fatalf("%s: %q", name, s.Err)
	}
	return s
}

// withValue is cur with key set to v.
func withValue(cur map[string]string, key, v string) map[string]string {
	out := map[string]string{}
	for k, x := range cur {
		out[k] = x
	}
	out[key] = v
	return out
}

// TestCompareConfig: the config panel's Compare keeps the script's
// settings and plays the changed one beside them, as a vs line under
// the cluster line, shown at the playhead's moment. On
// not-enough-replicas (min.insync.replicas=2, brokers 2 and 3 crashed)
// m2, sent with acks=all to a one-replica ISR, is refused with
// NOT_ENOUGH_REPLICAS, which the producer retries (a
// RetriableException) until delivery.timeout.ms, then fails with a
// TimeoutException; beside it, with min.insync.replicas=1, the same m2
// is acknowledged: "When a producer sets acks to "all" (or "-1"),
// min.insync.replicas specifies the minimum number of replicas that must
// acknowledge a write for the write to be considered successful. If
// this minimum cannot be met, then the producer will raise an exception
// (either NotEnoughReplicas or NotEnoughReplicasAfterAppend)" (Kafka's
// documentation of min.insync.replicas). The line is the script's: the
// editor shows it and a link's script plays both runs.
func TestCompareConfig(t *testing.T) {
	s := pickedStore(t, "not-enough-replicas")
	at := engine.Time(12_000)
	s.Dispatch(ScrubTo{At: at})
	cur := s.CurrentConfig()
	s.Dispatch(CompareConfig{Values: withValue(cur, "min.insync.replicas", "1")})
	if s.Acting.FormErr != (FormError{}) || s.Err != "" {
		t.Fatalf("refused: %+v %q", s.Acting.FormErr, s.Err)
	}
	if len(s.Variants) != 1 || s.Variants[0].Label != "min.insync.replicas=1" {
		t.Fatalf("variants %+v, want one labelled min.insync.replicas=1", s.Variants)
	}
	if got := s.CurrentConfig()["min.insync.replicas"]; got != "2" {
		t.Errorf("the script's own min.insync.replicas is %s, want it kept at 2", got)
	}
	if s.Player.Now() != at || s.Variants[0].Player.Now() != at {
		t.Errorf("shown at %s and %s, want the playhead's %s", engine.FormatTime(s.Player.Now()), engine.FormatTime(s.Variants[0].Player.Now()), engine.FormatTime(at))
	}
	text := s.ScriptText()
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "cluster ") {
			if i+1 >= len(lines) || lines[i+1] != `vs "min.insync.replicas=1" min.insync.replicas=1` {
				t.Errorf("the line under the cluster line is %q, want the vs line", lines[i+1])
			}
		}
	}
	if !strings.Contains(s.EditorText(), `vs "min.insync.replicas=1" min.insync.replicas=1`) {
		t.Error("the script editor does not show the vs line")
	}
	var m2 *RunDiff
	for i, d := range s.Differences() {
		if d.Record && d.Value == "m2" {
			m2 = &s.Differences()[i]
		}
	}
	if m2 == nil || len(m2.Values) != 2 || m2.Values[0] != "failed: TimeoutException" || m2.Values[1] != "acknowledged" {
		t.Errorf("m2's difference %+v, want failed (TimeoutException) beside acknowledged", m2)
	}
	// A link carries the script: its reader plays both runs.
	l := NewStoreFromScript("link.txt", text)
	if len(l.Variants) != 1 || l.Variants[0].Label != "min.insync.replicas=1" || l.Err != "" {
		t.Errorf("the script's reader plays %d variants (%q)", len(l.Variants), l.Err)
	}
}

// TestCompareConfigRefused: Compare refuses, on the config form with
// what the reader typed kept and the scene as it was, nothing changed,
// a value the setting does not take (on its field), a fourth vs line,
// values that play beside already, and a variant the script cannot run
// (on the field changed, naming the line). Store.CompareWhy gives the
// same reasons for the button, as the reader types, before it is
// pressed.
func TestCompareConfigRefused(t *testing.T) {
	const src = "cluster brokers=3 retries=0 enable.idempotence=false\ncreate-topic t\nproduce t-0 values=(m0)\nrun until=00:00:01.000\n"
	s := storeAt(t, src, 0)
	cur := s.CurrentConfig()
	for _, tc := range []struct {
		name, key, v, field, want string
		runs                      []string
	}{
		{"nothing changed", "retries", "0", "", "Nothing to compare yet", nil},
		{"a value the setting refuses", "min.insync.replicas", "0", "min.insync.replicas", "min.insync.replicas:", nil},
		{"a variant the script cannot run", "enable.idempotence", "true", "enable.idempotence",
			`variant "enable.idempotence=true" (enable.idempotence=true) makes line 1 invalid: 1:1: must set retries to non-zero`, nil},
		{"values beside already", "retries", "3", "", `These values already play side by side with the script's, as the run "retries=3".`, []string{"retries=3"}},
		{"a fourth vs line", "retries", "5", "", "at most 4 runs side by side", []string{"retries=1", "retries=2", "retries=3"}},
	} {
		text := src
		for _, r := range tc.runs {
			text = strings.Replace(text, "\ncreate-topic", "\nvs \""+r+"\" "+r+"\ncreate-topic", 1)
		}
		s = storeAt(t, text, 0)
		before := s.ScriptText()
		vals := withValue(cur, tc.key, tc.v)
		s.Dispatch(CompareConfig{Values: vals})
		fe := s.Acting.FormErr
		if fe.Form != FormConfig || fe.Field != tc.field || !strings.Contains(fe.Text, tc.want) {
			t.Errorf("%s: %+v, want on field %q: %q", tc.name, fe, tc.field, tc.want)
		}
		if s.Acting.ConfigDraft[tc.key] != tc.v {
			t.Errorf("%s: the draft lost what was typed: %v", tc.name, s.Acting.ConfigDraft[tc.key])
		}
		if s.ScriptText() != before || len(s.Variants) != len(tc.runs) {
			t.Errorf("%s: the scene changed", tc.name)
		}
		s.Dispatch(EditConfig{Values: vals})
		why := s.CompareWhy()
		switch tc.name {
		case "a value the setting refuses", "a variant the script cannot run":
			if why != "" {
				t.Errorf("%s: CompareWhy %q, want the button enabled (the press says why)", tc.name, why)
			}
		default:
			if why != fe.Text {
				t.Errorf("%s: CompareWhy %q, want the press's %q", tc.name, why, fe.Text)
			}
		}
	}
}

// TestComparePartner: an incident's "side by side" button plays its
// schedule on the fixed release beside it (KAFKA-7128, fixed in Kafka
// 2.1: broker 3 does not join the ISR with a log end at the lagging
// high watermark, so the controller elects broker 1, which has m1; on
// Kafka 2.0 broker 3 leads without it). The button says where it goes,
// never what happens there, so the same while a question is ahead, and
// goes once the variant plays; a fixed preset's names the bug's
// release, or "before the fix".
func TestComparePartner(t *testing.T) {
	s := pickedStore(t, "incident-kafka-7128")
	if !s.HideOutcome() {
		t.Fatal("the lesson hides nothing before its question")
	}
	if got := s.StoryView().SideBySide; got != "Side by side with Kafka 4.4" {
		t.Errorf("with a question ahead the button says %q", got)
	}
	s.Dispatch(ToggleLesson{})
	if got := s.StoryView().SideBySide; got != "Side by side with Kafka 4.4" {
		t.Errorf("the button says %q", got)
	}
	end := engine.Time(27_000)
	s.Dispatch(ScrubTo{At: end})
	s.Dispatch(ComparePartner{})
	if s.RunTab != 1 {
		t.Errorf("a phone shows run %d first, want the variant (1): the main diagram draws the base", s.RunTab)
	}
	if s.Err != "" || len(s.Variants) != 1 || s.Variants[0].Label != "kafka=4.4" {
		t.Fatalf("%q, variants %+v", s.Err, s.Variants)
	}
	if got := s.BaseLabel(); got != "kafka=2.0" {
		t.Errorf("the base is named %q, want kafka=2.0", got)
	}
	tp := engine.TopicPartition{Topic: "t"}
	bp, _ := s.Player.State().Partition(tp)
	vp, _ := s.Variants[0].Player.State().Partition(tp)
	if b, v := bp.Leader, vp.Leader; b != 3 || v != 1 {
		t.Errorf("at %s the leaders are b%d (kafka=2.0) and b%d (kafka=4.4), want b3 and b1", engine.FormatTime(end), b, v)
	}
	if got := s.StoryView(); got.SideBySide != "" || got.Partner.Name != "incident-kafka-7128-fixed" {
		t.Errorf("with the variant playing: %+v, want the partner button alone", got)
	}
	if !strings.Contains(s.ScriptText(), "\nvs \"kafka=4.4\" kafka=4.4\n") {
		t.Error("the script holds no vs line")
	}
}

// TestSideBySideLabels: each direction of a partner's button.
func TestSideBySideLabels(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"bug-in kip101-before-the-fix\ncluster brokers=2\n", "Side by side, before the fix"},
		{"bug-in incident-kafka-7128\ncluster brokers=3\n", "Side by side with Kafka 2.0"},
		{"fixed-by kip279-after-the-fix\ncluster brokers=2 kafka=1.1\n", "Side by side with Kafka 4.4"},
		{"bug-in no-such-preset\ncluster brokers=2\n", ""},
		{"cluster brokers=2\n", ""},
	} {
		if got := storeAt(t, c.src, 0).StoryView().SideBySide; got != c.want {
			t.Errorf("%q: %q, want %q", c.src, got, c.want)
		}
	}
}
