package importer

import (
	"encoding/json"
	"fmt"
)

// kcatMetadata is kcat -L -J's document (kcat's metadata_print_json):
// the brokers of the Metadata response, which lists live brokers only,
// and each topic's partitions with leader (-1 for none), replicas and
// ISR as lists of {"id": n}. Topics and partitions may carry an "error"
// string. Fields kplay does not use are ignored.
type kcatMetadata struct {
	Brokers *[]struct {
		ID int32 `json:"id"`
	} `json:"brokers"`
	Topics *[]struct {
		Topic      string `json:"topic"`
		Error      string `json:"error"`
		Partitions []struct {
			Partition int32        `json:"partition"`
			Error     string       `json:"error"`
			Leader    int32        `json:"leader"`
			Replicas  []kcatBroker `json:"replicas"`
			ISRs      []kcatBroker `json:"isrs"`
		} `json:"partitions"`
	} `json:"topics"`
}

type kcatBroker struct {
	ID int32 `json:"id"`
}

// readKcat parses kcat -L -J output. It refuses JSON of another shape
// (kcat -C -J's messages have no "brokers" and "topics"), saying so.
func readKcat(name string, data []byte) (*Snapshot, error) {
	var m kcatMetadata
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s: starts as JSON but is not kcat -L -J output: %v", name, err)
	}
	if m.Brokers == nil || m.Topics == nil {
		return nil, fmt.Errorf("%s: JSON without \"brokers\" and \"topics\": not the shape of kcat -L -J (metadata); kcat -C -J prints messages, not the cluster", name)
	}
	s := &Snapshot{Format: "kcat -L -J", Sources: []string{name}, LiveKnown: true}
	for _, b := range *m.Brokers {
		if b.ID < 0 {
			return nil, fmt.Errorf("%s: broker id %d is not a broker id", name, b.ID)
		}
		s.Live = append(s.Live, b.ID)
	}
	for _, t := range *m.Topics {
		if t.Error != "" {
			s.Skipped = append(s.Skipped, fmt.Sprintf("topic %s: kcat reports %q; skipped", t.Topic, t.Error))
			continue
		}
		top := Topic{Name: t.Topic}
		for i, kp := range t.Partitions {
			if kp.Partition != int32(i) {
				return nil, fmt.Errorf("%s: topic %s: partition %d where partition %d was due (kcat lists them in order)", name, t.Topic, kp.Partition, i)
			}
			if kp.Error != "" {
				s.Skipped = append(s.Skipped, fmt.Sprintf("%s-%d: kcat reports %q", t.Topic, kp.Partition, kp.Error))
			}
			p := Partition{ID: kp.Partition, Leader: kp.Leader}
			if p.Leader < 0 {
				p.Leader = NoLeader
			}
			for _, r := range kp.Replicas {
				p.Replicas = append(p.Replicas, r.ID)
			}
			for _, r := range kp.ISRs {
				p.ISR = append(p.ISR, r.ID)
			}
			if len(p.Replicas) == 0 {
				return nil, fmt.Errorf("%s: %s-%d has no replicas", name, t.Topic, kp.Partition)
			}
			top.Partitions = append(top.Partitions, p)
		}
		if len(top.Partitions) == 0 {
			s.Skipped = append(s.Skipped, fmt.Sprintf("topic %s: no partitions listed; skipped", t.Topic))
			continue
		}
		s.Topics = append(s.Topics, top)
	}
	if len(s.Topics) == 0 {
		return nil, fmt.Errorf("%s: kcat -L -J output with no topic to import", name)
	}
	return s, nil
}
