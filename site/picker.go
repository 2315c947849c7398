package site

import (
	"strings"

	"kplay/scenarios"
)

// PickerLabel is how the scenario picker names what plays when it is not
// a preset as it is: "Shared: <title>" for a share link's scenario, "Your
// edit of <preset's title>" once the reader changed a preset, "Your edit
// of the shared <title>" once they changed a link's, "Your script:
// <title>" for a script of their own. It is "" while a preset plays as it
// is (the picker shows the preset itself). Titles are clipped to 60
// characters; an untitled script is "a scenario without a title".
func (s *Store) PickerLabel() string {
	sh := &s.Share
	if sh.Preset != "" {
		return ""
	}
	title := s.Title
	if title == "" {
		title = "a scenario without a title"
	}
	title = Clip(title, 60)
	switch {
	case sh.Shared && !sh.Edited:
		return "Shared: " + title
	case sh.Shared:
		return "Your edit of the shared “" + title + "”"
	}
	if p, ok := scenarios.Get(sh.From); ok {
		if s.Title != "" && s.Title != p.Title {
			return "Your script: " + title
		}
		return "Your edit of " + Clip(p.Title, 60)
	}
	return "Your script: " + title
}

// CourseGroup is one <optgroup> of the scenario picker: its heading and
// its presets, in course order.
type CourseGroup struct {
	Label string
	Items []CourseItem
}

// CourseItem is one preset as the picker lists it: Name is its ?preset=
// name, Label the option's words.
type CourseItem struct{ Name, Label string }

// Course is the scenario picker as a course (scenarios.All's order):
// first the lesson's sections, numbered ("1. Start here: …"), then the
// famous failures, then the incident gallery, one group per incident
// with the bug's preset followed by its fixed partner ("Famous incident:
// KAFKA-7128": "Kafka 2.0: …", "Kafka 4.4: …"), so that a pair is read
// together. An option's words are the preset's title, which is neutral
// (it names the setting, not the outcome, so lesson mode can show it);
// the incident's heading is only the name of its public report, the
// first source directive's up to its colon. An incident whose partner is
// not the next preset has a group of its own.
func Course() []CourseGroup {
	all := scenarios.All()
	var out []CourseGroup
	group := func(label string) *CourseGroup {
		if n := len(out); n > 0 && out[n-1].Label == label {
			return &out[n-1]
		}
		out = append(out, CourseGroup{Label: label})
		return &out[len(out)-1]
	}
	lesson := 0
	for i := 0; i < len(all); i++ {
		p := all[i]
		switch p.Group {
		case scenarios.GroupLesson:
			lesson++
			g := group(p.Group)
			g.Items = append(g.Items, CourseItem{Name: p.Name, Label: itoa(int64(lesson)) + ". " + p.Title})
		case scenarios.GroupFamousIncidents:
			g := CourseGroup{Label: "Famous incident: " + reportName(p), Items: []CourseItem{{Name: p.Name, Label: p.Title}}}
			if i+1 < len(all) && partnerName(p.Text, "fixed-by") == all[i+1].Name {
				i++
				g.Items = append(g.Items, CourseItem{Name: all[i].Name, Label: all[i].Title})
			}
			out = append(out, g)
		default:
			g := group(p.Group)
			g.Items = append(g.Items, CourseItem{Name: p.Name, Label: p.Title})
		}
	}
	return out
}

// reportName is the name of the public report preset p replays: its first
// source directive's text up to the first colon or semicolon
// ("KAFKA-7128"), or the preset's name without one.
func reportName(p scenarios.Preset) string {
	for line := range strings.Lines(p.Text) {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), `source "`)
		if !ok {
			continue
		}
		if i := strings.IndexAny(rest, `:;"`); i > 0 {
			return strings.TrimSpace(rest[:i])
		}
	}
	return p.Name
}

// partnerName is the preset a script's fixed-by (or bug-in) directive
// names, "" without one.
func partnerName(src, directive string) string {
	for line := range strings.Lines(src) {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), directive+" "); ok {
			return strings.TrimSpace(rest)
		}
	}
	return ""
}
