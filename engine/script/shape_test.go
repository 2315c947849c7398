package script

import (
	"strings"
	"testing"
)

// shapeScript is the cluster the try tests check against: three brokers,
// topic t with two partitions, c1 reading t-0 in group g, c2 reading t-1
// without a group, c3 started on t-0 and closed.
const shapeScript = `cluster brokers=3
create-topic t partitions=2
consume t-0 group.id=g
consume t-1 consumer=c2
consume t-0 consumer=c3
close t-0 consumer=c3
advance 2s
`

// TestTryThatCannotApply: a teacher's `try "Crash broker 9" crash 9` on
// three brokers compiled and was silently never offered (the page's fits
// finds no broker 9 to crash). The compiler refuses a try whose command
// or claims name what the cluster does not have at the try, at the
// argument that names it, with why; Compile and the Runner agree.
func TestTryThatCannotApply(t *testing.T) {
	const never = "so the suggestion could never run"
	const brokers = "the cluster has brokers 1 to 3 (cluster brokers=3), "
	for _, c := range []struct{ try, want string }{
		{`try "Crash broker 9" crash 9`, "8:28: no broker 9: " + brokers + never},
		{`try "Restart b9" restart b9`, "8:26: no broker 9: " + brokers + never},
		{`try "Hang it" hang 4 requests=all`, "8:20: no broker 4: " + brokers + never},
		{`try "Slow disk" slow-disk 5 latency=10ms`, "8:27: no broker 5: " + brokers + never},
		{`try "Cut" cut 1 9`, "8:17: no broker 9: " + brokers + never},
		{`try "Split" partition g1=(1) g2=(2, 7)`, "8:30: no broker 7: " + brokers + never},
		{`try "Isolate" isolate b6`, "8:23: no broker 6: " + brokers + never},
		{`try "Via b8" produce t-0 values=(x) broker=8`, "8:37: no broker 8: " + brokers + never},
		{`try "Produce" produce u-0 values=(x)`, "8:23: no topic u at this point of the script (topics so far: t): a create-topic u must stand above this try, or the suggestion could never run"},
		{`try "Produce" produce t-2 values=(x)`, "8:23: topic t has no partition 2: it has partitions t-0 to t-1, " + never},
		{`try "Elect" elect-leaders type=preferred u-0`, "8:42: no topic u at this point of the script (topics so far: t): a create-topic u must stand above this try, or the suggestion could never run"},
		{`try "Config" config topic=u min.insync.replicas=1`, "8:21: no topic u at this point of the script (topics so far: t): a create-topic u must stand above this try, or the suggestion could never run"},
		{`try "Seek" seek t-1 offset=0`, "8:12: no consumer c1 reads t-1 at this point of the script: a consume t-1 must stand above this try, or the suggestion could never run"},
		{`try "Seek" seek t-0 offset=0 consumer=c3`, "8:30: consumer c3 is closed at this point of the script (a close t-0 stands above): a consume t-0 must start it again above this try, or the suggestion could never run"},
		{`try "Commit" commit t-1 consumer=c2`, "8:25: consumer c2 has no group.id to commit to (InvalidGroupIdException): start it with consume t-1 group.id=G above this try, or the suggestion could never run"},
		{`try "Crash" crash 1 while=(b9 down)`, `8:21: while=: "b9 down" names broker 9, but ` + brokers + "so the claim never holds and the suggestion is never offered"},
		{`try "Crash" crash 1 while=(b1 leads u-0)`, `8:21: while=: "b1 leads u-0" names topic u, which does not exist at this point of the script (topics so far: t), so the claim never holds and the suggestion is never offered`},
		{`try "Crash" crash 1 while=(b1 in isr t-5)`, `8:21: while=: "b1 in isr t-5" names t-5, but topic t has partitions t-0 to t-1, so the claim never holds and the suggestion is never offered`},
	} {
		src := shapeScript + c.try + "\n"
		if _, err := ParseAndCompile("", src); err == nil || err.Error() != c.want {
			t.Errorf("Compile %s:\n got %v\nwant %s", c.try, err, c.want)
		}
		dirs, err := Parse("", src)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := RunAll(dirs); err == nil || err.Error() != c.want {
			t.Errorf("Runner %s:\n got %v\nwant %s", c.try, err, c.want)
		}
	}
}

// TestTryAtItsPoint: a try is checked against the directives above it:
// the same try below the create-topic (or consume) it needs compiles.
func TestTryAtItsPoint(t *testing.T) {
	for _, c := range []struct{ above, below string }{
		{"cluster brokers=3\n" + `try "Send" produce t-0 values=(x)` + "\ncreate-topic t\n",
			"cluster brokers=3\ncreate-topic t\n" + `try "Send" produce t-0 values=(x)` + "\n"},
		{"cluster brokers=3\n" + `try "Crash" crash 1 while=(b1 leads)` + "\ncreate-topic t\n",
			"cluster brokers=3\ncreate-topic t\n" + `try "Crash" crash 1 while=(b1 leads)` + "\n"},
		{"cluster brokers=3\ncreate-topic t\n" + `try "Rewind" seek t-0 offset=0` + "\nconsume t-0\n",
			"cluster brokers=3\ncreate-topic t\nconsume t-0\n" + `try "Rewind" seek t-0 offset=0` + "\n"},
	} {
		if _, err := ParseAndCompile("", c.above); err == nil || !strings.Contains(err.Error(), "must stand above this try") && !strings.Contains(err.Error(), "no topic is created above this try") {
			t.Errorf("%q: err = %v, want the try refused", c.above, err)
		}
		if _, err := ParseAndCompile("", c.below); err != nil {
			t.Errorf("%q: %v", c.below, err)
		}
	}
}

// TestTryCheckedAsTheEngineChecks: what the compiler accepts of a try's
// command is what the engine applies as a directive at that point of the
// script. Each command runs on a copy of the Runner's cluster at the
// try; the compiler refuses it exactly when the engine does, except for
// whether a broker runs or is hung now, which the page judges when it
// offers the suggestion (site.Suggestions' fits).
func TestTryCheckedAsTheEngineChecks(t *testing.T) {
	dirs, err := Parse("", shapeScript)
	if err != nil {
		t.Fatal(err)
	}
	var r Runner
	for _, d := range dirs {
		if _, err := r.Exec(d); err != nil {
			t.Fatal(err)
		}
	}
	state := []string{"is already running", "is not running", "is not hung", "is already hung"}
	for _, cmd := range []string{
		"crash 1", "crash 3", "crash 4", "restart 9", "shutdown 2", "hang 3", "hang 4", "resume 1", "resume 5",
		"slow-disk 3 latency=5ms", "slow-disk 4 latency=5ms", "isolate 3", "isolate 4", "isolate controller", "isolate p1", "isolate c9",
		"cut 1 2", "cut 1 4", "cut 4 controller", "heal", "heal 1 4", "heal 2 3",
		"slow 1 3 latency=(5, 6)", "slow 1 5 latency=(5, 6)", "drop 3 2 per-mille=10", "drop 3 6 per-mille=10",
		"partition g1=(1) g2=(2, 3)", "partition g1=(1) g2=(2, 4)",
		"elect-leaders type=preferred t-0", "elect-leaders type=preferred t-1", "elect-leaders type=preferred t-2",
		"elect-leaders type=unclean u-0", "elect-leaders type=preferred all",
		"config min.insync.replicas=1", "config topic=t min.insync.replicas=1", "config topic=u min.insync.replicas=1",
		"produce t-0 values=(x)", "produce t-1 values=(x)", "produce t-2 values=(x)", "produce u-0 values=(x)",
		"produce t-0 values=(x) broker=3", "produce t-0 values=(x) broker=4", "produce t-0 count=3 acks=1 producer=p2",
		"consume t-0", "consume t-1 consumer=c5", "consume t-3", "consume u-0", "consume t-0 broker=4",
		"seek t-0 offset=0", "seek t-1 offset=0", "seek t-1 offset=0 consumer=c2", "seek t-0 offset=0 consumer=c3", "seek t-0 offset=0 consumer=c4",
		"commit t-0", "commit t-1", "commit t-1 consumer=c2", "commit t-0 consumer=c3",
		"close t-0", "close t-1 consumer=c2", "close t-0 consumer=c3", "close t-1",
	} {
		_, cerr := ParseAndCompile("", shapeScript+`try "x" `+cmd+"\n")
		tryDirs, err := Parse("", cmd+"\n")
		if err != nil {
			t.Fatal(err)
		}
		ec, err := Command(tryDirs[0])
		if err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
		eerr := r.Cluster().Clone().Apply(ec)
		if eerr != nil && slicesContainsAny(eerr.Error(), state) {
			eerr = nil // the page's to judge at the moment it offers
		}
		if (cerr != nil) != (eerr != nil) {
			t.Errorf("try %s: compiler says %v; the engine says %v", cmd, cerr, eerr)
		}
	}
}

// slicesContainsAny says whether s contains one of subs.
func slicesContainsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
