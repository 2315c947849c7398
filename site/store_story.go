package site

import (
	"strings"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/scenarios"
)

// This file holds the scenario's story for the learner: its summary (the
// script's summary directive) and the caption of the moment (its say
// directives), shown under the diagram like subtitles.

// Caption returns the say caption for the playhead: the last one whose
// time is at or before it (of several at one instant, the last in script
// order), and false before the first, in a script without any, or once
// the reader has acted (the script's story may no longer be true). While
// a question is open and unanswered, the captions that come after it in
// the script are held back: a say at the ask's own moment tells what the
// question asks the reader to predict.
func (s *Store) Caption() (text string, ok bool) {
	p := s.Player
	now := p.Now()
	caps := p.Scenario().Captions
	held := -1 // captions after this script line wait for the answer
	if a, open := s.OpenAsk(); open && !s.Lesson.Revealed[s.Lesson.Open] {
		held = a.Line
	}
	// Held at a moment before some of its directives (a question's, or
	// the outline's), the captions from the first step not yet applied
	// on tell what has not happened yet.
	pending, isHeld := p.HeldLine()
	for i := len(caps) - 1; i >= 0; i-- {
		if held >= 0 && caps[i].Line > held || isHeld && caps[i].At == now && caps[i].Line > pending {
			continue
		}
		if caps[i].At <= now {
			if s.acted() {
				// The reader's own action has changed the story: the
				// script's sentences no longer tell what the cluster is
				// doing ("crash broker 1" once broker 2 leads).
				return "", false
			}
			return caps[i].Text, true
		}
	}
	return "", false
}

// CaptionRoom returns the texts of the scenario's say directives, each
// once, in script order: what the caption's box above the diagram (a
// phone, an embed) keeps room for, so that each of them shows whole and
// the diagram under the box stays where it is from one to the next
// (site/ui renderCaption). A box of a fixed two lines cut a 90-px
// caption to its first 35 px on a phone, with no sign of more.
func (s *Store) CaptionRoom() []string {
	caps := s.Player.Scenario().Captions
	out := make([]string, 0, len(caps))
	seen := make(map[string]bool, len(caps))
	for _, c := range caps {
		if !seen[c.Text] {
			seen[c.Text] = true
			out = append(out, c.Text)
		}
	}
	return out
}

// MomentCaption is the line under the diagram for the playhead: the
// script's caption (Caption), or once the reader has acted (or has none)
// what the narrator last said (Narration.Current), "" if neither.
func (s *Store) MomentCaption() string {
	if text, ok := s.Caption(); ok {
		return text
	}
	return s.Manners.Narration.Current
}

// acted reports whether the reader has taken an action at or before the
// playhead: in this session, or in the one a share link was copied from
// (its commands marked ReaderMark).
func (s *Store) acted() bool { return s.actedBy(s.Player.Now()) }

// actedBy reports whether the reader has taken an action at or before t,
// as acted does for the playhead: from then on the script's captions are
// not shown (Caption).
func (s *Store) actedBy(t engine.Time) bool {
	if s.hasReader && s.readerFrom <= t {
		return true
	}
	for _, st := range s.Player.user {
		if st.At <= t {
			return true
		}
	}
	return false
}

// Summary returns the scenario's summary directive: two or three
// sentences on what to watch, "" if the script has none.
func (s *Store) Summary() string { return s.Player.Scenario().Summary }

// StoryView is the summary panel's view, drawn from the scenario's story
// directives: the summary, the public reports the scenario replays
// (source directives, as links) and the button that opens its partner
// preset (fixed-by or bug-in). It is comparable, so the panel redraws
// only when it changes.
type StoryView struct {
	Summary string
	// Sources are the first NSources of the scenario's source directives.
	Sources  [script.MaxSources]SourceLink
	NSources int
	// Partner is the partner preset's button; its Name is "" when the
	// scenario names none, or names one that does not exist.
	Partner PartnerLink
	// SideBySide is the words of the button that plays the partner
	// beside the scenario (ComparePartner): "Side by side with Kafka
	// 4.4" (sideBySideLabel); "" when there is no partner, or the script
	// plays variants already.
	SideBySide string
}

// SourceLink is one source directive as the page links it: Text is what
// the link says, URL its http(s) address (script.Source checks the
// scheme, so it is never javascript:).
type SourceLink struct{ Text, URL string }

// PartnerLink is the one-click button to a gallery preset's partner: Name
// is the preset it opens (PickPreset), Label the button's words.
type PartnerLink struct{ Name, Label string }

// StoryView returns the summary panel's view for the scenario playing.
//
// While HideOutcome holds (lesson mode, a question still ahead), the view
// gives nothing away: a source's link says only its name (SourceName:
// "KAFKA-7128", not the ticket's title, which tells what went wrong), and the partner button says "Play the same schedule on Kafka
// 4.4" rather than "See it fixed on Kafka 4.4".
func (s *Store) StoryView() StoryView {
	sc := s.Player.Scenario()
	hide := s.HideOutcome()
	v := StoryView{Summary: sc.Summary}
	for _, src := range sc.Sources {
		if v.NSources == len(v.Sources) {
			break
		}
		text := src.Text
		if hide {
			text = SourceName(text)
		}
		v.Sources[v.NSources] = SourceLink{Text: text, URL: src.URL}
		v.NSources++
	}
	v.Partner = partnerLink(sc, hide)
	if len(s.Variants) == 0 {
		v.SideBySide = sideBySideLabel(sc)
	}
	return v
}

// SourceName is a source directive's text up to its title: the part
// before the first ':' or ';' ("KAFKA-7128" of "KAFKA-7128: Lagging high
// watermark can lead to committed data loss after ISR expansion";
// "KAFKA-14704" of Kafka's commit style, "KAFKA-14704; Follower should
// truncate before incrementing high watermark"), or the whole text when
// it has neither. A ticket's title tells what went wrong, which a
// question ahead asks the reader to predict.
func SourceName(text string) string {
	if i := strings.IndexAny(text, ":;"); i >= 0 {
		return strings.TrimSpace(text[:i])
	}
	return text
}

// partnerLink is sc's partner button: "See it fixed on Kafka 4.4" in a
// bug's preset (fixed-by), "See the bug on Kafka 2.0" in the fixed one
// (bug-in), naming the partner's release (kafka= on its cluster line).
// A partner on today's release that replays the bug through switches
// (protocol=pre-kip-101) is "before the fix". With hide, the words are
// neutral: "Play the same schedule on Kafka 4.4".
func partnerLink(sc script.Scenario, hide bool) PartnerLink {
	name, where, fixed := partnerWhere(sc)
	switch {
	case name == "":
		return PartnerLink{}
	case hide:
		return PartnerLink{Name: name, Label: "Play the same schedule " + where}
	case fixed:
		return PartnerLink{Name: name, Label: "See it fixed " + where}
	}
	return PartnerLink{Name: name, Label: "See the bug " + where}
}

// partnerWhere is sc's partner preset (fixed-by, else bug-in; "" for
// none, or one that does not exist), where it plays ("on Kafka 4.4",
// "before the fix") and whether it is the fixed one.
func partnerWhere(sc script.Scenario) (name, where string, fixed bool) {
	name, fixed = sc.FixedBy, true
	if name == "" {
		name, fixed = sc.BugIn, false
	}
	if name == "" {
		return "", "", false
	}
	p, ok := scenarios.Get(name)
	if !ok {
		return "", "", false
	}
	where = "on Kafka " + script.Release(p.Text).String()
	if !fixed && script.Release(p.Text) == engine.LatestRelease {
		where = "before the fix"
	}
	return name, where, fixed
}

// sideBySideLabel is the words of sc's side-by-side button: "Side by
// side with Kafka 4.4", "Side by side, before the fix"; "" without a
// partner. They say where the partner plays, never what happens there,
// so they are the same while a question is ahead.
func sideBySideLabel(sc script.Scenario) string {
	name, where, _ := partnerWhere(sc)
	switch {
	case name == "":
		return ""
	case strings.HasPrefix(where, "on "):
		return "Side by side with " + strings.TrimPrefix(where, "on ")
	}
	return "Side by side, " + where
}
