package script

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
)

// scriptFiles lists every script the parity test reads.
func scriptFiles(t testing.TB) []string {
	var files []string
	for _, dir := range []string{"../testdata", "../../scenarios"} {
		m, err := filepath.Glob(filepath.Join(dir, "*.txt"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no scripts found")
	}
	return files
}

// TestParseParity: for every script in engine/testdata and scenarios/, Parse
// yields the same commands, arguments, input and expected output as
// datadriven reads, so the browser and go test never disagree about what a
// script means.
func TestParseParity(t *testing.T) {
	for _, path := range scriptFiles(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ours, err := Parse(path, string(src))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var theirs []*datadriven.TestData
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			c := *d
			theirs = append(theirs, &c)
			return d.Expected
		})
		if len(ours) != len(theirs) {
			t.Fatalf("%s: %d directives, datadriven reads %d", path, len(ours), len(theirs))
		}
		for i, d := range theirs {
			o := ours[i]
			var args []Arg
			for _, a := range d.CmdArgs {
				args = append(args, Arg{Key: a.Key, Vals: a.Vals})
			}
			if quoted(d.Cmd) {
				// datadriven splits an ask's question (a say's text, ...)
				// into words; kplay keeps it whole and parses only what
				// follows it.
				for k, a := range args {
					if strings.HasSuffix(a.Key, `"`) || strings.HasSuffix(strings.Join(a.Vals, ","), `"`) {
						args = args[k+1:]
						break
					}
				}
			}
			oargs := make([]Arg, len(o.Args))
			for j, a := range o.Args {
				oargs[j] = Arg{Key: a.Key, Vals: a.Vals}
			}
			if len(args) == 0 {
				args = nil
			}
			if len(oargs) == 0 {
				oargs = nil
			}
			wantPos := path + ":" + itoa(o.Pos.Line)
			if o.Cmd != d.Cmd || !reflect.DeepEqual(oargs, args) || o.Input != d.Input || o.Expected != d.Expected || d.Pos != wantPos {
				t.Errorf("%s directive %d: ours %q %v %q %q at %s; datadriven %q %v %q %q at %s",
					path, i, o.Cmd, oargs, o.Input, o.Expected, wantPos, d.Cmd, args, d.Input, d.Expected, d.Pos)
			}
		}
	}
}

func itoa(i int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + formatInt(i)) }

func formatInt(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

// FuzzParseLine: our directive-line grammar accepts and splits exactly what
// datadriven.ParseLine does, and never panics.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{
		"produce orders-0 values=(a, b) acks=all",
		"run until=10:00:00.020",
		"cmd exprs=(a + (b + c), d + f)",
		"cmd a= b=(",
		"cmd =x",
		"x k=(v1,v2) k2 k3=",
		"é ü=(ö, ä)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		line = strings.TrimSpace(line)
		cmd, args, _, err := parseLine(line)
		dcmd, dargs, derr := datadriven.ParseLine(line)
		if (err != nil) != (derr != nil) {
			t.Fatalf("%q: ours err=%v, datadriven err=%v", line, err, derr)
		}
		if err != nil {
			return
		}
		if cmd != dcmd || len(args) != len(dargs) {
			t.Fatalf("%q: ours %q %v, datadriven %q %v", line, cmd, args, dcmd, dargs)
		}
		for i := range args {
			if args[i].Key != dargs[i].Key || !reflect.DeepEqual(args[i].Vals, dargs[i].Vals) {
				t.Fatalf("%q arg %d: ours %v, datadriven %v", line, i, args[i], dargs[i])
			}
		}
	})
}

// FuzzParse: Parse never panics, and a script it accepts compiles or fails
// with a positioned error, in bounded memory (MaxScriptBytes).
func FuzzParse(f *testing.F) {
	f.Add("cluster brokers=3\n----\nok\n\ncreate-topic orders\n----\n----\nx\n\ny\n----\n----\n")
	f.Add("# title: t\ncluster brokers=3 start=10:00:00.000\nproduce orders-0 values=(a)\nrun until=10:00:00.020\n")
	f.Add("advance 1.5s\nrun until=(\n")
	f.Add("cluster \\\n brokers=2\n")
	f.Add("cluster brokers=3\ncut 1 2\ncut 2 controller\nheal 1 2\nheal 1\nproduce t-0 rate=7/s for=1.5s acks=1\nadvance 1s\nstep\n")
	f.Add("title \"acks=1 (and a = b)\"\nsummary \"s\"\ncluster brokers=3\nsay \"x\" y\nask \"q\" options=(a, b) answer=a\nwhy \"w\" show=1s\nwhy \"again\"\n")
	f.Add("cluster brokers=3\ncreate-topic t\nsay \"a \\\"b\\\" \\\\ c\"\nask \"q\" options=(yes, not safe) answer=not safe\ntry \"x\\y\" crash 9\n")
	f.Fuzz(func(t *testing.T, src string) {
		dirs, err := Parse("fuzz", src)
		if err != nil {
			if _, ok := ErrorPos(err); !ok {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		if _, err := Compile(dirs); err != nil {
			if _, ok := ErrorPos(err); !ok {
				t.Fatalf("compile error without a position: %v", err)
			}
		}
	})
}
