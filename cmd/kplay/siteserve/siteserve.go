// Package siteserve is the HTTP handler of kplay serve: it serves a site
// that ./build.sh build wrote (dist/) with its precompressed copies, and
// answers oEmbed as the Cloudflare Worker does. The browser end-to-end
// tests (wasm/playground/e2e) serve the site with the same handler.
package siteserve

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"

	"kplay/scenarios"
	"kplay/wasm/worker/links"
)

// Handler serves the files of a built site. It answers "/" (and any
// directory) with its index.html, sends .wasm files as application/wasm, and
// sends the precompressed copy X.br or X.gz of a file X when it exists and
// the request's Accept-Encoding allows it, with Content-Encoding, Vary and
// the Content-Type of X. Every file may be read from any origin
// (Access-Control-Allow-Origin: *): an embed in a sandboxed frame without
// allow-same-origin has an opaque origin, and its fetches of app.wasm and
// poster/ are cross-origin requests (docs/embed.md). GET /oembed answers
// as the Worker's does (package links), without short links.
func Handler(site fs.FS) http.Handler {
	oembed := (&links.Server{KV: noLinks{}, PresetTitle: presetTitle}).Handler()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/oembed" {
			oembed.ServeHTTP(w, r)
			return
		}
		if r.URL.Path == "/api/links" && r.Method == http.MethodPost {
			// Short links live in the Cloudflare Worker's KV. kplay serve
			// keeps none, and says so without an error status, so the
			// page's share button quietly copies the long link.
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"url":"","reason":"kplay serve keeps no short links; the long link reopens the same scenario"}`+"\n")
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		st, err := fs.Stat(site, name)
		if err == nil && st.IsDir() {
			if !strings.HasSuffix(r.URL.Path, "/") {
				http.Redirect(w, r, r.URL.Path+"/", http.StatusMovedPermanently)
				return
			}
			name = path.Join(name, "index.html")
			st, err = fs.Stat(site, name)
		}
		if err != nil || st.IsDir() {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", contentType(name))
		h.Set("Cache-Control", "no-cache")
		h.Set("Access-Control-Allow-Origin", "*")
		serveName, modTime := name, st.ModTime()
		// The precompressed variants build.sh writes, best first.
		for _, enc := range [...]struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
			est, err := fs.Stat(site, name+enc.ext)
			if err != nil || est.IsDir() {
				continue
			}
			h.Set("Vary", "Accept-Encoding")
			if accepts(r.Header.Get("Accept-Encoding"), enc.name) {
				h.Set("Content-Encoding", enc.name)
				serveName, modTime = name+enc.ext, est.ModTime()
				// ServeContent leaves Content-Length out once Content-Encoding
				// is set; give it, and serve the whole encoded file (ranges of
				// an encoded body are not worth supporting).
				h.Set("Content-Length", strconv.FormatInt(est.Size(), 10))
				r = r.Clone(r.Context())
				r.Header.Del("Range")
				break
			}
		}
		f, err := site.Open(serveName)
		if err != nil {
			h.Del("Content-Encoding")
			http.Error(w, "cannot open "+serveName, http.StatusInternalServerError)
			return
		}
		defer f.Close()
		rs, ok := f.(io.ReadSeeker)
		if !ok {
			b, err := io.ReadAll(f)
			if err != nil {
				h.Del("Content-Encoding")
				http.Error(w, "cannot read "+serveName, http.StatusInternalServerError)
				return
			}
			rs = bytes.NewReader(b)
		}
		http.ServeContent(w, r, name, modTime, rs)
	})
}

// contentType returns the media type for a file name by its extension.
// Go's table has no entry for .wasm, which WebAssembly.instantiateStreaming
// needs.
func contentType(name string) string {
	switch ext := path.Ext(name); ext {
	case ".wasm":
		return "application/wasm"
	case ".br":
		return "application/x-brotli"
	case ".gz":
		return "application/gzip"
	case "":
		return "application/octet-stream"
	default:
		if t := mime.TypeByExtension(ext); t != "" {
			return t
		}
		return "application/octet-stream"
	}
}

// accepts reports whether an Accept-Encoding header allows coding: listed
// by name (or covered by "*") with a q-value above zero. An explicit entry
// for the coding wins over "*".
func accepts(header, coding string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		token, params, _ := strings.Cut(part, ";")
		token = strings.ToLower(strings.TrimSpace(token))
		if token != coding && token != "*" {
			continue
		}
		ok := qPositive(params)
		if token == coding {
			return ok
		}
		star = ok
	}
	return star
}

// qPositive reports whether the parameters of one Accept-Encoding entry give
// it a q-value above zero (absent q means 1).
func qPositive(params string) bool {
	for _, p := range strings.Split(params, ";") {
		k, v, found := strings.Cut(strings.TrimSpace(p), "=")
		if !found || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			return false
		}
		return q > 0
	}
	return true
}

// noLinks is the link store of kplay serve, which keeps no short links.
type noLinks struct{}

func (noLinks) Get(string) (string, bool, error) { return "", false, nil }
func (noLinks) Put(string, string) error {
	return fmt.Errorf("kplay serve keeps no short links")
}

// presetTitle is the title of the preset called name, for oEmbed.
func presetTitle(name string) (string, bool) {
	p, ok := scenarios.Get(name)
	return p.Title, ok
}
