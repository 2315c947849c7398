package engine_test

import (
	"slices"
	"testing"

	"kplay/engine"
)

// A consumer through a failover (docs/kafka-rules.md §4): what it does
// when the leader it fetches from dies, and when it is cut off instead.

var kipC1 = engine.NodeID{Kind: engine.NodeConsumer, ID: 1}

// consumerSends lists the times consumer c1 sent a message of kind k to
// broker to.
func consumerSends(c *engine.Cluster, k engine.MsgKind, to engine.BrokerID) []engine.Time {
	var out []engine.Time
	for _, e := range c.Events(0) {
		if e.Kind == engine.EvMsgSent && e.Node == kipC1 && e.MsgKind == k && e.Peer == engine.Broker(to) {
			out = append(out, e.At)
		}
	}
	return out
}

// TestConsumerFollowsTheNewLeaderAfterACrash: the consumer reading at the
// end of t-0 from b1 when b1's process dies, worked out by hand from
// Kafka's rules on the zero-latency kipConfig (Kafka 4.x defaults:
// broker.heartbeat.interval.ms 2000, broker.session.timeout.ms 9000,
// retry.backoff.ms 100).
//
//   - 1000: b1 crashes. Its sockets close with it, so the consumer's
//     parked Fetch fails at once (NetworkClient.processDisconnection), not
//     after request.timeout.ms, and the disconnect asks for a metadata
//     update (DefaultMetadataUpdater.handleServerDisconnect: "The
//     disconnect may be the result of stale metadata"). The brokers still
//     name b1 the leader: the controller has not fenced it yet.
//   - Each new connection to b1 is refused and waits the node's reconnect
//     backoff (ClusterConnectionStates, exponential: kplay's 100, 200,
//     400, 800, then 1000 ms), so the Fetches to b1 go at 1100, 1300,
//     1700, 2500, 3500, ..., 8500, 9500.
//   - 9000: b1's last heartbeat was at 0, so the controller fences it
//     (broker.session.timeout.ms 9000) and elects b2 in leader epoch 1.
//   - 9500: the attempt to b1 fails; the metadata it asks for names b2 in
//     epoch 1; KIP-320 validates the position 1 (epoch 0) with
//     OffsetsForLeaderEpoch on b2, and the Fetch to b2 goes at once, still
//     at 9500: the reconnect backoff is b1's (AbstractFetch
//     .prepareFetchRequests skips only a node that isUnavailable), so it
//     does not hold b2, whose backoff would have run until 10500.
//   - 11000: m1, produced with acks=all, is committed on b2 and b3 (HW 2)
//     and handed to the consumer's parked Fetch at once (DelayedFetch):
//     the consumer's position follows the new leader's HW.
func TestConsumerFollowsTheNewLeaderAfterACrash(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 1) // m0 committed at 0
	mustApply(t, c, engine.Consume{TP: kipT0, From: engine.OffsetEarliest})
	c.AdvanceTo(1000)
	if k := c.State().Consumers[0]; k.Position != 1 {
		t.Fatalf("precondition: c1 at %d, want 1 (m0 read)", k.Position)
	}
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(11000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m1"}, Acks: engine.AcksAll})
	c.AdvanceTo(12000)

	var failed []engine.Time
	for _, e := range kipEvents(c, engine.EvConsumerError) {
		if e.Err == engine.ErrNetworkException {
			failed = append(failed, e.At)
		}
	}
	if len(failed) == 0 || failed[0] != 1000 {
		t.Fatalf("c1's NETWORK_EXCEPTIONs at %v, want the first at 1000, when b1 crashed", failed)
	}
	var afterCrash []engine.Time
	for _, at := range consumerSends(c, engine.MsgFetch, 1) {
		if at > 1000 {
			afterCrash = append(afterCrash, at)
		}
	}
	if want := []engine.Time{1100, 1300, 1700, 2500, 3500, 4500, 5500, 6500, 7500, 8500, 9500}; !slices.Equal(afterCrash, want) {
		t.Errorf("c1's Fetches to b1 after the crash at %v, want the reconnects at %v", afterCrash, want)
	}
	if el := kipEvents(c, engine.EvLeaderElected); len(el) != 2 || el[1].At != 9000 || el[1].Peer != engine.Broker(2) || el[1].Epoch != 1 {
		t.Fatalf("elections %+v, want b2 in leader epoch 1 at 9000 after the first", el)
	}
	if got := consumerSends(c, engine.MsgOffsetsForLeaderEpoch, 2); !slices.Equal(got, []engine.Time{9500}) {
		t.Errorf("c1's OffsetsForLeaderEpoch to b2 at %v, want 9500 (KIP-320, on the metadata naming b2)", got)
	}
	if got := consumerSends(c, engine.MsgFetch, 2); len(got) == 0 || got[0] != 9500 {
		t.Fatalf("c1's Fetches to b2 at %v, want the first at 9500, not after b1's reconnect backoff (10500)", got)
	}
	var reads []engine.Event
	for _, e := range kipEvents(c, engine.EvConsumerRead) {
		if e.Peer == engine.Broker(2) {
			reads = append(reads, e)
		}
	}
	if len(reads) != 1 || reads[0].At != 11000 || reads[0].Offset != 1 || reads[0].Value != "m1" {
		t.Fatalf("c1's reads from b2 %+v, want m1 at offset 1 at 11000", reads)
	}
	if k := c.State().Consumers[0]; k.Position != 2 || k.Broker != 2 {
		t.Errorf("c1 at %d fetching from b%d, want 2 from b2 (b2's HW)", k.Position, k.Broker)
	}
}

// TestConsumerWaitsRequestTimeoutWhenTheLeaderIsCutOff is the contrast:
// b1 is isolated, not killed, so nothing resets the consumer's connection
// and its Fetch simply goes unanswered. Worked out by hand on kipConfig
// (request.timeout.ms 30000, fetch.max.wait.ms 500):
//
//   - The consumer's long poll on b1 (position 1, nothing to return) is
//     answered every 500 ms, so the Fetch in flight at 1200 was sent at
//     1000; b1's answer at 1500 is lost.
//   - 9000: the controller, which no longer hears b1 (last heartbeat at
//     0), fences it and elects b2 in leader epoch 1. The consumer is not
//     told: it learns of a new leader only from a metadata update, and
//     nothing asks for one while its Fetch is pending.
//   - 15000: p2 produces m1 to b2 with acks=all; b2's HW becomes 2.
//   - 31000 = 1000 + request.timeout.ms: the Fetch times out
//     (NetworkClient.handleTimedOutRequests), the consumer asks for
//     metadata, which names b2 in epoch 1, validates its position there
//     (KIP-320) and reads m1 at once: 16 s after b2's HW passed it.
func TestConsumerWaitsRequestTimeoutWhenTheLeaderIsCutOff(t *testing.T) {
	c := kipSetup(t, kipConfig(), 3, 1)
	mustApply(t, c, engine.Consume{TP: kipT0, From: engine.OffsetEarliest})
	c.AdvanceTo(1200)
	mustApply(t, c, engine.Isolate{Node: engine.Broker(1)})
	c.AdvanceTo(15000)
	if el := kipEvents(c, engine.EvLeaderElected); len(el) != 2 || el[1].At != 9000 || el[1].Peer != engine.Broker(2) {
		t.Fatalf("elections %+v, want b2 elected at 9000", el)
	}
	mustApply(t, c, engine.Produce{Producer: 2, TP: kipT0, Values: []string{"m1"}, Acks: engine.AcksAll})
	c.AdvanceTo(30999)
	if r := kipReplica(t, c, 2); r.HW != 2 {
		t.Fatalf("b2 HW %d, want 2 (m1 committed)", r.HW)
	}
	if k := c.State().Consumers[0]; k.Position != 1 || len(kipEvents(c, engine.EvConsumerError)) != 0 {
		t.Fatalf("c1 at %d with errors %v before 31000, want still at 1, its Fetch unanswered and not yet timed out",
			k.Position, kipEvents(c, engine.EvConsumerError))
	}
	c.AdvanceTo(31000)
	errs := kipEvents(c, engine.EvConsumerError)
	if len(errs) != 1 || errs[0].At != 31000 || errs[0].Err != engine.ErrRequestTimedOut {
		t.Fatalf("c1's errors %+v, want one REQUEST_TIMED_OUT at 31000 (sent at 1000 + request.timeout.ms)", errs)
	}
	reads := kipEvents(c, engine.EvConsumerRead)
	if last := reads[len(reads)-1]; last.At != 31000 || last.Value != "m1" || last.Peer != engine.Broker(2) {
		t.Fatalf("c1's last read %+v, want m1 from b2 at 31000", last)
	}
}
