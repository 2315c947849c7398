//go:build !js

package oracle

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
)

// ProduceResult is the outcome of one produced record.
type ProduceResult struct {
	Value string
	// Offset is the record's offset, -1 if it failed (or, with acks 0,
	// always: Kafka sends no answer).
	Offset int64
	// ErrCode is 0 on success, Kafka's error code when Kafka failed the
	// record, 7 REQUEST_TIMED_OUT when its delivery timeout expired in
	// the client (the Java producer's TimeoutException, whose code is
	// 7), and -1 for any other client error.
	ErrCode int16
	// Err is "" on success, Kafka's error name (ErrName) for a Kafka
	// error, and the client's error text otherwise.
	Err string
}

// A Producer is one named producer client, like one Java KafkaProducer,
// for one acks setting. Records carry their partition; batches are sent
// uncompressed. It is safe for concurrent use.
type Producer struct {
	name string
	cl   *kgo.Client

	mu      sync.Mutex
	results []ProduceResult
	done    []bool
	pending int
}

// NewProducer makes a producer named name (its client.id) on the cluster.
// linger is linger.ms: how long a partition's first record waits for more
// to share its batch (5 ms by default since Kafka 4.0, KIP-1030).
// acks is -1 (all), 1 or 0; idempotent is enable.idempotence (KIP-98),
// valid only with acks -1. requestTimeout is the Java producer's
// request.timeout.ms: the Produce request's TimeoutMillis, and the client
// gives up on an answer after it plus 1 s (franz-go's request timeout
// overhead, which Java does not have). deliveryTimeout is
// delivery.timeout.ms: how long a record may wait, retries included,
// before it fails with 7 REQUEST_TIMED_OUT. As in Java, an idempotent
// producer also fails records in flight at that deadline and bumps its
// producer epoch before producing again (KIP-360; franz-go's
// AllowIdempotentProduceCancellation); unlike Java, franz-go fails every
// record buffered for the partition with the expired one, not just its
// batch. Retries back off as Java's (retry.backoff.ms 100 to
// retry.backoff.max.ms 1000), metadata is refreshed at most every 50 ms
// on errors so a new leader is found fast. maxInFlight is
// max.in.flight.requests.per.connection for a plain producer; an
// idempotent one keeps up to 5 requests per broker in flight, as Java's
// must (it requires at most 5). retries is the producer's retries: how
// often a failed record is sent again before it fails with the error
// (franz-go's RecordRetries; Java's default, 2147483647, is unlimited).
func (c *Client) NewProducer(name string, acks int, idempotent bool, linger, requestTimeout, deliveryTimeout time.Duration, maxInFlight, retries int) (*Producer, error) {
	a, err := kgoAcks(acks)
	if err != nil {
		return nil, fmt.Errorf("oracle: producer %s: %w", name, err)
	}
	if idempotent && acks != -1 {
		return nil, fmt.Errorf("oracle: producer %s: an idempotent producer needs acks -1, not %d", name, acks)
	}
	opts := append(baseOpts(c.liveSeeds()...),
		kgo.ClientID(name),
		kgo.RequiredAcks(a),
		kgo.RecordPartitioner(kgo.ManualPartitioner()),
		kgo.ProducerLinger(linger),
		kgo.ProducerBatchCompression(kgo.NoCompression()),
		kgo.ProduceRequestTimeout(requestTimeout),
		kgo.RequestTimeoutOverhead(time.Second),
		kgo.RecordDeliveryTimeout(deliveryTimeout),
	)
	if maxInFlight < 1 || retries < 0 {
		return nil, fmt.Errorf("oracle: producer %s: max.in.flight.requests.per.connection %d, retries %d", name, maxInFlight, retries)
	}
	if retries < math.MaxInt32 {
		opts = append(opts, kgo.RecordRetries(retries))
	}
	if idempotent {
		// franz-go then keeps up to 5 requests in flight per broker.
		opts = append(opts, kgo.AllowIdempotentProduceCancellation())
	} else {
		opts = append(opts, kgo.DisableIdempotentWrite(), kgo.MaxProduceRequestsInflightPerBroker(maxInFlight))
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return nil, fmt.Errorf("oracle: producer %s: %w", name, err)
	}
	return &Producer{name: name, cl: cl}, nil
}

// Produce sends values, in order, to topic-partition with key ("" sends a
// null key). It does not wait: each result arrives later (Results).
func (p *Producer) Produce(topic string, partition int32, key string, values []string) {
	for _, v := range values {
		p.mu.Lock()
		i := len(p.results)
		p.results = append(p.results, ProduceResult{Value: v, Offset: -1})
		p.done = append(p.done, false)
		p.pending++
		p.mu.Unlock()
		r := &kgo.Record{Topic: topic, Partition: partition, Value: []byte(v)}
		if key != "" {
			r.Key = []byte(key)
		}
		p.cl.Produce(context.Background(), r, func(r *kgo.Record, err error) {
			res := ProduceResult{Value: v, Offset: -1}
			if err == nil {
				res.Offset = r.Offset
			} else {
				res.ErrCode, res.Err = produceErr(err)
			}
			p.mu.Lock()
			p.results[i] = res
			p.done[i] = true
			p.pending--
			p.mu.Unlock()
		})
	}
}

func produceErr(err error) (int16, string) {
	var ke *kerr.Error
	if errors.As(err, &ke) {
		return ke.Code, ErrName(ke.Code)
	}
	if errors.Is(err, kgo.ErrRecordTimeout) {
		return kerr.RequestTimedOut.Code, err.Error()
	}
	return -1, err.Error()
}

// Results returns, in send order, the result of every record that has one
// so far; records still pending are absent.
func (p *Producer) Results() []ProduceResult {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []ProduceResult
	for i, r := range p.results {
		if p.done[i] {
			out = append(out, r)
		}
	}
	return out
}

// Pending is the number of records sent and not yet answered.
func (p *Producer) Pending() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.pending
}

// Flush waits until every record sent so far has its result, or ctx ends.
func (p *Producer) Flush(ctx context.Context) error {
	if err := p.cl.Flush(ctx); err != nil {
		return fmt.Errorf("oracle: producer %s: flush: %w", p.name, err)
	}
	return nil
}

// Close fails the records still pending and closes the client.
func (p *Producer) Close() { p.cl.Close() }
