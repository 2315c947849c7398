//go:build !js

package conformance

import (
	"strconv"
	"strings"
)

// Pair is one observable and its value, as both sides print it: "t-0
// leader" = "2", "t-0 b1 log" = "0:m0@0 1:m1@0".
type Pair struct{ Name, Value string }

// PartView is one partition's registration: what a client sees through
// DescribeTopicPartitions (KIP-966), or, while no broker answers, what the
// controller holds in its metadata log. PartitionEpoch comes from the
// metadata log only (no client API returns it); -1 means it was not read.
// Broker id lists are in Kafka's order.
type PartView struct {
	Topic                  string
	Partition              int32
	Leader, LeaderEpoch    int32
	PartitionEpoch         int32
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
// partition epoch, ISR, ELR, LastKnownElr and each replica's LEO/HW. The
// lists are compared in the order Kafka keeps them, not sorted: the
// leader's AlterPartition sends the ISR in broker id order
// (Partition.prepareIsrExpand), and the controller builds the ELR and
// LastKnownElr the same way (PartitionChangeBuilder.maybeUpdateRecordElr).
func statePairs(p PartView, rs []ReplicaView) []Pair {
	tp := p.Topic + "-" + strconv.Itoa(int(p.Partition))
	out := []Pair{
		{tp + " leader", leaderString(p.Leader)},
		{tp + " leader epoch", strconv.Itoa(int(p.LeaderEpoch))},
		{tp + " partition epoch", epochString(p.PartitionEpoch)},
		{tp + " ISR", ids(p.ISR)},
		{tp + " ELR", ids(p.ELR)},
		{tp + " LastKnownElr", ids(p.LastKnownELR)},
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

// RegView is one broker's registration with the controller.
type RegView struct {
	Broker int
	// Registered is false for a broker that never registered.
	Registered, Fenced, InControlledShutdown bool
}

// registrationPairs is each broker's registration, as the final
// comparison shows it: "unfenced", "fenced" or "fenced, in controlled
// shutdown" (the controller keeps the flag until the broker registers
// again: ClusterControlManager.replay of BrokerRegistrationChangeRecord).
func registrationPairs(rs []RegView) []Pair {
	var out []Pair
	for _, r := range rs {
		v := "unfenced"
		switch {
		case !r.Registered:
			v = "not registered"
		case r.Fenced && r.InControlledShutdown:
			v = "fenced, in controlled shutdown"
		case r.Fenced:
			v = "fenced"
		case r.InControlledShutdown:
			v = "unfenced, in controlled shutdown"
		}
		out = append(out, Pair{"b" + strconv.Itoa(r.Broker) + " registration", v})
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

func epochString(e int32) string {
	if e < 0 {
		return "(not read)"
	}
	return strconv.Itoa(int(e))
}

// ids joins broker ids in the order given.
func ids(xs []int32) string {
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
// the two sides set differently), and each partition line as printed,
// its lists in Kafka's order.
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
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(k + ": " + v)
		}
		out = append(out, Pair{topic + "-" + kv["Partition"] + " describe", strings.TrimSpace(b.String())})
	}
	return out
}
