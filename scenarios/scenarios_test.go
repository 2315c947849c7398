package scenarios_test

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/engine/script/scripttest"
	"kplay/scenarios"
)

// TestPresets runs every preset as a golden test.
func TestPresets(t *testing.T) {
	files, err := filepath.Glob("*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no presets found: %v", err)
	}
	for _, path := range files {
		t.Run(path, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			scripttest.RunFile(t, path, string(src))
		})
	}
}

// compile compiles a preset as the page loads it, stripped of its
// expected output; false (and the error reported) if it does not compile.
func compile(t *testing.T, p scenarios.Preset) (script.Scenario, bool) {
	t.Helper()
	sc, err := script.ParseAndCompile(p.Name, script.StripExpected(p.Text))
	if err != nil {
		t.Errorf("%s: %v", p.Name, err)
		return sc, false
	}
	return sc, true
}

// sentences counts the sentences of s: the full stops, question and
// exclamation marks that end it or are followed by a space.
func sentences(s string) int {
	n := 0
	for i, r := range s {
		if (r == '.' || r == '?' || r == '!') && (i == len(s)-1 || s[i+1] == ' ') {
			n++
		}
	}
	return n
}

// TestPresetsTellAStory: each preset compiles, has a title directive and a
// summary of two or three sentences, and its Preset fields are that title
// and summary.
func TestPresetsTellAStory(t *testing.T) {
	all := scenarios.All()
	if len(all) == 0 {
		t.Fatal("no presets embedded")
	}
	for _, p := range all {
		sc, ok := compile(t, p)
		if !ok {
			continue
		}
		dirs, err := script.Parse(p.Name, script.StripExpected(p.Text))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(dirs, func(d script.Directive) bool { return d.Cmd == "title" }) {
			t.Errorf("%s has no title directive", p.Name)
		}
		if p.Title == "" || p.Title != sc.Title {
			t.Errorf("%s: Preset.Title %q, the script's title %q", p.Name, p.Title, sc.Title)
		}
		if p.Summary == "" || p.Summary != sc.Summary {
			t.Errorf("%s: Preset.Summary %q, the script's summary %q", p.Name, p.Summary, sc.Summary)
		}
		if n := sentences(p.Summary); n < 2 || n > 3 {
			t.Errorf("%s: the summary has %d sentences, want 2 or 3: %q", p.Name, n, p.Summary)
		}
		if len(sc.Captions) == 0 {
			t.Errorf("%s has no say caption", p.Name)
		}
	}
}

// TestCourseOrder: All lists the lesson's sections in the lesson's order,
// then the famous failures, oldest first; the default preset opens the
// course; Get finds each by name.
func TestCourseOrder(t *testing.T) {
	want := []struct{ name, group string }{
		{"start-here", scenarios.GroupLesson},
		{"order-9001", scenarios.GroupLesson},
		{"fetch-loop", scenarios.GroupLesson},
		{"every-broker-leads", scenarios.GroupLesson},
		{"wrong-broker", scenarios.GroupLesson},
		{"the-isr", scenarios.GroupLesson},
		{"failover-and-preferred-leader", scenarios.GroupLesson},
		{"acks1-loss", scenarios.GroupLesson},
		{"acks1-loss-vs-acks-all", scenarios.GroupLesson},
		{"not-enough-replicas", scenarios.GroupLesson},
		{"which-cluster-accepts", scenarios.GroupLesson},
		{"unclean-election", scenarios.GroupFamousFailures},
		{"jepsen-2013", scenarios.GroupFamousFailures},
		{"last-replica-standing-elr", scenarios.GroupFamousFailures},
		{"kip101-before-the-fix", scenarios.GroupFamousIncidents},
		{"kip101-after-the-fix", scenarios.GroupFamousIncidents},
		{"incident-unclean-by-default", scenarios.GroupFamousIncidents},
		{"incident-unclean-by-default-fixed", scenarios.GroupFamousIncidents},
		{"kip279-before-the-fix", scenarios.GroupFamousIncidents},
		{"kip279-after-the-fix", scenarios.GroupFamousIncidents},
		{"incident-no-retries", scenarios.GroupFamousIncidents},
		{"incident-no-retries-fixed", scenarios.GroupFamousIncidents},
		{"incident-kafka-7128", scenarios.GroupFamousIncidents},
		{"incident-kafka-7128-fixed", scenarios.GroupFamousIncidents},
		{"incident-consumer-misses-truncation", scenarios.GroupFamousIncidents},
		{"incident-consumer-misses-truncation-fixed", scenarios.GroupFamousIncidents},
		{"incident-isr-shrinks-on-a-hiccup", scenarios.GroupFamousIncidents},
		{"incident-isr-shrinks-on-a-hiccup-fixed", scenarios.GroupFamousIncidents},
		{"incident-duplicate-on-retry", scenarios.GroupFamousIncidents},
		{"incident-duplicate-on-retry-fixed", scenarios.GroupFamousIncidents},
		{"incident-fenced-in-isr", scenarios.GroupFamousIncidents},
		{"incident-fenced-in-isr-fixed", scenarios.GroupFamousIncidents},
		{"incident-kip-903", scenarios.GroupFamousIncidents},
		{"incident-kip-903-fixed", scenarios.GroupFamousIncidents},
		{"incident-kafka-14704", scenarios.GroupFamousIncidents},
		{"incident-kafka-14704-fixed", scenarios.GroupFamousIncidents},
		{"incident-kafka-15021", scenarios.GroupFamousIncidents},
		{"incident-kafka-15021-fixed", scenarios.GroupFamousIncidents},
		{"incident-kafka-15583", scenarios.GroupFamousIncidents},
		{"incident-kafka-15583-fixed", scenarios.GroupFamousIncidents},
		{"incident-kraft-unclean-setting", scenarios.GroupFamousIncidents},
		{"incident-kraft-unclean-setting-fixed", scenarios.GroupFamousIncidents},
	}
	all := scenarios.All()
	if len(all) != len(want) {
		t.Fatalf("%d presets, want %d", len(all), len(want))
	}
	for i, p := range all {
		if p.Name != want[i].name || p.Group != want[i].group {
			t.Errorf("preset %d is %s in %q, want %s in %q", i, p.Name, p.Group, want[i].name, want[i].group)
		}
		if g, ok := scenarios.Get(p.Name); !ok || g != p {
			t.Errorf("Get(%q) = %+v, %v; want All's preset", p.Name, g.Name, ok)
		}
	}
	if all[0].Name != scenarios.Default {
		t.Errorf("the course opens with %s, the page with %s", all[0].Name, scenarios.Default)
	}
	if got := scenarios.Groups(); !slices.Equal(got, []string{scenarios.GroupLesson, scenarios.GroupFamousFailures, scenarios.GroupFamousIncidents}) {
		t.Errorf("Groups() = %q", got)
	}
	if _, ok := scenarios.Get("no-such-preset"); ok {
		t.Error("Get found a preset that does not exist")
	}
}

// maintainerWords are words of the maintainers' notes, which stay in #
// comments: references to documents outside the page, Kafka's source
// code and its issue tracker.
var maintainerWords = []string{"Reference scenario", "reference", "§", "Scala", "HashSet", "DESIGN", "KAFKA-", "TODO"}

// TestLearnerTextIsForLearners: the text a learner sees (title, summary,
// captions, questions, options and explanations) holds no maintainer's
// note and no double space; a title does not give the outcome away; an
// option carries no reason of its own (no colon), and every question has
// a why that shows at or after the question's moment and no later than
// the script's end.
func TestLearnerTextIsForLearners(t *testing.T) {
	for _, p := range scenarios.All() {
		sc, ok := compile(t, p)
		if !ok {
			continue
		}
		texts := []string{sc.Title, sc.Summary}
		for _, c := range sc.Captions {
			texts = append(texts, c.Text)
		}
		for _, a := range sc.Asks {
			texts = append(texts, a.Question, a.Why)
			texts = append(texts, a.Options...)
			for _, o := range a.Options {
				if strings.Contains(o, ":") {
					t.Errorf("%s: option %q gives its reason; put it in the why", p.Name, o)
				}
			}
			if a.Why == "" {
				t.Errorf("%s: the question on line %d has no why", p.Name, a.Line)
			}
			if a.ShowAt < a.At || a.ShowAt > sc.End {
				t.Errorf("%s: the question on line %d shows its answer at %d, outside [%d, %d]", p.Name, a.Line, a.ShowAt, a.At, sc.End)
			}
		}
		for _, s := range texts {
			for _, w := range maintainerWords {
				if strings.Contains(s, w) {
					t.Errorf("%s: learner text %q mentions %q", p.Name, s, w)
				}
			}
			if strings.Contains(s, "  ") {
				t.Errorf("%s: learner text %q has a double space", p.Name, s)
			}
		}
		for _, w := range []string{"lose", "lost", "loss", "fixed", "leaves it", "rejoins"} {
			if strings.Contains(strings.ToLower(sc.Title), w) {
				t.Errorf("%s: the title %q gives the outcome away (%q)", p.Name, sc.Title, w)
			}
		}
	}
}

// TestEveryFileIsListed: every *.txt here is a preset, with the file's
// text, and its title is a directive, not the old "# title:" comment.
func TestEveryFileIsListed(t *testing.T) {
	files, err := filepath.Glob("*.txt")
	if err != nil {
		t.Fatal(err)
	}
	all := scenarios.All()
	var names []string
	for _, p := range all {
		names = append(names, p.Name+".txt")
	}
	slices.Sort(names)
	slices.Sort(files)
	if !slices.Equal(names, files) {
		t.Fatalf("presets %v, files %v: add the new file to scenarios.go", names, files)
	}
	for _, p := range all {
		b, err := os.ReadFile(p.Name + ".txt")
		if err != nil || string(b) != p.Text {
			t.Errorf("%s: the embedded text differs from the file (%v)", p.Name, err)
		}
		if strings.Contains(p.Text, "# title:") {
			t.Errorf("%s keeps a # title: comment; the title directive replaces it", p.Name)
		}
	}
}

// TestLearnerText: what the page shows of a preset holds none of the
// maintainers' notes, no expected outputs and no expect claims, and plays
// exactly what the preset plays: the same steps at the same times, the
// same questions, captions and cluster.
func TestLearnerText(t *testing.T) {
	for _, p := range scenarios.All() {
		lt := p.LearnerText()
		for i, line := range strings.Split(lt, "\n") {
			if t2 := strings.TrimSpace(line); strings.HasPrefix(t2, "#") || t2 == "----" || strings.HasPrefix(t2, "expect ") {
				t.Errorf("%s: learner text line %d is %q", p.Name, i+1, line)
			}
		}
		if strings.Contains(lt, "\n\n\n") || strings.HasPrefix(lt, "\n") {
			t.Errorf("%s: learner text keeps runs of blank lines", p.Name)
		}
		full, err := script.ParseAndCompile(p.Name, script.StripExpected(p.Text))
		if err != nil {
			t.Fatal(err)
		}
		got, err := script.ParseAndCompile(p.Name, lt)
		if err != nil {
			t.Fatalf("%s: the learner text does not compile: %v", p.Name, err)
		}
		if !reflect.DeepEqual(got.Config, full.Config) || got.Title != full.Title || got.Summary != full.Summary || len(got.Steps) != len(full.Steps) || len(got.Asks) != len(full.Asks) {
			t.Fatalf("%s: the learner text plays another scenario", p.Name)
		}
		for i := range got.Steps {
			if got.Steps[i].At != full.Steps[i].At || got.Steps[i].Cmd.String() != full.Steps[i].Cmd.String() {
				t.Fatalf("%s: step %d is %v at %d, want %v at %d", p.Name, i, got.Steps[i].Cmd, got.Steps[i].At, full.Steps[i].Cmd, full.Steps[i].At)
			}
		}
	}
}

// TestIncidentPairs checks the gallery's pair rule: every preset in
// GroupFamousIncidents names a source and exactly one partner; a fixed-by
// names an existing preset whose bug-in points back, and the reverse; the
// fixed preset runs on Kafka 4.4 and the bug's on an older release; each
// bug's preset is followed at once by its fixed one; and the gallery's
// presets end with claims (expect directives).
func TestIncidentPairs(t *testing.T) {
	all := scenarios.All()
	compiled := map[string]script.Scenario{}
	for _, p := range all {
		if sc, ok := compile(t, p); ok {
			compiled[p.Name] = sc
		}
	}
	for i, p := range all {
		sc := compiled[p.Name]
		if p.Group != scenarios.GroupFamousIncidents {
			if sc.FixedBy != "" || sc.BugIn != "" {
				t.Errorf("%s names a partner but is not in %q", p.Name, scenarios.GroupFamousIncidents)
			}
			continue
		}
		if len(sc.Sources) == 0 {
			t.Errorf("%s: a gallery preset names its source (a source directive)", p.Name)
		}
		if !strings.Contains(p.Text, "\nexpect ") {
			t.Errorf("%s: a gallery preset states its claim with expect directives", p.Name)
		}
		switch {
		case sc.FixedBy != "" && sc.BugIn != "", sc.FixedBy == "" && sc.BugIn == "":
			t.Errorf("%s: fixed-by %q, bug-in %q; a gallery preset names exactly one partner", p.Name, sc.FixedBy, sc.BugIn)
		case sc.FixedBy != "":
			fixed, ok := compiled[sc.FixedBy]
			if !ok {
				t.Errorf("%s: fixed-by %s names no preset", p.Name, sc.FixedBy)
				continue
			}
			if fixed.BugIn != p.Name {
				t.Errorf("%s: fixed-by %s, whose bug-in is %q", p.Name, sc.FixedBy, fixed.BugIn)
			}
			if i+1 >= len(all) || all[i+1].Name != sc.FixedBy {
				t.Errorf("%s: its fixed preset %s does not follow it in the course", p.Name, sc.FixedBy)
			}
			if sc.Config.Kafka == fixed.Config.Kafka && !strings.HasPrefix(p.Name, "kip") {
				t.Errorf("%s and %s both run on kafka=%s; the bug runs on the release that had it", p.Name, sc.FixedBy, sc.Config.Kafka)
			}
		case sc.BugIn != "":
			bug, ok := compiled[sc.BugIn]
			if !ok {
				t.Errorf("%s: bug-in %s names no preset", p.Name, sc.BugIn)
				continue
			}
			if bug.FixedBy != p.Name {
				t.Errorf("%s: bug-in %s, whose fixed-by is %q", p.Name, sc.BugIn, bug.FixedBy)
			}
			if !strings.HasPrefix(p.Name, "kip") && !strings.HasSuffix(p.Name, "-fixed") {
				t.Errorf("%s: a fixed preset is named incident-<slug>-fixed", p.Name)
			}
		}
		if strings.HasPrefix(p.Name, "incident-") {
			want := "4.4"
			if sc.FixedBy != "" {
				want = ""
			}
			if got := sc.Config.Kafka.String(); want != "" && got != want || want == "" && got == "4.4" {
				t.Errorf("%s runs on kafka=%s", p.Name, got)
			}
		}
	}
}

// TestClaimsHold: every expect directive of every preset expects "ok", so
// a claim that fails fails the golden test, and a -rewrite cannot turn a
// failed claim into the expected output unnoticed.
func TestClaimsHold(t *testing.T) {
	for _, p := range scenarios.All() {
		dirs, err := script.Parse(p.Name, p.Text)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range dirs {
			if d.Cmd == "expect" && (!d.HasExpected || d.Expected != "ok\n") {
				t.Errorf("%s:%d: %s expects %q, not ok", p.Name, d.Pos.Line, d.Line, d.Expected)
			}
		}
	}
}

// TestNoHealWithoutACut: a preset heals the network only after a fault
// the reader saw (an isolation, a partition, a cut or lossy link, or a
// link slowed after the start; the page's log leaves out the slowed
// links of the set-up, Player.setUpChatter): lesson 8's log said "> heal"
// and "network healed" at its crash, where the heal only undid its two
// set-up links, and nothing had been cut.
func TestNoHealWithoutACut(t *testing.T) {
	for _, p := range scenarios.All() {
		sc, ok := compile(t, p)
		if !ok {
			continue
		}
		cut := false
		for _, st := range sc.Steps {
			switch st.Cmd.(type) {
			case engine.Isolate, engine.Partition, engine.Cut, engine.Drop:
				cut = true
			case engine.Slow:
				cut = cut || st.At > sc.Config.Start
			case engine.Heal:
				if !cut {
					t.Errorf("%s: line %d heals at %s, but nothing was cut", p.Name, st.Line, engine.FormatTime(st.At))
				}
			}
		}
	}
}
