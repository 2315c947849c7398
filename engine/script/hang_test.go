package script

import (
	"strings"
	"testing"

	"kplay/engine"
)

// TestOneWayCutAndHangDirectives: cut A B one-way compiles to a Cut with
// OneWay set (A's messages to B lost), hang takes a broker and
// requests=replicas|clients|all (all when left out), resume a broker; each
// command's String is the line again, and bad input names where and why.
func TestOneWayCutAndHangDirectives(t *testing.T) {
	for _, c := range []struct {
		line, back string
		want       engine.Command
	}{
		{"cut 1 controller one-way", "cut 1 controller one-way", engine.Cut{A: engine.Broker(1), B: engine.Controller, OneWay: true}},
		{"cut controller 2 one-way", "cut controller 2 one-way", engine.Cut{A: engine.Controller, B: engine.Broker(2), OneWay: true}},
		{"hang 2", "hang 2 requests=all", engine.Hang{Broker: 2, Requests: engine.HangAll}},
		{"hang b1 requests=replicas", "hang 1 requests=replicas", engine.Hang{Broker: 1, Requests: engine.HangReplicas}},
		{"hang 3 requests=clients", "hang 3 requests=clients", engine.Hang{Broker: 3, Requests: engine.HangClients}},
		{"resume 3", "resume 3", engine.Resume{Broker: 3}},
	} {
		sc, err := ParseAndCompile("hang", "cluster brokers=3\n"+c.line+"\n")
		if err != nil {
			t.Fatalf("%s: %v", c.line, err)
		}
		if len(sc.Steps) != 1 || sc.Steps[0].Cmd != c.want {
			t.Errorf("%s: steps %+v, want %#v", c.line, sc.Steps, c.want)
		}
		if got := c.want.(interface{ String() string }).String(); got != c.back {
			t.Errorf("%s: String = %q, want %q", c.line, got, c.back)
		}
	}
	for _, c := range []struct{ line, want string }{
		{"cut 1 2 both", `2:9: cut takes 2 positional argument(s); "both" is one too many`},
		{"cut 1 one-way", `2:7: "one-way" is not a node`},
		{"hang", "2:1: hang needs a broker id, such as hang 1"},
		{"hang 1 requests=fetches", `2:8: requests takes replicas (followers' fetches), clients (produce, metadata, consumer fetches) or all, not "fetches"`},
		{"hang 1 serve=all", "2:8: hang does not take serve"},
		{"resume 1 requests=all", "2:10: resume does not take requests"},
	} {
		_, err := ParseAndCompile("", "cluster brokers=3\n"+c.line+"\n")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.line, err, c.want)
		}
	}
}
