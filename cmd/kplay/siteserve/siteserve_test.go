package siteserve

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"
)

func testSite() fstest.MapFS {
	return fstest.MapFS{
		"index.html":        {Data: []byte("<!doctype html><title>kplay</title>")},
		"index.html.gz":     {Data: []byte("GZ-index")},
		"app.wasm":          {Data: []byte("\x00asm-raw")},
		"app.wasm.br":       {Data: []byte("BR-wasm")},
		"app.wasm.gz":       {Data: []byte("GZ-wasm")},
		"style.css":         {Data: []byte("body{}")},
		"wasm_exec.js":      {Data: []byte("// js")},
		"wasm_exec.js.br":   {Data: []byte("BR-js")},
		"sub/index.html":    {Data: []byte("sub")},
		"only-br.txt.br":    {Data: []byte("orphan")},
		"data/scenario.txt": {Data: []byte("cluster brokers=3\n")},
	}
}

type response struct {
	code                        int
	body, ctype, encoding, vary string
}

func get(t *testing.T, srv *httptest.Server, path, acceptEncoding string) response {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Setting Accept-Encoding ourselves stops the transport from adding
	// gzip and decoding the body behind our back.
	req.Header.Set("Accept-Encoding", acceptEncoding)
	client := *srv.Client()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return response{resp.StatusCode, string(b), resp.Header.Get("Content-Type"), resp.Header.Get("Content-Encoding"), strings.Join(resp.Header.Values("Vary"), ",")}
}

func TestServe(t *testing.T) {
	srv := httptest.NewServer(Handler(testSite()))
	defer srv.Close()
	tests := []struct {
		name, path, accept string
		want               response
	}{
		{"wasm brotli", "/app.wasm", "gzip, deflate, br, zstd", response{200, "BR-wasm", "application/wasm", "br", "Accept-Encoding"}},
		{"wasm gzip fallback", "/app.wasm", "gzip", response{200, "GZ-wasm", "application/wasm", "gzip", "Accept-Encoding"}},
		{"wasm br refused by q=0", "/app.wasm", "br;q=0, gzip;q=0.5", response{200, "GZ-wasm", "application/wasm", "gzip", "Accept-Encoding"}},
		{"wasm star", "/app.wasm", "*", response{200, "BR-wasm", "application/wasm", "br", "Accept-Encoding"}},
		{"wasm star but not br", "/app.wasm", "br;q=0, *", response{200, "GZ-wasm", "application/wasm", "gzip", "Accept-Encoding"}},
		{"wasm plain", "/app.wasm", "identity", response{200, "\x00asm-raw", "application/wasm", "", "Accept-Encoding"}},
		{"wasm no header", "/app.wasm", "", response{200, "\x00asm-raw", "application/wasm", "", "Accept-Encoding"}},
		{"js brotli", "/wasm_exec.js", "br", response{200, "BR-js", "text/javascript; charset=utf-8", "br", "Accept-Encoding"}},
		{"js no gz copy", "/wasm_exec.js", "gzip", response{200, "// js", "text/javascript; charset=utf-8", "", "Accept-Encoding"}},
		{"root is index", "/", "gzip, br", response{200, "GZ-index", "text/html; charset=utf-8", "gzip", "Accept-Encoding"}},
		{"index plain", "/index.html", "", response{200, "<!doctype html><title>kplay</title>", "text/html; charset=utf-8", "", "Accept-Encoding"}},
		{"css, no variants", "/style.css", "gzip, br", response{200, "body{}", "text/css; charset=utf-8", "", ""}},
		{"subdir index", "/sub/", "", response{200, "sub", "text/html; charset=utf-8", "", ""}},
		{"missing", "/nope.js", "br", response{404, "404 page not found\n", "text/plain; charset=utf-8", "", ""}},
		{"only a compressed copy", "/only-br.txt", "br", response{404, "404 page not found\n", "text/plain; charset=utf-8", "", ""}},
		{"dot-dot stays inside", "/../../etc/passwd", "", response{404, "404 page not found\n", "text/plain; charset=utf-8", "", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := get(t, srv, tt.path, tt.accept)
			if got != tt.want {
				t.Errorf("GET %s (Accept-Encoding %q)\n got %+v\nwant %+v", tt.path, tt.accept, got, tt.want)
			}
		})
	}
}

func TestServeRedirectAndMethods(t *testing.T) {
	srv := httptest.NewServer(Handler(testSite()))
	defer srv.Close()
	if got := get(t, srv, "/sub", ""); got.code != http.StatusMovedPermanently {
		t.Errorf("GET /sub: %d, want 301", got.code)
	}
	resp, err := srv.Client().Post(srv.URL+"/index.html", "text/plain", bytes.NewReader(nil))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d, want 405", resp.StatusCode)
	}
	req, _ := http.NewRequest(http.MethodHead, srv.URL+"/app.wasm", nil)
	req.Header.Set("Accept-Encoding", "br")
	resp, err = srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "br" || resp.ContentLength != int64(len("BR-wasm")) {
		t.Errorf("HEAD /app.wasm: %d %q len %d", resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.ContentLength)
	}
}

func TestAccepts(t *testing.T) {
	for _, tt := range []struct {
		header, coding string
		want           bool
	}{
		{"gzip, deflate, br", "br", true},
		{"gzip, deflate", "br", false},
		{"BR;Q=1.0", "br", true},
		{"br;q=0", "br", false},
		{"br;q=0.0", "br", false},
		{"br; q=0.001", "br", true},
		{"br;q=bogus", "br", false},
		{"*;q=0", "gzip", false},
		{"*", "gzip", true},
		{"gzip;q=0, *", "gzip", false},
		{"", "gzip", false},
	} {
		if got := accepts(tt.header, tt.coding); got != tt.want {
			t.Errorf("accepts(%q, %q) = %v, want %v", tt.header, tt.coding, got, tt.want)
		}
	}
}

// TestServeNoShortLinks: kplay serve answers the share button's short-link
// request with an empty url (no error status), so the page copies the
// long link; only the Worker keeps short links.
func TestServeNoShortLinks(t *testing.T) {
	srv := httptest.NewServer(Handler(fstest.MapFS{"index.html": {Data: []byte("x")}}))
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/api/links", "text/plain", strings.NewReader("s=1.AAAA"))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.Contains(string(b), `"url":""`) {
		t.Errorf("POST /api/links: %d %s", resp.StatusCode, b)
	}
}

// TestServeForSandboxedEmbeds: an embed in a sandboxed frame has an
// opaque origin ("null"), so its fetches of app.wasm and poster/ are
// cross-origin: every file says any origin may read it. Without it the
// frame showed "loading…" for ever.
func TestServeForSandboxedEmbeds(t *testing.T) {
	site := testSite()
	site["poster/embed-acks1-loss.html"] = &fstest.MapFile{Data: []byte("<body></body>")}
	srv := httptest.NewServer(Handler(site))
	defer srv.Close()
	for _, path := range []string{"/app.wasm", "/poster/embed-acks1-loss.html", "/wasm_exec.js", "/"} {
		for _, enc := range []string{"", "br"} {
			req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
			req.Header.Set("Origin", "null")
			req.Header.Set("Accept-Encoding", enc)
			resp, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != 200 || resp.Header.Get("Access-Control-Allow-Origin") != "*" {
				t.Errorf("GET %s (%q): %d, Access-Control-Allow-Origin %q", path, enc, resp.StatusCode, resp.Header.Get("Access-Control-Allow-Origin"))
			}
		}
	}
}

// TestServeOEmbed: kplay serve answers oEmbed as the Worker does, and a
// preset's address embeds that preset, with its title.
func TestServeOEmbed(t *testing.T) {
	srv := httptest.NewServer(Handler(testSite()))
	defer srv.Close()
	r := get(t, srv, "/oembed?url="+url.QueryEscape(srv.URL+"/?preset=acks1-loss"), "")
	if r.code != 200 || !strings.Contains(r.body, `embed.html?preset=acks1-loss`) || !strings.Contains(r.body, `"title":"`+presetTitleOf(t, "acks1-loss")) {
		t.Errorf("oembed: %d %s", r.code, r.body)
	}
	if r := get(t, srv, "/oembed?url="+url.QueryEscape(srv.URL+"/?preset=no-such"), ""); r.code != 404 {
		t.Errorf("oembed of an unknown preset: %d %s", r.code, r.body)
	}
}

func presetTitleOf(t *testing.T, name string) string {
	t.Helper()
	title, ok := presetTitle(name)
	if !ok {
		t.Fatalf("no preset %s", name)
	}
	return title
}
