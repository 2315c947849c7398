//go:build browser && !js

package e2e

import (
	"testing"
	"time"
)

// TestBrowserGalleryPartner: a reader picks a gallery incident from the
// picker's group for KAFKA-7128. The summary links the ticket in a new
// tab (rel=noopener); in lesson mode, before the question, the link says
// only the ticket's name and the partner button only where it goes. With
// lesson mode off the button says "See it fixed on Kafka 4.4"; clicking it
// plays the fixed preset, names it in the picker and the address bar, and
// the fixed preset's button leads back to the bug's release.
func TestBrowserGalleryPartner(t *testing.T) {
	ctx, _, pageErrors := learnerOpen(t, 1280, 800, "/")
	if got := evalJS[string](t, ctx, `[...document.querySelectorAll("#preset optgroup")].map(g => g.label + ":" + g.children.length).join("|")`); got != "1–9 · The lesson:9|10–12 · Famous failures:3|13–40 · Famous incidents: each report, then today's Kafka:28" {
		t.Errorf("picker groups %q, want the lesson's 9, 3 famous failures, then the 14 incidents each with its fix", got)
	}
	if got := evalJS[string](t, ctx, `(() => { const o = [...document.querySelectorAll("#preset option")]; const i = o.findIndex(x => x.value === "incident-kafka-7128"); return o.slice(i, i + 2).map(x => x.value + "=" + x.textContent).join("|"); })()`); got != "incident-kafka-7128=21. KAFKA-7128 · Kafka 2.0: the preferred leader returns with an old high watermark|incident-kafka-7128-fixed=22. ↳ Kafka 4.4: the same preferred leader returns today" {
		t.Fatalf("the KAFKA-7128 entries are %q, want the bug's preset then its fix", got)
	}
	evalJS[bool](t, ctx, `(() => { const p = document.getElementById("preset"); p.value = "incident-kafka-7128"; p.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	pollJS(t, ctx, `location.search === "?preset=incident-kafka-7128" && document.querySelector("#summary a.source") !== null && document.getElementById("partner") !== null`,
		10*time.Second, "picking the incident shows no source link and no partner button")
	src := evalJS[string](t, ctx, `(() => { const a = document.querySelector("#summary a.source"); return [a.href, a.target, a.rel, a.textContent].join("|"); })()`)
	if want := "https://issues.apache.org/jira/browse/KAFKA-7128|_blank|noopener|KAFKA-7128"; src != want {
		t.Errorf("before the question the source link is %q, want %q", src, want)
	}
	if got := evalJS[string](t, ctx, `document.getElementById("partner").textContent`); got != "Play the same schedule on Kafka 4.4" {
		t.Errorf("before the question the partner button says %q, which may tell the outcome", got)
	}
	evalJS[bool](t, ctx, `(() => { document.getElementById("lesson-mode").click(); return true; })()`)
	pollJS(t, ctx, `document.getElementById("partner").textContent === "See it fixed on Kafka 4.4" && document.querySelector("#summary a.source").textContent.startsWith("KAFKA-7128: ")`,
		10*time.Second, "with lesson mode off the button and the source do not say all")
	evalJS[bool](t, ctx, `(() => { document.getElementById("partner").click(); return true; })()`)
	pollJS(t, ctx, `location.search === "?preset=incident-kafka-7128-fixed" && document.getElementById("preset").value === "incident-kafka-7128-fixed" && document.getElementById("script").value.includes("kafka=4.4")`,
		10*time.Second, "the partner button does not open the fixed preset and name it in the address bar")
	pollJS(t, ctx, `document.getElementById("partner").textContent === "See the bug on Kafka 2.0" && document.getElementById("partner").dataset.preset === "incident-kafka-7128"`,
		10*time.Second, "the fixed preset's button does not lead back to the bug on Kafka 2.0")
	noPageErrors(t, pageErrors)
}
