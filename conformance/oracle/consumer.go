//go:build !js

package oracle

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A Consumer reads one partition directly (assigned, no group) and keeps
// every record it receives. It fetches continuously in its own goroutine
// until Close.
type Consumer struct {
	name      string
	topic     string
	partition int32
	cl        *kgo.Client
	cancel    context.CancelFunc
	done      chan struct{}

	mu      sync.Mutex
	records []Record
	errs    []string
}

// NewConsumer starts a consumer named name (its client.id) on
// topic-partition from offset from: -2 the earliest, -1 the latest, else
// that offset. rack is its client.rack ("" for none): with a
// replica.selector configured on the brokers (such as
// RackAwareReplicaSelector), the leader may redirect it to a replica in
// its rack (KIP-392), which franz-go follows. It reads uncommitted
// records (isolation.level=read_uncommitted) with fetch.max.wait.ms=500,
// as the Java consumer's defaults. reset is auto.offset.reset, what it
// does when the leader answers OFFSET_OUT_OF_RANGE: "earliest", "latest"
// (the Java consumer's default) or "none" (stop with an error); an
// OFFSET_OUT_OF_RANGE from a follower (a preferred read replica) sends it
// back to the leader first, as the Java consumer's FetchCollector does.
func (c *Client) NewConsumer(name, topic string, partition int32, from int64, rack, reset string) (*Consumer, error) {
	var off kgo.Offset
	switch {
	case from == -2:
		off = kgo.NewOffset().AtStart()
	case from == -1:
		off = kgo.NewOffset().AtEnd()
	case from >= 0:
		off = kgo.NewOffset().At(from)
	default:
		return nil, fmt.Errorf("oracle: consumer %s: offset %d; want -2, -1 or >= 0", name, from)
	}
	var resetOff kgo.Offset
	switch reset {
	case "earliest":
		resetOff = kgo.NewOffset().AtStart()
	case "latest":
		resetOff = kgo.NewOffset().AtEnd()
	case "none":
		resetOff = kgo.NoResetOffset()
	default:
		return nil, fmt.Errorf("oracle: consumer %s: auto.offset.reset %q; want earliest, latest or none", name, reset)
	}
	opts := append(baseOpts(c.liveSeeds()...),
		kgo.ClientID(name),
		kgo.ConsumePartitions(map[string]map[int32]kgo.Offset{topic: {partition: off}}),
		kgo.ConsumeResetOffset(resetOff),
		kgo.FetchMaxWait(500*time.Millisecond),
	)
	if rack != "" {
		opts = append(opts, kgo.Rack(rack))
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return nil, fmt.Errorf("oracle: consumer %s: %w", name, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	k := &Consumer{name: name, topic: topic, partition: partition, cl: cl, cancel: cancel, done: make(chan struct{})}
	go k.run(ctx)
	return k, nil
}

func (k *Consumer) run(ctx context.Context) {
	defer close(k.done)
	for ctx.Err() == nil {
		fs := k.cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		var got []Record
		fs.EachRecord(func(r *kgo.Record) {
			got = append(got, Record{Offset: r.Offset, Value: string(r.Value), LeaderEpoch: r.LeaderEpoch})
		})
		var errs []string
		fs.EachError(func(t string, p int32, err error) {
			if ctx.Err() == nil {
				errs = append(errs, fmt.Sprintf("%s-%d: %v", t, p, err))
			}
		})
		k.mu.Lock()
		k.records = append(k.records, got...)
		k.errs = append(k.errs, errs...)
		k.mu.Unlock()
	}
}

// Records returns everything received so far, in order.
func (k *Consumer) Records() []Record {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]Record(nil), k.records...)
}

// Errors returns the fetch errors the client reported so far (franz-go
// retries them itself; they are for diagnosis).
func (k *Consumer) Errors() []string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]string(nil), k.errs...)
}

// SeekTo moves the consumer's position to offset, as KafkaConsumer.seek
// does: the client, its metadata and its preferred read replica stay, the
// records it received stay in Records, and the next fetch starts at
// offset (franz-go's SetOffsets with no leader epoch, so no validation
// against the log's epochs comes first, as with Java's seek(tp, offset)).
func (k *Consumer) SeekTo(offset int64) {
	k.cl.SetOffsets(map[string]map[int32]kgo.EpochOffset{k.topic: {k.partition: {Epoch: -1, Offset: offset}}})
}

// Close stops fetching and closes the client.
func (k *Consumer) Close() {
	k.cancel()
	k.cl.Close()
	<-k.done
}
