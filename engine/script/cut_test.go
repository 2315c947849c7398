package script

import (
	"strings"
	"testing"

	"kplay/engine"
)

// TestCutAndHealDirectives: cut takes two nodes; heal takes none (the
// whole network) or two (one link); each compiles to the engine command
// whose String is the line again.
func TestCutAndHealDirectives(t *testing.T) {
	for _, c := range []struct {
		line string
		want engine.Command
	}{
		{"cut 1 2", engine.Cut{A: engine.Broker(1), B: engine.Broker(2)}},
		{"cut b3 controller", engine.Cut{A: engine.Broker(3), B: engine.Controller}},
		{"heal 2 1", engine.Heal{A: engine.Broker(2), B: engine.Broker(1)}},
		{"heal", engine.Heal{}},
	} {
		sc, err := ParseAndCompile("cut", "cluster brokers=3\n"+c.line+"\n")
		if err != nil {
			t.Fatalf("%s: %v", c.line, err)
		}
		if len(sc.Steps) != 1 || sc.Steps[0].Cmd != c.want {
			t.Errorf("%s: steps %+v, want %#v", c.line, sc.Steps, c.want)
		}
	}
	if got := (engine.Cut{A: engine.Broker(3), B: engine.Controller}).String(); got != "cut 3 controller" {
		t.Errorf("String = %q", got)
	}
	for _, c := range []struct{ line, want string }{
		{"cut 1", "2:1: cut needs two nodes, such as cut 1 2"},
		{"heal 1", "2:1: heal needs two nodes, such as heal 1 2"},
		{"cut 1 b1", "2:7: cut needs two different nodes; b1 is the same node twice"},
		{"cut 1 2 3", `2:9: cut takes 2 positional argument(s); "3" is one too many`},
		{"heal 1 x9", `2:8: "x9" is not a node`},
		{"cut 1 2 latency=(1,2)", "2:9: cut does not take latency"},
	} {
		_, err := ParseAndCompile("", "cluster brokers=3\n"+c.line+"\n")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.line, err, c.want)
		}
	}
}
