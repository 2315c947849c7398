// Package importer reads a real Kafka cluster's state, as
// kafka-topics.sh --describe or kcat -L -J prints it, and writes a kplay
// scenario script that brings kplay's cluster to the same state and ends
// with expect claims of it (docs/import.md; issue 29's first slice).
//
// Read parses one input, detecting its format from the content; Merge
// joins several inputs of one cluster; Script writes the script.
package importer

import (
	"fmt"
	"slices"
)

// MaxInputBytes bounds one input. A kplay script is at most 64 KiB
// (script.MaxScriptBytes) and holds at most 64 brokers and 256 partitions
// a topic; a kafka-topics --describe line is about 120 bytes, so 1 MiB is
// over 8,000 partitions, far more than a script can carry, while reading
// it stays a few milliseconds.
const MaxInputBytes = 1 << 20

// NoLeader is a partition's leader when it has none (Kafka's -1, which
// kafka-topics --describe prints as "none").
const NoLeader = -1

// Snapshot is a cluster's state at one moment, in Kafka's broker ids.
type Snapshot struct {
	// Format names what was read: "kafka-topics --describe" or
	// "kcat -L -J".
	Format string
	// Sources are the inputs read, for the script's header.
	Sources []string
	// Live are the brokers the input says are up, sorted; LiveKnown says
	// it says so (kcat's brokers list: the Metadata response lists live
	// brokers only). A describe output does not list brokers.
	Live      []int32
	LiveKnown bool
	// HasELR says the input shows KIP-966's Elr and LastKnownElr (Kafka
	// 4.x's describe); kcat's Metadata response carries neither.
	HasELR bool
	Topics []Topic
	// Skipped says what was read and left out, and why: one line each.
	Skipped []string
}

// Topic is one topic: its partitions in partition order and its
// min.insync.replicas override (0: none shown).
type Topic struct {
	Name       string
	MinISR     int
	Partitions []Partition
}

// Partition is one partition's registration as the input shows it:
// replicas in assignment order, the leader (NoLeader for none), the ISR,
// and with HasELR the ELR and LastKnownElr.
type Partition struct {
	ID                int32
	Leader            int32
	Replicas, ISR     []int32
	ELR, LastKnownELR []int32
}

// Brokers are every broker id the snapshot names, sorted: the live ones
// and every replica, leader, ISR, ELR and LastKnownElr member.
func (s *Snapshot) Brokers() []int32 {
	ids := slices.Clone(s.Live)
	for _, t := range s.Topics {
		for _, p := range t.Partitions {
			ids = append(ids, p.Replicas...)
			ids = append(ids, p.ISR...)
			ids = append(ids, p.ELR...)
			ids = append(ids, p.LastKnownELR...)
			if p.Leader != NoLeader {
				ids = append(ids, p.Leader)
			}
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// Merge joins snapshots of one cluster read from several files: the
// topics of all (a topic already read is skipped, and said so), the live
// brokers of all. The format is the first's, or both names when they
// differ.
func Merge(snaps []*Snapshot) *Snapshot {
	out := &Snapshot{}
	for i, s := range snaps {
		if i == 0 {
			out.Format = s.Format
		} else if s.Format != out.Format && !slices.Contains([]string{out.Format}, s.Format) {
			out.Format += " and " + s.Format
		}
		out.Sources = append(out.Sources, s.Sources...)
		out.Skipped = append(out.Skipped, s.Skipped...)
		if s.LiveKnown {
			out.LiveKnown = true
			out.Live = append(out.Live, s.Live...)
		}
		out.HasELR = out.HasELR || s.HasELR
		for _, t := range s.Topics {
			if slices.ContainsFunc(out.Topics, func(o Topic) bool { return o.Name == t.Name }) {
				out.Skipped = append(out.Skipped, fmt.Sprintf("topic %s again in %s: kept the first one read", t.Name, s.Sources[0]))
				continue
			}
			out.Topics = append(out.Topics, t)
		}
	}
	slices.Sort(out.Live)
	out.Live = slices.Compact(out.Live)
	return out
}
