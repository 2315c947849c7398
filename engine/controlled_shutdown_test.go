package engine_test

import (
	"testing"

	"kplay/engine"
)

// TestControlledShutdownAnswersPendingProduce: Kafka keeps a broker in
// controlled shutdown running until the controller lets it go
// (BrokerLifecycleManager waits for shouldShutDown in a heartbeat answer,
// which BrokerHeartbeatManager.calculateNextBrokerState gives only once the
// broker leads nothing). Meanwhile the metadata makes it a follower, and
// Partition.makeFollower completes the acks=all produce it held with
// NOT_LEADER_OR_FOLLOWER (error 6) naming the new leader (KIP-951
// CurrentLeader). That answer must reach the producer: with 10 ms links it
// is still on the wire when the process ends, and a crash would turn it
// into a disconnect (NETWORK_EXCEPTION, error 13). The record is then
// written once, by the new leader.
func TestControlledShutdownAnswersPendingProduce(t *testing.T) {
	cfg := kipConfig()
	cfg.MinLatency, cfg.MaxLatency = 10, 10
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 0)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m0"}, Acks: engine.AcksAll})
	// The produce reaches b1 at 1010 (after a metadata round trip: 1020)
	// and waits for the followers' next fetches; stop b1 while it waits.
	var at engine.Time
	for at = 1001; at < 1100; at++ {
		c.AdvanceTo(at)
		if r := kipReplica(t, c, 1); r.LEO == 1 && r.HW == 0 {
			break
		}
	}
	if r := kipReplica(t, c, 1); r.LEO != 1 || r.HW != 0 {
		t.Fatalf("b1 LEO %d HW %d at %d, want m0 appended and not yet committed", r.LEO, r.HW, at)
	}
	mustApply(t, c, engine.Shutdown{Broker: 1})
	c.AdvanceTo(at + 1000)
	var first *engine.Event
	for _, e := range kipEvents(c, engine.EvProduceError) {
		if e.Err == engine.ErrNetworkException {
			t.Errorf("the producer saw a disconnect: %s", e.String())
		}
		if first == nil {
			e := e
			first = &e
		}
	}
	if first == nil || first.Err != engine.ErrNotLeaderOrFollower || first.Peer != engine.Broker(1) {
		t.Fatalf("first produce error %v, want NOT_LEADER_OR_FOLLOWER from b1", first)
	}
	p := kipPart(t, c)
	if p.Leader != 2 || p.LeaderEpoch != 1 {
		t.Fatalf("after b1's controlled shutdown: leader %d in epoch %d, want b2 in epoch 1", p.Leader, p.LeaderEpoch)
	}
	acked := kipEvents(c, engine.EvProduceAcked)
	if len(acked) != 1 || acked[0].Offset != 0 {
		t.Fatalf("acks %v, want m0 acknowledged once at offset 0", acked)
	}
	if got := kipValues(kipReplica(t, c, 2).Log); len(got) != 1 || got[0] != "m0" {
		t.Errorf("new leader's log %v, want [m0]", got)
	}
}
