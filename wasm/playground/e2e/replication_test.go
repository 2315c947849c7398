//go:build browser && !js

package e2e

// Browser tests of the cluster at work: a record produced, replicated and
// committed; a slow disk; a consumer group and retention; the settings'
// panel and its form errors.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"kplay/engine"
	"kplay/link"
)

// TestBrowserConfigPanel: the config panel lists every row of the engine's
// settings table, says in words which timing scale is in effect and
// presses that scale's button; Teaching scale moves the words and the
// pressed button over, and Kafka defaults moves them back. The script
// editor's help lists every setting from the same table.
func TestBrowserConfigPanel(t *testing.T) {
	t.Parallel()
	ctx, pageErrors := fastPage(t, 1280, 800, "/?preset=order-9001")
	waitSteady(t, ctx)

	rows := len(engine.Settings())
	pollJS(t, ctx, fmt.Sprintf(`document.querySelectorAll("#config-panel tr[data-key]").length === %d`, rows), 5*time.Second, "the panel lists every setting")
	pollJS(t, ctx, fmt.Sprintf(`document.querySelectorAll("#script-help tbody tr").length === %d`, rows), 5*time.Second, "the editor's help lists every setting")
	pressed := func(id string) string {
		return fmt.Sprintf(`(document.getElementById(%q) || {getAttribute: () => ""}).getAttribute("aria-pressed") === "true"`, id)
	}
	scale := func(words string) string {
		return fmt.Sprintf(`(document.getElementById("cfg-scale") || {}).textContent.includes(%q)`, words)
	}

	// order-9001 runs on Kafka's timeouts.
	pollJS(t, ctx, scale("Timing in effect: Kafka 4.4's timeouts. A follower that falls behind leaves the ISR after 30000 ms"), 5*time.Second, "the panel says Kafka's defaults are in effect")
	pollJS(t, ctx, pressed("cfg-defaults")+" && !("+pressed("cfg-teaching")+")", 5*time.Second, "Kafka defaults is pressed, Teaching scale is not")

	click(t, ctx, "#cfg-teaching")
	pollJS(t, ctx, actScriptHas("replica.lag.time.max.ms=5000", "broker.session.timeout.ms=3000"), 10*time.Second, "teaching scale changes the cluster line")
	pollJS(t, ctx, scale("Timing in effect: the teaching scale, not Kafka's defaults. A follower that falls behind leaves the ISR after 5000 ms (Kafka: 30000) and the controller fences a silent broker after 3000 ms (Kafka: 9000)."), 5*time.Second, "the panel says the teaching scale is in effect")
	pollJS(t, ctx, pressed("cfg-teaching")+" && !("+pressed("cfg-defaults")+")", 5*time.Second, "Teaching scale is pressed, Kafka defaults is not")
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		document.querySelector("#config-panel details").open = true;
		document.getElementById("config-panel").scrollIntoView();
		return true;
	})()`)); err != nil {
		t.Fatalf("opening the settings: %v", err)
	}
	screenshot(t, ctx, "kplay-config-panel-1280x800.png")

	click(t, ctx, "#cfg-defaults")
	pollJS(t, ctx, `!((document.getElementById("script") || {}).value || "").includes("replica.lag.time.max.ms=")`, 10*time.Second, "Kafka defaults drop the scaled timeouts")
	pollJS(t, ctx, scale("Timing in effect: Kafka 4.4's timeouts. A follower that falls behind leaves the ISR after 30000 ms"), 5*time.Second, "the panel says Kafka's defaults again")
	pollJS(t, ctx, pressed("cfg-defaults"), 5*time.Second, "Kafka defaults is pressed again")
	pollJS(t, ctx, scale("Every Kafka setting is at its default."), 5*time.Second, "the panel says nothing else differs")

	noPageErrors(t, pageErrors)
}

// slowDiskPageScript is a follower (b3) with a 50 ms disk under a rate
// producer: it falls behind and leaves the ISR at 00:00:03.001
// (engine/testdata/slow_disk_isr.txt works the time out from
// replica.lag.time.max.ms).
const slowDiskPageScript = `title "A slow disk under load"
cluster brokers=3 latency=(1,1) replica.lag.time.max.ms=2000 replica.fetch.max.bytes=4096 eligible.leader.replicas.version=0
create-topic t partitions=1 rf=3
slow-disk 3 latency=50ms
produce t-0 rate=100/s for=6s acks=1 size=1000
run until=00:00:12.000
`

// TestBrowserSlowDisk: a reader applies a script with a slow-disk follower
// under a rate producer; b3's box carries the "slow disk +50 ms" badge
// (data-badge slow-disk, with a tooltip) while the healthy brokers carry
// none, b3 is in the ISR at 2 s and out of sync at 4 s, and clicking b3
// shows the disk row in the inspector.
func TestBrowserSlowDisk(t *testing.T) {
	t.Parallel()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 900)
	pageErrors := watchConsole(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?preset=fetch-loop")); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, readyJS+` && document.getElementById("script") !== null`, 30*time.Second, "the page loads with the editor")
	setPlaying(t, ctx, false)
	evalJS[bool](t, ctx, `(() => { const s = document.getElementById("script"); s.value = `+jsString(slowDiskPageScript)+`;
		s.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `!document.getElementById("script-apply").disabled && document.getElementById("script-problem") === null`, 5*time.Second, "the script parses")
	evalJS[bool](t, ctx, `(() => { document.getElementById("script-apply").click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("script-status").textContent.startsWith("Applied") && document.querySelector(".title").textContent.startsWith("A slow disk")`, 10*time.Second, "Apply takes the script")
	setPlaying(t, ctx, false)

	seek := func(ms string) {
		evalJS[bool](t, ctx, `(() => { const tl = document.getElementById("timeline"); tl.value = "`+ms+`"; tl.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	}
	badge := `svg#diagram g.node[data-node="b3"] [data-badge="slow-disk"]`
	seek("2000")
	pollJS(t, ctx, `document.querySelector(`+jsString(badge)+`) !== null && document.querySelector('svg#diagram g.node[data-node="b3"] [data-badge="in-isr"]') !== null`, 10*time.Second, "at 2 s b3 has the slow-disk badge and is still in the ISR")
	if got := evalJS[string](t, ctx, `document.querySelector(`+jsString(badge)+`).textContent`); !strings.HasPrefix(got, "slow disk: every append") || !strings.Contains(got, "slow disk +50 ms") {
		t.Errorf("b3's disk badge says %q", got)
	}
	if n := evalJS[int](t, ctx, `document.querySelectorAll('svg#diagram [data-badge="slow-disk"]').length`); n != 1 {
		t.Errorf("%d slow-disk badges, want 1 (b3's)", n)
	}
	seek("4000")
	pollJS(t, ctx, `document.querySelector('svg#diagram g.node[data-node="b3"] [data-badge="out-of-sync"]') !== null && document.querySelector(`+jsString(badge)+`) !== null`, 10*time.Second, "at 4 s b3 has left the ISR and keeps its disk badge")
	if got := badges(t, ctx); !strings.Contains(got, "b3=") || !strings.Contains(got, "out-of-sync,slow-disk") {
		t.Errorf("badges %s", got)
	}

	if err := steadyClick(ctx, `svg#diagram g.node[data-node="b3"] .box`); err != nil {
		t.Fatalf("click b3: %v", err)
	}
	pollJS(t, ctx, `(document.getElementById("inspector")?.textContent || "").includes("slow: every append takes 50 ms")`, 10*time.Second, "the inspector names b3's slow disk")
	noPageErrors(t, pageErrors)
}

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
	t.Parallel()
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

// TestBrowserPlayground loads the page, checks the diagram's nodes and
// roles, produces one record and watches it replicate to both followers and
// commit, then takes screenshots at desktop and phone sizes.
func TestBrowserPlayground(t *testing.T) {
	t.Parallel()
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 800)

	// Collect uncaught exceptions and console errors from the start.
	pageErrors := watchConsole(ctx)

	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?preset=order-9001")); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](readyJS, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("the page never drew its diagram: %v\npage text:\n%s", err, pageDump(ctx))
	}
	firstDraw, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.kplayFirstDraw`))
	if err != nil {
		t.Errorf("window.kplayFirstDraw: %v", err)
	}
	t.Logf("first draw at %.0f ms after navigation (%.0f ms wall)", firstDraw, float64(time.Since(start).Milliseconds()))

	// The lesson's layout: the producer, the leader b1, followers b2 and b3,
	// and the consumer.
	for _, n := range [][2]string{{"producer", "producer"}, {"b1", "leader"}, {"b2", "follower"}, {"b3", "follower"}, {"consumer", "consumer"}} {
		sel := fmt.Sprintf(`svg#diagram g.node[data-node=%q][data-role=%q]`, n[0], n[1])
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector(%q) !== null`, sel)))
		if err != nil || !ok {
			roles, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("g.node")].map(g => g.dataset.node + "=" + g.dataset.role)`))
			t.Errorf("no %s (err %v); nodes: %v", sel, err, roles)
		}
	}
	for _, id := range []string{"play", "step", "produce", "speed", "clock", "events", "describe"} {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.getElementById(%q) !== null`, id)))
		if err != nil || !ok {
			t.Errorf("no #%s (err %v)", id, err)
		}
	}
	if t.Failed() {
		t.FailNow()
	}

	// Play at the top speed, and wait until the preset's own records are
	// replicated and committed and nothing has moved for a while.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		const s = document.getElementById("speed");
		s.value = s.max;
		s.dispatchEvent(new Event("input", {bubbles: true}));
		s.dispatchEvent(new Event("change", {bubbles: true}));
		return true;
	})()`)); err != nil {
		t.Fatalf("setting the speed: %v", err)
	}
	before := waitSteady(t, ctx)
	t.Logf("steady before producing: %+v", before)

	if err := steadyClick(ctx, "#produce"); err != nil {
		t.Fatalf("click #produce: %v", err)
	}
	n := before.LEO2 // the new record's offset
	done := fmt.Sprintf(`(() => {
		const l = b => document.querySelector('.log[data-broker="' + b + '"]');
		const cell = b => l(b).querySelector('.cell[data-offset="%[1]d"]') !== null;
		return Number(l(2).dataset.leo) === %[2]d && Number(l(3).dataset.leo) === %[2]d &&
			cell(2) && cell(3) && Number(l(1).dataset.hw) === %[2]d;
	})()`, n, n+1)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](done, chromedp.WithPollingTimeout(20*time.Second), chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		t.Fatalf("record at offset %d did not replicate and commit: %v\nbefore %+v\nnow    %+v\npage text:\n%s", n, err, before, readLogs(t, ctx), pageDump(ctx))
	}
	after := readLogs(t, ctx)
	t.Logf("after producing offset %d: %+v", n, after)
	if after.LEO1 != n+1 {
		t.Errorf("leader LEO %d, want %d", after.LEO1, n+1)
	}

	screenshot(t, ctx, "kplay-1280x800.png")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1), chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatalf("phone viewport: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.innerWidth === 390`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the viewport did not become 390 px wide: %v", err)
	}
	if err := chromedp.Do(ctx, chromedp.Sleep(500*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](readyJS, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("no diagram at phone size: %v", err)
	}
	screenshot(t, ctx, "kplay-390x844.png")

	noPageErrors(t, pageErrors)
}

// typeEnter types text into the empty field sel, as a keyboard does, and
// presses Enter in it.
func typeEnter(t *testing.T, ctx context.Context, sel, text string) {
	t.Helper()
	evalJS[bool](t, ctx, `(e => { e.scrollIntoView({block: "center"}); e.value = ""; return true; })(document.querySelector(`+jsString(sel)+`))`)
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(sel), text+kb.Enter)); err != nil {
		t.Fatalf("typing into %s: %v", sel, err)
	}
}

// onScreenJS is true when the element sel is wholly inside the viewport
// and what shows at its middle is it (or inside it): no bar or drawer
// covers it.
func onScreenJS(sel string) string {
	return `(e => { if (!e) return false; const r = e.getBoundingClientRect();
		if (r.width === 0 || r.height === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
		const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
		return at !== null && (at === e || e.contains(at)); })(document.querySelector(` + jsString(sel) + `))`
}

// formErrorJS reads a form's complaint (#id), the marks on the field
// name of the panel, and the page's top banner.
const formErrorJS = `((id, panel, name) => {
	const p = document.getElementById(id), f = document.querySelector("#" + panel + ' [name="' + name + '"]');
	const banner = document.querySelector("div.error[role=alert]");
	return JSON.stringify({text: p ? p.textContent : "", invalid: f ? f.getAttribute("aria-invalid") || "" : "",
		describedby: f ? f.getAttribute("aria-describedby") || "" : "", value: f ? f.value : "", banner: banner ? banner.textContent : ""});
})`

type formErrorView struct {
	Text        string `json:"text"`
	Invalid     string `json:"invalid"`
	DescribedBy string `json:"describedby"`
	Value       string `json:"value"`
	Banner      string `json:"banner"`
}

func readFormError(t *testing.T, ctx context.Context, id, panel, name string) formErrorView {
	t.Helper()
	var v formErrorView
	if err := json.Unmarshal([]byte(evalJS[string](t, ctx, formErrorJS+"("+jsString(id)+", "+jsString(panel)+", "+jsString(name)+")")), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestBrowserFormErrorsBesideTheForm: at 1280×800 and 390×844, the
// settings' and the producer's complaints showed only in the banner at
// the top of the page, thousands of pixels above the form; the
// settings' one Apply sat under their long table; Enter did nothing.
// Now: with the table open, Apply is on screen at its first row and at
// its last; "two" typed into min.insync.replicas and Enter shows the
// complaint beside the form, on screen, with the field marked
// (aria-invalid, aria-describedby) and still holding "two", and no
// banner; "2" and Enter applies it as a config command. In the producer
// panel a key a=b and Enter complains beside the send form, a rate of 0
// and Enter beside the rate form, and values x1 and Enter send x1.
func TestBrowserFormErrorsBesideTheForm(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int }{{1280, 800}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			t.Parallel()
			ctx, _, pageErrors := pageAt(t, size.w, size.h, "/?preset=order-9001")
			setPlaying(t, ctx, false)
			evalJS[bool](t, ctx, `(document.querySelector("#config-panel details").open = true, true)`)
			waitFrames(t, ctx)

			for _, row := range []string{"first-child", "last-child"} {
				evalJS[bool](t, ctx, `(document.querySelector("#config-panel .cfg-table tbody tr:`+row+`").scrollIntoView({block: "center"}), true)`)
				scrollStill(t, ctx)
				if !evalJS[bool](t, ctx, onScreenJS("#cfg-apply")) {
					screenshot(t, ctx, fmt.Sprintf("kplay-cfg-apply-%s-%dx%d.png", row, size.w, size.h))
					t.Errorf("with the table's %s row in view, Apply is not on screen", row)
				}
			}

			field := `#config-panel input[name="min.insync.replicas"]`
			typeEnter(t, ctx, field, "two")
			pollJS(t, ctx, `(document.getElementById("cfg-error")?.textContent || "").includes("min.insync.replicas")`, 5*time.Second, "Enter in min.insync.replicas=two shows no complaint beside the settings")
			v := readFormError(t, ctx, "cfg-error", "config-panel", "min.insync.replicas")
			if v.Invalid != "true" || v.DescribedBy != "cfg-error" || v.Value != "two" || v.Banner != "" {
				t.Errorf("after min.insync.replicas=two: %+v, want the field marked and still two, and no banner", v)
			}
			if !evalJS[bool](t, ctx, onScreenJS("#cfg-error")) {
				t.Errorf("the settings' complaint is not on screen while the reader is at the field")
			}
			screenshot(t, ctx, fmt.Sprintf("kplay-cfg-error-%dx%d.png", size.w, size.h))
			typeEnter(t, ctx, field, "2")
			pollJS(t, ctx, actScriptHas("\nconfig min.insync.replicas=2\n"), 5*time.Second, "Enter in min.insync.replicas=2 does not apply it")
			if v := readFormError(t, ctx, "cfg-error", "config-panel", "min.insync.replicas"); v.Text != "" || v.Invalid != "" {
				t.Errorf("after a good Apply: %+v", v)
			}

			typeEnter(t, ctx, `#producer-panel input[name="key"]`, "a=b")
			pollJS(t, ctx, `(document.getElementById("pp-error")?.textContent || "") !== ""`, 5*time.Second, "Enter with key a=b shows no complaint beside the producer")
			if v := readFormError(t, ctx, "pp-error", "producer-panel", "key"); v.Invalid != "true" || v.DescribedBy != "pp-error" || v.Banner != "" || !evalJS[bool](t, ctx, onScreenJS("#pp-error")) {
				t.Errorf("after key a=b: %+v (on screen: %v)", v, evalJS[bool](t, ctx, onScreenJS("#pp-error")))
			}
			screenshot(t, ctx, fmt.Sprintf("kplay-pp-error-%dx%d.png", size.w, size.h))
			evalJS[bool](t, ctx, `(document.querySelector('#producer-panel input[name="key"]').value = "", true)`)
			typeEnter(t, ctx, `#producer-panel input[name="rate"]`, "0")
			pollJS(t, ctx, `(document.getElementById("pp-rate-error")?.textContent || "").includes("1 to 100")`, 5*time.Second, "Enter with rate 0 shows no complaint beside the rate")
			if v := readFormError(t, ctx, "pp-rate-error", "producer-panel", "rate"); v.Invalid != "true" || v.DescribedBy != "pp-rate-error" || v.Banner != "" {
				t.Errorf("after rate 0: %+v", v)
			}
			typeEnter(t, ctx, `#producer-panel input[name="values"]`, "x1")
			pollJS(t, ctx, actScriptHas("values=(x1)"), 5*time.Second, "Enter in values=x1 sends nothing")
			if v := readFormError(t, ctx, "pp-error", "producer-panel", "key"); v.Text != "" || v.Invalid != "" {
				t.Errorf("after a good send: %+v", v)
			}
			noPageErrors(t, pageErrors)
		})
	}
}
