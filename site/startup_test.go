package site

import (
	"strings"
	"testing"

	"kplay/link"
	"kplay/scenarios"
)

func TestStartupDefault(t *testing.T) {
	st := ParseStartup("", "")
	p, _ := scenarios.Get(scenarios.Default)
	if st.Script != p.LearnerText() || st.Banner != "" || st.HasSeek || st.Embed.Controls != "full" {
		t.Fatalf("default startup = %+v", st)
	}
}

func TestStartupShareLink(t *testing.T) {
	src := "# title: shared\ncluster brokers=3\n"
	frag := "#" + link.Encode(link.Link{Script: src, T: 36000500, HasT: true})
	st := ParseStartup(frag, "")
	if st.Script != src || st.Name != "link" || !st.HasSeek || st.Seek != 36000500 || st.Banner != "" {
		t.Fatalf("startup = %+v", st)
	}
	// embed.html carries the same link in its query.
	q := "?" + link.Encode(link.Link{Script: src, T: 7, HasT: true}) + "&autoplay=1&speed=0.01&panels=log,describe&controls=min&theme=dark"
	st = ParseStartup("", q)
	if st.Script != src || st.Seek != 7 || !st.Embed.Autoplay || st.Embed.Speed != 0.01 ||
		strings.Join(st.Embed.Panels, ",") != "log,describe" || st.Embed.Controls != "min" || st.Embed.Theme != "dark" || st.Banner != "" {
		t.Fatalf("embed startup = %+v", st)
	}
}

func TestStartupBrokenLinks(t *testing.T) {
	p, _ := scenarios.Get(scenarios.Default)
	for _, c := range []struct{ frag, query, want string }{
		{"#s=1.!!!", "", "This link is damaged, perhaps cut off when it was copied. Showing the default scenario instead."},
		{"#" + link.Encode(link.Link{Script: "cluster brokers=3\ncreate-topic t partitions=1 rf=3\n"})[:12], "", "This link is damaged, perhaps cut off when it was copied."},
		{"#s=7.AAAA", "", "newer kplay"},
		{"#s=" + link.EncodePayload("x") + "&t=yesterday", "", "This link is damaged"},
		{"", "?preset=%3Cscript%3E", `no preset called "<script>"`},
		{"", "?speed=fast&controls=all&theme=pink&panels=log,secrets&autoplay=maybe", "speed="},
	} {
		st := ParseStartup(c.frag, c.query)
		if st.Script != p.LearnerText() || !strings.Contains(st.Banner, c.want) {
			t.Errorf("%s%s: script default=%v banner %q, want %q", c.frag, c.query, st.Script == p.LearnerText(), st.Banner, c.want)
		}
	}
	st := ParseStartup("", "?speed=fast&controls=all&theme=pink&panels=log,secrets&autoplay=maybe")
	for _, k := range []string{"speed=", "controls=", "theme=", "panels=", "autoplay="} {
		if !strings.Contains(st.Banner, k) {
			t.Errorf("banner %q does not name %s", st.Banner, k)
		}
	}
	if st.Embed.Controls != "full" || st.Embed.Theme != "" || st.Embed.Panels != nil || !st.Embed.Autoplay || st.Embed.AutoplayAsked || st.Embed.Speed != 0 {
		t.Errorf("bad values were not left at their defaults: %+v", st.Embed)
	}
}

func TestStartupPreset(t *testing.T) {
	st := ParseStartup("", "?preset=jepsen-2013")
	if !strings.Contains(st.Script, "Jepsen 2013") || st.Name != "jepsen-2013.txt" {
		t.Fatalf("preset startup = %+v", st.Name)
	}
}

func FuzzStartup(f *testing.F) {
	f.Add("#"+link.Encode(link.Link{Script: "cluster brokers=3\n", T: 1, HasT: true}), "?autoplay=1")
	f.Add("#s=1.AAAA", "?s=2.x&t=-1")
	f.Fuzz(func(t *testing.T, frag, query string) {
		st := ParseStartup(frag, query)
		if st.Script == "" {
			t.Fatalf("%q %q: no script to open", frag, query)
		}
	})
}
