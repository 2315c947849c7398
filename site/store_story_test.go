package site

import (
	"slices"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/scenarios"
)

// incidentLesson is lossLesson as a gallery preset: it cites a ticket
// whose title tells the outcome, and names kip101-after-the-fix as its
// fixed partner (a preset on Kafka 4.4).
const incidentLesson = `source "KAFKA-0000: acks=1 can lose a write" url=https://issues.apache.org/jira/browse/KAFKA-0000
source "A blog post" url=https://example.org/post?id=1
fixed-by kip101-after-the-fix
` + lossLesson

// TestStoryViewSourcesAndPartner: the summary panel links each source
// and offers the partner preset, named by the partner's release; in
// lesson mode, before the question, the source says only its name and
// the button only where it goes, and both say all once the answer shows.
func TestStoryViewSourcesAndPartner(t *testing.T) {
	s := storeAt(t, incidentLesson, 0)
	v := s.StoryView()
	if v.NSources != 2 || v.Sources[0] != (SourceLink{"KAFKA-0000", "https://issues.apache.org/jira/browse/KAFKA-0000"}) ||
		v.Sources[1] != (SourceLink{"A blog post", "https://example.org/post?id=1"}) {
		t.Errorf("before the question: sources %+v", v.Sources[:v.NSources])
	}
	if v.Partner != (PartnerLink{Name: "kip101-after-the-fix", Label: "Play the same schedule on Kafka 4.4"}) {
		t.Errorf("before the question: partner %+v", v.Partner)
	}
	for range 200 {
		s.Dispatch(Tick{RealMs: 100})
		if _, open := s.OpenAsk(); open {
			break
		}
	}
	if got := s.StoryView(); got != v {
		t.Errorf("at the open question the panel changed: %+v", got)
	}
	s.Dispatch(PickAnswer{Option: "no"})
	v = s.StoryView()
	if v.Sources[0].Text != "KAFKA-0000: acks=1 can lose a write" || v.Partner.Label != "See it fixed on Kafka 4.4" {
		t.Errorf("after the answer: %+v", v)
	}
	s = storeAt(t, incidentLesson, 0)
	s.Dispatch(ToggleLesson{})
	if v := s.StoryView(); v.Sources[0].Text != "KAFKA-0000: acks=1 can lose a write" || v.Partner.Label != "See it fixed on Kafka 4.4" {
		t.Errorf("lesson mode off: %+v", v)
	}
}

// TestStoryViewPartnerLabels: the fixed preset's button names the bug's
// release, or "before the fix" when the bug is replayed by switches on
// today's release; a script naming no partner, or one that does not
// exist, has no button; a script's summary is the view's.
func TestStoryViewPartnerLabels(t *testing.T) {
	for _, c := range []struct{ src, name, label string }{
		{"bug-in kip101-before-the-fix\ncluster brokers=2\n", "kip101-before-the-fix", "See the bug before the fix"},
		{"fixed-by kip279-after-the-fix\ncluster brokers=2 kafka=1.1\n", "kip279-after-the-fix", "See it fixed on Kafka 4.4"},
		{"bug-in no-such-preset\ncluster brokers=2\n", "", ""},
		{"summary \"Watch. Then watch again.\"\ncluster brokers=2\n", "", ""},
	} {
		v := storeAt(t, c.src, 0).StoryView()
		if v.Partner != (PartnerLink{Name: c.name, Label: c.label}) {
			t.Errorf("%q: partner %+v, want %q %q", c.src, v.Partner, c.name, c.label)
		}
	}
	if v := storeAt(t, "summary \"Watch. Then watch again.\"\ncluster brokers=2\n", 0).StoryView(); v.Summary != "Watch. Then watch again." || v.NSources != 0 {
		t.Errorf("summary only: %+v", v)
	}
}

// TestPartnerOpensLikeThePicker: the partner button's PickPreset plays
// the partner preset from its start, names it in the share bar and puts
// ?preset= in the address bar, and the fixed preset's button leads back.
func TestPartnerOpensLikeThePicker(t *testing.T) {
	p, _ := scenarios.Get("kip101-before-the-fix")
	s := NewStoreFromScript(p.Name+".txt", p.LearnerText())
	var addr []string
	s.Share.Hooks.SetAddress = func(q string) { addr = append(addr, q) }
	v := s.StoryView()
	if v.Partner.Name != "kip101-after-the-fix" {
		t.Fatalf("partner %+v", v.Partner)
	}
	s.Dispatch(PickPreset{Name: v.Partner.Name})
	if s.Share.Preset != "kip101-after-the-fix" || !slices.Equal(addr, []string{"?preset=kip101-after-the-fix"}) {
		t.Fatalf("after the click: preset %q, address %q", s.Share.Preset, addr)
	}
	if got := s.StoryView().Partner; got.Name != "kip101-before-the-fix" || got.Label != "See the bug before the fix" {
		t.Errorf("the fixed preset's button: %+v", got)
	}
	if s.Player.Now() != s.Player.Scenario().Config.Start {
		t.Errorf("the partner opens at %d, not at its start", s.Player.Now())
	}
}

// TestLinkShowsTheLiveCaption: in start-here the reader crashes broker 1
// after the script's last caption ("Or send one record with acks=1 and
// crash broker 1 at once"), waits for the election and restarts it, then
// copies a link. The live page no longer shows the script's caption (the
// reader's action changed the story) but what the narrator said; the
// reopened link, whose script now carries those commands, must show the
// same line at the same moment.
func TestLinkShowsTheLiveCaption(t *testing.T) {
	s := presetStore(t, "start-here")
	start := s.Player.Scenario().Config.Start
	s.Dispatch(SetSpeed{Speed: 1})
	// play runs the page's frames, 50 ms of real time each (a tick, then
	// the narrator), until the playhead reaches until.
	play := func(s *Store, until engine.Time) {
		if !s.Playing {
			s.Dispatch(TogglePlay{})
		}
		for i := 0; i < 10_000 && s.Player.Now() < until; i++ {
			s.Dispatch(Tick{RealMs: 50})
			s.Dispatch(Narrate{RealMs: 50})
		}
	}
	play(s, start+8000)
	before, ok := s.Caption()
	if !ok || !strings.Contains(before, "acks=1") {
		t.Fatalf("at 8 s the caption is %q %v, want the script's last", before, ok)
	}
	s.Dispatch(Act{Cmd: engine.Crash{Broker: 1}})
	play(s, start+20000)
	s.Dispatch(Act{Cmd: engine.Restart{Broker: 1}})
	play(s, s.Player.Now()+100)
	s.Dispatch(TogglePlay{})
	live := s.MomentCaption()
	if live == "" || live == before {
		t.Fatalf("live caption %q after the reader's commands", live)
	}
	st := ParseStartup("#"+s.ShareFragment(), "")
	r := OpenStartup(st, false)
	if r.Err != "" {
		t.Fatal(r.Err)
	}
	if r.Player.Now() != s.Player.Now() {
		t.Fatalf("the link opens at %s, the live page is at %s", engine.FormatTime(r.Player.Now()), engine.FormatTime(s.Player.Now()))
	}
	r.Dispatch(Narrate{RealMs: 0})
	if got := r.MomentCaption(); got != live {
		t.Errorf("reopened link's caption %q, live %q", got, live)
	}
}

// TestCaptionRoom: the caption's box keeps room for each of the
// scenario's say captions, once each, in script order.
func TestCaptionRoom(t *testing.T) {
	s := NewStoreFromScript("room.txt", `cluster brokers=3
say "one"
run until=00:00:01.000
say "a longer second caption"
run until=00:00:02.000
say "one"
`)
	if s.Err != "" {
		t.Fatal(s.Err)
	}
	if got, want := s.CaptionRoom(), []string{"one", "a longer second caption"}; !slices.Equal(got, want) {
		t.Errorf("room for %q, want %q", got, want)
	}
}
