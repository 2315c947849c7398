package importer

import (
	"encoding/json"
	"fmt"
)

// The metadata records kplay reads, as kafka-dump-log's decoder prints
// them: the generated JsonConverter of each schema in Kafka's
// metadata/src/main/resources/common/metadata/*.json writes every field
// under its camelCase name, and a tagged field only when it differs from
// its default (JsonConverterGenerator.generateWrite), so an absent tagged
// field has its default value. Fields kplay does not use are ignored.

// RegisterBrokerRecord (apiKey 0) registers a broker: a new broker epoch
// (the offset the controller wrote it at: QuorumController.registerBroker
// passes offsetControl.nextWriteOffset()) for a new incarnation (a new
// process), or the same epoch when the same incarnation registers again
// (ClusterControlManager.registerBroker: "Amending registration"). Fenced
// defaults to true.
type RegisterBrokerRecord struct {
	BrokerID             int32  `json:"brokerId"`
	IncarnationID        string `json:"incarnationId"`
	BrokerEpoch          int64  `json:"brokerEpoch"`
	Fenced               *bool  `json:"fenced"`
	InControlledShutdown bool   `json:"inControlledShutdown"`
}

// UnregisterBrokerRecord (apiKey 1) removes a broker's registration
// (kafka-cluster.sh unregister).
type UnregisterBrokerRecord struct {
	BrokerID    int32 `json:"brokerId"`
	BrokerEpoch int64 `json:"brokerEpoch"`
}

// BrokerRegistrationChangeRecord (apiKey 17) changes a registration, from
// metadata.version 3.3-IV2 on (MetadataVersion
// .isBrokerRegistrationChangeRecordSupported). Fenced is "-1 if the broker
// has been unfenced, 0 if no change, 1 if the broker has been fenced";
// InControlledShutdown "0 if no change, 1 if the broker is in controlled
// shutdown" (the schema's about texts; both tagged, default 0;
// BrokerRegistrationFencingChange, BrokerRegistrationInControlledShutdownChange).
type BrokerRegistrationChangeRecord struct {
	BrokerID             int32 `json:"brokerId"`
	BrokerEpoch          int64 `json:"brokerEpoch"`
	Fenced               int8  `json:"fenced"`
	InControlledShutdown int8  `json:"inControlledShutdown"`
}

// FenceBrokerRecord (apiKey 7) and UnfenceBrokerRecord (apiKey 8) fence and
// unfence a broker before metadata.version 3.3-IV2
// (ReplicationControlManager.handleBrokerFenced / handleBrokerUnfenced).
type FenceBrokerRecord struct {
	ID    int32 `json:"id"`
	Epoch int64 `json:"epoch"`
}

// UnfenceBrokerRecord: see FenceBrokerRecord.
type UnfenceBrokerRecord FenceBrokerRecord

// TopicRecord (apiKey 2) creates a topic; its PartitionRecords follow,
// after its ConfigRecords (ReplicationControlManager.createTopic).
type TopicRecord struct {
	Name    string `json:"name"`
	TopicID string `json:"topicId"`
}

// RemoveTopicRecord (apiKey 9) deletes a topic and its partitions.
type RemoveTopicRecord struct {
	TopicID string `json:"topicId"`
}

// PartitionRecord (apiKey 3) is a partition's whole registration: at
// creation, or in a snapshot. Leader is -1 for none. The ELR fields are
// tagged, from version 2 (KIP-966), null by default.
type PartitionRecord struct {
	PartitionID         int32    `json:"partitionId"`
	TopicID             string   `json:"topicId"`
	Replicas            []int32  `json:"replicas"`
	ISR                 []int32  `json:"isr"`
	RemovingReplicas    []int32  `json:"removingReplicas"`
	AddingReplicas      []int32  `json:"addingReplicas"`
	Leader              int32    `json:"leader"`
	LeaderRecoveryState int8     `json:"leaderRecoveryState"`
	LeaderEpoch         int32    `json:"leaderEpoch"`
	PartitionEpoch      int32    `json:"partitionEpoch"`
	ELR                 *[]int32 `json:"eligibleLeaderReplicas"`
	LastKnownELR        *[]int32 `json:"lastKnownElr"`
}

// PartitionChangeRecord (apiKey 5) changes a partition's registration; a
// field absent (or null) is unchanged. Leader is "-1 if there is now no
// leader; -2 if the leader didn't change; the new leader otherwise", and
// every list "null if … didn't change" (PartitionChangeRecord.json).
// Replaying it (PartitionRegistration.merge) bumps the partition epoch
// always and the leader epoch whenever Leader is not -2, even to the same
// leader (a bump PartitionChangeBuilder asks for on an ISR shrink before
// metadata.version 3.6, KAFKA-15021). LeaderRecoveryState is -1 unchanged,
// 0 recovered, 1 elected uncleanly and recovering.
type PartitionChangeRecord struct {
	PartitionID         int32    `json:"partitionId"`
	TopicID             string   `json:"topicId"`
	ISR                 *[]int32 `json:"isr"`
	Leader              *int32   `json:"leader"`
	Replicas            *[]int32 `json:"replicas"`
	RemovingReplicas    *[]int32 `json:"removingReplicas"`
	AddingReplicas      *[]int32 `json:"addingReplicas"`
	LeaderRecoveryState *int8    `json:"leaderRecoveryState"`
	ELR                 *[]int32 `json:"eligibleLeaderReplicas"`
	LastKnownELR        *[]int32 `json:"lastKnownElr"`
}

// ConfigRecord (apiKey 4) sets (Value) or deletes (null) a config of a
// resource: ResourceType 2 is a topic, 4 a broker, whose empty
// ResourceName is the cluster-wide default (ConfigResource.Type).
type ConfigRecord struct {
	ResourceType int8    `json:"resourceType"`
	ResourceName string  `json:"resourceName"`
	Name         string  `json:"name"`
	Value        *string `json:"value"`
}

// FeatureLevelRecord (apiKey 12) finalizes a feature's level:
// metadata.version, or eligible.leader.replicas.version (KIP-966), whose
// level 0 "means feature not supported". A new log begins with it
// (ActivationRecordsGenerator's bootstrap records).
type FeatureLevelRecord struct {
	Name         string `json:"name"`
	FeatureLevel int16  `json:"featureLevel"`
}

// The record types of metadata transactions (KIP-868): the records
// between a BeginTransactionRecord and its EndTransactionRecord apply
// together; an AbortTransactionRecord drops them.
const (
	beginTransaction = "BEGIN_TRANSACTION_RECORD"
	endTransaction   = "END_TRANSACTION_RECORD"
	abortTransaction = "ABORT_TRANSACTION_RECORD"
)

// transactionMarker says typ opens, ends or aborts a metadata transaction.
func transactionMarker(typ string) bool {
	return typ == beginTransaction || typ == endTransaction || typ == abortTransaction
}

// noBearing are the metadata record types (MetadataRecordType, generated
// from the schemas' apiKeys) that do not touch replication: kplay counts
// them and reads nothing of them.
var noBearing = []string{
	"NO_OP_RECORD", "REGISTER_CONTROLLER_RECORD", "PRODUCER_IDS_RECORD",
	"CLIENT_QUOTA_RECORD", "ACCESS_CONTROL_ENTRY_RECORD", "REMOVE_ACCESS_CONTROL_ENTRY_RECORD",
	"USER_SCRAM_CREDENTIAL_RECORD", "REMOVE_USER_SCRAM_CREDENTIAL_RECORD",
	"DELEGATION_TOKEN_RECORD", "REMOVE_DELEGATION_TOKEN_RECORD", "ZK_MIGRATION_STATE_RECORD",
}

// recordKind says whether kplay knows record type typ, and how to decode
// the data of one it reads (nil: none to read).
func recordKind(typ string) (known bool, decode func(string) (any, error)) {
	switch typ {
	case "REGISTER_BROKER_RECORD":
		return true, decodeAs[RegisterBrokerRecord]
	case "UNREGISTER_BROKER_RECORD":
		return true, decodeAs[UnregisterBrokerRecord]
	case "BROKER_REGISTRATION_CHANGE_RECORD":
		return true, decodeAs[BrokerRegistrationChangeRecord]
	case "FENCE_BROKER_RECORD":
		return true, decodeAs[FenceBrokerRecord]
	case "UNFENCE_BROKER_RECORD":
		return true, decodeAs[UnfenceBrokerRecord]
	case "TOPIC_RECORD":
		return true, decodeAs[TopicRecord]
	case "REMOVE_TOPIC_RECORD":
		return true, decodeAs[RemoveTopicRecord]
	case "PARTITION_RECORD":
		return true, decodeAs[PartitionRecord]
	case "PARTITION_CHANGE_RECORD":
		return true, decodeAs[PartitionChangeRecord]
	case "CONFIG_RECORD":
		return true, decodeAs[ConfigRecord]
	case "FEATURE_LEVEL_RECORD":
		return true, decodeAs[FeatureLevelRecord]
	case beginTransaction, endTransaction, abortTransaction:
		return true, nil
	}
	for _, t := range noBearing {
		if t == typ {
			return true, nil
		}
	}
	return false, nil
}

// decodeAs decodes a record's data as T and checks its ids.
func decodeAs[T any](data string) (any, error) {
	v := new(T)
	if err := json.Unmarshal([]byte(data), v); err != nil {
		return nil, err
	}
	if err := checkIDs(v); err != nil {
		return nil, err
	}
	return v, nil
}

// checkIDs refuses negative broker and partition ids, and leaders other
// than a broker id, -1 (none) or, in a change, -2 (unchanged).
func checkIDs(v any) error {
	list := func(what string, ids []int32) error {
		for _, id := range ids {
			if id < 0 {
				return fmt.Errorf("%s holds %d, not a broker id", what, id)
			}
		}
		return nil
	}
	opt := func(what string, ids *[]int32) error {
		if ids == nil {
			return nil
		}
		return list(what, *ids)
	}
	broker := func(id int32) error {
		if id < 0 {
			return fmt.Errorf("broker id %d is not a broker id", id)
		}
		return nil
	}
	switch r := v.(type) {
	case *RegisterBrokerRecord:
		return broker(r.BrokerID)
	case *UnregisterBrokerRecord:
		return broker(r.BrokerID)
	case *BrokerRegistrationChangeRecord:
		return broker(r.BrokerID)
	case *FenceBrokerRecord:
		return broker(r.ID)
	case *UnfenceBrokerRecord:
		return broker(r.ID)
	case *PartitionRecord:
		if r.PartitionID < 0 {
			return fmt.Errorf("partition id %d", r.PartitionID)
		}
		if r.Leader < -1 {
			return fmt.Errorf("leader %d is neither a broker id nor -1 (none)", r.Leader)
		}
		for _, err := range []error{list("replicas", r.Replicas), list("isr", r.ISR), opt("eligibleLeaderReplicas", r.ELR), opt("lastKnownElr", r.LastKnownELR)} {
			if err != nil {
				return err
			}
		}
	case *PartitionChangeRecord:
		if r.PartitionID < 0 {
			return fmt.Errorf("partition id %d", r.PartitionID)
		}
		if r.Leader != nil && *r.Leader < -2 {
			return fmt.Errorf("leader %d is neither a broker id, -1 (none) nor -2 (unchanged)", *r.Leader)
		}
		for _, err := range []error{opt("isr", r.ISR), opt("replicas", r.Replicas), opt("eligibleLeaderReplicas", r.ELR), opt("lastKnownElr", r.LastKnownELR)} {
			if err != nil {
				return err
			}
		}
	}
	return nil
}
