//go:build workere2e && !js

// Package e2e tests kplay's Cloudflare Worker end to end in real workerd,
// through `wrangler dev`, offline. ./build.sh test builds the Worker
// (wasm/worker/build), puts the pinned wrangler and Node 22 on PATH and
// runs it with -tags workere2e.
package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kplay/link"
)

// wrangler is one `wrangler dev` process.
type wrangler struct {
	base string
	cmd  *exec.Cmd
	log  *strings.Builder
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startWrangler runs wrangler dev in wasm/worker with KV kept in state.
func startWrangler(t *testing.T, state string) *wrangler {
	t.Helper()
	dir, _ := filepath.Abs("..")
	if _, err := os.Stat(filepath.Join(dir, "build", "worker.mjs")); err != nil {
		t.Fatalf("the Worker is not built (%v): run ./build.sh test, which builds it", err)
	}
	port := freePort(t)
	w := &wrangler{base: fmt.Sprintf("http://127.0.0.1:%d", port), log: &strings.Builder{}}
	w.cmd = exec.Command("wrangler", "dev", "--ip", "127.0.0.1", "--port", fmt.Sprint(port), "--persist-to", state, "--show-interactive-dev-session=false")
	w.cmd.Dir = dir
	w.cmd.Stdout, w.cmd.Stderr = w.log, w.log
	w.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := w.cmd.Start(); err != nil {
		t.Fatalf("start wrangler (is it on PATH? ./build.sh test installs it): %v", err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get(w.base + "/")
		if err == nil {
			resp.Body.Close()
			return w
		}
		if time.Now().After(deadline) {
			w.stop()
			t.Fatalf("wrangler dev did not answer within 60 s:\n%s", w.log)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// stop ends wrangler and the workerd it started (its process group).
func (w *wrangler) stop() {
	_ = syscall.Kill(-w.cmd.Process.Pid, syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = w.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = syscall.Kill(-w.cmd.Process.Pid, syscall.SIGKILL)
		<-done
	}
}

var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }, Timeout: 20 * time.Second}

func request(t *testing.T, method, u, body string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), method, u, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, u, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

const script = "# title: Worker test\ncluster brokers=3\ncreate-topic orders\nproduce orders-0 values=(a)\n"

func TestWorker(t *testing.T) {
	state := t.TempDir()
	w := startWrangler(t, state)
	defer func() { w.stop() }()
	frag := link.Encode(link.Link{Script: script, T: 1200, HasT: true})
	var id string

	t.Run("create and follow a short link", func(t *testing.T) {
		resp, body := request(t, "POST", w.base+"/api/links", frag)
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("POST /api/links: %d %s", resp.StatusCode, body)
		}
		var got struct{ ID, URL string }
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`^[A-Za-z0-9_-]{11}$`).MatchString(got.ID) || got.URL != w.base+"/s/"+got.ID {
			t.Fatalf("answer %s", body)
		}
		id = got.ID
		resp, _ = request(t, "GET", w.base+"/s/"+id, "")
		if resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != "/#"+frag {
			t.Fatalf("GET /s/%s: %d Location %q", id, resp.StatusCode, resp.Header.Get("Location"))
		}
		l, err := link.Parse(strings.TrimPrefix(resp.Header.Get("Location"), "/"))
		if err != nil || l.Script != script || l.T != 1200 {
			t.Errorf("the short link does not reopen the scenario: %+v %v", l, err)
		}
		resp, body = request(t, "GET", w.base+"/s/AAAAAAAAAAA", "")
		if resp.StatusCode != http.StatusNotFound || !strings.Contains(body, "This short link is unknown") {
			t.Errorf("unknown id: %d %s", resp.StatusCode, body)
		}
	})

	t.Run("bad and oversized payloads", func(t *testing.T) {
		for _, c := range []struct {
			body string
			code int
			want string
		}{
			{"s=1.!!", 400, "not base64url"},
			{"s=3.AAAA", 400, "newer kplay"},
			{"s=" + link.EncodePayload(strings.Repeat("x", link.MaxDecoded+1)), 413, "more than 64 KiB"},
			{strings.Repeat("A", link.MaxEncoded+200), 413, "64 KiB"},
		} {
			resp, body := request(t, "POST", w.base+"/api/links", c.body)
			if resp.StatusCode != c.code || !strings.Contains(body, c.want) {
				t.Errorf("POST %.30q: %d %q, want %d and %q", c.body, resp.StatusCode, body, c.code, c.want)
			}
		}
	})

	t.Run("oEmbed", func(t *testing.T) {
		resp, body := request(t, "GET", w.base+"/oembed?maxwidth=500&url="+url.QueryEscape(w.base+"/s/"+id), "")
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
			t.Fatalf("oembed: %d %s", resp.StatusCode, body)
		}
		var o struct {
			Version, Type, Title, HTML string
			Width                      int
		}
		if err := json.Unmarshal([]byte(body), &o); err != nil {
			t.Fatal(err)
		}
		if o.Version != "1.0" || o.Type != "rich" || o.Title != "Worker test" || o.Width != 500 ||
			!strings.Contains(o.HTML, `<iframe src="`+w.base+`/embed.html?s=1.`) {
			t.Errorf("oembed = %+v", o)
		}
	})

	t.Run("headers", func(t *testing.T) {
		resp, body := request(t, "GET", w.base+"/", "")
		csp := resp.Header.Get("Content-Security-Policy")
		if resp.StatusCode != 200 || !strings.Contains(body, "boot.js") || resp.Header.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.Contains(csp, "'wasm-unsafe-eval'") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("GET /: %d nosniff=%q CSP=%q", resp.StatusCode, resp.Header.Get("X-Content-Type-Options"), csp)
		}
		m := regexp.MustCompile(`app\.[0-9a-f]{12}\.wasm`).FindString(readFile(t, "../build/site/boot.js"))
		if m == "" {
			t.Fatal("boot.js does not load a hashed wasm")
		}
		resp, _ = request(t, "GET", w.base+"/"+m, "")
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/wasm" || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("GET /%s: %d %q %q", m, resp.StatusCode, resp.Header.Get("Content-Type"), resp.Header.Get("Cache-Control"))
		}
		if resp, _ = request(t, "GET", w.base+"/style.css", ""); strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("style.css has no hash but is cached as immutable")
		}
		resp, _ = request(t, "POST", w.base+"/api/links", "s=1.!!")
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Error("dynamic answers lack nosniff")
		}
	})

	t.Run("embed.html may be framed", func(t *testing.T) {
		resp, _ := request(t, "GET", w.base+"/embed.html?preset=jepsen-2013", "")
		if resp.StatusCode/100 == 3 {
			loc := resp.Header.Get("Location")
			if !strings.Contains(loc, "preset=jepsen-2013") {
				t.Errorf("the embed's redirect %q drops its parameters", loc)
			}
			u, err := url.Parse(w.base)
			if err != nil {
				t.Fatal(err)
			}
			next, err := u.Parse(loc)
			if err != nil {
				t.Fatal(err)
			}
			resp, _ = request(t, "GET", next.String(), "")
		}
		if csp := resp.Header.Get("Content-Security-Policy"); resp.StatusCode != 200 || !strings.Contains(csp, "frame-ancestors *") || strings.Contains(csp, "'none'") {
			t.Errorf("GET /embed.html: %d CSP %q", resp.StatusCode, csp)
		}
	})

	t.Run("a sandboxed embed plays", func(t *testing.T) {
		// A lesson page on another origin frames the embed with
		// sandbox="allow-scripts", as some platforms do: the embed's
		// origin is opaque, and its fetches of the wasm and its poster
		// are cross-origin (wasm/worker/_headers lets any origin read
		// them). It showed "loading…" for ever.
		l, err := net.Listen("tcp", "127.0.0.2:0")
		if err != nil {
			t.Fatal(err)
		}
		host := &http.Server{Handler: http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
			rw.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(rw, `<!doctype html><meta charset="utf-8"><title>lesson</title>
<script>window.msgs = []; addEventListener("message", e => { if (e.data && e.data.source === "kplay") msgs.push({origin: e.origin, data: e.data}); });</script>
<iframe id="k" sandbox="allow-scripts" width="800" height="600" src="`+w.base+`/embed.html?preset=acks1-loss&amp;controls=min&amp;lesson=unit-1"></iframe>`)
		})}
		go func() { _ = host.Serve(l) }()
		defer host.Close()
		ctx := browser(t)
		if err := chromedp.Do(ctx, chromedp.Navigate("http://"+l.Addr().String()+"/")); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`msgs.some(m => m.data.type === "ready" && m.origin === "null" && m.data.v === 1)`, chromedp.WithPollingTimeout(40*time.Second))); err != nil {
			raw, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(msgs.filter(m => m.data.type !== "step"))`))
			t.Fatalf("the sandboxed embed never said ready: %v\nmessages: %s", err, raw)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`msgs.some(m => m.data.type === "step")`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			t.Errorf("the sandboxed embed does not play: %v", err)
		}
	})

	t.Run("the page shares a short link that reopens it", func(t *testing.T) {
		ctx := browser(t)
		wait := func(what, js string) {
			t.Helper()
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(40*time.Second))); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(w.base+"/")); err != nil {
			t.Fatal(err)
		}
		wait("the page draws from workerd", `document.body.dataset.ready === "1"`)
		title, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(".title").textContent`))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { document.getElementById("share").click(); return true; })()`)); err != nil {
			t.Fatal(err)
		}
		wait("the share button gets a short link from /api/links", `((document.getElementById("copied")||{}).dataset||{}).text?.includes("/s/")`)
		short, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("copied").dataset.text`))
		if err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(short)); err != nil {
			t.Fatal(err)
		}
		wait("the short link reopens the scenario", `document.body.dataset.ready === "1" && location.hash.startsWith("#s=1.") && document.querySelector(".title").textContent === `+strconv.Quote(title))
	})

	t.Run("KV survives a restart", func(t *testing.T) {
		w.stop()
		w = startWrangler(t, state)
		resp, _ := request(t, "GET", w.base+"/s/"+id, "")
		if resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != "/#"+frag {
			t.Fatalf("after restart GET /s/%s: %d %q", id, resp.StatusCode, resp.Header.Get("Location"))
		}
	})
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// browser starts headless Chromium (./build.sh test installs it).
func browser(t *testing.T) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath("/usr/bin/chromium"), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.UserDataDir(t.TempDir()), chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-dev-shm-usage", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	ctx, cancel3 := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(cancel3)
	return ctx
}
