//go:build browser && !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kplay/link"
)

// halfAliveScript has b2 hung for clients with its fetches to the leader b1
// cut one way, the consumer's link to b1 cut both ways, and b3 crashed.
const halfAliveScript = "# title: One-way cut and a half-alive broker\ncluster brokers=3\ncreate-topic t partitions=1 rf=3\nproduce t-0 values=(x1, x2)\nconsume t-0 from=earliest\nadvance 2s\ncut 2 1 one-way\nhang 2 requests=clients\ncut 1 c1\ncrash 3\nadvance 3s\n"

// TestBrowserHalfAlive opens a link to a moment with a one-way cut, a
// two-way cut, a hung broker and a crashed one, and checks each is drawn
// apart: the one-way link has its own class, dash and an arrowhead
// pointing at b1 (whose incoming messages from b2 are lost), the two-way
// link a ✕ and no arrow; b2's box is marked hung with the hourglass badge
// and a box outline unlike the healthy b1's and the crashed b3's; the
// legend explains both. The producer link's menu then cuts it one way.
func TestBrowserHalfAlive(t *testing.T) {
	srv := serveSite(t, builtSite(t))
	ctx := newBrowser(t, 1280, 1000)
	pageErrors := watchConsole(ctx)
	frag := link.Encode(link.Link{Script: halfAliveScript, T: 4000, HasT: true})
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/#"+frag)); err != nil {
		t.Fatal(err)
	}
	pollJS(t, ctx, readyJS+` && document.getElementById("clock").textContent === "00:00:04.000"`, 30*time.Second, "the link opens at 00:00:04.000")
	pollJS(t, ctx, `document.querySelector('svg#diagram g.link-hit[data-link="b1-b2"].cut-one-way') !== null && document.querySelector('svg#diagram g.node.broker[data-node="b2"].hung') !== null`, 10*time.Second, "the one-way cut and the hung broker are drawn")

	oneWay := `document.querySelector('svg#diagram g.link-hit[data-link="b1-b2"]')`
	twoWay := `document.querySelector('svg#diagram g.link-hit[data-link="b1-consumer"]')`
	if got := evalJS[string](t, ctx, oneWay+`.getAttribute("class")`); strings.Contains(" "+got+" ", " cut ") {
		t.Errorf("one-way link class %q also says cut both ways", got)
	}
	if got := evalJS[string](t, ctx, twoWay+`.getAttribute("class")`); !strings.Contains(" "+got+" ", " cut ") || strings.Contains(got, "cut-one-way") {
		t.Errorf("two-way link class %q, want cut and not cut-one-way", got)
	}
	if n := evalJS[int](t, ctx, oneWay+`.querySelectorAll("polygon.one-way-arrow").length`); n != 1 {
		t.Errorf("%d arrowheads on the one-way link, want 1", n)
	}
	if n := evalJS[int](t, ctx, twoWay+`.querySelectorAll("polygon.one-way-arrow").length`); n != 0 {
		t.Errorf("%d arrowheads on the two-way link, want 0", n)
	}
	// The arrow points at b1: its tip is nearer b1's box than its back is.
	if !evalJS[bool](t, ctx, `(() => {
		const pts = `+oneWay+`.querySelector("polygon.one-way-arrow").getAttribute("points").split(" ").map(p => p.split(",").map(Number));
		const r = document.querySelector('svg#diagram g.node[data-node="b1"] .box').getBBox();
		const m = document.querySelector('svg#diagram g.node[data-node="b1"]').transform.baseVal.consolidate().matrix;
		const cx = m.e + r.x + r.width / 2, cy = m.f + r.y + r.height / 2;
		const d = p => Math.hypot(p[0] - cx, p[1] - cy);
		return d(pts[0]) < d(pts[1]) && d(pts[0]) < d(pts[2]);
	})()`) {
		t.Error("the one-way arrow does not point at b1")
	}
	dash := func(sel string) string {
		return evalJS[string](t, ctx, `getComputedStyle(`+sel+`.querySelector("polyline.fault")).strokeDasharray`)
	}
	if a, b := dash(oneWay), dash(twoWay); a == b || a == "none" {
		t.Errorf("one-way dash %q, two-way dash %q: want two different dashes", a, b)
	}
	if got := evalJS[string](t, ctx, oneWay+`.getAttribute("aria-label")`); !strings.Contains(got, "cut one way: broker 2's messages to broker 1 are lost") {
		t.Errorf("one-way link label %q", got)
	}

	node := func(id string) string {
		return `document.querySelector('svg#diagram g.node.broker[data-node="` + id + `"]')`
	}
	if got := badges(t, ctx); !strings.Contains(got, "b2=follower,in-isr,hung") || strings.Contains(got, "b1=leader,in-isr,hung") || !strings.Contains(got, "b3=") || strings.Contains(got, "b3=replica,in-isr,down,hung") {
		t.Errorf("badges %q, want b2 hung, b1 and b3 not", got)
	}
	if got := evalJS[string](t, ctx, node("b2")+`.querySelector('[data-badge="hung"]').textContent`); !strings.Contains(got, "hung: no clients") {
		t.Errorf("b2's hung badge says %q", got)
	}
	if n := evalJS[int](t, ctx, node("b2")+`.querySelectorAll('[data-badge="hung"] path.hourglass').length`); n != 1 {
		t.Errorf("b2's hung badge has %d hourglasses, want 1", n)
	}
	if got := evalJS[string](t, ctx, node("b2")+`.querySelector('[data-badge="hung"] title').textContent`); !strings.Contains(got, "registered and heartbeating") {
		t.Errorf("b2's hung badge tooltip %q", got)
	}
	if evalJS[bool](t, ctx, node("b2")+`.classList.contains("down")`) || !evalJS[bool](t, ctx, node("b3")+`.classList.contains("down")`) || evalJS[bool](t, ctx, node("b3")+`.classList.contains("hung")`) {
		t.Error("b2 must be hung and not down, b3 down and not hung")
	}
	stroke := func(id string) string {
		return evalJS[string](t, ctx, `(() => { const s = getComputedStyle(`+node(id)+`.querySelector(".box")); return s.stroke + " " + s.strokeDasharray; })()`)
	}
	if h, ok, down := stroke("b2"), stroke("b1"), stroke("b3"); h == ok || h == down {
		t.Errorf("box outlines: hung b2 %q, healthy b1 %q, crashed b3 %q: want the hung one unlike both", h, ok, down)
	}
	legend := evalJS[string](t, ctx, `document.querySelector(".legend").textContent`)
	for _, want := range []string{"one-way cut: A→B dropped", "half-alive broker"} {
		if !strings.Contains(legend, want) {
			t.Errorf("legend %q lacks %q", legend, want)
		}
	}
	screenshot(t, ctx, "kplay-half-alive.png")

	// The link menu cuts one way too: from the link's first node to its
	// second, here the producer's requests to b1.
	actClick(t, ctx, `svg#diagram g.link-hit[data-link="producer-b1"] .hit`)
	actWait(t, ctx, "the producer link's menu offers a one-way cut", `(document.querySelector(".link-menu #link-cut-one-way") || {}).textContent === "Cut producer → broker 1 only"`, 5*time.Second)
	actClick(t, ctx, "#link-cut-one-way")
	actWait(t, ctx, "the one-way cut joins the script", actScriptHas("\ncut p1 1 one-way\n"), 5*time.Second)
	actWait(t, ctx, "the producer link is drawn cut one way", `document.querySelector('svg#diagram g.link-hit.cut-one-way[data-link="producer-b1"] polygon.one-way-arrow') !== null`, 5*time.Second)
	noPageErrors(t, pageErrors)
}
