package importer

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// MaxBrokers is the most brokers a kplay cluster has (engine.MaxBrokers).
const MaxBrokers = 64

// maxPartitions is the most partitions a kplay topic has
// (engine.MaxPartitions).
const maxPartitions = 256

// The times the script waits, from Kafka's defaults as kplay's cluster
// line has them: the controller fences a broker that stopped
// heartbeating after broker.session.timeout.ms (9 s), and a leader drops
// a follower that has not caught up for replica.lag.time.max.ms (30 s),
// checking every half of it (ReplicaManager.maybeShrinkIsr).
const (
	fenceWait = "10s"
	lagWait   = "50s"
)

// Script writes the scenario script that brings kplay's cluster to the
// snapshot's state, in plain directive lines with comments, and ends
// with expect claims of that state. It returns an error, saying why,
// when the snapshot cannot be a kplay cluster: more than MaxBrokers
// brokers, or no topic left to import.
//
// Kafka's broker ids become kplay's 1..N in sorted order (kplay numbers
// its brokers from 1); the header says how when they differ. Internal
// topics (named __…), topics over 256 partitions, topic names kplay's
// engine refuses and topics whose partitions have unequal replica counts
// are skipped and said so.
//
// What brings each partition there, in this order (docs/import.md):
//  1. a down broker that must not lead a partition whose snapshot leader
//     is a later replica crashes, and a live one is restarted after the
//     controller fenced it: the controller moved its leadership to the
//     next replica in the ISR (PartitionChangeBuilder.electLeader);
//  2. a partition led by its preferred replica again after that gets
//     elect-leaders type=preferred;
//  3. a live replica out of the ISR fell behind: its fetches to the
//     partition's leader are cut one way, a record is produced, and the
//     leader drops it after replica.lag.time.max.ms;
//  4. the other down brokers crash, one at a time, each fenced before the
//     next: first those in no ELR, then ELR members, then the last
//     leaders (LastKnownElr, or the last ISR member of a leaderless
//     partition), so the ELR fills as KIP-966 fills it.
func Script(s *Snapshot) (string, error) {
	g, err := newGen(s)
	if err != nil {
		return "", err
	}
	return g.write(), nil
}

// gen is the script being written: the snapshot in kplay's broker ids.
type gen struct {
	s      *Snapshot
	ids    []int32 // Kafka's ids, sorted: kplay's broker i+1 is ids[i]
	topics []Topic // mapped to kplay's ids, the skipped ones left out
	live   []int32 // kplay's ids of the live brokers
	notes  []string
	b      strings.Builder
}

func newGen(s *Snapshot) (*gen, error) {
	g := &gen{s: s, ids: s.Brokers()}
	if n := len(g.ids); n > MaxBrokers {
		return nil, fmt.Errorf("%s: %d brokers (ids %d to %d); a kplay cluster has at most %d: import fewer topics, whose replicas span fewer brokers", strings.Join(s.Sources, ", "), n, g.ids[0], g.ids[n-1], MaxBrokers)
	}
	g.notes = slices.Clone(s.Skipped)
	for _, t := range s.Topics {
		if why := topicRefused(t); why != "" {
			g.notes = append(g.notes, "topic "+t.Name+": "+why+"; skipped")
			continue
		}
		m := Topic{Name: t.Name, MinISR: t.MinISR}
		for _, p := range t.Partitions {
			q := Partition{ID: p.ID, Leader: NoLeader, Replicas: g.mapIDs(p.Replicas), ISR: g.mapIDs(p.ISR),
				ELR: g.mapIDs(p.ELR), LastKnownELR: g.mapIDs(p.LastKnownELR)}
			if p.Leader != NoLeader {
				q.Leader = g.kplay(p.Leader)
			}
			m.Partitions = append(m.Partitions, q)
		}
		g.topics = append(g.topics, m)
	}
	if len(g.topics) == 0 {
		return nil, fmt.Errorf("%s: no topic left to import (%s)", strings.Join(s.Sources, ", "), strings.Join(g.notes, "; "))
	}
	// Live brokers: kcat's list; from a describe, the brokers leading a
	// partition or in the ISR of one that has a leader (a leaderless
	// partition's ISR keeps its last member, down, when the ELR is off).
	for _, id := range g.ids {
		k := g.kplay(id)
		if s.LiveKnown {
			if slices.Contains(s.Live, id) {
				g.live = append(g.live, k)
			}
			continue
		}
		if g.inSomeISROrLeads(k) {
			g.live = append(g.live, k)
		}
	}
	return g, nil
}

// topicRefused says why a topic cannot be imported, or "".
func topicRefused(t Topic) string {
	switch {
	case strings.HasPrefix(t.Name, "__"):
		return "an internal topic, which kplay's cluster has no use for"
	case len(t.Partitions) > maxPartitions:
		return fmt.Sprintf("%d partitions; a kplay topic has at most %d", len(t.Partitions), maxPartitions)
	case !validTopicName(t.Name):
		return "a name with characters other than ASCII letters, digits, '.', '_' and '-' (Kafka's Topic.validate)"
	}
	for _, p := range t.Partitions {
		if len(p.Replicas) != len(t.Partitions[0].Replicas) {
			return fmt.Sprintf("partition %d has %d replicas and partition 0 has %d (a reassignment in progress?); kplay's topics have one replication factor", p.ID, len(p.Replicas), len(t.Partitions[0].Replicas))
		}
		for j, id := range p.Replicas {
			if slices.Contains(p.Replicas[:j], id) {
				return fmt.Sprintf("partition %d lists broker %d twice among its replicas", p.ID, id)
			}
		}
	}
	return ""
}

func validTopicName(s string) bool {
	if s == "" || len(s) > 249 || s == "." || s == ".." {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

// kplay is kplay's id of Kafka broker id.
func (g *gen) kplay(id int32) int32 {
	i, _ := slices.BinarySearch(g.ids, id)
	return int32(i + 1)
}

func (g *gen) mapIDs(ids []int32) []int32 {
	var out []int32
	for _, id := range ids {
		out = append(out, g.kplay(id))
	}
	return out
}

// inSomeISROrLeads says broker k leads a partition or is in the ISR of
// one that has a leader.
func (g *gen) inSomeISROrLeads(k int32) bool {
	for _, t := range g.topics {
		for _, p := range t.Partitions {
			if p.Leader == k || (p.Leader != NoLeader && slices.Contains(p.ISR, k)) {
				return true
			}
		}
	}
	return false
}

func (g *gen) isLive(k int32) bool { return slices.Contains(g.live, k) }

// tp names a partition as a script does.
func tp(t Topic, p Partition) string { return t.Name + "-" + strconv.Itoa(int(p.ID)) }

func (g *gen) line(format string, a ...any) { fmt.Fprintf(&g.b, format+"\n", a...) }

func (g *gen) comment(text string) {
	for _, l := range wrap(text, 76) {
		g.line("# %s", l)
	}
}

// wrap breaks text into lines of at most width bytes at spaces.
func wrap(text string, width int) []string {
	var out []string
	cur := ""
	for _, w := range strings.Fields(text) {
		if cur != "" && len(cur)+1+len(w) > width {
			out = append(out, cur)
			cur = w
			continue
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

func ids(xs []int32) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(int(x))
	}
	return strings.Join(s, ",")
}

func set(xs []int32) string {
	if len(xs) == 0 {
		return "none"
	}
	return "(" + ids(xs) + ")"
}

func (g *gen) write() string {
	g.header()
	g.cluster()
	g.createTopics()
	s, dpre := g.bounceSet()
	g.bounce(s, dpre)
	g.fallBehind()
	g.downs(dpre)
	g.expects()
	return g.b.String()
}

func (g *gen) header() {
	nParts := 0
	for _, t := range g.topics {
		nParts += len(t.Partitions)
	}
	g.comment(fmt.Sprintf("Imported by kplay import from %s (%s): %d broker(s), %d topic(s), %d partition(s).",
		strings.Join(g.s.Sources, ", "), g.s.Format, len(g.ids), len(g.topics), nParts))
	g.comment("The commands below bring kplay's cluster to the snapshot's state; the expect lines at the end claim that state, so kplay test shows each place where kplay's controller ends elsewhere.")
	if !slices.Equal(g.ids, seq(len(g.ids))) {
		var m []string
		for i, id := range g.ids {
			m = append(m, fmt.Sprintf("Kafka broker %d is b%d", id, i+1))
		}
		g.comment("kplay numbers its brokers 1 to N, so: " + strings.Join(m, ", ") + ". Every broker id below is kplay's.")
	}
	if !g.s.LiveKnown {
		var down []string
		for _, k := range g.allKplay() {
			if !g.isLive(k) {
				down = append(down, "b"+strconv.Itoa(int(k)))
			}
		}
		switch {
		case len(down) == 1:
			g.comment("kafka-topics --describe does not list brokers: " + down[0] + " leads nothing and is in the ISR of no partition that has a leader, so it is taken as down (crashed). It might be up and behind on every partition it follows; the describe output cannot tell.")
		case len(down) > 1:
			g.comment("kafka-topics --describe does not list brokers: " + strings.Join(down, ", ") + " lead nothing and are in the ISR of no partition that has a leader, so they are taken as down (crashed). They might be up and behind on every partition they follow; the describe output cannot tell.")
		}
	}
	for _, n := range g.notes {
		g.comment("Skipped: " + n + ".")
	}
	g.line("")
}

func seq(n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(i + 1)
	}
	return out
}

func (g *gen) allKplay() []int32 { return seq(len(g.ids)) }

// elrOn says the cluster runs with KIP-966's ELR: the input shows the Elr
// column, or a partition with an empty ISR, which only the ELR allows.
func (g *gen) elrOn() bool {
	if g.s.HasELR {
		return true
	}
	for _, t := range g.topics {
		for _, p := range t.Partitions {
			if len(p.ISR) == 0 {
				return true
			}
		}
	}
	return false
}

func (g *gen) cluster() {
	line := "cluster brokers=" + strconv.Itoa(len(g.ids))
	switch {
	case g.s.HasELR:
		g.comment("The input shows Elr and LastKnownElr: eligible leader replicas (KIP-966) on, as on a new Kafka 4.1+ cluster.")
		line += " eligible.leader.replicas.version=1"
	case g.elrOn():
		g.comment("The input has no Elr column but a partition with an empty ISR, which only eligible leader replicas (KIP-966) allow: ELR on.")
		line += " eligible.leader.replicas.version=1"
	default:
		g.comment("The input has no Elr column (Kafka 3.x, 4.0, or kcat, whose Metadata response carries none): eligible leader replicas (KIP-966) off, so a partition's last ISR member stays in its ISR when it goes down.")
		line += " eligible.leader.replicas.version=0"
	}
	if g.nonPreferred() {
		g.comment("Some partition is led by a replica other than its preferred (first) one. Kafka's auto leader rebalance would move it back within leader.imbalance.check.interval.seconds (300 s), so the snapshot was taken before that or with auto.leader.rebalance.enable=false; off here, as this script takes longer than that.")
		line += " auto.leader.rebalance.enable=false"
	}
	g.line("%s", line)
	g.line("")
}

// nonPreferred says a partition is led by another replica while its
// preferred replica is up: the one case auto leader rebalance would undo.
func (g *gen) nonPreferred() bool {
	for _, t := range g.topics {
		for _, p := range t.Partitions {
			if p.Leader != NoLeader && p.Leader != p.Replicas[0] && g.isLive(p.Replicas[0]) {
				return true
			}
		}
	}
	return false
}

func (g *gen) createTopics() {
	for _, t := range g.topics {
		var rows []string
		for _, p := range t.Partitions {
			rows = append(rows, strings.ReplaceAll(ids(p.Replicas), ",", ":"))
		}
		line := "create-topic " + t.Name + " assignment=(" + strings.Join(rows, ", ") + ")"
		if t.MinISR > 0 {
			line += " min.insync.replicas=" + strconv.Itoa(t.MinISR)
		}
		g.line("%s", line)
	}
	g.line("")
}

// bounceSet returns the live brokers to restart (s) and the down brokers
// to crash first (dpre): every replica before a partition's live leader
// in its assignment, so that the controller's election, which takes the
// first replica in assignment order that is in the ISR and active
// (PartitionChangeBuilder.electLeader), lands on that leader.
func (g *gen) bounceSet() (s, dpre []int32) {
	for _, t := range g.topics {
		for _, p := range t.Partitions {
			if p.Leader == NoLeader || !g.isLive(p.Leader) {
				continue
			}
			for _, r := range p.Replicas[:max(0, slices.Index(p.Replicas, p.Leader))] {
				if g.isLive(r) {
					s = append(s, r)
				} else {
					dpre = append(dpre, r)
				}
			}
		}
	}
	slices.Sort(s)
	slices.Sort(dpre)
	return slices.Compact(s), slices.Compact(dpre)
}

func (g *gen) bounce(s, dpre []int32) {
	if len(s)+len(dpre) == 0 {
		return
	}
	var why []string
	for _, t := range g.topics {
		for _, p := range t.Partitions {
			if p.Leader != NoLeader && g.isLive(p.Leader) && p.Leader != p.Replicas[0] {
				why = append(why, fmt.Sprintf("%s is led by b%d, not its preferred replica b%d", tp(t, p), p.Leader, p.Replicas[0]))
			}
		}
	}
	g.comment(strings.Join(why, "; ") + ". So every replica before the leader in the assignment was unavailable when the leader was elected: the controller elects the first replica in assignment order that is in the ISR and on an active broker (PartitionChangeBuilder.electLeader).")
	for _, k := range dpre {
		g.line("crash %d", k)
	}
	for _, k := range s {
		g.line("crash %d", k)
	}
	g.comment("The controller fences the crashed brokers after broker.session.timeout.ms (9 s) and moves their leadership.")
	g.line("advance %s events=cluster", fenceWait)
	if len(s) > 0 {
		g.comment("The brokers that are up in the snapshot restart, catch up and rejoin the ISR; the leadership stays where it moved.")
		for _, k := range s {
			g.line("restart %d", k)
		}
		g.line("advance %s events=cluster", fenceWait)
	}
	for _, t := range g.topics {
		for _, p := range t.Partitions {
			if p.Leader == p.Replicas[0] && slices.Contains(s, p.Leader) {
				g.comment(fmt.Sprintf("%s's snapshot leader is its preferred replica b%d, which was restarted above: a preferred election gives it back.", tp(t, p), p.Leader))
				g.line("elect-leaders type=preferred %s", tp(t, p))
			}
		}
	}
	g.line("")
}

// fallBehind cuts, one way, the fetches of each live replica that is out
// of its partition's ISR (and ELR) to the replicas that lead or may lead
// it, then writes to those partitions so that the leader drops it.
func (g *gen) fallBehind() {
	var cuts []cut
	var parts []string
	var why []string
	for _, t := range g.topics {
		for _, p := range t.Partitions {
			for _, f := range p.Replicas {
				if !g.isLive(f) || slices.Contains(p.ISR, f) || slices.Contains(p.ELR, f) || p.Leader == f {
					continue
				}
				var to []int32
				if p.Leader != NoLeader {
					to = []int32{p.Leader}
				} else {
					for _, x := range p.Replicas {
						if x != f && (slices.Contains(p.ISR, x) || slices.Contains(p.ELR, x)) {
							to = append(to, x)
						}
					}
				}
				for _, x := range to {
					if !slices.Contains(cuts, cut{f, x}) {
						cuts = append(cuts, cut{f, x})
					}
				}
				why = append(why, fmt.Sprintf("b%d is out of %s's ISR though it is up", f, tp(t, p)))
				if !slices.Contains(parts, tp(t, p)) {
					parts = append(parts, tp(t, p))
				}
			}
		}
	}
	if len(cuts) == 0 {
		return
	}
	g.comment(strings.Join(why, "; ") + ": it fell behind. Its fetches to the leader are lost (cut one-way), records arrive, and the leader drops it from the ISR after replica.lag.time.max.ms (30 s) without catching up (Partition.maybeShrinkIsr).")
	g.conflicts(cuts)
	for _, c := range cuts {
		g.line("cut %d %d one-way", c.from, c.to)
	}
	for _, tp := range parts {
		g.line("produce %s count=1 acks=1", tp)
	}
	g.line("advance %s events=cluster", lagWait)
	g.line("")
}

// cut is a one-way cut: from's messages to to are lost.
type cut struct{ from, to int32 }

// conflicts says which other partitions a cut also stops: one where the
// cut broker follows the other in the ISR, or leads it with the other in
// its ISR. Their claims below will fail, and say so.
func (g *gen) conflicts(cuts []cut) {
	var hit []string
	for _, t := range g.topics {
		for _, p := range t.Partitions {
			for _, c := range cuts {
				if (p.Leader == c.to && slices.Contains(p.ISR, c.from)) || (p.Leader == c.from && slices.Contains(p.ISR, c.to)) {
					hit = append(hit, fmt.Sprintf("%s (b%d and b%d both in its ISR)", tp(t, p), c.from, c.to))
				}
			}
		}
	}
	if len(hit) > 0 {
		g.comment("Cannot reproduce exactly: the cuts also stop replication on " + strings.Join(hit, ", ") + ", so its claims below fail.")
	}
}

// downs crashes the down brokers not crashed yet, each fenced before the
// next, in the order the ELR needs.
func (g *gen) downs(dpre []int32) {
	var down []int32
	for _, k := range g.allKplay() {
		if !g.isLive(k) && !slices.Contains(dpre, k) {
			down = append(down, k)
		}
	}
	if len(down) == 0 {
		return
	}
	rank := func(k int32) int {
		r := 0
		for _, t := range g.topics {
			for _, p := range t.Partitions {
				switch {
				case slices.Contains(p.LastKnownELR, k) || (p.Leader == NoLeader && len(p.ISR) == 1 && p.ISR[0] == k):
					r = max(r, 2)
				case slices.Contains(p.ELR, k):
					r = max(r, 1)
				}
			}
		}
		return r
	}
	slices.SortStableFunc(down, func(a, b int32) int { return rank(a) - rank(b) })
	g.comment("The brokers that are down in the snapshot crash, one at a time, each fenced (broker.session.timeout.ms, 9 s) before the next: first those in no ELR, then ELR members, then each leaderless partition's last leader. A replica that leaves the ISR as it falls below min.insync.replicas joins the ELR; the last leader of a partition whose ISR empties is its LastKnownElr (KIP-966; PartitionChangeBuilder).")
	for _, k := range down {
		g.line("crash %d", k)
		g.line("advance %s events=cluster", fenceWait)
	}
	g.line("")
}

func (g *gen) expects() {
	g.comment("The snapshot's state.")
	for _, t := range g.topics {
		var rep, led, isr, elr, lke []string
		for _, p := range t.Partitions {
			n := tp(t, p)
			rep = append(rep, n+"=("+ids(p.Replicas)+")")
			l := "none"
			if p.Leader != NoLeader {
				l = strconv.Itoa(int(p.Leader))
			}
			led = append(led, n+"="+l)
			isr = append(isr, n+"="+set(p.ISR))
			elr = append(elr, n+"="+set(p.ELR))
			lke = append(lke, n+"="+set(p.LastKnownELR))
		}
		g.line("expect replicas %s", strings.Join(rep, " "))
		g.line("expect leader %s", strings.Join(led, " "))
		g.line("expect isr %s", strings.Join(isr, " "))
		if g.s.HasELR {
			g.line("expect elr %s", strings.Join(elr, " "))
			g.line("expect last-known-elr %s", strings.Join(lke, " "))
		}
	}
}
