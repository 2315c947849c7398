package engine_test

import (
	"slices"
	"testing"

	"kplay/engine"
)

// metadataTimes returns when node's metadata answers arrived.
func metadataTimes(c *engine.Cluster, node engine.NodeID) []engine.Time {
	var out []engine.Time
	for _, e := range kipEvents(c, engine.EvMetadataUpdated) {
		if e.Node == node {
			out = append(out, e.At)
		}
	}
	return out
}

// TestMetadataMaxAgeRefreshesTheProducer: a producer asks for metadata
// again metadata.max.age.ms after its last successful refresh with no
// error to prompt it (Metadata.timeToNextUpdate: lastSuccessfulRefreshMs +
// metadataExpireMs - now, ProducerConfig METADATA_MAX_AGE_CONFIG, default
// 300000 = 5 minutes). With the network at 0 ms the answers arrive at
// 0, 10 s, 20 s, 30 s under 10000; under the default the only refresh
// within 35 s is the first, and the next comes at 300 s, the last for a
// producer that has sent nothing since (metadata.max.idle.ms, below).
func TestMetadataMaxAgeRefreshesTheProducer(t *testing.T) {
	for _, c := range []struct {
		age   engine.Time
		until engine.Time
		want  []engine.Time
	}{
		{10000, 35000, []engine.Time{0, 10000, 20000, 30000}},
		{300000, 35000, []engine.Time{0}},
		{300000, 300000, []engine.Time{0, 300000}},
		// metadata.max.idle.ms (300000) has passed at the 300 s answer:
		// the partition leaves the metadata and is not refreshed at 600 s.
		{300000, 650000, []engine.Time{0, 300000}},
	} {
		cfg := kipConfig()
		cfg.MetadataMaxAgeMs = c.age
		cl := kipSetup(t, cfg, 3, 1)
		cl.AdvanceTo(c.until)
		if got := metadataTimes(cl, kipP1); !slices.Equal(got, c.want) {
			t.Errorf("metadata.max.age.ms=%d: p1's metadata answers at %v until %d, want %v", c.age, got, c.until, c.want)
		}
	}
}

// TestMetadataMaxAgeBelowRetryBackoff: a refresh is never sooner than
// retry.backoff.ms after the last one (Metadata.timeToNextUpdate is the
// later of timeToExpire and timeToAllowUpdate = lastRefreshMs +
// refreshBackoffMs), so metadata.max.age.ms=0 (ConfigDef atLeast(0))
// refreshes every retry.backoff.ms, 100 ms by default.
func TestMetadataMaxAgeBelowRetryBackoff(t *testing.T) {
	cfg := kipConfig()
	cfg.MetadataMaxAgeMs = 0
	cl := kipSetup(t, cfg, 3, 1)
	cl.AdvanceTo(450)
	if got, want := metadataTimes(cl, kipP1), []engine.Time{0, 100, 200, 300, 400}; !slices.Equal(got, want) {
		t.Errorf("p1's metadata answers at %v, want %v", got, want)
	}
}

// TestMetadataMaxAgeEndsThePreferredReplica: a consumer keeps the read
// replica the leader named for metadata.max.age.ms (KIP-392: the
// preferred read replica expires with the metadata, SubscriptionState
// .updatePreferredReadReplica with now + metadata.metadataExpireMs()),
// then fetches from the leader again, which names the replica again. With
// 5000 the second redirect comes 5 s after the first; with the default
// there is none within 60 s, and it comes 300 s after the first.
func TestMetadataMaxAgeEndsThePreferredReplica(t *testing.T) {
	for _, c := range []struct {
		age, until engine.Time
		want       int
	}{{5000, 6000, 2}, {300000, 60000, 1}, {300000, 301000, 2}} {
		cfg := kipConfig()
		cfg.MetadataMaxAgeMs = c.age
		cfg.ReplicaSelectorRackAware = true
		cfg.Racks = []string{"a", "b", "c"}
		cl := kipSetup(t, cfg, 3, 1)
		mustApply(t, cl, engine.Consume{TP: kipT0, From: engine.OffsetEarliest, Rack: "b"})
		cl.AdvanceTo(c.until)
		red := kipEvents(cl, engine.EvConsumerRedirected)
		if len(red) != c.want {
			t.Fatalf("metadata.max.age.ms=%d: %d redirects %v until %d, want %d", c.age, len(red), red, c.until, c.want)
		}
		if c.want == 2 {
			if d := red[1].At - red[0].At; d < c.age || d > c.age+cfg.FetchMaxWaitMs {
				t.Errorf("metadata.max.age.ms=%d: redirects at %d and %d, want the second one metadata.max.age.ms after the first (at most one long poll later)", c.age, red[0].At, red[1].At)
			}
			if red[0].Peer != engine.Broker(2) || red[1].Peer != engine.Broker(2) {
				t.Errorf("redirects to %v and %v, want b2 (rack b) both times", red[0].Peer, red[1].Peer)
			}
		}
	}
}

// TestMetadataMaxIdleDropsAnUnusedPartition: a topic the producer has not
// sent to for metadata.max.idle.ms leaves its metadata when a refresh's
// answer arrives (ProducerMetadata.retainTopic: expiry = last send +
// metadataIdleMs <= now; ProducerConfig METADATA_MAX_IDLE_CONFIG, default
// 300000, atLeast(5000)) and is not refreshed again; the next send asks
// for it anew. With metadata.max.age.ms=10000 and metadata.max.idle.ms=
// 20000, a send at 0 gives answers at 0, 10 s and 20 s (the last drops the
// partition), none at 30 s, and a send at 35 s answers at 35 s and 45 s.
func TestMetadataMaxIdleDropsAnUnusedPartition(t *testing.T) {
	cfg := kipConfig()
	cfg.MetadataMaxAgeMs, cfg.MetadataMaxIdleMs = 10000, 20000
	cl := kipSetup(t, cfg, 3, 1)
	cl.AdvanceTo(35000)
	mustApply(t, cl, engine.Produce{TP: kipT0, Values: []string{"m1"}, Acks: engine.AcksAll})
	cl.AdvanceTo(46000)
	if got, want := metadataTimes(cl, kipP1), []engine.Time{0, 10000, 20000, 35000, 45000}; !slices.Equal(got, want) {
		t.Errorf("p1's metadata answers at %v, want %v", got, want)
	}
	if n := len(kipEvents(cl, engine.EvProduceAcked)); n != 2 {
		t.Errorf("%d acks, want 2: the send after the partition left the metadata still goes out", n)
	}
}
