//go:build !js

package oracle

import (
	"slices"
	"testing"
)

// dumpHead is what kafka-dump-log.sh --cluster-metadata-decoder
// --skip-record-metadata printed for a Kafka 4.4.0 controller whose one
// broker registered, was unfenced, got topic t (one replica) and was then
// killed; the REGISTER_BROKER_RECORD's features are cut short.
const dumpHead = `Dumping c-data/__cluster_metadata-0/00000000000000000000.log
Log starting offset: 0
baseOffset: 0 lastOffset: 0 count: 1 baseSequence: -1 lastSequence: -1 producerId: -1 producerEpoch: -1 partitionLeaderEpoch: 1 isTransactional: false isControl: true deleteHorizonMs: OptionalLong.empty position: 0 CreateTime: 1796119367407 size: 91 magic: 2 compresscodec: none crc: 4272627387 isvalid: true
| payload: {"type":"FEATURE_LEVEL_RECORD","version":0,"data":{"name":"eligible.leader.replicas.version","featureLevel":1}}
| payload: {"type":"REGISTER_BROKER_RECORD","version":4,"data":{"brokerId":1,"isMigratingZkBroker":false,"incarnationId":"EkDBhgKGRrm8SJ1kZWC9ZQ","brokerEpoch":12,"endPoints":[{"name":"PLAINTEXT","host":"127.0.0.1","port":19092,"securityProtocol":0}],"features":[],"rack":null,"fenced":true,"inControlledShutdown":false,"logDirs":["C80NhFTNDbG6-OeiQoeArA"]}}
| payload: {"type":"BROKER_REGISTRATION_CHANGE_RECORD","version":0,"data":{"brokerId":1,"brokerEpoch":12,"fenced":-1}}
| payload: {"type":"BROKER_REGISTRATION_CHANGE_RECORD","version":3,"data":{"brokerId":1,"brokerEpoch":12,"cordonedLogDirs":[]}}
| payload: {"type":"TOPIC_RECORD","version":0,"data":{"name":"t","topicId":"vdhxTg8CSUSBvfqRBHDKZw"}}
| payload: {"type":"PARTITION_RECORD","version":2,"data":{"partitionId":0,"topicId":"vdhxTg8CSUSBvfqRBHDKZw","replicas":[1],"isr":[1],"removingReplicas":[],"addingReplicas":[],"leader":1,"leaderEpoch":0,"partitionEpoch":0,"directories":["C80NhFTNDbG6-OeiQoeArA"]}}
| payload: {"type":"PARTITION_CHANGE_RECORD","version":2,"data":{"partitionId":0,"topicId":"vdhxTg8CSUSBvfqRBHDKZw","isr":[],"leader":-1,"eligibleLeaderReplicas":[1],"lastKnownElr":[1]}}
| payload: {"type":"BROKER_REGISTRATION_CHANGE_RECORD","version":0,"data":{"brokerId":1,"brokerEpoch":12,"fenced":1}}
`

// TestFoldMetadataDumpKafka folds the dump Kafka 4.4.0 wrote. The expected
// partition follows PartitionRegistration.merge: the one change record
// carries a leader (-1, none), so both epochs go from 0 to 1; the ISR, ELR
// and LastKnownElr are the record's. The broker is registered once
// (epoch 12, the record's offset), unfenced by the change to -1 and fenced
// again by the change to 1.
func TestFoldMetadataDumpKafka(t *testing.T) {
	v, err := FoldMetadataDump(dumpHead)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := v.Partition("t", 0)
	if !ok {
		t.Fatal("no t-0")
	}
	want := Registration{Replicas: []int32{1}, ISR: []int32{}, ELR: []int32{1}, LastKnownELR: []int32{1}, Leader: -1, LeaderEpoch: 1, PartitionEpoch: 1}
	if !regEqual(p, want) {
		t.Errorf("t-0 = %+v, want %+v", p, want)
	}
	b := v.Brokers[1]
	if b.Epoch != 12 || b.Incarnation != "EkDBhgKGRrm8SJ1kZWC9ZQ" || b.Registrations != 1 || !b.Fenced {
		t.Errorf("broker 1 = %+v, want epoch 12, incarnation EkDBhgKGRrm8SJ1kZWC9ZQ, 1 registration, fenced", b)
	}
	if len(v.Unfenced()) != 0 {
		t.Errorf("unfenced = %v, want none", v.Unfenced())
	}
	if v.Records != 8 {
		t.Errorf("%d records folded, want 8", v.Records)
	}
}

// TestFoldMetadataDumpChanges: a change record without a leader field (an
// AlterPartition ISR shrink) moves only the partition epoch; one that names
// the same leader again moves the leader epoch too (merge does not compare
// leaders); lists keep the record's order, not sorted; a second
// RegisterBrokerRecord is a new incarnation; the pre-3.x FenceBrokerRecord
// and UnfenceBrokerRecord spell the broker "id".
func TestFoldMetadataDumpChanges(t *testing.T) {
	dump := `| payload: {"type":"TOPIC_RECORD","version":0,"data":{"name":"t","topicId":"AAAAAAAAAAAAAAAAAAAAAQ"}}
| payload: {"type":"PARTITION_RECORD","version":2,"data":{"partitionId":0,"topicId":"AAAAAAAAAAAAAAAAAAAAAQ","replicas":[1,2,3],"isr":[1,2,3],"leader":1,"leaderEpoch":0,"partitionEpoch":0}}
| payload: {"type":"PARTITION_CHANGE_RECORD","version":2,"data":{"partitionId":0,"topicId":"AAAAAAAAAAAAAAAAAAAAAQ","isr":[1,3]}}
| payload: {"type":"PARTITION_CHANGE_RECORD","version":2,"data":{"partitionId":0,"topicId":"AAAAAAAAAAAAAAAAAAAAAQ","leader":1}}
| payload: {"type":"PARTITION_CHANGE_RECORD","version":2,"data":{"partitionId":0,"topicId":"AAAAAAAAAAAAAAAAAAAAAQ","isr":[3],"leader":3,"eligibleLeaderReplicas":[2,1]}}
| payload: {"type":"REGISTER_BROKER_RECORD","version":4,"data":{"brokerId":2,"incarnationId":"aaaaaaaaaaaaaaaaaaaaaa","brokerEpoch":5,"fenced":true,"inControlledShutdown":false}}
| payload: {"type":"UNFENCE_BROKER_RECORD","version":0,"data":{"id":2,"epoch":5}}
| payload: {"type":"BROKER_REGISTRATION_CHANGE_RECORD","version":1,"data":{"brokerId":2,"brokerEpoch":5,"inControlledShutdown":1}}
| payload: {"type":"REGISTER_BROKER_RECORD","version":4,"data":{"brokerId":2,"incarnationId":"bbbbbbbbbbbbbbbbbbbbbb","brokerEpoch":40,"fenced":true,"inControlledShutdown":false}}
| payload: {"type":"REGISTER_BROKER_RECORD","version":4,"data":{"brokerId":3,"incarnationId":"cccccccccccccccccccccc","brokerEpoch":7,"fenced":false}}
| payload: {"type":"FENCE_BROKER_RECORD","version":0,"data":{"id":3,"epoch":7}}
`
	v, err := FoldMetadataDump(dump)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := v.Partition("t", 0)
	want := Registration{Replicas: []int32{1, 2, 3}, ISR: []int32{3}, ELR: []int32{2, 1}, Leader: 3, LeaderEpoch: 2, PartitionEpoch: 3}
	if !regEqual(p, want) {
		t.Errorf("t-0 = %+v, want %+v", p, want)
	}
	if b := v.Brokers[2]; b.Incarnation != "bbbbbbbbbbbbbbbbbbbbbb" || b.Epoch != 40 || b.Registrations != 2 || !b.Fenced || b.InControlledShutdown {
		t.Errorf("broker 2 = %+v, want its second incarnation, epoch 40, fenced, not shutting down", b)
	}
	if b := v.Brokers[3]; !b.Fenced {
		t.Errorf("broker 3 = %+v, want fenced", b)
	}
}

// TestFoldMetadataDumpErrors: a payload that is not JSON, or a change to a
// partition never registered, is an error naming the line.
func TestFoldMetadataDumpErrors(t *testing.T) {
	for _, dump := range []string{
		"x\n| payload: {\"type\":",
		"| payload: {\"type\":\"PARTITION_CHANGE_RECORD\",\"data\":{\"partitionId\":0,\"topicId\":\"AAAAAAAAAAAAAAAAAAAAAQ\",\"isr\":[1]}}",
	} {
		if _, err := FoldMetadataDump(dump); err == nil {
			t.Errorf("FoldMetadataDump(%q): no error", dump)
		}
	}
}

func regEqual(a, b Registration) bool {
	eq := func(x, y []int32) bool { return len(x) == len(y) && (len(x) == 0 || slices.Equal(x, y)) }
	return eq(a.Replicas, b.Replicas) && eq(a.ISR, b.ISR) && eq(a.ELR, b.ELR) && eq(a.LastKnownELR, b.LastKnownELR) &&
		a.Leader == b.Leader && a.LeaderEpoch == b.LeaderEpoch && a.PartitionEpoch == b.PartitionEpoch
}

// TestControllerDescribeText: the describe lines from the controller's
// state have kafka-topics.sh's shape; a fenced leader prints as "none".
func TestControllerDescribeText(t *testing.T) {
	v, err := FoldMetadataDump(dumpHead)
	if err != nil {
		t.Fatal(err)
	}
	got, err := v.DescribeText("t")
	if err != nil {
		t.Fatal(err)
	}
	want := "Topic: t\tTopicId: vdhxTg8CSUSBvfqRBHDKZw\tPartitionCount: 1\tReplicationFactor: 1\tConfigs: \n" +
		"\tTopic: t\tPartition: 0\tLeader: none\tReplicas: 1\tIsr: \tElr: 1\tLastKnownElr: 1\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := v.DescribeText("u"); err == nil {
		t.Error("an unknown topic described without error")
	}
}
