//go:build browser && !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kplay/link"
)

// groupScript makes a group consumer commit and log retention delete a
// segment within eight seconds: each produce is one batch of two
// 300000-byte records, 61 + 600000 = 600061 bytes (the batch header,
// DefaultRecordBatch.RECORD_BATCH_OVERHEAD, is 61), and fills one segment
// of segment.bytes=1048576 (Kafka 4.0's minimum, KIP-1030; a second batch
// would pass it); retention.bytes=600061 keeps one segment, and the
// retention task runs every second from 1 s.
const groupScript = `# title: Group and retention
cluster brokers=3 latency=(1,1) linger.ms=0 auto.offset.reset=earliest log.retention.check.interval.ms=1000 log.initial.task.delay.ms=1000
create-topic t partitions=1 rf=3 segment.bytes=1048576 retention.bytes=600061
produce t-0 values=(a, b) size=300000 acks=all
advance 10ms
produce t-0 values=(c, d) size=300000 acks=all
consume t-0 group.id=app
advance 8s
`

// TestBrowserGroupAndRetention opens the page on groupScript at 8 s and
// checks what it draws: the consumer panel's row for c1 names group app
// and its committed offset 4 in leader epoch 0 (the auto commit at 5 s,
// auto.commit.interval.ms=5000), and every replica's log strip carries log
// start offset 2 with offsets 0 and 1 drawn as deleted.
func TestBrowserGroupAndRetention(t *testing.T) {
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 900)
	pageErrors := watchConsole(ctx)
	frag := link.Encode(link.Link{Script: groupScript, T: 8000, HasT: true})
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/#"+frag)); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, readyJS+` && document.getElementById("clock").textContent === "00:00:08.000"`, 30*time.Second, "the link opens at 00:00:08.000")
	pollJS(t, ctx, `(() => {
		const li = document.querySelector('#cp-consumers li[data-consumer="c1"]');
		return li !== null && li.dataset.group === "app" && li.dataset.committed === "4" && li.dataset.committedEpoch === "0";
	})()`, 10*time.Second, "the consumer panel shows c1 of group app with committed offset 4 in leader epoch 0")
	row := evalJS[string](t, ctx, `document.querySelector('#cp-consumers li[data-consumer="c1"]').textContent`)
	if !strings.Contains(row, "group app") || !strings.Contains(row, "committed offset (the group's saved place) is 4, leader epoch 0") {
		t.Errorf("c1's row says %q", row)
	}
	pollJS(t, ctx, `(() => {
		const strips = [...document.querySelectorAll("svg#diagram g.log")];
		return strips.length === 3 && strips.every(g => g.dataset.logStart === "2" &&
			g.querySelector('.slot.deleted[data-offset="0"]') !== null && g.querySelector('.slot.deleted[data-offset="1"]') !== null &&
			g.querySelector('.slot.deleted[data-offset="2"]') === null && g.querySelector('.cell[data-offset="2"]') !== null);
	})()`, 10*time.Second, "every log strip starts at 2, with offsets 0 and 1 drawn as deleted")
	if tip := evalJS[string](t, ctx, `document.querySelector('svg#diagram g.log .slot.deleted title').textContent`); !strings.Contains(tip, "deleted by log retention") {
		t.Errorf("a deleted offset's tooltip says %q", tip)
	}
	if !evalJS[bool](t, ctx, `document.querySelector("svg#diagram g.log .logstart-mark") !== null`) {
		t.Error("no log start marker on the strip")
	}
	screenshot(t, ctx, "kplay-group-retention-1280x900.png")
	noPageErrors(t, pageErrors)
}
