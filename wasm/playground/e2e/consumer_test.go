//go:build browser && !js

package e2e

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kplay/link"
)

// consumerCrashScript crashes the leader b1 at 3 s under a consumer and a
// producer sending two records a second; the controller fences b1 and
// elects a follower about 9 s (broker.session.timeout.ms) after b1's
// last heartbeat.
const consumerCrashScript = "# title: A consumer through a crash\ncluster brokers=3 min.insync.replicas=2\ncreate-topic t partitions=1 rf=3\nconsume t-0 from=earliest\nproduce t-0 rate=2/s for=30s acks=all\nadvance 3s\ncrash 1\nadvance 20s\n"

// TestBrowserConsumerSaysItsLeaderIsDown: a learner watching the
// consumer through a failover sees why it stands still. Two seconds
// after the crash its box says that b1, which it fetches from, is down
// and that it retries, and its row in the consumer panel says so in a
// sentence; after the election it fetches from the new leader, the box
// says what it read again and its offset has moved on.
func TestBrowserConsumerSaysItsLeaderIsDown(t *testing.T) {
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 1000)
	pageErrors := watchConsole(ctx)
	open := func(ms int64, clock string) {
		frag := link.Encode(link.Link{Script: consumerCrashScript, T: ms, HasT: true})
		// A new document each time: a navigation that changes only the
		// fragment would not load the page again.
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(srv.URL+"/#"+frag)); err != nil {
			t.Fatal(err)
		}
		pollJS(t, ctx, readyJS+` && document.getElementById("clock").textContent === "`+clock+`"`, 30*time.Second, "the link opens at "+clock)
	}
	box := `(document.querySelector('svg#diagram g.node[data-node="consumer"]') || {}).textContent || ""`
	row := `(document.querySelector('#cp-consumers li[data-consumer="c1"]') || {}).textContent || ""`
	offset := regexp.MustCompile(`c1 at offset (\d+)`)

	open(5000, "00:00:05.000")
	pollJS(t, ctx, `(`+box+`).includes("b1 down: retrying")`, 10*time.Second, "the consumer box says b1 is down and it retries")
	if got := evalJS[string](t, ctx, row); !strings.Contains(got, "b1, which it fetches from, is down") || !strings.Contains(got, "NETWORK_EXCEPTION") {
		t.Errorf("c1's row %q, want it to say b1 is down (NETWORK_EXCEPTION)", got)
	}
	m := offset.FindStringSubmatch(evalJS[string](t, ctx, box))
	if m == nil {
		t.Fatalf("consumer box %q names no offset", evalJS[string](t, ctx, box))
	}
	during, _ := strconv.Atoi(m[1])

	open(20000, "00:00:20.000")
	pollJS(t, ctx, `(`+box+`).includes("read ") && !(`+box+`).includes("down")`, 10*time.Second, "after the election the consumer box says what it read")
	if got := evalJS[string](t, ctx, row); strings.Contains(got, "is down") {
		t.Errorf("c1's row %q still says its broker is down after the election", got)
	}
	m = offset.FindStringSubmatch(evalJS[string](t, ctx, box))
	if m == nil {
		t.Fatalf("consumer box %q names no offset", evalJS[string](t, ctx, box))
	}
	if after, _ := strconv.Atoi(m[1]); after <= during {
		t.Errorf("c1 at offset %d at 20 s, want past %d, where it stood during the outage", after, during)
	}
	noPageErrors(t, pageErrors)
}
