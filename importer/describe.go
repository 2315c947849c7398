package importer

import (
	"fmt"
	"strconv"
	"strings"
)

// readDescribe parses kafka-topics.sh --describe output (Kafka 3.x and
// 4.x). TopicCommand prints, per topic, a header line
//
//	Topic: t	TopicId: …	PartitionCount: 2	ReplicationFactor: 3	Configs: min.insync.replicas=2
//
// and then one tab-indented line per partition
//
//	Topic: t	Partition: 0	Leader: 1	Replicas: 1,2,3	Isr: 1,2	Elr: 	LastKnownElr:
//
// (TopicCommand.TopicDescription.printDescription and
// PartitionDescription.printDescription; "Leader: none" when there is no
// leader; Elr and LastKnownElr from Kafka 3.9/4.x, KIP-966; "Adding
// Replicas" and "Removing Replicas" during a reassignment). Older
// releases wrote "Key:value" without the space; both are read. Lines of
// neither shape (a tool's warnings) are skipped and counted. A topic whose
// partition lines are fewer than its PartitionCount, or a partition line
// without Leader, Replicas or Isr, is a truncated input and refused.
func readDescribe(name, text string) (*Snapshot, error) {
	s := &Snapshot{Format: "kafka-topics --describe", Sources: []string{name}}
	var cur *Topic
	want := 0 // the current topic's PartitionCount
	curLine := 0
	other := 0
	finish := func() error {
		if cur == nil {
			return nil
		}
		if len(cur.Partitions) != want {
			return fmt.Errorf("%s:%d: truncated: topic %s's header says PartitionCount: %d, but %d partition line(s) follow it", name, curLine, cur.Name, want, len(cur.Partitions))
		}
		s.Topics = append(s.Topics, *cur)
		cur = nil
		return nil
	}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i, raw := range lines {
		lineNo := i + 1
		if strings.TrimSpace(raw) == "" {
			continue
		}
		f := fields(raw)
		_, isTopic := f["Topic"]
		_, isPart := f["Partition"]
		switch {
		case isTopic && isPart:
			if cur == nil || f["Topic"] != cur.Name {
				return nil, fmt.Errorf("%s:%d: a partition line of topic %s without its topic's header line (Topic: %s\tPartitionCount: …) above it", name, lineNo, f["Topic"], f["Topic"])
			}
			p, err := describePartition(f, len(cur.Partitions))
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", name, lineNo, err)
			}
			if _, ok := f["Elr"]; ok {
				s.HasELR = true
			}
			for _, k := range []string{"Adding Replicas", "Removing Replicas"} {
				if v := f[k]; v != "" {
					s.Skipped = append(s.Skipped, fmt.Sprintf("%s-%d: %s: %s: a reassignment in progress, which kplay does not simulate; the replicas are taken as listed", cur.Name, p.ID, k, v))
				}
			}
			cur.Partitions = append(cur.Partitions, p)
		case isTopic:
			if err := finish(); err != nil {
				return nil, err
			}
			n, ok := f["PartitionCount"]
			if !ok {
				return nil, fmt.Errorf("%s:%d: topic %s's header line has no PartitionCount: (truncated?)", name, lineNo, f["Topic"])
			}
			count, err := strconv.Atoi(n)
			if err != nil || count < 1 {
				return nil, fmt.Errorf("%s:%d: topic %s: PartitionCount: %q is not a count of partitions", name, lineNo, f["Topic"], n)
			}
			cur, want, curLine = &Topic{Name: f["Topic"]}, count, lineNo
			for _, c := range strings.Split(f["Configs"], ",") {
				if v, ok := strings.CutPrefix(strings.TrimSpace(c), "min.insync.replicas="); ok {
					if m, err := strconv.Atoi(v); err == nil && m >= 1 {
						cur.MinISR = m
					}
				}
			}
		default:
			other++
		}
	}
	if err := finish(); err != nil {
		return nil, err
	}
	if len(s.Topics) == 0 {
		return nil, fmt.Errorf("%s: no topic read: no line \"Topic: NAME\tTopicId: …\tPartitionCount: N …\" of kafka-topics --describe (%d other line(s) skipped)", name, other)
	}
	if other > 0 {
		s.Skipped = append(s.Skipped, fmt.Sprintf("%s: %d line(s) that are neither a topic's nor a partition's line (a tool's warnings?)", name, other))
	}
	return s, nil
}

// fields splits a describe line into its tab-separated "Key: value"
// pairs. A value may be empty ("Elr: ").
func fields(line string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(line, "\t") {
		k, v, ok := strings.Cut(part, ":")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			continue
		}
		out[k] = strings.TrimSpace(v)
	}
	return out
}

// describePartition reads one partition line's fields; index is the
// partition it must be (partition lines come in partition order).
func describePartition(f map[string]string, index int) (Partition, error) {
	p := Partition{}
	id, err := strconv.Atoi(f["Partition"])
	if err != nil || id != index {
		return p, fmt.Errorf("topic %s: Partition: %q where partition %d was due", f["Topic"], f["Partition"], index)
	}
	p.ID = int32(id)
	for _, k := range []string{"Leader", "Replicas", "Isr"} {
		if _, ok := f[k]; !ok {
			return p, fmt.Errorf("%s-%d: the line has no %s: (truncated?)", f["Topic"], id, k)
		}
	}
	switch l := f["Leader"]; l {
	case "none", "-1":
		p.Leader = NoLeader
	default:
		n, err := brokerID(l)
		if err != nil {
			return p, fmt.Errorf("%s-%d: Leader: %v", f["Topic"], id, err)
		}
		p.Leader = n
	}
	lists := []struct {
		key string
		dst *[]int32
	}{{"Replicas", &p.Replicas}, {"Isr", &p.ISR}, {"Elr", &p.ELR}, {"LastKnownElr", &p.LastKnownELR}}
	for _, l := range lists {
		ids, err := idList(f[l.key])
		if err != nil {
			return p, fmt.Errorf("%s-%d: %s: %v", f["Topic"], id, l.key, err)
		}
		*l.dst = ids
	}
	if len(p.Replicas) == 0 {
		return p, fmt.Errorf("%s-%d: Replicas: is empty", f["Topic"], id)
	}
	return p, nil
}

// idList reads "1,2,3" (or "" for none) as broker ids.
func idList(v string) ([]int32, error) {
	if v == "" {
		return nil, nil
	}
	var out []int32
	for _, s := range strings.Split(v, ",") {
		n, err := brokerID(strings.TrimSpace(s))
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// brokerID reads a Kafka broker id: a whole number 0 to 2^31-1
// (node.id is an int).
func brokerID(s string) (int32, error) {
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a broker id", s)
	}
	return int32(n), nil
}
