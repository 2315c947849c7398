//go:build browser && !js

package e2e

// Browser tests of the diagram's leftovers (issue 12): badges stay inside
// their box when a broker is in many states at once, a duplicate a retry
// appended is marked, the scrubber spans the scenario and lands a link's
// moment, and the phone's header leaves the first screen to the diagram.

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"kplay/engine"
	"kplay/link"
	"kplay/scenarios"
	"kplay/site"
)

// manyBadgesScript puts broker 3 in five states at once by 00:00:40: a
// slow disk, a one-way cut of its heartbeats to the controller (so the
// controller fences it after broker.session.timeout.ms and it leaves the
// ISR: out of sync) and hung, serving no requests.
const manyBadgesScript = `title "many badges"
cluster brokers=3
create-topic t partitions=1 rf=3
produce t-0 rate=5/s for=1m acks=all
slow-disk 3 latency=50ms
cut 3 controller one-way
run until=00:00:01.000
hang 3 requests=all
run until=00:00:40.000
`

// badgesJS lists every badge (g.badge in a broker box) whose rectangle is
// not inside its box's, or overlaps another badge of the box or the label
// over its log strip (the LEO's), and counts broker 3's badges and reads
// its fold's tooltip.
const badgesJS = `(() => {
	const bad = [];
	let b3 = 0, fold = "";
	const over = (r, r2) => r.left < r2.right - 0.5 && r2.left < r.right - 0.5 && r.top < r2.bottom - 0.5 && r2.top < r.bottom - 0.5;
	for (const g of document.querySelectorAll("#diagram g.node.broker")) {
		const box = g.querySelector("rect.box").getBoundingClientRect();
		const bs = [...g.querySelectorAll(":scope > g.badge")].map(b => [b.dataset.badge, b.querySelector("rect").getBoundingClientRect()]);
		const ls = [...g.querySelectorAll("g.leo-mark text, g.logstart-mark text")].map(l => [l.textContent, l.getBoundingClientRect()]);
		if (g.dataset.node === "b3") {
			b3 = bs.length;
			const f = g.querySelector(":scope > g.badge-more title");
			fold = f ? f.textContent : "";
		}
		bs.forEach(([k, r], i) => {
			if (r.left < box.left || r.right > box.right || r.top < box.top || r.bottom > box.bottom) {
				bad.push(g.dataset.node + " " + k + " outside its box");
			}
			for (const [k2, r2] of bs.slice(0, i).concat(ls)) {
				if (over(r, r2)) bad.push(g.dataset.node + " " + k + " over " + k2);
			}
		});
	}
	return {bad, b3, fold};
})()`

type badgeReport struct {
	Bad  []string `json:"bad"`
	B3   int      `json:"b3"`
	Fold string   `json:"fold"`
}

// scrubTo moves the timeline's slider to ms after the start and waits for
// the clock to show it. It first waits for the slider to reach that far:
// right after kplayLoadScript the slider may still carry the previous
// scenario's max until the next frame draws it, and the browser clamps a
// value past max (CI once failed here on a busy machine, the clock never
// reaching 00:00:40.000 at 390x844 and in the embed).
func scrubTo(t *testing.T, ctx context.Context, start, ms int64) {
	t.Helper()
	pollJS(t, ctx, fmt.Sprintf(`Number(document.getElementById("timeline").max) >= %d`, ms), 30*time.Second, fmt.Sprintf("the timeline never reached %d ms", ms))
	evalJS[bool](t, ctx, fmt.Sprintf(`(() => { const tl = document.getElementById("timeline"); tl.value = "%d"; tl.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`, ms))
	pollJS(t, ctx, fmt.Sprintf(`document.getElementById("clock").textContent === %q`, engine.FormatTime(engine.Time(start+ms))), 30*time.Second, "the clock never reached "+engine.FormatTime(engine.Time(start+ms)))
}

// TestBrowserBadgesStayInTheirBox: broker 3 out of sync, fenced, with a
// slow disk, hung and cut from the controller shows every state (or folds
// the rest into "+N", naming them), and at 1280×800, 390×844 and in an
// 800×600 embed every badge lies inside its box, none over another.
func TestBrowserBadgesStayInTheirBox(t *testing.T) {
	for _, sz := range pageSizes {
		t.Run(sz.name, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, sz.path)
			setPlaying(t, ctx, false)
			if e := evalJS[string](t, ctx, fmt.Sprintf(`window.kplayLoadScript(%q)`, manyBadgesScript)); e != "" {
				t.Fatalf("script: %s", e)
			}
			setPlaying(t, ctx, false)
			scrubTo(t, ctx, 0, 40000)
			pollJS(t, ctx, `document.querySelector('#diagram g.node[data-node="b3"] g.badge-fenced, #diagram g.node[data-node="b3"] g.badge-more') !== null`, 10*time.Second, "broker 3 never showed its states")
			r := evalJS[badgeReport](t, ctx, badgesJS)
			if len(r.Bad) > 0 {
				t.Errorf("badges out of place:\n%s", strings.Join(r.Bad, "\n"))
			}
			if r.B3 < 3 {
				t.Errorf("broker 3 shows %d badges, want its five states or a fold", r.B3)
			}
			for _, want := range []string{"out of sync", "fenced", "slow disk", "hung", "controller"} {
				shown := evalJS[string](t, ctx, `[...document.querySelectorAll('#diagram g.node[data-node="b3"] > g.badge text')].map(x => x.textContent).join("|")`)
				if !strings.Contains(shown, want) && !strings.Contains(r.Fold, want) {
					t.Errorf("broker 3's %q is neither shown (%s) nor in the fold's tooltip (%q)", want, shown, r.Fold)
				}
			}
			screenshot(t, ctx, "kplay-badges-"+sz.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}

// TestBrowserDuplicateIsMarked: in incident-duplicate-on-retry (Kafka 2.8,
// no idempotence) broker 2's offset 2 holds the resent m2 and is drawn as
// a duplicate, offset 1 is not; the legend explains the mark and clicking
// the cell makes the lifecycle say a retry appended m2 again. In the
// fixed preset (idempotence on) no cell is marked.
func TestBrowserDuplicateIsMarked(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=incident-duplicate-on-retry")
	setPlaying(t, ctx, false)
	scrubTo(t, ctx, 0, 4000)
	b2 := `#diagram g.node[data-node="b2"] g.cell`
	pollJS(t, ctx, `document.querySelector('`+b2+`.duplicate[data-offset="2"] rect.dup-mark') !== null`, 10*time.Second, "broker 2's offset 2 is not marked a duplicate")
	if n := evalJS[int](t, ctx, `document.querySelectorAll('`+b2+`.duplicate:not([data-offset="2"])').length`); n != 0 {
		t.Errorf("%d other cells of broker 2 marked duplicates", n)
	}
	if !evalJS[bool](t, ctx, `[...document.querySelectorAll(".legend li")].some(l => l.textContent.startsWith("duplicate: a retry appended"))`) {
		t.Error("the legend does not explain the duplicate mark")
	}
	evalJS[bool](t, ctx, `(() => { document.querySelector('`+b2+`[data-offset="2"]').dispatchEvent(new MouseEvent("click", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `(document.querySelector("#lifecycle .life-dup") || {textContent: ""}).textContent.includes("a retry appended m2 again")`, 10*time.Second, "the lifecycle does not say the record is a duplicate")
	screenshot(t, ctx, "kplay-duplicate-1280x800.png")

	fixed, _, _ := pageAt(t, 1280, 800, "/?preset=incident-duplicate-on-retry-fixed")
	setPlaying(t, fixed, false)
	scrubTo(t, fixed, 0, 4000)
	if n := evalJS[int](t, fixed, `document.querySelectorAll("#diagram g.cell.duplicate").length`); n != 0 {
		t.Errorf("with idempotence %d cells are marked duplicates", n)
	}
	noPageErrors(t, pageErrors)
}

// TestBrowserScrubberLandsALinksMoment: start-here's slider spans its
// first seconds, not its producer's ten minutes; a link opened at
// t=10:03:00 sets the slider's range to hold that moment (site.ScrubSpan)
// and its thumb at it, at 1280×800 and 390×844.
func TestBrowserScrubberLandsALinksMoment(t *testing.T) {
	p, _ := scenarios.Get("start-here")
	start := int64(10 * 3600 * 1000)
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/")
	if span := evalJS[string](t, ctx, `document.getElementById("timeline").max`); span != fmt.Sprint(int64(site.ScrubSpan(10000))) {
		t.Errorf("start-here's slider spans %s ms, want %d (its first 10 s and room)", span, site.ScrubSpan(10000))
	}
	for _, sz := range pageSizes[:2] {
		t.Run(sz.name, func(t *testing.T) {
			at := start + 3*60*1000
			frag := link.Encode(link.Link{Script: p.LearnerText(), T: at, HasT: true})
			lctx, _, _ := pageAt(t, sz.width, sz.height, "/#"+frag)
			pollJS(t, lctx, `document.getElementById("clock").textContent === "10:03:00.000"`, 10*time.Second, "the link did not open at 10:03:00")
			want := site.ScrubSpan(engine.Time(at - start))
			pollJS(t, lctx, fmt.Sprintf(`(() => { const tl = document.getElementById("timeline"); return tl.max === "%d" && tl.value === "%d"; })()`, want, at-start), 5*time.Second,
				fmt.Sprintf("the slider is not at 180000 of %d", want))
			// The thumb is drawn where the value says: its share of the track.
			frac := evalJS[float64](t, lctx, `(() => { const tl = document.getElementById("timeline"); return Number(tl.value) / Number(tl.max); })()`)
			if w := float64(at-start) / float64(want); frac < w-1e-9 || frac > w+1e-9 || frac <= 0.5 {
				t.Errorf("thumb at %.3f of the track, want %.3f", frac, w)
			}
			screenshot(t, lctx, "kplay-scrub-link-"+sz.name+".png")
		})
	}
	noPageErrors(t, pageErrors)
}

// TestBrowserPhoneHeaderIsShort: at 390×844 the header takes at most two
// short rows (under 80 px) and still names kplay "Apache Kafka
// replication, simulated"; the first screen shows the caption, the first
// thing to try and the diagram's top.
func TestBrowserPhoneHeaderIsShort(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 390, 844, "/")
	got := evalJS[string](t, ctx, `(() => {
		const out = [];
		const h = document.querySelector("header.top").getBoundingClientRect();
		if (h.height > 80) out.push("header " + Math.round(h.height) + " px tall");
		const h1 = document.querySelector("header.top h1");
		if (!h1.textContent.includes("Apache Kafka replication, simulated") || h1.getBoundingClientRect().width === 0) out.push("heading " + JSON.stringify(h1.textContent));
		const below = (sel, edge) => { const e = document.querySelector(sel); if (!e) { out.push(sel + " missing"); return; } const r = e.getBoundingClientRect(); if (r[edge] > innerHeight || r.height === 0) out.push(sel + " " + edge + " at " + Math.round(r[edge])); };
		below("#caption", "bottom");
		below(".try-this button", "bottom");
		below("svg#diagram", "top");
		if (document.documentElement.scrollWidth > innerWidth) out.push("page " + document.documentElement.scrollWidth + " px wide");
		return out.join(", ");
	})()`)
	if got != "" {
		t.Errorf("the phone's first screen: %s", got)
	}
	screenshot(t, ctx, "kplay-phone-header-390x844.png")
	noPageErrors(t, pageErrors)
}
