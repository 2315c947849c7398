//go:build !js

package oracle

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kmsg"
)

// CreateTopic creates topic with an explicit replica assignment
// (assignment[p] is the replica list of partition p, in order, the
// preferred leader first) and topic configs (may be nil), with CreateTopics
// (API key 19). It returns once every partition has a leader in the
// metadata (Metadata, key 3) of every live broker (running and not
// stalled), so that later produces do not race the topic's creation. The
// result is the TopicId as Kafka prints it: unpadded base64url of the
// 16-byte Uuid. A Kafka error (such as TOPIC_ALREADY_EXISTS, 36) is an
// error whose CodeOf is that code.
func (c *Client) CreateTopic(ctx context.Context, topic string, assignment [][]int32, configs map[string]string) (string, error) {
	req := kmsg.NewPtrCreateTopicsRequest()
	req.TimeoutMillis = 30000
	t := kmsg.NewCreateTopicsRequestTopic()
	t.Topic = topic
	t.NumPartitions, t.ReplicationFactor = -1, -1
	for p, replicas := range assignment {
		a := kmsg.NewCreateTopicsRequestTopicReplicaAssignment()
		a.Partition = int32(p)
		a.Replicas = slices.Clone(replicas)
		t.ReplicaAssignment = append(t.ReplicaAssignment, a)
	}
	keys := make([]string, 0, len(configs))
	for k := range configs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		cfg := kmsg.NewCreateTopicsRequestTopicConfig()
		cfg.Name = k
		v := configs[k]
		cfg.Value = &v
		t.Configs = append(t.Configs, cfg)
	}
	req.Topics = append(req.Topics, t)
	resp, err := adminRequest[*kmsg.CreateTopicsResponse](ctx, c, req)
	if err != nil {
		return "", fmt.Errorf("oracle: create topic %s: %w", topic, err)
	}
	if len(resp.Topics) != 1 {
		return "", fmt.Errorf("oracle: create topic %s: %d topics in the response", topic, len(resp.Topics))
	}
	rt := resp.Topics[0]
	if err := codeErr(rt.ErrorCode, "create topic "+topic, rt.ErrorMessage); err != nil {
		return "", err
	}
	id := topicIDString(rt.TopicID)
	for {
		err := c.leadersEverywhere(ctx, topic, rt.TopicID, len(assignment))
		if err == nil {
			return id, nil
		}
		select {
		case <-ctx.Done():
			return id, fmt.Errorf("oracle: topic %s created but not led everywhere: %w (last: %v)", topic, ctx.Err(), err)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// leadersEverywhere checks that every live broker's metadata has topic with
// id and n partitions, each with a leader.
func (c *Client) leadersEverywhere(ctx context.Context, topic string, id [16]byte, n int) error {
	for b := 1; b <= c.cluster.Brokers(); b++ {
		if !c.cluster.Running(b) || c.cluster.Stalled(b) {
			continue
		}
		rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		mt, err := c.brokerMetadata(rctx, b, topic)
		cancel()
		if err != nil {
			return err
		}
		if mt.ErrorCode != 0 {
			return fmt.Errorf("broker %d: %s", b, ErrName(mt.ErrorCode))
		}
		if mt.TopicID != id {
			return fmt.Errorf("broker %d: topic id %s, want %s", b, topicIDString(mt.TopicID), topicIDString(id))
		}
		if len(mt.Partitions) != n {
			return fmt.Errorf("broker %d: %d partitions, want %d", b, len(mt.Partitions), n)
		}
		for _, p := range mt.Partitions {
			if p.Leader < 0 {
				return fmt.Errorf("broker %d: partition %d has no leader", b, p.Partition)
			}
		}
	}
	return nil
}

// brokerMetadata asks broker b itself for topic's metadata.
func (c *Client) brokerMetadata(ctx context.Context, b int, topic string) (kmsg.MetadataResponseTopic, error) {
	req := kmsg.NewPtrMetadataRequest()
	rt := kmsg.NewMetadataRequestTopic()
	rt.Topic = &topic
	req.Topics = append(req.Topics, rt)
	req.AllowAutoTopicCreation = false
	r, err := c.requestBroker(ctx, b, -1, req)
	if err != nil {
		return kmsg.MetadataResponseTopic{}, err
	}
	resp := r.(*kmsg.MetadataResponse)
	if len(resp.Topics) != 1 {
		return kmsg.MetadataResponseTopic{}, fmt.Errorf("oracle: broker %d: metadata has %d topics, want 1", b, len(resp.Topics))
	}
	return resp.Topics[0], nil
}

// Partition is one partition's state as DescribeTopicPartitions returns it.
type Partition struct {
	Topic     string
	Partition int32
	// Leader is the leader's broker id, -1 when there is none.
	Leader      int32
	LeaderEpoch int32
	// Replicas, ISR, ELR (eligible leader replicas, KIP-966) and
	// LastKnownELR are broker ids in the order Kafka returns them.
	Replicas, ISR, ELR, LastKnownELR []int32
	// Offline lists the replicas on offline log directories or brokers, as
	// Kafka reports them (OfflineReplicas).
	Offline []int32
	// ErrCode is the partition's error code (0, or e.g. 5
	// LEADER_NOT_AVAILABLE while it has no leader).
	ErrCode int16
}

// DescribePartitions describes every partition of topic with the
// DescribeTopicPartitions API (key 75, KIP-966), so ELR and LastKnownELR
// are filled, paging with its cursor. The result is sorted by partition. A
// topic-level Kafka error (3 UNKNOWN_TOPIC_OR_PARTITION) is an error.
func (c *Client) DescribePartitions(ctx context.Context, topic string) ([]Partition, error) {
	t, err := c.describeTopicPartitions(ctx, topic)
	if err != nil {
		return nil, err
	}
	return t.parts, nil
}

type describedTopic struct {
	id    [16]byte
	parts []Partition
}

func (c *Client) describeTopicPartitions(ctx context.Context, topic string) (describedTopic, error) {
	var out describedTopic
	var cursor *kmsg.DescribeTopicPartitionsRequestCursor
	for {
		req := kmsg.NewPtrDescribeTopicPartitionsRequest()
		rt := kmsg.NewDescribeTopicPartitionsRequestTopic()
		rt.Topic = topic
		req.Topics = append(req.Topics, rt)
		req.ResponsePartitionLimit = 2000
		req.Cursor = cursor
		resp, err := adminRequest[*kmsg.DescribeTopicPartitionsResponse](ctx, c, req)
		if err != nil {
			return out, fmt.Errorf("oracle: describe topic partitions %s: %w", topic, err)
		}
		for _, t := range resp.Topics {
			if t.Topic == nil || *t.Topic != topic {
				continue
			}
			if err := codeErr(t.ErrorCode, "describe topic partitions "+topic, nil); err != nil {
				return out, err
			}
			out.id = t.TopicID
			for _, p := range t.Partitions {
				out.parts = append(out.parts, Partition{
					Topic:        topic,
					Partition:    p.Partition,
					Leader:       p.LeaderID,
					LeaderEpoch:  p.LeaderEpoch,
					Replicas:     slices.Clone(p.Replicas),
					ISR:          slices.Clone(p.ISR),
					ELR:          slices.Clone(p.EligibleLeaderReplicas),
					LastKnownELR: slices.Clone(p.LastKnownELR),
					Offline:      slices.Clone(p.OfflineReplicas),
					ErrCode:      p.ErrorCode,
				})
			}
		}
		nc := resp.NextCursor
		if nc == nil || nc.Topic != topic {
			break
		}
		cursor = &kmsg.DescribeTopicPartitionsRequestCursor{Topic: nc.Topic, Partition: nc.Partition}
	}
	if out.parts == nil {
		return out, fmt.Errorf("oracle: describe topic partitions %s: topic not in the response", topic)
	}
	slices.SortFunc(out.parts, func(a, b Partition) int { return int(a.Partition) - int(b.Partition) })
	return out, nil
}

// DescribeText renders what Kafka 4.4's kafka-topics.sh --describe
// --topic prints for topic (TopicCommand.TopicService.describeTopic with
// no report filter), from the same requests the Java Admin client makes:
// DescribeTopicPartitions (key 75) for the partitions, DescribeCluster
// (key 60) for the live nodes, DescribeConfigs (key 32) for the topic's
// configs and ListPartitionReassignments (key 46) for ongoing
// reassignments. One header line, then one line per partition, TAB
// separated, each ending in "\n":
//
//	Topic: t	TopicId: <id>	PartitionCount: 1	ReplicationFactor: 3	Configs: min.insync.replicas=2
//		Topic: t	Partition: 0	Leader: 1	Replicas: 1,2,3	Isr: 1,2,3	Elr: 	LastKnownElr:
//
// Details that follow TopicCommand and the Admin client exactly:
//   - Configs lists every entry whose source is not DEFAULT_CONFIG (so a
//     topic config set in server.properties shows, as
//     STATIC_BROKER_CONFIG, as well as topic overrides), "k=v" joined by
//     ",", in the iteration order of the java.util.HashMap that
//     org.apache.kafka.clients.admin.Config keeps; a sensitive value
//     prints as "null".
//   - Leader prints "none" when the partition has no leader, or when the
//     leader is not among DescribeCluster's (unfenced) brokers: the Admin
//     client resolves the leader id to a Node from that list.
//   - Replicas, Isr, Elr and LastKnownElr print every id, live or not;
//     offline replicas get no line or field of their own.
//   - During a reassignment "\tAdding Replicas: ..\tRemoving Replicas: .."
//     follow Isr, and ReplicationFactor excludes the adding replicas.
func (c *Client) DescribeText(ctx context.Context, topic string) (string, error) {
	dt, err := c.describeTopicPartitions(ctx, topic)
	if err != nil {
		return "", err
	}
	live, err := c.liveBrokers(ctx)
	if err != nil {
		return "", err
	}
	cfgs, err := c.topicConfigs(ctx, topic)
	if err != nil {
		return "", err
	}
	reass, err := c.reassignments(ctx, topic, dt.parts)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	first := dt.parts[0]
	rf := len(first.Replicas)
	if r, ok := reass[first.Partition]; ok && reassignmentInProgress(first.Replicas, r) {
		rf = len(r.Replicas) - len(r.AddingReplicas)
	}
	b.WriteString("Topic: " + topic)
	if dt.id != ([16]byte{}) {
		b.WriteString("\tTopicId: " + topicIDString(dt.id))
	}
	fmt.Fprintf(&b, "\tPartitionCount: %d\tReplicationFactor: %d\tConfigs: %s\n", len(dt.parts), rf, cfgs)
	for _, p := range dt.parts {
		leader := "none"
		if p.Leader >= 0 && slices.Contains(live, p.Leader) {
			leader = strconv.Itoa(int(p.Leader))
		}
		fmt.Fprintf(&b, "\tTopic: %s\tPartition: %d\tLeader: %s\tReplicas: %s\tIsr: %s", topic, p.Partition, leader, joinIDs(p.Replicas), joinIDs(p.ISR))
		if r, ok := reass[p.Partition]; ok {
			fmt.Fprintf(&b, "\tAdding Replicas: %s\tRemoving Replicas: %s", joinIDs(r.AddingReplicas), joinIDs(r.RemovingReplicas))
		}
		fmt.Fprintf(&b, "\tElr: %s\tLastKnownElr: %s\n", joinIDs(p.ELR), joinIDs(p.LastKnownELR))
	}
	return b.String(), nil
}

// reassignmentInProgress is TopicCommand.isReassignmentInProgress: some
// current replica is being added or removed.
func reassignmentInProgress(replicas []int32, r kmsg.ListPartitionReassignmentsResponseTopicPartition) bool {
	for _, id := range replicas {
		if slices.Contains(r.AddingReplicas, id) || slices.Contains(r.RemovingReplicas, id) {
			return true
		}
	}
	return false
}

func joinIDs(ids []int32) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.Itoa(int(id))
	}
	return strings.Join(s, ",")
}

// LiveBrokers returns the ids DescribeCluster (key 60) lists: the
// registered, unfenced brokers, sorted.
func (c *Client) LiveBrokers(ctx context.Context) ([]int32, error) { return c.liveBrokers(ctx) }

func (c *Client) liveBrokers(ctx context.Context) ([]int32, error) {
	req := kmsg.NewPtrDescribeClusterRequest()
	resp, err := adminRequest[*kmsg.DescribeClusterResponse](ctx, c, req)
	if err != nil {
		return nil, fmt.Errorf("oracle: describe cluster: %w", err)
	}
	if err := codeErr(resp.ErrorCode, "describe cluster", resp.ErrorMessage); err != nil {
		return nil, err
	}
	var ids []int32
	for _, b := range resp.Brokers {
		ids = append(ids, b.NodeID)
	}
	slices.Sort(ids)
	return ids, nil
}

// topicConfigs renders the Configs field of TopicCommand's header line.
func (c *Client) topicConfigs(ctx context.Context, topic string) (string, error) {
	req := kmsg.NewPtrDescribeConfigsRequest()
	r := kmsg.NewDescribeConfigsRequestResource()
	r.ResourceType = kmsg.ConfigResourceTypeTopic
	r.ResourceName = topic
	req.Resources = append(req.Resources, r)
	resp, err := adminRequest[*kmsg.DescribeConfigsResponse](ctx, c, req)
	if err != nil {
		return "", fmt.Errorf("oracle: describe configs %s: %w", topic, err)
	}
	if len(resp.Resources) != 1 {
		return "", fmt.Errorf("oracle: describe configs %s: %d resources in the response", topic, len(resp.Resources))
	}
	res := resp.Resources[0]
	if err := codeErr(res.ErrorCode, "describe configs "+topic, res.ErrorMessage); err != nil {
		return "", err
	}
	names := make([]string, len(res.Configs))
	for i, e := range res.Configs {
		names[i] = e.Name
	}
	var kv []string
	for _, i := range javaHashMapOrder(names) {
		e := res.Configs[i]
		if e.Source == kmsg.ConfigSourceDefaultConfig {
			continue
		}
		v := "null"
		if e.Value != nil {
			v = *e.Value
		}
		kv = append(kv, e.Name+"="+v)
	}
	return strings.Join(kv, ","), nil
}

// reassignments lists topic's ongoing reassignments by partition.
func (c *Client) reassignments(ctx context.Context, topic string, parts []Partition) (map[int32]kmsg.ListPartitionReassignmentsResponseTopicPartition, error) {
	req := kmsg.NewPtrListPartitionReassignmentsRequest()
	req.TimeoutMillis = 10000
	rt := kmsg.NewListPartitionReassignmentsRequestTopic()
	rt.Topic = topic
	for _, p := range parts {
		rt.Partitions = append(rt.Partitions, p.Partition)
	}
	req.Topics = append(req.Topics, rt)
	resp, err := adminRequest[*kmsg.ListPartitionReassignmentsResponse](ctx, c, req)
	if err != nil {
		return nil, fmt.Errorf("oracle: list partition reassignments %s: %w", topic, err)
	}
	if err := codeErr(resp.ErrorCode, "list partition reassignments "+topic, resp.ErrorMessage); err != nil {
		return nil, err
	}
	out := map[int32]kmsg.ListPartitionReassignmentsResponseTopicPartition{}
	for _, t := range resp.Topics {
		if t.Topic != topic {
			continue
		}
		for _, p := range t.Partitions {
			out[p.Partition] = p
		}
	}
	return out, nil
}

// ElectLeaders runs ElectLeaders (API key 43, KIP-460) for topic's
// partitions: a preferred election, or an unclean one when unclean is
// true. It returns each partition's error code: 0 elected, 84
// ELECTION_NOT_NEEDED, 80 PREFERRED_LEADER_NOT_AVAILABLE, 83
// ELIGIBLE_LEADERS_NOT_AVAILABLE, 15 COORDINATOR_NOT_AVAILABLE... A
// request-level Kafka error is an error.
func (c *Client) ElectLeaders(ctx context.Context, unclean bool, topic string, partitions []int32) (map[int32]int16, error) {
	req := kmsg.NewPtrElectLeadersRequest()
	if unclean {
		req.ElectionType = 1
	} else {
		req.ElectionType = 0
	}
	req.TimeoutMillis = 30000
	rt := kmsg.NewElectLeadersRequestTopic()
	rt.Topic = topic
	rt.Partitions = slices.Clone(partitions)
	req.Topics = append(req.Topics, rt)
	resp, err := adminRequest[*kmsg.ElectLeadersResponse](ctx, c, req)
	if err != nil {
		return nil, fmt.Errorf("oracle: elect leaders %s: %w", topic, err)
	}
	if err := codeErr(resp.ErrorCode, "elect leaders "+topic, nil); err != nil {
		return nil, err
	}
	out := map[int32]int16{}
	for _, t := range resp.Topics {
		if t.Topic != topic {
			continue
		}
		for _, p := range t.Partitions {
			out[p.Partition] = p.ErrorCode
		}
	}
	return out, nil
}

// AlterTopicConfig sets one topic config with IncrementalAlterConfigs (API
// key 44, KIP-339), operation SET.
func (c *Client) AlterTopicConfig(ctx context.Context, topic, key, value string) error {
	return c.alterConfig(ctx, kmsg.ConfigResourceTypeTopic, topic, key, value)
}

// AlterClusterConfig sets one cluster-wide dynamic broker config (the
// default broker resource, name "") with IncrementalAlterConfigs (API key
// 44, KIP-339), operation SET.
func (c *Client) AlterClusterConfig(ctx context.Context, key, value string) error {
	return c.alterConfig(ctx, kmsg.ConfigResourceTypeBroker, "", key, value)
}

func (c *Client) alterConfig(ctx context.Context, typ kmsg.ConfigResourceType, name, key, value string) error {
	req := kmsg.NewPtrIncrementalAlterConfigsRequest()
	r := kmsg.NewIncrementalAlterConfigsRequestResource()
	r.ResourceType = typ
	r.ResourceName = name
	cfg := kmsg.NewIncrementalAlterConfigsRequestResourceConfig()
	cfg.Name = key
	cfg.Op = kmsg.IncrementalAlterConfigOpSet
	cfg.Value = &value
	r.Configs = append(r.Configs, cfg)
	req.Resources = append(req.Resources, r)
	resp, err := adminRequest[*kmsg.IncrementalAlterConfigsResponse](ctx, c, req)
	if err != nil {
		return fmt.Errorf("oracle: alter config %s %q %s=%s: %w", typ, name, key, value, err)
	}
	for _, res := range resp.Resources {
		if err := codeErr(res.ErrorCode, fmt.Sprintf("alter config %s %q %s=%s", typ, name, key, value), res.ErrorMessage); err != nil {
			return err
		}
	}
	return nil
}
