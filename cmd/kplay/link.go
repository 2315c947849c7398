package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/link"
	"kplay/scenarios"
	"kplay/site"
)

// defaultBase is where `./build.sh serve` serves the site; a lesson
// repository passes its own deployment's address with -base.
const defaultBase = "http://127.0.0.1:8080"

// shared is what `kplay link` and `kplay embed` read from their command
// line: the script file, the site's address and the moment to open at.
type shared struct {
	base    string
	at      string
	learner bool
	file    string
	text    string
	title   string
	t       engine.Time
	hasT    bool
}

// flagSet is the flag set of `kplay NAME`, which prints usage (its
// synopsis after "kplay NAME ") and the flags to stderr, with the flags
// both commands take.
func (c *shared) flagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: kplay %s %s\n", name, usage)
		fs.PrintDefaults()
	}
	c.flags(fs)
	return fs
}

// flags adds the flags both commands take to fs.
func (c *shared) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.base, "base", defaultBase, "the kplay site's address, scheme and host (your deployment's; the default is ./build.sh serve's)")
	fs.StringVar(&c.at, "t", "", "open paused at this moment of the scenario's clock: HH:MM:SS.mmm, or simulated ms (default: from the start)")
	fs.BoolVar(&c.learner, "learner", false, "leave out the expected outputs, the # notes and the expect claims, as the presets do for their readers (default: the file byte for byte)")
}

// load reads and checks the script file, as the page would: it must
// parse, compile and run without an error, every expect claim must hold,
// it must fit in a link
// (link.MaxDecoded), and its moment
// must be on its clock, no later than the page may open it
// (site.ScenarioEnd). Errors say the file, line and column, and why.
func (c *shared) load(args []string) error {
	if len(args) != 1 {
		return errors.New("give one script file")
	}
	c.file = args[0]
	raw, err := os.ReadFile(c.file)
	if err != nil {
		return err
	}
	c.text = string(raw)
	if c.learner {
		c.text = scenarios.Preset{Text: c.text}.LearnerText()
	}
	if len(c.text) > link.MaxDecoded {
		return fmt.Errorf("%s is %d bytes; a kplay link carries at most %d", c.file, len(c.text), link.MaxDecoded)
	}
	sc, err := script.ParseAndCompile(c.file, c.text)
	if err != nil {
		return err
	}
	c.title = sc.Title
	// A step the cluster refuses (crash 9 on three brokers) compiles, and
	// stops the page's run where it comes: run it as the page would.
	results, _, err := runScript(c.file, c.text)
	if err != nil {
		return err
	}
	for _, r := range results {
		if r.Err != nil {
			return fmt.Errorf("%s:%v", c.file, r.Err)
		}
		// An expect line is the author's claim about the story: a link
		// to a lesson whose claim fails would teach what kplay does not
		// show.
		if r.Dir.Cmd == "expect" && strings.TrimSpace(r.Out) != "ok" {
			return fmt.Errorf("%s:%d: %s", c.file, r.Dir.Pos.Line, strings.TrimSpace(r.Out))
		}
	}
	base := strings.TrimRight(c.base, "/")
	if !strings.HasPrefix(base, "https://") && !strings.HasPrefix(base, "http://") || strings.ContainsAny(base, "?#\"<> ") {
		return fmt.Errorf("-base %q is not a site's address, such as https://kplay.example", c.base)
	}
	c.base = base
	if c.at != "" {
		t, err := script.ParseClock(c.at)
		if err != nil {
			ms, err2 := strconv.ParseInt(c.at, 10, 64)
			if err2 != nil || ms < 0 {
				return fmt.Errorf("-t %q: %v, and not a number of ms", c.at, err)
			}
			t = engine.Time(ms)
		}
		if t < sc.Config.Start || t > site.ScenarioEnd(sc) {
			return fmt.Errorf("-t %s is not in the scenario's run, %s to %s", engine.FormatTime(t), engine.FormatTime(sc.Config.Start), engine.FormatTime(site.ScenarioEnd(sc)))
		}
		c.t, c.hasT = t, true
	}
	return nil
}

// fragment is the share link's fragment for the file at the moment.
func (c *shared) fragment() string {
	return link.Encode(link.Link{Script: c.text, T: int64(c.t), HasT: c.hasT})
}

// linkMain is `kplay link [flags] FILE`: it prints the share link that
// opens FILE on the site, whose script decodes to the file byte for
// byte, so that a lesson repository can build its links in CI.
func linkMain(args []string, stdout, stderr io.Writer) int {
	var c shared
	fs := c.flagSet("link", "[-base URL] [-t MOMENT] [-learner] FILE\n  print the share link that opens the script FILE on the kplay site", stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := c.load(fs.Args()); err != nil {
		fmt.Fprintf(stderr, "kplay link: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s/#%s\n", c.base, c.fragment())
	return 0
}

// embedMain is `kplay embed [flags] FILE`: it prints the embed code
// (site.EmbedHTML, what the page's "Copy embed code" writes) for FILE,
// with the embed's options from the flags (docs/embed.md).
func embedMain(args []string, stdout, stderr io.Writer) int {
	var c shared
	p := site.CodeParams
	fs := c.flagSet("embed", "[flags] FILE\n  print the <iframe> code that embeds the script FILE in a lesson page", stderr)
	fs.StringVar(&p.Panels, "panels", p.Panels, "the panels shown with the diagram, comma-separated: "+strings.Join(site.EmbedPanels, ", "))
	fs.StringVar(&p.Controls, "controls", p.Controls, "full, min (play, step, replay and the timeline) or none (the host page drives it)")
	fs.StringVar(&p.Autoplay, "autoplay", "", "1 to play once loaded even for a reader who prefers reduced motion, 0 to wait for Play (default: play unless reduced motion)")
	fs.StringVar(&p.Speed, "speed", "", "simulated ms per real ms, 0.001 to 10 (default: the scenario's)")
	fs.StringVar(&p.Theme, "theme", "", "light or dark (default: the reader's system)")
	fs.StringVar(&p.Lesson, "lesson", "", "0 to play through the questions; or a lesson's ID, shared by the embeds of one lesson, under which answers are kept")
	fs.StringVar(&p.Questions, "questions", "", "host for a lesson page that asks the questions itself (answer, reveal, continue commands): the embed then draws no question card")
	fs.StringVar(&p.Origin, "origin", "", "comma-separated origins whose commands the embed obeys (default: any)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := c.load(fs.Args()); err != nil {
		fmt.Fprintf(stderr, "kplay embed: %v\n", err)
		return 1
	}
	if err := checkEmbedParams(p); err != nil {
		fmt.Fprintf(stderr, "kplay embed: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, site.EmbedHTML(c.base, p.Query(c.fragment()), c.title))
	return 0
}

// checkEmbedParams refuses what the embed would ignore (site.ParseStartup
// notes a bad parameter in a banner instead): a CLI can say so before
// the page is published.
func checkEmbedParams(p site.EmbedParams) error {
	var q []string
	for _, kv := range [...][2]string{{"panels", p.Panels}, {"controls", p.Controls}, {"autoplay", p.Autoplay}, {"speed", p.Speed}, {"theme", p.Theme}, {"lesson", p.Lesson}, {"questions", p.Questions}, {"origin", p.Origin}} {
		if kv[1] != "" {
			q = append(q, kv[0])
		}
	}
	st := site.ParseStartup("", "?"+p.Query("preset="+scenarios.Default))
	if st.Banner != "" {
		return fmt.Errorf("%s (flags given: %s)", st.Banner, strings.Join(q, ", "))
	}
	return nil
}
