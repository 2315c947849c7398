package site

import (
	"net/url"
	"strconv"
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

// TestStartupSaysWhatItChanged: speed=1e9 and t=abc were changed or
// dropped without a word (issue 27); each now is a problem naming its
// parameter, in the banner and for the embed's host.
func TestStartupSaysWhatItChanged(t *testing.T) {
	for _, c := range []struct {
		query, param, want string
		speed              float64
	}{
		{"?speed=1e9", "speed", `speed="1e9" was lowered to 10`, MaxSpeed},
		{"?speed=1e999", "speed", "lowered to 10", MaxSpeed},
		{"?speed=0.0000001", "speed", "raised to 0.001", MinSpeed},
		{"?preset=acks1-loss&t=abc", "t", `t="abc" was ignored`, 0},
		{"?preset=acks1-loss&t=-5", "t", `t="-5" was ignored`, 0},
		{"?lesson=%3Cscript%3E", "lesson", `lesson="<script>" was ignored`, 0},
		{"?lesson=" + strings.Repeat("a", MaxLessonID+1), "lesson", "was ignored", 0},
		{"?preset=nope", "preset", `no preset called "nope"`, 0},
	} {
		st := ParseStartup("", c.query)
		if len(st.Problems) != 1 || st.Problems[0].Param != c.param || !strings.Contains(st.Problems[0].Text, c.want) || st.Banner != st.Problems[0].Text {
			t.Errorf("%s: problems %+v banner %q, want one about %s saying %q", c.query, st.Problems, st.Banner, c.param, c.want)
		}
		if st.Embed.Speed != c.speed {
			t.Errorf("%s: speed %v, want %v", c.query, st.Embed.Speed, c.speed)
		}
	}
	if st := ParseStartup("", "?speed=0.5&t=4000&preset=acks1-loss&lesson=unit-3.quiz_1"); len(st.Problems) != 0 || st.Embed.Speed != 0.5 ||
		!st.HasSeek || st.Seek != 4000 || st.Embed.Lesson != "unit-3.quiz_1" || st.Embed.LessonOff || st.Name != "acks1-loss.txt" {
		t.Errorf("good parameters: %+v", st)
	}
	for _, v := range []string{"0", "false"} {
		if st := ParseStartup("", "?lesson="+v); !st.Embed.LessonOff || st.Embed.Lesson != "" || len(st.Problems) != 0 {
			t.Errorf("lesson=%s: %+v", v, st.Embed)
		}
	}
	for _, v := range []string{"1", "true", ""} {
		if st := ParseStartup("", "?lesson="+v); st.Embed.LessonOff || st.Embed.Lesson != "" || len(st.Problems) != 0 {
			t.Errorf("lesson=%s: %+v", v, st.Embed)
		}
	}
}

func TestStartupOrigins(t *testing.T) {
	st := ParseStartup("", "?origin="+url.QueryEscape("https://School.Example, http://localhost:8000/,https://a.example:443,ftp://x.example,https://a.example/path,null,https://school.example"))
	if got := strings.Join(st.Embed.Origins, " "); got != "https://school.example http://localhost:8000 https://a.example" {
		t.Errorf("origins %q", got)
	}
	var bad []string
	for _, p := range st.Problems {
		if p.Param != "origin" || p.Reason != ReasonBadParameter {
			t.Errorf("problem %+v", p)
		}
		bad = append(bad, p.Text)
	}
	if len(bad) != 3 || !strings.Contains(bad[0], `"ftp://x.example"`) || !strings.Contains(bad[1], `"https://a.example/path"`) || !strings.Contains(bad[2], `"null"`) {
		t.Errorf("refused origins: %q", bad)
	}
	if st := ParseStartup("", "?preset=acks1-loss"); st.Embed.Origins != nil {
		t.Errorf("no origin= gives %q, want nil (any origin)", st.Embed.Origins)
	}
	st = ParseStartup("", "?origin=nothing-here")
	if st.Embed.Origins == nil || len(st.Embed.Origins) != 0 || !strings.Contains(st.Banner, "obeys no page") {
		t.Errorf("an origin= of no origin: %q %q", st.Embed.Origins, st.Banner)
	}
	var many []string
	for i := range MaxOrigins + 2 {
		many = append(many, "https://h"+strconv.Itoa(i)+".example")
	}
	if st := ParseStartup("", "?origin="+strings.Join(many, ",")); len(st.Embed.Origins) != MaxOrigins || len(st.Problems) != 2 {
		t.Errorf("%d origins kept, %d problems", len(st.Embed.Origins), len(st.Problems))
	}
	for raw, want := range map[string]string{
		"http://[::1]:8080": "http://[::1]:8080", "HTTPS://X.EXAMPLE/": "https://x.example", "http://x.example:80": "http://x.example",
		"https://user@x.example": "", "https://x.example?": "", "https://x.example#": "", "x.example": "", "https://x.example:99999": "",
		"https://x.example:": "https://x.example", "https://x.example:0443": "https://x.example", "https://x.example:8443/": "https://x.example:8443",
		"https://[::1": "", "https://[zz]": "", "https://a b.example": "", "https://x.example:-1": "", "https://x.example:+80": "", "javascript://x": "",
	} {
		got, ok := NormalOrigin(raw)
		if got != want || ok != (want != "") {
			t.Errorf("NormalOrigin(%q) = %q %v, want %q", raw, got, ok, want)
		}
	}
}

func FuzzStartupProblems(f *testing.F) {
	f.Add("?speed=1e9&t=abc&origin=https://a.example,x&lesson=q")
	f.Fuzz(func(t *testing.T, query string) {
		st := ParseStartup("", query)
		if st.Banner != Banner(st.Problems) {
			t.Fatalf("%q: banner %q is not its problems'", query, st.Banner)
		}
		for _, p := range st.Problems {
			if p.Reason == "" || p.Text == "" || len(p.Text) > 400 {
				t.Fatalf("%q: problem %+v", query, p)
			}
		}
		if st.Embed.Lesson != "" && !ValidLessonID(st.Embed.Lesson) {
			t.Fatalf("%q: lesson %q", query, st.Embed.Lesson)
		}
	})
}
