// Package links is the HTTP side of kplay's Cloudflare Worker (docs/design.md §1,
// §5): short links stored in a key-value store and an oEmbed endpoint.
// It builds and is tested natively; wasm/worker wires it to Workers KV
// through github.com/syumai/workers.
//
// Routes:
//
//	POST /api/links       body: a link fragment "s=1.…[&t=ms]"; 201 {"id","url"}
//	GET  /s/{id}          302 to "/#s=1.…&t=ms", or a 404 page that explains
//	GET  /oembed?url=…    rich oEmbed JSON with an iframe to embed.html, for
//	                      the page (/#s=…, /?preset=NAME), a short link
//	                      /s/{id}, or an embed (/embed.html?…)
//
// The package never imports the engine: it validates links with
// kplay/link, which uses only the standard library.
package links

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"kplay/link"
)

// KV is the store behind short links: Workers KV in the Worker, a map in
// tests. Get reports found=false for a missing key.
type KV interface {
	Get(key string) (value string, found bool, err error)
	Put(key, value string) error
}

// Server answers the Worker's dynamic routes. Salt makes ids specific to a
// deployment; the same payload and salt always give the same id.
type Server struct {
	KV   KV
	Salt string
	// PresetTitle, when set, says whether a preset of that name exists
	// and gives its title (kplay serve has the presets; the Worker, which
	// must not import the engine, does not, and takes any well-formed
	// name: the embed itself says when there is no such preset).
	PresetTitle func(name string) (title string, ok bool)
}

// IDLen is the length of a short link id, in base64url characters.
const IDLen = 11

// maxBody bounds a POST body: the longest fragment link.Parse accepts.
const maxBody = link.MaxEncoded + 64

// validID says id looks like a short link id: IDLen base64url characters.
func validID(id string) bool {
	if len(id) != IDLen {
		return false
	}
	for _, c := range []byte(id) {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// ID returns the short link id of a canonical fragment: the first 11
// base64url characters of SHA-256(salt, "\x00", fragment).
func ID(salt, fragment string) string {
	h := sha256.New()
	io.WriteString(h, salt)
	h.Write([]byte{0})
	io.WriteString(h, fragment)
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))[:IDLen]
}

// Handler returns the routes with the Worker's security headers on every
// answer.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/links", s.create)
	mux.HandleFunc("GET /s/{id}", s.follow)
	mux.HandleFunc("GET /oembed", s.oembed)
	mux.HandleFunc("/api/links", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", "POST")
		problem(w, http.StatusMethodNotAllowed, "POST a link fragment (s=1.…&t=…) to /api/links")
	})
	return secure(mux)
}

// secure adds the headers every dynamic answer carries.
func secure(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
		w.Header().Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.ServeHTTP(w, r)
	})
}

// problem answers with a plain-text reason.
func problem(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(code)
	fmt.Fprintln(w, msg)
}

// create validates a link fragment, stores it under its id and answers
// {"id": ..., "url": "https://host/s/id"}: 201 when stored, 400 with the
// reason for a broken link, 413 for one that is too large.
func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		problem(w, http.StatusBadRequest, "could not read the request body")
		return
	}
	if len(body) > maxBody {
		problem(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the link is over %d bytes; a kplay link holds at most %d KiB of script", maxBody, link.MaxDecoded>>10))
		return
	}
	l, err := link.Parse(strings.TrimSpace(string(body)))
	if err != nil {
		var le *link.Error
		if errors.As(err, &le) && le.TooLarge {
			problem(w, http.StatusRequestEntityTooLarge, err.Error())
			return
		}
		problem(w, http.StatusBadRequest, err.Error())
		return
	}
	if l.Script == "" {
		problem(w, http.StatusBadRequest, "the link has no script (s=1.…)")
		return
	}
	frag := link.Encode(l)
	id := ID(s.Salt, frag)
	if err := s.KV.Put(id, frag); err != nil {
		problem(w, http.StatusServiceUnavailable, "could not store the link: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Location", "/s/"+id)
	w.WriteHeader(http.StatusCreated)
	_ = json.NewEncoder(w).Encode(map[string]string{"id": id, "url": origin(r) + "/s/" + id})
}

// follow redirects a short link to the long one.
func (s *Server) follow(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	frag, ok, err := s.lookup(id)
	switch {
	case err != nil:
		problem(w, http.StatusServiceUnavailable, "could not read the link store: "+err.Error())
	case !ok:
		notFound(w, id)
	default:
		http.Redirect(w, r, "/#"+frag, http.StatusFound)
	}
}

func (s *Server) lookup(id string) (string, bool, error) {
	if !validID(id) {
		return "", false, nil
	}
	return s.KV.Get(id)
}

// notFound is the page an unknown short link gets.
func notFound(w http.ResponseWriter, id string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	fmt.Fprintf(w, `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>kplay: unknown short link</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}</style></head>
<body><h1>This short link is unknown</h1>
<p>No kplay scenario is stored under <code>%s</code>. The link may be mistyped or cut short
(an id has %d characters), or it was made on another kplay site, whose links live there.</p>
<p><a href="/">Open the playground</a> with its default scenario.</p></body></html>
`, html.EscapeString(id), IDLen)
}

// origin is the scheme and host the request came to.
func origin(r *http.Request) string {
	scheme := "https"
	if r.TLS == nil && (strings.HasPrefix(r.Host, "127.0.0.1") || strings.HasPrefix(r.Host, "localhost")) {
		scheme = "http"
	}
	if p := r.Header.Get("X-Forwarded-Proto"); p == "http" || p == "https" {
		scheme = p
	}
	if r.URL.Scheme != "" {
		scheme = r.URL.Scheme
	}
	return scheme + "://" + r.Host
}

// Embed sizes, in CSS pixels.
const (
	DefaultWidth  = 800
	DefaultHeight = 600
	minSize       = 200
)

// oembedSize is the frame's size in CSS pixels for an oEmbed request's
// maxwidth and maxheight (oembed.com §2.2): DefaultWidth × DefaultHeight,
// shrunk to each that is smaller, but never under minSize. A value that is
// not a positive whole number gives the problem to answer (bad), else "".
func oembedSize(q url.Values) (width, height int, bad string) {
	width, height = DefaultWidth, DefaultHeight
	for _, p := range []struct {
		key string
		v   *int
	}{{"maxwidth", &width}, {"maxheight", &height}} {
		if v := q.Get(p.key); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return 0, 0, p.key + " must be a positive number of pixels"
			}
			*p.v = max(min(*p.v, n), minSize)
		}
	}
	return width, height, ""
}

// oembed answers an oEmbed request (oembed.com §2.2) for a page of this
// site: the site root with a #s= fragment, or a short link /s/{id}.
func (s *Server) oembed(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if f := q.Get("format"); f != "" && f != "json" {
		problem(w, http.StatusNotImplemented, "only format=json is offered")
		return
	}
	raw := q.Get("url")
	u, err := url.Parse(raw)
	if raw == "" || err != nil || (u.Host != "" && u.Host != r.Host) {
		problem(w, http.StatusNotFound, "url must be a kplay page of this site")
		return
	}
	width, height, bad := oembedSize(q)
	if bad != "" {
		problem(w, http.StatusBadRequest, bad)
		return
	}
	frag := u.Fragment
	src := origin(r) + "/embed.html"
	title := "kplay: Kafka replication playground"
	var query url.Values
	switch id, short := strings.CutPrefix(u.Path, "/s/"); {
	case short:
		f, found, err := s.lookup(id)
		if err != nil {
			problem(w, http.StatusServiceUnavailable, "could not read the link store: "+err.Error())
			return
		}
		if !found {
			problem(w, http.StatusNotFound, "no kplay scenario is stored under that short link")
			return
		}
		frag = f
	case u.Path == "" || u.Path == "/" || u.Path == "/index.html":
		// The page: a share link in its fragment wins over ?preset=, as
		// on the page itself.
		if p := u.Query().Get("preset"); p != "" && !strings.Contains(frag, "s=") {
			query = url.Values{"preset": {p}}
		}
	case u.Path == "/embed.html" || u.Path == "/embed":
		// An embed's own address: its parameters stay; its link, if it
		// has one, must be readable.
		query = u.Query()
		if query.Has("s") {
			frag = "s=" + url.QueryEscape(query.Get("s"))
			if query.Has("t") {
				frag += "&t=" + url.QueryEscape(query.Get("t"))
			}
			query.Del("s")
			query.Del("t")
		} else {
			frag = ""
		}
	default:
		problem(w, http.StatusNotFound, "url must be a kplay page of this site")
		return
	}
	l, err := link.Parse(frag)
	if err != nil {
		problem(w, http.StatusNotFound, err.Error())
		return
	}
	if l.Script != "" {
		query.Del("preset")
		if t := link.Title(l.Script); t != "" {
			title = t
		}
	} else if p := query.Get("preset"); p != "" {
		t, ok := s.presetTitle(p)
		if !ok {
			problem(w, http.StatusNotFound, "there is no preset called "+strconv.Quote(clipName(p)))
			return
		}
		title = t
	}
	var parts []string
	if l.Script != "" {
		parts = append(parts, link.Encode(l))
	}
	if rest := query.Encode(); rest != "" {
		parts = append(parts, rest)
	}
	if len(parts) > 0 {
		src += "?" + strings.Join(parts, "&")
	}
	iframe := fmt.Sprintf(`<iframe src="%s" width="%d" height="%d" style="border:0;max-width:100%%" loading="lazy" title="%s"></iframe>`,
		html.EscapeString(src), width, height, html.EscapeString(title))
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(struct {
		Version      string `json:"version"`
		Type         string `json:"type"`
		ProviderName string `json:"provider_name"`
		ProviderURL  string `json:"provider_url"`
		Title        string `json:"title"`
		Width        int    `json:"width"`
		Height       int    `json:"height"`
		HTML         string `json:"html"`
	}{"1.0", "rich", "kplay", origin(r) + "/", title, width, height, iframe})
}

// presetTitle says whether name may name a preset, and its title: by
// PresetTitle when set, else any name of 1 to 64 lower-case letters,
// digits and '-' (as the presets are named), titled after the name.
func (s *Server) presetTitle(name string) (string, bool) {
	if s.PresetTitle != nil {
		return s.PresetTitle(name)
	}
	if len(name) == 0 || len(name) > 64 {
		return "", false
	}
	for _, c := range []byte(name) {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return "", false
		}
	}
	return "kplay: " + name, true
}

// clipName shortens a name quoted back in an answer.
func clipName(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
