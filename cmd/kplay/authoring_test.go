package main

import (
	"html"
	"os"
	"regexp"
	"strings"
	"testing"

	"kplay/scenarios"
)

// TestAuthoringExampleIsTrue: docs/examples/acks-all.txt, the worked
// lesson of docs/authoring.md, runs on kplay with every expect claim
// holding (kplay link refuses it otherwise), and its answers are what
// Kafka does: with min.insync.replicas=2 an acks=all record is
// acknowledged once the two replicas left in the ISR have it, and a
// leader alone in the ISR refuses one with NOT_ENOUGH_REPLICAS
// (Partition.appendRecordsToLeader checks the ISR's size against
// min.insync.replicas before it appends).
func TestAuthoringExampleIsTrue(t *testing.T) {
	const file = "../../docs/examples/acks-all.txt"
	if code, _, errOut := kplayOut("link", file); code != 0 {
		t.Fatalf("kplay link %s: %s", file, errOut)
	}
	results, _, err := runScript(file, mustRead(t, file))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for _, r := range results {
		out.WriteString(r.Out)
	}
	for _, want := range []string{
		"p1 produce to orders-0 acknowledged: offset 1 (m1)",
		"p1 produce to orders-0 failed at b1: NOT_ENOUGH_REPLICAS",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the worked lesson's run has no %q", want)
		}
	}
	if strings.Contains(out.String(), "appends offset 2 (m2)") {
		t.Error("the worked lesson's leader appends m2, which it refuses")
	}
}

// TestAuthoringLessonPageIsCurrent: docs/examples/lesson.html embeds
// the worked lesson as `kplay embed` writes it today (a page copied
// from the docs opens the lesson the docs describe), and a preset that
// exists.
func TestAuthoringLessonPageIsCurrent(t *testing.T) {
	page := mustRead(t, "../../docs/examples/lesson.html")
	srcs := regexp.MustCompile(`<iframe id="([^"]+)" src="([^"]+)"`).FindAllStringSubmatch(page, -1)
	if len(srcs) != 2 {
		t.Fatalf("lesson.html has %d iframes, want 2", len(srcs))
	}
	if m := regexp.MustCompile(`preset=([a-z0-9-]+)`).FindStringSubmatch(srcs[0][2]); m == nil {
		t.Errorf("the first embed names no preset: %s", srcs[0][2])
	} else if _, ok := scenarios.Get(m[1]); !ok {
		t.Errorf("the first embed's preset %q does not exist", m[1])
	}
	_, out, errOut := kplayOut("embed", "-learner", "-controls", "none", "-questions", "host", "-panels", "outline", "-lesson", "acks-unit", "../../docs/examples/acks-all.txt")
	want := regexp.MustCompile(`src="([^"]+)"`).FindStringSubmatch(out)
	if want == nil {
		t.Fatalf("kplay embed printed no src: %s %s", out, errOut)
	}
	if html.UnescapeString(srcs[1][2]) != html.UnescapeString(want[1]) {
		t.Errorf("lesson.html's second embed is not what kplay embed writes for docs/examples/acks-all.txt today; run it again and paste its src:\n got %s\nwant %s", srcs[1][2], want[1])
	}
}

func mustRead(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestEmbedDocListsThePresets: docs/embed.md's table of presets names
// every preset with its question count, as `kplay presets` prints them
// (a teacher found no list of preset names anywhere in the docs).
func TestEmbedDocListsThePresets(t *testing.T) {
	doc := mustRead(t, "../../docs/embed.md")
	_, out, _ := kplayOut("presets")
	lines := strings.Split(strings.TrimSpace(out), "\n")[1:]
	if len(lines) != len(scenarios.All()) {
		t.Fatalf("kplay presets prints %d presets, want %d", len(lines), len(scenarios.All()))
	}
	for _, l := range lines {
		f := strings.Fields(l)
		if row := "| `" + f[0] + "` | " + f[1] + " |"; !strings.Contains(doc, row) {
			t.Errorf("docs/embed.md has no row %q", row)
		}
	}
}
