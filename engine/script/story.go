package script

import (
	"fmt"
	"iter"
	"strings"
	"unicode/utf8"

	"kplay/engine"
	"kplay/link"
)

// Caption is a say directive: a line of the story shown under the diagram,
// like a subtitle, from the moment it stands at in the script:
//
//	say "Broker 1 has crashed. The controller has not noticed yet."
//
// At is the time the commands above the say reach (as for an ask); the
// caption stands before the commands below it. Line is the 1-based script
// line of the directive.
type Caption struct {
	At   engine.Time
	Line int
	Text string
}

// Text limits, in bytes, for the story directives.
const (
	MaxTitleBytes   = 120
	MaxSummaryBytes = 1000
	MaxSayBytes     = 600
	MaxWhyBytes     = 600
	// MaxSourceBytes bounds a source directive's quoted text, and
	// MaxSourceURLBytes its url=.
	MaxSourceBytes    = 200
	MaxSourceURLBytes = 300
	// MaxSources bounds the source directives of one script.
	MaxSources = 4
	// MaxPresetNameBytes bounds the preset name of a fixed-by or bug-in.
	MaxPresetNameBytes = 64
)

// Source is a source directive: the public report a scenario replays (a
// JIRA ticket, a KIP, a mailing-list thread or a blog post), shown on the
// page as a link beside the summary:
//
//	source "KAFKA-7128: Lagging high watermark can lead to committed data loss after ISR expansion" url=https://issues.apache.org/jira/browse/KAFKA-7128
//
// URL is an absolute http:// or https:// address.
type Source struct {
	Text, URL string
}

// leadText reads the double-quoted text that opens directive d's line
// after its command name, with its escapes read (link.ScanQuoted: \" is a
// double quote, \\ a backslash) and trimmed, and returns what follows it
// on the line. open says there is a quote to open the text (only spaces
// before it); closed says the text ends in one. A bad escape is an error
// at its column.
func leadText(d Directive) (text, tail string, open, closed bool, err *Error) {
	line := strings.TrimSpace(d.Line)
	rest := strings.TrimPrefix(line, d.Cmd)
	at := strings.IndexByte(rest, '"')
	if at < 0 || strings.TrimSpace(rest[:at]) != "" {
		return "", "", false, false, nil
	}
	text, n, qerr := link.ScanQuoted(rest[at:])
	if qerr != nil {
		if qerr.Unclosed {
			return "", "", true, false, nil
		}
		off := len(line) - len(rest) + at + qerr.Offset
		return "", "", true, false, errAt(Pos{d.Pos.Line, d.Pos.Col + utf8.RuneCountInString(line[:off])}, "%s", qerr.Msg)
	}
	return strings.TrimSpace(text), rest[at+n:], true, true, nil
}

// quotedText reads the double-quoted text that opens directive d's line
// (after the command name) and bounds it to max bytes. example is a
// well-formed line for the error message.
func quotedText(d Directive, max int, example string) (string, *Error) {
	text, _, open, closed, err := leadText(d)
	switch {
	case err != nil:
		return "", err
	case !open:
		return "", errAt(d.Pos, "%s needs its text in double quotes: %s", d.Cmd, example)
	case !closed:
		return "", errAt(d.Pos, "the %s text has no closing double quote", d.Cmd)
	case text == "":
		return "", errAt(d.Pos, "the %s text is empty", d.Cmd)
	case len(text) > max:
		return "", errAt(d.Pos, "the %s text is %d bytes; the limit is %d", d.Cmd, len(text), max)
	}
	return text, nil
}

// storyText reads a title, summary or say directive: quoted text of at
// most max bytes and nothing after it. example is a well-formed line for
// the error message.
func storyText(d Directive, max int, example string) (string, *Error) {
	text, err := quotedText(d, max, example)
	if err != nil {
		return "", err
	}
	if len(d.Args) > 0 {
		return "", errAt(d.Args[0].Pos, "%s takes only its quoted text; %q follows it", d.Cmd, d.Args[0].Key)
	}
	return text, nil
}

// compileTitle reads a title directive into the scenario's Title.
func compileTitle(s *scene, d Directive) (string, *Error) {
	text, err := storyText(d, MaxTitleBytes, `title "acks=1 can lose a write"`)
	if err != nil {
		return "", err
	}
	s.sc.Title = text
	return "", nil
}

// compileSummary reads a summary directive into the scenario's Summary.
func compileSummary(s *scene, d Directive) (string, *Error) {
	text, err := storyText(d, MaxSummaryBytes, `summary "The leader crashes right after it acknowledges a record."`)
	if err != nil {
		return "", err
	}
	s.sc.Summary = text
	return "", nil
}

// compileSay reads a say directive into a Caption at now; a caption
// belongs to a moment of the cluster, so it comes after the cluster
// directive.
func compileSay(s *scene, d Directive) (string, *Error) {
	if !s.haveCluster {
		return "", errAt(d.Pos, "no cluster yet: a caption belongs to a moment of the cluster, so say comes after the cluster directive")
	}
	text, err := storyText(d, MaxSayBytes, `say "Broker 1 has crashed."`)
	if err != nil {
		return "", err
	}
	s.sc.Captions = append(s.sc.Captions, Caption{At: s.now, Line: d.Pos.Line, Text: text})
	return "", nil
}

// compileWhy reads a why directive into the ask directly above it (Why,
// ShowAt), with show= read from the cluster's start.
func compileWhy(s *scene, d Directive) (string, *Error) {
	why, showAt, err := parseWhy(d, s.sc.Config.Start)
	if err != nil {
		return "", err
	}
	// storyOrder has checked that an ask stands directly above. Only
	// kplay test goes on past an error, where that ask may have been
	// refused and kept nowhere: then the why has no ask to explain.
	if n := len(s.sc.Asks); n > 0 {
		a := &s.sc.Asks[n-1]
		a.Why, a.ShowAt = why, showAt
		s.whyPos[n-1] = d.Pos
	}
	return "", nil
}

// compileSource reads a source directive into the scenario's Sources.
func compileSource(s *scene, d Directive) (string, *Error) {
	src, err := parseSource(d)
	if err != nil {
		return "", err
	}
	s.sc.Sources = append(s.sc.Sources, src)
	return "", nil
}

// compileFixedBy reads a fixed-by directive into the scenario's FixedBy.
func compileFixedBy(s *scene, d Directive) (string, *Error) {
	name, err := parsePartner(d)
	if err != nil {
		return "", err
	}
	s.sc.FixedBy = name
	return "", nil
}

// compileBugIn reads a bug-in directive into the scenario's BugIn.
func compileBugIn(s *scene, d Directive) (string, *Error) {
	name, err := parsePartner(d)
	if err != nil {
		return "", err
	}
	s.sc.BugIn = name
	return "", nil
}

// parseWhy reads a why directive: the quoted explanation of the ask above
// it, and optionally show=TIME, the moment that shows the answer (a clock
// time such as 10:00:09.500, or a duration since the cluster's start).
// ShowAt is -1 without show=.
func parseWhy(d Directive, start engine.Time) (why string, showAt engine.Time, err *Error) {
	why, err = quotedText(d, MaxWhyBytes, `why "Only b1 had the record when it crashed." show=10:00:09.500`)
	if err != nil {
		return "", 0, err
	}
	showAt = -1
	for _, a := range d.Args {
		if a.Key != "show" || a.Vals == nil {
			if a.Vals == nil {
				return "", 0, errAt(a.Pos, "%q follows the text; why takes only show=TIME after it", a.Key)
			}
			return "", 0, errAt(a.Pos, "why takes show=, not %s=", a.Key)
		}
		if showAt >= 0 {
			return "", 0, errAt(a.Pos, "show is given twice")
		}
		v, e := single(a)
		if e != nil {
			return "", 0, e
		}
		t, perr := parseInstant(v, start)
		if perr != nil {
			return "", 0, errAt(a.Pos, "show: %v", perr)
		}
		if t < start {
			return "", 0, errAt(a.Pos, "show=%s is before the cluster's start %s", v, engine.FormatTime(start))
		}
		showAt = t
	}
	return why, showAt, nil
}

// parseSource reads a source directive: the report's name in double
// quotes, then url=ADDRESS, an absolute http:// or https:// address of at
// most MaxSourceURLBytes bytes (the page makes it a link, so no other
// scheme, such as javascript:, is accepted).
func parseSource(d Directive) (Source, *Error) {
	const example = `source "KAFKA-7128: Lagging high watermark can lead to committed data loss after ISR expansion" url=https://issues.apache.org/jira/browse/KAFKA-7128`
	text, err := quotedText(d, MaxSourceBytes, example)
	if err != nil {
		return Source{}, err
	}
	src := Source{Text: text}
	for _, a := range d.Args {
		if a.Vals == nil {
			return Source{}, errAt(a.Pos, "%q follows the text; source takes only url=ADDRESS after it", a.Key)
		}
		if a.Key != "url" {
			return Source{}, errAt(a.Pos, "source takes url=, not %s=", a.Key)
		}
		if src.URL != "" {
			return Source{}, errAt(a.Pos, "url is given twice")
		}
		v, e := single(a)
		if e != nil {
			return Source{}, e
		}
		if len(v) > MaxSourceURLBytes {
			return Source{}, errAt(a.Pos, "the url is %d bytes; the limit is %d", len(v), MaxSourceURLBytes)
		}
		if err := checkURL(v); err != "" {
			return Source{}, errAt(a.Pos, "url %s: %s", v, err)
		}
		src.URL = v
	}
	if src.URL == "" {
		return Source{}, errAt(d.Pos, "source needs url=ADDRESS after its text, as in: %s", example)
	}
	return src, nil
}

// checkURL returns why v is not an absolute http(s) address with a host,
// or "" if it is one. It allows only printable ASCII without quotes or
// angle brackets, so the address is safe in an HTML attribute as written.
func checkURL(v string) string {
	rest, ok := strings.CutPrefix(v, "https://")
	if !ok {
		if rest, ok = strings.CutPrefix(v, "http://"); !ok {
			return "a source's address starts with https:// or http://"
		}
	}
	if host, _, _ := strings.Cut(rest, "/"); host == "" {
		return "the address names no host"
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; c <= ' ' || c >= 0x7f || strings.IndexByte(`"'<>\`+"`", c) >= 0 {
			return fmt.Sprintf("the address holds %q at byte %d; write it percent-encoded", c, i+1)
		}
	}
	return ""
}

// parsePartner reads a fixed-by or bug-in directive: the name of the
// preset that replays the same schedule on the other side of the fix
// (fixed-by in the bug's preset names the fixed one; bug-in in the fixed
// one names the bug's). A name is lower-case letters, digits and hyphens,
// as the preset files are named.
func parsePartner(d Directive) (string, *Error) {
	if len(d.Args) != 1 || d.Args[0].Vals != nil {
		return "", errAt(d.Pos, "%s takes one preset name, as in: %s incident-kafka-7128", d.Cmd, d.Cmd)
	}
	a := d.Args[0]
	if len(a.Key) > MaxPresetNameBytes {
		return "", errAt(a.Pos, "the preset name is %d bytes; the limit is %d", len(a.Key), MaxPresetNameBytes)
	}
	for i := 0; i < len(a.Key); i++ {
		if c := a.Key[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return "", errAt(a.Pos, "preset name %q holds %q; a preset name is lower-case letters, digits and hyphens", a.Key, c)
		}
	}
	return a.Key, nil
}

// storyOrder checks the rules that tie story directives to their
// neighbours, for Compile and the Runner alike: a script has at most one
// title and one summary, and a why directly follows an ask (only comments
// and blank lines between them), one why per ask.
type storyOrder struct {
	title, summary bool
	// fixedBy and bugIn say the script has named its partner; sources
	// counts its source directives.
	fixedBy, bugIn bool
	sources        int
	// speed says the script has its speed directive; tries counts its
	// try directives.
	speed bool
	tries int
	// afterAsk says the previous directive was an ask without a why yet.
	afterAsk bool
}

// see checks directive d against the directives seen before it and
// records it.
func (s *storyOrder) see(d Directive) *Error {
	afterAsk := s.afterAsk
	s.afterAsk = d.Cmd == "ask"
	switch d.Cmd {
	case "title":
		if s.title {
			return errAt(d.Pos, "the script already has a title; a script has one title directive")
		}
		s.title = true
	case "summary":
		if s.summary {
			return errAt(d.Pos, "the script already has a summary; a script has one summary directive")
		}
		s.summary = true
	case "fixed-by", "bug-in":
		if s.fixedBy || s.bugIn {
			return errAt(d.Pos, "the script already names its partner preset; a script has one fixed-by or one bug-in directive")
		}
		s.fixedBy, s.bugIn = d.Cmd == "fixed-by", d.Cmd == "bug-in"
	case "source":
		if s.sources == MaxSources {
			return errAt(d.Pos, "the script already has %d source directives, the limit", MaxSources)
		}
		s.sources++
	case "speed":
		if s.speed {
			return errAt(d.Pos, "the script already has a speed; a script has one speed directive")
		}
		s.speed = true
	case "try":
		if s.tries == MaxTries {
			return errAt(d.Pos, "the script already has %d try directives, the limit", MaxTries)
		}
		s.tries++
	case "why":
		if !afterAsk {
			return errAt(d.Pos, "why must directly follow the ask it explains (line %d has no ask above it)", d.Pos.Line)
		}
	}
	return nil
}

// Title returns the scenario's title: the text of the first title
// directive, or else of the first "# title:" comment, or "". It reads
// lines without parsing or compiling the script.
func Title(src string) string {
	if t, ok := storyLine(src, "title", MaxTitleBytes); ok {
		return t
	}
	return link.Title(src)
}

// Summary returns the text of the script's first summary directive, or "".
// It reads lines without parsing or compiling the script.
func Summary(src string) string {
	t, _ := storyLine(src, "summary", MaxSummaryBytes)
	return t
}

// storyLine finds the first directive line `cmd "text"` outside expected
// outputs and returns its text, if it is well formed and at most max bytes.
func storyLine(src, cmd string, max int) (string, bool) {
	for line := range directiveLines(src) {
		rest, ok := strings.CutPrefix(line, cmd)
		if !ok || !strings.HasPrefix(strings.TrimLeft(rest, " "), `"`) || !strings.HasPrefix(rest, " ") {
			continue
		}
		d := Directive{Cmd: cmd, Line: line}
		if t, err := quotedText(d, max, ""); err == nil {
			return t, true
		}
	}
	return "", false
}

// directiveLines yields src's lines outside expected outputs (the blocks
// after "----"), trimmed, for the readers that look at a script without
// compiling it (Title, Summary, Release).
func directiveLines(src string) iter.Seq[string] {
	return func(yield func(string) bool) {
		lines := splitLines(src)
		for i := 0; i < len(lines); i++ {
			if lines[i] == "----" {
				i++
				readExpected(lines, &i)
				i-- // the loop's i++ moves past the last line readExpected consumed
				continue
			}
			if !yield(strings.TrimSpace(lines[i])) {
				return
			}
		}
	}
}

// Release returns the Kafka release a script's cluster directive names
// with kafka= (engine.LatestRelease when it names none, or names one
// ParseRelease does not know). It reads lines without compiling the
// script, as Title does: the page labels a partner preset's button with
// it ("See the bug on Kafka 2.0").
func Release(src string) engine.Release {
	for line := range directiveLines(src) {
		if !strings.HasPrefix(line, "cluster ") {
			continue
		}
		_, args, _, err := parseLine(line)
		if err != nil {
			return engine.LatestRelease
		}
		for _, a := range args {
			if a.Key == "kafka" && len(a.Vals) == 1 {
				if r, ok := engine.ParseRelease(a.Vals[0]); ok {
					return r
				}
			}
		}
		return engine.LatestRelease
	}
	return engine.LatestRelease
}
