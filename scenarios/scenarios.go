// Package scenarios is kplay's preset library: curated scripts, each with a
// title and a short narrative in its comments. Every preset is also a golden
// test (scenarios_test.go), and the page offers them in its picker.
package scenarios

import (
	_ "embed" // the presets, each as a string

	"kplay/engine/script"
)

// Each preset is embedded as a string, not through an embed.FS: an
// embed.FS used as an fs.FS keeps io/fs's file-info formatting, and with it
// the time package's, in the page's wasm (DESIGN §7 budgets its size).
// TestEveryFileIsListed checks that files lists every *.txt here.

//go:embed acks1-loss.txt
var acks1Loss string

//go:embed every-broker-leads.txt
var everyBrokerLeads string

//go:embed failover-and-preferred-leader.txt
var failoverAndPreferredLeader string

//go:embed fetch-loop.txt
var fetchLoop string

//go:embed jepsen-2013.txt
var jepsen2013 string

//go:embed kip101-after-the-fix.txt
var kip101AfterTheFix string

//go:embed kip101-before-the-fix.txt
var kip101BeforeTheFix string

//go:embed kip279-after-the-fix.txt
var kip279AfterTheFix string

//go:embed kip279-before-the-fix.txt
var kip279BeforeTheFix string

//go:embed last-replica-standing-elr.txt
var lastReplicaStandingElr string

//go:embed not-enough-replicas.txt
var notEnoughReplicas string

//go:embed order-9001.txt
var order9001 string

//go:embed the-isr.txt
var theIsr string

//go:embed unclean-election.txt
var uncleanElection string

//go:embed wrong-broker.txt
var wrongBroker string

// Preset is one scenario script as shipped.
type Preset struct {
	// Name is the file name without ".txt", used in URLs ("order-9001").
	Name string
	// Title is the script's "# title:" comment.
	Title string
	// Text is the full script, expected outputs included.
	Text string
}

// Default is the preset the page opens with: the lesson's order-9001.
const Default = "order-9001"

// files lists every preset file's name (without ".txt") and text, sorted
// by name.
func files() [][2]string {
	return [][2]string{
		{"acks1-loss", acks1Loss},
		{"every-broker-leads", everyBrokerLeads},
		{"failover-and-preferred-leader", failoverAndPreferredLeader},
		{"fetch-loop", fetchLoop},
		{"jepsen-2013", jepsen2013},
		{"kip101-after-the-fix", kip101AfterTheFix},
		{"kip101-before-the-fix", kip101BeforeTheFix},
		{"kip279-after-the-fix", kip279AfterTheFix},
		{"kip279-before-the-fix", kip279BeforeTheFix},
		{"last-replica-standing-elr", lastReplicaStandingElr},
		{"not-enough-replicas", notEnoughReplicas},
		{"order-9001", order9001},
		{"the-isr", theIsr},
		{"unclean-election", uncleanElection},
		{"wrong-broker", wrongBroker},
	}
}

// All returns every preset, sorted by name.
func All() []Preset {
	fs := files()
	out := make([]Preset, 0, len(fs))
	for _, f := range fs {
		out = append(out, Preset{Name: f[0], Title: script.Title(f[1]), Text: f[1]})
	}
	return out
}

// Get returns the preset called name.
func Get(name string) (Preset, bool) {
	for _, f := range files() {
		if f[0] == name {
			return Preset{Name: f[0], Title: script.Title(f[1]), Text: f[1]}, true
		}
	}
	return Preset{}, false
}
