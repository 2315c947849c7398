//go:build browser && !js

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// This file holds the browser tests of the learner's defects met on the
// full page (index.html): the link menu's cuts, the inspector after a
// rewind, the forms' errors and Apply, and the diagram's text and badges
// with four and nine brokers.

// TestBrowserInspectorAfterRewind: in lesson 8 (acks1-loss) a learner
// clicks m2's struck-through cell on broker 1 at 41 s, after broker 1
// truncated it (40.002), then seeks back to 10.005, when broker 1 holds
// m2 above its HW 2. The inspector kept "truncated from broker 1's log",
// m2's future; it shows m2 as it is at the playhead (not committed yet,
// sent by p2 at 10.000), the lifecycle tells nothing later than the
// clock, and the cell stays marked as the selection.
func TestBrowserInspectorAfterRewind(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=acks1-loss")
	cell := `svg#diagram g.node[data-node="b1"] .cell[data-offset="2"]`
	seekPaused(t, ctx, 41000, "00:00:41.000")
	waitFrames(t, ctx)
	click(t, ctx, cell+".truncated")
	pollJS(t, ctx, `(document.getElementById("inspector")?.textContent || "").includes("truncated from broker 1's log")`, 5*time.Second, "the inspector does not say m2 is truncated at 41 s")

	seekPaused(t, ctx, 10005, "00:00:10.005")
	waitFrames(t, ctx)
	insp := evalJS[string](t, ctx, `document.getElementById("inspector").innerText`)
	if strings.Contains(insp, "truncated") || !strings.Contains(insp, "not yet: at or above broker 1's HW 2") || !strings.Contains(insp, "p2") {
		t.Errorf("at 10.005 the inspector reads:\n%s\nwant m2 not committed yet, above broker 1's HW 2, from p2", insp)
	}
	later := evalJS[[]string](t, ctx, `[...document.querySelectorAll("#lifecycle li time")].map(e => e.textContent).filter(t => t > "00:00:10.005")`)
	if len(later) > 0 {
		t.Errorf("at 10.005 the lifecycle tells steps at %v", later)
	}
	if !evalJS[bool](t, ctx, `document.querySelector(`+jsString(cell)+`)?.classList.contains("selected") ?? false`) {
		t.Errorf("at 10.005 broker 1's m2 is not marked selected")
	}
	screenshot(t, ctx, "kplay-inspector-rewind-1280x800.png")
	noPageErrors(t, pageErrors)
}

// clickLink clicks the diagram's link (data-link "b1-b3") as a mouse
// does, halfway along its line: the middle of a bent link's box is off
// the line.
func clickLink(t *testing.T, ctx context.Context, link string) {
	t.Helper()
	sel := `svg#diagram g.link-hit[data-link="` + link + `"] polyline.hit`
	evalJS[bool](t, ctx, `(document.querySelector(`+jsString(sel)+`).scrollIntoViewIfNeeded(true), true)`)
	scrollStill(t, ctx)
	xy := evalJS[[]float64](t, ctx, `(p => {
		const m = p.getPointAtLength(p.getTotalLength() / 2).matrixTransform(p.getScreenCTM());
		return [m.x, m.y];
	})(document.querySelector(`+jsString(sel)+`))`)
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		t.Fatalf("click link %s: %v", link, err)
	}
}

// TestBrowserSecondCutKeepsTheFirst: at 1280×800, teaching scale, a
// learner cuts the link from the leader b1 to b2, then the one to b3,
// from the link menu. The menu's Cut sent "partition g1=(1) g2=(3)",
// which replaced the first cut's partition and healed b1–b2. Cuts add up
// (engine.Cut): the script holds two cut lines and no partition, both
// links are drawn cut, the event log says both links were cut, and the
// engine acts on both: after replica.lag.time.max.ms (5 s at teaching
// scale) with a record neither follower can fetch, b1 shrinks the ISR to
// itself (it read 1,2 with the partition). "Heal this link" on b1–b2
// then heals that link alone.
func TestBrowserSecondCutKeepsTheFirst(t *testing.T) {
	ctx, pageErrors := actPage(t)
	actClick(t, ctx, "#cfg-teaching")
	actWait(t, ctx, "teaching scale changes the script's cluster line", actScriptHas("replica.lag.time.max.ms=5000"), 10*time.Second)
	waitSteady(t, ctx)

	cut := func(link string) {
		clickLink(t, ctx, link)
		actWait(t, ctx, "the menu of "+link+" opens", `document.querySelector(".link-menu #link-cut") !== null`, 5*time.Second)
		actClick(t, ctx, "#link-cut")
		actWait(t, ctx, "the menu of "+link+" closes", `document.querySelector(".link-menu") === null`, 5*time.Second)
	}
	cut("b1-b2")
	cut("b1-b3")
	actWait(t, ctx, "both cuts join the script", actScriptHas("\ncut 1 2\n", "\ncut 1 3\n"), 5*time.Second)
	if sc := actText(ctx, "#script"); strings.Contains(sc, "\npartition ") {
		t.Errorf("the script holds a partition line:\n%s", sc)
	}
	drawnCut := `[...document.querySelectorAll("svg#diagram g.link-hit.cut")].map(g => g.dataset.link).sort().join(" ")`
	actWait(t, ctx, "both links are drawn cut", drawnCut+` === "b1-b2 b1-b3"`, 5*time.Second)
	actWait(t, ctx, "the event log says both links were cut", `(t => t.includes("link b1–b2 cut") && t.includes("link b1–b3 cut"))(document.getElementById("events").textContent)`, 5*time.Second)
	if ev := actText(ctx, "#events"); strings.Contains(ev, "network split") {
		t.Errorf("the event log tells a network split:\n%s", ev)
	}

	actClick(t, ctx, "#produce")
	actWait(t, ctx, "b1 shrinks the ISR to itself: neither follower reaches it",
		`(document.getElementById("describe") || {}).textContent.includes("Leader: 1\tReplicas: 1,2,3\tIsr: 1\t")`, 40*time.Second)
	if got := evalJS[string](t, ctx, drawnCut); got != "b1-b2 b1-b3" {
		t.Errorf("links drawn cut after the ISR shrank: %q", got)
	}

	clickLink(t, ctx, "b1-b2")
	actWait(t, ctx, "the cut link's menu offers to heal it alone", `document.querySelector(".link-menu #link-heal-link") !== null`, 5*time.Second)
	screenshot(t, ctx, "kplay-two-cuts-menu-1280x800.png")
	actClick(t, ctx, "#link-heal-link")
	actWait(t, ctx, "the link's heal joins the script", actScriptHas("\nheal 1 2\n"), 5*time.Second)
	actWait(t, ctx, "b1–b3 alone stays cut", drawnCut+` === "b1-b3"`, 5*time.Second)
	actWait(t, ctx, "b2 rejoins the ISR; b3 stays out",
		`(document.getElementById("describe") || {}).textContent.includes("Leader: 1\tReplicas: 1,2,3\tIsr: 1,2\t")`, 40*time.Second)
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
	for _, size := range []struct{ w, h int }{{1280, 800}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
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

// smallestTextJS measures every text of the diagram as drawn (the boxes'
// in svg#diagram and the message labels in svg#dots, which has its
// viewBox): its computed font size times the SVG's scale (its box over
// its viewBox), and returns the smallest with its text and class, and
// the scale, as JSON.
const smallestTextJS = `(() => {
	let min = {px: 1e9, text: "", cls: "", scale: 0};
	for (const svg of [document.getElementById("diagram"), document.getElementById("dots")]) {
		if (!svg) continue;
		const vb = svg.viewBox.baseVal, r = svg.getBoundingClientRect();
		const scale = Math.min(r.width / vb.width, r.height / vb.height);
		for (const t of svg.querySelectorAll("text")) {
			if (t.textContent.trim() === "" || t.getBoundingClientRect().width === 0) continue;
			const px = parseFloat(getComputedStyle(t).fontSize) * scale;
			if (px < min.px) min = {px: Math.round(px * 100) / 100, text: t.textContent.slice(0, 30),
				cls: t.getAttribute("class") || t.parentNode.getAttribute("class") || "", scale: Math.round(scale * 1000) / 1000};
		}
	}
	return JSON.stringify(min);
})()`

type smallestText struct {
	Px    float64 `json:"px"`
	Text  string  `json:"text"`
	Cls   string  `json:"cls"`
	Scale float64 `json:"scale"`
}

// TestBrowserDiagramTextAtLeast11px: with four brokers (wrong-broker,
// every-broker-leads) the full page drew the diagram's column at 0.6 of
// its size, its offsets at 6 px. At 1280×800, in an 800×600 embed and at
// 390×844, for those presets and the default three-broker one, no text
// of the diagram (nor a message's label) is drawn smaller than 11 px.
func TestBrowserDiagramTextAtLeast11px(t *testing.T) {
	for _, preset := range []string{"wrong-broker", "every-broker-leads", ""} {
		for _, at := range []struct {
			w, h int
			page string
		}{{1280, 800, "/"}, {800, 600, "/embed.html"}, {390, 844, "/"}} {
			name := preset
			if name == "" {
				name = "default"
			}
			t.Run(fmt.Sprintf("%s-%s%dx%d", name, strings.Trim(at.page, "/."), at.w, at.h), func(t *testing.T) {
				path := at.page
				if preset != "" {
					path += "?preset=" + preset
				}
				ctx, _, pageErrors := pageAt(t, at.w, at.h, path)
				waitFrames(t, ctx)
				var got smallestText
				if err := json.Unmarshal([]byte(evalJS[string](t, ctx, smallestTextJS)), &got); err != nil {
					t.Fatal(err)
				}
				if got.Px < 11 {
					screenshot(t, ctx, fmt.Sprintf("kplay-text-%s-%dx%d.png", name, at.w, at.h))
					t.Errorf("%q (%s) is drawn at %.2f px (the diagram at %.3f of its viewBox), want 11 px or more", got.Text, got.Cls, got.Px, got.Scale)
				}
				noPageErrors(t, pageErrors)
			})
		}
	}
}

// coveredNamesJS lists, as drawn on screen, every broker box whose name
// a badge, the role pill or a partition chip covers, or that runs out of
// its box.
const coveredNamesJS = `(() => {
	const ov = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
	const out = [];
	for (const g of document.querySelectorAll("svg#diagram g.node.broker")) {
		const key = g.dataset.node, name = g.querySelector("text.name"), box = g.querySelector("rect.box").getBoundingClientRect();
		const n = name.getBoundingClientRect();
		if (n.right > box.right || n.left < box.left) out.push(key + "'s name " + JSON.stringify(name.textContent) + " runs out of its box");
		for (const b of g.querySelectorAll("[data-badge]")) if (ov(n, b.getBoundingClientRect())) out.push(JSON.stringify(b.textContent) + " covers " + JSON.stringify(name.textContent));
		const map = document.querySelector('svg#diagram g.pmap[data-broker="' + key.slice(1) + '"]');
		if (map) for (const c of map.querySelectorAll("g.chip")) if (ov(n, c.getBoundingClientRect())) out.push("chip " + c.dataset.tp + " covers " + JSON.stringify(name.textContent));
	}
	return out;
})()`

// TestBrowserNoBadgeCoversABrokersName: nine brokers and twelve
// partitions (nineByTwelve) on a phone: the "no replica" pill covered
// "broker 4". At 390×844 and 1280×800, and with four brokers at 1280×800
// and in an embed, no badge, role pill or partition chip covers a
// broker's name, and no name runs out of its box; the 9×12 page shows
// them on the first frame and after ten simulated seconds.
func TestBrowserNoBadgeCoversABrokersName(t *testing.T) {
	for _, c := range []struct {
		w, h   int
		path   string
		script string
	}{{390, 844, "/", nineByTwelve()}, {1280, 800, "/", nineByTwelve()}, {1280, 800, "/?preset=wrong-broker", ""}, {800, 600, "/embed.html?preset=every-broker-leads", ""}} {
		t.Run(fmt.Sprintf("%dx%d%s", c.w, c.h, strings.ReplaceAll(c.path, "/", "-")), func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, c.w, c.h, c.path)
			brokers := 4
			if c.script != "" {
				brokers = 9
				if msg := evalJS[string](t, ctx, fmt.Sprintf(`window.kplayLoadScript(%q)`, c.script)); msg != "" {
					t.Fatal(msg)
				}
			}
			pollJS(t, ctx, fmt.Sprintf(`document.querySelectorAll("svg#diagram g.node.broker").length === %d`, brokers), 10*time.Second, "the brokers are not drawn")
			for _, ms := range []int{0, 10000} {
				if ms > 0 {
					seekPaused(t, ctx, ms, "00:00:10.000")
				}
				waitFrames(t, ctx)
				if bad := evalJS[[]string](t, ctx, coveredNamesJS); len(bad) > 0 {
					evalJS[bool](t, ctx, `(document.getElementById("diagram").scrollIntoView(), true)`)
					screenshot(t, ctx, fmt.Sprintf("kplay-names-%dx%d.png", c.w, c.h))
					t.Errorf("at %d ms: %s", ms, strings.Join(bad, "; "))
				}
			}
			noPageErrors(t, pageErrors)
		})
	}
}
