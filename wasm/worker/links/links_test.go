package links

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"kplay/link"
)

// mapKV is an in-memory KV.
type mapKV map[string]string

func (m mapKV) Get(k string) (string, bool, error) { v, ok := m[k]; return v, ok, nil }
func (m mapKV) Put(k, v string) error              { m[k] = v; return nil }

const script = "# title: Jepsen <2013>\ncluster brokers=3\ncreate-topic t\n"

func do(t *testing.T, h http.Handler, method, target, body string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.Host = "kplay.example"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestCreateAndFollow(t *testing.T) {
	kv := mapKV{}
	h := (&Server{KV: kv, Salt: "s1"}).Handler()
	frag := link.Encode(link.Link{Script: script, T: 1500, HasT: true})
	rec := do(t, h, "POST", "/api/links", frag)
	if rec.Code != http.StatusCreated {
		t.Fatalf("POST: %d %s", rec.Code, rec.Body)
	}
	var got struct{ ID, URL string }
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.ID) != IDLen || got.ID != ID("s1", frag) || got.URL != "https://kplay.example/s/"+got.ID {
		t.Fatalf("answer %+v", got)
	}
	// The same payload gets the same id; another salt another one.
	if again := do(t, h, "POST", "/api/links", frag); !strings.Contains(again.Body.String(), got.ID) {
		t.Errorf("second POST gave %s", again.Body)
	}
	if ID("s2", frag) == got.ID {
		t.Error("the salt does not change the id")
	}
	rec = do(t, h, "GET", "/s/"+got.ID, "")
	if rec.Code != http.StatusFound || rec.Header().Get("Location") != "/#"+frag {
		t.Fatalf("GET /s/id: %d Location %q, want /#%s", rec.Code, rec.Header().Get("Location"), frag)
	}
	back, err := link.Parse(strings.TrimPrefix(rec.Header().Get("Location"), "/"))
	if err != nil || back.Script != script || back.T != 1500 {
		t.Errorf("the redirect does not reopen the scenario: %+v %v", back, err)
	}
	if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
		t.Error("no nosniff header")
	}
}

func TestRejects(t *testing.T) {
	h := (&Server{KV: mapKV{}, Salt: "s"}).Handler()
	for _, c := range []struct {
		body string
		code int
		want string
	}{
		{"s=2." + link.EncodePayload(script)[2:], 400, "newer kplay"},
		{"s=1.!!!", 400, "not base64url"},
		{"t=5", 400, "no script"},
		{"s=" + link.EncodePayload(strings.Repeat("x", link.MaxDecoded+1)), 413, "more than 64 KiB"},
		{strings.Repeat("A", maxBody+1), 413, "at most 64 KiB"},
	} {
		rec := do(t, h, "POST", "/api/links", c.body)
		if rec.Code != c.code || !strings.Contains(rec.Body.String(), c.want) {
			t.Errorf("POST %.30q: %d %q, want %d with %q", c.body, rec.Code, rec.Body, c.code, c.want)
		}
	}
	if rec := do(t, h, "GET", "/api/links", ""); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("GET /api/links: %d", rec.Code)
	}
}

func TestUnknownShortLink(t *testing.T) {
	h := (&Server{KV: mapKV{}, Salt: "s"}).Handler()
	for _, id := range []string{"AAAAAAAAAAA", "short", "<script>x</script>"} {
		rec := do(t, h, "GET", "/s/"+url.PathEscape(id), "")
		if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "This short link is unknown") {
			t.Errorf("%q: %d %s", id, rec.Code, rec.Body)
		}
		if strings.Contains(rec.Body.String(), "<script>") {
			t.Errorf("%q is echoed as HTML", id)
		}
	}
}

func TestOEmbed(t *testing.T) {
	kv := mapKV{}
	s := &Server{KV: kv, Salt: "s"}
	h := s.Handler()
	frag := link.Encode(link.Link{Script: script})
	id := ID("s", frag)
	kv[id] = frag
	for _, page := range []string{"https://kplay.example/#" + frag, "https://kplay.example/s/" + id, "/#" + frag} {
		rec := do(t, h, "GET", "/oembed?url="+url.QueryEscape(page)+"&maxwidth=640&maxheight=5000", "")
		if rec.Code != 200 {
			t.Fatalf("%s: %d %s", page, rec.Code, rec.Body)
		}
		var o map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &o); err != nil {
			t.Fatal(err)
		}
		if o["version"] != "1.0" || o["type"] != "rich" || o["title"] != "Jepsen <2013>" || o["width"] != 640.0 || o["height"] != float64(DefaultHeight) {
			t.Errorf("%s: %v", page, o)
		}
		html, _ := o["html"].(string)
		if !strings.HasPrefix(html, `<iframe src="https://kplay.example/embed.html?s=1.`) || !strings.Contains(html, `width="640"`) || strings.Contains(html, "<2013>") {
			t.Errorf("%s: html %s", page, html)
		}
	}
	for _, c := range []struct {
		q    string
		code int
	}{
		{"url=" + url.QueryEscape("https://evil.example/#"+frag), 404},
		{"url=" + url.QueryEscape("https://kplay.example/s/AAAAAAAAAAA"), 404},
		{"url=" + url.QueryEscape("https://kplay.example/other"), 404},
		{"url=" + url.QueryEscape("https://kplay.example/#"+frag) + "&format=xml", 501},
		{"url=" + url.QueryEscape("https://kplay.example/#"+frag) + "&maxwidth=wide", 400},
		{"", 404},
	} {
		if rec := do(t, h, "GET", "/oembed?"+c.q, ""); rec.Code != c.code {
			t.Errorf("oembed?%.60s: %d, want %d", c.q, rec.Code, c.code)
		}
	}
}

func FuzzCreate(f *testing.F) {
	f.Add(link.Encode(link.Link{Script: script, T: 3, HasT: true}))
	f.Add("s=1.")
	f.Fuzz(func(t *testing.T, body string) {
		h := (&Server{KV: mapKV{}, Salt: "s"}).Handler()
		rec := do(t, h, "POST", "/api/links", body)
		switch rec.Code {
		case 201, 400, 413:
		default:
			t.Fatalf("%q: status %d", body, rec.Code)
		}
	})
}

// TestOEmbedPreset: oEmbed for a preset's address, the page's
// (/?preset=NAME) or an embed's (/embed.html?preset=NAME&…), embeds that
// preset; it gave the default scenario, and refused the embed's address.
func TestOEmbedPreset(t *testing.T) {
	titles := map[string]string{"acks1-loss": "acks=1 can lose a write"}
	for _, s := range []*Server{
		{KV: mapKV{}, Salt: "s"},
		{KV: mapKV{}, Salt: "s", PresetTitle: func(n string) (string, bool) { t, ok := titles[n]; return t, ok }},
	} {
		h := s.Handler()
		for page, want := range map[string]string{
			"https://kplay.example/?preset=acks1-loss":                                                     `src="https://kplay.example/embed.html?preset=acks1-loss"`,
			"/index.html?preset=acks1-loss":                                                                `src="https://kplay.example/embed.html?preset=acks1-loss"`,
			"https://kplay.example/embed.html?preset=acks1-loss&controls=min&speed=0.1":                    `src="https://kplay.example/embed.html?controls=min&amp;preset=acks1-loss&amp;speed=0.1"`,
			"https://kplay.example/embed?preset=acks1-loss":                                                `src="https://kplay.example/embed.html?preset=acks1-loss"`,
			"https://kplay.example/embed.html?" + link.Encode(link.Link{Script: script}) + "&controls=min": `src="https://kplay.example/embed.html?s=1.`,
		} {
			rec := do(t, h, "GET", "/oembed?url="+url.QueryEscape(page), "")
			var o map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &o); rec.Code != 200 || err != nil {
				t.Fatalf("%s: %d %s", page, rec.Code, rec.Body)
			}
			html, _ := o["html"].(string)
			if !strings.Contains(html, want) {
				t.Errorf("%s: html %s, want %s", page, html, want)
			}
			if strings.Contains(page, "preset") && s.PresetTitle != nil && o["title"] != "acks=1 can lose a write" {
				t.Errorf("%s: title %v", page, o["title"])
			}
		}
		for _, page := range []string{"https://kplay.example/?preset=%3Cscript%3E", "https://kplay.example/embed.html?s=1.!!", "https://kplay.example/embed.htmlx"} {
			if rec := do(t, h, "GET", "/oembed?url="+url.QueryEscape(page), ""); rec.Code != http.StatusNotFound {
				t.Errorf("%s: %d %s", page, rec.Code, rec.Body)
			}
		}
	}
	s := &Server{KV: mapKV{}, Salt: "s", PresetTitle: func(n string) (string, bool) { t, ok := titles[n]; return t, ok }}
	if rec := do(t, s.Handler(), "GET", "/oembed?url="+url.QueryEscape("/?preset=no-such"), ""); rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "no preset") {
		t.Errorf("unknown preset: %d %s", rec.Code, rec.Body)
	}
}
