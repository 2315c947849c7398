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

// Course is the scenario picker as a course (scenarios.All's order), in
// three <optgroup>s whose headings carry the numbers of their entries, so
// that the long list scans as a table of contents: "1–11 · The lesson",
// "12–14 · Famous failures", "15–42 · Famous incidents: each report, then
// today's Kafka". Every entry is numbered in course order. An incident's
// entry leads with the name of its public report, the first source
// directive's up to its colon ("15. KIP-101 · before the fix: a follower
// restarts"), and its fixed partner follows it, marked "↳" and without
// the report's name ("16. ↳ after the fix: the same restart today"), so
// that a pair is read together. An option's words are the preset's
// title, which is neutral (it names the setting, not the outcome, so
// lesson mode can show it). An incident whose partner is not the next
// preset stands alone.
func Course() []CourseGroup {
	all := scenarios.All()
	var out []CourseGroup
	var heads []string
	firsts := []int{}
	group := func(head string, n int) *CourseGroup {
		if k := len(heads); k > 0 && heads[k-1] == head {
			return &out[k-1]
		}
		heads, firsts = append(heads, head), append(firsts, n)
		out = append(out, CourseGroup{})
		return &out[len(out)-1]
	}
	n := 0
	num := func() string { n++; return itoa(int64(n)) + ". " }
	for i := 0; i < len(all); i++ {
		p := all[i]
		switch p.Group {
		case scenarios.GroupFamousIncidents:
			g := group(p.Group+": each report, then today's Kafka", n+1)
			report := reportName(p)
			g.Items = append(g.Items, CourseItem{Name: p.Name, Label: num() + report + " · " + withoutReport(p.Title, report)})
			if i+1 < len(all) && partnerName(p.Text, "fixed-by") == all[i+1].Name {
				i++
				g.Items = append(g.Items, CourseItem{Name: all[i].Name, Label: num() + "↳ " + withoutReport(all[i].Title, report)})
			}
		default:
			g := group(p.Group, n+1)
			g.Items = append(g.Items, CourseItem{Name: p.Name, Label: num() + p.Title})
		}
	}
	for k := range out {
		last := firsts[k] + len(out[k].Items) - 1
		out[k].Label = itoa(int64(firsts[k])) + "–" + itoa(int64(last)) + " · " + heads[k]
	}
	return out
}

// withoutReport is an incident's title without the name of its report,
// which the picker's entry leads with: "KIP-101 before the fix: a
// follower restarts" is "before the fix: a follower restarts", "Kafka
// 0.10 (KIP-106): a follower returns" is "Kafka 0.10: a follower
// returns".
func withoutReport(title, report string) string {
	if rest, ok := strings.CutPrefix(title, report+" "); ok {
		return rest
	}
	return strings.Replace(title, " ("+report+")", "", 1)
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
