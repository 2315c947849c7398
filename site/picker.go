package site

import "kplay/scenarios"

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
