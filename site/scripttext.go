package site

import (
	"errors"
	"strings"

	"kplay/engine"
	"kplay/engine/script"
)

// ScriptText returns a runnable kplay script of what the page plays: src
// (the scenario's script without expected outputs) with the user's steps
// merged in at their times, each after a "run until=TIME" line, so that
// running the text with script.Runner gives the cluster the Player shows.
// A relative advance that a user step lands inside becomes a run until= to
// the same time, and a step directive (the page plays by time, not by
// event) is kept as a comment. If upTo is later than the last time the
// script reaches, a final run until=upTo follows. Without src (or if it no
// longer parses) the scenario's compiled steps are printed instead.
func ScriptText(src string, sc script.Scenario, user []script.Step, upTo engine.Time) string {
	var b strings.Builder
	now := sc.Config.Start
	u := 0
	users := func(before engine.Time, all bool) {
		for u < len(user) && (all || user[u].At < before) {
			st := user[u]
			b.WriteString("run until=" + engine.FormatTime(st.At) + "\n")
			b.WriteString(ReaderMark + "\n")
			b.WriteString(st.Cmd.String() + "\n")
			now = max(now, st.At)
			u++
		}
	}
	dirs, err := script.Parse("", src)
	if src == "" || err != nil {
		b.WriteString(ClusterLine(sc.Config) + "\n")
		for _, st := range sc.Steps {
			users(st.At, false)
			if st.Flush || st.At > now {
				b.WriteString("run until=" + engine.FormatTime(st.At) + "\n")
				now = st.At
			}
			b.WriteString(st.Cmd.String() + "\n")
		}
	} else {
		lines := strings.Split(strings.TrimRight(src, "\n"), "\n")
		// timed is the directives up to the last advance or run not yet
		// compiled for now, 0 if none: compiling a prefix expands its
		// rate producers, so it is done only where a user step may land.
		di, timed := 0, 0
		for i, line := range lines {
			if di < len(dirs) && dirs[di].Pos.Line == i+1 {
				d := dirs[di]
				di++
				switch d.Cmd {
				case "step":
					b.WriteString("# " + line + "  (the page plays by time, so this step is left out)\n")
					continue
				case "advance", "run":
					if u == len(user) {
						// Every user step is placed: only the last
						// time matters, for upTo; find it once below.
						timed = di
						break
					}
					c, err := script.Compile(dirs[:di])
					if err != nil {
						break
					}
					if user[u].At < c.End {
						users(c.End, false)
						line = "run until=" + engine.FormatTime(c.End)
					}
					now, timed = c.End, 0
				}
			}
			b.WriteString(line + "\n")
		}
		if timed > 0 && upTo > now {
			if c, err := script.Compile(dirs[:timed]); err == nil {
				now = c.End
			}
		}
	}
	users(0, true)
	if upTo > now {
		b.WriteString("run until=" + engine.FormatTime(upTo) + "\n")
	}
	return b.String()
}

// ReaderMark is the comment ScriptText writes above each of the reader's
// own commands. A share link carries them as script lines, and the page
// that opens it finds them by it (readerFrom), so that from the first of
// them on it shows what the session it was copied from showed: the
// script's captions no longer tell what the cluster is doing (Caption).
const ReaderMark = "# your command, from the page"

// readerFrom returns the time of the first step of src that ReaderMark
// marks (the directive on the line after it), and false if none is.
func readerFrom(src string, sc script.Scenario) (engine.Time, bool) {
	if !strings.Contains(src, ReaderMark) {
		return 0, false
	}
	marked := map[int]bool{}
	for i, line := range strings.Split(src, "\n") {
		if strings.TrimSpace(line) == ReaderMark {
			marked[i+2] = true // the next line, 1-based
		}
	}
	var at engine.Time
	found := false
	for _, st := range sc.Steps {
		if marked[st.Line] && (!found || st.At < at) {
			at, found = st.At, true
		}
	}
	return at, found
}

// ReplaceClusterLine returns text with its cluster directive replaced by
// line, every other line kept.
func ReplaceClusterLine(text, line string) (string, error) {
	dirs, err := script.Parse("", text)
	if err != nil {
		return "", err
	}
	for _, d := range dirs {
		if d.Cmd != "cluster" {
			continue
		}
		lines := strings.Split(text, "\n")
		i := d.Pos.Line - 1
		// A directive continued with "\" spans more lines: replace them all.
		end := i
		for end < len(lines)-1 && strings.HasSuffix(lines[end], `\`) {
			end++
		}
		lines = append(append(lines[:i:i], line), lines[end+1:]...)
		return strings.Join(lines, "\n"), nil
	}
	return "", errors.New("the script has no cluster directive")
}
