package site

import (
	"strings"
	"testing"

	"kplay/scenarios"
)

// TestEditApplyKeepsMoment: changing a line of a preset and applying it
// plays the changed scenario at the same moment, and the editor then shows
// the applied text.
func TestEditApplyKeepsMoment(t *testing.T) {
	p, _ := scenarios.Get("acks1-loss")
	s := NewStoreFromScript(p.Name+".txt", p.Text)
	s.Share.Preset = p.Name
	s.Player.Seek(25000)
	s.Playing = false
	// acks=1 becomes acks=all: the record is then never acknowledged
	// before the crash, instead of acknowledged and lost.
	text := s.EditorText()
	if !strings.Contains(text, "acks=1") {
		t.Fatalf("the preset has no acks=1 line:\n%s", text)
	}
	edited := strings.Replace(text, "acks=1", "acks=all", 1)
	s.Dispatch(EditScript{Text: edited})
	if !s.Edit.Dirty || s.Edit.Problem != nil || s.EditorText() != edited {
		t.Fatalf("after typing: dirty %v problem %v", s.Edit.Dirty, s.Edit.Problem)
	}
	s.Dispatch(ApplyScript{})
	if s.Edit.Dirty || s.Player.Now() != 25000 || s.Playing {
		t.Fatalf("after apply: dirty %v at %v playing %v", s.Edit.Dirty, s.Player.Now(), s.Playing)
	}
	if got := s.EditorText(); got != edited {
		t.Errorf("the editor shows a different script after apply:\n%s", got)
	}
	if s.Share.Preset != "" {
		t.Errorf("an edited preset still claims to be preset %q", s.Share.Preset)
	}
	if !strings.HasPrefix(s.Edit.Status, "Applied at 00:00:25.000") {
		t.Errorf("status %q", s.Edit.Status)
	}
	if strings.Contains(s.ShareFragment(), "acks=1") {
		t.Error("the share link is not the edited script")
	}
}

// TestEditErrorKeepsText: a draft that does not compile is not applied,
// its error has the line and column, and the text stays in the editor.
func TestEditErrorKeepsText(t *testing.T) {
	s := NewStoreFromScript("s.txt", "cluster brokers=3\ncreate-topic t partitions=1 rf=3\n")
	before := s.Player.Describe()
	draft := "cluster brokers=3\ncreate-topic t partitions=1 rf=3\ncrsh 1\n"
	s.Dispatch(EditScript{Text: draft})
	pr := s.EditorProblem()
	if pr == nil || pr.Line != 3 || pr.Col != 1 || !strings.Contains(pr.Msg, "crsh") {
		t.Fatalf("problem %+v, want line 3 column 1 naming crsh", pr)
	}
	s.Dispatch(ApplyScript{})
	if !s.Edit.Dirty || s.EditorText() != draft || s.Player.Describe() != before {
		t.Fatalf("a bad draft was applied or dropped: dirty %v text %q", s.Edit.Dirty, s.EditorText())
	}
	if !strings.Contains(s.Edit.Status, "Not applied: line 3, column 1") {
		t.Errorf("status %q", s.Edit.Status)
	}
	// Picking a preset meanwhile keeps the draft too.
	s.Dispatch(PickPreset{Name: "acks1-loss"})
	if s.EditorText() != draft || !s.EditorStale() {
		t.Fatalf("picking a preset dropped the draft (stale %v)", s.EditorStale())
	}
	s.Dispatch(RevertScript{})
	if s.Edit.Dirty || s.EditorText() != s.ScriptText() {
		t.Fatal("revert does not show the scenario's script")
	}
}

// TestEditArgumentColumn: an error in an argument points at the argument.
func TestEditArgumentColumn(t *testing.T) {
	pr := CheckScript("cluster brokers=3\ncreate-topic t partitions=1 rf=x\n")
	if pr == nil || pr.Line != 2 {
		t.Fatalf("problem %+v, want line 2", pr)
	}
	if pr.Col != strings.Index("create-topic t partitions=1 rf=x", "rf=")+1 {
		t.Errorf("column %d does not point at rf=x", pr.Col)
	}
}

// TestEditRuntimeErrorLine: a command that compiles but fails when played
// is marked at its line.
func TestEditRuntimeErrorLine(t *testing.T) {
	s := NewStoreFromScript("s.txt", "cluster brokers=3\ncreate-topic t partitions=1 rf=3\nproduce nope-0 values=(a)\n")
	pr := s.EditorProblem()
	if pr == nil || pr.Line != 3 {
		t.Fatalf("problem %+v, want line 3", pr)
	}
}

func TestEditTooLarge(t *testing.T) {
	big := "cluster brokers=3\n" + strings.Repeat("# padding padding padding padding padding padding\n", MaxScript/50+10)
	pr := CheckScript(big)
	if pr == nil || !strings.Contains(pr.Msg, "64 KiB") || pr.Line < 2 {
		t.Fatalf("problem %+v", pr)
	}
}

// TestEditExpectedOutputsDropped: a pasted test file (with ---- blocks)
// applies, without its expected outputs.
func TestEditExpectedOutputsDropped(t *testing.T) {
	s := NewStoreFromScript("s.txt", "cluster brokers=3\n")
	s.Dispatch(EditScript{Text: "cluster brokers=3\n----\nok\n\ncreate-topic t partitions=2 rf=3\n----\nwhatever\n"})
	s.Dispatch(ApplyScript{})
	if s.Edit.Dirty || strings.Contains(s.EditorText(), "----") || !strings.Contains(s.Edit.Status, "dropped") {
		t.Fatalf("dirty %v status %q text:\n%s", s.Edit.Dirty, s.Edit.Status, s.EditorText())
	}
	if st := s.Player.State(); len(st.Partitions) != 2 {
		t.Errorf("partitions %d, want 2", len(st.Partitions))
	}
}

// TestEditTypingDoesNotRedraw: typing a character inside a line changes
// nothing the page draws around the editor, so it does not re-render.
func TestEditTypingDoesNotRedraw(t *testing.T) {
	s := NewStoreFromScript("s.txt", "cluster brokers=3\ncreate-topic t partitions=1 rf=3\n")
	n := 0
	s.Subscribe(func() { n++ })
	s.Dispatch(EditScript{Text: "cluster brokers=3\ncreate-topic t partitions=1 rf=3\n#"})
	first := n
	s.Dispatch(EditScript{Text: "cluster brokers=3\ncreate-topic t partitions=1 rf=3\n# "})
	if first != 1 || n != first {
		t.Errorf("renders: %d after the first key, %d after the second", first, n)
	}
}

// TestRestoreDraft: a draft saved before a reload comes back only over the
// script it was edited from.
func TestRestoreDraft(t *testing.T) {
	s := NewStoreFromScript("s.txt", "cluster brokers=3\n")
	base := s.ScriptText()
	s.Dispatch(RestoreDraft{Base: "cluster brokers=5\n", Draft: "x"})
	if s.Edit.Dirty {
		t.Fatal("a draft of another script was restored")
	}
	s.Dispatch(RestoreDraft{Base: base, Draft: base + "crash 1\n"})
	if !s.Edit.Dirty || s.EditorText() != base+"crash 1\n" {
		t.Fatal("the draft was not restored")
	}
}

// TestBrokenScriptStaysInEditor: a script that does not compile (from a
// link or a load) opens in the editor with its error marked, so that it
// can be fixed rather than lost.
func TestBrokenScriptStaysInEditor(t *testing.T) {
	src := "# title: broken\ncluster brokers=3\ncreate-topic t partitions=one\n"
	s := NewStoreFromScript("link", src)
	pr := s.EditorProblem()
	if s.EditorText() != src || pr == nil || pr.Line != 3 || s.EditorStale() {
		t.Fatalf("editor %q problem %+v stale %v", s.EditorText(), pr, s.EditorStale())
	}
	s.Dispatch(EditScript{Text: strings.Replace(src, "one", "1", 1)})
	s.Dispatch(ApplyScript{})
	if s.Err != "" || s.Edit.Dirty || len(s.Player.State().Partitions) != 1 {
		t.Fatalf("after the fix: err %q dirty %v", s.Err, s.Edit.Dirty)
	}
}
