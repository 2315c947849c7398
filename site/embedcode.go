package site

import (
	"hash/fnv"
	"net/url"
	"strconv"
	"strings"

	"kplay/link"
	"kplay/scenarios"
)

// EmbedCodePanels is the panels= of the embed code: the event log, the
// describe output, and the inspector, which a click on a broker shows in
// a card over the diagram (DetailOnDiagram); without it that click showed
// nothing but the broker's menu.
const EmbedCodePanels = "log,describe,inspector"

// EmbedGrowNote is the HTML comment between the embed code's <iframe> and
// its script: an author who pastes only the <iframe> gets a frame that
// stays 600 px tall and scrolls inside, with no word of why.
const EmbedGrowNote = "<!-- kplay: the script below lets the frame grow to its content; without it the frame stays 600 px tall and scrolls inside. -->"

// EmbedParams are the options of an embed's address (docs/embed.md)
// that its author chooses, as their query values: "" leaves one out,
// so that the embed takes its default. "Copy embed code" sets Controls
// "min" and Panels EmbedCodePanels; `kplay embed` takes them from its
// flags.
type EmbedParams struct {
	// Panels is panels= (comma-separated panel names, EmbedPanels),
	// Controls controls= ("full", "min" or "none"), Autoplay autoplay=
	// ("0" or "1"), Speed speed= (simulated ms per real ms), Theme
	// theme= ("light" or "dark"), Lesson lesson= ("0", or a lesson's
	// ID), Questions questions= ("host" for a page that asks the
	// questions itself) and Origin origin= (comma-separated origins the
	// embed obeys).
	Panels, Controls, Autoplay, Speed, Theme, Lesson, Questions, Origin string
}

// CodeParams are the options "Copy embed code" writes.
var CodeParams = EmbedParams{Controls: "min", Panels: EmbedCodePanels}

// Query is the embed address's query for scenario (a preset's
// "preset=NAME" or a link's "s=1.…&t=…", already escaped) with the
// options of p, in a fixed order.
func (p EmbedParams) Query(scenario string) string {
	var b strings.Builder
	b.WriteString(scenario)
	for _, kv := range [...][2]string{{"controls", p.Controls}, {"panels", p.Panels}, {"autoplay", p.Autoplay},
		{"speed", p.Speed}, {"theme", p.Theme}, {"lesson", p.Lesson}, {"questions", p.Questions}, {"origin", p.Origin}} {
		if kv[1] != "" {
			b.WriteString("&" + kv[0] + "=" + url.QueryEscape(kv[1]))
		}
	}
	return b.String()
}

// EmbedHTML is the HTML a lesson author pastes: an <iframe> of
// embed.html on the site at origin (its scheme and host,
// "https://kplay.example") with query, a comment (EmbedGrowNote) and a
// one-line script that sets the iframe's height from the embed's
// "height" messages (docs/embed.md), checking that they come from that
// iframe and origin; where a page strips scripts, the iframe keeps its
// 600 px. title names the frame for screen readers ("kplay: TITLE").
func EmbedHTML(origin, query, title string) string {
	src := origin + "/embed.html?" + query
	if title == "" {
		title = "kplay scenario"
	}
	// The id differs between embeds of different scenarios on one page.
	h := fnv.New32a()
	h.Write([]byte(src))
	id := "kplay-" + strconv.FormatUint(uint64(h.Sum32()), 36)
	return `<iframe id="` + id + `" src="` + escapeHTML(src) + `" width="800" height="600" style="border:0;max-width:100%" loading="lazy" title="` +
		escapeHTML("kplay: "+title) + `"></iframe>` + "\n" + EmbedGrowNote + "\n" +
		`<script>addEventListener("message",function(e){var f=document.getElementById("` + id + `"),d=e.data;` +
		`if(f&&e.source===f.contentWindow&&e.origin===` + strconv.Quote(origin) + `&&d&&d.source==="kplay"&&d.type==="height"&&d.height>0)` +
		`f.style.height=Math.min(d.height,4000)+"px"})</script>`
}

// EmbedScenario is the query that opens what the page shows in an embed:
// "preset=NAME" while the page plays a preset as it is (no edit, no
// action of the reader's), else the share link's "s=1.…"; with
// "&t=MS", the playhead in simulated ms, unless fromStart.
func (s *Store) EmbedScenario(fromStart bool) string {
	t := ""
	if !fromStart {
		t = "&t=" + strconv.FormatInt(int64(s.Player.Now()), 10)
	}
	if p, ok := scenarios.Get(s.Share.Preset); ok && s.ScriptText() == p.LearnerText() {
		return "preset=" + url.QueryEscape(p.Name) + t
	}
	return link.Encode(link.Link{Script: s.ScriptText()}) + t
}

// EmbedCode is "Copy embed code": EmbedHTML for what the page shows,
// with CodeParams and the theme the reader picked (Sharing.EmbedTheme), from the scenario's start or, unless fromStart, at
// the playhead (a teacher who paused to copy got an embed frozen at that
// moment, with no way to copy one that starts at the beginning).
func (s *Store) EmbedCode(origin string, fromStart bool) string {
	p := CodeParams
	p.Theme = s.Share.EmbedTheme
	return EmbedHTML(origin, p.Query(s.EmbedScenario(fromStart)), s.Title)
}
