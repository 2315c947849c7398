package script

import (
	"testing"
)

// TestLooseWords: a teacher wrote `answer=not safe` and was told that
// "safe" follows the question. A value of several words (or a list)
// written without parentheses gets one rule wherever the key takes the
// author's own words: the error stands at the key, says what to write,
// and why. Compile (the page) and the Runner (kplay run) agree.
func TestLooseWords(t *testing.T) {
	const head = "cluster brokers=3\ncreate-topic t\n"
	const tail = ": a value of several words goes in parentheses: "
	const list = ": a list goes in parentheses, its items separated by commas: "
	const why = " (without them the value ends at the first space)"
	for _, c := range []struct{ line, want string }{
		// The teacher's line: the answer is one of the options, in words.
		{`ask "Is m2 safe?" options=(yes, not safe) answer=not safe`,
			"3:43: answer=not safe" + tail + "answer=(not safe)" + why},
		{`ask "Is m2 safe?" answer=not safe options=(yes, not safe)`,
			"3:19: answer=not safe" + tail + "answer=(not safe)" + why},
		{`ask "Is m2 safe?" options=yes, not safe answer=yes`,
			"3:19: options=yes, not safe" + list + "options=(yes, not safe)" + why},
		{`produce t-0 values=a b c`, "3:13: values=a b c" + list + "values=(a, b, c)" + why},
		// Without the partition, "b" would have been read as one.
		{`produce values=a b`, "3:9: values=a b" + list + "values=(a, b)" + why},
		{`expect lost t-0 values=m1 m2`, "3:17: values=m1 m2" + list + "values=(m1, m2)" + why},
		{`partition g1=1 2 g2=3`, "3:11: g1=1 2" + list + "g1=(1, 2)" + why},
		{`advance 1s events=net fetch`, "3:12: events=net fetch" + list + "events=(net, fetch)" + why},
		{`slow 1 2 latency=5 10`, "3:10: latency=5 10" + list + "latency=(5, 10)" + why},
		{`try "Restart broker 1 in time" restart 1 while=b1 unfenced`,
			"3:42: while=b1 unfenced: claims go in parentheses, separated by commas: while=(b1 unfenced)" + why},
	} {
		src := head + c.line + "\n"
		_, err := ParseAndCompile("", src)
		if err == nil || err.Error() != c.want {
			t.Errorf("Compile %s:\n got %v\nwant %s", c.line, err, c.want)
		}
		dirs, perr := Parse("", src)
		if perr != nil {
			t.Fatalf("%s: %v", c.line, perr)
		}
		if _, err := RunAll(dirs); err == nil || err.Error() != c.want {
			t.Errorf("Runner %s:\n got %v\nwant %s", c.line, err, c.want)
		}
	}
	// The cluster line is read before any cluster exists.
	if _, err := ParseAndCompile("", "cluster brokers=3 broker.rack=a b c\n"); err == nil ||
		err.Error() != "1:19: broker.rack=a b c"+list+"broker.rack=(a, b, c)"+why {
		t.Errorf("cluster broker.rack=a b c: %v", err)
	}
}

// TestLooseWordsLeaveOtherErrors: a bare word after key=value is
// legitimate where the directive takes it (elect-leaders type=unclean
// t-0), and a key that takes a name or a choice gets its own error, not
// the parentheses rule.
func TestLooseWordsLeaveOtherErrors(t *testing.T) {
	const head = "cluster brokers=3\ncreate-topic t\n"
	for _, line := range []string{
		"elect-leaders type=unclean t-0",
		"produce values=a t-0",
		`ask "Is m2 safe?" options=(yes, not safe) answer=(not safe)`,
	} {
		if _, err := ParseAndCompile("", head+line+"\n"); err != nil {
			t.Errorf("%s: %v", line, err)
		}
	}
	for line, want := range map[string]string{
		"elect-leaders type=preferred t-x":                    `3:30: "t-x" is not a partition (try orders-0)`,
		"produce t-0 acks=all extra":                          `3:22: produce takes 1 positional argument(s); "extra" is one too many`,
		`ask "Is m2 safe?" options=(yes, no) answer=(yes) no`: `3:50: "no" follows the question; ask takes only options=(...) and answer=... after it`,
	} {
		if _, err := ParseAndCompile("", head+line+"\n"); err == nil || err.Error() != want {
			t.Errorf("%s:\n got %v\nwant %s", line, err, want)
		}
	}
}
