//go:build !js

package conformance

import (
	"slices"
	"strconv"
	"strings"
)

// Pair is one observable and its value, as both sides print it: "t-0
// leader" = "2", "t-0 b1 log" = "0:m0@0 1:m1@0".
type Pair struct{ Name, Value string }

// PartView is what a client can see of one partition's registration
// (DescribeTopicPartitions, KIP-966). The partition epoch is left out: no
// Kafka API returns it to clients.
type PartView struct {
	Topic                  string
	Partition              int32
	Leader, LeaderEpoch    int32
	ISR, ELR, LastKnownELR []int32
}

// ReplicaView is one broker's replica of a partition, as a Fetch with
// replica id -2 reads it from that broker. Status is "" for a live broker,
// "down" for a stopped process and "isolated" for a cut-off (kplay) or
// SIGSTOPped (Kafka) one; the numbers mean nothing unless Status is "".
type ReplicaView struct {
	Broker  int
	Status  string
	LEO, HW int64
	Records []RecView
}

// RecView is one record of a replica's log.
type RecView struct {
	Offset      int64
	Value       string
	LeaderEpoch int32
}

// statePairs is the state directive's observables: leader, leader epoch,
// ISR, ELR, LastKnownElr and each replica's LEO/HW. ELR and LastKnownElr
// are sorted: their order is unspecified (TopicPartitionInfo javadoc).
func statePairs(p PartView, rs []ReplicaView) []Pair {
	tp := p.Topic + "-" + strconv.Itoa(int(p.Partition))
	out := []Pair{
		{tp + " leader", leaderString(p.Leader)},
		{tp + " leader epoch", strconv.Itoa(int(p.LeaderEpoch))},
		{tp + " ISR", ids(p.ISR, false)},
		{tp + " ELR", ids(p.ELR, true)},
		{tp + " LastKnownElr", ids(p.LastKnownELR, true)},
	}
	for _, r := range rs {
		v := r.Status
		if v == "" {
			v = strconv.FormatInt(r.LEO, 10) + "/" + strconv.FormatInt(r.HW, 10)
		}
		out = append(out, Pair{tp + " b" + strconv.Itoa(r.Broker) + " LEO/HW", v})
	}
	return out
}

// logPairs is the log directive's observables: each replica's records as
// offset:value@leaderEpoch.
func logPairs(topic string, partition int32, rs []ReplicaView) []Pair {
	tp := topic + "-" + strconv.Itoa(int(partition))
	var out []Pair
	for _, r := range rs {
		v := r.Status
		if v == "" {
			v = recordsString(r.Records)
		}
		out = append(out, Pair{tp + " b" + strconv.Itoa(r.Broker) + " log", v})
	}
	return out
}

func recordsString(recs []RecView) string {
	if len(recs) == 0 {
		return "(empty)"
	}
	parts := make([]string, len(recs))
	for i, r := range recs {
		parts[i] = strconv.FormatInt(r.Offset, 10) + ":" + r.Value + "@" + strconv.Itoa(int(r.LeaderEpoch))
	}
	return strings.Join(parts, " ")
}

// readString is a consumer's records as offset:value.
func readString(recs []RecView) string {
	if len(recs) == 0 {
		return "(nothing)"
	}
	parts := make([]string, len(recs))
	for i, r := range recs {
		parts[i] = strconv.FormatInt(r.Offset, 10) + ":" + r.Value
	}
	return strings.Join(parts, " ")
}

func leaderString(id int32) string {
	if id < 0 {
		return "none"
	}
	return strconv.Itoa(int(id))
}

func ids(xs []int32, sorted bool) string {
	if sorted {
		xs = slices.Clone(xs)
		slices.Sort(xs)
	}
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(int(x))
	}
	if len(parts) == 0 {
		return "(none)"
	}
	return strings.Join(parts, ",")
}

// describePairs turns kafka-topics.sh --describe text into observables,
// one per line: the topic line without TopicId and Configs (they are not
// compared: the id is random in Kafka, and Configs lists dynamic configs
// the two sides set differently), and each partition line with its ELR
// lists sorted.
func describePairs(text string) []Pair {
	var out []Pair
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if line == "" {
			continue
		}
		fields := strings.Split(strings.TrimPrefix(line, "\t"), "\t")
		kv := map[string]string{}
		var keys []string
		for _, f := range fields {
			k, v, _ := strings.Cut(f, ": ")
			k = strings.TrimSuffix(k, ":")
			kv[k] = strings.TrimSpace(v)
			keys = append(keys, k)
		}
		topic := kv["Topic"]
		if _, ok := kv["Partition"]; !ok {
			out = append(out, Pair{topic + " describe", "PartitionCount: " + kv["PartitionCount"] + " ReplicationFactor: " + kv["ReplicationFactor"]})
			continue
		}
		var b strings.Builder
		for _, k := range keys {
			if k == "Topic" || k == "Partition" {
				continue
			}
			v := kv[k]
			if k == "Elr" || k == "LastKnownElr" {
				v = sortedList(v)
			}
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(k + ": " + v)
		}
		out = append(out, Pair{topic + "-" + kv["Partition"] + " describe", strings.TrimSpace(b.String())})
	}
	return out
}

func sortedList(v string) string {
	if v == "" {
		return ""
	}
	parts := strings.Split(v, ",")
	slices.Sort(parts)
	return strings.Join(parts, ",")
}
