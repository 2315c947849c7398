package importer

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// history is a metadata log replayed as the controller's image replays it
// (MetadataDelta: ClusterDelta for registrations, TopicsDelta with
// PartitionRegistration.merge for partitions): what each moment changed,
// with the registrations and partitions before and after.
type history struct {
	log *MetadataLog
	// start is the first batch's CreateTime (ms since the Unix epoch),
	// the script's zero; end the last batch's.
	start, end int64
	moments    []moment
	brokers    map[int32]*brokerLife
	topics     []*topicLife // in creation order
	byID       map[string]*topicLife
	// Features: metadata.version's level and
	// eligible.leader.replicas.version's, each with whether the log set
	// it, and the later changes of the latter.
	mv, elr           int16
	mvSeen, elrSeen   bool
	elrChanges        []string
	startsAtZero      bool
	orphans           map[string]int // records of topic ids with no TopicRecord
	orphanOrder       []string
	notes             []string
	txn               []pending // records of an open metadata transaction
	txnOpen           bool
	elrFieldsNonEmpty bool
}

// pending is a record held back in an open metadata transaction, with its
// batch.
type pending struct {
	rec   Record
	batch int
}

// brokerLife is one broker's registration as the log leaves it.
type brokerLife struct {
	id          int32
	epoch       int64
	incarnation string
	// seen says the log registered it; otherwise it registered before the
	// dump's first offset.
	seen, fenced, inCS, gone bool
}

// topicLife is one topic: its id, name, the moment it was created, its
// partitions by id, its min.insync.replicas (0: none set), and, when it is
// not imported, why.
type topicLife struct {
	id, name  string
	createdAt int64 // the CreateTime of its TopicRecord's moment
	parts     map[int32]*partLife
	minISR    int
	removed   bool
	skip      string
}

// partLife is one partition's registration (PartitionRegistration) and
// whether the log took it where kplay does not follow (a reassignment).
type partLife struct {
	state    partState
	diverged string
	// created are its replicas at creation, for create-topic's assignment.
	created []int32
	// stopped says the script claims nothing more of it (replayscript.go).
	stopped bool
}

func (p *partLife) createdReplicas() []int32 { return p.created }
func (p *partLife) claimsStopped() bool      { return p.stopped }
func (p *partLife) stopClaims()              { p.stopped = true }

// partState is a partition's registration: replicas in order, the ISR,
// KIP-966's ELR and LastKnownElr, the leader (-1: none), leader and
// partition epochs, and whether its leader is recovering from an unclean
// election.
type partState struct {
	replicas, isr, elr, lke     []int32
	leader                      int32
	leaderEpoch, partitionEpoch int32
	recovering                  bool
}

func (s partState) clone() partState {
	s.replicas, s.isr = slices.Clone(s.replicas), slices.Clone(s.isr)
	s.elr, s.lke = slices.Clone(s.elr), slices.Clone(s.lke)
	return s
}

// moment is what the batches of one CreateTime changed.
type moment struct {
	at          int64 // ms since the first batch
	wall        int64 // CreateTime
	first, last int64 // offsets
	events      []event
}

type evKind int

const (
	evRegister evKind = iota
	evFence
	evUnfence
	evShutdown // BrokerRegistrationChangeRecord inControlledShutdown=1
	evUnregister
	evTopic
	evPartition
	evChange
	evRemoveTopic
	evConfig
)

// event is one record's effect. batch is the index of its batch in the
// log, so that a partition change can be told from the broker change its
// batch carries (the controller writes a fence and the ISR changes it
// causes in one batch: ReplicationControlManager.handleBrokerFenced).
type event struct {
	kind   evKind
	offset int64
	batch  int
	// Brokers: the id, the registration's epoch and incarnation, whether
	// the incarnation is new (a new process) and whether it is the log's
	// first registration of the broker.
	broker         int32
	epoch          int64
	incarnation    string
	newIncarnation bool
	first          bool
	// Partitions: the topic, the partition id, the registration before
	// and after, and whether the change record set the leader field.
	topic         *topicLife
	part          int32
	before, after partState
	leaderSet     bool
	// config is a ConfigRecord's.
	config *ConfigRecord
}

// replay reads a metadata log's records in order into a history.
func replay(l *MetadataLog) *history {
	h := &history{log: l, brokers: map[int32]*brokerLife{}, byID: map[string]*topicLife{}, orphans: map[string]int{}}
	h.start, h.end = min(l.First.Time, l.Batches[0].Time), max(l.Last.Time, l.Batches[len(l.Batches)-1].Time)
	h.startsAtZero = l.First.Offset == 0
	last := h.start
	for bi, b := range l.Batches {
		t := b.Time
		if t < last {
			// A new controller with a slower clock: kplay's clock never
			// goes back, so its records count as written at the last time.
			h.note(fmt.Sprintf("the batch at offset %d has CreateTime %d, %d ms before the one before it (controller clocks disagree?): taken as written at the same moment", b.BaseOffset, t, last-t))
			t = last
		}
		last = t
		if len(h.moments) == 0 || h.moments[len(h.moments)-1].wall != t {
			h.moments = append(h.moments, moment{at: t - h.start, wall: t, first: b.BaseOffset})
		}
		m := &h.moments[len(h.moments)-1]
		m.last = b.LastOffset
		for _, r := range b.Records {
			h.record(m, r, bi)
		}
	}
	if h.txnOpen {
		h.note(fmt.Sprintf("a metadata transaction (KIP-868) begun at offset %d has no end in the dump: its %d record(s) are left out", h.txn[0].rec.Offset, len(h.txn)))
	}
	// Drop the moments that changed nothing kplay follows.
	kept := h.moments[:0]
	for _, m := range h.moments {
		if len(m.events) > 0 {
			kept = append(kept, m)
		}
	}
	h.moments = kept
	for _, id := range h.orphanOrder {
		h.note(fmt.Sprintf("%d record(s) of topic id %s, which no TopicRecord in the dump creates, skipped: the dump starts at offset %d, after the topic was created? Dump the segment that holds its creation (or the latest snapshot, a .checkpoint file)", h.orphans[id], id, l.Batches[0].BaseOffset))
	}
	return h
}

func (h *history) note(s string) { h.notes = append(h.notes, s) }

// record applies one record, holding it back inside a metadata
// transaction until its end (KIP-868: BeginTransactionRecord,
// EndTransactionRecord, AbortTransactionRecord).
func (h *history) record(m *moment, r Record, batch int) {
	switch r.Type {
	case beginTransaction:
		h.txnOpen, h.txn = true, nil
		return
	case endTransaction:
		txn := h.txn
		h.txnOpen, h.txn = false, nil
		for _, p := range txn {
			h.apply(m, p.rec, p.batch)
		}
		return
	case abortTransaction:
		if len(h.txn) > 0 {
			h.note(fmt.Sprintf("offset %d aborts a metadata transaction: its %d record(s) are left out, as the controller drops them", r.Offset, len(h.txn)))
		}
		h.txnOpen, h.txn = false, nil
		return
	}
	if h.txnOpen {
		h.txn = append(h.txn, pending{r, batch})
		return
	}
	h.apply(m, r, batch)
}

// broker returns broker id's registration, creating one for a broker
// registered before the dump's first offset.
func (h *history) broker(id int32) *brokerLife {
	b := h.brokers[id]
	if b == nil {
		b = &brokerLife{id: id}
		h.brokers[id] = b
	}
	return b
}

// apply records what record r of moment m did to the cluster's history,
// and adds the event it makes to m (none for a record that changes
// nothing the script replays).
func (h *history) apply(m *moment, r Record, batch int) {
	ev := event{offset: r.Offset, batch: batch}
	keep := false
	switch d := r.Data.(type) {
	case *RegisterBrokerRecord:
		keep = h.applyRegister(&ev, d)
	case *BrokerRegistrationChangeRecord:
		keep = h.applyRegistrationChange(m, &ev, d, r)
	case *FenceBrokerRecord:
		h.broker(d.ID).fenced = true
		ev.kind, ev.broker, ev.epoch, keep = evFence, d.ID, d.Epoch, true
	case *UnfenceBrokerRecord:
		h.broker(d.ID).fenced = false
		ev.kind, ev.broker, ev.epoch, keep = evUnfence, d.ID, d.Epoch, true
	case *UnregisterBrokerRecord:
		h.broker(d.BrokerID).gone = true
		ev.kind, ev.broker, ev.epoch, keep = evUnregister, d.BrokerID, d.BrokerEpoch, true
	case *TopicRecord:
		keep = h.applyTopic(m, &ev, d, r)
	case *RemoveTopicRecord:
		if t := h.topicOf(d.TopicID, r); t != nil {
			t.removed = true
			ev.kind, ev.topic, keep = evRemoveTopic, t, true
		}
	case *PartitionRecord:
		keep = h.applyPartition(m, &ev, d, r)
	case *PartitionChangeRecord:
		keep = h.applyPartitionChange(&ev, d, r)
	case *ConfigRecord:
		keep = h.applyConfig(m, &ev, d)
	case *FeatureLevelRecord:
		h.applyFeature(d, r)
	}
	if keep {
		m.events = append(m.events, ev)
	}
}

// applyRegister records a broker's registration (RegisterBrokerRecord):
// its epoch and incarnation, whether it is the broker's first or a new
// process, and its fenced and controlled-shutdown state.
func (h *history) applyRegister(ev *event, d *RegisterBrokerRecord) bool {
	b := h.broker(d.BrokerID)
	ev.kind, ev.broker, ev.epoch, ev.incarnation = evRegister, d.BrokerID, d.BrokerEpoch, d.IncarnationID
	ev.first = !b.seen
	ev.newIncarnation = !b.seen || b.incarnation != d.IncarnationID
	b.seen, b.gone = true, false
	b.epoch, b.incarnation = d.BrokerEpoch, d.IncarnationID
	b.fenced = d.Fenced == nil || *d.Fenced
	b.inCS = d.InControlledShutdown
	return true
}

// applyRegistrationChange records a BrokerRegistrationChangeRecord: a
// controlled shutdown it starts goes into m at once, and a fence or
// unfence it makes is the event it returns (false when it makes none).
func (h *history) applyRegistrationChange(m *moment, ev *event, d *BrokerRegistrationChangeRecord, r Record) bool {
	b := h.broker(d.BrokerID)
	ev.broker, ev.epoch = d.BrokerID, d.BrokerEpoch
	if b.seen && b.epoch != d.BrokerEpoch {
		h.note(fmt.Sprintf("offset %d changes broker %d's registration of broker epoch %d, but its registration has epoch %d; applied anyway", r.Offset, d.BrokerID, d.BrokerEpoch, b.epoch))
	}
	if d.InControlledShutdown == 1 {
		b.inCS = true
		ev.kind = evShutdown
		m.events = append(m.events, *ev)
	}
	switch d.Fenced {
	case 1:
		b.fenced = true
		ev.kind = evFence
	case -1:
		b.fenced = false
		ev.kind = evUnfence
	default:
		return false
	}
	return true
}

// applyTopic records a topic's creation (TopicRecord); a second record
// for the same topic id is skipped with a note.
func (h *history) applyTopic(m *moment, ev *event, d *TopicRecord, r Record) bool {
	if t := h.byID[d.TopicID]; t != nil {
		h.note(fmt.Sprintf("offset %d creates topic id %s (%s) again; the second TopicRecord is skipped", r.Offset, d.TopicID, d.Name))
		return false
	}
	t := &topicLife{id: d.TopicID, name: d.Name, createdAt: m.wall, parts: map[int32]*partLife{}}
	for _, o := range h.topics {
		if o.name == d.Name && t.skip == "" {
			t.skip = "a topic of this name was created before and deleted; kplay deletes no topic, so only the first is imported"
		}
	}
	h.topics = append(h.topics, t)
	h.byID[d.TopicID] = t
	ev.kind, ev.topic = evTopic, t
	return true
}

// applyPartition records a PartitionRecord: a partition created with its
// topic, or added later (which kplay does not replay, so its claims stop).
func (h *history) applyPartition(m *moment, ev *event, d *PartitionRecord, r Record) bool {
	t := h.topicOf(d.TopicID, r)
	if t == nil {
		return false
	}
	s := partState{replicas: d.Replicas, isr: d.ISR, leader: d.Leader, leaderEpoch: d.LeaderEpoch,
		partitionEpoch: d.PartitionEpoch, recovering: d.LeaderRecoveryState == 1}
	if d.ELR != nil {
		s.elr = *d.ELR
	}
	if d.LastKnownELR != nil {
		s.lke = *d.LastKnownELR
	}
	h.elrFieldsNonEmpty = h.elrFieldsNonEmpty || len(s.elr) > 0 || len(s.lke) > 0
	ev.kind, ev.topic, ev.part, ev.after = evPartition, t, d.PartitionID, s
	if p := t.parts[d.PartitionID]; p != nil {
		ev.before = p.state
		p.state = s
	} else {
		p = &partLife{state: s, created: slices.Clone(s.replicas)}
		if t.createdAt != m.wall {
			p.diverged = fmt.Sprintf("partition %d was added at offset %d, after the topic's creation (kafka-topics --alter --partitions), which kplay does not replay", d.PartitionID, r.Offset)
		}
		t.parts[d.PartitionID] = p
	}
	return true
}

// applyPartitionChange applies a PartitionChangeRecord to its partition's
// state as the controller's PartitionChangeBuilder wrote it: a leader of
// -2 leaves the leader unchanged (and a new leader bumps the leader
// epoch), a null ISR, ELR or LastKnownElr leaves it unchanged, and every
// record bumps the partition epoch. A reassignment is noted, since kplay
// does not replay it.
func (h *history) applyPartitionChange(ev *event, d *PartitionChangeRecord, r Record) bool {
	t := h.topicOf(d.TopicID, r)
	if t == nil {
		return false
	}
	p := t.parts[d.PartitionID]
	if p == nil {
		h.note(fmt.Sprintf("offset %d changes partition %s-%d, which no PartitionRecord created; skipped", r.Offset, t.name, d.PartitionID))
		return false
	}
	before := p.state.clone()
	s := p.state.clone()
	if d.Replicas != nil && !slices.Equal(*d.Replicas, s.replicas) {
		s.replicas = *d.Replicas
		if p.diverged == "" {
			p.diverged = fmt.Sprintf("offset %d reassigns it (replicas %s → %s), which kplay does not replay", r.Offset, ids32(before.replicas), ids32(s.replicas))
		}
	}
	if (d.AddingReplicas != nil && len(*d.AddingReplicas) > 0 || d.RemovingReplicas != nil && len(*d.RemovingReplicas) > 0) && p.diverged == "" {
		p.diverged = fmt.Sprintf("offset %d starts a reassignment, which kplay does not replay", r.Offset)
	}
	if d.ISR != nil {
		s.isr = *d.ISR
	}
	if d.Leader != nil && *d.Leader != -2 {
		s.leader = *d.Leader
		s.leaderEpoch++
		ev.leaderSet = true
	}
	if d.LeaderRecoveryState != nil && *d.LeaderRecoveryState >= 0 {
		s.recovering = *d.LeaderRecoveryState == 1
	}
	if d.ELR != nil {
		s.elr = *d.ELR
	}
	if d.LastKnownELR != nil {
		s.lke = *d.LastKnownELR
	}
	h.elrFieldsNonEmpty = h.elrFieldsNonEmpty || len(s.elr) > 0 || len(s.lke) > 0
	s.partitionEpoch++
	p.state = s
	ev.kind, ev.topic, ev.part, ev.before, ev.after = evChange, t, d.PartitionID, before, s.clone()
	return true
}

// applyConfig records a change of min.insync.replicas or
// unclean.leader.election.enable (ConfigRecord); a topic's
// min.insync.replicas set in its creation's moment goes on its
// create-topic line.
func (h *history) applyConfig(m *moment, ev *event, d *ConfigRecord) bool {
	if d.Name != "min.insync.replicas" && d.Name != "unclean.leader.election.enable" {
		return false
	}
	if d.ResourceType == 2 && d.Name == "min.insync.replicas" && d.Value != nil {
		// A topic's own config at its creation goes on its
		// create-topic line; a later change is only described.
		for _, t := range h.topics {
			if t.name == d.ResourceName && !t.removed && t.createdAt == m.wall {
				if n, err := strconv.Atoi(*d.Value); err == nil && n >= 1 {
					t.minISR = n
				}
			}
		}
	}
	ev.kind, ev.config = evConfig, d
	return true
}

// applyFeature records the metadata.version and the ELR feature level
// (FeatureLevelRecord); kplay's features are fixed at the cluster line,
// so a later ELR change is only noted.
func (h *history) applyFeature(d *FeatureLevelRecord, r Record) {
	switch d.Name {
	case "metadata.version":
		h.mv, h.mvSeen = d.FeatureLevel, true
	case "eligible.leader.replicas.version":
		if len(h.topics) == 0 {
			h.elr, h.elrSeen = d.FeatureLevel, true
		} else {
			h.elrChanges = append(h.elrChanges, fmt.Sprintf("offset %d sets eligible.leader.replicas.version to %d after topics exist; kplay keeps the level its cluster started with", r.Offset, d.FeatureLevel))
		}
	}
}

// topicOf returns the topic of id, counting the record as an orphan if the
// log never created it.
func (h *history) topicOf(id string, r Record) *topicLife {
	if t := h.byID[id]; t != nil {
		return t
	}
	if h.orphans[id] == 0 {
		h.orphanOrder = append(h.orphanOrder, id)
	}
	h.orphans[id]++
	return nil
}

// partitionIDs returns a topic's partition ids in order.
func (t *topicLife) partitionIDs() []int32 {
	var out []int32
	for id := range t.parts {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

func ids32(xs []int32) string {
	if len(xs) == 0 {
		return "none"
	}
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(int(x))
	}
	return strings.Join(s, ",")
}
