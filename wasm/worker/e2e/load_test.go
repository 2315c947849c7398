//go:build workere2e && !js

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"kplay/link"
)

// loopbackOnly is an HTTP client that dials nothing but loopback
// addresses and follows no redirect: the load test must never reach
// past this machine, whatever a Location header says.
var loopbackOnly = &http.Client{
	Timeout:       20 * time.Second,
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	Transport: &http.Transport{
		Proxy: nil,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			host, _, err := net.SplitHostPort(addr)
			if err != nil {
				return nil, err
			}
			if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
				return nil, fmt.Errorf("the load test dials only loopback, not %q", addr)
			}
			return (&net.Dialer{Timeout: 5 * time.Second}).DialContext(ctx, network, addr)
		},
		MaxIdleConnsPerHost: 4,
	},
}

// do sends one request through loopbackOnly and returns the status, the
// Location header and the body.
func do(ctx context.Context, method, u, body string) (int, string, string, error) {
	req, err := http.NewRequestWithContext(ctx, method, u, strings.NewReader(body))
	if err != nil {
		return 0, "", "", err
	}
	resp, err := loopbackOnly.Do(req)
	if err != nil {
		return 0, "", "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	return resp.StatusCode, resp.Header.Get("Location"), string(b), err
}

// loadOps is how many operations TestWorkerUnderLoad makes: link
// creations (each followed at once), malformed and oversized bodies,
// unknown ids and wrong methods, mixed.
const loadOps = 1000

// TestWorkerUnderLoad drives the Worker in workerd (wrangler dev) with a
// bounded loop of loadOps operations: six in ten create a new short link
// and follow it; the rest post a body that is malformed (400), too long
// before decoding or once decoded (413), a link without a script (400),
// re-create an earlier link (201, the same id: ids are content
// addressed), follow an id that was never stored (404) or use the wrong
// method (405). Every answer must have the right status and, for a
// refusal, a reason that names what was wrong. At the end every tenth
// stored link is followed again, then wrangler is stopped and started on
// the same --persist-to and every stored link is followed once more: KV
// keeps them all. Only 127.0.0.1 is addressed (loopbackOnly), and the
// loop stops by itself after loadOps operations or, failing, after a
// ten-minute deadline.
func TestWorkerUnderLoad(t *testing.T) {
	state := t.TempDir()
	w := startWrangler(t, state)
	defer func() { w.stop() }()
	if u, err := url.Parse(w.base); err != nil || !net.ParseIP(u.Hostname()).IsLoopback() {
		t.Fatalf("wrangler is not on loopback: %q", w.base)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	tooLongDecoded := "s=" + link.EncodePayload(strings.Repeat("produce t-0 count=1\n", link.MaxDecoded/20+1))
	tooLongRaw := "s=1." + strings.Repeat("A", link.MaxEncoded+100)
	malformed := []struct{ body, want string }{
		{"s=1.!!", "not base64url"},
		{"s=3.AAAA", "newer kplay"},
		{"hello", "link"},
		{"s=1.AAAA&t=soon", "link t"},
		{"", "link"},
		{"s=1.\x00\xff\xfe", "link"},
		{"t=5", "link"},
	}
	type stored struct{ id, frag string }
	var links []stored
	counts := map[int]int{}
	start := time.Now()
	check := func(i int, what string, code int, body string, wantCode int, want string) {
		t.Helper()
		counts[code]++
		if code != wantCode || !strings.Contains(body, want) || (code >= 400 && strings.TrimSpace(body) == "") {
			t.Fatalf("op %d (%s): %d %.200q, want %d with %q", i, what, code, body, wantCode, want)
		}
	}
	for i := 0; i < loadOps; i++ {
		if ctx.Err() != nil {
			t.Fatalf("the loop ran past its deadline at op %d", i)
		}
		var (
			code      int
			loc, body string
			err       error
		)
		switch k := i % 20; {
		case k < 12:
			src := fmt.Sprintf("# title: load %d\ncluster brokers=%d\ncreate-topic t%d\nproduce t%d-0 values=(v%d)\n", i, 3+i%3, i, i, i)
			frag := link.Encode(link.Link{Script: src, T: int64(i), HasT: true})
			code, loc, body, err = do(ctx, "POST", w.base+"/api/links", frag)
			if err != nil {
				t.Fatalf("op %d: %v", i, err)
			}
			check(i, "create", code, body, http.StatusCreated, `"id"`)
			var got struct{ ID, URL string }
			if err := json.Unmarshal([]byte(body), &got); err != nil || got.URL != w.base+"/s/"+got.ID || loc != "/s/"+got.ID {
				t.Fatalf("op %d: answer %q Location %q: %v", i, body, loc, err)
			}
			links = append(links, stored{got.ID, frag})
			code, loc, _, err = do(ctx, "GET", w.base+"/s/"+got.ID, "")
			if err == nil && (code != http.StatusFound || loc != "/#"+frag) {
				err = fmt.Errorf("follow: %d Location %.80q", code, loc)
			}
			if err != nil {
				t.Fatalf("op %d: %v", i, err)
			}
			counts[code]++
		case k < 14:
			m := malformed[i%len(malformed)]
			code, _, body, err = do(ctx, "POST", w.base+"/api/links", m.body)
			if err == nil {
				check(i, fmt.Sprintf("malformed %.20q", m.body), code, body, http.StatusBadRequest, m.want)
			}
		case k == 14:
			code, _, body, err = do(ctx, "POST", w.base+"/api/links", tooLongRaw)
			if err == nil {
				check(i, "oversized body", code, body, http.StatusRequestEntityTooLarge, "64 KiB")
			}
		case k == 15:
			code, _, body, err = do(ctx, "POST", w.base+"/api/links", tooLongDecoded)
			if err == nil {
				check(i, "oversized once decoded", code, body, http.StatusRequestEntityTooLarge, "more than 64 KiB")
			}
		case k == 16:
			code, _, body, err = do(ctx, "POST", w.base+"/api/links", "s="+link.EncodePayload(""))
			if err == nil {
				check(i, "no script", code, body, http.StatusBadRequest, "no script")
			}
		case k == 17 && len(links) > 0:
			old := links[i%len(links)]
			code, _, body, err = do(ctx, "POST", w.base+"/api/links", old.frag)
			if err == nil {
				check(i, "re-create", code, body, http.StatusCreated, `"id":"`+old.id+`"`)
			}
		case k == 18:
			code, _, body, err = do(ctx, "GET", w.base+fmt.Sprintf("/s/ZZZZZZ%05d", i), "")
			if err == nil {
				check(i, "unknown id", code, body, http.StatusNotFound, "This short link is unknown")
			}
		default:
			code, _, body, err = do(ctx, "PUT", w.base+"/api/links", "s=1.AAAA")
			if err == nil {
				check(i, "wrong method", code, body, http.StatusMethodNotAllowed, "POST a link fragment")
			}
		}
		if err != nil {
			t.Fatalf("op %d: %v", i, err)
		}
	}
	loop := time.Since(start)

	follow := func(when string, l stored) {
		t.Helper()
		code, loc, body, err := do(ctx, "GET", w.base+"/s/"+l.id, "")
		if err != nil || code != http.StatusFound || loc != "/#"+l.frag {
			t.Fatalf("%s: /s/%s: %d Location %.80q %.100q %v", when, l.id, code, loc, body, err)
		}
	}
	for i := 0; i < len(links); i += 10 {
		follow("after the loop", links[i])
	}
	restartAt := time.Now()
	w.stop()
	w = startWrangler(t, state)
	restart := time.Since(restartAt)
	for _, l := range links {
		follow("after wrangler restarted", l)
	}
	t.Logf("%d operations in %s (%.0f ops/s; %d links stored, every one followed at once, every tenth again after the loop); answers by status %v; wrangler restart %s; all %d links read back after it; total %s",
		loadOps, loop.Round(time.Millisecond), float64(loadOps)/loop.Seconds(), len(links), counts, restart.Round(time.Millisecond), len(links), time.Since(start).Round(time.Millisecond))
}
