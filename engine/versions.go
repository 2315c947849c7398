package engine

import (
	"slices"
	"strconv"
	"strings"
)

// Kafka's releases as switches (docs/design.md §2.1). A cluster directive's
// kafka=VERSION picks a release; every replication behaviour that changed
// between Kafka 0.10 and 4.4 is one row of versionChanges, named by its KIP
// or KAFKA ticket, and is on when the release has it. A behaviour switch
// can also be set on its own (kip-320=on), overriding the release; a
// setting whose default changed (KIP-106's unclean.leader.election.enable)
// takes the release's default unless the script writes it; a ZooKeeper-era
// change that KRaft has no path for is listed, with why, and cannot be
// switched. The controller is always KRaft's: kafka= replays how replicas,
// leaders and clients behaved in a release, not its ZooKeeper controller.

// Release is a Kafka release as major*100 + minor: 404 is 4.4, 11 is 0.11.
type Release uint16

// String prints the release as a script writes it ("4.4", "0.11").
func (r Release) String() string {
	return strconv.Itoa(int(r)/100) + "." + strconv.Itoa(int(r)%100)
}

// LatestRelease is the release kplay simulates by default, Kafka 4.4:
// every switch on, every default today's.
const LatestRelease Release = 404

// releases are the releases kafka= takes, oldest first: every minor
// release from 0.10 (before KIP-101's leader epochs) to 4.4.
var releases = [...]Release{
	10, 11, 100, 101,
	200, 201, 202, 203, 204, 205, 206, 207, 208,
	300, 301, 302, 303, 304, 305, 306, 307, 308, 309,
	400, 401, 402, 403, 404,
}

// Releases returns the releases kafka= takes, oldest first. The slice is
// the caller's.
func Releases() []Release { return append([]Release(nil), releases[:]...) }

// releaseNames spells Releases as kafka= takes them.
func releaseNames() []string {
	out := make([]string, len(releases))
	for i, r := range releases {
		out[i] = r.String()
	}
	return out
}

// ParseRelease reads a Kafka release name as one of Releases: the
// feature release ("2.0", "0.11", "4.4") or any name Kafka published for
// it (https://kafka.apache.org/downloads), which kplay replays with its
// feature release's behaviour:
//
//   - from 1.0 on, MAJOR.MINOR.PATCH ("3.7.1", "2.8.2", "4.4.0");
//   - before 1.0, the four-part names: 0.10.0.x, 0.10.1.x and 0.10.2.x
//     were three feature releases of the 0.10 line ("0.10.2", "0.10.2.1"),
//     and 0.11.0.x the one of 0.11 ("0.11.0", "0.11.0.3").
//
// kplay's switch table (versionChanges) has no replication change inside
// the 0.10 line nor in a patch release: every one starts at a feature
// release (0.11 for KIP-101, 2.1 for KAFKA-7128, …), so a published name
// plays as its feature release. A name Kafka never used (0.10.3, 0.11.1,
// 0.9, 5.0) is not a release.
func ParseRelease(s string) (Release, bool) {
	parts := strings.Split(s, ".")
	if len(parts) < 2 || len(parts) > 4 {
		return 0, false
	}
	for _, p := range parts {
		if !allDigits(p) || len(p) > 2 {
			return 0, false
		}
	}
	n := make([]int, len(parts))
	for i, p := range parts {
		n[i], _ = strconv.Atoi(p)
	}
	switch {
	case n[0] == 0 && n[1] == 10 && len(n) >= 3 && n[2] > 2,
		n[0] == 0 && n[1] == 11 && len(n) >= 3 && n[2] != 0,
		n[0] > 0 && len(n) == 4:
		return 0, false
	}
	r := Release(n[0]*100 + n[1])
	for _, k := range releases {
		if k == r {
			return r, true
		}
	}
	return 0, false
}

// releaseName is s as the kafka= setting stores it: the feature release
// of a release name ParseRelease reads ("3.7" for "3.7.1"), else s (which
// the setting then refuses, listing the feature releases).
func releaseName(s string) string {
	if r, ok := ParseRelease(s); ok {
		return r.String()
	}
	return s
}

// Switch is a behaviour switch's setting: SwitchRelease (the zero value)
// follows kafka=, SwitchOn and SwitchOff override it.
type Switch uint8

// The switch settings.
const (
	SwitchRelease Switch = iota
	SwitchOn
	SwitchOff
)

// String prints the switch as a script writes it: release, on or off.
func (s Switch) String() string {
	switch s {
	case SwitchOn:
		return "on"
	case SwitchOff:
		return "off"
	}
	return "release"
}

// on reports whether a switch is on in release r, for a change that came
// with since.
func (s Switch) on(r, since Release) bool {
	switch s {
	case SwitchOn:
		return true
	case SwitchOff:
		return false
	}
	return r >= since
}

// onFrom is on for a KRaft controller change whose old behaviour ran from
// release from to since: before from, the ZooKeeper controller behaved as
// the new one does.
func (s Switch) onFrom(r, from, since Release) bool {
	if s == SwitchRelease && r < from {
		return true
	}
	return s.on(r, since)
}

// ChangeKind says how a release change is replayed.
type ChangeKind uint8

// The kinds of change.
const (
	// ChangeBehaviour is a behaviour switch: a settings row of the same
	// name (kip-320=on|off|release) and a Config field.
	ChangeBehaviour ChangeKind = iota + 1
	// ChangeDefault is a setting whose default changed: before Since the
	// setting Setting defaults to OldDefault unless the script writes it.
	ChangeDefault
	// ChangeNotInKRaft is a ZooKeeper-era change that KRaft has no path
	// for: it is listed, with NotInKRaft saying why, and cannot be set.
	ChangeNotInKRaft
)

// Change is one row of the release table: a replication behaviour that
// changed in a Kafka release.
type Change struct {
	// Name is the key a cluster directive takes ("kip-320"), lower case.
	Name string
	// Ticket is the KIP or KAFKA ticket ("KIP-320", "KAFKA-7128").
	Ticket string
	// Since is the first release with the new behaviour.
	Since Release
	// From, if not 0, is the first release with the old behaviour: a
	// change to KRaft's controller, which came in 2.8, replays the
	// ZooKeeper controller's behaviour (the new one) before From.
	From Release
	Kind ChangeKind
	// Old and New say what a replica, leader, controller or client did
	// before and since, in plain words.
	Old, New string
	// Setting and OldDefault are a ChangeDefault's setting and its
	// default before Since.
	Setting, OldDefault string
	// NotInKRaft says why a ChangeNotInKRaft has nothing to switch.
	NotInKRaft string
	// Source names the Kafka commit or class the rule is read from.
	Source string
	// Doc is the KIP's or ticket's address.
	Doc string
}

const (
	kipDocs  = "https://cwiki.apache.org/confluence/display/KAFKA/"
	jiraDocs = "https://issues.apache.org/jira/browse/"
)

// The releases that brought each behaviour switch, read from the Kafka
// repository (git tag --contains on the commit named in each row's Source).
const (
	sinceKIP101     Release = 11
	sinceKIP279     Release = 200
	sinceKIP320     Release = 203
	sinceKAFKA7128  Release = 201
	sinceKAFKA7395  Release = 201
	sinceKIP392     Release = 204
	sinceKIP841     Release = 303
	sinceKIP903     Release = 305
	sinceKAFKA14704 Release = 305
	sinceKAFKA15021 Release = 306
	sinceKAFKA15583 Release = 307
	sinceKIP951     Release = 307
	sinceKIP580     Release = 307
	// KRaft's controller came with Kafka 2.8 (KIP-500, KIP-631).
	kraftSince      Release = 208
	sinceKAFKA12670 Release = 309
)

// versionChanges is the release table, oldest change first. It is never
// written.
var versionChanges = [...]Change{
	{Name: "kip-101", Ticket: "KIP-101", Since: sinceKIP101, Kind: ChangeBehaviour,
		Old:    "a follower truncates its log to its own high watermark when it restarts or becomes a follower, which can lose committed records or leave replicas diverged",
		New:    "a follower truncates by leader epoch: it asks the leader where its last epoch ends (OffsetsForLeaderEpoch) and keeps everything up to there",
		Source: "KIP-101 (commit 0baea2ac13, Kafka 0.11.0.0); the older spelling is protocol=pre-kip-101",
		Doc:    kipDocs + "KIP-101+-+Alter+Replication+Protocol+to+use+Leader+Epoch+rather+than+High+Watermark+for+Truncation"},
	{Name: "kip-279", Ticket: "KIP-279", Since: sinceKIP279, Kind: ChangeBehaviour,
		Old:    "the leader answers OffsetsForLeaderEpoch with an end offset only and the follower truncates once to min(that, its LEO), so after two quick leader changes replicas can keep different records at the same offset",
		New:    "the answer names the epoch too, and the follower goes back epoch by epoch until the leader and it agree (today by the fetch's DivergingEpoch, KAFKA-10554)",
		Source: "KAFKA-6361 (commit 9679c44d2b, Kafka 2.0.0); the older spelling is protocol=pre-kip-279",
		Doc:    kipDocs + "KIP-279%3A+Fix+log+divergence+between+leader+and+follower+after+fast+leader+fail+over"},
	{Name: "kip-106", Ticket: "KIP-106", Since: 11, Kind: ChangeDefault, Setting: "unclean.leader.election.enable", OldDefault: "true",
		Old:    "unclean.leader.election.enable defaults to true: an out-of-sync replica may lead, losing records",
		New:    "it defaults to false",
		Source: "KAFKA-4623 (commit 46da01a4a7, Kafka 0.11.0.0)",
		Doc:    kipDocs + "KIP-106+-+Change+Default+unclean.leader.election.enabled+from+True+to+False"},
	{Name: "kip-320", Ticket: "KIP-320", Since: sinceKIP320, Kind: ChangeBehaviour,
		Old:    "a consumer keeps its position across a leader change; if the new leader's log is shorter it gets OFFSET_OUT_OF_RANGE and auto.offset.reset, and if not it reads on without noticing that the records it read were truncated",
		New:    "after a leader change the consumer checks its position with OffsetsForLeaderEpoch and moves back to where its epoch ends on the new leader (or stops with LogTruncationException under auto.offset.reset=none)",
		Source: "KAFKA-7747 (commit 409fabc561, Kafka 2.3.0; KIP-320's protocol came in 2.1, the consumer's check in 2.3); SubscriptionState.maybeValidatePositionForCurrentLeader",
		Doc:    kipDocs + "KIP-320%3A+Allow+fetchers+to+detect+and+handle+log+truncation"},
	{Name: "kafka-7128", Ticket: "KAFKA-7128", Since: sinceKAFKA7128, Kind: ChangeBehaviour,
		Old:    "a follower joins the ISR once its LEO reaches the leader's high watermark, even if the leader's HW lags behind records of an earlier epoch, so a new ISR member can miss committed records",
		New:    "it must also have reached the start offset of the leader's current epoch (Partition.isFollowerInSync: leaderEpochStartOffset)",
		Source: "KAFKA-7128 (commit 70c51633f2, Kafka 2.1.0)",
		Doc:    jiraDocs + "KAFKA-7128"},
	{Name: "kafka-7395", Ticket: "KAFKA-7395", Since: sinceKAFKA7395, Kind: ChangeBehaviour,
		Old:    "a follower told of a new leader epoch with the same leader goes on as it was (Partition.makeFollower returns false when the leader is unchanged): it neither restarts its fetch nor truncates",
		New:    "a new leader epoch is a new leadership even with the same leader: the follower truncates (to its HW before KIP-101, by leader epoch since) and fetches again (Partition.makeFollower: leaderReplicaIdOpt.contains(newLeader) && leaderEpoch == oldLeaderEpoch)",
		Source: "KAFKA-7395, KIP-320's fencing (commit ed3bd79633, on trunk in 2.2.0 and in 2.1.0's Partition.scala); Partition.makeFollower in 0.10.0.0 to 2.0.0 compares the leader only",
		Doc:    jiraDocs + "KAFKA-7395"},
	{Name: "kip-91", Ticket: "KIP-91", Since: 201, Kind: ChangeDefault, Setting: "retries", OldDefault: "0",
		Old:    "the producer's retries defaults to 0: a batch that fails once is not resent (and there is no delivery.timeout.ms; kplay keeps it)",
		New:    "retries defaults to 2147483647, bounded by delivery.timeout.ms",
		Source: "KAFKA-5886 (commit 7fc7136ffd, Kafka 2.1.0); ProducerConfig RETRIES_CONFIG",
		Doc:    kipDocs + "KIP-91+Provide+Intuitive+User+Timeouts+in+The+Producer"},
	{Name: "kip-380", Ticket: "KIP-380", Since: 202, Kind: ChangeNotInKRaft,
		Old:        "a ZooKeeper controller's requests carried no broker epoch, so a broker that bounced could act on a stale controller request",
		New:        "controller requests carry the broker epoch (the czxid of its ZooKeeper registration) and stale ones are refused",
		NotInKRaft: "KRaft brokers have had a broker epoch from their registration since KRaft began (BrokerRegistrationRequest); there is no ZooKeeper controller request to fence",
		Source:     "KAFKA-7235 (commit 2155c6d54b, Kafka 2.2.0)",
		Doc:        kipDocs + "KIP-380%3A+Detect+outdated+control+requests+and+bounced+brokers+using+broker+generation"},
	{Name: "kip-392", Ticket: "KIP-392", Since: sinceKIP392, Kind: ChangeBehaviour,
		Old:    "consumers always fetch from the leader; replica.selector.class does not exist",
		New:    "with replica.selector.class=RackAwareReplicaSelector a consumer with client.rack fetches from an in-sync replica in its rack",
		Source: "KAFKA-8443 (commit 23beeea34b, Kafka 2.4.0)",
		Doc:    kipDocs + "KIP-392%3A+Allow+consumers+to+fetch+from+closest+replica"},
	{Name: "kip-537", Ticket: "KIP-537", Since: 205, Kind: ChangeDefault, Setting: "replica.lag.time.max.ms", OldDefault: "10000",
		Old:    "replica.lag.time.max.ms defaults to 10000 ms: a follower leaves the ISR after 10 s without catching up",
		New:    "it defaults to 30000 ms",
		Source: "KAFKA-9102 (commit 4bde9bb3cc, Kafka 2.5.0)",
		Doc:    kipDocs + "KIP-537%3A+Increase+default+zookeeper+session+timeout"},
	{Name: "kip-497", Ticket: "KIP-497", Since: 207, Kind: ChangeNotInKRaft,
		Old:        "a leader wrote a new ISR straight into ZooKeeper and the controller learned of it later, so controller and leader could disagree on the ISR",
		New:        "the leader asks the controller with AlterIsr (AlterPartition since 3.2) and uses the new ISR only once it is committed",
		NotInKRaft: "KRaft has only the AlterPartition path: a KRaft leader never wrote the ISR itself",
		Source:     "KAFKA-8836 (commit 57de67db22, Kafka 2.7.0)",
		Doc:        kipDocs + "KIP-497%3A+Add+inter-broker+API+to+alter+ISR"},
	// KIP-679 made enable.idempotence default to true in 3.0.0, but a bug
	// (KAFKA-13598) left it off unless written, in 3.0.0 and 3.1.0; the fix
	// (commit for PR 11691) is in 3.0.1, 3.1.1 and 3.2.0 (Kafka's 3.2.0
	// upgrade notes). kafka=X.Y replays X.Y.0, so the default counts from 3.2.
	{Name: "kip-679", Ticket: "KIP-679", Since: 302, Kind: ChangeDefault, Setting: "enable.idempotence", OldDefault: "false",
		Old:    "the producer is not idempotent by default: a retried batch can be written twice",
		New:    "enable.idempotence defaults to true (with acks=all; the producer's acks default moved from 1 to all too, but kplay's produce takes acks per command, acks=all unless written, so write acks=1 to replay an older client)",
		Source: "KAFKA-10619 (commit c92d013fd4, Kafka 3.0.0); in effect from KAFKA-13598 (Kafka 3.0.1, 3.1.1, 3.2.0)",
		Doc:    kipDocs + "KIP-679%3A+Producer+will+enable+the+strongest+delivery+guarantee+by+default"},
	{Name: "kip-841", Ticket: "KIP-841", Since: sinceKIP841, Kind: ChangeBehaviour,
		Old:    "a leader adds a caught-up follower to the ISR even when the controller has fenced it or it is in controlled shutdown, and the controller accepts it",
		New:    "fenced and shutting-down replicas are not eligible: the leader does not propose them and the controller answers INELIGIBLE_REPLICA",
		Source: "KAFKA-13916 (commits 151ca12a56, f83d95d9a2, Kafka 3.3.0); Partition.isReplicaIsrEligible",
		Doc:    kipDocs + "KIP-841%3A+Fenced+replicas+should+not+be+allowed+to+join+the+ISR+in+KRaft"},
	{Name: "kip-903", Ticket: "KIP-903", Since: sinceKIP903, Kind: ChangeBehaviour,
		Old:    "AlterPartition lists ISR members by id only, so a follower that restarted with less data (an unclean shutdown) can be put back in the ISR on the strength of a fetch from its previous life",
		New:    "each ISR member goes with the broker epoch its fetch carried, and the controller refuses a stale one (INELIGIBLE_REPLICA); the leader refuses fetches with a stale broker epoch",
		Source: "KAFKA-14617, KAFKA-14139 (commits 79b5f7f1ce, 8c88cdb718, d5e216d618, Kafka 3.5.0)",
		Doc:    kipDocs + "KIP-903%3A+Replicas+with+stale+broker+epoch+should+not+be+allowed+to+join+the+ISR"},
	{Name: "kafka-14704", Ticket: "KAFKA-14704", Since: sinceKAFKA14704, Kind: ChangeBehaviour,
		Old:    "a follower told that its log diverged first takes the leader's high watermark, which can cover its own records that are about to be truncated, and only then truncates (the HW goes up and back down)",
		New:    "the follower truncates first and takes the leader's high watermark from the next fetch",
		Source: "KAFKA-14704 (commit bd32d98bd7, Kafka 3.5.0); AbstractFetcherThread.processFetchRequest",
		Doc:    jiraDocs + "KAFKA-14704"},
	{Name: "kafka-15021", Ticket: "KAFKA-15021", Since: sinceKAFKA15021, Kind: ChangeBehaviour,
		Old:    "the controller bumps the leader epoch whenever the ISR shrinks, and a caught-up replica that may not join the ISR still holds the high watermark back (KRaft's rule from 2.8; kplay uses it for older releases too, though a ZooKeeper controller bumped the epoch only when it removed a replica itself, not when a leader shrank the ISR)",
		New:    "an ISR shrink bumps only the partition epoch, and only ISR-eligible replicas count toward the high watermark",
		Source: "KAFKA-15021 (commit 8ad0ed3e61, Kafka 3.6.0); PartitionChangeBuilder.triggerLeaderEpochBumpIfNeeded",
		Doc:    jiraDocs + "KAFKA-15021"},
	{Name: "kafka-15583", Ticket: "KAFKA-15583", Since: sinceKAFKA15583, Kind: ChangeBehaviour,
		Old:    "min.insync.replicas is used as set, even above the replication factor (then every acks=all produce fails with NOT_ENOUGH_REPLICAS), and the high watermark advances while the ISR is below it",
		New:    "the effective min.insync.replicas is min(min.insync.replicas, replication factor), and the high watermark advances only while the ISR holds at least that many",
		Source: "KAFKA-15583 (commit edc7e10a74, Kafka 3.7.0); Partition.effectiveMinIsr",
		Doc:    jiraDocs + "KAFKA-15583"},
	{Name: "kafka-12670", Ticket: "KAFKA-12670", Since: sinceKAFKA12670, From: kraftSince, Kind: ChangeBehaviour,
		Old:    "a KRaft controller ignores unclean.leader.election.enable: a partition whose last in-sync replica is gone stays leaderless until an operator runs kafka-leader-election.sh --election-type unclean (elect-leaders type=unclean); ZooKeeper controllers, before 2.8, honoured the setting",
		New:    "the controller honours unclean.leader.election.enable, for the cluster and per topic, and elects an out-of-sync replica when no in-sync one is left",
		Source: "KAFKA-12670 (commit ca0cc355f6, cherry-picked as 7356328f53 into Kafka 3.9.0)",
		Doc:    jiraDocs + "KAFKA-12670"},
	{Name: "kip-580", Ticket: "KIP-580", Since: sinceKIP580, Kind: ChangeBehaviour,
		Old:    "a client waits retry.backoff.ms before every retry",
		New:    "the wait doubles from retry.backoff.ms up to retry.backoff.max.ms (1000 ms)",
		Source: "KAFKA-9800 (commit b49013b73e, Kafka 3.7.0)",
		Doc:    kipDocs + "KIP-580%3A+Exponential+Backoff+for+Kafka+Clients"},
	{Name: "kip-951", Ticket: "KIP-951", Since: sinceKIP951, Kind: ChangeBehaviour,
		Old:    "a producer told NOT_LEADER_OR_FOLLOWER asks for new metadata and waits for it before it resends",
		New:    "the error names the new leader and its epoch, which the producer uses at once",
		Source: "KAFKA-15627, KAFKA-15661 (commits a9565a799f, f38b0d886c, Kafka 3.7.0)",
		Doc:    kipDocs + "KIP-951%3A+Leader+discovery+optimisations+for+the+client"},
	{Name: "kip-1030", Ticket: "KIP-1030", Since: 400, Kind: ChangeDefault, Setting: "linger.ms", OldDefault: "0",
		Old:    "linger.ms defaults to 0: the producer sends a batch as soon as it can",
		New:    "it defaults to 5 ms",
		Source: "KIP-1030 (Kafka 4.0.0)",
		Doc:    kipDocs + "KIP-1030%3A+Change+constraints+and+default+values+for+various+configurations"},
	{Name: "kip-966", Ticket: "KIP-966", Since: 401, Kind: ChangeDefault, Setting: "eligible.leader.replicas.version", OldDefault: "0",
		Old:    "no eligible leader replicas: when the ISR shrinks below min.insync.replicas the replicas that left cannot be elected cleanly (before 4.0 the feature does not exist; 4.0 has it off by default)",
		New:    "a new cluster formats with eligible.leader.replicas.version=1: replicas that left the ISR below min.insync.replicas stay eligible (ELR)",
		Source: "KAFKA-15581, KAFKA-15584 (Kafka 3.7.0, preview); on for new clusters in 4.1 (Kafka 4.1 release notes)",
		Doc:    kipDocs + "KIP-966%3A+Eligible+Leader+Replicas"},
}

// elrSince is the first release that can turn eligible leader replicas on
// (Kafka 4.0: eligible.leader.replicas.version 1 needs metadata version
// 4.0-IV1).
const elrSince Release = 400

// VersionChanges returns the release table, oldest change first. The
// slice is the caller's.
func VersionChanges() []Change { return append([]Change(nil), versionChanges[:]...) }

// LookupChange returns the release table's row named name ("kip-320").
func LookupChange(name string) (Change, bool) {
	for _, ch := range versionChanges {
		if ch.Name == name {
			return ch, true
		}
	}
	return Change{}, false
}

// ReleaseDefault returns the default of setting name in release r when it
// differs from today's, from the release table's ChangeDefault rows.
func ReleaseDefault(r Release, name string) (string, bool) {
	for _, ch := range versionChanges {
		if ch.Kind == ChangeDefault && ch.Setting == name && r < ch.Since {
			return ch.OldDefault, true
		}
	}
	return "", false
}

// CheckRelease reports a setting the release could not have had, or ""
// if none: eligible leader replicas before Kafka 4.0, the rack-aware
// replica selector before 2.4 (KIP-392).
func (c Config) CheckRelease() string {
	switch {
	case c.EligibleLeaderReplicas && c.Kafka < elrSince:
		return "eligible.leader.replicas.version=1 needs Kafka 4.0 or later (KIP-966); kafka=" + c.Kafka.String() + " has no eligible leader replicas"
	case c.ReplicaSelectorRackAware && !c.kip392():
		return "replica.selector.class needs fetch from follower (KIP-392, Kafka 2.4); set kip-392=on or a later kafka="
	}
	return ""
}

// Enabled reports whether the behaviour switch name ("kip-320") is on in
// c: its own setting if the script set it, else whether c's release has
// it. A name that is no behaviour switch reports false.
func (c Config) Enabled(name string) bool {
	switch name {
	case "kip-101":
		return c.kip101()
	case "kip-279":
		return c.kip279()
	case "kip-320":
		return c.kip320()
	case "kafka-7128":
		return c.kafka7128()
	case "kafka-7395":
		return c.kafka7395()
	case "kip-392":
		return c.kip392()
	case "kip-841":
		return c.kip841()
	case "kip-903":
		return c.kip903()
	case "kafka-14704":
		return c.kafka14704()
	case "kafka-15021":
		return c.kafka15021()
	case "kafka-15583":
		return c.kafka15583()
	case "kafka-12670":
		return c.kafka12670()
	case "kip-580":
		return c.kip580()
	case "kip-951":
		return c.kip951()
	}
	return false
}

// kip101 reports leader-epoch truncation (KIP-101). protocol=pre-kip-101,
// the older spelling, turns it off unless kip-101 is set.
func (c *Config) kip101() bool {
	if c.KIP101 == SwitchRelease && c.Protocol == ProtocolPreKIP101 {
		return false
	}
	return c.KIP101.on(c.Kafka, sinceKIP101)
}

// kip279 reports epoch-checked truncation (KIP-279). protocol=pre-kip-101
// or pre-kip-279 turns it off unless kip-279 is set.
func (c *Config) kip279() bool {
	if c.KIP279 == SwitchRelease && c.Protocol != ProtocolCurrent {
		return false
	}
	return c.KIP279.on(c.Kafka, sinceKIP279)
}

// truncation is the follower truncation protocol in effect: the one the
// kip-101 and kip-279 switches (or protocol=) select.
func (c *Config) truncation() Protocol {
	switch {
	case !c.kip101():
		return ProtocolPreKIP101
	case !c.kip279():
		return ProtocolPreKIP279
	}
	return ProtocolCurrent
}

func (c *Config) kip320() bool     { return c.KIP320.on(c.Kafka, sinceKIP320) }
func (c *Config) kafka7128() bool  { return c.KAFKA7128.on(c.Kafka, sinceKAFKA7128) }
func (c *Config) kafka7395() bool  { return c.KAFKA7395.on(c.Kafka, sinceKAFKA7395) }
func (c *Config) kip392() bool     { return c.KIP392.on(c.Kafka, sinceKIP392) }
func (c *Config) kip841() bool     { return c.KIP841.on(c.Kafka, sinceKIP841) }
func (c *Config) kip903() bool     { return c.KIP903.on(c.Kafka, sinceKIP903) }
func (c *Config) kafka14704() bool { return c.KAFKA14704.on(c.Kafka, sinceKAFKA14704) }
func (c *Config) kafka15021() bool { return c.KAFKA15021.on(c.Kafka, sinceKAFKA15021) }
func (c *Config) kafka15583() bool { return c.KAFKA15583.on(c.Kafka, sinceKAFKA15583) }

// zkLeaderWritesISR says a leader's own ISR change keeps its leader epoch
// though kafka-15021 is off: the release predates KRaft's controller
// (2.8) and the switch follows it, so the change is a ZooKeeper-era
// leader's (Partition.updateIsr, AlterIsr), which never bumped the epoch.
func (c *Config) zkLeaderWritesISR() bool {
	return c.KAFKA15021 == SwitchRelease && c.Kafka < kraftSince
}
func (c *Config) kafka12670() bool {
	return c.KAFKA12670.onFrom(c.Kafka, kraftSince, sinceKAFKA12670)
}
func (c *Config) kip580() bool { return c.KIP580.on(c.Kafka, sinceKIP580) }
func (c *Config) kip951() bool { return c.KIP951.on(c.Kafka, sinceKIP951) }

// oldISRRules names, for a loss explanation, the switches that are off and
// let a replica without every committed record into the ISR (KAFKA-7128,
// KIP-841, KIP-903), or "" if none is.
func (c *Config) oldISRRules() string {
	var off []string
	for _, s := range [...]struct {
		name string
		on   bool
	}{{"kafka-7128", c.kafka7128()}, {"kip-841", c.kip841()}, {"kip-903", c.kip903()}} {
		if !s.on {
			off = append(off, s.name)
		}
	}
	if len(off) == 0 {
		return ""
	}
	return "a replica joined the ISR under the rules before " + strings.Join(off, ", ") + " (the bugs those changes fixed)"
}

// oldReleases says which releases had a change's old behaviour: "before
// 3.7", or "2.8 to 3.8" for a KRaft controller change.
func oldReleases(ch Change) string {
	if ch.From != 0 {
		return ch.From.String() + " to " + releases[slices.Index(releases[:], ch.Since)-1].String()
	}
	return "before " + ch.Since.String()
}

// switchRow is the settings row of the behaviour switch name, its help,
// source and doc read from the release table.
func switchRow(name, field string, f func(*Config) *Switch) Setting {
	var ch Change
	for _, x := range versionChanges {
		if x.Name == name {
			ch = x
		}
	}
	if ch.Kind != ChangeBehaviour {
		panic("engine: " + name + " is not a behaviour switch of the release table")
	}
	return Setting{Name: name, Fields: []string{field}, Type: TypeEnum, Default: "release", Example: "off",
		Choices: []string{"release", "on", "off"},
		Aliases: map[string]string{"true": "on", "false": "off", "1": "on", "0": "off"},
		Scope:   ScopeHistoric, Source: ch.Ticket + " (Kafka " + ch.Since.String() + ")", Doc: ch.Doc,
		Help: "on: " + ch.New + "; off (" + oldReleases(ch) + "): " + ch.Old + "; release: as kafka= says",
		get:  func(c Config) string { return f(&c).String() },
		set: func(c *Config, v settingValue) {
			switch v.s {
			case "on":
				*f(c) = SwitchOn
			case "off":
				*f(c) = SwitchOff
			default:
				*f(c) = SwitchRelease
			}
		}}
}
