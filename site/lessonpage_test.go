package site

import (
	"html"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/scenarios"
)

// lossRules are the broken guarantees that lose a record; a lesson that
// says "can lose" before the question "Is m2 safe?" has answered it.
var lossRules = map[string]bool{"AcknowledgedWriteLost": true, "CommittedDurability": true}

var (
	iframeTag = regexp.MustCompile(`(?s)<iframe\b([^>]*)>`)
	attrOf    = func(name string) *regexp.Regexp { return regexp.MustCompile(`\b` + name + `="([^"]*)"`) }
	srcAttr   = attrOf("src")
	titleAttr = attrOf("title")
	anyTag    = regexp.MustCompile(`(?s)<[^>]*>`)
	lossWord  = regexp.MustCompile(`(?i)\b(lose|loses|losing|lost|loss)\b`)
)

// TestLessonPageGivesNoAnswerAway: static/lesson.html, the example of a
// teacher's page, asks the reader to predict, so its text above each
// embed (the headings and paragraphs since the previous embed, and the
// iframe's own title, which a screen reader reads) must not tell the
// answer to the embedded preset's first question: neither the answer
// itself, where it is more than "yes" or "no", nor the loss of a record
// when the preset breaks a guarantee that loses one after the question
// (the page itself hides that banner until the answer). Its first
// section was headed "acks=1 can lose an acknowledged record" above
// lesson 8, which asks "Is m2 safe?".
func TestLessonPageGivesNoAnswerAway(t *testing.T) {
	b, err := os.ReadFile("../static/lesson.html")
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	from := strings.Index(page, "<body")
	embeds := 0
	for _, m := range iframeTag.FindAllStringSubmatchIndex(page, -1) {
		tag := page[m[2]:m[3]]
		src := srcAttr.FindStringSubmatch(tag)
		if src == nil {
			continue
		}
		u, err := url.Parse(html.UnescapeString(src[1]))
		if err != nil {
			t.Fatal(err)
		}
		name := u.Query().Get("preset")
		text := html.UnescapeString(anyTag.ReplaceAllString(page[from:m[0]], " "))
		if title := titleAttr.FindStringSubmatch(tag); title != nil {
			text += " " + html.UnescapeString(title[1])
		}
		from = m[1]
		p, ok := scenarios.Get(name)
		if !ok {
			t.Errorf("lesson.html embeds %q, which is no preset", name)
			continue
		}
		s := NewStoreFromScript(p.Name, p.Text)
		sc := s.Player.Scenario()
		if len(sc.Asks) == 0 {
			continue
		}
		embeds++
		ask := sc.Asks[0]
		if a := strings.ToLower(ask.Answer); a != "yes" && a != "no" && strings.Contains(strings.ToLower(text), a) {
			t.Errorf("lesson.html above %s says the answer %q to %q", name, ask.Answer, ask.Question)
		}
		s.Player.Seek(ScenarioEnd(sc))
		for _, e := range s.Player.Events(0) {
			if e.Kind != engine.EvViolation || e.At < ask.At || !lossRules[ViolationRule(e)] {
				continue
			}
			if w := lossWord.FindString(text); w != "" {
				t.Errorf("lesson.html above %s says %q, which answers %q: the preset loses a record after it (%s)", name, w, ask.Question, ViolationRule(e))
			}
			break
		}
	}
	if embeds == 0 {
		t.Fatal("lesson.html embeds no preset that asks a question: the test checks nothing")
	}
}
