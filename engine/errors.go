package engine

import "strconv"

// ErrorCode is a Kafka protocol error code, numbered and named as in
// org.apache.kafka.common.protocol.Errors.
type ErrorCode int16

// The Kafka errors the engine produces (Errors.java).
const (
	ErrNone                         ErrorCode = 0
	ErrOffsetOutOfRange             ErrorCode = 1
	ErrUnknownTopicOrPartition      ErrorCode = 3
	ErrLeaderNotAvailable           ErrorCode = 5
	ErrNotLeaderOrFollower          ErrorCode = 6
	ErrRequestTimedOut              ErrorCode = 7
	ErrNetworkException             ErrorCode = 13
	ErrNotEnoughReplicas            ErrorCode = 19
	ErrNotEnoughReplicasAfterAppend ErrorCode = 20
	ErrOutOfOrderSequenceNumber     ErrorCode = 45
	ErrDuplicateSequenceNumber      ErrorCode = 46
	ErrCoordinatorNotAvailable      ErrorCode = 15
	ErrNotController                ErrorCode = 41
	ErrInvalidRequest               ErrorCode = 42
	ErrFencedLeaderEpoch            ErrorCode = 74
	ErrUnknownLeaderEpoch           ErrorCode = 75
	ErrStaleBrokerEpoch             ErrorCode = 77
	ErrOffsetNotAvailable           ErrorCode = 78
	ErrPreferredLeaderNotAvailable  ErrorCode = 80
	ErrEligibleLeadersNotAvailable  ErrorCode = 83
	ErrElectionNotNeeded            ErrorCode = 84
	ErrInvalidUpdateVersion         ErrorCode = 95
	ErrDuplicateBrokerRegistration  ErrorCode = 101
	ErrIneligibleReplica            ErrorCode = 107
)

var errorNames = [...]struct {
	code ErrorCode
	name string
}{
	{ErrNone, "NONE"},
	{ErrOffsetOutOfRange, "OFFSET_OUT_OF_RANGE"},
	{ErrUnknownTopicOrPartition, "UNKNOWN_TOPIC_OR_PARTITION"},
	{ErrLeaderNotAvailable, "LEADER_NOT_AVAILABLE"},
	{ErrNotLeaderOrFollower, "NOT_LEADER_OR_FOLLOWER"},
	{ErrRequestTimedOut, "REQUEST_TIMED_OUT"},
	{ErrNetworkException, "NETWORK_EXCEPTION"},
	{ErrNotEnoughReplicas, "NOT_ENOUGH_REPLICAS"},
	{ErrNotEnoughReplicasAfterAppend, "NOT_ENOUGH_REPLICAS_AFTER_APPEND"},
	{ErrOutOfOrderSequenceNumber, "OUT_OF_ORDER_SEQUENCE_NUMBER"},
	{ErrDuplicateSequenceNumber, "DUPLICATE_SEQUENCE_NUMBER"},
	{ErrCoordinatorNotAvailable, "COORDINATOR_NOT_AVAILABLE"},
	{ErrNotController, "NOT_CONTROLLER"},
	{ErrInvalidRequest, "INVALID_REQUEST"},
	{ErrFencedLeaderEpoch, "FENCED_LEADER_EPOCH"},
	{ErrUnknownLeaderEpoch, "UNKNOWN_LEADER_EPOCH"},
	{ErrStaleBrokerEpoch, "STALE_BROKER_EPOCH"},
	{ErrOffsetNotAvailable, "OFFSET_NOT_AVAILABLE"},
	{ErrPreferredLeaderNotAvailable, "PREFERRED_LEADER_NOT_AVAILABLE"},
	{ErrEligibleLeadersNotAvailable, "ELIGIBLE_LEADERS_NOT_AVAILABLE"},
	{ErrElectionNotNeeded, "ELECTION_NOT_NEEDED"},
	{ErrInvalidUpdateVersion, "INVALID_UPDATE_VERSION"},
	{ErrDuplicateBrokerRegistration, "DUPLICATE_BROKER_REGISTRATION"},
	{ErrIneligibleReplica, "INELIGIBLE_REPLICA"},
}

// String prints Kafka's name for the error, e.g. NOT_LEADER_OR_FOLLOWER.
func (e ErrorCode) String() string {
	for _, n := range errorNames {
		if n.code == e {
			return n.name
		}
	}
	return "UNKNOWN_SERVER_ERROR(" + strconv.Itoa(int(e)) + ")"
}
