//go:build !js

// Package oracle drives a real Apache Kafka 4.4 cluster (started by
// conformance/kafkacluster) with franz-go: it creates topics, produces,
// consumes, reads each broker's own replica of a partition, describes
// partitions the way kafka-topics.sh does, and runs admin operations. Its
// answers are what kplay's simulator is compared against.
//
// Every call that talks to a broker takes a context: a SIGSTOPped broker
// never answers, so callers bound each call with a deadline. Kafka's
// per-partition error codes are returned as values (int16, as on the wire;
// see ErrName); transport failures, unreachable brokers and malformed
// answers are returned as errors.
package oracle

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"

	"kplay/conformance/kafkacluster"
)

// Client talks to one cluster; its methods may be called from one
// goroutine at a time. Producers and consumers it makes are independent
// clients with their own connections.
type Client struct {
	cluster *kafkacluster.Cluster
	// admin is seeded with every broker and routes admin requests the way
	// franz-go does (to the metadata's controller id, which in KRaft is a
	// live broker that forwards to the quorum controller).
	admin *kgo.Client

	mu sync.Mutex
	// direct holds, per broker and produce acks, a client seeded with that
	// broker alone; requests go to its seed, so they reach that broker
	// even while the cluster's metadata does not list it (fenced).
	direct map[directKey]*kgo.Client
}

type directKey struct {
	broker int
	acks   int16
}

// Dial makes a Client for cl. It does not connect yet; call WaitReady.
func Dial(cl *kafkacluster.Cluster) (*Client, error) {
	admin, err := kgo.NewClient(baseOpts(cl.Bootstrap()...)...)
	if err != nil {
		return nil, fmt.Errorf("oracle: %w", err)
	}
	return &Client{cluster: cl, admin: admin, direct: map[directKey]*kgo.Client{}}, nil
}

// Close closes the admin client and every per-broker client. Producers and
// consumers are closed by their own Close.
func (c *Client) Close() {
	c.admin.Close()
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, d := range c.direct {
		d.Close()
		delete(c.direct, k)
	}
}

// baseOpts is what every client of this package shares: the seeds, a fast
// metadata refresh so failovers are seen within ~50 ms, Kafka's default
// retry backoff, and a 3 s request timeout overhead (requests without a
// timeout field wait that long for an answer).
func baseOpts(seeds ...string) []kgo.Opt {
	return []kgo.Opt{
		kgo.SeedBrokers(seeds...),
		kgo.ClientID("kplay-oracle"),
		kgo.MetadataMinAge(50 * time.Millisecond),
		kgo.MetadataMaxAge(5 * time.Second),
		kgo.RetryBackoffFn(kafkaBackoff),
		kgo.RequestTimeoutOverhead(3 * time.Second),
		kgo.DialTimeout(2 * time.Second),
	}
}

// kafkaBackoff is the Java clients' exponential retry backoff (KIP-580):
// retry.backoff.ms=100 doubling per try up to retry.backoff.max.ms=1000,
// with ±20 % jitter.
func kafkaBackoff(tries int) time.Duration {
	d := 100 * time.Millisecond
	for i := 1; i < tries && d < time.Second; i++ {
		d *= 2
	}
	d = min(d, time.Second)
	jitter := 0.8 + 0.4*rand.Float64()
	return time.Duration(float64(d) * jitter)
}

// brokerClient returns the client seeded with broker id alone whose
// ProduceRequests carry acks (franz-go stamps every ProduceRequest with its
// client's configured acks).
func (c *Client) brokerClient(id int, acks int16) (*kgo.Client, error) {
	if id < 1 || id > c.cluster.Brokers() {
		return nil, fmt.Errorf("oracle: no broker %d (cluster has 1..%d)", id, c.cluster.Brokers())
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	k := directKey{id, acks}
	if d := c.direct[k]; d != nil {
		return d, nil
	}
	a, err := kgoAcks(int(acks))
	if err != nil {
		return nil, fmt.Errorf("oracle: %w", err)
	}
	opts := append(baseOpts(c.cluster.Addr(id)), kgo.RequiredAcks(a), kgo.DisableIdempotentWrite())
	d, err := kgo.NewClient(opts...)
	if err != nil {
		return nil, fmt.Errorf("oracle: %w", err)
	}
	c.direct[k] = d
	return d, nil
}

// requestBroker sends req to broker id itself (not following metadata)
// and returns its response. A broker that cannot be reached is an error.
func (c *Client) requestBroker(ctx context.Context, id int, acks int16, req kmsg.Request) (kmsg.Response, error) {
	d, err := c.brokerClient(id, acks)
	if err != nil {
		return nil, err
	}
	seeds := d.SeedBrokers()
	if len(seeds) != 1 {
		return nil, fmt.Errorf("oracle: broker %d client has %d seeds", id, len(seeds))
	}
	resp, err := seeds[0].Request(ctx, req)
	if err != nil && ctx.Err() == nil {
		// A connection to a broker process that has since been killed
		// and restarted fails on first use (EOF); franz-go dials afresh
		// on the next request. Kafka's own errors are in the response,
		// not here, so one retry cannot hide an answer.
		resp, err = seeds[0].Request(ctx, req)
	}
	if err != nil {
		return nil, fmt.Errorf("oracle: broker %d: %s (key %d): %w", id, kmsg.NameForKey(req.Key()), req.Key(), err)
	}
	return resp, nil
}

// WaitReady waits until every broker 1..n is registered and unfenced: a
// Metadata request (API key 3) lists exactly brokers 1..n, and each of
// them answers ApiVersions (key 18) on its own connection. ctx bounds the
// wait; on timeout the last reason is in the error.
func (c *Client) WaitReady(ctx context.Context, n int) error {
	var last error
	for {
		last = c.ready(ctx, n)
		if last == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("oracle: cluster not ready: %w (last: %v)", ctx.Err(), last)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func (c *Client) ready(ctx context.Context, n int) error {
	rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req := kmsg.NewPtrMetadataRequest()
	req.Topics = []kmsg.MetadataRequestTopic{} // no topics, brokers only
	resp, err := adminRequest[*kmsg.MetadataResponse](rctx, c, req)
	if err != nil {
		return err
	}
	var ids []int
	for _, b := range resp.Brokers {
		ids = append(ids, int(b.NodeID))
	}
	slices.Sort(ids)
	want := make([]int, n)
	for i := range want {
		want[i] = i + 1
	}
	if !slices.Equal(ids, want) {
		return fmt.Errorf("metadata lists brokers %v, want %v", ids, want)
	}
	for id := 1; id <= n; id++ {
		av := kmsg.NewPtrApiVersionsRequest()
		av.ClientSoftwareName, av.ClientSoftwareVersion = "kplay-oracle", "1"
		r, err := c.requestBroker(rctx, id, -1, av)
		if err != nil {
			return err
		}
		if err := codeErr(r.(*kmsg.ApiVersionsResponse).ErrorCode, fmt.Sprintf("broker %d ApiVersions", id), nil); err != nil {
			return err
		}
	}
	return nil
}

// topicIDString renders a topic id as Kafka's Uuid.toString does:
// unpadded base64url of the 16 bytes.
func topicIDString(id [16]byte) string { return base64.RawURLEncoding.EncodeToString(id[:]) }

// ErrName is Kafka's name for an error code, as Kafka 4.4's Errors enum
// spells it ("NONE" for 0, "NOT_LEADER_OR_FOLLOWER" for 6). Names come from
// franz-go's kerr; the one kerr still spells the pre-2.7 way (6,
// NOT_LEADER_FOR_PARTITION, renamed by KIP-392) is corrected. Unknown codes
// are "UNKNOWN_SERVER_ERROR", as Errors.forCode answers.
func ErrName(code int16) string {
	switch code {
	case 0:
		return "NONE"
	case 6:
		return "NOT_LEADER_OR_FOLLOWER"
	}
	e := kerr.TypedErrorForCode(code)
	if e == nil {
		return "NONE"
	}
	return e.Message
}

// codeErr turns a Kafka error code into an error (nil for 0) that names it.
func codeErr(code int16, what string, msg *string) error {
	if code == 0 {
		return nil
	}
	s := fmt.Sprintf("oracle: %s: %s (%d)", what, ErrName(code), code)
	if msg != nil && *msg != "" {
		s += ": " + *msg
	}
	return &KafkaError{Code: code, msg: s}
}

// KafkaError is an error Kafka answered with; Code is its error code.
type KafkaError struct {
	Code int16
	msg  string
}

func (e *KafkaError) Error() string { return e.msg }

// CodeOf returns the Kafka error code inside err: a *KafkaError's Code, a
// franz-go *kerr.Error's code, 0 for nil, and -1 (UNKNOWN_SERVER_ERROR) for
// any other error.
func CodeOf(err error) int16 {
	if err == nil {
		return 0
	}
	var ke *KafkaError
	if errors.As(err, &ke) {
		return ke.Code
	}
	var fe *kerr.Error
	if errors.As(err, &fe) {
		return fe.Code
	}
	return -1
}

// adminRequest sends an admin request (Metadata, CreateTopics,
// DescribeTopicPartitions, DescribeConfigs, ElectLeaders, ...) to the
// lowest-numbered broker that is running and not stalled: any broker
// answers these or forwards them to the controller, but a SIGSTOPped one
// would hold the request until it is continued.
func adminRequest[R kmsg.Response](ctx context.Context, c *Client, req kmsg.Request) (R, error) {
	var zero R
	for id := 1; id <= c.cluster.Brokers(); id++ {
		if !c.cluster.Running(id) || c.cluster.Stalled(id) {
			continue
		}
		resp, err := c.requestBroker(ctx, id, -1, req)
		if err != nil {
			if ctx.Err() != nil {
				return zero, err
			}
			continue // this broker may have just died: ask the next one
		}
		r, ok := resp.(R)
		if !ok {
			return zero, fmt.Errorf("oracle: broker %d answered %s with %T", id, kmsg.NameForKey(req.Key()), resp)
		}
		return r, nil
	}
	return zero, fmt.Errorf("oracle: no running broker to send %s to", kmsg.NameForKey(req.Key()))
}

// liveSeeds is the addresses of the brokers that are running and not
// stalled, so a new client's first metadata request is answered; all of
// them if none is.
func (c *Client) liveSeeds() []string {
	var out []string
	for id := 1; id <= c.cluster.Brokers(); id++ {
		if c.cluster.Running(id) && !c.cluster.Stalled(id) {
			out = append(out, c.cluster.Addr(id))
		}
	}
	if len(out) == 0 {
		return c.cluster.Bootstrap()
	}
	return out
}

// kgoAcks is franz-go's setting for Kafka's acks: -1 (all), 1 or 0.
func kgoAcks(acks int) (kgo.Acks, error) {
	switch acks {
	case -1:
		return kgo.AllISRAcks(), nil
	case 1:
		return kgo.LeaderAck(), nil
	case 0:
		return kgo.NoAck(), nil
	}
	return kgo.Acks{}, fmt.Errorf("acks %d; want -1, 0 or 1", acks)
}
