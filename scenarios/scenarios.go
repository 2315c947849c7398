// Package scenarios is kplay's preset library: curated scripts that tell a
// story through their title, summary and say directives, and ask the
// reader questions with ask and why. Every preset is also a golden test
// (scenarios_test.go), and the page offers them in its picker as a course:
// the lesson's sections in order, then famous failures.
package scenarios

import (
	_ "embed" // the presets, each as a string
	"strings"

	"kplay/engine/script"
)

// Each preset is embedded as a string, not through an embed.FS: an
// embed.FS used as an fs.FS keeps io/fs's file-info formatting, and with it
// the time package's, in the page's wasm, whose size is budgeted.
// TestEveryFileIsListed checks that course lists every *.txt here.

//go:embed acks1-loss.txt
var acks1Loss string

//go:embed acks1-loss-vs-acks-all.txt
var acks1LossVsAcksAll string

//go:embed every-broker-leads.txt
var everyBrokerLeads string

//go:embed failover-and-preferred-leader.txt
var failoverAndPreferredLeader string

//go:embed fetch-loop.txt
var fetchLoop string

//go:embed incident-consumer-misses-truncation.txt
var incidentConsumerMissesTruncation string

//go:embed incident-consumer-misses-truncation-fixed.txt
var incidentConsumerMissesTruncationFixed string

//go:embed incident-duplicate-on-retry.txt
var incidentDuplicateOnRetry string

//go:embed incident-duplicate-on-retry-fixed.txt
var incidentDuplicateOnRetryFixed string

//go:embed incident-fenced-in-isr.txt
var incidentFencedInIsr string

//go:embed incident-fenced-in-isr-fixed.txt
var incidentFencedInIsrFixed string

//go:embed incident-isr-shrinks-on-a-hiccup.txt
var incidentIsrShrinksOnAHiccup string

//go:embed incident-isr-shrinks-on-a-hiccup-fixed.txt
var incidentIsrShrinksOnAHiccupFixed string

//go:embed incident-kraft-unclean-setting.txt
var incidentKraftUncleanSetting string

//go:embed incident-kraft-unclean-setting-fixed.txt
var incidentKraftUncleanSettingFixed string

//go:embed incident-no-retries.txt
var incidentNoRetries string

//go:embed incident-no-retries-fixed.txt
var incidentNoRetriesFixed string

//go:embed incident-unclean-by-default.txt
var incidentUncleanByDefault string

//go:embed incident-unclean-by-default-fixed.txt
var incidentUncleanByDefaultFixed string

//go:embed incident-kafka-7128.txt
var incidentKafka7128 string

//go:embed incident-kafka-7128-fixed.txt
var incidentKafka7128Fixed string

//go:embed incident-kip-903.txt
var incidentKip903 string

//go:embed incident-kip-903-fixed.txt
var incidentKip903Fixed string

//go:embed incident-kafka-14704.txt
var incidentKafka14704 string

//go:embed incident-kafka-14704-fixed.txt
var incidentKafka14704Fixed string

//go:embed incident-kafka-15021.txt
var incidentKafka15021 string

//go:embed incident-kafka-15021-fixed.txt
var incidentKafka15021Fixed string

//go:embed incident-kafka-15583.txt
var incidentKafka15583 string

//go:embed incident-kafka-15583-fixed.txt
var incidentKafka15583Fixed string

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

//go:embed start-here.txt
var startHere string

//go:embed the-isr.txt
var theIsr string

//go:embed unclean-election.txt
var uncleanElection string

//go:embed which-cluster-accepts.txt
var whichClusterAccepts string

//go:embed wrong-broker.txt
var wrongBroker string

// The picker's groups, in course order.
const (
	// GroupLesson holds the lesson's sections, in the lesson's order.
	GroupLesson = "The lesson"
	// GroupFamousFailures holds historical failures and the Kafka
	// improvements (KIPs) that answered them, oldest first.
	GroupFamousFailures = "Famous failures"
	// GroupFamousIncidents holds the incident gallery: public replication
	// bug reports (JIRA tickets, KIPs), each a pair of presets, the bug on
	// the release that had it (incident-<slug>, with a fixed-by directive)
	// followed by the same schedule on Kafka 4.4 (incident-<slug>-fixed,
	// with bug-in), ordered by the release that fixed them, oldest first.
	// KIP-101's and KIP-279's pairs keep their older names.
	GroupFamousIncidents = "Famous incidents"
)

// Preset is one scenario script as shipped.
type Preset struct {
	// Name is the file name without ".txt", used in URLs ("order-9001").
	Name string
	// Group is the course section the picker lists it under: GroupLesson,
	// GroupFamousFailures or GroupFamousIncidents.
	Group string
	// Title is the script's title directive: neutral, it does not give
	// away the outcome.
	Title string
	// Summary is the script's summary directive: two or three sentences
	// for the learner on what to watch.
	Summary string
	// Text is the full script, expected outputs included.
	Text string
}

// Default is the preset the page opens with: three brokers, a steady
// acks=all producer and follower links slow enough that crashing the
// leader shows an election, a truncation and, after an acks=1 produce, a
// lost record.
const Default = "start-here"

// entry is one preset file in the course: its name (without ".txt"),
// group and text.
type entry struct{ name, group, text string }

// course lists every preset in course order. The lesson ("Leaders and
// Followers") goes: the default picture; one copy takes the writes and the
// fetch loop (order-9001, then the round-by-round table); every broker
// leads something; sending to the wrong broker; then the ISR, failover and
// the preferred leader's return, what acks=1 promises (then the same
// story with acks=all beside it, a script with a vs line), and
// min.insync.replicas (then the grid of acks, min.insync.replicas and ISR
// sizes, four runs side by side, that sums up both). Famous failures run
// from the unclean election through Jepsen's 2013 test to KIP-966's
// eligible leader replicas. Famous incidents are the gallery's pairs, by
// the release that fixed each: KIP-101 and KIP-106 (0.11), KIP-279 (2.0), KIP-91 and KAFKA-7128
// (2.1), KIP-320's consumer check (2.3), KIP-537 (2.5), KIP-679 (3.0),
// KIP-841 (3.3), KIP-903 and KAFKA-14704 (3.5), KAFKA-15021 (3.6),
// KAFKA-15583 (3.7) and KAFKA-12670 (3.9), each before and after its fix.
func course() []entry {
	return []entry{
		{"start-here", GroupLesson, startHere},
		{"order-9001", GroupLesson, order9001},
		{"fetch-loop", GroupLesson, fetchLoop},
		{"every-broker-leads", GroupLesson, everyBrokerLeads},
		{"wrong-broker", GroupLesson, wrongBroker},
		{"the-isr", GroupLesson, theIsr},
		{"failover-and-preferred-leader", GroupLesson, failoverAndPreferredLeader},
		{"acks1-loss", GroupLesson, acks1Loss},
		{"acks1-loss-vs-acks-all", GroupLesson, acks1LossVsAcksAll},
		{"not-enough-replicas", GroupLesson, notEnoughReplicas},
		{"which-cluster-accepts", GroupLesson, whichClusterAccepts},
		{"unclean-election", GroupFamousFailures, uncleanElection},
		{"jepsen-2013", GroupFamousFailures, jepsen2013},
		{"last-replica-standing-elr", GroupFamousFailures, lastReplicaStandingElr},
		{"kip101-before-the-fix", GroupFamousIncidents, kip101BeforeTheFix},
		{"kip101-after-the-fix", GroupFamousIncidents, kip101AfterTheFix},
		{"incident-unclean-by-default", GroupFamousIncidents, incidentUncleanByDefault},
		{"incident-unclean-by-default-fixed", GroupFamousIncidents, incidentUncleanByDefaultFixed},
		{"kip279-before-the-fix", GroupFamousIncidents, kip279BeforeTheFix},
		{"kip279-after-the-fix", GroupFamousIncidents, kip279AfterTheFix},
		{"incident-no-retries", GroupFamousIncidents, incidentNoRetries},
		{"incident-no-retries-fixed", GroupFamousIncidents, incidentNoRetriesFixed},
		{"incident-kafka-7128", GroupFamousIncidents, incidentKafka7128},
		{"incident-kafka-7128-fixed", GroupFamousIncidents, incidentKafka7128Fixed},
		{"incident-consumer-misses-truncation", GroupFamousIncidents, incidentConsumerMissesTruncation},
		{"incident-consumer-misses-truncation-fixed", GroupFamousIncidents, incidentConsumerMissesTruncationFixed},
		{"incident-isr-shrinks-on-a-hiccup", GroupFamousIncidents, incidentIsrShrinksOnAHiccup},
		{"incident-isr-shrinks-on-a-hiccup-fixed", GroupFamousIncidents, incidentIsrShrinksOnAHiccupFixed},
		{"incident-duplicate-on-retry", GroupFamousIncidents, incidentDuplicateOnRetry},
		{"incident-duplicate-on-retry-fixed", GroupFamousIncidents, incidentDuplicateOnRetryFixed},
		{"incident-fenced-in-isr", GroupFamousIncidents, incidentFencedInIsr},
		{"incident-fenced-in-isr-fixed", GroupFamousIncidents, incidentFencedInIsrFixed},
		{"incident-kip-903", GroupFamousIncidents, incidentKip903},
		{"incident-kip-903-fixed", GroupFamousIncidents, incidentKip903Fixed},
		{"incident-kafka-14704", GroupFamousIncidents, incidentKafka14704},
		{"incident-kafka-14704-fixed", GroupFamousIncidents, incidentKafka14704Fixed},
		{"incident-kafka-15021", GroupFamousIncidents, incidentKafka15021},
		{"incident-kafka-15021-fixed", GroupFamousIncidents, incidentKafka15021Fixed},
		{"incident-kafka-15583", GroupFamousIncidents, incidentKafka15583},
		{"incident-kafka-15583-fixed", GroupFamousIncidents, incidentKafka15583Fixed},
		{"incident-kraft-unclean-setting", GroupFamousIncidents, incidentKraftUncleanSetting},
		{"incident-kraft-unclean-setting-fixed", GroupFamousIncidents, incidentKraftUncleanSettingFixed},
	}
}

func (e entry) preset() Preset {
	return Preset{Name: e.name, Group: e.group, Title: script.Title(e.text), Summary: script.Summary(e.text), Text: e.text}
}

// LearnerText is Text as the page gives it to the reader, in the editor and
// in share links: without the expected outputs (script.StripExpected) and
// without the maintainers' notes, the lines whose first non-blank
// character is '#', which explain the test and often give away what a
// lesson asks, and without the expect directives, the test's claims, which
// state the outcome. A run of blank lines that leaves becomes one.
func (p Preset) LearnerText() string {
	var b strings.Builder
	blank := true // no blank line at the top
	for line := range strings.Lines(script.StripExpected(p.Text)) {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "#"), t == "expect" || strings.HasPrefix(t, "expect "):
			continue
		case t == "":
			if blank {
				continue
			}
			blank = true
		default:
			blank = false
		}
		b.WriteString(line)
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// All returns every preset in course order: GroupLesson's presets first,
// in the lesson's order, then GroupFamousFailures', then
// GroupFamousIncidents'. The presets of a group
// are contiguous, so a picker lists them under one heading each, in the
// order of Groups.
func All() []Preset {
	c := course()
	out := make([]Preset, 0, len(c))
	for _, e := range c {
		out = append(out, e.preset())
	}
	return out
}

// Groups returns the picker's group names in course order.
func Groups() []string { return []string{GroupLesson, GroupFamousFailures, GroupFamousIncidents} }

// Get returns the preset called name, and false if there is none.
func Get(name string) (Preset, bool) {
	for _, e := range course() {
		if e.name == name {
			return e.preset(), true
		}
	}
	return Preset{}, false
}
