//go:build !js

package oracle

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// ControllerView is the KRaft controller's state, folded from its metadata
// log: what the controller itself holds, which no client API returns
// while no broker runs (every broker down, a partition offline), and which
// includes what no client API returns at all (partition epochs, broker
// epochs and incarnations).
type ControllerView struct {
	// Topics maps a topic's name to its TopicId, as Kafka prints a Uuid.
	Topics map[string]string
	// Partitions maps TopicId and partition to the partition's
	// registration (org.apache.kafka.metadata.PartitionRegistration).
	Partitions map[PartitionKey]Registration
	// Brokers maps a broker id to its registration
	// (org.apache.kafka.metadata.BrokerRegistration).
	Brokers map[int32]BrokerReg
	// Records counts the records folded.
	Records int
}

// PartitionKey names one partition by TopicId and index.
type PartitionKey struct {
	TopicID   string
	Partition int32
}

// Registration is one partition as the controller registered it. Broker
// id lists keep the order of the records: Kafka's order, not sorted.
type Registration struct {
	Replicas, ISR, ELR, LastKnownELR []int32
	// Leader is -1 when the partition has none.
	Leader         int32
	LeaderEpoch    int32
	PartitionEpoch int32
	// History is the data of every record that made or changed the
	// registration, as the dump printed it, oldest first.
	History []string
}

// BrokerReg is one broker's registration with the controller.
type BrokerReg struct {
	// Epoch is the broker epoch: the metadata log offset of the
	// RegisterBrokerRecord that made this incarnation.
	Epoch int64
	// Incarnation is the incarnation id the broker process chose at start,
	// a Uuid as Kafka prints it; a restarted process has a new one.
	Incarnation string
	// Registrations counts the RegisterBrokerRecords for this id so far:
	// 1 for the first start, 2 after the first restart's registration, ...
	Registrations int
	Fenced        bool
	// InControlledShutdown is set once the controller has accepted the
	// broker's controlled shutdown request (BrokerHeartbeat WantShutDown).
	InControlledShutdown bool
	// History is the data of every record about this broker id, as the
	// dump printed it, oldest first.
	History []string
}

// Partition returns topic's partition p as the controller registered it.
func (v ControllerView) Partition(topic string, p int32) (Registration, bool) {
	id, ok := v.Topics[topic]
	if !ok {
		return Registration{}, false
	}
	r, ok := v.Partitions[PartitionKey{id, p}]
	return r, ok
}

// Unfenced returns the ids of the registered, unfenced brokers, sorted: the
// brokers DescribeCluster would list.
func (v ControllerView) Unfenced() []int32 {
	var out []int32
	for id, b := range v.Brokers {
		if !b.Fenced {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

// ReadControllerView reads the controller's metadata log with Kafka's own
// decoder, org.apache.kafka.tools.DumpLogSegments --cluster-metadata-decoder
// (kafka-dump-log.sh), in a JVM of its own (about a second), and folds the
// records. The segments are read while the controller appends to them; a
// batch it is still writing is left out by the tool.
func (c *Client) ReadControllerView(ctx context.Context) (ControllerView, error) {
	return c.ReadControllerViewIn(ctx, c.cluster.MetadataLogDir())
}

// ReadControllerViewIn is ReadControllerView on the metadata log segments
// in dir, such as a copy kafkacluster.SnapshotMetadataLog made.
func (c *Client) ReadControllerViewIn(ctx context.Context, dir string) (ControllerView, error) {
	segs, err := filepath.Glob(filepath.Join(dir, "*.log"))
	if err != nil || len(segs) == 0 {
		return ControllerView{}, fmt.Errorf("oracle: no metadata log segments in %s", dir)
	}
	slices.Sort(segs)
	out, err := c.cluster.Tool(ctx, "org.apache.kafka.tools.DumpLogSegments",
		"--cluster-metadata-decoder", "--skip-record-metadata", "--files", strings.Join(segs, ","))
	if err != nil {
		return ControllerView{}, fmt.Errorf("oracle: dump metadata log: %w", err)
	}
	return FoldMetadataDump(string(out))
}

// metadataRecord is one "| payload: {...}" line of DumpLogSegments
// --cluster-metadata-decoder: MetadataRecordSerde's JSON of an
// ApiMessageAndVersion. Tagged fields at their default are left out of the
// JSON, which is how a PartitionChangeRecord says "no change".
type metadataRecord struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

// partitionChange holds the fields of PartitionRecord and
// PartitionChangeRecord (both JSON shapes); nil means absent.
type partitionChange struct {
	TopicID        string  `json:"topicId"`
	PartitionID    int32   `json:"partitionId"`
	Replicas       []int32 `json:"replicas"`
	ISR            []int32 `json:"isr"`
	ELR            []int32 `json:"eligibleLeaderReplicas"`
	LastKnownELR   []int32 `json:"lastKnownElr"`
	Leader         *int32  `json:"leader"`
	LeaderEpoch    int32   `json:"leaderEpoch"`
	PartitionEpoch int32   `json:"partitionEpoch"`
}

// brokerChange holds the fields of the broker registration records.
// RegisterBrokerRecord, BrokerRegistrationChangeRecord and
// UnregisterBrokerRecord name the broker brokerId; FenceBrokerRecord and
// UnfenceBrokerRecord name it id. fenced and inControlledShutdown are a
// boolean in RegisterBrokerRecord and an int8 in
// BrokerRegistrationChangeRecord (BrokerRegistrationFencingChange: -1
// unfence, 0 none, 1 fence; BrokerRegistrationInControlledShutdownChange: 0
// none, 1 in controlled shutdown).
type brokerChange struct {
	BrokerID             *int32          `json:"brokerId"`
	ID                   *int32          `json:"id"`
	BrokerEpoch          int64           `json:"brokerEpoch"`
	Epoch                int64           `json:"epoch"`
	IncarnationID        string          `json:"incarnationId"`
	Fenced               json.RawMessage `json:"fenced"`
	InControlledShutdown json.RawMessage `json:"inControlledShutdown"`
}

// FoldMetadataDump folds the records of a DumpLogSegments
// --cluster-metadata-decoder listing, in log order, into the controller's
// state, as the controller replays them (ReplicationControlManager.replay,
// ClusterControlManager.replay):
//   - TopicRecord names a TopicId; RemoveTopicRecord drops it.
//   - PartitionRecord registers a partition as given.
//   - PartitionChangeRecord changes the fields it carries and always adds
//     one to the partition epoch; a record that carries a leader (even the
//     same one, or -1 for none) adds one to the leader epoch
//     (PartitionRegistration.merge).
//   - RegisterBrokerRecord makes a new incarnation with its broker epoch;
//     BrokerRegistrationChangeRecord, FenceBrokerRecord and
//     UnfenceBrokerRecord change fencing and controlled shutdown;
//     UnregisterBrokerRecord removes the broker.
//
// Other records (features, configs, NoOpRecord, ...) are counted and
// skipped. A payload that is not JSON is an error naming its line.
func FoldMetadataDump(dump string) (ControllerView, error) {
	v := ControllerView{Topics: map[string]string{}, Partitions: map[PartitionKey]Registration{}, Brokers: map[int32]BrokerReg{}}
	sc := bufio.NewScanner(strings.NewReader(dump))
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	line := 0
	for sc.Scan() {
		line++
		payload, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "| payload: ")
		if !ok {
			continue
		}
		var rec metadataRecord
		if err := json.Unmarshal([]byte(payload), &rec); err != nil {
			return v, fmt.Errorf("oracle: metadata dump line %d: %w", line, err)
		}
		if err := v.apply(rec); err != nil {
			return v, fmt.Errorf("oracle: metadata dump line %d: %s: %w", line, rec.Type, err)
		}
		v.Records++
	}
	if err := sc.Err(); err != nil {
		return v, fmt.Errorf("oracle: metadata dump: %w", err)
	}
	return v, nil
}

func (v *ControllerView) apply(rec metadataRecord) error {
	switch rec.Type {
	case "TOPIC_RECORD":
		var t struct{ Name, TopicID string }
		if err := json.Unmarshal(rec.Data, &t); err != nil {
			return err
		}
		v.Topics[t.Name] = t.TopicID
	case "REMOVE_TOPIC_RECORD":
		var t struct{ TopicID string }
		if err := json.Unmarshal(rec.Data, &t); err != nil {
			return err
		}
		for name, id := range v.Topics {
			if id == t.TopicID {
				delete(v.Topics, name)
			}
		}
		for k := range v.Partitions {
			if k.TopicID == t.TopicID {
				delete(v.Partitions, k)
			}
		}
	case "PARTITION_RECORD":
		var p partitionChange
		if err := json.Unmarshal(rec.Data, &p); err != nil {
			return err
		}
		r := Registration{Replicas: p.Replicas, ISR: p.ISR, ELR: p.ELR, LastKnownELR: p.LastKnownELR,
			Leader: -1, LeaderEpoch: p.LeaderEpoch, PartitionEpoch: p.PartitionEpoch}
		if p.Leader != nil {
			r.Leader = *p.Leader
		}
		r.History = []string{string(rec.Data)}
		v.Partitions[PartitionKey{p.TopicID, p.PartitionID}] = r
	case "PARTITION_CHANGE_RECORD":
		var p partitionChange
		if err := json.Unmarshal(rec.Data, &p); err != nil {
			return err
		}
		k := PartitionKey{p.TopicID, p.PartitionID}
		r, ok := v.Partitions[k]
		if !ok {
			return fmt.Errorf("change to unknown partition %s-%d", p.TopicID, p.PartitionID)
		}
		if p.Replicas != nil {
			r.Replicas = p.Replicas
		}
		if p.ISR != nil {
			r.ISR = p.ISR
		}
		if p.ELR != nil {
			r.ELR = p.ELR
		}
		if p.LastKnownELR != nil {
			r.LastKnownELR = p.LastKnownELR
		}
		// NO_LEADER_CHANGE (-2) is the field's default and never printed.
		if p.Leader != nil && *p.Leader != -2 {
			r.Leader = *p.Leader
			r.LeaderEpoch++
		}
		r.PartitionEpoch++
		r.History = append(r.History, string(rec.Data))
		v.Partitions[k] = r
	case "REGISTER_BROKER_RECORD", "BROKER_REGISTRATION_CHANGE_RECORD", "FENCE_BROKER_RECORD",
		"UNFENCE_BROKER_RECORD", "UNREGISTER_BROKER_RECORD":
		return v.applyBroker(rec)
	}
	return nil
}

func (v *ControllerView) applyBroker(rec metadataRecord) error {
	var b brokerChange
	if err := json.Unmarshal(rec.Data, &b); err != nil {
		return err
	}
	var id int32
	switch {
	case b.BrokerID != nil:
		id = *b.BrokerID
	case b.ID != nil:
		id = *b.ID
	default:
		return fmt.Errorf("no broker id")
	}
	reg := v.Brokers[id]
	history := append(reg.History, rec.Type+" "+string(rec.Data))
	defer func() {
		if r, ok := v.Brokers[id]; ok {
			r.History = history
			v.Brokers[id] = r
		}
	}()
	switch rec.Type {
	case "REGISTER_BROKER_RECORD":
		fenced, err := jsonBool(b.Fenced)
		if err != nil {
			return err
		}
		shutdown, err := jsonBool(b.InControlledShutdown)
		if err != nil {
			return err
		}
		reg = BrokerReg{Epoch: b.BrokerEpoch, Incarnation: b.IncarnationID, Registrations: reg.Registrations + 1,
			Fenced: fenced, InControlledShutdown: shutdown}
	case "BROKER_REGISTRATION_CHANGE_RECORD":
		switch string(b.Fenced) {
		case "1":
			reg.Fenced = true
		case "-1":
			reg.Fenced = false
		}
		if string(b.InControlledShutdown) == "1" {
			reg.InControlledShutdown = true
		}
	case "FENCE_BROKER_RECORD":
		reg.Fenced = true
	case "UNFENCE_BROKER_RECORD":
		reg.Fenced = false
	case "UNREGISTER_BROKER_RECORD":
		delete(v.Brokers, id)
		return nil
	}
	v.Brokers[id] = reg
	return nil
}

// jsonBool reads an optional JSON boolean; absent is false.
func jsonBool(raw json.RawMessage) (bool, error) {
	if len(raw) == 0 {
		return false, nil
	}
	var x bool
	if err := json.Unmarshal(raw, &x); err != nil {
		return false, err
	}
	return x, nil
}

// DescribeText renders topic as kafka-topics.sh --describe would, from the
// controller's state, for when no broker can answer the Admin client: the
// same lines as Client.DescribeText, with Configs left empty (the
// comparison does not read them) and Leader "none" unless the leader is a
// registered, unfenced broker (the Admin client resolves the leader id
// against DescribeCluster's brokers). An unknown topic is an error.
func (v ControllerView) DescribeText(topic string) (string, error) {
	id, ok := v.Topics[topic]
	if !ok {
		return "", fmt.Errorf("oracle: topic %s is not in the metadata log", topic)
	}
	var parts []int32
	for k := range v.Partitions {
		if k.TopicID == id {
			parts = append(parts, k.Partition)
		}
	}
	if len(parts) == 0 {
		return "", fmt.Errorf("oracle: topic %s has no partitions in the metadata log", topic)
	}
	slices.Sort(parts)
	live := v.Unfenced()
	var b strings.Builder
	first := v.Partitions[PartitionKey{id, parts[0]}]
	fmt.Fprintf(&b, "Topic: %s\tTopicId: %s\tPartitionCount: %d\tReplicationFactor: %d\tConfigs: \n", topic, id, len(parts), len(first.Replicas))
	for _, p := range parts {
		r := v.Partitions[PartitionKey{id, p}]
		leader := "none"
		if r.Leader >= 0 && slices.Contains(live, r.Leader) {
			leader = fmt.Sprint(r.Leader)
		}
		fmt.Fprintf(&b, "\tTopic: %s\tPartition: %d\tLeader: %s\tReplicas: %s\tIsr: %s\tElr: %s\tLastKnownElr: %s\n",
			topic, p, leader, joinIDs(r.Replicas), joinIDs(r.ISR), joinIDs(r.ELR), joinIDs(r.LastKnownELR))
	}
	return b.String(), nil
}
