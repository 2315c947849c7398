package importer

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"kplay/engine/script"
)

// The times a replay script reckons with, Kafka's defaults (the log
// records no static broker config, so kplay's cluster keeps them too).
const (
	// sessionTimeoutMs is broker.session.timeout.ms (KRaftConfigs): the
	// controller fences a broker whose last heartbeat is this old
	// (BrokerHeartbeatManager.hasValidSession), so a crash or an isolation
	// came at most this long before the fence it causes.
	sessionTimeoutMs = 9000
	// heartbeatMs is broker.heartbeat.interval.ms: a broker cut off from the
	// controller is unfenced at its first heartbeat after it reaches it
	// again.
	heartbeatMs = 2000
	// lagLeadMs is replica.lag.time.max.ms (30 s) plus the half of it at
	// which the leader checks (ReplicaManager's isr-expiration task,
	// Partition.maybeShrinkIsr): a follower the leader dropped stopped
	// catching up between 30 and 45 s before.
	lagLeadMs = 45000
	// fetchRetryMs is replica.socket.timeout.ms plus replica.fetch.wait.max.ms:
	// a follower whose fetch was lost sends the next one this much later,
	// so it may rejoin the ISR that long after its link heals.
	fetchRetryMs = 30500
	// rebalanceMs is leader.imbalance.check.interval.seconds: the controller
	// runs a preferred election this long after it finds a leader that is
	// not its partition's preferred replica
	// (QuorumController.maybeScheduleNextBalancePartitionLeaders).
	rebalanceMs = 300000
	// claimDelayMs is how long after a recorded change its claims are
	// checked, unless the next recorded change or scripted fault comes
	// sooner: kplay's controller decides within milliseconds of its cause,
	// which the script places at or before the recorded moment.
	claimDelayMs = 1000
	// maxGapMs is the longest stretch of a log with no change that a
	// script longer than script.MaxScriptSpan keeps whole: longer than
	// every timer of kplay's cluster (rebalanceMs the longest).
	maxGapMs = 360000
)

// MetadataLogScript writes the scenario script that replays a KRaft
// metadata log's history on kplay's cluster at the recorded times
// (docs/import.md), with an expect claim of each recorded partition state,
// so that kplay test shows each moment where kplay's controller decides
// otherwise. It returns an error, saying why, when nothing can be
// imported: no topic kplay can create, or more than MaxBrokers brokers.
//
// The clock is the log's CreateTime since its first batch. A history
// longer than script.MaxScriptSpan has each stretch without change longer
// than 6 minutes shortened to 6 minutes; what still does not fit in that
// hour, or in script.MaxScriptBytes of script, is left out from a moment
// on, and the header says so.
func MetadataLogScript(l *MetadataLog) (string, error) {
	h := replay(l)
	g, err := newReplayGen(h)
	if err != nil {
		return "", err
	}
	return g.write()
}

// replayGen writes a replay script.
type replayGen struct {
	h        *history
	ids      []int32 // Kafka broker ids, sorted: kplay's broker i+1 is ids[i]
	imported map[*topicLife]bool
	notes    []string
	late     map[int32]bool // Kafka ids of brokers that join after the first topic
	// The cluster line's settings and why.
	elrOn, autoRebalance bool
	elrWhy, rebalanceWhy string
	minISR, unclean      string
	uncleanOn            bool
	// S is each moment's script time (ms); compressed says gaps were
	// shortened.
	S          []int64
	compressed bool
	items      []item
	// The script's brokers as the faults so far leave them (kplay ids).
	up, isolated map[int32]bool
	// healAt is the moment at which an isolated broker's heal is due.
	healAt  map[int32]int
	lastAct map[int32]int64
	cuts    []lagCut
	healed  map[[2]int32]int64 // when the script last healed a cut link
	// imbalanceSince is when the cluster's partitions (every topic's, as
	// the real controller counts them) last became imbalanced, -1 if
	// balanced; parts tracks them.
	imbalanceSince int64
	parts          map[string]partState
	imbalanced     int           // partitions led by another than their preferred replica
	leads          map[int32]int // partitions each broker (Kafka id) leads
	inCS           map[int32]bool
	life           map[int32][]lifeRef // each broker's lifecycle events, in order
	cutAt          int                 // the first moment left out (len(S): none)
	// autoParts are the partitions the moment being written moves back to
	// their preferred replica in the controller's own rebalance.
	autoParts []string
	cutWhy    string
}

// item is a piece of the script at a moment of its clock: a moment's
// comment and actions (kind 0) or its claims (kind 1), owned by moment
// rank; lines are comments ("# …") and directives.
type item struct {
	at         int64
	rank, kind int
	lines      []string
}

// lagCut is a one-way cut the script made for a follower (from) that fell
// out of its leader's (to) ISR, with the partitions it holds out.
type lagCut struct {
	from, to int32
	parts    []string
	since    int64
}

func newReplayGen(h *history) (*replayGen, error) {
	g := &replayGen{h: h, imported: map[*topicLife]bool{}, late: map[int32]bool{},
		up: map[int32]bool{}, isolated: map[int32]bool{}, healAt: map[int32]int{}, healed: map[[2]int32]int64{}, lastAct: map[int32]int64{}, parts: map[string]partState{}, imbalanceSince: -1,
		leads: map[int32]int{}, inCS: map[int32]bool{}, life: map[int32][]lifeRef{}}
	g.notes = slices.Clone(h.log.Skipped)
	var firstTopic int64 = -1
	seen := map[int32]bool{}
	for id := range h.brokers {
		seen[id] = true
	}
	for _, t := range h.topics {
		if why := g.topicRefused(t); why != "" {
			g.notes = append(g.notes, "topic "+t.name+": "+why+"; skipped")
			continue
		}
		g.imported[t] = true
		if firstTopic < 0 {
			firstTopic = t.createdAt
		}
	}
	for _, m := range h.moments {
		for _, ev := range m.events {
			if ev.topic != nil && g.imported[ev.topic] {
				for _, s := range []partState{ev.before, ev.after} {
					for _, x := range [][]int32{s.replicas, s.isr, s.elr, s.lke} {
						for _, id := range x {
							seen[id] = true
						}
					}
				}
			}
		}
	}
	for id := range seen {
		g.ids = append(g.ids, id)
	}
	slices.Sort(g.ids)
	src := strings.Join(h.log.Sources, ", ")
	if n := len(g.ids); n > MaxBrokers {
		return nil, fmt.Errorf("%s: %d brokers (ids %d to %d); a kplay cluster has at most %d", src, n, g.ids[0], g.ids[n-1], MaxBrokers)
	}
	if len(g.imported) == 0 {
		why := "no TopicRecord in the dump"
		if notes := append(slices.Clone(g.notes), h.notes...); len(notes) > 0 {
			why = strings.Join(notes, "; ")
		}
		return nil, fmt.Errorf("%s: no topic to import (%s)", src, why)
	}
	for i, m := range h.moments {
		for _, ev := range m.events {
			if ev.kind == evRegister && ev.first && m.wall > firstTopic {
				g.late[ev.broker] = true
			}
			if ev.topic == nil && (ev.kind == evRegister || ev.kind == evUnfence || ev.kind == evUnregister) {
				g.life[ev.broker] = append(g.life[ev.broker], lifeRef{i, ev})
			}
		}
	}
	for _, id := range g.ids {
		g.up[g.k(id)] = !g.late[id]
	}
	g.settings(firstTopic)
	g.clock()
	return g, nil
}

// topicRefused says why a topic of the log cannot be imported, or "".
func (g *replayGen) topicRefused(t *topicLife) string {
	if t.skip != "" {
		return t.skip
	}
	ids := t.partitionIDs()
	var first []int32
	for i, id := range ids {
		if id != int32(i) {
			return fmt.Sprintf("its partitions are not numbered 0 to %d (partition %d is missing)", len(ids)-1, i)
		}
		if i == 0 {
			first = t.parts[id].state.replicas
		}
	}
	tt := Topic{Name: t.name}
	for _, id := range ids {
		p := t.parts[id]
		if p.diverged != "" && strings.Contains(p.diverged, "was added") {
			continue
		}
		tt.Partitions = append(tt.Partitions, Partition{ID: id, Replicas: p.state.replicas})
	}
	switch {
	case len(ids) == 0:
		return "no PartitionRecord for it"
	case len(first) == 0:
		return "partition 0 has no replicas"
	}
	return topicRefused(tt)
}

// k is kplay's id of Kafka broker id.
func (g *replayGen) k(id int32) int32 {
	i, _ := slices.BinarySearch(g.ids, id)
	return int32(i + 1)
}

func (g *replayGen) kset(xs []int32) string {
	if len(xs) == 0 {
		return "none"
	}
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = strconv.Itoa(int(g.k(x)))
	}
	return strings.Join(out, ",")
}

func (g *replayGen) claimSet(xs []int32) string {
	if len(xs) == 0 {
		return "none"
	}
	return "(" + g.kset(xs) + ")"
}

func (g *replayGen) leaderName(l int32) string {
	if l < 0 {
		return "none"
	}
	return "b" + strconv.Itoa(int(g.k(l)))
}

// settings chooses the cluster line's ELR, min.insync.replicas,
// unclean.leader.election.enable and auto.leader.rebalance.enable.
func (g *replayGen) settings(firstTopic int64) {
	h := g.h
	switch {
	case h.elrSeen:
		g.elrOn = h.elr >= 1
		g.elrWhy = fmt.Sprintf("The log sets eligible.leader.replicas.version to %d: eligible leader replicas (KIP-966) %s.", h.elr, map[bool]string{true: "on", false: "off"}[g.elrOn])
	case h.elrFieldsNonEmpty:
		g.elrOn = true
		g.elrWhy = "The log sets no eligible.leader.replicas.version, but its partitions carry an ELR or LastKnownElr, which only KIP-966's eligible leader replicas fill: ELR on."
	case h.startsAtZero:
		g.elrWhy = "The log, from its first offset, sets no eligible.leader.replicas.version, so the feature is at level 0 (a FeatureLevelRecord's level 0 \"means feature not supported\"): eligible leader replicas (KIP-966) off, as on Kafka 4.0 and earlier."
	default:
		g.elrWhy = "The dump starts after the log's first offset and sets no eligible.leader.replicas.version: taken as off (level 0), as on Kafka 4.0 and earlier; its claims on the ISR will say if it was on."
	}
	g.notes = append(g.notes, h.elrChanges...)
	for _, m := range h.moments {
		if m.wall > firstTopic {
			break
		}
		for _, ev := range m.events {
			if c := ev.config; c != nil && c.ResourceType == 4 && c.ResourceName == "" && c.Value != nil {
				switch c.Name {
				case "min.insync.replicas":
					g.minISR = *c.Value
				case "unclean.leader.election.enable":
					g.unclean = *c.Value
				}
			}
		}
	}
	g.uncleanOn = g.unclean == "true"
	g.autoRebalance, g.rebalanceWhy = true, ""
	if p, from, to, ok := g.rebalanceOff(); ok {
		g.autoRebalance = false
		g.rebalanceWhy = fmt.Sprintf("%s was led by another broker than its preferred replica, which was in its ISR and unfenced, from %s to %s, longer than leader.imbalance.check.interval.seconds (300 s), and no preferred election came: the cluster runs with auto.leader.rebalance.enable=false, and so does this script.", p, g.rel(from), g.rel(to))
	}
}

// rebalanceOff looks for the evidence that the cluster's automatic leader
// rebalance was off: a partition whose preferred replica could lead it
// (in its ISR, unfenced, not shutting down) but did not, for longer than
// the check interval and a margin. It returns the partition and when.
// Each moment re-reads only the partitions it changed and those whose
// preferred replica it fenced or unfenced, so the cost is linear in the
// log.
func (g *replayGen) rebalanceOff() (tp string, from, to int64, ok bool) {
	h := g.h
	type track struct {
		name  string
		state partState
		since int64 // -1: not electable
	}
	parts := map[string]*track{}
	var order []string
	byPref := map[int32][]string{}
	fenced, inCS := map[int32]bool{}, map[int32]bool{}
	for _, m := range h.moments {
		var touched []string
		for _, ev := range m.events {
			switch ev.kind {
			case evRegister:
				fenced[ev.broker], inCS[ev.broker] = true, false
			case evFence:
				fenced[ev.broker] = true
			case evUnfence:
				fenced[ev.broker], inCS[ev.broker] = false, false
			case evShutdown:
				inCS[ev.broker] = true
			case evPartition, evChange:
				key := ev.topic.id + "-" + strconv.Itoa(int(ev.part))
				t := parts[key]
				if t == nil {
					t = &track{name: g.tp(ev.topic, ev.part), since: -1}
					parts[key] = t
					order = append(order, key)
				}
				if len(ev.after.replicas) > 0 && (len(t.state.replicas) == 0 || t.state.replicas[0] != ev.after.replicas[0]) {
					byPref[ev.after.replicas[0]] = append(byPref[ev.after.replicas[0]], key)
				}
				t.state = ev.after
				if ev.leaderSet && t.since >= 0 {
					if m.wall-t.since > rebalanceMs+10000 {
						return t.name, t.since, m.wall, true
					}
					t.since = -1
				}
				touched = append(touched, key)
				continue
			default:
				continue
			}
			touched = append(touched, byPref[ev.broker]...)
		}
		for _, key := range touched {
			t := parts[key]
			s := t.state
			if len(s.replicas) == 0 {
				continue
			}
			pref := s.replicas[0]
			electable := s.leader != pref && slices.Contains(s.isr, pref) && !fenced[pref] && !inCS[pref]
			switch {
			case !electable && t.since >= 0:
				if m.wall-t.since > rebalanceMs+10000 {
					return t.name, t.since, m.wall, true
				}
				t.since = -1
			case electable && t.since < 0:
				t.since = m.wall
			}
		}
	}
	for _, key := range order {
		if t := parts[key]; t.since >= 0 && h.end-t.since > rebalanceMs+10000 {
			return t.name, t.since, h.end, true
		}
	}
	return "", 0, 0, false
}

// clock gives each moment its script time: the log's CreateTime since the
// first batch, unless that runs past script.MaxScriptSpan, when every
// stretch without change longer than maxGapMs is shortened to it.
func (g *replayGen) clock() {
	ms := g.h.moments
	g.S = make([]int64, len(ms))
	g.cutAt = len(ms)
	if len(ms) == 0 {
		return
	}
	if ms[len(ms)-1].at+claimDelayMs <= spanLimit() {
		for i, m := range ms {
			g.S[i] = m.at
		}
		return
	}
	prev := int64(0)
	for i, m := range ms {
		gap := m.at - prev
		if i > 0 {
			gap = m.at - ms[i-1].at
		}
		if gap > maxGapMs {
			g.compressed = true
		}
		g.S[i] = prev + min(gap, maxGapMs)
		prev = g.S[i]
	}
}

// spanLimit is the latest script time a replay uses: the script's hour
// less a margin for the claims after the last moment.
func spanLimit() int64 { return int64(script.MaxScriptSpan) - 2*claimDelayMs }

// rel writes a CreateTime as the time since the log's first batch.
func (g *replayGen) rel(wall int64) string {
	return "+" + seconds(wall-g.h.start)
}

func seconds(ms int64) string {
	return strconv.FormatInt(ms/1000, 10) + "." + fmt.Sprintf("%03d", ms%1000) + " s"
}

// clockText writes a script time as run until= takes it (HH:MM:SS.mmm).
func clockText(ms int64) string {
	return fmt.Sprintf("%02d:%02d:%02d.%03d", ms/3600000, ms/60000%60, ms/1000%60, ms%1000)
}

func wallText(ms int64) string {
	return time.UnixMilli(ms).UTC().Format("2006-01-02 15:04:05.000") + " UTC"
}

func (g *replayGen) tp(t *topicLife, p int32) string { return t.name + "-" + strconv.Itoa(int(p)) }

// write walks the moments into items, times the claims and renders the
// script, leaving out the moments past the span or the size budget.
func (g *replayGen) write() (string, error) {
	// Moments past the hour, or past twice the script's size, would be
	// left out below: they are not written at all, so a long log costs
	// what fits in a script.
	size := 0
	for i := range g.h.moments {
		if g.S[i] > spanLimit()+lagLeadMs || size > 2*script.MaxScriptBytes {
			g.cutAt = i
			g.cutWhy = "the script would pass kplay's 64 KiB limit (script.MaxScriptBytes)"
			if g.S[i] > spanLimit()+lagLeadMs {
				g.cutWhy = "a kplay script spans at most an hour (script.MaxScriptSpan)"
			}
			break
		}
		n := len(g.items)
		g.moment(i)
		for _, it := range g.items[n:] {
			for _, l := range it.lines {
				size += len(l) + 1
			}
		}
	}
	// The moments share script.MaxScriptBytes with the header (and room
	// for its note of what is left out) and the last state's claims.
	budget := script.MaxScriptBytes - len(g.header()) - len(g.final()) - 1024
	body, cut := g.render(budget)
	for tries := 1; cut < g.cutAt; tries++ {
		// Leave out the moments from the first that does not fit, and
		// render again: what stays is shorter, though items of earlier
		// moments that came later in time may still not fit. Past a few
		// tries, halve what is kept, so the cost stays bounded.
		if tries > 8 {
			cut = min(cut, g.cutAt) / 2
		}
		g.cutAt = min(g.cutAt, cut)
		kept := g.items[:0]
		for _, it := range g.items {
			if it.rank < g.cutAt {
				kept = append(kept, it)
			}
		}
		g.items = kept
		body, cut = g.render(budget)
	}
	src := g.header() + body + g.final()
	if g.cutAt == 0 || len(src) > script.MaxScriptBytes {
		return "", fmt.Errorf("%s: the log's first moment alone would make a script over kplay's %d-byte (64 KiB) limit (script.MaxScriptBytes): it creates or changes more partitions than a script can claim", strings.Join(g.h.log.Sources, ", "), script.MaxScriptBytes)
	}
	return src, nil
}

// add appends an item.
func (g *replayGen) add(at int64, rank, kind int, lines ...string) {
	g.items = append(g.items, item{at: max(at, 0), rank: rank, kind: kind, lines: lines})
}

// comment wraps text as # lines.
func comment(text string) []string {
	var out []string
	for _, l := range wrap(text, 76) {
		out = append(out, "# "+l)
	}
	return out
}

// act places an action on broker b (kplay id) at at, no earlier than the
// broker's previous one, and returns the time used.
func (g *replayGen) act(b int32, at int64, rank int, why string, cmd string) int64 {
	if last, ok := g.lastAct[b]; ok && at <= last {
		at = last + 1
	}
	at = max(at, 0)
	g.lastAct[b] = at
	g.add(at, rank, 0, append(comment(why), cmd)...)
	return at
}

// lifeRef is a broker's lifecycle event: a registration, an unfence or
// an unregistration, and its moment.
type lifeRef struct {
	moment int
	ev     event
}

// nextOf finds broker id's next lifecycle event after moment i.
func (g *replayGen) nextOf(id int32, i int) (int, event, bool) {
	refs := g.life[id]
	k, _ := slices.BinarySearchFunc(refs, i+1, func(r lifeRef, m int) int { return cmp.Compare(r.moment, m) })
	if k == len(refs) {
		return 0, event{}, false
	}
	return refs[k].moment, refs[k].ev, true
}

// moment turns moment i's records into the script's items.
func (g *replayGen) moment(i int) {
	m := g.h.moments[i]
	S := g.S[i]
	g.autoParts = nil
	for b, j := range g.healAt {
		if j <= i {
			g.isolated[b] = false
			delete(g.healAt, b)
		}
	}
	st := momentFacts{claims: map[*topicLife][]int32{}, brokerBatches: map[int]bool{}}
	for _, ev := range m.events {
		if ev.topic == nil {
			st.brokerBatches[ev.batch] = true
		}
	}
	actions := len(g.items)
	for _, ev := range m.events {
		g.momentEvent(i, ev, &st)
	}
	facts, claims, created := st.facts, st.claims, st.created
	if len(g.autoParts) > 0 {
		facts = append(facts, fmt.Sprintf("%s %s back to the preferred replica in the controller's automatic preferred election, %s after the cluster's leaders became imbalanced at %s (leader.imbalance.check.interval.seconds, 300 s): kplay's controller runs its own (auto.leader.rebalance.enable), so the script gives no command",
			strings.Join(g.autoParts, " and "), map[bool]string{true: "moves", false: "move"}[len(g.autoParts) == 1], seconds(m.wall-g.imbalanceSince), g.rel(g.imbalanceSince)))
	}
	facts = append(st.brokerFacts, facts...)
	g.track(m)
	if len(facts) == 0 && len(created) == 0 && len(claims) == 0 && len(g.items) == actions {
		return
	}
	head := fmt.Sprintf("%s (%s), offsets %d to %d: ", g.rel(m.wall), wallText(m.wall), m.first, m.last)
	if m.first == m.last {
		head = fmt.Sprintf("%s (%s), offset %d: ", g.rel(m.wall), wallText(m.wall), m.first)
	}
	lines := comment(head + strings.Join(facts, "; ") + ".")
	for _, t := range created {
		lines = append(lines, g.createTopic(t))
	}
	// The moment's own comment and actions come first at its time.
	g.items = slices.Insert(g.items, actions, item{at: S, rank: i, kind: 0, lines: lines})
	if len(claims) > 0 {
		g.add(S, i, 1, g.claimLines(claims, created)...)
	}
}

// momentFacts is what a moment's records add up to (replayGen.moment):
// the facts its comment states, the brokers' first, the partitions to
// claim for each topic, the topics it creates, and the batches that hold
// a broker record (a partition change in one is that record's doing).
type momentFacts struct {
	facts, brokerFacts []string
	claims             map[*topicLife][]int32
	created            []*topicLife
	brokerBatches      map[int]bool
}

// momentEvent adds one record's event of moment i to st: a broker record
// places its fault (brokerEvent), a topic's creation is stated, and a
// partition's change is stated with its cause and claimed, unless the
// partition left what kplay replays (a reassignment, a deleted topic).
func (g *replayGen) momentEvent(i int, ev event, st *momentFacts) {
	switch ev.kind {
	case evRegister, evFence, evUnfence, evShutdown, evUnregister:
		st.brokerFacts = append(st.brokerFacts, g.brokerEvent(i, ev))
	case evTopic:
		if !g.imported[ev.topic] {
			return
		}
		st.created = append(st.created, ev.topic)
		st.facts = append(st.facts, fmt.Sprintf("topic %s is created (TopicId %s)", ev.topic.name, ev.topic.id))
	case evPartition, evChange:
		t := ev.topic
		if !g.imported[t] {
			return
		}
		p := t.parts[ev.part]
		if ev.kind == evPartition && slices.Contains(st.created, t) {
			st.claims[t] = append(st.claims[t], ev.part)
			return
		}
		st.facts = append(st.facts, g.changeFact(t, ev))
		if p.diverged != "" {
			if !p.claimsStopped() {
				st.facts = append(st.facts, fmt.Sprintf("%s: %s; no claims on it from here", g.tp(t, ev.part), p.diverged))
				p.stopClaims()
			}
			return
		}
		if ev.kind == evChange && !st.brokerBatches[ev.batch] {
			if f := g.cause(i, t, ev); f != "" {
				st.facts = append(st.facts, f)
			}
		}
		st.claims[t] = append(st.claims[t], ev.part)
	case evRemoveTopic:
		if g.imported[ev.topic] {
			st.facts = append(st.facts, fmt.Sprintf("topic %s is deleted; kplay deletes no topic, so its claims stop here", ev.topic.name))
			for _, p := range ev.topic.parts {
				p.stopClaims()
			}
		}
	case evConfig:
		if f := g.config(i, ev); f != "" {
			st.facts = append(st.facts, f)
		}
	}
}

// brokerEvent describes one broker record and places the fault it
// implies.
func (g *replayGen) brokerEvent(i int, ev event) string {
	b := g.k(ev.broker)
	name := "b" + strconv.Itoa(int(b))
	S := g.S[i]
	switch ev.kind {
	case evRegister:
		if ev.newIncarnation {
			g.inCS[ev.broker] = false
		}
		switch {
		case ev.first && !g.late[ev.broker]:
			return fmt.Sprintf("%s registers (broker epoch %d, incarnation %s)", name, ev.epoch, ev.incarnation)
		case ev.first:
			why := fmt.Sprintf("%s first registers at %s, after the first topic was created. kplay starts every broker with its cluster, so the script crashed it at the start (line 'crash %d' above) and starts it now.", name, g.rel(g.h.moments[i].wall), b)
			g.up[b] = true
			g.act(b, S, i, why, "restart "+strconv.Itoa(int(b)))
			return fmt.Sprintf("%s registers (broker epoch %d, incarnation %s)", name, ev.epoch, ev.incarnation)
		case !ev.newIncarnation:
			return fmt.Sprintf("%s registers again with the same incarnation %s, keeping broker epoch %d (ClusterControlManager.registerBroker amends the registration; no restart)", name, ev.incarnation, ev.epoch)
		}
		fact := fmt.Sprintf("%s registers a new incarnation %s (a new process) under broker epoch %d", name, ev.incarnation, ev.epoch)
		if !g.up[b] {
			g.up[b], g.isolated[b] = true, false
			g.act(b, S, i, fmt.Sprintf("A new incarnation is a new process: %s restarts.", name), "restart "+strconv.Itoa(int(b)))
			return fact
		}
		why := fmt.Sprintf("%s registers a new incarnation at %s with no fence of the old one before it. kplay's %s is still up, so the script crashes it 1 ms before and restarts it. kplay's controller refuses a new incarnation while the old one's session is valid (DUPLICATE_BROKER_REGISTRATION; ClusterControlManager.registerBroker), so the claims below may show it back later than the log.", name, g.rel(g.h.moments[i].wall), name)
		g.act(b, S-1, i, why, "crash "+strconv.Itoa(int(b)))
		g.act(b, S, i, name+" starts again.", "restart "+strconv.Itoa(int(b)))
		return fact
	case evShutdown:
		g.inCS[ev.broker] = true
		if !g.up[b] || g.isolated[b] {
			return fmt.Sprintf("%s asks for a controlled shutdown (broker epoch %d), though the script has it down or cut off", name, ev.epoch)
		}
		g.up[b] = false
		g.act(b, S, i, fmt.Sprintf("%s shuts down in a controlled way (BrokerRegistrationChangeRecord inControlledShutdown=1): the controller moves its leaderships and takes it out of every ISR at once (ReplicationControlManager.handleBrokerInControlledShutdown).", name), "shutdown "+strconv.Itoa(int(b)))
		return fmt.Sprintf("%s enters controlled shutdown (broker epoch %d)", name, ev.epoch)
	case evUnfence:
		return fmt.Sprintf("the controller unfences %s (broker epoch %d)", name, ev.epoch)
	case evUnregister:
		g.notes = append(g.notes, fmt.Sprintf("%s is unregistered at %s (kafka-cluster.sh unregister), which kplay does not replay", name, g.rel(g.h.moments[i].wall)))
		return fmt.Sprintf("%s is unregistered (broker epoch %d)", name, ev.epoch)
	}
	// A fence.
	fact := fmt.Sprintf("the controller fences %s (broker epoch %d)", name, ev.epoch)
	if g.inCS[ev.broker] {
		return fact + ", its controlled shutdown done (SHUTDOWN_NOW; kplay fences it as it shuts down)"
	}
	if !g.up[b] || g.isolated[b] {
		return fact
	}
	lead := S - sessionTimeoutMs
	j, next, ok := g.nextOf(ev.broker, i)
	var why, cmd string
	isolate := ok && next.kind == evUnfence && next.epoch == ev.epoch
	switch {
	case isolate:
		why = fmt.Sprintf("%s is fenced at %s with no controlled shutdown before it, so it stopped heartbeating one broker.session.timeout.ms (9 s) earlier. At %s the controller unfences it under the same broker epoch %d without a new registration: the same process came back, so it was cut off from the controller (or paused), not restarted. The script isolates it 9 s before the fence and heals the network one broker.heartbeat.interval.ms (2 s) before the unfence.", name, g.rel(g.h.moments[i].wall), g.rel(g.h.moments[j].wall), ev.epoch)
		cmd = "isolate " + strconv.Itoa(int(b))
	case ok && next.kind == evRegister && next.newIncarnation:
		why = fmt.Sprintf("%s is fenced at %s with no controlled shutdown before it, so it stopped heartbeating one broker.session.timeout.ms (9 s) earlier. It registers again at %s with a new incarnation id, a new process: it crashed (or was killed) and restarted. The script crashes it 9 s before the fence.", name, g.rel(g.h.moments[i].wall), g.rel(g.h.moments[j].wall))
		cmd = "crash " + strconv.Itoa(int(b))
	default:
		why = fmt.Sprintf("%s is fenced at %s with no controlled shutdown before it, so it stopped heartbeating one broker.session.timeout.ms (9 s) earlier, and the log does not show it again: taken as a crash 9 s before the fence.", name, g.rel(g.h.moments[i].wall))
		cmd = "crash " + strconv.Itoa(int(b))
	}
	if g.leads[ev.broker] == 0 {
		why += " It led no partition then, so this may as well be a controlled shutdown: the controller lets a broker that leads nothing shut down at once and records a fence alone (BrokerHeartbeatManager.calculateNextBrokerState, SHUTDOWN_NOW)."
	}
	g.act(b, lead, i, why, cmd)
	if !isolate {
		g.up[b] = false
		return fact
	}
	g.isolated[b] = true
	g.healAt[b] = j
	heal := max(g.S[j]-heartbeatMs, g.lastAct[b]+1)
	lines := append(comment(fmt.Sprintf("%s reaches the controller again: it is unfenced at %s under broker epoch %d.", name, g.rel(g.h.moments[j].wall), ev.epoch)), "heal")
	for _, c := range g.cuts {
		lines = append(lines, fmt.Sprintf("cut %d %d one-way", c.from, c.to))
	}
	g.lastAct[b] = heal
	g.add(heal, j, 0, lines...)
	return fact
}

// changeFact describes a partition's change in plain words.
func (g *replayGen) changeFact(t *topicLife, ev event) string {
	b, a := ev.before, ev.after
	var parts []string
	if ev.kind == evPartition {
		return fmt.Sprintf("%s is registered again: replicas %s, leader %s (leader epoch %d), ISR %s", g.tp(t, ev.part), g.kset(a.replicas), g.leaderName(a.leader), a.leaderEpoch, g.kset(a.isr))
	}
	if ev.leaderSet {
		if a.leader == b.leader {
			parts = append(parts, fmt.Sprintf("leader %s kept, leader epoch %d", g.leaderName(a.leader), a.leaderEpoch))
		} else {
			parts = append(parts, fmt.Sprintf("leader %s → %s (leader epoch %d)", g.leaderName(b.leader), g.leaderName(a.leader), a.leaderEpoch))
		}
	}
	if !slices.Equal(a.isr, b.isr) {
		parts = append(parts, fmt.Sprintf("ISR %s → %s", g.kset(b.isr), g.kset(a.isr)))
	}
	if !slices.Equal(a.elr, b.elr) {
		parts = append(parts, fmt.Sprintf("ELR %s → %s", g.kset(b.elr), g.kset(a.elr)))
	}
	if !slices.Equal(a.lke, b.lke) {
		parts = append(parts, fmt.Sprintf("LastKnownElr %s → %s", g.kset(b.lke), g.kset(a.lke)))
	}
	if a.recovering != b.recovering {
		parts = append(parts, map[bool]string{true: "its leader recovering from an unclean election", false: "its leader recovered"}[a.recovering])
	}
	if len(parts) == 0 {
		parts = append(parts, fmt.Sprintf("partition epoch %d, nothing kplay follows changed", a.partitionEpoch))
	}
	return g.tp(t, ev.part) + ": " + strings.Join(parts, ", ")
}

// cause infers what made a partition change that no broker record in its
// batch explains: an AlterPartition from its leader (a follower falling
// behind or catching up) or an election, and places the fault or command
// that makes kplay's cluster do the same. It returns the explanation.
func (g *replayGen) cause(i int, t *topicLife, ev event) string {
	b, a := ev.before, ev.after
	S := g.S[i]
	name := g.tp(t, ev.part)
	if ev.leaderSet && a.leader != b.leader {
		switch {
		case a.leader >= 0 && len(a.replicas) > 0 && a.leader == a.replicas[0] && !a.recovering:
			if g.autoRebalance && g.imbalanceSince >= 0 && g.h.moments[i].wall-g.imbalanceSince >= rebalanceMs-500 {
				g.autoParts = append(g.autoParts, name)
				return ""
			}
			why := fmt.Sprintf("%s's preferred replica %s leads it again at %s, not 300 s after an imbalance as the controller's own check would: a preferred election asked for (kafka-leader-election.sh --election-type preferred).", name, g.leaderName(a.leader), g.rel(g.h.moments[i].wall))
			g.add(S, i, 0, append(comment(why), "elect-leaders type=preferred "+name)...)
			return "a preferred leader election"
		case a.recovering || a.leader >= 0 && !slices.Contains(b.isr, a.leader) && !slices.Contains(b.elr, a.leader):
			if g.uncleanOn {
				return fmt.Sprintf("an unclean election (%s was not in the ISR) by the controller, as unclean.leader.election.enable is on: kplay's controller decides its own", g.leaderName(a.leader))
			}
			why := fmt.Sprintf("%s is elected leader of %s at %s though it was not in its ISR: an unclean election, which the controller makes on its own only with unclean.leader.election.enable, off here: one asked for (kafka-leader-election.sh --election-type unclean).", g.leaderName(a.leader), name, g.rel(g.h.moments[i].wall))
			g.add(S, i, 0, append(comment(why), "elect-leaders type=unclean "+name)...)
			return "an unclean leader election"
		default:
			return "no broker record explains this leader change, and kplay has no command that makes it; the claims show what kplay's controller does instead"
		}
	}
	var out []string
	if a.leader >= 0 && !ev.leaderSet {
		for _, f := range b.isr {
			if !slices.Contains(a.isr, f) && f != a.leader {
				out = append(out, g.fellBehind(i, t, ev, f))
			}
		}
		for _, f := range a.isr {
			if !slices.Contains(b.isr, f) {
				if s := g.caughtUp(i, t, ev, f); s != "" {
					out = append(out, s)
				}
			}
		}
	}
	return strings.Join(out, "; ")
}

// fellBehind places a one-way cut of follower f's fetches to the leader
// lagLeadMs before the leader dropped it from the ISR, and a record for it
// to miss.
func (g *replayGen) fellBehind(i int, t *topicLife, ev event, f int32) string {
	from, to := g.k(f), g.k(ev.after.leader)
	name := g.tp(t, ev.part)
	if !g.up[from] || g.isolated[from] {
		return fmt.Sprintf("the leader drops b%d from the ISR, which the script has down already", from)
	}
	// No earlier than the topic's creation, nor than the last heal of
	// this link.
	at := max(g.S[i]-lagLeadMs, g.S[g.momentOf(t.createdAt)]+1, g.healed[[2]int32{from, to}]+1)
	for k, c := range g.cuts {
		if c.from == from && c.to == to {
			g.cuts[k].parts = append(g.cuts[k].parts, name)
			g.add(at, i, 0, append(comment(fmt.Sprintf("b%d's fetches from b%d are cut already; a record to %s that it misses.", from, to, name)), "produce "+name+" count=1 acks=1")...)
			return fmt.Sprintf("b%d fell behind on it too (its fetches to b%d are cut)", from, to)
		}
	}
	g.cuts = append(g.cuts, lagCut{from: from, to: to, parts: []string{name}, since: at})
	why := fmt.Sprintf("No broker record explains b%d leaving %s's ISR at %s: its leader b%d dropped it (AlterPartition) for not catching up within replica.lag.time.max.ms (30 s), checked every 15 s (Partition.maybeShrinkIsr). The script cuts b%d's fetches to b%d one way 45 s before and writes a record it cannot fetch.", from, name, g.rel(g.h.moments[i].wall), to, from, to)
	g.add(at, i, 0, append(comment(why), fmt.Sprintf("cut %d %d one-way", from, to), "produce "+name+" count=1 acks=1")...)
	return fmt.Sprintf("b%d fell behind (the leader's AlterPartition)", from)
}

// caughtUp heals the cut that held follower f out of a partition's ISR,
// fetchRetryMs before it rejoins, if the script made one.
func (g *replayGen) caughtUp(i int, t *topicLife, ev event, f int32) string {
	from, to := g.k(f), g.k(ev.after.leader)
	name := g.tp(t, ev.part)
	for k, c := range g.cuts {
		if c.from != from || c.to != to || !slices.Contains(c.parts, name) {
			continue
		}
		g.cuts[k].parts = slices.DeleteFunc(g.cuts[k].parts, func(s string) bool { return s == name })
		if len(g.cuts[k].parts) > 0 {
			return fmt.Sprintf("b%d caught up (its leader's AlterPartition)", from)
		}
		at := max(g.S[i]-fetchRetryMs, c.since+1)
		g.healed[[2]int32{from, to}] = at
		g.cuts = slices.Delete(g.cuts, k, k+1)
		why := fmt.Sprintf("b%d rejoins %s's ISR at %s: its link to b%d heals one replica.socket.timeout.ms plus replica.fetch.wait.max.ms (30.5 s) before, so that its next fetch, sent when the lost one times out, catches it up.", from, name, g.rel(g.h.moments[i].wall), to)
		g.add(at, i, 0, append(comment(why), fmt.Sprintf("heal %d %d", from, to))...)
		return fmt.Sprintf("b%d caught up (its leader's AlterPartition)", from)
	}
	return ""
}

// momentOf returns the index of the moment at CreateTime wall.
func (g *replayGen) momentOf(wall int64) int {
	i, _ := slices.BinarySearchFunc(g.h.moments, wall, func(m moment, w int64) int { return cmp.Compare(m.wall, w) })
	return min(i, len(g.S)-1)
}

// config replays a cluster-wide min.insync.replicas or
// unclean.leader.election.enable set after the cluster line, and says what
// it leaves out.
func (g *replayGen) config(i int, ev event) string {
	c := ev.config
	val := "deleted"
	if c.Value != nil {
		val = *c.Value
	}
	switch {
	case c.ResourceType == 2:
		for t := range g.imported {
			if t.name == c.ResourceName && t.createdAt == g.h.moments[i].wall {
				return "" // the topic's own config, on its create-topic line
			}
		}
		if g.isImported(c.ResourceName) {
			return fmt.Sprintf("topic %s's %s is set to %s, which kplay does not replay (its config directive is cluster-wide)", c.ResourceName, c.Name, val)
		}
		return ""
	case c.ResourceType == 4 && c.ResourceName == "":
		if g.h.moments[i].wall <= g.firstTopicAt() {
			return "" // on the cluster line
		}
		v := val
		if c.Value == nil {
			v = map[string]string{"min.insync.replicas": "1", "unclean.leader.election.enable": "false"}[c.Name]
		}
		if c.Name == "unclean.leader.election.enable" {
			g.uncleanOn = v == "true"
		}
		g.add(g.S[i], i, 0, append(comment(fmt.Sprintf("The cluster-wide default %s becomes %s at %s (kafka-configs.sh --entity-default).", c.Name, v, g.rel(g.h.moments[i].wall))), "config "+c.Name+"="+v)...)
		return fmt.Sprintf("the cluster-wide %s is set to %s", c.Name, v)
	case c.ResourceType == 4:
		return fmt.Sprintf("broker %s's %s is set to %s, which kplay does not replay (one value for the cluster)", c.ResourceName, c.Name, val)
	}
	return ""
}

func (g *replayGen) isImported(name string) bool {
	for t := range g.imported {
		if t.name == name {
			return true
		}
	}
	return false
}

func (g *replayGen) firstTopicAt() int64 {
	first := int64(-1)
	for t := range g.imported {
		if first < 0 || t.createdAt < first {
			first = t.createdAt
		}
	}
	return first
}

// track follows every partition's leader (every topic's, as the real
// controller counts them) to tell the controller's own preferred
// elections (rebalanceMs after an imbalance) from others, and to know
// which brokers lead something: counts kept as the moments change them,
// so each moment costs what it changed.
func (g *replayGen) track(m moment) {
	rebalanced := false
	for _, ev := range m.events {
		switch ev.kind {
		case evPartition, evChange:
			key := ev.topic.id + "-" + strconv.Itoa(int(ev.part))
			if old, ok := g.parts[key]; ok {
				g.count(old, -1)
			}
			g.parts[key] = ev.after
			g.count(ev.after, 1)
			if ev.kind == evChange && ev.leaderSet && len(ev.after.replicas) > 0 && ev.after.leader == ev.after.replicas[0] {
				rebalanced = true
			}
		case evRemoveTopic:
			for _, id := range ev.topic.partitionIDs() {
				key := ev.topic.id + "-" + strconv.Itoa(int(id))
				if old, ok := g.parts[key]; ok {
					g.count(old, -1)
					delete(g.parts, key)
				}
			}
		}
	}
	switch {
	case g.imbalanced == 0:
		g.imbalanceSince = -1
	case g.imbalanceSince < 0 || rebalanced:
		g.imbalanceSince = m.wall
	}
}

// count adds (d = 1) or takes away (d = -1) a partition's registration
// from the counts of imbalanced partitions (a leader other than the
// preferred replica: ReplicationControlManager's imbalancedPartitions) and
// of the partitions each broker leads.
func (g *replayGen) count(s partState, d int) {
	if len(s.replicas) > 0 && s.leader != s.replicas[0] {
		g.imbalanced += d
	}
	if s.leader >= 0 {
		g.leads[s.leader] += d
	}
}

// createTopic writes a topic's create-topic line.
func (g *replayGen) createTopic(t *topicLife) string {
	var rows []string
	for _, id := range t.partitionIDs() {
		p := t.parts[id]
		if strings.Contains(p.diverged, "was added") {
			continue
		}
		r := make([]string, len(p.createdReplicas()))
		for i, x := range p.createdReplicas() {
			r[i] = strconv.Itoa(int(g.k(x)))
		}
		rows = append(rows, strings.Join(r, ":"))
	}
	line := "create-topic " + t.name + " assignment=(" + strings.Join(rows, ", ") + ")"
	if t.minISR > 0 {
		line += " min.insync.replicas=" + strconv.Itoa(t.minISR)
	}
	return line
}

// claimLines writes the claims of the partitions a moment changed: replicas
// too for the topics it created.
func (g *replayGen) claimLines(claims map[*topicLife][]int32, created []*topicLife) []string {
	var topics []*topicLife
	for t := range claims {
		topics = append(topics, t)
	}
	slices.SortFunc(topics, func(a, b *topicLife) int {
		return cmp.Or(cmp.Compare(a.createdAt, b.createdAt), cmp.Compare(a.name, b.name))
	})
	kinds := []string{"leader", "isr", "leader-epoch"}
	if g.elrOn {
		kinds = append(kinds, "elr", "last-known-elr")
	}
	var lines []string
	for _, t := range topics {
		ps := slices.Clone(claims[t])
		slices.Sort(ps)
		ps = slices.Compact(ps)
		state := map[int32]partState{}
		for _, id := range ps {
			state[id] = g.stateNow(t, id)
		}
		ks := kinds
		if slices.Contains(created, t) {
			ks = append([]string{"replicas"}, kinds...)
		}
		for _, kind := range ks {
			var items []string
			for _, id := range ps {
				items = append(items, g.tp(t, id)+"="+g.claimValue(kind, state[id]))
			}
			lines = append(lines, "expect "+kind+" "+strings.Join(items, " "))
		}
	}
	return lines
}

func (g *replayGen) claimValue(kind string, s partState) string {
	switch kind {
	case "replicas":
		return "(" + g.kset(s.replicas) + ")"
	case "leader":
		if s.leader < 0 {
			return "none"
		}
		return strconv.Itoa(int(g.k(s.leader)))
	case "isr":
		return g.claimSet(s.isr)
	case "elr":
		return g.claimSet(s.elr)
	case "last-known-elr":
		return g.claimSet(s.lke)
	}
	return strconv.Itoa(int(s.leaderEpoch))
}

// stateNow is a partition's registration as the moments walked so far
// leave it.
func (g *replayGen) stateNow(t *topicLife, id int32) partState {
	return g.parts[t.id+"-"+strconv.Itoa(int(id))]
}

// render writes the items in time order, each claim block at its moment
// plus claimDelayMs or just before the next item, whichever is sooner,
// with run until= lines between. It returns the text and the first moment
// whose items pass the span or the size budget (len(S) if none).
func (g *replayGen) render(budget int) (string, int) {
	byTime := func(a, b item) int {
		return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.rank, b.rank), cmp.Compare(a.kind, b.kind))
	}
	// The actions and comments, in time order, bound each claim block.
	var acts []item
	for _, it := range g.items {
		if it.kind == 0 {
			acts = append(acts, it)
		}
	}
	slices.SortStableFunc(acts, byTime)
	for n := range g.items {
		it := &g.items[n]
		if it.kind != 1 {
			continue
		}
		S := g.S[it.rank]
		next := S + claimDelayMs
		if it.rank+1 < len(g.S) {
			next = min(next, g.S[it.rank+1]-1)
		}
		k, _ := slices.BinarySearchFunc(acts, S, func(a item, t int64) int { return cmp.Compare(a.at, t) })
		for ; k < len(acts) && acts[k].at <= next; k++ {
			if acts[k].rank > it.rank {
				next = acts[k].at - 1
				break
			}
		}
		it.at = max(S, next)
	}
	slices.SortStableFunc(g.items, byTime)
	var b strings.Builder
	now := int64(0)
	// Comment-only items wait for the next directive: those of earlier
	// moments go above its run until= line, those of its own moment below.
	var held []item
	write := func(it item) {
		for _, l := range it.lines {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	for _, it := range g.items {
		if it.at > spanLimit() || b.Len() > budget {
			if it.at > spanLimit() {
				g.cutWhy = "a kplay script spans at most an hour (script.MaxScriptSpan)"
			} else {
				g.cutWhy = "the script would pass kplay's 64 KiB limit (script.MaxScriptBytes)"
			}
			for _, h := range held {
				write(h)
			}
			return b.String(), it.rank
		}
		if commentsOnly(it.lines) {
			held = append(held, it)
			continue
		}
		if it.at > now {
			rest := held[:0]
			for _, h := range held {
				if h.at < it.at {
					write(h)
				} else {
					rest = append(rest, h)
				}
			}
			held = rest
			fmt.Fprintf(&b, "\nrun until=%s events=cluster\n", clockText(it.at))
			now = it.at
		}
		for _, h := range held {
			write(h)
		}
		held = held[:0]
		write(it)
	}
	for _, h := range held {
		write(h)
	}
	return b.String(), len(g.S)
}

// maxNotes bounds the header's notes of what was skipped, so that a log
// with a note on every record still makes a script of bounded size.
const maxNotes = 20

// commentsOnly says an item has no directive: a moment with nothing to
// do or claim, whose comment stands above the next directive with no
// clock move of its own.
func commentsOnly(lines []string) bool {
	for _, l := range lines {
		if !strings.HasPrefix(l, "#") {
			return false
		}
	}
	return true
}

// header writes the script's opening comments and cluster line.
func (g *replayGen) header() string {
	var b strings.Builder
	c := func(text string) {
		for _, l := range comment(text) {
			b.WriteString(l + "\n")
		}
	}
	h := g.h
	l := h.log
	nParts := 0
	var names []string
	for _, t := range h.topics {
		if g.imported[t] {
			nParts += len(t.parts)
			names = append(names, t.name)
		}
	}
	c(fmt.Sprintf("Imported by kplay import from %s (%s): offsets %d to %d, from %s to %s (%s); records read: %s.",
		strings.Join(l.Sources, ", "), metadataLogFormat, l.First.Offset, l.Last.Offset, wallText(h.start), wallText(h.end), seconds(h.end-h.start), countsText(l.Counts)))
	c(fmt.Sprintf("The script replays the log's history on kplay's cluster: %d broker(s), topic(s) %s (%d partition(s)). Its clock is the log's CreateTime since the first batch (run until=00:01:00.321 is +60.321 s). Each change the log records is described where it happens, with the fault or command the script infers for it, and claimed (expect) a second after it, or just before the next change: kplay test fails at each claim where kplay's controller decides otherwise.", len(g.ids), strings.Join(names, ", "), nParts))
	if g.compressed {
		c(fmt.Sprintf("The history spans %s, more than a kplay script's hour: every stretch without a change longer than 6 minutes is shortened to 6 minutes, so the script's clock runs behind the log's; the comments give the log's times.", seconds(h.end-h.start)))
	}
	if g.cutAt < len(g.S) {
		m := h.moments[g.cutAt]
		c(fmt.Sprintf("The history from %s (offset %d) on is left out: %s. Dump a later segment, or with kafka-dump-log --max-bytes fewer, to see the rest.", g.rel(m.wall), m.first, g.cutWhy))
	}
	if !slices.Equal(g.ids, seq(len(g.ids))) {
		var mp []string
		for i, id := range g.ids {
			mp = append(mp, fmt.Sprintf("Kafka broker %d is b%d", id, i+1))
		}
		c("kplay numbers its brokers 1 to N, so: " + strings.Join(mp, ", ") + ". Every broker id below is kplay's.")
	}
	if h.mvSeen {
		c(fmt.Sprintf("metadata.version is at level %d (%s): the cluster runs that Kafka release or a later one. kplay plays Kafka 4.4's replication (its default); add kafka=VERSION to the cluster line to replay an older release's.", h.mv, mvName(h.mv)))
	}
	c("Kafka's defaults are assumed for what the log does not record: broker.session.timeout.ms 9 s, broker.heartbeat.interval.ms 2 s, replica.lag.time.max.ms 30 s, leader.imbalance.check.interval.seconds 300 s.")
	notes := append(slices.Clone(g.notes), h.notes...)
	if len(notes) > maxNotes {
		notes = append(notes[:maxNotes-1], fmt.Sprintf("%d more notes like these left out", len(notes)-maxNotes+1))
	}
	for _, n := range notes {
		c("Skipped: " + n + ".")
	}
	b.WriteString("\n")
	c(g.elrWhy)
	if !g.autoRebalance {
		c(g.rebalanceWhy)
	}
	line := "cluster brokers=" + strconv.Itoa(len(g.ids)) + " eligible.leader.replicas.version=" + map[bool]string{true: "1", false: "0"}[g.elrOn]
	if g.minISR != "" {
		c("The log sets the cluster-wide min.insync.replicas to " + g.minISR + " before its first topic.")
		line += " min.insync.replicas=" + g.minISR
	}
	if g.unclean != "" {
		c("The log sets the cluster-wide unclean.leader.election.enable to " + g.unclean + " before its first topic.")
		line += " unclean.leader.election.enable=" + g.unclean
	}
	if !g.autoRebalance {
		line += " auto.leader.rebalance.enable=false"
	}
	b.WriteString(line + "\n")
	var late []string
	for _, id := range g.ids {
		if g.late[id] {
			late = append(late, strconv.Itoa(int(g.k(id))))
		}
	}
	if len(late) > 0 {
		b.WriteString("\n")
		c("Brokers that first register after the first topic is created are crashed at the start and started at their registration: kplay starts every broker with its cluster. Its controller takes the new registration only once the first one's session has run out, broker.session.timeout.ms (9 s) after the start.")
		for _, k := range late {
			b.WriteString("crash " + k + "\n")
		}
	}
	return b.String()
}

// final writes the claims of the last state the script reaches: every
// imported partition's replicas, leader, ISR and leader epoch.
func (g *replayGen) final() string {
	end := len(g.S)
	if g.cutAt < end {
		end = g.cutAt
	}
	state := map[string]partState{}
	for i := 0; i < end; i++ {
		for _, ev := range g.h.moments[i].events {
			if ev.kind == evPartition || ev.kind == evChange {
				state[ev.topic.id+"-"+strconv.Itoa(int(ev.part))] = ev.after
			}
		}
	}
	var b strings.Builder
	b.WriteString("\n")
	for _, l := range comment("The log's last state: every partition the script imported and can follow.") {
		b.WriteString(l + "\n")
	}
	kinds := []string{"replicas", "leader", "isr", "leader-epoch"}
	if g.elrOn {
		kinds = append(kinds, "elr", "last-known-elr")
	}
	for _, t := range g.h.topics {
		if !g.imported[t] || t.createdAt > g.h.moments[max(end-1, 0)].wall {
			continue
		}
		for _, kind := range kinds {
			var items []string
			for _, id := range t.partitionIDs() {
				p := t.parts[id]
				if p.claimsStopped() || p.diverged != "" {
					continue
				}
				s, ok := state[t.id+"-"+strconv.Itoa(int(id))]
				if !ok {
					continue
				}
				items = append(items, g.tp(t, id)+"="+g.claimValue(kind, s))
			}
			if len(items) > 0 {
				b.WriteString("expect " + kind + " " + strings.Join(items, " ") + "\n")
			}
		}
	}
	return b.String()
}

// mvName names a metadata.version feature level as MetadataVersion does
// (server-common's MetadataVersion enum, levels 1 to 21 as of Kafka 3.9;
// later levels are Kafka 4.0's and newer).
func mvName(level int16) string {
	names := []string{"", "3.0-IV1", "3.1-IV0", "3.2-IV0", "3.3-IV0", "3.3-IV1", "3.3-IV2", "3.3-IV3", "3.4-IV0",
		"3.5-IV0", "3.5-IV1", "3.5-IV2", "3.6-IV0", "3.6-IV1", "3.6-IV2", "3.7-IV0", "3.7-IV1", "3.7-IV2",
		"3.7-IV3", "3.7-IV4", "3.8-IV0", "3.9-IV0"}
	if level >= 1 && int(level) < len(names) {
		return names[level]
	}
	if level >= int16(len(names)) {
		return "Kafka 4.0 or later"
	}
	return "not a KRaft level"
}
